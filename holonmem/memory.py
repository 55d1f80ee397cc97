"""Long-term memory files: ``memory/<slug>.md``, YAML frontmatter + Markdown body.

A memory file looks like::

    ---
    id: mem_3f2a9c1d
    title: "Invoicer: run ruff check before every commit"
    kind: rule
    scope: project
    project: invoicer
    status: active
    created: '2026-06-12T10:07:00+08:00'
    ...
    ---
    # Invoicer: run ruff check before every commit

    Invoicer: run `ruff check` before every commit.

    **Why:** ...

Loading is tolerant: a file a person wrote by hand with only a ``# title`` and
a body is accepted with defaults (the defaulted keys are listed in
``Memory.filled``); a frontmatter that does not parse is reported in
``Memory.problems`` and such a file is never rewritten. Frontmatter is kept by
round-trip (ruamel): comments, key order and unknown keys survive a rewrite.

Public API: :func:`load_memories`, :func:`load_memory`, :func:`render_memory`,
:func:`write_memory`, :func:`make_slug`, :func:`memory_id`.
"""

from __future__ import annotations

import datetime as _dt
from .digest import sha256
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .fsio import checksum_bytes, read_bytes, write_if_unchanged
from .home import RESERVED_MEMORY, Home
from .frontmatter import (SIMPLE_LINE, load_yaml, parse_frontmatter, scalar, simple_value, split_flow, split_frontmatter,
                          yaml_rt)

KINDS = ("preference", "rule", "lesson", "fact", "method", "identity", "decision")
SCOPES = ("user", "project", "agent")
STATUSES = ("active", "superseded", "archived")
# Frontmatter keys holonmem manages, in the order new files get them.
KEYS = (
    "id", "title", "kind", "scope", "project", "status", "created", "updated", "valid_from",
    "supersedes", "superseded_by", "evidence", "channels", "confidence", "keywords", "sessions", "run",
)
LIST_KEYS = ("supersedes", "superseded_by", "evidence", "channels", "keywords", "sessions")
HOOK_CHARS = 110


@dataclass
class Memory:
    path: str  # home-relative, e.g. "memory/invoicer-ruff-before-commit.md"
    slug: str
    id: str
    title: str
    kind: str = "fact"
    scope: str = "user"
    project: str | None = None  # None = global
    status: str = "active"
    created: str | None = None
    updated: str | None = None
    valid_from: str | None = None
    supersedes: list[str] = field(default_factory=list)  # memory ids
    superseded_by: list[str] = field(default_factory=list)  # memory ids
    evidence: list[str] = field(default_factory=list)  # event ids
    channels: list[str] = field(default_factory=list)
    confidence: float = 0.5
    keywords: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    run: str | None = None
    statement: str = ""  # first paragraph of the body (after the title heading)
    body: str = ""  # the Markdown after the frontmatter
    hook: str = ""  # one line for MEMORY.md
    checksum: str | None = None  # sha256 of the file as read (None: not on disk yet)
    filled: list[str] = field(default_factory=list)  # keys that got defaults
    problems: list[str] = field(default_factory=list)  # what is wrong with the file
    frontmatter_text: str | None = None  # the YAML between the --- lines as read (None: no frontmatter)
    _fm: Any = field(default=None, repr=False, compare=False)

    @property
    def frontmatter(self):
        """The round-trip mapping (ruamel CommentedMap), parsed on first use; None without frontmatter."""
        if self._fm is None and self.frontmatter_text is not None and self.writable:
            data = load_yaml(self.frontmatter_text) if self.frontmatter_text.strip() else None
            if data is None:
                from ruamel.yaml.comments import CommentedMap

                data = CommentedMap()
            self._fm = data
        return self._fm

    @frontmatter.setter
    def frontmatter(self, value) -> None:
        self._fm = value

    @property
    def writable(self) -> bool:
        """False when the frontmatter did not parse: holonmem leaves such a file alone."""
        return not any(p.startswith("frontmatter") for p in self.problems)

    @property
    def is_active(self) -> bool:
        return self.status == "active"


# -- helpers -------------------------------------------------------------------

def _as_str(v) -> str | None:
    if v is None:
        return None
    if isinstance(v, _dt.datetime):
        return v.isoformat()
    if isinstance(v, _dt.date):
        return v.isoformat()
    return str(v)


def _as_list(v) -> list[str]:
    if v is None or v == "":
        return []
    if isinstance(v, (list, tuple)):
        return [str(x) for x in v if x is not None and str(x) != ""]
    return [str(v)]


_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$")


def body_title(body: str) -> str | None:
    for line in body.splitlines():
        if not line.strip():
            continue
        m = _HEADING.match(line)
        return m.group(1).strip() if m else None
    return None


def first_paragraph(body: str) -> str:
    """The first paragraph of the body that is not a heading."""
    para: list[str] = []
    for line in body.splitlines():
        s = line.strip()
        if not s:
            if para:
                break
            continue
        if s.startswith("#") and not para:
            continue
        if s.startswith("<!--") and not para:
            continue
        para.append(s)
    return " ".join(para)


_LABEL = re.compile(r"^(?:user (?:instruction|preference)|[\w.-]+(?: (?:lesson|decision))?)\s*[:：]\s*", re.I)
_LEAD = re.compile(r"^(?:from now on|going forward|in future|in the future|以后|今后|从现在起|从今以后)[,，:：\s]*", re.I)


def clean_statement(statement: str) -> str:
    """A statement without its machine label ("invoicer: ", "User instruction: ",
    "from now on"); a consolidate lesson shrinks to "<failure>. Fix: <what worked>"."""
    s = re.sub(r"\s+", " ", statement or "").strip()
    m = _LABEL.match(s)
    if m and len(s) > m.end() + 3:
        s = s[m.end():]
    fix = re.search(r"What worked:\s*(.+?)\s*(?:—|$)", s)
    if fix and "Cause and fix:" in s:
        head = s.split(" Cause and fix:")[0].rstrip()
        err = re.match(r"^(.*?failed \()(.+)(\)\.?)$", head)
        if err and len(err.group(2)) > 60:
            head = err.group(1) + err.group(2)[:59].rstrip() + "…" + err.group(3)
        s = head + " Fix: " + fix.group(1).rstrip(" .") + "."
    s = _LEAD.sub("", s)
    return s[:1].upper() + s[1:] if s[:1].isascii() else s


def make_hook(statement: str, limit: int = HOOK_CHARS) -> str:
    """One line for MEMORY.md: the cleaned statement, cut at ``limit`` characters."""
    s = re.sub(r"\*\*(Why|How to apply):\*\*.*", "", clean_statement(statement)).strip()
    raw = " ".join((statement or "").split())
    if s[:1] != raw[:1] and s[1:] == raw[1:len(s)]:  # nothing stripped: a person's words keep their case
        s = raw[:1] + s[1:]
    if len(s) <= limit:
        return s
    cut = s[: limit - 1]
    sp = cut.rfind(" ")
    if sp > limit // 2:
        cut = cut[:sp]
    return cut.rstrip(" ,;:，；：") + "…"


def memory_id(seed: str) -> str:
    return "mem_" + sha256(seed.encode("utf-8")).hexdigest()[:10]


_SLUG_DROP = r"[^\w\u3400-\u9fff]+"  # compiled by re on first use: only new memories need a slug
_STOP = {"ll", "re", "ve", "d", "m", "s", "t", "the", "a", "an", "to", "of", "and", "or", "for", "in", "on", "with", "be", "is", "are", "we", "i", "my", "me", "our", "you", "your", "it", "this", "that", "from", "now"}


def make_slug(title: str, project: str | None = None, *, taken: set[str] | frozenset = frozenset(), max_words: int = 7) -> str:
    """A file-name-safe slug: project prefix + the title's main words (CJK kept)."""
    words = [w for w in re.sub(_SLUG_DROP, " ", title.lower()).split() if w and w not in _STOP]
    words = [w[:16] if re.search(r"[\u3400-\u9fff]", w) else w for w in words][:max_words]
    p = re.sub(_SLUG_DROP, "-", (project or "").lower()).strip("-_")
    if p:
        words = [w for w in words if w != p] or words
    base = "-".join(words) or "memory"
    if p and not base.startswith(p):
        base = f"{p}-{base}"
    base = base.strip("-_")[:80] or "memory"
    slug, n = base, 2
    while slug in taken or slug in ("operator", "self"):
        slug = f"{base}-{n}"
        n += 1
    return slug


# -- load ----------------------------------------------------------------------

def parse_memory(rel: str, text: str, checksum: str | None = None) -> Memory:
    """Parse one memory file's text (never raises; problems go into the result)."""
    slug = Path(rel).stem
    fm_text, body = split_frontmatter(text)
    problems: list[str] = []
    data: Any = None
    if fm_text is not None:
        try:
            data = parse_frontmatter(fm_text)
        except Exception as exc:  # noqa: BLE001 - any YAML error is a problem to report
            problems.append(f"frontmatter does not parse: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")
            data = None
        else:
            if data is not None and not hasattr(data, "get"):
                problems.append("frontmatter is not a mapping")
                data = None
    elif text.lstrip("\ufeff \t\r\n").startswith("---"):
        problems.append("frontmatter is not closed with ---")
    fm = data if data is not None else {}
    filled: list[str] = []

    def get(key, default):
        v = fm.get(key)
        if v is None or v == "":
            filled.append(key)
            return default
        return v

    title = _as_str(fm.get("title")) or body_title(body) or slug.replace("-", " ")
    if not fm.get("title"):
        filled.append("title")
    mem = Memory(path=rel, slug=slug, id=_as_str(get("id", memory_id(rel))), title=title)
    mem.kind = str(get("kind", "fact"))
    mem.project = _as_str(fm.get("project")) or None
    mem.scope = str(get("scope", "project" if mem.project else "user"))
    mem.status = str(get("status", "active"))
    if mem.status not in STATUSES:
        problems.append(f"status {mem.status!r} is not one of {', '.join(STATUSES)}; treated as active")
        mem.status = "active"
    mem.created = _as_str(get("created", None))
    mem.updated = _as_str(get("updated", None)) or mem.created
    mem.valid_from = _as_str(fm.get("valid_from")) or mem.created
    for key in LIST_KEYS:
        setattr(mem, key, _as_list(fm.get(key)))
    conf = get("confidence", 0.5)
    try:
        mem.confidence = float(conf)
    except (TypeError, ValueError):
        problems.append(f"confidence {conf!r} is not a number")
        mem.confidence = 0.5
    mem.run = _as_str(fm.get("run"))
    mem.statement = first_paragraph(body)
    mem.body = body
    mem.hook = make_hook(_as_str(fm.get("hook")) or mem.statement or title)
    mem.checksum = checksum
    mem.filled = filled
    mem.problems = problems
    mem.frontmatter_text = fm_text if data is not None or fm_text is not None else None
    if data is not None and type(data) is not dict:
        mem._fm = data  # already parsed by ruamel (a CommentedMap, not simple_yaml's dict): keep it
    return mem


def load_memory(home: Home, rel: str) -> Memory | None:
    """One memory file by home-relative path (None when missing)."""
    try:
        data = read_bytes(home.resolve_inside(rel))
    except (FileNotFoundError, IsADirectoryError):
        return None
    return parse_memory(rel, data.decode("utf-8", errors="replace"), checksum_bytes(data))


def load_memories(home: Home) -> list[Memory]:
    """Every ``memory/*.md`` except operator.md and self.md, sorted by path.

    Tolerant: never raises for a bad file; see ``Memory.problems``/``filled``.
    """
    d = home.memory_dir
    if not d.is_dir():
        return []
    out: list[Memory] = []
    for p in sorted(d.glob("*.md")):
        if p.name in RESERVED_MEMORY or p.name.startswith(".") or not home.contains(p):
            continue  # a symlink leading outside the home is never read
        try:
            data = read_bytes(p)  # a FIFO named x.md is refused, not read (it would block)
        except OSError as exc:
            m = Memory(path=home.rel(p), slug=p.stem, id=memory_id(home.rel(p)), title=p.stem)
            m.problems.append(f"frontmatter unreadable: {exc.strerror or exc}")
            out.append(m)
            continue
        out.append(parse_memory(home.rel(p), data.decode("utf-8", errors="replace"), checksum_bytes(data)))
    return out


def problems(memories: list[Memory]) -> list[tuple[str, str]]:
    """``(path, problem)`` for every memory with something wrong."""
    return [(m.path, p) for m in memories for p in m.problems]


# -- render / write --------------------------------------------------------------

def _value_for(mem: Memory, key: str):
    from ruamel.yaml.comments import CommentedSeq

    v = getattr(mem, key)
    if key in LIST_KEYS:
        seq = CommentedSeq(list(v))
        seq.fa.set_flow_style()
        return seq if v else None
    if key == "confidence":
        return round(float(v), 2)
    return v


def _same(old, new) -> bool:
    if isinstance(new, list):
        return isinstance(old, list) and [str(x) for x in old] == [str(x) for x in new]
    if isinstance(new, float):
        try:
            return float(old) == new
        except (TypeError, ValueError):
            return False
    return _as_str(old) == _as_str(new)


def _fast_line(mem: Memory, key: str) -> str | None:
    """``key: value`` for one managed key, None when the value is empty."""
    v = getattr(mem, key)
    if key in LIST_KEYS:
        return f"{key}: [{', '.join(scalar(x) for x in v)}]" if v else None
    if key == "confidence":
        return f"{key}: {round(float(v), 2)!r}"
    return None if v in (None, "") else f"{key}: {scalar(v)}"


def _fast_frontmatter(mem: Memory) -> str:
    """Frontmatter for a file holonmem creates (no round-trip needed): plain lines, flow lists."""
    return "".join(line + "\n" for key in KEYS if (line := _fast_line(mem, key)))


def _render_simple(mem: Memory, fm_text: str) -> str | None:
    """Update a plain frontmatter (the kind :func:`frontmatter.simple_yaml` reads) without ruamel.

    Unknown keys and unchanged values keep their lines; new keys go to their
    canonical place. None when the text is not plain after all.
    """
    old: dict[str, tuple[str, Any]] = {}
    try:
        for ln in fm_text.splitlines():
            if not ln.strip():
                continue
            m = SIMPLE_LINE.match(ln)
            if not m:
                return None
            raw = m.group(2) or ""
            val = [simple_value(x) for x in split_flow(raw[1:-1])] if raw.startswith("[") else simple_value(raw)
            old[m.group(1)] = (ln, val)
    except ValueError:
        return None
    out: list[str] = []
    done: set[str] = set()

    def emit_missing(upto: int) -> None:
        for k in KEYS[:upto]:
            if k not in done and k not in old:
                done.add(k)
                line = _fast_line(mem, k)
                if line:
                    out.append(line)

    for key, (ln, val) in old.items():
        if key not in KEYS:
            out.append(ln)
            continue
        emit_missing(KEYS.index(key))
        done.add(key)
        new = _value_plain(mem, key)
        if new is None:
            continue
        out.append(ln if _same(val, new) else _fast_line(mem, key))
    emit_missing(len(KEYS))
    return "".join(line + "\n" for line in out)


def _value_plain(mem: Memory, key: str):
    v = getattr(mem, key)
    if key in LIST_KEYS:
        return list(v) if v else None
    if key == "confidence":
        return round(float(v), 2)
    return None if v in (None, "") else v


def render_memory(mem: Memory) -> str:
    """The file text for ``mem``: its round-trip frontmatter updated from the fields.

    Keys that did not change keep their original formatting and comments;
    unknown keys stay; keys whose value became empty are removed.
    """
    body = mem.body if mem.body.endswith("\n") or not mem.body else mem.body + "\n"
    if mem._fm is None and mem.frontmatter_text is not None and mem.writable:
        plain = _render_simple(mem, mem.frontmatter_text)
        if plain is not None:
            return stamp_text(f"---\n{plain}---\n{body}")
    fm = mem.frontmatter
    if fm is None:
        return stamp_text(f"---\n{_fast_frontmatter(mem)}---\n{body}")
    for key in KEYS:
        new = _value_for(mem, key)
        if new is None or new == "":
            if key in fm:
                del fm[key]
            continue
        if key in fm and _same(fm[key], new):
            continue
        if key in fm:
            fm[key] = new
        else:
            # keep canonical order for new keys: after the last present key that precedes it
            pos = len(fm)
            idx = KEYS.index(key)
            for later in KEYS[idx + 1:]:
                if later in fm:
                    pos = list(fm.keys()).index(later)
                    break
            fm.insert(pos, key, new)
    buf = io.StringIO()
    yaml_rt().dump(fm, buf)
    return stamp_text(f"---\n{buf.getvalue()}---\n{body}")


# The portable authorship marker: the last frontmatter line of every file holonmem renders is
# ``written: holonmem sha256 <16 hex>``, the hash of the file without that line. On any clone a
# hash that no longer matches means a person edited the file since (`holonmem sync` never
# auto-resolves such a file; docs/sync.md).
STAMP_KEY = "written"
_STAMP_LINE = re.compile(r"^written:[^\n]*\n", re.M)
_STAMP_VALUE = re.compile(r"^written: holonmem sha256 ([0-9a-f]{16})[ \t]*$", re.M)


def _unstamped(text: str) -> tuple[str, str | None]:
    """``(text without the marker line, the marker's hash or None)``; only the frontmatter is searched."""
    fm, _ = split_frontmatter(text)
    if fm is None or "written:" not in fm:
        return text, None
    start = text.index("\n") + 1  # the frontmatter starts on the line after the first ---
    m = _STAMP_VALUE.search(fm)
    return text[:start] + _STAMP_LINE.sub("", fm) + text[start + len(fm):], m.group(1) if m else None


def _stamp_hash(text: str) -> str:
    return sha256(text.encode("utf-8")).hexdigest()[:16]


def stamp_text(text: str) -> str:
    """``text`` (a rendered memory file) with its marker line (re)computed at the end of the frontmatter."""
    bare, _ = _unstamped(text)
    fm, _ = split_frontmatter(bare)
    if fm is None:
        return text
    end = bare.index("\n") + 1 + len(fm)
    return f"{bare[:end]}written: holonmem sha256 {_stamp_hash(bare)}\n{bare[end:]}"


def stamp_state(text: str) -> str:
    """Who wrote a memory file last: ``holonmem`` (the marker matches), ``person`` (a marker that
    no longer matches: edited by hand since) or ``unknown`` (no marker: hand-made, or older)."""
    bare, h = _unstamped(text)
    if h is None:
        return "unknown"
    return "holonmem" if _stamp_hash(bare) == h else "person"


def write_memory(home: Home, mem: Memory, expected_checksum: str | None, *, text: str | None = None,
                 fsync: bool = True) -> str:
    """Write ``mem`` to ``home/mem.path`` unless the file changed since it was read.

    ``expected_checksum`` is the checksum the caller read (``None``: the file
    must not exist yet). Raises :class:`~holonmem.errors.DirtyFileError` when
    the file changed underneath, and refuses files whose frontmatter did not
    parse. ``text`` is the already rendered file (default: :func:`render_memory`);
    with ``fsync=False`` the caller syncs (e.g. once for a batch). Returns the
    new checksum and updates ``mem.checksum``.
    """
    from .errors import DirtyFileError

    if not mem.writable:
        raise DirtyFileError(mem.path, f"{mem.path}: frontmatter does not parse; not rewriting it",
                             "fix the YAML between the --- lines by hand")
    data = (render_memory(mem) if text is None else text).encode("utf-8")
    write_if_unchanged(home.resolve_inside(mem.path), data, expected_checksum, fsync=fsync)
    mem.checksum = checksum_bytes(data)
    return mem.checksum


def new_memory(*, slug: str, title: str, kind: str, scope: str, project: str | None, statement: str,
               body: str, created: str, **fields) -> Memory:
    """A Memory not yet on disk (``checksum`` None)."""
    mem = Memory(path=f"memory/{slug}.md", slug=slug, id=fields.pop("id", None) or memory_id(f"{slug}|{created}"),
                 title=title, kind=kind, scope=scope, project=project, created=created,
                 updated=fields.pop("updated", created), valid_from=fields.pop("valid_from", created))
    for k, v in fields.items():
        setattr(mem, k, v)
    mem.statement = statement
    mem.body = body
    mem.hook = make_hook(statement or title)
    return mem
