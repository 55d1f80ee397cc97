"""Hand-edited and git-merged files (issue 18, items 6-13): a BOM, an unterminated
last line, a duplicate key left by a conflict resolution, a NUL byte, conflict
markers, a FIFO where a file belongs, state files of the wrong shape, wrong-typed
settings and a truncated search-index segment. Nothing is lost or clobbered;
what cannot be used is reported with its file (and line) and what to do."""

from __future__ import annotations

import json
import os

import pytest

from rel_support import assert_no_crash
from rel_support import hm_home as hm  # a subprocess with a timeout (a FIFO could hang it), else main() here

ARCHIVED = """---
id: mem_bom0000001
title: "Invoicer: wrap every SQL call in a retry"
kind: rule
scope: project
project: invoicer
status: archived
created: '2026-06-12T10:07:00+08:00'
updated: '2026-06-12T10:07:00+08:00'
confidence: 0.8
keywords: [sql, retry]
---
# Invoicer: wrap every SQL call in a retry

Invoicer: wrap every SQL call in a retry ZEBRA-MARK.
"""

ACTIVE = ARCHIVED.replace("status: archived", "status: active").replace("mem_bom0000001", "mem_act0000001")


def _memory_lines(home) -> list[str]:
    return [ln for ln in home.memory_md.read_text().splitlines() if ln.startswith("- [")]


# -- 6: a UTF-8 BOM before the frontmatter -----------------------------------------------

def test_bom_before_frontmatter_keeps_the_memory_archived_and_in_its_project(home):
    p = home.memory_dir / "invoicer-sql-retry.md"
    p.write_bytes(b"\xef\xbb\xbf" + ARCHIVED.encode())
    r = hm(home, "context", "--project", "other", "--task", "sql retry")
    assert_no_crash(r)
    assert "ZEBRA-MARK" not in r.stdout  # archived, and of another project: in no context
    r = hm(home, "doctor", "--json")
    assert_no_crash(r)
    found = [f for f in json.loads(r.stdout)["findings"] if f["file"] == "memory/invoicer-sql-retry.md" and f["check"] != "permissions"]
    assert found == [], found
    before = p.read_bytes()
    assert_no_crash(hm(home, "doctor", "--fix"))
    after = p.read_bytes()
    assert b"status: archived" in after and b"project: invoicer" in after
    assert after == before
    assert not any("invoicer-sql-retry" in ln for ln in _memory_lines(home))
    from holonmem.memory import load_memories

    m = [m for m in load_memories(home) if m.slug == "invoicer-sql-retry"][0]
    assert (m.status, m.project, m.kind, m.id) == ("archived", "invoicer", "rule", "mem_bom0000001")


# -- 7: signals.jsonl whose last (valid) line has no newline -------------------------------

def _signal(sid: str) -> dict:
    return {"type": "signal", "id": sid, "ts": "2026-06-12T10:07:00+08:00", "created": "2026-06-12T10:07:00+08:00",
            "scope": "user", "kind": "rule", "statement": f"Always do {sid}.", "subject": sid, "polarity": "+",
            "evidence": [], "project": "p", "session": "s", "source_role": "user", "trust": "user-stated",
            "confidence": 0.8, "channels": ["explicit_instruction"], "keywords": [sid], "extractor": "rules"}


def test_valid_unterminated_last_signal_line_is_completed_not_cut(home):
    from holonmem import signalstore

    lines = [_signal("sig_a"), _signal("sig_b"), signalstore.status_line("sig_a", "rejected", ts="2026-06-13T00:00:00Z",
                                                                         reason="a person said no")]
    data = "".join(json.dumps(x) + "\n" for x in lines).rstrip("\n")  # a hand edit dropped the final newline
    home.signals_path.write_text(data)
    st = signalstore.load(home)
    assert st.status_of("sig_a") == "rejected" and not st.errors
    signalstore.append(home, [signalstore.status_line("sig_b", "promoted", ts="2026-06-14T00:00:00Z")])
    st = signalstore.load(home)
    assert st.status_of("sig_a") == "rejected", "the person's reject was lost"
    assert st.status_of("sig_b") == "promoted" and not st.errors
    assert home.signals_path.read_bytes().endswith(b"\n")


def test_torn_invalid_last_signal_line_is_quarantined_not_dropped(home):
    from holonmem import signalstore

    torn = json.dumps(_signal("sig_torn"))[:40]
    home.signals_path.write_text(json.dumps(_signal("sig_a")) + "\n" + torn)
    signalstore.append(home, [_signal("sig_c")])
    st = signalstore.load(home)
    assert set(st.signals) == {"sig_a", "sig_c"} and not st.errors
    kept = b"".join(p.read_bytes() for p in home.quarantine_dir.glob("*"))
    assert torn.encode() in kept


# -- 8: a duplicate frontmatter key, a NUL byte in a title -----------------------------------

@pytest.mark.parametrize("damage", ["dupkey", pytest.param("nul", marks=pytest.mark.stress)])
def test_doctor_fix_repairs_duplicate_key_and_nul_once(home, damage):
    p = home.memory_dir / "invoicer-sql-retry.md"
    text = ACTIVE
    if damage == "dupkey":  # what is left after resolving a git conflict by keeping both sides
        text = text.replace("kind: rule\n", "kind: rule\nkind: preference\n")
    else:
        text = text.replace('title: "Invoicer: wrap', 'title: "Invoicer:\x00 wrap')
    p.write_text(text)
    r = hm(home, "doctor", "--fix")
    assert_no_crash(r)
    first = p.read_text()
    quarantined = sorted(home.quarantine_dir.glob("*"))
    r = hm(home, "doctor", "--json")
    assert_no_crash(r)
    left = [f for f in json.loads(r.stdout)["findings"] if f["file"] == "memory/invoicer-sql-retry.md" and f["severity"] == "error"]
    assert left == [], left
    assert_no_crash(hm(home, "doctor", "--fix"))
    assert p.read_text() == first, "a second --fix changed the file again"
    assert sorted(home.quarantine_dir.glob("*")) == quarantined, "a second --fix quarantined another copy"
    assert first.count("holonmem doctor:") <= 1
    assert "\x00" not in first
    if damage == "dupkey":
        assert "preference" in first  # the other side of the conflict is kept (as a comment)
    from holonmem.memory import load_memories

    m = [m for m in load_memories(home) if m.slug == "invoicer-sql-retry"][0]
    assert m.writable and m.status == "active" and "wrap" in m.title


# -- 9: git conflict markers -------------------------------------------------------------------

CONFLICT = "<<<<<<< HEAD\n{a}\n=======\n{b}\n>>>>>>> origin/main\n"


def test_doctor_reports_git_conflict_markers(home):
    (home.memory_dir / "invoicer-sql-retry.md").write_text(
        ACTIVE.replace("Invoicer: wrap every SQL call in a retry ZEBRA-MARK.\n",
                       CONFLICT.format(a="Wrap every SQL call in a retry.", b="Wrap every SQL call in two retries.")))
    mem_md = home.memory_md.read_text()
    home.memory_md.write_text(mem_md + CONFLICT.format(a="- [A](memory/a.md) — a", b="- [B](memory/b.md) — b"))
    home.journal_dir.mkdir(exist_ok=True)
    (home.journal_dir / "2026-06-12.md").write_text("# Journal\n\n" + CONFLICT.format(a="- one", b="- two"))
    ev = lambda i: json.dumps({"id": f"evt_{i}", "ts": "2026-06-12T10:00:00+00:00", "project": "p", "role": "user",  # noqa: E731
                               "kind": "message", "text": f"t{i}"})
    home.ledger_dir.mkdir(exist_ok=True)
    (home.ledger_dir / "2026-06.jsonl").write_text(ev(1) + "\n" + CONFLICT.format(a=ev(2), b=ev(3)))
    r = hm(home, "doctor", "--json")
    assert_no_crash(r)
    assert r.exit_code == 1
    found = json.loads(r.stdout)["findings"]
    for rel, line in (("memory/invoicer-sql-retry.md", 15), ("MEMORY.md", None), ("journal/2026-06-12.md", 3),
                      ("ledger/2026-06.jsonl", 2)):
        hits = [f for f in found if f["file"] == rel and "conflict" in f["problem"]]
        assert hits, (rel, found)
        if line:
            assert hits[0]["line"] == line, hits
    # the ledger's both sides are kept by --fix (an append-only file: the union is right)
    assert_no_crash(hm(home, "doctor", "--fix"))
    ids = [json.loads(x)["id"] for x in (home.ledger_dir / "2026-06.jsonl").read_text().splitlines()]
    assert ids == ["evt_1", "evt_2", "evt_3"]


# -- 10: a FIFO (or another non-regular file) where a file belongs -------------------------------

@pytest.mark.parametrize("where", ["memory/x.md", *(pytest.param(w, marks=pytest.mark.stress) for w in
                                   ("AGENTS.md", "memory/operator.md", "MEMORY.md", "episodes/2026-06-12.md"))])
def test_fifo_in_the_home_never_hangs(home, where):
    p = home.root / where
    p.parent.mkdir(parents=True, exist_ok=True)
    if p.exists():
        p.unlink()
    os.mkfifo(p)
    cmds = [("context", "--project", "p", "--task", "sql"), ("doctor",), ("status",), ("index",), ("search", "sql")]
    if where != "MEMORY.md":
        cmds.append(("remember", "Always wrap SQL in a retry", "--project", "p"))
    for args in cmds:
        r = hm(home, *args, timeout=20)
        assert_no_crash(r)
    r = hm(home, "doctor", timeout=20)
    assert where in r.stdout + r.stderr and "regular file" in r.stdout + r.stderr, r


# -- 11: state files of the wrong shape -------------------------------------------------------------

STATE_FILES = ["dream.json", "heartbeat.json", "consolidate.json", "index_state.json", "sources.json"]


@pytest.mark.parametrize("value", ['"x"', pytest.param("7", marks=pytest.mark.stress), pytest.param('{"runs": [1, "x"], "offsets": [], "open": 5, "last_run": 3, '
                                   '"ledger_offsets": {"a": "b"}, "files": 3, "/x": 4}', marks=pytest.mark.stress)])
def test_state_files_of_the_wrong_shape_are_treated_as_missing(home, value, tmp_path):
    ev = tmp_path / "e.jsonl"
    ev.write_text(json.dumps({"role": "user", "text": "from now on always run ruff", "project": "p", "session": "s"}) + "\n")
    assert hm(home, "ingest", ev).exit_code == 0
    for name in STATE_FILES:
        home.state_file(name).write_text(value)
    for args in (("status",), ("consolidate",), ("dream", "--force"), ("heartbeat",), ("index",), ("doctor",),
                 ("context", "--project", "p"), ("ingest", ev)):
        assert_no_crash(hm(home, *args))


# -- 12: wrong-typed settings, a bad redact pattern -------------------------------------------------

@pytest.mark.parametrize("toml,key", [
    ('[context]\nbudget = "x"\n', "context.budget"),
    pytest.param("[ingest]\nmax_line_bytes = true\n", "ingest.max_line_bytes", marks=pytest.mark.stress),
    pytest.param("[dream]\nmin_hours = [1]\n", "dream.min_hours", marks=pytest.mark.stress),
    pytest.param("context = 3\n", "context", marks=pytest.mark.stress),
    ('[redact.patterns]\nbad = "(["\n', "redact.patterns.bad"),
    pytest.param("[redact]\npatterns = 5\n", "redact.patterns", marks=pytest.mark.stress),
])
def test_bad_setting_is_a_config_error_naming_the_key(home, toml, key, tmp_path):
    home.config_path.write_text(toml)
    ev = tmp_path / "e.jsonl"
    ev.write_text(json.dumps({"role": "user", "text": "hello", "project": "p"}) + "\n")
    for args in (("ingest", ev), ("context", "--project", "p"), ("consolidate",), ("dream", "--force")):
        r = hm(home, *args)
        assert_no_crash(r)
        assert r.exit_code == 1, (args, r)
        assert "holonmem.toml" in r.stderr and key in r.stderr, (args, r)


# -- 13: a truncated Whoosh segment --------------------------------------------------------------------

def test_truncated_index_segment_is_rebuilt(home, tmp_path):
    ev = tmp_path / "e.jsonl"
    ev.write_text("".join(json.dumps({"role": "user", "text": f"zebra crossing number {i}", "project": "p"}) + "\n" for i in range(30)))
    assert hm(home, "ingest", ev).exit_code == 0
    assert hm(home, "index").exit_code == 0
    for seg in home.index_dir.glob("*.seg"):
        os.truncate(seg, seg.stat().st_size // 2)
    r = hm(home, "search", "zebra")
    assert_no_crash(r)
    assert r.exit_code == 0 and "zebra" in r.stdout, r
    for seg in home.index_dir.glob("*.seg"):
        os.truncate(seg, seg.stat().st_size // 2)
    r = hm(home, "doctor")
    assert_no_crash(r)
    assert "index" in r.stdout
    r = hm(home, "doctor", "--fix")
    assert_no_crash(r)
    r = hm(home, "search", "zebra")
    assert r.exit_code == 0 and "zebra" in r.stdout and "rebuilt" not in r.stderr, r
    for seg in home.index_dir.glob("*.seg"):
        os.truncate(seg, seg.stat().st_size // 2)
    r = hm(home, "index")
    assert_no_crash(r)
    assert r.exit_code == 0 and "rebuilt" in r.stdout + r.stderr, r
    for seg in home.index_dir.glob("*.seg"):
        os.truncate(seg, seg.stat().st_size // 2)
    ev.write_text(json.dumps({"role": "user", "text": "zebra again", "project": "p"}) + "\n")
    assert hm(home, "ingest", ev).exit_code == 0
    r = hm(home, "index")
    assert_no_crash(r)
    assert r.exit_code == 0, r
    r = hm(home, "search", "zebra again")
    assert r.exit_code == 0 and "zebra again" in r.stdout, r
