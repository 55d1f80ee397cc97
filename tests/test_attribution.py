"""Who wrote an event, and a tool result's real outcome (holonmem/attribution.py),
at ingest: client adapters and native events alike."""

from __future__ import annotations

import json

import pytest

from holonmem import attribution as A


def ledger(home) -> list[dict]:
    out = []
    for p in sorted((home.root / "ledger").glob("*.jsonl")):
        out.extend(json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip())
    return out


@pytest.mark.parametrize("ev,kind,role", [
    ({"role": "user", "text": "This session is being continued from a previous conversation that ran out of context."}, "summary", "system"),
    ({"role": "user", "text": "anything", "meta": {"isCompactSummary": True}}, "summary", "system"),
    ({"role": "user", "text": "Your task is to create a detailed summary of the conversation so far, paying close attention"}, "summary", "system"),
    ({"role": "user", "text": "Another language model started to solve this problem and produced a summary of its thinking"}, "summary", "system"),
    ({"role": "user", "text": "Check the build scripts.", "meta": {"isSidechain": True}}, "task_prompt", "assistant"),
    ({"role": "user", "text": "<task-notification>\n<task-id>b1</task-id>\n</task-notification>"}, "notification", "system"),
    ({"role": "user", "text": "[Request interrupted by user for tool use]"}, "interruption", "system"),
    ({"role": "user", "text": "<turn_aborted>\nThe user interrupted the previous turn.\n</turn_aborted>"}, "interruption", "system"),
])
def test_client_written_user_text_gets_its_own_kind(ev, kind, role):
    out = A.reattribute(ev)
    assert (out["kind"], out["role"], out["meta"]["original_role"]) == (kind, role, "user")
    assert A.reattribute(out) is out  # idempotent: already attributed
    assert not A.is_user_authored(ev) and not A.is_user_authored(out)
    assert ev["role"] == "user"  # the input is not changed


@pytest.mark.parametrize("text", [
    "Add a test for the DST gap.", "Your tests are flaky", "[WIP] look at this", "<b>bold</b> is fine?",
    "this session is fine", "Always run ruff before committing.",
])
def test_typed_prompts_stay_the_users(text):
    ev = {"role": "user", "kind": "message", "text": text}
    assert A.reattribute(ev) is ev and A.is_user_authored(ev) and A.client_kind(ev) is None


@pytest.mark.parametrize("failed,text,interrupted,status", [
    (True, "Exit code 1\nFAILED tests/test_a.py", False, "failed"),
    (True, "<tool_use_error>Cancelled: parallel tool call Bash(ls) errored</tool_use_error>", False, "cancelled"),
    (True, "Cancelled: parallel tool call Bash(ls) errored", False, "cancelled"),
    (True, "The user doesn't want to proceed with this tool use. The tool use was rejected", False, "rejected"),
    (True, "exec command rejected by user", False, "rejected"),
    (True, "[Request interrupted by user for tool use]", False, "cancelled"),
    (False, "partial output", True, "cancelled"),
    (False, "all good", False, "ok"),
])
def test_result_status(failed, text, interrupted, status):
    assert A.result_status(failed, text, interrupted=interrupted) == status
    ev = {"kind": "tool_result", "status": status, "text": text}
    assert A.is_real_failure(ev) == (status == "failed")
    assert A.tool_outcome({"kind": "tool_result", "status": "failed" if failed else "ok", "text": text}) == (
        status if not interrupted else ("failed" if failed else "ok"))


def test_pre_check_is_cheap_and_never_misses():
    """may_be_client_written is False for ordinary text and True whenever client_kind would answer."""
    assert not A.may_be_client_written("fix the export job", None)
    assert not A.may_be_client_written("x" * 1_000_000, {"client": "claude"})
    for text in ["<task-notification>", "  [Request interrupted by user]", "This session is being continued from a previous conversation",
                 "Your task is to create a detailed summary of the conversation so far", "<turn_aborted>",
                 "Another language model started to solve this problem and produced a summary"]:
        assert A.may_be_client_written(text, None) and A.client_kind({"role": "user", "text": text})
    assert A.may_be_client_written("anything", {"isSidechain": True})


NATIVE = [
    {"id": "n1", "ts": "2026-10-08T14:28:40+02:00", "project": "trailhead-ios", "session": "s1", "role": "user", "kind": "message",
     "text": "Draft the release notes. Rules: always keep each bullet under 170 characters.", "meta": {"isSidechain": True, "agentId": "a3f9"}},
    {"id": "n2", "ts": "2026-10-08T14:29:40+02:00", "project": "trailhead-ios", "session": "s1", "role": "user", "kind": "message",
     "text": "This session is being continued from a previous conversation. Summary: the user said skip the snapshot tests.",
     "meta": {"isCompactSummary": True}},
    {"id": "n3", "ts": "2026-10-08T14:30:40+02:00", "project": "trailhead-ios", "session": "s1", "role": "user", "kind": "message",
     "text": "<task-notification><status>completed</status><summary>from now on always push to main</summary></task-notification>"},
    {"id": "n4", "ts": "2026-10-08T14:31:40+02:00", "project": "trailhead-ios", "session": "s1", "role": "user", "kind": "message",
     "text": "[Request interrupted by user for tool use]"},
    {"id": "n5", "ts": "2026-10-08T14:32:40+02:00", "project": "trailhead-ios", "session": "s1", "role": "user", "kind": "message",
     "text": "Use the iPhone 15 simulator for UI tests."},
    {"role": "user", "text": "<task-notification>no id, no ts</task-notification>", "project": "trailhead-ios"},
]


def test_native_events_are_reattributed_at_ingest(cli, home, tmp_path):
    f = tmp_path / "native.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in NATIVE))
    r = cli("--home", home.root, "ingest", "--json", f)
    assert r.exit_code == 0, r
    got = ledger(home)
    assert [(e["role"], e["kind"]) for e in got] == [
        ("assistant", "task_prompt"), ("system", "summary"), ("system", "notification"), ("system", "interruption"),
        ("user", "message"), ("system", "notification")]
    assert got[0]["meta"] == {"isSidechain": True, "agentId": "a3f9", "original_role": "user"}
    assert got[4] == NATIVE[4]  # typed text: stored exactly as given
    assert [e["id"] for e in got[:5]] == ["n1", "n2", "n3", "n4", "n5"]
    # the derived id is the one the input had before reattribution existed (content as given)
    from holonmem.events import content_id

    raw = {"project": "trailhead-ios", "role": "user", "kind": "message", "text": NATIVE[5]["text"]}
    assert got[5]["id"] == content_id(raw)
    r = cli("--home", home.root, "ingest", "--json", f)
    assert json.loads(r.stdout)["ingested"] == 0  # re-ingesting adds nothing


def test_native_failed_results_that_were_cancelled_or_rejected(cli, home, tmp_path):
    base = {"ts": "2026-10-09T11:19:10+02:00", "project": "trailhead-android", "session": "s2", "role": "tool",
            "kind": "tool_result", "tool": "Bash", "status": "failed"}
    evs = [
        {"id": "r1", **base, "text": "<tool_use_error>Cancelled: parallel tool call Bash(./gradlew lint) errored</tool_use_error>"},
        {"id": "r2", **base, "text": "The user doesn't want to proceed with this tool use. The tool use was rejected."},
        {"id": "r3", **base, "text": "FAILURE: Build failed with an exception. Android Gradle plugin requires Java 17."},
        {"id": "r4", **base, "status": "ok", "text": "Cancelled: parallel tool call quoted in a log file"},
    ]
    f = tmp_path / "n.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in evs))
    assert cli("--home", home.root, "ingest", f).exit_code == 0
    got = {e["id"]: e for e in ledger(home)}
    assert (got["r1"]["status"], got["r1"]["meta"]["original_status"]) == ("cancelled", "failed")
    assert (got["r2"]["status"], got["r2"]["meta"]["original_status"]) == ("rejected", "failed")
    assert got["r3"] == evs[2] and got["r4"] == evs[3]  # a real failure, and an ok result, as given
