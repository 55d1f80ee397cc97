"""Current work: the pure projection, work refs, `holonmem work`, and the context section."""

from __future__ import annotations

import json

from holonmem.work import collect_refs, project_current, project_work, refs_of

TS = "2026-07-01T10:{:02d}:00+08:00"


def ev(i, **kw):
    base = {"id": f"e{i}", "ts": TS.format(i), "project": "p", "session": "s1", "role": "assistant", "text": ""}
    base.update(kw)
    return base


def item(i, wid, status="open", todos=None, **extra):
    wi = {"id": wid, "objective": f"objective of {wid}", "status": status, **extra}
    if todos is not None:
        wi["todos"] = todos
    return ev(i, kind="work_item", text=wi["objective"], meta={"work_item": wi})


def todowrite(i, *todos):
    return ev(i, kind="tool_call", tool="TodoWrite",
              meta={"input": {"todos": [{"content": c, "status": s, "activeForm": c} for c, s in todos]}})


def test_work_item_then_todowrite_updates_open_todos():
    evs = [item(1, "wi_a", todos=[{"content": "one", "status": "pending"}], waits=["review"]),
           todowrite(2, ("one", "completed"), ("two", "in_progress"))]
    cur, done = project_current(evs)
    assert cur.id == "wi_a" and cur.objective == "objective of wi_a"
    assert [(t.content, t.status) for t in cur.open_todos] == [("two", "in_progress")]
    assert cur.waits == ["review"] and cur.todos_from == "e2" and done is None


def test_done_item_stops_being_current_and_later_item_replaces():
    evs = [item(1, "wi_a"), item(2, "wi_a", status="done")]
    cur, done = project_current(evs)
    assert cur is None and done.id == "wi_a"
    evs = [item(1, "wi_a", todos=[{"content": "x", "status": "pending"}]), item(2, "wi_b", todos=[])]
    cur, _ = project_current(evs)
    assert cur.id == "wi_b" and cur.open_todos == []


def test_todos_alone_make_implicit_work_until_all_done():
    cur, _ = project_current([todowrite(1, ("a", "pending"))])
    assert cur.id is None and [t.content for t in cur.open_todos] == ["a"]
    cur, _ = project_current([todowrite(1, ("a", "pending")), todowrite(2, ("a", "completed"))])
    assert cur is None


def test_codex_update_plan_maps_to_todos():
    plan = ev(1, kind="tool_call", tool="update_plan",
              meta={"input": {"plan": [{"step": "read code", "status": "completed"}, {"step": "write fix", "status": "in_progress"}]}})
    cur, _ = project_current([plan])
    assert [(t.content, t.status) for t in cur.open_todos] == [("write fix", "in_progress")]


def test_refs_only_from_evidence_dedup_recent_first_capped():
    evs = [
        ev(1, kind="tool_call", tool="Read", meta={"input": {"file_path": "a.py"}}),
        ev(2, kind="tool_call", tool="Edit", meta={"input": {"file_path": "a.py", "old_string": "x"}}),
        ev(3, kind="tool_call", tool="Bash", meta={"input": {"command": "pytest -q"}}),
        ev(4, role="tool", kind="tool_result", tool="Bash", text="Created draft PR #42\nsee #42 and issue #7"),
        ev(5, kind="tool_call", tool="WebFetch", meta={"input": {"url": "https://example.com/x"}}),
        ev(6, role="user", kind="message", text="look at #99 and src/b.py"),  # not evidence
        ev(7, kind="message", text="I edited c.py"),  # a claim, not a tool input
    ]
    refs = collect_refs(evs)
    assert [(r.kind, r.value, r.how) for r in refs] == [
        ("url", "https://example.com/x", "fetched"),
        ("issue", "PR #42", "mentioned"),
        ("issue", "issue #7", "mentioned"),
        ("command", "pytest -q", "ran"),
        ("file", "a.py", "edited"),
    ]
    many = [ev(i, kind="tool_call", tool="Write", meta={"input": {"file_path": f"f{i}.py"}}) for i in range(30)]
    refs = collect_refs(many, cap=12)
    assert len(refs) == 12 and refs[0].value == "f29.py"


def test_codex_shell_command_list_is_joined():
    e = ev(1, kind="tool_call", tool="shell", meta={"input": {"command": ["bash", "-lc", "ruff check ."]}})
    assert [(r.kind, r.value) for r in refs_of(e)] == [("command", "ruff check .")]


def test_projection_is_per_project_and_session():
    evs = [item(1, "wi_a"), dict(item(2, "wi_other"), project="q"), dict(item(3, "wi_b"), session="s2")]
    assert project_work(evs, project="p").current.id == "wi_b"
    assert project_work(evs, project="p", session="s1").current.id == "wi_a"
    assert project_work(evs, project="q").current.id == "wi_other"


def test_sample_home_work_command(sample_home, cli):
    r = cli("work", "--project", "holonmem-dev", "--json")
    assert r.exit_code == 0, r
    st = json.loads(r.stdout)
    cur = st["current"]
    assert cur["id"] == "wi_ctx_budget" and cur["status"] == "open"
    assert [t["content"] for t in cur["open_todos"]] == ["Tests for --budget 200 / 4000"]
    assert cur["waits"] == ["review from Lin"] and cur["todos_from"] == "evt_0229"
    refs = {(r["kind"], r["value"]) for r in st["refs"]}
    assert ("file", "holonmem/context.py") in refs and ("file", "tests/test_context.py") in refs
    assert ("command", "pytest -q tests/test_context.py") in refs and ("issue", "PR #42") in refs
    assert ("url", "https://docs.claude.com/en/docs/claude-code/hooks") in refs
    assert st["refs"][0]["event"] == "evt_0231"  # most recent first
    # The finished item of s_0613 is not current, even for that session alone.
    r = cli("work", "--project", "holonmem-dev", "--session", "s_0613_holonmem_index", "--json")
    st = json.loads(r.stdout)
    assert st["current"] is None and st["last_done"]["id"] == "wi_incremental_index"
    r = cli("work", "--project", "holonmem-dev")
    assert "Objective: Make `holonmem context` respect --budget" in r.stdout
    assert "[in progress] Tests for --budget 200 / 4000" in r.stdout


def _post_tool_use(todos, n):
    return json.dumps({
        "session_id": "sess-todo", "transcript_path": "/tmp/t.jsonl", "cwd": "/home/dana/src/invoicer",
        "hook_event_name": "PostToolUse", "tool_name": "TodoWrite", "tool_use_id": f"toolu_{n}",
        "tool_input": {"todos": todos}, "tool_response": {"oldTodos": [], "newTodos": todos},
    })


def test_claude_todowrite_payload_reaches_context_and_done_removes(home, cli):
    todos = [{"content": "Reproduce the PDF export failure", "status": "in_progress", "activeForm": "Reproducing"},
             {"content": "Fix the font cache", "status": "pending", "activeForm": "Fixing"}]
    r = cli("ingest", "--format", "claude_hook", "-", input=_post_tool_use(todos, 1))
    assert r.exit_code == 0, r
    out = cli("context", "--project", "invoicer", "--now", "2026-07-01").stdout
    assert "## Current work" in out
    assert "- [in progress] Reproduce the PDF export failure" in out and "- [pending] Fix the font cache" in out
    todos[0]["status"] = "completed"
    cli("ingest", "--format", "claude_hook", "-", input=_post_tool_use(todos, 2))
    out = cli("context", "--project", "invoicer", "--now", "2026-07-01").stdout
    assert "Reproduce the PDF export failure" not in out.split("## Current work")[1].split("##")[0]
    assert "- [pending] Fix the font cache" in out
    # A later work item replaces the current one.
    wi = {"role": "assistant", "kind": "work_item", "project": "invoicer", "session": "sess-todo",
          "text": "Ship 0.9", "meta": {"work_item": {"id": "wi_ship", "objective": "Ship 0.9", "status": "open",
                                                     "todos": [{"content": "Tag the release", "status": "pending"}]}}}
    cli("ingest", "-", input=json.dumps(wi))
    out = cli("context", "--project", "invoicer", "--now", "2026-07-01").stdout
    work = out.split("## Current work")[1].split("\n## ")[0]
    assert "Objective: Ship 0.9" in work and "Tag the release" in work and "Fix the font cache" not in work


def test_codex_rollout_update_plan_and_exec_command(home, cli, tmp_path):
    from conftest import CLIENT_SAMPLES

    lines = (CLIENT_SAMPLES / "codex_rollout.jsonl").read_text(encoding="utf-8").splitlines()
    plan = {"explanation": "fix the totals format",
            "plan": [{"step": "Reproduce the failing PDF test", "status": "completed"},
                     {"step": "Drop the thousands separator in totals", "status": "in_progress"}]}
    lines.append(json.dumps({"timestamp": "2026-08-19T15:30:00.000Z", "type": "response_item",
                             "payload": {"type": "function_call", "name": "update_plan",
                                         "arguments": json.dumps(plan), "call_id": "call_plan_1"}}))
    f = tmp_path / "rollout.jsonl"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("ingest", "--format", "codex_rollout", f)
    assert r.exit_code == 0, r
    st = json.loads(cli("work", "--project", "invoicer", "--json").stdout)
    assert [t["content"] for t in st["current"]["open_todos"]] == ["Drop the thousands separator in totals"]
    assert ("command", "python -m pytest tests/test_pdf_export.py -q") in {(r["kind"], r["value"]) for r in st["refs"]}
