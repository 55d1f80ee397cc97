"""The pure parts of `holonmem sync`: merging by meaning, folding memories, the checkpoint carry-over."""

from __future__ import annotations

import json

from holonmem import sync as P
from holonmem import sync_merge as M
from holonmem.memory import new_memory, parse_memory, render_memory, stamp_state


def _ev(i, session="s1"):
    return json.dumps({"id": f"e{i}", "ts": "2026-06-10T09:00:00+00:00", "project": "p", "session": session,
                       "role": "user", "text": f"t{i}"}) + "\n"


def test_ledger_union_keeps_our_bytes_first_and_each_event_once():
    base = _ev(1)
    ours = base + _ev(2) + _ev(3)
    theirs = base + _ev(3) + _ev(4) + _ev(4)  # e3 ingested on both machines, e4 duplicated by a union merge
    out = M.merge_jsonl(base.encode(), ours.encode(), theirs.encode(), M.event_key).decode()
    assert out.startswith(ours)  # this machine's checkpoint offsets stay valid
    assert [json.loads(ln)["id"] for ln in out.splitlines()] == ["e1", "e2", "e3", "e4"]
    # conflict markers an earlier text merge left are dropped, never carried on
    dirty = ours + "<<<<<<< HEAD\n" + _ev(5) + "=======\n>>>>>>> x\n"
    assert "<<<" not in M.merge_jsonl(base.encode(), dirty.encode(), theirs.encode(), M.event_key).decode()


def test_signals_dedupe_signal_ids_and_identical_status_lines():
    sig = json.dumps({"type": "signal", "id": "sig_1", "statement": "x"}) + "\n"
    st_a = json.dumps({"type": "status", "signal": "sig_1", "status": "promoted", "run": "a"}) + "\n"
    st_b = json.dumps({"type": "status", "signal": "sig_1", "status": "promoted", "run": "b"}) + "\n"
    out = M.merge_jsonl(b"", (sig + st_a).encode(), (sig + st_a + st_b).encode(), M.signal_key).decode()
    assert out == sig + st_a + st_b


def _day(*sections):
    head = "# Episodes 2026-06-10\n\n"
    return head + "".join(f"## {t}\n\n```yaml holonmem-episode\nid: \"{i}\"\nevents: {json.dumps(ev)}\n```\n\n"
                          for i, t, ev in sections)


def test_episodes_by_id_and_the_fuller_twin_kept():
    base = _day(("ep_1", "one", ["e1"]))
    ours = _day(("ep_1", "one", ["e1"]), ("ep_2", "two", ["e2"]))
    theirs = _day(("ep_1", "one", ["e1"]), ("ep_3", "three", ["e3"]), ("ep_2", "two more", ["e2", "e2b"]))
    text, clashes = M.merge_episodes(base, ours, theirs)
    assert clashes == []
    ids = [c[0][1] for c in M.episode_chunks(text) if c[0] != "head"]
    assert ids == ["ep_1", "ep_2", "ep_3"] and "two more" in text and "## two\n" not in text
    # a section a person edited differently on both sides is a clash
    _, clashes = M.merge_episodes(base, base.replace("## one", "## one (mine)"), base.replace("## one", "## one (yours)"))
    assert clashes == ["ep_1"]


def test_journal_entries_of_both_sides_in_time_order():
    head = "# Dream journal 2026-06-11\n\nOne entry per run.\n\n"

    def entry(rid, t):
        return f"## Dream run `{rid}`\n\n- **Time:** {t}\n- **Summary:** x\n"

    base = head + entry("r0", "2026-06-11T08:00:00+00:00")
    ours = base + "\n" + entry("r2", "2026-06-11T12:00:00+00:00")
    theirs = base + "\n" + entry("r1", "2026-06-11T10:00:00+00:00") + "\n" + entry("r2", "2026-06-11T12:00:00+00:00").replace("x", "y")
    text, clashes = M.merge_journal(base, ours, theirs)
    assert clashes == []
    assert [ln for ln in text.splitlines() if ln.startswith("## ")] == [
        "## Dream run `r0`", "## Dream run `r1`", "## Dream run `r2`", "## Dream run `r2`"]  # same id twice: both runs kept


def test_memory_index_keeps_the_side_whose_person_lines_changed():
    base = "# MEMORY\n\n- [a](memory/a.md) — a\n"
    mine = "# MEMORY\n\nMy own line.\n\n- [a](memory/a.md) — a\n"
    assert M.merge_memory_index(base, base + "\n## Project: x\n\n- [b](memory/b.md) — b\n", mine) == mine
    assert M.merge_memory_index(base, mine, mine.replace("My", "Our")) is None


def _mem(slug, statement, created, **kw):
    m = new_memory(slug=slug, title=statement, kind="rule", scope="project", project="p", statement=statement,
                   body=f"# {statement}\n\n{statement}\n", created=created, **kw)
    return parse_memory(m.path, render_memory(m))


def test_marker_tells_holonmem_from_person():
    text = render_memory(_mem("x", "Run ruff", "2026-06-01"))
    assert stamp_state(text) == "holonmem"
    assert stamp_state(text.replace("Run ruff\n", "Run ruff twice\n")) == "person"
    assert stamp_state("# A memory written by hand\n") == "unknown"


def test_memory_fields_merge_and_the_earlier_id_stays():
    a = _mem("x", "Run ruff", "2026-06-01T00:00:00+00:00", evidence=["e1"], sessions=["s1"], confidence=0.6)
    b = _mem("x", "Run ruff", "2026-06-02T00:00:00+00:00", evidence=["e2"], sessions=["s2"], confidence=0.8)
    b.status = "archived"
    m, dropped = M.merge_memory_fields(None, a, b)
    assert (m.id, dropped) == (a.id, b.id) and m.evidence == ["e1", "e2"] and m.confidence == 0.8
    assert m.status == "archived" and stamp_state(render_memory(m)) == "holonmem"


def test_fold_same_statement_and_rival_supersedes():
    old = _mem("pip", "Use pip for installing packages", "2026-06-01T00:00:00+00:00")
    uv = _mem("uv", "Use uv instead of pip for installing packages", "2026-06-02T00:00:00+00:00", supersedes=[old.id])
    po = _mem("poetry", "Use poetry instead of pip for installing packages", "2026-06-03T00:00:00+00:00", supersedes=[old.id])
    r1 = _mem("ruff-a", "Always run ruff check before every commit", "2026-06-02T00:00:00+00:00", evidence=["e1"])
    r2 = _mem("ruff-b", "Run ruff check before each commit", "2026-06-03T00:00:00+00:00", evidence=["e2"])
    keep = _mem("tests", "Write a test for every bug fix", "2026-06-02T00:00:00+00:00")
    old.status = "superseded"
    fold = P.fold_memories([old, uv, po, r1, r2, keep], {uv.path, r1.path}, {po.path, r2.path}, set(), now="2026-06-04")
    w = fold.writes
    assert w[uv.path].status == "superseded" and w[uv.path].superseded_by == [po.id]
    assert w[po.path].status == "active" and uv.id in w[po.path].supersedes
    assert w[r2.path].status == "superseded" and w[r1.path].evidence == ["e1", "e2"]
    assert keep.path not in w
    # a person's file is never rewritten; groups from one side only stay apart
    fold = P.fold_memories([r1, r2], {r1.path, r2.path}, set(), set(), now="x")
    assert fold.writes == {}
    assert P.fold_memories([r1, r2], {r1.path}, {r2.path}, {r2.path}, now="x").writes == {}


def test_anchor_puts_every_unconsolidated_event_in_the_open_list_once():
    data = (_ev(2, "s2") + _ev(1) + _ev(3, "s2") + _ev(1)).encode()
    state = {"offsets": {"2026-06.jsonl": 99, "other.jsonl": 7}, "open": {"p/x": [["other.jsonl", 0, 5]]}}
    new = P.anchor(state, {"2026-06.jsonl": data}, {"e1"}, signals_size=12)
    assert new["offsets"] == {"2026-06.jsonl": len(data), "other.jsonl": 7} and new["signals_offset"] == 12
    assert new["open"]["p/x"] == [["other.jsonl", 0, 5]]
    assert [p[1] for p in new["open"]["p/s2"]] == [0, len(_ev(2, "s2")) + len(_ev(1))]
    assert "p/s1" not in new["open"]


def test_doctor_names_conflict_markers_in_notes(home):
    from holonmem.doctor import check

    (home.notes_dir / "team").mkdir(parents=True, exist_ok=True)
    (home.notes_dir / "team" / "deploy.md").write_text("# Deploy\n<<<<<<< HEAD\nTuesdays\n=======\nFridays\n>>>>>>> origin/main\n")
    found = [f for f in check(home) if f.check == "conflicts"]
    assert [(f.file, f.line) for f in found] == [("notes/team/deploy.md", 2)]
