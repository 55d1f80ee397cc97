"""dream runs safely: gating, dry run, undo byte for byte, hand edits, crash safety, the lock."""

from __future__ import annotations

import datetime as dt
import json
import shutil

from dream_support import NOW, diff, signal, snapshot, weak

from holonmem import locks, signalstore
from holonmem.dream import plan_dream
from holonmem.dream_apply import apply_plan, run_dream
from holonmem.memory import load_memories
from holonmem.memory_index import managed_paths, read_index

FIVE = [signal(i, f"Rule number {i}: keep the {w} tidy.", f"s{i}") for i, w in
        enumerate(["desk", "repo", "inbox", "notes", "calendar"], 1)]


def run(cli, home, *args):
    return cli("dream", "--home", home.root, *args)


# -- gating --------------------------------------------------------------------------------

def test_not_due_without_pending_signals(home, cli):
    before = snapshot(home.root)
    r = run(cli, home, "--now", NOW)
    assert r.exit_code == 0 and r.stdout == ""
    assert r.stderr.strip() == "not due: no pending signals"
    assert diff(before, snapshot(home.root)) == set()


def test_not_due_until_enough_sessions_then_due(home, cli):
    signalstore.append(home, FIVE[:4])
    r = run(cli, home, "--now", NOW)
    assert r.exit_code == 0 and len(r.stderr.strip().splitlines()) == 1
    assert "4 session(s) produced new signals" in r.stderr and "needs 5" in r.stderr
    assert load_memories(home) == []
    signalstore.append(home, FIVE[4:])
    r = run(cli, home, "--now", NOW)
    assert r.exit_code == 0 and r.stdout.startswith("dream dream_")
    assert len(load_memories(home)) == 5


def test_not_due_within_min_hours_and_config_is_read(home, cli):
    home.config_path.write_text("[dream]\nmin_sessions = 1\nmin_hours = 12\n")
    signalstore.append(home, FIVE[:1])
    assert run(cli, home, "--now", "2026-06-25T09:00:00+08:00").exit_code == 0
    assert len(load_memories(home)) == 1
    signalstore.append(home, [signal(9, "Keep the wiki tidy as well.", "s9", created="2026-06-25T10:00:00+08:00")])
    r = run(cli, home, "--now", "2026-06-25T15:00:00+08:00")
    assert r.exit_code == 0 and r.stderr.startswith("not due: last dream 6.0 h ago (needs 12 h")
    r = run(cli, home, "--now", "2026-06-25T15:00:00+08:00", "--json")
    assert json.loads(r.stdout)["ran"] is False
    r = run(cli, home, "--now", "2026-06-25T22:00:00+08:00")
    assert r.stdout.startswith("dream ") and len(load_memories(home)) == 2


def test_bad_now_is_a_usage_error(home, cli):
    r = run(cli, home, "--now", "yesterday")
    assert r.exit_code == 2 and r.stderr.startswith("Error: --now 'yesterday' is not an ISO 8601 time")


# -- dry run / undo ------------------------------------------------------------------------

def test_dry_run_writes_nothing_at_all(home, cli):
    signalstore.append(home, FIVE + [weak(20, "A one-off detail", "s1")])
    before = snapshot(home.root, skip=())
    r = run(cli, home, "--dry-run", "--force", "--now", NOW)
    assert r.exit_code == 0 and "(dry run)" in r.stdout and "**promoted**" in r.stdout
    assert "dry run: nothing was written" in r.stderr
    r = run(cli, home, "--dry-run", "--now", NOW, "--json")
    assert json.loads(r.stdout)["counts"]["promoted"] == 5
    assert diff(before, snapshot(home.root, skip=())) == set()


def test_undo_returns_the_home_byte_for_byte_except_the_undo_entry(home, cli):
    signalstore.append(home, FIVE)
    before = snapshot(home.root)
    out = json.loads(run(cli, home, "--force", "--now", NOW, "--json").stdout)
    assert len(load_memories(home)) == 5 and (home.state_dir / "dream_runs" / out["run"]).is_dir()
    r = run(cli, home, "--undo", out["run"], "--now", NOW)
    assert r.exit_code == 0 and r.stdout.startswith(f"undid {out['run']}: 1 file(s) restored, 5 removed, 5 signal(s)")
    assert diff(before, snapshot(home.root)) == {"journal/2026-06-25.md"}
    journal = (home.journal_dir / "2026-06-25.md").read_text()
    assert f"## Undo of dream run `{out['run']}`" in journal and "5 promoted" in journal
    assert signalstore.load(home).counts()["pending"] == 5
    # the undone run is gone: undoing it again is an error, a new dream redoes it
    r = run(cli, home, "--undo", out["run"])
    assert r.exit_code == 1 and "no dream run" in r.stderr
    assert run(cli, home, "--force", "--now", NOW).exit_code == 0 and len(load_memories(home)) == 5


def test_undo_after_another_writer_appended_signals_reverts_by_status_lines(home, cli):
    signalstore.append(home, FIVE)
    out = json.loads(run(cli, home, "--force", "--now", NOW, "--json").stdout)
    signalstore.append(home, [weak(30, "Something new", "s30")])
    assert run(cli, home, "--undo", out["run"]).exit_code == 0
    st = signalstore.load(home)
    assert st.counts()["pending"] == 6 and st.status["sig_0001"]["reason"] == f"undo of {out['run']}"


def test_undo_refuses_when_a_later_run_built_on_it_unless_forced(home, cli):
    signalstore.append(home, FIVE[:1])
    first = json.loads(run(cli, home, "--force", "--now", "2026-06-24T09:00:00+08:00", "--json").stdout)["run"]
    signalstore.append(home, [weak(40, "Rule number 1: keep the desk tidy.", "s40")])  # strengthens it
    second = json.loads(run(cli, home, "--force", "--now", NOW, "--json").stdout)["run"]
    r = run(cli, home, "--undo", first)
    assert r.exit_code == 1 and f"later run(s) {second} changed the same files" in r.stderr and "--force" in r.stderr
    assert run(cli, home, "--undo", second).exit_code == 0
    (m,) = load_memories(home)
    assert m.evidence == ["evt_0001"]
    assert run(cli, home, "--undo", first).exit_code == 0
    assert load_memories(home) == [] and managed_paths(home.memory_md.read_text()) == []


def test_undo_refuses_to_clobber_a_hand_edit(home, cli):
    signalstore.append(home, FIVE[:1])
    rid = json.loads(run(cli, home, "--force", "--now", NOW, "--json").stdout)["run"]
    (m,) = load_memories(home)
    p = home.root / m.path
    p.write_text(p.read_text() + "\nA note by hand.\n")
    r = run(cli, home, "--undo", rid)
    assert r.exit_code == 1 and "changed by hand since the run" in r.stderr
    assert "A note by hand." in p.read_text()
    assert run(cli, home, "--undo", rid, "--force").exit_code == 0 and not p.exists()


# -- hand edits --------------------------------------------------------------------------------

def test_hand_edit_between_two_dreams_survives(home, cli):
    signalstore.append(home, FIVE[:1])
    run(cli, home, "--force", "--now", "2026-06-24T09:00:00+08:00")
    (m,) = load_memories(home)
    p = home.root / m.path
    edited = p.read_text().replace("**How to apply:**", "**How to apply:** (Lin) only on weekdays.")
    edited = edited.replace("status: active", "status: active   # checked by Lin")
    p.write_text(edited)
    idx = home.memory_md.read_text().replace("## Project: invoicer", "## Project: invoicer\n\nHand note under the heading.")
    home.memory_md.write_text(idx)
    signalstore.append(home, [weak(41, "Rule number 1: keep the desk tidy.", "s41")])
    assert run(cli, home, "--force", "--now", NOW).exit_code == 0
    text = p.read_text()
    assert "(Lin) only on weekdays." in text and "# checked by Lin" in text
    (m2,) = load_memories(home)
    assert m2.evidence == ["evt_0001", "evt_0041"]
    assert "Hand note under the heading." in home.memory_md.read_text()


def test_a_file_changed_while_dreaming_is_left_alone_and_retried(home, cli):
    signalstore.append(home, FIVE[:2])
    run(cli, home, "--force", "--now", "2026-06-24T09:00:00+08:00")
    signalstore.append(home, [weak(42, "Rule number 1: keep the desk tidy.", "s42"),
                              signal(43, "Never deploy on Sundays.", "s43")])
    # dream reads, then a person saves the memory file and MEMORY.md before the write
    now = dt.datetime.fromisoformat(NOW)
    memories = load_memories(home)
    index = read_index(home)
    plan = plan_dream(signalstore.load(home).pending(), memories, now=now, run_id="dream_test")
    target = next(m for m in memories if m.evidence == ["evt_0001"])
    path = home.root / target.path
    path.write_text(path.read_text() + "\nEdited while dreaming.\n")
    home.memory_md.write_text(home.memory_md.read_text() + "\n- hand line added meanwhile\n")
    with locks.home_lock(home, locks.PIPELINE):
        res = apply_plan(home, plan, memories, index, now=now)
    assert {p for p, _ in res.conflicts} == {target.path, "MEMORY.md"}
    assert path.read_text().endswith("Edited while dreaming.\n")
    assert "- hand line added meanwhile" in home.memory_md.read_text()
    st = signalstore.load(home)
    assert st.status_of("sig_0042") == "pending" and st.status_of("sig_0043") == "promoted"
    journal = (home.journal_dir / "2026-06-25.md").read_text()
    assert "### Conflicts" in journal and target.path in journal
    # the next run finishes the job, on top of the hand edits
    assert run(cli, home, "--force", "--now", "2026-06-25T10:00:00+08:00").exit_code == 0
    assert path.read_text().endswith("Edited while dreaming.\n")
    assert signalstore.load(home).status_of("sig_0042") == "promoted"
    assert next(m for m in load_memories(home) if m.path == target.path).evidence == ["evt_0001", "evt_0042"]
    text = home.memory_md.read_text()
    assert "- hand line added meanwhile" in text and "Never deploy on Sundays" in text


# -- crash safety ---------------------------------------------------------------------------------

def test_a_run_failing_midway_leaves_the_old_state_and_the_next_run_finishes(home, cli):
    signalstore.append(home, FIVE)
    before = snapshot(home.root)
    blocker = home.journal_dir / "2026-06-25.md"
    blocker.mkdir()  # the journal write fails after memory files and MEMORY.md were written
    r = run(cli, home, "--force", "--now", NOW)
    assert r.exit_code == 1 and r.stderr.startswith("Error: ")
    blocker.rmdir()
    assert diff(before, snapshot(home.root)) == set()
    assert signalstore.load(home).counts()["pending"] == 5
    assert run(cli, home, "--force", "--now", NOW).exit_code == 0
    assert len(load_memories(home)) == 5 and signalstore.load(home).counts()["promoted"] == 5


def test_a_killed_run_is_rolled_back_by_the_next_one(home, cli):
    signalstore.append(home, FIVE)
    before = snapshot(home.root)
    state_before = home.state_file("dream.json").exists()
    rid = json.loads(run(cli, home, "--force", "--now", NOW, "--json").stdout)["run"]
    # make the disk look like the process died just before recording the run:
    # its manifest still says "started" and dream.json is not written yet
    mf = home.state_dir / "dream_runs" / rid / "manifest.json"
    manifest = json.loads(mf.read_text())
    manifest["status"] = "started"
    mf.write_text(json.dumps(manifest))
    assert not state_before
    home.state_file("dream.json").unlink()
    (m, *_) = load_memories(home)
    from holonmem.dream_apply import recover_incomplete

    with locks.home_lock(home, locks.PIPELINE):
        assert recover_incomplete(home) == [rid]
    assert diff(before, snapshot(home.root)) == set()
    assert run(cli, home, "--force", "--now", NOW).exit_code == 0 and len(load_memories(home)) == 5


def test_a_run_killed_after_its_state_was_saved_is_kept_and_marked_done(home, cli):
    signalstore.append(home, FIVE)
    rid = json.loads(run(cli, home, "--force", "--now", NOW, "--json").stdout)["run"]
    after = snapshot(home.root)
    # the process died between saving dream.json and marking its manifest done
    mf = home.state_dir / "dream_runs" / rid / "manifest.json"
    manifest = json.loads(mf.read_text())
    manifest["status"] = "started"
    mf.write_text(json.dumps(manifest))
    from holonmem.dream_apply import recover_incomplete

    with locks.home_lock(home, locks.PIPELINE):
        assert recover_incomplete(home) == []
    assert json.loads(mf.read_text())["status"] == "done"
    assert {k for k in diff(after, snapshot(home.root)) if not k.startswith(".holonmem/")} == set()
    assert len(load_memories(home)) == 5


def test_a_read_only_memory_dir_fails_cleanly(home, hm, tmp_path):
    signalstore.append(home, FIVE)
    shutil.rmtree(home.memory_dir)
    home.memory_dir.write_text("not a folder")  # memory/ cannot hold files (root ignores chmod)
    before = snapshot(home.root)
    r = hm("dream", "--home", home.root, "--force", "--now", NOW)
    assert r.exit_code == 1 and r.stderr.startswith("Error: ") and "Traceback" not in r.stderr
    assert diff(before, snapshot(home.root)) == set()


# -- the lock ----------------------------------------------------------------------------------------

def test_second_dream_waits_then_exits_75(home, hm):
    signalstore.append(home, FIVE)
    with locks.home_lock(home, locks.PIPELINE):
        r = hm("dream", "--home", home.root, "--force", "--timeout", "0.2")
    assert r.exit_code == 75
    assert r.stderr.startswith("Error: the pipeline lock of") and "Hint:" in r.stderr
    assert load_memories(home) == []
