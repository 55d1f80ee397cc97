"""Typer-free fast path for ``holonmem ingest`` (same options, same output).

``ingest`` runs in shell pipelines and agent scripts on every turn (``echo
'{...}' | holonmem ingest``); typer costs ~40 ms to import and set up. :func:`run`
parses the options by hand and calls :func:`ingest_main`, which the typer
command (``cmd_core.ingest_cmd``) calls as well. Anything the small parser
does not understand (``--help``, an unknown option, a bad number, ``--``) goes
to typer, which prints the usual usage error.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .fastargs import err, parse_args, print_json, run_parsed

_OPTS = {"--format": ("fmt", True), "-f": ("fmt", True), "--project": ("project", True),
         "--session": ("session", True), "--role": ("role", True), "--max-line-bytes": ("max_line_bytes", True),
         "--home": ("home", True), "--strict": ("strict", False), "--no-fsync": ("no_fsync", False),
         "--json": ("json_out", False)}


def _file(out: dict, arg: str) -> bool:
    if arg.startswith("-") and arg != "-":
        return False  # unknown option or `--`: typer decides
    out.setdefault("files", []).append(Path(arg))
    return True


def parse(argv: list[str]) -> dict | None:
    """Options as ``ingest_main`` keywords (plus ``home``), or None when typer should handle them."""
    out = parse_args(argv, _OPTS, _file)
    if out is not None and "max_line_bytes" in out:
        try:
            out["max_line_bytes"] = int(out["max_line_bytes"])
        except ValueError:
            return None
    return out


def run(argv: list[str]) -> int:
    return run_parsed("ingest", argv, parse, ingest_main)


def ingest_main(h, files: list[Path] | None = None, *, fmt: str = "auto", project: str | None = None,
                session: str | None = None, role: str = "user", strict: bool = False, no_fsync: bool = False,
                max_line_bytes: int | None = None, json_out: bool = False) -> None:
    """The ``ingest`` command once its options are parsed (``h``: the Home)."""
    from .. import formats
    from ..errors import InputRejected, UsageError
    from ..ingest import Source, ingest

    if fmt != "auto" and formats.ALIASES.get(fmt, fmt) not in formats.ORDER:
        raise UsageError(f"unknown --format {fmt!r}", f"use one of: {', '.join(formats.names())}")
    if role not in ("user", "assistant", "tool", "system"):
        raise UsageError(f"unknown --role {role!r}", "use user, assistant, tool or system")
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
