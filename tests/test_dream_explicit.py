"""Explicit instructions take effect by the next session: a dream that is not due still
promotes the user's explicit standing instructions (journaled, undoable), nothing else.
The commands run through main() in this process (``inproc``): what they store and print is the subject."""

from __future__ import annotations

import json

from holonmem import signalstore
from holonmem.memory import load_memories


def _events(session: str, day: str, texts: list[str], project: str = "ledgerly") -> str:
    lines = []
    for i, t in enumerate(texts):
        lines.append({"id": f"{session}-u{i}", "ts": f"{day}T09:{10 + i:02d}:00+00:00", "project": project,
                      "session": session, "role": "user", "kind": "message", "text": t})
        lines.append({"id": f"{session}-a{i}", "ts": f"{day}T09:{10 + i:02d}:30+00:00", "project": project,
                      "session": session, "role": "assistant", "kind": "message", "text": "Done."})
    lines.append({"id": f"{session}-end", "ts": f"{day}T09:59:00+00:00", "project": project, "session": session,
                  "role": "system", "kind": "session_end", "text": "session ended"})
    return "\n".join(json.dumps(x) for x in lines) + "\n"


def test_an_explicit_rule_is_promoted_though_the_dream_is_not_due(home, inproc, tmp_path):
    root = str(home.root)
    first = tmp_path / "s1.jsonl"
    first.write_text(_events("s1", "2026-11-02", ["Set up the export job for the monthly report."]))
    assert inproc("--home", root, "ingest", str(first)).exit_code == 0
    assert inproc("--home", root, "consolidate", "--now", "2026-11-03T09:00:00+00:00").exit_code == 0
    assert inproc("--home", root, "dream", "--force", "--now", "2026-11-03T09:00:00+00:00").exit_code == 0
    state_before = json.loads((home.state_dir / "dream.json").read_text())

    second = tmp_path / "s2.jsonl"
    second.write_text(_events("s2", "2026-11-03", [
        "From now on, run the ledger checks before every export.",  # explicit, standing
        "Keep the csv header, not the old one.",                    # weak: waits for repetition
    ]))
    assert inproc("--home", root, "ingest", str(second)).exit_code == 0
    assert inproc("--home", root, "consolidate", "--now", "2026-11-03T12:00:00+00:00").exit_code == 0
    r = inproc("--home", root, "dream", "--now", "2026-11-03T12:00:00+00:00")  # 3 h after the last: not due
    assert r.exit_code == 0, r
    assert "explicit instructions only" in r.stdout
    active = [m for m in load_memories(home) if m.status == "active"]
    assert [m.statement for m in active] == ["ledgerly: Run the ledger checks before every export."]
    assert "explicit_user_instruction" in active[0].channels
    # the weak preference is still pending; the full dream's gate did not move
    pending = [s["statement"] for s in signalstore.load(home).pending()]
    assert any("csv header" in p for p in pending)
    state_after = json.loads((home.state_dir / "dream.json").read_text())
    assert state_after["last_run"] == state_before["last_run"]
    run = state_after["last_run_id"]
    journal = (home.root / "journal" / sorted(p.name for p in (home.root / "journal").glob("*.md"))[-1]).read_text()
    assert run in journal and "explicit instructions only" in journal
    # undoable like any dream
    u = inproc("--home", root, "dream", "--undo", run, "--now", "2026-11-03T12:05:00+00:00")
    assert u.exit_code == 0, u
    assert [m for m in load_memories(home) if m.status == "active"] == []


def test_nothing_explicit_means_not_due(home, inproc, tmp_path):
    root = str(home.root)
    f = tmp_path / "s.jsonl"
    f.write_text(_events("s1", "2026-11-02", ["Keep the csv header, not the old one."]))
    assert inproc("--home", root, "ingest", str(f)).exit_code == 0
    assert inproc("--home", root, "consolidate", "--now", "2026-11-03T09:00:00+00:00").exit_code == 0
    r = inproc("--home", root, "dream", "--now", "2026-11-03T09:00:00+00:00")
    assert r.exit_code == 0 and "not due" in r.stderr
    assert load_memories(home) == []


def test_the_setting_turns_it_off(home, inproc, tmp_path):
    root = str(home.root)
    (home.root / "holonmem.toml").write_text("[dream]\nexplicit_now = false\n")
    f = tmp_path / "s.jsonl"
    f.write_text(_events("s1", "2026-11-02", ["From now on, run the ledger checks before every export."]))
    assert inproc("--home", root, "ingest", str(f)).exit_code == 0
    assert inproc("--home", root, "consolidate", "--now", "2026-11-03T09:00:00+00:00").exit_code == 0
    r = inproc("--home", root, "dream", "--now", "2026-11-03T09:00:00+00:00")
    assert r.exit_code == 0 and "not due" in r.stderr
