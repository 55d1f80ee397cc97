"""The ledger tail of a project, kept between turns (derived state:
``.holonmem/tails/``; delete it and the next turn reads the tail again).

:func:`context_sources.read_tail` reads the ledger backwards from its end
until it has a project's last :data:`~context_sources.TAIL_MAX_EVENTS` events:
at a dense project that is ~1.5 MB scanned and ~400 lines parsed as JSON on
every turn (~10 ms), though a turn only appends a few lines. Here the last
turn's answer is kept — the events with their offsets, the window they span
(from the line of the oldest one to the end of the complete lines), the CRC-32
of the window's bytes, and the last offset of each other project seen in it —
and a turn reads only the bytes appended since, plus the window once more to
check its CRC (an edit by hand inside the window, a ``git pull`` that replaced
the file: the tail is read again). Then the result is what the backwards read
gives on the file as it is now:

- the events are the last ``max_events`` lines holding the project's name that
  are its events, the window starts at the oldest one's line;
- the projects are those of the lines after it that do not hold the name;
- it is used only when all of that lies in the newest ledger file and well
  inside the byte cap (a sparse project, a month's first turns: the backwards
  read as before).
"""

from __future__ import annotations

import json
import os
import re

from . import context_state

FOLDER = "tails"  # in .holonmem/
VERSION = 1


class Tail:
    """The ledger tail: ``events`` oldest first (all of this project), ``complete``
    False when a cap stopped the scan before the ledger start, ``bytes_read``,
    ``projects`` every project seen in the lines read."""

    __slots__ = ("events", "complete", "bytes_read", "projects")

    def __init__(self, events: list[dict] | None = None, complete: bool = True, bytes_read: int = 0,
                 projects: set | None = None):
        self.events = [] if events is None else events
        self.complete, self.bytes_read = complete, bytes_read
        self.projects = set() if projects is None else projects

    def __eq__(self, other) -> bool:
        return isinstance(other, Tail) and (self.events, self.complete, self.bytes_read, self.projects) == \
            (other.events, other.complete, other.bytes_read, other.projects)

    def __repr__(self) -> str:
        return f"Tail(events={len(self.events)}, complete={self.complete}, bytes_read={self.bytes_read}, projects={self.projects!r})"


# The first ``"project": "..."`` of each line, for a whole run of lines in one
# ``findall``: no part of the pattern matches a newline, and a match runs on to
# the end of its line, so the next match is searched for from the next line on.
PROJECT_FIELD = re.compile(rb'"project"[ \t\r\f\v]*:[ \t\r\f\v]*"([^"\\\n]*(?:\\.[^"\\\n]*)*)"[^\n]*')


def _key() -> str:
    """The version and the code that decides what the state holds."""
    return context_state.code_key(f"tail {VERSION}", ("context_sources.py", "context_tail.py", "jsonline.py"))


def _name(project: str) -> str:
    raw = project.encode("utf-8", "surrogatepass")
    return f"{raw.hex()[:64]}-{context_state.crc(raw):08x}-{len(raw)}.marshal"


def _take(project: str, line: bytes):
    """The event of a line holding the project's name, when it is one of the project's (as read_tail's take)."""
    from .jsonline import load_line

    try:
        ev = load_line(line)
    except (ValueError, UnicodeDecodeError):
        return None
    if isinstance(ev, dict) and ev.get("project") == project and isinstance(ev.get("id"), str):
        return ev
    return None


def _scan(data: bytes, base: int, needle: bytes, project: str, events: list, seen: dict) -> None:
    """Lines of ``data`` (complete lines, starting at ledger offset ``base``), oldest first:
    the project's events go to ``events`` as ``(offset, event)``; for every line without
    the needle, the offset of its first project field goes to ``seen[raw name]``."""
    pos, n = 0, len(data)
    while pos < n:
        i = data.find(needle, pos)
        stop = n if i < 0 else data.rfind(b"\n", 0, i) + 1  # the needle's line starts here
        for m in PROJECT_FIELD.finditer(data, pos, stop):
            seen[m.group(1)] = base + m.start()
        if i < 0:
            return
        end = data.find(b"\n", i)
        end = n if end < 0 else end
        ev = _take(project, data[stop:end])
        if ev is not None:
            events.append((base + stop, ev))
        pos = end + 1


def _projects(project: str, seen: dict, win: int, events: list) -> set:
    out = {project} if events else set()
    for raw, off in seen.items():
        if off > win:
            try:
                out.add(json.loads(b'"' + raw + b'"'))
            except ValueError:
                continue
    return out


def read_tail(home, project: str, max_events: int, max_bytes: int, warnings: list | None = None):
    """:func:`context_sources.read_tail` of ``project`` (no session, every project), through
    the kept state; None when it cannot answer this way (the caller reads backwards). A
    damaged state file is built again, with a warning in ``warnings``."""
    from .ledger import ledger_files

    files = ledger_files(home)
    if not files:
        return None
    path = files[-1]
    names = [p.name for p in files]
    folder = os.path.join(str(home.state_dir), FOLDER)
    spath = os.path.join(folder, _name(project))
    key = _key()
    needle = json.dumps(project, ensure_ascii=False).encode("utf-8")
    # read_tail reads at least ``max_bytes`` back from the end of the complete lines, and sees every line
    # whose newline before it is in what it read: a window shorter than the cap is all seen
    margin = max_bytes - 1
    try:
        fh = open(path, "rb")
    except OSError:
        return None
    with fh:
        st = os.fstat(fh.fileno())
        state, why = context_state.load(spath, key)
        if why and warnings is not None:
            warnings.append(f"the ledger tail cache .holonmem/{FOLDER}/{_name(project)} {why}; read the tail again")
        fresh = None
        if isinstance(state, tuple) and len(state) == 9 and state[:4] == (project, names, st.st_ino, max_events):
            fresh = _advance(fh, st.st_size, state, needle, project, max_events)
        if fresh is None:
            fresh = _build(fh, st.st_size, names, st.st_ino, needle, project, max_events, max_bytes)
            if fresh is None:
                return None
        changed = fresh is not state
        _, _, _, _, end, win, _crc, events, seen = fresh
    if len(events) < max_events or end - win > margin:
        return None
    if changed and os.path.isdir(home.state_dir):
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            context_state.save(spath, key, fresh)
        except OSError:
            pass
    return Tail([ev for _, ev in events], False, min(st.st_size, max_bytes), _projects(project, seen, win, events))


def _complete(data: bytes) -> int:
    return data.rfind(b"\n") + 1


def _advance(fh, size: int, state: tuple, needle: bytes, project: str, max_events: int):
    """The state moved on to the end of the file, or None when the window's bytes changed."""
    project_, names, ino, me, end, win, crc, events, seen = state
    if size < end or not events or events[0][0] != win:
        return None
    fh.seek(win)
    old = fh.read(end - win)
    if len(old) != end - win or context_state.crc(old) != crc:
        return None
    new = fh.read(size - end)
    cut = _complete(new)
    if cut == 0:
        return state
    events, seen = list(events), dict(seen)
    _scan(new[:cut], end, needle, project, events, seen)
    if len(events) > max_events:
        events = events[-max_events:]
    win2 = events[0][0]
    window = (old + new[:cut])[win2 - win:]
    seen = {raw: off for raw, off in seen.items() if off > win2}
    return (project_, names, ino, me, end + cut, win2, context_state.crc(window), events, seen)


def _build(fh, size: int, names: list, ino: int, needle: bytes, project: str, max_events: int, max_bytes: int):
    """The state from the end of the file backwards; None when the project has fewer than
    ``max_events`` events within the cap there."""
    start = max(0, size - max_bytes)
    fh.seek(start)
    data = fh.read(size - start)
    cut = _complete(data)
    data = data[:cut]
    first = 0 if start == 0 else data.find(b"\n") + 1
    found: list = []
    hi = len(data)
    while len(found) < max_events:
        i = data.rfind(needle, first, hi)
        if i < 0:
            return None
        ls = data.rfind(b"\n", first, i) + 1
        ls = max(ls, first)
        le = data.find(b"\n", i)
        ev = _take(project, data[ls:le])
        if ev is not None:
            found.append(ls)
        hi = ls
    win = found[-1]
    events: list = []
    seen: dict = {}
    _scan(data[win:], start + win, needle, project, events, seen)
    if len(events) != max_events:
        return None
    return (project, names, ino, max_events, start + cut, start + win, context_state.crc(data[win:]), events, seen)
