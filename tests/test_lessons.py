"""Lessons worth keeping (pure rules, then one CLI run): a failure -> fix is a lesson when the
fix is about the environment or the procedure, or when the same failure recurs across sessions."""

from __future__ import annotations

import json

import pytest

from holonmem import lessons as L
from holonmem.episode_build import build_episode, pair_calls, pair_failures
from holonmem.memory import load_memories
from holonmem.signals import extract


def _events(*steps, project: str = "ledgerly", session: str = "s1", day: str = "2026-03-02") -> list[dict]:
    """Events from (role, kind, tool, text, extra) tuples; a call's ``cmd`` becomes meta.input.command."""
    out = []
    for n, (role, kind, tool, text, *rest) in enumerate(steps, 1):
        extra = dict(rest[0]) if rest else {}
        ev = {"id": f"{session}-{n:02d}", "ts": f"{day}T09:{n:02d}:00+01:00", "project": project,
              "session": session, "role": role, "kind": kind, "text": text}
        if tool:
            ev["tool"] = tool
        if "cmd" in extra:
            ev["meta"] = {"input": {"command": extra.pop("cmd")}}
        if "input" in extra:
            ev["meta"] = {"input": extra.pop("input")}
        ev.update(extra)
        out.append(ev)
    return out


def call(cmd: str, tool: str = "Bash") -> tuple:
    return ("assistant", "tool_call", tool, cmd, {"cmd": cmd})


def result(text: str, ok: bool = True, tool: str = "Bash") -> tuple:
    return ("tool", "tool_result", tool, text, {"status": "ok" if ok else "failed"})


def say(text: str) -> tuple:
    return ("assistant", "message", None, text)


def lessons_of(events: list[dict]) -> list[dict]:
    ep = build_episode(events, "session_end")
    return [s for s in extract(ep, events) if s["kind"] == "lesson"]


MIGRATE_FAILS = "psycopg.OperationalError: connection to server at \"localhost\" (::1), port 5433 failed: Connection refused"


def _service_session(session="s1", day="2026-03-02", project="ledgerly"):
    return _events(
        ("user", "message", None, "Apply the new migration to the dev database."),
        call("alembic upgrade head"),
        result(f"Traceback (most recent call last):\n  File \"/Users/mara/src/ledgerly/env.py\", line 3\n{MIGRATE_FAILS}", ok=False),
        say("The local Postgres container isn't running, so nothing listens on 5433. Starting it."),
        call("docker compose up -d db"),
        result("Container ledgerly-db-1  Started"),
        call("alembic upgrade head"),
        result("INFO  [alembic.runtime.migration] Running upgrade 41c2 -> 7d9e, add invoices.due_at"),
        session=session, day=day, project=project)


def test_an_environment_fix_is_a_lesson_stated_by_cause_and_fix():
    (s,) = lessons_of(_service_session())
    assert s["channels"] == ["tool_failure_evidence"] and s["trust"] == "tool-observed"
    first = s["statement"].split(". ")[0]
    assert first == "ledgerly lesson: The local Postgres container isn't running: run `docker compose up -d db`"
    # the error class comes after, the raw error text only in the method card; no machine path anywhere
    assert "Applies when `alembic upgrade` fails with OperationalError" in s["statement"]
    assert "Connection refused" in s["applies_when"] and "/Users/" not in json.dumps(s)
    assert s["subject"].startswith("alembic operationalerror connection")
    assert "environment" in s["basis"]


def test_a_flag_added_to_the_same_command_is_a_lesson():
    evs = _events(
        call("quarto render report.qmd"),
        result("ERROR: Chromium is required to render mermaid diagrams; pass --no-mermaid or install it", ok=False),
        say("Quarto needs a headless Chromium for the diagrams and this machine has none."),
        call("quarto render report.qmd --to pdf --no-mermaid"),
        result("Output created: report.pdf"))
    f = pair_failures(evs)[0]
    assert f["fix_kind"] == "option" and f["rerun"]["added"] == ["--to pdf --no-mermaid"]
    (s,) = lessons_of(evs)
    assert s["channels"] == ["tool_failure_evidence"]
    assert s["statement"].startswith("ledgerly lesson: Quarto needs a headless Chromium for the diagrams: add `--to pdf --no-mermaid`.")


def test_an_env_prefix_is_a_lesson_and_its_secret_is_masked():
    evs = _events(
        call("npm publish"),
        result("npm ERR! code E401\nnpm ERR! Unable to authenticate, need: Basic realm=\"GitHub Package Registry\"", ok=False),
        ("user", "message", None, "the token is in 1Password, here: ghp_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f"),
        call("NODE_AUTH_TOKEN=ghp_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f npm publish"),
        result("+ @ledgerly/ui@2.3.0"))
    (s,) = lessons_of(evs)
    assert s["channels"] == ["tool_failure_evidence"]
    assert "set `NODE_AUTH_TOKEN=…` first" in s["statement"] and "ghp_" not in json.dumps(s)


def test_edit_and_rerun_is_ordinary_work_kept_only_as_a_pending_candidate():
    evs = _events(
        call("pytest -q tests/test_tax.py"),
        result("FAILED tests/test_tax.py::test_reverse_charge - assert Decimal('0.00') == Decimal('19.00')\n1 failed in 0.3s", ok=False),
        say("The reverse-charge branch returns before the rate lookup. Moving the check below it."),
        ("assistant", "tool_call", "Edit", "Edit src/ledgerly/tax.py", {"input": {"file_path": "/Users/mara/src/ledgerly/src/ledgerly/tax.py"}}),
        ("tool", "tool_result", "Edit", "The file has been updated.", {"status": "ok"}),
        call("pytest -q tests/test_tax.py"),
        result("3 passed in 0.2s"))
    (s,) = lessons_of(evs)
    assert s["channels"] == [] and "edit" in s["basis"]
    assert "`tax.py`" in s["statement"] and "/Users/" not in s["statement"]


def test_a_corrected_argument_is_no_lesson_by_itself():
    evs = _events(
        ("assistant", "tool_call", "calendar", "add 'Tue 14:00' dentist", {"input": {"when": "Tue 14:00", "title": "dentist"}}),
        ("tool", "tool_result", "calendar", "invalid time 'Tue 14:00': use an ISO date", {"status": "failed"}),
        ("assistant", "tool_call", "calendar", "add '2026-03-03 14:00' dentist", {"input": {"when": "2026-03-03 14:00", "title": "dentist"}}),
        ("tool", "tool_result", "calendar", "added", {"status": "ok"}))
    f = pair_failures(evs)[0]
    assert f["fix_kind"] == "changed" and f["rerun"] == {"kind": "changed", "removed": ["Tue 14:00"], "added": ["2026-03-03 14:00"]}
    (s,) = lessons_of(evs)
    assert s["channels"] == []


def test_cancelled_and_rejected_calls_are_no_failures():
    evs = _events(
        call("make lint"), call("make typecheck"),
        result("ruff: 2 errors (E501)", ok=False),
        result("<tool_use_error>Cancelled: parallel tool call Bash(make lint) errored</tool_use_error>", ok=False),
        ("assistant", "tool_call", "Edit", "Edit README.md", {"input": {"file_path": "README.md"}}),
        ("tool", "tool_result", "Edit", "The user doesn't want to proceed with this tool use. The tool use was rejected.", {"status": "failed"}),
        ("user", "message", None, "[Request interrupted by user for tool use]"),
        call("make typecheck"), result("Success: no issues found in 41 source files"),
        call("make lint"), result("All checks passed!"))
    failed = {f["event"] for f in pair_failures(evs)}
    assert failed == {"s1-03"}  # the lint failure only: not the cancelled sibling, not the rejected edit
    assert all("Cancelled" not in s["statement"] and "doesn't want" not in s["statement"] for s in lessons_of(evs))


def test_parallel_calls_are_answered_in_order():
    evs = _events(call("make lint"), call("make typecheck"), result("lint out", ok=False), result("typecheck out"),
                  call("ls"), call("pwd"))
    assert pair_calls(evs) == {2: 0, 3: 1}


def test_a_fix_step_that_failed_itself_does_not_count():
    evs = _events(
        call("swift test"),
        result("error: testHeaderLayout : failed - snapshot does not match reference", ok=False),
        call("SNAPSHOT_RECORD=1 swift test --filter testHeaderLayout"),
        result("error: testHeaderLayout : failed - recording a new reference", ok=False),
        call("swift test"),
        result("Executed 88 tests, with 0 failures"))
    first = pair_failures(evs)[0]
    assert first["steps"] == [] and first["fix_kind"] == "retry"
    assert all(s["channels"] == [] for s in lessons_of(evs))


def test_code_errors_fixed_by_narrowing_the_run_are_no_lesson():
    evs = _events(
        call("pytest -q"),
        result("FAILED tests/test_fx.py::test_rounding - AssertionError: assert 1.005 == 1.01\n1 failed, 40 passed", ok=False),
        call("pytest -q --deselect tests/test_fx.py::test_rounding"),
        result("40 passed"))
    assert pair_failures(evs)[0]["fix_kind"] == "option"
    assert L.error_kind(evs[1]["text"]) == "code"
    assert lessons_of(evs)[0]["channels"] == []


def test_the_same_failure_in_two_sessions_shares_a_subject():
    a = lessons_of(_service_session("s1", "2026-03-02"))[0]
    b = lessons_of(_service_session("s2", "2026-03-09", project="billing-api"))[0]
    assert a["subject"] == b["subject"] and a["session"] != b["session"]


@pytest.mark.parametrize("text,signature", [
    ("Error: quota exceeded for region 'eu-west-3' (limit 20, used 20) after 31.2s", "deploy error quota exceeded region after"),
    ("Error: quota exceeded for region 'us-east-2' (limit 50, used 50) after 2.9s", "deploy error quota exceeded region after"),
    ("KeyError: 'net_amount'", "deploy keyerror net_amount"),
    ("上传失败：文件 /Users/mara/报销/发票_0311.pdf 超过 10 MB 限制", "deploy 上传失败 文件 超过 mb 限制"),
])
def test_error_signature_drops_paths_numbers_and_quoted_values(text, signature):
    assert L.error_signature(text, "deploy") == signature


def test_the_informative_error_line_beats_the_build_banner():
    out = ("FAILURE: Build failed with an exception.\n\n* What went wrong:\n"
           "> SDK location not found. Define a valid SDK location with an ANDROID_HOME environment variable.\n\nBUILD FAILED in 3s")
    assert L.error_line(out).startswith("SDK location not found")
    assert L.error_kind(out) == "env"


def test_a_credential_the_user_supplied_is_a_lesson_for_an_auth_error():
    evs = _events(
        ("assistant", "tool_call", "smtp", "send report.pdf to finance", {"input": {"to": "finance@example.org"}}),
        ("tool", "tool_result", "smtp", "535 Authentication failed: application-specific password required", {"status": "failed"}),
        ("user", "message", None, "use the app password from the vault entry 'mail-bot'"),
        ("assistant", "tool_call", "smtp", "send report.pdf to finance", {"input": {"to": "finance@example.org"}}),
        ("tool", "tool_result", "smtp", "250 OK queued", {"status": "ok"}))
    f = pair_failures(evs)[0]
    assert f["fix_kind"] == "user" and f["user_supplied"]
    (s,) = lessons_of(evs)
    assert s["channels"] == ["tool_failure_evidence"] and "credential" in s["statement"]


def test_a_cause_told_as_the_same_issue_as_last_time_keeps_what_it_is_about():
    assert L.cause_of("Same issue as last time with Dutch invoice dates: the parser needs the nl locale.", "x")[0] \
        == "Dutch invoice dates: the parser needs the nl locale"
    assert L.cause_of("Same problem as before: the token expired.", "x")[0] == "The token expired"


def test_a_chinese_diagnosis_gives_a_chinese_statement_without_back_references():
    evs = _events(
        ("assistant", "tool_call", "python", "pd.read_excel('对账单.xls')", {"input": {"code": "pd.read_excel('对账单.xls')"}}),
        ("tool", "tool_result", "python", "ImportError: Missing optional dependency 'xlrd'. Install xlrd >= 2.0.1", {"status": "failed"}),
        ("assistant", "message", None, "和上次一样，旧版 .xls 文件需要 xlrd 才能读。先装上。"),
        call("pip install 'xlrd>=2.0.1'"), result("Successfully installed xlrd-2.0.1"),
        ("assistant", "tool_call", "python", "pd.read_excel('对账单.xls')", {"input": {"code": "pd.read_excel('对账单.xls')"}}),
        ("tool", "tool_result", "python", "(212, 9)", {"status": "ok"}))
    (s,) = lessons_of(evs)
    assert s["statement"].startswith("ledgerly lesson: 旧版 .xls 文件需要 xlrd 才能读：先运行 `pip install 'xlrd>=2.0.1'`。")
    assert "上次" not in s["statement"]


def _locked_sheet(session: str, day: str, reply: str, diag: str) -> list[dict]:
    return _events(
        call("python tools/payroll.py --month 03"),
        result("PermissionError: [Errno 13] Permission denied: 'P:/hr/payroll_03.xlsx'", ok=False),
        say(diag),
        ("user", "message", None, reply),
        call("python tools/payroll.py --month 03"),
        result("wrote P:/hr/payroll_03.xlsx (42 rows)"),
        session=session, day=day)


def test_what_the_user_did_by_hand_between_two_runs_is_a_lesson_when_it_recurs():
    assert [L.user_action(t) for t in ("closed now", "ok restarted it", "我关了", "还没关", "I have not closed it")] == \
        ["close it", "restart it", "关掉", "", ""]
    assert L.stated_part("表写不进去，是不是 Excel 里还开着？") == "表写不进去，Excel 里还开着"
    evs = _locked_sheet("s1", "2026-03-02", "yes it was open on my laptop, closed now", "The sheet is open somewhere, so Windows locks it.")
    (f,) = pair_failures(evs)
    assert f["fix_kind"] == "user_action" and f["user_action"] == "close it"
    (a,) = lessons_of(evs)
    assert a["channels"] == [] and "have the user close it first" in a["statement"] and "closed now" in a["statement"]
    zh = _locked_sheet("s2", "2026-03-09", "对 开着 我关了", "工资表写不进去，是不是 Excel 里还开着？")
    (b,) = lessons_of(zh)
    assert b["statement"].startswith("ledgerly lesson: 工资表写不进去，Excel 里还开着：请用户先关掉再重试。")
    assert a["subject"] == b["subject"]  # the same failure: promoted when it recurs in another session
    # the agent waited for the user; the rerun that passed also changed a value: the user's act is the fix
    waited = _events(
        call("python tools/payroll.py --month 03"),
        result("PermissionError: [Errno 13] Permission denied: 'P:/hr/payroll_03.xlsx'", ok=False),
        say("工资表被锁住了，Excel 正开着，关掉之后我再跑。"), ("user", "message", None, "关了 你再来"),
        call("python tools/payroll.py --month 03 --rate 150"), result("wrote P:/hr/payroll_03.xlsx (42 rows)"), session="s4")
    assert pair_failures(waited)[0]["fix_kind"] == "user_action"
    # a plain rerun with nothing done in between is still no lesson
    plain = _locked_sheet("s3", "2026-03-10", "try again", "The sheet is locked.")
    assert pair_failures(plain)[0]["fix_kind"] == "retry" and lessons_of(plain) == []


def test_written_config_shows_the_file_not_its_content():
    evs = _events(
        call("terraform plan"),
        result("Error: No valid credential sources found for AWS Provider.", ok=False),
        call("printf 'AWS_PROFILE=infra-admin\\n' >> .envrc && direnv allow"),
        result(""),
        call("terraform plan"),
        result("Plan: 3 to add, 0 to change, 0 to destroy."))
    (s,) = lessons_of(evs)
    assert "add `AWS_PROFILE` to `.envrc`" in s["statement"] and "infra-admin" not in s["statement"]


@pytest.mark.parametrize("fix,err,worth", [
    ("env", "code", True), ("option", "neutral", True), ("option", "code", False), ("procedure", "env", True),
    ("procedure", "code", False), ("user", "env", True), ("user", "neutral", False), ("edit", "env", False),
    ("changed", "env", False), ("retry", "env", False), ("user_action", "env", False),
])
def test_worth_table(fix, err, worth):
    assert L.lesson_worth(fix, err)[0] is worth


def test_related_commands_see_through_prefixes_and_wrappers():
    assert L.related_commands("cd web && pnpm test", "CI=1 pnpm test --run")
    assert L.related_commands("agvtool bump && bundle exec fastlane release", "bundle exec fastlane release")
    assert not L.related_commands("xcodebuild test -scheme App", "xcodebuild -downloadPlatform iOS")
    assert not L.related_commands("cargo build", "grep -rn 'use serde' src/")
    # the same upload, run again over the pieces in a shell loop; an option's value is no subcommand
    post = "curl -s -w '%{http_code}' -d @out/post.json \"$HOOK\""
    assert L.related_commands(post, "for f in out/post_*.json; do curl -s -w '%{http_code}\\n' -d @$f \"$HOOK\"; done")
    assert L.related_commands("make test", "if make test; then echo ok; fi")
    assert not L.related_commands("for f in *.md; do wc -l $f; done", "for f in *.md; do rm $f; done")
    # an interpreter runs the script it is given
    assert not L.related_commands("python3 wages.py week", "python3 -c 'import openpyxl'")
    assert L.related_commands("python3 tools/export.py Q1", "cd tools && python3 ./export.py Q1 --xlsx")


def _pipeline(cli, home, tmp_path, events: list[dict]) -> None:
    """ingest -> consolidate -> dream --force through the real CLI."""
    src = tmp_path / "events.jsonl"
    src.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
    for args in (("ingest", src), ("consolidate", "--now", "2026-04-01T00:00:00+00:00"),
                 ("dream", "--force", "--now", "2026-04-01T00:00:00+00:00")):
        r = cli("--home", home.root, *args)
        assert r.exit_code == 0, r.output


def test_cli_end_to_end_keeps_the_lessons_and_nothing_else(cli, home, tmp_path):
    env = _service_session("s1", "2026-03-02")
    test_fix = _events(
        call("pytest -q"),
        result("FAILED tests/test_dates.py::test_due_at - AssertionError: assert None == datetime(2026, 4, 1)", ok=False),
        say("due_at is never set when the invoice has no terms."),
        ("assistant", "tool_call", "Edit", "Edit src/ledgerly/invoice.py", {"input": {"file_path": "src/ledgerly/invoice.py"}}),
        ("tool", "tool_result", "Edit", "The file has been updated.", {"status": "ok"}),
        call("pytest -q"), result("52 passed"),
        session="s2", day="2026-03-03")
    noise = _events(
        call("make build"), call("make docs"),
        result("make: *** [build] Error 2", ok=False),
        result("<tool_use_error>Sibling tool call errored</tool_use_error>", ok=False),
        ("assistant", "tool_call", "Write", "Write CHANGELOG.md", {"input": {"file_path": "CHANGELOG.md"}}),
        ("tool", "tool_result", "Write", "The user doesn't want to proceed with this tool use.", {"status": "failed"}),
        session="s3", day="2026-03-04")

    def quota(sid, day, region):
        return _events(
            ("assistant", "tool_call", "deploy", f"deploy api to {region}", {"input": {"region": region}}),
            ("tool", "tool_result", "deploy", f"Error: quota exceeded for region '{region}' (limit 20, used 20)", {"status": "failed"}),
            say(f"{region} is out of quota for this account; the team's reserved capacity is in eu-central-1."),
            ("assistant", "tool_call", "deploy", "deploy api to eu-central-1", {"input": {"region": "eu-central-1"}}),
            ("tool", "tool_result", "deploy", "deployed api@4.2.0 to eu-central-1", {"status": "ok"}),
            session=sid, day=day)

    events = env + test_fix + noise + quota("s4", "2026-03-05", "eu-west-3") + quota("s5", "2026-03-12", "eu-west-1")
    for sid in ("s1", "s2", "s3", "s4", "s5"):
        last = [e for e in events if e["session"] == sid][-1]
        events.append({**last, "id": f"{sid}-end", "role": "system", "kind": "session_end", "text": "session ended",
                       "ts": last["ts"].replace("T09:", "T10:")})
    _pipeline(cli, home, tmp_path, events)

    lessons = sorted((m for m in load_memories(home) if m.kind == "lesson"), key=lambda m: m.title.lower())
    # titled by cause and fix (dream cuts a title at its length limit)
    assert [m.title[:40] for m in lessons] == ["Eu-west-1 is out of quota for this accou", "The local Postgres container isn't runni"]
    quota_mem, service = lessons
    assert "run `docker compose up -d" in service.title and "`docker compose up -d db`" in service.statement
    assert service.channels == ["tool_failure_evidence"] and service.project == "ledgerly"
    # a corrected argument is no lesson once, but the same failure in two sessions is
    assert "use `eu-central-1` instead of `eu-west-1`" in quota_mem.statement
    assert quota_mem.channels == ["repeated_across_sessions"] and set(quota_mem.sessions) == {"s4", "s5"}
    everything = "\n".join((p.read_text(encoding="utf-8")) for p in (home.root / "memory").glob("*.md"))
    for absent in ("AssertionError", "Sibling tool call", "doesn't want to proceed", "/Users/"):
        assert absent not in everything, absent


def test_a_check_of_the_agents_own_output_is_an_iteration_not_an_environment_lesson():
    # "exceeds the weekly cap" names a limit, but the check failed on the plan the agent made
    assert L.error_kind("validation: week 7 total 82 km exceeds the weekly cap (75 km for this base).") == "code"
    assert L.error_kind("检查未通过：当日行程总时长 13.2 小时，超过亲子行程上限 10 小时。") == "code"
    assert L.error_kind("Error: request exceeds the rate limit (429)") == "env"


def test_a_long_one_line_error_is_signed_by_its_failing_clause():
    a = "检查未通过：第2天 13:30 从西湖景区出发前往千岛湖（单程 152 km），18:00 前无法返回市区；当日行程总时长 13.2 小时，超过亲子行程上限 10 小时。建议：为该景点单独安排一整天。"
    b = "检查未通过：第3天 14:00 从宽窄巷子出发前往青城山（单程 68 km），景区 18:00 停止入园；当日行程总时长 12.6 小时，超过亲子行程上限 10 小时。建议：为该景点单独安排一整天。"
    assert L.error_signature(a, "route_checker") == L.error_signature(b, "route_checker")
    assert "超过亲子行程上限" in L.error_signature(a, "route_checker")
    assert L.error_advice(a) == "为该景点单独安排一整天"


def test_a_cause_drops_the_story_of_the_occasion():
    short, _ = L.cause_of("LockError 的原因：刚才 profile 那次我按了 Ctrl-C，进程被中断，留下了一个过期的 `MAIN_WRITELOCK`。修复：删掉它。")
    assert short.startswith("进程被中断") and "刚才" not in short
    short, _ = L.cause_of("Same as last week: the venv was rebuilt for Python 3.12.4 this morning, so `invoicer` is not installed in it. Fix: reinstall.")
    assert short == "`invoicer` is not installed in the venv"
    # no occasion told: the cause is kept whole
    assert L.cause_of("The font is missing, so pandoc cannot render CJK.")[0].startswith("The font is missing")


def test_a_tuned_number_with_options_added_is_a_lesson_for_a_resource_error():
    """"--batch-size 256" -> "--batch-size 64 --grad-accum 4" after CUDA ran out of memory: the
    option's number tuned (and options added) is an option fix; a date or a word swapped is not."""
    oom = ("Traceback (most recent call last):\n  File \"train.py\", line 212, in <module>\n"
           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.31 GiB.")
    evs = _events(
        call("python train.py --layers 64 --batch-size 256 --seed 0"),
        result(oom, ok=False),
        say("Same CUDA out-of-memory as the depth ablation. Keeping the effective batch with gradient accumulation."),
        call("python train.py --layers 64 --batch-size 64 --grad-accum 4 --seed 0"),
        result("layers=64 acc=71.7"))
    f = pair_failures(evs)[0]
    assert f["fix_kind"] == "option" and f["rerun"]["added"] == ["--batch-size 64 --grad-accum 4"]
    (s,) = lessons_of(evs)
    assert s["channels"] == ["tool_failure_evidence"]
    # the pointer to another occasion is dropped from the cause, the thing itself kept
    assert s["statement"].startswith("ledgerly lesson: CUDA out-of-memory: add `--batch-size 64 --grad-accum 4`.")
    assert L.call_diff({"meta": {"input": {"command": "report --date 2026-03-01"}}},
                       {"meta": {"input": {"command": "report --date 2026-03-02"}}})["kind"] == "changed"
    assert L.call_diff({"meta": {"input": {"command": "run --mode fast"}}},
                       {"meta": {"input": {"command": "run --mode safe"}}})["kind"] == "changed"


def test_the_same_call_run_through_a_launcher_is_an_environment_lesson():
    """SSEEdit started directly cannot write; started through MO2 (which names it and passes every
    argument on) it can: the launcher gives the program its environment. Another program that does
    not carry the call on is no such rerun."""
    direct = '"D:/Modding/SSEEdit/SSEEdit.exe" -quickautoclean -autoload Patch.esp'
    via = '"D:/Modding/MO2/ModOrganizer.exe" -p Main "moshortcut://:SSEEdit" -quickautoclean -autoload Patch.esp'
    assert L.related_commands(direct, via) and L.related_commands("tool.exe x", "wine tool.exe x")
    assert not L.related_commands("pytest -q", "make test")
    assert not L.related_commands(direct, '"D:/Modding/MO2/ModOrganizer.exe" -p Main "moshortcut://:SSEEdit"')
    evs = _events(
        call(direct),
        result('Error: Access denied. Could not write "D:/Games/Skyrim/Data/Patch.esp" (the game\'s Data folder is protected)', ok=False),
        say("直接启动 xEdit 写不进游戏的 Data 目录。要从 MO2 里启动它。"),
        call(via),
        result("Saved Patch.esp to overwrite"), project="skyrim")
    f = pair_failures(evs)[0]
    assert f["fix_kind"] == "env" and f["rerun"]["kind"] == "launcher"
    (s,) = lessons_of(evs)
    assert s["channels"] == ["tool_failure_evidence"]
    assert "通过 `ModOrganizer.exe -p Main" in s["statement"] and "启动 `SSEEdit.exe`" in s["statement"]
    assert '\\"' not in s["statement"] and '"D:' not in s["statement"]


def test_waiting_it_out_is_no_user_supplied_fix_and_reads_are_no_fix():
    """A person who only says to wait supplied nothing; the agent's reads in between (a scan of the
    lock table) fixed nothing: the same call passing later is a plain retry, no lesson."""
    lock = "Error: Error acquiring the state lock\nError message: ConditionalCheckFailedException"
    evs = _events(
        call("terraform plan -out=tfplan"), result(lock, ok=False),
        ("user", "message", None, "again? check the lock table, don't touch anything"),
        call("aws dynamodb scan --table-name fw-tf-locks --output json"), result("3"),
        ("user", "message", None, "fine, wait for the job then"),
        call("terraform plan -out=tfplan"), result("Plan: 3 to add, 0 to change, 0 to destroy."))
    f = pair_failures(evs)[0]
    assert f["fix_kind"] == "retry" and not f["user_supplied"]
    assert [s for s in lessons_of(evs) if s["channels"]] == []
    assert L._segment_kind("aws ec2 describe-instances --region eu-west-1") == "inspect"
    assert L._segment_kind("kubectl logs deploy/ledger-api") == "inspect"


def test_setup_commands_chained_before_the_same_call_are_an_environment_lesson():
    # a cluster tool that needs its environment module: the rerun is the failing call with a setup step before it
    evs = _events(
        call("cd /scratch/s1 && hisat2 -x idx -U r1.fq -S r1.sam"),
        result("Exit code 127\nbash: hisat2: command not found", ok=False),
        say("hisat2 isn't loaded in this shell; tools on this cluster come as modules."),
        call("cd /scratch/s1 && module load hisat2/2.2.1 && hisat2 -x idx -U r1.fq -S r1.sam"),
        result("100000 reads; of these: 100000 (100.00%) were unpaired"))
    f = pair_failures(evs)[0]
    assert f["rerun"] == {"kind": "setup", "setup": ["module load hisat2/2.2.1"], "env": True}
    assert f["fix_kind"] == "env"
    (s,) = lessons_of(evs)
    assert s["channels"] == ["tool_failure_evidence"]
    assert "run `module load hisat2/2.2.1` first" in s["statement"] and "/scratch" not in s["statement"]


def test_a_changed_call_without_a_setup_step_stays_a_corrected_call():
    evs = _events(
        call("hisat2 -x idx -U r1.fq -S r1.sam"),
        result("Error: could not open r1.fq", ok=False),
        call("hisat2 -x idx -U reads/r1.fq -S r1.sam"),
        result("100000 reads"))
    assert pair_failures(evs)[0]["rerun"]["kind"] == "changed"


def test_a_flag_added_before_the_path_arguments_is_the_same_command():
    assert L.related_commands("tools/render.sh --strict in/plan.dwg -o out/plan.pdf",
                              "tools/render.sh --strict --font-dir /opt/fonts in/plan.dwg -o out/plan.pdf")
    assert not L.related_commands("git status", "git push origin main")
    evs = _events(
        call("tools/render.sh --strict in/plan.dwg -o out/plan.pdf"),
        result("Exit code 3\n[render] font simhei.ttf missing, aborting in strict mode", ok=False),
        say("This machine lacks the company fonts; they live in /opt/fonts, pointing the tool there."),
        call("tools/render.sh --strict --font-dir /opt/fonts in/plan.dwg -o out/plan.pdf"),
        result("[render] wrote out/plan.pdf (3 pages)"))
    (s,) = lessons_of(evs)
    assert s["channels"] == ["tool_failure_evidence"] and "--font-dir /opt/fonts" in s["statement"]


def test_a_plain_retry_or_a_password_typed_teaches_nothing():
    retry = _events(
        call("python tools/export.py Q-11 --xlsx"),
        result("PermissionError: [Errno 13] Permission denied: 'out/Q-11.xlsx'", ok=False),
        say("The file seems to be locked, is it open somewhere?"),
        ("user", "message", None, "no idea, just try again"),
        call("python tools/export.py Q-11 --xlsx"),
        result("exported out/Q-11.xlsx"))
    assert lessons_of(retry) == []  # (what the user did by hand is a candidate: see _locked_sheet)
    secret = _events(
        call("mailcli search 'PO 4471'", tool="mail_search"),
        result("authentication required: app password missing", ok=False, tool="mail_search"),
        say("I need the mailbox app password."),
        ("user", "message", None, "it's [REDACTED:password]"),
        call("mailcli search 'PO 4471'", tool="mail_search"),
        result("1 message found", tool="mail_search"))
    assert lessons_of(secret) == []


def test_output_said_to_be_broken_then_a_flag_added_is_a_lesson():
    evs = _events(
        ("user", "message", None, "把上个月的订单导出来发给会计"),
        call("shopctl export orders --month 2026-02 -o out/orders.csv"),
        result("exported 380 orders -> out/orders.csv"),
        ("user", "message", None, "会计说那个csv打开全是乱码 根本看不了"),
        call("file out/orders.csv"),
        result("out/orders.csv: UTF-8 Unicode text"),
        say("文件是不带 BOM 的 UTF-8，Excel 会按 GBK 打开，所以乱码。导出时加上 BOM。"),
        call("shopctl export orders --month 2026-02 --bom -o out/orders.csv"),
        result("exported 380 orders -> out/orders.csv (utf-8 with BOM)"))
    (f,) = pair_failures(evs)
    assert f["reported"] and f["fix_kind"] == "option" and f["rerun"]["added"] == ["--bom"]
    assert f["error"] == "那个csv打开全是乱码"  # what was said of the output, not who said it
    (s,) = lessons_of(evs)
    assert s["channels"] == ["tool_failure_evidence"]
    # titled by the cause (the clause before "所以"), not by the effect
    assert s["statement"].startswith("ledgerly lesson: 文件是不带 BOM 的 UTF-8") and "`--bom`" in s["statement"]


def test_output_said_to_be_broken_without_a_flag_added_is_no_lesson():
    rerun_same = _events(
        call("shopctl export orders -o out/orders.csv"),
        result("exported 380 orders"),
        ("user", "message", None, "the csv comes out all garbled"),
        call("shopctl export orders -o out/orders.csv"),
        result("exported 380 orders"))
    assert pair_failures(rerun_same) == [] and lessons_of(rerun_same) == []
    no_complaint = _events(
        call("shopctl export orders -o out/orders.csv"),
        result("exported 380 orders"),
        ("user", "message", None, "thanks, now do the same for march"),
        call("shopctl export orders --month 2026-03 -o out/orders.csv"),
        result("exported 410 orders"))
    assert pair_failures(no_complaint) == []


def test_the_agent_seeing_the_output_broken_then_an_env_prefix_is_a_lesson():
    evs = _events(
        call("python3 invoice_pdf.py --client acme"),
        result("wrote out/acme.pdf (2 pages)"),
        say("PDF 生成了，但默认字体没有中文，里面的中文都是方块。试试用环境变量 PDF_FONT 指定 Noto Sans CJK。"),
        call("PDF_FONT=/usr/share/fonts/NotoSansCJK.otf python3 invoice_pdf.py --client acme"),
        result("wrote out/acme.pdf (2 pages)"))
    (f,) = pair_failures(evs)
    assert f["reported"] and f["fix_kind"] == "option"
    (s,) = lessons_of(evs)
    assert "PDF_FONT" in s["statement"] and s["channels"] == ["tool_failure_evidence"]


def test_a_lock_the_user_cleared_by_hand_in_two_sessions_becomes_one_lesson(cli, home, tmp_path):
    events = (_locked_sheet("s1", "2026-03-02", "yes it was open on my laptop, closed now", "The sheet is open somewhere, so Windows locks it.")
              + _locked_sheet("s2", "2026-03-09", "again, sorry. closed", "Same lock as before: the sheet is open somewhere."))
    _pipeline(cli, home, tmp_path, events)
    (lesson,) = [m for m in load_memories(home) if m.kind == "lesson"]
    assert lesson.channels == ["repeated_across_sessions"] and set(lesson.sessions) == {"s1", "s2"}
    assert "have the user close it first" in lesson.statement and "PermissionError" in lesson.statement


def test_a_find_that_deletes_is_a_fix_and_the_way_to_avoid_it_is_kept():
    assert L.step_kind({"tool": "Bash", "meta": {"input": {"command": "find out -name '*.bak' -delete && ls out | wc -l"}}}) == "procedure"
    assert L.step_kind({"tool": "Bash", "meta": {"input": {"command": "find out -name '*.bak'"}}}) == "inspect"
    assert L.prevention_of("The converter left a .bak beside each file. Removing them; next time run it with --no-backup.") \
        == "Next time run it with --no-backup"
    assert L.prevention_of("升级以后就报错了，缺少 libssl。") == ""
    evs = _events(
        ("assistant", "tool_call", "gallery_upload", "Upload the set", {"input": {"folder": "out"}}),
        ("tool", "tool_result", "gallery_upload", "Upload aborted: 20 of 40 files have an unsupported extension (.bak).", {"status": "failed"}),
        say("The converter left a .bak beside each file. Removing them; next time run it with --no-backup."),
        call("find out -name '*.bak' -delete && ls out | wc -l"), result("20"),
        ("assistant", "tool_call", "gallery_upload", "Upload the set", {"input": {"folder": "out"}}),
        ("tool", "tool_result", "gallery_upload", "20 photos uploaded", {"status": "ok"}))
    (s,) = lessons_of(evs)
    assert s["channels"] == ["tool_failure_evidence"] and "To prevent it: Next time run it with --no-backup." in s["statement"]


def test_a_run_that_passed_with_warnings_the_agent_calls_a_failure_is_fixed_like_one():
    build = "tools/build.sh --target web"
    warned = ("[build] 812 assets\nWarning: Font 'assets/fonts/Inter.ttf' could not be loaded: file is not a valid font (131 bytes)\n"
              "Build finished (size 4 MB)")
    evs = _events(
        call(build), result(warned),
        say("The build passed, but 40 fonts failed to load at ~130 bytes each: the checkout was made without pulling the LFS objects."),
        call("git lfs install --local && git lfs pull"), result("Downloading LFS objects: 100% (40/40)"),
        call(build), result("[build] 812 assets\nBuild finished (size 96 MB)"))
    (f,) = pair_failures(evs)
    assert f["fix_kind"] == "procedure" and f["error"].startswith("Warning: Font")
    (s,) = lessons_of(evs)
    assert s["statement"].startswith("ledgerly lesson: The checkout was made without pulling the LFS objects: run `git lfs install")
    # warnings the agent says nothing about, or that are still there on the rerun, are no failure
    quiet = _events(call(build), result(warned), call("git lfs pull"), result("ok"), call(build), result("Build finished"))
    assert pair_failures(quiet) == []
    again = _events(call(build), result(warned), say("The build passed, but the fonts failed to load."),
                    call("git lfs pull"), result("ok"), call(build), result(warned))
    assert pair_failures(again) == []
