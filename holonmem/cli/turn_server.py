"""The turn server: a warm process that runs the per-turn commands for the executable.

Started in the background by :mod:`holonmem.cli.turn_client` when a ``context`` or
``hook`` turn found none (``python -m holonmem.cli.turn_server SOCKET``). It loads
the per-turn modules once and then, one request at a time, runs the command line it
is sent through :func:`holonmem.cli.main`, the executable's own entry point, in the
client's working folder, with the client's environment, umask, time zone and its
stdin, stdout and stderr (the descriptors come over the socket, so a hook reads its
payload and prints its envelope exactly as it would in its own process). The reply
is the exit code (and the server's pid). Nothing is kept between requests that a cold process would read
from the files: each command reads the home as it finds it; only code, compiled
patterns, the settings file's parse under its stamp (``config.load_config``) and
the catalogs' change-detection stats while inotify reports no change
(:mod:`holonmem.fswatch`) and the episode catalog's term counts under its
generation (``episode_catalog.Catalog._found``) stay.

It serves this installation only and stops by itself:
- when any holonmem source file it loaded changed (an upgrade, an edit of an
  editable install): it answers "stale", the client runs the command itself and
  the next turn starts a server of the new code;
- after ``HOLONMEM_TURN_SERVER_IDLE`` seconds without a request (default 600);
- when its socket was removed or replaced (another server took the name);
- after ``MAX_REQUESTS`` requests (a fresh process now and then).

A client that loses the connection mid-request (the server was killed) runs the
command itself; a hook's payload may then have been read by the server already, in
which case that turn's event is recorded once or not at all, never twice.
"""

from __future__ import annotations

import os
import sys
import time

from .turn_client import PROTOCOL, private_dir, recv_message

MAX_REQUESTS = 20_000
POLL_SECONDS = 2.0
DEFAULT_IDLE = 600.0
_WARM = ("holonmem.cli.fast_context", "holonmem.cli.fast_hook", "holonmem.context_build", "holonmem.hooks",
         "holonmem.ingest", "holonmem.context_sources", "holonmem.memory_catalog", "holonmem.episode_catalog")


def _idle_seconds() -> float:
    try:
        return max(0.1, float(os.environ.get("HOLONMEM_TURN_SERVER_IDLE") or DEFAULT_IDLE))
    except ValueError:
        return DEFAULT_IDLE


class _Code:
    """The stamps of the holonmem source files this process loaded."""

    def __init__(self) -> None:
        self.pkg = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
        self.stamps: dict[str, tuple] = {}
        self.note_new()

    @staticmethod
    def _stamp(path: str):
        try:
            st = os.stat(path)
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size, st.st_ino

    def note_new(self) -> None:
        for m in list(sys.modules.values()):
            f = getattr(m, "__file__", None)
            if f and f.startswith(self.pkg) and f not in self.stamps:
                self.stamps[f] = self._stamp(f)

    def changed(self) -> bool:
        return any(self._stamp(f) != s for f, s in self.stamps.items())


def _streams(fds: list[int], specs) -> tuple:
    """Text streams over the client's descriptors, with its encodings and error handlers."""
    import io

    def spec(i):
        try:
            enc, err = specs[i]
            return str(enc), str(err)
        except (TypeError, ValueError, IndexError):
            return "utf-8", "strict"

    enc, err = spec(0)
    stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(fds[0], "r", closefd=False)), encoding=enc, errors=err)
    enc, err = spec(1)
    stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(fds[1], "w", closefd=False)), encoding=enc, errors=err)
    enc, err = spec(2)
    stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(fds[2], "w", closefd=False)), encoding=enc, errors=err,
                              line_buffering=True)
    return stdin, stdout, stderr


def _exit_code(code) -> int:
    """What the interpreter makes of ``SystemExit(code)``."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    try:
        sys.stderr.write(f"{code}\n")
    except (OSError, ValueError):
        pass
    return 1


def run_request(argv: list[str], cwd: str, env: dict, mask: int, fds: list[int], specs) -> int:
    """Run one command line as the executable would in the client's process."""
    from . import main

    os.environ.clear()
    os.environ.update(env)
    time.tzset()
    os.umask(mask)
    os.chdir(cwd)
    saved = sys.stdin, sys.stdout, sys.stderr, sys.argv
    sys.stdin, sys.stdout, sys.stderr = streams = _streams(fds, specs)
    sys.argv = ["holonmem", *argv]
    try:
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = _exit_code(exc.code)
    finally:
        for s in streams[1:]:
            try:
                s.flush()
            except (OSError, ValueError):  # a reader that went away
                pass
        sys.stdin, sys.stdout, sys.stderr, sys.argv = saved
    return code


def _receive(conn):
    """The request and the three descriptors that came with it (None: not a request)."""
    import socket

    head, anc, _flags, _addr = conn.recvmsg(8, socket.CMSG_SPACE(3 * 4))
    fds: list[int] = []
    for level, kind, data in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds += [int.from_bytes(data[i:i + 4], sys.byteorder) for i in range(0, len(data) - len(data) % 4, 4)]
    if len(head) < 8:
        return None, fds
    want = int.from_bytes(head, "big")
    parts, got = [], 0
    while got < want:
        b = conn.recv(min(want - got, 1 << 20))
        if not b:
            return None, fds
        parts.append(b)
        got += len(b)
    import marshal

    try:
        return marshal.loads(b"".join(parts)), fds
    except (EOFError, ValueError, TypeError):
        return None, fds


def _reply(conn, value) -> None:
    import marshal

    data = marshal.dumps(value)
    try:
        conn.sendall(len(data).to_bytes(8, "big") + data)
    except OSError:
        pass


def _handle(conn, code: _Code) -> bool:
    """Serve one connection; False when this server should stop."""
    req, fds = _receive(conn)
    try:
        if not (isinstance(req, tuple) and len(req) == 6 and req[0] == PROTOCOL and len(fds) == 3):
            _reply(conn, "stale")
            return True
        if code.changed():
            _reply(conn, "stale")
            return False
        _proto, argv, cwd, env, mask, specs = req
        try:
            result = run_request(list(argv), cwd, dict(env), int(mask), fds, specs)
        except OSError:  # the client's folder is gone, a descriptor is unusable: let it run the command
            _reply(conn, "stale")
            return True
        code.note_new()
        _reply(conn, (result, os.getpid()))
        return True
    finally:
        for fd in fds:
            try:
                os.close(fd)
            except OSError:
                pass


def _ours(path: str, ino: int) -> bool:
    try:
        return os.stat(path).st_ino == ino
    except OSError:
        return False


def serve(path: str) -> None:
    """Listen on ``path`` and serve until idle, stale or replaced."""
    folder = os.path.dirname(path)
    if not private_dir(folder, create=True):
        return
    import importlib
    import socket

    for name in _WARM:
        importlib.import_module(name)
    from .. import fswatch

    fswatch.start()
    code = _Code()
    import gc

    gc.collect()
    gc.freeze()  # the warm modules are not walked by the collections of each turn
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    tmp = os.path.join(folder, f".{os.getpid()}.t")  # no longer than the name: a socket's name is short
    try:
        os.unlink(tmp)
    except OSError:
        pass
    sock.bind(tmp)
    sock.listen(64)
    os.replace(tmp, path)
    ino = os.stat(path).st_ino
    try:
        os.unlink(path + ".starting")
    except OSError:
        pass
    idle = _idle_seconds()
    sock.settimeout(min(POLL_SECONDS, idle))
    last = time.monotonic()
    served = 0
    try:
        while served < MAX_REQUESTS:
            try:
                conn, _ = sock.accept()
            except TimeoutError:
                if time.monotonic() - last > idle or not _ours(path, ino):
                    break
                continue
            served += 1
            gc.disable()  # a turn's garbage is collected after its reply, not during it
            try:
                conn.settimeout(None)
                go_on = _handle(conn, code)
            except OSError:
                go_on = True
            finally:
                conn.close()
                gc.enable()
                gc.collect()
            last = time.monotonic()
            if not go_on or not _ours(path, ino):
                break
    finally:
        if _ours(path, ino):
            try:
                os.unlink(path)
            except OSError:
                pass
        sock.close()


if __name__ == "__main__":
    if len(sys.argv) == 2:
        serve(sys.argv[1])
