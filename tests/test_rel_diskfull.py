"""Disk full / file size limit / unwritable home: a clear error, nothing
half-written, no traceback, and a re-run after the space is back finishes
the job with every event exactly once.

Tests run as root, so chmod cannot make a home read-only; a full disk is
simulated with RLIMIT_FSIZE in the child (writes past the limit fail with
EFBIG, SIGXFSZ ignored), and an unwritable place with a file where a folder
belongs.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import SAMPLE_EVENTS
from rel_support import assert_no_crash, hm_proc, ledger_events, record

NOW = "2026-07-01T12:00:00+08:00"


def big_input(tmp_path: Path, n: int = 3000) -> Path:
    f = tmp_path / "big.jsonl"
    f.write_text("".join(json.dumps({"id": f"x{i}", "role": "user", "session": f"s{i // 100}",
                                     "ts": f"2026-06-{10 + i % 10}T10:{i % 60:02d}:00+08:00",
                                     "text": f"from now on always run the linter {i} " + "pad " * 30}) + "\n"
                         for i in range(n)), encoding="utf-8")
    return f


def sample_home(tmp_path: Path) -> Path:
    from holonmem.layout import init_home

    root = tmp_path / "home"
    init_home(root)
    assert hm_proc("--home", root, "ingest", SAMPLE_EVENTS).code == 0
    return root


def no_torn_files(root: Path) -> None:
    ledger_events(root)  # strict: every line complete and valid
    sig = root / "signals.jsonl"
    if sig.exists():
        data = sig.read_bytes()
        assert not data or data.endswith(b"\n"), "signals.jsonl ends in a torn line"
    assert not [p for p in root.rglob("*.tmp")], "temp files left behind"


S = pytest.mark.stress


@pytest.mark.parametrize("extra", [pytest.param(0, marks=S), 2_000, pytest.param(60_000, marks=S), 250_000])
def test_ingest_when_the_disk_fills(tmp_path, extra, request):
    root = sample_home(tmp_path)
    src = big_input(tmp_path)
    size = sum(p.stat().st_size for p in (root / "ledger").glob("*.jsonl"))
    r = hm_proc("--home", root, "ingest", src, fsize_limit=size + extra)
    assert_no_crash(r)
    assert r.code == 1, r
    assert r.stderr.startswith("Error: "), r
    assert "Hint:" in r.stderr, r
    no_torn_files(root)
    # space is back: the same command finishes the job, every event exactly once
    r = hm_proc("--home", root, "ingest", src)
    assert r.code == 0, r
    ids = [e["id"] for e in ledger_events(root)]
    assert len(ids) == len(set(ids)) == 233 + 3000
    record(request, "disk-full trials (ingest)", 1)


@pytest.mark.parametrize("cmd", [["consolidate", "--now", NOW], pytest.param(["dream", "--force", "--now", NOW], marks=S),
                                 pytest.param(["index", "--rebuild"], marks=S)])
def test_pipeline_when_the_disk_fills(tmp_path, cmd, request):
    root = sample_home(tmp_path)
    if cmd[0] == "dream":
        assert hm_proc("--home", root, "consolidate", "--now", NOW).code == 0
    ref = tmp_path / "ref"
    shutil.copytree(root, ref)
    assert hm_proc("--home", ref, *cmd).code == 0
    for limit in (0, 3_000, 30_000):
        r = hm_proc("--home", root, *cmd, fsize_limit=limit)
        assert_no_crash(r)
        assert r.code in (0, 1), r
        if r.code:
            assert r.stderr.startswith("Error: ") or "\nError: " in r.stderr, r
        no_torn_files(root)
    r = hm_proc("--home", root, *cmd)
    assert_no_crash(r)
    assert r.code == 0, r
    if cmd[0] == "consolidate":
        from test_rel_crash import episode_map

        assert episode_map(root) == episode_map(ref)
    if cmd[0] == "dream":
        from test_rel_crash import dream_snapshot

        assert dream_snapshot(root) == dream_snapshot(ref)
    if cmd[0] == "index":
        r = hm_proc("--home", root, "search", "王府井大街88号", "--json")
        assert r.code == 0 and "event:evt_0098" in r.stdout, r
    record(request, f"disk-full trials ({cmd[0]})", 3)


@pytest.mark.parametrize("blocked", ["ledger", pytest.param(".holonmem", marks=S), pytest.param("episodes", marks=S), "memory",
                                     pytest.param("journal", marks=S)])
def test_a_file_where_a_folder_belongs(tmp_path, blocked, request):
    """An unwritable place (here: a file in place of a folder) is a clear error, never a traceback."""
    from holonmem.layout import init_home

    root = tmp_path / "home"
    init_home(root)
    shutil.rmtree(root / blocked)
    (root / blocked).write_text("not a folder\n")
    cmds = [["ingest", SAMPLE_EVENTS], ["status"], ["consolidate"], ["dream", "--force"], ["index"], ["search", "x"],
            ["context"]]
    for c in cmds:
        r = hm_proc("--home", root, *c)
        assert_no_crash(r)
        if r.code:
            assert "Error: " in r.stderr, (c, r)
    assert (root / blocked).read_text() == "not a folder\n"  # never clobbered
    record(request, "unwritable-place cases", len(cmds))
