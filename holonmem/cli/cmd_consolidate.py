"""CLI command: consolidate."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .app import HomeOpt, JsonOpt, command, err, get_home, print_json

# Show a progress bar only when this many ledger bytes wait (about 10k events).
PROGRESS_MIN_BYTES = 4 * 1024 * 1024


@command("consolidate")
def consolidate_cmd(
    ctx: typer.Context,
    now: Annotated[Optional[str], typer.Option("--now", help="Pretend the time is this ISO 8601 instant (decides which sessions are still open).")] = None,
    extractor: Annotated[Optional[str], typer.Option("--extractor", help="External command that reads one episode's events as JSON on stdin and prints a JSON array of signals; the rules are used when it fails.")] = None,
    extractor_timeout: Annotated[float, typer.Option("--extractor-timeout", help="Seconds to wait for --extractor per episode.")] = 60.0,
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds to wait for another run's lock before giving up (exit 75).")] = 10.0,
    home: HomeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Turn new ledger events into episodes (episodes/YYYY-MM-DD.md) and memory signals (signals.jsonl).

    Only events added since the last run are read. Sessions whose last event
    is younger than the idle gap (idle_gap_minutes in the consolidate section
    of holonmem.toml, default 30) stay open and are finished by a later run. Running it twice in a row
    changes nothing the second time.
    """
    from ..consolidate import consolidate
    from ..errors import UsageError

    h = get_home(ctx, home)
    if now is not None:
        from ..events import parse_ts

        try:
            parse_ts(now)
        except ValueError:
            raise UsageError(f"--now is not an ISO 8601 time: {now!r}", "e.g. --now 2026-06-24T21:00:00+08:00") from None
    progress, finish = _progress_bar(h)
    try:
        res = consolidate(h, now=now, extractor=extractor, extractor_timeout=extractor_timeout, timeout=timeout, progress=progress)
    finally:
        finish()
    for p in res.problems:
        err(f"warning: {p}")
    for n in res.notes:
        err(n)
    if json_out:
        print_json(res.to_json())
    err(res.summary())


def _progress_bar(home):
    """A rich progress bar on stderr for large backlogs on a terminal, else nothing."""
    try:
        tty = sys.stderr.isatty()
    except (AttributeError, ValueError):
        tty = False
    if not tty:
        return None, lambda: None
    from ..fsio import read_json
    from ..status import pending_bytes

    state = read_json(home.state_file("consolidate.json"), {}) or {}
    if pending_bytes(home, state.get("offsets")) < PROGRESS_MIN_BYTES:
        return None, lambda: None
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(TextColumn("consolidate: {task.description}"), BarColumn(), TextColumn("{task.fields[count]}"),
                   TimeElapsedColumn(), console=Console(stderr=True), transient=True)
    task = bar.add_task("reading the ledger", total=None, count="")
    bar.start()
    names = {"reading": "reading the ledger", "extracting": "episodes and signals", "writing": "writing episode files"}

    def update(done: int, total: int, phase: str = "reading") -> None:
        # one bar per phase, each counting its own work (bytes read, then episodes), so it
        # does not sit at 100% after reading the ledger while the real work goes on
        count = f"{done / 1e6:.1f}/{total / 1e6:.1f} MB" if phase == "reading" else f"{done}/{total} episodes"
        bar.update(task, description=names.get(phase, phase), completed=done, total=total or None, count=count)
        bar.refresh()

    return update, bar.stop
