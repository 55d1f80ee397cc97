"""Hand-edited and git-merged files (issue 18, items 6-13): a BOM, an unterminated
last line, a duplicate key left by a conflict resolution, a NUL byte, conflict
markers, a FIFO where a file belongs, state files of the wrong shape, wrong-typed
settings and a truncated search-index segment. Nothing is lost or clobbered;
what cannot be used is reported with its file (and line) and what to do."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from rel_support import assert_no_crash, hm_proc

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


def hm(home, *args, **kw):
    return hm_proc("--home", home.root, *args, **kw)


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

@pytest.mark.parametrize("damage", ["dupkey", "nul"])
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
