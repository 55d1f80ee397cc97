"""The memory catalog (.holonmem/memories.sqlite) against a full read of the files.

Every comparison builds the same context twice — from the catalog and with
``catalog=False`` (every memory file and note parsed) — and asserts the
blocks are identical, on varied homes, after hand edits (in place and by
rename) and after ``git pull``-style changes (files replaced, added, deleted,
a real ``git checkout`` when git is installed).
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from holonmem import memory_catalog as mc
from holonmem.context_build import build
from holonmem.home import Home

NOW = "2026-07-01"
PROJECTS = ["alpha", "beta", "旅行"]
TASKS = [None, "fix the rounding bug in totals", "规划北京行程 不坐红眼航班", "deploy checklist ruff"]
STATEMENTS = [
    "Always run `ruff check` before every commit.", "Use Decimal with ROUND_HALF_UP for money totals.",
    "以后订酒店都要先确认可以免费取消。", "Never deploy on Friday afternoons.", "记住：行程里每天下午要留一个小时午睡。",
    "The staging database is read-only; the password is hunter2hunter2 (do not share).",
    "Deploy with `make release` after the checklist in notes/ops.", "Prefer pytest fixtures over setUp methods.",
    "token=ghp_abcdefghijklmnopqrstuvwxyz0123456789 is the CI token for alpha.",
]


def memory_text(r: random.Random, i: int) -> str:
    """A memory file of a random shape: dream-written, hand-written, broken or untrusted."""
    stmt = r.choice(STATEMENTS) + f" (case {i})"
    shape = r.random()
    if shape < 0.1:  # hand-written: a heading and a body only
        return f"# Note to self {i}\n\n{stmt}\n"
    if shape < 0.15:  # frontmatter that does not parse
        return f"---\ntitle: [unclosed\nstatus: active\n---\n{stmt}\n"
    project = r.choice(PROJECTS + [None])
    fm = [f"id: mem_t{i:04d}", f"title: {stmt[:40]!r}", f"kind: {r.choice(['rule', 'preference', 'lesson', 'fact', 'decision', 'identity'])}",
          f"scope: {'user' if project is None or r.random() < 0.2 else 'project'}"]
    if project:
        fm.append(f"project: {project}")
    fm.append(f"status: {r.choice(['active'] * 3 + ['superseded', 'archived'])}")
    day = f"2026-{r.randrange(1, 7):02d}-{r.randrange(1, 28):02d}"
    if r.random() < 0.8:
        fm += [f"created: '{day}T10:00:00+08:00'", f"valid_from: {day}"]
    if r.random() < 0.1:
        fm.append("superseded_by: [mem_other]")
    if r.random() < 0.1:
        fm.append("channels: [untrusted_web]")
    fm += [f"confidence: {round(r.random(), 2)}", f"evidence: [{', '.join(f'evt_{j}' for j in range(r.randrange(0, 8)))}]",
           f"keywords: [{', '.join(r.sample(['ruff', 'totals', 'rounding', '行程', 'deploy', 'hotel'], 2))}]"]
    return "---\n" + "\n".join(fm) + f"\n---\n# {stmt[:40]}\n\n{stmt}\n\n**Why:** said so.\n"


def note_text(r: random.Random, i: int) -> str:
    if r.random() < 0.3:
        return f"# Ops note {i}\n\nHow we deploy: {r.choice(['ruff', 'rounding', 'deploy checklist', '行程'])}.\n"
    return (f"---\ntitle: Checklist {i}\ntags: [{r.choice(['ops', 'alpha', 'beta', '旅行'])}, ruff]\n"
            + (f"project: {r.choice(PROJECTS)}\n" if r.random() < 0.3 else "")
            + f"summary: deploy checklist number {i}\n---\n# Checklist {i}\n\nbody\n")


def make_home(root: Path, seed: int, memories: int = 60, notes: int = 15) -> Home:
    from holonmem.layout import init_home

    home, _ = init_home(root)
    r = random.Random(seed)
    for i in range(memories):
        (root / "memory" / f"m-{i:03d}.md").write_text(memory_text(r, i), encoding="utf-8")
    for i in range(notes):
        sub = root / "notes" / r.choice(["", "alpha", "beta/deep", ".hidden", "旅行"])
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"n-{i:02d}.md").write_text(note_text(r, i), encoding="utf-8")
    (root / "memory" / ".hidden.md").write_text("---\nstatus: active\n---\nhidden memory\n", encoding="utf-8")
    (root / "memory" / "dir.md").mkdir()
    os.mkfifo(root / "memory" / "fifo.md")
    return home


def age(root: Path, seconds: float = 3600) -> None:
    """Move every mtime of the memory files, notes and their folders into the past
    (a catalog distrusts stamps younger than RACY_NS, as git does)."""
    t = time.time() - seconds
    for sub in ("memory", "notes"):
        for p in [root / sub, *(root / sub).rglob("*")]:
            os.utime(p, (t, t), follow_symlinks=False)


def settle(root: Path) -> None:
    """Wait until every ctime under memory/ and notes/ (moved by writing, and by age()'s utime,
    which cannot set it) is older than RACY_NS, so the catalog trusts every stamp it records."""
    newest = max(p.lstat().st_ctime_ns for sub in ("memory", "notes") for p in [root / sub, *(root / sub).rglob("*")])
    delay = (newest + mc.RACY_NS + 200_000_000 - time.time_ns()) / 1e9
    if delay > 0:
        time.sleep(delay)


def _home_for_turns(root: Path) -> Home:
    return make_home(root, 8, memories=200)


def _home_for_doctor(root: Path) -> Home:
    home = make_home(root, 13)
    os.unlink(home.root / "memory" / "fifo.md")
    return home


def _home_for_snapshots(root: Path) -> Home:
    return make_home(root, 11)


# The tests that need a home whose every stamp is trusted (ctimes older than RACY_NS, which takes
# RACY_NS of waiting: a ctime cannot be set), and how each one's home is made.
SETTLED = {"test_a_turn_reads_nothing_unchanged_and_never_looks_at_superseded_or_archived_memories": _home_for_turns,
           "test_doctor_checks_the_catalog_against_the_files": _home_for_doctor,
           "test_a_snapshot_is_never_kept_across_a_change_nor_stored_over_one": _home_for_snapshots,
           "test_a_process_keeps_the_rows_of_a_snapshot_while_the_catalog_holds_that_snapshot": _home_for_snapshots}


@pytest.fixture(scope="module", autouse=True)
def _aged_homes(request, tmp_path_factory) -> dict:
    """The SETTLED tests' homes, made and aged when the module's first test starts, so their ctimes
    age while the tests before them run (one wait of RACY_NS or less instead of one per test)."""
    names = {getattr(it, "originalname", None) for it in request.session.items
             if getattr(it, "module", None) is request.module}
    root = tmp_path_factory.mktemp("aged")
    homes = {}
    for name in sorted(names & set(SETTLED)):
        homes[name] = SETTLED[name](root / name[:40])
        age(homes[name].root)
    return homes


@pytest.fixture
def aged_home(request, _aged_homes, tmp_path) -> Home:
    """This test's SETTLED home (its own: no other test uses it), aged, every ctime older than RACY_NS."""
    name = request.node.originalname
    home = _aged_homes.pop(name, None)
    if home is None:  # run again in the same session (e.g. --count): a new one
        home = SETTLED[name](tmp_path / "home")
        age(home.root)
    settle(home.root)
    return home


def same_block(home: Home, projects=PROJECTS, tasks=TASKS) -> None:
    for project in projects:
        for task in tasks:
            a = build(home, task=task, project=project, now=NOW)
            b = build(home, task=task, project=project, now=NOW, catalog=False)
            assert a.warnings == [] and b.warnings == []
            assert a.text == b.text, (project, task)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_catalog_gives_the_full_reads_block_on_varied_homes(tmp_path, seed):
    home = make_home(tmp_path / "home", seed)
    same_block(home)
    age(home.root)
    same_block(home)  # and again from the catalog as stored
    assert (home.state_dir / mc.DB_NAME).is_file()


def test_edits_in_place_and_by_rename_are_seen_on_the_next_turn(tmp_path):
    home = make_home(tmp_path / "home", 4)
    age(home.root)
    same_block(home)
    shown = build(home, project="alpha", now=NOW, budget=6000).text
    rel = next(line.split("memory:")[1].split(")")[0] for line in shown.splitlines() if "memory:memory/m-" in line)
    path = home.root / rel
    # an edit in place of the same size, with the old mtime put back: the inode's ctime still moved
    st = path.stat()
    text = path.read_text(encoding="utf-8")
    stmt = text.split("\n---\n", 1)[1].split("\n\n")[1]
    path.write_text(text.replace(stmt, "X" * len(stmt)), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size
    out = build(home, project="alpha", now=NOW, budget=6000).text
    assert "X" * 10 in out
    same_block(home)
    # archived by a person in place
    path.write_text(path.read_text(encoding="utf-8").replace("status: active", "status: archived"), encoding="utf-8")
    assert rel not in build(home, project="alpha", now=NOW, budget=6000).text
    same_block(home)
    # an editor that saves by rename; a note edited in place
    tmp = path.with_name(".m.tmp")
    tmp.write_text(text.replace("status: archived", "status: active"), encoding="utf-8")
    os.replace(tmp, path)
    note = next((home.root / "notes").rglob("n-*.md"))
    note.write_text("---\ntitle: Brand new title\ntags: [ruff]\n---\nbody\n", encoding="utf-8")
    assert "Brand new title" in build(home, project="alpha", now=NOW, budget=6000).text
    same_block(home)


def test_git_pull_style_changes_replace_add_and_delete(tmp_path):
    home = make_home(tmp_path / "home", 5, memories=120)
    age(home.root)
    same_block(home)
    r = random.Random(99)
    mem = sorted((home.root / "memory").glob("m-*.md"))
    for p in r.sample(mem, 50):  # replaced: a new file at the same name (git unlinks and writes)
        new = p.with_name(p.name + ".new")
        new.write_text(memory_text(r, 500 + mem.index(p)), encoding="utf-8")
        os.replace(new, p)
    for p in r.sample(mem, 5):
        p.unlink(missing_ok=True)
    for i in range(5):
        (home.root / "memory" / f"added-{i}.md").write_text(memory_text(r, 900 + i), encoding="utf-8")
    shutil.rmtree(home.root / "notes" / "beta", ignore_errors=True)
    (home.root / "notes" / "gamma").mkdir()
    (home.root / "notes" / "gamma" / "new.md").write_text(note_text(r, 77), encoding="utf-8")
    same_block(home)
    age(home.root)
    same_block(home)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_real_git_checkout_is_seen_on_the_next_turn(tmp_path):
    root = tmp_path / "home"
    home = make_home(root, 6, memories=80)
    os.unlink(root / "memory" / "fifo.md")
    os.rmdir(root / "memory" / "dir.md")

    def git(*args):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True,
                       env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                            "GIT_COMMITTER_EMAIL": "t@t"})

    git("init", "-q", "-b", "main")
    git("add", "-A")
    git("commit", "-qm", "one")
    same_block(home)
    git("checkout", "-qb", "other")
    r = random.Random(7)
    for p in r.sample(sorted((root / "memory").glob("m-*.md")), 50):
        p.write_text(memory_text(r, 1000 + int(p.stem[2:])), encoding="utf-8")
    git("rm", "-q", str(root / "memory" / "m-001.md"))
    git("add", "-A")
    git("commit", "-qm", "two")
    git("checkout", "-q", "main")
    age(root)
    same_block(home)  # the catalog knows main again, with old stamps
    git("checkout", "-q", "other")  # like a pull that brings 50 changed files
    same_block(home)


def test_a_turn_reads_nothing_unchanged_and_never_looks_at_superseded_or_archived_memories(aged_home):
    home = aged_home  # aged, and its ctimes (moved by setting the mtimes) aged too
    mc.sync(home)
    for turn in (1, 2):
        with mc.Catalog(home) as cat:
            cat.refresh("alpha")
            assert cat.stats["read"] == 0 and cat.stats["hashed"] == 0 and cat.stats["listed"] == 0
            visible = len(cat.cards("alpha"))
            notes = cat.conn.execute("SELECT count(*) FROM notes").fetchone()[0]
            dead = cat.conn.execute("SELECT count(*) FROM mems WHERE live=0").fetchone()[0]
            assert dead > 20 and visible < 200 - dead
            assert cat.stats["stat"] == visible + notes  # one stat per memory the turn can show and per note
            # nothing written but, on the first turn, the snapshots of its rows (the project's, the notes')
            assert cat.conn.total_changes == (2 if turn == 1 else 0)
            assert cat.conn.execute("SELECT count(*) FROM snaps").fetchone()[0] == 2


def test_an_edit_in_place_of_an_archived_memory_is_seen_at_the_next_full_check(tmp_path):
    home = make_home(tmp_path / "home", 9)
    path = home.root / "memory" / "zz-archived.md"
    path.write_text("---\ntitle: Old rule\nstatus: archived\nproject: alpha\n---\nRevived rule about zebras.\n", encoding="utf-8")
    age(home.root)
    mc.sync(home)
    text = path.read_text(encoding="utf-8").replace("archived", "active  ")  # same size, same inode
    with open(path, "r+", encoding="utf-8") as fh:
        fh.write(text)
    with mc.Catalog(home) as cat:  # a turn right after: the folder did not change, the file is not live
        cat.refresh("alpha")
        assert not any(c.path == "memory/zz-archived.md" for c in cat.cards("alpha"))
        cat.refresh("alpha", now=time.time() + mc.FULL_CHECK_SECONDS + 1)
        assert cat.stats["full"]
        assert any(c.path == "memory/zz-archived.md" for c in cat.cards("alpha"))
    same_block(home)


def test_corrupt_missing_or_unusable_catalog_gives_the_same_block(tmp_path, hm):
    home = make_home(tmp_path / "home", 10)
    args = ["--home", home.root, "context", "--project", "alpha", "--task", "ruff rounding", "--now", NOW]
    first = hm(*args)
    assert first.exit_code == 0 and first.stderr == ""
    db = home.state_dir / mc.DB_NAME
    assert db.is_file()
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    db.write_bytes(b"SQLite format 3\x00" + os.urandom(4096))  # corrupt
    r = hm(*args)
    assert r.exit_code == 0 and r.stdout == first.stdout
    assert "memory catalog" in r.stderr and "rebuilt" in r.stderr and "Traceback" not in r.stderr
    assert hm(*args).stderr == ""  # rebuilt: quiet again
    for suffix in ("", "-wal", "-shm"):  # missing: built again quietly (a first run is not a problem)
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    r = hm(*args)
    assert r.stdout == first.stdout and r.stderr == ""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    db.mkdir()  # cannot be opened at all: the files are read, and a warning says so
    r = hm(*args)
    assert r.exit_code == 0 and r.stdout == first.stdout
    assert "memory catalog could not be used" in r.stderr and "Traceback" not in r.stderr


def test_new_code_rebuilds_the_catalog(tmp_path, monkeypatch):
    home = make_home(tmp_path / "home", 11)
    mc.sync(home)
    with mc.Catalog(home) as cat:
        cat.conn.execute("UPDATE meta SET value='old code' WHERE key='code'")
        cat.conn.execute("UPDATE mems SET statement='stale card'")
        cat.refresh("alpha")
        assert cat.stats["full"] and all(c.statement != "stale card" for c in cat.cards("alpha"))
    same_block(home)


def test_links_out_of_the_home_are_never_read(tmp_path):
    home = make_home(tmp_path / "home", 12, memories=10, notes=3)
    outside = tmp_path / "outside.md"
    outside.write_text("---\nstatus: active\nscope: user\n---\nSecret outside the home.\n", encoding="utf-8")
    os.symlink(outside, home.root / "memory" / "link.md")
    os.symlink(outside, home.root / "notes" / "link.md")
    same_block(home)
    assert "outside the home" not in build(home, project="alpha", now=NOW, budget=8000).text


def test_doctor_checks_the_catalog_against_the_files(aged_home, inproc):
    home = aged_home  # seed 13 without its FIFO, aged, every ctime older than RACY_NS

    def findings():  # `holonmem doctor --json` through main() here: its findings are the subject
        r = inproc("--home", home.root, "doctor", "--json")
        import json

        return [f for f in json.loads(r.stdout)["findings"] if f["check"] == "memory_catalog"]

    assert [f["severity"] for f in findings()] == ["info"]  # no catalog yet
    mc.sync(home)
    assert findings() == []
    live = home.root / "memory" / "m-000.md"
    live.write_text(live.read_text(encoding="utf-8") + "\nmore\n", encoding="utf-8")  # not read yet: behind
    f = findings()
    assert len(f) == 1 and f[0]["severity"] == "info" and "behind on 1" in f[0]["problem"]
    mc.sync(home)
    with sqlite3.connect(home.state_dir / mc.DB_NAME) as c:  # a row that no longer says what its file says
        rel = c.execute("SELECT rel FROM mems WHERE live=1 AND rel != 'memory/m-000.md' LIMIT 1").fetchone()[0]
        c.execute("UPDATE mems SET statement='wrong' WHERE rel=?", (rel,))
    f = [x for x in findings() if x["severity"] == "error"]  # (m-000.md, just written, may still be "behind")
    assert len(f) == 1 and rel in f[0]["problem"] and "remove" in f[0]["fix"]


def test_a_snapshot_is_never_kept_across_a_change_nor_stored_over_one(aged_home):
    """A turn's rows come from one snapshot blob while nothing changed: an edit in place, by
    rename or of a note drops them (a new generation), and a snapshot taken while another turn
    changed a row is not stored; every block stays the full read's."""
    home = aged_home  # seed 11, aged, every ctime older than RACY_NS
    same_block(home)
    with mc.Catalog(home) as cat:
        gen = cat._meta("gen")
        assert {k for k, in cat.conn.execute("SELECT key FROM snaps")} >= {"notes", "mems:alpha"}
    shown = build(home, project="alpha", now=NOW, budget=6000).text
    rel = next(line.split("memory:")[1].split(")")[0] for line in shown.splitlines() if "memory:memory/m-" in line)
    path = home.root / rel
    text = path.read_text(encoding="utf-8")
    stmt = text.split("\n---\n", 1)[1].split("\n\n")[1]
    # another turn changes a row while this one reads: this one's snapshot must not be stored
    racer = mc.Catalog(home)
    moved = racer._moved

    def change_meanwhile(rows, *args):
        out = moved(rows, *args)
        if args[2] == "mems" and not getattr(change_meanwhile, "done", False):
            change_meanwhile.done = True
            path.write_text(text.replace(stmt, "Y" * len(stmt)), encoding="utf-8")
            with mc.Catalog(home) as other:
                other.refresh("alpha")
        return out

    racer.conn.execute("DELETE FROM snaps")
    racer._moved = change_meanwhile
    racer.refresh("alpha")  # saw the old rows, wanted to store their snapshot
    racer.close()
    with mc.Catalog(home) as cat:
        assert cat._meta("gen") != gen
        assert all(g == int(cat._meta("gen")) for g, in cat.conn.execute("SELECT gen FROM snaps"))
    assert "Y" * 10 in build(home, project="alpha", now=NOW, budget=6000).text
    same_block(home)
    path.write_text(text, encoding="utf-8")  # back, in place
    assert "Y" * 10 not in build(home, project="alpha", now=NOW, budget=6000).text
    same_block(home)


def test_a_process_keeps_the_rows_of_a_snapshot_while_the_catalog_holds_that_snapshot(aged_home):
    """A long-lived process (the turn server) takes the rows it read, and the cards and note
    entries made from them, again while the catalog's snapshot has the same token; a snapshot
    another writer put there (a new token) is read, and so is one put back from a copy."""
    import marshal

    home = aged_home  # seed 11, aged, every ctime older than RACY_NS

    def turn():
        with mc.Catalog(home) as cat:
            cat.refresh("alpha")
            return cat.cards("alpha"), cat.notes(500)

    turn()  # reads every file
    turn()  # stores the snapshots (and keeps them)
    c1, n1 = turn()
    c2, n2 = turn()
    assert c2 is c1 and n2 is n1 and len(c1) > 5
    with mc.Catalog(home) as cat:
        token, data = cat.conn.execute("SELECT token, data FROM snaps WHERE key='mems:alpha'").fetchone()
        rows = marshal.loads(data)
        statement = mc._MEM_ROW.split(", ").index("statement")
        other = [rows[0][:statement] + ("Written by another writer.",) + rows[0][statement + 1:]] + rows[1:]
        cat.conn.execute("UPDATE snaps SET token='another', data=? WHERE key='mems:alpha'", (marshal.dumps(other),))
    c3, n3 = turn()
    assert c3 is not c1 and n3 is n1
    assert [c.statement for c in c3][0] == "Written by another writer."
    assert [c.statement for c in c3][1:] == [c.statement for c in c1][1:]
    with mc.Catalog(home) as cat:  # the first one back, as from a copy of the catalog
        cat.conn.execute("UPDATE snaps SET token=?, data=? WHERE key='mems:alpha'", (token, data))
    c4, _ = turn()
    assert [c.fields() for c in c4] == [c.fields() for c in c1]
    same_block(home)
