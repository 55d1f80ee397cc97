"""Foundation: init, home resolution, ingest (native + text), ledger durability."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SAMPLE_EVENTS


def ledger_lines(home) -> list[dict]:
    out = []
    for p in sorted((home.root / "ledger").glob("*.jsonl")):
        for line in p.read_text(encoding="utf-8").splitlines():
            out.append(json.loads(line))
    return out


def write_jsonl(path: Path, objs) -> Path:
    path.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs), encoding="utf-8")
    return path


# -- init and home resolution ----------------------------------------------------

def test_init_creates_layout_and_never_overwrites(tmp_path, cli):
    target = tmp_path / "h"
    r = cli("init", target)
    assert r.exit_code == 0, r
    for rel in ("AGENTS.md", "MEMORY.md", "memory/operator.md", "memory/self.md", "notes", "episodes",
                "ledger", "journal", ".holonmem", ".gitignore"):
        assert (target / rel).exists(), rel
    assert ".holonmem/" in (target / ".gitignore").read_text()
    (target / "AGENTS.md").write_text("mine\n")
    r = cli("init", target)
    assert r.exit_code == 0
    assert (target / "AGENTS.md").read_text() == "mine\n"


def test_home_resolution_order(tmp_path, hm):
    a, b = tmp_path / "a", tmp_path / "b"
    assert hm("init", a).exit_code == 0
    assert hm("init", b).exit_code == 0
    # --home wins over $HOLONMEM_HOME, before or after the command
    r = hm("--home", a, "ingest", input="one\n", env={"HOLONMEM_HOME": str(b)})
    assert r.exit_code == 0, r
    r = hm("ingest", "--home", b, input="two\n")
    assert r.exit_code == 0, r
    assert len(list((a / "ledger").glob("*.jsonl"))) == 1
    assert len(list((b / "ledger").glob("*.jsonl"))) == 1
    # nearest .holonmem/ upwards
    sub = a / "notes" / "deep"
    sub.mkdir()
    env = dict(os.environ)
    env.pop("HOLONMEM_HOME", None)
    p = subprocess.run([sys.executable, "-m", "holonmem", "status", "--json"], cwd=sub, env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["home"] == str(a.resolve())


def test_no_home_is_a_clear_error(tmp_path):
    env = dict(os.environ)
    env.pop("HOLONMEM_HOME", None)
    p = subprocess.run([sys.executable, "-m", "holonmem", "status"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert p.returncode == 1
    assert p.stderr.startswith("Error: no agent_home found")
    assert "holonmem init" in p.stderr
    assert "Traceback" not in p.stderr


# -- ingest ---------------------------------------------------------------------

def test_ingest_sample_twice_is_a_noop(home, cli):
    r = cli("--home", home.root, "ingest", SAMPLE_EVENTS)
    assert r.exit_code == 0, r
    n = sum(1 for line in SAMPLE_EVENTS.read_text(encoding="utf-8").splitlines() if line.strip())
    assert r.stderr.strip() == f"ingested {n}, skipped 0 duplicates, rejected 0"
    before = {p.name: p.read_bytes() for p in (home.root / "ledger").glob("*.jsonl")}
    r = cli("--home", home.root, "ingest", SAMPLE_EVENTS)
    assert r.exit_code == 0
    assert r.stderr.strip() == f"ingested 0, skipped {n} duplicates, rejected 0"
    after = {p.name: p.read_bytes() for p in (home.root / "ledger").glob("*.jsonl")}
    assert before == after


def test_defaults_ids_and_unknown_fields(home, cli, tmp_path):
    f = write_jsonl(tmp_path / "in.jsonl", [
        {"role": "user", "text": "hello", "mood": "happy"},
        {"id": "conv-26:D1:3", "ts": "2026-06-14T10:07:00+08:00", "project": "travel-agent", "session": "s1",
         "role": "tool", "kind": "tool_result", "tool": "route_checker", "status": "failed", "text": "road closed",
         "refs": ["https://example.com/r"], "speaker": "bot"},
    ])
    r = cli("--home", home.root, "ingest", f, "--project", "p9", "--json")
    assert r.exit_code == 0, r
    assert json.loads(r.stdout)["ingested"] == 2
    a, b = ledger_lines(home)
    assert a["project"] == "p9" and a["kind"] == "message" and a["meta"] == {"mood": "happy"}
    assert a["id"].startswith("evt_") and "T" in a["ts"]
    assert b["id"] == "conv-26:D1:3" and b["project"] == "travel-agent" and b["status"] == "failed"
    # the derived id does not depend on the ingest time: a later re-ingest is a no-op
    r = cli("--home", home.root, "ingest", f, "--project", "p9")
    assert "ingested 0, skipped 2 duplicates" in r.stderr


def test_mixed_good_and_bad_lines(home, hm, tmp_path):
    f = tmp_path / "mixed.jsonl"
    f.write_bytes(
        b'{"role":"user","text":"good one"}\n'
        b'{"role":"user","text":"broken"\n'
        b'{"role":"robot","text":"x"}\n'
        b'{"role":"user","text":42}\n'
        b'{"role":"user","text":"bad utf8 \xff\xfe"}\n'
        b'["not","an","object"]\n'
        b'{"text":"no role"}\n'
        b'{"role":"user","text":"' + b"x" * 2000 + b'"}\n'
        b'{"role":"assistant","text":"good two","ts":"yesterday"}\n'
        b'{"role":"assistant","text":"good three"}\n'
    )
    r = hm("--home", home.root, "ingest", f, "--max-line-bytes", "1000")
    assert r.exit_code == 65, r
    for n, why in [(2, "malformed JSON"), (3, "unknown role 'robot'"), (4, "field 'text' must be a string"),
                   (5, "invalid UTF-8"), (6, "expected a JSON object"), (7, "missing required field 'role'"),
                   (8, "too long ("), (9, "field 'ts' is not an ISO 8601 time")]:
        assert f"line {n}: {why}" in r.stderr, (n, r.stderr)
    assert "Traceback" not in r.stderr
    assert [e["text"] for e in ledger_lines(home)] == ["good one", "good three"]
    saved = list((home.root / ".holonmem" / "rejected").glob("*.jsonl"))
    assert saved and len(saved[0].read_text().splitlines()) == 8


def test_strict_is_all_or_nothing(home, cli, tmp_path):
    f = tmp_path / "in.jsonl"
    f.write_text('{"role":"user","text":"fine"}\nnope\n')
    r = cli("--home", home.root, "ingest", "--strict", f)
    assert r.exit_code == 65
    assert "nothing was ingested" in r.stderr
    assert ledger_lines(home) == []


def test_plain_text_lines(home, cli):
    r = cli("--home", home.root, "ingest", "--project", "ops", input="deploy started\n\ndeploy finished\ndeploy started\n")
    assert r.exit_code == 0, r
    evs = ledger_lines(home)
    assert [e["text"] for e in evs] == ["deploy started", "deploy finished", "deploy started"]
    assert all(e["role"] == "user" and e["project"] == "ops" for e in evs)
    r = cli("--home", home.root, "ingest", "--project", "ops", input="deploy started\n\ndeploy finished\ndeploy started\n")
    assert "skipped 3 duplicates" in r.stderr


def test_secrets_never_reach_disk(home, hm, tmp_path):
    secrets = ["AKIAIOSFODNN7EXAMPLE", "sk-proj-Abcdefghijklmnopqrstuvwxyz0123456789", "ghp_" + "a1B2" * 9,
               "xoxb-123456789012-abcdefghijkl", "hunter2secret"]
    f = write_jsonl(tmp_path / "s.jsonl", [
        {"role": "user", "text": f"keys: {secrets[0]} and {secrets[1]}", "meta": {"tok": secrets[2]}},
        {"role": "tool", "kind": "tool_result", "text": f"slack {secrets[3]}", "refs": [f"https://bob:{secrets[4]}@example.com/x"]},
        {"role": "user", "text": f"password={secrets[4]}", "oops": "[bad"},
        {"role": "user", "text": f"bad role {secrets[0]}", "extra": 1, "role2": 1, "kind": "Bad Kind"},
    ])
    r = hm("--home", home.root, "ingest", f)
    assert r.exit_code == 65  # the last line has an invalid kind: its raw text is saved, redacted
    for p in home.root.rglob("*"):
        if p.is_file():
            data = p.read_bytes()
            for s in secrets:
                assert s.encode() not in data, (s, p)
    evs = ledger_lines(home)
    assert "[REDACTED:aws-access-key]" in evs[0]["text"]
    assert evs[0]["meta"]["redacted"]["aws-access-key"] == 1


def test_user_redaction_patterns(home, cli):
    (home.root / "holonmem.toml").write_text('[redact.patterns]\ninternal-token = "itk_[A-Za-z0-9]{8}"\n')
    r = cli("--home", home.root, "ingest", input="token itk_ABCDEFGH here\n")
    assert r.exit_code == 0
    assert ledger_lines(home)[0]["text"] == "token [REDACTED:internal-token] here"


def test_torn_last_line_is_quarantined(home, cli):
    cli("--home", home.root, "ingest", input="first\n")
    led = next((home.root / "ledger").glob("*.jsonl"))
    with open(led, "ab") as fh:
        fh.write(b'{"id":"torn","role":"user","te')
    r = cli("--home", home.root, "ingest", input="second\n")
    assert r.exit_code == 0, r
    assert "torn last ledger line" in r.stderr
    texts = [e["text"] for e in ledger_lines(home)]  # every line parses
    assert texts == ["first", "second"]
    q = list((home.root / ".holonmem" / "quarantine").iterdir())
    assert q and q[0].read_bytes() == b'{"id":"torn","role":"user","te'


def test_id_index_rebuilds_when_deleted_or_ledger_edited(home, cli):
    cli("--home", home.root, "ingest", input="a\nb\n")
    (home.root / ".holonmem" / "ids.sqlite").unlink()
    r = cli("--home", home.root, "ingest", input="a\nb\nc\n")
    assert "ingested 1, skipped 2 duplicates" in r.stderr
    # a hand edit that rewrites the ledger (e.g. a git merge) is re-read, not trusted
    led = next((home.root / "ledger").glob("*.jsonl"))
    lines = led.read_text().splitlines()
    led.write_text("\n".join([lines[0], json.dumps({"id": "merged", "role": "user", "text": "m"})] + lines[1:]) + "\n")
    r = cli("--home", home.root, "ingest", input=json.dumps({"id": "merged", "role": "user", "text": "m"}) + "\n")
    assert "ingested 0, skipped 1 duplicates" in r.stderr


def _ingest_worker(home_root: str, worker: int, n: int) -> int:
    from holonmem.home import Home
    from holonmem.ledger import Ledger

    led = Ledger(Home(Path(home_root)))
    for start in range(0, n, 250):
        batch = [{"id": f"w{worker}-{i}", "ts": "2026-06-14T10:00:00+08:00", "project": "p", "role": "user",
                  "kind": "message", "text": f"worker {worker} event {i} " + "x" * (i % 50)} for i in range(start, min(n, start + 250))]
        led.append(batch, fsync=False)
    return n


@pytest.mark.parametrize("procs,per", [(8, 1000), pytest.param(8, 5000, marks=pytest.mark.stress)])
def test_concurrent_writers_never_tear_or_lose(home, procs, per):
    import multiprocessing as mp

    ctx = mp.get_context("spawn")
    with ctx.Pool(procs) as pool:
        pool.starmap(_ingest_worker, [(str(home.root), w, per) for w in range(procs)])
    raw = b"".join(p.read_bytes() for p in (home.root / "ledger").glob("*.jsonl"))
    lines = raw.split(b"\n")
    assert lines[-1] == b""
    ids = [json.loads(line)["id"] for line in lines[:-1]]
    assert len(ids) == procs * per
    assert len(set(ids)) == procs * per


def test_version_imports_nothing_heavy():
    code = (
        "import sys, runpy\n"
        "sys.argv=['holonmem','--version']\n"
        "try:\n    runpy.run_module('holonmem', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('rich','ruamel','frontmatter','whoosh','typer','yaml')]\n"
        "print('HEAVY', bad)\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.stdout.startswith("holonmem "), p
    assert p.stdout.strip().endswith("HEAVY []"), p.stdout


def test_status_counts(sample_home, cli):
    r = cli("--home", sample_home.root, "status", "--json")
    assert r.exit_code == 0, r
    st = json.loads(r.stdout)
    assert st["events"] >= 150 and st["sessions"] >= 8 and len(st["projects"]) >= 3
    assert st["pending"]["consolidate_bytes"] == st["ledger_bytes"]


def test_wrong_types_in_role_and_kind_are_rejected_not_crashed(home, hm, tmp_path):
    f = tmp_path / "types.jsonl"
    f.write_text('{"role":{},"text":"a"}\n{"role":"user","kind":[],"text":"b"}\n{"role":["user"],"text":"c"}\n'
                 '{"role":"user","text":"fine"}\n')
    r = hm("--home", home.root, "ingest", f)
    assert r.exit_code == 65, r
    assert "line 1: unknown role {}" in r.stderr and "line 2: field 'kind' must be a string" in r.stderr
    assert "line 3: unknown role" in r.stderr and "unexpected" not in r.stderr
    assert [e["text"] for e in ledger_lines(home)] == ["fine"]


def test_ledger_lines_are_canonical_whatever_the_input_layout(home, cli, tmp_path):
    """Canonical input is kept as it is (the normalize fast path); any other
    layout (key order, spacing, escapes, an int id, an empty session) is
    rewritten to the same compact canonical line."""
    canonical = ('{"id":"e1","ts":"2026-06-14T10:07:00+08:00","project":"p","session":"s","role":"user",'
                 '"kind":"message","text":"café 你好"}')
    other = [
        '{"text": "caf\\u00e9 \\u4f60\\u597d", "role": "user", "kind": "message", "id": "e2", '
        '"ts": "2026-06-14T10:07:00+08:00", "project": "p", "session": "s"}',
        '{"id":3,"ts":"2026-06-14T10:07:00+08:00","project":"p","session":"","role":"user","kind":"message","text":"x"}',
        '  {"id":"e4","ts":"2026-06-14T10:07:00+08:00","project":"p","role":"user","kind":"","text":"y"}  ',
    ]
    f = tmp_path / "in.jsonl"
    f.write_text("\n".join([canonical, *other]) + "\n", encoding="utf-8")
    r = cli("--home", home.root, "ingest", f)
    assert r.exit_code == 0, r
    lines = [ln for p in sorted((home.root / "ledger").glob("*.jsonl")) for ln in p.read_text(encoding="utf-8").splitlines()]
    assert lines[0] == canonical
    assert lines[1] == canonical.replace('"e1"', '"e2"')
    assert lines[2] == '{"id":"3","ts":"2026-06-14T10:07:00+08:00","project":"p","role":"user","kind":"message","text":"x"}'
    assert lines[3] == '{"id":"e4","ts":"2026-06-14T10:07:00+08:00","project":"p","role":"user","kind":"message","text":"y"}'


def test_parse_object_messages():
    from holonmem.formats.base import parse_object

    assert parse_object(b'{"a":1}') == {"a": 1}
    assert parse_object(b' \t{"a": [1, {"b": null}]} ') == {"a": [1, {"b": None}]}
    for raw, why in [(b'{"a":1} tail', "Extra data at column 9"), (b'{"a":', "Expecting value at column 6"),
                     (b'{"a":"\x01"}', "Invalid control character"), (b"[1]", "expected a JSON object, got list"),
                     (b"\xef\xbb\xbf{}", "Unexpected UTF-8 BOM")]:
        with pytest.raises(ValueError, match=why.replace("[", r"\[")):
            parse_object(raw)


def test_an_id_map_of_an_older_layout_is_rebuilt_from_the_ledger(home, cli):
    import sqlite3

    r = cli("--home", home.root, "ingest", SAMPLE_EVENTS)
    assert r.exit_code == 0, r
    db = home.root / ".holonmem" / "ids.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    old = sqlite3.connect(db)  # the first layout: wide rows, no user_version, and it knows nothing
    old.executescript(
        "CREATE TABLE ids(id TEXT PRIMARY KEY, file TEXT NOT NULL, offset INTEGER NOT NULL, length INTEGER NOT NULL,"
        " project TEXT, session TEXT, ts TEXT) WITHOUT ROWID;"
        "CREATE TABLE files(name TEXT PRIMARY KEY, size INTEGER NOT NULL, mark TEXT NOT NULL);"
        "CREATE TABLE dups(file TEXT NOT NULL, offset INTEGER NOT NULL, id TEXT NOT NULL, PRIMARY KEY(file, offset));"
    )
    old.close()
    r = cli("--home", home.root, "status", "--json")
    assert r.exit_code == 0, r
    st = json.loads(r.stdout)
    assert st["events"] == 233 and st["sessions"] == 11 and st["projects"] == ["holonmem-dev", "invoicer", "travel-agent"]
    r = cli("--home", home.root, "ingest", SAMPLE_EVENTS)
    assert "ingested 0, skipped 233 duplicates" in r.stderr
    cols = [row[1] for row in sqlite3.connect(db).execute("PRAGMA table_info(ids)")]
    assert cols == ["id", "file", "offset", "length"]
