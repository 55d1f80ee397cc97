"""CLI commands: init, ingest, status."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from . import options
from .app import HomeOpt, JsonOpt, command, err, get_home, home_arg, print_json, table_params


@command("init")
def init_cmd(
    ctx: typer.Context,
    path: Annotated[Optional[Path], typer.Argument(help="Folder for the new agent_home (default: --home, else the current folder).")] = None,
    home: HomeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Create an agent_home layout. Never overwrites an existing file."""
    from ..layout import init_home

    target = path or Path(home_arg(ctx, home) or ".")
    h, created = init_home(target)
    if json_out:
        print_json({"home": str(h.root), "created": created})
        return
    for c in created:
        err(f"created {c}")
    err(f"agent_home ready at {h.root}" + ("" if created else " (nothing to create)"))
    err(f"next: holonmem --home {h.root} ingest events.jsonl")


@command("ingest")
@table_params(options.INGEST)
def ingest_cmd(ctx: typer.Context, **opts) -> None:
    """Append events to the ledger from files or stdin.

    Duplicate ids are skipped; bad lines are reported as `line N: reason`,
    saved under .holonmem/rejected/, and make the exit code 65 while the good
    lines are kept. Secrets are redacted before anything is written.
    """
    from .fast_ingest import ingest_main

    ingest_main(get_home(ctx, opts.pop("home")), **opts)


@command("status")
def status_cmd(ctx: typer.Context, home: HomeOpt = None, json_out: JsonOpt = False) -> None:
    """Show what the home holds and what work is pending."""
    from ..status import gather

    st = gather(get_home(ctx, home))
    if json_out:
        print_json(st)
        return
    p = st["pending"]
    sig = st["signals"]
    rows = [
        ["home", st["home"]],
        ["events", f"{st['events']} in {st['sessions']} sessions, {len(st['projects'])} projects ({', '.join(st['projects'][:8])})"],
        ["ledger", f"{len(st['ledger_files'])} files, {st['ledger_bytes']:,} bytes" + (f", {st['duplicate_lines']} duplicate lines (run doctor)" if st["duplicate_lines"] else "")],
        ["episodes", f"{st['episode_days']} day files; {p['consolidate_bytes']:,} ledger bytes not consolidated yet"],
        ["signals", ", ".join(f"{v} {k}" for k, v in sig.items())],
        ["memories", str(st["memories"])],
        ["notes", str(st["notes"])],
        ["index", "never built" if p["index_bytes"] is None else ("fresh" if p["index_bytes"] == 0 else f"{p['index_bytes']:,} ledger bytes behind")],
        ["last consolidate", st["last_consolidate"] or "never"],
        ["last dream", st["last_dream"] or "never"],
    ]
    if st.get("last_heartbeat"):
        rows.append(["last heartbeat", st["last_heartbeat"]])
    if st["quarantined"] or st["rejected_files"]:
        rows.append(["attention", f"{st['quarantined']} quarantined, {st['rejected_files']} rejected-input files under .holonmem/"])
    from .app import print_table

    print_table(["what", "value"], rows)
