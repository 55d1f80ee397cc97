"""The SQLite files of derived state under ``.holonmem/`` (the id map, the
episode catalog): private (0600), WAL, a versioned schema, and a file SQLite
calls corrupt thrown away and started again — they are rebuilt from the files
people own. A database that is only locked, full or read-only is never deleted.
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
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
    raise AssertionError("unreachable")  # pragma: no cover


def _ensure_schema(conn: sqlite3.Connection, version: int, drop: str, schema: str) -> None:
    """Create the tables, or replace those of another version; checked again
    under the write lock, so two processes never both do it."""
    if conn.execute("PRAGMA user_version").fetchone()[0] == version:
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        if conn.execute("PRAGMA user_version").fetchone()[0] != version:
            for stmt in (drop + ";" + schema).split(";"):
                if stmt.strip():
                    conn.execute(stmt)
            conn.execute(f"PRAGMA user_version={version}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
