"""CLI commands: work (current work item, todos, work refs) and heartbeat."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .app import HomeOpt, JsonOpt, command, err, get_home, print_json


@command("work")
def work_cmd(
    ctx: typer.Context,
    project: Annotated[Optional[str], typer.Option("--project", help="Project (default: the project of the newest event).")] = None,
    session: Annotated[Optional[str], typer.Option("--session", help="Only this session's work events.")] = None,
    home: HomeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Show the current work item: objective, open todos, blockers, waits and work refs."""
    from ..context_build import current_work
    from ..work import render_work

    st = current_work(get_home(ctx, home), project=project, session=session)
    if json_out:
        print_json(st.to_json())
        return
    sys.stdout.write(render_work(st))


@command("heartbeat")
def heartbeat_cmd(
    ctx: typer.Context,
    detach: Annotated[bool, typer.Option("--detach", help="Decide here; if work is due, start it in the background and return at once.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Run consolidate (and dream if due) even if the heartbeat finds nothing new.")] = False,
    home: HomeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Run consolidate (then dream, when due) if enough happened since the last run.

    Cheap when nothing is due. Skips when consolidate/dream or another
    heartbeat is running. Logs to .holonmem/logs/heartbeat.log.
    """
    from ..heartbeat import kick, run

    h = get_home(ctx, home)
    res = kick(h) if detach and not force else run(h, force=force)
    if json_out:
        print_json(res)
        return
    err(f"heartbeat: {res['action']} — {res['reason']}")
    for st in res.get("steps", []):
        err(f"  {st['step']}: exit {st['exit']} in {st['seconds']}s {st['said']}".rstrip())


def cron_program() -> list[str]:
    """How cron starts this holonmem: absolute paths, because cron's PATH
    (/usr/bin:/bin) has no venv or ~/.local/bin. The ``holonmem`` script beside
    this interpreter, else this interpreter with ``-m holonmem``."""
    import os

    python = os.path.abspath(sys.executable)  # not resolved: a venv's python is a symlink
    script = os.path.join(os.path.dirname(python), "holonmem")
    if os.path.isfile(script) and os.access(script, os.X_OK):
        return [script]
    return [python, "-m", "holonmem"]


@command("cron")
def cron_cmd(
    ctx: typer.Context,
    every: Annotated[int, typer.Option("--every", min=1, max=59, help="Minutes between heartbeats.")] = 15,
    home: HomeOpt = None,
) -> None:
    """Print the crontab line for this home: the heartbeat every 15 minutes, with absolute paths.

    Install it with `(crontab -l 2>/dev/null; holonmem cron) | crontab -`.
    """
    import shlex

    h = get_home(ctx, home)
    root = h.root.resolve()
    log = root / ".holonmem" / "logs" / "cron.log"
    log.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # the line's redirection needs the folder
    cmd = " ".join(shlex.quote(a) for a in [*cron_program(), "--home", str(root), "heartbeat"])
    sys.stdout.write(f"*/{every} * * * * {cmd} >> {shlex.quote(str(log))} 2>&1\n")
