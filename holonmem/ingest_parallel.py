"""Bulk ingest of a big native JSONL file on several cores.

Parsing, validating, redacting and serializing an event costs ~10 µs of
Python; writing it to the ledger and the id map ~2.5 µs. For a file of at
least ``[ingest] parallel_bytes`` (holonmem.toml, 8 MiB by default: below
that, starting workers costs more than it saves) on a machine with two or more CPUs, the file is
cut at line ends into ranges of about :data:`CHUNK_BYTES`; forked worker
processes turn each range into ledger lines (the same :class:`ingest.Acceptor`
as the serial path), and this process appends them in file order with
``Ledger.append_lines`` — the same lock per batch, duplicate check and id map
as the serial path, so the ledger ends up byte for byte the same. Rejections
carry the file's own line numbers. At most ``2 × workers`` ranges are in
flight, so memory stays bounded whatever the file size.
"""

from __future__ import annotations

import os
from typing import Iterator

CHUNK_BYTES = 2 << 20  # at most; a smaller file is cut into ~16 ranges
MAX_WORKERS = 4

_job: dict = {}  # set in each worker by _init: the file, its Acceptor, the line limit


def worth_it(src, min_bytes: int) -> bool:
    """A regular file of at least ``min_bytes`` (0: never), on a machine with
    more than one CPU, where worker processes can be forked."""
    if min_bytes <= 0 or (os.cpu_count() or 1) < 2 or src.name == "-" or not hasattr(os, "fork"):
        return False
    import stat

    try:
        st = os.fstat(src.stream.fileno())
    except (AttributeError, OSError, ValueError):
        return False
    if not stat.S_ISREG(st.st_mode) or st.st_size < min_bytes:
        return False  # decided before importing multiprocessing (~10 ms): most inputs are small
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def spans(path: str, chunk: int | None = None) -> list[tuple[int, int]]:
    """``(start, end)`` byte ranges covering the file, each ending just after a newline
    (the last one at the end of the file)."""
    size = os.path.getsize(path)
    chunk = chunk or min(CHUNK_BYTES, max(4096, size // 16))
    out = []
    start = 0
    with open(path, "rb") as fh:
        while start < size:
            pos = start + chunk
            if pos >= size:
                out.append((start, size))
                break
            fh.seek(pos)
            while True:  # to the end of the line that ``pos`` falls in (a long line: read on)
                block = fh.read(1 << 16)
                if not block:
                    pos = size
                    break
                nl = block.find(b"\n")
                if nl >= 0:
                    pos += nl + 1
                    break
                pos += len(block)
            out.append((start, pos))
            start = pos
    return out


def run(src, acc, limit: int) -> Iterator[tuple[list[bytes], list[str], list[tuple[str, str]], list]]:
    """``(lines, ids, keys, rejections)`` per range of ``src``, in file order;
    rejections are ``(line, reason, raw)`` with the file's line numbers. The
    secrets the workers redacted are added to ``acc.redacted``."""
    import multiprocessing
    from collections import deque

    path = os.path.abspath(src.name)
    todo = spans(path)
    workers = max(2, min(MAX_WORKERS, os.cpu_count() or 2))
    ctx = multiprocessing.get_context("fork")
    pool = ctx.Pool(workers, initializer=_init, initargs=(path, acc, limit))
    try:
        pending: deque = deque()
        base = 0  # lines before the range being collected
        it = iter(todo)
        for span in it:
            pending.append(pool.apply_async(_work, (span,)))
            if len(pending) >= 2 * workers:
                break
        while pending:
            lines, ids, keys, rejects, redacted, nlines = pending.popleft().get()
            nxt = next(it, None)
            if nxt is not None:
                pending.append(pool.apply_async(_work, (nxt,)))
            acc.redacted += redacted
            yield lines, ids, keys, [(base + line, reason, raw) for line, reason, raw in rejects]
            base += nlines
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


# -- in the worker processes ------------------------------------------------------

def _init(path: str, acc, limit: int) -> None:
    import signal
    import sys

    _job.update(path=path, acc=acc, limit=limit)
    # Ctrl-C is the parent's to handle (it stops the pool); and a worker has
    # nothing to tell stderr: its errors travel back with its results, and when
    # the parent is gone (killed) it only finds a broken pipe.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stderr = open(os.devnull, "w")


class _Range:
    """A file object that ends ``size`` bytes after its position, counting newlines."""

    def __init__(self, fh, size: int):
        self.fh, self.left, self.newlines = fh, size, 0

    def readline(self, limit: int = -1) -> bytes:
        if self.left <= 0:
            return b""
        n = self.left if limit is None or limit < 0 else min(limit, self.left)
        data = self.fh.readline(n)
        self.left -= len(data)
        self.newlines += data.endswith(b"\n")
        return data


def _work(span: tuple[int, int]):
    from .events import EventError, dumps_event
    from .formats import native
    from .formats.base import ParseContext, Record
    from .idindex import key_of

    start, end = span
    acc = _job["acc"]
    before = acc.redacted
    lines: list[bytes] = []
    ids: list[str] = []
    keys: list[tuple[str, str]] = []
    rejects: list[tuple[int, str, str]] = []
    normalize = acc.normalize
    with open(_job["path"], "rb") as fh:
        fh.seek(start)
        reader = _Range(fh, end - start)
        for item in native.parse(reader, ParseContext(max_line_bytes=_job["limit"])):
            if type(item) is not Record:
                rejects.append(acc.unparsed(item))
                continue
            try:
                ev = normalize(item.event)
            except EventError as exc:
                rejects.append(acc.invalid(item, exc))
                continue
            lines.append((dumps_event(ev) + "\n").encode("utf-8"))
            ids.append(ev["id"])
            keys.append(key_of(ev))
    # every range but the last ends with a newline: its newlines are its lines
    return lines, ids, keys, rejects, acc.redacted - before, reader.newlines
