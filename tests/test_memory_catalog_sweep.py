"""The memory catalog's sweep: the memories a turn cannot show are checked a slice per turn.

Real files in ``tmp_path``, the catalog's own clock argument (``refresh(now=...)``) for turns
far apart, and the real CLI for a turn whose slice comes due; every block is compared with
the full read (``build(catalog=False)``).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time

from holonmem import memory_catalog as mc
from holonmem.context_build import build
from holonmem.home import Home

NOW = "2026-07-01"
MANY = mc.SWEEP_MAX + 500  # more memory files than one slice holds


def _memory(i: int, status: str, project: str) -> str:
    return (f"---\nid: mem_s{i:05d}\ntitle: rule {i}\nkind: rule\nscope: project\nproject: {project}\n"
            f"status: {status}\ncreated: '2026-05-01T10:00:00+08:00'\nconfidence: 0.8\nkeywords: [zebra]\n---\n"
            f"# rule {i}\n\nRule number {i} about zebras and rounding.\n")


def make_home(root, memories: int = MANY) -> Home:
    from holonmem.layout import init_home

    home, _ = init_home(root)
    for i in range(memories):
        status, project = ("active", "alpha") if i % 10 == 0 else ("archived", "alpha") if i % 2 else ("active", "beta")
        (root / "memory" / f"m-{i:05d}.md").write_text(_memory(i, status, project), encoding="utf-8")
    t = time.time() - 3600  # stamps old enough to trust (RACY_NS)
    for p in [root / "memory", *(root / "memory").iterdir(), root / "notes", *(root / "notes").rglob("*")]:
        os.utime(p, (t, t), follow_symlinks=False)
    return home


def sync(home: Home) -> float:
    """The full check, on a clock a few seconds ahead (so that the ctimes the files just got
    are old enough to trust, without sleeping); the turns count from the time returned."""
    t0 = time.time() + 2 * mc.RACY_NS / 1e9
    with mc.Catalog(home) as cat:
        cat.refresh(full=True, now=t0)
    return t0


def revive(home: Home, i: int) -> str:
    """Edit an archived memory in place (same inode, same size): it becomes alpha's."""
    rel = f"memory/m-{i:05d}.md"
    path = home.root / rel
    text = path.read_text(encoding="utf-8")
    assert "status: archived" in text
    with open(path, "r+", encoding="utf-8") as fh:
        fh.write(text.replace("status: archived", "status: active  "))
    return rel


def shown(home: Home, rel: str, now: float) -> bool:
    with mc.Catalog(home) as cat:
        cat.refresh("alpha", now=now)
        return any(c.path == rel for c in cat.cards("alpha"))


def same_block(home: Home) -> None:
    for project in ("alpha", "beta"):
        a = build(home, task="zebra rounding", project=project, now=NOW, budget=8000)
        b = build(home, task="zebra rounding", project=project, now=NOW, budget=8000, catalog=False)
        assert a.warnings == [] and b.warnings == []
        assert a.text == b.text, project


def test_turns_a_minute_apart_check_a_slice_each_and_cover_every_file(tmp_path):
    home = make_home(tmp_path / "home")
    t0 = sync(home)
    seen: list[int] = []
    with mc.Catalog(home) as cat:
        for turn in (1, 2, 3):
            cat.refresh("alpha", now=t0 + 61 * turn)
            assert not cat.stats["full"] and cat.stats["listed"] == 0
            seen.append(cat.stats["swept"])
            sweep = cat.conn.execute("SELECT value FROM meta WHERE key='sweep'").fetchone()[0]
            assert sweep.startswith("memory/m-")
    assert seen == [mc.SWEEP_MAX] * 3  # never every file at once
    # the slices went round in path order: the first, then the rest and the start again
    assert sweep == f"memory/m-{(3 * mc.SWEEP_MAX - 1) % MANY:05d}.md"


def test_an_edit_in_place_of_an_archived_memory_is_seen_within_a_round_of_slices(tmp_path):
    home = make_home(tmp_path / "home")
    t0 = sync(home)
    first = revive(home, 1)  # in the first slice
    last = revive(home, MANY - 1)  # in the second
    assert not shown(home, first, t0 + 1)  # a turn right after: nothing due, the file is not live
    assert shown(home, first, t0 + 61) and not shown(home, last, t0 + 62)
    assert shown(home, last, t0 + 130)
    same_block(home)


def test_turns_close_together_check_only_what_came_due(tmp_path):
    home = make_home(tmp_path / "home")
    t0 = sync(home)
    with mc.Catalog(home) as cat:
        cat.refresh("alpha", now=t0 + 1)  # 1 s of a minute: fewer rows than SWEEP_MIN are due
        assert cat.stats["swept"] == 0 and not cat.stats["full"]
        cat.refresh("alpha", now=t0 + 1.5)  # the snapshots of the first turn are kept: nothing written now
        assert cat.stats["swept"] == 0 and cat.conn.total_changes == 2
        cat.refresh("alpha", now=t0 + 6)  # 6 s since the full check: a tenth of the rows
        assert cat.stats["swept"] == MANY * 6 // 60 and not cat.stats["full"]
        cat.refresh("alpha", now=t0 + 7)  # 1 s after that slice: nothing due again
        assert cat.stats["swept"] == 0


def test_a_small_home_or_a_long_pause_gets_the_full_check(tmp_path):
    home = make_home(tmp_path / "home", memories=40)
    t0 = sync(home)
    with mc.Catalog(home) as cat:
        cat.refresh("alpha", now=t0 + 61)  # the due slice is every row
        assert cat.stats["full"] and cat.stats["listed"] == 2
    big = make_home(tmp_path / "big")
    t0 = sync(big)
    with mc.Catalog(big) as cat:
        cat.refresh("alpha", now=t0 + mc.FULL_LIST_SECONDS + 1)  # the backstop: folders listed, every file
        assert cat.stats["full"] and cat.stats["stat"] >= MANY
        cat.refresh("alpha", now=t0 + mc.FULL_LIST_SECONDS + 62)
        assert not cat.stats["full"] and cat.stats["swept"] == mc.SWEEP_MAX
        cat.refresh("alpha", now=t0 - 10)  # the clock went back: a full check, not a wrong cursor
        assert cat.stats["full"]


def test_a_damaged_sweep_record_is_harmless(tmp_path):
    home = make_home(tmp_path / "home")
    t0 = sync(home)
    rel = revive(home, 3)
    with mc.Catalog(home) as cat:  # past the last path: the slice starts again from the first
        cat.conn.execute("INSERT OR REPLACE INTO meta VALUES('sweep', 'zzz-past-the-end')")
    assert shown(home, rel, t0 + 61)
    other = revive(home, 5)
    with mc.Catalog(home) as cat:  # not a time: as after a long pause, a whole slice is due
        cat.conn.execute("INSERT OR REPLACE INTO meta VALUES('swept', 'not a time')")
        cat.refresh("alpha", now=t0 + 62)
        assert cat.stats["swept"] == mc.SWEEP_MAX and any(c.path == other for c in cat.cards("alpha"))
    same_block(home)


def test_the_cli_turn_whose_slice_is_due_gives_the_full_reads_block(tmp_path):
    home = make_home(tmp_path / "home")
    args = [sys.executable, "-m", "holonmem", "--home", str(home.root), "context", "--project", "alpha",
            "--task", "zebra rounding", "--now", NOW, "--budget", "8000"]
    first = subprocess.run(args, capture_output=True, text=True, check=True)
    assert first.stderr == ""
    rel = revive(home, MANY - 3)  # near the end of the path order: not in the first slice
    db = sqlite3.connect(home.state_dir / mc.DB_NAME)
    with db:  # the last slice a minute ago (the catalog's own record, as a later turn would find it)
        db.execute("INSERT OR REPLACE INTO meta VALUES('swept', ?)", (repr(time.time() - 61),))
        db.execute("INSERT OR REPLACE INTO meta VALUES('sweep', ?)", (f"memory/m-{MANY - 10:05d}.md",))
    db.close()
    r = subprocess.run(args, capture_output=True, text=True, check=True)
    want = build(home, task="zebra rounding", project="alpha", now=NOW, budget=8000, catalog=False).text
    assert r.stderr == "" and r.stdout == want and r.stdout != first.stdout
