"""Shared pieces for format adapters: records, rejections, bounded line reading."""

from __future__ import annotations

import json
from ..records import dataclass, field  # not dataclasses: it imports inspect (~10 ms a turn)
from collections.abc import Iterator  # not typing: ~3 ms on every hook
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import BinaryIO


@dataclass
class ParseContext:
    """What an adapter may need beyond the bytes."""

    source: str = "-"  # file name or "-" for stdin
    max_line_bytes: int = 1024 * 1024
    role: str = "user"  # for plain text
    project: str | None = None
    session: str | None = None
    state: dict = field(default_factory=dict)  # per-source adapter state (e.g. transcript offsets)
    skipped: dict = field(default_factory=dict)  # what the adapter deliberately left out: {what: count}


@dataclass(slots=True)
class Record:
    """A native-shaped event dict from input line ``line``."""

    line: int
    event: dict


@dataclass
class Rejection:
    line: int
    reason: str
    raw: str = ""


@dataclass
class Sample:
    """The first lines of an input, for format detection."""

    lines: list[str]  # first non-empty lines, decoded (errors replaced)
    head: str  # up to the first 64 KiB, decoded

    def first_json(self):
        """The first line parsed as JSON, or the whole head, or ``None``."""
        for line in self.lines:
            try:
                return json.loads(line)
            except (ValueError, RecursionError):  # nested too deeply: the parser rejects that line
                continue
        try:
            return json.loads(self.head)
        except (ValueError, RecursionError):
            return None

    def json_objects(self) -> list:
        out = []
        for line in self.lines:
            try:
                out.append(json.loads(line))
            except (ValueError, RecursionError):
                pass
        return out


def skip(ctx: ParseContext, what: str) -> None:
    """Note one record the adapter leaves out on purpose (see :func:`report_skips`)."""
    ctx.skipped[what] = ctx.skipped.get(what, 0) + 1


def report_skips(ctx: ParseContext) -> None:
    """Say once what this read left out: one line per kind of record on stderr
    with ``HOLONMEM_VERBOSE=1``, and the running counts in the source's state
    (``skipped`` in ``.holonmem/sources.json`` for transcripts and rollouts)."""
    if not ctx.skipped:
        return
    import os
    import sys

    total = ctx.state.get("skipped")
    if not isinstance(total, dict):
        total = ctx.state["skipped"] = {}
    for what, n in ctx.skipped.items():
        total[what] = int(total.get(what) or 0) + n
    if os.environ.get("HOLONMEM_VERBOSE") == "1":
        for what, n in sorted(ctx.skipped.items()):
            sys.stderr.write(f"holonmem: {ctx.source}: skipped {n} × {what}\n")
    ctx.skipped.clear()


def iter_raw_lines(stream: BinaryIO, max_bytes: int) -> Iterator[tuple[int, bytes | None, int]]:
    """Yield ``(line_no, data, size)`` per line; ``data`` is ``None`` when the
    line exceeds ``max_bytes`` (its bytes are skipped without being held)."""
    line_no = 0
    while True:
        data = stream.readline(max_bytes + 1)
        if not data:
            return
        line_no += 1
        if len(data) > max_bytes and not data.endswith(b"\n"):
            size = len(data)
            while True:
                more = stream.readline(1 << 20)
                if not more:
                    break
                size += len(more)
                if more.endswith(b"\n"):
                    break
            yield line_no, None, size
            continue
        yield line_no, data.rstrip(b"\r\n"), len(data)


def decode_line(data: bytes) -> str:
    """Strict UTF-8; raises ``ValueError`` naming the byte offset."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"invalid UTF-8 at byte {exc.start}") from None


def _scanner():
    """``json``'s own object scanner (the C one where built), called directly:
    ``json.loads`` wraps it in three Python calls and two regex matches per line."""
    from json.scanner import make_scanner

    return make_scanner(json.JSONDecoder())


_SCAN = _scanner()


def parse_object(data: bytes | str) -> dict:
    """One JSON object from a line (strict UTF-8 for bytes); ``ValueError``
    says why not, in the words a rejection shows."""
    text = decode_line(data) if isinstance(data, bytes) else data
    if text[:1] == "{":  # the common case: nothing around the object
        try:
            obj, end = _SCAN(text, 0)
        except (StopIteration, ValueError, RecursionError):
            pass  # parse again below, for the message
        else:
            if end == len(text):
                return obj
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"malformed JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:  # ~1,000 levels: the decoder's own limit
        raise ValueError("JSON nested too deeply (over 1,000 levels)") from None
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {type(obj).__name__}")
    return obj


def preview(data: bytes | str, limit: int = 200) -> str:
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    return text if len(text) <= limit else text[:limit] + "…"


def too_long(line: int, size: int, limit: int) -> Rejection:
    return Rejection(
        line,
        f"too long ({size} bytes, over the {limit}-byte limit; raise --max-line-bytes or [ingest] max_line_bytes in holonmem.toml)",
        "",
    )


def read_document(stream: BinaryIO, max_bytes: int) -> bytes | None:
    """Read a whole-document input (a JSON file), ``None`` when over ``max_bytes``."""
    data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        return None
    return data
