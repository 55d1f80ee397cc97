"""Per-turn fast paths that answer without importing typer.

Hook-mode commands (and ``ingest`` in shell pipelines) run on every agent
turn; typer alone costs ~70 ms to import. ``FAST_COMMANDS`` maps a command
name to ``"module:function"``; the function takes the argument list after the
command name and returns an exit code. ``--help`` always goes through typer.
"""

from __future__ import annotations

import importlib
from typing import Callable

FAST_COMMANDS: dict[str, str] = {
    "hook": "holonmem.cli.fast_hook:run",
    "context": "holonmem.cli.fast_context:run",
    "search": "holonmem.cli.fast_search:run",
    "ingest": "holonmem.cli.fast_ingest:run",
}


def resolve(name: str) -> Callable[[list[str]], int] | None:
    target = FAST_COMMANDS.get(name)
    if not target:
        return None
    mod, _, fn = target.partition(":")
    return getattr(importlib.import_module(mod), fn)


def typer_fallback(command: str, argv: list[str]) -> int:
    """Hand a command line a fast path cannot parse to the typer app (which
    answers it, including its usage errors, and exits)."""
    from . import get_app, run_app

    return run_app(get_app(command), [command, *argv])
