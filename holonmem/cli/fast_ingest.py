"""Typer-free fast path for ``holonmem ingest`` (same options, same output).

``ingest`` runs in shell pipelines and agent scripts on every turn (``echo
'{...}' | holonmem ingest``); typer costs ~40 ms to import and set up. :func:`run`
parses the options (cli/options.py) and calls :func:`ingest_main`, which the typer
command (``cmd_core.ingest_cmd``) calls as well. Anything the small parser
does not understand (``--help``, an unknown option, a bad number, ``--``) goes
to typer, which prints the usual usage error. Both read the options from
``options.INGEST``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .fast import run_table
from .options import INGEST
from .output import err, print_json


def run(argv: list[str], home: str | None = None) -> int:
    return run_table(INGEST, argv, home, ingest_main)


def ingest_main(h, *, files: list[Path] | None, fmt: str, project: str | None, session: str | None, role: str,
                strict: bool, no_fsync: bool, max_line_bytes: int | None, json_out: bool) -> None:
    """The ``ingest`` command once its options are parsed (``h``: the Home; defaults: options.INGEST)."""
    from .. import formats
    from ..errors import InputRejected, UsageError
    from ..events import ROLES
    from ..ingest import Source, ingest

    if fmt != "auto" and formats.ALIASES.get(fmt, fmt) not in formats.ORDER:
        raise UsageError(f"unknown --format {fmt!r}", f"use one of: {', '.join(formats.names())}")
    if role not in ROLES:
        raise UsageError(f"unknown --role {role!r}", f"use {', '.join(ROLES[:-1])} or {ROLES[-1]}")
    opened = []
    try:
        sources = []
        for f in files or [Path("-")]:
            if str(f) == "-":
                sources.append(Source("-", sys.stdin.buffer))
            else:
                try:
                    fh = open(f, "rb")
                except FileNotFoundError:
                    raise UsageError(f"no such file: {f}", "check the path") from None
                except IsADirectoryError:
                    raise UsageError(f"{f} is a folder, not a file", "pass the files inside it") from None
                except ValueError:  # a NUL in the name: no file can have it
                    raise UsageError(f"not a file name: {str(f)!r}", "check the path") from None
                opened.append(fh)
                sources.append(Source(str(f), fh))
        try:
            res = ingest(
                h, sources, fmt=fmt, project=project, session=session, role=role,
                strict=strict, fsync=not no_fsync, max_line_bytes=max_line_bytes,
            )
        except InputRejected as exc:
            res = getattr(exc, "result", None)
            if json_out and res is not None:
                print_json(res.to_json())
            raise
    finally:
        for fh in opened:
            fh.close()
    for q in res.quarantined:
        err(f"warning: a torn last ledger line was moved to {q}")
    if json_out:
        print_json(res.to_json())
    else:
        err(res.summary())
