"""The turn server (holonmem/cli/turn_server.py) and its client (cli/turn_client.py): a
`context` or `hook` turn run by the warm server gives the same bytes, exit code and files
as the same turn run in its own process; the server stops when idle or replaced, and the
client runs the command itself whenever no server answers."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import make_sample_home
from holonmem.cli import turn_client

pytestmark = pytest.mark.skipif(not hasattr(os, "posix_spawn") or sys.platform == "win32",
                                reason="Unix sockets and posix_spawn")


@pytest.fixture
def run_dir():
    """A short folder for the sockets (a Unix socket's name holds ~104-108 bytes; tmp_path can be longer)."""
    import tempfile

    path = Path(tempfile.mkdtemp(prefix="hmrun"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _env(run_dir: Path, home: Path, **extra) -> dict:
    env = dict(os.environ, XDG_RUNTIME_DIR=str(run_dir), HOLONMEM_HOME=str(home), HOLONMEM_TURN_SERVER="1",
               HOLONMEM_TURN_SERVER_IDLE="30")
    env.pop("HOLONMEM_DEBUG", None)
    env.update(extra)
    return env


def _hm(env: dict, *args, input: bytes | None = None, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "holonmem", *args], input=input, capture_output=True, env=env,
                          cwd=cwd, timeout=120)


def _socket_of(env: dict) -> Path:
    code = "from holonmem.cli.turn_client import socket_path; print(socket_path())"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return Path(p.stdout.strip())


def _wait(cond, seconds: float = 30.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return False


def _start_server(env: dict) -> subprocess.Popen:
    sock = _socket_of(env)
    proc = subprocess.Popen([sys.executable, "-m", "holonmem.cli.turn_server", str(sock)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert _wait(lambda: sock.exists()), "the server never listened"
    return proc


@pytest.fixture
def served(tmp_path, run_dir):
    """A sample home (consolidated) and a running server for it; stopped after the test."""
    home = make_sample_home(tmp_path / "home").root
    env = _env(run_dir, home)
    assert _hm(dict(env, HOLONMEM_TURN_SERVER="0"), "consolidate").returncode == 0
    proc = _start_server(env)
    yield home, env, proc
    proc.terminate()
    proc.wait(timeout=30)


def _served_by_server(p: subprocess.CompletedProcess) -> bool:
    return b"ran in the turn server" in p.stderr


def test_context_through_the_server_is_the_same_bytes(served, tmp_path):
    home, env, _ = served
    for args in (["context", "--task", "fix the failing invoicer test", "--project", "invoicer"],
                 ["context", "--project", "travel-agent", "--format", "json"],
                 ["context", "--task", "北京 行程", "--budget", "300"],
                 ["context", "--bogus-option"]):
        local = _hm(dict(env, HOLONMEM_TURN_SERVER="0"), *args)
        remote = _hm(dict(env, HOLONMEM_DEBUG="1"), *args)
        assert _served_by_server(remote), remote.stderr
        assert (remote.returncode, remote.stdout) == (local.returncode, local.stdout), args
        assert remote.stderr.replace(remote.stderr[remote.stderr.find(b"holonmem: ran in"):], b"") \
            .replace(b"\n", b"") == local.stderr.replace(b"\n", b"") or args[-1] == "--bogus-option"


def test_the_server_runs_in_the_clients_folder_and_environment(served, tmp_path):
    """Another home (by HOLONMEM_HOME), a relative --home resolved in the client's folder: each
    request runs in the environment and folder it came from."""
    home, env, _ = served
    other = tmp_path / "other"
    shutil.copytree(home, other)
    (other / "memory" / "extra-rule.md").write_text(
        "---\ntitle: Always sign invoices with the blue stamp\nkind: rule\nscope: global\nstatus: active\n---\n\n"
        "Always sign invoices with the blue stamp.\n", encoding="utf-8")
    for e, args, cwd in ((dict(env, HOLONMEM_HOME=str(other)), ["context", "--task", "invoice stamp"], None),
                         (env, ["context", "--home", "other", "--task", "invoice stamp"], tmp_path),
                         (env, ["context", "--task", "invoice stamp"], None)):
        local = _hm(dict(e, HOLONMEM_TURN_SERVER="0"), *args, cwd=cwd)
        remote = _hm(dict(e, HOLONMEM_DEBUG="1"), *args, cwd=cwd)
        assert _served_by_server(remote)
        assert remote.stdout == local.stdout
        assert (b"blue stamp" in remote.stdout) == (e is not env or cwd is not None)


def test_an_edit_in_place_is_seen_by_the_next_served_turn(served):
    home, env, _ = served
    args = ["context", "--task", "deploy fridays", "--project", "invoicer"]
    path = home / "memory" / "invoicer-no-deploys.md"
    path.write_text("---\ntitle: Never deploy invoicer on Fridays\nkind: rule\nscope: project\nproject: invoicer\n"
                    "status: active\n---\n\nNever deploy invoicer on Fridays.\n", encoding="utf-8")
    os.utime(path, (time.time() - 10, time.time() - 10))  # older than the window in which no stamp is trusted
    before = _hm(dict(env, HOLONMEM_DEBUG="1"), *args)
    assert _served_by_server(before) and b"on Fridays" in before.stdout
    st = path.stat()
    path.write_bytes(path.read_bytes().replace(b"Fridays", b"Mondays"))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # the same mtime: only ctime/size tell
    after = _hm(dict(env, HOLONMEM_DEBUG="1"), *args)
    assert _served_by_server(after)
    assert after.stdout == _hm(dict(env, HOLONMEM_TURN_SERVER="0"), *args).stdout
    assert b"on Mondays" in after.stdout and b"on Fridays" not in after.stdout


def test_pull_style_changes_are_seen_by_the_next_served_turn(served):
    """Files replaced by rename, added, deleted, and a folder swapped, as `git pull` or a
    sync tool does it: each served turn equals the same turn run in its own process."""
    home, env, _ = served
    args = ["context", "--task", "deploy the invoicer release", "--project", "invoicer"]
    mem = home / "memory"
    local = dict(env, HOLONMEM_TURN_SERVER="0")
    debug = dict(env, HOLONMEM_DEBUG="1")

    def same() -> bytes:
        got = _hm(debug, *args)
        assert _served_by_server(got)
        assert got.stdout == _hm(local, *args).stdout
        return got.stdout

    same()
    body = ("---\ntitle: Tag invoicer releases before deploying\nkind: rule\nscope: project\nproject: invoicer\n"
            "status: active\n---\n\nTag invoicer releases with the version before you deploy them.\n")
    tmp = mem / ".pull.tmp"
    tmp.write_text(body, encoding="utf-8")
    os.replace(tmp, mem / "invoicer-tag-releases.md")
    assert b"Tag invoicer releases" in same()

    victim = sorted(p for p in mem.glob("*.md") if p.name != "invoicer-tag-releases.md")[0]
    victim.unlink()
    same()

    swapped = home / "memory.new"
    shutil.copytree(mem, swapped)
    (swapped / "invoicer-tag-releases.md").write_text(body.replace("with the version", "with the date"),
                                                      encoding="utf-8")
    shutil.rmtree(mem)
    swapped.rename(mem)
    out = same()
    assert b"with the date" in out and b"with the version" not in out


def _payload(event: str, i: int) -> bytes:
    base = {"session_id": f"sess-{i}", "transcript_path": "/tmp/none.jsonl", "cwd": "/home/lin/src/invoicer",
            "hook_event_name": event}
    if event == "UserPromptSubmit":
        base["prompt"] = f"Fix the failing rounding test, attempt {i}"
    else:
        base.update({"tool_name": "Bash", "tool_input": {"command": f"pytest -q -k case{i}"},
                     "tool_response": {"stdout": "1 failed", "stderr": ""}, "tool_use_id": f"toolu_{i}"})
    return json.dumps(base).encode()


def _ledger_lines(home: Path) -> list[str]:
    return [ln for f in sorted((home / "ledger").glob("*.jsonl")) for ln in f.read_text(encoding="utf-8").splitlines()]


def test_a_hook_through_the_server_reads_its_stdin_and_records_the_event_once(served, tmp_path):
    home, env, _ = served
    twin = tmp_path / "twin"
    shutil.copytree(home, twin)
    for i, event in enumerate(("PostToolUse", "UserPromptSubmit", "PostToolUse")):
        payload = _payload(event, i)
        remote = _hm(dict(env, HOLONMEM_DEBUG="1"), "hook", "claude", input=payload)
        local = _hm(dict(env, HOLONMEM_TURN_SERVER="0", HOLONMEM_HOME=str(twin)), "hook", "claude", input=payload)
        assert _served_by_server(remote)
        assert remote.returncode == local.returncode == 0
        assert remote.stdout == local.stdout
        if event == "UserPromptSubmit":
            assert b"additionalContext" in remote.stdout
    served_lines, local_lines = _ledger_lines(home), _ledger_lines(twin)
    assert len(served_lines) == len(local_lines)
    strip = lambda ln: {k: v for k, v in json.loads(ln).items() if k != "ts"}  # noqa: E731 - the clock moves
    assert [strip(a) for a in served_lines[-3:]] == [strip(b) for b in local_lines[-3:]]


def test_the_client_starts_a_server_and_uses_it(tmp_path, run_dir):
    home = make_sample_home(tmp_path / "home").root
    env = _env(run_dir, home, HOLONMEM_TURN_SERVER_IDLE="5")
    first = _hm(dict(env, HOLONMEM_DEBUG="1"), "context", "--task", "invoice")
    assert first.returncode == 0 and not _served_by_server(first)  # no server yet: ran here, started one
    sock = _socket_of(env)
    assert _wait(lambda: sock.exists())
    assert oct(run_dir.joinpath(f"holonmem-{os.getuid()}").stat().st_mode & 0o777) == "0o700"
    second = _hm(dict(env, HOLONMEM_DEBUG="1"), "context", "--task", "invoice")
    assert _served_by_server(second) and second.stdout == first.stdout
    # idle for 5 s: the server stops and takes its socket with it
    assert _wait(lambda: not sock.exists(), 30)


def test_switched_off_no_server_is_started_or_used(tmp_path, run_dir):
    home = make_sample_home(tmp_path / "home").root
    env = _env(run_dir, home, HOLONMEM_TURN_SERVER="0", HOLONMEM_DEBUG="1")
    for _ in range(2):
        p = _hm(env, "context", "--task", "invoice")
        assert p.returncode == 0 and not _served_by_server(p)
    assert not list(run_dir.iterdir())


def test_a_server_whose_socket_is_taken_over_stops(served):
    _, env, proc = served
    second = _start_server(env)  # the same name: the newer server answers from now on
    try:
        assert proc.wait(timeout=30) == 0
        p = _hm(dict(env, HOLONMEM_DEBUG="1"), "context", "--task", "invoice")
        assert f"pid {second.pid}".encode() in p.stderr
    finally:
        second.terminate()
        second.wait(timeout=30)


def test_a_folder_others_can_enter_is_not_used(tmp_path, run_dir):
    home = make_sample_home(tmp_path / "home").root
    (run_dir / f"holonmem-{os.getuid()}").mkdir(mode=0o777)
    os.chmod(run_dir / f"holonmem-{os.getuid()}", 0o777)
    env = _env(run_dir, home, HOLONMEM_DEBUG="1")
    for _ in range(2):
        p = _hm(env, "context", "--task", "invoice")
        assert p.returncode == 0 and not _served_by_server(p)
        time.sleep(0.5)
    assert not list((run_dir / f"holonmem-{os.getuid()}").glob("*.sock"))
    assert turn_client.private_dir(str(run_dir / f"holonmem-{os.getuid()}"), create=False) is False


def test_a_socket_name_too_long_for_the_system_runs_every_turn_here(tmp_path):
    home = make_sample_home(tmp_path / "home").root
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    env = _env(deep, home, HOLONMEM_DEBUG="1")
    for _ in range(2):
        p = _hm(env, "context", "--task", "invoice")
        assert p.returncode == 0 and p.stdout and not _served_by_server(p)
    assert not list(deep.iterdir())
