"""Advisory file locks under ``.holonmem/locks/``.

``flock`` locks are released by the kernel when a process dies, so a
``kill -9`` never leaves a home locked. Every wait has a timeout: commands a
person runs wait briefly and then fail with :class:`LockBusy` (exit 75); hook
paths pass ``timeout=0`` and skip.
"""

from __future__ import annotations

import fcntl
import os
import time

from .errors import LockBusy
from .home import Home

# Named locks. ``ledger`` guards appends; ``pipeline`` guards consolidate/dream
# and other multi-file rewrites; ``index`` guards the Whoosh writer.
LEDGER = "ledger"
PIPELINE = "pipeline"
INDEX = "index"


class file_lock:
    """``with file_lock(path, timeout):`` — hold an exclusive flock on ``path``, waiting up to
    ``timeout`` seconds (a class, not ``contextlib.contextmanager``: contextlib costs a hook
    ~1.3 ms to import)."""

    def __init__(self, path: os.PathLike | str, timeout: float = 10.0, *, what: str = "home"):
        self.path, self.timeout, self.what = path, timeout, what
        self.fd: int | None = None

    def __enter__(self) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            deadline = time.monotonic() + max(0.0, self.timeout)
            delay = 0.002
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise LockBusy(
                            f"the {self.what} is locked by another holonmem run",
                            "wait for it to finish and try again (locks free themselves when a run exits)",
                        ) from None
                    time.sleep(delay)
                    delay = min(delay * 2, 0.05)
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd

    def __exit__(self, *exc) -> None:
        fd, self.fd = self.fd, None
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


def home_lock(home: Home, name: str, timeout: float = 10.0) -> file_lock:
    """Lock ``name`` of ``home`` (creating ``.holonmem/locks/`` if needed): ``with home_lock(h, name):``."""
    home.locks_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    return file_lock(home.locks_dir / f"{name}.lock", timeout, what=f"{name} lock of {home.root}")
