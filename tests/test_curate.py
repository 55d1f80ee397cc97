"""remember / forget / restore and hand edits (issue 8), through the real CLI on real files."""

from __future__ import annotations

import json

import pytest

from holonmem.locks import PIPELINE, home_lock
from holonmem.memory import load_memories, load_memory
from holonmem.memory_index import managed_paths

RULE = "Always quote invoice totals with two decimals"


def _remember(cli, h, text, *args):
    r = cli("--home", h.root, "remember", text, *args, "--json")
    assert r.exit_code == 0, r
    return json.loads(r.stdout)


def _context(cli, h, project):
    r = cli("--home", h.root, "context", "--project", project)
    assert r.exit_code == 0, r
    return r.stdout


def test_remember_forget_restore_round_trip(sample_home, cli):
    h = sample_home
    assert RULE not in _context(cli, h, "invoicer")
    out = _remember(cli, h, RULE, "--project", "invoicer")
    (m,) = out["memories"]
    assert m["action"] == "create" and m["status"] == "active"
    path = m["path"]
    mem = load_memory(h, path)
    assert mem.statement == RULE and mem.project == "invoicer" and mem.kind == "rule" and mem.scope == "project"
    assert "by_hand" in mem.channels
    assert path in managed_paths(h.memory_md.read_text())
    # effective at once: the very next context shows it
    assert RULE in _context(cli, h, "invoicer")
    # forget: archived, off MEMORY.md, out of the context; the file is still there
    r = cli("--home", h.root, "forget", f"memory:{path}")
    assert r.exit_code == 0, r
    assert RULE not in _context(cli, h, "invoicer")
    assert (h.root / path).exists() and load_memory(h, path).status == "archived"
    assert path not in managed_paths(h.memory_md.read_text())
    # restore by slug: back in both
    r = cli("--home", h.root, "restore", mem.slug)
    assert r.exit_code == 0, r
    assert RULE in _context(cli, h, "invoicer")
    assert load_memory(h, path).status == "active" and path in managed_paths(h.memory_md.read_text())
    journal = (h.root / out["journal"]).read_text()
    assert "Remember by hand" in journal and "Forget by hand" in journal and "Restore by hand" in journal
    assert journal.count(path) >= 3
    # the hand-written line of the sample MEMORY.md stayed through all of it
    assert "- Ask me before booking anything over ¥5,000." in h.memory_md.read_text()


@pytest.mark.parametrize("form", ["memory:{path}", "{path}", "{slug}", "{slug}.md", "{id}"])
def test_forget_accepts_every_ref_form(home, cli, form):
    out = _remember(cli, home, "Prefer tabs over spaces in Makefiles", "--kind", "preference")
    mem = load_memory(home, out["memories"][0]["path"])
    ref = form.format(path=mem.path, slug=mem.slug, id=mem.id)
    r = cli("--home", home.root, "forget", ref)
    assert r.exit_code == 0, r
    assert load_memory(home, mem.path).status == "archived"


def test_forget_errors(home, cli):
    out = _remember(cli, home, "Keep commits small")
    path = out["memories"][0]["path"]
    assert cli("--home", home.root, "forget", path).exit_code == 0
    r = cli("--home", home.root, "forget", path)
    assert r.exit_code == 1 and "already archived" in r.stderr and "restore" in r.stderr
    r = cli("--home", home.root, "forget", "memory/nope.md")
    assert r.exit_code == 1 and "no memory" in r.stderr
    r = cli("--home", home.root, "forget", "memory/operator.md")
    assert r.exit_code == 2 and "people" in r.stderr
    r = cli("--home", home.root, "remember", "x", "--scope", "project")
    assert r.exit_code == 2 and "--project" in r.stderr
    r = cli("--home", home.root, "remember", "   ")
    assert r.exit_code == 2
    r = cli("--home", home.root, "remember", "x", "--kind", "wish")
    assert r.exit_code == 2 and "--kind" in r.stderr


def test_remember_twice_strengthens_instead_of_a_twin(home, cli):
    a = _remember(cli, home, "Always run ruff check before committing", "--project", "invoicer")
    b = _remember(cli, home, "Always run ruff check before committing", "--project", "invoicer")
    assert b["memories"][0]["action"] == "strengthen"
    assert b["memories"][0]["path"] == a["memories"][0]["path"]
    assert len(load_memories(home)) == 1


def test_remember_supersedes_a_contradicted_memory(home, cli):
    old = _remember(cli, home, "For the invoicer frontend, use npm.", "--project", "invoicer")["memories"][0]["path"]
    new = _remember(cli, home, "From now on use pnpm instead of npm for the invoicer frontend.", "--project", "invoicer")
    actions = {m["path"]: m["action"] for m in new["memories"]}
    assert actions[old] == "supersede"
    assert load_memory(home, old).status == "superseded"
    paths = managed_paths(home.memory_md.read_text())
    assert old not in paths and len(paths) == 1
    ctx = _context(cli, home, "invoicer")
    assert "pnpm" in ctx and "For the invoicer frontend, use npm" not in ctx


def test_remember_redacts_secrets(home, cli):
    out = _remember(cli, home, "The staging password=hunter2xyz is for the CI user only")
    text = (home.root / out["memories"][0]["path"]).read_text()
    assert "hunter2xyz" not in text and "REDACTED" in text


def test_forget_changes_only_status_lines(home, cli):
    out = _remember(cli, home, "Dates are written as YYYY-MM-DD")
    path = home.root / out["memories"][0]["path"]
    before = path.read_text().splitlines()
    assert cli("--home", home.root, "forget", out["memories"][0]["path"]).exit_code == 0
    after = path.read_text().splitlines()
    assert len(before) == len(after)
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    keys = {a.split(":")[0] for a, _ in changed}
    assert "status" in keys and keys <= {"status", "updated", "written"}  # (updated: same second or not; written: the marker)


def test_remember_waits_for_the_pipeline_lock(home, cli):
    with home_lock(home, PIPELINE, 1):
        r = cli("--home", home.root, "remember", "Something", "--timeout", "0")
    assert r.exit_code == 75 and "locked" in r.stderr
    assert load_memories(home) == []


# -- hand edits are first-class -----------------------------------------------------

def test_hand_edited_statement_and_status_are_picked_up(home, cli):
    out = _remember(cli, home, "Deploy invoicer on Tuesdays", "--project", "invoicer")
    p = home.root / out["memories"][0]["path"]
    text = p.read_text()
    assert "\n\nDeploy invoicer on Tuesdays\n\n**Why:**" in text
    p.write_text(text.replace("\n\nDeploy invoicer on Tuesdays\n\n**Why:**", "\n\nDeploy invoicer on Wednesdays\n\n**Why:**"))
    ctx = _context(cli, home, "invoicer")
    assert "Wednesdays" in ctx and "Tuesdays" not in ctx
    r = cli("--home", home.root, "search", "Wednesdays", "--json")
    assert any(x["ref"] == "memory:" + out["memories"][0]["path"] for x in json.loads(r.stdout))
    p.write_text(p.read_text().replace("status: active", "status: archived"))
    assert "Wednesdays" not in _context(cli, home, "invoicer")
    p.write_text(p.read_text().replace("status: archived", "status: active").replace("project: invoicer", "project: other"))
    assert "Wednesdays" not in _context(cli, home, "invoicer")
    assert "Wednesdays" in _context(cli, home, "other")


def test_hand_added_memory_with_title_and_body_only(home, cli):
    (home.memory_dir / "coffee.md").write_text("# Coffee order\n\nLin drinks his coffee black, no sugar.\n")
    (mem,) = load_memories(home)
    assert mem.title == "Coffee order" and mem.status == "active" and {"id", "kind", "created"} <= set(mem.filled)
    assert "coffee black" in _context(cli, home, "default")
    r = cli("--home", home.root, "doctor", "--json")
    found = [f for f in json.loads(r.stdout)["findings"] if f["file"] == "memory/coffee.md" and f["check"] == "frontmatter"]
    assert found and "kind=fact" in found[0]["problem"] and "status=active" in found[0]["problem"]
    # forget works on it too, and keeps the body byte for byte
    assert cli("--home", home.root, "forget", "coffee").exit_code == 0
    text = (home.memory_dir / "coffee.md").read_text()
    assert text.endswith("# Coffee order\n\nLin drinks his coffee black, no sugar.\n") and "status: archived" in text


def test_hand_written_memory_md_lines_stay(home, cli):
    home.memory_md.write_text(home.memory_md.read_text() + "\n- Lin's birthday is in March (hand note)\n")
    out = _remember(cli, home, "Use metric units")
    assert cli("--home", home.root, "forget", out["memories"][0]["path"]).exit_code == 0
    assert "- Lin's birthday is in March (hand note)" in home.memory_md.read_text()


def test_round_trip_through_the_real_cli_process(home, hm):
    """The same acceptance through `python -m holonmem` (context answers on its fast path there)."""
    r = hm("--home", home.root, "remember", "Ship releases on Mondays only", "--project", "shop")
    assert r.exit_code == 0, r
    path = r.stdout.split("\t")[1]
    assert "Ship releases on Mondays only" in hm("--home", home.root, "context", "--project", "shop").stdout
    assert hm("--home", home.root, "forget", path).exit_code == 0
    assert "Ship releases on Mondays only" not in hm("--home", home.root, "context", "--project", "shop").stdout
    assert (home.root / path).exists()
    assert hm("--home", home.root, "restore", path).exit_code == 0
    assert "Ship releases on Mondays only" in hm("--home", home.root, "context", "--project", "shop").stdout


def test_restoring_a_superseded_memory_supersedes_what_replaced_it(home, cli):
    old = _remember(cli, home, "For the invoicer frontend, use npm.", "--project", "invoicer")["memories"][0]["path"]
    new = _remember(cli, home, "From now on use pnpm instead of npm for the invoicer frontend.", "--project", "invoicer")
    newer = next(m["path"] for m in new["memories"] if m["action"] != "supersede")
    assert load_memory(home, old).status == "superseded"
    r = cli("--home", home.root, "restore", old, "--json")
    assert r.exit_code == 0, r
    actions = {m["path"]: (m["action"], m["status"]) for m in json.loads(r.stdout)["memories"]}
    assert actions == {old: ("restore", "active"), newer: ("supersede", "superseded")}
    a, b = load_memory(home, old), load_memory(home, newer)
    assert a.status == "active" and b.status == "superseded"
    assert b.id in a.supersedes and a.id in b.superseded_by and a.id not in b.supersedes and not a.superseded_by
    assert "Restored by hand over" in a.body and "restored by hand" in b.body
    assert managed_paths(home.memory_md.read_text()) == [old]
    ctx = _context(cli, home, "invoicer")
    assert "use npm" in ctx and "pnpm instead of npm" not in ctx
    assert "it had superseded" in (home.root / json.loads(r.stdout)["journal"]).read_text()
    # and back again: restoring the newer one flips it once more
    r = cli("--home", home.root, "restore", newer)
    assert r.exit_code == 0, r
    assert load_memory(home, newer).status == "active" and load_memory(home, old).status == "superseded"
    assert managed_paths(home.memory_md.read_text()) == [newer]
