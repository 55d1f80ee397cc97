"""Fuzzing (hypothesis): random bytes and JSON into ingest for every format,
random frontmatter/Markdown in memory, notes, episode and index files, random
refs into get, random options. No traceback ever reaches the user and exit
codes follow SPEC (0, 1, 2, 65, 75)."""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from rel_support import assert_no_crash, ledger_events, record

FAST, STRESS = 15, 400


def _settings(n: int):
    # no shrinking: each example runs real commands; the failing input is printed as found
    return settings(max_examples=n, deadline=None, derandomize=n <= 2 * FAST, phases=[Phase.explicit, Phase.generate], database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def runner():
    from typer.testing import CliRunner

    from holonmem.cli import get_app

    app = get_app()
    r = CliRunner()

    class Res:
        def __init__(self, code, out, err):
            self.exit_code, self.stdout, self.stderr = code, out, err

        def __repr__(self):
            return f"<{self.exit_code} out={self.stdout[-300:]!r} err={self.stderr[-600:]!r}>"

    def run(*args, input=None):
        # a real CLI run seeds `random` from the OS; hypothesis pins it per example,
        # which would make Whoosh draw the same segment names run after run
        random.seed(os.urandom(16))
        res = r.invoke(app, [str(a) for a in args], input=input, catch_exceptions=True)
        if res.exception and not isinstance(res.exception, SystemExit):
            import traceback

            tb = "".join(traceback.format_exception(res.exception))
            return Res(1, res.stdout, "Traceback (most recent call last)\n" + tb)
        if "Error: unexpected" in res.stderr:  # run it again with the traceback, for the report
            again = r.invoke(app, [str(a) for a in args], input=input, env={"HOLONMEM_DEBUG": "1"})
            return Res(res.exit_code, res.stdout, res.stderr + "\n--- again with HOLONMEM_DEBUG=1:\n" + again.stderr)
        return Res(res.exit_code, res.stdout, res.stderr)

    return run


@pytest.fixture(scope="module")
def fast_runner():
    """``main()`` in-process, as an agent's turn runs it: the typer-free fast paths (and typer
    where the fast parser gives up), with stdin/stdout/stderr of its own."""
    import io
    import sys

    from holonmem.cli import main

    def run(*args, input=b""):
        random.seed(os.urandom(16))
        streams = [io.TextIOWrapper(io.BytesIO(input), encoding="utf-8")] + [
            io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="replace", write_through=True) for _ in "oe"]
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = streams
        try:
            main([str(a) for a in args])
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException:  # noqa: BLE001 - main() must never let one out: the report shows it
            import traceback

            code = 1
            sys.stderr.write("Traceback (most recent call last)\n" + traceback.format_exc())
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
        out, err = (s.buffer.getvalue().decode("utf-8", "replace") for s in streams[1:])

        class Res:
            exit_code, stdout, stderr = code, out, err

            def __repr__(self):
                return f"<{code} out={out[-300:]!r} err={err[-600:]!r}>"

        return Res()

    return run


def fresh_home() -> Path:
    from holonmem.layout import init_home

    root = Path(tempfile.mkdtemp(prefix="hm-fuzz-")) / "home"
    init_home(root)
    return root


def format_names() -> list[str]:
    from holonmem import formats

    return formats.names()


# -- ingest ---------------------------------------------------------------------

FIELDS = ["id", "ts", "project", "session", "role", "kind", "tool", "status", "speaker", "text", "refs", "meta",
          "type", "message", "content", "payload", "hook_event_name", "session_id", "prompt", "tool_name",
          "tool_input", "tool_response", "messages", "uuid", "timestamp", "cwd", "transcript_path"]
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                      st.text(max_size=40), st.sampled_from(["user", "assistant", "tool", "system", "message",
                                                              "2026-06-14T10:07:00+08:00", "UserPromptSubmit",
                                                              "response_item", "function_call", "tool_result"]))
json_val = st.recursive(json_leaf, lambda c: st.one_of(st.lists(c, max_size=4),
                                                        st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), c, max_size=5)),
                        max_leaves=20)
json_obj = st.dictionaries(st.sampled_from(FIELDS), json_val, max_size=10)


def check_ingest(runner, root: Path, fmt: str, data: bytes) -> None:
    r = runner("--home", root, "ingest", "--no-fsync", "--format", fmt, "--json", input=data)
    assert_no_crash(r, {0, 65})
    ledger_events(root)  # still a valid ledger


def run_ingest_bytes(runner, n: int) -> int:
    root = fresh_home()
    fmts = format_names()

    @_settings(n)
    @given(fmt=st.sampled_from(fmts), data=st.binary(max_size=3000))
    def inner(fmt, data):
        check_ingest(runner, root, fmt, data)

    inner()
    shutil.rmtree(root.parent, ignore_errors=True)
    return n * 1


def run_ingest_json(runner, n: int) -> None:
    root = fresh_home()
    fmts = format_names()

    @_settings(n)
    @given(fmt=st.sampled_from(fmts), objs=st.lists(json_obj, min_size=1, max_size=6), whole=st.booleans())
    def inner(fmt, objs, whole):
        if whole:  # one JSON document (hook payloads, OpenAI message arrays)
            data = json.dumps(objs if len(objs) > 1 else objs[0]).encode()
        else:
            data = "".join(json.dumps(o) + "\n" for o in objs).encode()
        check_ingest(runner, root, fmt, data)

    inner()
    shutil.rmtree(root.parent, ignore_errors=True)


def test_fuzz_ingest_bytes_every_format(runner, request):
    run_ingest_bytes(runner, FAST * 2)
    record(request, "fuzz cases: ingest bytes", FAST * 2)


@pytest.mark.stress  # slow for make test; make test keeps the byte fuzzing, make stress runs both at 400 cases
def test_fuzz_ingest_json_every_format(runner, request):
    run_ingest_json(runner, FAST * 2)
    record(request, "fuzz cases: ingest JSON", FAST * 2)


@pytest.mark.stress
def test_fuzz_ingest_stress(runner, request):
    run_ingest_bytes(runner, STRESS)
    run_ingest_json(runner, STRESS)
    record(request, "fuzz cases: ingest bytes", STRESS)
    record(request, "fuzz cases: ingest JSON", STRESS)


# -- files people edit ----------------------------------------------------------

yaml_scalar = st.one_of(st.text(max_size=30), st.integers(), st.booleans(), st.none(),
                        st.sampled_from(["2026-06-14", "active", "superseded", "[a, b", "{x: 1", "- x", "*anchor", "!!python/object:os.system", ":"]))
frontmatter = st.dictionaries(
    st.sampled_from(["id", "title", "kind", "scope", "project", "status", "created", "updated", "supersedes",
                     "superseded_by", "evidence", "confidence", "keywords", "summary", "tags", "run"]) | st.text(max_size=6),
    st.one_of(yaml_scalar, st.lists(yaml_scalar, max_size=3)), max_size=8)
markdown = st.lists(st.one_of(
    st.text(max_size=80), st.sampled_from(["# Title", "## ep", "```yaml holonmem-episode", "```", "---", "- [x](memory/../../etc/passwd) — h",
                                           "- [t](memory/nope.md) — hook", "id: ep_123", "events: [a, b]", "**Why:**", "\x00", "\ufeff"])),
    max_size=12).map("\n".join)


def render_file(fm: dict | None, body: str, raw_front: str | None) -> str:
    if raw_front is not None:
        return f"---\n{raw_front}\n---\n{body}"
    if fm is None:
        return body
    lines = []
    for k, v in fm.items():
        lines.append(f"{k}: {json.dumps(v, ensure_ascii=False)}")
    return "---\n" + "\n".join(lines) + "\n---\n" + body


COMMANDS = [["status", "--json"], ["consolidate"], ["dream", "--force"], ["dream", "--dry-run"], ["index"],
            ["search", "memory rule", "--json"], ["search", "笔记", "--kind", "note"], ["context"],
            ["context", "--task", "deploy"], ["get", "memory:memory/fz.md"], ["get", "note:notes/fz.md"]]


def run_files(runner, n: int) -> None:
    from holonmem.layout import init_home
    from conftest import SAMPLE_EVENTS

    base = Path(tempfile.mkdtemp(prefix="hm-fuzzf-"))
    root = base / "home"
    init_home(root)
    assert runner("--home", root, "ingest", SAMPLE_EVENTS).exit_code == 0
    cmds = COMMANDS

    @_settings(n)
    @given(target=st.sampled_from(["memory/fz.md", "memory/operator.md", "notes/fz.md", "notes/sub/fz.md",
                                   "episodes/2026-06-14.md", "MEMORY.md", "AGENTS.md", "signals.jsonl",
                                   "journal/2026-06-14.md", "holonmem.toml"]),
           fm=st.none() | frontmatter, body=markdown, raw_front=st.none() | st.text(max_size=60),
           raw=st.none() | st.binary(max_size=300), cmd=st.sampled_from(cmds))
    def inner(target, fm, body, raw_front, raw, cmd):
        p = root / target
        p.parent.mkdir(parents=True, exist_ok=True)
        if raw is not None:
            p.write_bytes(raw)
        else:
            p.write_bytes(render_file(fm, body, raw_front).encode("utf-8", "replace"))
        r = runner("--home", root, *cmd)
        # a broken holonmem.toml is a clear error (1); everything else must cope
        assert_no_crash(r)
        if target != "holonmem.toml" and cmd[0] in ("status", "search", "context", "index"):
            assert r.exit_code == 0, (target, cmd, r)
        if target == "holonmem.toml":
            p.write_text("", encoding="utf-8")

    inner()
    shutil.rmtree(base, ignore_errors=True)


def test_fuzz_hand_edited_files(runner, request):
    run_files(runner, FAST * 2)
    record(request, "fuzz cases: edited files x commands", FAST * 2)


@pytest.mark.stress
def test_fuzz_hand_edited_files_stress(runner, request):
    run_files(runner, STRESS)
    record(request, "fuzz cases: edited files x commands", STRESS)


# -- refs and options ------------------------------------------------------------

ref_strategy = st.one_of(
    st.text(max_size=60),
    st.builds(lambda p, s: p + s, st.sampled_from(["event:", "episode:", "memory:", "note:", "file:", "", "event:evt_00"]),
              st.one_of(st.text(max_size=40), st.sampled_from(["../../etc/passwd", "/etc/passwd", "memory/../../x.md",
                                                                "notes/../../../root/.ssh/id_rsa", "2026-06-14#",
                                                                "2026-06-14#ep_x", "9999-99-99#a", "memory/operator.md",
                                                                "notes/README.md", "evt_0098", "\x00", "%2e%2e/x"]))),
)


def run_refs(runner, n: int) -> None:
    from conftest import SAMPLE_EVENTS

    root = fresh_home()
    assert runner("--home", root, "ingest", SAMPLE_EVENTS).exit_code == 0

    @_settings(n)
    @given(ref=ref_strategy)
    def inner(ref):
        if ref.startswith("-"):
            ref = "x" + ref
        r = runner("--home", root, "get", ref)
        assert_no_crash(r, {0, 1, 2})
        if r.exit_code:
            assert "Error:" in r.stderr or "Usage" in r.stderr, r
        if r.exit_code == 0:
            assert "root:x:0:0" not in r.stdout  # never /etc/passwd

    inner()
    shutil.rmtree(root.parent, ignore_errors=True)


def test_fuzz_get_refs(runner, request):
    run_refs(runner, FAST * 2)
    record(request, "fuzz cases: get refs", FAST * 2)


OPTION_WORDS = ["--json", "--project", "--session", "--kind", "--limit", "-n", "--budget", "--task", "--format",
                "--force", "--dry-run", "--undo", "--now", "--timeout", "--rebuild", "--since", "--until", "--all",
                "--queries", "--role", "--strict", "--max-line-bytes", "--extractor", "--hook", "--event", "--home",
                "0", "-1", "999999999999999999999", "nan", "abc", "", "—", "2026-13-45", "event", "x" * 300, "/dev/null",
                "/nonexistent", "--", "-"]


def run_options(runner, n: int) -> None:
    from holonmem.cli import get_app

    # `serve` runs a web server until it is stopped (its options: tests/test_serve.py)
    names = sorted(c.name for c in get_app().registered_commands if c.name and c.name not in ("hook", "init", "serve"))
    root = fresh_home()

    @_settings(n)
    @given(cmd=st.sampled_from(names), args=st.lists(st.sampled_from(OPTION_WORDS) | st.text(max_size=12), max_size=5))
    def inner(cmd, args):
        if "--home" in args:
            i = args.index("--home")
            args = args[:i]
        r = runner("--home", root, cmd, *args, input=b"")
        assert_no_crash(r, {0, 1, 2, 65, 75})

    inner()
    shutil.rmtree(root.parent, ignore_errors=True)


def test_fuzz_options(runner, request):
    run_options(runner, FAST * 2)
    record(request, "fuzz cases: options", FAST * 2)


def fast_commands() -> list[list[str]]:
    from holonmem.cli.fast import FAST_COMMANDS
    from holonmem.formats import CLIENTS

    return sorted([c] for c in FAST_COMMANDS if c != "hook") + [["hook", c] for c in CLIENTS]


def run_fast_options(fast_runner, runner, n: int) -> None:
    """The commands an agent runs every turn, through main() as it runs them (the fast paths):
    no crash, hooks exit 0 whatever follows them, and the exit code is the typer command's."""
    from holonmem.cli.options import TABLES

    words = sorted(set(OPTION_WORDS) | {n for t in TABLES.values() for n in t.by_name} | {"--bogus", "--json=1"})
    root = fresh_home()

    @_settings(n)
    @given(cmd=st.sampled_from(fast_commands()), args=st.lists(st.sampled_from(words) | st.text(max_size=12), max_size=5))
    def inner(cmd, args):
        if "--home" in args:
            args = args[:args.index("--home")]
        r = fast_runner("--home", root, *cmd, *args, input=b"")
        assert_no_crash(r, {0} if cmd[0] == "hook" else {0, 1, 2, 65, 75})
        slow = runner("--home", root, *cmd, *args, input=b"")
        assert r.exit_code == slow.exit_code, (cmd, args, r, slow)

    inner()
    shutil.rmtree(root.parent, ignore_errors=True)


def test_fuzz_fast_path_options(fast_runner, runner, request):
    run_fast_options(fast_runner, runner, FAST * 2)
    record(request, "fuzz cases: fast-path options", FAST * 2)


@pytest.mark.stress
def test_fuzz_refs_and_options_stress(runner, fast_runner, request):
    run_refs(runner, STRESS)
    record(request, "fuzz cases: get refs", STRESS)
    run_options(runner, STRESS)
    record(request, "fuzz cases: options", STRESS)
    run_fast_options(fast_runner, runner, STRESS)
    record(request, "fuzz cases: fast-path options", STRESS)
