"""CLI commands: search, get, index."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from . import options
from .app import HomeOpt, JsonOpt, command, err, get_home, print_json, table_params


@command("search")
@table_params(options.SEARCH)
def search_cmd(ctx: typer.Context, **opts) -> None:
    """Find events, episodes, memories and notes by content; prints refs for `holonmem get`."""
    from .fast_search import search_main  # shared with the typer-free fast path: identical output

    search_main(get_home(ctx, opts.pop("home")), **opts)


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
