"""The per-turn commands take the same options on the typer-free fast path and through typer.

``ingest``, ``search``, ``context`` and ``hook <client>`` are answered by the fast
parser (cli/options.py) on every agent turn and by the typer command for
``--help``, the in-process runner and whatever the fast parser gives up on. For
each command this compares the two: option names, values (``--opt v``,
``--opt=v``, bad numbers, minimums), repeats, flags, positionals, defaults, and
which ``--home`` wins. A command line the fast parser accepts must mean the same
to click; one click refuses, the fast parser must hand to typer (hooks: ignore,
with a note, and still exit 0).
"""

from __future__ import annotations

import functools
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings, strategies as st

from holonmem.cli import get_app
from holonmem.cli.fast import resolve
from holonmem.cli.options import TABLES, parse
from holonmem.formats import CLIENTS

# command path -> the option table its fast path parses with
COMMANDS = {("ingest",): "ingest", ("search",): "search", ("context",): "context",
            **{("hook", c): "hook" for c in CLIENTS}}


@functools.lru_cache(maxsize=1)
def _root_command():
    """typer's click tree, built once (parsing makes a new context each time; the tree is not changed)."""
    return typer.main.get_command(get_app())


def click_command(path: tuple[str, ...]):
    cmd = _root_command()
    for name in path:
        cmd = cmd.commands[name]
    return cmd


def click_parse(path: tuple[str, ...], argv: list[str]) -> dict | None:
    """What click makes of ``argv`` (ctx.params), or None when it refuses it (a usage error)."""
    from holonmem.cli.cmd_hook import FailOpenCommand

    cmd = click_command(path)
    root = click_command(())
    # the hook commands' own parse_args hands the arguments to the fast parser: ask click's
    parse_args = super(FailOpenCommand, cmd).parse_args if isinstance(cmd, FailOpenCommand) else cmd.parse_args
    ctx = cmd.context_class(cmd, info_name=path[-1], parent=root.context_class(root, info_name="holonmem"))
    try:
        parse_args(ctx, list(argv))
    except Exception as exc:  # typer's own copy of click: its usage errors, duck-typed
        if getattr(exc, "exit_code", None) == 2 and hasattr(exc, "format_message"):
            return None
        raise
    paths = {p.name for p in cmd.params if p.type.name == "path"}  # typer makes these Path objects
    return {k: (None if v is None else [Path(x) for x in v] if isinstance(v, tuple) else Path(v)) if k in paths else v
            for k, v in ctx.params.items()}


def normal(params: dict) -> dict:
    """Values compared as typer hands them to the command: tuples as lists, none as None, paths as text."""
    out = {}
    for k, v in params.items():
        if isinstance(v, (tuple, list)):
            v = [str(x) if isinstance(x, Path) else x for x in v] or None
        elif isinstance(v, Path):
            v = str(v)
        out[k] = v
    return out


def options_of(cmd) -> dict[str, object]:
    """click's option names -> the click parameter (--help left out)."""
    return {name: p for p in cmd.params if p.param_type_name == "option" and p.name != "help"
            for name in (*p.opts, *p.secondary_opts)}


def is_int(p) -> bool:
    return p.type.name.startswith("int")  # "int", "int range" (typer's click), "integer" (click's)


def sample(p, n: int = 1) -> str:
    if is_int(p):
        return str((getattr(p.type, "min", None) or 0) + 6 + n)
    if p.type.name == "path":
        return f"some/file{n}.jsonl"
    return f"value-{n}"


def forms(cmd) -> list[list[str]]:
    """Command lines that exercise every option: each name, both value forms, repeats, bad values."""
    out: list[list[str]] = [[]]
    for name, p in options_of(cmd).items():
        if p.is_flag:
            out += [[name], [name, name], [f"{name}=1"] if name.startswith("--") else [name]]
            continue
        out += [[name, sample(p)], [name, sample(p), name, sample(p, 2)], [name]]
        if name.startswith("--"):
            out.append([f"{name}={sample(p)}"])
        if is_int(p):
            low = getattr(p.type, "min", None)
            out += [[name, "many"], [name, "-3"], [name, "0"], [name, " 12"], [name, "1_0"]]
            out += [[name, str(low - 1)]] if low is not None else []
    for p in cmd.params:
        if p.param_type_name == "argument":
            out += [["a1"], ["a1", "a2"], ["-"], ["-x"]]
    return out


# what the fast parser may leave to typer even where click accepts it (typer then answers)
LEFT_TO_TYPER = (["a1", "--", "a2"], ["--", "-x"])


@pytest.mark.parametrize("path", list(COMMANDS), ids=" ".join)
def test_option_names_repeats_and_defaults_agree(path):
    table, cmd = TABLES[COMMANDS[path]], click_command(path)
    assert set(options_of(cmd)) == set(table.by_name), "typer and the fast path offer different options"
    for name, p in options_of(cmd).items():
        o = table.by_name[name]
        assert o.dest == p.name, name
        assert (o.type is bool) == bool(p.is_flag), f"{name}: a flag on one path only"
        assert o.repeat == bool(p.multiple), f"{name}: repeatable on one path only"
    args = [p for p in cmd.params if p.param_type_name == "argument"]
    assert [(a.name, a.nargs == -1) for a in args] == [(a.dest, a.many) for a in table.args]
    assert normal(parse(table, [], [])) == normal(click_parse(path, [])), "the defaults differ"


@pytest.mark.parametrize("path", list(COMMANDS), ids=" ".join)
def test_every_form_means_the_same_on_both_paths(path):
    table = TABLES[COMMANDS[path]]
    for argv in forms(click_command(path)):
        notes: list[str] = []
        fast, slow = parse(table, argv, notes), click_parse(path, argv)
        if slow is None:
            if table.lenient:  # hooks fail open: ignored with a note, never refused
                assert fast is not None and notes, argv
            else:
                assert fast is None, f"click refuses {argv} but the fast path takes it as {fast}"
            continue
        assert fast is not None, f"click takes {argv} but the fast path gives up"
        assert normal(fast) == normal(slow), (argv, fast, slow)
        assert not notes, (argv, notes)
    for argv in LEFT_TO_TYPER:
        fast = parse(table, argv, [])
        assert table.lenient or fast is None, argv


WORDS = sorted({n for t in TABLES.values() for n in t.by_name} | {"--bogus", "-h2", "--", "-", "x", "7", "0", "-1",
                                                                   "many", "a=b", "--home=", "--json=1", ""})


def _random_lines(n: int):
    def deco(f):
        f = given(path=st.sampled_from(list(COMMANDS)), argv=st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=6))(f)
        return settings(max_examples=n, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])(f)
    return deco


@_random_lines(60)
def test_random_command_lines_mean_the_same_on_both_paths(path, argv):
    """The fuzzer's differential half: random words from every table, both parsers (60 lines here,
    1,000 in ``make stress``)."""
    _same_meaning(path, argv)


@pytest.mark.stress
@_random_lines(1000)
def test_many_random_command_lines_mean_the_same_on_both_paths(path, argv):
    _same_meaning(path, argv)


def _same_meaning(path, argv):
    if "--help" in argv or "-h" in argv:
        return  # main() sends those to typer before any fast path
    if any("\x00" in a for a in argv):
        return  # typer's path type raises on a NUL before parsing ends (test_cli: a usage error on both paths)
    table = TABLES[COMMANDS[path]]
    notes: list[str] = []
    fast, slow = parse(table, argv, notes), click_parse(path, argv)
    if fast is not None and not notes:
        assert slow is not None and normal(fast) == normal(slow), (argv, fast, slow)
    if slow is None and not table.lenient:
        assert fast is None, (argv, fast)


# -- --home: the one after the command wins, on every path -------------------------------

def run_main(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str, bool]:
    """``holonmem ARGV`` through main() in a fresh interpreter: exit code, stdout, stderr, and
    whether typer was imported (False: the fast path answered)."""
    code = ("import sys, json\nfrom holonmem.cli import main\n"
            "try:\n    main(json.loads(sys.argv[1]))\nexcept SystemExit as e:\n    rc = e.code or 0\n"
            "sys.stderr.write('\\n@@' + json.dumps([rc, 'typer' in sys.modules]))\n")
    p = subprocess.run([sys.executable, "-c", code, json.dumps(argv)], input=stdin, capture_output=True, timeout=120)
    err, _, tail = p.stderr.decode().rpartition("\n@@")
    rc, typer_loaded = json.loads(tail)
    return rc, p.stdout.decode(), err, typer_loaded


def events_in(root: Path) -> int:
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in (root / "ledger").glob("*.jsonl"))


PROMPT = json.dumps({"session_id": "s1", "hook_event_name": "UserPromptSubmit", "prompt": "hi", "cwd": "/tmp"})
CASES = {
    "ingest": (["ingest", "--no-fsync"], b'{"role":"user","text":"where does this go"}\n'),
    "search": (["search", "where", "--json"], b""),
    "context": (["context", "--project", "p"], b""),
    **{f"hook {c}": (["hook", c], PROMPT.encode()) for c in CLIENTS},
    "status": (["status", "--json"], b""),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_home_after_the_command_wins(tmp_path, cli, case):
    from holonmem.layout import init_home

    a, b = tmp_path / "a", tmp_path / "b"
    init_home(a)
    init_home(b)
    cmd, stdin = CASES[case]
    fast = cmd[0] in ("ingest", "search", "context", "hook")
    for own, lead in ((b, a), (a, b)):
        before = {h: events_in(h) for h in (a, b)}
        for form in (["--home", str(lead), *cmd, "--home", str(own)],
                     [f"--home={lead}", *cmd, f"--home={own}"]):
            rc, out, err, typer_loaded = run_main(form, stdin)
            assert rc == 0, (form, err)
            assert typer_loaded is not fast, f"{form}: {'typer' if typer_loaded else 'the fast path'} answered"
            r = cli(*form, input=stdin)  # the typer command, in-process
            assert r.exit_code == 0, (form, r)
            if case == "status":
                assert json.loads(out)["home"] == json.loads(r.stdout)["home"] == str(own)
        if case == "ingest" or case.startswith("hook "):
            assert events_in(own) > before[own] and events_in(lead) == before[lead], (case, own)
    # a home that does not exist, named after the command, is the one used: both paths refuse it
    if not case.startswith("hook"):
        form = ["--home", str(a), *cmd, "--home", str(tmp_path / "nowhere")]
        rc, _, err, typer_loaded = run_main(form, stdin)
        r = cli(*form, input=stdin)
        assert rc == r.exit_code == 1 and "Error:" in err and "Error:" in r.stderr, (err, r)
        assert typer_loaded is not fast, "reporting an error on a fast path imported typer"


# -- hooks fail open on every path -----------------------------------------------------

@pytest.mark.parametrize("argv", [["--bogus"], ["--project"], ["--session=s", "-x", "extra"], ["--json=1"]])
def test_hook_ignores_what_it_cannot_use_on_both_paths(home, cli, argv):
    for client in CLIENTS:
        form = ["--home", str(home.root), "hook", client, *argv]
        rc, out, err, typer_loaded = run_main(form, PROMPT.encode())
        r = cli(*form, input=PROMPT)
        assert rc == r.exit_code == 0, (form, err, r)
        assert not typer_loaded
        assert "ignored" in err and "ignored" in r.stderr, (err, r.stderr)
        note = [line for line in err.splitlines() if "ignored" in line]
        assert note == [line for line in r.stderr.splitlines() if "ignored" in line]
    assert events_in(home.root) >= 1


def test_hook_help_is_still_help(cli):
    r = cli("hook", "claude", "--help")
    assert r.exit_code == 0 and "--session" in r.stdout and "Always exits 0" in r.stdout


def test_every_fast_command_parses_with_its_table():
    """The fast paths answer with the tables compared above (and nothing else parses for them)."""
    import holonmem.cli.fast_context as c
    import holonmem.cli.fast_hook as h
    import holonmem.cli.fast_ingest as i
    import holonmem.cli.fast_search as s

    for name, mod in (("context", c), ("hook", h), ("ingest", i), ("search", s)):
        assert resolve(name) is mod.run
        src = Path(mod.__file__).read_text(encoding="utf-8")
        assert "argv[i" not in src and "startswith(\"--\")" not in src, f"{mod.__name__} parses arguments by hand"
    assert set(COMMANDS.values()) == set(TABLES)


def test_rich_markup_keeps_bracketed_words_in_help():
    """A help text's [section] (holonmem.toml's [ingest]) is shown, not eaten as rich markup."""
    import re

    cmds = [(("holonmem", name), c) for name, c in click_command(()).commands.items()]
    cmds += [(("holonmem", "hook", name), c) for name, c in click_command(("hook",)).commands.items()]
    for path, cmd in cmds:
        texts = [cmd.help or ""] + [getattr(p, "help", None) or "" for p in cmd.params]
        words = {m for t in texts for m in re.findall(r"\\?\[[a-z_]+\]", t)}
        if not words:
            continue
        out = io.StringIO()
        r = subprocess.run([sys.executable, "-m", "holonmem", *path[1:], "--help"], capture_output=True, text=True,
                           env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb", "PATH": "/usr/bin:/bin"})
        out.write(r.stdout)
        for w in words:
            assert w.lstrip("\\") in " ".join(out.getvalue().split()), f"{' '.join(path)} --help lost {w}"
