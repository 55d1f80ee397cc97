"""Running a dream: gating, the pipeline lock, applying a plan safely, undo.

Write order (all under the ``pipeline`` lock):

1. backups of every file the run will touch go to
   ``.holonmem/dream_runs/<run_id>/`` with a ``manifest.json`` (status
   ``started``);
2. memory files, each through a temp file + ``os.replace`` and a checksum
   guard (a file changed by hand since it was read is left alone and the
   conflict journaled; its signals stay pending for the next run);
3. MEMORY.md (same guard);
4. the status lines in ``signals.jsonl`` (only now: promoted/expired/rejected);
5. the journal entry and ``.holonmem/dream.json``; the manifest becomes ``done``.

Any error rolls back what was written; a crash (kill -9) leaves a ``started``
manifest that the next run rolls back first (and finishes what an interrupted hand
command left, :func:`holonmem.intent.recover`). ``undo_run`` restores a run's
files byte for byte from its backups and truncates its status lines away, recorded
first as an intent so a killed undo is finished by the next run.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from . import journal, signalstore
from .config import load_config
from .dream import Plan, parse_ts, plan_dream
from .errors import DirtyFileError, HolonmemError, NotFound
from .fsio import atomic_write, atomic_write_json, checksum_bytes, file_checksum, read_json, read_text_checked, write_if_unchanged
from .gcpause import paused_gc
from .home import Home
from .locks import PIPELINE, home_lock
from .memory import load_memories, render_memory, write_memory
from .memory_index import entry_for, read_index, sync_index, write_index

STATE = "dream.json"
RUNS_DIR = "dream_runs"
KEEP_RUNS = 50


@dataclass
class DreamResult:
    ran: bool
    reason: str = ""  # why not (when not due)
    plan: Plan | None = None
    run_id: str | None = None
    journal: str | None = None  # home-relative path
    conflicts: list[tuple[str, str]] = field(default_factory=list)
    index_report: object = None
    dry_run: bool = False
    entry: str = ""  # the journal entry text

    def to_json(self) -> dict:
        out = {"ran": self.ran, "dry_run": self.dry_run, "reason": self.reason or None, "run": self.run_id,
               "journal": self.journal, "conflicts": [{"path": p, "reason": r} for p, r in self.conflicts]}
        if self.plan is not None:
            out.update(self.plan.to_json())
        if self.index_report is not None:
            r = self.index_report
            out["memory_md"] = {"added": r.added, "updated": r.updated, "removed": r.removed, "compacted": r.compacted}
        return out


@dataclass
class UndoResult:
    run_id: str
    restored: list[str]
    removed: list[str]
    left: list[str]
    signals: int
    journal: str


def _now(now: dt.datetime | None) -> dt.datetime:
    n = now or dt.datetime.now(dt.timezone.utc).astimezone()
    return n if n.tzinfo else n.replace(tzinfo=dt.timezone.utc)


def _state(home: Home) -> dict:
    st = read_json(home.state_file(STATE), {}) or {}
    st.setdefault("runs", [])
    return st


def _run_dir(home: Home, run_id: str) -> Path:
    return home.state_dir / RUNS_DIR / run_id


# -- gating --------------------------------------------------------------------------

def due_check(home: Home, state: dict, sig: signalstore.SignalState, now: dt.datetime, cfg: dict) -> tuple[bool, str]:
    """Whether a dream is due, and one line saying why (not)."""
    min_hours = float(cfg.get("min_hours", 24))
    min_sessions = int(cfg.get("min_sessions", 5))
    last = parse_ts(state.get("last_run"))
    if last is not None:
        hours = (now - last).total_seconds() / 3600
        if hours < min_hours:
            return False, f"not due: last dream {hours:.1f} h ago (needs {min_hours:g} h; --force runs now)"
    pending = sig.pending()
    if not pending:
        return False, "not due: no pending signals"
    fresh = [s for s in pending if last is None or (parse_ts(s.get("created") or s.get("ts")) or now) > last]
    sessions = {s.get("session") for s in fresh if s.get("session")}
    if len(sessions) < min_sessions:
        return False, (f"not due: {len(sessions)} session(s) produced new signals since the last dream "
                       f"(needs {min_sessions}; --force runs now)")
    return True, f"due: {len(sessions)} sessions produced new signals"


def new_run_id(state: dict, now: dt.datetime, home: Home) -> str:
    base = "dream_" + now.astimezone(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    taken = {r.get("id") for r in state.get("runs", [])}
    rid, n = base, 2
    while rid in taken or _run_dir(home, rid).exists():
        rid = f"{base}-{n}"
        n += 1
    return rid


# -- backups / manifest ------------------------------------------------------------------

class _Run:
    """The backups and manifest of one run under ``.holonmem/dream_runs/<id>/``."""

    def __init__(self, home: Home, run_id: str):
        self.home = home
        self.dir = _run_dir(home, run_id)
        self.manifest = {"run": run_id, "status": "started", "files": {}, "signals": {}}

    def save(self) -> None:
        atomic_write_json(self.dir / "manifest.json", self.manifest)

    def backup(self, rel: str, planned: str | None = None) -> None:
        """Keep the current bytes of ``rel`` (or note that it does not exist)."""
        files = self.manifest["files"]
        if rel in files:
            if planned:
                files[rel]["planned"] = planned
            return
        path = self.home.root / rel
        self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            data = path.read_bytes()
            mode = os.stat(path).st_mode & 0o777
        except (FileNotFoundError, NotADirectoryError):
            files[rel] = {"existed": False, "before": None, "planned": planned}
            return
        name = f"{len(files):05d}.bak"
        atomic_write(self.dir / name, data, fsync=False)
        files[rel] = {"existed": True, "before": checksum_bytes(data), "mode": mode, "backup": name, "planned": planned}

    def restore(self, rel: str, *, only_if: set | None = None) -> str:
        """Put ``rel`` back as it was; returns 'restored', 'removed', 'same' or 'left'."""
        info = self.manifest["files"][rel]
        path = self.home.root / rel
        cur = file_checksum(path)
        if cur == info["before"]:
            return "same"
        if only_if is not None and cur not in only_if:
            return "left"
        if info["existed"]:
            atomic_write(path, (self.dir / info["backup"]).read_bytes(), mode=info.get("mode"))
            return "restored"
        try:
            path.unlink()
        except (FileNotFoundError, NotADirectoryError):
            pass
        return "removed"


def _truncate_signals(home: Home, before: int, after: int, run_id: str) -> bool:
    """Cut our status lines off signals.jsonl if nothing was appended after them."""
    path = home.signals_path
    with home_lock(home, signalstore.SIGNALS_LOCK, 30):
        try:
            size = os.path.getsize(path)
        except FileNotFoundError:
            return before == 0
        if size != after:
            return False
        if before == 0:
            tail_ok = True
        else:
            with open(path, "rb") as fh:
                fh.seek(before - 1)
                tail_ok = fh.read(1) == b"\n"
        if not tail_ok:
            return False
        if before == 0 and not _existed_before(home, run_id):
            path.unlink()
        else:
            os.truncate(path, before)
        return True


def _existed_before(home: Home, run_id: str) -> bool:
    m = read_json(_run_dir(home, run_id) / "manifest.json", {}) or {}
    return bool(m.get("signals", {}).get("existed", True))


def _rollback(home: Home, run: _Run) -> None:
    """Undo a run that did not finish: our writes go, hand edits stay."""
    m = run.manifest
    sig = m.get("signals") or {}
    if "after" in sig:
        _truncate_signals(home, sig["before"], sig["after"], m["run"])
    for rel, info in m["files"].items():
        ours = {info.get("planned")} if info.get("planned") else set()
        try:
            run.restore(rel, only_if=ours)
        except OSError:
            pass
    from .intent import sweep_temps

    sweep_temps(home, list(m["files"]))  # what a kill mid-write left beside them
    shutil.rmtree(run.dir, ignore_errors=True)
    _drop_empty_runs_dir(home)


def _drop_empty_runs_dir(home: Home) -> None:
    try:
        (home.state_dir / RUNS_DIR).rmdir()
    except OSError:
        pass


def _runs_on_disk(home: Home):
    """``(folder, manifest or None, recorded in dream.json?)`` for each run folder."""
    base = home.state_dir / RUNS_DIR
    if not base.is_dir():
        return
    done = {r.get("id") for r in _state(home)["runs"]}
    for d in sorted(base.iterdir()):
        if d.is_dir():
            yield d, read_json(d / "manifest.json", None), d.name in done


def incomplete_runs(home: Home) -> list[str]:
    """Runs a crash left half-applied (what :func:`recover_incomplete` rolls back); reads only."""
    return [d.name for d, m, recorded in _runs_on_disk(home)
            if not recorded and (m is None or m.get("status") == "started")]


def recover_incomplete(home: Home) -> list[str]:
    """Roll back runs whose manifest says ``started`` (a crash mid-run)."""
    from .intent import sweep_temps

    out = []
    for d, m, recorded in list(_runs_on_disk(home)):
        sweep_temps(home, [home.rel(d / "manifest.json")])  # a manifest save a kill cut short
        if recorded:
            if m is not None and m.get("status") == "started":
                # killed after its state was saved, before the manifest said so:
                # the run is complete; record that (its backups stay for --undo)
                m["status"] = "done"
                atomic_write_json(d / "manifest.json", m)
            continue
        if m is None or m.get("status") == "started":
            run = _Run(home, d.name)
            if m:
                run.manifest = m
            _rollback(home, run)
            out.append(d.name)
    return out


# -- the run ----------------------------------------------------------------------------------

def run_dream(home: Home, *, now: dt.datetime | None = None, force: bool = False, dry_run: bool = False,
              timeout: float = 10.0) -> DreamResult:
    """Gate, plan and (unless ``dry_run``) apply one dream."""
    now = _now(now)
    cfg = load_config(home).get("dream", {})
    if dry_run:
        with paused_gc():
            return _dream(home, now, cfg, force, True)
    with home_lock(home, PIPELINE, timeout):
        from .intent import recover

        recover_incomplete(home)
        recover(home)  # a hand command killed half-way is finished first
        with paused_gc():  # the signals, the plan, the status lines: ~10^6 containers, no cycles
            return _dream(home, now, cfg, force, False)


def _dream(home: Home, now: dt.datetime, cfg: dict, force: bool, dry_run: bool) -> DreamResult:
    state = _state(home)
    sig = signalstore.load(home)
    quick = False
    if not force:
        due, why = due_check(home, state, sig, now, cfg)
        if not due:
            # explicit, standing instructions the user typed take effect by the next session: they
            # are promoted now (journaled, undoable), the rest waits for the full dream
            if not cfg.get("explicit_now", True) or not any(is_explicit(s) for s in sig.pending()):
                return DreamResult(False, why)
            quick = True
    run_id = new_run_id(state, now, home)
    memories = load_memories(home)
    from .curate import reject_repeats, split_rejected

    pending, repeats = split_rejected(sig.pending(), sig)  # statements a person rejected are not proposed again
    if quick:
        pending = [s for s in pending if is_explicit(s)]
    plan = plan_dream(pending, [m for m in memories], now=now, run_id=run_id,
                      expiry_days=float(cfg.get("pending_expiry_days", 30)))
    reject_repeats(plan, repeats)
    index_text, index_ck = read_index(home)
    jpath = journal.journal_path(home, now)
    if dry_run:
        new_index, rep = sync_index(index_text, [entry_for(m) for m in plan.memories if m.is_active])
        return DreamResult(True, plan=plan, run_id=run_id, index_report=rep, dry_run=True,
                           journal=home.rel(jpath), entry=journal.render_entry(plan, rep, dry_run=True))
    if quick:
        plan.decisions = [d for d in plan.decisions if d.action != "skip"]  # the full dream lists what waits
        plan.scope = "explicit instructions only (the full dream is not due)"
    return apply_plan(home, plan, memories, (index_text, index_ck), now=now, quick=quick)


def is_explicit(s: dict) -> bool:
    """A pending signal the user gave as a standing instruction (see signal_model.EXPLICIT_ACTS)."""
    from .signal_model import EXPLICIT_ACTS

    return (s.get("trust") == "user-stated" and s.get("source_role") == "user"
            and "explicit_instruction" in (s.get("channels") or []) and s.get("act") in EXPLICIT_ACTS)


def apply_plan(home: Home, plan: Plan, memories: list, index: tuple[str, str | None], *, now: dt.datetime,
               quick: bool = False) -> DreamResult:
    """Write ``plan`` (made from ``memories`` and MEMORY.md ``index`` = (text, checksum) as read).

    The caller holds the pipeline lock. Files changed since they were read are
    left alone and reported in ``conflicts``; their signals stay pending.
    """
    index_text, index_ck = index
    state = _state(home)
    jpath = journal.journal_path(home, now)
    run = _Run(home, plan.run_id)
    conflicts: list[tuple[str, str]] = []
    failed: set[str] = set()
    on_disk = {m.path: m for m in memories}
    rendered = {}
    try:
        for w in plan.writes:
            if not w.memory.writable:
                conflicts.append((w.memory.path, "frontmatter does not parse; not rewritten (fix it by hand)"))
                failed.update(w.signals)
                continue
            text = render_memory(w.memory)
            rendered[w.memory.path] = text
            run.backup(w.memory.path, checksum_bytes(text.encode("utf-8")))
        run.backup(home.rel(home.memory_md))
        run.backup(home.rel(jpath))
        run.backup(home.rel(home.state_file(STATE)))
        run.manifest["signals"] = {"before": _size(home.signals_path), "existed": home.signals_path.exists()}
        run.save()
        written: list[str] = []
        final = {m.path: m for m in plan.memories}
        for w in plan.writes:
            if w.memory.path not in rendered:
                final[w.memory.path] = on_disk.get(w.memory.path) or final[w.memory.path]
                continue
            try:
                write_memory(home, w.memory, w.expected, text=rendered[w.memory.path], fsync=False)
                written.append(w.memory.path)
            except DirtyFileError:
                conflicts.append((w.memory.path, "changed on disk since this dream read it; left alone, retried next run"))
                failed.update(w.signals)
                if w.expected is None:
                    final.pop(w.memory.path, None)
                    from .memory import load_memory

                    again = load_memory(home, w.memory.path)
                    if again:
                        final[w.memory.path] = again
                else:
                    final[w.memory.path] = on_disk[w.memory.path]
        if written:
            os.sync()  # one flush for the batch: the files are on disk before any signal is marked
        entries = [entry_for(m) for m in final.values() if m.is_active]
        new_index, rep = sync_index(index_text, entries)
        if new_index != index_text:
            run.backup(home.rel(home.memory_md), checksum_bytes(new_index.encode("utf-8")))
            run.save()
            try:
                write_index(home, new_index, index_ck)
                written.append(home.rel(home.memory_md))
            except DirtyFileError:
                conflicts.append(("MEMORY.md", "changed on disk since this dream read it; left alone, retried next run"))
                rep = type(rep)()
        lines = [signalstore.status_line(sid, st, ts=plan.now, run=plan.run_id, reason=why, memory=mem)
                 for sid, st, why, mem in plan.statuses if sid not in failed]
        # decisions about signals whose write failed: they stay pending
        signal_ids = [ln["signal"] for ln in lines]
        run.manifest["signals"]["ids"] = signal_ids
        data = signalstore.encode(lines)
        run.manifest["signals"]["after"] = run.manifest["signals"]["before"] + len(data)
        run.save()
        if lines:
            signalstore.append_encoded(home, data)
        run.manifest["signals"]["after"] = _size(home.signals_path)
        entry = journal.render_entry(plan, rep, conflicts)
        jtext, jck = read_text_checked(jpath)
        new_j = journal.append_entry(jtext, entry, now.date().isoformat())
        run.backup(home.rel(jpath), checksum_bytes(new_j.encode("utf-8")))
        run.save()
        write_if_unchanged(jpath, new_j, jck)
        written.append(home.rel(jpath))
        state = dict(state)
        runs = [r for r in state.get("runs", [])]
        runs.append({"id": plan.run_id, "ts": plan.now, "counts": plan.counts(),
                     "files": sorted(set(written)), "journal": home.rel(jpath), **({"explicit_only": True} if quick else {})})
        # an explicit-only run leaves the full dream's gate (last_run) where it was
        state.update({**({} if quick else {"last_run": plan.now}), "last_run_id": plan.run_id, "runs": runs[-KEEP_RUNS:]})
        state_path = home.state_file(STATE)
        state_bytes = _json_bytes(state)
        run.backup(home.rel(state_path), checksum_bytes(state_bytes))
        for rel, info in run.manifest["files"].items():
            info["after"] = file_checksum(home.root / rel) if rel != home.rel(state_path) else checksum_bytes(state_bytes)
        run.manifest["written"] = sorted(set(written))
        run.save()
        atomic_write(state_path, state_bytes)
        run.manifest["status"] = "done"
        run.save()
    except BaseException:
        _rollback(home, run)
        raise
    _prune_runs(home, state)
    return DreamResult(True, plan=plan, run_id=plan.run_id, journal=home.rel(jpath), conflicts=conflicts,
                       index_report=rep, entry=entry)


def _json_bytes(obj) -> bytes:
    import json

    return (json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8")


def _size(path: Path) -> int:
    try:
        return os.path.getsize(path)
    except FileNotFoundError:
        return 0


def _prune_runs(home: Home, state: dict) -> None:
    """Drop backups of runs that fell out of dream.json's run list (oldest first)."""
    base = home.state_dir / RUNS_DIR
    keep = {r.get("id") for r in state.get("runs", [])}
    if not base.is_dir():
        return
    for d in base.iterdir():
        if d.name not in keep:
            m = read_json(d / "manifest.json", {}) or {}
            if m.get("status") == "done":
                shutil.rmtree(d, ignore_errors=True)


# -- undo ----------------------------------------------------------------------------------------

def undo_run(home: Home, run_id: str, *, now: dt.datetime | None = None, force: bool = False,
             timeout: float = 10.0) -> UndoResult:
    """Restore every file ``run_id`` wrote to its content before the run; its signals go back to pending.

    Planned first and recorded as an intent (:mod:`holonmem.intent`): killed half-way, the
    undo is finished by the next run (``dream --undo`` again reports it done)."""
    from .intent import Intent, finished, recover

    now = _now(now)
    request = {"action": "undo", "run": run_id}
    with home_lock(home, PIPELINE, timeout):
        recover_incomplete(home)
        rec = finished(recover(home), request)
        if rec is not None:
            return UndoResult(**{k: rec["result"][k] for k in UndoResult.__dataclass_fields__})
        state = _state(home)
        runs = state["runs"]
        idx = next((i for i, r in enumerate(runs) if r.get("id") == run_id), None)
        run = _Run(home, run_id)
        m = read_json(run.dir / "manifest.json", None)
        if idx is None or m is None:
            known = ", ".join(r.get("id", "?") for r in runs[-5:]) or "none"
            raise NotFound(f"no dream run {run_id!r} to undo (recent runs: {known})",
                           "see .holonmem/dream.json or the journal for run ids")
        run.manifest = m
        state_rel = home.rel(home.state_file(STATE))
        files = {rel for rel in m.get("written", []) if rel != state_rel}
        jrels = {rel for rel in files if rel.startswith("journal/")}
        later = [r for r in runs[idx + 1:] if set(r.get("files", [])) & (files - jrels)]
        if later and not force:
            raise HolonmemError(
                f"run {run_id} cannot be undone: later run(s) {', '.join(r['id'] for r in later)} changed the same files",
                "undo the later runs first, or pass --force to restore this run's files anyway")
        changed_since = [rel for rel in sorted(files - jrels)
                         if file_checksum(home.root / rel) not in (m["files"][rel].get("after"), m["files"][rel].get("before"))]
        hand = [rel for rel in changed_since if not any(rel in r.get("files", []) for r in runs[idx + 1:])]
        if hand and not force:
            raise HolonmemError(f"run {run_id} cannot be undone: {', '.join(hand)} changed by hand since the run",
                                "pass --force to restore them anyway (the hand edits would be lost)")
        op = f"undo_{run_id}_{os.urandom(2).hex()}"
        it = Intent(home, op, "undo", request)
        jpath = journal.journal_path(home, now)
        jrel, day = home.rel(jpath), now.date().isoformat()
        restored, removed, left = [], [], []
        back: dict[str, bytes | None] = {}  # rel -> the bytes it gets back (None: removed)
        cur_of: dict[str, str | None] = {}
        for rel in sorted(files):
            info = m["files"][rel]
            only = None if (force and rel not in jrels) else {info.get("after")}
            cur = cur_of[rel] = file_checksum(home.root / rel)
            if cur == info["before"]:
                continue
            if only is not None and cur not in only:
                left.append(rel)
                continue
            back[rel] = (run.dir / info["backup"]).read_bytes() if info["existed"] else None
            (restored if info["existed"] else removed).append(rel)
        sig = m.get("signals", {})
        ids = sig.get("ids", [])
        summary = journal.summary_line(runs[idx]["counts"]) if runs[idx].get("counts") else None
        entry = journal.render_undo_entry(run_id, now.isoformat(timespec="seconds"),
                                          restored=[r for r in restored if r not in jrels],
                                          removed=[r for r in removed if r not in jrels], signals=len(ids),
                                          undone_summary=summary, forced=bool(later and force), left=left)
        entry = entry.rstrip("\n") + f"\n- **Operation:** `{op}`\n"
        if jrel in back:  # today's journal is the run's: back to before the run, with this entry
            base = (back[jrel] or b"").decode("utf-8", errors="replace")
            back[jrel] = journal.append_entry(base, entry, day).encode("utf-8")
        for rel, data in back.items():
            it.file(rel, cur_of[rel], data, mode=m["files"][rel].get("mode"))
        if ids:
            pending = [signalstore.status_line(s, "pending", ts=now.isoformat(timespec="seconds"),
                                               reason=f"undo of {run_id}") for s in ids]
            tail = _signals_tail(home, sig.get("before", 0), sig.get("after", -1))
            if tail is not None:
                it.truncate(sig["before"], sig["after"], tail, bool(sig.get("existed", True)), pending)
            else:
                it.signals(pending)
        # dream.json: byte for byte when this was the last change, else drop the run's record
        state_info = m["files"].get(state_rel)
        if state_info and idx == len(runs) - 1 and file_checksum(home.root / state_rel) == state_info.get("after"):
            it.file(state_rel, state_info.get("after"), (run.dir / state_info["backup"]).read_bytes()
                    if state_info.get("existed") else None, force=True)
        else:
            rest = runs[:idx] + runs[idx + 1:]
            state["runs"] = rest
            state["last_run"] = rest[-1]["ts"] if rest else None
            state["last_run_id"] = rest[-1]["id"] if rest else None
            it.file(state_rel, file_checksum(home.state_file(STATE)), _json_bytes(state), force=True)
        it.rmtree(home.rel(run.dir))
        if jrel not in back:
            it.journal(jrel, day, entry)
        res = UndoResult(run_id, [r for r in restored if r not in jrels], [r for r in removed if r not in jrels],
                         left, len(ids), jrel)
        it.record["result"] = dict(res.__dict__)
        it.commit()
        return res


def _signals_tail(home: Home, before: int, after: int) -> str | None:
    """The checksum of signals.jsonl's bytes ``before``..``after`` when the file ends there
    (a run's status lines nothing was appended after), else None."""
    try:
        size = os.path.getsize(home.signals_path)
    except FileNotFoundError:
        return None
    if size != after or after <= before:
        return None
    with open(home.signals_path, "rb") as fh:
        if before:
            fh.seek(before - 1)
            if fh.read(1) != b"\n":
                return None
        fh.seek(before)
        return checksum_bytes(fh.read(after - before))
