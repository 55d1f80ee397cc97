"""The recipes in docs/clients.md, run for real: llm (with a stand-in `llm`
script that records its arguments and stdin), cron, and git sync across two
clones with merge=union."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from holonmem.formats.clean import digest
from conftest import CLIENT_SAMPLES, ROOT

DOCS = ROOT / "docs" / "clients.md"
VENV_BIN = Path(sys.executable).parent
Q = "Why does the PDF totals test fail?"
LLM_SF = 'holonmem context --task "$Q" > ctx.md && llm --sf ctx.md "$Q"'
LLM_S = 'llm -s "$(holonmem context --task "$Q")" "$Q"'

STAND_IN_LLM = """#!{python}
import json, os, sys
data = "" if sys.stdin is None or sys.stdin.isatty() else sys.stdin.read()
with open(os.environ["LLM_RECORD"], "a", encoding="utf-8") as fh:
    fh.write(json.dumps({{"argv": sys.argv[1:], "stdin": data}}) + "\\n")
print("stand-in answer")
"""


def docs() -> str:
    return DOCS.read_text(encoding="utf-8")


@pytest.fixture
def shell(tmp_path):
    """Run a bash snippet with a stand-in `llm` and the real `holonmem` on PATH."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    llm = bindir / "llm"
    llm.write_text(STAND_IN_LLM.format(python=sys.executable))
    llm.chmod(0o755)
    record = tmp_path / "llm_calls.jsonl"

    def run(script: str, *, cwd: Path, env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
        full = dict(os.environ)
        full["PATH"] = os.pathsep.join([str(bindir), str(VENV_BIN), full.get("PATH", "")])
        full["LLM_RECORD"] = str(record)
        full.update(env or {})
        return subprocess.run(["bash", "-c", script], cwd=cwd, env=full, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=timeout)

    def calls() -> list[dict]:
        return [json.loads(x) for x in record.read_text().splitlines()] if record.exists() else []

    run.calls = calls
    return run


def context_text(shell, home, cwd) -> str:
    r = shell('holonmem context --task "$Q"', cwd=cwd, env={"Q": Q, "HOLONMEM_HOME": str(home.root)})
    assert r.returncode == 0, r.stderr
    return r.stdout


# -- llm ------------------------------------------------------------------------------

def test_docs_show_both_llm_recipes_and_never_pipe_into_llm():
    text = docs()
    assert LLM_SF in text and LLM_S in text
    assert not re.search(r"holonmem context[^\n`]*\|\s*llm", text)


def test_llm_system_fragment_recipe(shell, sample_home, tmp_path):
    expected = context_text(shell, sample_home, tmp_path)
    r = shell(f'Q="{Q}"\n{LLM_SF}', cwd=tmp_path, env={"HOLONMEM_HOME": str(sample_home.root)})
    assert r.returncode == 0, r.stderr
    assert r.stdout == "stand-in answer\n"
    (call,) = shell.calls()
    assert call == {"argv": ["--sf", "ctx.md", Q], "stdin": ""}
    ctx = (tmp_path / "ctx.md").read_text(encoding="utf-8")
    assert ctx == expected  # deterministic: the same block both times
    assert ctx.startswith("<holonmem-context") and "</holonmem-context>" in ctx


def test_llm_system_prompt_recipe(shell, sample_home, tmp_path):
    expected = context_text(shell, sample_home, tmp_path)
    r = shell(f'Q="{Q}"\n{LLM_S}', cwd=tmp_path, env={"HOLONMEM_HOME": str(sample_home.root)})
    assert r.returncode == 0, r.stderr
    (call,) = shell.calls()
    assert call["stdin"] == ""
    assert call["argv"] == ["-s", expected.rstrip("\n"), Q]
    assert "invoicer" in call["argv"][1] or "holonmem memory" in call["argv"][1]


# -- cron -----------------------------------------------------------------------------

CRON_ENV = {"PATH": "/usr/bin:/bin", "SHELL": "/bin/sh", "LANG": "C.UTF-8"}  # what cron gives a job


def cron_line(home: Path) -> str:
    """What `holonmem cron` prints for ``home``; docs/clients.md shows the same line."""
    p = subprocess.run([str(VENV_BIN / "holonmem"), "--home", str(home), "cron"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    line = p.stdout.strip()
    shown = [ln for ln in docs().splitlines() if re.match(r"^[\d*/,\-]+ [\d*/,\-]+ [\d*/,\-]+ [\d*/,\-]+ [\d*/,\-]+ ", ln)]
    assert len(shown) == 1, "docs/clients.md should show exactly one crontab line"
    doc = shown[0].replace("/home/lin/holonmem/.venv/bin/holonmem", str(VENV_BIN / "holonmem"))
    assert doc.replace("/home/lin/agent_home", str(home.resolve())) == line, (shown[0], line)
    return line


def snapshot(root: Path) -> dict[str, bytes]:
    out = {}
    for rel in ("episodes", "memory", "journal"):
        for p in sorted((root / rel).rglob("*")):
            if p.is_file():
                out[str(p.relative_to(root))] = p.read_bytes()
    for rel in ("MEMORY.md", "signals.jsonl"):
        if (root / rel).exists():
            out[rel] = (root / rel).read_bytes()
    return out


def test_cron_line_runs_under_crons_path_and_overlaps_are_harmless(sample_home):
    from holonmem.locks import PIPELINE, home_lock

    command = cron_line(sample_home.root).split(None, 5)[5]
    before = snapshot(sample_home.root)

    # two overlapping runs under cron's bare environment: both exit 0, one works
    procs = [subprocess.Popen(["sh", "-c", command], env=CRON_ENV, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    codes = [p.wait(timeout=300) for p in procs]
    log = (sample_home.root / ".holonmem" / "logs" / "cron.log").read_text(encoding="utf-8")
    assert codes == [0, 0], log
    assert "not found" not in log and "heartbeat: ran" in log, log
    after = snapshot(sample_home.root)
    assert any(k.startswith("episodes/") for k in after) and after != before

    # a run while consolidate/dream holds the lock skips at once and writes nothing
    with home_lock(sample_home, PIPELINE, 0):
        p = subprocess.run(["sh", "-c", command], env=CRON_ENV, stdin=subprocess.DEVNULL, timeout=60)
    assert p.returncode == 0
    assert snapshot(sample_home.root) == after


# -- git ------------------------------------------------------------------------------

GIT_ENV = {
    "GIT_AUTHOR_NAME": "holonmem test", "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "holonmem test", "GIT_COMMITTER_EMAIL": "t@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def sync_line() -> str:
    (line,) = [ln for ln in docs().splitlines() if ln.startswith("cd ~/agent_home && git add -A")]
    return line


def ledger_ids(root: Path) -> list[str]:
    out = []
    for p in sorted((root / "ledger").glob("*.jsonl")):
        out.extend(json.loads(x)["id"] for x in p.read_text(encoding="utf-8").splitlines() if x.strip())
    return out


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_git_sync_two_machines_with_union_merge(shell, tmp_path, cli):
    origin, a, b = tmp_path / "origin.git", tmp_path / "machine_a", tmp_path / "machine_b"
    assert cli("init", a).exit_code == 0
    assert (a / ".gitattributes").read_text().count("merge=union") == 2
    assert cli("--home", a, "ingest", CLIENT_SAMPLES / "claude_hook_userpromptsubmit.json").exit_code == 0

    def git(script: str, cwd: Path) -> subprocess.CompletedProcess:
        r = shell(script, cwd=cwd, env=GIT_ENV)
        assert r.returncode == 0, r.stderr
        return r

    git(f"git init -q --bare {origin}", tmp_path)
    git(f"git init -q && git add -A && git commit -qm 'agent memory' && git remote add origin {origin} && git push -q -u origin HEAD", a)
    git(f"git clone -q {origin} {b}", tmp_path)
    tracked = git("git ls-files", b).stdout
    assert "ledger/" in tracked and ".holonmem" not in tracked

    # both machines record; one payload (the Stop hook) reaches both, at different points
    for f in ("claude_hook_stop.json", "claude_transcript.jsonl"):
        assert cli("--home", a, "ingest", CLIENT_SAMPLES / f).exit_code == 0
    for f in ("codex_rollout.jsonl", "claude_hook_stop.json"):
        assert cli("--home", b, "ingest", CLIENT_SAMPLES / f).exit_code == 0
    assert ".holonmem" not in git("git status --porcelain", b).stdout

    sync = sync_line()
    for machine in (a, b, a):  # A pushes; B merges A's lines and pushes; A fast-forwards
        git(sync.replace("cd ~/agent_home", f"cd {machine}"), tmp_path)

    for machine in (a, b):
        raw = b"".join(p.read_bytes() for p in (machine / "ledger").glob("*.jsonl"))
        assert b"<<<<<<<" not in raw and b">>>>>>>" not in raw
    ids_a, ids_b = ledger_ids(a), ledger_ids(b)
    assert sorted(ids_a) == sorted(ids_b)
    stop_id = "cc:7c1e9a42-5b3d-4f08-9e21-c4d7a86b13f0:a:" + digest(json.loads(
        (CLIENT_SAMPLES / "claude_hook_stop.json").read_text())["last_assistant_message"])
    assert ids_b.count(stop_id) == 2  # ingested on both machines at different places: two lines after the merge
    unique = set(ids_b)
    assert len(ids_b) == len(unique) + 1  # exactly the one event both machines ingested
    assert any(i.startswith("cx:") for i in unique) and any(":call:toolu_" in i for i in unique)

    # status notices the duplicate line; ingest keeps working and still skips known ids
    st = json.loads(cli("--home", b, "status", "--json").stdout)
    assert st["duplicate_lines"] == 1
    r = cli("--home", b, "ingest", "--json", CLIENT_SAMPLES / "claude_hook_stop.json")
    assert r.exit_code == 0 and json.loads(r.stdout)["duplicates"] == 1
    r = cli("--home", b, "get", f"event:{stop_id}")
    assert r.exit_code == 0 and "both PDF export tests pass" in r.stdout, r

    # doctor --fix keeps the first line of the id; the fix syncs like any other change
    cli("--home", b, "doctor", "--fix")
    ids_fixed = ledger_ids(b)
    assert sorted(ids_fixed) == sorted(unique)
    assert json.loads(cli("--home", b, "status", "--json").stdout)["duplicate_lines"] == 0
    for machine in (b, a):
        git(sync.replace("cd ~/agent_home", f"cd {machine}"), tmp_path)
    assert sorted(ledger_ids(a)) == sorted(unique)
