"""The typer-free `search` fast path: same options, byte-identical output."""

from __future__ import annotations

import json
import sys

import pytest

from holonmem.cli import fast_search
from holonmem.cli.fast import resolve
from holonmem.cli.options import SEARCH, parse


@pytest.fixture()
def indexed(indexed_sample_home):
    """The sample home with its index built (a copy of one built once per worker)."""
    return indexed_sample_home


def test_search_is_a_fast_command():
    assert resolve("search") is fast_search.run


@pytest.mark.parametrize("argv", [
    ["路线检查", "--json"],
    ["route checker", "--limit", "3"],
    ["--kind", "memory", "--kind=note", "invoice rounding", "-n", "2", "--json"],
    ["deploy", "--project", "invoicer", "--since", "2020-01-01", "--all", "--json"],
])
def test_fast_path_output_equals_the_typer_command(indexed, cli, hm, argv):
    fast = hm("--home", indexed.root, "search", *argv)
    slow = cli("--home", str(indexed.root), "search", *argv)
    assert fast.exit_code == slow.exit_code == 0, (fast, slow)
    assert fast.stdout == slow.stdout
    assert fast.stdout.strip()


def test_fast_path_does_not_import_typer(indexed, hm):
    code = ("import sys; from holonmem.cli import main\n"
            "try:\n    main(['--home', sys.argv[1], 'search', 'route', '--json'])\n"
            "except SystemExit:\n    pass\n"
            "sys.stderr.write('TYPER' if 'typer' in sys.modules else 'NOTYPER')")
    import subprocess

    r = subprocess.run([sys.executable, "-c", code, str(indexed.root)], capture_output=True, text=True, timeout=60)
    assert r.stderr.endswith("NOTYPER"), r.stderr
    assert json.loads(r.stdout)


@pytest.mark.parametrize("argv", [
    ["a", "b"],  # a second positional argument
    ["x", "--limit", "0"],
    ["x", "--limit", "many"],
    ["x", "--bogus"],
    ["x", "--json=yes"],
    ["--limit"],
])
def test_parser_leaves_what_it_cannot_parse_to_typer(argv):
    assert parse(SEARCH, argv) is None


def test_parser_reads_every_option():
    got = parse(SEARCH, ["q", "--project=p", "--kind", "memory", "--kind", "note", "--session", "s",
                             "--since", "7d", "--until=2026-01-01", "-n", "4", "--all", "--json", "--home", "H"])
    assert got == {"query": "q", "project": "p", "kind": ["memory", "note"], "session": "s", "since": "7d",
                   "until": "2026-01-01", "limit": 4, "all_": True, "json_out": True, "home": "H", "queries": None}


def test_bad_input_gives_the_same_errors(indexed, cli, hm):
    for argv in (["x", "--limit", "0"], ["--json"], ["x", "--kind", "bogus"]):
        fast = hm("--home", indexed.root, "search", *argv)
        slow = cli("--home", str(indexed.root), "search", *argv)
        assert fast.exit_code == slow.exit_code != 0, (argv, fast, slow)
        assert fast.stdout == slow.stdout == ""
