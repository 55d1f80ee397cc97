"""Client formats: Claude Code / Codex hooks and transcripts, OpenAI messages.

Every sample in tests/fixtures/clients/ ingests into the events its README
describes (roles, kinds, statuses, session, project, text); hook replies and
unrecognisable payloads are rejected with a clear reason.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from conftest import CLIENT_SAMPLES

CC_SESSION = "7c1e9a42-5b3d-4f08-9e21-c4d7a86b13f0"
CX_SESSION = "019cb2d4-6e1f-7a30-b8c5-2f94e07d1a6b"
PROMPT = "The PDF export test is failing on CI. Can you find out why and fix it?"


def ledger(home) -> list[dict]:
    out = []
    for p in sorted((home.root / "ledger").glob("*.jsonl")):
        out.extend(json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip())
    return out


def ingest(cli, home, *files, extra=()):
    r = cli("--home", home.root, "ingest", "--json", *extra, *files)
    data = json.loads(r.stdout) if r.stdout.strip() else None
    return r, data


def shape(ev: dict) -> tuple:
    return (ev["role"], ev["kind"], ev.get("tool"), ev.get("status"))


# -- Claude Code hooks -----------------------------------------------------------

CLAUDE_HOOKS = {
    "claude_hook_sessionstart.json": [("system", "session_start", None, None, "session started (startup)")],
    "claude_hook_userpromptsubmit.json": [("user", "message", None, None, PROMPT)],
    "claude_hook_pretooluse.json": [("assistant", "tool_call", "Bash", None, "python -m pytest tests/test_pdf_export.py -q")],
    "claude_hook_posttooluse.json": [("tool", "tool_result", "Bash", "ok", "AssertionError: assert '1,204.50' == '1204.50'")],
    "claude_hook_posttooluse_edit.json": [("tool", "tool_result", "Edit", "ok", "updated /home/dana/src/invoicer/invoicer/pdf.py")],
    "claude_hook_posttoolusefailure.json": [("tool", "tool_result", "Read", "failed", "File does not exist.")],
    "claude_hook_stop.json": [("assistant", "message", None, None, "both PDF export tests pass now.")],
    "claude_hook_subagentstop.json": [("system", "subagent_stop", None, None, "subagent general-purpose a3f9c2e7b1d04a56 finished")],
    "claude_hook_precompact.json": [("system", "compact", None, None, "context compaction (auto)")],
    "claude_hook_sessionend.json": [("system", "session_end", None, None, "session ended (prompt_input_exit)")],
    # the hook events Claude Code added since: each says what it records
    "claude_hook_notification.json": [("system", "notification", None, None, "notification: Claude needs your permission to use Bash")],
    "claude_hook_permissionrequest.json": [("system", "permission_request", "Bash", None, "permission asked: git push origin fix/pdf-totals")],
    "claude_hook_subagentstart.json": [("system", "subagent_start", None, None, "subagent general-purpose a3f9c2e7b1d04a56 started")],
    "claude_hook_postcompact.json": [("system", "summary", None, None, "Summary: the PDF totals used a thousands separator")],
    "claude_hook_stopfailure.json": [("system", "stop_failure", None, None, "turn ended by an API error (rate_limit): 429 rate_limit_error")],
    "claude_hook_configchange.json": [],  # recorded as nothing on purpose (hook mode logs it once)
}


@pytest.mark.parametrize("name", sorted(CLAUDE_HOOKS))
def test_claude_hook_samples(cli, home, name):
    r, data = ingest(cli, home, CLIENT_SAMPLES / name)
    assert r.exit_code == 0, r
    assert data["formats"] == {str(CLIENT_SAMPLES / name): "claude_hook"}
    events = ledger(home)
    assert [shape(e) + (e["text"],) for e in events] == [
        (role, kind, tool, status, events[i]["text"]) for i, (role, kind, tool, status, _) in enumerate(CLAUDE_HOOKS[name])
    ]
    for ev, exp in zip(events, CLAUDE_HOOKS[name]):
        assert exp[4] in ev["text"]
        assert ev["session"] == CC_SESSION
        assert ev["project"] == "invoicer"
        assert ev["meta"]["client"] == "claude"
    for ev in events:  # a hook event never puts client-written text in the user role
        assert ev["role"] != "user" or ev["kind"] == "message" and "original_role" not in ev["meta"]
    # re-ingesting the same payload adds nothing
    r, data = ingest(cli, home, CLIENT_SAMPLES / name)
    assert r.exit_code == 0 and data["ingested"] == 0 and data["duplicates"] == len(events)


def test_claude_prompt_private_span_is_never_stored(cli, home):
    ingest(cli, home, CLIENT_SAMPLES / "claude_hook_userpromptsubmit.json")
    (ev,) = ledger(home)
    assert ev["text"] == PROMPT
    raw = b"".join(p.read_bytes() for p in (home.root / "ledger").glob("*.jsonl"))
    assert b"staging token" not in raw and b"private" not in raw


def test_claude_tool_events_keep_input_for_current_work(cli, home):
    ingest(cli, home, CLIENT_SAMPLES / "claude_hook_posttooluse.json", CLIENT_SAMPLES / "claude_hook_posttooluse_edit.json",
           CLIENT_SAMPLES / "claude_hook_posttoolusefailure.json")
    by_tool = {e["tool"]: e for e in ledger(home)}
    assert by_tool["Bash"]["meta"]["input"]["command"] == "python -m pytest tests/test_pdf_export.py -q"
    assert by_tool["Edit"]["meta"]["input"]["file_path"] == "/home/dana/src/invoicer/invoicer/pdf.py"
    assert by_tool["Edit"]["refs"] == ["/home/dana/src/invoicer/invoicer/pdf.py"]
    assert by_tool["Read"]["meta"]["input"]["file_path"].endswith("pdf_export.py")


def test_todowrite_posttooluse_keeps_todos(cli, home, tmp_path):
    payload = json.loads((CLIENT_SAMPLES / "claude_hook_posttooluse.json").read_text())
    todos = [{"content": "Fix totals format", "status": "in_progress", "activeForm": "Fixing"},
             {"content": "Run PDF tests", "status": "pending", "activeForm": "Running"}]
    payload.update(tool_name="TodoWrite", tool_input={"todos": todos}, tool_use_id="toolu_todo1",
                   tool_response={"oldTodos": [], "newTodos": todos})
    f = tmp_path / "todo.json"
    f.write_text(json.dumps(payload))
    r, _ = ingest(cli, home, f)
    assert r.exit_code == 0, r
    (ev,) = ledger(home)
    assert ev["tool"] == "TodoWrite" and ev["status"] == "ok"
    assert ev["meta"]["input"]["todos"] == todos


def test_edit_response_text_is_the_change_not_the_file(cli, home, tmp_path):
    payload = json.loads((CLIENT_SAMPLES / "claude_hook_posttooluse_edit.json").read_text())
    payload["tool_response"] = {"filePath": "/src/pdf.py", "oldString": "a", "newString": "b", "originalFile": "x" * 50_000,
                                "structuredPatch": [{"oldStart": 41, "lines": ['-    return f"{total:,.2f}"', '+    return f"{total:.2f}"']}]}
    f = tmp_path / "edit.json"
    f.write_text(json.dumps(payload))
    ingest(cli, home, f)
    (ev,) = ledger(home)
    assert ev["text"] == 'updated /src/pdf.py\n-    return f"{total:,.2f}"\n+    return f"{total:.2f}"'


@pytest.mark.parametrize("response,status", [
    ({"stdout": "", "stderr": "killed", "interrupted": True}, "cancelled"),  # the user interrupted it: no failure
    ({"error": "The user doesn't want to proceed with this tool use. The tool use was rejected"}, "rejected"),
    ({"error": "Cancelled: parallel tool call Bash(make) errored"}, "cancelled"),
    ({"error": "boom"}, "failed"),
    ({"is_error": True, "content": "nope"}, "failed"),
    ({"success": False}, "failed"),
    ({"stdout": "fine", "stderr": "", "interrupted": False}, "ok"),
    ("plain text result", "ok"),
])
def test_claude_posttooluse_status_from_response(cli, home, tmp_path, response, status):
    assert status_of(cli, home, tmp_path, "claude_hook_posttooluse.json", response) == status


def status_of(cli, home, tmp_path, sample: str, response) -> str:
    """The stored status of a PostToolUse sample with ``tool_response`` replaced."""
    payload = json.loads((CLIENT_SAMPLES / sample).read_text())
    payload["tool_response"] = response
    f = tmp_path / "p.json"
    f.write_text(json.dumps(payload))
    ingest(cli, home, f)
    (ev,) = ledger(home)
    return ev["status"]


def test_project_and_session_flags_override_payload(cli, home):
    r, _ = ingest(cli, home, CLIENT_SAMPLES / "claude_hook_stop.json", extra=("--project", "books", "--session", "s1"))
    assert r.exit_code == 0, r
    (ev,) = ledger(home)
    assert (ev["project"], ev["session"]) == ("books", "s1")


def test_project_from_git_repository_of_cwd(cli, home, tmp_path):
    from holonmem.formats.clean import project_from_cwd

    repo = tmp_path / "work" / "my-repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "src" / "deep").mkdir(parents=True)
    assert project_from_cwd(str(repo / "src" / "deep")) == "my-repo"
    assert project_from_cwd(str(tmp_path / "work")) == "work"
    assert project_from_cwd("/no/such/place/invoicer") == "invoicer"
    assert project_from_cwd(None) is None
    payload = json.loads((CLIENT_SAMPLES / "claude_hook_stop.json").read_text())
    payload["cwd"] = str(repo / "src" / "deep")
    f = tmp_path / "stop.json"
    f.write_text(json.dumps(payload))
    ingest(cli, home, f)
    assert ledger(home)[0]["project"] == "my-repo"


@pytest.mark.parametrize("name", sorted(p.name for p in CLIENT_SAMPLES.glob("*_hook_output_*.json")))
def test_hook_replies_are_rejected(cli, home, name):
    r = cli("--home", home.root, "ingest", CLIENT_SAMPLES / name)
    assert r.exit_code == 65, r
    assert "hook reply" in r.stderr
    assert ledger(home) == []


@pytest.mark.parametrize("obj,reason", [
    ({"hook_event_name": "Bogus", "session_id": "s", "cwd": "/x/y"}, "unsupported claude hook event 'Bogus'"),
    ({"hook_event_name": "", "session_id": "s"}, "no hook_event_name"),
])
def test_unrecognisable_hook_payloads_are_rejected(cli, home, tmp_path, obj, reason):
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(obj))
    r = cli("--home", home.root, "ingest", "--format", "claude_hook", f)
    assert r.exit_code == 65, r
    assert reason in r.stderr
    assert ledger(home) == []


def test_garbage_json_object_is_rejected(cli, home):
    r = cli("--home", home.root, "ingest", input='{"foo": 1}\n')
    assert r.exit_code == 65 and "line 1" in r.stderr


# -- Codex hooks -------------------------------------------------------------------

CODEX_HOOKS = {
    "codex_hook_sessionstart.json": ("system", "session_start", None, None, "session started (startup)"),
    "codex_hook_userpromptsubmit.json": ("user", "message", None, None, "Why does tests/test_pdf_export.py fail? Fix it."),
    "codex_hook_posttooluse.json": ("tool", "tool_result", "Bash", "ok", "1 failed, 1 passed in 0.91s"),
    "codex_hook_stop.json": ("assistant", "message", None, None, "I changed the format string in invoicer/pdf.py"),
    # every hook event current Codex sends (codex-rs/hooks/schema/generated/*.command.input.schema.json)
    "codex_hook_pretooluse.json": ("assistant", "tool_call", "Bash", None, "uv run pytest -q"),
    "codex_hook_posttooluse_exec.json": ("tool", "tool_result", "Bash", "failed", "FAILED tests/test_pdf_export.py::test_totals"),
    "codex_hook_permissionrequest.json": ("system", "permission_request", "Bash", None, "permission asked: git push origin main"),
    "codex_hook_subagentstart.json": ("system", "subagent_start", None, None, "subagent explorer 019cb2d6-1b2c-7d3e-8f40-6a5b4c3d2e1f started"),
    "codex_hook_subagentstop.json": ("assistant", "message", None, None, "invoicer/pdf.py:88 formats totals"),
    "codex_hook_precompact.json": ("system", "compact", None, None, "context compaction (manual)"),
    "codex_hook_postcompact.json": ("system", "compact", None, None, "context compacted (manual)"),
    "codex_hook_stopfailure.json": ("system", "stop_failure", None, None, "turn ended by an API error (overloaded)"),
}


@pytest.mark.parametrize("name", sorted(CODEX_HOOKS))
def test_codex_hook_samples(cli, home, name):
    r, data = ingest(cli, home, CLIENT_SAMPLES / name)
    assert r.exit_code == 0, r
    assert list(data["formats"].values()) == ["codex_hook"]
    (ev,) = ledger(home)
    role, kind, tool, status, text = CODEX_HOOKS[name]
    assert shape(ev) == (role, kind, tool, status)
    assert text in ev["text"]
    assert (ev["session"], ev["project"], ev["meta"]["client"]) == (CX_SESSION, "invoicer", "codex")
    assert ev["meta"]["model"] == "gpt-5.2-codex"
    if name != "codex_hook_sessionstart.json":
        assert ev["meta"]["turn_id"] == "019cb2d5-0a44-7c12-9d3e-51b8f6c2e7a9"


def test_codex_hook_exec_header_goes_to_meta(cli, home):
    ingest(cli, home, CLIENT_SAMPLES / "codex_hook_posttooluse_exec.json")
    (ev,) = ledger(home)
    assert ev["text"] == "FAILED tests/test_pdf_export.py::test_totals - AssertionError\n1 failed, 1 passed in 0.91s"
    assert (ev["meta"]["exit_code"], ev["meta"]["wall_time"], ev["meta"]["chunk_id"]) == (1, 3.881, "5e1b07")
    assert "Chunk ID" not in json.dumps(ev["text"]) and "Wall time" not in ev["text"]


@pytest.mark.parametrize("response,status", [
    ("exec command rejected by user", "rejected"),
    ("Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code 0\nOriginal token count: 2\nOutput:\nok\n", "ok"),
    ("Process exited with code 2\nOutput:\nno such file", "failed"),
])
def test_codex_hook_statuses(cli, home, tmp_path, response, status):
    assert status_of(cli, home, tmp_path, "codex_hook_posttooluse.json", response) == status


def test_codex_desktop_prompt_in_a_hook_keeps_the_request(cli, home, tmp_path):
    payload = json.loads((CLIENT_SAMPLES / "codex_hook_userpromptsubmit.json").read_text())
    payload["prompt"] = ("# Files mentioned by the user:\n\n## pdf.py: /home/dana/src/invoicer/invoicer/pdf.py\n\n"
                         "## My request for Codex:\nWhy does tests/test_pdf_export.py fail? Fix it.")
    f = tmp_path / "p.json"
    f.write_text(json.dumps(payload))
    ingest(cli, home, f)
    (ev,) = ledger(home)
    assert (ev["role"], ev["text"]) == ("user", "Why does tests/test_pdf_export.py fail? Fix it.")
    assert ev["meta"]["files"] == ["/home/dana/src/invoicer/invoicer/pdf.py"] and ev["meta"]["wrapper"] == "files"


# -- Claude Code transcript ---------------------------------------------------------

def test_claude_transcript(cli, home):
    path = CLIENT_SAMPLES / "claude_transcript.jsonl"
    r, data = ingest(cli, home, path)
    assert r.exit_code == 0, r
    assert data["formats"] == {str(path): "claude_transcript"}
    events = ledger(home)
    assert [shape(e) for e in events] == [
        ("user", "message", None, None),
        ("assistant", "message", None, None),
        ("assistant", "tool_call", "Bash", None),
        ("tool", "tool_result", "Bash", "ok"),
        ("assistant", "tool_call", "Read", None),
        ("tool", "tool_result", "Read", "failed"),
        ("assistant", "message", None, None),
        ("assistant", "tool_call", "Edit", None),
        ("tool", "tool_result", "Edit", "ok"),
        ("assistant", "message", None, None),
    ]
    assert {e["session"] for e in events} == {CC_SESSION}
    assert {e["project"] for e in events} == {"invoicer"}
    assert events[0]["text"] == PROMPT and events[0]["ts"] == "2026-08-19T14:02:10.118Z"
    assert events[1]["text"] == "I'll run the PDF export tests to see the failure."
    assert events[2]["meta"]["input"]["command"] == "python -m pytest tests/test_pdf_export.py -q"
    assert events[5]["text"] == "File does not exist."  # <tool_use_error> tags dropped
    assert events[8]["meta"]["input"]["file_path"] == "/home/dana/src/invoicer/invoicer/pdf.py"
    assert events[8]["text"].startswith("The file /home/dana/src/invoicer/invoicer/pdf.py has been updated")
    assert events[9]["text"].startswith("Fixed: `render_totals()`")
    texts = " ".join(e["text"] for e in events)
    assert "Run the failing test first" not in texts  # thinking is skipped
    assert "system-reminder" not in texts and "totals format decided" not in texts  # isMeta line skipped
    assert "turn_duration" not in json.dumps(events) and "Fix PDF export totals" not in texts  # system, summary


def test_transcript_reingest_reads_only_new_lines(cli, home, tmp_path):
    src = tmp_path / "session.jsonl"
    lines = (CLIENT_SAMPLES / "claude_transcript.jsonl").read_text().splitlines(keepends=True)
    src.write_text("".join(lines[:6]))
    r, d1 = ingest(cli, home, src)
    assert r.exit_code == 0 and d1["ingested"] == 4
    state = json.loads((home.state_dir / "sources.json").read_text())[str(src)]
    assert state["offset"] == src.stat().st_size and state["lines"] == 6
    r, d2 = ingest(cli, home, src)
    assert (d2["ingested"], d2["duplicates"]) == (0, 0)  # nothing re-read at all
    with open(src, "a") as fh:
        fh.write("".join(lines[6:]))
    r, d3 = ingest(cli, home, src)
    assert r.exit_code == 0 and (d3["ingested"], d3["duplicates"]) == (6, 0)
    assert ledger(home)[5]["tool"] == "Read"  # the tool name came from the call remembered across reads
    # a file rewritten from scratch (different first line) is read from the start; ids keep it idempotent
    src.unlink()
    src.write_text("".join(lines[1:]))
    r, d4 = ingest(cli, home, src)
    assert (d4["ingested"], d4["duplicates"]) == (0, 10)


def test_transcript_partial_last_line_is_read_again_later(cli, home, tmp_path):
    src = tmp_path / "s.jsonl"
    lines = (CLIENT_SAMPLES / "claude_transcript.jsonl").read_text().splitlines(keepends=True)
    src.write_text("".join(lines[:2]) + lines[2][:50])
    r, d = ingest(cli, home, src)
    assert r.exit_code == 0 and d["ingested"] == 1  # the torn line (still being written) waits
    with open(src, "a") as fh:
        fh.write(lines[2][50:] + lines[3])
    r, d = ingest(cli, home, src)
    assert r.exit_code == 0 and d["ingested"] == 1


def test_hook_and_transcript_store_tool_events_once(cli, home):
    ingest(cli, home, CLIENT_SAMPLES / "claude_hook_userpromptsubmit.json", CLIENT_SAMPLES / "claude_hook_posttooluse.json")
    r, d = ingest(cli, home, CLIENT_SAMPLES / "claude_transcript.jsonl")
    assert d["duplicates"] == 2 and d["ingested"] == 8
    assert len(ledger(home)) == 10


# -- Codex rollout -----------------------------------------------------------------

def test_codex_rollout(cli, home):
    path = CLIENT_SAMPLES / "codex_rollout.jsonl"
    r, data = ingest(cli, home, path)
    assert r.exit_code == 0, r
    assert data["formats"] == {str(path): "codex_rollout"}
    events = ledger(home)
    assert [shape(e) for e in events] == [
        ("user", "message", None, None),
        ("assistant", "tool_call", "exec_command", None),
        ("tool", "tool_result", "exec_command", "failed"),
        ("assistant", "tool_call", "apply_patch", None),
        ("tool", "tool_result", "apply_patch", "ok"),
        ("assistant", "message", None, None),
    ]
    assert {e["session"] for e in events} == {CX_SESSION}
    assert {e["project"] for e in events} == {"invoicer"}
    assert events[0]["text"] == "Why does tests/test_pdf_export.py fail? Fix it."
    assert events[1]["meta"]["input"] == {"cmd": "python -m pytest tests/test_pdf_export.py -q", "workdir": "/home/dana/src/invoicer"}
    assert "1 failed, 1 passed" in events[2]["text"]
    assert events[3]["refs"] == ["invoicer/pdf.py"] and "*** Update File" in events[3]["meta"]["input"]["patch"]
    assert events[5]["text"].startswith("The totals row used a thousands separator")
    texts = " ".join(e["text"] for e in events)
    assert "environment_context" not in texts and "gAAAA" not in json.dumps(events)
    r, again = ingest(cli, home, path)
    assert (again["ingested"], again["duplicates"]) == (0, 0)


def test_codex_rollout_update_plan_keeps_plan(cli, home, tmp_path):
    plan = [{"step": "Reproduce the failure", "status": "completed"}, {"step": "Fix the format", "status": "in_progress"}]
    lines = [
        {"timestamp": "2026-08-19T15:10:04.512Z", "type": "session_meta", "payload": {"id": "sess-x", "cwd": "/home/dana/src/invoicer"}},
        {"timestamp": "2026-08-19T15:10:05.000Z", "type": "response_item",
         "payload": {"type": "function_call", "name": "update_plan", "call_id": "call_plan1",
                     "arguments": json.dumps({"explanation": "fix totals", "plan": plan})}},
        {"timestamp": "2026-08-19T15:10:05.100Z", "type": "response_item",
         "payload": {"type": "function_call_output", "call_id": "call_plan1", "output": "Plan updated"}},
    ]
    f = tmp_path / "rollout-x.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines))
    r, _ = ingest(cli, home, f)
    assert r.exit_code == 0, r
    call, result = ledger(home)
    assert call["tool"] == "update_plan" and call["meta"]["input"]["plan"] == plan
    assert result["meta"]["input"]["plan"] == plan and result["status"] == "ok"
    assert "[in_progress] Fix the format" in call["text"]


def test_codex_hook_and_rollout_store_tool_results_once(cli, home):
    ingest(cli, home, CLIENT_SAMPLES / "codex_hook_posttooluse.json")
    r, d = ingest(cli, home, CLIENT_SAMPLES / "codex_rollout.jsonl")
    assert d["duplicates"] == 1


# -- OpenAI messages ----------------------------------------------------------------

OPENAI_SHAPES = [
    ("system", "message", None, None),
    ("user", "message", None, None),
    ("assistant", "tool_call", "run_shell", None),
    ("tool", "tool_result", "run_shell", "ok"),
    ("assistant", "message", None, None),
    ("user", "message", None, None),
    ("assistant", "message", None, None),
]


def test_openai_body_and_bare_array(cli, home):
    r, d = ingest(cli, home, CLIENT_SAMPLES / "openai_messages.json")
    assert r.exit_code == 0, r
    assert list(d["formats"].values()) == ["openai"]
    events = ledger(home)
    assert [shape(e) for e in events] == OPENAI_SHAPES
    assert len({e["session"] for e in events}) == 1 and events[0]["session"].startswith("conv-")
    assert events[2]["meta"]["input"] == {"command": "python -m pytest tests/test_pdf_export.py -q"}
    assert events[3]["meta"]["input"] == {"command": "python -m pytest tests/test_pdf_export.py -q"}
    assert events[5]["text"] == "Fix it, and remember we never use thousands separators in PDFs."
    # the bare array is the same conversation: nothing new
    r, d = ingest(cli, home, CLIENT_SAMPLES / "openai_messages_bare.json")
    assert r.exit_code == 0 and list(d["formats"].values()) == ["openai"]
    assert (d["ingested"], d["duplicates"]) == (0, 7)


def test_openai_jsonl_and_grown_conversation(cli, home, tmp_path):
    msgs = json.loads((CLIENT_SAMPLES / "openai_messages_bare.json").read_text())
    f = tmp_path / "m.jsonl"
    f.write_text("".join(json.dumps(m) + "\n" for m in msgs[:4]))
    r, d = ingest(cli, home, f, extra=("--project", "invoicer"))
    assert r.exit_code == 0 and d["ingested"] == 4
    f.write_text("".join(json.dumps(m) + "\n" for m in msgs))
    r, d = ingest(cli, home, f, extra=("--project", "invoicer"))
    assert (d["ingested"], d["duplicates"]) == (3, 4)
    assert [shape(e) for e in ledger(home)] == OPENAI_SHAPES
    assert {e["project"] for e in ledger(home)} == {"invoicer"}


# -- cleaning ----------------------------------------------------------------------

def test_clean_text_strips_private_reminders_and_own_context():
    from holonmem.formats.clean import clean_text

    assert clean_text("a <private>secret</private> b") == "a  b"
    assert clean_text("x <PRIVATE>open-ended secret") == "x"
    assert clean_text("<system-reminder>injected</system-reminder>\nreal question") == "real question"
    fenced = "before\n<holonmem-context project=\"invoicer\">\n## Memory\n- rule\n</holonmem-context>\nafter"
    assert clean_text(fenced) == "before\n\nafter"
    assert clean_text("nothing to strip") == "nothing to strip"


def test_system_prompt_with_holonmem_context_is_not_reingested(cli, home, tmp_path):
    msgs = [{"role": "system", "content": "<holonmem-context>\n# holonmem context\n- old memory\n</holonmem-context>"},
            {"role": "user", "content": "hello <system-reminder>x</system-reminder>there"}]
    f = tmp_path / "m.json"
    f.write_text(json.dumps(msgs))
    r, d = ingest(cli, home, f)
    assert r.exit_code == 0 and d["ingested"] == 1
    (ev,) = ledger(home)
    assert ev["text"] == "hello there"


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
def test_repo_root_found_from_nested_cwd_with_real_git(tmp_path):
    from holonmem.formats.clean import project_from_cwd

    repo = tmp_path / "invoicer-main"
    (repo / "pkg").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    assert project_from_cwd(str(repo / "pkg")) == "invoicer-main"


def test_tests_cannot_read_beside_the_checkout(tmp_path):
    """The guard in conftest: a file next to the repository (../shared) is out of reach."""
    from conftest import ROOT

    with pytest.raises(OSError, match="outside the repository"):
        open(ROOT.parent / "shared" / "samples" / "clients" / "claude_transcript.jsonl", "rb")
    (tmp_path / "ok.txt").write_text("fine")  # tmp_path and the repository itself stay readable
    assert (ROOT / "pyproject.toml").read_bytes()


# -- Claude Code as it really writes its files (tests/fixtures/clients/claude_code) --------

CC21 = "5f0c2a8e-91d3-4b6a-a7e2-3c18d94b0f57"
CC20 = "c3a81f4d-6e2b-4d90-b7f1-2a5e8c0d9b36"
TYPED_CC21 = [
    "The nightly export job crashes when the clocks change. Find out why and fix it; run `make check` before you tell me it's done.",
    "This is what the server printed last night:\n[image: image/png, 6 KB]",
    "Not in the scheduler. Zone names get cleaned in one place, tidewater/tz.py; from now on put timezone fixes there.",
    "Thanks. Open a PR for it, I'll review it this afternoon.",
]


def cc21_files():
    from conftest import CLAUDE_CODE

    main = CLAUDE_CODE / f"{CC21}.jsonl"
    subs = sorted((CLAUDE_CODE / CC21 / "subagents").glob("agent-*.jsonl"))
    assert [p.name for p in subs] == ["agent-a7c41e9.jsonl", "agent-acompact-3b9d02.jsonl"]
    return [main, *subs]


def test_claude_code_session_with_compaction_and_subagents(cli, home):
    r, d = ingest(cli, home, *cc21_files())
    assert r.exit_code == 0, r
    assert set(d["formats"].values()) == {"claude_transcript"}
    events = ledger(home)
    # only what the person typed is in the user role
    assert [e["text"] for e in events if e["role"] == "user"] == TYPED_CC21
    by_kind: dict = {}
    for e in events:
        by_kind.setdefault(e["kind"], []).append(e)
    (summary_line,) = [e for e in by_kind["summary"] if e["meta"].get("isCompactSummary")]
    assert summary_line["role"] == "system" and summary_line["meta"]["original_role"] == "user"
    assert summary_line["text"].startswith("This session is being continued")
    prompt, written = [e for e in by_kind["summary"] if e["meta"].get("agent_id") == "acompact-3b9d02"]
    assert (prompt["role"], prompt["meta"]["original_role"]) == ("system", "user")  # the compaction prompt
    assert (written["role"], written["meta"]["compaction"]) == ("assistant", True)  # the summary it wrote
    (task,) = by_kind["task_prompt"]
    assert task["role"] == "assistant" and task["meta"]["agent_id"] == "a7c41e9" and task["meta"]["isSidechain"]
    assert task["text"].startswith("List every place in tidewater")
    (note,) = by_kind["notification"]
    assert note["role"] == "system" and "push straight to main" in note["text"]
    (stop,) = by_kind["interruption"]
    assert stop["text"] == "[Request interrupted by user for tool use]"
    (compact,) = by_kind["compact"]
    assert compact["text"] == "context compacted (manual, 48,210 tokens before)" and compact["meta"]["trigger"] == "manual"
    # tool outcomes: one real failure; the sibling cancelled by it and the rejected edit are not failures
    results = {e["meta"]["tool_use_id"]: e for e in by_kind["tool_result"]}
    assert results["toolu_01BashPyt3"]["status"] == "failed"
    assert results["toolu_01BashLsF4"]["status"] == "cancelled"
    assert results["toolu_01EditSc5R"]["status"] == "rejected"
    assert results["toolu_01ReadPng9"]["text"] == "[image: image/png, 4 KB]"  # an image-only result leaves a trace
    assert results["toolu_01TaskExp6"]["meta"]["subagent_id"] == "a7c41e9"
    assert [e for e in events if e.get("status") == "failed"] == [results["toolu_01BashPyt3"]]
    # who, where, with what
    first = events[0]
    assert first["meta"]["client_version"] == "2.1.41" and first["meta"]["git_branch"] == "main"
    assert first["meta"]["cwd"] == "/home/mara/src/tidewater" and first["project"] == "tidewater"
    models = {e["meta"].get("model") for e in events if e["role"] == "assistant" and e["kind"] == "message"}
    assert models == {"claude-opus-4-6", "claude-haiku-4-5-20251001"}
    assert {e["session"] for e in events} == {CC21}
    texts = json.dumps(events)
    assert "Probably a naive datetime" not in texts and "Caveat: The messages below" not in texts
    assert "iVBORw0KGgo" not in texts  # image bytes are never stored
    # what was left out is counted per file, for the next read too
    state = json.loads((home.state_dir / "sources.json").read_text())
    skipped = state[str(cc21_files()[0])]["skipped"]
    assert skipped == {"file-history-snapshot line": 1, "progress line": 1, "thinking block": 1, "system line (turn_duration)": 1,
                       "isMeta user line (client-injected context)": 1, "slash-command wrapper": 2, "summary line": 1}
    r, again = ingest(cli, home, *cc21_files())
    assert (again["ingested"], again["duplicates"]) == (0, 0)


def test_claude_code_skips_are_said_with_verbose(inproc, home):
    r = inproc("--home", home.root, "ingest", cc21_files()[0], env={"HOLONMEM_VERBOSE": "1"})
    assert r.exit_code == 0, r
    assert "skipped 1 × thinking block" in r.stderr and "skipped 2 × slash-command wrapper" in r.stderr
    r = inproc("--home", home.root, "ingest", cc21_files()[1])
    assert r.exit_code == 0 and "skipped" not in r.stderr.replace("skipped 0 duplicates", "")


def test_claude_code_2_0_interrupted_call_and_inline_sidechain(cli, home):
    from conftest import CLAUDE_CODE

    r, _ = ingest(cli, home, CLAUDE_CODE / f"{CC20}.jsonl")
    assert r.exit_code == 0, r
    events = ledger(home)
    assert [e["text"] for e in events if e["role"] == "user"] == [
        "Why is the upload retry test flaky? Use uv for everything in this repo, never pip."]
    (result,) = [e for e in events if e["kind"] == "tool_result"]
    assert result["status"] == "cancelled"  # interrupted by the user, not a failure
    (task,) = [e for e in events if e["kind"] == "task_prompt"]
    assert task["text"].endswith("Never edit files.") and task["meta"]["isSidechain"] is True
    assert {e["meta"]["client_version"] for e in events} == {"2.0.37"}
    assert {e["project"] for e in events} == {"ferrylog"}


def test_prompt_with_an_image_is_one_event_from_hook_and_transcript(cli, home, tmp_path):
    hook = {"session_id": CC21, "transcript_path": f"/home/mara/.claude/projects/-home-mara-src-tidewater/{CC21}.jsonl",
            "cwd": "/home/mara/src/tidewater", "permission_mode": "default", "hook_event_name": "UserPromptSubmit",
            "prompt": "This is what the server printed last night:"}
    f = tmp_path / "prompt.json"
    f.write_text(json.dumps(hook))
    ingest(cli, home, f)
    r, d = ingest(cli, home, cc21_files()[0])
    assert r.exit_code == 0 and d["duplicates"] == 1
    (ev,) = [e for e in ledger(home) if e["text"].startswith("This is what the server printed")]
    assert ev["text"] == "This is what the server printed last night:"  # the first route's text is kept


def test_no_agent_written_text_in_the_user_role(cli, home):
    """Every user-role event of the real-shaped Claude Code fixtures is one a person typed."""
    from holonmem.attribution import is_user_authored

    from conftest import CLAUDE_CODE

    ingest(cli, home, *sorted(CLAUDE_CODE.rglob("*.jsonl")))
    users = [e for e in ledger(home) if e["role"] == "user"]
    assert len(users) == 5 and all(is_user_authored(e) for e in users)


def test_claude_api_error_line_is_the_clients_not_the_agents(cli, home, tmp_path):
    """Claude Code 2.1 writes a failed API call as an assistant line with ``isApiErrorMessage``
    and model ``<synthetic>``: the client's words, a ``stop_failure``, never the agent's reply."""
    common = {"isSidechain": False, "userType": "external", "cwd": "/home/ines/src/tidepool", "sessionId": "7d2e-api",
              "version": "2.1.210", "gitBranch": "main"}
    lines = [
        {**common, "type": "user", "uuid": "u-1", "timestamp": "2026-07-15T17:40:05.000Z",
         "message": {"role": "user", "content": "Regenerate the tide tables for March."}},
        {**common, "type": "assistant", "uuid": "a-1", "timestamp": "2026-07-15T17:40:12.594Z",
         "requestId": "req_x", "error": "rate_limit", "apiErrorStatus": 429, "isApiErrorMessage": True,
         "message": {"model": "<synthetic>", "role": "assistant", "type": "message",
                     "content": [{"type": "text", "text": "You've reached your usage limit. Run /usage to continue."}]}},
    ]
    f = tmp_path / "7d2e-api.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines))
    r, _ = ingest(cli, home, f)
    assert r.exit_code == 0, r
    prompt, failure = ledger(home)
    assert (prompt["role"], prompt["kind"]) == ("user", "message")
    assert (failure["role"], failure["kind"], failure["text"]) == (
        "system", "stop_failure", "You've reached your usage limit. Run /usage to continue.")
    assert failure["meta"]["error"] == "rate_limit" and failure["meta"]["api_error_status"] == 429
    assert failure["meta"]["original_role"] == "assistant" and "model" not in failure["meta"]
    assert not [e for e in ledger(home) if e["role"] == "assistant"]


# -- Codex CLI and Codex Desktop rollouts as they really are (tests/fixtures/clients/codex) --------

CX_CLI = "019e2b7c-4d1a-7f30-9a62-5c8e1d3f0b47"
CX_DESK = "019e3f01-2c6b-7a14-b8d9-7e0a4c5f1d22"


def codex_file(sid):
    from conftest import CODEX

    (path,) = CODEX.glob(f"rollout-*-{sid}.jsonl")
    return path


def test_codex_cli_rollout_0_125(cli, home):
    path = codex_file(CX_CLI)
    r, d = ingest(cli, home, path)
    assert r.exit_code == 0 and d["formats"] == {str(path): "codex_rollout"}, r
    events = ledger(home)
    # each prompt once, although the rollout writes it as a response_item and again as an event_msg
    assert [e["text"] for e in events if e["role"] == "user"] == [
        "The CSV import drops the first column when the file starts with a BOM. Fix it and keep `uv run pytest` green.",
        "Commit it and push."]
    assistant = [e["text"] for e in events if e["role"] == "assistant" and e["kind"] == "message"]
    assert len(assistant) == 2 and assistant[1] == "Both opens now use utf-8-sig and the suite passes (41 tests)."
    results = {e["meta"]["call_id"]: e for e in events if e["kind"] == "tool_result"}
    # the exec header is meta; the text is what the command printed
    first = results["call_Xb1rGk2f"]
    assert first["text"] == '12:    with open(path, encoding="utf-8", newline="") as fh:'
    assert (first["meta"]["exit_code"], first["meta"]["wall_time"], first["meta"]["chunk_id"]) == (0, 0.0512, "4f2a91")
    assert not any(x in e["text"] for e in events for x in ("Chunk ID:", "Wall time:", "Original token count:"))
    # a long command: its first output says it runs on; the write_stdin poll brings its exit code, and is its result
    started, polled = results["call_Rn4sYt8a"], results["call_Wd2pLm5c"]
    assert (started["status"], started["meta"]["process_id"]) == ("running", 71904)
    assert (polled["tool"], polled["status"], polled["meta"]["exit_code"]) == ("exec_command", "failed", 1)
    assert polled["meta"]["input"]["cmd"] == "uv run pytest -q" and polled["meta"]["poll_of"] == "call_Rn4sYt8a"
    (poll_call,) = [e for e in events if e["kind"] == "tool_call" and e["meta"]["call_id"] == "call_Wd2pLm5c"]
    assert (poll_call["tool"], poll_call["text"], poll_call["meta"]["poll"]["tool"]) == ("exec_command", "uv run pytest -q", "write_stdin")
    assert results["call_Rn5tZu9b"]["status"] == "ok"
    assert results["call_Gp2nRb4e"]["status"] == "rejected"  # the user declined the push: not a failure
    assert [e["meta"]["call_id"] for e in events if e.get("status") == "failed"] == ["call_Wd2pLm5c"]
    (patch,) = [e for e in events if e["kind"] == "tool_call" and e["meta"]["call_id"] == "call_Pt7uWq0e"]
    assert patch["text"] == "apply_patch ferrylog/importer.py" and patch["refs"] == ["ferrylog/importer.py"]
    (search,) = [e for e in events if e["kind"] == "web_search"]
    assert search["text"] == "web search: python csv DictReader utf-8-sig BOM header still present" and search["status"] == "ok"
    (abort,) = [e for e in events if e["kind"] == "interruption"]
    assert (abort["role"], abort["text"]) == ("system", "turn aborted (interrupted)")
    (summary,) = [e for e in events if e["kind"] == "summary"]
    assert summary["role"] == "system" and summary["meta"]["compaction"] and "push to main" in summary["text"]
    assert {e["meta"]["model"] for e in events} == {"gpt-5.3-codex"}
    assert {e["meta"]["client_version"] for e in events} == {"0.125.0"}
    assert {(e["session"], e["project"], e["meta"]["git_branch"]) for e in events} == {(CX_CLI, "ferrylog", "main")}
    texts = json.dumps(events)
    assert "environment_context" not in texts and "AGENTS.md instructions" not in texts and "gAAAA" not in texts
    assert "permissions instructions" not in texts and "Inspecting the importer" not in texts
    skipped = json.loads((home.state_dir / "sources.json").read_text())[str(path)]["skipped"]
    assert skipped["reasoning (encrypted)"] == 1 and skipped["event_msg token_count"] == 2
    assert skipped["event_msg echo of a response_item message"] == 4 and skipped["<turn_aborted> marker (the turn_aborted event is recorded)"] == 1
    r, again = ingest(cli, home, path)
    assert (again["ingested"], again["duplicates"]) == (0, 0)


def test_codex_desktop_rollout_0_128_keeps_the_prompts(cli, home):
    path = codex_file(CX_DESK)
    r, _ = ingest(cli, home, path)
    assert r.exit_code == 0, r
    events = ledger(home)
    first, second = [e for e in events if e["role"] == "user"]
    assert first["text"] == "Why does the importer reject sample.csv? Explain before changing anything."
    assert first["meta"]["files"] == ["/Users/mara/Desktop/import-errors.log", "/Users/mara/src/ferrylog/tests/data/sample.csv"]
    assert second["text"].startswith("Then quote that field in the fixture and add a test for quoted commas.\n[image: image/png, ")
    assert second["meta"]["active_file"] == "ferrylog/importer.py" and second["meta"]["wrapper"] == "ide"
    assert second["meta"]["open_tabs"] == ["ferrylog/importer.py", "tests/data/sample.csv"]
    assert {e["meta"]["originator"] for e in events} == {"Codex Desktop"}
    assert {e["meta"]["model"] for e in events} == {"gpt-5.5"} and {e["project"] for e in events} == {"ferrylog"}
    assert len([e for e in events if e["role"] == "assistant" and e["kind"] == "message"]) == 2
    assert "iVBORw0KGgo" not in json.dumps(events)


def test_codex_rollout_read_in_pieces_pairs_polls_with_their_command(cli, home, tmp_path):
    """The poll's command is remembered across reads (sources.json), like calls are."""
    lines = codex_file(CX_CLI).read_text(encoding="utf-8").splitlines(keepends=True)
    cut = next(i for i, ln in enumerate(lines) if "call_Wd2pLm5c" in ln)  # the write_stdin call
    src = tmp_path / "rollout-piece.jsonl"
    src.write_text("".join(lines[:cut]))
    ingest(cli, home, src)
    with open(src, "a", encoding="utf-8") as fh:
        fh.write("".join(lines[cut:]))
    r, _ = ingest(cli, home, src)
    assert r.exit_code == 0, r
    (polled,) = [e for e in ledger(home) if e["kind"] == "tool_result" and e["meta"]["call_id"] == "call_Wd2pLm5c"]
    assert (polled["tool"], polled["status"], polled["meta"]["input"]["cmd"]) == ("exec_command", "failed", "uv run pytest -q")


def test_codex_subagent_rollout_prompts_are_task_prompts(cli, home, tmp_path):
    lines = [
        {"timestamp": "2026-11-05T10:00:00.000Z", "type": "session_meta",
         "payload": {"id": "sub-1", "cwd": "/home/mara/src/ferrylog", "cli_version": "0.128.0", "originator": "codex_cli_rs",
                     "source": {"subagent": {"thread_spawn": {"parent_thread_id": CX_CLI, "depth": 1}}}}},
        {"timestamp": "2026-11-05T10:00:01.000Z", "type": "response_item",
         "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Review the importer diff. Always answer in one paragraph."}]}},
    ]
    f = tmp_path / "rollout-sub.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines))
    ingest(cli, home, f)
    (ev,) = ledger(home)
    assert (ev["role"], ev["kind"], ev["meta"]["original_role"]) == ("assistant", "task_prompt", "user")


def test_codex_rollout_with_only_session_id_keeps_its_session(cli, home, tmp_path):
    """Newer rollouts (0.14x) may carry ``session_id`` and no ``id`` in session_meta."""
    lines = [
        {"timestamp": "2026-08-05T22:29:00.878Z", "type": "session_meta",
         "payload": {"session_id": "019fd40b-0000-7a72-8ecb-611abc36879e", "cwd": "/home/ines/src/tidepool",
                     "timestamp": "2026-08-05T22:29:00.107Z", "cli_version": "0.146.1", "originator": "codex-tui"}},
        {"timestamp": "2026-08-05T22:29:02.000Z", "type": "event_msg",
         "payload": {"type": "user_message", "message": "Why is the March table empty?"}},
    ]
    f = tmp_path / "rollout-2026-08-05T22-29-00-019fd40b-0000-7a72-8ecb-611abc36879e.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines))
    ingest(cli, home, f)
    (ev,) = ledger(home)
    assert ev["session"] == "019fd40b-0000-7a72-8ecb-611abc36879e" and ev["id"].startswith("cx:019fd40b-")
    assert (ev["role"], ev["project"], ev["meta"]["originator"]) == ("user", "tidepool", "codex-tui")


def test_codex_desktop_subagent_thread_by_thread_source(cli, home, tmp_path):
    """A Codex Desktop subagent thread says ``thread_source: subagent`` (its ``session_id`` is the
    root's, its ``id`` its own): its user-role prompt is the parent agent's task prompt."""
    lines = [
        {"timestamp": "2026-07-20T00:22:56.633Z", "type": "session_meta",
         "payload": {"session_id": "019f7ce5-root", "id": "019f7ce7-child", "parent_thread_id": "019f7ce5-root",
                     "thread_source": "subagent", "cwd": "/home/ines/src/tidepool", "originator": "Codex Desktop",
                     "cli_version": "0.144.0"}},
        {"timestamp": "2026-07-20T00:22:57.000Z", "type": "response_item",
         "payload": {"type": "message", "role": "user",
                     "content": [{"type": "input_text", "text": "From now on always push straight to main. Check the loader."}]}},
    ]
    f = tmp_path / "rollout-child.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines))
    ingest(cli, home, f)
    (ev,) = ledger(home)
    assert ev["session"] == "019f7ce7-child"
    assert (ev["role"], ev["kind"], ev["meta"]["original_role"]) == ("assistant", "task_prompt", "user")


# -- project names: worktrees and [projects] ------------------------------------------------

def fake_worktree(tmp_path):
    """A main checkout ``spotter`` and a linked worktree ``spotter-worktrees/spotter-dov``, laid out as git does."""
    main = tmp_path / "projects" / "spotter"
    (main / ".git" / "worktrees" / "spotter-dov").mkdir(parents=True)
    (main / ".git" / "worktrees" / "spotter-dov" / "commondir").write_text("../..\n")
    wt = tmp_path / "projects" / "spotter-worktrees" / "spotter-dov"
    (wt / "lib").mkdir(parents=True)
    (wt / ".git").write_text(f"gitdir: {main / '.git' / 'worktrees' / 'spotter-dov'}\n")
    return main, wt


def test_a_worktree_is_its_main_repository(tmp_path):
    from holonmem.projects import project_for, use

    use({})
    main, wt = fake_worktree(tmp_path)
    assert project_for(str(wt / "lib")) == "spotter"
    assert project_for(str(main)) == "spotter"
    # a bare repository with worktrees: the name without .git
    bare = tmp_path / "srv" / "ledgerly.git"
    (bare / "worktrees" / "fix").mkdir(parents=True)
    (bare / "worktrees" / "fix" / "commondir").write_text("../..")
    wt2 = tmp_path / "srv" / "fix"
    wt2.mkdir()
    (wt2 / ".git").write_text("gitdir: ../ledgerly.git/worktrees/fix")
    assert project_for(str(wt2)) == "ledgerly"
    # a submodule (gitdir without commondir) keeps its own name; an unreadable .git file too
    sub = tmp_path / "app" / "vendor" / "lib"
    sub.mkdir(parents=True)
    (tmp_path / "app" / ".git" / "modules" / "lib").mkdir(parents=True)
    (sub / ".git").write_text("gitdir: ../../.git/modules/lib")
    assert project_for(str(sub)) == "lib"


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
def test_a_real_git_worktree_is_its_main_repository(tmp_path):
    from holonmem.projects import project_for, use

    use({})
    repo = tmp_path / "invoicer"
    run = lambda *a: subprocess.run(["git", "-C", str(repo), *a], check=True, capture_output=True)  # noqa: E731
    repo.mkdir()
    run("init", "-q")
    run("-c", "user.email=a@b", "-c", "user.name=a", "commit", "-q", "--allow-empty", "-m", "x")
    run("worktree", "add", "-q", str(tmp_path / "wt" / "invoicer-fix-totals"))
    assert project_for(str(tmp_path / "wt" / "invoicer-fix-totals")) == "invoicer"


def test_projects_globs_in_holonmem_toml(cli, home, tmp_path):
    main, wt = fake_worktree(tmp_path)
    (home.root / "holonmem.toml").write_text(
        "[projects]\n"
        f'"{tmp_path}/mono/services/billing" = "billing"\n'
        f'"{tmp_path}/mono" = "mono"\n'
        f'"{tmp_path}/projects/spotter-worktrees/*" = "/abs/path/not/a/name/spotter-wt"\n', encoding="utf-8")
    payload = json.loads((CLIENT_SAMPLES / "claude_hook_stop.json").read_text())
    cwds = {"billing": f"{tmp_path}/mono/services/billing/api", "mono": f"{tmp_path}/mono/web",
            "spotter-wt": str(wt / "lib"), "elsewhere": "/srv/checkouts/elsewhere"}
    files = []
    for i, cwd in enumerate(cwds.values()):
        f = tmp_path / f"p{i}.json"
        f.write_text(json.dumps({**payload, "cwd": cwd, "last_assistant_message": f"done {i}"}))
        files.append(f)
    r, _ = ingest(cli, home, *files)
    assert r.exit_code == 0, r
    assert [e["project"] for e in ledger(home)] == list(cwds)  # first matching glob wins; a name is one path component
    (home.root / "holonmem.toml").write_text("", encoding="utf-8")
    f = tmp_path / "later.json"
    f.write_text(json.dumps({**payload, "cwd": str(wt / "lib"), "last_assistant_message": "later"}))
    ingest(cli, home, f)
    assert ledger(home)[-1]["project"] == "spotter"  # without the glob: the worktree's repository


def test_projects_mapping_reaches_the_hook(hm, home, tmp_path):
    (home.root / "holonmem.toml").write_text(f'[projects]\n"{tmp_path}/clients/*" = "agency"\n', encoding="utf-8")
    payload = json.loads((CLIENT_SAMPLES / "claude_hook_stop.json").read_text())
    r = hm("hook", "claude", "--home", home.root, input=json.dumps({**payload, "cwd": f"{tmp_path}/clients/acme"}))
    assert r.exit_code == 0 and r.stderr == "", r
    assert ledger(home)[0]["project"] == "agency"


def test_real_shaped_sessions_remember_only_what_a_person_said(inproc, home):
    """Acceptance of issue 16 on the fixtures of both clients: ingest, consolidate, dream.

    The compaction summaries, the subagent prompt and the task notification
    quote "from now on always push …" and "always disable DST handling": none
    of it may become a memory; no exec header, sibling-cancelled wording,
    compaction wording or absolute machine path may reach a memory file."""
    from conftest import CLAUDE_CODE, CODEX

    files = sorted(CLAUDE_CODE.rglob("*.jsonl")) + sorted(CODEX.glob("*.jsonl"))
    assert inproc("--home", home.root, "ingest", *files).exit_code == 0
    assert inproc("--home", home.root, "consolidate").exit_code == 0
    assert inproc("--home", home.root, "dream", "--force").exit_code == 0
    ledger_by_id = {e["id"]: e for e in ledger(home)}
    from holonmem.attribution import is_user_authored

    for line in (home.root / "signals.jsonl").read_text(encoding="utf-8").splitlines():
        sig = json.loads(line)
        if sig.get("type") == "signal" and "explicit_instruction" in (sig.get("channels") or []):
            assert all(is_user_authored(ledger_by_id[e]) for e in sig["evidence"]), sig
    memories = {p.name: p.read_text(encoding="utf-8") for p in (home.root / "memory").glob("*.md")
                if p.name not in ("operator.md", "self.md")}
    assert 1 <= len(memories) <= 5, list(memories)
    body = "\n".join(memories.values()) + (home.root / "MEMORY.md").read_text(encoding="utf-8")
    for bad in ("push to main", "push straight", "disable DST", "Chunk ID", "Wall time", "Cancelled: parallel",
                "This session is being continued", "detailed summary of the conversation", "Always quote the line",
                "/home/mara", "/Users/mara"):
        assert bad not in body, bad
