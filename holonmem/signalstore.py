"""``signals.jsonl``: candidate memories and their status, append-only.

Two kinds of line::

    {"type": "signal", "id": "sig_…", "statement": "…", "evidence": [...], ...}
    {"type": "status", "signal": "sig_…", "status": "promoted", "ts": "…", "run": "…", "reason": "…"}

A signal's status is its latest status line (``pending`` when it has none).
Statuses: ``pending``, ``promoted``, ``rejected``, ``expired``. Appends go
through the ledger-style lock so concurrent writers never interleave.
"""

from __future__ import annotations

import json
import os
from json.scanner import make_scanner
from dataclasses import dataclass, field
from typing import Iterable

from .gcpause import paused_gc
from .home import Home
from .locks import home_lock

SIGNALS_LOCK = "signals"
STATUSES = ("pending", "promoted", "rejected", "expired")


@dataclass
class SignalState:
    signals: dict[str, dict] = field(default_factory=dict)  # id -> signal line, in file order
    status: dict[str, dict] = field(default_factory=dict)  # id -> latest status line
    errors: list[tuple[int, str]] = field(default_factory=list)  # (line number, reason)

    def status_of(self, sid: str) -> str:
        st = self.status.get(sid)
        return st["status"] if st else "pending"

    def pending(self) -> list[dict]:
        return [s for sid, s in self.signals.items() if self.status_of(sid) == "pending"]

    def counts(self) -> dict[str, int]:
        out = {s: 0 for s in STATUSES}
        for sid in self.signals:
            st = self.status_of(sid)
            out[st] = out.get(st, 0) + 1
        return out


def load(home: Home, start: int = 0) -> SignalState:
    """Parse ``signals.jsonl`` from byte ``start`` (a line boundary, e.g. the
    size recorded at an earlier run; anything else means "from the top").
    Line numbers in ``errors`` count from where reading began."""
    st = SignalState()
    if home.signals_path.is_symlink() and not home.contains(home.signals_path):
        st.errors.append((0, "signals.jsonl leads outside the home (symlink?); not read, and nothing is appended to it"))
        return st
    try:
        fh = open(home.signals_path, "rb")
    except FileNotFoundError:
        return st
    with fh, paused_gc():
        if start > 0:
            fh.seek(start - 1)
            if fh.read(1) != b"\n":
                fh.seek(0)
        keys: dict[str, str] = {}  # one str per key name: json.loads makes new ones for every line
        shared = keys.setdefault
        for n, raw in enumerate(fh, 1):
            if not raw or raw.isspace():
                continue
            try:
                obj = _parse_line(raw)
            except ValueError:
                # a last line without its newline that does not parse is torn (a crash
                # mid-append, or still being written); a complete one is just unterminated
                why = ("torn last line (ignored)" if not raw.endswith(b"\n") else
                       "git conflict marker (an unresolved merge; both sides' lines are kept)"
                       if raw[:7] in (b"<<<<<<<", b"=======", b">>>>>>>") else "not valid JSON")
                st.errors.append((n, why))
                continue
            if not isinstance(obj, dict):
                st.errors.append((n, "not a JSON object"))
                continue
            t = obj.get("type")
            if t == "signal" and isinstance(obj.get("id"), str):
                if obj["id"] not in st.signals:
                    st.signals[obj["id"]] = {shared(k, k): v for k, v in obj.items()}
            elif t == "status" and isinstance(obj.get("signal"), str) and obj.get("status") in STATUSES:
                st.status[obj["signal"]] = {shared(k, k): v for k, v in obj.items()}
            else:
                st.errors.append((n, "neither a signal nor a status line"))
    return st


_SCAN = make_scanner(json.JSONDecoder())  # what json.loads calls, without its three wrappers per line


def _parse_line(raw: bytes):
    """``json.loads(raw)``: a plain UTF-8 ``{…}\\n`` line straight through json's scanner, any
    other line (BOM, surrogates, spaces around, errors) through ``json.loads`` itself."""
    if raw[:1] == b"{" and raw[-1:] == b"\n":
        try:
            text = raw.decode("utf-8")
            obj, end = _SCAN(text, 0)
        except (StopIteration, ValueError, RecursionError):
            pass
        else:
            if end == len(text) - 1:
                return obj
    return json.loads(raw)


def size(home: Home) -> int:
    try:
        return os.path.getsize(home.signals_path)
    except FileNotFoundError:
        return 0


_LINE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # json.dumps' output, one encoder for all lines


def encode(lines: Iterable[dict]) -> bytes:
    """The bytes :func:`append` writes for ``lines`` (``json.dumps(obj, ensure_ascii=False,
    separators=(",", ":"))`` and a newline each)."""
    from json import encoder as je

    if je.c_make_encoder is None:
        enc = _LINE.encode
        return "".join([enc(obj) + "\n" for obj in lines]).encode("utf-8")
    # what JSONEncoder.encode builds for every call (a dict or list line), built once for the batch
    c = je.c_make_encoder({}, _LINE.default, je.encode_basestring, None, ":", ",", False, False, True)
    return "".join([("".join(c(obj, 0)) if isinstance(obj, (dict, list)) else _LINE.encode(obj)) + "\n"
                    for obj in lines]).encode("utf-8")


def append(home: Home, lines: Iterable[dict], *, fsync: bool = True, timeout: float = 30.0) -> int:
    """Append signal/status lines in one write; returns how many."""
    return append_encoded(home, encode(lines), fsync=fsync, timeout=timeout)


def append_encoded(home: Home, data: bytes, *, fsync: bool = True, timeout: float = 30.0) -> int:
    """Append lines already made by :func:`encode`; returns how many."""
    if not data:
        return 0
    path = home.writable(home.signals_path)
    with home_lock(home, SIGNALS_LOCK, timeout):
        _repair(home, path)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            from .fsio import write_all

            write_all(fd, data, path)
            if fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
    return data.count(b"\n")


def _repair(home: Home, path) -> None:
    """Make the file end at a line end before an append (caller holds the lock).

    A last line without its newline that is a complete JSON object (a hand
    edit, a merge) gets the newline: it is kept. One that does not parse (a
    crash mid-append) is moved to ``.holonmem/quarantine/`` and cut, so the
    next line starts clean and nothing is thrown away."""
    try:
        size = os.path.getsize(path)
    except FileNotFoundError:
        return
    if size == 0:
        return
    with open(path, "rb+") as fh:
        fh.seek(size - 1)
        if fh.read(1) == b"\n":
            return
        from .fsio import last_line_start

        cut = last_line_start(fh, size)
        fh.seek(cut)
        tail = fh.read()
        try:
            complete = isinstance(json.loads(tail), dict)
        except ValueError:
            complete = False
        if complete:
            fh.seek(size)
            fh.write(b"\n")
        else:
            import time

            home.quarantine_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            q = home.quarantine_dir / f"signals.{int(time.time() * 1000)}.{os.getpid()}.torn"
            fd = os.open(q, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as out:
                out.write(tail)
                out.flush()
                os.fsync(out.fileno())
            fh.truncate(cut)
        fh.flush()
        os.fsync(fh.fileno())


def status_line(sid: str, status: str, *, ts: str, run: str | None = None, reason: str | None = None, **extra) -> dict:
    obj = {"type": "status", "signal": sid, "status": status, "ts": ts}
    if run:
        obj["run"] = run
    if reason:
        obj["reason"] = reason
    obj.update({k: v for k, v in extra.items() if v is not None})
    return obj
