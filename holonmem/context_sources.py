"""Reading what the context block is built from (the I/O half of ``context``).

Everything here reads files directly and cheaply: AGENTS.md, the operator and
self memory files, long-term memories (``memory.load_memories``), the notes
catalog (frontmatter only, never bodies into the block), episodes
(``episodes.load_episodes``), and the ledger *tail* — read backwards from the
end of the newest ledger files until enough events of the project/session are
found or a byte cap is reached, never a scan of the whole ledger. The search
index is touched only for ``--task`` (bounded update, never a rebuild).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from .context_tail import PROJECT_FIELD as _PROJECT_FIELD, Tail  # noqa: F401 - Tail: read_tail's answer
from .frontmatter import split_frontmatter
from .fsio import NotRegularFile, open_regular, read_bytes
from .home import Home
from .layout import starter_text
from .notes import NOTE_HEAD_BYTES, STARTER_NOTES, NoteEntry, note_entry_from_head

TAIL_MAX_EVENTS = 400  # project events read back from the ledger end
TAIL_MAX_BYTES = 8 * 1024 * 1024  # never read more than this from the ledger end
TAIL_CHUNK = 256 * 1024
INDEX_MAX_EVENTS = 2000  # bounded index catch-up for --task
NOTES_MAX_FILES = 500
EPISODES_LATEST = 8  # latest episodes read for open work and the no-task fallback
EPISODE_DAYS_MAX = 120  # day files looked at, newest first


def read_text(path: Path) -> str:
    try:
        return read_bytes(path).decode("utf-8", errors="replace")
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, NotRegularFile):
        return ""


# -- guidance and operator/self memory ---------------------------------------------

def read_people_file(home: Home, rel: str) -> str:
    """Body of a people-written file; ``""`` if missing, empty or still the starter."""
    path = home.root / rel
    raw = read_text(path) if home.contains(path) else ""
    if not raw.strip() or raw.strip() == starter_text(rel).strip():
        return ""
    _, body = split_frontmatter(raw)
    return body.strip("\n")


# -- notes catalog ------------------------------------------------------------------

def _note_entry(home: Home, path: Path) -> NoteEntry:
    # Read only the head of the file: the catalog never needs the body.
    with open_regular(path) as fh:
        head = fh.read(NOTE_HEAD_BYTES).decode("utf-8", errors="ignore")
    return note_entry_from_head(home.rel(path), path.stem, head)


def notes_catalog(home: Home) -> list[NoteEntry]:
    """All notes, sorted by path (at most ``NOTES_MAX_FILES`` read)."""
    d = home.notes_dir
    if not d.is_dir():
        return []
    paths = sorted(p for p in d.rglob("*.md") if p.is_file() and home.contains(p)
                   and not any(part.startswith(".") for part in p.relative_to(d).parts))
    out = []
    for p in paths[:NOTES_MAX_FILES]:
        try:
            rel = home.rel(p)
            if rel in STARTER_NOTES and read_text(p).strip() == starter_text(rel).strip():
                continue  # the untouched file `init` wrote says nothing
            out.append(_note_entry(home, p))
        except OSError:
            continue
    return out


# -- memories and episodes (imported lazily) ------------------------------------------

def load_memories(home: Home) -> list:
    """Every memory file, parsed (the full read; the catalog's reference)."""
    from .memory import load_memories as _load

    return list(_load(home))


def memories_and_notes(home: Home, project: str, warnings: list[str], *, catalog: bool = True) -> tuple[list, list]:
    """``(memories, notes)`` for ``project``'s context: the live memories' cards and
    the notes catalog from the memory catalog (``memory_catalog``: only what changed
    since the last turn is read), or, with ``catalog=False`` or when the catalog
    cannot be used (a warning says why), every file read and parsed. Either way
    the context block is the same."""
    if catalog:
        import sqlite3

        from . import memory_catalog as mc

        for attempt in (1, 2):
            try:
                with mc.Catalog(home) as cat:
                    cat.refresh(project)
                    if cat.rebuilt:
                        warnings.append(f"the memory catalog {cat.rebuilt}; rebuilt it from the files")
                    return cat.cards(project), cat.notes(NOTES_MAX_FILES)
            except sqlite3.DatabaseError as exc:
                if isinstance(exc, sqlite3.OperationalError) or attempt == 2:
                    why = f"{exc} ({type(exc).__name__})"
                    break
                from .sqlitedb import remove

                remove(home.state_dir / mc.DB_NAME)  # corrupt beyond what connecting notices: start again
            except OSError as exc:
                import errno

                ro = isinstance(exc, PermissionError) or exc.errno == errno.EROFS  # a mounted backup, a shared checkout
                why = "the home is read-only" if ro else f"{exc.strerror or exc} ({type(exc).__name__})"
                break
        warnings.append(f"the memory catalog could not be used ({why}); read the memory files and notes instead")
    return load_memories(home), notes_catalog(home)


def _parse_sections(home: Home, path: Path, keep, limit: int | None = None, days=None) -> list:
    """Episodes of one day file whose section text passes ``keep`` (a cheap prefilter).

    With ``limit``, sections are read from the end of the file (the newest
    are appended last) and reading stops after ``limit`` episodes. With
    ``days`` (a :class:`context_days.DayCache`), the file's sections and
    their episodes come from the last turns' parse while its stamp holds.
    """
    if days is not None:
        cached = days.sections(path, limit is not None)
        if cached is not None:
            from .context_days import episode

            found = []
            for _line, sec, fields in cached:
                if fields is not None and keep(sec):
                    found.append(episode(fields, sec))
                    if limit is not None and len(found) >= limit:
                        break
            return found
    from .episodes import parse_section, sections_backwards, split_sections

    try:
        text = read_bytes(path).decode("utf-8", errors="replace")
    except (FileNotFoundError, NotRegularFile):
        return []
    sections = split_sections(text)[1] if limit is None else sections_backwards(text)
    out = []
    for line, sec in sections:
        if keep(sec):
            ep = parse_section(sec, line, path.stem, home.rel(path), [])
            if ep is not None:
                out.append(ep)
                if limit is not None and len(out) >= limit:
                    break
    return out


def latest_episodes(home: Home, project: str, n: int = EPISODES_LATEST, days=None) -> list:
    """The ``n`` latest episodes of ``project`` (oldest first), reading day files newest first
    (``days``: a :class:`context_days.DayCache`, see :func:`_parse_sections`)."""
    from .episodes import day_dates

    found: list = []
    marks = (f"\nproject: {json.dumps(project, ensure_ascii=False)}\n", f"\nproject: {project}\n")
    for date in (day_dates(home) if days is None else days.dates())[::-1][:EPISODE_DAYS_MAX]:
        path = home.episodes_dir / f"{date}.md"
        found += [ep for ep in _parse_sections(home, path, lambda sec: any(m in sec for m in marks), n - len(found), days)
                  if ep.project == project]
        if len(found) >= n:
            break
    found.sort(key=lambda e: (e.date, e.start or "", e.id))
    return found[-n:]


def episodes_by_refs(home: Home, refs: list[str], days=None) -> list:
    """The episodes that ``episode:DATE#ID`` refs name (unknown refs are skipped;
    ``days``: see :func:`_parse_sections`)."""
    from .episodes import day_path

    wanted: dict[str, set[str]] = {}
    for ref in refs:
        m = re.match(r"^episode:(\d{4}-\d{2}-\d{2})#(.+)$", ref)
        if m:
            wanted.setdefault(m.group(1), set()).add(m.group(2))
    from .errors import UnsafePath

    out = []
    for day, ids in sorted(wanted.items()):
        try:
            path = day_path(home, day)
        except UnsafePath:  # episodes/ links outside the home: not read
            continue
        out += [ep for ep in _parse_sections(home, path, lambda sec: any(i in sec for i in ids), None, days)
                if ep.id in ids]
    return out


def search_episodes(home: Home, task: str, project: str, limit: int = 10) -> tuple[list[str] | None, str | None]:
    """Episode refs matching ``task`` (best first), or ``(None, why)`` when the index cannot answer.

    Brings the files index (episodes live there) up to date, never the
    events index — new ledger lines cannot change which episodes match — and
    never rebuilds it; a stale or missing index means "fall back".
    """
    from . import index, search

    try:
        info = index.update(home, max_events=INDEX_MAX_EVENTS, events=False)
    except Exception as exc:  # noqa: BLE001 - context must not fail on the index
        return None, f"the search index could not be updated ({type(exc).__name__})"
    if info.get("stale"):
        return None, info.get("reason") or "the search index is stale"
    try:
        hits = search.search(home, task, project=project, kinds=["episode"], limit=limit, update=False)
    except Exception as exc:  # noqa: BLE001
        return None, f"the search index could not be read ({type(exc).__name__})"
    return [h["ref"] for h in hits if h.get("kind") == "episode"], None


# -- the ledger tail -----------------------------------------------------------------

def latest_project(home: Home, session: str | None = None) -> str | None:
    """The project of the newest event (of ``session``, when given), read from the ledger end."""
    from .ledger import ledger_files

    needle = json.dumps(session, ensure_ascii=False).encode("utf-8") if session else None
    for path in reversed(ledger_files(home)):
        for line in lines_backwards(path, TAIL_MAX_BYTES):
            if needle is not None and needle not in line:
                continue
            try:
                ev = json.loads(line)
            except (ValueError, UnicodeDecodeError):
                continue
            if isinstance(ev, dict) and (session is None or ev.get("session") == session) and ev.get("project"):
                return str(ev["project"])
        if needle is None:
            break
    return None


def _complete_end(fh) -> int:
    """Offset just after the last newline (a partial last line is never read)."""
    size = fh.seek(0, os.SEEK_END)
    pos = size
    while pos > 0:
        step = min(TAIL_CHUNK, pos)
        fh.seek(pos - step)
        nl = fh.read(step).rfind(b"\n")
        if nl >= 0:
            return pos - step + nl + 1
        pos -= step
    return 0


def _blocks_backwards(path: Path, budget: int):
    """Runs of complete lines (``b"\\n"``-separated) from the end of ``path``
    backwards, newest run first; stops after ``budget`` bytes."""
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        return
    with fh:
        pos = _complete_end(fh)
        rest = b""
        read = 0
        while pos > 0 and read < budget:
            step = min(TAIL_CHUNK, pos)
            pos -= step
            fh.seek(pos)
            data = fh.read(step) + rest
            read += step
            nl = data.find(b"\n")
            if nl < 0:
                rest = data
                continue
            rest = data[:nl]
            yield data[nl + 1:]
        if pos == 0 and rest.strip():
            yield rest


def lines_backwards(path: Path, budget: int):
    """Yield complete lines from the end of ``path`` backwards; stops after ``budget`` bytes."""
    for block in _blocks_backwards(path, budget):
        for line in reversed(block.split(b"\n")):
            if line.strip():
                yield line


def _scan_block(block: bytes, needle: bytes, seen: set | None, take) -> bool:
    """Lines of ``block`` from the last to the first: ``take(line)`` for each
    line holding ``needle`` (stop when it returns True, and return True); the
    first project field of every other line goes into ``seen`` (unless None).

    Only lines with the needle reach Python; the rest are searched in runs.
    """
    end = len(block)
    while end > 0:
        i = block.rfind(needle, 0, end)
        if i < 0:
            if seen is not None:
                seen.update(_PROJECT_FIELD.findall(block, 0, end))
            return False
        start = block.rfind(b"\n", 0, i) + 1
        stop = block.find(b"\n", i, end)
        if stop < 0:
            stop = end
        if seen is not None:
            seen.update(_PROJECT_FIELD.findall(block, stop, end))
        if take(block[start:stop]):
            return True
        end = start - 1
    return False


def read_tail(home: Home, project: str, *, session: str | None = None, max_events: int = TAIL_MAX_EVENTS,
              max_bytes: int = TAIL_MAX_BYTES, other_projects: bool = True, cache: bool = False,
              warnings: list[str] | None = None) -> Tail:
    """The last ``max_events`` events of ``project`` (and ``session``), oldest first, reading backwards.

    ``other_projects=False`` skips collecting the projects of the other lines
    read (``Tail.projects`` then holds at most ``project``): a caller that only
    wants the events saves most of the scan. With ``cache`` (and no session),
    the last turn's tail is moved on by the lines appended since
    (:mod:`context_tail`; the same answer), a damaged state noted in ``warnings``.
    """
    if cache and session is None and other_projects:
        from .context_tail import read_tail as kept_tail

        kept = kept_tail(home, project, max_events, max_bytes, warnings)
        if kept is not None:
            return kept
    from .ledger import ledger_files

    needle = json.dumps(session if session is not None else project, ensure_ascii=False).encode("utf-8")
    out: list[dict] = []
    seen: set[bytes] = set()
    budget = max_bytes
    complete = True
    total = 0

    from .jsonline import load_line

    def take(line: bytes) -> bool:
        try:
            ev = load_line(line)
        except (ValueError, UnicodeDecodeError):
            return False
        if (isinstance(ev, dict) and ev.get("project") == project and isinstance(ev.get("id"), str)
                and (session is None or ev.get("session") == session)):
            out.append(ev)
            return len(out) >= max_events
        return False

    for path in reversed(ledger_files(home)):
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            continue
        for block in _blocks_backwards(path, budget):
            if _scan_block(block, needle, seen if other_projects else None, take):
                break
        used = min(size, budget)
        total += used
        budget -= used
        if len(out) >= max_events:
            complete = False
            break
        if budget <= 0:
            complete = False
            break
    out.reverse()
    projects = {project} if out else set()
    for raw in seen:
        try:
            projects.add(json.loads(b'"' + raw + b'"'))
        except ValueError:
            continue
    return Tail(out, complete, total, projects)
