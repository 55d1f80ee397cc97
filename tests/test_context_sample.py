"""context on the sample home after the real pipeline (ingest → consolidate → dream → index)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from holonmem.context import FENCE_CLOSE
from holonmem.tokens import estimate_tokens

from conftest import SAMPLE_EVENTS, SAMPLE_HOME

NOW = "2026-06-25"
TASK = "Add a retry to the PDF upload before the next invoicer release"


def run(home, *args):
    from typer.testing import CliRunner

    from holonmem.cli import get_app

    r = CliRunner().invoke(get_app(), ["--home", str(home), *[str(a) for a in args]], catch_exceptions=False)
    assert r.exit_code == 0, (args, r.stdout, r.stderr)
    return r.stdout


@pytest.fixture(scope="module")
def piped(tmp_path_factory):
    root = tmp_path_factory.mktemp("sample") / "home"
    shutil.copytree(SAMPLE_HOME, root)
    run(root, "init", root)
    run(root, "ingest", SAMPLE_EVENTS)
    run(root, "consolidate")
    run(root, "dream", "--force")
    run(root, "index")
    return root


def context(home, *args):
    return run(home, "context", "--now", NOW, *args)


def memories(home):
    from holonmem.home import Home
    from holonmem.memory import load_memories

    return load_memories(Home(home))


def long_term(out):
    return out.split("## Long-term memory")[1].split("\n## ")[0] if "## Long-term memory" in out else ""


def test_new_task_shows_this_projects_memory_and_nothing_foreign(piped):
    out = context(piped, "--project", "invoicer", "--task", TASK, "--budget", "6000")
    mem = long_term(out)
    mems = memories(piped)
    mine = [m for m in mems if m.status == "active" and m.project == "invoicer"]
    assert mine, "the pipeline promoted no invoicer memory"
    for m in mine:
        assert f"memory:{m.path}" in mem, m.path
    for m in mems:
        if m.project not in (None, "invoicer") or m.status != "active":
            assert m.path not in out, m.path
    # Planted cases (ANSWER_KEY): the promoted rules and lessons ...
    assert "ruff check" in mem and "pip install -e ." in mem and "pnpm" in mem
    # ... the operator/self slices, the notes catalog, a past episode; no recent turns: the
    # last invoicer session ended days before (a new task starts clean, issue 23 item 12).
    assert "Lin Wei / 林伟" in out.split("## Operator memory")[1].split("\n## ")[0]
    assert "assistant agent for Lin Wei" in out.split("## Self memory")[1].split("\n## ")[0]
    assert "invoicer deploy checklist" in out.split("## Notes catalog")[1].split("\n## ")[0]
    assert "episode:2026-06-1" in out.split("## Relevant episodes")[1].split("\n## ")[0]
    assert "## Recent turns" not in out and "Merge after CI is green" not in out
    # ... and none of: other projects' rules, chit-chat, retracted slips,
    # superseded preferences, untrusted instructions, secrets.
    for absent in ("午睡", "免费取消", "every new CLI option", "haha nice", "今天天气不错", "今天好热",
                   "deploy invoicer on Fridays", "王府井附近", "For the invoicer frontend, use npm",
                   "ops@example.com", "always push to main", "直接把密码发给客服", "hunter2"):
        assert absent not in out, absent


def test_difference_is_exactly_what_memory_added(piped, tmp_path):
    bare = tmp_path / "bare"
    shutil.copytree(piped, bare)
    for p in (bare / "memory").glob("*.md"):
        if p.name not in ("operator.md", "self.md"):
            p.unlink()
    args = ("--project", "invoicer", "--task", TASK, "--budget", "20000")
    with_mem, without = context(piped, *args), context(bare, *args)
    assert "## Long-term memory" in with_mem and "## Long-term memory" not in without
    section = "## Long-term memory" + with_mem.split("## Long-term memory")[1].split("\n## ")[0] + "\n"
    assert with_mem.replace(section, "") == without
    for m in memories(piped):
        if m.status == "active":
            assert m.statement[:40] not in without or m.statement[:40] in (piped / "AGENTS.md").read_text(), m.path


def test_within_budget_and_byte_identical(piped):
    for budget in (200, 260, 400, 800, 1500, 2000, 3000, 5000, 12000, 20000):
        args = ("--project", "holonmem-dev", "--task", "finish the budget tests", "--budget", str(budget))
        a = context(piped, *args)
        if budget in (200, 2000):
            assert context(piped, *args) == a
        assert estimate_tokens(a) <= budget
        assert a.endswith(FENCE_CLOSE + "\n")
        lines = a.splitlines()
        if any(line.startswith(("Shortened:", "Left out:")) or "shortened or left out" in line for line in lines):
            assert "holonmem search" in lines[-2]
        # Current work survives every budget, at least as objective + open todo.
        assert "Objective: Make `holonmem context` respect --budget" in a, budget
        assert "Tests for --budget 200 / 4000" in a, budget


def test_current_work_and_refs_of_the_open_session(piped):
    out = context(piped, "--project", "holonmem-dev", "--budget", "4000")
    work = out.split("## Current work")[1].split("\n## ")[0]
    assert "wi_ctx_budget" in work and "[in progress] Tests for --budget 200 / 4000" in work
    assert "Waiting for: review from Lin" in work and "wi_incremental_index" not in work
    refs = out.split("## Work refs")[1].split("\n## ")[0]
    for r in ("`holonmem/context.py`", "`tests/test_context.py`", "`pytest -q tests/test_context.py`", "PR #42"):
        assert r in refs, r


def test_stale_memories_carry_a_caveat(piped):
    mem = long_term(context(piped, "--project", "invoicer", "--budget", "20000", "--now", "2026-12-31"))
    items = [line for line in mem.splitlines() if line.startswith("- ")]
    assert items and all("verify against the current state" in line for line in items)


def test_json_and_hook_on_sample(piped):
    d = json.loads(context(piped, "--project", "travel-agent", "--format", "json", "--budget", "1500"))
    assert d["tokens"] <= 1500 and sum(s["tokens"] for s in d["sections"]) <= 1500
    env = context(piped, "--project", "travel-agent", "--hook", "claude", "--budget", "20000")
    assert len(env) < 10_000
    text = json.loads(env)["hookSpecificOutput"]["additionalContext"]
    assert "免费取消" in text and "ruff" not in long_term(text)


def test_task_without_a_usable_index_falls_back_and_never_rebuilds(piped, tmp_path):
    from typer.testing import CliRunner

    from holonmem.cli import get_app

    home = tmp_path / "noindex"
    shutil.copytree(piped, home)
    shutil.rmtree(home / ".holonmem" / "index")
    args = ["--home", str(home), "context", "--project", "invoicer", "--task", TASK, "--now", NOW, "--budget", "3000"]
    # the episode catalog answers without the search index
    r = CliRunner().invoke(get_app(), args)
    assert r.exit_code == 0 and r.stderr == ""
    assert "## Relevant episodes" in r.stdout and "(the latest)" not in r.stdout
    # neither can answer: the latest episodes, and a warning that says what to run
    for suffix in ("", "-wal", "-shm"):
        Path(f"{home}/.holonmem/episodes.sqlite{suffix}").unlink(missing_ok=True)
    (home / ".holonmem" / "episodes.sqlite").mkdir()
    r = CliRunner().invoke(get_app(), args)
    assert r.exit_code == 0
    assert "showing the latest episodes instead" in r.stderr and "holonmem index" in r.stderr
    assert "## Relevant episodes" in r.stdout and "(the latest)" in r.stdout
    assert not (home / ".holonmem" / "index").exists()  # context never rebuilds the index


def test_task_search_leaves_new_events_for_the_indexer(piped, tmp_path):
    """A new event (what a hook just ingested) does not make context index the
    ledger on the per-turn path; relevant episodes are still found."""
    home = tmp_path / "home"
    shutil.copytree(piped, home)
    state_file = home / ".holonmem" / "index_state.json"
    before = json.loads(state_file.read_text())["ledger_offsets"]
    (tmp_path / "one.txt").write_text("the PDF upload retry is next\n")
    run(home, "ingest", "--project", "invoicer", "--session", "s_new", tmp_path / "one.txt")
    out = context(home, "--project", "invoicer", "--task", TASK)
    assert "episode:2026-06-1" in out.split("## Relevant episodes")[1].split("\n## ")[0]
    assert json.loads(state_file.read_text())["ledger_offsets"] == before
    run(home, "index")
    assert json.loads(state_file.read_text())["ledger_offsets"] != before
