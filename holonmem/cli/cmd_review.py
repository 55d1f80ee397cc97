"""CLI commands for editing and reviewing memory by hand: remember, forget, restore,
review, promote, reject, doctor, journal."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .app import HomeOpt, JsonOpt, command, err, get_home, print_json, stdout_is_tty

TimeoutOpt = Annotated[float, typer.Option("--timeout", help="Seconds to wait for the home's pipeline lock before giving up (exit 75).")]


def _done(res, as_json: bool) -> None:
    if as_json:
        print_json(res.to_json())
        return
    for m in res.memories:
        sys.stdout.write(f"{m['action']}\t{m['path']}\t{m['status']}\t{m['title']}\n")
    if res.action in ("promote", "reject"):
        for s in res.signals:
            sys.stdout.write(f"{'promoted' if res.action == 'promote' else 'rejected'}\t{s}\n")
    if res.note:
        err(res.note)
    for path, why in res.conflicts:
        err(f"conflict: {path}: {why}")
    err(f"journal: {res.journal}")


@command("remember")
def remember_cmd(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="The statement to keep, e.g. \"Always run ruff before committing\".", show_default=False)],
    kind: Annotated[str, typer.Option("--kind", help="rule, preference, fact, decision, lesson, method or identity.")] = "rule",
    scope: Annotated[Optional[str], typer.Option("--scope", help="user, project or agent (default: project with --project, else user).")] = None,
    project: Annotated[Optional[str], typer.Option("--project", help="The project it applies to (absent: everywhere).")] = None,
    timeout: TimeoutOpt = 10.0,
    home: HomeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Keep a statement as a long-term memory now: its file, then its MEMORY.md line (journaled)."""
    from ..curate import remember

    _done(remember(get_home(ctx, home), text, kind=kind, scope=scope, project=project, timeout=timeout), as_json)


RefArg = Annotated[str, typer.Argument(help="memory:memory/<slug>.md, memory/<slug>.md, a slug or a mem_ id.", show_default=False)]


def _status_command(name: str, help_text: str) -> None:
    """``forget`` and ``restore``: the same options, one call into ``curate``."""

    @command(name, help=help_text)
    def run(
        ctx: typer.Context,
        ref: RefArg,
        timeout: TimeoutOpt = 10.0,
        home: HomeOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        from .. import curate

        _done(getattr(curate, name)(get_home(ctx, home), ref, timeout=timeout), as_json)


_status_command("forget", "Archive a memory: off MEMORY.md and out of the context; the file stays (see restore).")
_status_command("restore", "Bring an archived (or superseded) memory back into MEMORY.md and the context.\n\n"
                           "The active memories that had superseded it are superseded by it in turn.")


@command("review")
def review_cmd(
    ctx: typer.Context,
    home: HomeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show pending signals grouped as the next dream would group them, with evidence and what each lacks."""
    from ..review import review

    res = review(get_home(ctx, home))
    if as_json:
        print_json(res)
        return
    if not res["groups"]:
        err("no pending signals")
        return
    if stdout_is_tty():
        _review_rich(res)
    else:
        for g in res["groups"]:
            sys.stdout.write("\t".join([g["verdict"], f"{g['score']:.2f}", ",".join(g["signals"]), g["project"] or "-",
                                        g["statement"]]) + "\n")
            for e in g["evidence"]:
                sys.stdout.write("\t".join(["", e["id"], e.get("session") or "", e.get("date") or "",
                                            "(missing from the ledger)" if e.get("missing") else e["text"]]) + "\n")
            for lack in g["lacks"]:
                sys.stdout.write(f"\tlacks: {lack}\n")
    c = res["counts"]
    err(f"{len(res['groups'])} groups from {res['pending']} pending signals: {c['ready']} ready, {c['waiting']} waiting, "
        f"{c['expiring']} expiring, {c['refused']} refused; {len(res['hidden_rejected'])} hidden (rejected before)")


def _review_rich(res: dict) -> None:
    from rich.console import Console
    from rich.panel import Panel
    from rich.text import Text

    con = Console()
    style = {"ready": "green", "waiting": "yellow", "expiring": "red", "refused": "red"}
    for g in res["groups"]:
        t = Text()
        t.append(g["statement"] + "\n", style="bold")
        t.append(f"{g['kind']} · {g['scope']} · {g['project'] or 'global'} · score {g['score']:.2f} · {g['reason']}\n")
        for e in g["evidence"]:
            t.append(f"  {e['id']}  ", style="cyan")
            t.append("(missing from the ledger)\n" if e.get("missing") else f"{e.get('date')} {e.get('session')}: {e['text']}\n")
        for lack in g["lacks"]:
            t.append(f"  lacks: {lack}\n", style="yellow")
        t.append("  " + " ".join(g["signals"]), style="dim")
        con.print(Panel(t, title=g["verdict"], title_align="left", border_style=style[g["verdict"]]))


@command("promote")
def promote_cmd(
    ctx: typer.Context,
    signal: Annotated[str, typer.Argument(metavar="SIGNAL_ID", help="A pending signal id from `holonmem review`.", show_default=False)],
    timeout: TimeoutOpt = 10.0,
    home: HomeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Promote a pending signal (and the signals grouped with it) into memory now."""
    from ..curate import promote

    _done(promote(get_home(ctx, home), signal, timeout=timeout), as_json)


@command("reject")
def reject_cmd(
    ctx: typer.Context,
    signal: Annotated[str, typer.Argument(metavar="SIGNAL_ID", help="A pending signal id from `holonmem review`.", show_default=False)],
    reason: Annotated[Optional[str], typer.Option("--reason", help="Why (kept in signals.jsonl and the journal).")] = None,
    timeout: TimeoutOpt = 10.0,
    home: HomeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Reject a pending signal (and its group); the same statement is not proposed again."""
    from ..curate import reject

    _done(reject(get_home(ctx, home), signal, reason=reason, timeout=timeout), as_json)


@command("journal")
def journal_cmd(
    ctx: typer.Context,
    last: Annotated[int, typer.Option("--last", "-n", min=1, help="How many entries (newest last).")] = 3,
    home: HomeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the latest journal entries: dream runs, undos and hand edits."""
    from ..review import journal_entries

    entries = journal_entries(get_home(ctx, home), last)
    if as_json:
        print_json(entries)
        return
    if not entries:
        err("the journal is empty (no dream has run yet)")
        return
    for e in entries:
        sys.stdout.write(f"<!-- {e['file']} -->\n{e['text']}\n")


@command("doctor")
def doctor_cmd(
    ctx: typer.Context,
    fix: Annotated[bool, typer.Option("--fix", help="Repair what is safe (nothing a person wrote is deleted; moved text goes to .holonmem/quarantine/).")] = False,
    timeout: TimeoutOpt = 10.0,
    home: HomeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check the whole home (memory files, MEMORY.md, ledger, episodes, signals, index, permissions).

    Exits 1 while problems remain, 0 when the home is clean (warnings such as
    group-readable files from a git clone do not count; --fix tightens them).
    """
    from ..doctor import run_doctor

    rep = run_doctor(get_home(ctx, home), fix=fix, timeout=timeout)
    if as_json:
        print_json(rep.to_json())
    else:
        for f in rep.findings:
            where = f"{f.file}:{f.line}" if f.line else f.file
            mark = "fixed" if f.fixed else f.severity
            sys.stdout.write(f"{mark}\t{f.check}\t{where}\t{f.problem}\t{f.fixed or f.fix}\n")
    err(rep.summary())  # also with --json: a non-zero exit always says why on stderr
    if rep.remaining():
        raise typer.Exit(1)
