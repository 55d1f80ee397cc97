"""The cheap paths behind ``holonmem context``: the ledger tail read in whole
runs of lines, patterns compiled on first use, and what a context run imports.
Each fast path is checked against a plain reference on real files."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holonmem import context_sources as src
from holonmem.home import Home

# -- read_tail against a line-by-line reference ----------------------------------------

_REF_PROJECT_FIELD = re.compile(rb'"project"\s*:\s*"((?:[^"\\]|\\.)*)"')


def reference_tail(home: Home, project: str, *, session: str | None = None, max_events: int = src.TAIL_MAX_EVENTS,
                   max_bytes: int = src.TAIL_MAX_BYTES) -> src.Tail:
    """read_tail as it was written first: every line in Python, one regex search per line."""
    from holonmem.ledger import ledger_files

    needle = json.dumps(session if session is not None else project, ensure_ascii=False).encode("utf-8")
    out: list[dict] = []
    seen: set[bytes] = set()
    budget, complete, total = max_bytes, True, 0
    for path in reversed(ledger_files(home)):
        size = path.stat().st_size
        for line in src.lines_backwards(path, budget):
            if needle not in line:
                m = _REF_PROJECT_FIELD.search(line)
                if m:
                    seen.add(m.group(1))
                continue
            try:
                ev = json.loads(line)
            except (ValueError, UnicodeDecodeError):
                continue
            if (isinstance(ev, dict) and ev.get("project") == project and isinstance(ev.get("id"), str)
                    and (session is None or ev.get("session") == session)):
                out.append(ev)
                if len(out) >= max_events:
                    break
        used = min(size, budget)
        total += used
        budget -= used
        if len(out) >= max_events or budget <= 0:
            complete = False
            break
    def decoded(raw: bytes) -> str | None:
        try:
            return json.loads(b'"' + raw + b'"')
        except ValueError:
            return None

    names = {p for p in map(decoded, seen) if p is not None}
    return src.Tail(out[::-1], complete, total, names | ({project} if out else set()))


def same_tail(a: src.Tail, b: src.Tail) -> None:
    assert a.events == b.events
    assert a.complete == b.complete
    assert a.bytes_read == b.bytes_read
    assert a.projects == b.projects


# Lines a real ledger can hold, and a few it should not but may (hand edits,
# nested objects, the needle inside another project's text, odd spacing).
TRICKY = [
    b'{"id":"t1","project":"other","text":"mentions \\"invoicer\\" in text"}',
    b'{"id":"t2","meta":{"project":"nested"},"project":"after-nested","text":"x"}',
    b'{"id":"t3","project" : "spaced \\" quote","text":"y"}',
    b'{"id":"t4","project":5,"text":"\\"project\\": \\"fake\\""}',
    b'{"id":"t5","text":"no project here"}',
    b'   ',
    b'{"id":"t6","project":"crlf","text":"z"}\r',
    b'not json "project":"broken-line" at all',
    b'{"id":"t7","project":"invoicer","session":"s9","text":"\xe5\x8f\x91\xe7\xa5\xa8"}',
    b'{"id":"t8","project":"back\\\\slash","text":"w"}',
    b'{"id":8,"project":"invoicer","text":"id is not a string"}',
    b'{"id":"t9","project":"unterminated\\',
]


def write_ledger(root: Path, files: dict[str, list[bytes]]) -> Home:
    home = Home(root)
    home.ledger_dir.mkdir(parents=True, exist_ok=True)
    for name, lines in files.items():
        (home.ledger_dir / name).write_bytes(b"".join(line + b"\n" for line in lines))
    return home


def event_line(i: int, project: str, session: str) -> bytes:
    ev = {"id": f"evt_{i:06d}", "ts": f"2026-01-01T00:{i % 60:02d}:00Z", "project": project, "session": session,
          "role": "user", "kind": "message", "text": f"message {i} about {project} " + "x" * (i % 50)}
    return json.dumps(ev, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@pytest.fixture
def mixed_home(tmp_path):
    """Two months of a dense project (travel-agent), a sparse one (invoicer) and noise."""
    files = {}
    n = 0
    for month in ("2026-01.jsonl", "2026-02.jsonl"):
        lines = []
        for i in range(3000):
            n += 1
            project = "invoicer" if n % 97 == 0 else ("travel-agent" if n % 3 else f"p{n % 11}")
            lines.append(event_line(n, project, f"s{n // 40}"))
            if n % 500 == 0:
                lines += TRICKY
        files[month] = lines
    return write_ledger(tmp_path / "home", files)


@pytest.mark.parametrize("project,kw", [
    ("invoicer", {}),  # sparse: reads to the byte cap
    ("travel-agent", {}),  # dense: stops at max_events
    ("travel-agent", {"max_events": 5}),
    ("invoicer", {"max_events": 10**6}),  # reaches the start of the ledger
    ("invoicer", {"max_bytes": 100_000}),
    ("nosuch", {}),
    ("nosuch", {"max_bytes": 1}),
    ("invoicer", {"session": "s9"}),
    ("travel-agent", {"session": "s20", "max_events": 3}),
])
@pytest.mark.parametrize("chunk", [src.TAIL_CHUNK, 4096, 333])
def test_read_tail_matches_line_by_line_reference(mixed_home, monkeypatch, project, kw, chunk):
    monkeypatch.setattr(src, "TAIL_CHUNK", chunk)  # small chunks: lines cross chunk borders
    got = src.read_tail(mixed_home, project, **kw)
    ref = reference_tail(mixed_home, project, **kw)
    same_tail(got, ref)
    events_only = src.read_tail(mixed_home, project, other_projects=False, **kw)
    same_tail(events_only, src.Tail(ref.events, ref.complete, ref.bytes_read, {project} if ref.events else set()))
    if project == "invoicer" and not kw:
        # the first project field of a line counts, even a nested one
        assert {"other", "nested", 'spaced " quote', "crlf", "broken-line", "back\\slash"} <= got.projects
        assert "after-nested" not in got.projects and "fake" not in got.projects


def test_read_tail_on_the_sample_home(sample_home):
    for project in ("invoicer", "travel-agent", "holonmem-dev", "nosuch"):
        tail = src.read_tail(sample_home, project)
        same_tail(tail, reference_tail(sample_home, project))
        assert tail.complete and tail.projects == {"invoicer", "travel-agent", "holonmem-dev"}


_LINE = st.one_of(
    st.sampled_from(TRICKY),
    st.builds(event_line, st.integers(0, 10**5), st.sampled_from(["invoicer", "a", "b\"q", "inv", "invoicer2"]),
              st.sampled_from(["s1", "s2", "invoicer"])),
    st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files=st.lists(st.lists(_LINE, max_size=40), min_size=1, max_size=3),
       chunk=st.integers(1, 300), max_events=st.integers(1, 30), max_bytes=st.integers(1, 6000),
       session=st.sampled_from([None, "s1", "invoicer"]))
def test_read_tail_matches_reference_on_any_lines(files, chunk, max_events, max_bytes, session):
    old = src.TAIL_CHUNK
    src.TAIL_CHUNK = chunk
    try:
        with tempfile.TemporaryDirectory() as d:
            home = write_ledger(Path(d), {f"2026-{i + 1:02d}.jsonl": lines for i, lines in enumerate(files)})
            for kw in ({}, {"max_events": max_events, "max_bytes": max_bytes}):
                same_tail(src.read_tail(home, "invoicer", session=session, **kw),
                          reference_tail(home, "invoicer", session=session, **kw))
    finally:
        src.TAIL_CHUNK = old


def test_lines_backwards_gives_every_line_newest_first(tmp_path, monkeypatch):
    monkeypatch.setattr(src, "TAIL_CHUNK", 7)
    lines = [b"first", b"", b"second line", b"  ", b"third", b"partial without newline"]
    path = tmp_path / "l.jsonl"
    path.write_bytes(b"\n".join(lines))
    assert list(src.lines_backwards(path, 10**6)) == [b"third", b"second line", b"first"]
    assert list(src.lines_backwards(tmp_path / "missing.jsonl", 10)) == []


# -- signal rules: compiled on first use, same answers -----------------------------------

def run_py(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_signal_patterns_compile_on_first_use_only():
    out = run_py(
        "import re, holonmem.signal_rules as R\n"
        "print(type(R.INSTRUCTION_RE).__name__, type(R.TOPICS[0][0]).__name__)\n"
        "R.is_chitchat('hello!')\n"
        "print(isinstance(R.GREETING_RE, re.Pattern), isinstance(R.DECISION_RE.__class__, type))\n"
        "print(type(R.DECISION_RE).__name__)\n"
        "print(R.DECISION_RE.search('we decided to ship') is not None, isinstance(R.DECISION_RE, re.Pattern))\n"
        "print(R.user_topic('no red-eye flights please'), R.choice('use pnpm instead of npm'))\n"
    )
    lines = out.splitlines()
    assert lines[0] == "_LazyPattern _LazyPattern"
    assert lines[1].startswith("True")  # is_chitchat compiled what it uses
    assert lines[2] == "_LazyPattern"  # and nothing else
    assert lines[3] == "True True"
    assert lines[4] == "(True, 'red-eye flights') ('pnpm', 'package manager')"


def test_every_cjk_ideograph_counts_as_content():
    """``content_chars`` drops ``\\W``: that keeps CJK ideographs only because they are word characters."""
    from holonmem.signal_rules import _CJK
    from holonmem.textterms import content_chars

    ideographs = "".join(chr(c) for a, b in re.findall(r"\\u(\w{4})-\\u(\w{4})", _CJK)
                         for c in range(int(a, 16), int(b, 16) + 1))
    assert len(ideographs) > 27_000
    assert re.fullmatch(r"\w+", ideographs)
    assert content_chars("好的！👍 ok...") == 4
    assert content_chars(ideographs[:50] + " ,.!?。") == 50


@pytest.mark.parametrize("text,expected", [
    ("谢谢！", True), ("好的 👍", True), ("今天天气不错。", True), ("hi", True), ("thanks, that's all for today", True),
    ("以后回答都用中文", False), ("Fix the failing rounding test", False), ("我们用 pnpm", False), ("ok", True),
])
def test_chitchat_answers(text, expected):
    from holonmem.signal_rules import is_chitchat

    assert is_chitchat(text) is expected


# -- what a context run imports ------------------------------------------------------------

def test_context_run_skips_the_id_map_and_unchanged_memory_files(sample_home):
    """Reading the ledger tail needs neither the id map nor events' hashing; once the
    memory catalog is built, a turn parses no memory file (holonmem.memory stays out)."""
    p = subprocess.run([sys.executable, "-m", "holonmem", "--home", str(sample_home.root), "remember",
                        "Run ruff check before every commit", "--project", "invoicer"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    for suffix in ("", "-wal", "-shm"):  # the first run below builds the catalog from the files
        (sample_home.root / ".holonmem" / f"memories.sqlite{suffix}").unlink(missing_ok=True)
    code = (
        "import sys, io, contextlib\n"
        f"sys.argv = ['holonmem', '--home', {str(sample_home.root)!r}, 'context', '--project', 'invoicer']\n"
        "from holonmem.cli import main\n"
        "buf = io.StringIO()\n"
        "with contextlib.redirect_stdout(buf):\n"
        "    try:\n"
        "        main()\n"
        "    except SystemExit:\n"
        "        pass\n"
        "assert 'holonmem-context' in buf.getvalue()\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('sqlite3', 'holonmem.', 'typer', 'whoosh', 'ruamel')))))\n"
    )
    first = set(run_py(code).split())
    assert "holonmem.memory" in first  # the first run builds the catalog from the files
    # the catalog trusts no stamp younger than RACY_NS: age the files as if written earlier
    old = time.time() - 3600
    for path in (sample_home.root / "memory").iterdir():
        os.utime(path, (old, old))
    os.utime(sample_home.root / "memory", (old, old))
    run_py(code)
    mods = set(run_py(code).split())
    assert "holonmem.context_sources" in mods and "holonmem.ledger" in mods and "holonmem.memory_catalog" in mods
    assert not mods & {"holonmem.memory", "ruamel", "ruamel.yaml", "holonmem.idindex", "holonmem.events",
                       "holonmem.locks", "typer", "whoosh"}


# -- episode day files -------------------------------------------------------------------

def test_day_files_are_the_dated_markdown_files_in_path_order(tmp_path):
    from holonmem.episodes import day_dates, day_files

    home = Home(tmp_path / "home")
    assert day_dates(home) == [] and day_files(home) == []
    home.episodes_dir.mkdir(parents=True)
    for name in ("2026-01-10.md", "2025-12-31.md", "2026-01-02.md", ".md", "notes.md", "2026-01-03.md.bak",
                 "2026-1-4.md", "2026-01-05.txt", "x2026-01-06.md"):
        (home.episodes_dir / name).write_text("## e\n", encoding="utf-8")
    reference = sorted(p for p in home.episodes_dir.iterdir() if p.suffix == ".md" and re.match(r"^\d{4}-\d{2}-\d{2}$", p.stem))
    assert day_files(home) == reference
    assert day_dates(home) == ["2025-12-31", "2026-01-02", "2026-01-10"]


# -- token estimates ---------------------------------------------------------------------

def test_cjk_pattern_matches_exactly_the_documented_ranges():
    from holonmem import tokens

    plain = re.compile(f"[{tokens._CJK_CLASS}]")  # the ranges as written, the slow way
    every = "".join(map(chr, range(0x110000)))
    found = tokens._cjk_re().findall(every.encode("utf-8", "surrogatepass"))  # over UTF-8 bytes
    assert [m.decode("utf-8", "surrogatepass") for m in found] == plain.findall(every)
    assert len(plain.findall(every)) == sum(b - a + 1 for a, b in tokens._CJK_RANGES) == tokens.cjk_count(every)


@pytest.mark.parametrize("lo,hi", [(0, 0x7F), (0x41, 0x5A), (0x80, 0x7FF), (0x7F, 0x800), (0x3400, 0x9FFF),
                                   (0xD7F0, 0xE010), (0xFFF0, 0x10010), (0x1F600, 0x1F64F), (0x10FFF0, 0x10FFFF),
                                   (0, 0x10FFFF), (0x1234, 0x1234)])
def test_utf8_class_matches_the_code_points_of_its_ranges(lo, hi):
    from holonmem import tokens

    text = "".join(map(chr, range(max(0, lo - 200), min(0x110000, hi + 200))))
    rx = re.compile(tokens.utf8_class(((lo, hi),)))
    found = [m.decode("utf-8", "surrogatepass") for m in rx.findall(text.encode("utf-8", "surrogatepass"))]
    assert found == [c for c in text if lo <= ord(c) <= hi]


@pytest.mark.parametrize("text", ["", "plain ascii\n", "café … ‹holonmem", "中文 and English", "한국어 かな ｶﾀｶﾅ",
                                  "𠀀 ext-B", "\ud840\udc00 lone surrogates", "emoji 👍🙏"])
def test_estimates_count_cjk_as_one_and_the_rest_as_a_quarter(text):
    from holonmem.tokens import _CJK_RANGES, cjk_count, estimate_tokens, is_cjk

    cjk = sum(1 for ch in text if any(a <= ord(ch) <= b for a, b in _CJK_RANGES))
    assert cjk_count(text) == cjk
    assert estimate_tokens(text) == (cjk + (len(text) - cjk + 3) // 4 if text else 0)
    assert is_cjk(text) == (bool(text) and any(a <= ord(text[0]) <= b for a, b in _CJK_RANGES))


@pytest.mark.parametrize("text,expected", [
    ("", set()),
    ("Fix the failing rounding-test in invoicer.py", {"fix", "the", "failing", "rounding-test", "invoicer.py"}),
    ("规划北京 trip", {"规划", "划北", "北京", "trip"}),
    ("一 x", {"一"}),
    ("café ¼ of it", {"caf"}),  # words are ASCII runs
])
def test_relevance_terms(text, expected):
    from holonmem.context_render import terms

    assert terms(text) == expected


def reference_chitchat(text: str) -> bool:
    """is_chitchat in its first order: the three marker patterns first."""
    from holonmem import signal_rules as R
    from holonmem.textterms import content_chars

    t = R.strip_greeting(text or "")
    if content_chars(t) < 2:
        return True
    if any(rx.search(t) for rx in (R.INSTRUCTION_RE, R.PREFERENCE_RE, R.FACT_RE)):
        return False
    says_more = content_chars(R.SMALLTALK_RE.sub("", t)) >= 30  # more than the small talk (11d87b3)
    if R.SMALLTALK_RE.search(t):
        return not says_more
    rest = R.ACK_RE.sub("", t, count=1)
    if rest == t:
        return False
    return (content_chars(rest) < 2 or R.SMALLTALK_RE.search(rest) is not None or R._only_acks(rest)) and not says_more


_PIECES = ["好的", "谢谢", "以后", "我喜欢", "我们用", "天气", "haha", "ok", "thanks", "we use pnpm", "always",
           "I prefer", "our db is postgres", "lol", "👍", "早上好", "hi", " ", "，", "!", "test", "修复", "bye", "记得"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=6).map("".join))
def test_chitchat_cheap_tests_first_gives_the_same_answers(text):
    from holonmem.signal_rules import is_chitchat

    assert is_chitchat(text) == reference_chitchat(text)


def test_chitchat_same_answers_on_the_sample_messages():
    from holonmem.signal_rules import is_chitchat

    sample = Path(__file__).resolve().parent.parent / "sample_agent_home" / "import" / "events.jsonl"
    texts = [json.loads(line).get("text") or "" for line in sample.read_text(encoding="utf-8").splitlines() if line.strip()]
    answers = [is_chitchat(t) for t in texts]
    assert answers == [reference_chitchat(t) for t in texts]
    assert 5 < sum(answers) < len(texts) - 5


# -- holonmem.toml as init writes it: no tomllib on the per-turn path ---------------------

@pytest.mark.parametrize("text,fast", [
    ("", True), ("# only a comment\n", True), ("[ingest]\n# x = 1\n\n[context] # the block\n", True),
    ("[a]\r\n[b]\r\n", True), ("[a]\n[a]\n", False), ("[a]\nx = 1\n", False), ("[a.b]\n", False),
    ("\ufeff[a]\n", False), ("[ a ]\n", False), ("x = 'y'\n[a]\n", False),
])
def test_a_headers_only_config_reads_as_tomllib_reads_it(text, fast):
    import tomllib

    from holonmem.config import _headers_only

    got = _headers_only(text.encode("utf-8"))
    assert (got is not None) == fast
    if fast:
        assert got == tomllib.loads(text)


def test_context_on_an_initialized_home_skips_tomllib(sample_home):
    code = (
        "import sys, io, contextlib\n"
        f"sys.argv = ['holonmem', '--home', {str(sample_home.root)!r}, 'context', '--project', 'invoicer']\n"
        "from holonmem.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        main()\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('tomllib' in sys.modules)\n"
    )
    assert (sample_home.root / "holonmem.toml").read_text(encoding="utf-8").count("[context]") == 1
    assert run_py(code).strip() == "False"


# -- records: the per-turn modules' dataclasses without importing inspect -------------------

def test_records_behave_as_dataclasses():
    import dataclasses

    from holonmem import records

    made = []
    for mod in (dataclasses, records):
        @mod.dataclass(frozen=True)
        class Key:
            root: Path

        @mod.dataclass
        class Item:
            a: int
            b: list = mod.field(default_factory=list)
            c: str = "z"

        @mod.dataclass(slots=True)
        class Slot:
            line: int
            event: dict

        k, i, s = Key(Path("/t")), Item(1, [Key(Path("/q"))]), Slot(2, {"e": [1]})
        with pytest.raises(AttributeError):
            k.root = Path("/x")
        with pytest.raises(TypeError):
            hash(i)
        made.append((repr(k), hash(k) == hash(Key(Path("/t"))), k == Key(Path("/t")), repr(i), i == Item(1, [Key(Path("/q"))]),
                     Item(2).b is not Item(2).b, Item.c, repr(s), hasattr(s, "__dict__"), mod.asdict(i), Item(1) == (1, [], "z")))
    assert made[0] == made[1]
    with pytest.raises(TypeError):
        @records.dataclass
        class Bad:
            a: int = 1
            b: int


def test_a_context_turn_and_a_hook_import_neither_dataclasses_nor_inspect(sample_home):
    code = (
        "import sys, io, contextlib\n"
        f"sys.argv = ['holonmem', '--home', {str(sample_home.root)!r}] + sys.argv[1:]\n"
        "from holonmem.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        main()\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(sorted(m for m in ('dataclasses', 'inspect') if m in sys.modules))\n"
    )
    ctx = ["context", "--project", "invoicer", "--task", "fix the rounding test"]
    subprocess.run([sys.executable, "-c", code, *ctx], check=True, capture_output=True)  # builds the catalog
    out = subprocess.run([sys.executable, "-c", code, *ctx], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "[]"
    payload = json.dumps({"session_id": "s1", "cwd": "/src/invoicer", "hook_event_name": "PostToolUse",
                          "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_response": {"stdout": "ok"}})
    out = subprocess.run([sys.executable, "-c", code, "hook", "claude"], input=payload, check=True, capture_output=True,
                         text=True).stdout
    assert out.strip() == "[]"


def test_the_executables_datetime_is_the_real_modules_public_names():
    """cli.program puts the C module's datetime in place of running datetime.py: the same
    names, the same objects, and the executable's turns do not run datetime.py."""
    code = ("import sys, datetime as real\n"
            "names = {k: v for k, v in vars(real).items() if not k.startswith('__')}\n"
            "del sys.modules['datetime']\n"
            "from holonmem.cli import _datetime_from_c\n"
            "_datetime_from_c()\n"
            "import datetime as ours\n"
            "assert ours is not real and ours.__all__ == real.__all__, ours\n"
            "mine = {k: v for k, v in vars(ours).items() if not k.startswith('__')}\n"
            "assert mine.keys() == names.keys(), mine.keys() ^ names.keys()\n"
            "assert all(mine[k] is names[k] for k in names)\n"
            "assert ours.datetime(2026, 1, 2, tzinfo=ours.timezone.utc).isoformat() == '2026-01-02T00:00:00+00:00'\n"
            "print('ok')\n")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "ok\n"
    probe = ("import sys\nsys.argv = ['holonmem', '--version']\nfrom holonmem.cli import program\n"
             "import holonmem.cli as c\nc.main = lambda **kw: print('datetime.py ran' if sys.modules['datetime'].__spec__ "
             "else 'C module', 'datetime' in sys.modules)\nprogram()\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "C module True"


# -- render_section skips items that cannot fit: same choice as composing each -----------------

def reference_render(s, mode: str, max_tokens: int):
    """render_section as it was: every item composed and measured."""
    from holonmem.context import compose
    from holonmem.tokens import estimate_tokens

    if max_tokens <= 0:
        return None
    total = len(s.items) + s.pre_omitted
    if not s.items:
        if s.empty is None:
            return None
        t = compose(s, [], mode, s.pre_omitted)
        return (t, 0) if estimate_tokens(t) <= max_tokens else None
    chosen, best = [], None
    for it in [i for i in sorted(s.items, key=lambda i: i.rank) if i.text(mode)]:
        trial = chosen + [it]
        t = compose(s, trial, mode, total - len(trial))
        if estimate_tokens(t) <= max_tokens:
            chosen, best = trial, t
        elif s.contiguous:
            break
    return None if best is None else (best, len(chosen))


_ITEM_TEXT = st.one_of(st.text(st.sampled_from("ab 中文<holonmem>-"), max_size=60),
                       st.integers(1, 120).map(lambda n: "x" * n), st.integers(1, 30).map(lambda n: "中" * n))


def _random_items(n: int):
    def deco(f):
        f = given(items=st.lists(st.tuples(_ITEM_TEXT, _ITEM_TEXT, st.sampled_from([None, "A", "B"])), max_size=40),
                  pre=st.integers(0, 12), contiguous=st.booleans(), mode=st.sampled_from(["full", "compact"]),
                  max_tokens=st.integers(0, 160))(f)
        return settings(max_examples=n, deadline=None)(f)
    return deco


@_random_items(100)
def test_render_section_chooses_as_composing_every_item_would(items, pre, contiguous, mode, max_tokens):
    """100 random sections here, 300 in ``make stress``."""
    _renders_as_composing(items, pre, contiguous, mode, max_tokens)


@pytest.mark.stress
@_random_items(300)
def test_render_section_chooses_as_composing_every_item_would_300_sections(items, pre, contiguous, mode, max_tokens):
    _renders_as_composing(items, pre, contiguous, mode, max_tokens)


def _renders_as_composing(items, pre, contiguous, mode, max_tokens):
    from holonmem.context import Item, Section, render_section

    sec = Section("memories", "Long-term memory", 90,
                  [Item(f, c, rank=i, order=(i % 3, i), group=g) for i, (f, c, g) in enumerate(items)],
                  intro="intro", more="more", pre_omitted=pre, contiguous=contiguous)
    assert render_section(sec, mode, max_tokens) == reference_render(sec, mode, max_tokens)


# -- fitting a section: the running tallies against composing every trial ----------------

def test_render_section_chooses_what_composing_every_trial_chooses():
    """100 random sections here (the first 100 of make stress's 400), each mode and budget."""
    _random_sections_render_as_composing(100)


@pytest.mark.stress
def test_render_section_chooses_what_composing_every_trial_chooses_400_sections():
    _random_sections_render_as_composing(400)


def _random_sections_render_as_composing(n: int) -> None:
    import random

    from holonmem.context import Item, Section, render_section

    rnd = random.Random(17)
    words = ["fix", "the", "中文", "规划北京", "<holonmem-context>", "</holonmem", "<\nholonmem", "é", "ｶﾀｶﾅ", "𠀀",
             "—", "ruff", "\n", "<"]

    def text(n):
        return " ".join(rnd.choice(words) for _ in range(n))

    for _ in range(n):
        items = [Item(text(rnd.randint(1, 30)), rnd.choice([None, "", text(rnd.randint(1, 6))]),
                      rank=rnd.choice([i, rnd.randint(0, 5)]),
                      order=rnd.choice([(rnd.randint(0, 3), rnd.randint(0, 3)), (rnd.randint(0, 3), i)]),
                      group=rnd.choice([None, "A", "B 中", "C", None]))
                 for i in range(rnd.randint(0, 30))]
        s = Section("k", "Title 中", 50, items, intro=rnd.choice(["", "intro 中文 <holonmem"]),
                    empty=rnd.choice([None, "nothing"]), more=rnd.choice(["", "more 北京"]),
                    pre_omitted=rnd.randint(0, 3), contiguous=rnd.random() < 0.3)
        for mode in ("compact", "full"):
            for budget in (0, 5, 20, 60, 150, 400, 2000):
                assert render_section(s, mode, budget) == reference_render(s, mode, budget)
