"""CLI entry point: global --home before fast-path commands, error translation."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


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


def test_ingest_runs_without_typer_and_answers_like_the_typer_command(home, hm, cli, tmp_path):
    from holonmem.cli.options import INGEST, parse

    f = tmp_path / "in.txt"
    f.write_text("first plain line\nsecond plain line\n", encoding="utf-8")
    p, mods = _imports_of(["--home", home.root, "ingest", "-f", "text", "--role=assistant", "--project", "p1",
                           "--no-fsync", "--json", f])
    assert p.returncode == 0, p.stderr
    assert "typer" not in mods
    assert '"ingested": 2' in p.stdout
    # the same input through the typer command: the same events (so all duplicates now)
    r = cli("--home", home.root, "ingest", "--format", "text", "--role", "assistant", "--project", "p1", f)
    assert r.exit_code == 0 and "ingested 0, skipped 2 duplicates" in r.stderr
    # what the small parser does not know goes to typer, which explains it
    for argv, why in ((["--bogus"], "no such option"), (["--max-line-bytes", "x"], "not a valid int"),
                      (["--strict=yes"], "does not take a value")):
        assert parse(INGEST, argv) is None
        r = hm("--home", home.root, "ingest", *argv)
        assert r.exit_code == 2 and why in r.stderr, (argv, r.stderr)
    assert parse(INGEST, ["-", "--strict", "--max-line-bytes=9", "a.jsonl"]) == {
        **INGEST.defaults(), "files": [Path("-"), Path("a.jsonl")], "strict": True, "max_line_bytes": 9}
    r = hm("--home", home.root, "ingest", "--strict", input='{"role":"user","text":"ok"}\n{"role":"x","text":"bad"}\n')
    assert r.exit_code == 65 and "nothing was ingested (--strict)" in r.stderr


def test_a_nul_in_a_file_name_is_a_usage_error(home):
    """Found by the fast-path option fuzzer: open() and typer's path type raise ValueError on a NUL."""
    from test_cli_options import run_main

    for argv, fast in ((["ingest", "a\x00b"], True), (["search", "--queries", "[\x00a"], True),
                       (["init", "a\x00b"], False)):
        rc, _, err, typer_loaded = run_main(["--home", str(home.root), *argv])
        assert rc == 2 and typer_loaded is not fast, (argv, err)
        assert "Error: " in err and "unexpected" not in err, err


def _run_program(root, *argv):
    """The executable's entry (`holonmem.cli:program`) in a fresh interpreter, with an object
    whose finalizer writes TEARDOWN on stderr when the interpreter tears its modules down."""
    code = ("import sys\n"
            "class Canary:\n"
            "    def __del__(self):\n"
            "        sys.stderr.write('TEARDOWN')\n"
            "sys.modules['__main__'].canary = Canary()\n"
            "from holonmem.cli import program\n"
            "sys.argv = ['holonmem'] + sys.argv[1:]\n"
            "program()\n")
    return subprocess.run([sys.executable, "-c", code, "--home", str(root), *argv], capture_output=True, text=True,
                          timeout=60)


def test_the_executable_ends_a_per_turn_command_without_teardown_and_keeps_its_output(sample_home):
    import json

    p = _run_program(sample_home.root, "search", "pytest", "--json")
    assert p.returncode == 0, p.stderr
    assert isinstance(json.loads(p.stdout), list)  # the whole output was flushed before the end
    assert "TEARDOWN" not in p.stderr
    # an error still exits the ordinary way, with its message and code
    p = _run_program(sample_home.root, "search", "")
    assert p.returncode == 2 and "nothing to search for" in p.stderr and "TEARDOWN" in p.stderr
    # a command that is not on the per-turn path ends as usual
    p = _run_program(sample_home.root, "status")
    assert p.returncode == 0 and "TEARDOWN" in p.stderr


def test_under_a_profiler_the_executable_exits_the_usual_way_so_the_profile_is_written(sample_home, tmp_path):
    import pstats

    out = tmp_path / "search.prof"
    code = ("import sys\nfrom holonmem.cli import program\nsys.argv = ['holonmem'] + sys.argv[1:]\nprogram()\n")
    script = tmp_path / "run.py"
    script.write_text(code)
    p = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), str(script), "--home", str(sample_home.root),
                        "search", "pytest", "--json"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert pstats.Stats(str(out)).total_calls > 0


def test_the_executable_loads_pathlib_without_urllib_and_as_uri_still_works(sample_home):
    """cli.program imports pathlib while a stand-in answers its urllib.parse import (~5 ms a
    turn); a per-turn command then runs without urllib.parse, and Path.as_uri loads it."""
    probe = (
        "import sys, io, contextlib\n"
        f"sys.argv = ['holonmem', '--home', {str(sample_home.root)!r}, 'context', '--project', 'invoicer']\n"
        "import holonmem.cli as cli\n"
        "cli._exit_now = lambda code: sys.exit(code)\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    try:\n"
        "        cli.program()\n"
        "    except SystemExit:\n"
        "        pass\n"
        "loaded = 'urllib.parse' in sys.modules\n"
        "import pathlib\n"
        "uri = pathlib.Path('/tmp/a b').as_uri()\n"
        "import urllib.parse\n"
        "print(loaded, uri, urllib.parse.quote('a b'), out.getvalue().startswith('<holonmem-context'))\n"
    )
    p = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.split() == ["False", "file:///tmp/a%20b", "a%20b", "True"]


def test_the_launcher_is_program_and_imports_nothing_else():
    """bin/holonmem (the executable pip installs, pyproject's script-files) calls
    holonmem.cli.program and imports only sys: a generated console script imports re
    first, a cost on every turn the turn server answers."""
    import ast
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    launcher = root / "bin" / "holonmem"
    assert "bin/holonmem" in tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["script-files"]
    tree = ast.parse(launcher.read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {f"{n.module}.{a.name}" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    assert imported == {"sys", "holonmem.cli.program"}
    p = subprocess.run([sys.executable, str(launcher), "--version"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.startswith("holonmem ")
