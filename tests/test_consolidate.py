"""`holonmem consolidate` end to end: sample home, idempotence, increments, crash resume, extractor."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from holonmem import signalstore
from holonmem.episodes import load_episodes, scan_episodes
from holonmem.locks import PIPELINE, home_lock

EARLY = "2026-06-24T20:30:00+08:00"  # s_0624's last event (20:23) is younger than 30 min: still open
SUMMARY_RE = re.compile(r"^(\d+) episodes?, (\d+) signals? from (\d+) new events?(; (\d+) sessions? still open)?$", re.M)


def summary(stderr: str) -> tuple[int, int, int, int]:
    m = SUMMARY_RE.search(stderr)
    assert m, stderr
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(5) or 0)


def snapshot(home) -> dict[str, bytes]:
    root = Path(home.root)
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "locks" not in p.parts}


def ingest(cli, home, tmp_path, events: list[dict]) -> None:
    f = tmp_path / f"more{len(list(tmp_path.glob('more*.jsonl')))}.jsonl"
    f.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
    r = cli("--home", home.root, "ingest", f)
    assert r.exit_code == 0, r


def session(sid: str, day: str, texts: list[tuple[str, str]], project: str = "invoicer", end: bool = True, start_minute: int = 0) -> list[dict]:
    evs = [{"id": f"{sid}_{i}", "ts": f"{day}T23:{start_minute + i:02d}:00+08:00", "project": project, "session": sid,
            "role": role, "text": text} for i, (role, text) in enumerate(texts)]
    if end:
        evs.append({"id": f"{sid}_end", "ts": f"{day}T23:{start_minute + len(texts):02d}:00+08:00", "project": project,
                    "session": sid, "role": "system", "kind": "session_end", "text": "session ended"})
    return evs


def test_sample_home_open_session_then_closed(cli, sample_home):
    r = cli("--home", sample_home.root, "consolidate", "--now", EARLY)
    assert r.exit_code == 0, r
    n_ep, n_sig, n_new, n_open = summary(r.stderr)
    assert (n_ep, n_new, n_open) == (10, 233, 1)
    eps, problems = scan_episodes(sample_home)
    assert problems == [] and len(eps) == 10
    assert "s_0624_holonmem_context" not in {e.session for e in eps}
    st = signalstore.load(sample_home)
    assert len(st.signals) == n_sig > 0 and st.errors == []
    ev_ids = {e for ep in eps for e in ep.events}
    for s in st.signals.values():
        assert set(s["evidence"]) <= ev_ids and s["episode"] in {e.id for e in eps}
    evidence = {i for s in st.signals.values() if s["trust"] != "untrusted" for i in s["evidence"]}
    assert not evidence & {"evt_0059", "evt_0020", "evt_0072", "evt_0014", "evt_0001", "evt_0045", "evt_0143"}
    # the web pages' injected instructions are kept only as untrusted records (for the dream journal)
    untrusted = {i: s for s in st.signals.values() if s["trust"] == "untrusted" for i in s["evidence"]}
    assert {"evt_0059", "evt_0020"} <= set(untrusted)
    for i in ("evt_0059", "evt_0020"):
        s = untrusted[i]
        assert (s["kind"], s["channels"], s["source_role"], s["evidence"]) == ("fact", [], "tool", [i])
        assert s["statement"].startswith('Untrusted text in web_fetch output: "')
    assert not {"evt_0072", "evt_0014", "evt_0001", "evt_0045", "evt_0143"} & set(untrusted)
    assert {"evt_0046", "evt_0149", "evt_0006", "evt_0135", "evt_0038", "evt_0128"} <= evidence
    # Day files: readable sections; the web page's injected instruction is not an instruction.
    day = (sample_home.episodes_dir / "2026-06-12.md").read_text(encoding="utf-8")
    assert day.startswith("# Episodes 2026-06-12\n\n## 14:20 · invoicer · ")
    assert "[rule] invoicer: Never push directly to main. (evt_0066)" in day  # the marker is stripped
    assert "ops@example.com" not in day.split("```yaml")[0].split("Instructions")[-1]

    # Later, the open session has gone quiet: it becomes an episode, nothing else changes.
    r = cli("--home", sample_home.root, "consolidate", "--now", "2026-06-25T09:00:00+08:00", "--json")
    assert r.exit_code == 0, r
    out = json.loads(r.stdout)
    assert out["new_events"] == 0 and out["open_sessions"] == []
    assert [e["ref"] for e in out["episodes"]] == [f"episode:2026-06-24#{out['episodes'][0]['id']}"]
    assert out["files"] == ["episodes/2026-06-24.md"]
    (ctx,) = [e for e in load_episodes(sample_home) if e.session == "s_0624_holonmem_context"]
    assert ctx.closed_by == "idle_gap" and ctx.events[-1] == "evt_0233"


def test_second_run_changes_no_file(cli, sample_home):
    assert cli("--home", sample_home.root, "consolidate").exit_code == 0
    before = snapshot(sample_home)
    mtimes = {p: p.stat().st_mtime_ns for p in Path(sample_home.root).rglob("*") if p.is_file() and "locks" not in p.parts}
    r = cli("--home", sample_home.root, "consolidate")
    assert r.exit_code == 0 and summary(r.stderr)[:3] == (0, 0, 0)
    assert snapshot(sample_home) == before
    assert {p: p.stat().st_mtime_ns for p in mtimes} == mtimes


def test_incremental_run_processes_only_new_events_and_keeps_edits(cli, sample_home, tmp_path):
    assert cli("--home", sample_home.root, "consolidate").exit_code == 0
    day = sample_home.episodes_dir / "2026-06-10.md"
    edited = day.read_text(encoding="utf-8").replace("- **Outcome:** succeeded", "- **Outcome:** succeeded — Lin: great trip plan", 1)
    day.write_text(edited, encoding="utf-8")
    signals_before = sample_home.signals_path.read_bytes()
    ingest(cli, sample_home, tmp_path, session("s_late", "2026-06-10", [
        ("user", "Bump the invoicer version to 0.7.2."),
        ("user", "From now on, tag every invoicer release as vX.Y.Z."),
        ("assistant", "Done, tagged v0.7.2."),
    ]))
    r = cli("--home", sample_home.root, "consolidate", "--json")
    assert r.exit_code == 0, r
    out = json.loads(r.stdout)
    assert out["new_events"] == 4 and len(out["episodes"]) == 1 and len(out["signals"]) == 1
    assert out["signals"][0]["evidence"] == ["s_late_1"]
    text = day.read_text(encoding="utf-8")
    assert text.startswith(edited)  # the person's edit is kept, the new section appended
    assert text.count("## ") == 2 and "Tag every invoicer release" in text[len(edited):]
    assert sample_home.signals_path.read_bytes().startswith(signals_before)
    edited_eps = [e for e in load_episodes(sample_home) if e.edited]
    assert [e.date for e in edited_eps] == ["2026-06-10"]


def test_crash_resume_never_duplicates(cli, sample_home):
    assert cli("--home", sample_home.root, "consolidate").exit_code == 0
    full = snapshot(sample_home)
    state = sample_home.state_file("consolidate.json")
    # Crash after the episode files and signals, before the checkpoint.
    state.unlink()
    r = cli("--home", sample_home.root, "consolidate")
    assert r.exit_code == 0 and summary(r.stderr)[:2] == (0, 0)
    after = snapshot(sample_home)
    assert {k: v for k, v in after.items() if k != ".holonmem/consolidate.json"} == \
           {k: v for k, v in full.items() if k != ".holonmem/consolidate.json"}
    assert json.loads(after[".holonmem/consolidate.json"])["offsets"] == json.loads(full[".holonmem/consolidate.json"])["offsets"]
    # Crash after one day file was written, before signals and checkpoint.
    state.unlink()
    sample_home.signals_path.write_bytes(b"")
    (sample_home.episodes_dir / "2026-06-16.md").unlink()
    r = cli("--home", sample_home.root, "consolidate")
    assert r.exit_code == 0 and summary(r.stderr)[0] == 1
    again = snapshot(sample_home)
    assert again["episodes/2026-06-16.md"] == full["episodes/2026-06-16.md"]
    ids = lambda b: [json.loads(x)["id"] for x in b.splitlines()]  # noqa: E731
    assert ids(again["signals.jsonl"]) == ids(full["signals.jsonl"])


def test_crash_before_the_checkpoint_of_a_later_run_never_duplicates(cli, sample_home, tmp_path):
    """The checkpoint remembers where signals.jsonl ended, and a resumed run reads
    only from there: what an interrupted run appended is found, nothing is doubled."""
    assert cli("--home", sample_home.root, "consolidate").exit_code == 0
    state = sample_home.state_file("consolidate.json")
    checkpoint = state.read_bytes()
    assert json.loads(checkpoint)["signals_offset"] == sample_home.signals_path.stat().st_size
    ingest(cli, sample_home, tmp_path, session("s_late", "2026-06-10", [
        ("user", "From now on, tag every invoicer release as vX.Y.Z."),
        ("assistant", "Noted."),
    ]))
    assert cli("--home", sample_home.root, "consolidate").exit_code == 0
    once = sample_home.signals_path.read_bytes()
    state.write_bytes(checkpoint)  # the later run "crashed" before saving its checkpoint
    r = cli("--home", sample_home.root, "consolidate")
    assert r.exit_code == 0 and summary(r.stderr)[1] == 0
    assert sample_home.signals_path.read_bytes() == once


def test_damaged_episode_file_is_reported_not_fatal(cli, sample_home, tmp_path):
    assert cli("--home", sample_home.root, "consolidate").exit_code == 0
    day = sample_home.episodes_dir / "2026-06-11.md"
    lines = day.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if line.startswith("outcome:"))
    lines[n] = "outcome = succeeded\n"
    day.write_text("".join(lines), encoding="utf-8")
    ingest(cli, sample_home, tmp_path, session("s_more", "2026-06-11", [("user", "We use Sentry for invoicer error tracking.")]))
    r = cli("--home", sample_home.root, "consolidate")
    assert r.exit_code == 0, r
    assert f"warning: episodes/2026-06-11.md:{n + 1}: not a 'key: value' line" in r.stderr
    assert summary(r.stderr)[:3] == (1, 1, 2)


def test_idle_gap_comes_from_holonmem_toml(cli, home, tmp_path):
    evs = [{"id": "g1", "ts": "2026-07-01T10:00:00+00:00", "project": "p", "session": "s", "role": "user", "text": "Set up the CI pipeline for p."},
           {"id": "g2", "ts": "2026-07-01T10:10:00+00:00", "project": "p", "session": "s", "role": "user", "text": "Now write the release notes for p."}]
    ingest(cli, home, tmp_path, evs)
    (Path(home.root) / "holonmem.toml").write_text("[consolidate]\nidle_gap_minutes = 5\n")
    r = cli("--home", home.root, "consolidate", "--now", "2026-07-01T10:12:00+00:00")
    assert summary(r.stderr) == (1, 0, 2, 1)  # g1 closed by the 10-minute gap, g2 still open
    r = cli("--home", home.root, "consolidate", "--now", "2026-07-01T10:16:00+00:00")
    assert summary(r.stderr) == (1, 0, 0, 0)
    assert [e.events for e in load_episodes(home)] == [["g1"], ["g2"]]


EXTRACTOR = """
import json, sys, time
mode = sys.argv[1]
data = json.load(sys.stdin)
if mode == "slow":
    time.sleep(10)
if mode == "junk":
    print("not json")
    sys.exit(0)
first_user = next(e["id"] for e in data["events"] if e["role"] == "user")
print(json.dumps([{"kind": "fact", "scope": "project", "statement": data["episode"]["project"] + ": seen by the stand-in",
                   "evidence": [first_user], "keywords": ["stand-in"]}]))
"""


@pytest.mark.parametrize("mode,fallback", [("ok", False), ("junk", True), ("slow", True)])
def test_extractor_command_and_fallback(cli, home, tmp_path, mode, fallback):
    script = tmp_path / "extract.py"
    script.write_text(EXTRACTOR)
    ingest(cli, home, tmp_path, session("s_x", "2026-07-02", [("user", "Going forward, never force-push in invoicer.")]))
    r = cli("--home", home.root, "consolidate", "--extractor", f"{sys.executable} {script} {mode}", "--extractor-timeout", "1")
    assert r.exit_code == 0, r
    sigs = list(signalstore.load(home).signals.values())
    assert len(sigs) == 1
    if fallback:
        assert re.search(r"extractor failed for ep_\w+ \((did not print JSON|timed out after 1s).*\); used the rules instead", r.stderr)
        assert sigs[0]["extractor"] == "rules" and sigs[0]["kind"] == "rule"
    else:
        assert "extractor failed" not in r.stderr
        assert sigs[0]["extractor"].startswith("external:") and sigs[0]["statement"] == "invoicer: seen by the stand-in"
        assert sigs[0]["evidence"] == ["s_x_0"] and sigs[0]["trust"] == "user-stated"
        # Re-running after a lost checkpoint does not ask the extractor again for the same episode.
        home.state_file("consolidate.json").unlink()
        r = cli("--home", home.root, "consolidate", "--extractor", f"{sys.executable} {script} ok")
        assert summary(r.stderr)[:2] == (0, 0)


def test_locked_home_exits_75_and_bad_now_exits_2(cli, home):
    with home_lock(home, PIPELINE):
        r = cli("--home", home.root, "consolidate", "--timeout", "0")
    assert r.exit_code == 75 and "Error: the pipeline lock" in r.stderr
    r = cli("--home", home.root, "consolidate", "--now", "yesterday")
    assert r.exit_code == 2 and "--now" in r.stderr


def test_empty_home_is_nothing_to_do(cli, home):
    r = cli("--home", home.root, "consolidate")
    assert r.exit_code == 0 and summary(r.stderr) == (0, 0, 0, 0)
    assert not list(home.episodes_dir.glob("*.md"))


def test_hand_edited_ledger_lines_are_reported_not_fatal(cli, home):
    lines = [
        {"id": "w1", "ts": "2026-07-01T10:00:00+00:00", "role": "user", "text": ["not", "text"], "meta": [1], "refs": "x", "session": 7},
        {"id": "w2", "ts": "not a time", "role": "user", "text": "From now on, deploy on Mondays."},
        {"id": "w3", "ts": "2026-07-01T10:01:00+00:00", "role": "tool", "kind": "tool_result", "status": "failed", "tool": "sh", "text": "boom"},
        {"id": "w4", "ts": "2026-07-01T10:02:00Z", "role": "user", "text": "From now on, always run the tests.", "project": None},
    ]
    home.ledger_dir.mkdir(exist_ok=True)
    (home.ledger_dir / "2026-07.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines) + "[1, 2]\n{broken\n")
    r = cli("--home", home.root, "consolidate", "--now", "2026-08-01T00:00:00Z")
    assert r.exit_code == 0, r
    assert "warning: ledger/2026-07.jsonl: event at byte" in r.stderr and "no valid 'ts'" in r.stderr
    assert "not valid JSON" in r.stderr and "not an event object" in r.stderr
    assert summary(r.stderr)[:3] == (2, 1, 4)  # w2 (bad time) is skipped; the JSON-less lines are not events
    eps = {tuple(e.events): e for e in load_episodes(home)}
    assert set(eps) == {("w1",), ("w3", "w4")}
    assert eps[("w3", "w4")].failures[0]["resolved_by"] is None and eps[("w1",)].session == "7"


def test_a_session_dated_in_the_future_is_reported_not_silently_held(cli, home, tmp_path):
    # a client whose clock is a year ahead: the session cannot close until then, and the person is told
    evs = [{"id": f"fut_{i}", "ts": f"2027-03-0{i + 1}T10:00:00+00:00", "project": "p", "session": "fut",
            "role": "user", "text": "From now on, always run the linter before committing."} for i in range(2)]
    src = tmp_path / "future.jsonl"
    src.write_text("".join(json.dumps(e) + "\n" for e in evs), encoding="utf-8")
    assert cli("--home", home.root, "ingest", src).exit_code == 0
    r = cli("--home", home.root, "consolidate", "--now", "2026-12-01T10:00:00+00:00")
    assert r.exit_code == 0
    assert "dated after now (latest 2027-03-02T10:00:00+00:00)" in r.stderr and "--now 2027-03-02T10:00:00+00:00" in r.stderr
    # a session that simply has not reached its idle gap yet is not a problem
    r2 = cli("--home", home.root, "consolidate", "--now", "2027-03-02T10:10:00+00:00")
    assert "dated after now" not in r2.stderr
