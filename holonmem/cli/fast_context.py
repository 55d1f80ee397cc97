"""Typer-free fast path for ``holonmem context`` (same options, same output).

The options are ``options.CONTEXT``, the table the typer command
(``cmd_context.context_cmd``) is built from; both call :func:`context_main`.
Anything the fast parser does not understand goes to the typer command, which
prints the usual usage error.
"""

from __future__ import annotations

import sys

from .fast import run_table
from .options import CONTEXT


def run(argv: list[str], home: str | None = None) -> int:
    return run_table(CONTEXT, argv, home, context_main)


def context_main(h, **opts) -> None:
    """The ``context`` command once its options are parsed (``h``: the Home; options: options.CONTEXT)."""
    from ..context_build import run as build_output

    out, warnings = build_output(h, **opts)
    for w in warnings:
        sys.stderr.write(f"warning: {w}\n")
    sys.stdout.write(out)
    sys.stdout.flush()
