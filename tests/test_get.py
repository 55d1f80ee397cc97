"""get REF: the exact stored text for every ref kind; escapes refused."""

from __future__ import annotations

import json
import os

import pytest

from holonmem.errors import NotFound, UnsafePath
from holonmem.refs import get, parse_ref


def ledger_line(home, event_id: str) -> str:
    for p in sorted(home.ledger_dir.glob("*.jsonl")):
        for line in p.read_text(encoding="utf-8").splitlines():
            if json.loads(line)["id"] == event_id:
                return line
    raise AssertionError(event_id)


def test_parse_ref_splits_on_the_first_colon_only():
    assert parse_ref("event:conv-26:D1:3") == ("event", "conv-26:D1:3")
    assert parse_ref("note:notes/a.md") == ("note", "notes/a.md")
    for bad in ("", "evt_0001", "tweet:1", "event:"):
        with pytest.raises(NotFound):
            parse_ref(bad)


def test_get_event_returns_the_exact_ledger_line(sample_home):
    res = get(sample_home, "event:evt_0098")
    assert res["kind"] == "event" and res["ref"] == "event:evt_0098"
    assert res["text"] == ledger_line(sample_home, "evt_0098")
    assert res["event"]["text"].startswith("早。北京的酒店")


def test_get_event_with_colons_in_its_id(home, cli, tmp_path):
    src = tmp_path / "conv.jsonl"
    src.write_text(json.dumps({"id": "conv-26:D1:3", "ts": "2023-05-08T13:56:02", "role": "user",
                               "speaker": "Caroline", "text": "I went to a LGBTQ support group yesterday."}) + "\n")
    assert cli("ingest", src).exit_code == 0
    r = cli("get", "event:conv-26:D1:3")
    assert r.exit_code == 0, r
    assert r.stdout == ledger_line(home, "conv-26:D1:3") + "\n"
    r = cli("get", "event:conv-26:D1:3", "--json")
    assert json.loads(r.stdout)["event"]["speaker"] == "Caroline"


def test_get_note_and_memory_files_byte_for_byte(sample_home, cli):
    for ref, rel in (("note:notes/travel/beijing-2026.md", "notes/travel/beijing-2026.md"),
                     ("note:notes/xian-food-list.md", "notes/xian-food-list.md"),
                     ("memory:memory/operator.md", "memory/operator.md"),
                     ("memory:memory/self.md", "memory/self.md")):
        stored = (sample_home.root / rel).read_bytes().decode("utf-8")
        assert get(sample_home, ref)["text"] == stored
        r = cli("get", ref)
        assert r.exit_code == 0 and r.stdout == stored
    # a file without a final newline comes back without one from the API
    p = sample_home.notes_dir / "bare.md"
    p.write_bytes("# 无换行\r\nline two".encode("utf-8"))
    assert get(sample_home, "note:notes/bare.md")["text"] == "# 无换行\r\nline two"


def test_get_episode_section(sample_home, cli):
    from holonmem.episodes import Episode, day_header, render_section

    ep = Episode(id="ep_a1", date="2026-06-11", project="invoicer", session="s_0611_invoicer_rounding",
                 start="2026-06-11T10:05:00+08:00", end="2026-06-11T10:30:00+08:00", objective="fix rounding",
                 summary="Rounded each line half-up; installed invoicer in editable mode.")
    other = Episode(id="ep_a2", date="2026-06-11", project="invoicer", session="s_x",
                    start="2026-06-11T11:00:00+08:00", end="2026-06-11T11:10:00+08:00", objective="other")
    first, second = render_section(ep), render_section(other)
    sample_home.episodes_dir.mkdir(exist_ok=True)
    (sample_home.episodes_dir / "2026-06-11.md").write_text(day_header("2026-06-11") + first + second, encoding="utf-8")
    res = get(sample_home, "episode:2026-06-11#ep_a1")
    assert res["kind"] == "episode" and "Rounded each line half-up" in res["text"]
    assert "ep_a2" not in res["text"]
    assert res["text"].strip() == first.strip()
    # the ref search gives for the episode resolves
    from holonmem.search import search

    hit = search(sample_home, "rounded half-up editable", kinds=["episode"])[0]
    assert hit["ref"] == "episode:2026-06-11#ep_a1"
    assert cli("get", hit["ref"]).stdout.strip() == first.strip()
    with pytest.raises(NotFound):
        get(sample_home, "episode:2026-06-11#ep_nope")
    with pytest.raises(NotFound):
        get(sample_home, "episode:yesterday#ep_a1")


def test_unknown_refs_are_a_clear_error(sample_home, cli):
    for ref in ("event:evt_9999", "note:notes/nope.md", "memory:memory/nope.md", "nonsense"):
        r = cli("get", ref)
        assert r.exit_code == 1, (ref, r)
        assert r.stderr.startswith("Error: ") and r.stdout == ""


def test_escapes_are_refused(sample_home, cli, tmp_path):
    outside = tmp_path / "secret.md"
    outside.write_text("zanzibar secret\n")
    (sample_home.notes_dir / "link.md").symlink_to(outside)
    (sample_home.notes_dir / "linkdir").symlink_to(tmp_path, target_is_directory=True)
    for ref in ("note:notes/../../secret.md", "note:../secret.md", f"note:{outside}", "memory:/etc/passwd",
                "note:notes/link.md", "note:notes/linkdir/secret.md", "memory:notes/invoicer-tax-rounding.md",
                "note:AGENTS.md", "note:notes/travel"):
        with pytest.raises((UnsafePath, NotFound)):
            get(sample_home, ref)
        r = cli("get", ref)
        assert r.exit_code == 1 and "zanzibar" not in r.stdout, (ref, r)
    with pytest.raises(UnsafePath):
        get(sample_home, "note:notes/link.md")
    # and the index never follows a note symlink out of the home
    from holonmem.search import search

    assert search(sample_home, "zanzibar") == []
    assert os.path.exists(outside)
