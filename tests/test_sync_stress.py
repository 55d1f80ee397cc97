"""`holonmem sync` in every order (make stress): three clones interleave ingest, consolidate, dream
over overlapping signals, remember/forget and hand edits, then sync in each of the six orders."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from sync_support import active_memories, events, git, hm, ingest, ledger_ids, next_second, setup, signal_ids
from test_sync import RUFF, _converged

pytestmark = pytest.mark.stress
ORDERS = list(itertools.permutations("abc"))


def _episode_events(home) -> list[str]:
    out = []
    for p in sorted((home / "episodes").glob("*.md")):
        for m in re.findall(r"^events: (\[.*\])$", p.read_text(), re.M):
            out += json.loads(m)
    return out


def _diverge(homes) -> set[str]:
    a, b, c = homes["a"], homes["b"], homes["c"]
    for h in homes.values():
        (h / "holonmem.toml").write_text("[dream]\nmin_hours = 0\nmin_sessions = 1\n")
    hm(a, "remember", "Use pip for installing packages", "--project", "invoicer")
    hm(a, "remember", "Write a test for every bug fix", "--project", "invoicer")
    ingest(a, events("s_x", ["From now on, never push on Fridays.", "Prepare the release"], day="2026-06-09"))
    hm(a, "consolidate", "--now", "2026-06-10")
    for h in (a, b, c):
        hm(h, "sync")
        hm(h, "search", "release")  # every clone has a search index to keep up to date
    hm(a, "sync")
    # now each machine on its own; a and b dream over the same pending signals (s_x)
    ingest(a, events("s_a1", [RUFF, "Fix the invoice rounding bug"]))
    hm(a, "consolidate", "--now", "2026-06-11")
    hm(a, "dream", "--force", "--now", "2026-06-11T12:00:00+00:00")
    hm(a, "remember", "Use uv instead of pip for installing packages", "--project", "invoicer")
    ingest(b, events("s_b1", [RUFF, "Add the PDF export"], hour=11))
    hm(b, "consolidate", "--now", "2026-06-11")
    hm(b, "dream", "--force", "--now", "2026-06-11T13:00:00+00:00")
    next_second()  # the newer replacement of pip, whatever the speed of the commands before
    hm(b, "remember", "Use poetry instead of pip for installing packages", "--project", "invoicer")
    (b / "notes" / "release.md").write_text("# Release\n\nTag, then publish.\n")
    ingest(c, events("s_c1", ["Please always answer in English.", "Ship the notes"], day="2026-06-12"))
    ingest(c, events("s_a1", [RUFF]))  # the same event ids a has: not duplicated
    hm(c, "forget", "memory/invoicer-write-test-every-bug-fix.md")
    (c / "AGENTS.md").write_text((c / "AGENTS.md").read_text() + "\n- Answer in English.\n")
    return set().union(*(ledger_ids(h) for h in homes.values()))


@pytest.mark.parametrize("order", ORDERS, ids=["".join(o) for o in ORDERS])
def test_three_clones_sync_in_every_order(tmp_path, order):
    _, homes = setup(tmp_path, ("a", "b", "c"))
    all_ids = _diverge(homes)
    for name in order + order:  # twice round: the first to sync needs the others' changes too
        hm(homes[name], "sync")
    _converged(homes)
    a = homes["a"]
    assert set(ledger_ids(a)) == all_ids  # no event lost
    found = {n: sorted(r["ref"] for r in json.loads(hm(h, "search", "ruff commit", "--json", "--limit", "50").stdout))
             for n, h in homes.items()}
    assert found["a"] == found["b"] == found["c"] and "event:s_b1_0" in found["a"], found
    for h in homes.values():  # the id map follows lines that moved inside a ledger file
        for eid in ("s_a1_0", "s_b1_0", "s_c1_0", "s_x_0"):
            assert eid in hm(h, "get", f"event:{eid}").stdout
    mems = active_memories(a)
    for word, n in (("ruff", 1), ("pip", 1), ("fridays", 1), ("bug fix", 0)):
        assert len([m for m in mems if word in m[1].lower()]) == n, (word, mems)
    assert "poetry" in next(m[1] for m in mems if "pip" in m[1].lower())
    assert (a / "notes" / "release.md").exists() and "English" in (a / "AGENTS.md").read_text()
    # consolidate everywhere, sync again: every event in at most one episode, nothing twice
    for name in order:
        hm(homes[name], "consolidate", "--now", "2026-06-20")
        hm(homes[name], "sync")
    for name in order:
        hm(homes[name], "sync")
    _converged(homes)
    evs = _episode_events(a)
    assert len(evs) == len(set(evs)), "an event consolidated twice"
    assert {"s_c1_0", "s_a1_0", "s_b1_0", "s_x_0"} <= set(evs)
    sigs = signal_ids(a)
    assert len(sigs) == len(set(sigs))
    for h in homes.values():
        res = json.loads(hm(h, "consolidate", "--now", "2026-06-21", "--json").stdout)
        assert res["episodes"] == [] and res["signals"] == []
        assert git(h, "status", "--porcelain").stdout == ""


def test_concurrent_pushes_retry_and_converge(tmp_path):
    """Two machines sync at the same moment: the push that loses the race fetches and merges again."""
    import subprocess
    import sys

    from sync_support import env

    _, homes = setup(tmp_path, ("a", "b"))
    a, b = homes["a"], homes["b"]
    ingest(a, events("s_a1", [RUFF]))
    ingest(b, events("s_b1", ["Add the PDF export"], hour=11))
    procs = [subprocess.Popen([sys.executable, "-m", "holonmem", "--home", str(h), "sync"], env=env(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for h in (a, b)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    hm(a, "sync")
    hm(b, "sync")
    _converged(homes)


def test_two_homes_made_apart_then_synced(tmp_path):
    """Machine 2 ran `holonmem init` and `git init` itself instead of cloning: unrelated histories."""
    import sys

    from sync_support import run

    remote, homes = setup(tmp_path, ("a",))
    a, b = homes["a"], tmp_path / "b"
    ingest(a, events("s_a1", [RUFF]))
    hm(a, "sync")
    run(sys.executable, "-m", "holonmem", "init", b)
    git(b, "init", "-q", "-b", "main")
    git(b, "remote", "add", "origin", str(remote))
    ingest(b, events("s_b1", ["Add the PDF export"], hour=11))
    hm(b, "remember", "Use tabs for indentation")
    out = hm(b, "sync").stdout
    assert "merge: merged" in out
    hm(a, "sync")
    _converged({"a": a, "b": b})
    assert len(ledger_ids(a)) == 4 and [m[1] for m in active_memories(a)] == ["Use tabs for indentation"]
