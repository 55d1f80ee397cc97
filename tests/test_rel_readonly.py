"""A read-only home (issue 18, item 14): a mounted backup, a shared checkout.
Inspection — ``status``, ``doctor``, ``review``, ``search``, ``context``,
``get``, ``journal`` — works without writing anything (the id map is built in
memory, a stale search index is searched as it is, with a warning).

Tests run as root, which ignores file modes; the commands run with the
capabilities that let root write anyway dropped (``capsh``), so the modes hold."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from rel_support import Proc, assert_no_crash, hm_home, instruction_events

CAPS = "cap_dac_override,cap_dac_read_search,cap_fowner"


def _read_only_runner():
    if os.geteuid() != 0:
        return lambda args: args
    capsh = shutil.which("capsh")
    if capsh is None:
        pytest.skip("running as root without capsh: a read-only home cannot be simulated")
    return lambda args: [capsh, f"--drop={CAPS}", "--", "-c", "exec " + " ".join(shlex.quote(str(a)) for a in args)]


def _chmod_tree(root: Path, writable: bool) -> None:
    for dirpath, dirs, files in os.walk(root):
        for name in [*files, *dirs, ""]:
            p = Path(dirpath) / name if name else Path(dirpath)
            if p.is_symlink():
                continue
            mode = stat.S_IMODE(p.stat().st_mode)
            p.chmod(mode | stat.S_IWUSR if writable else mode & ~0o222)


def _state(root: Path) -> dict:
    out = {}
    for dirpath, dirs, files in os.walk(root):
        for name in files + dirs:
            p = Path(dirpath) / name
            st = p.lstat()
            out[str(p.relative_to(root))] = (st.st_size, st.st_mtime_ns, p.read_bytes() if p.is_file() else b"")
    return out


@pytest.fixture
def read_only_home(home, tmp_path):
    src = instruction_events(tmp_path / "in.jsonl")
    for args in (("ingest", src), ("consolidate",), ("dream", "--force"), ("index",)):  # the set-up: through main() here
        assert hm_home(home, *args).exit_code == 0
    more = tmp_path / "more.jsonl"  # after the index: the id map and the index are behind the ledger
    more.write_text(json.dumps({"role": "user", "text": "the zanzibar deploy is on hold", "project": "p", "session": "s4"}) + "\n")
    assert hm_home(home, "ingest", more).exit_code == 0
    (home.state_dir / "ids.sqlite").unlink()  # and no id map at all: it cannot be rebuilt on disk
    _chmod_tree(home.root, writable=False)
    yield home
    _chmod_tree(home.root, writable=True)


def test_inspection_works_on_a_read_only_home(read_only_home):
    home = read_only_home
    wrap = _read_only_runner()
    before = _state(home.root)
    mem = next(p.name for p in home.memory_dir.glob("*.md") if p.name not in ("operator.md", "self.md"))

    def run(*args) -> Proc:
        r = subprocess.run(wrap([sys.executable, "-m", "holonmem", "--home", home.root, *args]),
                           capture_output=True, timeout=120)
        return Proc(r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace"))

    probe = run("remember", "Always write tests")  # the simulation holds: a writing command is refused
    assert probe.exit_code != 0 and "Error:" in probe.stderr, probe
    for args in (("status",), ("review",), ("search", "ruff"), ("search", "zanzibar"), ("context", "--project", "p"),
                 ("context", "--project", "p", "--task", "ruff commit"), ("get", f"memory:memory/{mem}"), ("journal",),
                 ("status", "--json"), ("doctor",)):
        r = run(*args)
        assert_no_crash(r)
        assert "Error:" not in r.stderr, (args, r)
        if args[0] != "doctor":  # doctor exits 1 for what it finds (a stale index here)
            assert r.exit_code == 0, (args, r)
        if args == ("search", "ruff"):
            assert "ruff" in r.stdout.lower() and "read-only" in r.stderr, r
        if args == ("status", "--json"):
            assert json.loads(r.stdout)["events"] == 7, r
    assert _state(home.root) == before, "a read-only inspection changed the home"
