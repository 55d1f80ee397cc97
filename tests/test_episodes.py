"""Episodes: boundaries, failures/fixes/decisions on the sample events, the Markdown format."""

from __future__ import annotations

import json

import pytest

from conftest import SAMPLE_EVENTS
from holonmem.episode_build import build_episode, is_substantive, split_session
from holonmem.episodes import (
    Episode, day_header, load_episodes, parse_day, read_section, render_section, scan_episodes,
)
from holonmem.errors import NotFound

GAP = 1800


@pytest.fixture(scope="module")
def sample_episodes() -> dict[str, list[Episode]]:
    """Episodes per session of the sample events, every session closed."""
    sessions: dict[str, list] = {}
    for line in SAMPLE_EVENTS.read_text().splitlines():
        e = json.loads(line)
        sessions.setdefault(e["session"], []).append(e)
    out = {}
    for sid, evs in sessions.items():
        out[sid] = [build_episode(seg, why or "idle_gap") for seg, why in split_session(evs, GAP) if any(map(is_substantive, seg))]
    return out


def _ev(n, kind="message", role="user", text="x", minute=None, **kw):
    m = n if minute is None else minute
    return {"id": f"e{n}", "ts": f"2026-06-10T{10 + m // 60:02d}:{m % 60:02d}:00+08:00", "project": "p",
            "session": "s", "role": role, "kind": kind, "text": text, **kw}


# -- boundaries ----------------------------------------------------------------

def test_boundaries_session_end_idle_gap_work_items_and_open_tail():
    evs = [_ev(0, text="do A"), _ev(1, "session_end", "system", "end"),
           _ev(2, text="do B"), _ev(3, role="assistant", text="ok"),
           _ev(4, text="do C", minute=40),  # 37 minutes later: idle gap
           _ev(5, "work_item", "assistant", "W1", minute=41, meta={"work_item": {"id": "w1", "status": "open"}}),
           _ev(6, "work_item", "assistant", "W2", minute=42, meta={"work_item": {"id": "w2", "status": "open"}}),
           _ev(7, "work_item", "assistant", "W2 done", minute=43, meta={"work_item": {"id": "w2", "status": "done"}}),
           _ev(8, text="do D", minute=44)]
    segs = split_session(evs, GAP)
    assert [([e["id"] for e in seg], why) for seg, why in segs] == [
        (["e0", "e1"], "session_end"), (["e2", "e3"], "idle_gap"), (["e4", "e5"], "work_item_switch"),
        (["e6", "e7"], "work_item_done"), (["e8"], None),
    ]


def test_sample_sessions_become_one_episode_each(sample_episodes):
    assert len(sample_episodes) == 11
    assert all(len(eps) == 1 for eps in sample_episodes.values())
    ep = sample_episodes["s_0613_holonmem_index"][0]
    # The work item finished at evt_0095; the chit-chat after it is not an episode of its own.
    assert ep.closed_by == "work_item_done" and ep.events[-1] == "evt_0095" and ep.work_item == "wi_incremental_index"
    assert sample_episodes["s_0610_travel_beijing"][0].events == [f"evt_{i:04d}" for i in range(1, 28)]


def test_failures_fixes_and_lessons_match_the_events(sample_episodes):
    f = sample_episodes["s_0611_invoicer_rounding"][0].failures
    assert [(x["event"], x["tool"], x["diagnosis_event"], x["resolved_by"]) for x in f] == [("evt_0038", "pytest", "evt_0039", "evt_0043")]
    assert f[0]["fix"] == ["evt_0040", "evt_0042"] and f[0]["fix_commands"] == ["pip install -e ."]
    assert "ModuleNotFoundError" in f[0]["error"]
    f = sample_episodes["s_0613_holonmem_index"][0].failures
    assert [(x["event"], x["resolved_by"]) for x in f] == [("evt_0086", "evt_0091")]
    assert "LockError" in f[0]["error"] and f[0]["diagnosis_event"] == "evt_0087"
    f = sample_episodes["s_0614_travel_route"][0].failures
    assert [(x["event"], x["resolved_by"]) for x in f] == [("evt_0100", "evt_0103")]
    assert "京藏高速" in f[0]["resolution"]
    ep = sample_episodes["s_0616_invoicer_pdf"][0]
    assert [(x["event"], x["resolved_by"]) for x in ep.failures] == [("evt_0128", "evt_0133"), ("evt_0143", None)]
    assert ep.outcome == "abandoned"  # upload never fixed; "Leave it for now."
    follow = {x["event"] for x in ep.follow_ups}
    assert {"evt_0143", "evt_0146"} <= follow


def test_decisions_objectives_tools_and_refs(sample_episodes):
    travel = sample_episodes["s_0610_travel_beijing"][0]
    assert [d["event"] for d in travel.decisions] == ["evt_0024"]
    assert travel.objective.startswith("帮我规划一个7月初的北京4天行程")  # evt_0003, not the greeting evt_0001
    assert travel.title.startswith("规划北京4天行程")  # the task event evt_0004
    assert travel.tools == {"flight_search": 1, "web_fetch": 1}
    assert "notes/travel/beijing-2026.md" in travel.refs
    assert any(x["event"] == "evt_0025" for x in travel.follow_ups)  # promised itinerary draft
    idx = sample_episodes["s_0613_holonmem_index"][0]
    assert [d["event"] for d in idx.decisions] == ["evt_0081"] and "holonmem/index.py" in idx.refs
    ci = sample_episodes["s_0612_invoicer_ci"][0]
    assert ci.outcome == "succeeded" and ci.failures == []
    assert "https://blog.example.com/2026/05/speed-up-python-ci-github-actions" in ci.refs
    ctx = sample_episodes["s_0624_holonmem_context"][0]
    assert any("wi_ctx_budget" in x["text"] and "budget 200" in x["text"] for x in ctx.follow_ups)


def test_episode_ids_are_deterministic(sample_episodes):
    again = build_episode([json.loads(line) for line in SAMPLE_EVENTS.read_text().splitlines()][:27], "session_end")
    assert again.id == sample_episodes["s_0610_travel_beijing"][0].id
    assert again.ref == f"episode:2026-06-10#{again.id}"


# -- Markdown ------------------------------------------------------------------

def test_render_and_parse_round_trip(sample_episodes):
    for eps in sample_episodes.values():
        for ep in eps:
            text = day_header(ep.date) + render_section(ep)
            problems = []
            (back,) = parse_day(text, ep.date, "episodes/x.md", problems)
            assert problems == []
            assert back.block_dict() == ep.block_dict()
            assert not back.edited and back.line == 3
            assert back.text == render_section(ep).rstrip("\n") + "\n"


def _write(home, date, text):
    home.episodes_dir.mkdir(exist_ok=True)
    (home.episodes_dir / f"{date}.md").write_text(text, encoding="utf-8")


def test_load_episodes_and_read_section(home, sample_episodes):
    a = sample_episodes["s_0620_travel_xian"][0]
    b = sample_episodes["s_0620_holonmem_signals"][0]
    _write(home, "2026-06-20", day_header("2026-06-20") + render_section(a) + render_section(b))
    eps = load_episodes(home)
    assert [e.id for e in eps] == [a.id, b.id]
    assert [e.id for e in load_episodes(home, project="holonmem-dev")] == [b.id]
    sec = read_section(home, "2026-06-20", b.id)
    assert sec.startswith("## 21:35 · holonmem-dev ·") and sec.endswith("```\n") and a.id not in sec
    assert sec == eps[1].text
    with pytest.raises(NotFound):
        read_section(home, "2026-06-20", "ep_nope")
    with pytest.raises(NotFound):
        read_section(home, "2026-06-21", a.id)


def test_hand_edit_is_detected_and_tolerated(home, sample_episodes):
    ep = sample_episodes["s_0622_invoicer_release"][0]
    text = day_header(ep.date) + render_section(ep)
    _write(home, ep.date, text.replace("- **Outcome:** succeeded", "- **Outcome:** succeeded (Lin: tagged v0.8.0 myself)"))
    (back,) = load_episodes(home)
    assert back.edited and back.id == ep.id and back.outcome == "succeeded"


def test_damaged_sections_are_reported_with_file_and_line(home, sample_episodes):
    a = sample_episodes["s_0620_travel_xian"][0]
    b = sample_episodes["s_0620_holonmem_signals"][0]
    good_a, good_b = render_section(a), render_section(b)
    unclosed = good_a.replace("\n```\n", "\n", 1)  # closing fence deleted
    bad_line = good_b.replace('outcome: "succeeded"', "outcome succeeded")
    _write(home, "2026-06-20", day_header("2026-06-20") + unclosed + bad_line + "## my own notes\n\njust prose\n")
    eps, problems = scan_episodes(home)
    assert [e.id for e in eps] == [b.id]  # the damaged first section is skipped, the rest is read
    msgs = [str(p) for p in problems]
    assert any(m.startswith("episodes/2026-06-20.md:") and "not closed" in m for m in msgs)
    bad = next(p for p in problems if "not a 'key: value' line" in p.message)
    lines = (home.episodes_dir / "2026-06-20.md").read_text(encoding="utf-8").splitlines()
    assert bad.path == "episodes/2026-06-20.md" and lines[bad.line - 1] == "outcome succeeded"
    unclosed_at = next(p for p in problems if "not closed" in p.message).line
    assert lines[unclosed_at - 1] == "```yaml holonmem-episode"
    assert any("no ```yaml holonmem-episode block" in m for m in msgs)


def test_plain_yaml_scalars_written_by_hand_are_read():
    text = "## by hand\n\n```yaml holonmem-episode\nid: ep_hand\nproject: invoicer\noutcome: failed\nevents:\n  - evt_1\n  - \"evt_2\"\n```\n"
    problems = []
    (ep,) = parse_day(text, "2026-06-30", "episodes/2026-06-30.md", problems)
    assert problems == [] and (ep.id, ep.project, ep.outcome, ep.events) == ("ep_hand", "invoicer", "failed", ["evt_1", "evt_2"])


def test_a_long_running_call_keeps_its_result_in_its_episode():
    """A training run or a build that takes longer than the idle gap: its result arrives after the
    gap and still belongs to the call (a failure and its fix stay in one episode)."""
    evs = [_ev(0, text="Run the ablation."), _ev(1, kind="tool_call", role="assistant", text="python train.py", tool="Bash"),
           _ev(2, kind="tool_result", role="tool", text="acc=71.7", tool="Bash", minute=50, status="ok"),
           _ev(3, text="Now the next one.", minute=95)]
    segs = split_session(evs, GAP)
    assert [[e["id"] for e in seg] for seg, _why in segs] == [["e0", "e1", "e2"], ["e3"]]
