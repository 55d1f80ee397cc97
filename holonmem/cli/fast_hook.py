"""``holonmem hook <client>`` without typer: it runs on every agent turn.

The options are ``options.HOOK`` (``[--home H] [--project P] [--session S]``),
the table the typer commands in cmd_hook.py are built from; the clients are
``formats.CLIENTS``. It reads one payload from stdin and hands it to
:func:`holonmem.hooks.run_hook`. Always returns 0 — hooks fail open, also on
an argument the table does not know (a note on stderr) — and stdout carries
only the JSON envelope (or nothing). ``hook install`` and anything else
after ``hook`` go through typer.
"""

from __future__ import annotations

import sys

from ..formats import CLIENTS
from .options import HOOK, parse, pick_home


def hook_main(client: str, *, home: str | None, project: str | None, session: str | None,
              stdin=None, notes: list[str] | None = None) -> int:
    """Read stdin, run the hook, print the envelope; always 0."""
    from ..hooks import MAX_PAYLOAD_BYTES, HookOutcome, run_hook

    stream = stdin if stdin is not None else sys.stdin.buffer
    try:
        if hasattr(stream, "isatty") and stream.isatty():
            data = b""
        else:
            data = stream.read(MAX_PAYLOAD_BYTES + 1)
            if len(data) > MAX_PAYLOAD_BYTES:
                while stream.read(1 << 20):  # drain, so the client does not block on a full pipe
                    pass
        out = run_hook(client, data, home=home, project=project, session=session)
    except BaseException as exc:  # noqa: BLE001 - fail open, whatever happened
        out = HookOutcome(problems=[f"{type(exc).__name__}: {exc}"])
    for note in notes or []:
        out.problems.insert(0, note)
    if out.stdout:
        try:
            sys.stdout.write(out.stdout + "\n")
            sys.stdout.flush()
        except (BrokenPipeError, OSError):
            pass
    for p in out.problems:
        try:
            sys.stderr.write(f"holonmem hook: {p}\n")
        except OSError:
            pass
    return 0


def run_client(client: str, argv: list[str], home: str | None = None, stdin=None) -> int:
    """``hook <client> ARGS`` with ``home`` the global ``--home``: the fast path and the
    typer commands both run this, so they read the same options and both fail open."""
    notes: list[str] = []
    opts = parse(HOOK, argv, notes)
    return hook_main(client, home=pick_home(opts.pop("home"), home), stdin=stdin, notes=notes, **opts)


def run(argv: list[str], home: str | None = None) -> int:
    if argv and argv[0] == "_follow-heartbeat":  # internal: the detached follow-up a busy heartbeat leaves
        from ..hooks import follow_heartbeat

        opts = parse(HOOK, argv[1:], [])
        return follow_heartbeat(pick_home(opts["home"], home))
    if not argv or argv[0] not in CLIENTS:
        from .fast import typer_fallback

        return typer_fallback("hook", argv, home)
    return run_client(argv[0], argv[1:], home)
