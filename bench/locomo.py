"""LoCoMo turn retrieval: holonmem search vs. an SQLite FTS5 bm25 baseline.

Reads ../shared/bench/locomo/ (never copied into the repo). One temporary
agent_home per conversation holding only its events; every question is
searched (kind event, top 10) and scored as in that folder's README:
recall@k = evidence ids found in the top k / number of evidence ids, averaged
per category and overall; questions without evidence are skipped.

The baseline in the same run: FTS5 with ``tokenize='porter unicode61'`` over
the turn texts, the question's terms OR-ed, ranked by ``bm25()``.

    python bench/locomo.py [--data DIR] [--limit-conversations N] [--out bench/out/locomo.json]
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "bench" / "locomo"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
KS = (5, 10)


def load(data: Path) -> tuple[dict[str, list[dict]], list[dict]]:
    events: dict[str, list[dict]] = defaultdict(list)
    with open(data / "locomo_events.jsonl", encoding="utf-8") as fh:
        for line in fh:
            ev = json.loads(line)
            events[ev["project"]].append(ev)
    with open(data / "locomo_questions.jsonl", encoding="utf-8") as fh:
        questions = [q for q in map(json.loads, fh) if q.get("evidence")]
    return events, questions


def recall(found: list[str], evidence: list[str], k: int) -> float:
    ev = set(evidence)
    return len(ev & set(found[:k])) / len(ev)


# -- holonmem ------------------------------------------------------------------

def holonmem_run(events: list[dict], questions: list[dict], tmp: Path) -> tuple[list[list[str]], float, float]:
    sys.path.insert(0, str(ROOT))
    from holonmem import index
    from holonmem.ingest import Source, ingest
    from holonmem.layout import init_home
    from holonmem.search import Session

    home, _ = init_home(tmp / "home")
    src = tmp / "events.jsonl"
    src.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
    t0 = time.perf_counter()
    with open(src, "rb") as fh:
        ingest(home, [Source(str(src), fh)], fsync=False)
    index.update(home)
    t_index = time.perf_counter() - t0
    t0 = time.perf_counter()
    out = []
    with Session(home, update=False) as s:
        for q in questions:
            res = s.search(q["question"], kinds=["event"], limit=max(KS))
            out.append([r["ref"].split(":", 1)[1] for r in res])
    return out, t_index, time.perf_counter() - t0


# -- FTS5 baseline ----------------------------------------------------------------

def fts_run(events: list[dict], questions: list[dict]) -> tuple[list[list[str]], float, float]:
    conn = sqlite3.connect(":memory:")
    t0 = time.perf_counter()
    conn.execute("CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, text, tokenize='porter unicode61')")
    conn.executemany("INSERT INTO t(id, text) VALUES(?, ?)", [(e["id"], e["text"]) for e in events])
    t_index = time.perf_counter() - t0
    t0 = time.perf_counter()
    out = []
    for q in questions:
        terms = re.findall(r"\w+", q["question"].lower())
        if not terms:
            out.append([])
            continue
        expr = " OR ".join('"%s"' % t.replace('"', '""') for t in dict.fromkeys(terms))
        rows = conn.execute("SELECT id FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?", (expr, max(KS))).fetchall()
        out.append([r[0] for r in rows])
    return out, t_index, time.perf_counter() - t0


# -- scoring and report -------------------------------------------------------------

def score(questions: list[dict], found: list[list[str]]) -> dict:
    per: dict[str, dict[int, list[float]]] = defaultdict(lambda: {k: [] for k in KS})
    for q, f in zip(questions, found):
        for k in KS:
            r = recall(f, q["evidence"], k)
            per["overall"][k].append(r)
            per[CATEGORIES.get(q["category"], str(q["category"]))][k].append(r)
    return {name: {"n": len(v[KS[0]]), **{f"recall@{k}": round(sum(v[k]) / len(v[k]), 4) for k in KS}}
            for name, v in per.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--limit-conversations", type=int, default=0, help="only the first N conversations")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "locomo.json")
    args = ap.parse_args(argv)
    if not (args.data / "locomo_events.jsonl").exists():
        print(f"LoCoMo data not found in {args.data}; skipping", file=sys.stderr)
        return 0
    events, questions = load(args.data)
    convs = sorted(events)
    if args.limit_conversations:
        convs = convs[: args.limit_conversations]
    ours_found, base_found, qs = [], [], []
    times = {"holonmem": [0.0, 0.0], "fts5": [0.0, 0.0]}
    for conv in convs:
        cq = [q for q in questions if q["conversation"] == conv]
        with tempfile.TemporaryDirectory(prefix="locomo-") as tmp:
            found, ti, tq = holonmem_run(events[conv], cq, Path(tmp))
        ours_found += found
        times["holonmem"][0] += ti
        times["holonmem"][1] += tq
        found, ti, tq = fts_run(events[conv], cq)
        base_found += found
        times["fts5"][0] += ti
        times["fts5"][1] += tq
        qs += cq
    ours, base = score(qs, ours_found), score(qs, base_found)
    names = ["overall"] + [c for c in CATEGORIES.values() if c in ours]
    print(f"LoCoMo turn retrieval: {len(convs)} conversations, {len(qs)} questions")
    print(f"{'category':<12} {'n':>5} {'holonmem R@5':>13} {'R@10':>7} {'FTS5 R@5':>9} {'R@10':>7}")
    for n in names:
        o, b = ours[n], base[n]
        print(f"{n:<12} {o['n']:>5} {o['recall@5']:>13.3f} {o['recall@10']:>7.3f} {b['recall@5']:>9.3f} {b['recall@10']:>7.3f}")
    for who, (ti, tq) in times.items():
        print(f"{who}: indexing {ti:.2f} s, {len(qs)} queries {tq:.2f} s ({1000 * tq / max(1, len(qs)):.1f} ms/query)")
    ratio = {f"recall@{k}": round(ours["overall"][f"recall@{k}"] / max(1e-9, base["overall"][f"recall@{k}"]), 3) for k in KS}
    print(f"holonmem / FTS5: R@5 x{ratio['recall@5']}, R@10 x{ratio['recall@10']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "conversations": len(convs), "questions": len(qs), "holonmem": ours, "fts5": base, "ratio": ratio,
        "seconds": {w: {"index": round(t[0], 3), "query": round(t[1], 3)} for w, t in times.items()},
    }, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
