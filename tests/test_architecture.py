"""Layer rules from docs/ARCHITECTURE.md, checked by scanning imports."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "holonmem"
HEAVY = {"rich", "ruamel", "frontmatter", "whoosh", "yaml"}


@functools.lru_cache(maxsize=None)
def _tree(path: Path) -> ast.Module:
    """The parsed file, once per run: every test scans the whole package (parsing it is ~1 s)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def _nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file (``ast.walk``), once per run."""
    return tuple(ast.walk(_tree(path)))


def _imports(path: Path):
    """(module root, is_top_level) for every import in the file."""
    tree = _tree(path)
    top = set()
    for node in tree.body:
        top.add(id(node))
        if isinstance(node, (ast.If, ast.Try)):
            for sub in ast.walk(node):
                top.add(id(sub))
    for node in _nodes(path):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name.split(".")[0], id(node) in top
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module.split(".")[0], id(node) in top


def modules():
    return sorted(p for p in PKG.rglob("*.py"))


def test_only_mcp_server_imports_the_sdk_and_only_inside_a_function():
    """(the MCP server's rule, here where the package is parsed once, not in test_mcp.py's worker too)"""
    for p in modules():
        found = [top for m, top in _imports(p) if m in ("mcp", "mcp_types")]
        if p == PKG / "mcp_server.py":
            assert found and not any(found), "mcp_server.py must import the SDK lazily"
        else:
            assert not found, f"{p.relative_to(PKG)} imports the MCP SDK"


def test_only_the_web_package_imports_jinja2_and_only_inside_functions():
    """(the review page's rule, here where the package is parsed once, not in test_serve.py's worker too)"""
    for p in modules():
        found = [top for m, top in _imports(p) if m == "jinja2"]
        if found:
            assert p.parent == PKG / "web", f"{p.relative_to(PKG)} imports jinja2"
            assert not any(found), f"{p.relative_to(PKG)} imports jinja2 at module level"


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
            full = {n.module for n in _nodes(p)
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
                                                          "functools", "importlib", "enum", "datetime", "dataclasses", "time", "re",
                                                          "collections"}
        assert not eager, f"{p.name} imports {eager} at module level"


# -- the package's own imports (lazy ones and those under TYPE_CHECKING included) -----------

def module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in modules()}


def _from_base(node: ast.ImportFrom, pkg: str) -> str:
    """The absolute module a ``from … import`` reads from, its dots resolved against ``pkg``."""
    base = node.module or ""
    if node.level:
        up = pkg.split(".")
        up = up[: len(up) - (node.level - 1)] if node.level > 1 else up
        base = ".".join(up + ([base] if base else []))
    return base


def _own_imports(path: Path) -> list[tuple[str, str | None, int]]:
    """``(holonmem module, imported name or None, line)`` for every import of a module of the
    package anywhere in ``path`` (``from .x import y`` gives ``(holonmem.x, "y")``, or
    ``(holonmem.x.y, None)`` when ``y`` is itself a module)."""
    me = module_name(path)
    pkg = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = []
    for node in _nodes(path):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "holonmem":
                    out.append((a.name, None, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            base = _from_base(node, pkg)
            if base.split(".")[0] != "holonmem":
                continue
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.append((sub, None, node.lineno) if sub in MODULES else (base, a.name, node.lineno))
    return out


def _owner(name: str) -> str | None:
    """The module of the package that ``name`` (a dotted module path) is or lies in."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(mods: dict[str, Path] | None = None) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (the package itself, ``holonmem``, left out)."""
    mods = MODULES if mods is None else mods
    graph: dict[str, set[str]] = {}
    for me, path in mods.items():
        deps = set()
        for target, _, _ in _own_imports(path):
            mod = _owner(target)
            if mod and mod != me and not me.startswith(mod + ".") and mod != "holonmem":
                deps.add(mod)
        graph[me] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_cycle_finder_finds_a_cycle_through_a_lazy_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles():
    found = cycles(import_graph())
    assert not found, "import cycles (move the shared name to the module that owns it):\n" + \
        "\n".join(" <-> ".join(c) for c in found)


# Private names still used across modules in files this rule does not own yet, each to be made
# public in its owner (issue 22); an entry that no longer occurs fails the test below, so the list only shrinks.
PENDING_PRIVATE = {
    ("holonmem.formats.codex_hook", "holonmem.formats.claude_hook._HOOK_KEY"),
}


def _private_uses() -> set[tuple[str, str, int]]:
    """``(module, owner.name, line)`` for every ``_name`` a module takes from another module of the
    package: ``from .x import _y``, and ``x._y`` on a module bound by ``from . import x`` or
    ``import holonmem.x as x``."""
    found = set()
    for me, path in MODULES.items():
        pkg = me if path.name == "__init__.py" else me.rpartition(".")[0]
        aliases: dict[str, str] = {}
        for node in _nodes(path):
            if isinstance(node, ast.ImportFrom):
                base = _from_base(node, pkg)
                if base.split(".")[0] != "holonmem":
                    continue
                for a in node.names:
                    if f"{base}.{a.name}" in MODULES:
                        aliases[a.asname or a.name] = f"{base}.{a.name}"
                    elif a.name.startswith("_") and not a.name.startswith("__") and base != me:
                        found.add((me, f"{base}.{a.name}", node.lineno))
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("holonmem.") and a.asname:
                        aliases[a.asname] = a.name
        for node in _nodes(path):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                    and node.attr.startswith("_") and not node.attr.startswith("__")
                    and aliases[node.value.id] != me):
                found.add((me, f"{aliases[node.value.id]}.{node.attr}", node.lineno))
    return found


def test_no_private_names_across_modules():
    uses = _private_uses()
    bad = sorted(u for u in uses if (u[0], u[1]) not in PENDING_PRIVATE)
    assert not bad, "private names used outside their module (make them public in the owner, or move them):\n" + \
        "\n".join(f"{m} line {line}: {name}" for m, name, line in bad)
    stale = PENDING_PRIVATE - {(m, name) for m, name, _ in uses}
    assert not stale, f"no longer used, remove from PENDING_PRIVATE: {sorted(stale)}"


# The layer map (docs/ARCHITECTURE.md "Layers"): a module may import modules of its own layer
# or of a lower one, never of a higher one. Every module of the package has a layer.
LAYERS: dict[str, tuple[str, ...]] = {
    # 0: pure building blocks, no I/O of their own and nothing of holonmem above them
    "base": ("errors", "records", "gcpause", "fswatch", "digest", "rxcache", "jsonline", "ranking", "textterms", "tokens", "redact", "attribution",
             "projects", "frontmatter", "slots", "grouping", "utterance", "analysis"),
    # 1: the home and its plain files
    "home": ("home", "fsio", "locks", "sqlitedb", "journal", "layout", "config", "memory_index", "signalstore",
             "context_state"),
    # 2: the records and stores of one concept each, and the pure models built on them
    "model": ("events", "idindex", "ledger", "episodes", "memory", "notes", "signal_model", "signal_rules", "lessons",
              "intent", "context", "context_render", "work", "doctor_model", "formats", "formats.*"),
    # 3: what reads and writes across concepts: the pipeline, the indexes, context building, checks
    "engine": ("episode_build", "signals", "consolidate", "index_docs", "index", "index_query", "search",
               "episode_catalog", "memory_catalog", "dream", "dream_apply", "curate", "review", "refs", "status",
               "heartbeat", "ingest", "ingest_parallel", "context_sources", "context_build", "context_days",
               "context_tail", "doctor",
               "doctor_checks", "doctor_fix", "sync", "sync_git", "sync_merge", "sync_run"),
    # 4: the front ends nothing else imports
    "front": ("holonmem", "__main__", "cli", "cli.*", "hooks", "mcp_server", "web", "web.*"),
}
ORDER = list(LAYERS)


def layer_of(module: str) -> str | None:
    short = module.removeprefix("holonmem.") if module != "holonmem" else "holonmem"
    for layer, names in LAYERS.items():
        for n in names:
            if short == n or (n.endswith(".*") and short.startswith(n[:-1])):
                return layer
    return None


def test_every_module_has_a_layer():
    missing = sorted(m for m in MODULES if layer_of(m) is None)
    assert not missing, f"give these modules a layer in LAYERS (and docs/ARCHITECTURE.md): {missing}"


def test_no_module_imports_a_higher_layer():
    bad = []
    for me, deps in import_graph().items():
        mine = layer_of(me)
        for d in sorted(deps):
            theirs = layer_of(d)
            if mine and theirs and ORDER.index(theirs) > ORDER.index(mine):
                bad.append(f"{me} ({mine}) imports {d} ({theirs})")
    assert not bad, "imports against the layer map:\n" + "\n".join(bad)


def test_the_layer_map_is_the_documented_one():
    doc = (PKG.parent / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for layer, names in LAYERS.items():
        line = next((ln for ln in doc.splitlines() if ln.startswith(f"| {layer} |")), None)
        assert line is not None, f"docs/ARCHITECTURE.md has no row for layer {layer!r}"
        documented = set(re.findall(r"`([\w.*]+)`", line))
        assert documented == set(names), (layer, sorted(documented ^ set(names)))


def test_the_per_turn_path_does_not_load_openssl(tmp_path):
    """Event ids and file checksums come from holonmem.digest (CPython's own sha256/sha1, the
    same digests as hashlib's) so that a hook turn does not load OpenSSL (~3.5 ms)."""
    import hashlib
    import subprocess
    import sys

    from holonmem import digest

    for data in (b"", b"route_checker", "北京".encode()):
        assert digest.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
        assert digest.sha1(data).hexdigest() == hashlib.sha1(data).hexdigest()
    home = tmp_path / "home"
    subprocess.run([sys.executable, "-m", "holonmem", "init", str(home)], check=True, capture_output=True)
    code = ("import sys\nfrom holonmem.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('\\n@@' + str(sorted(m for m in ('hashlib', '_hashlib') if m in sys.modules)))\n")
    payload = '{"session_id": "s1", "cwd": "/src/invoicer", "hook_event_name": "PostToolUse", "tool_name": "Bash", ' \
              '"tool_input": {"command": "ls"}, "tool_response": {"stdout": "ok"}}'
    p = subprocess.run([sys.executable, "-c", code, "hook", "claude", "--home", str(home)], input=payload,
                       capture_output=True, text=True, timeout=60)
    assert p.stderr.rpartition("\n@@")[2] == "[]", p.stderr
    assert (home / "ledger").exists() and any((home / "ledger").glob("*.jsonl"))
