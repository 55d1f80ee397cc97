"""holonmem benchmarks: ``python bench/run.py --size quick|full [--only ROW ...]``.

Generates seeded homes under bench/out/work-<size>/, runs every row of
docs/bench.md (ours and a baseline in the same run), and writes
bench/RESULTS.md and bench/out/results-<size>.json. Exit code 0 even when a
target is missed (the table says so); 1 only when the run itself broke.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import report  # noqa: E402
from homes import SIZES, Ctx  # noqa: E402
from measure import Row  # noqa: E402
from rows import ROWS  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Run the holonmem benchmarks and write bench/RESULTS.md.")
    ap.add_argument("--size", choices=list(SIZES), default="quick",
                    help="quick: 10k/100k homes (minutes); full: adds the 1M-event rows (< 1 hour); tiny: smoke")
    ap.add_argument("--only", action="append", choices=list(ROWS), metavar="ROW",
                    help=f"run only this row (repeatable): {', '.join(ROWS)}")
    ap.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    ap.add_argument("--out", type=Path, default=HERE / "out", help="where homes and JSON go (default bench/out)")
    ap.add_argument("--no-write", action="store_true", help="print the table, do not touch RESULTS.md")
    a = ap.parse_args(argv)

    work = a.out / f"work-{a.size}"
    if work.exists():
        shutil.rmtree(work)
    ctx = Ctx(a.size, work, seed=a.seed)
    load_before = os.getloadavg()[0]
    t0 = time.perf_counter()
    rows: list[Row] = []
    for name in a.only or list(ROWS):
        ctx.log(f"row {name} …")
        t_row = time.perf_counter()
        try:
            row = ROWS[name](ctx)
        except Exception as exc:  # a broken row must not hide the others
            traceback.print_exc()
            row = Row(name, name, "", error=f"not measured: {type(exc).__name__}: {str(exc)[:300]}")
        row.extra["row_seconds"] = round(time.perf_counter() - t_row, 1)
        rows.append(row)
        ctx.log(f"row {name}: {_brief(row)} ({row.extra['row_seconds']} s)")
    elapsed = time.perf_counter() - t0
    print(report.table(rows))
    if not a.no_write and not a.only:
        notes = _notes(ctx) + [f"Machine load (1-min load average) {load_before:.1f} at the start, "
                                f"{os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} CPUs: absolute times "
                                f"(the rows without a baseline) are inflated by other work on the machine."]
        jpath = report.write(a.size, rows, elapsed, a.out, notes)
        ctx.log(f"wrote {report.RESULTS} and {jpath}")
    elif a.only:
        ctx.log("--only: RESULTS.md left as it is (a partial run does not replace a full table)")
    return 0


def _brief(row: Row) -> str:
    if row.error:
        return row.error
    ratio = "" if row.ratio is None else f", ratio {row.ratio:.2f}"
    return f"ours {row.ours!r:.8}{ratio} -> {'pass' if row.passed else 'FAIL' if row.passed is False else 'info'}"


def _notes(ctx: Ctx) -> list[str]:
    cfg = ctx.cfg
    notes = [f"Homes: seeded generator (seed {ctx.seed}): small {cfg['small']:,}, mid {cfg['mid']:,}, "
             f"big {cfg['big']:,} events, plus 40 hand-written memories and 25 notes; new events come from a "
             f"second seed, later in time."]
    for which, secs in ctx.first_consolidations:
        notes.append(f"Setup: the first `holonmem consolidate` of the {which} home ({cfg[which]:,} events) took {secs:.1f} s.")
    return notes


if __name__ == "__main__":
    sys.exit(main())
