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


def test_a_run_builds_only_the_command_it_invokes(hm, home):
    from holonmem.cli import get_app

    full = get_app()
    assert len(full.registered_commands) > 10
    assert [c.name for c in get_app("ingest").registered_commands] == ["ingest"]
    hook = get_app("hook")
    assert hook.registered_commands == [] and [g.name for g in hook.registered_groups] == ["hook"]
    assert get_app("ingets") is full  # unknown: the full app, whose error suggests the right name
    assert len(full.registered_commands) > 10  # narrowing never touches the shared app
    r = hm("--home", home.root, "ingets")
    assert r.exit_code == 2 and "Did you mean 'ingest'" in r.stderr
    r = hm("--home", home.root, "ingest", "--help")
    assert r.exit_code == 0 and "--max-line-bytes" in r.stdout
    r = hm("--home", home.root, "status", "--json")
    assert r.exit_code == 0 and '"events": 0' in r.stdout
