"""CLI command: ``holonmem dream`` (promote signals into long-term memory; undo a run)."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .app import HomeOpt, JsonOpt, command, err, get_home, print_json


@command("dream")
def dream(
    ctx: typer.Context,
    home: HomeOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Run now even if not due; with --undo: undo even if a later run built on it.")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the plan and write nothing (not even state or journal).")] = False,
    undo: Annotated[Optional[str], typer.Option("--undo", metavar="RUN_ID", help="Restore every file run RUN_ID wrote and return its signals to pending.")] = None,
    now: Annotated[Optional[str], typer.Option("--now", metavar="ISO", help="Pretend the time is ISO (for tests and replays).")] = None,
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds to wait for the home's pipeline lock before giving up (exit 75).")] = 10.0,
    as_json: JsonOpt = False,
) -> None:
    """Promote strong signals into memory files and MEMORY.md, when due (cron-safe).

    Due when at least dream.min_hours (holonmem.toml, default 24) passed since the
    last dream and at least dream.min_sessions (default 5) sessions produced new
    signals; otherwise it exits 0 with one line saying why. Every decision goes to journal/YYYY-MM-DD.md.
    """
    from ..dream_apply import run_dream, undo_run
    from ..errors import UsageError

    h = get_home(ctx, home)
    when = _parse_now(now)
    if undo:
        if dry_run:
            raise UsageError("--undo and --dry-run cannot be combined", "run --undo RUN_ID alone")
        res = undo_run(h, undo, now=when, force=force, timeout=timeout)
        if as_json:
            print_json(res.__dict__)
        else:
            sys.stdout.write(f"undid {res.run_id}: {len(res.restored)} file(s) restored, {len(res.removed)} removed, "
                             f"{res.signals} signal(s) back to pending; journal: {res.journal}\n")
            if res.left:
                err(f"left alone (changed since): {', '.join(res.left)}")
        return
    res = run_dream(h, now=when, force=force, dry_run=dry_run, timeout=timeout)
    if as_json:
        print_json(res.to_json())
        return
    if not res.ran:
        err(res.reason)
        return
    if dry_run:
        sys.stdout.write(res.entry)
        err("dry run: nothing was written")
        return
    from ..journal import summary_line

    scope = f" [{res.plan.scope}]" if res.plan.scope else ""
    sys.stdout.write(f"dream {res.run_id}: {summary_line(res.plan.counts())}{scope}\njournal: {res.journal}\n")
    for path, why in res.conflicts:
        err(f"conflict: {path}: {why}")


def _parse_now(value: str | None):
    if not value:
        return None
    import datetime as dt

    from ..errors import UsageError

    try:
        t = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"--now {value!r} is not an ISO 8601 time", "use e.g. 2026-06-25T09:00:00+08:00") from None
    return t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)
