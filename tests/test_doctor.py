"""doctor on damaged copies of the sample home: one test per kind of damage, then --fix.

The healthy home (sample home -> consolidate -> dream -> index -> doctor --fix)
is built once per module and copied for every test (mtimes kept, so the search
index stays up to date in the copy).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import stat

import pytest
from conftest import SAMPLE_EVENTS, SAMPLE_HOME

from holonmem import signalstore
from holonmem.home import Home
from holonmem.ledger import Ledger, ledger_files
from holonmem.memory import load_memories, load_memory
from holonmem.memory_index import managed_paths


@pytest.fixture(scope="module")
def healthy_src(tmp_path_factory):
    from holonmem import index
    from holonmem.consolidate import consolidate
    from holonmem.doctor import run_doctor
    from holonmem.dream_apply import run_dream
    from holonmem.ingest import Source, ingest
    from holonmem.layout import init_home

    dst = tmp_path_factory.mktemp("doctor") / "home"
    shutil.copytree(SAMPLE_HOME, dst)
    h, _ = init_home(dst)
    with open(SAMPLE_EVENTS, "rb") as fh:
        ingest(h, [Source(str(SAMPLE_EVENTS), fh)], fsync=False)
    consolidate(h)
    run_dream(h, force=True)
    index.rebuild(h)
    run_doctor(h, fix=True)  # the sample files come 0644 from git
    return h


@pytest.fixture
def h(healthy_src, tmp_path):
    dst = tmp_path / "home"
    shutil.copytree(healthy_src.root, dst, ignore=shutil.ignore_patterns("locks"))
    return Home(dst.resolve())


def doctor(cli, h, *args):
    r = cli("--home", h.root, "doctor", "--json", *args)
    assert r.exit_code in (0, 1), r
    out = json.loads(r.stdout)
    assert (r.exit_code == 0) == out["ok"]
    return r.exit_code, [f for f in out["findings"] if f["severity"] in ("error", "warning") and not f["fixed"]], out


def test_the_healthy_home_passes(h, cli):
    code, found, _ = doctor(cli, h)
    assert code == 0 and found == []
    r = cli("--home", h.root, "doctor")
    assert r.exit_code == 0 and "healthy" in r.stderr


def _one(found, check, file=None):
    hits = [f for f in found if f["check"] == check and (file is None or f["file"] == file)]
    assert hits, found
    return hits


def _fixed_clean(cli, h):
    code, found, out = doctor(cli, h, "--fix")
    assert code == 0 and found == [], out
    code, found, _ = doctor(cli, h)
    assert code == 0 and found == []
    return out


def quarantined(h) -> str:
    d = h.quarantine_dir
    return "".join(p.read_text(errors="replace") for p in sorted(d.iterdir())) if d.is_dir() else ""


# -- memory files and MEMORY.md ----------------------------------------------------------

def test_frontmatter_that_does_not_parse(h, cli):
    mem = load_memories(h)[0]
    p = h.root / mem.path
    original = p.read_text()
    broken = original.replace("kind: ", "kind: [unclosed\nnote: it: is: bad\nkind2: ", 1)
    p.write_text(broken)
    code, found, _ = doctor(cli, h)
    (f,) = _one(found, "frontmatter", mem.path)
    assert code == 1 and f["line"] == 1 and "does not parse" in f["problem"] and f["fixable"]
    out = _fixed_clean(cli, h)
    assert any(x["fixed"] and x["file"] == mem.path for x in out["findings"])
    fixed = p.read_text()
    # nothing a person wrote is lost: the bad lines stay as comments, and a copy is quarantined
    assert "#! kind: [unclosed" in fixed and "#! note: it: is: bad" in fixed
    assert broken in quarantined(h)
    again = load_memory(h, mem.path)
    assert again.statement == mem.statement and again.id == mem.id and not again.problems


def test_hand_written_memory_missing_fields(h, cli):
    body = "# Office hours\n\nLin is reachable 09:30–19:00 Beijing time.\n"
    (h.memory_dir / "office-hours.md").write_text(body)
    os.chmod(h.memory_dir / "office-hours.md", 0o600)
    code, found, _ = doctor(cli, h)
    f = [x for x in _one(found, "frontmatter", "memory/office-hours.md")][0]
    assert code == 1 and "id" in f["problem"] and "kind=fact" in f["problem"] and "status=active" in f["problem"]
    _one(found, "memory_index", "memory/office-hours.md")  # and not linked from MEMORY.md
    _fixed_clean(cli, h)
    text = (h.memory_dir / "office-hours.md").read_text()
    assert text.endswith(body) and "kind: fact" in text and "created:" in text
    assert "memory/office-hours.md" in managed_paths(h.memory_md.read_text())


def test_bad_status_value_is_kept_as_a_comment(h, cli):
    mem = load_memories(h)[0]
    p = h.root / mem.path
    p.write_text(p.read_text().replace("status: active", "status: retired-ish", 1))
    code, found, _ = doctor(cli, h)
    assert code == 1 and "retired-ish" in _one(found, "frontmatter", mem.path)[0]["problem"]
    _fixed_clean(cli, h)
    text = p.read_text()
    assert "status: active" in text and "retired-ish" in text


def test_memory_md_line_pointing_nowhere(h, cli):
    line = "- [Gone](memory/gone-away.md) — this memory file was deleted"
    h.memory_md.write_text(h.memory_md.read_text() + line + "\n")
    n = h.memory_md.read_text().splitlines().index(line) + 1
    code, found, _ = doctor(cli, h)
    (f,) = _one(found, "memory_index", "MEMORY.md")
    assert code == 1 and f["line"] == n and "memory/gone-away.md" in f["problem"]
    _fixed_clean(cli, h)
    assert line not in h.memory_md.read_text() and line in quarantined(h)
    assert "- Ask me before booking anything over ¥5,000." in h.memory_md.read_text()


def test_active_memory_missing_from_memory_md(h, cli):
    text = h.memory_md.read_text()
    path = managed_paths(text)[0]
    h.memory_md.write_text("\n".join(x for x in text.split("\n") if f"]({path})" not in x))
    code, found, _ = doctor(cli, h)
    (f,) = _one(found, "memory_index", path)
    assert code == 1 and "no line in MEMORY.md" in f["problem"]
    _fixed_clean(cli, h)
    assert path in managed_paths(h.memory_md.read_text())


# -- ledger -----------------------------------------------------------------------------

def _ledger(h):
    (p,) = ledger_files(h)
    return p


def test_duplicate_ledger_ids(h, cli):
    p = _ledger(h)
    lines = p.read_bytes().split(b"\n")
    p.write_bytes(p.read_bytes() + lines[4] + b"\n" + lines[9] + b"\n")  # e.g. a git merge=union
    n = len(lines)
    code, found, _ = doctor(cli, h)
    hits = _one(found, "ledger", h.rel(p))
    assert code == 1 and sorted(f["line"] for f in hits) == [n, n + 1]
    assert "evt_0005" in hits[0]["problem"] + hits[1]["problem"]
    _fixed_clean(cli, h)
    assert p.read_bytes().count(b'"id":"evt_0005"') == 1 and b'"id":"evt_0005"' in quarantined(h).encode()
    # consolidate's checkpoint still matches the file: nothing is re-read, nothing new
    r = cli("--home", h.root, "consolidate", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["new_events"] == 0


def test_invalid_ledger_line_in_the_middle(h, cli):
    p = _ledger(h)
    lines = p.read_bytes().split(b"\n")
    lines.insert(100, b'{"id": "evt_half", "text": "cut')
    lines.insert(150, b"[1, 2, 3]")
    p.write_bytes(b"\n".join(lines))
    code, found, _ = doctor(cli, h)
    hits = _one(found, "ledger", h.rel(p))
    assert code == 1 and sorted(f["line"] for f in hits) == [101, 151]
    out = _fixed_clean(cli, h)
    q = quarantined(h)
    assert '{"id": "evt_half", "text": "cut' in q and "[1, 2, 3]" in q
    assert any(x["check"] == "index" and x["fixed"] for x in out["findings"])
    pos, raw = Ledger(h).lookup("evt_0200")
    assert json.loads(raw)["id"] == "evt_0200"
    r = cli("--home", h.root, "consolidate", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["new_events"] == 0
    r = cli("--home", h.root, "get", "event:evt_0180")
    assert r.exit_code == 0 and "evt_0180" not in r.stderr


def test_torn_last_ledger_line(h, cli):
    p = _ledger(h)
    with open(p, "ab") as fh:
        fh.write(b'{"id":"evt_torn","role":"user","text":"half a li')
    code, found, _ = doctor(cli, h)
    assert code == 1 and "torn" in _one(found, "ledger", h.rel(p))[0]["problem"]
    _fixed_clean(cli, h)
    assert p.read_bytes().endswith(b"\n") and "half a li" in quarantined(h)


# -- episodes, signals ------------------------------------------------------------------

def test_episode_block_that_does_not_parse(h, cli):
    p = h.episodes_dir / "2026-06-11.md"
    text = p.read_text()
    p.write_text(text.replace("```yaml holonmem-episode", "```yaml holonmem-episod", 1))
    code, found, _ = doctor(cli, h)
    (f,) = _one(found, "episodes", "episodes/2026-06-11.md")
    assert code == 1 and f["line"] and "block" in f["problem"] and f["fixable"]
    damaged = text.replace("episode", "episod", 1)
    _fixed_clean(cli, h)
    # the section stays, as plain text: only a marker line was added, and the old file is quarantined
    after = p.read_text()
    from holonmem.episodes import NOT_EPISODE_MARK

    assert after.replace(NOT_EPISODE_MARK + "\n", "") == damaged
    assert after.count(NOT_EPISODE_MARK) == 1 and damaged in quarantined(h)
    # the other episodes of that day are still episodes
    r = cli("--home", h.root, "consolidate", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["new_events"] == 0


def test_signal_pointing_at_a_missing_event(h, cli):
    line = {"type": "signal", "id": "sig_orphan", "statement": "Use tabs.", "kind": "rule", "scope": "user",
            "evidence": ["evt_9999"], "session": "s_x", "trust": "user-stated", "source_role": "user"}
    signalstore.append(h, [line])
    code, found, _ = doctor(cli, h)
    (f,) = _one(found, "signals")
    assert code == 1 and "evt_9999" in f["problem"] and f["line"] == len(h.signals_path.read_text().splitlines())
    _fixed_clean(cli, h)
    st = signalstore.load(h)
    assert st.status_of("sig_orphan") == "rejected" and "sig_orphan" in st.signals


def test_invalid_signal_line(h, cli):
    with open(h.signals_path, "ab") as fh:
        fh.write(b"this is not json\n")
    n = len(h.signals_path.read_text().splitlines())
    code, found, _ = doctor(cli, h)
    (f,) = _one(found, "signals")
    assert code == 1 and f["line"] == n
    before = signalstore.load(h)
    _fixed_clean(cli, h)
    assert "this is not json" in quarantined(h)
    after = signalstore.load(h)
    assert after.signals == before.signals and after.status == before.status


# -- index, permissions -----------------------------------------------------------------

def test_stale_index(h, cli):
    from holonmem.ingest import Source, ingest

    ev = {"id": "evt_new_1", "role": "user", "text": "a brand new zanzibar event", "project": "invoicer"}
    ingest(h, [Source("x.jsonl", io.BytesIO(json.dumps(ev).encode() + b"\n"))], fsync=False)
    code, found, _ = doctor(cli, h)
    assert code == 1 and "stale" in _one(found, "index")[0]["problem"]
    _fixed_clean(cli, h)
    r = cli("--home", h.root, "search", "zanzibar", "--json")
    assert [x["ref"] for x in json.loads(r.stdout)][:1] == ["event:evt_new_1"]


def test_unsafe_permissions(h, cli):
    p = _ledger(h)
    m = h.root / load_memories(h)[0].path
    for f in (p, h.signals_path, m):
        os.chmod(f, 0o644)
    code, found, _ = doctor(cli, h)  # warnings: a git clone has 0644 files (issue 23 item 2)
    perms = _one(found, "permissions")
    assert code == 0 and {f["file"] for f in perms} == {h.rel(p), "signals.jsonl", h.rel(m)}
    assert {f["severity"] for f in perms} == {"warning"}
    _fixed_clean(cli, h)
    assert all(stat.S_IMODE(os.stat(f).st_mode) == 0o600 for f in (p, h.signals_path, m))


def test_everything_at_once_fix_loses_no_person_text(h, cli):
    """Every fixable kind planted together; --fix leaves a home that passes, and every
    line it took out is in the quarantine."""
    mem = load_memories(h)[0]
    mp = h.root / mem.path
    mp.write_text(mp.read_text().replace("kind: ", "kind: [oops\nkind2: ", 1))
    (h.memory_dir / "by-hand.md").write_text("# By hand\n\nWritten by Lin.\n")
    dangling = "- [Lost](memory/lost.md) — gone"
    h.memory_md.write_text(h.memory_md.read_text() + dangling + "\n")
    p = _ledger(h)
    first = p.read_bytes().split(b"\n")[0]
    with open(p, "ab") as fh:
        fh.write(first + b"\nnot json at all\n" + b'{"id":"evt_t')
    with open(h.signals_path, "ab") as fh:
        fh.write(b"{broken\n")
    os.chmod(p, 0o640)
    code, found, _ = doctor(cli, h)
    assert code == 1 and {f["check"] for f in found} >= {"frontmatter", "memory_index", "ledger", "signals", "permissions"}
    _fixed_clean(cli, h)
    q = quarantined(h)
    for text in ("kind: [oops", dangling, "not json at all", '{"id":"evt_t', "{broken", first.decode()):
        assert text in q or text in mp.read_text(), text
    assert (h.memory_dir / "by-hand.md").read_text().endswith("# By hand\n\nWritten by Lin.\n")
    assert "- Ask me before booking anything over ¥5,000." in h.memory_md.read_text()
    assert Ledger(h).lookup("evt_0001") is not None


def test_doctor_without_fix_writes_nothing_and_fix_waits_for_the_lock(h, cli):
    from dream_support import diff, snapshot

    from holonmem.locks import PIPELINE, home_lock

    h.memory_md.write_text(h.memory_md.read_text() + "- [Gone](memory/gone.md) — x\n")
    os.chmod(h.signals_path, 0o644)
    before = snapshot(h.root, skip=(".holonmem",))
    code, found, _ = doctor(cli, h)
    assert code == 1 and len(found) == 2
    assert diff(before, snapshot(h.root, skip=(".holonmem",))) == set()
    with home_lock(h, PIPELINE, 1):
        r = cli("--home", h.root, "doctor", "--fix", "--timeout", "0")
    assert r.exit_code == 75 and "locked" in r.stderr
    assert diff(before, snapshot(h.root, skip=(".holonmem",))) == set()
