"""The change-detection stats of a turn, kept between turns while the kernel reports no change.

The catalogs see an edit in place by one ``stat`` per file a turn can show
(``memory_catalog``: the visible memories and the notes; ``episode_catalog``: the
day files), ~2,800 calls at 10,000 memories. They ask through :func:`stats`. In a
command's own process that is ``os.stat`` for each name. In the turn server
(``holonmem.cli.turn_server``), which lives across turns, :func:`start` turns on a
watcher: each folder a batch names gets an inotify watch, and an entry's stat is
kept until an event names it (written, truncated, touched, chmod'ed, renamed,
replaced, deleted) or names its folder; the queue overflowing drops everything.

What is kept stays exact for what the callers compare (inode, mode, size, mtime,
ctime; not atime):
- a folder's watch is checked against the path on each batch (one ``stat`` of the
  folder): a folder or an ancestor renamed or replaced, a link re-pointed, is a new
  folder and nothing of the old one is used;
- only regular files with a single link are kept (a change through another hard
  link, or to a symbolic link's target, is reported elsewhere); a hard link made
  in a watched folder to a kept file forgets that file, and only on local
  filesystems whose changes all pass through this kernel (ext4, xfs, btrfs, tmpfs,
  …; not NFS, FUSE or 9p);
- the events are read at the start of every batch, after the watch was added and
  before a kept stat is used: a change finished before the batch began is seen.
Not seen until the file's next event in its own folder: writes through a shared
memory map, and a hard link to a kept file made from outside the watched folders
(and writes through it). ``HOLONMEM_TURN_SERVER=0`` runs every turn in its own
process.
"""

from __future__ import annotations

import os
import stat as _stat

_LOCAL_FS = frozenset({
    0xEF53,  # ext2/3/4
    0x58465342,  # xfs
    0x9123683E,  # btrfs
    0x01021994,  # tmpfs
    0xF2F52010,  # f2fs
    0x2FC12FC1,  # zfs
    0x794C7630,  # overlayfs
    0xCA451A4E,  # bcachefs
    0x3153464A,  # jfs
    0x52654973,  # reiserfs
})
MAX_FOLDERS = 256  # folders watched at most; the rest are stat'ed as usual
_BATCHES_MAX = 16  # exact batches kept (a turn asks for two or three per home)

# inotify(7)
_IN_MODIFY, _IN_ATTRIB, _IN_CLOSE_WRITE = 0x2, 0x4, 0x8
_IN_MOVED_FROM, _IN_MOVED_TO, _IN_CREATE, _IN_DELETE = 0x40, 0x80, 0x100, 0x200
_IN_DELETE_SELF, _IN_MOVE_SELF, _IN_UNMOUNT, _IN_Q_OVERFLOW, _IN_IGNORED = 0x400, 0x800, 0x2000, 0x4000, 0x8000
_IN_ONLYDIR = 0x01000000
_MASK = (_IN_MODIFY | _IN_ATTRIB | _IN_CLOSE_WRITE | _IN_MOVED_FROM | _IN_MOVED_TO | _IN_CREATE | _IN_DELETE
         | _IN_DELETE_SELF | _IN_MOVE_SELF | _IN_ONLYDIR)

_watcher: _Watcher | None = None


def stats(base: str, rels, *, dir_fd: int | None = None, follow: bool = True) -> list:
    """The ``os.stat`` of each of ``rels`` (paths under folder ``base``, opened
    as ``dir_fd`` when given), None for one that cannot be stat'ed."""
    w = _watcher
    if w is not None:
        kept = w.stats(base, rels, follow)
        if kept is not None:
            return kept
    return _plain(base, rels, dir_fd, follow)


def _plain(base: str, rels, dir_fd: int | None, follow: bool) -> list:
    fd = dir_fd if dir_fd is not None else _open_dir(base)
    if fd is None:
        return [None] * len(rels)
    out = []
    append, stat_ = out.append, os.stat
    try:
        for rel in rels:
            try:
                append(stat_(rel, dir_fd=fd, follow_symlinks=follow))
            except OSError:
                append(None)
    finally:
        if dir_fd is None:
            os.close(fd)
    return out


def _open_dir(path: str) -> int | None:
    try:
        return os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None


def start() -> bool:
    """Keep stats between calls in this process from now on (False: inotify unavailable)."""
    global _watcher
    if _watcher is None:
        try:
            _watcher = _Watcher()
        except (OSError, AttributeError, ImportError):
            return False
    return True


def stop() -> None:
    global _watcher
    w, _watcher = _watcher, None
    if w is not None:
        w.close()


class _Folder:
    __slots__ = ("path", "wd", "dev", "ino", "entries")

    def __init__(self, path: str, wd: int, dev: int, ino: int) -> None:
        self.path, self.wd, self.dev, self.ino = path, wd, dev, ino
        self.entries: dict[str, os.stat_result] = {}


class _Watcher:
    def __init__(self) -> None:
        import ctypes
        import ctypes.util

        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        self._add = libc.inotify_add_watch
        self._add.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32)
        self._rm = libc.inotify_rm_watch
        self._rm.argtypes = (ctypes.c_int, ctypes.c_int)
        self._statfs = libc.statfs
        self._statfs.argtypes = (ctypes.c_char_p, ctypes.c_void_p)
        self._buf = ctypes.create_string_buffer(256)  # struct statfs; f_type is its first field
        self._long = ctypes.c_long
        fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self.fd = fd
        self.folders: dict[str, _Folder] = {}  # by path as given
        self.by_wd: dict[int, list[_Folder]] = {}
        self.refused: set[str] = set()  # not local, or no watch could be added
        self.events = 0  # event batches read and folders dropped so far
        # (base, follow, first name, how many) -> (events, names, answers, folders) of an exact batch:
        # a turn asks for several batches under one base (the memories, the notes)
        self.last: dict = {}

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass

    # -- events -----------------------------------------------------------------
    def drain(self) -> None:
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return
            except OSError:
                self._forget_all()
                return
            if not data:
                return
            self._apply(data)

    def _apply(self, data: bytes) -> None:
        i, n = 0, len(data)
        self.events += 1  # any event retires the answers kept for a whole batch
        while i + 16 <= n:
            wd = int.from_bytes(data[i:i + 4], "little", signed=True)
            mask = int.from_bytes(data[i + 4:i + 8], "little")
            size = int.from_bytes(data[i + 12:i + 16], "little")
            name = data[i + 16:i + 16 + size].rstrip(b"\0")
            i += 16 + size
            if mask & _IN_Q_OVERFLOW:
                for f in self.folders.values():
                    f.entries.clear()
                continue
            for f in self.by_wd.get(wd, ()):
                if name and not mask & (_IN_DELETE_SELF | _IN_MOVE_SELF | _IN_IGNORED | _IN_UNMOUNT):
                    text = os.fsdecode(name)
                    f.entries.pop(text, None)
                    if mask & (_IN_CREATE | _IN_MOVED_TO):
                        self._linked(f.path + os.sep + text)
                else:
                    f.entries.clear()
                    if mask & (_IN_IGNORED | _IN_UNMOUNT | _IN_DELETE_SELF | _IN_MOVE_SELF):
                        self._drop(f)

    def _linked(self, path: str) -> None:
        # A new hard link changes the link count and ctime of a file kept
        # elsewhere, with no event in that file's folder: forget that file.
        try:
            st = os.lstat(path)
        except OSError:
            return
        if st.st_nlink > 1 and _stat.S_ISREG(st.st_mode):
            key = (st.st_dev, st.st_ino)
            for f in self.folders.values():
                for name in [n for n, kept in f.entries.items() if (kept.st_dev, kept.st_ino) == key]:
                    del f.entries[name]

    def _drop(self, f: _Folder) -> None:
        self.events += 1
        self.folders.pop(f.path, None)
        same = self.by_wd.get(f.wd, [])
        if f in same:
            same.remove(f)
        if not same:
            self.by_wd.pop(f.wd, None)
            try:
                self._rm(self.fd, f.wd)
            except OSError:
                pass

    def _forget_all(self) -> None:
        for f in list(self.folders.values()):
            self._drop(f)

    # -- folders ----------------------------------------------------------------
    def _local(self, path: str) -> bool:
        if self._statfs(os.fsencode(path), self._buf) != 0:
            return False
        return self._long.from_buffer(self._buf).value & 0xFFFFFFFF in _LOCAL_FS

    def folder(self, path: str) -> _Folder | None:
        """The watched folder at ``path`` as it is now (None: not watched)."""
        try:
            st = os.stat(path)
        except OSError:
            return None
        f = self.folders.get(path)
        if f is not None:
            if (f.dev, f.ino) == (st.st_dev, st.st_ino):
                return f
            self._drop(f)  # renamed, replaced, or a link re-pointed: a new folder
        if path in self.refused or len(self.folders) >= MAX_FOLDERS or not self._local(path):
            self.refused.add(path)
            return None
        wd = self._add(self.fd, os.fsencode(path), _MASK)
        if wd < 0:
            self.refused.add(path)
            return None
        try:
            now = os.stat(path)
        except OSError:
            return None
        if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
            return None  # replaced while the watch was added: stat'ed as usual this time
        f = _Folder(path, wd, st.st_dev, st.st_ino)
        self.folders[path] = f
        self.by_wd.setdefault(wd, []).append(f)
        return f

    # -- stats ------------------------------------------------------------------
    def stats(self, base: str, rels, follow: bool) -> list | None:
        self.drain()
        rels = list(rels)
        batch = (base, follow, rels[0] if rels else "", len(rels))
        last = self.last.get(batch)
        if last is not None and last[0] == self.events and last[1] == rels:
            # the same names as the last batch, every answer then kept or absent from a watched
            # folder, and no event since: the same answers, once each folder is still the one watched
            # (a folder found replaced is dropped, and that batch is answered name by name below)
            if all(self.folder(f.path) is f for f in last[3]):
                return list(last[2])
        groups: dict[str, _Folder | None] = {}
        out = []
        append, lstat = out.append, os.lstat
        sep = os.sep
        exact = True  # every answer a kept entry, or a name absent from a watched folder
        events = self.events
        for rel in rels:
            head, _, name = rel.rpartition("/")
            f = groups.get(head, False)
            if f is False:
                f = groups[head] = self.folder(os.path.join(base, head) if head else base)
            if f is None:
                exact = False
                append(_one(os.path.join(base, rel), follow))
                continue
            st = f.entries.get(name)
            if st is None:
                path = f.path + sep + name
                try:
                    st = lstat(path)
                except FileNotFoundError:
                    append(None)
                    continue
                except OSError:
                    exact = False
                    append(None)
                    continue
                if _stat.S_ISREG(st.st_mode) and st.st_nlink == 1:
                    f.entries[name] = st
                else:
                    exact = False
                    if follow:
                        st = _one(path, True)
            append(st)
        if exact and events == self.events:
            if len(self.last) >= _BATCHES_MAX:
                self.last.clear()
            self.last[batch] = (events, rels, out, [f for f in groups.values() if f is not None])
        else:
            self.last.pop(batch, None)
        return list(out) if exact else out


def _one(path: str, follow: bool):
    try:
        return os.stat(path, follow_symlinks=follow)
    except OSError:
        return None
