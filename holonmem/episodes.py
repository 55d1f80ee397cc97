"""Episodes: the model, the per-day Markdown (``episodes/YYYY-MM-DD.md``) and reading it back.

One ``## `` section per episode: readable prose a person may edit, then a
fenced machine block::

    ```yaml holonmem-episode
    id: "ep_3f0c…"
    project: "invoicer"
    events: ["evt_0028", "evt_0029"]
    failures:
      - {"event": "evt_0038", "tool": "pytest", ...}
    checksum: "…"
    ```

The block uses a small YAML subset that holonmem writes and parses
deterministically: one ``key: <JSON value>`` per line at column 0, or a key
with an empty value followed by ``  - <JSON value>`` items. JSON flow values
are valid YAML, so any YAML tool reads the block too. A person may write a
plain scalar (``outcome: succeeded``); it is read as a string.

``checksum`` is the sha256 (16 hex) of the generated prose (from the ``## ``
line to the fence), so an edited section is detectable (``Episode.edited``).
consolidate only ever appends sections; it never rewrites one.

Reading is tolerant: a damaged section is reported as ``(path, line,
message)``, never raised.
"""

from __future__ import annotations

from .digest import sha256
import json
import os
import re
from .records import asdict, dataclass, field  # not dataclasses: it imports inspect (~10 ms a turn)
from pathlib import Path

from .errors import NotFound, UnsafePath, UsageError
from .fsio import read_bytes
from .home import Home

FENCE_OPEN = "```yaml holonmem-episode"
# A section carrying this line is plain text, not an episode: `doctor --fix`
# marks damaged sections this way instead of deleting or rewriting them.
NOT_EPISODE_MARK = "<!-- holonmem: not an episode; kept as text by `holonmem doctor --fix` -->"
FENCE_CLOSE = "```"
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_KEY_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*):(?:\s(.*)|)$")

# Field order in the machine block.
BLOCK_FIELDS = (
    "id", "project", "session", "start", "end", "outcome", "closed_by", "work_item",
    "objective", "title", "summary", "events", "tools", "failures", "decisions",
    "refs", "follow_ups", "instructions", "checksum",
)
_LIST_FIELDS = ("events", "failures", "decisions", "refs", "follow_ups", "instructions")


@dataclass
class Episode:
    """One finished chunk of work in one session."""

    id: str
    date: str  # YYYY-MM-DD of the start, in the events' own time zone
    project: str
    session: str | None
    start: str  # ISO time of the first event
    end: str  # ISO time of the last event
    events: list[str] = field(default_factory=list)
    objective: str = ""
    title: str = ""
    outcome: str = "succeeded"  # succeeded | failed | abandoned
    summary: str = ""
    tools: dict[str, int] = field(default_factory=dict)
    # {"event", "tool", "error", "diagnosis", "diagnosis_event", "fix": [ids], "resolved_by", "resolution"}
    failures: list[dict] = field(default_factory=list)
    decisions: list[dict] = field(default_factory=list)  # {"event", "text"}
    refs: list[str] = field(default_factory=list)
    follow_ups: list[dict] = field(default_factory=list)  # {"event", "text"}
    instructions: list[dict] = field(default_factory=list)  # {"event", "kind", "text"}
    work_item: str | None = None
    closed_by: str = ""  # session_end | work_item_done | work_item_switch | idle_gap
    checksum: str = ""
    # Filled when read from a file:
    text: str = ""  # the exact section text
    path: str = ""  # home-relative file
    line: int = 0  # 1-based line of the "## " heading
    edited: bool = False  # prose differs from what holonmem wrote

    @property
    def ref(self) -> str:
        return f"episode:{self.date}#{self.id}"

    def block_dict(self) -> dict:
        d = asdict(self)
        return {k: d[k] for k in BLOCK_FIELDS if k in d}


@dataclass
class Problem:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


# -- rendering ---------------------------------------------------------------

def _one_line(text: str, limit: int = 0) -> str:
    s = " ".join((text or "").split())
    if limit and len(s) > limit:
        s = s[: limit - 1].rstrip() + "…"
    return s


def _hm(ts: str) -> str:
    return ts[11:16] if len(ts) >= 16 else ts


def _tz(ts: str) -> str:
    m = re.search(r"([+-]\d{2}:\d{2}|Z)$", ts or "")
    return m.group(1) if m else ""


def render_prose(ep: Episode) -> str:
    """The readable part of a section (heading to just before the fence)."""
    out = [f"## {_hm(ep.start)} · {ep.project} · {_one_line(ep.title or ep.objective, 90) or '(no objective)'}", ""]
    tz = _tz(ep.start)
    when = f"{ep.date} {_hm(ep.start)}–{_hm(ep.end)}" + (f" ({tz})" if tz else "")
    out.append(f"- **Objective:** {_one_line(ep.objective, 300) or '—'}")
    out.append(f"- **Outcome:** {ep.outcome}")
    sess = f" · session `{ep.session}`" if ep.session else ""
    out.append(f"- **When:** {when}{sess} · {len(ep.events)} events · ended by {ep.closed_by.replace('_', ' ') or '—'}")
    if ep.work_item:
        out.append(f"- **Work item:** `{ep.work_item}`")
    out.append(f"- **Summary:** {_one_line(ep.summary, 600)}")
    if ep.tools:
        out.append("- **Tools:** " + ", ".join(f"{k} ×{v}" for k, v in ep.tools.items()))
    if ep.failures:
        out.append("- **Failures:**")
        for f in ep.failures:
            line = f"  - `{f.get('tool')}` failed ({f.get('event')}): {_one_line(f.get('error', ''), 160)}"
            if f.get("diagnosis"):
                line += f" — diagnosis: {_one_line(f['diagnosis'], 200)}"
            if f.get("resolved_by"):
                line += f" — fixed: {_one_line(f.get('resolution', ''), 160)} ({f['resolved_by']})"
            else:
                line += " — **unresolved**"
            out.append(line)
    for label, key in (("Decisions", "decisions"), ("Instructions & preferences", "instructions"), ("Follow-ups", "follow_ups")):
        items = getattr(ep, key)
        if items:
            out.append(f"- **{label}:**")
            for it in items:
                kind = f"[{it['kind']}] " if it.get("kind") else ""
                out.append(f"  - {kind}{_one_line(it.get('text', ''), 240)} ({it.get('event')})")
    if ep.refs:
        out.append("- **Files & URLs:** " + ", ".join(f"`{r}`" for r in ep.refs[:20]))
    out.append("")
    return "\n".join(out) + "\n"


def prose_checksum(prose: str) -> str:
    return sha256(prose.strip().encode("utf-8")).hexdigest()[:16]


def _dump_value(v) -> str:
    return json.dumps(v, ensure_ascii=False)


def render_block(ep: Episode) -> str:
    lines = [FENCE_OPEN]
    for k, v in ep.block_dict().items():
        if k in ("failures", "decisions", "follow_ups", "instructions") and v:
            lines.append(f"{k}:")
            lines.extend(f"  - {_dump_value(item)}" for item in v)
        else:
            lines.append(f"{k}: {_dump_value(v)}")
    lines.append(FENCE_CLOSE)
    return "\n".join(lines) + "\n"


def render_section(ep: Episode) -> str:
    """Prose + machine block; sets ``ep.checksum``. Ends with one blank line."""
    prose = render_prose(ep)
    ep.checksum = prose_checksum(prose)
    return prose + render_block(ep) + "\n"


def day_header(date: str) -> str:
    return f"# Episodes {date}\n\n"


# -- parsing -----------------------------------------------------------------

def parse_block(lines: list[str], first_line: int) -> tuple[dict, list[tuple[int, str]]]:
    """Parse the block's lines (without fences). Returns (fields, [(line, error)])."""
    data: dict = {}
    errors: list[tuple[int, str]] = []
    current: str | None = None
    for i, raw in enumerate(lines):
        n = first_line + i
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith("  - ") or line.startswith("- "):
            if current is None or not isinstance(data.get(current), list):
                errors.append((n, "list item without a key"))
                continue
            data[current].append(_load_value(line.split("- ", 1)[1]))
            continue
        m = _KEY_RE.match(line)
        if not m:
            errors.append((n, f"not a 'key: value' line: {line[:60]!r}"))
            current = None
            continue
        key, val = m.group(1), (m.group(2) or "").strip()
        if val == "":
            data[key] = []
            current = key
        else:
            data[key] = _load_value(val)
            current = None
    return data, errors


def _load_value(val: str):
    val = val.strip()
    try:
        return json.loads(val)
    except ValueError:
        if len(val) >= 2 and val[0] == val[-1] and val[0] in "'\"":
            return val[1:-1]
        if val in ("null", "~"):
            return None
        return val


def split_sections(text: str) -> tuple[str, list[tuple[int, str]]]:
    """(preamble, [(heading line number, section text)]): every line starting
    with ``## `` begins a section (so a fence left open by a hand edit damages
    one section only, never the ones after it)."""
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("## ")]
    pre = "".join(lines[: starts[0]] if starts else lines)
    out = []
    for j, s in enumerate(starts):
        e = starts[j + 1] if j + 1 < len(starts) else len(lines)
        out.append((s + 1, "".join(lines[s:e])))
    return pre, out


def sections_backwards(text: str):
    """``(heading line, section text)`` from the last ``## `` section to the first."""
    end = len(text)
    newlines = text.count("\n")  # before ``end``
    while end > 0:
        start = text.rfind("\n## ", 0, end)
        if start < 0:
            if text.startswith("## "):
                yield 1, text[:end]
            return
        sec = text[start + 1:end]
        newlines -= sec.count("\n")
        yield newlines + 1, sec
        end = start + 1


def strip_trailing_blank(section: str) -> str:
    return section.rstrip("\n") + "\n"


def parse_section(section: str, line: int, date: str, rel: str, problems: list[Problem]) -> Episode | None:
    if NOT_EPISODE_MARK in section:
        return None
    lines = section.splitlines()
    open_at = next((i for i, l in enumerate(lines) if l.strip() == FENCE_OPEN), None)
    if open_at is None:
        problems.append(Problem(rel, line, "episode section has no ```yaml holonmem-episode block"))
        return None
    close_at = next((i for i in range(open_at + 1, len(lines)) if lines[i].strip() == FENCE_CLOSE), None)
    if close_at is None:
        problems.append(Problem(rel, line + open_at, "holonmem-episode block is not closed with ```"))
        return None
    data, errors = parse_block(lines[open_at + 1: close_at], line + open_at + 1)
    for n, msg in errors:
        problems.append(Problem(rel, n, msg))
    eid = data.get("id")
    if not isinstance(eid, str) or not eid:
        problems.append(Problem(rel, line + open_at, "holonmem-episode block has no id"))
        return None
    prose = "\n".join(lines[:open_at]) + "\n"
    ep = Episode(
        id=eid, date=date, project=_s(data.get("project")) or "default", session=_s(data.get("session")) or None,
        start=_s(data.get("start")), end=_s(data.get("end")),
    )
    for k in ("objective", "title", "outcome", "summary", "closed_by", "checksum"):
        if k in data:
            setattr(ep, k, _s(data[k]))
    ep.work_item = _s(data.get("work_item")) or None
    for k in _LIST_FIELDS:
        v = data.get(k)
        if v is None:
            continue
        if not isinstance(v, list):
            problems.append(Problem(rel, line + open_at, f"field {k!r} should be a list"))
            continue
        setattr(ep, k, [x for x in v if isinstance(x, (str, dict))])
    tools = data.get("tools")
    if isinstance(tools, dict):
        ep.tools = {str(k): int(v) for k, v in tools.items() if isinstance(v, int)}
    ep.text = strip_trailing_blank(section)
    ep.path = rel
    ep.line = line
    ep.edited = bool(ep.checksum) and prose_checksum(prose) != ep.checksum
    return ep


def _s(v) -> str:
    return "" if v is None else str(v)


def damaged_sections(text: str, date: str, rel: str) -> list[int]:
    """Heading line numbers of the sections :func:`parse_day` would skip with a
    problem (unparseable, without a block, or repeating an earlier id)."""
    _, sections = split_sections(text)
    out, seen = [], set()
    for line, sec in sections:
        probs: list[Problem] = []
        ep = parse_section(sec, line, date, rel, probs)
        if probs or (ep is not None and ep.id in seen):
            out.append(line)
        if ep is not None:
            seen.add(ep.id)
    return out


def parse_day(text: str, date: str, rel: str, problems: list[Problem] | None = None) -> list[Episode]:
    problems = problems if problems is not None else []
    _, sections = split_sections(text)
    out = []
    seen: set[str] = set()
    for line, sec in sections:
        ep = parse_section(sec, line, date, rel, problems)
        if ep is None:
            continue
        if ep.id in seen:
            problems.append(Problem(rel, line, f"duplicate episode id {ep.id} (first one kept)"))
            continue
        seen.add(ep.id)
        out.append(ep)
    return out


# -- files ---------------------------------------------------------------------

def day_path(home: Home, date: str) -> Path:
    if not DATE_RE.match(date or ""):
        raise UsageError(f"not a date: {date!r}", "use YYYY-MM-DD")
    return home.writable(home.episodes_dir / f"{date}.md")  # readers skip (UnsafePath), writers refuse


def day_dates(home: Home) -> list[str]:
    """The dates of the ``episodes/YYYY-MM-DD.md`` files, oldest first.

    Plain strings: building and sorting Path objects for hundreds of day
    files costs milliseconds, and ``context`` reads only the newest few.
    """
    try:
        names = os.listdir(home.episodes_dir)
    except FileNotFoundError:
        return []
    return sorted(n[:-3] for n in names if n.endswith(".md") and DATE_RE.match(n[:-3]))


def day_files(home: Home) -> list[Path]:
    d = home.episodes_dir
    return [d / f"{date}.md" for date in day_dates(home)]


def read_day(home: Home, date: str, problems: list[Problem] | None = None) -> list[Episode]:
    try:
        path = day_path(home, date)
    except UnsafePath as exc:  # episodes/ or the day file links outside the home: not read
        if problems is not None:
            problems.append(Problem(f"episodes/{date}.md", None, f"cannot read it: {exc.message}"))
        return []
    try:
        text = read_bytes(path).decode("utf-8", errors="replace")
    except FileNotFoundError:
        return []
    except OSError as exc:  # a FIFO or a folder named like a day file
        if problems is not None:
            problems.append(Problem(home.rel(path), None, f"cannot read it: {exc.strerror or exc}"))
        return []
    return parse_day(text, date, home.rel(path), problems)


def load_episodes(home: Home, project: str | None = None, problems: list[Problem] | None = None) -> list[Episode]:
    """All episodes in the home, oldest day first; damaged sections go to ``problems``."""
    out: list[Episode] = []
    for p in day_files(home):
        for ep in read_day(home, p.stem, problems):
            if project is None or ep.project == project:
                out.append(ep)
    return out


def scan_episodes(home: Home, project: str | None = None) -> tuple[list[Episode], list[Problem]]:
    problems: list[Problem] = []
    return load_episodes(home, project, problems), problems


def read_section(home: Home, date: str, episode_id: str) -> str:
    """The exact text of one episode's section, read from its day file."""
    path = day_path(home, date)
    if not path.exists():
        raise NotFound(f"no episode file for {date} ({home.rel(path)})", "list episodes with `holonmem search --kind episode`")
    for ep in read_day(home, date):
        if ep.id == episode_id:
            return ep.text
    raise NotFound(f"no episode {episode_id} in {home.rel(path)}", "check the ref (episode:YYYY-MM-DD#<id>)")


def existing_ids(text: str) -> set[str]:
    """Episode ids present in a day file's text (cheap; used before appending)."""
    return set(re.findall(r'(?m)^id:\s*"?(ep_[A-Za-z0-9_\-]+)"?\s*$', text))
