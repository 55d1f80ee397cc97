"""Timing helpers: whole-process wall time and peak RSS, medians, rows.

Absolute times on shared machines drift, so every figure that can be is a
ratio against a baseline measured in the same run (interleaved with ours, so
that a noisy minute hits both).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


@dataclass
class Proc:
    """One finished process: wall seconds, peak RSS (MiB), exit code, output, its own CPU
    seconds (user + system)."""

    wall: float
    rss_mb: float
    code: int
    stdout: bytes
    stderr: bytes
    cpu: float = 0.0


def holonmem_argv() -> list[str]:
    """How users start holonmem: the console script next to this Python."""
    script = Path(PY).with_name("holonmem")
    return [str(script)] if script.exists() else [PY, "-m", "holonmem"]


def hm_env(home: Path | None) -> dict:
    env = dict(os.environ)
    env.pop("HOLONMEM_DEBUG", None)
    # as installed: the measured runs may cache their bytecode (with PYTHONDONTWRITEBYTECODE
    # set, every module changed since its .pyc was last written is compiled again in every run)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if home is not None:
        env["HOLONMEM_HOME"] = str(home)
    return env


# Spawns the measured process and reports its wall time and its own peak RSS.
# A child forked straight from this (large) bench process would inherit its
# RSS high-water mark through fork+exec; this small wrapper's would not.
_SPAWN = """
import json, os, sys, time
out, argv = sys.argv[1], sys.argv[2:]
t0 = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, os.environ)
_, status, ru = os.wait4(pid, 0)
wall = time.perf_counter() - t0
with open(out, 'w') as fh:
    json.dump([wall, ru.ru_maxrss, os.waitstatus_to_exitcode(status), ru.ru_utime + ru.ru_stime], fh)
"""


def run_rss(argv: list[str], *, env: dict | None = None, stdin: bytes | None = None,
            cwd: Path | None = None, check: bool = True) -> Proc:
    """Run one process; measure its wall time (from spawn to exit), its own
    peak RSS and CPU (``wait4``), through a small wrapper process. Output goes to temp
    files so the child never blocks on a pipe."""
    import json
    import tempfile

    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe, \
            tempfile.NamedTemporaryFile("r", suffix=".json") as stats:
        p = subprocess.Popen([PY, "-c", _SPAWN, stats.name, *map(str, argv)],
                             stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                             stdout=fo, stderr=fe, env=env, cwd=cwd)
        p.communicate(stdin)
        fo.seek(0)
        fe.seek(0)
        out, err = fo.read(), fe.read()
        try:
            wall, maxrss_kb, code, cpu = json.loads(open(stats.name).read())
        except ValueError:
            raise RuntimeError(f"could not run {argv[0]}: {err.decode('utf-8', 'replace')[-600:]}") from None
    if check and code != 0:
        raise RuntimeError(f"{' '.join(map(str, argv[:4]))} exited {code}: {err.decode('utf-8', 'replace')[-600:]}")
    return Proc(wall, maxrss_kb / 1024.0, code, out, err, cpu)


def hm(home: Path | None, *args: str, stdin: bytes | None = None, check: bool = True) -> Proc:
    """Run the real holonmem CLI against ``home`` (via $HOLONMEM_HOME, as hooks do)."""
    return run_rss([*holonmem_argv(), *args], env=hm_env(home), stdin=stdin, check=check)


def has_command(name: str) -> bool:
    """Whether this checkout's CLI has a command (``holonmem NAME --help`` works)."""
    p = run_rss([*holonmem_argv(), name, "--help"], env=hm_env(None), check=False)
    return p.code == 0


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def interleaved(ours: Callable[[], float], base: Callable[[], float] | None, repeat: int,
                warmup: int = 1) -> tuple[list[float], list[float]]:
    """Run ours and the baseline alternately ``repeat`` times after a warm-up;
    each callable returns the seconds it measured."""
    for _ in range(warmup):
        ours()
        if base:
            base()
    a, b = [], []
    for _ in range(repeat):
        a.append(ours())
        if base:
            b.append(base())
    return a, b


def fresh_copy(src: Path, dst: Path) -> Path:
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(src, dst, symlinks=True)
    return dst


@dataclass
class Row:
    """One line of RESULTS.md."""

    key: str
    what: str
    size: str
    ours: float | None = None  # median, in ``unit``
    base: float | None = None  # baseline median, same unit
    unit: str = "s"
    ratio: float | None = None
    target: str = ""
    passed: bool | None = None  # None: not measured / informational
    limits: str = ""
    runs: list = field(default_factory=list)
    base_runs: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    error: str | None = None

    def to_json(self) -> dict:
        return asdict(self)


def not_measured(row: Row, why: str) -> Row:
    row.error = f"not measured: {why}"
    row.passed = None
    return row
