"""Concurrency: many processes ingesting while consolidate, dream, index and
search run, for a bounded time. Every event exactly once, every line valid
JSON, no half-written file, no crash, no deadlock (a busy lock is exit 75
with a clear message, never a hang)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from rel_support import assert_no_crash, hm_cmd, ledger_events, record

# One writer: ingests its own events (and a shared block every writer also
# sends) in small batches, in-process and through the CLI, until done.
WRITER = textwrap.dedent(
    """
    import io, json, subprocess, sys
    from holonmem.home import Home
    from holonmem.ingest import Source, ingest
    root, wid, batches, per, cli_every = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    home = Home(__import__("pathlib").Path(root))
    for b in range(batches):
        evs = [{"id": f"w{wid}_{b}_{k}", "role": ["user", "assistant", "tool"][k % 3], "project": f"p{wid % 3}",
                "session": f"s_w{wid}_{b // 4}", "ts": f"2026-06-{10 + b % 15:02d}T{k % 24:02d}:{wid:02d}:00+08:00",
                "kind": "tool_result" if k % 3 == 2 else "message", "tool": "pytest" if k % 3 == 2 else None,
                "status": "failed" if k % 7 == 2 else ("passed" if k % 3 == 2 else None),
                "text": f"writer {wid} batch {b} item {k}: from now on always run ruff check before commit"}
               for k in range(per)]
        evs += [{"id": f"shared_{b}_{k}", "role": "user", "project": "shared", "text": f"shared {b} {k}"} for k in range(3)]
        data = "".join(json.dumps({k: v for k, v in e.items() if v is not None}) + "\\n" for e in evs).encode()
        if cli_every and b % cli_every == 0:
            p = subprocess.run([sys.executable, "-m", "holonmem", "--home", root, "ingest"], input=data,
                               capture_output=True, timeout=120)
            if p.returncode != 0 or b"Traceback" in p.stderr:
                sys.stderr.write(p.stderr.decode()); sys.exit(3)
        else:
            ingest(home, [Source("-", io.BytesIO(data))], fsync=False)
    """
)

# A background loop: run one command over and over until the stop file exists.
LOOP = textwrap.dedent(
    """
    import json, os, signal, subprocess, sys, time
    stop, out = sys.argv[1], sys.argv[2]
    cmd = json.loads(sys.argv[3])
    runs = []
    while not os.path.exists(stop):
        t = time.monotonic()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=dict(os.environ, PYTHONFAULTHANDLER="1"))
        try:
            so, err = p.communicate(timeout=300)
            code = p.returncode
        except subprocess.TimeoutExpired:
            p.send_signal(signal.SIGABRT)  # faulthandler prints where it was stuck
            so, err = p.communicate()
            code = "hang"
        runs.append({"code": code, "stderr": err.decode("utf-8", "replace")[-4000:],
                     "stdout_tail": so.decode("utf-8", "replace")[-300:], "secs": time.monotonic() - t})
    with open(out, "w") as fh:
        json.dump(runs, fh)
    """
)


def background_commands(root: Path) -> dict[str, list[str]]:
    cmds = {}
    cmds["consolidate"] = hm_cmd("--home", root, "consolidate", "--timeout", "5")
    cmds["dream"] = hm_cmd("--home", root, "dream", "--force", "--timeout", "5")
    cmds["index"] = hm_cmd("--home", root, "index")
    cmds["search"] = hm_cmd("--home", root, "search", "ruff check commit", "--json")
    cmds["context"] = hm_cmd("--home", root, "context", "--task", "commit")
    cmds["status"] = hm_cmd("--home", root, "status", "--json")
    return cmds


def run_storm(tmp_path: Path, *, writers: int, batches: int, per: int, cli_every: int, request) -> None:
    from holonmem.layout import init_home

    root = tmp_path / "home"
    init_home(root)
    stop = tmp_path / "stop"
    loops = {}
    for name, cmd in background_commands(root).items():
        out = tmp_path / f"loop_{name}.json"
        loops[name] = (subprocess.Popen([sys.executable, "-c", LOOP, str(stop), str(out), json.dumps([str(c) for c in cmd])]), out)
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(root), str(w), str(batches), str(per), str(cli_every)],
                              stderr=subprocess.PIPE) for w in range(writers)]
    deadline = time.monotonic() + 240
    for p in procs:
        try:
            _, err = p.communicate(timeout=max(1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.kill()
            pytest.fail("a writer did not finish in time (deadlock?)")
        assert p.returncode == 0, err.decode("utf-8", "replace")[-3000:]
        assert b"Traceback" not in err, err.decode()[-3000:]
    stop.write_text("stop")
    runs_by = {}
    for name, (p, out) in loops.items():
        p.wait(timeout=200)
        runs_by[name] = json.loads(out.read_text())

    # every event exactly once, every line a complete JSON event
    events = ledger_events(root)
    ids = [e["id"] for e in events]
    expected = {f"w{w}_{b}_{k}" for w in range(writers) for b in range(batches) for k in range(per)}
    expected |= {f"shared_{b}_{k}" for b in range(batches) for k in range(3)}
    lost = expected - set(ids)
    dup = len(ids) - len(set(ids))
    assert not lost, f"{len(lost)} events lost, e.g. {sorted(lost)[:5]}"
    assert dup == 0, f"{dup} duplicated ledger lines"
    assert set(ids) == expected

    # background commands: only success or a clean "locked" (75); never a hang or traceback
    for name, runs in runs_by.items():
        for r in runs:
            assert r["code"] != "hang", f"{name} hung:\n{r['stderr']}"
            assert "Traceback" not in r["stderr"] and "Error: unexpected" not in r["stderr"], (name, r)
            assert r["code"] in (0, 75), (name, r)
            if r["code"] == 75:
                assert "locked" in r["stderr"], (name, r)

    check_derived_files(root)
    finish_pipeline(root, expected)

    record(request, "concurrent writers", writers)
    record(request, "concurrent events ingested", len(expected))
    record(request, "concurrent background runs", sum(len(r) for r in runs_by.values()))
    record(request, "lost events (concurrency)", len(lost))
    record(request, "duplicated events (concurrency)", dup)


def check_derived_files(root: Path) -> None:
    """signals.jsonl, episodes and memory files are whole and parseable."""
    sig = root / "signals.jsonl"
    if sig.exists():
        data = sig.read_bytes()
        assert not data or data.endswith(b"\n"), "signals.jsonl ends in a torn line"
        for n, line in enumerate(data.splitlines(), 1):
            if line.strip():
                assert isinstance(json.loads(line), dict), f"signals.jsonl:{n}"
    from holonmem.home import Home

    home = Home(root)
    from holonmem.episodes import scan_episodes

    _eps, problems = scan_episodes(home)
    assert not problems, [str(p) for p in problems][:5]
    from holonmem.memory import load_memories, problems as mem_problems

    assert not mem_problems(load_memories(home))
    leftovers = [p for p in root.rglob("*.tmp") if p.is_file()]
    assert not leftovers, f"temp files left behind: {leftovers[:5]}"


def finish_pipeline(root: Path, expected: set[str]) -> None:
    """After one final consolidate no event is in two episodes and none is missing."""
    from holonmem.episodes import load_episodes
    from holonmem.home import Home

    p = subprocess.run(hm_cmd("--home", root, "consolidate", "--now", "2030-01-01T00:00:00+00:00"), capture_output=True, timeout=300)
    assert p.returncode == 0, p.stderr.decode()[-2000:]
    seen: dict[str, int] = {}
    for ep in load_episodes(Home(root)):
        for eid in ep.events:
            seen[eid] = seen.get(eid, 0) + 1
    twice = [e for e, n in seen.items() if n > 1]
    assert not twice, f"events in more than one episode: {twice[:5]}"
    # a segment with no substantive event makes no episode (by design); every
    # substantive event (user request, tool call/result, ...) is in one
    from holonmem.episode_build import is_substantive

    substantive = {e["id"] for e in ledger_events(root) if is_substantive(e)}
    missing = substantive - set(seen)
    assert not missing, f"{len(missing)} events in no episode, e.g. {sorted(missing)[:5]}"
    p = subprocess.run(hm_cmd("--home", root, "search", "writer", "--json", "--kind", "event"), capture_output=True, timeout=300)
    assert p.returncode == 0, p.stderr.decode()[-2000:]
    assert json.loads(p.stdout), "the index finds nothing after the storm"


@pytest.mark.stress  # slow for make test; make test keeps test_ingest.py's concurrent writers, make stress runs 16
def test_concurrent_writers_fast(tmp_path, request):
    run_storm(tmp_path, writers=4, batches=3, per=15, cli_every=2, request=request)


@pytest.mark.stress
def test_concurrent_writers_16(tmp_path, request):
    run_storm(tmp_path, writers=16, batches=20, per=40, cli_every=5, request=request)


def test_lock_busy_is_exit_75_with_a_message(home, hm):
    """A held pipeline/ledger lock makes a person's command give up cleanly, not hang."""
    from holonmem.locks import LEDGER, PIPELINE, home_lock

    import threading

    # ingest waits for a briefly held ledger lock, then appends
    held = threading.Event()

    def hold():
        with home_lock(home, LEDGER):
            held.set()
            time.sleep(1.0)

    t = threading.Thread(target=hold)
    t.start()
    held.wait(5)
    r = hm("--home", home.root, "ingest", input="hello\n", timeout=90)
    t.join()
    assert_no_crash(r)
    assert r.exit_code == 0, r
    assert [e["text"] for e in ledger_events(home.root)] == ["hello"]
    with home_lock(home, PIPELINE):
        r = hm("--home", home.root, "consolidate", "--timeout", "0.3", timeout=60)
    assert_no_crash(r)
    assert r.exit_code == 75, r
    assert "Error:" in r.stderr and "locked" in r.stderr
    with home_lock(home, PIPELINE):
        r = hm("--home", home.root, "dream", "--force", "--timeout", "0.3", timeout=60)
    assert_no_crash(r)
    assert r.exit_code == 75, r
