"""The memory catalog: what ``context`` needs of the memory files and the notes,
kept in SQLite so that a turn parses no file that did not change (derived
state: ``.holonmem/memories.sqlite``; delete it and it is built again).

Per memory file it holds the file's stamp (inode, mtime, size, SHA-1), whether
the memory is *live* (active, readable, trusted, not superseded — what some
project's context may show), its project and scope, and for a live one its
card (:class:`holonmem.context_render.MemoryCard`: the masked one-line
statement, the day its age counts from, its relevance terms, its strength).
Per note: the stamp and the catalog entry (title, summary, tags, project,
terms). A turn reads only the live cards of its project; superseded and
archived memories are never read, parsed or ranked.

How a turn finds what changed (:meth:`Catalog.refresh`), cheapest first:

- the folders: ``memory/``, ``notes/`` and each notes subfolder are stat'ed;
  a folder whose mtime moved had a file added, removed or replaced by a
  rename (``git pull``/``checkout``, holonmem's own writers, most editors):
  its entries are listed (names and inode numbers, no stat) and only new or
  re-created files are read;
- the files the turn can show — the project's live memories and the notes —
  are stat'ed (relative to the home's folder), so an edit in place (same
  inode) is seen on the next turn; their rows come from a snapshot (one
  marshal blob per project, one for the notes) while no row changed, and a
  long-lived process keeps the rows it read while the snapshot holds (its
  ``token``: :data:`_KEPT`);
- the other memory files (archived, superseded, another project's) are
  checked a slice at a time, in path order from where the last slice
  stopped (meta ``sweep``): a turn stats the rows that came due since the
  last slice, at a rate of every file per :data:`FULL_CHECK_SECONDS`, once
  at least :data:`SWEEP_MIN` are due and never more than :data:`SWEEP_MAX`
  (at 10,000 memories a full check costs ~35 ms of CPU, a slice of 1,000
  ~3 ms), so an edit in place of a memory the turn cannot show is seen
  within a minute of turns, or within ``files / SWEEP_MAX`` turns when
  they are further apart. A turn whose due slice is the whole catalog
  (a small home, or one idle for a minute) does the full check: every
  file stat'ed, the folders listed; so does the first turn after
  :data:`FULL_LIST_SECONDS`, a backstop against a folder whose mtime was
  put back by hand (``doctor`` compares the catalog with the files:
  :func:`compare`).

A changed stamp with the same size and SHA-1 only restamps. A stamp taken
within :data:`RACY_NS` of its file's mtime is not trusted (as git's "racy"
index entries): the file is hashed again next time. The catalog is rebuilt
when its version or the code that makes the cards changes (the stamps of
the modules listed in :data:`CODE`); a corrupt one is thrown away and rebuilt
(``sqlitedb``) with a warning; one that cannot be opened or written leaves
the caller to read the files (:func:`holonmem.context_sources.memories_and_notes`).
"""

from __future__ import annotations

import marshal
import os
import sqlite3
import stat
import time
from pathlib import Path

from . import fswatch
from .home import RESERVED_MEMORY, Home
from .sqlitedb import Database, connect, transaction

DB_NAME = "memories.sqlite"
VERSION = 5  # bump when the schema or what a row holds changes
FULL_CHECK_SECONDS = 60  # every memory file is stat'ed once per this many seconds of turns (a slice per turn)
SWEEP_MIN = 64  # a turn checks no slice smaller than this (fewer due: they wait for a later turn)
SWEEP_MAX = 1000  # nor a larger one: a turn after a long pause pays ~3 ms at 10,000 memories, not ~35
FULL_LIST_SECONDS = 3600  # a turn lists the folders and stats every file when the last full check is older
RACY_NS = 2_000_000_000  # a stamp this close to the file's mtime is checked again
# Modules whose code decides what a card or note entry holds: when one changes, the catalog is rebuilt.
CODE = ("memory.py", "frontmatter.py", "notes.py", "context_render.py", "redact.py", "tokens.py", "context_sources.py",
        "memory_catalog.py")
SEP = "\x1f"  # between the tags of a note

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS dirs(rel TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS mems(live INTEGER NOT NULL, vis TEXT NOT NULL, rel TEXT NOT NULL,
    ino INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, ctime_ns INTEGER NOT NULL, size INTEGER NOT NULL,
    sha1 TEXT NOT NULL, project TEXT, scope TEXT, kind TEXT,
    statement TEXT, short TEXT, day INTEGER, terms TEXT, strength REAL,
    PRIMARY KEY(live, vis, rel)) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS mems_rel ON mems(rel);
CREATE TABLE IF NOT EXISTS notes(rel TEXT PRIMARY KEY, dir TEXT NOT NULL, ino INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL, ctime_ns INTEGER NOT NULL, size INTEGER NOT NULL, sha1 TEXT NOT NULL, live INTEGER NOT NULL,
    title TEXT, summary TEXT, tags TEXT, project TEXT, terms TEXT);
CREATE TABLE IF NOT EXISTS snaps(key TEXT PRIMARY KEY, gen INTEGER NOT NULL, token TEXT NOT NULL, data BLOB NOT NULL);
"""
_DROP = ("DROP TABLE IF EXISTS meta; DROP TABLE IF EXISTS dirs; DROP TABLE IF EXISTS mems; DROP TABLE IF EXISTS notes; "
         "DROP TABLE IF EXISTS snaps;")
_CARD_COLS = "rel, kind, scope, project, statement, short, day, terms, strength"
# A turn of project P reads the live rows whose ``vis`` is '' (global or about the person) or P: a range
# of the primary key, never the superseded and archived ones (live 0).
_VISIBLE = "live=1 AND vis IN ('', ?)"
_NOTE_COLS = "rel, title, summary, tags, project, terms"
_MEM_ROW = f"ino, mtime_ns, ctime_ns, size, sha1, {_CARD_COLS}"  # a visible memory: its stamp, SHA-1 and card
_NOTE_ROW = f"{_NOTE_COLS}, dir, ino, mtime_ns, ctime_ns, size, sha1, live"  # a note: its entry, folder, stamp
# A snapshot (table ``snaps``) holds, as one marshal blob, the rows a turn reads: a project's visible
# memories (key ``mems:P``) or every note in path order (``notes``). It is valid while its ``gen`` is
# the catalog's generation (meta ``gen``), which every write of a row moves on: one read of a blob
# instead of ~1,700 rows through the sqlite3 module (~10 ms a turn at 10,000 memories). Each
# snapshot written gets a new random ``token``: a process that read it keeps its rows, and what
# it derived from them, under (catalog, key, token) — :data:`_KEPT` — and a later turn in the
# same process (the turn server) whose snapshot has that token reads only the token (~2 ms a
# turn at 10,000 memories). A token names one blob's content, so the copy is never stale.
_GEN = "INSERT OR REPLACE INTO meta VALUES('gen', ?)"
_KEPT: dict[tuple[str, str], tuple[str, list, dict]] = {}  # (catalog, key): (token, rows, derived from them)
_KEPT_MAX = 16


def _keep(db: str, key: str, token: str, rows: list, derived: dict | None = None) -> tuple[str, list, dict]:
    if len(_KEPT) >= _KEPT_MAX:
        _KEPT.clear()
    kept = _KEPT[(db, key)] = (token, rows, {} if derived is None else derived)
    return kept


def code_stamp() -> str:
    """The catalog version and the stamps of the modules in :data:`CODE`."""
    here = Path(__file__).parent
    parts = [str(VERSION)]
    for name in CODE:
        try:
            st = os.stat(here / name)
            parts.append(f"{st.st_mtime_ns}:{st.st_size}")
        except OSError:
            parts.append("-")
    return " ".join(parts)


def _sha1(data: bytes) -> str:
    from .digest import sha1

    return sha1(data).hexdigest()


# -- reading one file ----------------------------------------------------------------

def memory_row(rel: str, data: bytes) -> tuple:
    """``(live, project, scope, kind, statement, short, day, terms, strength)`` of one memory file's bytes."""
    from .context_render import memory_card, memory_live
    from .memory import parse_memory

    m = parse_memory(rel, data.decode("utf-8", errors="replace"))
    if not memory_live(m):
        return (0, m.project, m.scope, m.kind, None, None, None, None, None)
    c = memory_card(m)
    return (1, c.project, c.scope, c.kind, c.statement, c.short, c.day, c.terms, c.strength)


def visibility(live: int, project: str | None, scope: str | None) -> str:
    """The ``vis`` key of a memory row: '' when every project's context may show it
    (global, or about the person), else its project ('' too when not live)."""
    return "" if not live or not project or scope == "user" else project


def note_row(rel: str, data: bytes) -> tuple:
    """``(live, title, summary, tags, project, terms)`` of one note's bytes (live 0: the untouched starter)."""
    from .layout import starter_text
    from .notes import NOTE_HEAD_BYTES, STARTER_NOTES, note_entry_from_head

    if rel in STARTER_NOTES and data.decode("utf-8", errors="replace").strip() == starter_text(rel).strip():
        return (0, None, None, None, None, None)
    n = note_entry_from_head(rel, Path(rel).stem, data[:NOTE_HEAD_BYTES].decode("utf-8", errors="ignore"))
    return (1, n.title, n.summary, SEP.join(n.tags), n.project, n.terms)


def _cards(rows, start: int = 0) -> list:
    """The cards of rows whose :data:`_CARD_COLS` begin at column ``start``."""
    from .context_render import MemoryCard

    return [MemoryCard(*r[start:]) for r in rows]


def _notes(rows) -> list:
    """The entries of note rows that begin with the columns :data:`_NOTE_COLS`."""
    from .notes import NoteEntry

    return [NoteEntry(r[0], r[1], r[2], r[3].split(SEP) if r[3] else [], r[4], r[5]) for r in rows]


# -- listing the folders ---------------------------------------------------------------

def _regular(home: Home, entry) -> os.stat_result | None:
    """The stat of a regular file entry (a link only when it stays inside the home)."""
    try:
        if entry.is_symlink() and not home.contains(Path(entry.path)):
            return None
        st = entry.stat()
    except OSError:
        return None
    return st if stat.S_ISREG(st.st_mode) else None


def _memory_entries(home: Home) -> list:
    """The entries of ``memory/`` that ``memory.load_memories`` reads (``*.md``, not
    operator/self, not hidden); none when the folder is missing or leads outside."""
    try:
        it = os.scandir(home.memory_dir)
    except (FileNotFoundError, NotADirectoryError):
        return []
    with it:
        out = [e for e in it if e.name.endswith(".md") and not e.name.startswith(".") and e.name not in RESERVED_MEMORY]
    return out if out and home.contains(home.memory_dir) else []


def _note_dirs(home: Home) -> dict[str, tuple[int | None, list]]:
    """``{folder rel: (mtime before listing, [*.md entries])}`` of ``notes/`` and its
    subfolders (hidden ones and links to folders skipped, as ``notes_catalog``'s
    ``rglob`` does); empty when ``notes/`` is missing or leads outside the home."""
    out: dict[str, tuple[int | None, list]] = {}
    root = home.notes_dir
    if not root.is_dir() or not home.contains(root):
        return out
    stack = [(root, home.rel(root))]
    while stack:
        d, rel = stack.pop()
        mtime = _mtime(d)
        files = []
        try:
            it = os.scandir(d)
        except OSError:
            continue
        with it:
            for e in it:
                if e.name.startswith("."):
                    continue
                try:
                    if e.is_dir(follow_symlinks=False):
                        stack.append((Path(e.path), f"{rel}/{e.name}"))
                        continue
                except OSError:
                    continue
                if e.name.endswith(".md"):
                    files.append(e)
        out[rel] = (mtime, files)
    return out


def _mtime(path) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def _seconds(value: str | None) -> float:
    """A time kept in ``meta`` (-inf: none, or not a number)."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("-inf")


def _stamp(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size)


# -- the catalog -----------------------------------------------------------------------

class Catalog(Database):
    """An open catalog: :meth:`refresh` brings it up to date for a turn (or
    fully), :meth:`cards` and :meth:`notes` answer from it.

    A refresh reads without a transaction and writes what changed in one
    ``BEGIN IMMEDIATE`` transaction, only when something did (an unchanged
    turn writes nothing). Two turns at once may both re-read a changed file;
    they write the same rows."""

    def __init__(self, home: Home, *, timeout: float = 0.5):
        self.home = home
        self.path = home.state_dir / DB_NAME
        self.rebuilt: str | None = None  # why the catalog was started again, when it was
        try:
            existed = self.path.stat().st_size > 0
        except OSError:
            existed = False
        self.conn = connect(self.path, VERSION, _DROP, _SCHEMA, timeout=timeout)
        self.conn.execute("PRAGMA synchronous=NORMAL")  # derived state: a lost last commit is re-read
        if existed and self._meta("code") is None:
            self.rebuilt = "was unreadable or of another version"
        self.stats = {"listed": 0, "stat": 0, "hashed": 0, "read": 0, "full": False, "swept": 0}
        self._root = str(home.root) + os.sep
        self._db = str(self.path)
        self._cards: tuple[str, tuple] | None = None  # (project, its kept snapshot) read on the way by refresh
        self._note_rows: tuple | None = None  # the kept snapshot of every note row in path order, likewise

    def _meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    # -- keeping it current ---------------------------------------------------
    def refresh(self, project: str | None = None, *, full: bool = False, now: float | None = None) -> None:
        """Bring the catalog up to date: for a turn of ``project`` (see the
        module docstring: with the slice of the other memories that came due),
        or every file when ``full``, when the due slice is every row, or when the
        last full check is older than :data:`FULL_LIST_SECONDS`."""
        now = time.time() if now is None else now
        self._now_ns = int(now * 1e9)
        self._ops: list[tuple[str, tuple]] = []
        self._snaps: list[tuple[str, tuple]] = []  # snapshots to store when the turn changed nothing
        self.stats["swept"] = 0
        self._cards = self._note_rows = None
        code = code_stamp()
        meta = dict(self.conn.execute("SELECT key, value FROM meta"))
        sweep: tuple[str, int] | None = None  # (after which path, how many) of the other memories to check
        tail: list[tuple[str, tuple]] = []  # where the sweep stopped: written with the rows, not a row change
        gen = meta.get("gen", "0")
        snaps: dict = {}
        if meta.get("code") != code:  # new code: start again (in one transaction with the first rows)
            self._ops += [(stmt, ()) for stmt in (_DROP + _SCHEMA).split(";") if stmt.strip()]
            self._ops.append(("INSERT OR REPLACE INTO meta VALUES('code', ?)", (code,)))
            known_dirs: dict = {}
            mems: dict | None = {}
            notes: list = []
            full = True
        else:
            known_dirs = dict(self.conn.execute("SELECT rel, mtime_ns FROM dirs"))
            if not full and not 0 <= now - _seconds(meta.get("full")) <= FULL_LIST_SECONDS:
                full = True
            if not full:
                sweep = self._due(meta, now)
                full = sweep is None
            mems = {r[0]: r[1:] for r in self.conn.execute("SELECT rel, ino, mtime_ns, ctime_ns, size, sha1 FROM mems")} \
                if full else None
            snaps = self._snapshots(int(gen), ("notes", f"mems:{project}"))
            kept = snaps.get("notes")
            notes = kept[1] if kept is not None else self._sorted_notes()
        self.stats["full"] = full
        self._root = str(self.home.root)
        self._fd = os.open(self._root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            if sweep and sweep[1]:
                tail = self._sweep(*sweep, now)
            self._memories(project, full, known_dirs, mems, snaps)
            self._notes(full, known_dirs, notes, snaps.get("notes"))
        finally:
            os.close(self._fd)
        if full:
            self._ops.append(("INSERT OR REPLACE INTO meta VALUES('full', ?)", (repr(now),)))
            tail = [("INSERT OR REPLACE INTO meta VALUES('swept', ?)", (repr(now),)),
                    ("DELETE FROM meta WHERE key='sweep'", ())]
        if len(self._ops) > full:  # rows changed: a new generation; the old one's snapshots go
            self._ops += [("INSERT OR IGNORE INTO meta VALUES('gen', '0')", ()),
                          ("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key='gen'", ()),
                          ("DELETE FROM snaps", ())]
        elif self._snaps:
            stored = []
            try:  # kept only if no other turn changed a row meanwhile; never worth a wait
                with transaction(self.conn, immediate=True) as c:
                    for key, (_, rows, derived) in self._snaps:
                        token = os.urandom(12).hex()
                        cur = c.execute("INSERT OR REPLACE INTO snaps SELECT ?, ?, ?, ? WHERE "
                                        "COALESCE((SELECT value FROM meta WHERE key='gen'), '0') = ?",
                                        (key, int(gen), token, marshal.dumps(rows), gen))
                        if cur.rowcount == 1:
                            stored.append((key, token, rows, derived))
            except sqlite3.OperationalError:
                stored = []
            for key, token, rows, derived in stored:  # (what this turn derives from them is kept with them)
                _keep(self._db, key, token, rows, derived)
        if self._ops or tail:
            with transaction(self.conn, immediate=True) as c:
                for sql, args in self._ops + tail:
                    c.execute(sql, args)
        self._ops = []

    def _snapshots(self, gen: int, keys: tuple[str, ...]) -> dict[str, tuple[str, list, dict]]:
        """The snapshots of ``keys`` valid at generation ``gen``: ``{key: (token, rows, derived)}``,
        from :data:`_KEPT` when this process has the one the catalog holds, else read (and kept)."""
        out = {}
        marks = ",".join("?" * len(keys))
        for key, token in self.conn.execute(f"SELECT key, token FROM snaps WHERE gen=? AND key IN ({marks})",
                                            (gen, *keys)):
            kept = _KEPT.get((self._db, key))
            if kept is not None and kept[0] == token:
                out[key] = kept
                continue
            row = self.conn.execute("SELECT token, data FROM snaps WHERE gen=? AND key=?", (gen, key)).fetchone()
            if row is not None:  # (gone if another turn changed a row meanwhile)
                out[key] = _keep(self._db, key, row[0], marshal.loads(row[1]))
        return out

    def _due(self, meta: dict, now: float) -> tuple[str, int] | None:
        """The slice of memory rows this turn checks: ``(after which path, how many)``
        (how many 0: too few came due since the last slice), or None when the slice
        would be every row (the full check instead)."""
        total = self.conn.execute("SELECT count(*) FROM mems").fetchone()[0]
        elapsed = now - _seconds(meta.get("swept", meta.get("full")))
        if not 0 <= elapsed < FULL_CHECK_SECONDS:  # a minute or more (or the clock went back): every row is due
            elapsed = FULL_CHECK_SECONDS
        n = min(-(-total * elapsed // FULL_CHECK_SECONDS), SWEEP_MAX)
        if n >= total:
            return None
        return meta.get("sweep", ""), int(n) if n >= SWEEP_MIN else 0

    def _sweep(self, after: str, n: int, now: float) -> list[tuple[str, tuple]]:
        """Stat ``n`` memory rows in path order after ``after`` (wrapping round to the
        first), read those whose stamp moved; the meta writes that record where it stopped."""
        sql = "SELECT rel, ino, mtime_ns, ctime_ns, size, sha1 FROM mems WHERE rel {} ? ORDER BY rel LIMIT ?"
        rows = self.conn.execute(sql.format(">"), (after, n)).fetchall()
        if len(rows) < n:
            rows += self.conn.execute(sql.format("<="), (after, n - len(rows))).fetchall()
        self.stats["swept"] = len(rows)
        for i, st in self._moved(rows, 0, 1, "mems", lambda r: "memory"):
            self._check_memory(rows[i][0], st, rows[i][1:])
        return [("INSERT OR REPLACE INTO meta VALUES('swept', ?)", (repr(now),)),
                ("INSERT OR REPLACE INTO meta VALUES('sweep', ?)", (rows[-1][0] if rows else "",))]

    def _sorted_notes(self) -> list:
        """Every note row (:data:`_NOTE_ROW`), in the order ``notes_catalog`` lists the files."""
        rows = self.conn.execute(f"SELECT {_NOTE_ROW} FROM notes").fetchall()
        rows.sort(key=lambda r: r[0].split("/"))
        return rows

    def _moved(self, rows: list, rel_at: int, stamp_at: int, table: str, folder) -> list:
        """Stat the file of each row (its rel in column ``rel_at``, its stamp in the four
        columns from ``stamp_at``): ``(index, stat)`` of those whose stamp moved. A file
        gone or no longer regular loses its row, and its folder is listed again next time."""
        self.stats["stat"] += len(rows)
        moved = []
        found = fswatch.stats(self._root, [r[rel_at] for r in rows], dir_fd=self._fd)
        for i, (r, st) in enumerate(zip(rows, found)):
            if st is not None:
                if (st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size) == r[stamp_at:stamp_at + 4]:
                    continue
                if stat.S_ISREG(st.st_mode):
                    moved.append((i, st))
                    continue
            self._ops.append((f"DELETE FROM {table} WHERE rel=?", (r[rel_at],)))
            self._ops.append(("UPDATE dirs SET mtime_ns=-1 WHERE rel=?", (folder(r),)))
        return moved

    def _trusted(self, ns: int) -> int:
        """The mtime to record: -1 when it is too recent to trust (checked again next time)."""
        return -1 if ns > self._now_ns - RACY_NS else ns

    def _dir_changed(self, rel: str, mtime: int | None, known: dict) -> bool:
        """Whether folder ``rel`` changed since it was listed (recording its mtime
        taken before the listing; -2: absent, -1: too recent to trust)."""
        m = -2 if mtime is None else mtime
        if m != -1 and known.get(rel) == m:
            return False
        self._ops.append(("INSERT OR REPLACE INTO dirs VALUES(?, ?)", (rel, m if m < 0 else self._trusted(m))))
        return True

    def _memories(self, project: str | None, full: bool, known_dirs: dict, known, snaps: dict) -> None:
        c, home = self.conn, self.home
        if self._dir_changed("memory", _mtime(home.memory_dir), known_dirs) or full:
            # a file added, removed or replaced: every entry is stat'ed (an inode number can be reused)
            self.stats["listed"] += 1
            if known is None:
                known = {r[0]: r[1:] for r in c.execute("SELECT rel, ino, mtime_ns, ctime_ns, size, sha1 FROM mems")}
            seen = set()
            for e in _memory_entries(home):
                st = _regular(home, e)
                self.stats["stat"] += 1
                if st is not None:
                    rel = f"memory/{e.name}"
                    seen.add(rel)
                    self._check_memory(rel, st, known.get(rel))
            for rel in set(known) - seen:
                self._ops.append(("DELETE FROM mems WHERE rel=?", (rel,)))
            return
        if project is None:
            return
        # the folder did not change: an edit in place of a memory this turn can show?
        key = f"mems:{project}"
        kept = snaps.get(key)
        rows = kept[1] if kept is not None else \
            c.execute(f"SELECT {_MEM_ROW} FROM mems WHERE {_VISIBLE}", (project,)).fetchall()
        ops = len(self._ops)
        for i, st in self._moved(rows, 5, 0, "mems", lambda r: "memory"):
            self._check_memory(rows[i][5], st, rows[i][:5])
        if len(self._ops) == ops == 0:  # nothing changed (the sweep neither): these are the turn's cards
            if kept is None:
                kept = ("", rows, {})  # not stored yet: stored at the end of the refresh
                self._snaps.append((key, kept))
            self._cards = (project, kept)

    def _check_memory(self, rel: str, st: os.stat_result, k) -> None:
        stamp = _stamp(st)
        if k is not None and tuple(k[:4]) == stamp:
            return
        data = self._read(rel)
        if data is None:
            self._ops.append(("DELETE FROM mems WHERE rel=?", (rel,)))
            return
        digest = _sha1(data)
        self.stats["hashed"] += 1
        ino, mtime, ctime, _ = stamp
        recorded = (ino, self._trusted(mtime), self._trusted(ctime), len(data))
        if k is not None and k[4] == digest and k[3] == len(data):
            self._ops.append(("UPDATE mems SET ino=?, mtime_ns=?, ctime_ns=?, size=? WHERE rel=?", (*recorded, rel)))
            return
        self.stats["read"] += 1
        live, *card_cols = memory_row(rel, data)
        self._ops.append(("INSERT OR REPLACE INTO mems VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                          (live, visibility(live, card_cols[0], card_cols[1]), rel, *recorded, digest, *card_cols)))

    def _read(self, rel: str) -> bytes | None:
        """The bytes of a catalogued file; None when it is gone, not regular, or a link out of the home."""
        from .fsio import read_bytes

        path = self.home.root / rel
        try:
            if os.path.islink(path) and not self.home.contains(path):
                return None
            return read_bytes(path)  # a FIFO is refused, not read
        except OSError:
            return None

    def _notes(self, full: bool, known_dirs: dict, rows: list, kept: tuple | None) -> None:
        home = self.home
        mine = {r: m for r, m in known_dirs.items() if r == "notes" or r.startswith("notes/")}
        if full or any(self._dir_changed(r, _mtime(home.root / r), mine) for r in (mine or ("notes",))):
            self.stats["listed"] += 1
            known = {r[0]: r[6:12] for r in rows}  # rel: (folder, stamp, SHA-1)
            tree = _note_dirs(home)
            for rel in set(mine) - set(tree) - {"notes"}:
                self._ops.append(("DELETE FROM dirs WHERE rel=?", (rel,)))
            seen = set()
            for drel, (mtime, entries) in tree.items():
                self._dir_changed(drel, mtime, mine)
                for e in entries:
                    st = _regular(home, e)
                    self.stats["stat"] += 1
                    if st is not None:
                        rel = f"{drel}/{e.name}"
                        seen.add(rel)
                        k = known.get(rel)
                        self._check_note(rel, drel, st, k[1:] if k else None)
            for rel in set(known) - seen:
                self._ops.append(("DELETE FROM notes WHERE rel=?", (rel,)))
            return
        ops = len(self._ops)  # the folders did not change: an edit in place?
        for i, st in self._moved(rows, 0, 7, "notes", lambda r: r[6]):
            r = rows[i]
            self._check_note(r[0], r[6], st, r[7:12])
        if len(self._ops) == ops:  # nothing changed: these are the turn's notes
            if kept is None:
                kept = ("", rows, {})
                self._snaps.append(("notes", kept))
            self._note_rows = kept

    def _check_note(self, rel: str, drel: str, st: os.stat_result, k) -> None:
        stamp = _stamp(st)
        if k is not None and tuple(k[:4]) == stamp:
            return
        data = self._read(rel)
        ino, mtime, ctime, size = stamp
        if data is None:  # unreadable: it still counts in the notes cap, shows nothing; tried again next time
            self._ops.append(("INSERT OR REPLACE INTO notes VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)",
                              (rel, drel, ino, -1, -1, size, "", 0, None, None, None, None, None)))
            return
        digest = _sha1(data)
        self.stats["hashed"] += 1
        recorded = (ino, self._trusted(mtime), self._trusted(ctime), len(data))
        if k is not None and k[4] == digest and k[3] == len(data):
            self._ops.append(("UPDATE notes SET ino=?, mtime_ns=?, ctime_ns=?, size=? WHERE rel=?", (*recorded, rel)))
            return
        self.stats["read"] += 1
        self._ops.append(("INSERT OR REPLACE INTO notes VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)",
                          (rel, drel, *recorded, digest, *note_row(rel, data))))

    # -- answering ------------------------------------------------------------------
    def cards(self, project: str):
        """The live memories' cards that ``project``'s context may show, as a
        ``context_render.CardSet`` (kept with the snapshot it came from)."""
        from .context_render import CardSet

        if self._cards is not None and self._cards[0] == project:
            _token, rows, derived = self._cards[1]
            if "cards" not in derived:
                derived["cards"] = CardSet(_cards(rows, 5), project)
            return derived["cards"]
        return CardSet(_cards(self.conn.execute(f"SELECT {_CARD_COLS} FROM mems WHERE {_VISIBLE}", (project,))), project)

    def all_cards(self) -> dict[str, object]:
        """``{rel: card, or None when not live}`` of every memory file in the catalog."""
        rows = self.conn.execute(f"SELECT live, {_CARD_COLS} FROM mems").fetchall()
        return {r[1]: c if r[0] else None for r, c in zip(rows, _cards(rows, 1))}

    def notes(self, max_files: int) -> list:
        """The notes as ``context_sources.notes_catalog`` lists them: the first
        ``max_files`` paths in path order, without the untouched starter."""
        if self._note_rows is None:
            return _notes([r for r in self._sorted_notes()[:max_files] if r[12]])
        _token, rows, derived = self._note_rows
        if derived.get("notes", (None,))[0] != max_files:
            derived["notes"] = (max_files, _notes([r for r in rows[:max_files] if r[12]]))
        return derived["notes"][1]


def sync(home: Home, *, fresh: bool = False) -> dict:
    """Check every file (``fresh``: forget everything first); the counts of what was done."""
    with Catalog(home, timeout=5.0) as cat:
        if fresh:
            cat.conn.execute("DELETE FROM meta")
        cat.refresh(full=True)
        return dict(cat.stats)


def compare(home: Home) -> tuple[list[str], list[str]]:
    """The catalog against the files, read-only (for ``doctor``): ``(files whose
    row disagrees with what the file says though its stamp still matches, files
    the catalog is merely behind on — the next turn or full check reads them)``.
    Raises ``sqlite3.Error``/``OSError`` when the catalog cannot be read."""
    conn = sqlite3.connect(f"file:{home.state_dir / DB_NAME}?mode=ro", uri=True)
    try:
        if conn.execute("PRAGMA user_version").fetchone()[0] != VERSION:
            return [], ["(the whole catalog: of another version)"]
        mems = {r[0]: r[1:] for r in conn.execute(
            "SELECT rel, ino, mtime_ns, ctime_ns, size, live, project, scope, kind, statement, short, day, terms, "
            "strength FROM mems")}
        notes = {r[0]: r[1:] for r in conn.execute(
            "SELECT rel, ino, mtime_ns, ctime_ns, size, live, title, summary, tags, project, terms FROM notes")}
    finally:
        conn.close()
    disagree, behind = [], []
    files = {f"memory/{e.name}": e for e in _memory_entries(home)}
    for drel, (_, entries) in _note_dirs(home).items():
        files.update((f"{drel}/{e.name}", e) for e in entries)
    cat = Catalog.__new__(Catalog)  # only for _read: no connection
    cat.home = home
    for rel, e in sorted(files.items()):
        st = _regular(home, e)
        row = mems.get(rel) if rel.startswith("memory/") else notes.get(rel)
        if st is None:
            if row is not None:
                behind.append(rel)
            continue
        if row is None or tuple(row[:4]) != _stamp(st):
            behind.append(rel)
            continue
        data = cat._read(rel)
        if data is None:
            continue
        want = memory_row(rel, data) if rel.startswith("memory/") else note_row(rel, data)
        if tuple(row[4:]) != tuple(want):
            disagree.append(rel)
    for rel in sorted((set(mems) | set(notes)) - set(files)):
        behind.append(rel)
    return disagree, behind
