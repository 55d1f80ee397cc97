"""The SQLite FTS5 baseline (stdlib ``sqlite3``): build and query the same texts.

Chinese has no spaces, and FTS5's ``unicode61`` tokenizer would keep a whole
CJK run as one token, so texts and queries are pre-split the way holonmem's
analyzer splits them (CJK runs as single characters plus overlapping
bigrams; Latin/digit runs as words). That keeps the baseline an equivalent
retriever rather than one that matches nothing in Chinese and is "fast".
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path
from typing import Iterable

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_WORD = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+|[A-Za-z0-9_]+")


def segment(text: str) -> str:
    """Latin words as they are, CJK runs as unigrams + bigrams, space-joined."""
    out: list[str] = []
    for m in _WORD.finditer(text):
        tok = m.group(0)
        if _CJK.match(tok):
            out.extend(tok)
            out.extend(tok[i : i + 2] for i in range(len(tok) - 1))
        else:
            out.append(tok)
    return " ".join(out)


def query_terms(query: str) -> list[str]:
    terms = []
    for m in _WORD.finditer(query):
        tok = m.group(0)
        if _CJK.match(tok):
            terms.extend(tok[i : i + 2] for i in range(len(tok) - 1)) if len(tok) > 1 else terms.append(tok)
        else:
            terms.append(tok.lower())
    seen: dict[str, None] = {}
    for t in terms:
        seen.setdefault(t, None)
    return list(seen)


def match_expr(query: str) -> str | None:
    terms = query_terms(query)
    if not terms:
        return None
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)


def build(db: Path, docs: Iterable[tuple[str, str]]) -> float:
    """Create an FTS5 table of ``(ref, text)``; returns the seconds it took."""
    if db.exists():
        db.unlink()
    t0 = time.perf_counter()
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("CREATE VIRTUAL TABLE docs USING fts5(ref UNINDEXED, body, tokenize='unicode61')")
    conn.executemany("INSERT INTO docs(ref, body) VALUES (?, ?)", ((r, segment(t)) for r, t in docs))
    conn.commit()
    conn.close()
    return time.perf_counter() - t0


def search(conn: sqlite3.Connection, query: str, limit: int = 10) -> list[str]:
    expr = match_expr(query)
    if expr is None:
        return []
    rows = conn.execute("SELECT ref FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?", (expr, limit))
    return [r[0] for r in rows]


def time_queries(db: Path, queries: list[str], limit: int = 10) -> tuple[float, int]:
    """Warm per-query seconds (one connection, after one warm-up pass) and hits."""
    conn = sqlite3.connect(db)
    try:
        for q in queries:
            search(conn, q, limit)
        t0 = time.perf_counter()
        hits = sum(len(search(conn, q, limit)) for q in queries)
        return (time.perf_counter() - t0) / max(1, len(queries)), hits
    finally:
        conn.close()
