"""Shared pieces of the typer-free fast paths (``fast_*.py``): a small option
parser that gives up (``None``) on anything unusual so that typer answers it,
the run-or-fall-back step, and stdout/stderr writers shaped like ``app``'s."""

from __future__ import annotations

import json
import sys
# option -> (destination, takes a value); no typing import: these run on every turn
Options = dict[str, tuple[str, bool]]


def parse_args(argv: list[str], options: Options, positional, repeat: tuple[str, ...] = ()) -> dict | None:
    """``--opt value``, ``--opt=value`` and flags into ``{dest: value}``
    (destinations in ``repeat`` collect lists); any other argument goes to
    ``positional(out, arg)``, which returns False to give up. ``None`` when
    typer should parse the command line (it prints the usage error)."""
    out: dict = {}
    i = 0
    while i < len(argv):
        a = argv[i]
        name, val = a, None
        if a.startswith("--") and "=" in a:
            name, val = a.split("=", 1)
        if name in options:
            dest, takes = options[name]
            if not takes:
                if val is not None:
                    return None
                out[dest] = True
            else:
                if val is None:
                    if i + 1 >= len(argv):
                        return None
                    i += 1
                    val = argv[i]
                if dest in repeat:
                    out.setdefault(dest, []).append(val)
                else:
                    out[dest] = val
        elif not positional(out, a):
            return None
        i += 1
    return out


def run_parsed(command: str, argv: list[str], parse, main) -> int:
    """Parse with ``parse``; run ``main(home, **options)``, or hand the
    command line to typer when ``parse`` gives up."""
    opts = parse(argv)
    if opts is None:
        from .fast import typer_fallback

        return typer_fallback(command, argv)
    from ..home import resolve_home

    main(resolve_home(opts.pop("home", None)), **opts)
    return 0


def err(line: str) -> None:
    sys.stderr.write(line.rstrip("\n") + "\n")
    sys.stderr.flush()


def print_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2, default=str) + "\n")
    sys.stdout.flush()
