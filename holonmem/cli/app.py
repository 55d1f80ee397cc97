"""The typer app, shared options and helpers for the command modules.

Command modules import typer and the standard library only at the top; core
modules are imported inside the command functions so that ``--help`` and
light commands stay fast.
"""

from __future__ import annotations

import functools
import os
import sys
from typing import Annotated, Optional

import typer

from .. import __version__
from .fastargs import err, print_json  # noqa: F401 - re-exported for the command modules

app = typer.Typer(
    name="holonmem",
    help="A memory for long-running AI agents, made of plain, human-readable files.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

HomeOpt = Annotated[
    Optional[str],
    typer.Option(
        "--home",
        help="agent_home folder (default: $HOLONMEM_HOME, else the nearest folder with .holonmem/ upwards).",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON on stdout.")]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"holonmem {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    home: HomeOpt = None,
    version: Annotated[
        bool, typer.Option("--version", "-V", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """A memory for long-running AI agents, made of plain, human-readable files."""
    ctx.obj = {"home": home}


def get_home(ctx: typer.Context, home: str | None = None):
    """The Home for this command: its own --home, else the global one, else resolution."""
    from ..home import resolve_home

    explicit = home
    if explicit is None and ctx.obj:
        explicit = ctx.obj.get("home")
    return resolve_home(explicit)


# -- errors ------------------------------------------------------------------

def debug_enabled() -> bool:
    return os.environ.get("HOLONMEM_DEBUG", "") not in ("", "0", "false", "no")


def report_error(exc: BaseException) -> int:
    """Print ``Error: ...`` (and a hint) on stderr; return the exit code."""
    from ..errors import HolonmemError

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


def translate_errors(fn):
    """Wrap a command function so that holonmem errors become a clean exit
    (for commands of sub-apps such as ``hook``; :func:`command` uses it)."""

    @functools.wraps(fn)
    def wrapper(*a, **kw):
        try:
            return fn(*a, **kw)
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except BaseException as exc:  # noqa: BLE001 - translated here
            raise typer.Exit(report_error(exc)) from None

    return wrapper


def command(*args, **kwargs):
    """``@app.command`` that turns holonmem errors into a clean exit.

    Works the same under ``main()`` and typer's test runner.
    """

    def deco(fn):
        return app.command(*args, **kwargs)(translate_errors(fn))

    return deco


# -- output ------------------------------------------------------------------

# print_json and err come from .fastargs (shared with the typer-free fast paths).


def stdout_is_tty() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def print_table(columns: list[str], rows: list[list], *, title: str | None = None) -> None:
    """A rich table on a terminal, tab-separated plain lines when piped."""
    if stdout_is_tty():
        from rich.console import Console
        from rich.table import Table

        table = Table(*columns, title=title)
        for r in rows:
            table.add_row(*["" if c is None else str(c) for c in r])
        Console().print(table)
    else:
        for r in rows:
            sys.stdout.write("\t".join("" if c is None else str(c) for c in r) + "\n")
