"""The episode catalog: a small term index of the episodes for the per-turn
path, without whoosh (derived state: ``.holonmem/episodes.sqlite``).

``holonmem context --task`` ranks a project's past episodes against the task.
Asking the Whoosh index for that costs ~60 ms on every turn (importing whoosh,
opening the index, a query over all the file documents); the catalog answers
from SQLite in a few milliseconds. It holds, per episode day file, the file's
stamp (mtime, size, SHA-1), and per episode its project, start time and an FTS5 row
of the index analyzer's terms (:mod:`holonmem.textterms`; FTS5 only splits
them at spaces) in three columns weighted like the index (title ×2, tags
×1.5, prose ×1). Ranking is FTS5's BM25 over the project's episodes, with the
same mild recency boost as ``search``.

Kept current by what changes episodes: ``consolidate`` and ``holonmem index``
sync every changed day file; ``context`` syncs at most :data:`SYNC_MAX_FILES`
changed files itself (a hand edit) and otherwise says the catalog is behind,
and the caller asks the Whoosh index instead. A missing, outdated or corrupt
catalog is rebuilt from the episode files.
"""

from __future__ import annotations

import marshal
import os
import sqlite3
import stat
from pathlib import Path

from . import fswatch
from .digest import sha1
from .home import Home
from .sqlitedb import Database, connect, run_script, transaction
from .ranking import COMMON_DF, recency  # a query term in more than COMMON_DF of the episodes does not select

DB_NAME = "episodes.sqlite"
VERSION = 3  # bump when the schema, the analyzer or the weights change: the catalog is rebuilt
SYNC_MAX_FILES = 20  # changed day files a per-turn caller re-reads before falling back
_SCHEMA = """
CREATE TABLE IF NOT EXISTS days(rel TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL,
                                sha1 TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS eps(id INTEGER PRIMARY KEY, ref TEXT NOT NULL, rel TEXT NOT NULL,
                               project TEXT NOT NULL, tsn INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS eps_rel ON eps(rel);
CREATE VIRTUAL TABLE IF NOT EXISTS terms USING fts5(proj, title, tags, body, detail=column,
                                                    tokenize='unicode61 remove_diacritics 0');
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS snap(key TEXT PRIMARY KEY, gen INTEGER NOT NULL, data BLOB NOT NULL);
INSERT OR IGNORE INTO meta VALUES('gen', 0);
"""
_DROP = ("DROP TABLE IF EXISTS days; DROP TABLE IF EXISTS eps; DROP TABLE IF EXISTS terms; DROP TABLE IF EXISTS meta; "
         "DROP TABLE IF EXISTS snap;")
# A turn reads the ``days`` stamps (~1,050 rows at a year of use: ~1.5-2 ms through the sqlite3 module) from
# one marshal blob (table ``snap``, ~0.3 ms) while it is of the catalog's generation (meta ``gen``). The
# ``days`` table's own triggers move the generation on at every row written — by this code or any other
# that writes the file (an older holonmem knows nothing of the blob) —, and a blob is only served while
# the three triggers are there. A blob is stored by a sync that wrote nothing, for the generation its rows
# were read at, and only if that is still the generation: so it always holds the ``days`` rows as they are.
_GEN = "COALESCE((SELECT value FROM meta WHERE key='gen'), 0)"
_TRIGGERS = ("days_gen_ins", "days_gen_upd", "days_gen_del")
# (not in _SCHEMA, whose statements are split at ';': installed by the first sync that would store a blob)
_TRIGGER_SQL = [f"CREATE TRIGGER IF NOT EXISTS {name} AFTER {op} ON days BEGIN "
                "UPDATE meta SET value = value + 1 WHERE key='gen'; END"
                for name, op in zip(_TRIGGERS, ("INSERT", "UPDATE", "DELETE"))]
_GUARDED = (f"(SELECT count(*) FROM sqlite_master WHERE type='trigger' AND tbl_name='days' "
            f"AND name IN {_TRIGGERS!r}) = 3 AND EXISTS (SELECT 1 FROM meta WHERE key='gen')")
# The folder's mtime when its day files were last listed (meta ``folder``): while it stays, no file was
# added, removed or replaced, and a sync stats only the known files (an edit in place moves a file's
# own stamp, not its folder's). An mtime this close to the clock is not trusted (a file added within
# the filesystem's timestamp granularity would leave it unchanged): the folder is listed again.
RACY_NS = 2_000_000_000
# The episode counts of the terms asked, for one catalog generation ((path, gen) or None): Catalog._found.
_DF: tuple = (None, {})
_DF_MAX = 50_000


def episode_terms(title: str, prose: str, tags: str) -> tuple[str, str, str]:
    """The index analyzer's terms of an episode's title, tags and prose, each
    as one space-separated string (a term repeats as often as it occurs)."""
    from .textterms import tokens

    return " ".join(tokens(title or "")), " ".join(tokens(tags or "")), " ".join(tokens(prose or ""))


def _digest(path) -> str | None:
    try:
        return sha1(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _mtime(path) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def project_token(project: str) -> str:
    """The project as one FTS5 token (a project name may hold spaces, dashes or CJK)."""
    return "p" + sha1(project.encode("utf-8")).hexdigest()[:16]


def scan_days(home: Home) -> dict[str, tuple[int, int]]:
    """``{rel: (mtime_ns, size)}`` of the episode day files (one ``scandir``);
    like the search index, it skips what is not a regular file and links that
    lead outside the home (``Home.contains``)."""
    from .episodes import DATE_RE

    out = {}
    try:
        entries = os.scandir(home.episodes_dir)
    except FileNotFoundError:
        return out
    with entries:
        for e in entries:
            name = e.name
            if name.endswith(".md") and DATE_RE.match(name[:-3]):
                try:
                    if e.is_symlink() and not home.contains(Path(e.path)):
                        continue
                    st = e.stat()
                except OSError:
                    continue
                if stat.S_ISREG(st.st_mode):
                    out[f"episodes/{name}"] = (st.st_mtime_ns, st.st_size)
    return out


class Catalog(Database):
    """An open catalog; :meth:`sync` brings it up to date, :meth:`search` ranks."""

    def __init__(self, home: Home, *, timeout: float = 5.0):
        self.home = home
        self.path = home.state_dir / DB_NAME
        self.conn = connect(self.path, VERSION, _DROP, _SCHEMA, timeout=timeout)
        self._store: tuple | None = None  # (generation, days rows) that sync may keep as the blob

    # -- keeping it current ---------------------------------------------------
    def clear(self) -> None:
        """Empty the catalog; its generation moves on (it never repeats: a blob read before
        can never pass for one of the new rows)."""
        with transaction(self.conn, immediate=True) as c:
            try:
                gen = c.execute(f"SELECT {_GEN}").fetchone()[0]
            except sqlite3.OperationalError:
                gen = 0
            run_script(c, _DROP)
            self._new_generation(c, gen)

    def _new_generation(self, c, last: int = 0) -> None:
        """(In a write transaction) the tables and the triggers that move the generation, no blob,
        and a generation never used before: not one past the last (a catalog another version emptied
        lost its count), but the clock's nanoseconds when they are more."""
        import time

        run_script(c, _SCHEMA)
        for stmt in _TRIGGER_SQL:
            c.execute(stmt)
        c.execute("DELETE FROM snap")
        gen = max(last, c.execute(f"SELECT {_GEN}").fetchone()[0])
        c.execute("INSERT OR REPLACE INTO meta VALUES('gen', ?)", (max(gen + 1, time.time_ns()),))

    def _known(self) -> dict:
        """``{rel: (mtime_ns, size)}`` of the ``days`` rows: from the blob of the current
        generation, else read (and, in ``self._store``, offered to :meth:`sync` to keep)."""
        c = self.conn
        try:
            row = c.execute(f"SELECT data FROM snap WHERE key='days' AND gen={_GEN} AND {_GUARDED}").fetchone()
        except sqlite3.OperationalError:  # a catalog from before the table (or its meta): read the rows
            row = None
        if row is not None:
            try:
                known = marshal.loads(row[0])
            except (EOFError, ValueError, TypeError):
                known = None
            if isinstance(known, dict):
                return known
        with transaction(c):  # one read: the generation and the rows it has
            try:
                gen = c.execute(f"SELECT {_GEN}").fetchone()[0]
            except sqlite3.OperationalError:
                gen = None  # no meta table yet: nothing to store the blob against
            known = {rel: (m, s) for rel, m, s in c.execute("SELECT rel, mtime_ns, size FROM days")}
        if gen is not None:
            self._store = (gen, known)
        return known

    def behind(self) -> tuple[list[str], list[str]]:
        """``(day files whose stamp changed or that are new, deleted day files)``
        since the last sync."""
        _, _, stale, deleted = self._diff()
        return stale, deleted

    def _diff(self) -> tuple[dict, dict, list[str], list[str]]:
        """Stamps now, what the catalog knows (stamps), the stale and the deleted files."""
        folder = _mtime(self.home.episodes_dir)  # before the listing
        known = self._known()
        now = self._restat(known) if folder is not None and folder == self._folder() else None
        if now is None:
            now = scan_days(self.home)
            self._listed = folder
        stale = sorted(rel for rel, stamp in now.items() if known.get(rel) != stamp)
        return now, known, stale, sorted(set(known) - set(now))

    def _folder(self) -> int | None:
        try:
            row = self.conn.execute("SELECT value FROM meta WHERE key='folder'").fetchone()
        except sqlite3.OperationalError:  # a catalog from before the table: listed, then recorded
            return None
        return row[0] if row else None

    def _restat(self, known: dict) -> dict | None:
        """``{rel: (mtime_ns, size)}`` of the known day files, one ``stat`` each (not
        followed: a link is judged by :func:`scan_days`); None when one is gone or no
        longer a regular file (the folder is listed instead)."""
        out = {}
        found = fswatch.stats(str(self.home.episodes_dir), [rel[9:] for rel in known], follow=False)  # rel: "episodes/NAME"
        for rel, st in zip(known, found):
            if st is None or not stat.S_ISREG(st.st_mode):
                return None
            out[rel] = (st.st_mtime_ns, st.st_size)
        return out

    def sync(self, max_files: int | None = None) -> bool:
        """Re-read changed day files and drop deleted ones, in one transaction;
        False (and nothing re-read) when more than ``max_files`` changed.

        A file whose stamp changed but whose bytes did not (a copy, a
        checkout, ``touch``) is only hashed and gets its new stamp."""
        import time

        self._listed = None
        self._store = None
        now, known, stale, deleted = self._diff()
        restamp, changed = [], []
        for rel in stale:
            k = known.get(rel)
            if k is not None and k[1] == now[rel][1] and _digest(self.home.root / rel) == self._sha1(rel):
                restamp.append(rel)
            else:
                changed.append(rel)
        complete = max_files is None or len(changed) <= max_files
        if not complete:
            changed = []  # too far behind for this caller; restamps and deletions are still cheap
        folder = self._listed
        if folder is not None and folder > time.time_ns() - RACY_NS:
            folder = -1  # too recent to trust: listed again next time
        record = complete and folder is not None and folder != self._folder()
        if changed or deleted or restamp or record:
            with transaction(self.conn, immediate=True) as c:
                for rel in restamp:
                    c.execute("UPDATE days SET mtime_ns=?, size=? WHERE rel=?", (*now[rel], rel))
                for rel in deleted:
                    self._drop(rel)
                for rel in changed:
                    self._drop(rel)
                    self._read(rel)
                if record:
                    c.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL)")
                    c.execute("INSERT OR REPLACE INTO meta VALUES('folder', ?)", (folder,))
        elif self._store is not None:
            gen, rows = self._store
            try:  # kept only if no other process wrote meanwhile; never worth a wait
                with transaction(self.conn, immediate=True) as c:
                    if c.execute(f"SELECT {_GUARDED}").fetchone()[0] == 1:
                        c.execute(f"INSERT OR REPLACE INTO snap SELECT 'days', ?, ? WHERE {_GEN} = ?",
                                  (gen, marshal.dumps(rows), gen))
                    else:  # a catalog from before the triggers (or one another version emptied): they go in
                        # first, and the blob waits for the next turn (a write without them moved nothing)
                        self._new_generation(c)
            except sqlite3.OperationalError:
                pass
        self._store = None
        return complete

    def _sha1(self, rel: str) -> str | None:
        row = self.conn.execute("SELECT sha1 FROM days WHERE rel=?", (rel,)).fetchone()
        return row[0] if row else None

    def _drop(self, rel: str) -> None:
        c = self.conn
        c.execute("DELETE FROM terms WHERE rowid IN (SELECT id FROM eps WHERE rel=?)", (rel,))
        c.execute("DELETE FROM eps WHERE rel=?", (rel,))
        c.execute("DELETE FROM days WHERE rel=?", (rel,))

    def _read(self, rel: str) -> None:
        from .episodes import parse_day
        from .index_docs import episode_fields, tsn

        path = self.home.root / rel
        try:
            st = path.stat()
            data = path.read_bytes()
        except FileNotFoundError:
            return
        text = data.decode("utf-8", errors="replace")
        c = self.conn
        for ep in parse_day(text, path.stem, rel, []):
            ref, title, prose, tags = episode_fields(ep)
            cur = c.execute("INSERT INTO eps(ref, rel, project, tsn) VALUES(?,?,?,?)", (ref, rel, ep.project, tsn(ep.start)))
            c.execute("INSERT INTO terms(rowid, proj, title, tags, body) VALUES(?,?,?,?,?)",
                      (cur.lastrowid, project_token(ep.project), *episode_terms(title, prose, tags)))
        c.execute("INSERT INTO days(rel, mtime_ns, size, sha1) VALUES(?,?,?,?)",
                  (rel, st.st_mtime_ns, st.st_size, sha1(data).hexdigest()))

    # -- ranking ----------------------------------------------------------------
    def _found(self, terms: list[str]) -> dict[str, int]:
        """``{term: number of episodes holding it}`` for the terms found at all.

        FTS5 counts a term's episodes by reading its whole posting list (~1 ms for a
        common word at a year of days), so the counts are kept in this process under
        the catalog's generation (see ``_GEN``): any write to the ``days`` rows moves
        it, and with it every count is asked again. The turn server, which lives
        across turns, asks a common word once per generation; a catalog without the
        generation triggers is always asked."""
        global _DF
        c = self.conn
        c.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab USING fts5vocab(main, terms, row)")
        with transaction(c):  # the generation and the counts from one snapshot
            try:
                gen = c.execute(f"SELECT {_GEN} WHERE {_GUARDED}").fetchone()
            except sqlite3.OperationalError:
                gen = None
            key = None if gen is None else (str(self.path), gen[0])
            if key is None or _DF[0] != key:
                _DF = (key, {})
            kept = _DF[1]
            df = {}
            for t in terms:
                n = kept.get(t)
                if n is None:
                    row = c.execute("SELECT doc FROM temp.vocab WHERE term=?", (t,)).fetchone()
                    n = row[0] if row and row[0] else 0
                    if len(kept) < _DF_MAX:
                        kept[t] = n
                if n:
                    df[t] = n
        return df

    def search(self, task: str, project: str, limit: int = 10, *, now: float | None = None) -> list[str]:
        """Refs of ``project``'s episodes that match ``task``, best first.

        Candidates come from the terms in at most :data:`COMMON_DF` of all
        episodes, as in the search index (FTS5 computes BM25 for every episode
        a term matches: ``行程`` in a travel home would cost ~30 ms and hardly
        change the order); from all the terms when those give too few.
        ``now`` (epoch seconds) sets the recency boost."""
        import time

        from .textterms import query_terms

        df = self._found(query_terms(task))
        n = self.conn.execute("SELECT count(*) FROM eps").fetchone()[0]
        rare = [t for t in df if df[t] <= COMMON_DF * n]
        rows = self._rank(project, rare or list(df), limit * 4)
        if len(rows) < limit and rare and len(rare) < len(df):
            rows = self._rank(project, list(df), limit * 4)
        now = time.time() if now is None else now
        ranked = sorted(((score * recency(tsn, now), ref) for ref, tsn, score in rows), key=lambda x: (-x[0], x[1]))
        return [ref for _, ref in ranked[:limit]]

    def _rank(self, project: str, terms: list[str], limit: int) -> list[tuple[str, int, float]]:
        """``(ref, start epoch, BM25)`` of the project's episodes holding any of ``terms``, best first."""
        from .index_docs import WEIGHTS

        if not terms:
            return []
        # the project is one more (unweighted) column, so that FTS5 ranks only its episodes
        match = f"proj : {project_token(project)} AND (" + " OR ".join('"' + t.replace('"', '""') + '"' for t in terms) + ")"
        weights = (0.0, WEIGHTS["title"], WEIGHTS["tags"], WEIGHTS["body"])
        return self.conn.execute(
            "SELECT e.ref, e.tsn, -bm25(terms, ?, ?, ?, ?) AS s FROM terms JOIN eps e ON e.id = terms.rowid "
            "WHERE terms MATCH ? ORDER BY s DESC LIMIT ?",
            (*weights, match, limit),
        ).fetchall()


def sync(home: Home, max_files: int | None = None, *, fresh: bool = False) -> bool:
    """Bring the catalog of ``home`` up to date (see :meth:`Catalog.sync`);
    ``fresh``: forget everything first and read every day file again."""
    with Catalog(home) as cat:
        if fresh:
            cat.clear()
        return cat.sync(max_files)


def search_episodes(home: Home, task: str, project: str, limit: int = 10, *,
                    now: float | None = None) -> tuple[list[str] | None, str | None]:
    """Episode refs matching ``task`` (best first) from the catalog, brought up
    to date on the way when few day files changed; ``(None, why)`` when it
    cannot answer (too far behind, locked, unreadable)."""
    try:
        with Catalog(home, timeout=0.5) as cat:
            if not cat.sync(SYNC_MAX_FILES):
                return None, "the episode catalog is behind (run `holonmem index`)"
            return cat.search(task, project, limit, now=now), None
    except (sqlite3.Error, OSError) as exc:
        return None, f"the episode catalog could not be read ({type(exc).__name__})"
