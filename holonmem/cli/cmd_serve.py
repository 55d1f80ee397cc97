"""CLI command: ``holonmem serve`` (the review page, a local web app; needs the ``web`` extra)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .app import HomeOpt, command, get_home


@command("serve")
def serve_cmd(
    ctx: typer.Context,
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="TCP port on 127.0.0.1 (0: any free port).")] = 8765,
    token: Annotated[Optional[str], typer.Option("--token", help="The access token (default: a new random one each start).", show_default=False)] = None,
    host: Annotated[str, typer.Option("--host", help="A loopback address to listen on; anything else is refused.")] = "127.0.0.1",
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open the page in the default browser.")] = False,
    home: HomeOpt = None,
) -> None:
    """Open the review page, a local web app for the memory.

    The Inbox of pending signals (approve, edit then approve, reject), memories (edit, forget,
    restore), dream runs (diffs, undo), a timeline and a context preview.

    Listens on 127.0.0.1 only and prints its URL, http://127.0.0.1:PORT/?token=T, on stderr;
    every request needs the token. Ctrl-C stops it. Needs the web extra: pip install 'holonmem\\[web]'.
    """
    import importlib.util

    from ..errors import HolonmemError

    if importlib.util.find_spec("jinja2") is None:
        from ..web import JINJA_MISSING_HINT

        raise HolonmemError("holonmem serve needs the optional web extra (jinja2), which is not installed",
                            JINJA_MISSING_HINT)
    from ..web.server import loopback_host, serve

    loopback_host(host)  # refused before the home is even looked up
    h = get_home(ctx, home)
    raise typer.Exit(serve(h, host=host, port=port, token=token, open_browser=not no_browser))
