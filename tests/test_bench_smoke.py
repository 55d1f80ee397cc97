"""Smoke test of the benchmark generator (no timing assertions): it is
deterministic, prefix-stable, and its events, memories and signals are valid
holonmem input that ingests cleanly."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture(scope="module")
def gen():
    sys.path.insert(0, str(BENCH))
    try:
        import gen as module

        yield module
    finally:
        sys.path.remove(str(BENCH))


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_generator_is_deterministic_and_prefix_stable(gen, tmp_path):
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    gen.write_events(a, 7, 0, 600)
    gen.write_events(b, 7, 0, 600)
    gen.write_events(c, 7, 0, 900)
    assert a.read_bytes() == b.read_bytes()
    assert _lines(c)[:600] == _lines(a)
    other = tmp_path / "d.jsonl"
    gen.write_events(other, 8, 0, 600)
    assert other.read_bytes() != a.read_bytes()
    # a slice of the stream is the same as the matching part of a longer run
    s = tmp_path / "s.jsonl"
    gen.write_events(s, 7, 250, 100)
    assert _lines(s) == _lines(c)[250:350]


def test_generated_events_are_realistic(gen):
    events = list(gen.take(3, 0, 3000))
    ids = [e["id"] for e in events]
    assert len(set(ids)) == len(ids)
    ts = [e["ts"] for e in events]
    assert ts == sorted(ts)
    kinds = {e["kind"] for e in events}
    assert {"message", "task", "tool_call", "tool_result", "note", "session_end"} <= kinds
    failed = [e for e in events if e.get("status") == "failed"]
    passed = [e for e in events if e.get("status") == "passed"]
    assert failed and passed
    texts = " ".join(e["text"] for e in events)
    assert "以后" in texts and "From now on" in texts  # explicit instructions, both languages
    assert any("\u4e00" <= ch <= "\u9fff" for ch in texts) and "pytest" in texts
    assert len({e["project"] for e in events}) >= 5
    later = next(gen.take(3, 0, 1, later=True))
    assert later["ts"] > ts[-1]


def test_generated_home_ingests_cleanly(gen, tmp_path, hm):
    root = tmp_path / "bhome"
    root.mkdir()
    gen.write_home_files(root, 5, memories=6, notes=4)
    gen.write_events(tmp_path / "ev.jsonl", 5, 0, 600)
    r = hm("init", root)
    assert r.exit_code == 0, r
    r = hm("--home", root, "ingest", "--no-fsync", "--json", tmp_path / "ev.jsonl")
    assert r.exit_code == 0, r
    res = json.loads(r.stdout)
    assert res["ingested"] == 600 and res["duplicates"] == 0 and res["rejected"] == []
    assert list(res["formats"].values()) == ["native"]
    # the same file again is a no-op
    r = hm("--home", root, "ingest", "--json", tmp_path / "ev.jsonl")
    assert json.loads(r.stdout)["duplicates"] == 600
    assert len(list((root / "memory").glob("*.md"))) == 6 + 2  # + operator.md and self.md
    assert (root / "MEMORY.md").read_text(encoding="utf-8").count("](memory/") == 6


def test_generated_signals_follow_the_signals_format(gen, tmp_path):
    from holonmem import signalstore
    from holonmem.home import Home

    (tmp_path / "h").mkdir()
    home = Home(tmp_path / "h")
    gen.write_signals(home.signals_path, 300, seed=2, evidence_pool=500)
    st = signalstore.load(home)
    assert st.errors == []
    assert len(st.pending()) == 300
    for s in st.signals.values():
        assert s["type"] == "signal" and s["id"].startswith("sig_")
        assert s["kind"] in ("preference", "rule", "lesson", "fact", "method")
        assert s["scope"] in ("user", "project", "agent")
        assert s["trust"] in ("user-stated", "tool-observed")
        assert s["evidence"] and all(e.startswith("evt_b2_") and int(e.rsplit("_", 1)[1]) <= 500 for e in s["evidence"])
    again = tmp_path / "again.jsonl"
    gen.write_signals(again, 300, seed=2, evidence_pool=500)
    assert again.read_bytes() == home.signals_path.read_bytes()
