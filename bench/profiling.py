"""Say what limits a figure: import times (``-X importtime``) and cProfile tops."""

from __future__ import annotations

import cProfile
import os
import pstats
import re
import subprocess
from collections import defaultdict
from typing import Callable

_LINE = re.compile(r"^import time:\s+(\d+)\s+\|\s+(\d+)\s+\|(\s*)(\S+)")


# Imported by the interpreter before any program runs; the baseline pays them too.
_STARTUP = {"site", "encodings", "_frozen_importlib_external", "_io", "marshal", "posix", "zipimport",
            "codecs", "abc", "io", "stat", "genericpath", "posixpath", "os", "_sitebuiltins", "_distutils_hack"}


def parse_importtime(stderr: str) -> tuple[dict[str, float], dict[str, float]]:
    """From ``-X importtime`` output: (``outside``, ``own``).

    ``outside``: ms of each non-holonmem top-level package, keyed by who
    imported it: ``"typer (holonmem.cli.app)"`` at module level, or
    ``"whoosh (in a function)"`` for a lazy import at run time.
    ``own``: self ms of each holonmem module.
    """
    nodes = []  # (level, name, self_us, cum_us, children) in post-order
    pending: dict[int, list] = defaultdict(list)
    for line in stderr.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        level = (len(m.group(3)) - 1) // 2
        node = (m.group(4), int(m.group(1)), int(m.group(2)), pending.pop(level + 1, []))
        pending[level].append(node)
        nodes.append(node)
    outside: dict[str, float] = defaultdict(float)
    own: dict[str, float] = defaultdict(float)

    def walk(node, parent: str | None) -> None:
        name, self_us, cum_us, children = node
        if name.split(".")[0] == "holonmem":
            own[name] += self_us / 1000.0
            for c in children:
                walk(c, name)
        elif name.split(".")[0] not in _STARTUP:
            outside[f"{name.split('.')[0]} ({parent or 'in a function'})"] += cum_us / 1000.0

    for node in pending.get(0, []):
        walk(node, None)
    return dict(outside), dict(own)


def import_top(argv: list[str], env: dict, stdin: bytes | None = None, n: int = 4) -> str:
    """Run ``argv`` once with ``PYTHONPROFILEIMPORTTIME=1`` and name the heaviest
    imports, e.g. ``imports 180 ms: whoosh (holonmem.index) 90, ...``."""
    env = dict(env, PYTHONPROFILEIMPORTTIME="1", HOLONMEM_TURN_SERVER="0")  # the turn in its own process
    p = subprocess.run(argv, input=stdin, capture_output=True, env=env)
    outside, own = parse_importtime(p.stderr.decode("utf-8", "replace"))
    if not outside and not own:
        return "(no import profile)"
    total = sum(outside.values()) + sum(own.values())
    top = sorted(outside.items(), key=lambda kv: -kv[1])[:n]
    mine = sorted(own.items(), key=lambda kv: -kv[1])[:2]
    return (f"imports {total:.0f} ms beyond startup: " + ", ".join(f"{k} {v:.0f}" for k, v in top)
            + f"; holonmem's own modules {sum(own.values()):.0f} ms (" + ", ".join(f"{k} {v:.0f}" for k, v in mine) + ")")


def cprofile_top(fn: Callable[[], object], n: int = 5, by: str = "own") -> str:
    """Profile ``fn()`` and name the functions with the most own time, or
    (``by="cumulative"``) the holonmem functions with the most time below them."""
    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    return summarize(pstats.Stats(prof), n, by)


def summarize(st: pstats.Stats, n: int = 5, by: str = "own") -> str:
    total = st.total_tt or 1e-9
    items = st.stats.items()
    if by == "cumulative":
        items = [kv for kv in items if "/holonmem/" in kv[0][0] and "/holonmem/cli/" not in kv[0][0]
                 and kv[0][2] != "<module>"]
        rows = sorted(items, key=lambda kv: -kv[1][3])[:n]
        col = 3
    else:
        rows = sorted(items, key=lambda kv: -kv[1][2])[:n]
        col = 2
    parts = []
    for (file, line, name), stat in rows:
        where = _where(file, line)
        parts.append(f"{where} {name} {stat[col] / total:.0%}")
    return f"total {total:.2f} s; " + ", ".join(parts)


def _where(file: str, line: int) -> str:
    if file == "~":
        return "builtin"
    parts = file.replace(os.sep, "/").split("/")
    for anchor in ("holonmem", "whoosh", "ruamel", "json", "sqlite3"):
        if anchor in parts[:-1]:
            i = len(parts) - 1 - parts[::-1].index(anchor)
            return "/".join(parts[i:]) + f":{line}"
    return os.path.basename(file) + f":{line}"


def cprofile_cmd(args: list[str], env: dict, n: int = 5, by: str = "own", stdin: bytes | None = None) -> str:
    """Profile ``holonmem ARGS`` in its own process (always the current code)."""
    import sys
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".prof") as tmp:
        p = subprocess.run([sys.executable, "-m", "cProfile", "-o", tmp.name, "-m", "holonmem", *args],
                           input=stdin, capture_output=True, env=dict(env, HOLONMEM_TURN_SERVER="0"))
        if p.returncode != 0:
            return f"(profile failed: exit {p.returncode})"
        return summarize(pstats.Stats(tmp.name), n, by)


def _cpu_of(pid: int) -> float | None:
    """User + system CPU seconds of a running process (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def served_split(argv: list[str], env: dict, stdin: Callable[[], bytes | None] = lambda: None, n: int = 15) -> str:
    """Where a turn answered by the turn server spends its CPU: the client process (the
    executable: interpreter, launcher, socket; median) against a ``python -c pass``, and
    the server's own CPU for the command (read from /proc, in clock ticks, so as the
    mean over the ``n`` turns)."""
    import statistics
    import sys

    from measure import run_rss

    env = dict(env, HOLONMEM_DEBUG="1")
    client, base = [], []
    pid = start = None
    for _ in range(n + 1):
        turn = run_rss(argv, env=env, stdin=stdin(), check=False)
        m = re.search(rb"ran in the turn server \(pid (\d+)\)", turn.stderr)
        if not m or (pid is not None and int(m.group(1)) != pid):
            return "(turns not answered by one turn server)"
        if pid is None:  # the first turn warms up; the server's CPU counts from its end
            pid = int(m.group(1))
            start = _cpu_of(pid)
        else:
            client.append(turn.cpu)
        base.append(run_rss([sys.executable, "-c", "pass"], env=env).cpu)
    end = _cpu_of(pid)
    if start is None or end is None:
        return "(no server CPU read)"
    return (f"served by the turn server, per turn: the client process {statistics.median(client) * 1000:.0f} ms CPU "
            f"(`python -c pass` {statistics.median(base) * 1000:.0f} ms), the server {(end - start) / n * 1000:.0f} ms "
            f"CPU for the command itself (mean of {n})")
