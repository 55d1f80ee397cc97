"""The Whoosh search index under ``.holonmem/index/`` (derived state).

Documents: every ledger event, every episode section, every long-term memory
(incl. ``memory/operator.md`` and ``memory/self.md``) and every note. Events
live in one Whoosh index (``MAIN``) and the file documents in a second, small
one (``FILES``) in the same folder, so that a search for episodes, memories or
notes costs O(files), not O(events). What is indexed is recorded in
``.holonmem/index_state.json``::

    {"version": 7, "ledger_offsets": {file: byte_offset},
     "files": {rel_path: [mtime_ns, size]}, "last_update": iso}

:func:`update` compares that with a few ``stat`` calls and, when something
changed, indexes new ledger lines (by offset) and new/changed/deleted files
under the ``index`` lock. A missing, outdated or unreadable index is rebuilt
into a fresh folder that replaces the old one in two renames, so searches
keep working while an indexer runs. Only this module and ``analysis`` import
whoosh (lazily: importing this module is free).
"""

from __future__ import annotations

import os
import stat
import sys
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from collections.abc import Callable

from .errors import HolonmemError, LockBusy
from .fsio import atomic_write_json, read_json
from .home import Home
from .index_docs import file_docs, ledger_docs

VERSION = 7  # bump on any change of the schema, the analyzer or the layout: old indexes are rebuilt
EVENTS, FILES = "MAIN", "FILES"  # the two Whoosh index names in .holonmem/index/
STATE_NAME = "index_state.json"
# A search (or context) brings the index up to date itself when at most this
# many new events wait; beyond it, it says so and searches what is indexed.
SEARCH_MAX_EVENTS = 20_000
WRITER_LIMITMB = 256
PARALLEL_BYTES = 4 << 20  # below this, starting two writer processes costs more than it saves


class IndexUnavailable(HolonmemError):
    """The index cannot be opened (missing, outdated or corrupt)."""


def unreadable_errors() -> tuple[type[BaseException], ...]:
    """What reading a damaged or vanished index raises, and nothing else (a bug in a
    query must surface, not rebuild the index): whoosh's own index errors, a segment
    cut short (EOFError, struct/zlib/pickle errors) or deleted under the reader."""
    import pickle
    import struct
    import zlib

    from whoosh.index import IndexError as WhooshIndexError

    return (IndexUnavailable, WhooshIndexError, EOFError, struct.error, zlib.error, pickle.UnpicklingError,
            FileNotFoundError)


# -- schema ------------------------------------------------------------------

def schema():
    from whoosh import fields

    from .analysis import HolonAnalyzer

    return fields.Schema(
        ref=fields.ID(unique=True, stored=True),
        kind=fields.ID(stored=True),
        project=fields.ID(stored=True),
        session=fields.ID(stored=True),
        status=fields.ID(stored=True),
        src=fields.ID(),
        day=fields.ID(),
        ts=fields.STORED(),
        tsn=fields.STORED(),
        pos=fields.STORED(),
        speaker=fields.STORED(),
        label=fields.STORED(),
        title=fields.STORED(),
        body=fields.STORED(),
        text=fields.TEXT(analyzer=HolonAnalyzer(), phrase=False),
    )


# -- state -------------------------------------------------------------------

def state_path(home: Home) -> Path:
    return home.state_file(STATE_NAME)


def load_state(home: Home) -> dict | None:
    st = read_json(state_path(home))
    return st if _state_ok(st) else None


def _outdated(home: Home) -> bool:
    """A readable state of another format version (the index is rebuilt)."""
    st = read_json(state_path(home))
    return isinstance(st, dict) and st.get("version") != VERSION


def _state_ok(st) -> bool:
    if not isinstance(st, dict) or st.get("version") != VERSION:
        return None
    return isinstance(st.get("ledger_offsets"), dict) and isinstance(st.get("files"), dict)


def _save_state(home: Home, offsets: dict, files: dict) -> None:
    atomic_write_json(state_path(home), {
        "version": VERSION,
        "ledger_offsets": offsets,
        "files": files,
        "last_update": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }, fsync=False)


def scan_files(home: Home) -> dict[str, list[int]]:
    """``{rel: [mtime_ns, size]}`` of every indexable file (episodes, memory, notes).

    One ``scandir`` per folder and one ``stat`` per file (run by every search
    and context call, so it stays cheap for thousands of episode days)."""
    out: dict[str, list[int]] = {}
    root = home.root
    root_real = os.path.realpath(root)

    def add(entry: os.DirEntry, rel: str) -> None:
        try:
            if entry.is_symlink() and not os.path.realpath(entry.path).startswith(root_real + os.sep):
                return  # never index a file outside the home
            st = entry.stat()
        except OSError:
            return
        if stat.S_ISREG(st.st_mode):
            out[rel] = [st.st_mtime_ns, st.st_size]

    def scan(folder: str, rel: str, recurse: bool) -> None:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return
        subdirs = []
        for e in entries:
            if e.name.startswith("."):
                continue
            if e.name.endswith(".md"):
                add(e, f"{rel}/{e.name}")
            elif recurse and e.is_dir(follow_symlinks=False):  # never descends into symlinked folders
                subdirs.append(e)
        for d in sorted(subdirs, key=lambda e: e.name):
            scan(d.path, f"{rel}/{d.name}", True)

    scan(str(root / "episodes"), "episodes", False)
    scan(str(root / "memory"), "memory", False)
    notes = root / "notes"
    if not notes.is_symlink():
        scan(str(notes), "notes", True)
    return out


def pending(home: Home, state: dict | None = None) -> dict:
    """What an update would do, from ``stat`` calls only.

    ``{"missing": bool, "ledger_bytes": int, "rewritten": bool,
    "changed": [rel], "deleted": [rel]}``; ``rewritten`` means a ledger file
    shrank or vanished (only a rebuild can follow that).
    """
    st = state if state is not None else load_state(home)
    if st is None or not _index_exists(home):
        return {"missing": True, "ledger_bytes": 0, "rewritten": False, "changed": [], "deleted": []}
    offs = st["ledger_offsets"]
    behind = 0
    rewritten = False
    seen = set()
    try:
        names = os.listdir(home.ledger_dir)
    except OSError:
        names = []
    for n in names:
        if not n.endswith(".jsonl"):
            continue
        seen.add(n)
        try:
            size = os.stat(home.ledger_dir / n).st_size
        except OSError:
            continue
        off = offs.get(n, 0)
        if size < off:
            rewritten = True
        elif size > off and _complete_line_after(home.ledger_dir / n, off):
            behind += size - off
    if set(offs) - seen:
        rewritten = True
    now = scan_files(home)
    old = st["files"]
    changed = sorted(r for r, v in now.items() if old.get(r) != v)
    deleted = sorted(r for r in old if r not in now)
    return {"missing": False, "ledger_bytes": behind, "rewritten": rewritten, "changed": changed,
            "deleted": deleted, "_files": now}


def _complete_line_after(path: Path, offset: int) -> bool:
    """Whether a whole line follows ``offset`` (a torn or half-written tail alone does not count)."""
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            chunk = fh.read(1 << 16)
    except OSError:
        return False
    return b"\n" in chunk or len(chunk) == 1 << 16


# -- opening ---------------------------------------------------------------------

def _index_exists(home: Home) -> bool:
    try:
        return any(n.endswith(".toc") for n in os.listdir(home.index_dir))
    except OSError:
        return False


def _view_files() -> None:
    """Read segment files through a view of the memory-mapped segment instead
    of a copy. Whoosh opens each part of a compound segment (terms, postings,
    stored fields) as an ``io.BytesIO`` of its memory map, which copies the
    whole part: every page of a 100,000-event index (~70 MB) is read before the
    first query (~100 ms and as many MB of memory). The view reads only the
    pages a query touches. Installed once, for reading (writers write plain
    files, never through it)."""
    global _VIEW_FILE
    from whoosh.filedb import compound, structfile

    if _VIEW_FILE is None:
        _VIEW_FILE = _view_file_class(structfile.BufferFile)
    if compound.BufferFile is structfile.BufferFile:
        compound.BufferFile = _VIEW_FILE
    _fast_column_offsets()


_VIEW_FILE = None


def _fast_column_offsets() -> None:
    """Derive a variable-length column's offsets in C. A column of fewer than
    Whoosh's cutoff of documents stores only their lengths; its reader sums
    them in a Python loop, once per column per open (the stored fields of a
    50,000-document segment: ~5 ms of every cold search). The same array, from
    ``itertools.accumulate``."""
    from whoosh import columns

    cls = columns.VarBytesColumn.Reader
    if getattr(cls, "_holonmem_fast", False):
        return
    slow = cls._read_offsets_and_lengths

    def read_offsets_and_lengths(self):
        from array import array
        from itertools import accumulate

        dbfile, lastbyte = self._dbfile, self._basepos + self._length - 1
        if chr(dbfile.get_byte(lastbyte)) == "X":  # the offsets are stored: Whoosh reads them
            return slow(self)
        import struct

        lens_code = chr(dbfile.get_byte(lastbyte))
        lengths = dbfile.get_array(lastbyte - struct.calcsize(lens_code) * self._doccount, lens_code, self._doccount)
        offsets = array("L", accumulate(lengths, initial=0))
        offsets.pop()
        self._offsets, self._lengths = offsets, lengths

    cls._read_offsets_and_lengths = read_offsets_and_lengths
    cls._holonmem_fast = True


def _fast_posting_lengths() -> None:
    """Give a segment's postings their documents' field lengths from a list. Writing a
    segment's postings, Whoosh asks the length of each posting's document in its field
    through the segment's column reader: a column read per posting (~880,000 at 10,000
    events, ~40% of a rebuild), and for a field with no length column (the ID fields) a
    check that the column file exists, each time. Asked through :class:`_SegmentLengths`,
    each field's lengths are read once; the values, and so the index, are the same."""
    from whoosh.codec import base

    if getattr(base.FieldWriter.add_postings, "_holonmem_fast", False):
        return
    slow = base.FieldWriter.add_postings

    def add_postings(self, schema, lengths, items):
        return slow(self, schema, _SegmentLengths(lengths) if lengths else lengths, items)

    add_postings._holonmem_fast = True
    base.FieldWriter.add_postings = add_postings


def _fast_word_values() -> None:
    """Count a document's terms for its postings without a Token per term. Whoosh's
    Frequency format counts each term's occurrences and sums their boosts from the
    analyzer's token stream; for :class:`holonmem.analysis.HolonAnalyzer` (the ``text``
    field) the same counts and sums, in the same order, come straight from the weighted
    parts and :func:`holonmem.textterms.tokens`. Anything else goes Whoosh's way."""
    from whoosh import formats
    from whoosh.system import pack_uint

    from .analysis import HolonAnalyzer, tokens, weighted_parts

    cls = formats.Frequency
    if getattr(cls.word_values, "_holonmem_fast", False):
        return
    slow = cls.word_values

    def word_values(self, value, analyzer, **kwargs):
        if type(analyzer) is not HolonAnalyzer or not isinstance(value, str) or kwargs != {"mode": "index"}:
            return slow(self, value, analyzer, **kwargs)
        freqs: dict[str, int] = {}
        weights: dict[str, float] = {}
        for text, weight in weighted_parts(value):
            for term in tokens(text):
                if term in freqs:
                    freqs[term] += 1
                    weights[term] += weight
                else:
                    freqs[term] = 1
                    weights[term] = 0.0 + weight  # as Whoosh's defaultdict(float) sums
        fb = self.field_boost
        return ((w, n, weights[w] * fb, pack_uint(n)) for w, n in freqs.items())

    word_values._holonmem_fast = True
    cls.word_values = word_values


_RUN_CHUNK = 1 << 15  # postings per marshal record of a spilled run


def _fast_runs() -> None:
    """Spill and read back a writer's sorted runs of postings as marshal records of
    :data:`_RUN_CHUNK` postings instead of one pickle per posting. A rebuild's writer
    spills when its postings pass ``limitmb`` (at 100,000 events each of the two writer
    processes spills ~2.8 million postings and merges them back); the runs hold the same
    postings in the same order, and are merged the same way."""
    from whoosh import writing

    cls = writing.PostingPool
    if getattr(cls._write_run, "_holonmem_fast", False):
        return

    def write_run(self, f, items):
        import marshal
        from itertools import islice

        it = iter(items)
        try:
            while chunk := list(islice(it, _RUN_CHUNK)):
                marshal.dump(chunk, f)
        finally:
            f.close()

    def read_run(self, path):
        import marshal

        f = self._open_run(path)
        try:
            while True:
                try:
                    chunk = marshal.load(f)
                except EOFError:
                    return
                yield from chunk
        finally:
            f.close()
            self._remove_run(path)

    write_run._holonmem_fast = True
    cls._write_run, cls._read_run = write_run, read_run


class _SegmentLengths:
    """``doc_field_length`` of a segment's per-document reader, each field's column read
    whole on first use (the writer asks for every posting, in field order)."""

    def __init__(self, reader):
        self._reader = reader
        self._field = None
        self._lengths: list | None = None

    def _load(self, fieldname: str) -> list | None:
        from whoosh.codec.whoosh3 import LENGTHS_COLUMN, _lenfield
        from whoosh.util.numeric import byte_to_length

        column = self._reader._cached_reader(_lenfield(fieldname), LENGTHS_COLUMN)
        if column is None:
            return None
        table = [byte_to_length(b) if b else None for b in range(256)]  # (0: Whoosh answers None)
        return [table[b] for b in column]

    def doc_field_length(self, docnum, fieldname, default=0):
        if fieldname != self._field:
            self._field, self._lengths = fieldname, self._load(fieldname)
        lengths = self._lengths
        if lengths is None:
            return default
        if 0 <= docnum < len(lengths):
            return lengths[docnum]
        return self._reader.doc_field_length(docnum, fieldname, default)  # Whoosh's own answer or error


def _view_file_class(BufferFile):
    """A read-only ``BufferFile`` that keeps its file position in Python and
    reads pickles from a small window (its own ``file``, for StructFile's helpers)."""
    import pickle
    from io import BytesIO

    class ViewFile(BufferFile):
        def __init__(self, buf, name=None, onclose=None):
            self._buf, self._name, self.onclose = buf, name, onclose
            self._pos = 0
            self.is_real = False
            self.is_closed = False

        @property
        def file(self):  # StructFile's helpers read through self.file
            return self

        def read(self, n=-1):
            p = self._pos
            end = len(self._buf) if n is None or n < 0 else min(len(self._buf), p + n)
            self._pos = end
            return bytes(self._buf[p:end])

        def readline(self, limit=-1):
            buf, p = self._buf, self._pos
            end = len(buf) if limit is None or limit < 0 else min(len(buf), p + limit)
            i = p
            while i < end:
                j = bytes(buf[i:min(end, i + 256)]).find(b"\n")
                if j >= 0:
                    end = i + j + 1
                    break
                i += 256
            self._pos = end
            return bytes(buf[p:end])

        def __iter__(self):
            while True:
                line = self.readline()
                if not line:
                    return
                yield line

        def tell(self):
            return self._pos

        def seek(self, pos, whence=0):
            self._pos = pos if whence == 0 else self._pos + pos if whence == 1 else len(self._buf) + pos
            return self._pos

        def read_pickle(self):
            # a window around the pickle, grown until it holds all of it
            size = 512
            while True:
                window = BytesIO(self._buf[self._pos:self._pos + size])
                try:
                    obj = pickle.load(window)
                except (EOFError, pickle.UnpicklingError):
                    if self._pos + size >= len(self._buf):
                        raise
                    size *= 8
                    continue
                self._pos += window.tell()
                return obj

        def write(self, *args, **kwargs):
            raise OSError("a segment file is read-only")

        truncate = write

        def flush(self):
            pass

        def close(self):
            if self.is_closed:
                raise Exception("This file is already closed")
            if self.onclose:
                self.onclose(self)
            self.is_closed = True

    return ViewFile


def open_index(home: Home, name: str = EVENTS):
    """The Whoosh index ``name`` (:data:`EVENTS` or :data:`FILES`), or
    :class:`IndexUnavailable`. Retries briefly (a swap may be under way)."""
    from . import analysis  # noqa: F401 - first: it keeps whoosh's import light
    from whoosh import index as windex

    _view_files()

    last: Exception | None = None
    for attempt in range(3):
        if attempt:
            time.sleep(0.05 * attempt)
        if load_state(home) is None:
            last = IndexUnavailable("the search index state is missing")
            continue
        try:
            return windex.open_dir(str(home.index_dir), indexname=name)
        except Exception as exc:  # noqa: BLE001 - any failure means "rebuild"
            last = exc
    raise IndexUnavailable(f"the search index cannot be opened ({type(last).__name__}: {last})")


# -- writing -------------------------------------------------------------------

def _private(folder: Path) -> None:
    """Index files hold event text: owner-only, whatever the umask."""
    try:
        os.chmod(folder, 0o700)
        for n in os.listdir(folder):
            p = os.path.join(folder, n)
            if os.path.isfile(p) and not os.path.islink(p):
                os.chmod(p, 0o600)
    except OSError:
        pass


def _writer(ix, *, bulk: bool = False, nbytes: int = 0):
    """A writer; ``bulk`` for a rebuild: a big sort buffer, and for more than
    :data:`PARALLEL_BYTES` of input two processes writing a segment each
    (Whoosh's MpWriter: ~1.8x faster on 2 cores)."""
    _fast_posting_lengths()
    _fast_word_values()
    _fast_runs()
    if bulk:
        if nbytes > PARALLEL_BYTES and (os.cpu_count() or 1) >= 2:
            return ix.writer(procs=2, limitmb=WRITER_LIMITMB, multisegment=True)
        return ix.writer(procs=1, limitmb=WRITER_LIMITMB, multisegment=False)
    return ix.writer(limitmb=64)


def _usable(home: Home) -> bool:
    pend = pending(home)
    if pend["missing"] or pend["rewritten"]:
        return False
    return readable(home)


def readable(home: Home) -> bool:
    """Do both indexes open *and* read (a segment cut short by a crash or a copy
    opens fine and fails on the first search with EOFError)? Reads each
    segment's directory only: cheap."""
    for name in (EVENTS, FILES):
        try:
            ix = open_index(home, name)
        except IndexUnavailable:
            return False
        try:
            ix.reader().close()
        except Exception:  # noqa: BLE001 - EOFError, struct/pickle errors: any means "rebuild"
            return False
        finally:
            ix.close()
    return True


def rebuild(home: Home, *, progress: Callable[[int, int], None] | None = None,
            lock_timeout: float = 10.0, reason: str | None = None, only_if_unusable: bool = False) -> dict | None:
    """Build a fresh index from the files and swap it in.

    ``only_if_unusable``: once the lock is held, do nothing (return ``None``)
    when another run has meanwhile left a usable index.
    """
    t0 = time.monotonic()
    import shutil

    from . import analysis  # noqa: F401 - first: it keeps whoosh's import light
    from whoosh import index as windex

    from .ledger import ledger_files
    from .locks import INDEX, home_lock

    home.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    with home_lock(home, INDEX, lock_timeout):
        if only_if_unusable and _usable(home):
            return None
        tmp = home.state_dir / f"index.new-{os.getpid()}"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(mode=0o700)
        try:
            ix = windex.create_in(str(tmp), schema())
            fix = windex.create_in(str(tmp), schema(), indexname=FILES)
            errors: list[str] = []
            total = sum(p.stat().st_size for p in ledger_files(home))
            w = _writer(ix, bulk=True, nbytes=total)
            offsets: dict[str, int] = {p.name: 0 for p in ledger_files(home)}
            done_before = 0
            events = 0
            tick = 0
            for doc, fname, end, _ in ledger_docs(home, {}, None, errors):
                if doc is not None:
                    w.add_document(**doc)
                    events += 1
                offsets[fname] = end
                tick += 1
                if progress and tick % 500 == 0:
                    progress(done_before + sum(offsets.values()), total)
            w.commit(optimize=False, merge=False)
            files = scan_files(home)
            nfiles = 0
            fw = _writer(fix, bulk=True, nbytes=sum(v[1] for v in files.values()))
            for doc in file_docs(home, files, errors):
                fw.add_document(**doc)
                nfiles += 1
            fw.commit(optimize=False, merge=False)
            _private(tmp)
            if progress:
                progress(total, total)
            old = home.state_dir / f"index.old-{os.getpid()}"
            if home.index_dir.exists():
                os.rename(home.index_dir, old)
            os.rename(tmp, home.index_dir)
            shutil.rmtree(old, ignore_errors=True)
            _save_state(home, offsets, files)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    _sync_catalog(home, errors, fresh=True)
    return {"rebuilt": True, "reason": reason, "events": events, "documents": events + nfiles,
            "files": len(files), "removed": 0, "errors": errors, "stale": False,
            "seconds": round(time.monotonic() - t0, 3)}


def _sync_catalog(home: Home, errors: list, *, fresh: bool = False) -> None:
    """Bring the episode catalog (the whoosh-free episode ranking of the
    per-turn path, :mod:`holonmem.episode_catalog`) up to date as well."""
    from .episode_catalog import sync

    try:
        sync(home, fresh=fresh)
    except Exception as exc:  # noqa: BLE001 - derived state; the index itself is fine
        errors.append(f"episode catalog not updated: {type(exc).__name__}: {exc}")


def update(home: Home, *, max_events: int | None = None, quiet: bool = True,
           lock_timeout: float | None = None, rebuild_missing: bool | None = None, events: bool = True) -> dict:
    """Bring the index up to date; returns what was done.

    With ``max_events`` (per-turn callers), at most that many events are
    indexed in this call, the lock is never waited for, and a missing index
    is not rebuilt (unless ``rebuild_missing``): the result says
    ``{"stale": True, ...}`` instead. ``events=False`` brings only the files
    index (episodes, memories, notes) up to date and leaves new ledger lines for
    later: what an episode-only search on the per-turn path needs.
    Without it, a missing/corrupt index is rebuilt (``"rebuilt": True`` and a
    ``"warning"``). ``quiet=False`` prints warnings on stderr.
    """
    bounded = max_events is not None
    if lock_timeout is None:
        lock_timeout = 0.0 if bounded else 10.0
    if rebuild_missing is None:
        rebuild_missing = not bounded
    try:
        result = _update(home, max_events, lock_timeout, rebuild_missing, events)
    except OSError as exc:
        if not read_only_home(home, exc):
            raise
        # a read-only home (a mounted backup, a shared checkout): search what is indexed
        return _noop(stale=True, reason="the home is read-only; the search index was not brought up to date")
    if not bounded and not result.get("rebuilt"):  # a rebuild synced it already
        _sync_catalog(home, result.setdefault("errors", []))
    if not quiet and result.get("warning"):
        sys.stderr.write(f"warning: {result['warning']}\n")
    return result


def read_only_home(home: Home, exc: OSError) -> bool:
    """Is ``exc`` (from taking a lock or writing the index) the home being read-only?"""
    import errno

    return isinstance(exc, PermissionError) or exc.errno == errno.EROFS


def _noop(**extra) -> dict:
    out = {"rebuilt": False, "events": 0, "documents": 0, "removed": 0, "stale": False, "errors": []}
    out.update(extra)
    return out


def _update(home: Home, max_events: int | None, lock_timeout: float, rebuild_missing: bool, events: bool = True) -> dict:
    state = load_state(home)
    pend = pending(home, state)
    ledger_work = events and pend["ledger_bytes"]
    if not pend["missing"] and not pend["rewritten"] and not ledger_work and not pend["changed"] and not pend["deleted"]:
        if max_events is not None or readable(home):  # `holonmem index` also checks a quiet index reads
            return _noop()
    if not pend["missing"] and not pend["rewritten"] and not _usable(home):
        pend["missing"] = True
    if pend["missing"] or pend["rewritten"]:
        if pend["missing"] and not state_path(home).exists() and not home.index_dir.exists():
            why = "not built yet"
        elif pend["missing"] and _outdated(home):
            why = "in an older format"
        else:
            why = "missing or unreadable" if pend["missing"] else "behind a rewritten ledger file"
        if not rebuild_missing:
            return _noop(stale=True, reason=f"the search index is {why}; run `holonmem index`")
        try:
            res = rebuild(home, lock_timeout=max(lock_timeout, 60.0), reason=why, only_if_unusable=True)
        except LockBusy:
            return _noop(stale=True, reason="another holonmem run is rebuilding the search index")
        if res is None:  # another run rebuilt it while we waited
            return _update(home, max_events, lock_timeout, rebuild_missing, events)
        if why == "not built yet":
            res["warning"] = f"building the search index for the first time ({res['documents']} documents)"
        else:
            res["warning"] = f"the search index was {why}; rebuilt it ({res['documents']} documents)"
        return res
    from .locks import INDEX, home_lock  # fcntl: only when there is work (a quiet search writes nothing)

    try:
        with home_lock(home, INDEX, lock_timeout):
            return _incremental(home, max_events, events)
    except LockBusy:
        return _noop(stale=True, reason="another holonmem run is updating the search index")


def _incremental(home: Home, max_events: int | None, with_events: bool = True) -> dict:
    t0 = time.monotonic()
    state = load_state(home)  # re-read under the lock: another run may have done the work
    pend = pending(home, state)
    if pend["missing"] or pend["rewritten"]:
        return _noop(stale=True, reason="the search index changed underneath; run `holonmem index`")
    ledger_work = with_events and pend["ledger_bytes"]
    if not (ledger_work or pend["changed"] or pend["deleted"]):
        return _noop()
    offsets = dict(state["ledger_offsets"])
    files = dict(state["files"])
    errors: list[str] = []
    events = removed = ndocs = 0
    stale = False
    if ledger_work:
        with _writing(home, EVENTS) as (ix, w):
            tail = _SessionTail(home, ix)
            try:
                for doc, fname, end, replace in ledger_docs(home, offsets, max_events, errors, tail):
                    if doc is None:
                        pass
                    elif replace:  # a session's last turn, now with the turns after it
                        w.update_document(**doc)
                    else:
                        # ids are unique in the ledger; a crash between commit and
                        # state save can re-add a line, which search de-duplicates
                        w.add_document(**doc)
                        events += 1
                    offsets[fname] = end
            finally:
                tail.close()
        if max_events is not None and events >= max_events:
            stale = _ledger_behind(home, offsets)
    if pend["changed"] or pend["deleted"]:
        now = pend["_files"]
        with _writing(home, FILES) as (_, w):
            for rel in pend["deleted"]:
                removed += w.delete_by_term("src", rel) or 0
                files.pop(rel, None)
            for rel in pend["changed"]:
                removed += w.delete_by_term("src", rel) or 0
            for doc in file_docs(home, pend["changed"], errors):
                w.add_document(**doc)
                ndocs += 1
            for rel in pend["changed"]:
                files[rel] = now[rel]
    _private(home.index_dir)
    _save_state(home, offsets, files)
    out = _noop(events=events, documents=events + ndocs, removed=removed, errors=errors,
                changed=pend["changed"], deleted=pend["deleted"], seconds=round(time.monotonic() - t0, 3))
    if stale:
        out.update(stale=True, reason="more new events wait; the rest is indexed on the next run")
    return out


@contextmanager
def _writing(home: Home, name: str):
    """``(ix, writer)`` of index ``name``: committed on success, cancelled on any error."""
    ix = open_index(home, name)
    w = _writer(ix)
    try:
        yield ix, w
        w.commit()
    except BaseException:
        w.cancel()
        raise
    finally:
        ix.close()


class _SessionTail:
    """A session's last indexed turns for :func:`index_docs.ledger_docs`,
    through one searcher opened on first use: ``[(body, event | None, pos)]``
    oldest first, the last ``len(AFTER)`` with their event read back from the
    ledger line their document points at (their documents get the new turns
    after them). The events index holds events only, so the session term's own
    (short) posting list is enough: no walk over every event."""

    def __init__(self, home: Home, ix):
        self.home, self.ix = home, ix
        self.searcher = None

    def __call__(self, session: str) -> list:
        from bisect import bisect_right

        from .index_docs import AFTER, BEFORE
        from .jsonline import load_line

        if self.searcher is None:
            self.searcher = self.ix.searcher()
        want = len(BEFORE) + len(AFTER)
        if not want:
            return []
        # Within a segment documents keep the session's ledger order; across
        # segments (incremental runs, a parallel rebuild) the ledger position orders them.
        starts = sorted(off for _, off in self.searcher.leaf_searchers())
        per_leaf: dict[int, list[int]] = {}
        for n in self.searcher.document_numbers(session=session):
            lst = per_leaf.setdefault(bisect_right(starts, n), [])
            lst.append(n)
            if len(lst) > want:
                lst.pop(0)
        found = [self.searcher.stored_fields(n) for lst in per_leaf.values() for n in lst]
        found = sorted((f for f in found if f.get("pos")), key=lambda f: tuple(f["pos"][:2]))[-want:]
        out = []
        for i, f in enumerate(found):
            ev = None
            if i >= len(found) - len(AFTER):
                ev = self._event(f["pos"], load_line)
                if ev is not None and f"event:{ev['id']}" != f.get("ref"):
                    ev = None  # not the line this document was made from: leave it as it is
            out.append((f.get("body") or "", ev, tuple(f["pos"]) if ev is not None else None))
        return out

    def _event(self, pos, load_line) -> dict | None:
        name, off, length = pos
        try:
            with open(self.home.ledger_dir / name, "rb") as fh:
                fh.seek(off)
                ev = load_line(fh.read(length))
        except (OSError, ValueError, UnicodeDecodeError):
            return None
        return ev if isinstance(ev, dict) and isinstance(ev.get("id"), str) else None

    def close(self) -> None:
        if self.searcher is not None:
            self.searcher.close()


def _ledger_behind(home: Home, offsets: dict) -> bool:
    from .ledger import ledger_files

    return any(p.stat().st_size > offsets.get(p.name, 0) for p in ledger_files(home))

