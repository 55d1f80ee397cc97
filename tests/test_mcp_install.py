"""The MCP part of `holonmem hook install claude|codex`: printed by default, merged with --write
(a .bak kept, other servers and a person's formatting kept, installing twice adds nothing).
Every run is the real CLI through main() in this process (``inproc``: what it prints and writes is
the point); $HOME is tmp_path/user (conftest)."""

from __future__ import annotations

import json
import tomllib


def test_print_mode_offers_the_mcp_entry_and_keeps_stdout_the_hooks_json(inproc, home, tmp_path):
    r = inproc("--home", home.root, "hook", "install", "claude")
    assert r.exit_code == 0, r
    assert set(json.loads(r.stdout)) == {"hooks"}  # stdout stays one JSON document
    assert "claude mcp add --scope user holonmem -- " in r.stderr
    assert f"mcp --home {home.root}" in r.stderr
    r = inproc("--home", home.root, "hook", "install", "codex", env={"CODEX_HOME": str(tmp_path / "cx")})
    assert r.exit_code == 0, r
    assert f"add this to {tmp_path / 'cx' / 'config.toml'}:" in r.stderr
    table = r.stderr[r.stderr.index("[mcp_servers.holonmem]"):]
    entry = tomllib.loads(table.split("\n\n")[0])["mcp_servers"]["holonmem"]
    assert entry["args"][-3:] == ["mcp", "--home", str(home.root)]
    assert "codex mcp add holonmem -- " in r.stderr
    assert not (tmp_path / "cx").exists() and not (tmp_path / "user" / ".claude").exists()  # nothing written


def test_claude_write_merges_mcp_json_keeping_other_servers_and_a_backup(inproc, home, tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    mine = {"mcpServers": {"github": {"command": "gh-mcp", "args": ["--ro"]}}, "extra": [1, 2]}
    original = json.dumps(mine, indent=4).encode()
    (proj / ".mcp.json").write_bytes(original)
    r = inproc("--home", home.root, "hook", "install", "claude", "--project-dir", proj, "--write", "--json")
    assert r.exit_code == 0, r
    info = json.loads(r.stdout)["mcp"]
    assert info["added"] == 1 and info["path"] == str(proj / ".mcp.json") and info["backup"] == str(proj / ".mcp.json.bak")
    merged = json.loads((proj / ".mcp.json").read_text())
    assert merged["extra"] == [1, 2] and merged["mcpServers"]["github"] == mine["mcpServers"]["github"]
    ours = merged["mcpServers"]["holonmem"]
    assert ours["type"] == "stdio" and ours["args"][-3:] == ["mcp", "--home", str(home.root)]
    assert (proj / ".mcp.json.bak").read_bytes() == original
    after = (proj / ".mcp.json").read_bytes()
    r = inproc("--home", home.root, "hook", "install", "claude", "--project-dir", proj, "--write")
    assert r.exit_code == 0 and "MCP server already in" in r.stderr
    assert (proj / ".mcp.json").read_bytes() == after


def test_claude_user_scope_is_not_written_but_named(inproc, home, tmp_path):
    r = inproc("--home", home.root, "hook", "install", "claude", "--write")
    assert r.exit_code == 0, r
    assert "not written: Claude Code keeps user-scope MCP servers in ~/.claude.json" in r.stderr
    assert "claude mcp add --scope user holonmem" in r.stderr
    assert not (tmp_path / "user" / ".claude.json").exists()
    assert (tmp_path / "user" / ".claude" / "settings.json").exists()  # the hooks still went in


def test_a_foreign_server_named_holonmem_is_left_alone(inproc, home, tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    theirs = {"mcpServers": {"holonmem": {"command": "something-else"}}}
    (proj / ".mcp.json").write_text(json.dumps(theirs))
    r = inproc("--home", home.root, "hook", "install", "claude", "--project-dir", proj, "--write")
    assert r.exit_code == 0, r
    assert "an MCP server named 'holonmem' is there already; left alone" in r.stderr
    assert json.loads((proj / ".mcp.json").read_text()) == theirs
    assert not (proj / ".mcp.json.bak").exists()


def test_codex_write_appends_to_config_toml_keeping_the_file_byte_for_byte(inproc, home, tmp_path):
    cx = tmp_path / "cx"
    cx.mkdir()
    original = 'model = "o3"  # my model\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n\n[profiles.fast]\nmodel = "mini"\n'
    (cx / "config.toml").write_text(original)
    env = {"CODEX_HOME": str(cx)}
    r = inproc("--home", home.root, "hook", "install", "codex", "--write", env=env)
    assert r.exit_code == 0, r
    assert f"added the holonmem MCP server to {cx / 'config.toml'} (backup: {cx / 'config.toml.bak'})" in r.stderr
    text = (cx / "config.toml").read_text()
    assert text.startswith(original)  # comments, order and spacing untouched
    cfg = tomllib.loads(text)
    assert cfg["model"] == "o3" and cfg["profiles"]["fast"]["model"] == "mini"
    assert cfg["mcp_servers"]["docs"] == {"command": "docs-mcp"}
    assert cfg["mcp_servers"]["holonmem"]["args"][-3:] == ["mcp", "--home", str(home.root)]
    assert (cx / "config.toml.bak").read_text() == original
    assert (cx / "hooks.json").exists()
    r = inproc("--home", home.root, "hook", "install", "codex", "--write", env=env)
    assert r.exit_code == 0 and "MCP server already in" in r.stderr
    assert (cx / "config.toml").read_text() == text


def test_codex_project_config_and_refusals(inproc, home, tmp_path):
    proj = tmp_path / "proj"
    r = inproc("--home", home.root, "hook", "install", "codex", "--project-dir", proj, "--write")
    assert r.exit_code == 0, r
    assert tomllib.loads((proj / ".codex" / "config.toml").read_text())["mcp_servers"]["holonmem"]["command"]

    for bad, why in (("model = \n", "not valid TOML"),
                     ('mcp_servers = { docs = { command = "d" } }\n', "inline table")):
        other = tmp_path / f"p{len(why)}"
        (other / ".codex").mkdir(parents=True)
        (other / ".codex" / "config.toml").write_text(bad)
        r = inproc("--home", home.root, "hook", "install", "codex", "--project-dir", other, "--write")
        assert r.exit_code == 1, r
        assert r.stderr.startswith("Error: ") and why in r.stderr and "Traceback" not in r.stderr
        assert (other / ".codex" / "config.toml").read_text() == bad  # untouched
        assert not (other / ".codex" / "config.toml.bak").exists()
        assert not (other / ".codex" / "hooks.json").exists()  # refused before anything was written


def test_the_client_snippets_in_docs_clients_are_what_install_writes():
    """docs/clients.md's MCP section: each client's snippet is the entry hook install builds
    (with `holonmem` on PATH), and the one-liners are the ones it prints."""
    import re
    from unittest import mock

    from conftest import ROOT
    from holonmem import hooks

    doc = (ROOT / "docs" / "clients.md").read_text(encoding="utf-8")
    section = doc[doc.index("## MCP server: `holonmem mcp`"):doc.index("## Recipe: context for `llm`")]
    blocks = re.findall(r"```(json|toml)\n(.*?)```", section, re.S)
    assert [k for k, _ in blocks] == ["json", "toml", "json"]  # Claude Code, Codex, Cursor
    home = "/home/dana/agent_home"
    with mock.patch("shutil.which", return_value="/usr/bin/holonmem"):  # `holonmem` on PATH
        claude, codex = hooks.mcp_snippet("claude", home), hooks.mcp_snippet("codex", home)
        lines = [hooks.mcp_add_command(c, home) for c in ("claude", "codex")]
    assert json.loads(blocks[0][1]) == claude
    assert tomllib.loads(blocks[1][1]) == tomllib.loads(codex)
    cursor = json.loads(blocks[2][1])["mcpServers"]["holonmem"]
    assert cursor == {k: v for k, v in claude["mcpServers"]["holonmem"].items() if k != "type"}
    for line in lines:
        assert line.replace(home, "~/agent_home") in section
