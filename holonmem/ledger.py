"""The append-only JSONL event ledger: ``ledger/YYYY-MM.jsonl``.

Appends happen under the ledger lock, one ``write`` per batch on an
``O_APPEND`` descriptor, fsynced at the end of the call. A torn last line (a
crash mid-write) is moved to ``.holonmem/quarantine/`` before the next write,
never glued to the next line. Readers only ever see complete lines.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from .records import dataclass, field  # not dataclasses: it imports inspect (~10 ms a turn)
from pathlib import Path
from itertools import accumulate

from .home import Home
from .jsonline import load_line

# idindex (sqlite3), events (digest), datetime and locks are imported where
# they are used: reading the ledger (``context``, ``search``) needs none of them.


@dataclass
class AppendResult:
    appended: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    quarantined: list[str] = field(default_factory=list)
    file: str | None = None


@dataclass(frozen=True)
class Pos:
    """Where a line lives: ledger file name, byte offset, byte length."""

    file: str
    offset: int
    length: int


def ledger_files(home: Home) -> list[Path]:
    """The ledger files; one that links outside the home is neither read nor repaired
    (``append`` refuses to write through it: :meth:`Home.writable`)."""
    try:
        found = sorted(p for p in home.ledger_dir.iterdir() if p.suffix == ".jsonl" and p.is_file())
    except FileNotFoundError:
        return []
    if not found or not home.contains(home.ledger_dir) or any(p.is_symlink() for p in found):
        found = [p for p in found if home.contains(p)]
    return found


def current_file_name(now: datetime | None = None) -> str:
    from datetime import datetime, timezone

    now = now or datetime.now(timezone.utc)
    return f"{now:%Y-%m}.jsonl"


def repair_tail(home: Home, path: Path) -> str | None:
    """If ``path`` ends in a partial line, move it aside (caller holds the lock).

    A last line that is a complete JSON object only missing its newline (a
    hand edit) gets the newline instead. Returns the quarantine file, if any.
    """
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return None
    if size == 0:
        return None
    with open(path, "rb+") as fh:
        fh.seek(size - 1)
        if fh.read(1) == b"\n":
            return None
        from .fsio import last_line_start

        cut = last_line_start(fh, size)
        fh.seek(cut)
        tail = fh.read()
        try:
            obj = json.loads(tail)
            if isinstance(obj, dict) and isinstance(obj.get("text"), str):
                fh.seek(size)
                fh.write(b"\n")
                fh.flush()
                os.fsync(fh.fileno())
                return None
        except (ValueError, UnicodeDecodeError):
            pass
        home.quarantine_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        qpath = home.quarantine_dir / f"{path.stem}.{int(time.time() * 1000)}.{os.getpid()}.torn"
        with open(qpath, "wb") as q:
            q.write(tail)
            q.flush()
            os.fsync(q.fileno())
        os.chmod(qpath, 0o600)
        fh.truncate(cut)
        fh.flush()
        os.fsync(fh.fileno())
    return str(qpath)


def _first_new(ids: list[str], present: set[str], dups: list[str]) -> list[int]:
    """Positions of the ids neither in ``present`` nor earlier in the batch;
    the skipped ids go to ``dups``."""
    seen: set[str] = set()
    keep = []
    for i, eid in enumerate(ids):
        if eid in present or eid in seen:
            dups.append(eid)
            continue
        seen.add(eid)
        keep.append(i)
    return keep


class Ledger:
    """Appends and lookups for one home.

    Keeps its id-map connection open between appends of the same run (a bulk
    ingest appends many batches); :meth:`close` releases it. The lock is still
    taken per batch, and the map is caught up after every acquisition, so
    other writers can interleave safely.
    """

    def __init__(self, home: Home):
        self.home = home
        self._idx: IdIndex | None = None

    def _index(self, fsync: bool) -> IdIndex:
        if self._idx is None:
            self._idx = open_id_map(self.home)
        self._idx.set_durable(fsync)
        return self._idx

    def close(self) -> None:
        if self._idx is not None:
            self._idx.close()
            self._idx = None

    def __enter__(self) -> "Ledger":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def files(self) -> list[Path]:
        return ledger_files(self.home)

    def append(self, events: list[dict], *, fsync: bool = True, timeout: float = 30.0) -> AppendResult:
        """Append events whose ids are not in the ledger yet, as one write."""
        from .events import dumps_event
        from .idindex import key_of

        return self.append_lines(
            [ev["id"] for ev in events], [(dumps_event(ev) + "\n").encode("utf-8") for ev in events],
            [key_of(ev) for ev in events], fsync=fsync, timeout=timeout,
        )

    def append_lines(self, ids: list[str], lines: list[bytes], keys: list[tuple[str, str]], *,
                     fsync: bool = True, timeout: float = 30.0) -> AppendResult:
        """:meth:`append` for events already serialized: ``lines[i]`` is the
        ledger line (``dumps_event`` + newline, UTF-8) of the event with id
        ``ids[i]`` and id-map key ``keys[i]`` (``idindex.key_of``). Lines whose
        id is in the ledger, or earlier in the batch, are skipped."""
        from .idindex import tail_mark
        from .locks import LEDGER, home_lock

        res = AppendResult()
        home = self.home
        path = home.writable(home.ledger_dir / current_file_name())
        home.ledger_dir.mkdir(parents=True, exist_ok=True)
        with home_lock(home, LEDGER, timeout):
            files = self.files()
            for p in files:
                q = repair_tail(home, p)
                if q:
                    res.quarantined.append(q)
            idx = self._index(fsync)
            ok = False
            try:
                idx.catch_up(files)
                present = idx.existing(ids)
                if present or len(set(ids)) != len(ids):
                    keep = _first_new(ids, present, res.duplicates)
                    ids, lines, keys = [ids[i] for i in keep], [lines[i] for i in keep], [keys[i] for i in keep]
                if not ids:
                    ok = True
                    return res
                res.file = path.name
                fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                try:
                    start = os.fstat(fd).st_size
                    data = b"".join(lines)
                    view = memoryview(data)
                    try:
                        while view:
                            n = os.write(fd, view)
                            view = view[n:]
                    except OSError:
                        # disk full / file too large mid-batch: keep the complete
                        # lines (valid events, indexed by the next run) and cut the
                        # partial one, so nothing half-written stays in the ledger
                        done = len(data) - len(view)
                        os.ftruncate(fd, start + data.rfind(b"\n", 0, done) + 1)
                        raise
                    if fsync:
                        os.fsync(fd)
                finally:
                    os.close(fd)
                name = path.name
                end_off = start + len(data)
                if idx.indexed_size(name) == start:
                    sizes = [len(line) for line in lines]
                    offsets = accumulate(sizes, initial=start)
                    rows = [(eid, name, off, n - 1) for eid, off, n in zip(ids, offsets, sizes)]
                    with open(path, "rb") as fh:
                        mark = tail_mark(fh, end_off)
                    idx.add_fresh(name, rows, set(keys), end_off, mark)
                res.appended = ids
                ok = True
                return res
            finally:
                if not ok:
                    self.close()

    def lookup(self, event_id: str) -> tuple[Pos, bytes] | None:
        """Find one event's raw line by id (index first, then the unindexed tail)."""
        idx = open_id_map(self.home)
        try:
            hit = idx.lookup(event_id)
            if hit is None:
                sizes = {p.name: idx.indexed_size(p.name) for p in self.files()}
        finally:
            idx.close()
        if hit is not None:
            name, off, length = hit
            try:
                with open(self.home.ledger_dir / name, "rb") as fh:
                    fh.seek(off)
                    raw = fh.read(length)
                obj = load_line(raw)
                if isinstance(obj, dict) and obj.get("id") == event_id:
                    return Pos(name, off, length), raw
            except (OSError, ValueError):
                pass
            sizes = {p.name: 0 for p in self.files()}  # index is stale: scan
        for pos, raw in iter_lines(self.home, sizes):
            if event_id.encode("utf-8") in raw:
                try:
                    if load_line(raw).get("id") == event_id:
                        return pos, raw
                except (ValueError, AttributeError):
                    continue
        return None


def end_offsets(home: Home) -> dict[str, int]:
    """Current end of complete lines in each ledger file."""
    out = {}
    for p in ledger_files(home):
        size = p.stat().st_size
        if size == 0:
            out[p.name] = 0
            continue
        with open(p, "rb") as fh:
            fh.seek(size - 1)
            if fh.read(1) == b"\n":
                out[p.name] = size
                continue
            back = min(size, 1 << 20)
            fh.seek(size - back)
            chunk = fh.read(back)
            nl = chunk.rfind(b"\n")
            out[p.name] = size - back + nl + 1 if nl >= 0 else 0
    return out


def iter_lines(home: Home, start: dict[str, int] | None = None, *, chunk_size: int = 1 << 20) -> Iterator[tuple[Pos, bytes]]:
    """Yield complete lines (without ``\\n``) after the given offsets, in file order.

    ``start`` maps ledger file names to byte offsets; files not in it are read
    from the beginning. Blank lines are skipped; a partial last line is not
    yielded (it is either still being written or torn).
    """
    start = start or {}
    for path in ledger_files(home):
        off = start.get(path.name, 0)
        try:
            fh = open(path, "rb")
        except FileNotFoundError:
            continue
        with fh:
            fh.seek(off)
            buf = b""
            base = off
            while True:
                chunk = fh.read(chunk_size)
                if not chunk:
                    break
                buf += chunk
                pos = 0
                while True:
                    nl = buf.find(b"\n", pos)
                    if nl < 0:
                        break
                    if nl > pos and buf[pos:nl].strip():
                        yield Pos(path.name, base + pos, nl - pos), buf[pos:nl]
                    pos = nl + 1
                buf = buf[pos:]
                base += pos


def iter_events(home: Home, start: dict[str, int] | None = None, errors: list | None = None) -> Iterator[tuple[Pos, dict]]:
    """Yield parsed events after ``start``; unparseable lines go to ``errors``."""
    for pos, raw in iter_lines(home, start):
        try:
            ev = load_line(raw)
        except (ValueError, UnicodeDecodeError) as exc:
            if errors is not None:
                errors.append((pos, f"not valid JSON: {exc}"))
            continue
        if not isinstance(ev, dict) or not isinstance(ev.get("id"), str):
            if errors is not None:
                errors.append((pos, "not an event object with an id"))
            continue
        yield pos, ev


def open_id_map(home: Home) -> IdIndex:
    """The id map of ``home`` (:class:`idindex.IdIndex`). On a read-only home it is a
    private map in memory, built from the ledger now (nobody else can write the ledger)."""
    from .idindex import IdIndex

    idx = IdIndex(home)
    if idx.in_memory:
        idx.catch_up(ledger_files(home))
    return idx


def caught_up_index(home: Home, timeout: float) -> tuple[IdIndex, bool]:
    """An open id map, caught up with the ledger under the ledger lock when
    that lock comes free within ``timeout`` (the bool says whether it did).
    The caller closes it."""
    from .errors import LockBusy
    from .locks import LEDGER, home_lock

    idx = open_id_map(home)
    if idx.in_memory:  # a read-only home: the map was just built from the ledger, nobody else writes
        return idx, True
    try:
        with home_lock(home, LEDGER, timeout):
            idx.catch_up(ledger_files(home))
        return idx, True
    except LockBusy:
        return idx, False
    except BaseException:
        idx.close()
        raise


def ledger_stats(home: Home, *, timeout: float = 2.0) -> dict:
    """Counts from the id index, brought up to date first when the lock is free."""
    idx, _ = caught_up_index(home, timeout)
    try:
        out = idx.stats()
    finally:
        idx.close()
    out["files"] = [p.name for p in ledger_files(home)]
    out["bytes"] = sum(p.stat().st_size for p in ledger_files(home))
    return out
