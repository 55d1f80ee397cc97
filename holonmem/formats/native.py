"""Native holonmem events: JSONL, one event object per line (see SPEC)."""

from __future__ import annotations

from typing import BinaryIO, Iterator

from .base import ParseContext, Record, Rejection, Sample, iter_raw_lines, parse_object, preview, too_long

NAME = "native"


def sniff(sample: Sample) -> bool:
    """Native when the input looks like JSON lines at all (malformed ones are
    then rejected line by line, not re-read as plain text)."""
    return any(line.lstrip().startswith("{") for line in sample.lines)


def parse(stream: BinaryIO, ctx: ParseContext) -> Iterator[Record | Rejection]:
    for line_no, data, size in iter_raw_lines(stream, ctx.max_line_bytes):
        if data is None:
            yield too_long(line_no, size, ctx.max_line_bytes)
            continue
        if not data or (data[0] in b" \t\r\n" and not data.strip()):
            continue
        try:
            obj = parse_object(data)
        except ValueError as exc:
            yield Rejection(line_no, str(exc), preview(data))
            continue
        yield Record(line_no, obj)
