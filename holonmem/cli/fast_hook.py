"""``holonmem hook claude|codex`` without typer: it runs on every agent turn.

Parses ``[--home H] [--project P] [--session S]`` by hand, reads one payload
from stdin and hands it to :func:`holonmem.hooks.run_hook`. Always returns 0;
stdout carries only the JSON envelope (or nothing). ``hook install`` and
anything else after ``hook`` go through typer.
"""

from __future__ import annotations

import sys

OPTIONS = ("--home", "--project", "--session")


def hook_main(client: str, *, home: str | None = None, project: str | None = None, session: str | None = None,
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


def parse_args(argv: list[str]) -> tuple[dict, list[str]]:
    """Known options (``--opt V`` or ``--opt=V``) and notes about the rest."""
    opts: dict = {}
    notes: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        name, eq, val = a.partition("=")
        if name in OPTIONS:
            if not eq:
                if i + 1 >= len(argv):
                    notes.append(f"option {name} needs a value; ignored")
                    break
                val = argv[i + 1]
                i += 1
            opts[name[2:]] = val
        else:
            notes.append(f"unknown argument {a!r} ignored")
        i += 1
    return opts, notes


def run(argv: list[str]) -> int:
    if argv and argv[0] == "_follow-heartbeat":  # internal: the detached follow-up a busy heartbeat leaves
        from ..hooks import follow_heartbeat

        opts, _ = parse_args(argv[1:])
        return follow_heartbeat(opts.get("home"))
    if not argv or argv[0] not in ("claude", "codex"):
        from .fast import typer_fallback

        return typer_fallback("hook", argv)
    opts, notes = parse_args(argv[1:])
    return hook_main(argv[0], notes=notes, **opts)
