"""CLI command: ``holonmem sync`` (the home over git: commit, fetch, merge by meaning, push)."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .app import HomeOpt, JsonOpt, command, err, get_home, print_json


@command("sync")
def sync_cmd(
    ctx: typer.Context,
    remote: Annotated[Optional[str], typer.Option("--remote", metavar="NAME", help="The git remote (default: the branch's upstream, else origin).", show_default=False)] = None,
    no_push: Annotated[bool, typer.Option("--no-push", help="Commit and merge, but do not push.")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="List what would be committed and merged; change nothing (the remote is fetched).")] = False,
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds to wait for the home's locks before giving up (exit 75).")] = 10.0,
    home: HomeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Share the home with other machines through git: commit every change here (a person's
    edits included), fetch, merge — the files holonmem writes are merged by meaning — and push.

    A conflict in a file a person writes (AGENTS.md, notes/, operator.md, self.md, a memory
    edited by hand) stops sync with the paths named; nothing is merged. See docs/sync.md.
    """
    from ..sync_run import run_sync

    h = _home(ctx, home)
    res = run_sync(h, remote=remote, push=not no_push, dry_run=dry_run, timeout=timeout)
    if as_json:
        print_json(res.to_json())
        return
    lines = res.summary()
    for ln in lines:
        if ln.startswith(("note:", "dry run:", "(")):
            err(ln)
        else:
            sys.stdout.write(ln + "\n")


def _home(ctx: typer.Context, home: str | None):
    """The home; in a fresh clone (no ``.holonmem/`` yet) the git work tree around the working
    folder when it is laid out as a home (it holds MEMORY.md or holonmem.toml)."""
    from ..errors import HomeNotFound

    try:
        return get_home(ctx, home)
    except HomeNotFound:
        import subprocess
        from pathlib import Path

        from ..home import Home

        try:
            top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True).stdout.strip()
        except OSError:
            top = ""
        if top and ((Path(top) / "holonmem.toml").is_file() or (Path(top) / "MEMORY.md").is_file()):
            return Home(Path(top).resolve())
        raise
