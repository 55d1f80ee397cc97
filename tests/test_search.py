"""search and index on the sample home: real Whoosh index, real files, real CLI."""

from __future__ import annotations

import json
import os

import pytest

from holonmem import index, locks, ranking
from holonmem.ingest import Source, ingest
from holonmem.search import Session, search

from conftest import make_sample_home


def refs(results) -> list[str]:
    return [r["ref"] for r in results]


def add_events(home, events, tmp_path, name="more.jsonl"):
    src = tmp_path / name
    src.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
    with open(src, "rb") as fh:
        return ingest(home, [Source(str(src), fh)], fsync=False)


def write_episode(home, date="2026-06-14"):
    from holonmem.episodes import Episode, day_header, render_section

    ep = Episode(id="ep_route_0614", date=date, project="travel-agent", session="s_0614_travel_route",
                 start=f"{date}T09:30:00+08:00", end=f"{date}T09:40:00+08:00", events=["evt_0098", "evt_0103"],
                 objective="查从王府井到八达岭长城的路线", title="八达岭路线：G110 封路，改走京藏高速",
                 outcome="succeeded", summary="route_checker 报 G110 施工封闭；改走京藏高速（G6）后路线可用。",
                 tools={"route_checker": 2})
    path = home.episodes_dir / f"{date}.md"
    path.parent.mkdir(exist_ok=True)
    path.write_text(day_header(date) + render_section(ep), encoding="utf-8")
    return ep


@pytest.fixture(scope="module")
def s(tmp_path_factory):
    """An open search session on the sample home (index built on open), built once for the
    read-only searches that use it."""
    with Session(make_sample_home(tmp_path_factory.mktemp("search") / "home")) as sess:
        yield sess


# -- Chinese, English and mixed queries ----------------------------------------------

@pytest.mark.parametrize("query, expected, top", [
    ("午睡", "event:evt_0017", 3),                  # 2-character Chinese
    ("路线检查", "event:evt_0101", 1),
    ("王府井大街88号", "event:evt_0098", 1),        # answer key case h
    ("钟楼", "event:evt_0172", 4),
    ("Whoosh索引重建", "event:evt_0076", 1),        # mixed Latin + CJK in one token run
    ("红眼航班", "event:evt_0006", 3),
    ("pip install editable mode", "event:evt_0040", 5),
    ("ModuleNotFoundError invoicer", "event:evt_0038", 3),
    ("pnpm instead of npm", "event:evt_0137", 2),
    ("route_checker failed", "event:evt_0100", 3),  # tool + status are indexed as tags
])
def test_event_queries_find_expected_refs(s, query, expected, top):
    res = s.search(query, limit=10)
    assert expected in refs(res)[:top], (query, refs(res))


def test_one_character_chinese_query(s):
    res = s.search("票", kinds=["event"], limit=10)
    got = refs(res)
    for ref in ("event:evt_0168", "event:evt_0122", "event:evt_0020"):
        assert ref in got
    assert all("票" in r["snippet"] for r in res[:3])


def test_notes_and_operator_memory_are_found(s):
    assert refs(s.search("rounding VAT per line"))[0] == "note:notes/invoicer-tax-rounding.md"
    assert "note:notes/travel/beijing-2026.md" in refs(s.search("午睡", kinds=["note"]))
    assert refs(s.search("北京之行", kinds=["note"]))[0] == "note:notes/travel/beijing-2026.md"
    # a note without frontmatter takes its first heading as title
    res = s.search("肉夹馍")
    assert res[0]["ref"] == "note:notes/xian-food-list.md" and res[0]["title"] == "西安美食清单"
    # operator/self count as memory
    res = s.search("高铁 二等座", kinds=["memory"])
    assert refs(res)[0] == "memory:memory/operator.md" and res[0]["kind"] == "memory"
    assert "memory:memory/self.md" in refs(s.search("dev-sh-01 MacBook", kinds=["operator"]))


def test_result_shape_and_snippet_shows_the_match(s):
    res = s.search("Whoosh索引重建", limit=3)
    assert len(res) == 3
    for r in res:
        assert {"ref", "kind", "score", "title", "snippet", "ts", "project"} <= set(r)
        assert r["kind"] in ("event", "episode", "memory", "note")
    assert [r["score"] for r in res] == sorted((r["score"] for r in res), reverse=True)
    long = s.search("pip install editable", limit=1)[0]
    assert "editable" in long["snippet"].lower() and len(long["snippet"]) <= 170


def test_filters_project_kind_session_since_until(s):
    assert {r["project"] for r in s.search("test", project="invoicer", limit=20)} == {"invoicer"}
    assert {r["kind"] for r in s.search("北京", kinds="note", limit=20)} == {"note"}
    assert {r["ref"].split(":")[0] for r in s.search("北京", kinds=["event", "note"], limit=30)} == {"event", "note"}
    res = s.search("午睡", session="s_0620_travel_xian")
    assert refs(res)[0] == "event:evt_0169" and {r["session"] for r in res} == {"s_0620_travel_xian"}
    res = s.search("午睡", kinds=["event"], since="2026-06-14", until="2026-06-14")
    assert {"event:evt_0111", "event:evt_0114"} <= set(refs(res))
    assert {r["ts"][:10] for r in res} == {"2026-06-14"}
    res = s.search("午睡", kinds=["event"], until="2026-06-10T20:46:00+08:00")
    assert refs(res)[0] == "event:evt_0017" and max(r["ts"] for r in res) <= "2026-06-10T20:46:00+08:00"
    from holonmem.errors import UsageError

    with pytest.raises(UsageError):
        s.search("x", kinds=["tweet"])
    with pytest.raises(UsageError):
        s.search("x", since="last tuesday")


def test_stopword_only_and_empty_queries_return_nothing(s):
    assert s.search("") == []
    assert s.search("the of and") == []


# -- episodes and memories -----------------------------------------------------------

def test_episodes_are_indexed_and_ranked_above_events(indexed_sample_home):
    home = indexed_sample_home
    search(home, "warm up")  # the index is up to date first; the episode arrives later
    write_episode(home)
    res = search(home, "京藏高速 八达岭", limit=5)
    assert res[0]["ref"] == "episode:2026-06-14#ep_route_0614"
    assert res[0]["kind"] == "episode" and res[0]["title"].startswith("八达岭路线")


def test_superseded_memories_only_with_all(sample_home):
    mem = sample_home.memory_dir
    (mem / "invoicer-frontend-npm.md").write_text(
        "---\ntitle: 'Invoicer frontend: use npm'\nkind: preference\nscope: project\nproject: invoicer\n"
        "status: superseded\nkeywords: [npm, frontend]\n---\n# Invoicer frontend: use npm\n\nUse npm for the invoicer frontend.\n",
        encoding="utf-8")
    (mem / "invoicer-frontend-pnpm.md").write_text(
        "---\ntitle: 'Invoicer frontend: use pnpm'\nkind: preference\nscope: project\nproject: invoicer\n"
        "status: active\nkeywords: [pnpm, frontend]\n---\n# Invoicer frontend: use pnpm\n\nUse pnpm, not npm, for the invoicer frontend.\n",
        encoding="utf-8")
    active = refs(search(sample_home, "invoicer frontend npm", kinds=["memory"]))
    assert active[0] == "memory:memory/invoicer-frontend-pnpm.md"
    assert "memory:memory/invoicer-frontend-npm.md" not in active
    everything = refs(search(sample_home, "invoicer frontend npm", kinds=["memory"], include_inactive=True))
    assert {"memory:memory/invoicer-frontend-pnpm.md", "memory:memory/invoicer-frontend-npm.md"} <= set(everything[:2])
    # memories outrank events for the same words
    assert search(sample_home, "pnpm frontend")[0]["ref"] == "memory:memory/invoicer-frontend-pnpm.md"


# -- incremental updates -------------------------------------------------------------

def test_appended_events_are_seen_by_the_next_search(indexed_sample_home, tmp_path):
    home = indexed_sample_home
    assert search(home, "兵马俑") == []
    add_events(home, [
        {"id": "evt_9001", "ts": "2026-06-25T10:00:00+08:00", "project": "travel-agent", "session": "s_0625_xian",
         "role": "user", "kind": "message", "text": "西安第二天去兵马俑，门票帮我查一下。"},
        {"id": "conv-1:D1:3", "ts": "2026-06-25T10:01:00+08:00", "project": "travel-agent", "session": "s_0625_xian",
         "role": "assistant", "text": "Terracotta warriors tickets: book online."},
    ], tmp_path)
    assert refs(search(home, "兵马俑"))[0] == "event:evt_9001"
    assert refs(search(home, "马俑"))[0] == "event:evt_9001"
    # the turn itself first, then the question before it (the reply's words are its context)
    assert refs(search(home, "terracotta")) == ["event:conv-1:D1:3", "event:evt_9001"]
    st = json.loads(home.state_file("index_state.json").read_text())
    assert set(st) >= {"ledger_offsets", "files", "last_update"}
    ledger = {p.name: p.stat().st_size for p in home.ledger_dir.glob("*.jsonl")}
    assert st["ledger_offsets"] == ledger


def test_hand_edited_added_and_deleted_notes_are_seen(indexed_sample_home):
    home = indexed_sample_home
    note = home.notes_dir / "travel" / "xian-2026.md"
    assert search(home, "马俑") == []
    note.write_text("# 西安之行\n\n第二天：兵马俑，早上8点出发。\n", encoding="utf-8")
    assert refs(search(home, "马俑")) == ["note:notes/travel/xian-2026.md"]
    note.write_text("# 西安之行\n\n第二天：华清宫。\n", encoding="utf-8")
    assert search(home, "兵马俑") == []
    assert refs(search(home, "华清宫")) == ["note:notes/travel/xian-2026.md"]
    note.unlink()
    assert search(home, "华清宫") == []
    # editing an existing note by hand
    rounding = home.notes_dir / "invoicer-tax-rounding.md"
    rounding.write_text(rounding.read_text(encoding="utf-8") + "\n- Banker's rounding is forbidden (zyzzyva).\n", encoding="utf-8")
    assert refs(search(home, "zyzzyva")) == ["note:notes/invoicer-tax-rounding.md"]


def test_nothing_changed_means_no_work(indexed_sample_home):
    home = indexed_sample_home
    index.update(home)
    res = index.update(home)
    assert res["events"] == 0 and res["documents"] == 0 and not res["rebuilt"] and not res["stale"]


def test_bounded_update_indexes_a_chunk_and_never_rebuilds(sample_home, tmp_path):
    res = index.update(sample_home, max_events=50)
    assert res["stale"] and not res["rebuilt"]          # no index yet: the per-turn path refuses to build it
    assert not index.load_state(sample_home)
    index.update(sample_home)
    add_events(sample_home, [{"id": f"evt_b{i:03d}", "role": "user", "project": "p", "session": "s_b",
                              "text": f"bounded update word{i} quokka"} for i in range(30)], tmp_path)
    res = index.update(sample_home, max_events=12)
    assert res["stale"] and res["events"] == 12
    res = index.update(sample_home, max_events=12)
    assert res["stale"] and res["events"] == 12
    res = index.update(sample_home, max_events=12)
    assert not res["stale"] and res["events"] == 6
    assert len(search(sample_home, "quokka", limit=50, update=False)) == 30


def test_incremental_index_equals_rebuild(indexed_sample_home, tmp_path):
    """The turns before and after an event are its context, also when they
    arrive in later incremental updates: the session's last turns are indexed
    again with them, and the result ranks as a rebuild does."""
    home = indexed_sample_home
    search(home, "warm up")
    sess = {"project": "holonmem-dev", "session": "s_0624_holonmem_context"}
    turns = [("evt_c1", "assistant", "Which budget should the context block default to?"),
             ("evt_c2", "user", "2000 tokens."),
             ("evt_c3", "assistant", "Noted: the wombat default stays at 2000.")]
    for i, (eid, role, text) in enumerate(turns):  # one incremental update per turn
        add_events(home, [{"id": eid, "ts": f"2026-06-24T21:0{i}:00+08:00", "role": role, "text": text, **sess}],
                   tmp_path, name=f"{eid}.jsonl")
        assert index.update(home)["events"] == 1
    q = "context block budget default"
    incremental = search(home, q, limit=10)
    wombat = refs(search(home, "wombat", limit=10))
    ix = index.open_index(home)
    with ix.searcher() as srch:
        live = srch.doc_count()
    ix.close()
    assert live == sum(1 for _ in home.ledger_dir.glob("*.jsonl") for _ in _.open("rb"))  # nothing twice
    index.rebuild(home)
    rebuilt = search(home, q, limit=10)
    # the same documents and ranking; scores differ only by the replaced documents
    # Whoosh still counts in its statistics until their segment is merged (6 of
    # 242 here: near-ties further down may swap)
    assert refs(incremental)[:6] == refs(rebuilt)[:6]
    assert set(refs(incremental)) == set(refs(rebuilt))
    for a, b in zip(incremental[:6], rebuilt[:6]):
        assert a["score"] == pytest.approx(b["score"], rel=0.1)
    assert "event:evt_c2" in refs(rebuilt)  # found through its question's words
    # evt_c2 was indexed before evt_c3 existed and carries it now; evt_c1 two turns back too
    assert wombat[:3] == ["event:evt_c3", "event:evt_c2", "event:evt_c1"]
    assert refs(search(home, "wombat", limit=10)) == wombat


# -- robustness ------------------------------------------------------------------------

def test_corrupt_index_is_rebuilt_with_a_warning(indexed_sample_home, hm):
    home = indexed_sample_home
    index.update(home)
    for p in home.index_dir.iterdir():
        p.write_bytes(b"garbage")
    r = hm("--home", home.root, "search", "路线检查", "--json")
    assert r.exit_code == 0, r
    assert "warning" in r.stderr and "rebuilt" in r.stderr
    assert json.loads(r.stdout)[0]["ref"] == "event:evt_0101"


def test_missing_index_is_rebuilt(indexed_sample_home):
    home = indexed_sample_home
    index.update(home)
    import shutil

    shutil.rmtree(home.index_dir)
    with Session(home) as sess:
        assert any("rebuilt" in w for w in sess.warnings)
        assert refs(sess.search("路线检查"))[0] == "event:evt_0101"


def test_second_indexer_skips_and_searches_still_work(indexed_sample_home, tmp_path):
    home = indexed_sample_home
    index.update(home)
    add_events(home, [{"id": "evt_lock1", "role": "user", "text": "wombat on the lawn"}], tmp_path)
    with locks.home_lock(home, locks.INDEX):
        res = index.update(home, max_events=100)
        assert res["stale"] and "another" in res["reason"]
        with Session(home) as sess:  # searches what is indexed and says so
            assert sess.search("wombat") == []
            assert any("not fully up to date" in w for w in sess.warnings)
            assert refs(sess.search("路线检查"))[0] == "event:evt_0101"
    assert refs(search(home, "wombat")) == ["event:evt_lock1"]


# -- CLI -------------------------------------------------------------------------------

def test_cli_search_json_plain_and_queries(indexed_sample_home, cli, tmp_path):
    r = cli("search", "王府井大街88号", "--json", "--limit", "3")
    assert r.exit_code == 0, r
    res = json.loads(r.stdout)
    assert len(res) == 3 and res[0]["ref"] == "event:evt_0098"
    r = cli("search", "午睡", "--kind", "note")
    assert r.exit_code == 0, r
    assert r.stdout.splitlines()[0].split("\t")[0] == "note:notes/travel/beijing-2026.md"
    qfile = tmp_path / "q.jsonl"
    qfile.write_text(
        json.dumps({"query": "路线检查", "project": "travel-agent"}, ensure_ascii=False) + "\n"
        + json.dumps({"query": "ruff check before commit", "project": "invoicer", "limit": 2}) + "\n"
        + json.dumps({"query": "午睡", "kind": "note"}, ensure_ascii=False) + "\n", encoding="utf-8")
    r = cli("search", "--queries", qfile)
    assert r.exit_code == 0, r
    lines = r.stdout.splitlines()
    assert len(lines) == 3
    arrays = [json.loads(x) for x in lines]
    assert arrays[0][0]["ref"] == "event:evt_0101"
    assert len(arrays[1]) == 2 and {x["project"] for x in arrays[1]} == {"invoicer"}
    assert refs(arrays[1])[0] == "event:evt_0046"
    assert {x["kind"] for x in arrays[2]} == {"note"}
    qfile.write_text('{"query": "ok"}\nnot json\n', encoding="utf-8")
    assert cli("search", "--queries", qfile).exit_code == 65
    assert cli("search").exit_code == 2


def test_cli_index_update_and_rebuild(sample_home, cli, tmp_path):
    r = cli("index", "--json")
    assert r.exit_code == 0, r
    first = json.loads(r.stdout)
    assert first["rebuilt"] and first["events"] == 233
    r = cli("index")
    assert r.exit_code == 0 and "up to date" in r.stderr
    add_events(sample_home, [{"id": "evt_new1", "role": "user", "text": "platypus"}], tmp_path)
    r = cli("index", "--json")
    assert json.loads(r.stdout)["events"] == 1
    r = cli("index", "--rebuild", "--json")
    out = json.loads(r.stdout)
    assert out["rebuilt"] and out["events"] == 234
    assert not [p for p in os.listdir(sample_home.state_dir) if p.startswith("index.")]


def test_a_half_written_last_line_is_not_work(indexed_sample_home):
    home = indexed_sample_home
    index.update(home)
    ledger = sorted(home.ledger_dir.glob("*.jsonl"))[-1]
    with open(ledger, "ab") as fh:
        fh.write(b'{"id": "evt_half", "role": "user", "text": "half writ')
    pend = index.pending(home)
    assert pend["ledger_bytes"] == 0 and not pend["rewritten"]
    assert index.update(home)["events"] == 0
    with open(ledger, "ab") as fh:
        fh.write(b'ten numbat"}\n')
    assert refs(search(home, "numbat")) == ["event:evt_half"]


def test_searches_keep_working_during_a_rebuild(indexed_sample_home):
    home = indexed_sample_home
    import subprocess
    import sys

    index.update(home)
    proc = subprocess.Popen([sys.executable, "-m", "holonmem", "--home", str(home.root), "index", "--rebuild"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    answers = []
    import time

    while proc.poll() is None or not answers:
        answers.append(refs(search(home, "路线检查", limit=1, update=False)))
        time.sleep(0.05)
    assert proc.wait() == 0, proc.stderr.read()
    assert answers and all(a == ["event:evt_0101"] for a in answers)
    assert refs(search(home, "路线检查", limit=1)) == ["event:evt_0101"]


def test_index_of_an_older_format_is_rebuilt_with_a_warning(indexed_sample_home):
    home = indexed_sample_home
    index.update(home)
    st = json.loads(index.state_path(home).read_text())
    st["version"] = index.VERSION - 1
    index.state_path(home).write_text(json.dumps(st))
    with Session(home) as sess:
        assert any("older format" in w and "rebuilt" in w for w in sess.warnings), sess.warnings
        assert refs(sess.search("路线检查"))[0] == "event:evt_0101"
    assert index.load_state(home)["version"] == index.VERSION


def test_episode_search_does_not_open_the_events_index(sample_home):
    write_episode(sample_home)
    index.update(sample_home)
    with Session(sample_home, update=False) as sess:
        hits = sess.search("八达岭路线", kinds=["episode"])
        assert hits and all(h["kind"] == "episode" for h in hits)
        assert list(sess._searchers) == [index.FILES]
    with Session(sample_home, update=False, kinds=["episode"]) as sess:
        assert list(sess._ix) == [index.FILES]
        assert sess.search("八达岭路线", kinds=["episode"])
        assert sess.search("路线检查", kinds=["event"])  # the events index opens on first use


def test_parallel_rebuild_finds_the_same_and_keeps_session_context(sample_home, tmp_path, monkeypatch):
    """Two writer processes (big ledgers) give the same results as one, and the
    previous event of a session is still found across their two segments."""
    queries = ["路线检查", "rounding VAT per line", "deploy checklist", "兵马俑"]
    index.rebuild(sample_home)
    single = {q: search(sample_home, q, limit=10) for q in queries}
    monkeypatch.setattr(index, "PARALLEL_BYTES", 0)
    index.rebuild(sample_home)
    ix = index.open_index(sample_home)
    try:
        assert len(ix._segments()) == 2
    finally:
        ix.close()
    for q in queries:
        assert sorted((r["ref"], r["score"]) for r in search(sample_home, q, limit=10)) == \
            sorted((r["ref"], r["score"]) for r in single[q]), q
    add_events(sample_home, [
        {"id": "evt_p1", "ts": "2026-06-24T21:00:00+08:00", "project": "holonmem-dev", "session": "s_par",
         "role": "assistant", "text": "Which wombat colour should the dashboard use?"},
    ], tmp_path)
    index.update(sample_home)
    index.rebuild(sample_home)  # the session's first event now sits in one of two segments
    add_events(sample_home, [
        {"id": "evt_p2", "ts": "2026-06-24T21:01:00+08:00", "project": "holonmem-dev", "session": "s_par",
         "role": "user", "text": "Teal."},
    ], tmp_path, name="more2.jsonl")
    index.update(sample_home)
    assert "event:evt_p2" in refs(search(sample_home, "wombat colour", limit=10))


def test_common_terms_still_count_in_scores(sample_home, tmp_path):
    """Terms in more than COMMON_DF of the documents do not select candidates,
    but they still score the candidates, and fill up short result lists."""
    filler = [{"id": f"evt_lorem{i}", "role": "user", "text": f"lorem ipsum filler number {i}"} for i in range(60)]
    add_events(sample_home, [*filler,
                             {"id": "evt_both", "role": "user", "text": "the zyzzyva beetle and lorem"},
                             {"id": "evt_rare", "role": "user", "text": "the zyzzyva beetle alone"}], tmp_path)
    with Session(sample_home) as sess:
        s = sess._searcher(index.EVENTS)
        assert s.doc_frequency("text", "lorem") > ranking.COMMON_DF * s.doc_count_all()
        res = sess.search("zyzzyva lorem", limit=5)
    assert refs(res)[:2] == ["event:evt_both", "event:evt_rare"]
    assert res[0]["score"] > res[1]["score"]
    assert len(res) == 5  # lorem-only documents fill the list


def test_only_what_a_damaged_index_raises_rebuilds_it():
    """Search rebuilds on a damaged index's errors only: a bug in a query surfaces."""
    import pickle
    import struct
    import zlib

    from whoosh.index import EmptyIndexError

    caught = index.unreadable_errors()
    for exc in (EOFError(), struct.error("unpack"), zlib.error("bad"), pickle.UnpicklingError("x"),
                FileNotFoundError("seg"), EmptyIndexError("empty"), index.IndexUnavailable("gone")):
        assert isinstance(exc, caught), exc
    for exc in (TypeError("bug"), KeyError("k"), AttributeError("a"), ValueError("v"), PermissionError("p")):
        assert not isinstance(exc, caught), exc


def test_terms_are_those_of_the_cjk_range_regex():
    """textterms cuts runs without compiling a regex of the CJK ranges on every
    start; the terms are exactly those of ``([CJK]+)|([^\\W_CJK]+)``, for text
    that mixes scripts, underscores, kana marks and the characters around the ranges."""
    import random
    import re

    from holonmem import textterms

    cjk = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
    run = re.compile(rf"([{cjk}]+)|([^\W_{cjk}]+)")

    def expected(text, query):
        out = []
        for m in run.finditer(text):
            if m.group(1) is None:
                t = textterms.tokens(m.group(2), query=query)
                out.extend(t)
                continue
            s = m.group(1)
            if query:
                out.extend([s] if len(s) == 1 else [s[i:i + 2] for i in range(len(s) - 1)])
            else:
                for i in range(len(s)):
                    out.extend([s[i], s[i:i + 2]] if i + 1 < len(s) else [s[i]])
        return out

    alphabet = list("abXY09_ .-'!") + ["é", "Ж", "\u3040", "\u3041", "\u3099", "\u30a0", "\u30fb", "\u30fc", "\u3100",
                                       "\u4dbf", "\u4dc0", "兵", "马", "\u9fff", "\ua000", "\ufa6e", "\ufaff", "\ufb00",
                                       "\uac00", "\ud7a4", "\ud7b0", "\uff21", "\U00020000", "²"]
    rnd = random.Random(19)
    for _ in range(3000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 20)))
        for query in (False, True):
            assert list(textterms.tokens(text, query=query)) == expected(text, query), text
