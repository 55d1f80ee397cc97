"""CLI commands: hook claude, hook codex, hook install.

``holonmem hook <client>`` (one per client in ``formats.CLIENTS``) normally
runs through the typer-free fast path (cli/fast_hook.py); the typer commands
here give it --help and serve the in-process test runner. Both parse the
arguments with the same table (options.HOOK) and call the same code.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Optional

import typer
from typer.core import TyperCommand

from ..formats import CLIENTS
from . import options
from .app import HomeOpt, JsonOpt, app, err, home_arg, print_json, table_params, translate_errors

hook_app = typer.Typer(
    name="hook",
    help="Agent hooks: ingest one Claude Code / Codex hook payload from stdin, reply with context; install the hooks.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(hook_app, name="hook")


class FailOpenCommand(TyperCommand):
    """``hook <client>`` through typer: the arguments go to the fast path's parser
    (fast_hook.run_client), so both paths read the same options and both fail open
    (an unknown option is a note on stderr, the hook still runs, exit 0). Only a
    request for --help is click's."""

    HELP = frozenset({"unknown argument '--help' ignored", "unknown argument '-h' ignored"})

    def parse_args(self, ctx, args):
        notes: list[str] = []
        options.parse(options.HOOK, args, notes)
        if self.HELP.intersection(notes):
            return super().parse_args(ctx, ["--help"])  # prints the help and exits 0
        ctx.meta["holonmem.hook_argv"] = list(args)
        return []


def _client_command(name: str, label: str) -> None:
    @hook_app.command(name, cls=FailOpenCommand, help=f"""{label} hook: read one hook payload on stdin and ingest it.

    For SessionStart and UserPromptSubmit, print the context envelope
    {{"hookSpecificOutput": {{...}}}} on stdout. Always exits 0; problems go to
    stderr and .holonmem/logs/hook.log.
    """)
    @table_params(options.HOOK)
    def hook_client(ctx: typer.Context, **_opts) -> None:
        from .fast_hook import run_client

        raise typer.Exit(run_client(name, ctx.meta["holonmem.hook_argv"], home_arg(ctx, None), stdin=sys.stdin.buffer))


for _c in CLIENTS.values():
    _client_command(_c.name, _c.label)


@hook_app.command("install")
@translate_errors
def hook_install(
    ctx: typer.Context,
    client: Annotated[str, typer.Argument(help=f"{' or '.join(CLIENTS)}.")],
    project_dir: Annotated[Optional[str], typer.Option("--project-dir", help=f"Install into this project's settings ({' or '.join('/'.join(c.settings) for c in CLIENTS.values())}) instead of your user settings.")] = None,
    write: Annotated[bool, typer.Option("--write", help="Merge the hooks into the settings file (a .bak copy is kept); without it, only print the snippet.")] = False,
    home: HomeOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Print the hooks settings snippet for Claude Code or Codex, or merge it in with --write.

    Existing hooks are never dropped; installing twice adds nothing. When a
    home is given (--home or $HOLONMEM_HOME), the hook command names it.
    """
    from ..hooks import install

    home_path = None
    try:
        from .app import get_home

        home_path = str(get_home(ctx, home).root)
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
