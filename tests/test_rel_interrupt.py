"""Hand commands killed at a file write (issue 18, items 1-5).

Every multi-file hand command — remember, forget, restore, promote, reject,
``dream --undo``, ``doctor --fix`` — records its writes as an intent before the
first one (``holonmem/intent.py``). The kill is injected *at* a write through
fsio's fault hook (``HOLONMEM_FAULT_WRITE=N``: SIGKILL at the N-th write, the
temp file written and not renamed, or half an append written; no timing luck).
After the kill, doctor reports the interrupted command; the retry (or the next
command that takes the pipeline lock) finishes it: no two contradicting rules
active, the change journaled exactly once, no temp file left, doctor healthy, and
the same memories, MEMORY.md lines and signal statuses as an uninterrupted run.

The fast tests below kill each command at the write the issue names; ``make
stress`` kills every command at every one of its writes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from inproc_support import run_main
from rel_support import assert_no_crash, hm_proc, instruction_events, record

NOW = "2026-07-01T12:00:00+08:00"
NPM = "For the invoicer frontend, use npm."
PNPM = "From now on use pnpm instead of npm for the invoicer frontend."
TEMP = re.compile(r"^\..+\.\d+\.[0-9a-f]{12}\.tmp$")
KILLED = -9


class Run:
    def __init__(self, code: int, stdout: str, stderr: str):
        self.code = self.exit_code = code
        self.stdout, self.stderr = stdout, stderr

    def __repr__(self) -> str:
        return f"<Run {self.code} stdout={self.stdout[-400:]!r} stderr={self.stderr[-600:]!r}>"


def hm(root: Path, *args, at: int | None = None, log: Path | None = None) -> Run:
    """The real CLI; ``at``: in a subprocess killed at its ``at``-th file write; ``log``: in a
    subprocess that counts them. Without either (the scenarios, the retries, doctor), through
    main() in this process: the fault hook's counter is the process's own, the rest is the same."""
    if not at and not log:
        assert not [k for k in os.environ if k.startswith("HOLONMEM_FAULT")]
        r = run_main("--home", root, *args)
        return Run(r.exit_code, r.stdout, r.stderr)
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOLONMEM_FAULT")}
    if at:
        env["HOLONMEM_FAULT_WRITE"] = str(at)
    if log:
        env["HOLONMEM_FAULT_LOG"] = str(log)
    p = subprocess.run([sys.executable, "-m", "holonmem", "--home", str(root), *map(str, args)],
                       capture_output=True, env=env, timeout=120)
    return Run(p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"))


def ok(root: Path, *args) -> Run:
    r = hm(root, *args)
    assert r.code == 0, r
    return r


def write_points(root: Path, args: tuple, tmp: Path) -> list[tuple[str, str]]:
    """``(what, home-relative path)`` of each file write ``args`` makes (run on a copy)."""
    probe = tmp / "probe"
    shutil.rmtree(probe, ignore_errors=True)
    shutil.copytree(root, probe, symlinks=True)
    log = tmp / "writes.log"
    log.unlink(missing_ok=True)
    r = hm(probe, *args, *(("--now", NOW) if args[0] == "dream" else ()), log=log)
    assert r.code == 0, r
    out = []
    for line in log.read_text().splitlines():
        _n, what, path = line.split("\t")
        out.append((what, os.path.relpath(path, probe)))
    shutil.rmtree(probe)
    return out


# -- the homes each command runs on -------------------------------------------------------

def new_home(path: Path) -> Path:
    from holonmem.layout import init_home

    init_home(path)
    return path


def remembered(root: Path, text: str) -> str:
    out = json.loads(ok(root, "remember", text, "--project", "invoicer", "--json").stdout)
    return next(m["path"] for m in out["memories"] if m["action"] == "create")


def with_signals(root: Path, tmp: Path) -> str:
    """Pending signals from three sessions; returns one that review shows ready."""
    ok(root, "ingest", instruction_events(tmp / "in.jsonl"))
    ok(root, "consolidate", "--now", NOW)
    groups = json.loads(ok(root, "review", "--json").stdout)["groups"]
    return groups[0]["signals"][0]


@pytest.fixture(scope="module")
def signals_base(tmp_path_factory) -> tuple[Path, str]:
    """A home with pending signals and the one review shows ready (``with_signals``), built once."""
    tmp = tmp_path_factory.mktemp("signals-base")
    root = new_home(tmp / "home")
    return root, with_signals(root, tmp)


def scenario(name: str, tmp: Path, signals: tuple[Path, str] | None = None) -> tuple[Path, tuple]:
    """A home and the hand command to kill in it; ``signals`` (``signals_base``) is copied by the
    scenarios that start from pending signals instead of ingesting and consolidating again."""
    sid = None
    if signals is not None and name in ("promote", "reject", "undo", "dream"):
        root = Path(shutil.copytree(signals[0], tmp / f"base-{name}", symlinks=True))
        sid = signals[1]
    else:
        root = new_home(tmp / f"base-{name}")
    if name == "remember":  # a superseding remember (item 2)
        remembered(root, NPM)
        return root, ("remember", PNPM, "--project", "invoicer")
    if name == "restore":  # restore of a superseded memory (item 1)
        old = remembered(root, NPM)
        remembered(root, PNPM)
        return root, ("restore", old)
    if name == "forget":
        return root, ("forget", remembered(root, NPM))
    if name in ("promote", "reject"):
        return root, (name, sid or with_signals(root, tmp))
    if name == "undo":
        if sid is None:
            with_signals(root, tmp)
        run = json.loads(ok(root, "dream", "--force", "--now", NOW, "--json").stdout)["run"]
        return root, ("dream", "--undo", run)
    if name == "dream":
        if sid is None:
            with_signals(root, tmp)
        return root, ("dream", "--force")
    if name == "doctor":  # damage doctor --fix repairs across files: the ledger and consolidate's checkpoint
        remembered(root, NPM)
        with_signals(root, tmp)
        led = next((root / "ledger").glob("*.jsonl"))
        lines = led.read_bytes().splitlines(keepends=True)
        led.write_bytes(b"".join([lines[0], lines[0], *lines[1:]]))  # a duplicate id before the checkpoint
        md = root / "MEMORY.md"
        md.write_text("".join(ln for ln in md.read_text().splitlines(keepends=True) if "memory/" not in ln))
        (root / "memory" / f".x.md.{dead_pid()}.0123456789ab.tmp").write_text("half")
        return root, ("doctor", "--fix")
    raise ValueError(name)


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


# -- what must hold after the retry ---------------------------------------------------------

def snapshot(root: Path) -> dict:
    """What the command changes: memory statuses, MEMORY.md links, signal statuses, ledger ids,
    consolidate's checkpoint."""
    from holonmem import signalstore
    from holonmem.home import Home
    from holonmem.memory import load_memories
    from holonmem.memory_index import managed_paths

    h = Home(root)
    st = signalstore.load(h)
    ids = [json.loads(ln)["id"] for p in sorted((root / "ledger").glob("*.jsonl")) for ln in p.read_text().splitlines()]
    cons = json.loads((root / ".holonmem" / "consolidate.json").read_text()) if (root / ".holonmem" / "consolidate.json").exists() else {}
    return {"memories": sorted((m.path, m.status) for m in load_memories(h)),
            "index": sorted(managed_paths((root / "MEMORY.md").read_text())),
            "signals": sorted((sid, st.status_of(sid)) for sid in st.signals),
            "ledger": ids, "checkpoint": cons.get("offsets")}


def contradictions(root: Path) -> list[tuple[str, str]]:
    """Pairs of active memories where one supersedes the other (both would reach the context)."""
    from holonmem.home import Home
    from holonmem.memory import load_memories

    active = [m for m in load_memories(Home(root)) if m.is_active]
    ids = {m.id: m for m in active}
    out = [(m.path, ids[i].path) for m in active for i in [*m.supersedes, *m.superseded_by] if i in ids]
    texts = {m.statement for m in active}
    if any("use npm" in t for t in texts) and any("pnpm" in t for t in texts):
        out.append(("npm", "pnpm"))
    return out


HEADINGS = {"remember": "## Remember by hand `", "restore": "## Restore by hand `", "forget": "## Forget by hand `",
            "promote": "## Promote by hand `", "reject": "## Reject by hand `", "undo": "## Undo of dream run `",
            "dream": "## Dream run `", "doctor": "## Doctor --fix `"}


def journal_text(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((root / "journal").glob("*.md")))


def temp_files(root: Path) -> list[str]:
    return [str(p.relative_to(root)) for p in root.rglob("*") if TEMP.match(p.name)]


def check_after_retry(name: str, root: Path, want: dict, base_entries: int) -> None:
    assert contradictions(root) == [], "two contradicting rules are active"
    n = journal_text(root).count(HEADINGS[name])
    if name == "dream":  # killed after it completed, the retry is a second (empty) run: one entry per run
        runs = json.loads((root / ".holonmem" / "dream.json").read_text())["runs"]
        assert n == base_entries + len(runs), "a dream run is not journaled exactly once"
        assert all(journal_text(root).count(f"## Dream run `{r['id']}`") == 1 for r in runs)
    elif name == "doctor":
        assert n >= 1, "doctor --fix's repairs are not journaled"
    else:
        assert n == base_entries + 1, f"{name} is journaled {n - base_entries} times"
    assert not list((root / ".holonmem" / "intents").glob("*.json")) if (root / ".holonmem" / "intents").exists() else True
    assert temp_files(root) == [], "temp files left behind"
    assert snapshot(root) == want, "the result differs from an uninterrupted run"
    d = hm(root, "doctor")
    assert_no_crash(d)
    assert d.code == 0, d


def kill_and_retry(name: str, tmp: Path, points: list[int] | None = None) -> dict:
    """Kill ``name``'s command at each of its write points (``points``: 1-based; all by default),
    retry it, check. Returns counts."""
    base, args = scenario(name, tmp)
    now = ("--now", NOW) if args[0] == "dream" else ()
    writes = write_points(base, args, tmp)
    ref = tmp / "ref"
    shutil.copytree(base, ref, symlinks=True)
    ok(ref, *args, *now)
    want = snapshot(ref)
    shutil.rmtree(ref)
    base_entries = journal_text(base).count(HEADINGS[name])
    counts = {"trials": 0, "kills": 0}
    for n in points or range(1, len(writes) + 1):
        root = tmp / f"t{n}"
        shutil.copytree(base, root, symlinks=True)
        r = hm(root, *args, *now, at=n)
        assert r.code == KILLED, (n, writes[n - 1], r)
        counts["kills"] += 1
        retry = hm(root, *args, *now)
        assert_no_crash(retry)
        assert retry.code == 0, (n, writes[n - 1], retry)
        check_after_retry(name, root, want, base_entries)
        counts["trials"] += 1
        shutil.rmtree(root)
    return counts


def point(writes: list[tuple[str, str]], what: str, path_re: str, nth: int = 1) -> int:
    """The 1-based number of the ``nth`` write of ``what`` to a path matching ``path_re``."""
    hits = [i for i, (w, p) in enumerate(writes, 1) if w == what and re.search(path_re, p)]
    assert len(hits) >= nth, (what, path_re, writes)
    return hits[nth - 1]


# -- items 1-5, one kill each (make test) ---------------------------------------------------------

def test_restore_killed_between_its_two_writes(tmp_path):
    """Item 1: the restored memory is written, the memory that had superseded it not yet:
    both rules are active. Doctor says so; the retry finishes the restore."""
    root, args = scenario("restore", tmp_path)
    writes = write_points(root, args, tmp_path)
    second = point(writes, "replace", r"^memory/.*pnpm", 1)
    assert hm(root, *args, at=second).code == KILLED
    assert contradictions(root), "the kill did not land between the two writes"
    d = hm(root, "doctor")
    assert d.code == 1 and "interrupted" in d.stdout and "restore" in d.stdout, d
    r = hm(root, *args)
    assert r.code == 0 and "finished the interrupted restore" in r.stderr, r
    assert contradictions(root) == []
    assert journal_text(root).count(HEADINGS["restore"]) == 1
    assert hm(root, "doctor").code == 0


def test_superseding_remember_killed_between_its_writes(tmp_path):
    """Item 2: the new rule is written, the old one not yet marked superseded."""
    root, args = scenario("remember", tmp_path)
    writes = write_points(root, args, tmp_path)
    second = point(writes, "replace", r"^memory/.*-use-npm", 1)
    entries = journal_text(root).count(HEADINGS["remember"])
    assert hm(root, *args, at=second).code == KILLED
    assert contradictions(root)
    r = hm(root, *args)
    assert r.code == 0 and "finished the interrupted remember" in r.stderr, r
    assert contradictions(root) == []
    assert len([m for m in snapshot(root)["memories"] if m[1] == "active"]) == 1
    assert journal_text(root).count(HEADINGS["remember"]) == entries + 1


@pytest.mark.parametrize("name", ["forget", "promote", "reject", "undo"])
def test_killed_before_the_journal_write_is_journaled_by_the_retry(tmp_path, name, signals_base):
    """Item 3: the change took effect, the journal entry was not written; the retry
    neither refuses nor does it twice: it journals it."""
    root, args = scenario(name, tmp_path, signals_base)
    writes = write_points(root, args, tmp_path)
    jw = point(writes, "replace", r"^journal/", 1)
    before = journal_text(root).count(HEADINGS[name])
    assert hm(root, *args, at=jw).code == KILLED
    assert journal_text(root).count(HEADINGS[name]) == before
    r = hm(root, *args)
    assert_no_crash(r)
    assert r.code == 0, r
    assert journal_text(root).count(HEADINGS[name]) == before + 1
    assert "Interrupted" in journal_text(root)
    assert hm(root, "doctor").code == 0


def test_remember_on_a_full_disk_is_finished_by_the_retry(tmp_path):
    """Item 4: the memory file fits, MEMORY.md does not (RLIMIT_FSIZE: EFBIG)."""
    root = new_home(tmp_path / "home")
    md = root / "MEMORY.md"
    md.write_text(md.read_text() + "".join(f"- my own note {i}: keep this line as it is\n" for i in range(400)))
    r = hm_proc("--home", root, "remember", NPM, "--project", "invoicer", fsize_limit=12_000)
    assert_no_crash(r)
    assert r.code == 1 and "stopped half-way" in r.stderr and "run the command again" in r.stderr, r
    d = hm(root, "doctor")
    assert d.code == 1 and "remember" in d.stdout and "interrupted" in d.stdout, d
    r = hm(root, "remember", NPM, "--project", "invoicer", "--json")
    assert r.code == 0, r
    out = json.loads(r.stdout)
    assert [m["action"] for m in out["memories"]] == ["create"] and "finished the interrupted remember" in out["note"]
    snap = snapshot(root)
    assert snap["index"] == [p for p, _ in snap["memories"]] and len(snap["memories"]) == 1
    assert md.read_text().count("my own note") == 400
    assert journal_text(root).count(HEADINGS["remember"]) == 1
    assert hm(root, "doctor").code == 0


def test_a_killed_atomic_write_leaves_no_temp_file_for_good(tmp_path):
    """Item 5: the temp file of a write killed before its rename is reported by doctor,
    git-ignored in a new home, and gone after the retry; doctor --fix removes stale ones."""
    root, args = scenario("forget", tmp_path)
    writes = write_points(root, args, tmp_path)
    assert hm(root, *args, at=point(writes, "replace", r"^memory/", 1)).code == KILLED
    strays = temp_files(root)
    assert any(s.startswith("memory/.") for s in strays), strays
    d = json.loads(hm(root, "doctor", "--json").stdout)
    assert {f["file"] for f in d["findings"] if f["check"] == "temp_files"} >= {s for s in strays if s.startswith("memory/")}
    assert ".*.tmp" in (root / ".gitignore").read_text().splitlines()
    if shutil.which("git"):
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        assert subprocess.run(["git", "-C", str(root), "check-ignore", "-q", strays[0]]).returncode == 0
    assert hm(root, *args).code == 0
    assert temp_files(root) == []
    for where in ("memory", "journal", ".holonmem", "."):
        (root / where / f".f.md.{dead_pid()}.0123456789ab.tmp").write_text("half")
    live = root / "memory" / f".g.md.{os.getpid()}.0123456789ab.tmp"  # a writer still running: left alone
    live.write_text("being written")
    r = hm(root, "doctor", "--fix")
    assert r.code == 0, r
    assert temp_files(root) == [str(live.relative_to(root))]
    assert "temp file" in journal_text(root)


def test_doctor_fix_killed_between_the_ledger_rewrite_and_the_checkpoint(tmp_path):
    """doctor --fix drops a duplicate ledger line and moves consolidate's checkpoint past
    it: one intent. Killed between the two, the next run moves the checkpoint."""
    root, args = scenario("doctor", tmp_path)
    writes = write_points(root, args, tmp_path)
    cp = point(writes, "replace", r"consolidate\.json$", 1)
    assert writes[cp - 2][1].startswith("ledger/"), writes  # right after the ledger rewrite
    ref = tmp_path / "ref"
    shutil.copytree(root, ref)
    ok(ref, *args)
    assert hm(root, *args, at=cp).code == KILLED
    r = hm(root, *args)
    assert r.code == 0, r
    assert snapshot(root) == snapshot(ref)
    assert journal_text(root).count(HEADINGS["doctor"]) >= 1
    assert hm(root, "doctor").code == 0


# -- every command at every write (make stress), and a few points of each in make test --------------

HAND = ["remember", "restore", "forget", "promote", "reject", "undo", "doctor"]


@pytest.mark.stress  # make test has one kill per item above; make stress also kills every write
@pytest.mark.parametrize("name", ["remember", "reject"])
def test_hand_command_killed_at_its_first_and_last_write(tmp_path, request, name):
    base, args = scenario(name, tmp_path / "probe-home")
    n = len(write_points(base, args, tmp_path))
    c = kill_and_retry(name, tmp_path, [1, n])
    record(request, "hand-command kills (first/last write)", c["kills"])


@pytest.mark.stress
@pytest.mark.parametrize("name", [*HAND, "dream"])
def test_hand_command_killed_at_every_write(tmp_path, request, name):
    c = kill_and_retry(name, tmp_path)
    record(request, f"kills at every write: {name}", c["kills"])
    record(request, "hand-command kills at every write", c["kills"])
