"""Plain text: each non-empty line becomes one message event.

The role comes from ``--role`` (default ``user``). The line number is kept in
``meta.line`` so repeated lines in one input stay distinct while re-ingesting
the same input adds nothing.
"""

from __future__ import annotations

from typing import BinaryIO, Iterator

from .base import ParseContext, Record, Rejection, Sample, decode_line, iter_raw_lines, preview, too_long

NAME = "text"


def sniff(sample: Sample) -> bool:
    return True


def parse(stream: BinaryIO, ctx: ParseContext) -> Iterator[Record | Rejection]:
    for line_no, data, size in iter_raw_lines(stream, ctx.max_line_bytes):
        if data is None:
            yield too_long(line_no, size, ctx.max_line_bytes)
            continue
        try:
            text = decode_line(data).strip()
        except ValueError as exc:
            yield Rejection(line_no, str(exc), preview(data))
            continue
        if not text:
            continue
        meta = {"line": line_no}
        if ctx.source != "-":
            meta["source"] = ctx.source.replace("\\", "/").rsplit("/", 1)[-1]
        yield Record(line_no, {"role": ctx.role, "kind": "message", "text": text, "meta": meta})
