"""Issue 23: daily use without surprises. Each test runs the real CLI on real files in
tmp_path: as a subprocess (``hm``) where the process is the point (help, cron's line, a
terminal, a 4 MB ingest), else through main() in this process (``inproc``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _one_error(r) -> None:
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 2 and lines[0].startswith("Error: ") and lines[1].startswith("Hint: "), r.stderr
    assert "╭" not in r.stderr and "Traceback" not in r.stderr


# -- item 10: usage errors are one Error: line, a Hint:, exit 2 ---------------------------

@pytest.mark.parametrize("argv, says", [
    (["context", "--budget", "abc"], "--budget"),
    (["bogus"], "no such command 'bogus'"),
    (["journal", "--last", "-1"], "--last"),
    (["hook", "bogus"], "no such command"),
    (["search", "x", "--limit", "many"], "--limit"),
    (["status", "--wat"], "no such option: --wat"),
])
def test_usage_errors_are_one_line_with_a_hint(home, inproc, argv, says):
    r = inproc("--home", home.root, *argv)
    assert r.exit_code == 2, r
    _one_error(r)
    assert says in r.stderr and "--help" in r.stderr.splitlines()[1]
    assert r.stdout == ""


def test_help_and_bare_command_still_work(hm):
    r = hm("status", "--help")
    assert r.exit_code == 0 and "Usage" in r.stdout
    r = hm()
    assert r.exit_code == 2 and "Usage" in r.stdout and "Error" not in r.stderr


# -- item 3: the fence is always whole; a too small budget is raised to the minimum ------

def test_tiny_budget_keeps_the_fence_whole(sample_home, inproc):
    task = "release 0.8.1 with the PDF upload retry"
    for budget in ("1", "10", "100"):
        r = inproc("--home", sample_home.root, "context", "--project", "invoicer", "--budget", budget,
               "--now", "2026-06-25", "--task", task)
        assert r.exit_code == 0, r
        lines = r.stdout.splitlines()
        assert lines[0] == '<holonmem-context project="invoicer" date="2026-06-25">', lines[0]
        assert lines[-1] == "</holonmem-context>"
        assert lines[1] == "# holonmem memory: invoicer, as of 2026-06-25"
        assert lines[-2].endswith(f'`holonmem search "{task}" --project invoicer`.'), lines[-2]
        m = re.search(r"--budget (\d+) is below the minimum for this block \((\d+) tokens", r.stderr)
        assert m and m.group(1) == budget, r.stderr
        from holonmem.tokens import estimate_tokens

        assert estimate_tokens(r.stdout) <= int(m.group(2))
    r = inproc("--home", sample_home.root, "context", "--project", "invoicer", "--budget", "400", "--now", "2026-06-25")
    assert r.exit_code == 0 and "below the minimum" not in r.stderr


# -- item 2: a fresh git clone of a home passes doctor (permissions are warnings) --------

def test_doctor_on_a_fresh_git_clone_warns_and_fix_tightens(sample_home, inproc, tmp_path):
    import stat

    root = sample_home.root
    inproc("--home", root, "consolidate")
    git = ["git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "init.defaultBranch=main"]
    subprocess.run([*git, "init", "-q", str(root)], check=True)
    subprocess.run([*git, "-C", str(root), "add", "-A"], check=True)
    subprocess.run([*git, "-C", str(root), "commit", "-q", "-m", "home"], check=True)
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(root), str(clone)], check=True)
    ledger = next((clone / "ledger").glob("*.jsonl"))
    assert stat.S_IMODE(ledger.stat().st_mode) & 0o077  # git does not keep 0600
    r = inproc("--home", clone, "doctor")
    assert r.exit_code == 0, r
    assert re.search(r"^warning\tpermissions\tledger/", r.stdout, re.M), r.stdout
    assert "warning(s), `holonmem doctor --fix` fixes them" in r.stderr
    r = inproc("--home", clone, "doctor", "--fix")
    assert r.exit_code == 0 and stat.S_IMODE(ledger.stat().st_mode) == 0o600, r
    r = inproc("--home", clone, "doctor")
    assert r.exit_code == 0 and "warning" not in r.stdout + r.stderr, r


# -- item 8: CSS colours in tool output are not issue numbers -----------------------------

def _ingest(hm, home, events) -> None:
    r = hm("--home", home.root, "ingest", input="".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events))
    assert r.exit_code == 0, r


def test_work_refs_skip_css_colours(home, inproc):
    css = ".card {\n  color: #888;\n  background: #232836;\n  border: 1px solid #333\n}\nbtn = \"#4a90e2\"\n"
    _ingest(inproc, home, [
        {"id": "w1", "ts": "2026-06-01T10:00:00Z", "project": "web", "session": "s1", "role": "user",
         "text": "Make the card darker."},
        {"id": "w2", "ts": "2026-06-01T10:01:00Z", "project": "web", "session": "s1", "role": "tool",
         "kind": "tool_result", "tool": "Read", "text": css},
        {"id": "w3", "ts": "2026-06-01T10:02:00Z", "project": "web", "session": "s1", "role": "tool",
         "kind": "tool_result", "tool": "Bash", "text": "pushed; this closes #42 (see PR #7)"},
    ])
    r = inproc("--home", home.root, "work", "--project", "web", "--json")
    assert r.exit_code == 0, r
    issues = sorted(x["value"] for x in json.loads(r.stdout)["refs"] if x["kind"] == "issue")
    assert issues == ["#42", "PR #7"], issues
    r = inproc("--home", home.root, "context", "--project", "web", "--session", "s1", "--now", "2026-06-01")
    assert "#888" not in r.stdout.split("## Recent turns")[0] and "#232836" not in r.stdout.split("## Recent turns")[0]


# -- item 5: remember keeps the user's text ---------------------------------------------

def test_remember_keeps_the_users_text(home, inproc):
    text = "invoice-app deploys go out on Tuesdays only"
    r = inproc("--home", home.root, "remember", text, "--project", "invoicer")
    assert r.exit_code == 0, r
    assert r.stdout.rstrip("\n").endswith("\t" + text), r.stdout
    path = home.root / r.stdout.split("\t")[1]
    body = path.read_text(encoding="utf-8")
    assert f'title: "{text}"' in body and f"# {text}\n" in body and f"\n{text}\n" in body
    assert "Invoice-app" not in body
    inproc("--home", home.root, "remember", text, "--project", "invoicer")  # strengthened: relinked
    line = [ln for ln in home.memory_md.read_text(encoding="utf-8").splitlines() if path.name in ln]
    assert line == [f"- [{text}](memory/{path.name}) — {text}"], line
    r = inproc("--home", home.root, "context", "--project", "invoicer")
    assert text in r.stdout and "Invoice-app" not in r.stdout


# -- item 1: a cron line that works under cron's PATH ----------------------------------

def test_cron_prints_a_line_that_runs_under_crons_path(sample_home, hm):
    r = hm("--home", sample_home.root, "cron")
    assert r.exit_code == 0, r
    line = r.stdout.strip()
    assert re.match(r"^\*/15 \* \* \* \* /\S+ --home /\S+ heartbeat >> /\S+/\.holonmem/logs/cron\.log 2>&1$", line), line
    command = line.split(None, 5)[5]
    p = subprocess.run(["sh", "-c", command], env={"PATH": "/usr/bin:/bin", "HOME": str(sample_home.root)},
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
    log = (sample_home.root / ".holonmem" / "logs" / "cron.log").read_text(encoding="utf-8")
    assert p.returncode == 0, (p.returncode, log)
    assert "heartbeat: ran" in log and list((sample_home.root / "episodes").glob("*.md")), log
    assert hm("--home", sample_home.root, "cron", "--every", "5").stdout.startswith("*/5 * * * * ")


# -- item 12: a new session gets durable memory and relevant episodes, not old raw turns ----

SHANGHAI = "plan a two-day family trip to Shanghai"


def _travel(hm, home, *args):
    r = hm("--home", home.root, "context", "--project", "travel-agent", "--task", SHANGHAI, *args)
    assert r.exit_code == 0, r
    return r.stdout


def test_new_session_gets_memory_and_episodes_not_old_turns(dreamed_sample_home, inproc):
    sample_home = dreamed_sample_home
    out = _travel(inproc, sample_home, "--now", "2026-11-25")  # five months after the last session
    assert "## Recent turns" not in out and "G651" not in out
    eps = out.split("## Relevant episodes")[1].split("\n## ")[0]
    assert "episode:2026-06-20#" in eps and "episode:2026-06-10#" in eps  # Xi'an and Beijing
    assert "## Long-term memory" in out and "订酒店都要先确认可以免费取消" in out
    # the same session continues, whenever it is asked for
    out = _travel(inproc, sample_home, "--now", "2026-11-25", "--session", "s_0620_travel_xian")
    assert "Session s_0620_travel_xian, oldest first." in out and "G651" in out
    # the project's last session continues within [context] continue_hours (12) of now
    out = _travel(inproc, sample_home, "--now", "2026-06-20T22:00:00+08:00")
    assert "Session s_0620_travel_xian, oldest first." in out
    out = _travel(inproc, sample_home, "--now", "2026-06-21T12:00:00+08:00")
    assert "## Recent turns" not in out
    (sample_home.root / "holonmem.toml").write_text("[context]\ncontinue_hours = 48\n", encoding="utf-8")
    assert "Session s_0620_travel_xian" in _travel(inproc, sample_home, "--now", "2026-06-21T12:00:00+08:00")
    (sample_home.root / "holonmem.toml").write_text("[context]\ncontinue_hours = \"soon\"\n", encoding="utf-8")
    r = inproc("--home", sample_home.root, "context", "--project", "travel-agent")
    assert r.exit_code != 0
    _one_error(r)
    assert "continue_hours" in r.stderr


# -- item 7: recent turns in time order, named after their session; todo results readable;
#    the same episode twice is shown once -------------------------------------------------

def test_recent_turns_time_order_label_todos_and_twin_episodes(home, inproc, tmp_path):
    ev = lambda i, ts, role, text, **kw: {"id": f"e{i}", "ts": f"2026-06-01T{ts}:00Z", "project": "p",
                                           "session": kw.pop("session", "A"), "role": role, "text": text, **kw}
    main = [ev(1, "10:00", "user", "Refactor the parser please."),
            ev(2, "10:01", "assistant", "Starting with the tokenizer."),
            ev(5, "10:06", "assistant", "Parser refactor done."),
            ev(6, "10:07", "assistant", "", kind="tool_call", tool="TodoWrite",
               meta={"input": {"todos": [{"content": "a", "status": "completed"}, {"content": "b", "status": "pending"}]}}),
            ev(7, "10:07", "tool", json.dumps({"oldTodos": [], "newTodos": [
                {"content": "a", "status": "completed", "activeForm": "A"},
                {"content": "b", "status": "pending", "activeForm": "B"}]}), kind="tool_result", tool="TodoWrite")]
    sub = [ev(3, "10:02", "assistant", "Subagent: the tokenizer has three callers."),
           ev(4, "10:03", "assistant", "Subagent: callers updated.")]
    _ingest(inproc, home, main)
    _ingest(inproc, home, sub)  # a subagent's file ingested later
    _ingest(inproc, home, [ev(8, "10:30", "user", "And now the docs.", session="B")])
    r = inproc("--home", home.root, "context", "--project", "p", "--session", "B", "--now", "2026-06-01T11:00:00Z",
           "--budget", "4000")
    assert r.exit_code == 0, r
    recent = r.stdout.split("## Recent turns")[1]
    assert "Sessions A (earlier) and B, oldest first." in recent
    order = [recent.index(t) for t in ("Refactor the parser", "three callers", "callers updated",
                                       "Parser refactor done", "todo list updated", "And now the docs")]
    assert order == sorted(order), recent
    assert "todo list updated: 2 todos, 1 open" in recent and "newTodos" not in recent

    # two sessions doing the same thing make two identical episodes: shown once
    twin = [{"id": f"t{s}{i}", "ts": f"2026-06-0{d}T09:0{i}:00Z", "project": "q", "session": f"run{s}",
             "role": role, "text": text, **kw}
            for s, d in ((1, 2), (2, 3))
            for i, (role, text, kw) in enumerate([
                ("user", "run the tests", {}),
                ("assistant", "", {"kind": "tool_call", "tool": "Bash", "meta": {"input": {"command": "pytest -q"}}}),
                ("tool", "12 passed", {"kind": "tool_result", "tool": "Bash", "status": "ok"}),
                ("assistant", "All 12 tests pass.", {}),
                ("system", "", {"kind": "session_end"})])]
    _ingest(inproc, home, twin)
    assert inproc("--home", home.root, "consolidate").exit_code == 0
    r = inproc("--home", home.root, "context", "--project", "q", "--session", "new", "--now", "2026-07-01", "--budget", "4000")
    eps = r.stdout.split("## Relevant episodes")[1].split("\n## ")[0]
    assert eps.count("episode:") == 1, eps


# -- item 11: the docs say what remember and journal do -----------------------------------

def test_remember_scope_global_explains_and_a_global_memory_is_made_without_a_project(home, inproc):
    r = inproc("--home", home.root, "remember", "Answer in short bullets.", "--scope", "global")
    assert r.exit_code == 2
    _one_error(r)
    assert "without --project is global" in r.stderr
    r = inproc("--home", home.root, "remember", "Answer in short bullets.")
    assert r.exit_code == 0, r
    out = inproc("--home", home.root, "context", "--project", "anything").stdout
    assert "Answer in short bullets. (rule, global," in out
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "there is no `--scope global`" in readme and "--scope user|project|agent" in readme
    from holonmem.memory import SCOPES

    for scope in re.findall(r"--scope ([a-z]+(?:\|[a-z]+)*)", readme.replace("there is no `--scope global`", "")):
        assert set(scope.split("|")) <= set(SCOPES), scope


def test_journal_shows_what_the_readme_says(home, inproc):
    r = inproc("--home", home.root, "remember", "Always run ruff before committing.", "--project", "invoicer")
    path = home.root / r.stdout.split("\t")[1]
    path.write_text(path.read_text(encoding="utf-8").replace("Always run ruff", "Always run ruff and mypy"),
                    encoding="utf-8")  # an edit in an editor
    out = inproc("--home", home.root, "journal").stdout
    assert "Remember by hand" in out and "mypy" not in out
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    journal = readme.split("### `holonmem journal`")[1].split("###")[0]
    assert "`remember`" in journal and "is not journaled" in journal and "hand edits)" not in journal


# -- item 4: search on a terminal never cuts a ref -----------------------------------------

def _on_a_terminal(argv, columns: int = 120, *, stream: str = "stdout") -> tuple[int, str]:
    """Run the CLI with ``stream`` (stdout or stderr) on a pseudo-terminal: (exit code, what it showed)."""
    import pty
    import select

    master, slave = pty.openpty()
    other = subprocess.DEVNULL if stream == "stderr" else subprocess.PIPE
    p = subprocess.Popen([sys.executable, "-m", "holonmem", *map(str, argv)], stdin=subprocess.DEVNULL,
                         env={**os.environ, "COLUMNS": str(columns), "LINES": "50", "TERM": "xterm"},
                         **({"stdout": slave, "stderr": other} if stream == "stdout" else {"stdout": other, "stderr": slave}))
    os.close(slave)
    chunks = []
    while select.select([master], [], [], 300)[0]:
        try:
            data = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    code = p.wait(timeout=300)
    os.close(master)
    return code, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode("utf-8", "replace"))


def test_search_table_keeps_refs_whole(dreamed_sample_home, inproc):
    sample_home = dreamed_sample_home
    assert inproc("--home", sample_home.root, "index").exit_code == 0
    refs = [x["ref"] for x in json.loads(inproc("--home", sample_home.root, "search", "pnpm frontend invoicer",
                                            "--json").stdout)]
    assert any(r.startswith("memory:memory/") for r in refs), refs
    for columns in (80, 120):
        code, out = _on_a_terminal(["--home", sample_home.root, "search", "pnpm frontend invoicer"], columns)
        assert code == 0, out
        assert "…" not in "".join(ln for ln in out.splitlines() if "memory:" in ln or "event:" in ln)
        for ref in refs:
            assert ref in out, (columns, ref, out)


# -- item 9: consolidate's progress counts the work, not the bytes read ------------------

def test_consolidate_progress_counts_episodes_not_bytes(home, hm, tmp_path):
    big = tmp_path / "big.jsonl"
    with open(big, "w", encoding="utf-8") as fh:
        n = 0
        for s in range(160):  # 160 episodes of 4 turns: > 4 MB (the progress bar's threshold), little text
            for i in range(4):
                n += 1
                role = "user" if i % 2 == 0 else "assistant"
                text = "please run the test suite again." if role == "user" else "ran it; all good."
                fh.write(json.dumps({"id": f"b{n}", "ts": f"2026-05-{1 + s % 28:02d}T{6 + s % 14:02d}:{i:02d}:00Z",
                                     "project": "big", "session": f"s{s}", "role": role, "text": text,
                                     "meta": {"pad": f"{n:03x}" * 2400}}) + "\n")
    assert hm("--home", home.root, "ingest", "--no-fsync", big).exit_code == 0
    assert sum(p.stat().st_size for p in (home.root / "ledger").glob("*.jsonl")) > 4 * 1024 * 1024
    code, err = _on_a_terminal(["--home", home.root, "consolidate"], stream="stderr")
    assert code == 0, err
    counts = [(int(a), int(b)) for a, b in re.findall(r"episodes and signals .*?(\d+)/(\d+) episodes", err)]
    assert counts, err[-2000:]
    total = counts[-1][1]
    assert total >= 150 and any(0 < a < total for a, _ in counts), counts
    assert "reading the ledger" in err and err.index("reading the ledger") < err.index("episodes and signals")
    assert f"{total}/{total} episodes" in err  # the end of the work, not of the reading


# -- item 6: a memory edited by hand, then the instruction repeated --------------------------

def test_repeating_an_instruction_strengthens_a_hand_edited_memory(home, inproc):
    def said(session, day):
        _ingest(inproc, home, [{"role": "user", "text": "From now on, always run ruff before committing.",
                            "project": "invoicer", "session": session, "ts": f"2026-06-{day:02d}T10:00:00Z"}])
        assert inproc("--home", home.root, "consolidate", "--now", f"2026-06-{day + 1:02d}T00:00:00Z").exit_code == 0
        assert inproc("--home", home.root, "dream", "--force").exit_code == 0

    said("s1", 1)
    said("s2", 2)
    (path,) = (home.root / "memory").glob("invoicer-*.md")
    text = path.read_text(encoding="utf-8")
    statement = next(ln for ln in text.split("---", 2)[2].splitlines() if ln and not ln.startswith("#"))
    text = re.sub(r"(?m)^title: .*$", 'title: "Lint with ruff first"', text)
    text = re.sub(r"(?m)^# .*$", "# Lint with ruff first", text, count=1)
    path.write_text(text.replace(statement, "Run `ruff check` before each commit."), encoding="utf-8")
    said("s3", 5)
    assert sorted(p.name for p in (home.root / "memory").glob("invoicer-*.md")) == [path.name]
