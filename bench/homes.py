"""The benchmark run's shared state: sizes, generated event files and homes.

Homes are built lazily (``ctx.home("mid")``) so that ``--only ROW`` builds
just what that row needs. Everything lives under ``bench/out/work-<size>/``
(git-ignored) and is rebuilt from the seeded generator on every run.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import gen
from measure import Proc, fresh_copy, hm, holonmem_argv, hm_env, run_rss

SIZES = {
    # small / mid / big homes; bulk = events in the bulk-ingest row
    "tiny": dict(small=2_000, mid=5_000, big=5_000, bulk=5_000, reps=3, bulk_reps=2, rebuild_reps=1,
                 dream_reps=1, queries=20, signals=500, consolidate_new=200, scale_events=5_000,
                 scale_memories=(100, 1_000), scale_notes=50, big_signals=2_000),
    "quick": dict(small=10_000, mid=100_000, big=100_000, bulk=100_000, reps=5, bulk_reps=3, rebuild_reps=1,
                  dream_reps=3, queries=60, signals=10_000, consolidate_new=1_000, scale_events=100_000,
                 scale_memories=(1_000, 10_000), scale_notes=500, big_signals=100_000),
    "full": dict(small=10_000, mid=100_000, big=1_000_000, bulk=1_000_000, reps=7, bulk_reps=3, rebuild_reps=3,
                 dream_reps=3, queries=100, signals=10_000, consolidate_new=1_000, scale_events=100_000,
                 scale_memories=(1_000, 10_000), scale_notes=500, big_signals=100_000),
}
EXTRA_SEED_OFFSET = 1000  # new events come from another seed, later in time


@dataclass
class Ctx:
    size: str
    work: Path
    seed: int = 1
    cfg: dict = field(default_factory=dict)
    homes: dict[str, Path] = field(default_factory=dict)
    consolidated: set = field(default_factory=set)
    indexed: set = field(default_factory=set)
    extra_pos: int = 0
    commands: dict[str, bool] = field(default_factory=dict)
    first_consolidations: list = field(default_factory=list)  # (which home, seconds)
    scale_counts: dict = field(default_factory=dict)  # scale home -> memories by status
    scale_days: int = 0  # episode days of the scale homes

    def __post_init__(self):
        self.cfg = SIZES[self.size]
        self.work.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def log(msg: str) -> None:
        sys.stderr.write(f"[bench {time.strftime('%H:%M:%S')}] {msg}\n")
        sys.stderr.flush()

    # -- commands available in this checkout ---------------------------------
    def has(self, *words: str) -> bool:
        key = " ".join(words)
        if key not in self.commands:
            p = run_rss([*holonmem_argv(), *words, "--help"], env=hm_env(None), check=False)
            self.commands[key] = p.code == 0
        return self.commands[key]

    # -- generated files ------------------------------------------------------
    def events_file(self, count: int) -> Path:
        path = self.work / f"events-{count}.jsonl"
        if not path.exists():
            t0 = time.perf_counter()
            gen.write_events(path, self.seed, 0, count)
            self.log(f"generated {count:,} events in {time.perf_counter() - t0:.1f} s -> {path.name}")
        return path

    def extra(self, count: int) -> Path:
        """A file of ``count`` new events (never used before in this run)."""
        path = self.work / f"extra-{self.extra_pos}-{count}.jsonl"
        gen.write_events(path, self.seed + EXTRA_SEED_OFFSET, self.extra_pos, count, later=True)
        self.extra_pos += count
        return path

    # -- homes ----------------------------------------------------------------
    def new_home(self, name: str) -> Path:
        root = self.work / "homes" / name
        if root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True)
        gen.write_home_files(root, self.seed)
        hm(None, "init", str(root))
        return root

    def ingest(self, home: Path, path: Path, *, fsync: bool = False) -> Proc:
        args = ["ingest", *([] if fsync else ["--no-fsync"]), str(path)]
        return hm(home, *args)

    def home(self, which: str) -> Path:
        """The ``small``/``mid``/``big`` home (events = the size's count)."""
        count = self.cfg[which]
        for name, path in self.homes.items():  # same event count: share it
            if self.cfg.get(name) == count:
                self.homes[which] = path
                return path
        if which not in self.homes:
            root = self.new_home(f"{which}-{count}")
            t0 = time.perf_counter()
            self.ingest(root, self.events_file(count))
            self.log(f"home {which}: ingested {count:,} events in {time.perf_counter() - t0:.1f} s")
            self.homes[which] = root
        return self.homes[which]

    def adopt(self, which: str, path: Path) -> None:
        self.homes[which] = path

    def consolidated_home(self, which: str) -> Path:
        """The home with everything consolidated (when consolidate exists)."""
        home = self.home(which)
        if home not in self.consolidated and self.has("consolidate"):
            t0 = time.perf_counter()
            p = hm(home, "consolidate", "--json")
            self.log(f"consolidated {which} home in {time.perf_counter() - t0:.1f} s")
            self.consolidated.add(home)
            self.first_consolidations.append((which, p.wall))
        return home

    # -- homes after a year of use (issue 17) ----------------------------------
    def scale_ledger_home(self) -> Path:
        """A consolidated home over a 100,000-event ledger of ~1,000 episode days
        (8 sessions a day; 1,000 in the tiny size), without memories or notes: the
        template the scale homes are copied from."""
        n = self.cfg.get("scale_events", 100_000)
        if "scale-ledger" not in self.homes:
            root = self.work / "homes" / "scale-ledger"
            if root.exists():
                shutil.rmtree(root)
            root.mkdir(parents=True)
            gen.write_home_files(root, self.seed, memories=0, notes=0)
            hm(None, "init", str(root))
            src = self.work / f"events-scale-{n}.jsonl"
            gen.write_events(src, self.seed, 0, n, per_day=8)
            t0 = time.perf_counter()
            self.ingest(root, src)
            hm(root, "consolidate")
            days = sum(1 for _ in (root / "episodes").glob("*.md"))
            self.log(f"scale ledger home: {n:,} events, {days} episode days in {time.perf_counter() - t0:.1f} s")
            self.homes["scale-ledger"] = root
            self.scale_days = days
        return self.homes["scale-ledger"]

    def scale_home(self, memories: int, notes: int) -> Path:
        """The scale ledger home plus ``memories`` memory files (60% active, the rest
        superseded or archived) and ``notes`` notes (``gen.write_scale_files``)."""
        key = f"scale-{memories}-{notes}"
        if key not in self.homes:
            template = self.scale_ledger_home()
            root = fresh_copy(template, self.work / "homes" / key)
            counts = gen.write_scale_files(root, self.seed, memories, notes)
            self.scale_counts[key] = counts
            t0 = time.perf_counter()
            hm(root, "context", "--project", "invoicer")  # the first turn builds the memory catalog
            self.log(f"home {key}: {counts}; first context (builds the catalog) {time.perf_counter() - t0:.1f} s")
            self.homes[key] = root
        return self.homes[key]

    def indexed_home(self, which: str) -> Path:
        """The (consolidated) home with an up-to-date search index."""
        home = self.consolidated_home(which)
        if home not in self.indexed:
            t0 = time.perf_counter()
            hm(home, "index")
            self.log(f"indexed {which} home in {time.perf_counter() - t0:.1f} s")
            self.indexed.add(home)
        return home


def iter_docs(home: Path):
    """``(ref, text)`` for the texts holonmem indexes: every ledger event, and
    every episode section, memory and note file."""
    for f in sorted((home / "ledger").glob("*.jsonl")):
        with open(f, "rb") as fh:
            for line in fh:
                try:
                    ev = json.loads(line)
                except ValueError:
                    continue
                yield "event:" + ev["id"], ev.get("text", "")
    for f in sorted((home / "episodes").glob("*.md")):
        for i, sec in enumerate(f.read_text(encoding="utf-8").split("\n## ")):
            yield f"episode:{f.stem}#{i}", sec
    for sub in ("memory", "notes"):
        for f in sorted((home / sub).rglob("*.md")):
            yield f"{sub}:{f.relative_to(home)}", f.read_text(encoding="utf-8")
