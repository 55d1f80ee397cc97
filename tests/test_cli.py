"""CLI entry point: global --home before fast-path commands, error translation."""

from __future__ import annotations

import subprocess
import sys


def _imports_of(args, env=None):
    p = subprocess.run([sys.executable, "-X", "importtime", "-m", "holonmem", *map(str, args)],
                       capture_output=True, text=True, env=env)
    mods = {line.split("|")[-1].strip().split(".")[0] for line in p.stderr.splitlines() if line.startswith("import time:")}
    return p, mods


def test_leading_home_keeps_context_on_the_fast_path(sample_home):
    p, mods = _imports_of(["--home", sample_home.root, "context", "--project", "invoicer", "--now", "2026-06-25"])
    assert p.returncode == 0, p.stderr[-2000:]
    assert "typer" not in mods
    assert p.stdout.startswith('<holonmem-context project="invoicer"')
    p2, _ = _imports_of([f"--home={sample_home.root}", "context", "--project", "invoicer", "--now", "2026-06-25"])
    p3, _ = _imports_of(["context", "--home", sample_home.root, "--project", "invoicer", "--now", "2026-06-25"])
    assert p.stdout == p2.stdout == p3.stdout


def test_help_goes_through_typer(hm):
    r = hm("context", "--help")
    assert r.exit_code == 0
    assert "--budget" in r.stdout


def test_usage_error_exit_2(hm, home):
    r = hm("--home", home.root, "search")
    assert r.exit_code == 2
    r = hm("--home", home.root, "no-such-command")
    assert r.exit_code == 2
    assert "Traceback" not in r.stderr
