"""Shared helpers for the reliability tests (tests/test_rel_*.py).

- ``hm_proc``: run the real CLI in a subprocess and return exit code, output
  and the child's peak RSS (from ``os.wait4``), optionally under resource
  limits.
- ``stage``: whether a pipeline stage (consolidate, dream, index, ...) has
  landed, so that tests extend themselves to it automatically.
- ``record``: counts for the stress summary printed at the end of the run
  (a ``pytest_terminal_summary`` hook registered from the first test that
  records something; no conftest needed).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

EXIT_CODES = {0, 1, 2, 65, 75}


@dataclass
class Proc:
    code: int
    stdout: str
    stderr: str
    maxrss_kb: int = 0

    @property
    def exit_code(self) -> int:
        return self.code

    def __repr__(self) -> str:
        return f"<Proc {self.code} stdout={self.stdout[-400:]!r} stderr={self.stderr[-600:]!r}>"


def hm_cmd(*args) -> list[str]:
    return [sys.executable, "-m", "holonmem", *[str(a) for a in args]]


def hm_proc(*args, input: bytes | str | None = None, stdin_path: Path | None = None, env: dict | None = None,
            timeout: float = 120, fsize_limit: int | None = None, as_limit: int | None = None) -> Proc:
    """Run ``python -m holonmem ARGS`` and measure the child's peak RSS."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    if isinstance(input, str):
        input = input.encode("utf-8")

    stdin = open(stdin_path, "rb") if stdin_path else (subprocess.PIPE if input is not None else subprocess.DEVNULL)
    out_f = _tmpfile()
    err_f = _tmpfile()
    rss_f = _tmpfile()
    try:
        # Through a small wrapper: Linux keeps a process's peak RSS across exec, so
        # a child forked straight from this (big) test process would report ours.
        lim = f"{'' if fsize_limit is None else fsize_limit},{'' if as_limit is None else as_limit}"
        p = subprocess.Popen([sys.executable, "-S", "-c", _RSS_WRAPPER, str(rss_f.fileno()), lim, *hm_cmd(*args)], stdin=stdin,
                             stdout=out_f, stderr=err_f, env=full_env, pass_fds=(rss_f.fileno(),), start_new_session=True)
        if input is not None:
            try:
                p.stdin.write(input)
                p.stdin.close()
            except BrokenPipeError:
                pass
        deadline = time.monotonic() + timeout
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                os.killpg(p.pid, signal.SIGKILL)
                pid, status, ru = os.wait4(p.pid, 0)
                raise TimeoutError(f"holonmem {' '.join(map(str, args))} did not finish in {timeout}s (deadlock?)")
            time.sleep(0.01)
        p.returncode = os.waitstatus_to_exitcode(status)
        out_f.seek(0)
        err_f.seek(0)
        rss_f.seek(0)
        rss = int(rss_f.read() or 0)
        return Proc(p.returncode, out_f.read().decode("utf-8", "replace"), err_f.read().decode("utf-8", "replace"), rss)
    finally:
        if stdin_path:
            stdin.close()
        out_f.close()
        err_f.close()
        rss_f.close()


def hm_home(home, *args, **kw):
    """``holonmem --home HOME ARGS``: with an option of hm_proc's (a timeout for what could hang,
    limits, input) in a subprocess of its own, else through main() in this process (inproc_support):
    for the tests about what a command makes of the files and says about them. An exception main()
    did not turn into an error line fails the test there too."""
    if kw:
        return hm_proc("--home", home.root, *args, **kw)
    from inproc_support import run_main

    return run_main("--home", home.root, *args)


# argv[1]: the fd to report the command's peak RSS (KiB) on; argv[2]: "FSIZE,AS" limits
# for the command ("" = none); the rest: the command.
# Without limits the command writes straight to our files: the wrapper forks and execs it and
# imports nothing (-S, no site either), so it costs ~10 ms, not ~45 ms, of each command.
_RSS_WRAPPER = """
import os, sys
fsize, as_ = sys.argv[2].split(",")
if not fsize and not as_:
    os.set_inheritable(int(sys.argv[1]), False)
    pid = os.fork()
    if pid == 0:
        try:
            import _signal  # as subprocess's restore_signals: Python's ignored SIGPIPE and SIGXFSZ back to default
            for sig in (_signal.SIGPIPE, _signal.SIGXFSZ):
                _signal.signal(sig, _signal.SIG_DFL)
            os.execv(sys.argv[3], sys.argv[3:])
        finally:
            os._exit(127)
    _, status, ru = os.wait4(pid, 0)
    os.write(int(sys.argv[1]), str(ru.ru_maxrss).encode())
    sys.exit(os.waitstatus_to_exitcode(status) % 256)
import resource, signal, subprocess
def limits():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
    if fsize:
        resource.setrlimit(resource.RLIMIT_FSIZE, (int(fsize), int(fsize)))
    if as_:
        resource.setrlimit(resource.RLIMIT_AS, (int(as_), int(as_)))
# the command writes to pipes (not subject to RLIMIT_FSIZE); we relay them
p = subprocess.Popen(sys.argv[3:], preexec_fn=limits, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
import threading
bufs = {}
def drain(name, f):
    bufs[name] = f.read()
ts = [threading.Thread(target=drain, args=(n, f)) for n, f in (("out", p.stdout), ("err", p.stderr))]
[t.start() for t in ts]
_, status, ru = os.wait4(p.pid, 0)
[t.join() for t in ts]
sys.stdout.buffer.write(bufs["out"]); sys.stdout.flush()
sys.stderr.buffer.write(bufs["err"]); sys.stderr.flush()
os.write(int(sys.argv[1]), str(ru.ru_maxrss).encode())
sys.exit(os.waitstatus_to_exitcode(status) % 256)
"""


def _tmpfile():
    import tempfile

    return tempfile.TemporaryFile()


def assert_no_crash(r, allowed: set[int] = EXIT_CODES) -> None:
    """No traceback and no 'unexpected' error reaches the user; exit code per SPEC;
    every failure says what went wrong on stderr."""
    # (stdout is data: a stored tool output may itself quote a traceback)
    assert "Traceback (most recent call last)" not in r.stderr, r
    assert "Error: unexpected " not in r.stderr, r
    assert r.exit_code in allowed, r
    if r.exit_code in (65, 75):
        assert "Error: " in r.stderr, r
    if r.exit_code == 1:  # an error, or a finding (doctor): either way said on stderr
        assert r.stderr.strip(), r


# -- the home ------------------------------------------------------------------

def ledger_events(root: Path) -> list[dict]:
    """Every ledger line, asserting each is one complete JSON event."""
    out = []
    for p in sorted((Path(root) / "ledger").glob("*.jsonl")):
        data = p.read_bytes()
        assert not data or data.endswith(b"\n"), f"{p} ends in a torn line"
        for n, line in enumerate(data.split(b"\n")[:-1], 1):
            assert line.strip(), f"{p}:{n} is blank"
            ev = json.loads(line)
            assert isinstance(ev, dict) and isinstance(ev.get("id"), str), f"{p}:{n} is not an event"
            out.append(ev)
    return out


def instruction_events(path: Path) -> Path:
    """Write a small native input to ``path``: the same standing instruction in three
    closed sessions of project ``p`` (consolidate makes episodes, dream promotes it)."""
    lines = []
    for i, sess in enumerate(("s1", "s2", "s3")):
        lines += [{"role": "user", "text": "from now on always run ruff before committing", "project": "p", "session": sess,
                   "ts": f"2026-06-1{i}T10:00:00+00:00"},
                  {"role": "assistant", "text": "ok, I will run ruff first", "project": "p", "session": sess,
                   "ts": f"2026-06-1{i}T10:00:05+00:00"}]
    Path(path).write_text("".join(json.dumps(e) + "\n" for e in lines))
    return Path(path)


def all_files(root: Path):
    """Every regular file under the home (derived state included)."""
    for dirpath, _dirs, files in os.walk(root):
        for f in files:
            p = Path(dirpath) / f
            if p.is_file() and not p.is_symlink():
                yield p


def find_in_home(root: Path, needles: list[str]) -> list[tuple[str, str]]:
    """``(needle, file)`` for every needle found anywhere under the home (bytes, UTF-8).

    A short code (a PIN, a door code: "8642", "4471#") counts only standing alone: inside a longer
    run of digits or letters (a nanosecond mtime, a hash, an id) it is that number, not the code."""
    import re

    hits = []
    enc = []
    for n in needles:
        b = n.encode("utf-8")
        short = re.fullmatch(rb"[0-9#*]{4,8}[A-Za-z]?", b)
        enc.append((n, b, re.compile(rb"(?<![0-9A-Za-z])" + re.escape(b) + rb"(?![0-9A-Za-z])") if short else None))
    for p in all_files(root):
        try:
            data = p.read_bytes()
        except OSError:
            continue
        for n, b, rx in enc:
            if (rx.search(data) if rx is not None else b in data):
                hits.append((n, str(p.relative_to(root))))
    return hits


# -- the stress summary --------------------------------------------------------

class _Summary:
    def __init__(self):
        self.counts: dict[str, int] = {}

    def pytest_terminal_summary(self, terminalreporter):
        if not self.counts:
            return
        tr = terminalreporter
        tr.section("holonmem reliability summary")
        keys = sorted(self.counts)
        zero = [k for k in keys if k.startswith(("lost", "torn", "leaked", "promoted", "duplicated", "crashed"))]
        for k in keys:
            if k not in zero:
                tr.write_line(f"  {k:<34} {self.counts[k]}")
        for k in zero:
            tr.write_line(f"  {k:<34} {self.counts[k]}")


_SUMMARY = _Summary()


def record(request, key: str, n: int = 1) -> None:
    """Add ``n`` to counter ``key`` of the end-of-run summary."""
    pm = request.config.pluginmanager
    if not pm.is_registered(_SUMMARY):
        pm.register(_SUMMARY, "holonmem-reliability-summary")
    _SUMMARY.counts[key] = _SUMMARY.counts.get(key, 0) + n
