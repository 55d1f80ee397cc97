"""Safe file writes: temp file + ``os.replace``, checksum-guarded rewrites.

Every rewrite of a file goes through :func:`atomic_write`, so a crash leaves
either the old content or the new one, never half a file. Files a person may
edit are rewritten with :func:`write_if_unchanged`, which refuses when the
file changed since it was read (:class:`DirtyFileError`).
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from pathlib import Path

from .errors import DirtyFileError

PRIVATE_FILE_MODE = 0o600

# -- fault injection (tests only) -------------------------------------------------------
# HOLONMEM_FAULT_WRITE=N: SIGKILL this process at its N-th file write (1-based), right
# in the write: an atomic write dies with its temp file written but not renamed, an
# append with half its bytes written. HOLONMEM_FAULT_LOG=PATH: append one line per write
# point ("<n>\t<what>\t<path>") to PATH, to count them. Unset (always, outside tests):
# one dict lookup per write.
_FAULT_AT = int(os.environ.get("HOLONMEM_FAULT_WRITE") or 0)
_FAULT_LOG = os.environ.get("HOLONMEM_FAULT_LOG") or ""
_writes = 0


def fault_point(what: str, path) -> bool:
    """Count one file write; True when the process must die at this one (the caller
    does its partial work, then :func:`die`). Free when no fault is set."""
    global _writes
    if not (_FAULT_AT or _FAULT_LOG):
        return False
    _writes += 1
    if _FAULT_LOG:
        fd = os.open(_FAULT_LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, f"{_writes}\t{what}\t{path}\n".encode("utf-8", "replace"))
        finally:
            os.close(fd)
    return _writes == _FAULT_AT


def die() -> None:
    """SIGKILL this process (the injected fault: no cleanup, no finally blocks)."""
    import signal

    os.kill(os.getpid(), signal.SIGKILL)


def write_all(fd: int, data: bytes, path) -> None:
    """Write all of ``data`` to ``fd`` (an append; a write point of the fault hook)."""
    view = memoryview(data)
    if fault_point("append", path):
        os.write(fd, view[: max(1, len(view) // 2)])
        die()
    while view:
        view = view[os.write(fd, view):]


# -- temp files of atomic writes -------------------------------------------------------
TEMP_RE = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-f]{12}\.tmp$")


def temp_name(path: Path) -> Path:
    """A fresh temp file name beside ``path``: ``.<name>.<pid>.<12 hex>.tmp``."""
    return path.parent / f".{path.name}.{os.getpid()}.{os.urandom(6).hex()}.tmp"


def stray_temps(folder: Path, name: str | None = None) -> list[tuple[Path, int]]:
    """``(path, pid)`` of the atomic-write temp files in ``folder`` (for ``name`` only, if given)."""
    out = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return out
    for e in entries:
        m = TEMP_RE.match(e.name)
        if m and (name is None or m.group("name") == name):
            out.append((Path(e.path), int(m.group("pid"))))
    return sorted(out)


def pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def checksum_bytes(data: bytes) -> str:
    from .digest import sha256

    return sha256(data).hexdigest()


class NotRegularFile(OSError):
    """A FIFO, socket or device where holonmem expects a file (reading it would
    block forever or never end); an OSError, so readers that skip unreadable
    files skip it too."""

    def __init__(self, path):
        super().__init__(errno.EINVAL, "not a regular file (a FIFO, socket or device?); "
                                       "remove it or put a file there", str(path))


def open_regular(path, mode: str = "rb"):
    """Open a file for reading, refusing anything but a regular file *before*
    reading: a FIFO named ``memory/x.md`` would otherwise block the reader forever.
    The one check every reader of a person's files goes through."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(path)
        os.set_blocking(fd, True)
        return os.fdopen(fd, mode, **({} if "b" in mode else {"encoding": "utf-8", "errors": "replace"}))
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path) -> bytes:
    """The bytes of a regular file (:class:`NotRegularFile` for a FIFO and the like)."""
    with open_regular(path) as fh:
        return fh.read()


def file_checksum(path: Path) -> str | None:
    """sha256 of the file, or ``None`` if it does not exist."""
    try:
        return checksum_bytes(read_bytes(path))
    except FileNotFoundError:
        return None


def read_text_checked(path: Path) -> tuple[str, str | None]:
    """Text of a file (``""`` if missing) and its checksum (``None`` if missing)."""
    try:
        data = read_bytes(path)
    except FileNotFoundError:
        return "", None
    return data.decode("utf-8", errors="replace"), checksum_bytes(data)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes | str, *, mode: int | None = None, fsync: bool = True) -> None:
    """Write ``data`` to ``path`` through a unique temp file and ``os.replace``.

    Keeps the file's current permissions when it exists; new files get
    ``mode`` (default owner read/write only).
    """
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:
            mode = os.stat(path).st_mode & 0o777
        except FileNotFoundError:
            mode = PRIVATE_FILE_MODE
    tmp = str(temp_name(path))
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if fsync:
                os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        if fault_point("replace", path):
            die()  # the temp file is written, the target not replaced yet
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if fsync:
        _fsync_dir(path.parent)


def last_line_start(fh, size: int) -> int:
    """Offset where the last line of an open binary file of ``size`` bytes
    starts (just after the last newline; 0 when there is none)."""
    back = min(size, 1 << 20)
    while True:
        fh.seek(size - back)
        chunk = fh.read(back)
        nl = chunk.rfind(b"\n")
        if nl >= 0 or back == size:
            return size - back + nl + 1 if nl >= 0 else 0
        back = min(size, back * 4)


def write_if_unchanged(path: Path, data: bytes | str, expected_checksum: str | None, *, fsync: bool = True) -> None:
    """Atomically write ``path`` only if it still has ``expected_checksum``.

    ``expected_checksum=None`` means "the file must not exist yet".
    Raises :class:`DirtyFileError` otherwise. (There is a tiny window between
    the check and the rename; callers hold the pipeline lock, and a person's
    editor save inside that window is the only race left.)
    """
    current = file_checksum(path)
    if current != expected_checksum:
        raise DirtyFileError(path)
    atomic_write(path, data, fsync=fsync)


def atomic_write_json(path: Path, obj, *, fsync: bool = True) -> None:
    atomic_write(path, json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=True) + "\n", fsync=fsync)


# The shape of holonmem's state files (by file name): key -> type, or (container, item type).
# A value of another type (a hand edit, a file from another tool) is dropped, as if absent:
# the state is derived and rebuilt, so "unknown" is always safe where a wrong type crashes.
STATE_SHAPES: dict[str, dict] = {
    "consolidate.json": {"offsets": (dict, int), "signals_offset": int, "last_run": str, "open": (dict, list),
                         "version": int},
    "dream.json": {"runs": (list, dict), "last_run": str, "last_run_id": str},
    "heartbeat.json": {"last_run": str, "last_action": str, "last_reason": str, "last_work": str},
    "index_state.json": {"ledger_offsets": (dict, int), "files": (dict, list), "last_update": str, "version": int},
    "sources.json": {"*": dict},
}


def _shaped(obj, shape: dict):
    out = {}
    for k, v in obj.items():
        want = shape.get(k, shape.get("*"))
        if want is None:
            out[k] = v
        elif isinstance(want, tuple):
            box, item = want
            if isinstance(v, box):
                if box is dict:
                    out[k] = {a: b for a, b in v.items() if isinstance(b, item) and not isinstance(b, bool)}
                else:
                    out[k] = [b for b in v if isinstance(b, item) and not isinstance(b, bool)]
        elif isinstance(v, want) and not (isinstance(v, bool) and want is int):
            out[k] = v
    return out


def read_json(path: Path, default=None):
    """Load a JSON state file; a missing or corrupt file yields ``default``,
    and so does one of the wrong shape (a list where an object belongs, with
    ``default`` an object). Keys of the known state files (:data:`STATE_SHAPES`)
    whose values have the wrong type are dropped."""
    try:
        with open(path, "rb") as fh:
            obj = json.loads(fh.read())
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError, ValueError, RecursionError):
        return default
    shape = STATE_SHAPES.get(Path(path).name)
    if (default is not None or shape) and not isinstance(obj, dict if shape else type(default)):
        return default
    return _shaped(obj, shape) if shape else obj


LOG_MAX_BYTES = 512 * 1024


def append_log(path: Path, lines: list[str], *, max_bytes: int = LOG_MAX_BYTES) -> None:
    """Append lines to a small log (0600), rotating it to ``.1`` past ``max_bytes``."""
    path = Path(path)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        if path.stat().st_size > max_bytes:
            os.replace(path, path.with_name(path.name + ".1"))
    except FileNotFoundError:
        pass
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, "".join(line.rstrip("\n") + "\n" for line in lines).encode("utf-8"))
    finally:
        os.close(fd)
