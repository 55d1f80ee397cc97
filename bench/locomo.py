"""LoCoMo turn retrieval: holonmem search vs. SQLite FTS5 bm25 baselines.

Reads ../shared/bench/locomo/ (never copied into the repo). One agent_home
per conversation holding only its events; every question is searched (kind
event, top 10) and scored as in that folder's README: recall@k = evidence ids
found in the top k / number of evidence ids, averaged per category and
overall; questions without evidence are skipped. Also reported, as the field
does (docs/search.md, "Retrieval quality"):

- ``session hit@5``: an evidence session is among the first five distinct
  sessions of the ranked turns; ``session R@5``: the share of the evidence
  sessions that are;
- ``all@5``: the share of questions with *every* evidence turn in the top 5;
- the halves: conversations 1-5 (``tune``, the ones the weights were chosen
  on) and 6-10 (``held``, never looked at while tuning);
- with ``--audit FILE`` (default ``bench/out/locomo-audit.json`` when it
  exists; git-ignored, CC BY-NC like the data): the same numbers on the
  corrected answer key of dial481/locomo-audit (``{"conv-26": {"<qa_index>":
  ["D1:14", ...]}}``: the audit's ``correct_evidence`` for each question it
  lists in ``audit/errors_conv_N.json``; an empty list drops the question).

Baselines in the same run: FTS5 with ``tokenize='porter unicode61'`` over the
turn texts, the question's terms OR-ed, ranked by ``bm25()``; and the
strongest lexical variant measured for issue 19, the same with each turn's
+-2 same-session neighbours as a second column weighted 0.3.

    python bench/locomo.py [--data DIR] [--split all|tune|held] [--set index_docs.BEFORE=0.4,0.2 ...]
    python bench/locomo.py --grid          # the small grid search of docs/search.md, on the tune half

Homes are cached under bench/out/locomo-homes/<hash of the index settings and
code>/ so that a grid over query-time settings indexes each conversation once.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import re
import shutil
import sqlite3
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "bench" / "locomo"
OUT = ROOT / "bench" / "out"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
KS = (5, 10)
TUNE = 5  # conversations 1-5 tune, 6-10 are held out
# Settings that change what is indexed (a change means new homes); the rest
# are read at query time.
INDEX_SETTINGS = ("index_docs.BEFORE", "index_docs.AFTER", "index_docs.CONTEXT_CHARS", "index_docs.WEIGHTS",
                  "index_docs.DATE_WEIGHT")
CODE = ("holonmem/index_docs.py", "holonmem/index.py", "holonmem/analysis.py", "holonmem/textterms.py")

# The grid of `--grid`: small on purpose (2 CPUs shared by several people);
# each entry is a list of alternatives for one setting, crossed with the others.
GRID = {
    "index_docs.DATE_WEIGHT": [0.5, 1.0],
    "index_docs.AFTER": [(0.3, 0.15), (0.4, 0.2)],
    "search.SPEAKER_BOOST": [0.0, 0.1, 0.25],
    "search.SESSION_BOOST": [0.0, 0.2],
}


def load(data: Path) -> tuple[dict[str, list[dict]], list[dict]]:
    events: dict[str, list[dict]] = defaultdict(list)
    with open(data / "locomo_events.jsonl", encoding="utf-8") as fh:
        for line in fh:
            ev = json.loads(line)
            events[ev["project"]].append(ev)
    with open(data / "locomo_questions.jsonl", encoding="utf-8") as fh:
        questions = [q for q in map(json.loads, fh) if q.get("evidence")]
    return events, questions


def session_of(event_id: str) -> str:
    """``conv-26:D3:5`` -> ``conv-26:D3`` (the dialogue session of a turn)."""
    return event_id.rsplit(":", 1)[0]


# -- settings ------------------------------------------------------------------

def _modules():
    sys.path.insert(0, str(ROOT))
    from holonmem import index  # noqa: F401 - first: index_query imports from it
    from holonmem import index_docs, index_query, ranking, search, textterms

    return {"index_docs": index_docs, "index_query": index_query, "ranking": ranking, "search": search,
            "textterms": textterms}


def parse_value(text: str):
    """``0.4`` -> float, ``0.4,0.2`` -> tuple, ``{...}``/``[...]`` -> JSON, ``""`` -> ()."""
    text = text.strip()
    if text == "" or text == "()":
        return ()
    if text[0] in "{[":
        return json.loads(text)
    if "," in text:
        return tuple(float(x) for x in text.split(",") if x.strip())
    try:
        return int(text)
    except ValueError:
        return float(text)


def apply_settings(settings: dict) -> dict:
    """Set ``module.NAME`` (or ``module.NAME.key`` in a dict) to each value;
    returns the previous values, for :func:`apply_settings` to put back."""
    mods = _modules()
    old = {}
    for key, val in settings.items():
        mod, _, name = key.partition(".")
        name, _, sub = name.partition(".")
        target = mods[mod]
        if sub:
            d = dict(getattr(target, name))
            old[key] = d.get(sub)
            d[sub] = val
            setattr(target, name, d)
        else:
            old[key] = getattr(target, name)
            setattr(target, name, val)
    return old


def index_key() -> str:
    """A hash of everything that decides the index of a home."""
    mods = _modules()
    h = hashlib.sha256()
    for key in INDEX_SETTINGS:
        mod, _, name = key.partition(".")
        h.update(f"{key}={getattr(mods[mod], name)!r};".encode())
    for rel in CODE:
        h.update((ROOT / rel).read_bytes())
    return h.hexdigest()[:16]


# -- holonmem ------------------------------------------------------------------

def build_home(conv: str, events: list[dict], cache: Path) -> tuple[Path, float, int]:
    """The indexed home of one conversation: ``(path, seconds to ingest+index, index bytes)``."""
    from holonmem import index
    from holonmem.ingest import Source, ingest
    from holonmem.layout import init_home

    done = cache / conv / "done.json"
    if done.exists():
        info = json.loads(done.read_text(encoding="utf-8"))
        return cache / conv / "home", info["seconds"], info["bytes"]
    shutil.rmtree(cache / conv, ignore_errors=True)
    home, _ = init_home(cache / conv / "home")
    src = cache / conv / "events.jsonl"
    src.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
    t0 = time.perf_counter()
    with open(src, "rb") as fh:
        ingest(home, [Source(str(src), fh)], fsync=False)
    index.update(home)
    seconds = time.perf_counter() - t0
    src.unlink()
    nbytes = sum(p.stat().st_size for p in home.index_dir.iterdir())
    done.write_text(json.dumps({"seconds": seconds, "bytes": nbytes}), encoding="utf-8")
    return cache / conv / "home", seconds, nbytes


def holonmem_run(home_path: Path, questions: list[dict]) -> tuple[list[list[str]], float]:
    from holonmem.home import Home
    from holonmem.search import Session

    t0 = time.perf_counter()
    out = []
    with Session(Home(home_path), update=False) as s:
        for q in questions:
            res = s.search(q["question"], kinds=["event"], limit=max(KS))
            out.append([r["ref"].split(":", 1)[1] for r in res])
    return out, time.perf_counter() - t0


# -- FTS5 baselines ------------------------------------------------------------

def fts_run(events: list[dict], questions: list[dict], neighbours: int = 0,
            weight: float = 0.3) -> tuple[list[list[str]], float, float]:
    """FTS5 bm25, question terms OR-ed; ``neighbours`` > 0 adds a column with
    the turns within that distance in the same session, weighted ``weight``."""
    conn = sqlite3.connect(":memory:")
    t0 = time.perf_counter()
    conn.execute("CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, text, ctx, tokenize='porter unicode61')")
    by_session: dict[str, list[dict]] = defaultdict(list)
    for e in events:
        by_session[e["session"]].append(e)
    rows = []
    for turns in by_session.values():
        for i, e in enumerate(turns):
            ctx = " ".join(t["text"] for t in turns[max(0, i - neighbours): i] + turns[i + 1: i + 1 + neighbours]) if neighbours else ""
            rows.append((e["id"], e["text"], ctx))
    conn.executemany("INSERT INTO t(id, text, ctx) VALUES(?, ?, ?)", rows)
    t_index = time.perf_counter() - t0
    t0 = time.perf_counter()
    out = []
    for q in questions:
        terms = re.findall(r"\w+", q["question"].lower())
        if not terms:
            out.append([])
            continue
        expr = " OR ".join('"%s"' % t.replace('"', '""') for t in dict.fromkeys(terms))
        rank = f"bm25(t, 1.0, {weight})" if neighbours else "bm25(t)"
        rows = conn.execute(f"SELECT id FROM t WHERE t MATCH ? ORDER BY {rank} LIMIT ?", (expr, max(KS))).fetchall()
        out.append([r[0] for r in rows])
    return out, t_index, time.perf_counter() - t0


# -- scoring ---------------------------------------------------------------------

def _metrics(found: list[str], evidence: list[str]) -> dict[str, float]:
    ev = set(evidence)
    out = {f"recall@{k}": len(ev & set(found[:k])) / len(ev) for k in KS}
    out["all@5"] = float(ev <= set(found[:5]))
    sessions = list(dict.fromkeys(session_of(f) for f in found))[:5]
    ev_sessions = {session_of(e) for e in ev}
    out["session_hit@5"] = float(bool(ev_sessions & set(sessions)))
    out["session_recall@5"] = len(ev_sessions & set(sessions)) / len(ev_sessions)
    return out


def score(questions: list[dict], found: list[list[str]], key: dict | None = None) -> dict:
    """Per category and overall means; ``key``: corrected evidence by
    ``(conversation, qa_index)`` (questions not in it keep theirs)."""
    per: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for q, f in zip(questions, found):
        ev = q["evidence"]
        if key is not None:
            ev = key.get((q["conversation"], q["qa_index"]), ev)
            if not ev:  # the audit found no evidence for it: not scored
                continue
        for name, v in _metrics(f, ev).items():
            per["overall"][name].append(v)
            per[CATEGORIES.get(q["category"], str(q["category"]))][name].append(v)
    return {cat: {"n": len(v["recall@5"]), **{m: round(sum(x) / len(x), 4) for m, x in v.items()}}
            for cat, v in per.items()}


def load_audit(path: Path | None) -> dict | None:
    """The corrected evidence of dial481/locomo-audit, ``{(conv, qa_index): [event ids]}``."""
    if path is None or not path.exists():
        return None
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {(conv, int(i)): [f"{conv}:{e}" for e in ev] for conv, qs in raw.items() for i, ev in qs.items()}


# -- runs ------------------------------------------------------------------------

def run_holonmem(events, questions, convs, settings: dict) -> dict:
    """Index (cached) and query every conversation with ``settings``."""
    old = apply_settings(settings)
    try:
        cache = OUT / "locomo-homes" / index_key()
        found, t_index, t_query, nbytes = [], 0.0, 0.0, 0
        for conv in convs:
            home, ti, nb = build_home(conv, events[conv], cache)
            f, tq = holonmem_run(home, [q for q in questions if q["conversation"] == conv])
            found += f
            t_index += ti
            t_query += tq
            nbytes += nb
        return {"found": found, "index": t_index, "query": t_query, "bytes": nbytes}
    finally:
        apply_settings(old)


def _halves(questions: list[dict], found: list[list[str]], convs_all: list[str], key=None) -> dict:
    tune = set(convs_all[:TUNE])
    out = {}
    for name, pick in (("tune", lambda q: q["conversation"] in tune), ("held", lambda q: q["conversation"] not in tune)):
        sel = [(q, f) for q, f in zip(questions, found) if pick(q)]
        if sel:
            out[name] = score([q for q, _ in sel], [f for _, f in sel], key)["overall"]
    return out


def grid(events, questions, convs_all) -> int:
    convs = convs_all[:TUNE]
    qs = [q for q in questions if q["conversation"] in set(convs)]
    keys = list(GRID)
    results = []
    for combo in itertools.product(*(GRID[k] for k in keys)):
        settings = dict(zip(keys, combo))
        r = run_holonmem(events, qs, convs, settings)
        o = score(qs, r["found"])["overall"]
        results.append({"settings": {k: v for k, v in settings.items()}, **o})
        print(f"R@5 {o['recall@5']:.4f} R@10 {o['recall@10']:.4f}  " +
              " ".join(f"{k.split('.', 1)[1]}={v}" for k, v in settings.items()), flush=True)
    results.sort(key=lambda r: -(r["recall@5"] + r["recall@10"]))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "locomo-grid.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print("best on the tune half:", json.dumps(results[0]))
    return 0


def _table(title: str, res: dict, base: dict, names: list[str]) -> None:
    print(title)
    print(f"{'category':<12} {'n':>5} {'R@5':>6} {'R@10':>6} {'all@5':>6} {'sessHit@5':>9} {'sessR@5':>7}"
          f" | {'FTS5 R@5':>8} {'R@10':>6} {'sessHit@5':>9}")
    for n in names:
        if n not in res:
            continue
        o, b = res[n], base[n]
        print(f"{n:<12} {o['n']:>5} {o['recall@5']:>6.3f} {o['recall@10']:>6.3f} {o['all@5']:>6.3f}"
              f" {o['session_hit@5']:>9.3f} {o['session_recall@5']:>7.3f} | {b['recall@5']:>8.3f}"
              f" {b['recall@10']:>6.3f} {b['session_hit@5']:>9.3f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--split", choices=("all", "tune", "held"), default="all",
                    help="all conversations, 1-5 (tune) or 6-10 (held out)")
    ap.add_argument("--limit-conversations", type=int, default=0, help="only the first N conversations")
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="override a ranking setting, e.g. search.COVERAGE_FLOOR=0.4 or index_docs.WEIGHTS.tags=2")
    ap.add_argument("--grid", action="store_true", help="run the small grid search on the tune half")
    ap.add_argument("--audit", type=Path, default=OUT / "locomo-audit.json",
                    help="corrected evidence (dial481/locomo-audit), reported beside the original key when present")
    ap.add_argument("--out", type=Path, default=OUT / "locomo.json")
    args = ap.parse_args(argv)
    if not (args.data / "locomo_events.jsonl").exists():
        print(f"LoCoMo data not found in {args.data}; skipping", file=sys.stderr)
        return 0
    events, questions = load(args.data)
    convs_all = sorted(events)
    if args.grid:
        return grid(events, questions, convs_all)
    convs = {"all": convs_all, "tune": convs_all[:TUNE], "held": convs_all[TUNE:]}[args.split]
    if args.limit_conversations:
        convs = convs[: args.limit_conversations]
    settings = {}
    for item in args.set:
        k, _, v = item.partition("=")
        settings[k.strip()] = parse_value(v)
    qs = [q for q in questions if q["conversation"] in set(convs)]
    ours = run_holonmem(events, qs, convs, settings)
    base_found, ctx_found = [], []
    times = {"holonmem": [ours["index"], ours["query"]], "fts5": [0.0, 0.0], "fts5_ctx": [0.0, 0.0]}
    for conv in convs:
        cq = [q for q in qs if q["conversation"] == conv]
        f, ti, tq = fts_run(events[conv], cq)
        base_found += f
        times["fts5"][0] += ti
        times["fts5"][1] += tq
        f, ti, tq = fts_run(events[conv], cq, neighbours=2, weight=0.3)
        ctx_found += f
        times["fts5_ctx"][0] += ti
        times["fts5_ctx"][1] += tq
    key = load_audit(args.audit)
    res, base, ctx = score(qs, ours["found"]), score(qs, base_found), score(qs, ctx_found)
    names = ["overall"] + [c for c in CATEGORIES.values() if c in res]
    print(f"LoCoMo turn retrieval: {len(convs)} conversations, {len(qs)} questions"
          + (f"; settings {settings}" if settings else ""))
    _table("original answer key:", res, base, names)
    halves = _halves(qs, ours["found"], convs_all)
    for h, o in halves.items():
        print(f"{h + ' half':<12} {o['n']:>5} {o['recall@5']:>6.3f} {o['recall@10']:>6.3f} {o['all@5']:>6.3f}"
              f" {o['session_hit@5']:>9.3f} {o['session_recall@5']:>7.3f}")
    c = ctx["overall"]
    print(f"FTS5 + ±2 neighbours (0.3): R@5 {c['recall@5']:.3f} R@10 {c['recall@10']:.3f} "
          f"session hit@5 {c['session_hit@5']:.3f}")
    audited = None
    if key is not None:
        audited = {"holonmem": score(qs, ours["found"], key), "fts5": score(qs, base_found, key),
                   "fts5_ctx": score(qs, ctx_found, key), "halves": _halves(qs, ours["found"], convs_all, key),
                   "changed": sum(1 for q in qs if sorted(key.get((q["conversation"], q["qa_index"]), q["evidence"])) != sorted(q["evidence"]))}
        _table(f"corrected key (dial481/locomo-audit; evidence changed for {audited['changed']} questions):",
               audited["holonmem"], audited["fts5"], names)
    for who, (ti, tq) in times.items():
        print(f"{who}: indexing {ti:.2f} s, {len(qs)} queries {tq:.2f} s ({1000 * tq / max(1, len(qs)):.1f} ms/query)")
    print(f"holonmem index size: {ours['bytes'] / 1e6:.2f} MB for {sum(len(events[c]) for c in convs)} turns")
    ratio = {f"recall@{k}": round(res["overall"][f"recall@{k}"] / max(1e-9, base["overall"][f"recall@{k}"]), 3) for k in KS}
    print(f"holonmem / FTS5: R@5 x{ratio['recall@5']}, R@10 x{ratio['recall@10']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "conversations": len(convs), "questions": len(qs), "settings": {k: v for k, v in settings.items()},
        "holonmem": res, "fts5": base, "fts5_ctx": ctx, "halves": halves, "audited": audited, "ratio": ratio,
        "index_bytes": ours["bytes"],
        "seconds": {w: {"index": round(t[0], 3), "query": round(t[1], 3)} for w, t in times.items()},
    }, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
