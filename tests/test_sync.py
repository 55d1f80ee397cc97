"""`holonmem sync` end to end: a bare remote, clones, the real CLI (docs/sync.md): sync in a
subprocess of its own, the other commands through main() in this process (sync_support.hm_main).

The exhaustive "every order" matrix over three clones is in test_sync_stress.py (make stress)."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from sync_support import (active_memories, context, copy_setup, doctor_ok, episode_ids, events, git, hm, hm_main,
                          ingest, ledger_ids, next_second, owned_markers, run, setup, signal_ids, snapshot)

RUFF = "From now on, always run ruff check before every commit."


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """``setup`` (init, the first sync, a clone and its sync: the real CLI) once for the module;
    each test gets a copy with copy_setup."""
    base = tmp_path_factory.mktemp("sync-setup")
    setup(base)
    return base


def _converged(homes: dict[str, Path]) -> None:
    """What every test checks once all clones synced last."""
    first = next(iter(homes.values()))
    ctxs = {name: context(h) for name, h in homes.items()}
    for name, h in homes.items():
        ids = ledger_ids(h)
        assert len(ids) == len(set(ids)), f"{name}: duplicated events"
        assert sorted(ids) == sorted(ledger_ids(first)), f"{name}: events differ"
        sigs = signal_ids(h)
        assert len(sigs) == len(set(sigs)), f"{name}: duplicated signals"
        eps = episode_ids(h)
        assert len(eps) == len(set(eps)), f"{name}: duplicated episodes"
        assert owned_markers(h) == [], f"{name}: conflict markers left"
        assert doctor_ok(h), hm_main(h, "doctor", check=False).stdout
        assert ctxs[name] == ctxs[next(iter(homes))], f"{name}: context differs"
        assert git(h, "status", "--porcelain").stdout == ""


def test_two_machines_ingest_consolidate_dream_remember_then_converge(built, tmp_path):
    _, homes = copy_setup(built, tmp_path)
    a, b = homes["a"], homes["b"]
    for h in (a, b):
        (h / "holonmem.toml").write_text("[dream]\nmin_hours = 0\nmin_sessions = 2\n")
    hm_main(a, "remember", "Use pip for installing packages", "--project", "invoicer")
    hm(a, "sync")
    hm(b, "sync")
    # a: a session consolidated and dreamed, a rule remembered, pip replaced by uv
    ingest(a, events("s_a1", [RUFF, "Fix the invoice rounding bug"]))
    hm_main(a, "consolidate", "--now", "2026-06-11")
    hm_main(a, "dream", "--force", "--now", "2026-06-11T12:00:00+00:00")
    hm_main(a, "remember", "Use uv instead of pip for installing packages", "--project", "invoicer")
    # b, meanwhile: the same rule in its own session, dreamed too; pip replaced by poetry; one
    # session ingested and not consolidated
    ingest(b, events("s_b1", [RUFF, "Add the PDF export"], hour=11))
    hm_main(b, "consolidate", "--now", "2026-06-11")
    hm_main(b, "dream", "--force", "--now", "2026-06-11T12:30:00+00:00")
    next_second()  # memories are dated to the second: poetry's must be the newer replacement
    hm_main(b, "remember", "Use poetry instead of pip for installing packages", "--project", "invoicer")
    ingest(b, events("s_b2", ["Please always answer in English.", "Ship the release notes"], day="2026-06-12"))

    hm(a, "sync")
    out = hm(b, "sync").stdout
    assert "merge: merged" in out and "pushed to origin/main" in out
    hm(a, "sync")
    _converged(homes)

    mems = active_memories(a)
    assert len([m for m in mems if "ruff" in m[1].lower()]) == 1, mems
    installers = [m for m in mems if "pip" in m[1].lower()]
    assert len(installers) == 1 and "poetry" in installers[0][1], mems  # the newer replacement stays active
    pip = (a / "memory/invoicer-use-pip-installing-packages.md").read_text()
    assert "status: superseded" in pip and pip.count("mem_") >= 3  # superseded by both, chain recorded

    # every event is consolidated once: a's and b's consolidated lines are not read again,
    # b's open session is consolidated by whichever machine runs next, once
    before = episode_ids(a)
    res = json.loads(hm_main(a, "consolidate", "--now", "2026-06-20", "--json").stdout)
    assert [e["session"] for e in res["episodes"]] == ["s_b2"] and res["new_events"] == 0  # (read from the open map)
    hm(a, "sync")
    hm(b, "sync")
    res_b = json.loads(hm_main(b, "consolidate", "--now", "2026-06-20", "--json").stdout)
    assert res_b["new_events"] == 0 and res_b["episodes"] == [] and res_b["signals"] == []
    assert len(episode_ids(b)) == len(before) + 1
    # dream's gate counts the sessions of both machines (min_sessions = 2)
    gate = json.loads(hm_main(b, "dream", "--dry-run", "--now", "2026-06-21T00:00:00+00:00", "--json").stdout)
    assert gate["ran"], gate
    _converged(homes)


def test_conflicting_hand_edits_stop_sync_and_change_nothing(built, tmp_path):
    _, homes = copy_setup(built, tmp_path)
    a, b = homes["a"], homes["b"]
    hm_main(a, "remember", "Deploy invoicer on Tuesdays", "--project", "invoicer")
    hm(a, "sync")
    hm(b, "sync")
    mem = next((a / "memory").glob("invoicer-*.md")).name
    # a person edits AGENTS.md and the memory on a; on b, AGENTS.md by hand and the memory through forget
    (a / "AGENTS.md").write_text((a / "AGENTS.md").read_text() + "\n- Answer in French.\n")
    p = a / "memory" / mem
    p.write_text(p.read_text().replace("\n\nDeploy invoicer on Tuesdays\n", "\n\nDeploy invoicer on Tuesdays, never on Fridays.\n"))
    assert "never on Fridays" in p.read_text()
    hm(a, "sync")
    (b / "AGENTS.md").write_text((b / "AGENTS.md").read_text() + "\n- Answer in German.\n")
    hm_main(b, "forget", f"memory/{mem}")  # holonmem rewrites it (status archived)
    before, head = snapshot(b), git(b, "rev-parse", "HEAD").stdout
    r = hm(b, "sync", check=False)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith("Error: sync stopped") and "AGENTS.md" in r.stderr and f"memory/{mem}" in r.stderr
    assert "Hint: " in r.stderr and "git merge origin/main" in r.stderr
    assert snapshot(b) == before  # nothing else changed: no merge in progress, no file touched
    assert not (b / ".git" / "MERGE_HEAD").exists() and git(b, "status", "--porcelain").stdout == ""
    assert git(b, "rev-parse", "HEAD").stdout != head  # b's own changes were committed, not lost
    assert doctor_ok(b)
    # the person resolves it the way the hint says; doctor shows the markers meanwhile
    git(b, "-c", "user.name=t", "-c", "user.email=t@t", "merge", "origin/main", check=False)
    d = json.loads(hm_main(b, "doctor", "--json", check=False).stdout)
    assert {f["file"] for f in d["findings"] if f["check"] == "conflicts"} == {"AGENTS.md"}  # git merged the memory's lines
    r = hm(b, "sync", check=False)
    assert r.returncode == 1 and "merge is already in progress" in r.stderr and "git merge --abort" in r.stderr
    (b / "AGENTS.md").write_text(git(b, "show", "origin/main:AGENTS.md").stdout)
    git(b, "add", "AGENTS.md")
    git(b, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "resolved by hand")
    hm(b, "sync")
    hm(a, "sync")
    _converged(homes)
    assert "French" in (b / "AGENTS.md").read_text()
    kept = (a / "memory" / mem).read_text()
    assert "never on Fridays" in kept and "status: archived" in kept  # the person's words and the forget


def test_errors_are_clear(tmp_path):
    home = tmp_path / "h"
    run(sys.executable, "-m", "holonmem", "init", home)
    r = hm(home, "sync", check=False)
    assert r.returncode == 1 and "not in a git repository" in r.stderr and "git -C" in r.stderr
    assert "Traceback" not in r.stderr
    git(home, "init", "-q", "-b", "main")
    r = hm(home, "sync", check=False)
    assert r.returncode == 1 and "no remote 'origin'" in r.stderr and "git remote add origin" in r.stderr
    git(home, "remote", "add", "origin", str(tmp_path / "nowhere.git"))
    r = hm(home, "sync", check=False)
    assert r.returncode == 1 and "cannot reach the remote 'origin'" in r.stderr and "Traceback" not in r.stderr
    # git not installed: a PATH without it
    bare = tmp_path / "bin"
    bare.mkdir()
    env = {**os.environ, "PATH": str(bare)}
    import subprocess

    p = subprocess.run([sys.executable, "-m", "holonmem", "--home", str(home), "sync"], capture_output=True, text=True, env=env)
    assert p.returncode == 1 and "git is not installed" in p.stderr and "Traceback" not in p.stderr


def test_fresh_clone_and_dry_run(built, tmp_path):
    remote, homes = copy_setup(built, tmp_path, ("a",))
    a = homes["a"]
    ingest(a, events("s_a1", [RUFF]))
    hm_main(a, "consolidate", "--now", "2026-06-11")
    hm(a, "sync")
    # a fresh clone: sync from inside it (no .holonmem/ yet), then doctor is clean, modes included
    c = tmp_path / "c"
    run("git", "clone", "-q", remote, c)
    out = run(sys.executable, "-m", "holonmem", "sync", cwd=c).stdout
    assert "merge: up to date" in out
    d = json.loads(hm_main(c, "doctor", "--json").stdout)
    assert d["ok"] and not [f for f in d["findings"] if f["check"] == "permissions"], d
    assert (c / "journal").is_dir() and (c / ".holonmem").is_dir()
    res = json.loads(hm_main(c, "consolidate", "--now", "2026-06-20", "--json").stdout)
    assert res["new_events"] == 0  # a's consolidated lines are not consolidated again here
    # dry run: what would be committed and merged, nothing changed
    ingest(c, events("s_c1", ["Add the CSV export"]))
    hm(c, "sync")
    (a / "notes" / "deploy.md").write_text("# Deploy\n\nTuesdays.\n")
    before, head = snapshot(a), git(a, "rev-parse", "HEAD").stdout
    r = hm(a, "sync", "--dry-run")
    assert "would commit 1 file(s)" in r.stdout and "by hand: notes/deploy.md" in r.stdout
    assert "incoming 1 commit(s) from origin/main" in r.stdout and "merge: would merge" in r.stdout
    assert "nothing was committed" in r.stderr
    assert snapshot(a) == before and git(a, "rev-parse", "HEAD").stdout == head
    r = json.loads(hm(a, "sync", "--no-push", "--json").stdout)
    assert r["merge"] == "merged" and r["pushed"] is False and r["by_hand"] == ["notes/deploy.md"]
    assert git(a, "rev-parse", "origin/main").stdout != git(a, "rev-parse", "HEAD").stdout


def test_a_sync_that_only_sends_keeps_the_search_index_current(built, tmp_path):
    """A day consolidated here since the last search: the sync that pushes it also indexes it
    (derived state catches up after every sync, not only after one that brought changes in)."""
    _, homes = copy_setup(built, tmp_path)
    a = homes["a"]
    hm(a, "sync")
    hm_main(a, "search", "release")  # the index exists and is current
    ingest(a, events("s_only_here", ["Prepare the changelog for the release"], day="2026-06-14"))
    hm_main(a, "consolidate", "--now", "2026-06-15")
    hm(a, "sync")  # nothing to bring in: it only sends this machine's commits
    assert doctor_ok(a), hm_main(a, "doctor", check=False).stdout
