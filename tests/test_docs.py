"""Every command has help text, a README section, and the README's promises hold."""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

from holonmem.cli import get_app

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _commands():
    group = typer.main.get_command(get_app())
    return group.commands


def test_every_command_has_help_and_a_readme_section():
    cmds = _commands()
    assert {"init", "ingest", "status", "consolidate", "dream", "search", "get", "index", "context",
            "work", "heartbeat", "hook", "remember", "forget", "restore", "review", "promote", "reject",
            "journal", "doctor"} <= set(cmds)
    for name, cmd in cmds.items():
        assert (cmd.help or "").strip(), f"{name} has no help text"
        assert f"### `holonmem {name}`" in README, f"README has no section for {name}"
        for p in cmd.params:
            if p.param_type_name == "option":
                assert (getattr(p, "help", None) or "").strip(), f"{name} {p.opts} has no help text"


def test_readme_shows_the_two_commands_and_ci_runs_the_test_one():
    assert "make demo" in README and "make test" in README
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, re.M)
    make = (ROOT / "Makefile").read_text()
    assert re.search(r"^demo: install$", make, re.M) and re.search(r"^test: install$", make, re.M)


def test_readme_links_exist():
    for link in re.findall(r"\]\(((?:docs|bench)/[^)#]+)\)", README):
        assert (ROOT / link).exists(), link


def test_context_doc_names_the_budget_minimum():
    """docs/context.md says what a too small --budget does, in the words the command prints."""
    from holonmem.context import Context, assemble

    doc = (ROOT / "docs" / "context.md").read_text(encoding="utf-8")
    ctx = assemble(Context(project="invoicer", session=None, task=None, now="2026-06-25", budget=10,
                           sections=[], order=(), warnings=[]))
    warning = ctx.warnings[0]
    assert warning.startswith("--budget 10 is below the minimum for this block (")
    assert "is below the minimum for this block (" in doc and "raised to" in doc
    n = int(re.search(r"\((\d+) tokens", warning).group(1))
    assert abs(n - 110) <= 15, n  # the doc's "about 110"


def test_no_doc_shows_a_bare_holonmem_crontab_line():
    """cron runs with PATH=/usr/bin:/bin: a crontab line must name holonmem by absolute path
    (what `holonmem cron` prints), in the README and docs alike."""
    schedule = re.compile(r"^\s*`?[\d*/,\-]+ [\d*/,\-]+ [\d*/,\-]+ [\d*/,\-]+ [\d*/,\-]+ (\S+)", re.M)
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for m in schedule.finditer(path.read_text(encoding="utf-8")):
            assert m.group(1).startswith("/"), f"{path.name}: {m.group(0)}"
    assert "holonmem cron" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "holonmem cron" in (ROOT / "docs" / "clients.md").read_text(encoding="utf-8")


def test_context_settings_in_the_docs_are_the_codes_defaults():
    """continue_hours is named with its default in README and docs/context.md (item 12)."""
    from holonmem.context_build import CONTINUE_HOURS

    for path in (ROOT / "README.md", ROOT / "docs" / "context.md"):
        text = path.read_text(encoding="utf-8")
        assert re.search(rf"^continue_hours = {CONTINUE_HOURS}\b", text, re.M), path.name
    assert "### Sessions: continuing or new" in (ROOT / "docs" / "context.md").read_text(encoding="utf-8")


def test_the_command_reference_is_what_the_commands_print():
    """docs/cli.md is `python -m holonmem.cli.docgen` (regenerate it after changing a command's help)."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "FORCE_COLOR")}
    p = subprocess.run([sys.executable, "-m", "holonmem.cli.docgen"], capture_output=True, text=True, env=env,
                       cwd=ROOT, timeout=120)
    assert p.returncode == 0, p.stderr
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert p.stdout == doc, "docs/cli.md is out of date: run python -m holonmem.cli.docgen > docs/cli.md"
    for name in _commands():
        assert f"## `holonmem {name}`" in doc, name
    assert "[docs/cli.md](docs/cli.md)" in README
