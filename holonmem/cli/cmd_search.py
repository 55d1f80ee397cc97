"""CLI commands: search, get, index."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from .app import HomeOpt, JsonOpt, command, err, get_home, print_json


@command("search")
def search_cmd(
    ctx: typer.Context,
    query: Annotated[Optional[str], typer.Argument(help="Words to look for (Chinese, English or mixed).", show_default=False)] = None,
    project: Annotated[Optional[str], typer.Option("--project", help="Only this project.")] = None,
    kind: Annotated[Optional[List[str]], typer.Option("--kind", help="Only this kind: event, episode, memory or note (repeatable; operator/self count as memory).")] = None,
    session: Annotated[Optional[str], typer.Option("--session", help="Only this session.")] = None,
    since: Annotated[Optional[str], typer.Option("--since", help="Only items from this day on (YYYY-MM-DD, ISO time, or 24h / 7d / 2w ago).")] = None,
    until: Annotated[Optional[str], typer.Option("--until", help="Only items up to this day (YYYY-MM-DD or ISO time).")] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="How many results.")] = 10,
    all_: Annotated[bool, typer.Option("--all", help="Include superseded and archived memories.")] = False,
    queries: Annotated[Optional[Path], typer.Option("--queries", help="JSONL file of {\"query\", \"project\", \"kind\", \"limit\", ...} objects ('-' = stdin); prints one JSON array per line, in order.")] = None,
    home: HomeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Find events, episodes, memories and notes by content; prints refs for `holonmem get`."""
    from .fast_search import search_main  # shared with the typer-free fast path: identical output

    search_main(get_home(ctx, home), query, project=project, kind=kind, session=session, since=since, until=until,
                limit=limit, all_=all_, queries=queries, json_out=json_out)


@command("get")
def get_cmd(
    ctx: typer.Context,
    ref: Annotated[str, typer.Argument(help="A ref from search: event:<id>, episode:YYYY-MM-DD#<id>, memory:memory/<slug>.md, note:notes/<path>.md.")],
    raw: Annotated[bool, typer.Option("--raw", help="Show a note or memory file as it is (secrets in it are masked otherwise).")] = False,
    home: HomeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Print the exact source content a ref names, read from the files (not the index)."""
    from ..refs import get

    res = get(get_home(ctx, home), ref, raw=raw)
    if json_out:
        print_json(res)
        return
    text = res["text"]
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.flush()


@command("index")
def index_cmd(
    ctx: typer.Context,
    rebuild: Annotated[bool, typer.Option("--rebuild", help="Throw the index away and build it again from the files.")] = False,
    home: HomeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Bring the search index up to date (new events, new/changed/deleted files)."""
    from .. import index

    h = get_home(ctx, home)
    if rebuild:
        res = _rebuild_with_progress(h, index)
    else:
        res = index.update(h)
        if res.get("stale") and res.get("reason"):
            err(f"warning: {res['reason']}")
    if json_out:
        print_json(res)
        return
    if res.get("warning") and res.get("reason") != "not built yet":
        err(f"warning: {res['warning']}")
    if res.get("rebuilt"):
        err(f"rebuilt the search index: {res['documents']} documents ({res['events']} events, "
            f"{res['files']} files) in {res.get('seconds', 0):.1f} s")
    elif res.get("documents") or res.get("removed"):
        err(f"indexed {res['events']} new events and {res['documents'] - res['events']} changed documents"
            f"{', removed ' + str(res['removed']) if res.get('removed') else ''} in {res.get('seconds', 0):.2f} s")
    elif not res.get("stale"):
        err("search index is up to date")
    for e in res.get("errors", [])[:10]:
        err(f"skipped: {e}")


def _rebuild_with_progress(h, index) -> dict:
    if not sys.stderr.isatty():
        return index.rebuild(h, reason="requested")
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("indexing"), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
                  TimeRemainingColumn(), transient=True, console=_stderr_console()) as bar:
        task = bar.add_task("index", total=1)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=max(total, 1))

        return index.rebuild(h, progress=progress, reason="requested")


def _stderr_console():
    from rich.console import Console

    return Console(stderr=True)
