"""heartbeat: cheap decision, consolidate when due, detached from hooks, lock discipline."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from holonmem.heartbeat import decide, trigger_from_hook
from holonmem.locks import PIPELINE, home_lock


def ingest(cli, evs):
    r = cli("ingest", "-", input="\n".join(json.dumps(e, ensure_ascii=False) for e in evs))
    assert r.exit_code == 0, r


def msgs(prefix, n, session="s1"):
    return [{"id": f"{prefix}{i}", "project": "p", "session": session, "role": "user" if i % 2 else "assistant",
             "text": f"working on step {i} of the report"} for i in range(n)]


def beat(cli, *args):
    r = cli("heartbeat", "--json", *args)
    assert r.exit_code == 0, r
    return json.loads(r.stdout)


def state(home):
    return json.loads(home.state_file("heartbeat.json").read_text())


def test_no_new_events_does_nothing(home, cli):
    res = beat(cli)
    assert res == {"action": "idle", "reason": "no new events", "new_events": 0, "steps": []}
    ingest(cli, msgs("a", 4))
    assert cli("consolidate").exit_code == 0
    res = beat(cli)
    assert res["action"] == "idle" and res["reason"] == "no new events"
    assert state(home)["last_action"] == "idle"
    assert "last heartbeat" in cli("status").stdout


def test_few_plain_events_wait_for_the_threshold(home, cli):
    ingest(cli, msgs("a", 4))
    d = decide(home)
    assert not d.due and d.new_events == 4 and "< 50" in d.reason
    (home.root / "holonmem.toml").write_text("[heartbeat]\nmin_new_events = 3\n")
    assert decide(home).due


def test_failed_tool_triggers_consolidate_then_idle(home, cli):
    ingest(cli, msgs("a", 2) + [{"id": "f1", "project": "p", "session": "s1", "role": "tool", "kind": "tool_result",
                                  "tool": "pytest", "status": "failed", "text": "E   AssertionError"}])
    res = beat(cli)
    assert res["action"] == "ran" and "failed tool" in res["reason"]
    assert res["steps"][0]["step"] == "consolidate" and res["steps"][0]["exit"] == 0
    assert beat(cli)["action"] == "idle"
    log = (home.log_dir / "heartbeat.log").read_text()
    assert "due: failed tool" in log and "consolidate: exit=0" in log


def test_session_end_and_standing_instruction_are_due(home, cli):
    ingest(cli, [{"id": "e1", "project": "p", "session": "s1", "role": "system", "kind": "session_end", "text": "session ended"}])
    assert decide(home).triggers == ["session ended"]
    cli("consolidate")
    ingest(cli, [{"id": "u1", "project": "p", "session": "s2", "role": "user", "text": "以后提交前先跑测试。"}])
    assert decide(home).due


def test_pipeline_lock_held_means_skip(home, cli):
    ingest(cli, [{"id": "e1", "project": "p", "role": "system", "kind": "session_end", "text": "session ended"}])
    with home_lock(home, PIPELINE, 0):
        res = beat(cli)
    assert res["action"] == "skipped" and "pipeline lock" in res["reason"]
    assert beat(cli)["action"] == "ran"


def test_two_heartbeats_at_once_one_works(home, cli):
    ingest(cli, msgs("a", 3) + [{"id": "e1", "project": "p", "session": "s1", "role": "system", "kind": "session_end", "text": "session ended"}])
    cmd = [sys.executable, "-m", "holonmem", "--home", str(home.root), "heartbeat", "--json"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    results = [json.loads(p.communicate(timeout=120)[0]) for p in procs]
    actions = sorted(r["action"] for r in results)
    assert actions.count("ran") == 1 and actions in (["idle", "ran"], ["ran", "skipped"]), results
    log = (home.log_dir / "heartbeat.log").read_text()
    assert log.count("consolidate: exit=0") == 1


def test_hook_trigger_returns_at_once_and_work_happens_detached(home, cli):
    ingest(cli, [{"id": "f1", "project": "p", "session": "s1", "role": "tool", "kind": "tool_result", "tool": "Bash",
                  "status": "failed", "text": "command not found"}])
    trigger_from_hook(home, {"hook_event_name": "PostToolUseFailure"})
    log = home.log_dir / "heartbeat.log"
    assert "started detached heartbeat" in log.read_text()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the detached run writes its state last
        if home.state_file("heartbeat.json").exists() and state(home).get("last_action") == "ran":
            break
        time.sleep(0.1)
    assert state(home)["last_action"] == "ran"
    assert decide(home).reason == "no new events"
    # Never raises, and creates nothing, on a home that cannot work.
    missing = type(home)(home.root / "missing")
    trigger_from_hook(missing, {})
    assert not missing.root.exists()


def test_detach_option_and_idle_kick(home, cli):
    r = cli("heartbeat", "--detach", "--json")
    assert json.loads(r.stdout) == {"action": "idle", "reason": "no new events"}
