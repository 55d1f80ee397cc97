"""Size: a 50 MB line, a 1M-line input, a 10 MB note, 100k memory files.
Memory stays bounded (peak RSS of the holonmem process, from wait4), limits
are clear, nothing is lost. The big ones run under ``make stress``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rel_support import assert_no_crash, hm_proc, ledger_events, record

MB = 1024 * 1024


def new_home(tmp_path: Path) -> Path:
    from holonmem.layout import init_home

    root = tmp_path / "home"
    init_home(root)
    return root


def baseline_rss(root: Path) -> int:
    r = hm_proc("--home", root, "status", "--json")
    assert r.code == 0, r
    return r.maxrss_kb


def long_line_case(tmp_path: Path, request, size: int) -> None:
    root = new_home(tmp_path)
    base = baseline_rss(root)
    f = tmp_path / "long.jsonl"
    with open(f, "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"id": "before", "role": "user", "text": "kept before"}) + "\n")
        fh.write(json.dumps({"id": "huge", "role": "tool", "text": "x" * size}) + "\n")
        fh.write(json.dumps({"id": "after", "role": "user", "text": "kept after"}) + "\n")
    r = hm_proc("--home", root, "ingest", f)
    assert_no_crash(r)
    assert r.code == 65, r
    assert "line 2: too long" in r.stderr and "--max-line-bytes" in r.stderr, r
    assert [e["id"] for e in ledger_events(root)] == ["before", "after"]
    # the long line is skipped without being held in memory
    assert r.maxrss_kb - base < 40 * 1024, f"peak RSS grew by {(r.maxrss_kb - base) // 1024} MB for a {size // MB} MB line"
    # the same input as plain text: same limit, same message
    r = hm_proc("--home", root, "ingest", "--format", "text", f)
    assert r.code == 65 and "line 2: too long" in r.stderr, r
    record(request, f"long line rejected ({size // MB} MB)", 1)


def test_long_line_is_rejected_with_a_clear_limit(tmp_path, request):
    long_line_case(tmp_path, request, 3 * MB)


@pytest.mark.stress
def test_50mb_line(tmp_path, request):
    long_line_case(tmp_path, request, 50 * MB)


def test_raised_limit_accepts_a_long_line(tmp_path):
    root = new_home(tmp_path)
    r = hm_proc("--home", root, "ingest", "--max-line-bytes", str(4 * MB),
                input=json.dumps({"id": "big", "role": "tool", "text": "y" * (2 * MB)}) + "\n")
    assert r.code == 0, r
    assert len(ledger_events(root)[0]["text"]) == 2 * MB


def many_lines_case(tmp_path: Path, request, n: int, rss_mb: int) -> None:
    root = new_home(tmp_path)
    f = tmp_path / "many.txt"
    with open(f, "w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(f"line {i}: the build of invoicer took {i % 97} seconds\n")
    r = hm_proc("--home", root, "ingest", "--no-fsync", f, timeout=1800)
    assert_no_crash(r)
    assert r.code == 0, r
    assert f"ingested {n}," in r.stderr, r
    count = sum(p.read_bytes().count(b"\n") for p in (root / "ledger").glob("*.jsonl"))
    assert count == n, f"{n - count} lines lost"
    assert r.maxrss_kb < rss_mb * 1024, f"peak RSS {r.maxrss_kb // 1024} MB for {n} lines"
    r = hm_proc("--home", root, "ingest", "--no-fsync", f, timeout=1800)  # again: all duplicates, nothing added
    assert r.code == 0 and f"skipped {n} duplicates" in r.stderr, r
    record(request, "lines in the largest input", n)
    record(request, "lost lines (size)", n - count)


def test_many_lines(tmp_path, request):
    many_lines_case(tmp_path, request, 20_000, 200)


@pytest.mark.stress
def test_one_million_lines(tmp_path, request):
    many_lines_case(tmp_path, request, 1_000_000, 400)


def big_note_case(tmp_path: Path, request, size: int) -> None:
    root = new_home(tmp_path)
    note = root / "notes" / "big.md"
    para = "## Section\n\nThe invoicer release checklist says to run ruff and pytest. 发票 PDF 用 A4 纸张。\n\n"
    note.write_text("---\ntitle: Big note\nsummary: a very long reference note\n---\n" + para * (size // len(para.encode())),
                    encoding="utf-8")
    cmds = [["status", "--json"]]
    cmds += [["index"], ["search", "release checklist", "--json"]]
    cmds += [["context", "--budget", "500"]]
    for cmd in cmds:
        r = hm_proc("--home", root, *cmd, timeout=900)
        assert_no_crash(r)
        assert r.code == 0, (cmd, r)
        assert len(r.stdout) < 200_000, f"{cmd}: {len(r.stdout)} bytes of output"
        assert r.maxrss_kb < 600 * 1024, f"{cmd}: peak RSS {r.maxrss_kb // 1024} MB for a {size // MB} MB note"
        if cmd[0] == "search":
            assert "note:notes/big.md" in r.stdout, r
    record(request, f"big note ({size // MB} MB) commands", len(cmds))


def test_big_note(tmp_path, request):
    big_note_case(tmp_path, request, 1 * MB)


@pytest.mark.stress
def test_10mb_note(tmp_path, request):
    big_note_case(tmp_path, request, 10 * MB)


@pytest.mark.stress
def test_100k_memory_files(tmp_path, request):
    root = new_home(tmp_path)
    mem = root / "memory"
    n = 100_000
    for i in range(n):
        (mem / f"m{i:06d}.md").write_text(
            f"---\nid: mem_{i:06d}\ntitle: Fact {i}\nkind: fact\nscope: project\nproject: p{i % 50}\nstatus: active\n---\n"
            f"Fact number {i}: the service on port {1000 + i % 5000} belongs to team {i % 37}.\n", encoding="utf-8")
    for cmd in (["status", "--json"], ["index"], ["search", "port 1234", "--json"], ["context", "--project", "p7"]):
        r = hm_proc("--home", root, *cmd, timeout=1800)
        assert_no_crash(r)
        assert r.code == 0, (cmd, r)
        assert r.maxrss_kb < 1500 * 1024, f"{cmd}: peak RSS {r.maxrss_kb // 1024} MB"
    assert len(list(mem.glob("m*.md"))) == n  # nothing lost or rewritten away
    record(request, "memory files (size)", n)
