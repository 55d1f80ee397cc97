"""Event id → ledger position map (SQLite under ``.holonmem/``).

Derived state: it can always be rebuilt from the ledger files. It makes the
duplicate check on ingest and ``get event:ID`` O(log n) however long the
ledger grows. Each ledger file has a row saying how far it was indexed, and a
fingerprint of the bytes just before that point, so that a file rewritten by
hand or by a git merge is detected and re-read instead of trusted.
"""

from __future__ import annotations

from .digest import sha1
import json
import sqlite3
from pathlib import Path
from collections.abc import Iterable, Iterator  # not typing: ~3 ms on every hook

from .home import Home
from .jsonline import load_line
from .sqlitedb import Database, connect, transaction

DB_NAME = "ids.sqlite"
MARK_BYTES = 64
VERSION = 2  # PRAGMA user_version; another value (or none) is an old map: dropped and rebuilt from the ledger
# ids: one row per event, as narrow as the lookups need (every column is paid
# for on every ingested event). keys: the (project, session) pairs per ledger
# file, for the counts of `status` ("" for no session).
_SCHEMA = """
CREATE TABLE IF NOT EXISTS ids(id TEXT PRIMARY KEY, file TEXT NOT NULL, offset INTEGER NOT NULL, length INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS keys(file TEXT NOT NULL, project TEXT NOT NULL, session TEXT NOT NULL, PRIMARY KEY(file, project, session)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS files(name TEXT PRIMARY KEY, size INTEGER NOT NULL, mark TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS dups(file TEXT NOT NULL, offset INTEGER NOT NULL, id TEXT NOT NULL, PRIMARY KEY(file, offset));
"""
_DROP = "DROP TABLE IF EXISTS ids; DROP TABLE IF EXISTS keys; DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS dups;"


def tail_mark(fh, end: int) -> str:
    """The fingerprint of the :data:`MARK_BYTES` before ``end`` in an open ledger file."""
    start = max(0, end - MARK_BYTES)
    fh.seek(start)
    return sha1(fh.read(end - start)).hexdigest()


Row = tuple  # (id, offset, length, project, session); see key_of


def key_of(event: dict) -> tuple[str, str]:
    """The ``keys`` pair of an event: (project, session), "" for none."""
    p, s = event.get("project"), event.get("session")
    return (p if isinstance(p, str) else "", s if isinstance(s, str) else "")


def row_for(event: dict, offset: int, length: int) -> Row:
    return (event["id"], offset, length, *key_of(event))


def scan_ids(data: bytes, base: int) -> Iterator[Row]:
    """Yield an index row for each complete, parseable line of ``data``."""
    pos = 0
    n = len(data)
    while pos < n:
        nl = data.find(b"\n", pos)
        if nl < 0:
            break
        line = data[pos:nl]
        if line.strip():
            try:
                obj = load_line(line)
            except (ValueError, UnicodeDecodeError):
                obj = None
            if isinstance(obj, dict) and isinstance(obj.get("id"), str):
                yield row_for(obj, base + pos, nl - pos)
        pos = nl + 1


def _read_only(path: Path) -> bool:
    """Can the id map (or, when it does not exist, its folder) not be written?"""
    import errno
    import os

    target = path if path.exists() else path.parent
    while not target.exists() and target != target.parent:
        target = target.parent
    try:
        fd = os.open(target, os.O_RDWR if target.is_file() else os.O_RDONLY)
    except OSError as exc:
        return exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
    try:
        if target.is_dir():
            probe = os.path.join(target, f".holonmem-probe-{os.getpid()}")
            try:
                os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                os.unlink(probe)
            except OSError as exc:
                return exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
        return False
    finally:
        os.close(fd)


def _db_errors(fn):
    """Turn SQLite failures (disk full, I/O error, read-only) into a clear holonmem error."""
    import functools

    @functools.wraps(fn)
    def wrapper(self, *a, **kw):
        try:
            return fn(self, *a, **kw)
        except sqlite3.OperationalError as exc:
            from .errors import HolonmemError

            raise HolonmemError(
                f"cannot update the id map {self.path}: {exc}",
                "free some disk space (or make the home writable) and run the command again; "
                "the ledger is intact and the id map is rebuilt from it",
            ) from None

    return wrapper


class IdIndex(Database):
    """A connection to the id map of one home."""

    def __init__(self, home: Home, *, readonly: bool = False):
        self.home = home
        self.path = home.state_dir / DB_NAME
        self.readonly = readonly
        self.in_memory = False
        self.conn = self._connect()  # in_memory: a read-only home; ledger.open_id_map builds it from the ledger

    @_db_errors
    def _connect(self) -> sqlite3.Connection:
        try:
            conn = connect(self.path, VERSION, _DROP, _SCHEMA, timeout=30)
        except (sqlite3.OperationalError, PermissionError) as exc:
            if not _read_only(self.path):
                raise
            # a read-only home (a mounted backup, a shared checkout): inspection still
            # works, with a map that lives as long as this process
            del exc
            conn = sqlite3.connect(":memory:", isolation_level=None)
            conn.executescript(_SCHEMA)
            self.in_memory = True
            return conn
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    def set_durable(self, durable: bool) -> None:
        """``synchronous=OFF`` for bulk loads that skip fsync (``--no-fsync``):
        the map is derived state, rebuilt from the ledger if it is ever lost."""
        want = "NORMAL" if durable else "OFF"
        if getattr(self, "_sync", None) != want:
            self.conn.execute(f"PRAGMA synchronous={want}")
            if not durable:  # a bulk load: keep more of the id B-tree in memory
                self.conn.execute("PRAGMA cache_size=-65536")
            self._sync = want

    # -- queries -----------------------------------------------------------
    def lookup(self, event_id: str) -> tuple[str, int, int] | None:
        row = self.conn.execute("SELECT file, offset, length FROM ids WHERE id=?", (event_id,)).fetchone()
        return (row[0], row[1], row[2]) if row else None

    def existing(self, ids: Iterable[str]) -> set[str]:
        ids = list(ids)
        found: set[str] = set()
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            q = "SELECT id FROM ids WHERE id IN (%s)" % ",".join("?" * len(chunk))
            found.update(r[0] for r in self.conn.execute(q, chunk))
        return found

    def count(self) -> int:
        return self.conn.execute("SELECT count(*) FROM ids").fetchone()[0]

    def duplicates(self) -> list[tuple[str, int, str]]:
        return [tuple(r) for r in self.conn.execute("SELECT file, offset, id FROM dups ORDER BY file, offset")]

    def stats(self) -> dict:
        c = self.conn
        return {
            "events": c.execute("SELECT count(*) FROM ids").fetchone()[0],
            "sessions": c.execute("SELECT count(DISTINCT session) FROM keys WHERE session != ''").fetchone()[0],
            "projects": sorted(r[0] for r in c.execute("SELECT DISTINCT project FROM keys") if r[0]),
            "duplicates": c.execute("SELECT count(*) FROM dups").fetchone()[0],
        }

    def indexed_size(self, name: str) -> int:
        row = self.conn.execute("SELECT size FROM files WHERE name=?", (name,)).fetchone()
        return row[0] if row else 0

    # -- updates (callers hold the ledger lock) ----------------------------
    @_db_errors
    def add(self, name: str, rows: list[Row], new_size: int, mark: str) -> None:
        with transaction(self.conn) as c:
            self._insert(name, rows)
            c.execute("INSERT OR REPLACE INTO files(name, size, mark) VALUES(?,?,?)", (name, new_size, mark))

    def add_fresh(self, name: str, rows: list[tuple], keys: set[tuple[str, str]], new_size: int, mark: str) -> None:
        """Like :meth:`add`, for rows ``(id, file, offset, length)`` whose ids
        the caller checked are new and their events' :func:`key_of` pairs (the
        ledger's append path, under the ledger lock): one executemany."""
        with transaction(self.conn) as c:
            c.executemany("INSERT OR IGNORE INTO ids(id, file, offset, length) VALUES(?,?,?,?)", rows)
            c.executemany("INSERT OR IGNORE INTO keys(file, project, session) VALUES(?,?,?)",
                          [(name, p, s) for p, s in keys])
            c.execute("INSERT OR REPLACE INTO files(name, size, mark) VALUES(?,?,?)", (name, new_size, mark))

    def _insert(self, name: str, rows: Iterable[Row]) -> None:
        c = self.conn
        keys = set()
        for eid, off, length, project, session in rows:
            keys.add((project, session))
            cur = c.execute("INSERT OR IGNORE INTO ids(id, file, offset, length) VALUES(?,?,?,?)", (eid, name, off, length))
            if cur.rowcount == 0:
                prev = self.lookup(eid)
                if prev and (prev[0], prev[1]) != (name, off):
                    c.execute("INSERT OR IGNORE INTO dups(file, offset, id) VALUES(?,?,?)", (name, off, eid))
        c.executemany("INSERT OR IGNORE INTO keys(file, project, session) VALUES(?,?,?)", [(name, p, ss) for p, ss in keys])

    @_db_errors
    def catch_up(self, files: list[Path]) -> None:
        """Index what was appended to ``files`` since last time (complete lines only)."""
        known = {r[0]: (r[1], r[2]) for r in self.conn.execute("SELECT name, size, mark FROM files")}
        names = {p.name for p in files}
        for gone in set(known) - names:
            self._forget(gone)
        for path in files:
            name = path.name
            try:
                size = path.stat().st_size
            except FileNotFoundError:
                continue
            rec = known.get(name)
            with open(path, "rb") as fh:
                start = 0
                if rec is not None:
                    rsize, rmark = rec
                    if rsize == size and tail_mark(fh, size) == rmark:
                        continue
                    if rsize <= size and tail_mark(fh, rsize) == rmark:
                        start = rsize
                    else:
                        self._forget(name)
                fh.seek(start)
                data = fh.read(size - start)
                end = start + data.rfind(b"\n") + 1 if b"\n" in data else start
                rows = list(scan_ids(data[: end - start], start))
                self.add(name, rows, end, tail_mark(fh, end))

    @_db_errors
    def _forget(self, name: str) -> None:
        with transaction(self.conn) as c:
            c.execute("DELETE FROM ids WHERE file=?", (name,))
            c.execute("DELETE FROM keys WHERE file=?", (name,))
            c.execute("DELETE FROM dups WHERE file=?", (name,))
            c.execute("DELETE FROM files WHERE name=?", (name,))
