"""Bulk ingest on several cores gives exactly what the serial path gives: the
same ledger bytes, the same counts, the same rejections with the file's own
line numbers, the same redactions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from holonmem import ingest_parallel

pytestmark = pytest.mark.skipif((os.cpu_count() or 1) < 2 or not hasattr(os, "fork"),
                                reason="the parallel path needs 2+ CPUs and fork")


def _home(tmp_path: Path, name: str, parallel_bytes: int) -> Path:
    root = tmp_path / name
    p = subprocess.run([sys.executable, "-m", "holonmem", "init", str(root)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    (root / "holonmem.toml").write_text(f"[ingest]\nparallel_bytes = {parallel_bytes}\nmax_line_bytes = 3000\n")
    return root


def _ingest(root: Path, *files) -> tuple[int, dict, str]:
    p = subprocess.run([sys.executable, "-m", "holonmem", "--home", str(root), "ingest", "--json", *map(str, files)],
                       capture_output=True, text=True)
    out = json.loads(p.stdout)
    out["rejected_file"] = None
    out["formats"] = sorted(out["formats"].values())
    return p.returncode, out, p.stderr


def _ledger(root: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted((root / "ledger").glob("*.jsonl")))


def _messy_file(path: Path, n: int = 3000) -> Path:
    rows = []
    for i in range(n):
        if i % 97 == 5:
            rows.append('{"role":"user","text":"broken"')  # malformed JSON
        elif i % 89 == 7:
            rows.append(json.dumps({"role": "robot", "text": f"bad role {i}"}))
        elif i % 83 == 3:
            rows.append("")  # blank
        elif i % 211 == 11:
            rows.append(json.dumps({"role": "user", "text": "x" * 4000}))  # over max_line_bytes
        elif i % 53 == 9:
            rows.append(json.dumps({"id": f"e{i % 500}", "role": "user", "text": f"duplicate id {i}",
                                    "ts": "2026-06-14T10:09:00+08:00"}))
        elif i % 61 == 1:
            rows.append(json.dumps({"role": "user", "text": f"my password is hunter{i}x9 and token ghp_{'a' * 36}",
                                    "ts": "2026-06-14T10:08:00+08:00"}))
        elif i % 7 == 0:
            # no id: derived from the content (a ts is given: a defaulted one is the run's start time)
            rows.append(json.dumps({"role": "assistant", "text": f"没有 id 的事件 {i}，去西安看兵马俑", "project": "p",
                                    "ts": "2026-06-14T10:07:00+08:00"}, ensure_ascii=False))
        else:
            rows.append(json.dumps({"id": f"e{i}", "ts": "2026-06-14T10:07:00+08:00", "project": "p", "session": f"s{i % 9}",
                                    "role": "tool", "kind": "tool_result", "tool": "t", "status": "ok",
                                    "text": f"result {i} " + "word " * (i % 40)}))
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_parallel_ingest_equals_serial_ingest(tmp_path):
    f = _messy_file(tmp_path / "messy.jsonl")
    assert len(ingest_parallel.spans(str(f))) > 8  # several ranges, cut at line ends
    serial, parallel = _home(tmp_path, "serial", 0), _home(tmp_path, "parallel", 1)
    rc_s, out_s, err_s = _ingest(serial, f)
    rc_p, out_p, err_p = _ingest(parallel, f)
    assert rc_s == rc_p == 65  # some lines rejected, the others kept
    assert out_p == out_s
    assert out_s["ingested"] > 2000 and out_s["duplicates"] > 0 and out_s["redacted"] > 0
    assert {r["line"] for r in out_s["rejected"]} >= {6, 8}  # the file's own line numbers
    assert _ledger(parallel) == _ledger(serial)
    assert b'"ts":"20' in _ledger(serial) and _ledger(serial).count(b"\n") == out_s["ingested"]
    assert b"hunter" not in _ledger(parallel) and b"ghp_aaaa" not in _ledger(parallel)
    # both id maps know every event: a second ingest skips them all, on either path
    for home in (serial, parallel):
        rc, out, _ = _ingest(home, f)
        assert out["ingested"] == 0 and out["duplicates"] == out_s["ingested"] + out_s["duplicates"]
    st = subprocess.run([sys.executable, "-m", "holonmem", "--home", str(parallel), "status", "--json"],
                        capture_output=True, text=True)
    assert json.loads(st.stdout)["events"] == out_s["ingested"]


def test_ranges_cover_the_file_and_end_at_line_ends(tmp_path):
    f = tmp_path / "x.jsonl"
    data = b"".join(b'{"role":"user","text":"%s"}\n' % (b"y" * (i % 300)) for i in range(2000)) + b'{"role":"user","text":"no newline"}'
    f.write_bytes(data)
    spans = ingest_parallel.spans(str(f), chunk=5000)
    assert spans[0][0] == 0 and spans[-1][1] == len(data)
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
    assert all(data[end - 1:end] == b"\n" for _, end in spans[:-1])
    # a line longer than a range stays whole
    f.write_bytes(b"a\n" + b"z" * 20000 + b"\nb\n")
    assert ingest_parallel.spans(str(f), chunk=4096) == [(0, 20003), (20003, 20005)]


def test_small_files_and_stdin_stay_serial(tmp_path):
    f = tmp_path / "small.jsonl"
    f.write_text('{"role":"user","text":"hi"}\n')

    class Src:
        def __init__(self, name, stream):
            self.name, self.stream = name, stream

    with open(f, "rb") as fh:
        assert ingest_parallel.worth_it(Src(str(f), fh), 1)
        assert not ingest_parallel.worth_it(Src(str(f), fh), 10**9)
        assert not ingest_parallel.worth_it(Src(str(f), fh), 0)
        assert not ingest_parallel.worth_it(Src("-", fh), 1)
