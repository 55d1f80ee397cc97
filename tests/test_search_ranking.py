"""The ranking signals of issue 19 (docs/search.md, "How results are ranked"),
each on a real home with real files: the turns around an event, its date,
the speaker a question names, 'when' questions, question-framing words, the
session of the other good results."""

from __future__ import annotations

import json

import pytest

from holonmem import index, index_docs
from holonmem import search as search_mod
from holonmem.ingest import Source, ingest
from holonmem.layout import init_home
from holonmem.search import Session, asks_when, says_when, search, weighted_terms


def refs(results) -> list[str]:
    return [r["ref"] for r in results]


@pytest.fixture
def home(tmp_path):
    h, _ = init_home(tmp_path / "home")
    return h


def add(home, tmp_path, events, name="e.jsonl"):
    src = tmp_path / name
    src.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
    with open(src, "rb") as fh:
        ingest(home, [Source(str(src), fh)], fsync=False)


def turn(i, text, *, session="s1", speaker=None, ts=None, role="user"):
    ev = {"id": f"t{i}", "ts": ts or f"2023-05-08T13:56:{i:02d}", "project": "p", "session": session,
          "role": role, "text": text}
    if speaker:
        ev["speaker"] = speaker
    return ev


def test_the_turns_before_and_after_are_context_two_deep(home, tmp_path):
    add(home, tmp_path, [turn(1, "Any plans for the weekend?"), turn(2, "Going to the aquarium with my niece."),
                         turn(3, "Nice."), turn(4, "She loves the jellyfish."), turn(5, "Sounds fun."),
                         turn(6, "Unrelated: the printer is broken.")])
    got = refs(search(home, "jellyfish", limit=10))
    assert got[0] == "event:t4"
    # t3 and t5 are one turn away, t2 two turns away; t6 is two after and weaker than t5
    assert set(got) == {"event:t2", "event:t3", "event:t4", "event:t5", "event:t6"}
    assert got.index("event:t3") < got.index("event:t2") and got.index("event:t5") < got.index("event:t6")
    assert "event:t1" not in got  # three turns back: not context


def test_context_stays_inside_the_session(home, tmp_path):
    add(home, tmp_path, [turn(1, "The axolotl tank needs cleaning.", session="a"),
                         turn(2, "Fine.", session="b"), turn(3, "Fine too.", session="a")])
    assert refs(search(home, "axolotl", limit=10)) == ["event:t1", "event:t3"]


def test_events_without_a_session_carry_no_context(home, tmp_path):
    add(home, tmp_path, [{"id": f"n{i}", "role": "user", "project": "p", "text": t}
                         for i, t in enumerate(["The aardvark digs.", "Unrelated note.", "Another note."])])
    assert refs(search(home, "aardvark", limit=10)) == ["event:n0"]


def test_a_waiting_session_is_written_when_too_many_wait(home, tmp_path, monkeypatch):
    """A rebuild holds back only a bounded number of sessions; the evicted ones
    are indexed (with what followed so far) and nothing is lost or doubled."""
    monkeypatch.setattr(index_docs, "MAX_WAITING_SESSIONS", 2)
    add(home, tmp_path, [turn(i, f"quokka number {i}", session=f"s{i % 5}") for i in range(20)])
    index.rebuild(home)
    got = refs(search(home, "quokka", limit=50))
    assert sorted(got) == sorted(f"event:t{i}" for i in range(20))
    st = index.load_state(home)
    assert st["ledger_offsets"] == {p.name: p.stat().st_size for p in home.ledger_dir.glob("*.jsonl")}


def test_a_question_naming_a_date_finds_that_days_turns(home, tmp_path):
    add(home, tmp_path, [turn(1, "We played a board game at the convention.", ts="2022-10-09T10:00:00"),
                         turn(2, "We played a board game at the convention again.", ts="2022-11-20T10:00:00",
                              session="s2")])
    assert index_docs.date_words("2022-10-09T10:00:00") == "9 October 2022"
    q = "What board game did they play at the convention on 9 October, 2022?"
    assert refs(search(home, q, limit=2))[0] == "event:t1"
    assert refs(search(home, q.replace("9 October", "20 November"), limit=2))[0] == "event:t2"


def test_a_turn_by_the_person_the_question_names_ranks_higher(home, tmp_path, monkeypatch):
    add(home, tmp_path, [turn(1, "Thanks Nate! I love fantasy books with dragons.", speaker="Joanna"),
                         turn(2, "I love fantasy books with dragons.", speaker="Nate", session="s2", role="assistant")])

    def scores(q):
        return {r["ref"]: r["score"] for r in search(home, q, limit=2)}

    nate, joanna = scores("What fantasy books does Nate love?"), scores("What fantasy books does Joanna love?")
    assert max(nate, key=nate.get) == "event:t2"
    monkeypatch.setattr(search_mod, "SPEAKER_BOOST", 0.0)
    nate0, joanna0 = scores("What fantasy books does Nate love?"), scores("What fantasy books does Joanna love?")
    boost = 1 + 0.1  # search.SPEAKER_BOOST as shipped
    assert nate["event:t2"] == pytest.approx(nate0["event:t2"] * boost, rel=1e-3)
    assert nate["event:t1"] == pytest.approx(nate0["event:t1"], rel=1e-3)  # only addressed: no boost
    assert joanna["event:t1"] == pytest.approx(joanna0["event:t1"] * boost, rel=1e-3)
    assert joanna["event:t2"] == pytest.approx(joanna0["event:t2"], rel=1e-3)


def test_a_when_question_prefers_the_turn_that_says_when(home, tmp_path):
    add(home, tmp_path, [turn(1, "I ran a charity race for mental health, so much fun.", session="a"),
                         turn(2, "I ran a charity race for mental health last Saturday.", session="b")])
    assert asks_when("When did Melanie run a charity race?") and asks_when("她什么时候去的？")
    assert not asks_when("What race did Melanie run?")
    assert says_when("last Saturday") and says_when("我昨天到的") and not says_when("so much fun")
    when = {r["ref"]: r["score"] for r in search(home, "When did she run a charity race for mental health?", limit=2)}
    plain = {r["ref"]: r["score"] for r in search(home, "she run a charity race for mental health", limit=2)}
    assert max(when, key=when.get) == "event:t2"
    # the same terms ("when", "did" are stop words): only the time boost differs
    ratio = (when["event:t2"] / when["event:t1"]) / (plain["event:t2"] / plain["event:t1"])
    assert ratio == pytest.approx(1 + search_mod.TIME_BOOST, rel=1e-3)


def test_question_framing_words_weigh_less_in_long_questions():
    w = dict(weighted_terms("What kind of books does Nate enjoy?"))
    assert w["kind"] < 1.0 and w["book"] == 1.0 and w["nate"] == 1.0
    assert dict(weighted_terms("kind words"))["kind"] == 1.0  # a short query means what it says
    assert dict(weighted_terms("kind type sort")) == {"kind": 1.0, "type": 1.0, "sort": 1.0}


def test_framing_words_do_not_outrank_the_subject(home, tmp_path):
    add(home, tmp_path, [turn(1, "Thanks for the kind words, really kind of you.", session="a"),
                         turn(2, "This series of books is a must-read, so many adventures.", session="b")])
    assert refs(search(home, "What kind of books does she enjoy?", limit=2))[0] == "event:t2"


def test_results_keep_their_shape(home, tmp_path):
    add(home, tmp_path, [turn(1, "The wombat sleeps all day.", speaker="Ann")])
    with Session(home) as s:
        (r,) = s.search("wombat", limit=5)
    assert set(r) == {"ref", "kind", "score", "title", "snippet", "ts", "project", "session"}
    assert r["ref"] == "event:t1" and r["title"] == "Ann: message" and r["snippet"] == "The wombat sleeps all day."
