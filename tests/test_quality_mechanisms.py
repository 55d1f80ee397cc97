"""End to end through the CLI: the mechanisms behind changes of mind and pointers.

- a convention said once is kept, so a later change of mind supersedes a real memory
  (and one batch dream ends like daily ones);
- an earlier rule named and called off is archived;
- "remember the lactose thing" joins the statement it points at (about the person: user scope).
"""

from __future__ import annotations

from holonmem.memory import load_memories
from test_dream_explicit import _events


def _run(hm, root, tmp_path, name, text, now):
    f = tmp_path / f"{name}.jsonl"
    f.write_text(text)
    assert hm("--home", root, "ingest", str(f)).exit_code == 0
    assert hm("--home", root, "consolidate", "--now", now).exit_code == 0
    r = hm("--home", root, "dream", "--force", "--now", now)
    assert r.exit_code == 0, r


def _by_status(home):
    out: dict[str, list[str]] = {}
    for m in load_memories(home):
        out.setdefault(m.status, []).append(m.statement)
    return out


def test_a_convention_then_a_change_of_mind_daily(home, hm, tmp_path):
    root = str(home.root)
    _run(hm, root, tmp_path, "s1", _events("s1", "2026-10-05", [
        "Also fyi, we use CocoaPods for dependencies here - it goes in the Podfile, then pod install."]),
        "2026-10-05T12:00:00+00:00")
    assert any("CocoaPods" in s for s in _by_status(home)["active"])
    _run(hm, root, tmp_path, "s2", _events("s2", "2026-10-13", [
        "Big one today: we're moving off CocoaPods to Swift Package Manager."]), "2026-10-13T12:00:00+00:00")
    st = _by_status(home)
    assert [s for s in st["active"] if "Swift Package Manager" in s]
    assert not [s for s in st["active"] if "Podfile" in s]
    assert [s for s in st.get("superseded", []) if "Podfile" in s]


def test_one_batch_dream_ends_like_daily_ones(home, hm, tmp_path):
    root = str(home.root)
    text = (_events("s1", "2026-05-06", ["No. I log in MyFitnessPal."], project="meal-prep")
            + _events("s2", "2026-05-17", ["I've moved from MyFitnessPal to Cronometer, log everything there from now on."],
                      project="meal-prep"))
    _run(hm, root, tmp_path, "all", text, "2026-05-18T12:00:00+00:00")
    st = _by_status(home)
    assert [s for s in st["active"] if "Cronometer" in s]
    assert [s for s in st.get("superseded", []) if "MyFitnessPal" in s and "Cronometer" not in s]


def test_an_earlier_rule_called_off_is_archived(home, hm, tmp_path):
    root = str(home.root)
    _run(hm, root, tmp_path, "s1", _events("s1", "2026-10-13", ["行，每条批注都要标注对应法条，这样对方没法说我们没依据。"], project="msa"),
         "2026-10-13T12:00:00+00:00")
    assert any("对应法条" in s for s in _by_status(home)["active"])
    _run(hm, root, tmp_path, "s2", _events("s2", "2026-10-19", ["之前说的每条都要标注对应法条，这个不用了，太啰嗦。"], project="msa"),
         "2026-10-19T12:00:00+00:00")
    st = _by_status(home)
    assert not [s for s in st.get("active", []) if "对应法条" in s]
    assert [s for s in st.get("archived", []) if "对应法条" in s]


def test_a_pointer_joins_what_it_points_at(home, hm, tmp_path):
    root = str(home.root)
    text = (_events("s1", "2026-05-06", ["I'm lactose intolerant, by the way, so no regular milk or cheese."], project="meal-prep")
            + _events("s2", "2026-05-17", ["Meal plan for next week please. Remember the lactose thing."], project="meal-prep"))
    _run(hm, root, tmp_path, "all", text, "2026-05-18T12:00:00+00:00")
    active = [m for m in load_memories(home) if m.status == "active"]
    lactose = [m for m in active if "lactose" in m.statement.lower()]
    assert len(lactose) == 1, [m.statement for m in active]
    assert "intolerant" in lactose[0].statement and lactose[0].scope == "user"
