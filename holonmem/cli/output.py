"""stdout/stderr writers and the one error report, shared by the typer commands
and the typer-free fast paths (no typer import: an error on a per-turn path
must not pay for it)."""

from __future__ import annotations

import json
import sys


def err(line: str) -> None:
    sys.stderr.write(line.rstrip("\n") + "\n")
    sys.stderr.flush()


def print_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2, default=str) + "\n")
    sys.stdout.flush()


def report_error(exc: BaseException) -> int:
    """Print ``Error: ...`` (and a hint) on stderr; return the exit code."""
    from ..errors import HolonmemError, debug_enabled

    if isinstance(exc, KeyboardInterrupt):
        sys.stderr.write("Error: interrupted\n")
        return 130
    if debug_enabled():
        import traceback

        traceback.print_exception(exc)
    if isinstance(exc, HolonmemError):
        msg, hint, code = exc.message, exc.hint, exc.exit_code
    elif isinstance(exc, BrokenPipeError):
        return 0
    elif isinstance(exc, PermissionError):
        msg = f"permission denied: {exc.filename or exc}"
        hint, code = "check that the home is writable by you (read-only home?)", 1
    elif isinstance(exc, OSError):
        import errno

        what = exc.strerror or str(exc)
        msg = f"{what}: {exc.filename}" if exc.filename else what
        hint = "free some disk space and run the command again; nothing half-written was kept" if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG) else None
        code = 1
    else:
        msg = f"unexpected {type(exc).__name__}: {exc}"
        hint, code = "this is a bug in holonmem; run with HOLONMEM_DEBUG=1 for a traceback and report it", 1
    sys.stderr.write(f"Error: {msg}\n")
    if hint:
        sys.stderr.write(f"Hint: {hint}\n")
    return code
