"""The checks of ``holonmem doctor`` (reading only; see :mod:`holonmem.doctor`)."""

from __future__ import annotations

import json
import os
import re
import stat

from .doctor_model import ERROR, INFO, WARNING, Finding
from .home import Home

# Frontmatter keys a memory file should carry; others are optional.
REQUIRED = ("id", "title", "kind", "scope", "status", "created")
FILLED_SHOWN = REQUIRED + ("updated", "confidence")


# -- memory files -------------------------------------------------------------------

def _default_of(mem, key: str) -> str:
    v = getattr(mem, key, None)
    return "(file time)" if v is None else str(v)


def memories(home: Home, out: list[Finding]) -> list:
    from .memory import load_memories

    mems = load_memories(home)
    for m in mems:
        broken = [p for p in m.problems if p.startswith("frontmatter")]
        for p in broken:
            if p.startswith("frontmatter unreadable"):  # a FIFO, a folder, no permission: nothing to salvage
                out.append(Finding("frontmatter", m.path, None, p.replace("frontmatter unreadable", "cannot read it"),
                                   "replace it with a regular memory file, or remove it"))
                continue
            out.append(Finding("frontmatter", m.path, 1, p,
                               "--fix keeps the lines that parse, turns the others into YAML comments (a copy goes to "
                               ".holonmem/quarantine/); or fix the YAML between the --- lines by hand",
                               fixable=True, data={"kind": "unparsed"}))
        for p in m.problems:
            if p in broken:
                continue
            key = "status" if p.startswith("status") else "confidence" if p.startswith("confidence") else None
            out.append(Finding("frontmatter", m.path, 1, p,
                               f"--fix sets the default and keeps the old value as a comment; or set {key} by hand",
                               fixable=key is not None, data={"kind": "value", "key": key}))
        if broken:
            continue
        filled = [k for k in FILLED_SHOWN if k in m.filled]
        if any(k in REQUIRED for k in filled):
            shown = ", ".join(f"{k}={_default_of(m, k)}" for k in filled)
            out.append(Finding("frontmatter", m.path, 1, f"frontmatter misses {', '.join(filled)}; defaults filled in: {shown}",
                               "--fix writes these defaults into the frontmatter (the body is not touched); or add them by hand",
                               fixable=True, data={"kind": "filled", "keys": filled}))
    return mems


def memory_index(home: Home, mems: list, out: list[Finding]) -> None:
    from .memory_index import LINK_RE

    from .memory_index import read_index

    try:
        text = read_index(home)[0]
    except OSError as exc:  # a FIFO named MEMORY.md, a folder
        out.append(Finding("memory_index", "MEMORY.md", None, f"cannot read it: {exc.strerror or exc}",
                           "put the MEMORY.md file back (a FIFO or folder is in its place)"))
        text = ""
    by_path = {m.path: m for m in mems}
    linked: set[str] = set()
    for n, line in enumerate(text.splitlines(), 1):
        mt = LINK_RE.match(line)
        if not mt:
            continue
        path = mt.group("path")
        linked.add(path)
        m = by_path.get(path)
        if m is None:
            try:
                exists = home.resolve_inside(path).is_file()
            except Exception:  # noqa: BLE001 - an unsafe path points nowhere as well
                exists = False
            if exists:
                continue  # operator.md / self.md
            out.append(Finding("memory_index", "MEMORY.md", n, f"line links {path}, which does not exist",
                               "--fix moves the line to .holonmem/quarantine/; or correct the link by hand",
                               fixable=True, data={"line": line, "why": "missing"}))
        elif not m.is_active:
            out.append(Finding("memory_index", "MEMORY.md", n, f"line links {path}, which is {m.status}",
                               f"--fix moves the line to .holonmem/quarantine/; or `holonmem restore {path}`",
                               fixable=True, data={"line": line, "why": m.status}))
    for m in mems:
        if m.is_active and m.path not in linked:
            out.append(Finding("memory_index", m.path, None, "active memory has no line in MEMORY.md",
                               "--fix adds its line under its group; or `holonmem forget` it if it should not be active",
                               fixable=True, data={"path": m.path}))


# -- ledger ---------------------------------------------------------------------------

def scan_file(path) -> tuple[list[tuple[int, int, int, str]], bool]:
    """``([(line number, offset, length, reason)], torn)`` for the bad lines of one ledger file."""
    from .jsonline import load_line

    bad = []
    pos = 0
    with open(path, "rb") as fh:
        for n, line in enumerate(fh, 1):
            if not line.endswith(b"\n"):
                return bad, True
            raw = line[:-1]
            if raw.strip():
                try:
                    obj = load_line(raw)
                except (ValueError, UnicodeDecodeError) as exc:
                    why = str(exc) if str(exc).startswith("nested") else "not valid JSON"
                    bad.append((n, pos, len(raw), CONFLICT_LINE if _is_marker(raw) else why))
                else:
                    if not isinstance(obj, dict) or not isinstance(obj.get("id"), str):
                        bad.append((n, pos, len(raw), "not an event object with an id"))
            pos += len(line)
    return bad, False


CONFLICT_LINE = "git conflict marker (an unresolved merge; --fix keeps the lines of both sides)"


def _is_marker(raw: bytes) -> bool:
    return raw[:7] in (b"<<<<<<<", b"=======", b">>>>>>>") and raw[7:8] in (b"", b" ", b"\r")


def line_numbers(path, offsets: set[int]) -> dict[int, int]:
    """Line numbers (1-based) of the lines starting at ``offsets``."""
    out: dict[int, int] = {}
    if not offsets:
        return out
    pos, n = 0, 0
    with open(path, "rb") as fh:
        for raw in fh:
            n += 1
            if pos in offsets:
                out[pos] = n
            pos += len(raw)
    return out


def duplicates(home: Home, timeout: float) -> list[tuple[str, int, str]] | None:
    """``(file, offset, id)`` of later lines repeating an id, from the id map (None: ledger busy)."""
    from .ledger import caught_up_index

    idx, fresh = caught_up_index(home, timeout)
    try:
        return idx.duplicates() if fresh else None
    finally:
        idx.close()


def ledger(home: Home, out: list[Finding], *, timeout: float = 10.0) -> None:
    from .ledger import ledger_files

    for p in ledger_files(home):
        rel = home.rel(p)
        bad, torn = scan_file(p)
        for n, off, _, why in bad:
            out.append(Finding("ledger", rel, n, f"{why} (byte {off})",
                               "--fix moves the line to .holonmem/quarantine/ and rewrites the file without it",
                               fixable=True))
        if torn:
            out.append(Finding("ledger", rel, None, "the last line is torn (no newline: a crash mid-append)",
                               "--fix moves the partial line to .holonmem/quarantine/ (the next ingest does the same)",
                               fixable=True))
    dups = duplicates(home, timeout)
    if dups is None:
        out.append(Finding("ledger", "ledger/", None, "the ledger is locked by another run; duplicate ids not checked",
                           "run doctor again when it is free", severity=INFO))
        return
    by_file: dict[str, list[tuple[int, str]]] = {}
    for name, off, eid in dups:
        by_file.setdefault(name, []).append((off, eid))
    for name, items in sorted(by_file.items()):
        lines = line_numbers(home.ledger_dir / name, {o for o, _ in items})
        for off, eid in items:
            out.append(Finding("ledger", f"ledger/{name}", lines.get(off), f"duplicate event id {eid} (an earlier line has it)",
                               "--fix keeps the first line with that id and moves this one to .holonmem/quarantine/",
                               fixable=True))


# -- episodes, signals ----------------------------------------------------------------

def episodes(home: Home, out: list[Finding]) -> None:
    from .episodes import scan_episodes

    _, problems = scan_episodes(home)
    for p in problems:
        if p.message.startswith("cannot read it"):  # a FIFO or a folder named like a day file
            out.append(Finding("episodes", p.path, None, p.message, "replace it with a regular file, or remove it"))
            continue
        out.append(Finding("episodes", p.path, p.line, p.message,
                           "fix the ```yaml holonmem-episode block by hand (the section is skipped until then), "
                           "or --fix keeps the section as plain text (marked, a copy quarantined; no text removed)",
                           fixable=True))


def signal_lines(home: Home) -> dict[str, int]:
    """Signal id -> line number in signals.jsonl."""
    out: dict[str, int] = {}
    try:
        fh = open(home.signals_path, "rb")
    except FileNotFoundError:
        return out
    with fh:
        for n, raw in enumerate(fh, 1):
            if b'"signal"' not in raw:
                continue
            try:
                obj = json.loads(raw)
            except ValueError:
                continue
            if isinstance(obj, dict) and obj.get("type") == "signal" and isinstance(obj.get("id"), str):
                out.setdefault(obj["id"], n)
    return out


def signals(home: Home, out: list[Finding], *, timeout: float = 10.0) -> None:
    from . import signalstore
    from .ledger import open_id_map

    st = signalstore.load(home)
    rel = home.rel(home.signals_path)
    for n, why in st.errors:
        out.append(Finding("signals", rel, n, why, "--fix moves the line to .holonmem/quarantine/ and rewrites the file without it",
                           fixable=True))
    pending = st.pending()
    if not pending:
        return
    idx = open_id_map(home)
    try:
        known = idx.existing({str(e) for s in pending for e in (s.get("evidence") or [])})
    finally:
        idx.close()
    lines = None
    for s in pending:
        missing = [str(e) for e in (s.get("evidence") or []) if str(e) not in known]
        if missing:
            lines = lines if lines is not None else signal_lines(home)
            out.append(Finding("signals", rel, lines.get(s["id"]),
                               f"pending signal {s['id']} points at events missing from the ledger: {', '.join(missing[:5])}",
                               "--fix marks the signal rejected (a status line; the signal line stays)",
                               fixable=True, data={"signal": s["id"], "missing": missing}))


# -- people's files: git conflict markers, FIFOs where a file belongs ------------------

CONFLICT_MARK = re.compile(rb"^(?:<{7}|>{7})(?: |$)", re.M)


def conflict_lines(data: bytes) -> list[int]:
    """Line numbers (1-based) of the ``<<<<<<<`` / ``>>>>>>>`` lines an unresolved git merge leaves."""
    if b"<<<<<<<" not in data and b">>>>>>>" not in data:
        return []
    return [data.count(b"\n", 0, m.start()) + 1 for m in CONFLICT_MARK.finditer(data)]


def _note_files(home: Home) -> list:
    """notes/**/*.md (a merge leaves markers there too; holonmem sync stops on them, docs/sync.md)."""
    try:
        return sorted(p for p in home.notes_dir.rglob("*.md") if not any(x.startswith(".") for x in p.relative_to(home.notes_dir).parts))
    except OSError:
        return []


def people_files(home: Home, out: list[Finding]) -> None:
    """Unresolved git conflicts in MEMORY.md, AGENTS.md, memory files, journal and episode
    files (holonmem reads them as they are, markers and both sides), and files there that
    are not regular files (a FIFO would block every reader; they are skipped). The ledger
    and signals.jsonl report theirs line by line (checks ``ledger`` and ``signals``)."""
    from .fsio import NotRegularFile, read_bytes

    files = [home.memory_md, home.agents_md, home.operator_md, home.self_md]
    for d in (home.memory_dir, home.journal_dir, home.episodes_dir):
        try:
            files += sorted(p for p in d.iterdir() if p.suffix == ".md" and p not in files)
        except OSError:
            continue
    files += _note_files(home)
    reported = {f.file for f in out if "cannot read it" in f.problem}
    for p in files:
        rel = home.rel(p)
        if not home.contains(p) or rel in reported or p.is_dir():
            continue
        try:
            data = read_bytes(p)
        except FileNotFoundError:
            continue
        except NotRegularFile as exc:
            out.append(Finding("files", rel, None, f"cannot read it: {exc.strerror}", "holonmem skips it until a regular file is there"))
            continue
        except OSError:
            continue
        marks = conflict_lines(data)
        if marks:
            more = f"; {len(marks) // 2} conflicts in the file" if len(marks) > 2 else ""
            out.append(Finding("conflicts", rel, marks[0], f"unresolved git conflict (a marker line{more})",
                               "resolve it by hand: keep the right side and delete the marker lines "
                               "('<<<<<<<', '=======', '>>>>>>>')"))


# -- secrets in people-written files ------------------------------------------------

def shown_files(home: Home) -> list:
    """The files people write that context, search and get show: AGENTS.md, memory/*.md, notes/**/*.md."""
    files = [home.agents_md]
    for d, pattern in ((home.memory_dir, "*.md"), (home.root / "notes", "**/*.md")):
        try:
            files += sorted(d.glob(pattern))
        except OSError:
            continue
    return [p for p in files if home.contains(p)]


def secrets(home: Home, out: list[Finding]) -> None:
    """A secret written into a note or memory file: context, search and get show it
    masked, but it stays in the file (and in git). The finding names the line and the
    kind of secret, never the secret."""
    from .fsio import read_bytes
    from .redact import find_secrets

    for p in shown_files(home):
        try:
            if not p.is_file() or p.stat().st_size > 8 * 1024 * 1024:
                continue
            text = read_bytes(p).decode("utf-8", errors="replace")
        except OSError:  # missing, not a regular file (reported by the files check), unreadable
            continue
        for line, kind in find_secrets(text):
            out.append(Finding("secrets", home.rel(p), line, f"line {line} holds what looks like a secret ({kind})",
                               "context, search and get show it masked; keep it in a password manager or an env file "
                               "outside the home and delete it from this file (and from git history if committed)"))


# -- interrupted commands: intent records, half-applied dreams, temp files -------------

INTERRUPTED_FIX = "--fix finishes it (so does the next remember, forget, restore, promote, reject, dream or consolidate)"


def interrupted(home: Home, out: list[Finding]) -> None:
    """A hand command killed (or stopped by a full disk) between its writes leaves its
    intent record (:mod:`holonmem.intent`); a dream, a ``started`` manifest."""
    from .dream_apply import RUNS_DIR, incomplete_runs
    from .intent import load_record, pending

    for p in pending(home):
        rel = home.rel(p)
        rec = load_record(p)
        if rec is None:
            out.append(Finding("interrupted", rel, None, "an intent record that does not parse (the plan of an "
                               "interrupted command, damaged)", "--fix moves it to .holonmem/quarantine/; "
                               "check the files it names by hand", fixable=True, data={"kind": "bad"}))
            continue
        files = list(dict.fromkeys("MEMORY.md" if s.get("kind") == "index" else
                                   "signals.jsonl" if s.get("kind") in ("signals", "truncate") else str(s.get("path"))
                                   for s in rec["steps"] if isinstance(s, dict)))
        shown = ", ".join(files[:6]) + (f" (+{len(files) - 6} more)" if len(files) > 6 else "")
        out.append(Finding("interrupted", rel, None,
                           f"{rec.get('action')} {rec['op']} was interrupted (killed, or stopped by an error; started "
                           f"{rec.get('created')}): {shown} may be half-changed until it is finished",
                           INTERRUPTED_FIX, fixable=True, data={"kind": "intent", "op": rec["op"]}))
    for run in incomplete_runs(home):
        out.append(Finding("interrupted", f".holonmem/{RUNS_DIR}/{run}/manifest.json", None,
                           f"dream run {run} was interrupted half-way (its manifest says started)",
                           "--fix rolls it back (so does the next dream); then dream again", fixable=True,
                           data={"kind": "dream", "run": run}))


STALE_TEMP_SECONDS = 3600


def temp_files(home: Home) -> list[tuple]:
    """``(path, pid)`` of the temp files interrupted atomic writes left: their process is gone
    (or they are over an hour old). A live writer's temp file is not listed."""
    import time

    from .fsio import pid_alive, stray_temps

    dirs = [home.root, home.memory_dir, home.journal_dir, home.episodes_dir, home.ledger_dir, home.state_dir,
            home.quarantine_dir, home.state_dir / "intents"]
    runs = home.state_dir / "dream_runs"
    if runs.is_dir():
        dirs += sorted(d for d in runs.iterdir() if d.is_dir())
    out = []
    now = time.time()
    for d in dirs:
        for p, pid in stray_temps(d):
            try:
                old = now - p.lstat().st_mtime > STALE_TEMP_SECONDS
            except OSError:
                continue
            if old or not pid_alive(pid):
                out.append((p, pid))
    return out


TEMP_IGNORE = ".*.tmp"


def temps(home: Home, out: list[Finding]) -> None:
    for p, pid in temp_files(home):
        out.append(Finding("temp_files", home.rel(p), None,
                           f"a temp file left by an interrupted write (process {pid} is gone)",
                           "--fix removes it (the file it was for is whole: writes replace a file at once)",
                           severity=WARNING, fixable=True))
    gi = home.root / ".gitignore"
    try:
        text = gi.read_text(encoding="utf-8", errors="replace") if gi.is_file() else None
    except OSError:
        text = None
    if text is not None and TEMP_IGNORE not in text.split("\n") and (home.root / ".git").exists():
        out.append(Finding("temp_files", ".gitignore", None, "temp files of interrupted writes "
                           f"(.<name>.<pid>.<random>.tmp) are not git-ignored", f"--fix adds the line {TEMP_IGNORE}",
                           severity=WARNING, fixable=True, data={"kind": "gitignore"}))


# -- index, permissions ---------------------------------------------------------------

def index(home: Home, out: list[Finding]) -> None:
    from . import index as ix

    rel = ".holonmem/index_state.json"
    pend = ix.pending(home)
    if pend["missing"]:
        out.append(Finding("index", rel, None, "no search index yet (it is built on the first search)",
                           "nothing to do; `holonmem index` builds it now", severity=INFO))
        return
    if not pend["rewritten"] and not ix.readable(home):
        out.append(Finding("index", rel, None, "search index is unreadable (a damaged or truncated segment)",
                           "--fix rebuilds it from the files (search also rebuilds it on its own)",
                           fixable=True, data={"rewritten": True}))
        return
    what = []
    if pend["rewritten"]:
        what.append("a ledger file was rewritten or removed since indexing")
    if pend["ledger_bytes"]:
        what.append(f"{pend['ledger_bytes']} ledger bytes not indexed")
    if pend["changed"]:
        what.append(f"{len(pend['changed'])} file(s) changed ({', '.join(pend['changed'][:3])})")
    if pend["deleted"]:
        what.append(f"{len(pend['deleted'])} file(s) deleted")
    if what:
        out.append(Finding("index", rel, None, "search index is stale: " + "; ".join(what),
                           "--fix brings it up to date (`holonmem index`; a rebuild when the ledger was rewritten)",
                           fixable=True, data={"rewritten": pend["rewritten"]}))


def private_files(home: Home) -> list:
    from .ledger import ledger_files

    files = list(ledger_files(home))
    if home.signals_path.exists():
        files.append(home.signals_path)
    if home.memory_dir.is_dir():
        files += sorted(p for p in home.memory_dir.glob("*.md") if p.is_file() and not p.is_symlink())
    return files


def permissions(home: Home, out: list[Finding]) -> None:
    for p in private_files(home):
        try:
            mode = stat.S_IMODE(os.stat(p).st_mode)
        except OSError:
            continue
        if mode & 0o077:
            out.append(Finding("permissions", home.rel(p), None, f"mode {mode:04o}: readable by group or others",
                               "--fix sets 0600 (chmod 600)", severity=WARNING, fixable=True))


def memory_catalog(home: Home, out: list[Finding]) -> None:
    """The memory catalog (``.holonmem/memories.sqlite``, what ``context`` reads each
    turn) against the memory files and notes: a row whose file is unchanged since it
    was read must say what the file says (``memory_catalog.compare``; read-only)."""
    import sqlite3

    from . import memory_catalog as mc

    rel = f".holonmem/{mc.DB_NAME}"
    redo = f"remove {rel} (derived state): the next `holonmem context` rebuilds it from the files"
    if not (home.state_dir / mc.DB_NAME).is_file():
        out.append(Finding("memory_catalog", rel, None, "no memory catalog yet (the next `holonmem context` builds it)",
                           "nothing to do", severity=INFO))
        return
    try:
        disagree, behind = mc.compare(home)
    except (sqlite3.Error, OSError) as exc:
        out.append(Finding("memory_catalog", rel, None, f"memory catalog is unreadable ({type(exc).__name__}: {exc})",
                           redo + " (context also does so by itself, with a warning)", severity=WARNING))
        return
    if disagree:
        out.append(Finding("memory_catalog", rel, None,
                           f"memory catalog disagrees with {len(disagree)} unchanged file(s): {', '.join(disagree[:3])}"
                           + (" …" if len(disagree) > 3 else ""), redo))
    if behind:
        out.append(Finding("memory_catalog", rel, None,
                           f"memory catalog is behind on {len(behind)} changed file(s) ({', '.join(behind[:3])}"
                           + (" …" if len(behind) > 3 else "") + "): the next `holonmem context` reads them",
                           "nothing to do", severity=INFO))
