"""holonmem.rxcache: patterns from the stored code are the patterns ``re`` compiles."""

from __future__ import annotations

import marshal
import re
import sys

import pytest

from holonmem import redact, rxcache, tokens

TEXTS = ["", "hello world", "password=hunter2 and token: ghp_" + "a" * 36, "密码是 Jb!harbor2026，卡号 4111 1111 1111 1111",
         "AKIAABCDEFGHIJKLMNOP x\nsecond line\n\n\nthird", "北京4天行程 午睡 ruff check", "x" * 300 + "sk-" + "b" * 40]


def _patterns():
    out = [(r"(?P<word>\w+)\s+(?P=word)", 0), (r"^\s*(hi|hello)\b", re.I | re.M), (r"a.c", re.S), (rb"[\x80-\xff]+", 0),
           (redact._trie_pattern(redact._GLOBAL_LOWER), 0), (redact._trie_pattern(redact._GLOBAL_CJK), 0),
           (redact._trie_pattern(redact._GLOBAL_CASED), 0), (tokens.utf8_class(((0x3400, 0x9FFF),)), 0)]
    out += [(r.source, r.flags) for r in redact.RULES if r.source]
    return out


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """The cache on a file of its own, writable, empty."""
    monkeypatch.setattr(rxcache, "PATH", str(tmp_path / "__pycache__" / "rx.test.marshal"))
    monkeypatch.setattr(rxcache, "_codes", None)
    monkeypatch.setattr(rxcache, "_added", {})
    monkeypatch.setattr(rxcache, "_saving", True)  # no atexit registration from the tests
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return tmp_path


def _same(a: re.Pattern, b: re.Pattern, texts) -> None:
    assert (a.pattern, a.flags, a.groups, a.groupindex) == (b.pattern, b.flags, b.groups, b.groupindex)
    for t in texts:
        t = t.encode("utf-8") if isinstance(a.pattern, bytes) else t
        assert [m.span() for m in a.finditer(t)] == [m.span() for m in b.finditer(t)]
        assert [m.groups() for m in a.finditer(t)] == [m.groups() for m in b.finditer(t)]
        rep = b"<\\g<0>>" if isinstance(t, bytes) else "<\\g<0>>"
        assert a.sub(rep, t) == b.sub(rep, t)


def test_patterns_from_the_stored_code_match_as_re_compiles_them(fresh, monkeypatch):
    pats = _patterns()
    first = [rxcache.compile(p, f) for p, f in pats]  # compiled and kept
    rxcache.save()
    assert (fresh / "__pycache__" / "rx.test.marshal").is_file()
    monkeypatch.setattr(rxcache, "_codes", None)  # a new process: everything from the file

    def no_compiling(*a):
        raise AssertionError("compiled again though the file holds it")

    monkeypatch.setattr(rxcache, "_entry", no_compiling)
    for (p, f), a in zip(pats, first):
        b = rxcache.compile(p, f)
        want = re.compile(p, f)
        _same(a, want, TEXTS)
        _same(b, want, TEXTS)


def test_a_file_of_another_interpreter_or_a_broken_one_is_ignored(fresh, monkeypatch):
    path = fresh / "__pycache__" / "rx.test.marshal"
    path.parent.mkdir()
    bogus = {("a+", 0): (0, b"\0\0\0\0", 0, {}, ())}  # code that would not even run
    for data in (marshal.dumps(((0, 0, 0), bogus)), b"not marshal at all", marshal.dumps([1, 2]),
                 marshal.dumps((rxcache._KEY, bogus)), marshal.dumps((rxcache._KEY, {("a+", 0): (0, None)}))):
        path.write_bytes(data)
        monkeypatch.setattr(rxcache, "_codes", None)
        _same(rxcache.compile("a+"), re.compile("a+"), ["caaab"])
    rxcache.save()  # replaced by a file of this interpreter
    monkeypatch.setattr(rxcache, "_codes", None)
    assert ("a+", 0) in rxcache._load()


def test_nothing_is_written_when_bytecode_is_not(fresh, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    rxcache.compile(r"\bnot kept\b")
    rxcache.save()
    assert not (fresh / "__pycache__").exists()


def test_install_keeps_source_patterns_and_never_one_built_from_input(fresh, monkeypatch):
    from re import _compiler

    monkeypatch.setattr(_compiler, "compile", _compiler.compile)  # restored after the test
    monkeypatch.setattr(rxcache, "_original", None)
    rxcache.install()
    re.purge()
    exec(compile("import re\nTOP = re.compile(r'top-level (\\d+)')\n", "<mod>", "exec"), {})

    def literal(line):
        return re.match(r"^literal: (\w+)$", line)

    def built(word):
        return re.search(r"\b" + re.escape(word) + r"\b", "a secret-word here")

    assert literal("literal: yes").group(1) == "yes"
    assert built("secret-word") is not None
    kept = {p for p, _f in rxcache._added}
    assert r"top-level (\d+)" in kept and r"^literal: (\w+)$" in kept
    assert not any("secret" in p for p in kept if isinstance(p, str))
    re.purge()


def test_the_written_out_prefilters_are_what_the_clue_lists_make():
    """redact's three prefilter patterns are written in source (building them took ~1-5 ms a
    turn): they must be exactly what _trie_pattern makes of the clue lists as they are now.
    After changing a list, print the new ones with _trie_pattern and paste them."""
    assert redact._CLUE_SRC == redact._trie_pattern(redact._GLOBAL_LOWER)
    assert redact._CASED_SRC == redact._trie_pattern(redact._GLOBAL_CASED)
    assert redact._CJK_SRC == redact._trie_pattern(redact._GLOBAL_CJK)


def test_record_inits_are_compiled_once_and_behave_as_compiled(fresh, monkeypatch):
    """holonmem.records' generated __init__ comes from rxcache.source_code: kept in the file,
    the same code a compile gives, and a record made from it behaves as one made fresh."""
    from holonmem import records

    def make():
        @records.dataclass
        class Pair:
            a: int
            b: str = "x"

        return Pair

    src = "def __init__(self, a, b=_d_b):\n    self.a = a\n    self.b = b\n"
    code = rxcache.source_code(src)
    assert code == compile(src, "<string>", "exec")
    make()
    rxcache.save()
    monkeypatch.setattr(rxcache, "_codes", None)  # a new process: from the file
    monkeypatch.setattr(rxcache, "builtins_compile", lambda *a: (_ for _ in ()).throw(AssertionError("compiled again")))
    assert rxcache.source_code(src) == code
    Pair = make()
    assert Pair(1) == Pair(1, "x") and Pair(2, "y").b == "y" and repr(Pair(1)).endswith("Pair(a=1, b='x')")


_TURN = """
import atexit, sys
from re import _compiler
from holonmem import rxcache
rxcache.PATH, report_to = sys.argv[1], sys.argv[2]  # the test's own file (install() names it after the command)
sys.dont_write_bytecode = False
compiled = []
original = _compiler.compile
def counting(p, flags=0):
    compiled.append(p)
    return original(p, flags)
_compiler.compile = counting  # what install() falls back to: a pattern re compiles
def report():
    with open(report_to, "w", encoding="utf-8") as fh:
        fh.write(repr(compiled))
atexit.register(report)  # runs after rxcache's save (registered later), before the process ends
sys.argv = ["holonmem", *sys.argv[3:]]
from holonmem.cli import program
program()
"""


@pytest.mark.parametrize("turn", ["context", "prompt"])
def test_a_turn_compiles_no_pattern_once_the_cache_holds_them(dreamed_sample_home, tmp_path, turn):
    """A context turn or a prompt hook, run by the executable the second time, finds every pattern
    it uses in the cache: none is compiled by ``re`` (signal_rules' chitchat patterns were, on
    every turn: their lazy proxy called re.compile with a pattern that is no constant of its code)."""
    import ast
    import json
    import subprocess

    home = str(dreamed_sample_home.root)
    rx = str(tmp_path / "rx.test.marshal")
    compiled = []
    for i in range(2):
        out = tmp_path / f"compiled{i}.txt"
        if turn == "context":
            argv, stdin = ["--home", home, "context", "--project", "invoicer", "--task", "hi, fix the 发票 rounding test"], None
        else:
            argv, stdin = ["--home", home, "hook", "claude"], json.dumps(
                {"session_id": "s1", "cwd": "/src/invoicer", "hook_event_name": "UserPromptSubmit",
                 "prompt": f"thanks! now fix the rounding test, attempt {i} 第{i}次"}, ensure_ascii=False)
        p = subprocess.run([sys.executable, "-c", _TURN, rx, str(out), *argv], input=stdin, capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        compiled.append(ast.literal_eval(out.read_text(encoding="utf-8")))
    assert compiled[1] == [], compiled[0]  # the first turn kept them (it may also build the memory catalog)
