"""CLI command: mcp (the stdio MCP server in holonmem/mcp_server.py).

``holonmem mcp --help`` works without the optional extra; running the server
without it is one ``Error:`` line naming the pip command (exit 1).
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .app import HomeOpt, command, home_arg


@command("mcp")
def mcp_cmd(
    ctx: typer.Context,
    project: Annotated[Optional[str], typer.Option("--project", help="Project the tools use when the agent names none (default: context's own choice, the project of the newest event).")] = None,
    home: HomeOpt = None,
) -> None:
    """Serve this home's memory over MCP on stdin/stdout, for Claude Code, Codex, Cursor and other MCP clients.

    Tools: memory_search, memory_get, memory_context and memory_remember, which
    proposes a memory a person reviews (remember = "keep" under \\[mcp] in
    holonmem.toml keeps it at once). Needs the optional extra: pip install
    'holonmem\\[mcp]'. Configure a client with `holonmem hook install
    claude|codex`; details in docs/mcp.md.
    """
    from ..mcp_server import serve

    # the home is resolved per tool call: a missing home is an error result, not a dead server
    raise typer.Exit(serve(home_arg(ctx, home), project))
