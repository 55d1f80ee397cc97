"""Plain text: each non-empty line becomes one message event.

The role comes from ``--role`` (default ``user``). The line number is kept in
``meta.line`` so repeated lines in one input stay distinct while re-ingesting
the same input adds nothing.
"""

from __future__ import annotations

import re
from typing import BinaryIO, Iterator

from .base import ParseContext, Record, Rejection, Sample, decode_line, iter_raw_lines, preview, too_long

NAME = "text"


def sniff(sample: Sample) -> bool:
    return True


# A pasted private key spans lines; its lines are kept together in one event
# so that redaction sees (and removes) the whole block, not just its header.
_KEY_BEGIN = re.compile(r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_KEY_END = re.compile(r"-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----")
MAX_BLOCK_LINES = 200


def parse(stream: BinaryIO, ctx: ParseContext) -> Iterator[Record | Rejection]:
    block: list[str] = []
    block_start = 0
    for line_no, data, size in iter_raw_lines(stream, ctx.max_line_bytes):
        if data is None:
            yield too_long(line_no, size, ctx.max_line_bytes)
            continue
        try:
            text = decode_line(data).strip()
        except ValueError as exc:
            yield Rejection(line_no, str(exc), preview(data))
            continue
        if block:
            block.append(text)
            if _KEY_END.search(text) or len(block) >= MAX_BLOCK_LINES:
                yield _record(block_start, "\n".join(block), ctx)
                block = []
            continue
        if not text:
            continue
        begin = _KEY_BEGIN.search(text)
        if begin and not _KEY_END.search(text, begin.end()):
            block, block_start = [text], line_no
            continue
        yield _record(line_no, text, ctx)
    if block:
        yield _record(block_start, "\n".join(block), ctx)


def _record(line_no: int, text: str, ctx: ParseContext) -> Record:
    meta = {"line": line_no}
    if ctx.source != "-":
        meta["source"] = ctx.source.replace("\\", "/").rsplit("/", 1)[-1]
    return Record(line_no, {"role": ctx.role, "kind": "message", "text": text, "meta": meta})
