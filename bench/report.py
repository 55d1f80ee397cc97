"""Write ``bench/RESULTS.md`` (one section per size, others kept) and the JSON."""

from __future__ import annotations

import json
import platform
import re
import sys
import time
from pathlib import Path

from measure import Row

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
HEADER = """# Benchmark results

Written by `python bench/run.py --size quick|full` (`make bench`, `make bench-full`); see
docs/bench.md for what each row means. Times are medians of several whole-process runs unless
the row says otherwise; ratios compare against a baseline measured in the same run, interleaved
with ours, because absolute times on shared machines drift.
"""


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    if unit == "s":
        return f"{value * 1e3:.0f} ms" if value < 1 else f"{value:.2f} s"
    if unit == "ms":
        return f"{value:.0f} ms"
    if unit == "ms/event":
        return f"{value:.3f} ms/event"
    if unit == "ms/query":
        return f"{value:.2f} ms/query"
    return f"{value:.3f}"


def cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def verdict(r: Row) -> str:
    if r.error:
        return "—"
    if r.passed is None:
        return "info"
    return "**pass**" if r.passed else "**FAIL**"


def table(rows: list[Row]) -> str:
    out = ["| what | size | ours (median) | baseline (median) | ratio | target | result | what limits it |",
           "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        ours = r.extra.get("ours_text") or fmt(r.ours, r.unit)
        base = r.extra.get("base_text") or fmt(r.base, r.unit)
        ratio = "—" if r.ratio is None else f"{r.ratio:.2f}×"
        limits = r.error or r.limits
        if r.key == "bulk_ingest" and not r.error:
            ours += f" ({r.extra['events_per_s']:,} ev/s)"
            base += f" ({r.extra['bare_events_per_s']:,} ev/s)"
        if "rss_mb" in r.extra and not r.error:
            ours += f", {r.extra['rss_mb']:.0f} MB RSS"
        out.append("| " + " | ".join(cell(c) for c in (r.what, r.size, ours, base, ratio, r.target, verdict(r), limits)) + " |")
    return "\n".join(out)


def section(size: str, rows: list[Row], elapsed: float, notes: list[str]) -> str:
    head = (f"## {size} run — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n\n"
            f"Python {platform.python_version()} on {platform.machine()}, {_cpus()} CPUs; run took {elapsed / 60:.1f} min. "
            f"Baselines: `python -c pass` is the same interpreter starting and doing nothing.\n")
    body = table(rows)
    tail = "".join(f"\n- {n}" for n in notes)
    return f"<!-- size:{size} -->\n{head}\n{body}\n{tail}\n<!-- /size:{size} -->\n"


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def write(size: str, rows: list[Row], elapsed: float, out_dir: Path, notes: list[str] | None = None) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    data = {"size": size, "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "elapsed_s": elapsed,
            "python": sys.version.split()[0], "rows": [r.to_json() for r in rows]}
    jpath = out_dir / f"results-{size}.json"
    jpath.write_text(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n", encoding="utf-8")
    new = section(size, rows, elapsed, notes or [])
    old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else HEADER
    pat = re.compile(rf"<!-- size:{size} -->.*?<!-- /size:{size} -->\n", re.S)
    text = pat.sub(lambda _: new, old) if pat.search(old) else old.rstrip("\n") + "\n\n" + new
    RESULTS.write_text(text, encoding="utf-8")
    return jpath
