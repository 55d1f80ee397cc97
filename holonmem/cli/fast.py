"""Per-turn fast paths that answer without importing typer.

Hook-mode commands (and ``ingest`` in shell pipelines) run on every agent
turn; typer alone costs ~70 ms to import. ``FAST_COMMANDS`` maps a command
name to ``"module:function"``; the function takes the argument list after the
command name and the global ``--home`` given before it (None: none), and
returns an exit code. The options come from one table per command
(cli/options.py), the one the typer command is built from. ``--help`` always
goes through typer.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable  # not typing (~3 ms a turn)

FAST_COMMANDS: dict[str, str] = {
    "hook": "holonmem.cli.fast_hook:run",
    "context": "holonmem.cli.fast_context:run",
    "search": "holonmem.cli.fast_search:run",
    "ingest": "holonmem.cli.fast_ingest:run",
}


def resolve(name: str) -> Callable[[list[str], str | None], int] | None:
    target = FAST_COMMANDS.get(name)
    if not target:
        return None
    mod, _, fn = target.partition(":")
    return getattr(importlib.import_module(mod), fn)


def typer_fallback(command: str, argv: list[str], home: str | None = None) -> int:
    """Hand a command line a fast path cannot parse to the typer app (which
    answers it, including its usage errors, and exits); ``home``: the global
    ``--home`` that came before the command."""
    from . import get_app, run_app

    lead = [] if home is None else ["--home", home]
    return run_app(get_app(command), [*lead, command, *argv])


def run_table(table, argv: list[str], home: str | None, main) -> int:
    """Parse ``argv`` with the command's option table; run ``main(Home, **options)``,
    or hand the command line to typer when the fast parser gives up."""
    from .options import parse, pick_home

    opts = parse(table, argv)
    if opts is None:
        return typer_fallback(table.name, argv, home)
    from ..home import resolve_home

    main(resolve_home(pick_home(opts.pop("home"), home)), **opts)
    return 0
