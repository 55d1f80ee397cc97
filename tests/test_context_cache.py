"""What a context turn keeps for the next one (.holonmem/tails/, .holonmem/days/) against
reading the files again: the ledger tail moved on by appended lines (context_tail) and the
parsed episode day files (context_days) give what the plain reads give, after appends by
another process, hand edits inside and outside the kept window, a file replaced as
``git pull`` replaces it, a torn last line, and a truncated or corrupt state file (read
again with a warning, never a wrong answer)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from holonmem import context_sources as src
from holonmem import context_tail
from holonmem.context_build import build
from holonmem.home import Home
from test_context_fast import TRICKY, event_line, reference_tail, same_tail

NOW = "2026-07-01"


def _tail_home(root: Path, n: int = 3000, seed: int = 1) -> Home:
    r = random.Random(seed)
    home = Home(root)
    home.ledger_dir.mkdir(parents=True)
    home.state_dir.mkdir()
    lines = []
    for i in range(n):
        project = "dense" if r.random() < 0.5 else r.choice(["other", "sparse", "旅行"])
        lines.append(event_line(i, project, f"s{i // 30}"))
        if i % 250 == 0:
            lines += TRICKY
    (home.ledger_dir / "2026-01.jsonl").write_bytes(b"".join(x + b"\n" for x in lines))
    return home


def _kept(home: Home, project: str, **kw) -> src.Tail:
    return src.read_tail(home, project, cache=True, **kw)


def _same(home: Home, project: str = "dense", **kw) -> src.Tail:
    got = _kept(home, project, **kw)
    same_tail(got, src.read_tail(home, project, **kw))
    same_tail(got, reference_tail(home, project, **kw))
    return got


def _append(home: Home, lines: list[bytes], name: str = "2026-01.jsonl") -> None:
    with open(home.ledger_dir / name, "ab") as fh:  # as another process appends
        fh.write(b"".join(x + b"\n" for x in lines))


def _state_files(home: Home) -> list[Path]:
    return sorted((home.state_dir / context_tail.FOLDER).glob("*.marshal"))


KW = {"max_events": 200, "max_bytes": 200_000}


def test_the_kept_tail_follows_appends_by_other_processes(tmp_path):
    home = _tail_home(tmp_path / "h")
    _same(home, **KW)
    assert _state_files(home), "a dense project's tail is kept"
    r = random.Random(7)
    for turn in range(30):
        batch = []
        for j in range(r.randrange(0, 12)):
            i = 10_000 + turn * 100 + j
            batch.append(event_line(i, r.choice(["dense", "dense", "other", "new-one", "sparse"]), f"t{turn}"))
        if turn % 7 == 3:
            batch += TRICKY[:3]
        _append(home, batch)
        _same(home, **KW)
    for project in ("other", "sparse", "旅行", "nosuch", "new-one"):
        _same(home, project, **KW)
    _same(home, **{"max_events": 5, "max_bytes": 200_000})


def test_a_torn_last_line_is_read_once_complete(tmp_path):
    home = _tail_home(tmp_path / "h")
    _same(home, **KW)
    line = event_line(99_999, "dense", "torn")
    _append(home, [])
    with open(home.ledger_dir / "2026-01.jsonl", "ab") as fh:
        fh.write(line[:20])
    _same(home, **KW)
    with open(home.ledger_dir / "2026-01.jsonl", "ab") as fh:
        fh.write(line[20:] + b"\n")
    got = _same(home, **KW)
    assert got.events[-1]["id"] == "evt_099999"


@pytest.mark.parametrize("where", ["inside", "before"])
def test_a_hand_edit_in_place_is_seen(tmp_path, where):
    home = _tail_home(tmp_path / "h")
    before = _same(home, **KW)
    path = home.ledger_dir / "2026-01.jsonl"
    data = path.read_bytes()
    target = before.events[len(before.events) // 2] if where == "inside" else {"id": "evt_000010"}
    i = data.index(json.dumps(target["id"]).encode())
    j = data.index(b'"text":"', i) + len(b'"text":"')
    st = path.stat()
    edited = data[:j] + b"EDITED!" + data[j + 7:]  # same length, mtime put back
    with open(path, "r+b") as fh:
        fh.write(edited)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    got = _same(home, **KW)
    assert any("EDITED!" in e["text"] for e in got.events) == (where == "inside")


def test_a_file_replaced_as_git_pull_does_and_a_new_month(tmp_path):
    home = _tail_home(tmp_path / "h")
    _same(home, **KW)
    path = home.ledger_dir / "2026-01.jsonl"
    lines = path.read_bytes().split(b"\n")
    tmp = path.with_name(".incoming")
    tmp.write_bytes(b"\n".join(lines[:-400]) + b"\n" + event_line(77_777, "dense", "pulled") + b"\n")
    os.replace(tmp, path)
    got = _same(home, **KW)
    assert got.events[-1]["id"] == "evt_077777"
    _append(home, [event_line(80_000 + i, "dense", "feb") for i in range(5)], "2026-02.jsonl")
    _same(home, **KW)  # two files: read backwards as before
    _append(home, [event_line(81_000 + i, "dense", "feb") for i in range(300)], "2026-02.jsonl")
    _same(home, **KW)
    _append(home, [event_line(82_000, "dense", "feb")], "2026-02.jsonl")
    _same(home, **KW)


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty"])
def test_a_damaged_state_file_is_read_again_with_a_warning(tmp_path, damage):
    home = _tail_home(tmp_path / "h")
    _same(home, **KW)
    _append(home, [event_line(50_000, "dense", "x")])
    _same(home, **KW)
    (state,) = [p for p in _state_files(home)]
    data = state.read_bytes()
    if damage == "truncate":
        state.write_bytes(data[: len(data) // 2])
    elif damage == "flip":
        k = len(data) - 100
        state.write_bytes(data[:k] + bytes([data[k] ^ 0x20]) + data[k + 1:])
    elif damage == "garbage":
        state.write_bytes(b"not a state file at all")
    else:
        state.write_bytes(b"")
    warnings: list[str] = []
    got = src.read_tail(home, "dense", cache=True, warnings=warnings, **KW)
    same_tail(got, src.read_tail(home, "dense", **KW))
    assert len(warnings) == 1 and "read the tail again" in warnings[0]
    warnings.clear()
    same_tail(src.read_tail(home, "dense", cache=True, warnings=warnings, **KW), got)
    assert warnings == []  # rebuilt


def test_the_kept_tail_on_random_ledgers(tmp_path):
    for seed in range(8):
        r = random.Random(seed)
        home = _tail_home(tmp_path / f"h{seed}", n=r.randrange(50, 1500), seed=seed)
        kw = {"max_events": r.randrange(1, 120), "max_bytes": r.randrange(2_000, 150_000)}
        for _ in range(6):
            _same(home, **kw)
            _append(home, [r.choice([*TRICKY, event_line(r.randrange(10**6), r.choice(["dense", "x"]), "s")])
                           for _ in range(r.randrange(0, 20))])
        _same(home, **kw)


# -- episode day files ---------------------------------------------------------------------

def _days(home: Home) -> list[Path]:
    return sorted((home.state_dir / "days").glob("*.marshal"))


def _age(paths, seconds: float = 3600, wait: bool = True) -> None:
    """Mtimes into the past, then (``wait``) wait until the inodes' ctimes (moved by utime) are
    older than the racy window: a stamp that recent is not kept."""
    t = time.time() - seconds
    for p in paths:
        os.utime(p, (t, t))
    if wait:
        _settle(paths)


def _settle(paths) -> None:
    """Wait until every ctime of ``paths`` is older than context_days.RACY_NS (a ctime cannot be set)."""
    from holonmem.context_days import RACY_NS

    newest = max(os.lstat(p).st_ctime_ns for p in paths)
    delay = (newest + RACY_NS + 100_000_000 - time.time_ns()) / 1e9
    if delay > 0:
        time.sleep(delay)


def _same_block(home: Home, tasks=("fix the rounding test", None, "invoice totals decimal")) -> list:
    out = []
    for project in ("invoicer", "travel-agent", "holonmem-dev"):
        for task in tasks:
            a = build(home, task=task, project=project, now=NOW)
            b = build(home, task=task, project=project, now=NOW, catalog=False)
            assert a.warnings == b.warnings == []
            assert a.text == b.text, (project, task)
            out.append(a.text)
    return out


def _episode_home(root: Path, consolidated: Home | None = None) -> Home:
    """The sample home after the real ``holonmem consolidate`` (or a copy of ``consolidated``, one
    made so), its episode files aged; its ctimes are not yet older than the racy window."""
    from conftest import make_sample_home

    if consolidated is None:
        h = make_sample_home(root)
        p = subprocess.run([sys.executable, "-m", "holonmem", "--home", str(h.root), "consolidate"],
                           capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
    else:
        h = Home(shutil.copytree(consolidated.root, root, symlinks=True))
    assert not (h.state_dir / "days").exists(), "no day file was kept before the test's first turn"
    _age([h.episodes_dir, *h.episodes_dir.iterdir()], wait=False)
    return h


@pytest.fixture(scope="module", autouse=True)
def _episode_homes(request, tmp_path_factory) -> list:
    """One home per test of this module that asks for ``episode_home``, made (one consolidate, then
    copies) and aged when the module's first test starts: their ctimes age while the tail tests
    run, one wait of the racy window or less instead of one per test."""
    n = sum(1 for it in request.session.items
            if getattr(it, "module", None) is request.module and "episode_home" in getattr(it, "fixturenames", ()))
    root = tmp_path_factory.mktemp("episode-homes")
    homes = [_episode_home(root / "h0")] if n else []
    homes += [_episode_home(root / f"h{i}", homes[0]) for i in range(1, n)]
    return homes


@pytest.fixture
def episode_home(_episode_homes, tmp_path):
    """The sample home after the real ``holonmem consolidate``, its episode files aged past the racy
    window; a test's own (each home of ``_episode_homes`` goes to one test)."""
    h = _episode_homes.pop() if _episode_homes else _episode_home(tmp_path / "home")
    _settle([h.episodes_dir, *h.episodes_dir.iterdir()])
    return h


def test_parsed_day_files_give_the_files_block_after_edits(episode_home):
    home = episode_home
    _same_block(home)
    assert _days(home), "the day files were kept"
    _same_block(home)  # from what was kept
    day = sorted(home.episodes_dir.glob("*.md"))[-1]
    text = day.read_text(encoding="utf-8")
    # an edit in place of the same size with the old mtime put back (its ctime moved)
    st = day.stat()
    title = text.split("\n", 1)[0]
    day.write_text(text.replace(title, title[:3] + "Z" * (len(title) - 3), 1), encoding="utf-8")
    os.utime(day, ns=(st.st_atime_ns, st.st_mtime_ns))
    _same_block(home)
    # replaced by a rename (git pull, most editors), another project's episode moved in
    tmp = day.with_name(".incoming")
    tmp.write_text(text.replace("project: \"invoicer\"", "project: \"travel-agent\""), encoding="utf-8")
    os.replace(tmp, day)
    _same_block(home)
    # a day file deleted, one added (the folder's listing is kept too)
    _age([home.episodes_dir, *home.episodes_dir.iterdir()])
    _same_block(home)
    kept = len(_days(home))
    shutil.copy(day, home.episodes_dir / "2020-01-01.md")
    day.unlink()
    _same_block(home)
    _age([home.episodes_dir, *home.episodes_dir.iterdir()])
    _same_block(home)
    assert len(_days(home)) >= kept


@pytest.mark.parametrize("damage", ["truncate", "flip"])
def test_a_damaged_day_state_is_parsed_again_with_a_warning(episode_home, damage):
    home = episode_home
    want = build(home, task="fix the rounding test", project="invoicer", now=NOW, catalog=False).text
    assert build(home, task="fix the rounding test", project="invoicer", now=NOW).text == want
    for p in _days(home):
        data = p.read_bytes()
        if damage == "truncate":
            p.write_bytes(data[: len(data) - 7])
        else:
            k = len(data) - 40
            p.write_bytes(data[:k] + bytes([data[k] ^ 0x01]) + data[k + 1:])
    got = build(home, task="fix the rounding test", project="invoicer", now=NOW)
    assert got.text == want
    assert got.warnings and all("parsed the day file again" in w for w in got.warnings)
    again = build(home, task="fix the rounding test", project="invoicer", now=NOW)
    assert again.text == want and again.warnings == []


def test_the_cli_turns_keep_state_and_print_the_files_block(episode_home):
    """The real CLI, turn after turn with hook payloads appended in between."""
    home = episode_home
    env = {**os.environ, "HOLONMEM_HOME": str(home.root)}
    args = [sys.executable, "-m", "holonmem", "context", "--task", "fix the rounding test", "--project", "invoicer",
            "--now", NOW]
    for turn in range(3):
        p = subprocess.run(args, capture_output=True, text=True, env=env)
        assert p.returncode == 0 and p.stderr == "", p.stderr
        assert p.stdout == build(home, task="fix the rounding test", project="invoicer", now=NOW, catalog=False).text
        payload = {"session_id": "s-cache", "cwd": "/home/lin/src/invoicer", "hook_event_name": "UserPromptSubmit",
                   "prompt": f"turn {turn}: fix the rounding test"}
        h = subprocess.run([sys.executable, "-m", "holonmem", "hook", "claude"], input=json.dumps(payload),
                           capture_output=True, text=True, env=env)
        assert h.returncode == 0, h.stderr
    assert (home.state_dir / "days").is_dir()
