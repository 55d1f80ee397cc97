"""Issue 4 acceptance on the sample home: ingest -> consolidate -> dream --force (and --dry-run, --undo)."""

from __future__ import annotations

import json

import pytest
from dream_support import diff, snapshot

from holonmem import signalstore
from holonmem.memory import load_memories
from holonmem.memory_index import managed_paths

INSTRUCTIONS = {  # event -> project (None = about the user, global)
    "evt_0046": "invoicer", "evt_0066": "invoicer", "evt_0070": "invoicer", "evt_0157": "holonmem-dev",
    "evt_0012": "travel-agent", "evt_0017": "travel-agent", "evt_0122": "invoicer", "evt_0149": None,
}
NEVER = ["evt_0001", "evt_0002", "evt_0026", "evt_0045", "evt_0055", "evt_0115", "evt_0119", "evt_0177", "evt_0189",
         "evt_0072", "evt_0014", "evt_0059", "evt_0020", "evt_0098", "evt_0105", "evt_0109", "evt_0176", "evt_0165"]


@pytest.fixture
def dreamt(sample_home, cli):
    r = cli("consolidate", "--home", sample_home.root)
    assert r.exit_code == 0, r
    before = snapshot(sample_home.root)
    dry = cli("dream", "--home", sample_home.root, "--force", "--dry-run")
    assert dry.exit_code == 0 and "(dry run)" in dry.stdout
    assert diff(before, snapshot(sample_home.root)) == set()  # --dry-run changes no byte
    r = cli("dream", "--home", sample_home.root, "--force", "--json")
    assert r.exit_code == 0, r
    return sample_home, json.loads(r.stdout), before


def by_evidence(home):
    out = {}
    for m in load_memories(home):
        for e in m.evidence:
            out.setdefault(e, []).append(m)
    return out


def test_sample_home_dream_outcomes(dreamt):
    home, out, _ = dreamt
    ev = by_evidence(home)
    index = managed_paths(home.memory_md.read_text())
    journal = (home.root / out["journal"]).read_text()
    # the failure -> fix lesson seen in two sessions: one memory, both failures as evidence
    (lesson,) = ev["evt_0038"]
    assert [m.path for m in ev["evt_0128"]] == [lesson.path]
    assert lesson.kind == "lesson" and lesson.project == "invoicer" and lesson.status == "active"
    assert {"repeated_across_sessions", "tool_failure_evidence"} <= set(lesson.channels)
    assert {"s_0611_invoicer_rounding", "s_0616_invoicer_pdf"} <= set(lesson.sessions)
    assert "pip install -e ." in lesson.body and lesson.path in index
    # explicit instructions: memories with evidence, carrying their project
    for evt, project in INSTRUCTIONS.items():
        (m,) = [m for m in ev.get(evt, []) if m.status == "active"]
        assert m.project == project, (evt, m.project)
        assert m.scope == ("user" if project is None else "project")
        assert m.path in index and m.path in journal
    # chit-chat, slips, one-off details, the untrusted instruction, the secret: never
    for evt in NEVER:
        assert evt not in ev, evt
    for m in load_memories(home):
        assert "hunter2" not in (home.root / m.path).read_text()
        assert "api key" not in m.statement.lower() and "密码发给客服" not in m.statement
    # npm -> pnpm: the newer is active, the older superseded, linked both ways, kept on disk
    (old,), (new,) = ev["evt_0051"], ev["evt_0137"]
    assert (old.status, new.status) == ("superseded", "active")
    assert old.superseded_by == [new.id] and new.supersedes == [old.id]
    assert old.path not in index and (home.root / old.path).exists()
    assert "contradiction" in journal and old.path in journal
    # repeated facts in two sessions: one memory each
    assert len(ev["evt_0053"]) == 1 and ev["evt_0053"][0].path == ev["evt_0141"][0].path
    # everything promoted is marked, after the files were written; weak preferences wait
    st = signalstore.load(home)
    for m in load_memories(home):
        assert m.run == out["run"]
    pending = [s for s in st.pending()]
    assert all(s["kind"] == "preference" for s in pending)
    for s in pending:
        assert s["id"] in journal


def test_sample_home_undo_is_byte_for_byte(dreamt, cli):
    home, out, before = dreamt
    r = cli("dream", "--home", home.root, "--undo", out["run"])
    assert r.exit_code == 0, r
    changed = diff(before, snapshot(home.root))
    assert changed == {out["journal"]}
    assert "Undo of dream run" in (home.root / out["journal"]).read_text()
