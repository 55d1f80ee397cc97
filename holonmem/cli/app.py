"""The typer app, shared options and helpers for the command modules.

Command modules import typer and the standard library only at the top; core
modules are imported inside the command functions so that ``--help`` and
light commands stay fast.
"""

from __future__ import annotations

import functools
import sys
from typing import Annotated, Optional

import typer

from .. import __version__
from . import options
from .output import err, print_json, report_error  # noqa: F401 - re-exported for the command modules

app = typer.Typer(
    name="holonmem",
    help="A memory for long-running AI agents, made of plain, human-readable files.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def typer_param(p: options.Opt | options.Arg):
    """The ``Annotated[...]`` typer parameter for an option-table entry (cli/options.py)."""
    t = list[p.type] if p.repeat or isinstance(p, options.Arg) and p.many else p.type
    if p.default is None and p.type is not bool:
        t = Optional[t]
    if isinstance(p, options.Arg):
        return Annotated[t, typer.Argument(help=p.help, show_default=p.show_default)]
    return Annotated[t, typer.Option(*p.decls, help=p.help, min=p.min, metavar=p.metavar, show_default=p.show_default)]


HomeOpt = typer_param(options.HOME)
JsonOpt = typer_param(options.JSON)


def table_params(table: options.Table):
    """Give ``fn(ctx, **opts)`` the parameters of ``table`` (typer reads a function's signature):
    the typer command and the fast path then take the same options with the same defaults."""
    import inspect

    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [inspect.Parameter("ctx", kind, annotation=typer.Context)]
    params += [inspect.Parameter(p.dest, kind, default=p.default, annotation=typer_param(p)) for p in table.params()]

    def deco(fn):
        fn.__signature__ = inspect.Signature(params)
        return fn

    return deco


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


def home_arg(ctx: typer.Context, home: str | None) -> str | None:
    """The command's own --home, else the global one (before the command), else None."""
    return options.pick_home(home, (ctx.obj or {}).get("home"))


def get_home(ctx: typer.Context, home: str | None = None):
    """The Home for this command: its own --home, else the global one, else resolution."""
    from ..home import resolve_home

    return resolve_home(home_arg(ctx, home))


# -- errors ------------------------------------------------------------------

# report_error lives in .output (no typer import: the fast paths report errors too).


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

# print_json and err come from .output (shared with the typer-free fast paths).


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
