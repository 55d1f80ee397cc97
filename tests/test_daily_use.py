"""Issue 23: daily use without surprises. Each test runs the real CLI as a
subprocess on real files in tmp_path."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _one_error(r) -> None:
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 2 and lines[0].startswith("Error: ") and lines[1].startswith("Hint: "), r.stderr
    assert "╭" not in r.stderr and "Traceback" not in r.stderr


# -- item 10: usage errors are one Error: line, a Hint:, exit 2 ---------------------------

@pytest.mark.parametrize("argv, says", [
    (["context", "--budget", "abc"], "--budget"),
    (["bogus"], "no such command 'bogus'"),
    (["journal", "--last", "-1"], "--last"),
    (["hook", "bogus"], "no such command"),
    (["search", "x", "--limit", "many"], "--limit"),
    (["status", "--wat"], "no such option: --wat"),
])
def test_usage_errors_are_one_line_with_a_hint(home, hm, argv, says):
    r = hm("--home", home.root, *argv)
    assert r.exit_code == 2, r
    _one_error(r)
    assert says in r.stderr and "--help" in r.stderr.splitlines()[1]
    assert r.stdout == ""


def test_help_and_bare_command_still_work(hm):
    r = hm("status", "--help")
    assert r.exit_code == 0 and "Usage" in r.stdout
    r = hm()
    assert r.exit_code == 2 and "Usage" in r.stdout and "Error" not in r.stderr
