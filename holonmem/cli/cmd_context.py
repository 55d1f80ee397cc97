"""CLI command: context (the fast path in fast_context.py answers the same way)."""

from __future__ import annotations

import typer

from . import options
from .app import command, get_home, table_params


@command("context")
@table_params(options.CONTEXT)
def context_cmd(ctx: typer.Context, **opts) -> None:
    """Print a budgeted, deterministic context block for an agent's next turn."""
    from .fast_context import context_main

    context_main(get_home(ctx, opts.pop("home")), **opts)
