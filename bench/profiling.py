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

    ``outside``: ms of each non-holonmem top-level package first imported from
    holonmem code or the program, keyed ``"whoosh (holonmem.index)"``.
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
            outside[f"{name.split('.')[0]} ({parent or 'startup'})"] += cum_us / 1000.0

    for node in pending.get(0, []):
        walk(node, None)
    return dict(outside), dict(own)


def import_top(argv: list[str], env: dict, stdin: bytes | None = None, n: int = 4) -> str:
    """Run ``argv`` once with ``PYTHONPROFILEIMPORTTIME=1`` and name the heaviest
    imports, e.g. ``imports 180 ms: whoosh (holonmem.index) 90, ...``."""
    env = dict(env, PYTHONPROFILEIMPORTTIME="1")
    p = subprocess.run(argv, input=stdin, capture_output=True, env=env)
    outside, own = parse_importtime(p.stderr.decode("utf-8", "replace"))
    if not outside and not own:
        return "(no import profile)"
    total = sum(outside.values()) + sum(own.values())
    top = sorted(outside.items(), key=lambda kv: -kv[1])[:n]
    mine = sorted(own.items(), key=lambda kv: -kv[1])[:2]
    return (f"imports {total:.0f} ms beyond startup: " + ", ".join(f"{k} {v:.0f}" for k, v in top)
            + f"; holonmem's own modules {sum(own.values()):.0f} ms (" + ", ".join(f"{k} {v:.0f}" for k, v in mine) + ")")


def cprofile_top(fn: Callable[[], object], n: int = 5) -> str:
    """Profile ``fn()`` and name the functions with the most own time."""
    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    st = pstats.Stats(prof)
    total = st.total_tt or 1e-9
    rows = sorted(st.stats.items(), key=lambda kv: -kv[1][2])[:n]
    parts = []
    for (file, line, name), (_, _, tt, _, _) in rows:
        where = os.path.basename(file) + f":{line}" if file != "~" else "builtin"
        parts.append(f"{where} {name} {tt / total:.0%}")
    return f"total {total:.2f} s; " + ", ".join(parts)
