"""Typer-free fast path for ``holonmem context`` (same options, same output).

Anything this small parser does not understand goes to the typer command,
which prints the usual usage error.
"""

from __future__ import annotations

import sys

_OPTS = {"--task": "task", "--project": "project", "--session": "session", "--budget": "budget",
         "--format": "fmt", "--hook": "hook", "--event": "event", "--now": "now", "--home": "home"}


def parse(argv: list[str]) -> dict | None:
    """Options as a dict, or None when typer should handle the arguments."""
    out: dict = {}
    i = 0
    while i < len(argv):
        a = argv[i]
        if "=" in a and a.split("=", 1)[0] in _OPTS:
            name, val = a.split("=", 1)
        elif a in _OPTS and i + 1 < len(argv):
            name, val = a, argv[i + 1]
            i += 1
        else:
            return None
        out[_OPTS[name]] = val
        i += 1
    if "budget" in out:
        try:
            out["budget"] = int(out["budget"])
        except ValueError:
            return None
    return out


def run(argv: list[str]) -> int:
    opts = parse(argv)
    if opts is None:
        from .fast import typer_fallback

        return typer_fallback("context", argv)
    from ..context_build import run as build_output
    from ..home import resolve_home

    home = resolve_home(opts.pop("home", None))
    out, warnings = build_output(home, **opts)
    for w in warnings:
        sys.stderr.write(f"warning: {w}\n")
    sys.stdout.write(out)
    sys.stdout.flush()
    return 0
