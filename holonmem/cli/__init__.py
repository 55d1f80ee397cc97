"""The command-line entry point.

``main()`` is the one place where holonmem errors become an ``Error: ...``
line on stderr and an exit code. ``--version`` answers without importing
typer; everything else builds the typer app from the command modules.
"""

from __future__ import annotations

import os
import sys

# Command modules, in the order their commands appear in --help.
COMMAND_MODULES = (
    "cmd_core",
    "cmd_consolidate",
    "cmd_dream",
    "cmd_search",
    "cmd_context",
    "cmd_work",
    "cmd_hook",
    "cmd_review",
    "cmd_serve",
    "cmd_mcp",
    "cmd_sync",
)


def get_app(only: str | None = None):
    """The typer app with every command; with ``only``, an app that holds just
    that command (or command group) when there is one by that name: typer
    turns every registered command into a click command on each run (~30 ms
    for all of them), and a run only ever needs the one it invokes."""
    import copy
    import importlib

    from .app import app

    for name in COMMAND_MODULES:
        importlib.import_module(f"{__name__}.{name}")
    if only is None:
        return app
    commands = [c for c in app.registered_commands if c.name == only]
    groups = [g for g in app.registered_groups if g.name == only]
    if not commands and not groups:
        return app  # a typo: the full app, so the error can list the commands
    narrow = copy.copy(app)
    narrow.registered_commands = commands
    narrow.registered_groups = groups
    return narrow


def _split_home(argv: list[str]) -> tuple[str | None, list[str]]:
    """The global ``--home X`` / ``--home=X`` before the command (the last one, as typer
    reads it; None: none) and the command with its arguments."""
    home = None
    i = 0
    while i < len(argv):
        if argv[i] == "--home" and i + 1 < len(argv):
            home = argv[i + 1]
            i += 2
        elif argv[i].startswith("--home="):
            home = argv[i][len("--home="):]
            i += 1
        else:
            break
    return home, argv[i:]


def run_app(app, args: list[str]) -> int:
    """Run the typer app on ``args`` and return its exit code. Usage errors
    (an unknown command or option, a bad value) become one ``Error:`` line
    plus a ``Hint:`` naming the help to read, exit 2 (:func:`usage_error`)."""
    try:
        rv = app(args=args, prog_name="holonmem", standalone_mode=False)
    except ValueError as exc:
        if "null byte" not in str(exc):
            raise
        # typer's path type stats the name before any command runs: a NUL cannot be in one
        sys.stderr.write("Error: an argument holds a NUL byte, which no file name can\n"
                         "Hint: check the arguments\n")
        return 2
    except Exception as exc:  # noqa: BLE001 - a click usage error, duck-typed (no click import)
        code = usage_error(exc)
        if code is None:
            raise
        return code
    return rv if isinstance(rv, int) else 0


def usage_error(exc: BaseException) -> int | None:
    """Report a click usage error (``format_message`` + ``exit_code``) the way
    holonmem errors are reported; None for any other exception."""
    if not (hasattr(exc, "format_message") and isinstance(getattr(exc, "exit_code", None), int)):
        return None
    ctx = getattr(exc, "ctx", None)
    if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:  # bare `holonmem` / `holonmem hook`
        sys.stdout.write(ctx.get_help() + "\n")
        return exc.exit_code
    msg = " ".join(str(exc.format_message()).split()) or "invalid command line"
    msg = msg[:1].lower() + msg[1:] if msg[:2] != msg[:2].upper() else msg
    path = getattr(ctx, "command_path", None) or "holonmem"
    if msg.startswith("no such command"):
        hint = f"run `{path} --help` for the list of commands"
    else:
        hint = f"run `{path} --help` for its options and arguments"
    sys.stderr.write(f"Error: {msg}\nHint: {hint}\n")
    return exc.exit_code


def _exit_now(code: int) -> None:
    """End a per-turn command that finished normally without the interpreter's
    teardown: freeing every module and object one by one costs ~10% of a
    search or a context call, on every agent turn. Everything these commands
    write is written, closed and (for the ledger) synced before they return;
    here the output streams are flushed and exit handlers run, as a normal
    exit would."""
    import atexit

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a reader that went away (`| head`): nothing left to tell it
        pass
    atexit._run_exitfuncs()
    os._exit(code or 0)


def _pathlib_without_urllib() -> None:
    """Import pathlib while a stand-in answers its ``from urllib.parse import
    quote_from_bytes``: pathlib needs it for ``Path.as_uri`` alone, and
    ``urllib.parse`` (with ``ipaddress``) costs ~5 ms of every turn. The stand-in
    leaves ``sys.modules`` right after, so any later import gets the real module;
    the function pathlib keeps loads it on its first call."""
    if "pathlib" in sys.modules or "urllib.parse" in sys.modules:
        return
    import types

    def quote_from_bytes(*args, **kwargs):
        import urllib.parse

        return urllib.parse.quote_from_bytes(*args, **kwargs)

    stand_in = types.ModuleType("urllib.parse")
    stand_in.quote_from_bytes = quote_from_bytes
    sys.modules["urllib.parse"] = stand_in
    try:
        import pathlib  # noqa: F401
    finally:
        if sys.modules.get("urllib.parse") is stand_in:
            del sys.modules["urllib.parse"]


def _datetime_from_c() -> None:
    """``datetime`` as the C module ``_datetime`` gives it, without running ``datetime.py``:
    that file defines the whole pure-Python implementation (~2 ms of every turn) and
    then replaces every public name with ``_datetime``'s. The module put in its place
    holds the same names (the C types, ``MINYEAR``/``MAXYEAR``/``UTC``, ``__all__``)."""
    if "datetime" in sys.modules:
        return
    try:
        import _datetime
    except ImportError:  # pragma: no cover - an interpreter without the C module
        return
    import types

    mod = types.ModuleType("datetime", _datetime.__doc__)
    for k, v in vars(_datetime).items():
        if not k.startswith("__"):
            setattr(mod, k, v)
    mod.sys = sys
    mod.__all__ = ("date", "datetime", "time", "timedelta", "timezone", "tzinfo", "MINYEAR", "MAXYEAR", "UTC")
    mod.__file__ = os.path.join(os.path.dirname(os.__file__), "datetime.py")
    sys.modules["datetime"] = mod


def program() -> None:
    """The ``holonmem`` executable (its console script and ``python -m holonmem``):
    :func:`main` on the process's own command line, where a per-turn command that
    succeeds ends the process at once (:func:`_exit_now`); the regular expressions
    written in source are compiled once between processes (:mod:`holonmem.rxcache`),
    pathlib loads without urllib.parse (:func:`_pathlib_without_urllib`) and datetime is the
    C module's (:func:`_datetime_from_c`). A ``context`` or ``hook`` turn is first offered to
    the warm turn server (:mod:`holonmem.cli.turn_client`)."""
    from .turn_client import forward

    rest = _split_home(sys.argv[1:])[1]
    code = forward(sys.argv[1:], rest)
    if code is not None:  # the turn server ran it (cli/turn_server.py)
        _exit_now(code)
    from ..rxcache import install

    install(rest[0] if rest else None)
    _pathlib_without_urllib()
    _datetime_from_c()
    main(exit_now=True)


def main(argv: list[str] | None = None, *, exit_now: bool = False) -> None:
    """Run one command line (default: the process's own) and raise ``SystemExit``
    with its exit code; with ``exit_now`` (the executable only) a per-turn command
    that succeeds ends the process without the interpreter's teardown instead."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv in (["--version"], ["-V"]):
        from .. import __version__

        sys.stdout.write(f"holonmem {__version__}\n")
        sys.exit(0)
    try:
        fast = None
        home, rest = _split_home(argv)
        if rest and "--help" not in argv and "-h" not in argv:
            from .fast import resolve

            fast = resolve(rest[0])
        if fast is not None:
            # the global `--home X` is the default; the command's own --home (after it) wins, as in typer
            code = fast(rest[1:], home)
            # under a profiler or a tracer (cProfile, coverage) the usual exit lets it write its data
            if exit_now and sys.getprofile() is None and sys.gettrace() is None:
                _exit_now(code)
            sys.exit(code)
        sys.exit(run_app(get_app(rest[0] if rest else None), argv))
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - the one translation point
        from .output import report_error  # no typer import: the fast paths report errors too

        sys.exit(report_error(exc))


if __name__ == "__main__":  # pragma: no cover
    main()
