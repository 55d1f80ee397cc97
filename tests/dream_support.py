"""Helpers for the dream tests (tests/test_dream*.py): signals in the exact
signals.jsonl format of docs/ARCHITECTURE.md, and tree snapshots."""

from __future__ import annotations

import hashlib
from pathlib import Path

NOW = "2026-06-25T09:00:00+08:00"


def signal(n: int, statement: str, session: str, **kw) -> dict:
    """A signal line as the consolidate step writes it (explicit user rule by default)."""
    line = {
        "type": "signal", "id": f"sig_{n:04d}", "ts": "2026-06-12T10:00:00+08:00",
        "created": "2026-06-20T11:00:00+08:00", "scope": "project", "kind": "rule",
        "statement": statement, "subject": "", "polarity": "+", "evidence": [f"evt_{n:04d}"],
        "project": "invoicer", "session": session, "episode": f"ep_{session}", "source_role": "user",
        "trust": "user-stated", "confidence": 0.8, "channels": ["explicit_instruction"], "keywords": [],
        "extractor": "rules",
    }
    line.update(kw)
    return line


def weak(n: int, statement: str, session: str, **kw) -> dict:
    """A signal without any promotion channel (a remark, a one-off detail)."""
    kw.setdefault("kind", "fact")
    kw.setdefault("channels", [])
    return signal(n, statement, session, **kw)


def snapshot(root: Path, *, skip: tuple[str, ...] = (".holonmem/locks",)) -> dict[str, str]:
    """Every file and folder under ``root`` with a content hash and mode."""
    out: dict[str, str] = {}
    for p in sorted(Path(root).rglob("*")):
        rel = p.relative_to(root).as_posix()
        if any(rel == s or rel.startswith(s + "/") for s in skip):
            continue
        if p.is_file():
            out[rel] = hashlib.sha256(p.read_bytes()).hexdigest() + f":{p.stat().st_mode & 0o777:o}"
        elif p.is_dir():
            out[rel + "/"] = "dir"
    return out


def diff(a: dict, b: dict) -> set[str]:
    return {k for k in set(a) | set(b) if a.get(k) != b.get(k)}
