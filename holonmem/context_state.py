"""Small derived state files of the per-turn path (``.holonmem/*.marshal``).

What a ``context`` turn keeps for the next one (the parsed episode day files,
the ledger tail) is one marshal blob with a header: a magic word, the
interpreter's marshal version, a key naming what the blob holds and the
code that made it, the blob's length and its CRC-32. A file that is
missing, of another key, truncated or corrupt loads as None (with a reason
when it was there but unusable: the caller warns and rebuilds it from the
files, which are the truth). Written whole through a temp file and a rename
(no fsync: a lost write costs one turn the rebuild); a home that cannot be
written just keeps no state. A process keeps the object of the bytes it last
loaded or saved at a path (:data:`_SEEN`), so a long-lived one (the turn
server) unmarshals a state file again only when its bytes changed.
"""

from __future__ import annotations

import marshal
import os

MAGIC = b"HMS1"
# What this process loaded or saved, by path: ``(the file's bytes, the object)``. A load whose bytes
# are the same takes the object again instead of checking and unmarshalling them (the turn server
# loads the same ~30 state files turn after turn); callers treat loaded objects as read-only.
_SEEN: dict[str, tuple[bytes, object]] = {}
_SEEN_MAX = 512


def _seen(path: str, data: bytes, obj) -> None:
    if len(_SEEN) >= _SEEN_MAX:
        _SEEN.clear()
    _SEEN[path] = (data, obj)


def code_key(tag: str, modules: tuple[str, ...]) -> str:
    """A state's key: ``tag`` (what and which version), the interpreter's version and the
    stamps of the holonmem ``modules`` whose code decides what the state holds (a changed
    module: another key, so the state is made again)."""
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    parts = [tag, "%d.%d.%d" % sys.version_info[:3]]
    for name in modules:
        try:
            st = os.stat(os.path.join(here, name))
            parts.append(f"{st.st_mtime_ns}:{st.st_size}")
        except OSError:
            parts.append("-")
    return " ".join(parts)


def crc(data: bytes) -> int:
    """CRC-32 of ``data`` (zlib's, in C)."""
    import zlib

    return zlib.crc32(data)


def load(path: str, key: str) -> tuple[object | None, str | None]:
    """``(object, None)``; ``(None, None)`` when there is no file or it is of another
    key (another version: not a problem); ``(None, why)`` when it is damaged."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"could not be read ({exc.strerror or exc})"
    kb = key.encode("utf-8")
    head = MAGIC + len(kb).to_bytes(4, "little") + kb
    if not data.startswith(MAGIC):
        return None, "is not a holonmem state file"
    if not data.startswith(head):
        return None, None  # another version or another code: rebuilt silently
    seen = _SEEN.get(path)
    if seen is not None and seen[0] == data:
        return seen[1], None
    body = data[len(head) + 8:]
    meta = data[len(head):len(head) + 8]
    if len(meta) < 8 or int.from_bytes(meta[:4], "little") != len(body) or \
            int.from_bytes(meta[4:], "little") != crc(body):
        return None, "is truncated or corrupt"
    try:
        obj = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return None, "is truncated or corrupt"
    _seen(path, data, obj)
    return obj, None


def save(path: str, key: str, obj) -> bool:
    """Write ``obj`` under ``key`` (atomically); False when it could not be written."""
    kb = key.encode("utf-8")
    body = marshal.dumps(obj)
    data = MAGIC + len(kb).to_bytes(4, "little") + kb + len(body).to_bytes(4, "little") + \
        crc(body).to_bytes(4, "little") + body
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(tmp, path)
        _seen(path, data, obj)
        return True
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False
