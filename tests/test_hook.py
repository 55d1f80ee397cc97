"""Hook mode (`holonmem hook claude|codex`) and `holonmem hook install`.

Hook mode fails open: whatever goes wrong, exit 0, nothing but valid JSON (or
nothing) on stdout, the reason on stderr and in .holonmem/logs/hook.log.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import CLIENT_SAMPLES

CC_SESSION = "7c1e9a42-5b3d-4f08-9e21-c4d7a86b13f0"


def sample(name: str) -> bytes:
    return (CLIENT_SAMPLES / name).read_bytes()


def ledger(home) -> list[dict]:
    out = []
    for p in sorted((home.root / "ledger").glob("*.jsonl")):
        out.extend(json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip())
    return out


def assert_clean_stdout(stdout: str) -> dict | None:
    """stdout is empty or exactly one valid JSON envelope."""
    if not stdout.strip():
        return None
    obj = json.loads(stdout)
    assert set(obj) == {"hookSpecificOutput"}
    return obj


def hook_log(home) -> str:
    p = home.log_dir / "hook.log"
    return p.read_text(encoding="utf-8") if p.exists() else ""


# -- ingest through hook mode --------------------------------------------------------

def test_posttooluse_is_ingested_silently(hm, home):
    r = hm("hook", "claude", "--home", home.root, input=sample("claude_hook_posttooluse.json"))
    assert r.exit_code == 0, r
    assert r.stdout == "" and r.stderr == ""
    (ev,) = ledger(home)
    assert (ev["kind"], ev["tool"], ev["status"], ev["session"], ev["project"]) == ("tool_result", "Bash", "ok", CC_SESSION, "invoicer")
    # the same payload again adds nothing
    r = hm("hook", "claude", "--home", home.root, input=sample("claude_hook_posttooluse.json"))
    assert r.exit_code == 0 and len(ledger(home)) == 1


def test_codex_hook_and_project_override(hm, home):
    r = hm("hook", "codex", "--home", home.root, "--project", "books", "--session", "s9",
           input=sample("codex_hook_stop.json"))
    assert r.exit_code == 0, r
    (ev,) = ledger(home)
    assert (ev["role"], ev["project"], ev["session"], ev["meta"]["client"]) == ("assistant", "books", "s9", "codex")


def test_home_from_environment(hm, home):
    r = hm("hook", "claude", input=sample("claude_hook_stop.json"), env={"HOLONMEM_HOME": str(home.root)})
    assert r.exit_code == 0, r
    assert len(ledger(home)) == 1


def test_in_process_typer_command_behaves_the_same(cli, home):
    r = cli("--home", home.root, "hook", "claude", input=sample("claude_hook_userpromptsubmit.json"))
    assert r.exit_code == 0, r
    assert_clean_stdout(r.stdout)
    assert ledger(home)[0]["role"] == "user"


# -- the context envelope ---------------------------------------------------------------

@pytest.mark.parametrize("client,name,event", [
    ("claude", "claude_hook_sessionstart.json", "SessionStart"),
    ("claude", "claude_hook_userpromptsubmit.json", "UserPromptSubmit"),
    ("codex", "codex_hook_sessionstart.json", "SessionStart"),
])
def test_context_envelope(hm, sample_home, client, name, event):
    r = hm("hook", client, "--home", sample_home.root, input=sample(name))
    assert r.exit_code == 0, r
    obj = assert_clean_stdout(r.stdout)
    assert obj is not None, f"no envelope: {r}"
    out = obj["hookSpecificOutput"]
    assert out["hookEventName"] == event
    text = out["additionalContext"]
    assert 0 < len(text) < 10_000
    assert "<holonmem-context" in text and "invoicer" in text
    assert r.stdout.count("\n") == 1  # one line of JSON, nothing else


def test_envelope_is_cut_below_the_client_limit():
    """One limit (context.HOOK_MAX_CHARS) for the whole reply, however much JSON escaping the text needs."""
    from holonmem.context import HOOK_MAX_CHARS
    from holonmem.hooks import envelope

    for big in ("x" * 50_000, '"\n\x01' * 20_000, "路线" * 9_000):
        out = envelope("SessionStart", big)
        text = json.loads(out)["hookSpecificOutput"]["additionalContext"]
        assert len(out) < HOOK_MAX_CHARS and "holonmem context" in text and f"{HOOK_MAX_CHARS:,}" in text
        assert len(out) > HOOK_MAX_CHARS - 200  # cut to the limit, not far below it
    assert envelope("SessionStart", "short") == json.dumps(
        {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "short"}}, ensure_ascii=False)


def test_no_envelope_for_other_events(hm, sample_home):
    for name in ("claude_hook_posttooluse.json", "claude_hook_stop.json", "claude_hook_precompact.json"):
        r = hm("hook", "claude", "--home", sample_home.root, input=sample(name))
        assert r.exit_code == 0 and r.stdout == "", r


# -- fail open ---------------------------------------------------------------------------

@pytest.mark.parametrize("payload,reason", [
    (b"", "empty payload"),
    (b"   \n", "empty payload"),
    (b"not json at all", "not JSON"),
    (b"\xff\xfe\x00garbage", "not JSON"),
    (b"[1, 2, 3]", "not a hook input"),
    (b'{"session_id": "x"}', "not a hook input"),
    (b'{"hook_event_name": "Bogus", "session_id": "x"}', "unsupported claude hook event"),
    (json.dumps({"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "x"}}).encode(), "not a hook input"),
])
def test_garbage_exits_zero_with_reason(hm, home, payload, reason):
    r = hm("hook", "claude", "--home", home.root, input=payload)
    assert r.exit_code == 0, r
    assert r.stdout == ""
    assert reason in r.stderr
    assert reason in hook_log(home)
    assert ledger(home) == []


def test_huge_input_exits_zero(hm, home):
    from holonmem.hooks import MAX_PAYLOAD_BYTES

    r = hm("hook", "claude", "--home", home.root, input=b"x" * (MAX_PAYLOAD_BYTES + 10))
    assert r.exit_code == 0 and r.stdout == ""
    assert "over the" in r.stderr and "over the" in hook_log(home)


def test_huge_tool_output_is_clipped_not_lost(hm, home):
    payload = json.loads(sample("claude_hook_posttooluse.json"))
    payload["tool_response"]["stdout"] = "line of output\n" * 200_000  # 3 MB
    r = hm("hook", "claude", "--home", home.root, input=json.dumps(payload))
    assert r.exit_code == 0 and r.stdout == "", r
    (ev,) = ledger(home)
    assert ev["meta"]["clipped"] == 3_000_000 - 1 and len(ev["text"]) < 100_000


def test_missing_home_exits_zero(hm, tmp_path):
    r = hm("hook", "claude", "--home", tmp_path / "nowhere", input=sample("claude_hook_sessionstart.json"))
    assert r.exit_code == 0 and r.stdout == ""
    assert "does not exist" in r.stderr


def test_unknown_option_is_ignored(hm, home):
    r = hm("hook", "claude", "--home", home.root, "--bogus", input=sample("claude_hook_stop.json"))
    assert r.exit_code == 0 and "--bogus" in r.stderr
    assert len(ledger(home)) == 1


def test_busy_ledger_lock_gives_up_quickly(hm, home):
    from holonmem.locks import LEDGER, home_lock

    with home_lock(home, LEDGER, 0):
        r = hm("hook", "claude", "--home", home.root, input=sample("claude_hook_stop.json"), timeout=30)
    assert r.exit_code == 0 and r.stdout == ""
    assert "locked" in r.stderr and "locked" in hook_log(home)
    assert ledger(home) == []


def test_fast_path_does_not_import_typer(home):
    code = (
        "import sys\n"
        "from holonmem.cli import main\n"
        "try:\n    main(['hook', 'claude', '--home', sys.argv[1]])\n"
        "except SystemExit as e:\n    code = e.code\n"
        "sys.stderr.write('typer' + ('+' if 'typer' in sys.modules else '-') + ' exit=%s' % code)\n"
    )
    p = subprocess.run([sys.executable, "-c", code, str(home.root)], input=sample("claude_hook_stop.json"),
                       capture_output=True, timeout=60)
    assert b"typer- exit=0" in p.stderr, p.stderr


# -- heartbeat ------------------------------------------------------------------------------

def test_session_end_triggers_the_heartbeat(hm, home):
    r = hm("hook", "claude", "--home", home.root, input=sample("claude_hook_sessionend.json"))
    assert r.exit_code == 0 and r.stdout == "", r
    log = home.log_dir / "heartbeat.log"
    assert log.exists(), "trigger_from_hook was not called"
    assert "session" in log.read_text(encoding="utf-8")


def test_session_end_right_after_stop_still_runs_the_heartbeat(hm, home):
    """The Stop's heartbeat is still running when SessionEnd arrives: a follow-up runs after it."""
    import time

    from holonmem.heartbeat import HEARTBEAT_LOCK
    from holonmem.ledger import end_offsets
    from holonmem.locks import home_lock

    assert hm("hook", "claude", "--home", home.root, input=sample("claude_hook_stop.json")).exit_code == 0
    log = home.log_dir / "heartbeat.log"
    with home_lock(home, HEARTBEAT_LOCK, 5):  # the heartbeat the Stop started, still at work
        t0 = time.monotonic()
        r = hm("hook", "claude", "--home", home.root, input=sample("claude_hook_sessionend.json"))
        assert r.exit_code == 0 and r.stdout == "" and r.stderr == "", r
        assert time.monotonic() - t0 < 10  # the hook itself does not wait
        assert "hook SessionEnd: another heartbeat is running; a follow-up heartbeat runs when it is done" in log.read_text()
        time.sleep(1.0)
        assert not (home.state_dir / "consolidate.json").exists()  # nothing ran while the lock was held
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "follow-up: ran" not in log.read_text():
        time.sleep(0.2)
    text = log.read_text()
    assert "follow-up: ran: session ended" in text, text
    offsets = json.loads((home.state_dir / "consolidate.json").read_text())["offsets"]
    assert offsets == end_offsets(home)  # the session's end is consolidated


@pytest.mark.parametrize("client,name", [
    ("claude", "claude_hook_notification.json"), ("claude", "claude_hook_permissionrequest.json"),
    ("claude", "claude_hook_subagentstart.json"), ("claude", "claude_hook_postcompact.json"),
    ("claude", "claude_hook_stopfailure.json"), ("codex", "codex_hook_stopfailure.json"),
    ("codex", "codex_hook_precompact.json"), ("codex", "codex_hook_postcompact.json"),
    ("codex", "codex_hook_subagentstart.json"), ("codex", "codex_hook_subagentstop.json"),
    ("codex", "codex_hook_permissionrequest.json"), ("codex", "codex_hook_pretooluse.json"),
])
def test_newer_hook_events_are_recorded_silently(hm, home, client, name):
    r = hm("hook", client, "--home", home.root, input=sample(name))
    assert r.exit_code == 0 and r.stdout == "" and r.stderr == "", r
    (ev,) = ledger(home)
    assert ev["meta"]["hook"] == json.loads(sample(name))["hook_event_name"]
    assert ev["role"] != "user"
    assert hook_log(home) == ""


def test_stop_failure_starts_the_heartbeat(hm, home):
    """A turn that ended on an API error still ends the turn: the heartbeat is kicked as after Stop."""
    assert hm("ingest", "--home", home.root, CLIENT_SAMPLES / "claude_hook_posttoolusefailure.json").exit_code == 0
    assert not (home.log_dir / "heartbeat.log").exists()  # ingest alone kicks nothing
    r = hm("hook", "claude", "--home", home.root, input=sample("claude_hook_stopfailure.json"))
    assert r.exit_code == 0, r
    log = home.log_dir / "heartbeat.log"
    assert log.exists() and "started detached heartbeat" in log.read_text(), "the heartbeat was not kicked"


def test_an_event_recorded_as_nothing_is_logged_once(hm, home):
    for _ in range(2):
        r = hm("hook", "claude", "--home", home.root, input=sample("claude_hook_configchange.json"))
        assert r.exit_code == 0 and r.stdout == "" and r.stderr == "", r
    assert ledger(home) == []
    lines = [ln for ln in hook_log(home).splitlines() if "ConfigChange" in ln]
    assert len(lines) == 1 and "skipped on purpose" in lines[0], hook_log(home)
    r = hm("hook", "codex", "--home", home.root, input=sample("claude_hook_configchange.json"))
    assert len([ln for ln in hook_log(home).splitlines() if "ConfigChange" in ln]) == 2  # once per client


# -- hook install ---------------------------------------------------------------------------

def test_install_prints_the_claude_snippet(cli, home):
    r = cli("--home", home.root, "hook", "install", "claude")
    assert r.exit_code == 0, r
    snippet = json.loads(r.stdout)
    assert set(snippet["hooks"]) == {"SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "Stop", "SessionEnd"}
    (group,) = snippet["hooks"]["PostToolUse"]
    assert group["matcher"] == "*"
    (handler,) = group["hooks"]
    assert handler["type"] == "command" and "hook claude --home" in handler["command"] and str(home.root) in handler["command"]
    assert ".claude/settings.json" in r.stderr


def test_install_write_merges_keeps_backup_and_is_idempotent(cli, home, tmp_path):
    proj = tmp_path / "proj"
    settings = proj / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    existing = {
        "model": "opus",
        "hooks": {
            "PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "prettier --write"}]}],
            "Notification": [{"hooks": [{"type": "command", "command": "notify-send hi"}]}],
        },
    }
    original = json.dumps(existing, indent=4).encode()
    settings.write_bytes(original)
    r = cli("--home", home.root, "hook", "install", "claude", "--project-dir", proj, "--write")
    assert r.exit_code == 0, r
    assert "added holonmem hooks for 6 event(s)" in r.stderr
    merged = json.loads(settings.read_text())
    assert merged["model"] == "opus"
    assert merged["hooks"]["Notification"] == existing["hooks"]["Notification"]
    post = merged["hooks"]["PostToolUse"]
    assert post[0] == existing["hooks"]["PostToolUse"][0] and len(post) == 2
    assert "hook claude" in post[1]["hooks"][0]["command"]
    assert (settings.parent / "settings.json.bak").read_bytes() == original
    after_first = settings.read_bytes()
    r = cli("--home", home.root, "hook", "install", "claude", "--project-dir", proj, "--write")
    assert r.exit_code == 0 and "already installed" in r.stderr
    assert settings.read_bytes() == after_first


def test_install_codex_writes_hooks_json(cli, home, tmp_path):
    proj = tmp_path / "p"
    r = cli("--home", home.root, "hook", "install", "codex", "--project-dir", proj, "--write", "--json")
    assert r.exit_code == 0, r
    info = json.loads(r.stdout)
    path = proj / ".codex" / "hooks.json"
    assert info["path"] == str(path) and info["backup"] is None
    data = json.loads(path.read_text())
    assert set(data["hooks"]) == {"SessionStart", "UserPromptSubmit", "PostToolUse", "Stop"}
    assert "hook codex" in data["hooks"]["Stop"][0]["hooks"][0]["command"]


def test_install_user_settings_default(cli, home, tmp_path):
    r = cli("--home", home.root, "hook", "install", "claude", "--write")
    assert r.exit_code == 0, r
    assert (tmp_path / "user" / ".claude" / "settings.json").exists()  # $HOME is tmp_path/user in tests


def test_install_refuses_broken_settings(cli, home, tmp_path):
    proj = tmp_path / "proj"
    settings = proj / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text("{ not json")
    r = cli("--home", home.root, "hook", "install", "claude", "--project-dir", proj, "--write")
    assert r.exit_code == 1 and "not valid JSON" in r.stderr
    assert settings.read_text() == "{ not json"


def test_install_unknown_client(cli, home):
    r = cli("--home", home.root, "hook", "install", "cursor")
    assert r.exit_code == 2 and "unknown client" in r.stderr


def test_merge_settings_is_pure_and_keeps_foreign_hooks():
    from holonmem.hooks import merge_settings, settings_snippet

    snippet = settings_snippet("claude", "/h")
    existing = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "holonmem hook claude --home /other"}]}]}}
    merged, added = merge_settings(existing, snippet)
    assert added == 5  # Stop already runs a holonmem hook: left alone
    assert merged["hooks"]["Stop"] == existing["hooks"]["Stop"]
    assert existing == {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "holonmem hook claude --home /other"}]}]}}


# -- fuzz: run_hook never raises, stdout stays valid -----------------------------------------

def test_run_hook_survives_random_payloads(home):
    from hypothesis import HealthCheck, given, settings, strategies as st

    from holonmem.hooks import run_hook

    events = st.sampled_from(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure",
                              "Stop", "SubagentStop", "PreCompact", "SessionEnd", "Notification", "Weird"])
    values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30),
                          lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=8), kids, max_size=3),
                          max_leaves=8)
    keys = st.sampled_from(["session_id", "cwd", "prompt", "tool_name", "tool_input", "tool_response", "tool_use_id",
                            "error", "last_assistant_message", "agent_id", "agent_type", "source", "reason", "trigger",
                            "custom_instructions", "transcript_path", "turn_id", "model", "is_interrupt"])

    @settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(event=events, fields=st.dictionaries(keys, values, max_size=8), client=st.sampled_from(["claude", "codex"]))
    def inner(event, fields, client):
        payload = {**fields, "hook_event_name": event}
        out = run_hook(client, json.dumps(payload).encode(), home=str(home.root))
        if out.stdout is not None:
            assert len(json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"]) < 10_000
        assert all(isinstance(p, str) and "Traceback" not in p for p in out.problems)
        # rejections of odd payloads are fine; a crash in ingest, context or heartbeat is not
        assert not any(p.startswith(("ingest failed", "context failed", "heartbeat failed")) for p in out.problems), out.problems

    inner()


def test_a_module_that_fails_to_import_is_said_not_swallowed(tmp_path, home):
    """No silent ImportError guard: with a broken context module (a real copy of the package, one
    file broken) the hook still exits 0 and ingests, and says why there is no context on stderr
    and in hook.log; with HOLONMEM_DEBUG=1 the traceback too."""
    import os
    import shutil
    from pathlib import Path

    import holonmem

    pkg = tmp_path / "pkg"
    shutil.copytree(Path(holonmem.__file__).parent, pkg / "holonmem", ignore=shutil.ignore_patterns("__pycache__"))
    target = pkg / "holonmem" / "context_build.py"
    src = target.read_text(encoding="utf-8")
    target.write_text(src.replace("from __future__ import annotations\n",
                                  "from __future__ import annotations\nraise ImportError('a broken build')\n", 1),
                      encoding="utf-8")
    payload = sample("claude_hook_userpromptsubmit.json")
    for debug in ("", "1"):
        env = {**os.environ, "HOLONMEM_DEBUG": debug, "PYTHONPATH": str(pkg)}
        p = subprocess.run([sys.executable, "-m", "holonmem", "hook", "claude", "--home", str(home.root)], input=payload,
                           capture_output=True, cwd=pkg, env=env, timeout=120)
        err = p.stderr.decode()
        assert p.returncode == 0 and p.stdout == b"", err
        assert "context failed: ImportError: a broken build" in err
        assert ("Traceback (most recent call last)" in err) == bool(debug), err
    assert "context failed: ImportError: a broken build" in hook_log(home)
    assert ledger(home)  # the payload was still ingested
