"""``holonmem ingest``: inputs → adapters → validated, redacted events → ledger.

Good lines are kept even when others are rejected (unless ``strict``);
each rejection is reported as ``line N: reason`` and saved, redacted, under
``.holonmem/rejected/``.
"""

from __future__ import annotations

import io
import json
import os
import time
from .records import dataclass, field  # not dataclasses: it imports inspect (~10 ms a turn)
from collections.abc import Iterable  # not typing: ~3 ms on every hook
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import BinaryIO

from . import formats
from .config import load_config
from .errors import InputRejected
from .events import EventError, normalize_event, now_iso
from .formats.base import ParseContext, Record, Rejection, Sample
from .home import Home
from .ledger import Ledger
from .redact import redactor_for

BATCH = 5000
SNIFF_BYTES = 64 * 1024


@dataclass
class Source:
    name: str  # path or "-"
    stream: BinaryIO


@dataclass
class SourceRejection:
    source: str
    line: int
    reason: str

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source != "-" else ""
        return f"{where}line {self.line}: {self.reason}"


@dataclass
class IngestResult:
    ingested: int = 0
    duplicates: int = 0
    rejected: list[SourceRejection] = field(default_factory=list)
    redacted: int = 0
    quarantined: list[str] = field(default_factory=list)
    formats: dict[str, str] = field(default_factory=dict)
    event_ids: list[str] = field(default_factory=list)
    rejected_file: str | None = None

    def summary(self) -> str:
        return f"ingested {self.ingested}, skipped {self.duplicates} duplicates, rejected {len(self.rejected)}"

    def to_json(self) -> dict:
        return {
            "ingested": self.ingested,
            "duplicates": self.duplicates,
            "rejected": [{"source": r.source, "line": r.line, "reason": r.reason} for r in self.rejected],
            "redacted": self.redacted,
            "quarantined": self.quarantined,
            "formats": self.formats,
            "rejected_file": self.rejected_file,
        }


def _peek(stream: BinaryIO) -> tuple[Sample, BinaryIO]:
    """Read a head sample for detection and return a stream that replays it."""
    head = stream.read(SNIFF_BYTES)
    text = head.decode("utf-8", errors="replace")
    lines = [ln for ln in text.splitlines() if ln.strip()][:20]
    if len(head) == SNIFF_BYTES and lines and not text.endswith("\n"):
        lines = lines[:-1] or lines
    sample = Sample(lines=lines, head=text)

    class _Replay(io.RawIOBase):
        def __init__(self):
            self.buf = head
            self.pos = 0

        def readable(self):
            return True

        def readinto(self, b):
            if self.pos < len(self.buf):
                n = min(len(b), len(self.buf) - self.pos)
                b[:n] = self.buf[self.pos : self.pos + n]
                self.pos += n
                return n
            data = stream.read(len(b))
            n = len(data)
            b[:n] = data
            return n

    return sample, io.BufferedReader(_Replay(), buffer_size=1 << 16)


def ingest(home: Home, sources: Iterable[Source], **options) -> IngestResult:
    """Ingest every source; raise :class:`InputRejected` if any line was rejected
    (after keeping the good ones, or keeping nothing when ``strict``).

    Options: ``fmt`` (default ``auto``), ``project``, ``session``, ``role``,
    ``strict``, ``fsync``, ``max_line_bytes``, ``state``, ``lock_timeout``.
    """
    with Ledger(home) as ledger:
        return _ingest(home, sources, ledger, **options)


def _ingest(
    home: Home,
    sources: Iterable[Source],
    ledger: Ledger,
    *,
    fmt: str = "auto",
    project: str | None = None,
    session: str | None = None,
    role: str = "user",
    strict: bool = False,
    fsync: bool = True,
    max_line_bytes: int | None = None,
    state: dict | None = None,
    lock_timeout: float = 30.0,
) -> IngestResult:
    config = load_config(home)
    limit = int(max_line_bytes or config["ingest"]["max_line_bytes"])
    redactor = redactor_for(config)
    res = IngestResult()
    acc = Acceptor(redactor, project=project, session=session, default_ts=now_iso())
    pending: list[dict] = []
    raw_rejects: list[tuple[SourceRejection, str]] = []
    offsets: dict[str, dict] = {}  # per-file state of incremental adapters, saved after the write

    def reject(source: str, line: int, reason: str, raw: str) -> None:
        rej = SourceRejection(source, line, reason)
        res.rejected.append(rej)
        raw_rejects.append((rej, raw))

    def count(r) -> None:
        res.ingested += len(r.appended)
        res.duplicates += len(r.duplicates)
        res.quarantined.extend(r.quarantined)
        res.event_ids.extend(r.appended)

    def flush() -> None:
        if pending:
            count(ledger.append(pending, fsync=fsync, timeout=lock_timeout))
            pending.clear()

    for src in sources:
        sample, stream = _peek(src.stream)
        name = formats.detect(sample) if fmt == "auto" else fmt
        adapter = formats.load(name)
        res.formats[src.name] = adapter.NAME
        if adapter.NAME == "native" and not strict:
            from . import ingest_parallel

            if ingest_parallel.worth_it(src, int(config["ingest"].get("parallel_bytes") or 0)):
                flush()  # earlier sources first: the ledger keeps the input order
                for lines, ids, keys, rejects in ingest_parallel.run(src, acc, limit):
                    for line, reason, raw in rejects:
                        reject(src.name, line, reason, raw)
                    count(ledger.append_lines(ids, lines, keys, fsync=fsync, timeout=lock_timeout))
                continue
        src_state = state if state is not None else {}
        if getattr(adapter, "INCREMENTAL", False) and src.name != "-":
            key, src_state = _source_state(home, src, sample)
            offsets[key] = src_state
        ctx = ParseContext(
            source=src.name, max_line_bytes=limit, role=role, project=project, session=session,
            state=src_state,
        )
        normalize = acc.normalize
        for item in adapter.parse(stream, ctx):
            if type(item) is not Record:
                reject(src.name, *acc.unparsed(item))
                continue
            try:
                ev = normalize(item.event)
            except EventError as exc:
                reject(src.name, *acc.invalid(item, exc))
                continue
            pending.append(ev)
            if len(pending) >= BATCH and not strict:
                flush()
    res.redacted = acc.redacted
    if strict and res.rejected:
        pending.clear()
    else:
        flush()
        if offsets:
            _save_source_states(home, offsets)
    if raw_rejects:
        res.rejected_file = _save_rejections(home, raw_rejects)
    if res.rejected:
        lines = "\n".join(f"  {r}" for r in res.rejected[:50])
        more = f"\n  … and {len(res.rejected) - 50} more" if len(res.rejected) > 50 else ""
        kept = "nothing was ingested (--strict)" if strict else f"the other lines were kept ({res.summary()})"
        err = InputRejected(
            f"{len(res.rejected)} input line(s) rejected; {kept}:\n{lines}{more}",
            f"fix those lines and ingest the file again (already ingested lines are skipped); details in {res.rejected_file}",
        )
        err.result = res
        raise err
    return res


class Acceptor:
    """Adapter records -> ledger-ready events (validated, redacted), or the
    rejection of a record with its reason and raw text, both redacted (the
    reason may quote a secret pasted into the wrong field). Counts the
    secrets it redacts. Shared by the serial and the parallel ingest."""

    def __init__(self, redactor, *, project: str | None, session: str | None, default_ts: str):
        self.redactor = redactor
        self.project, self.session, self.default_ts = project, session, default_ts
        self.redacted = 0

    def _redact(self, ev: dict) -> dict:
        out = self.redactor.redact_event(ev)
        if out is not ev and "redacted" in (out.get("meta") or {}):
            self.redacted += sum(out["meta"]["redacted"].values())
        return out

    def normalize(self, obj) -> dict:
        """The event of one record; raises :class:`EventError`."""
        return normalize_event(obj, project=self.project, session=self.session, default_ts=self.default_ts,
                               redactor=self._redact)

    def unparsed(self, item: Rejection) -> tuple[int, str, str]:
        """``(line, reason, raw)`` of a line the adapter could not read."""
        return item.line, self.redactor.redact_text(item.reason), self.redactor.redact_text(item.raw)

    def invalid(self, item: Record, exc: EventError) -> tuple[int, str, str]:
        """``(line, reason, raw)`` of a record that is not a valid event."""
        try:
            raw = json.dumps(self.redactor.redact_value(item.event), ensure_ascii=False, default=str)[:2000]
        except RecursionError:  # nested too deeply to walk: the reason says so, nothing of it is kept
            raw = "(not kept: nested too deeply)"
        return item.line, self.redactor.redact_text(str(exc)), self.redactor.redact_text(raw)


def _save_rejections(home: Home, items: list[tuple[SourceRejection, str]]) -> str:
    home.rejected_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = home.rejected_dir / f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}.jsonl"
    with open(path, "a", encoding="utf-8", errors="replace") as fh:  # a lone surrogate becomes "?"
        for rej, raw in items:
            fh.write(json.dumps({"source": rej.source, "line": rej.line, "reason": rej.reason, "raw": raw}, ensure_ascii=False) + "\n")
    os.chmod(path, 0o600)
    return str(path)


# -- per-file state of incremental adapters (.holonmem/sources.json) ------------
# {abs path: {"ino": inode, "first": hash of the first line, "offset": bytes read,
#  "lines": lines read, ...adapter keys}}. A file whose inode or first line
# changed, or that shrank below the offset, is read again from the start (ids
# make that harmless).
SOURCES_STATE = "sources.json"


def _source_state(home: Home, src: Source, sample: Sample) -> tuple[str, dict]:
    from .digest import sha1

    from .fsio import read_json

    path = os.path.abspath(src.name)
    try:
        st = os.fstat(src.stream.fileno())
        ino, size = st.st_ino, st.st_size
    except (AttributeError, OSError, ValueError):
        ino, size = None, None
    first = sha1(sample.lines[0].encode("utf-8", "replace")).hexdigest()[:16] if sample.lines else ""
    saved = (read_json(home.state_file(SOURCES_STATE), {}) or {}).get(path)
    if (
        isinstance(saved, dict) and saved.get("ino") == ino and saved.get("first") == first
        and size is not None and int(saved.get("offset") or 0) <= size
    ):
        return path, saved
    return path, {"ino": ino, "first": first}


def _save_source_states(home: Home, states: dict[str, dict]) -> None:
    from .fsio import atomic_write_json, read_json
    from .locks import home_lock

    home.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    with home_lock(home, "sources", 5.0):
        data = read_json(home.state_file(SOURCES_STATE), {}) or {}
        data.update(states)
        atomic_write_json(home.state_file(SOURCES_STATE), data, fsync=False)
