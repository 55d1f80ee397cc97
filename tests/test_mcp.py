"""`holonmem mcp`: the stdio MCP server, talked to with the SDK's own stdio client.

Every server here is the real CLI started as a subprocess (from the entry
`holonmem hook install` writes, or `python -m holonmem mcp`), on a home built
with the real CLI from tests/fixtures/mcp/events.jsonl.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from conftest import FIXTURES
from inproc_support import run_main

EVENTS = FIXTURES / "mcp" / "events.jsonl"
TOOLS = {"memory_search", "memory_get", "memory_context", "memory_remember"}
SERVER = [sys.executable, "-m", "holonmem"]


def run_cli(*args, env=None, input=None) -> subprocess.CompletedProcess:
    """The CLI in a subprocess, for an environment of its own (no SDK); the other commands (the
    home's setup, the answers a server's are compared with, a person's commands while it runs)
    go through main() in this process (``run_main``): the same output, without ~0.2 s of start."""
    return subprocess.run([*SERVER, *map(str, args)], capture_output=True, text=True, input=input,
                          env={**os.environ, **(env or {})}, timeout=120)


def build_home(root: Path) -> Path:
    """init → ingest → consolidate → dream → index, with the real CLI."""
    for args in (("init", root), ("--home", root, "ingest", EVENTS), ("--home", root, "consolidate"),
                 ("--home", root, "dream", "--force"), ("--home", root, "index")):
        p = run_main(*args)
        assert p.returncode == 0, (args, p.stderr)
    return root


@pytest.fixture(scope="module")
def built_home(tmp_path_factory) -> Path:
    return build_home(tmp_path_factory.mktemp("mcp") / "home")


@pytest.fixture
def mhome(built_home, tmp_path) -> Path:
    """A fresh copy of the home built once for this module (the CLI run per test would cost ~5 s)."""
    dst = tmp_path / "home"
    shutil.copytree(built_home, dst, symlinks=True)
    return dst


def talk(argv: list[str], calls: list, errlog: Path, env: dict | None = None):
    """Start the server, list its tools, make ``calls`` in one session; ``(tools, results)``.
    A call is ``(tool name, arguments)``, or a function run between two calls (e.g. the CLI
    changing the home while the server keeps running); results are the tool calls' only."""
    # imported here, not at the top: the SDK costs ~1.5 s of CPU to import, and every xdist
    # worker imports every test module to collect it, also the one that never runs these
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    async def go():
        params = StdioServerParameters(command=argv[0], args=argv[1:], env=env)
        with open(errlog, "w") as err, anyio.fail_after(180):
            async with stdio_client(params, errlog=err) as (r, w):
                async with ClientSession(r, w) as s:
                    await s.initialize()
                    tools = (await s.list_tools()).tools
                    results = []
                    for call in calls:
                        if callable(call):
                            await anyio.to_thread.run_sync(call)
                        else:
                            results.append(await s.call_tool(*call))
                    return tools, results

    return anyio.run(go)


def text_of(result) -> str:
    return "".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def signals(home: Path) -> list[dict]:
    return [json.loads(x) for x in (home / "signals.jsonl").read_text().splitlines() if x.strip()]


def test_the_installed_entry_serves_four_tools_that_answer_like_the_cli(mhome, tmp_path):
    proj = tmp_path / "proj"
    p = run_main("--home", mhome, "hook", "install", "claude", "--project-dir", proj, "--write")
    assert p.returncode == 0, p.stderr
    entry = json.loads((proj / ".mcp.json").read_text())["mcpServers"]["holonmem"]
    assert entry["type"] == "stdio" and entry["args"][-3:] == ["mcp", "--home", str(mhome)]
    hit = json.loads(run_main("--home", mhome, "search", "ruff commit", "--json").stdout)[0]
    calls = [
        ("memory_search", {"query": "ruff commit"}),
        ("memory_search", {"query": "red-eye flights", "project": "travel-agent", "kind": "event", "limit": 3}),
        ("memory_get", {"ref": hit["ref"]}),
        ("memory_get", {"ref": "event:conv-7:D1:3"}),
        ("memory_context", {"project": "invoicer", "task": "commit the PDF footer change", "budget": 800}),
        ("memory_get", {"ref": "event:no-such-id"}),
        ("memory_get", {"ref": "memory:../../etc/passwd"}),
        ("memory_get", {"ref": "bogus"}),
        ("memory_search", {"query": "ruff", "kind": "bogus"}),
        ("memory_search", {"query": "ruff", "limit": 500}),
        ("memory_context", {"budget": -5}),
        ("memory_search", {"query": "税号"}),  # still serving after the errors
    ]
    tools, res = talk([entry["command"], *entry["args"]], calls, tmp_path / "err.log")
    assert {t.name for t in tools} == TOOLS
    assert all(len(t.description) <= 160 for t in tools), [t.description for t in tools]
    props = {t.name: set(t.input_schema["properties"]) for t in tools}
    assert props == {"memory_search": {"query", "project", "kind", "limit"}, "memory_get": {"ref"},
                     "memory_context": {"project", "task", "budget"},
                     "memory_remember": {"statement", "project", "scope", "kind"}}

    search, travel, got, colon, ctx, *bad, zh = res
    assert not search.is_error and search.structured_content["results"][0]["ref"] == hit["ref"]
    first = search.structured_content["results"][0]
    assert set(first) >= {"ref", "kind", "title", "snippet", "date", "project"} and first["date"][:2] == "20"
    assert json.loads(text_of(search)) == search.structured_content
    found = travel.structured_content["results"]
    assert found[0]["ref"] == "event:conv-7:D1:3" and {r["kind"] for r in found} == {"event"}
    assert {r["project"] for r in found} == {"travel-agent"} and len(found) <= 3
    # memory_get is `holonmem get`, memory_context is `holonmem context` (the same bytes)
    assert hit["kind"] == "memory" and text_of(got) == (mhome / hit["ref"].split(":", 1)[1]).read_text()
    assert text_of(got) == run_main("--home", mhome, "get", hit["ref"]).stdout
    assert json.loads(text_of(colon))["id"] == "conv-7:D1:3"
    cli_ctx = run_main("--home", mhome, "context", "--project", "invoicer", "--task", "commit the PDF footer change",
                      "--budget", "800").stdout
    assert text_of(ctx) == cli_ctx and cli_ctx.startswith('<holonmem-context project="invoicer"')
    for r in bad:
        assert r.is_error, text_of(r)
        assert "Traceback" not in text_of(r)
    missing, escape, notref, badkind, biglimit, budget = bad
    assert text_of(missing).startswith("Error: no event with id 'no-such-id'") and "Hint:" in text_of(missing)
    assert text_of(escape).startswith("Error: ") and "escapes the home" in text_of(escape)
    assert text_of(notref).startswith("Error: not a ref")
    assert "kind" in text_of(badkind)
    assert text_of(biglimit).startswith("Error: limit must be between 1 and 50")
    assert text_of(budget).startswith("Error: --budget must be a positive number")
    assert not zh.is_error and any("税号" in r["snippet"] for r in zh.structured_content["results"])
    assert "Traceback" not in (tmp_path / "err.log").read_text()


def test_a_missing_home_is_an_error_result_and_the_server_keeps_serving(tmp_path):
    gone = tmp_path / "nowhere"
    calls = [("memory_search", {"query": "ruff"}), ("memory_context", {}),
             ("memory_remember", {"statement": "Always run ruff."})]
    tools, res = talk([*SERVER, "--home", str(gone), "mcp"], calls, tmp_path / "err.log")
    assert {t.name for t in tools} == TOOLS
    for r in res:
        assert r.is_error and text_of(r).startswith(f"Error: agent_home '{gone}' (from --home) does not exist")
        assert f"holonmem init {gone}" in text_of(r)
    assert not gone.exists()  # nothing was created on the way
    assert "Traceback" not in (tmp_path / "err.log").read_text()


def _rpc(i, method, params=None) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": i, "method": method, **({"params": params} if params else {})}) + "\n"


def test_stdout_carries_only_protocol_messages_even_with_debug_tracebacks(mhome, tmp_path):
    """Raw JSON-RPC on the pipe: with HOLONMEM_DEBUG=1 a failing tool prints its traceback, on
    stderr; every stdout line is a JSON-RPC message, one reply per request."""
    init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}
    requests = [_rpc(1, "initialize", init), json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n",
                _rpc(2, "tools/list"),
                _rpc(3, "tools/call", {"name": "memory_get", "arguments": {"ref": "event:nope"}}),
                _rpc(4, "tools/call", {"name": "memory_search", "arguments": {"query": "ruff"}}),
                _rpc(5, "tools/call", {"name": "memory_context", "arguments": {"project": "invoicer"}})]
    with open(tmp_path / "err.log", "w+") as err:
        proc = subprocess.Popen([*SERVER, "--home", str(mhome), "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=err, text=True, env={**os.environ, "HOLONMEM_DEBUG": "1"})
        lines = []
        try:
            for req in requests:
                proc.stdin.write(req)
                proc.stdin.flush()
                if '"id"' in req:  # wait for its reply: every line read must be a JSON-RPC message
                    while True:
                        lines.append(proc.stdout.readline())
                        msg = json.loads(lines[-1])
                        if msg.get("id") == json.loads(req)["id"]:
                            break
            proc.stdin.close()
            rest = proc.stdout.read()
            assert proc.wait(timeout=60) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
        err.seek(0)
        stderr = err.read()
    replies = [json.loads(line) for line in lines + rest.splitlines()]
    assert all(m["jsonrpc"] == "2.0" for m in replies)
    by_id = {m["id"]: m for m in replies if "id" in m}
    assert sorted(by_id) == [1, 2, 3, 4, 5]
    assert by_id[3]["result"]["isError"] is True
    assert by_id[4]["result"].get("isError") is not True and by_id[5]["result"].get("isError") is not True
    assert "Traceback" in stderr and "NotFound" in stderr  # the debug traceback went to stderr


CI = "The invoicer CI runs on Python 3.12"
ENGLISH = "Always answer in English, never in German."


def test_remember_proposes_a_signal_dream_never_promotes(mhome, tmp_path):
    before = {p.name for p in (mhome / "memory").iterdir()}
    (ruff,) = (mhome / "memory").glob("invoicer-always-run-ruff*.md")
    n_signals = len(signals(mhome))
    seen: dict = {}

    def person():
        """While the server runs: two forced dreams, then a person keeps one proposal and rejects another."""
        for _ in range(2):
            p = run_main("--home", mhome, "dream", "--force")
            assert p.returncode == 0, p.stderr
        seen["memory"] = {p.name for p in (mhome / "memory").iterdir()}
        seen["ruff"] = ruff.read_bytes()
        seen["status"] = {s["signal"]: s["status"] for s in signals(mhome) if s["type"] == "status"}
        seen["review"] = json.loads(run_main("--home", mhome, "review", "--json").stdout)
        ids = {s["statement"]: s["id"] for s in signals(mhome) if s["type"] == "signal"}
        assert run_main("--home", mhome, "promote", ids[CI]).returncode == 0
        assert run_main("--home", mhome, "reject", ids[ENGLISH]).returncode == 0
        later = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=45)).isoformat(timespec="seconds")
        p = run_main("--home", mhome, "dream", "--force", "--now", later)  # unreviewed for 45 days
        assert p.returncode == 0, p.stderr

    calls = [("memory_remember", {"statement": CI, "project": "invoicer", "kind": "fact"}),
             ("memory_remember", {"statement": CI, "project": "invoicer", "kind": "fact"}),
             ("memory_remember", {"statement": ENGLISH}),
             ("memory_remember", {"statement": "deploy key is ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "project": "invoicer"}),
             ("memory_remember", {"statement": "   "}),
             ("memory_remember", {"statement": "x", "scope": "project"}),
             ("memory_remember", {"statement": "Always run ruff check before every commit in invoicer.",
                                  "project": "invoicer"}),  # says what an active memory says
             person,
             ("memory_remember", {"statement": ENGLISH})]
    _, (first, again, user, secret, empty, noproj, same, redo) = talk([*SERVER, "--home", str(mhome), "mcp"], calls,
                                                                 tmp_path / "e.log")
    assert not first.is_error and first.structured_content["status"] == "pending"
    assert first.structured_content["written"] is True
    sid = first.structured_content["signal"]
    assert again.structured_content == {**again.structured_content, "signal": sid, "written": False}
    assert "already proposed" in again.structured_content["note"]
    assert empty.is_error and text_of(empty).startswith("Error: nothing to remember")
    assert noproj.is_error and "needs a project" in text_of(noproj)

    new = [s for s in signals(mhome)[n_signals:] if s["type"] == "signal"]
    assert len(new) == 4  # the repeat added nothing
    sig = next(s for s in new if s["id"] == sid)
    assert sig["trust"] == "agent-proposed" and sig["channels"] == ["agent_proposed"]
    assert sig["source_role"] == "assistant" and sig["evidence"] == [] and sig["extractor"] == "mcp"
    assert sig["scope"] == "project" and sig["project"] == "invoicer" and sig["kind"] == "fact"
    glob = next(s for s in new if s["id"] == user.structured_content["signal"])
    assert glob["scope"] == "user" and glob["project"] is None
    leaked = next(s for s in new if s["id"] == secret.structured_content["signal"])
    assert "ghp_" not in json.dumps(leaked) and "[REDACTED" in leaked["statement"]
    journal = "".join(p.read_text() for p in (mhome / "journal").glob("*.md"))
    assert f"pending signal `{sid}`" in journal and "not the user's own words" in journal
    assert "ghp_a1B2" not in journal

    # the dreams kept every proposal pending, wrote no memory for them, strengthened none
    assert seen["memory"] == before
    assert seen["ruff"] == ruff.read_bytes()
    assert all(s["id"] not in seen["status"] for s in new)
    group = next(g for g in seen["review"]["groups"] if sid in g["signals"])
    assert group["verdict"] == "waiting" and "a person's decision" in group["lacks"][0]

    # the person's promote kept it; their reject undid the other, which is not proposed again
    made = sorted({p.name for p in (mhome / "memory").iterdir()} - before)
    assert len(made) == 1 and "python-3-12" in made[0]
    assert "by_hand" in (mhome / "memory" / made[0]).read_text()
    assert f"memory/{made[0]}" in (mhome / "MEMORY.md").read_text()
    assert redo.structured_content["status"] == "rejected" and redo.structured_content["written"] is False
    # unreviewed, a proposal expires like any pending signal
    final = {s["signal"]: s["status"] for s in signals(mhome) if s["type"] == "status"}
    assert final[same.structured_content["signal"]] == "expired" and final[sid] == "promoted"
    assert ruff.read_bytes() == seen["ruff"]
    assert "Traceback" not in (tmp_path / "e.log").read_text()


def test_keep_setting_writes_the_memory_at_once_like_remember(mhome, tmp_path):
    cfg = mhome / "holonmem.toml"
    cfg.write_text(cfg.read_text() + '\n[mcp]\nremember = "keep"\n')
    statement = "Invoice numbers never reuse a cancelled number"
    kept_path: list[str] = []

    def undo_then_break_the_setting():
        """While the server runs: the memory is on disk now; forget it (the undo), then break the setting."""
        kept_path.extend(f"memory/{p.name}" for p in (mhome / "memory").glob("*.md") if statement in p.read_text())
        assert len(kept_path) == 1 and kept_path[0] in (mhome / "MEMORY.md").read_text()
        assert run_main("--home", mhome, "forget", kept_path[0]).returncode == 0
        cfg.write_text(cfg.read_text().replace('remember = "keep"', 'remember = "always"'))

    calls = [("memory_remember", {"statement": statement, "project": "invoicer"}),
             undo_then_break_the_setting,
             ("memory_remember", {"statement": statement, "project": "invoicer"})]
    _, (kept, bad) = talk([*SERVER, "--home", str(mhome), "mcp"], calls, tmp_path / "e.log")
    assert not kept.is_error, text_of(kept)
    out = kept.structured_content
    assert out["status"] == "kept" and out["memories"][0]["action"] == "create"
    path = out["memories"][0]["path"]
    assert kept_path == [path] and (mhome / path).is_file()
    assert path not in (mhome / "MEMORY.md").read_text()  # forgotten by the undo
    journal = "".join(p.read_text() for p in (mhome / "journal").glob("*.md"))
    assert "Remember by hand" in journal and f"Undo: `holonmem forget {path}`" in journal
    assert bad.is_error and "mcp.remember = 'always'" in text_of(bad)


# -- without the extra ----------------------------------------------------------------

def _without_sdk(tmp_path) -> dict:
    """An environment where `import mcp` fails as it does when the extra is not installed."""
    block = tmp_path / "block" / "mcp"
    block.mkdir(parents=True)
    (block / "__init__.py").write_text("raise ModuleNotFoundError(\"No module named 'mcp'\", name='mcp')\n")
    return {"PYTHONPATH": str(block.parent)}


def test_without_the_extra_mcp_exits_1_with_the_pip_command(mhome, tmp_path):
    env = _without_sdk(tmp_path)
    p = run_cli("--home", mhome, "mcp", env=env, input="")
    assert p.returncode == 1
    assert p.stdout == ""
    lines = p.stderr.splitlines()
    assert lines[0].startswith("Error: `holonmem mcp` needs the MCP Python SDK")
    assert lines[1] == f"Hint: install the extra: {sys.executable} -m pip install 'holonmem[mcp]'"
    assert "Traceback" not in p.stderr
    h = run_cli("mcp", "--help", env=env)
    assert h.returncode == 0 and "memory_search" in h.stdout
    p = run_cli("--home", mhome, "status", env=env)  # nothing else needs it
    assert p.returncode == 0, p.stderr


# -- imports ----------------------------------------------------------------------------

def _imported(args, input=None) -> set[str]:
    p = subprocess.run([sys.executable, "-X", "importtime", "-m", "holonmem", *map(str, args)], input=input,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    return {line.split("|")[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}


def test_per_turn_paths_never_import_the_sdk(mhome):
    payload = json.dumps({"hook_event_name": "UserPromptSubmit", "session_id": "s9", "cwd": str(mhome),
                          "prompt": "run ruff before the commit"})
    for args, stdin in ((("--home", mhome, "context", "--project", "invoicer", "--task", "ruff"), None),
                        (("hook", "claude", "--home", mhome), payload),
                        (("hook", "codex", "--home", mhome), payload),
                        (("--home", mhome, "ingest", "--role", "user"), "hello\n"),
                        (("--home", mhome, "search", "ruff"), None)):
        mods = _imported(args, stdin)
        assert not {m for m in mods if m.split(".")[0] in ("mcp", "mcp_types")}, args
        assert "holonmem.mcp_server" not in mods, args

# (that only mcp_server.py imports the SDK, and only inside a function: test_architecture.py, where
# the package is parsed once for all the import rules)
