"""review / promote / reject / journal on the sample home (ingest -> consolidate), through the real CLI."""

from __future__ import annotations

import io
import json

import pytest

from holonmem import signalstore
from holonmem.ingest import Source, ingest
from holonmem.memory import load_memories
from holonmem.memory_index import managed_paths

RUFF = "evt_0046"  # "From now on, always run `ruff check` before committing in invoicer."
SEAT = "evt_0007"  # 最好选靠窗的座位 (a weak single-session preference)


@pytest.fixture
def consolidated(sample_home, cli):
    r = cli("--home", sample_home.root, "consolidate")
    assert r.exit_code == 0, r
    return sample_home


def _review(cli, h) -> dict:
    r = cli("--home", h.root, "review", "--json")
    assert r.exit_code == 0, r
    return json.loads(r.stdout)


def _group(res: dict, evt: str) -> dict:
    (g,) = [g for g in res["groups"] if any(e["id"] == evt for e in g["evidence"])]
    return g


def test_review_lists_every_pending_signal_with_evidence(consolidated, cli):
    h = consolidated
    res = _review(cli, h)
    pending = {s["id"] for s in signalstore.load(h).pending()}
    listed = [sid for g in res["groups"] for sid in g["signals"]]
    assert pending and sorted(listed) == sorted(pending) and res["pending"] == len(pending)
    for g in res["groups"]:
        assert g["evidence"] and g["statement"] and 0 < g["score"] <= 0.99
        for e in g["evidence"]:
            assert not e.get("missing") and e["text"] and e["session"] and e["date"].startswith("2026-06")
        assert (g["verdict"] == "ready") == (not g["lacks"])
    # the lesson seen in two sessions: one group, both failures as evidence, ready
    lesson = _group(res, "evt_0038")
    assert lesson["verdict"] == "ready" and "evt_0128" in [e["id"] for e in lesson["evidence"]]
    assert set(lesson["sessions"]) == {"s_0611_invoicer_rounding", "s_0616_invoicer_pdf"}
    assert "ModuleNotFoundError" in " ".join(e["text"] for e in lesson["evidence"])
    # the PostgreSQL fact repeated in two sessions is ready; the window-seat preference waits
    pg = _group(res, "evt_0053")
    assert pg["verdict"] == "ready" and "repeated_across_sessions" in pg["channels"] and len(pg["sessions"]) == 2
    seat = _group(res, SEAT)
    assert seat["verdict"] == "waiting" and seat["lacks"] and "second session" in seat["lacks"][0]
    assert "靠窗" in seat["evidence"][0]["text"] and seat["evidence"][0]["session"] == "s_0610_travel_beijing"
    assert seat["score"] < lesson["score"] or seat["score"] <= pg["score"]


def test_review_plain_output_when_piped(consolidated, cli):
    r = cli("--home", consolidated.root, "review")
    assert r.exit_code == 0, r
    assert "ruff check" in r.stdout and "\tevt_0046\ts_0611_invoicer_rounding\t2026-06-11\t" in r.stdout
    assert "lacks: support from a second session" in r.stdout
    assert "groups from" in r.stderr
    assert not r.stdout.lstrip().startswith(("[", "{"))


def test_promote_by_hand_writes_the_memory_like_dream(consolidated, cli):
    h = consolidated
    sid = _group(_review(cli, h), SEAT)["signals"][0]
    r = cli("--home", h.root, "promote", sid, "--json")
    assert r.exit_code == 0, r
    out = json.loads(r.stdout)
    (m,) = out["memories"]
    assert m["action"] == "create" and sid in out["signals"]
    (mem,) = [x for x in load_memories(h) if x.path == m["path"]]
    assert SEAT in mem.evidence and "by_hand" in mem.channels and "s_0610_travel_beijing" in mem.sessions
    assert "靠窗" in mem.statement and mem.path in managed_paths(h.memory_md.read_text())
    st = signalstore.load(h).status[sid]
    assert st["status"] == "promoted" and st["by"] == "hand" and st["memory"] == mem.path
    assert sid not in [s for g in _review(cli, h)["groups"] for s in g["signals"]]
    assert "Promote by hand" in (h.root / out["journal"]).read_text()
    # a dream afterwards builds no twin of it
    assert cli("--home", h.root, "dream", "--force").exit_code == 0
    assert [x.path for x in load_memories(h) if SEAT in x.evidence] == [mem.path]
    # promoting it again is refused
    r = cli("--home", h.root, "promote", sid)
    assert r.exit_code == 1 and "already promoted" in r.stderr
    r = cli("--home", h.root, "reject", "sig_nope")
    assert r.exit_code == 1 and "no signal" in r.stderr


def _say_again(h, text: str, session: str) -> None:
    line = {"id": "evt_again_1", "ts": "2026-06-23T10:00:00+08:00", "project": "invoicer", "session": session,
            "role": "user", "kind": "message", "text": text}
    end = dict(line, id="evt_again_2", role="system", kind="session_end", text="", ts="2026-06-23T10:05:00+08:00")
    data = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in (line, end)).encode()
    res = ingest(h, [Source("again.jsonl", io.BytesIO(data))], fsync=False)
    assert res.ingested == 2


def test_reject_is_final_even_when_said_again_in_a_new_session(consolidated, cli):
    h = consolidated
    g = _group(_review(cli, h), RUFF)
    assert g["verdict"] == "ready"
    r = cli("--home", h.root, "reject", g["signals"][0], "--reason", "we dropped ruff", "--json")
    assert r.exit_code == 0, r
    st = signalstore.load(h)
    assert all(st.status[s]["status"] == "rejected" and st.status[s]["by"] == "hand" for s in g["signals"])
    assert "we dropped ruff" in (h.root / json.loads(r.stdout)["journal"]).read_text()
    assert not [x for x in _review(cli, h)["groups"] if RUFF in [e["id"] for e in x["evidence"]]]
    # the same statement again, another session: consolidate re-extracts it, review hides it
    _say_again(h, "From now on, always run `ruff check` before committing in invoicer.", "s_0623_invoicer_again")
    assert cli("--home", h.root, "consolidate", "--now", "2026-06-24T10:00:00+08:00").exit_code == 0
    st = signalstore.load(h)
    again = [s for s in st.pending() if "evt_again_1" in s.get("evidence", [])]
    assert again, "consolidate should extract the repeated instruction"
    res = _review(cli, h)
    assert {x["signal"] for x in res["hidden_rejected"]} >= {s["id"] for s in again}
    assert not [x for x in res["groups"] if "evt_again_1" in [e["id"] for e in x["evidence"]]]
    # and the dream rejects it instead of promoting it
    r = cli("--home", h.root, "dream", "--force", "--json")
    assert r.exit_code == 0, r
    assert not [m for m in load_memories(h) if "ruff" in m.statement.lower()]
    st = signalstore.load(h)
    assert all(st.status[s["id"]]["status"] == "rejected" and "rejected by hand" in st.status[s["id"]]["reason"] for s in again)
    # other instructions were still promoted
    assert [m for m in load_memories(h) if "evt_0066" in m.evidence]


def test_journal_shows_the_latest_entries(consolidated, cli):
    h = consolidated
    r = cli("--home", h.root, "journal")
    assert r.exit_code == 0 and "empty" in r.stderr
    assert cli("--home", h.root, "dream", "--force").exit_code == 0
    assert cli("--home", h.root, "remember", "Invoices are due in 30 days", "--project", "invoicer").exit_code == 0
    r = cli("--home", h.root, "journal", "--last", "2", "--json")
    entries = json.loads(r.stdout)
    assert [e["title"].split()[0] for e in entries] == ["Dream", "Remember"]
    assert entries[0]["summary"] and "promoted" in entries[0]["summary"] and entries[0]["run"].startswith("dream_")
    r = cli("--home", h.root, "journal", "--last", "1")
    assert r.stdout.count("\n## ") + r.stdout.startswith("## ") <= 1 and "Remember by hand" in r.stdout


def test_review_uses_the_configured_expiry(consolidated, cli):
    h = consolidated
    waiting = [g for g in _review(cli, h)["groups"] if g["verdict"] == "waiting"]
    assert waiting
    cfg = h.config_path.read_text().replace("# pending_expiry_days = 30", "pending_expiry_days = 0")
    h.config_path.write_text(cfg)
    res = _review(cli, h)
    assert not [g for g in res["groups"] if g["verdict"] == "waiting"]
    expiring = [g for g in res["groups"] if g["verdict"] == "expiring"]
    assert {s for g in waiting for s in g["signals"]} <= {s for g in expiring for s in g["signals"]}
    assert all("expires" in g["lacks"][0] for g in expiring)


def test_untrusted_web_text_is_refused_never_a_candidate(consolidated, cli):
    """The injected web pages (evt_0059, evt_0020): shown refused as untrusted, promote refuses,
    dream skips them and the journal lists them under "Skipped as untrusted"."""
    h = consolidated
    res = _review(cli, h)
    for evt in ("evt_0059", "evt_0020"):
        g = _group(res, evt)
        assert g["verdict"] == "refused" and g["untrusted"] is True and g["channels"] == []
        assert "untrusted" in g["lacks"][0] and g["statement"].startswith("Untrusted text in web_fetch output")
    assert not [g for g in res["groups"] if g["untrusted"] and g["verdict"] != "refused"]
    sid = _group(res, "evt_0059")["signals"][0]
    r = cli("--home", h.root, "promote", sid)
    assert r.exit_code == 1 and "untrusted" in r.stderr and "Hint:" in r.stderr
    assert signalstore.load(h).status_of(sid) == "pending"
    r = cli("--home", h.root, "dream", "--force", "--json")
    assert r.exit_code == 0, r
    out = json.loads(r.stdout)
    journal = (h.root / out["journal"]).read_text()
    skipped = journal.split("#### Skipped as untrusted")[1].split("\n### ")[0]
    for evt in ("evt_0059", "evt_0020"):
        assert f"`{evt}`" in skipped
    assert sid in skipped and "untrusted" in skipped
    st = signalstore.load(h)
    assert (st.status_of(sid), st.status[sid]["reason"]) == ("rejected", "untrusted source")
    for m in load_memories(h):
        assert not {"evt_0059", "evt_0020"} & set(m.evidence)
    assert "push to main and email" not in h.memory_md.read_text()
    r = cli("--home", h.root, "promote", sid)
    assert r.exit_code == 1 and "already rejected" in r.stderr
