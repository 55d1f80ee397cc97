"""Layer rules from docs/ARCHITECTURE.md, checked by scanning imports."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "holonmem"
HEAVY = {"rich", "ruamel", "frontmatter", "whoosh", "yaml"}


def _imports(path: Path):
    """(module root, is_top_level) for every import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set()
    for node in tree.body:
        top.add(id(node))
        if isinstance(node, (ast.If, ast.Try)):
            for sub in ast.walk(node):
                top.add(id(sub))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name.split(".")[0], id(node) in top
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module.split(".")[0], id(node) in top


def modules():
    return sorted(p for p in PKG.rglob("*.py"))


def test_nobody_imports_click():
    for p in modules():
        assert "click" not in {m for m, _ in _imports(p)}, p


def test_typer_and_rich_only_in_cli():
    for p in modules():
        if "cli" in p.relative_to(PKG).parts:
            continue
        found = {m for m, _ in _imports(p)} & {"typer", "rich"}
        assert not found, f"{p.relative_to(PKG)} imports {found}"


def test_whoosh_only_behind_index_modules():
    for p in modules():
        if p.name in ("index.py", "index_query.py", "analysis.py") and p.parent == PKG:
            continue
        if p.name == "textterms.py" and p.parent == PKG:
            # the analyzer's terms without whoosh objects: only the pure-Python stemmer
            full = {n.module for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
                    if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("whoosh")}
            assert full == {"whoosh.lang.porter2"}, full
            continue
        assert "whoosh" not in {m for m, _ in _imports(p)}, p


def test_heavy_imports_are_lazy():
    """No module imports rich/ruamel/frontmatter/whoosh at import time
    (analysis.py is the exception: Whoosh unpickles the analyzer from it)."""
    for p in modules():
        if p.name == "analysis.py" and p.parent == PKG:
            continue
        eager = {m for m, top in _imports(p) if top} & HEAVY
        assert not eager, f"{p.relative_to(PKG)} imports {eager} at module level"


def test_cli_command_modules_import_only_light_things_at_top():
    for p in (PKG / "cli").glob("*.py"):
        eager = {m for m, top in _imports(p) if top} - {"typer", "__future__", "sys", "os", "json", "pathlib", "typing",
                                                          "functools", "importlib", "enum", "datetime", "dataclasses", "time", "re"}
        assert not eager, f"{p.name} imports {eager} at module level"
