"""CLI command: context (the fast path in fast_context.py answers the same way)."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .app import HomeOpt, command, err, get_home


@command("context")
def context_cmd(
    ctx: typer.Context,
    task: Annotated[Optional[str], typer.Option("--task", help="What the agent is about to do; ranks memories, notes and episodes by it.")] = None,
    project: Annotated[Optional[str], typer.Option("--project", help="Project (default: the project of the newest event).")] = None,
    session: Annotated[Optional[str], typer.Option("--session", help="Session whose recent turns to show (default: the project's latest events).")] = None,
    budget: Annotated[Optional[int], typer.Option("--budget", help="Token budget, never exceeded (default 2000, or context.budget in holonmem.toml).")] = None,
    fmt: Annotated[str, typer.Option("--format", help="markdown (default) or json (sections with token counts).")] = "markdown",
    hook: Annotated[Optional[str], typer.Option("--hook", help="Print a hook envelope for this client: claude or codex.")] = None,
    event: Annotated[Optional[str], typer.Option("--event", help="Hook event name for --hook: SessionStart or UserPromptSubmit (default: UserPromptSubmit with --task, else SessionStart).")] = None,
    now: Annotated[Optional[str], typer.Option("--now", help="Date that memory ages are computed against (YYYY-MM-DD; default today).")] = None,
    home: HomeOpt = None,
) -> None:
    """Print a budgeted, deterministic context block for an agent's next turn."""
    from ..context_build import run

    out, warnings = run(get_home(ctx, home), task=task, project=project, session=session, budget=budget,
                        now=now, fmt=fmt, hook=hook, event=event)
    for w in warnings:
        err(f"warning: {w}")
    sys.stdout.write(out)
    sys.stdout.flush()
