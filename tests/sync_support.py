"""Helpers for the sync tests: a bare remote, clones of one home, the real CLI in subprocesses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ENV_DROP = ("HOLONMEM_HOME", "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")


def env() -> dict:
    e = {k: v for k, v in os.environ.items() if k not in ENV_DROP}
    e["GIT_CONFIG_NOSYSTEM"] = "1"  # no identity anywhere: sync must supply its own
    return e


def run(*args, cwd=None, check=True, input=None) -> subprocess.CompletedProcess:
    p = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=env(), input=input,
                       timeout=120)
    if check and p.returncode != 0:
        raise AssertionError(f"{args} exited {p.returncode}\nstdout: {p.stdout}\nstderr: {p.stderr}")
    return p


def hm(home: Path, *args, check=True, input=None) -> subprocess.CompletedProcess:
    return run(sys.executable, "-m", "holonmem", "--home", home, *args, check=check, input=input)


def hm_main(home: Path, *args, check=True, input=None):
    """``hm`` through holonmem's main() in this process (inproc_support), for every command but
    sync (the one these tests are about, with its git children, in a process of its own): what
    ingest, consolidate, dream, doctor or context store and print is the same either way."""
    from inproc_support import run_main

    return run_main("--home", home, *args, input=input, check=check)


def git(home: Path, *args, check=True) -> subprocess.CompletedProcess:
    return run("git", "-C", home, *args, check=check)


def setup(tmp: Path, names=("a", "b")) -> tuple[Path, dict[str, Path]]:
    """A bare remote and one clone per name; the first made the home and pushed it."""
    remote = tmp / "remote.git"
    run("git", "init", "-q", "--bare", "-b", "main", remote)
    first = tmp / names[0]
    hm(first, "init", first) if False else run(sys.executable, "-m", "holonmem", "init", first)
    git(first, "init", "-q", "-b", "main")
    git(first, "remote", "add", "origin", str(remote))
    hm(first, "sync")
    homes = {names[0]: first}
    for n in names[1:]:
        run("git", "clone", "-q", remote, tmp / n)
        hm(tmp / n, "sync")
        homes[n] = tmp / n
    return remote, homes


def copy_setup(built: Path, tmp: Path, names=("a", "b")) -> tuple[Path, dict[str, Path]]:
    """What ``setup(tmp, names)`` makes, copied from a ``setup`` built once in ``built`` (with
    these names or more): the remote and the named clones, each clone's origin pointed at the copy."""
    import shutil

    remote = shutil.copytree(built / "remote.git", tmp / "remote.git", symlinks=True)
    homes = {}
    for n in names:
        homes[n] = shutil.copytree(built / n, tmp / n, symlinks=True)
        git(homes[n], "remote", "set-url", "origin", str(remote))
    return remote, homes


def next_second() -> None:
    """Wait (< 1 s, no CPU) until the clock is in a later second: a memory is dated to the
    second, and which of two replacements is the newer must not depend on how fast they ran."""
    import time

    time.sleep(1.001 - time.time() % 1)


def events(session: str, texts: list[str], *, project="invoicer", day="2026-06-10", hour=9, prefix=None) -> str:
    """Native JSONL: one user message per text, a minute apart, in one session."""
    out = []
    for i, t in enumerate(texts):
        out.append(json.dumps({"id": f"{prefix or session}_{i}", "ts": f"{day}T{hour:02d}:{i:02d}:00+00:00",
                               "project": project, "session": session, "role": "user", "text": t}))
        out.append(json.dumps({"id": f"{prefix or session}_{i}r", "ts": f"{day}T{hour:02d}:{i:02d}:30+00:00",
                               "project": project, "session": session, "role": "assistant", "text": f"Done: {t[:40]}"}))
    return "\n".join(out) + "\n"


def ingest(home: Path, text: str) -> None:
    hm_main(home, "ingest", "--format", "native", input=text)


def ledger_ids(home: Path) -> list[str]:
    ids = []
    for p in sorted((home / "ledger").glob("*.jsonl")):
        for ln in p.read_text().splitlines():
            if ln.strip():
                ids.append(json.loads(ln)["id"])
    return ids


def signal_ids(home: Path) -> list[str]:
    p = home / "signals.jsonl"
    if not p.exists():
        return []
    return [json.loads(ln)["id"] for ln in p.read_text().splitlines() if ln.strip() and '"type":"signal"' in ln]


def episode_ids(home: Path) -> list[str]:
    import re

    out = []
    for p in sorted((home / "episodes").glob("*.md")):
        out += re.findall(r'^id: "?([^"\s]+)"?$', p.read_text(), re.M)
    return out


def active_memories(home: Path) -> list[tuple[str, str]]:
    """(path, statement line) of every active memory."""
    from holonmem.home import Home
    from holonmem.memory import load_memories

    return sorted((m.path, m.statement) for m in load_memories(Home(home)) if m.is_active)


def owned_markers(home: Path) -> list[str]:
    """holonmem-owned files that hold a git conflict marker."""
    bad = []
    for pat in ("MEMORY.md", "signals.jsonl", "ledger/*.jsonl", "episodes/*.md", "journal/*.md", "memory/*.md"):
        for p in home.glob(pat):
            if any(ln.startswith(("<<<<<<<", ">>>>>>>")) for ln in p.read_text().splitlines()):
                bad.append(str(p.relative_to(home)))
    return bad


def doctor_ok(home: Path) -> bool:
    p = hm_main(home, "doctor", "--json", check=False)
    return p.returncode == 0 and json.loads(p.stdout)["ok"]


def context(home: Path) -> str:
    return hm_main(home, "context", "--project", "invoicer", "--task", "release", "--now", "2026-06-25").stdout


def snapshot(home: Path) -> dict[str, bytes]:
    """Every file of the home outside .git/ and .holonmem/."""
    out = {}
    for p in sorted(home.rglob("*")):
        rel = p.relative_to(home).as_posix()
        if p.is_file() and not rel.startswith((".git/", ".holonmem/")):
            out[rel] = p.read_bytes()
    return out
