"""The per-turn commands handed to a warm holonmem process (the turn server).

``context`` and ``hook <client>`` run on every agent turn. Started cold, each pays
for the interpreter's modules and holonmem's own (~60 % of a turn at 10,000
memories); the answer itself is a small part. So the executable first offers the
command line to a turn server (:mod:`holonmem.cli.turn_server`): a process of the
same installation that keeps the modules loaded and runs the command exactly as
the executable would — the same code, the same files read, the same bytes out.

This module is the client and must stay cheap: it imports only built-in modules
(``_socket``, ``marshal``, ``zlib``), never ``socket`` (``enum``) or ``json``.
:func:`forward` sends the command line, the working folder, the environment, the
umask and (for a hook) stdin; it writes the server's stdout and stderr and returns
its exit code. ``None`` means "run it here", and that is the answer whenever
anything is not as expected: no server yet (one is started in the background for
the next turn), a server of other code (it exits), a timeout, a refused
connection, stdout on a terminal, ``HOLONMEM_TURN_SERVER=0``, fault injection.

The socket lives in a folder only this user can enter (``$XDG_RUNTIME_DIR`` or the
temp folder, ``holonmem-<uid>/``), named after the interpreter and the package's
folder, so two installations never share a server.
"""

from __future__ import annotations

import os
import sys

PROTOCOL = 1
ENV_SWITCH = "HOLONMEM_TURN_SERVER"  # 0/false/no/off: never use or start a server
FORWARDED = ("context", "hook")  # the per-turn commands
REPLY_TIMEOUT = 30.0  # seconds; then the command runs here
SPAWN_GRACE = 10.0  # seconds a started server has to come up before another is started
MAX_SOCKET_PATH = 100  # bytes; a Unix socket's name holds at most ~104-108


def enabled(env=os.environ) -> bool:
    return env.get(ENV_SWITCH, "1").strip().lower() not in ("0", "false", "no", "off")


def socket_dir() -> str:
    base = os.environ.get("XDG_RUNTIME_DIR") or os.environ.get("TMPDIR") or "/tmp"
    return os.path.join(base, f"holonmem-{os.getuid()}")


def socket_path() -> str:
    """The socket of this installation's server: one per interpreter and package folder."""
    pkg = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    key = f"{PROTOCOL}\0{sys.executable}\0{pkg}\0{sys.version}".encode("utf-8", "surrogateescape")
    h = 0x811C9DC5  # FNV-1a: a short stable name without loading zlib on every turn
    for b in key:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return os.path.join(socket_dir(), f"turn-{h:08x}.sock")


def private_dir(path: str, *, create: bool) -> bool:
    """Whether ``path`` is a folder of this user that no one else can enter (made so with ``create``)."""
    if create:
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        except OSError:
            return False
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return (st.st_mode & 0o170000) == 0o040000 and st.st_uid == os.getuid() and not st.st_mode & 0o077


def _wanted(argv: list[str]) -> bool:
    if not argv or argv[0] not in FORWARDED or "--help" in argv or "-h" in argv:
        return False
    if argv[0] == "hook" and (len(argv) < 2 or argv[1].startswith("-") or argv[1] == "install"):
        return False
    if not enabled() or any(k.startswith("HOLONMEM_FAULT") for k in os.environ):
        return False
    try:
        return not os.isatty(1)  # a person at a terminal: no per-turn cost to save
    except OSError:
        return False


def _recv_all(sock, n: int) -> bytes | None:
    parts, got = [], 0
    while got < n:
        b = sock.recv(min(n - got, 1 << 20))
        if not b:
            return None
        parts.append(b)
        got += len(b)
    return b"".join(parts)


def recv_message(sock):
    import marshal

    head = _recv_all(sock, 8)
    if head is None:
        return None
    data = _recv_all(sock, int.from_bytes(head, "big"))
    return None if data is None else marshal.loads(data)


def forward(argv: list[str], command: list[str]) -> int | None:
    """Run ``argv`` (the arguments after the program name; ``command``: from the command
    name on, after any global ``--home``) on the turn server; its exit code, or None when
    the command is to run in this process (see the module doc)."""
    if not _wanted(command):
        return None
    try:
        import _socket
    except ImportError:  # pragma: no cover - a platform without Unix sockets
        return None
    path = socket_path()
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        return None
    if not private_dir(os.path.dirname(path), create=False):
        _start(path)
        return None
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.settimeout(REPLY_TIMEOUT)
        try:
            sock.connect(path)
        except OSError:
            _start(path)
            return None
        import marshal

        mask = os.umask(0o022)
        os.umask(mask)
        streams = [(getattr(s, "encoding", None) or "utf-8", getattr(s, "errors", None) or "strict")
                   for s in (sys.stdin, sys.stdout, sys.stderr)]
        data = marshal.dumps((PROTOCOL, list(argv), os.getcwd(), dict(os.environ), mask, streams))
        # this process's stdin, stdout and stderr go along: the server reads and writes them itself
        fds = b"".join(fd.to_bytes(4, sys.byteorder) for fd in (0, 1, 2))
        sock.sendmsg([len(data).to_bytes(8, "big") + data], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds)])
        reply = recv_message(sock)
    except (OSError, ValueError, EOFError, TypeError):
        return None
    finally:
        sock.close()
    if not (type(reply) is tuple and len(reply) == 2 and type(reply[0]) is int):
        return None  # "stale" or nothing: this process runs it
    if os.environ.get("HOLONMEM_DEBUG"):  # checked before holonmem.errors is imported for the full rule
        from ..errors import debug_enabled

        if debug_enabled():
            os.write(2, f"holonmem: ran in the turn server (pid {reply[1]})\n".encode())
    return reply[0]


def _start(path: str) -> None:
    """Start a server for the next turn, in the background and in its own session; at most
    one every ``SPAWN_GRACE`` seconds (a marker file beside the socket)."""
    folder = os.path.dirname(path)
    if not private_dir(folder, create=True):
        return
    marker = path + ".starting"
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        try:
            import time

            if time.time() - os.stat(marker).st_mtime < SPAWN_GRACE:
                return
            os.unlink(marker)
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except OSError:
            return
    except OSError:
        return
    os.close(fd)
    null = os.devnull
    try:
        os.posix_spawn(sys.executable, [sys.executable, "-m", "holonmem.cli.turn_server", path], dict(os.environ),
                       setsid=True,
                       file_actions=[(os.POSIX_SPAWN_OPEN, 0, null, os.O_RDONLY, 0),
                                     (os.POSIX_SPAWN_OPEN, 1, null, os.O_WRONLY, 0),
                                     (os.POSIX_SPAWN_OPEN, 2, null, os.O_WRONLY, 0)])
    except (OSError, AttributeError, TypeError):
        try:
            os.unlink(marker)
        except OSError:
            pass
