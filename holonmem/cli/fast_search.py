"""Typer-free fast path for ``holonmem search`` (same options, same output).

``search`` is what an agent runs between turns; typer alone costs ~45 ms to
import. :func:`run` parses the options of ``options.SEARCH`` (the table the
typer command is built from) and calls :func:`search_main`, which the typer
command (``cmd_search.search_cmd``) calls as well, so both print
byte-identical output. Anything the small parser does not understand
(``--help``, a bad ``--limit``, a second positional argument, ``--``) goes
to typer, which prints the usual usage error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .fast import run_table
from .options import SEARCH
from .output import err as _err
from .output import print_json


def run(argv: list[str], home: str | None = None) -> int:
    return run_table(SEARCH, argv, home, search_main)


def search_main(h, *, query: str | None, project: str | None, kind: list[str] | None, session: str | None,
                since: str | None, until: str | None, limit: int, all_: bool, queries: Path | None,
                json_out: bool) -> None:
    """The ``search`` command once its options are parsed (``h``: the Home; defaults: options.SEARCH)."""
    from ..errors import UsageError
    from ..redact import mask_results
    from ..search import Session

    if queries is None and not (query or "").strip():
        raise UsageError("nothing to search for", "give a QUERY or --queries FILE")
    common = dict(project=project, kinds=kind, session=session, since=since, until=until,
                  limit=limit, include_inactive=all_)
    if queries is not None:
        lines = _read_queries(queries)
        with Session(h) as s:
            for w in s.warnings:
                _err(f"warning: {w}")
            for n, spec in lines:
                opts = dict(common)
                for key, alias in (("project", None), ("kinds", "kind"), ("session", None), ("since", None),
                                   ("until", None), ("limit", None), ("include_inactive", "all")):
                    for k in (key, alias):
                        if k and k in spec:
                            opts[key] = spec[k]
                res = mask_results(s.search(str(spec.get("query") or ""), **opts))
                sys.stdout.write(json.dumps(res, ensure_ascii=False) + "\n")
            sys.stdout.flush()
        return
    from ..gcpause import paused_gc

    # one query builds a few thousand objects that hold no cycles (the index's
    # tables, the candidates): the collector's passes over them free nothing
    with paused_gc(), Session(h) as s:
        for w in s.warnings:
            _err(f"warning: {w}")
        res = mask_results(s.search(query, **common))
    if json_out:
        print_json(res)
        return
    if not res:
        _err("no results")
        return
    if sys.stdout.isatty():
        sys.stdout.write(terminal_results(res))
    else:
        for r in res:
            cells = [r["ref"], f"{r['score']:.3f}", r["project"] or "", r["ts"], r["snippet"]]
            sys.stdout.write("\t".join("" if c is None else str(c) for c in cells) + "\n")


def terminal_results(res: list[dict], width: int | None = None) -> str:
    """Results for a person at a terminal: a line with the score, the ref (whole,
    never cut: it is what you copy into `holonmem get`), project and time, then
    the title and snippet wrapped to the terminal's width under it."""
    import shutil
    import textwrap

    width = width or shutil.get_terminal_size((100, 24)).columns
    pad = " " * 8
    out = []
    for r in res:
        when = (r["ts"] or "")[:16].replace("T", " ")
        head = "  ".join(x for x in (f"{r['score']:6.2f}", r["ref"], r["project"] or "", when) if x)
        out.append(head)
        for text in (r["title"], r["snippet"]):
            text = " ".join(str(text or "").split())
            if text:
                out.append(textwrap.fill(text, max(20, width - 1), initial_indent=pad, subsequent_indent=pad,
                                         break_on_hyphens=False))
        out.append("")
    return "\n".join(out)


def _read_queries(path: Path) -> list[tuple[int, dict]]:
    from ..errors import InputRejected, UsageError

    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}", "check the --queries path") from None
    except ValueError:  # a NUL in the name: no file can have it
        raise UsageError(f"not a file name: {str(path)!r}", "check the --queries path") from None
    out, bad = [], []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            bad.append(f"line {n}: not JSON ({exc})")
            continue
        if not isinstance(obj, dict) or not isinstance(obj.get("query"), str):
            bad.append(f"line {n}: needs a \"query\" string")
            continue
        out.append((n, obj))
    if bad:
        raise InputRejected(f"{path}: " + "; ".join(bad[:5]), "each line must be a JSON object with a \"query\"")
    return out
