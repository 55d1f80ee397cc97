"""The SQLite files of derived state under ``.holonmem/`` (the id map, the
episode and memory catalogs): private (0600), WAL, a versioned schema, and a file
SQLite calls corrupt thrown away and started again — they are rebuilt from the
files people own. A database that is only locked, full or read-only is never
deleted. Also what their modules share: :class:`Database` (an open file that
closes as a context manager), :class:`transaction` and :func:`remove`.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def connect(path: Path, version: int, drop: str, schema: str, *, timeout: float) -> sqlite3.Connection:
    """An autocommit connection to the database at ``path`` whose schema is
    ``schema`` at ``PRAGMA user_version`` = ``version``; a database of another
    version is emptied with ``drop`` first. Raises ``sqlite3.OperationalError``
    (locked, disk full, read-only) as it is."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    for attempt in (1, 2):
        try:  # private from the start: it names projects and quotes episodes (-wal/-shm get the same mode)
            os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            pass
        conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            _ensure_schema(conn, version, drop, schema)
            return conn
        except sqlite3.OperationalError:
            conn.close()
            raise
        except sqlite3.DatabaseError:
            conn.close()
            if attempt == 2:
                raise
            remove(path)
    raise AssertionError("unreachable")  # pragma: no cover


def remove(path: Path) -> None:
    """Delete the database at ``path`` with its ``-wal`` and ``-shm`` files (what cannot be
    deleted stays; the next :func:`connect` says so)."""
    for suffix in ("", "-wal", "-shm"):
        try:
            os.unlink(f"{path}{suffix}")
        except OSError:
            pass


class transaction:
    """``with transaction(conn):`` — ``BEGIN`` (``immediate``: take the write lock now) …
    ``COMMIT``; ``ROLLBACK`` when the block or the commit raises (on an autocommit connection)."""

    __slots__ = ("conn", "begin")

    def __init__(self, conn: sqlite3.Connection, *, immediate: bool = False):
        self.conn, self.begin = conn, "BEGIN IMMEDIATE" if immediate else "BEGIN"

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute(self.begin)
        return self.conn

    def __exit__(self, typ, exc, tb) -> None:
        if typ is None:
            try:
                self.conn.execute("COMMIT")
                return
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
        self.conn.execute("ROLLBACK")


class Database:
    """An open derived-state database: ``self.path`` and ``self.conn`` (set by the subclass);
    ``with`` closes it."""

    path: Path
    conn: sqlite3.Connection

    def close(self) -> None:
        self.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def run_script(conn: sqlite3.Connection, *scripts: str) -> None:
    """Each ``;``-separated statement of ``scripts`` in the transaction that is open
    (``executescript`` would commit it first)."""
    for script in scripts:
        for stmt in script.split(";"):
            if stmt.strip():
                conn.execute(stmt)


def _ensure_schema(conn: sqlite3.Connection, version: int, drop: str, schema: str) -> None:
    """Create the tables, or replace those of another version; checked again
    under the write lock, so two processes never both do it."""
    if conn.execute("PRAGMA user_version").fetchone()[0] == version:
        return
    with transaction(conn, immediate=True):
        if conn.execute("PRAGMA user_version").fetchone()[0] != version:
            run_script(conn, drop, schema)
            conn.execute(f"PRAGMA user_version={version}")
