"""CLI commands: hook claude, hook codex, hook install.

``holonmem hook claude|codex`` normally runs through the typer-free fast path
(cli/fast_hook.py); the typer commands here give it --help and serve the
in-process test runner. Both call the same code.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Optional

import typer

from .app import HomeOpt, JsonOpt, app, err, print_json, translate_errors

hook_app = typer.Typer(
    name="hook",
    help="Agent hooks: ingest one Claude Code / Codex hook payload from stdin, reply with context; install the hooks.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(hook_app, name="hook")

ProjectOpt = Annotated[Optional[str], typer.Option("--project", help="Project for the events (default: from the payload's cwd).")]
SessionOpt = Annotated[Optional[str], typer.Option("--session", help="Session for the events (default: the payload's session_id).")]


def _home_arg(ctx: typer.Context, home: str | None) -> str | None:
    return home or (ctx.obj or {}).get("home")


def _run(ctx: typer.Context, client: str, home, project, session) -> None:
    from .fast_hook import hook_main

    raise typer.Exit(hook_main(client, home=_home_arg(ctx, home), project=project, session=session,
                               stdin=sys.stdin.buffer))


@hook_app.command("claude")
def hook_claude(ctx: typer.Context, home: HomeOpt = None, project: ProjectOpt = None, session: SessionOpt = None) -> None:
    """Claude Code hook: read one hook payload on stdin and ingest it.

    For SessionStart and UserPromptSubmit, print the context envelope
    {"hookSpecificOutput": {...}} on stdout. Always exits 0; problems go to
    stderr and .holonmem/logs/hook.log.
    """
    _run(ctx, "claude", home, project, session)


@hook_app.command("codex")
def hook_codex(ctx: typer.Context, home: HomeOpt = None, project: ProjectOpt = None, session: SessionOpt = None) -> None:
    """Codex CLI hook: read one hook payload on stdin and ingest it.

    For SessionStart and UserPromptSubmit, print the context envelope on
    stdout. Always exits 0; problems go to stderr and .holonmem/logs/hook.log.
    """
    _run(ctx, "codex", home, project, session)


@hook_app.command("install")
@translate_errors
def hook_install(
    ctx: typer.Context,
    client: Annotated[str, typer.Argument(help="claude or codex.")],
    project_dir: Annotated[Optional[str], typer.Option("--project-dir", help="Install into this project's settings (.claude/settings.json or .codex/hooks.json) instead of your user settings.")] = None,
    write: Annotated[bool, typer.Option("--write", help="Merge the hooks into the settings file (a .bak copy is kept); without it, only print the snippet.")] = False,
    home: HomeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Print the hooks settings snippet for Claude Code or Codex, or merge it in with --write.

    Existing hooks are never dropped; installing twice adds nothing. When a
    home is given (--home or $HOLONMEM_HOME), the hook command names it.
    """
    from ..hooks import install

    explicit = _home_arg(ctx, home)
    home_path = None
    try:
        from .app import get_home

        home_path = str(get_home(ctx, explicit).root)
    except Exception:  # noqa: BLE001 - a snippet without --home is still useful
        home_path = None
    res = install(client, project_dir=project_dir, home=home_path, write=write)
    if json_out:
        print_json({"path": res.path, "written": write, "added": res.added, "backup": res.backup, "snippet": res.snippet,
                    "mcp": res.mcp})
        return
    if not write:
        sys.stdout.write(json.dumps(res.snippet, indent=2) + "\n")
        err(f"merge this into {res.path} (or run again with --write)")
        if home_path is None:
            err("note: no home found; the hook command relies on $HOLONMEM_HOME at run time")
        if client == "codex":
            err("note: Codex runs a new hook only after you trust it (/hooks in codex)")
    elif res.added:
        err(f"added holonmem hooks for {res.added} event(s) to {res.path}" + (f" (backup: {res.backup})" if res.backup else ""))
    else:
        err(f"holonmem hooks already installed in {res.path}; nothing changed")
    _report_mcp(res.mcp, write)


def _report_mcp(m: dict, write: bool) -> None:
    """The MCP server part of `hook install` (messages on stderr; stdout keeps the hooks JSON alone)."""
    import importlib.util

    if not write:
        err("MCP server (memory_search, memory_get, memory_context, memory_remember; docs/mcp.md): "
            f"run `{m['command']}`" + (f", or add this to {m['path']}:" if m["path"] else ""))
        snippet = m["snippet"] if isinstance(m["snippet"], str) else json.dumps(m["snippet"], indent=2) + "\n"
        if m["path"]:
            sys.stderr.write(snippet)
        else:
            err("  (or, for one project only, run again with --project-dir DIR for its .mcp.json)")
    elif m["added"]:
        err(f"added the holonmem MCP server to {m['path']}" + (f" (backup: {m['backup']})" if m["backup"] else ""))
    elif m["note"]:
        err(f"MCP server: {m['note']}" + (f" in {m['path']}" if m["path"] and "left alone" in m["note"] else ""))
    else:
        err(f"holonmem MCP server already in {m['path']}; nothing changed")
    if importlib.util.find_spec("mcp") is None:
        from ..mcp_server import install_hint

        err(f"note: `holonmem mcp` needs the optional extra; {install_hint()}")
