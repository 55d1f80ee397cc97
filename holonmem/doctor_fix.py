"""The repairs of ``holonmem doctor --fix`` (the caller holds the pipeline lock).

Order: interrupted commands first (their intent records rolled forward, a
half-applied dream rolled back), stray temp files, permissions, memory
frontmatter, MEMORY.md, ledger, signals, and the search index last (it must see
the repaired files). Each repair re-reads what it changes under the right lock
instead of trusting the findings blindly, and every line it takes out of a file
is quarantined first. What ``--fix`` repairs is journaled: the entry is planned
(as an intent record) before the first repair and written after the last, so a
killed ``--fix`` is journaled too; a ledger rewrite and the move of consolidate's
checkpoint past the removed lines are one intent as well.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

from .doctor_model import Finding, quarantine
from .fsio import atomic_write, read_json, read_text_checked, write_if_unchanged
from .home import Home


def fix_all(home: Home, findings: list[Finding], *, timeout: float = 10.0) -> None:
    by = lambda c: [f for f in findings if f.check == c and f.fixable and not f.fixed]  # noqa: E731
    interrupted(home, by("interrupted"))
    todo = [f for f in findings if f.fixable and not f.fixed]
    it = _journal_plan(home, todo)
    temp_files(home, by("temp_files"))
    permissions(home, by("permissions"))
    memories(home, by("frontmatter"))
    memory_index(home, by("memory_index"))
    rewrote = bool(by("ledger"))
    if rewrote:
        ledger(home, by("ledger"), timeout)
    signals(home, by("signals"), timeout)
    episodes(home, by("episodes"))
    # last: the index must see every repaired file (re-checked: the repairs above may have staled it)
    from .doctor_checks import index as check_index

    now: list[Finding] = []
    check_index(home, now)
    if any(f.fixable for f in now) or rewrote:
        index(home, by("index"), rewritten=rewrote or any(f.data.get("rewritten") for f in now))
    if it is not None:
        it.steps[-1]["entry"] = _entry(it, [f for f in findings if f.fixed], planned=False)
        from .errors import DirtyFileError

        try:
            it.run()
        except (DirtyFileError, OSError):
            pass  # the record stays: the next run writes the planned entry (doctor reports it meanwhile)


# -- the journal entry ------------------------------------------------------------------

def _line(f: Finding, verb: str, what: str) -> str:
    where = f"{f.file}:{f.line}" if f.line else f.file
    return f"- **{verb}** `{where}` ({f.check}) — {f.problem}" + (f" → {what}" if what else "") + "."


def _entry(it, found: list[Finding], *, planned: bool) -> str:
    head = [f"## Doctor --fix `{it.op}`", "", f"- **Time:** {it.record['created']}"]
    if planned:
        body = [_line(f, "repairing", "") for f in found]
    else:
        body = [_line(f, "fixed", f.fixed) for f in found] or ["- Nothing needed repairing after all."]
    return "\n".join(head + body) + "\n"


def _journal_plan(home: Home, todo: list[Finding]):
    """The intent holding this run's journal entry (the repairs about to be made), recorded
    before the first repair; None when there is nothing to repair or no journal can be written."""
    from .errors import UnsafePath
    from .intent import Intent
    from .journal import journal_path

    todo = [f for f in todo if f.check not in ("interrupted", "index")]
    if not todo:
        return None
    now = dt.datetime.now(dt.timezone.utc).astimezone()
    op = f"doctor_{now.astimezone(dt.timezone.utc):%Y%m%dT%H%M%SZ}_{os.urandom(2).hex()}"
    it = Intent(home, op, "doctor --fix")
    try:
        jpath = journal_path(home, now)
        it.journal(home.rel(jpath), now.date().isoformat(), "")
        it.steps[-1]["entry"] = _entry(it, todo, planned=True)
        it.begin()
    except (UnsafePath, OSError):
        return None  # a journal/ linked out of the home (reported by the writers) or a full disk
    return it


# -- interrupted commands, temp files ----------------------------------------------------

def interrupted(home: Home, found: list[Finding]) -> None:
    from .dream_apply import recover_incomplete
    from .intent import recover

    if not found:
        return
    for f in found:
        if f.data.get("kind") == "bad":
            path = home.root / f.file
            try:
                q = quarantine(home, f.file, path.read_bytes())
                path.unlink()
                f.fixed = f"moved it to {q}"
            except OSError as exc:
                f.fix = f"could not move it ({exc.strerror or exc})"
    rolled = set(recover_incomplete(home)) if any(f.data.get("kind") == "dream" for f in found) else set()
    done = {r["op"]: r for r in recover(home)}
    for f in found:
        if f.data.get("kind") == "intent" and f.data.get("op") in done:
            c = done[f.data["op"]].get("conflicts") or []
            f.fixed = "finished it (journaled)" + (f"; left alone, changed by hand since: {', '.join(p for p, _ in c)}" if c else "")
        elif f.data.get("kind") == "dream" and f.data.get("run") in rolled:
            f.fixed = "rolled it back (dream again to apply it)"


def temp_files(home: Home, found: list[Finding]) -> None:
    from .doctor_checks import TEMP_IGNORE, temp_files as stale

    gone = {home.rel(p) for p, _ in stale(home)}  # checked again: only what is still stale
    for f in found:
        if f.data.get("kind") == "gitignore":
            path = home.root / ".gitignore"
            text, ck = read_text_checked(path)
            add = ("" if text.endswith("\n") or not text else "\n") + f"# temp files of interrupted writes\n{TEMP_IGNORE}\n"
            try:
                write_if_unchanged(path, text + add, ck)
                f.fixed = f"added {TEMP_IGNORE}"
            except Exception as exc:  # noqa: BLE001 - a person is editing it: say so, go on
                f.fix = f"not changed: {exc}"
        elif f.file in gone:
            try:
                (home.root / f.file).unlink()
                f.fixed = "removed it"
            except FileNotFoundError:
                f.fixed = "already gone"
            except OSError as exc:
                f.fix = f"could not remove it ({exc.strerror or exc})"


def permissions(home: Home, found: list[Finding]) -> None:
    for f in found:
        try:
            os.chmod(home.root / f.file, 0o600)
            f.fixed = "chmod 600"
        except OSError as exc:
            f.fix = f"chmod failed: {exc.strerror}"


# -- memory frontmatter -----------------------------------------------------------------

def _file_time(home: Home, rel: str) -> str:
    t = os.stat(home.root / rel).st_mtime
    return dt.datetime.fromtimestamp(t, dt.timezone.utc).astimezone().isoformat(timespec="seconds")


def salvage_frontmatter(text: str) -> str | None:
    """The file text with a frontmatter that parses: lines that parse on their own are kept,
    the others become ``# `` YAML comments (never dropped). None when there is nothing to salvage."""
    from .frontmatter import load_yaml, split_frontmatter

    text = text.removeprefix("\ufeff")
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return None
    fm_text, body = split_frontmatter(text)
    if fm_text is None:  # not closed: the frontmatter ends at the first blank line
        end = next((i for i in range(1, len(lines)) if not lines[i].strip()), len(lines))
        fm_lines, body = lines[1:end], "\n".join(lines[end + 1:])
    else:
        fm_lines = fm_text.split("\n")
        if fm_lines and fm_lines[-1] == "":
            fm_lines.pop()
    # group each top-level key with its indented continuation lines
    chunks: list[list[str]] = []
    for ln in fm_lines:
        if chunks and (ln.startswith((" ", "\t", "-")) or not ln.strip()):
            chunks[-1].append(ln)
        else:
            chunks.append([ln])
    kept: list[str] = [] if SALVAGE_NOTE in fm_lines else [SALVAGE_NOTE]
    seen: set[str] = set()
    for ch in chunks:
        block = "\n".join(ch)
        ok = False
        if not block.lstrip().startswith("#"):
            try:
                data = load_yaml(block)
                # a key already kept (both sides of a resolved git conflict): the first one stays
                ok = isinstance(data, dict) and not (set(map(str, data)) & seen)
                if ok:
                    seen.update(map(str, data))
            except Exception:  # noqa: BLE001 - any YAML error: keep the text as a comment
                ok = False
        else:
            ok = not _CONTROL.search(block)  # YAML refuses a NUL even in a comment
        kept += ch if ok else [f"#! {_visible(x.removeprefix('#! '))}" for x in ch]
    return "---\n" + "\n".join(kept) + "\n---\n" + body


SALVAGE_NOTE = "# holonmem doctor: lines starting with '#!' did not parse as YAML; fix them and remove the '#! '"
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


def _visible(line: str) -> str:
    """A line that YAML accepts in a comment: control characters (a NUL) written as ``\\xNN``."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256 else f"\\u{ord(m.group()):04x}", line)


def memories(home: Home, found: list[Finding]) -> None:
    from .errors import DirtyFileError
    from .memory import load_memory, write_memory

    for f in found:
        kind = f.data.get("kind")
        try:
            if kind == "unparsed":
                text, ck = read_text_checked(home.root / f.file)
                new = salvage_frontmatter(text)
                if new is None or new == text:
                    continue  # nothing more to salvage: a second --fix changes nothing
                q = quarantine(home, f.file, text)
                write_if_unchanged(home.root / f.file, new, ck)
                f.fixed = f"kept the lines that parse, commented out the others (copy: {q})"
                mem = load_memory(home, f.file)
                if mem is not None and mem.writable and mem.filled:
                    _fill(home, mem)
                continue
            mem = load_memory(home, f.file)
            if mem is None or not mem.writable:
                continue
            if kind == "value" and f.data.get("key"):
                key = f.data["key"]
                fm = mem.frontmatter
                old = fm.get(key)
                fm[key] = getattr(mem, key)
                fm.yaml_add_eol_comment(f"was {old!r} (holonmem doctor)", key)
                write_memory(home, mem, mem.checksum)
                f.fixed = f"{key}: {getattr(mem, key)} (the old value {old!r} kept as a comment)"
            elif kind == "filled":
                f.fixed = "wrote defaults: " + _fill(home, mem)
        except DirtyFileError:
            f.fix = "changed while doctor ran; run doctor again"
        except OSError as exc:
            f.fix = f"could not repair it ({exc.strerror or exc}); fix it by hand"


def _fill(home: Home, mem) -> str:
    from .memory import write_memory

    if not mem.created:
        mem.created = _file_time(home, mem.path)
    mem.updated = mem.updated or mem.created
    mem.valid_from = mem.valid_from or mem.created
    filled = ", ".join(f"{k}={getattr(mem, k)}" for k in mem.filled if k != "hook")
    write_memory(home, mem, mem.checksum)
    return filled


# -- MEMORY.md --------------------------------------------------------------------------

def memory_index(home: Home, found: list[Finding]) -> None:
    from .memory import load_memory
    from .memory_index import add_line, entry_for, read_index, write_index

    if not found:
        return
    text, ck = read_index(home)
    lines = text.split("\n")
    moved: list[str] = []
    for f in found:
        line = f.data.get("line")
        if line is None:
            continue
        if f.line and f.line <= len(lines) and lines[f.line - 1] == line:
            lines[f.line - 1] = None  # type: ignore[call-overload]
            moved.append(f"MEMORY.md:{f.line}: {line}")
    new = "\n".join(x for x in lines if x is not None)
    for f in found:
        if "path" in f.data:
            mem = load_memory(home, f.data["path"])
            if mem is not None and mem.is_active:
                new = add_line(new, entry_for(mem))
                f.fixed = "added its line to MEMORY.md"
    if new == text:
        return
    q = quarantine(home, "MEMORY.md.lines", "\n".join(moved) + "\n") if moved else None
    write_index(home, new, ck)
    for f in found:
        if f.data.get("line") is not None and f"MEMORY.md:{f.line}: {f.data['line']}" in moved:
            f.fixed = f"moved the line to {q}"


# -- ledger -----------------------------------------------------------------------------

def _shift(off: int, spans: list[tuple[int, int]]) -> int:
    """An offset of the old file in the new one (``spans``: removed (offset, bytes))."""
    return off - sum(n for o, n in spans if o < off)


def ledger(home: Home, found: list[Finding], timeout: float) -> None:
    """Under the ledger lock: cut a torn tail, then rewrite each file without bad and duplicate lines."""
    from .doctor_checks import scan_file
    from .ledger import ledger_files, open_id_map, repair_tail
    from .locks import LEDGER, home_lock

    removed: dict[str, list[tuple[int, int]]] = {}
    notes: dict[str, str] = {}
    with home_lock(home, LEDGER, timeout):
        for p in ledger_files(home):
            q = repair_tail(home, p)
            if q:
                notes[home.rel(p)] = f"moved the torn tail to {home.rel(Path(q))}"
        idx = open_id_map(home)
        try:
            idx.catch_up(ledger_files(home))
            dups: dict[str, dict[int, str]] = {}
            for name, off, eid in idx.duplicates():
                dups.setdefault(name, {})[off] = eid
            for p in ledger_files(home):
                bad, _ = scan_file(p)
                drop = {off: why for _, off, _, why in bad}
                drop.update({off: f"duplicate id {eid}" for off, eid in dups.get(p.name, {}).items()})
                if not drop:
                    continue
                data = p.read_bytes()
                keep, moved, spans = [], [], []
                pos = 0
                while pos < len(data):
                    nl = data.find(b"\n", pos)
                    end = len(data) if nl < 0 else nl + 1
                    if pos in drop:
                        moved.append(data[pos:end])
                        spans.append((pos, end - pos))
                    else:
                        keep.append(data[pos:end])
                    pos = end
                q = quarantine(home, f"ledger/{p.name}", b"".join(moved))
                _rewrite(home, p, data, b"".join(keep), {p.name: spans})
                removed[p.name] = spans
                notes[home.rel(p)] = f"moved {len(moved)} line(s) to {q} and rewrote the file"
            idx.catch_up(ledger_files(home))  # the fingerprint sees the rewrite and re-reads
        finally:
            idx.close()
    for f in found:
        if f.file in notes:
            f.fixed = notes[f.file]


def _rewrite(home: Home, path: Path, old: bytes, new: bytes, removed: dict[str, list[tuple[int, int]]]) -> None:
    """Rewrite a ledger file and move consolidate's checkpoint past the removed lines, as one
    intent: killed between the two, the next pipeline run moves the checkpoint (a checkpoint
    left pointing into the old file would re-read or skip events)."""
    from .fsio import checksum_bytes, file_checksum
    from .intent import Intent

    rel = home.rel(path)
    it = Intent(home, f"doctor_ledger_{os.getpid()}_{os.urandom(3).hex()}", "doctor --fix (ledger rewrite)")
    it.file(rel, checksum_bytes(old), new, keep=False)  # the new bytes are not copied into the record
    state_path = home.state_file("consolidate.json")
    st = read_json(state_path, None)
    if isinstance(st, dict):
        it.file(home.rel(state_path), file_checksum(state_path), _json(_remapped(st, removed)), needs=(rel,))
    it.commit()


def _json(obj) -> bytes:
    import json

    return (json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8")


def _remapped(st: dict, removed: dict[str, list[tuple[int, int]]]) -> dict:
    """Consolidate's state with its checkpoint offsets (and open-session positions) moved past
    the removed lines (pure)."""
    offs = st.get("offsets") or {}
    for name, spans in removed.items():
        if name in offs:
            offs[name] = _shift(int(offs[name]), spans)
    gone = {(name, o) for name, spans in removed.items() for o, _ in spans}
    for key, items in list((st.get("open") or {}).items()):
        new = []
        for item in items:
            try:
                name, off, length = item
            except (TypeError, ValueError):
                continue
            if (name, off) in gone:
                continue
            new.append([name, _shift(off, removed.get(name, [])), length])
        st["open"][key] = new
    return st


# -- signals ----------------------------------------------------------------------------

def signals(home: Home, found: list[Finding], timeout: float) -> None:
    from . import signalstore
    from .locks import home_lock

    bad = [f for f in found if not f.data.get("signal")]
    if bad:
        with home_lock(home, signalstore.SIGNALS_LOCK, timeout):
            path = home.signals_path
            data = path.read_bytes()
            raw_lines = data.split(b"\n")
            if not raw_lines[-1]:
                raw_lines.pop()  # the file ends with a newline; a last line without one is still a line
            errors = {n for n, _ in signalstore.load(home).errors}
            keep = [ln + b"\n" for n, ln in enumerate(raw_lines, 1) if n not in errors]
            moved = [ln + b"\n" for n, ln in enumerate(raw_lines, 1) if n in errors]
            if moved:
                q = quarantine(home, "signals.jsonl", b"".join(moved))
                atomic_write(path, b"".join(keep))
                for f in bad:
                    f.fixed = f"moved the line to {q} and rewrote the file"
    lines = []
    now = dt.datetime.now(dt.timezone.utc).astimezone().isoformat(timespec="seconds")
    for f in found:
        sid = f.data.get("signal")
        if sid:
            lines.append(signalstore.status_line(sid, "rejected", ts=now, run="doctor",
                                                 reason="evidence missing from the ledger: " + ", ".join(f.data["missing"][:5])))
            f.fixed = "marked rejected (status line appended)"
    if lines:
        signalstore.append(home, lines, timeout=timeout)


# -- index ------------------------------------------------------------------------------

def index(home: Home, found: list[Finding], *, rewritten: bool) -> None:
    from . import index as ix

    if rewritten:
        res = ix.rebuild(home, reason="doctor --fix")
        what = f"rebuilt the search index ({res['documents']} documents)"
    else:
        res = ix.update(home)
        what = "brought the search index up to date"
    for f in found:
        f.fixed = what


# -- episodes ---------------------------------------------------------------------------

def episodes(home: Home, found: list[Finding]) -> None:
    """Keep each damaged episode section as plain text: a marker line under its
    heading makes the parser pass it by (no problem, no episode). Nothing is
    removed; the whole day file is quarantined first, and a file edited since it
    was read is left alone."""
    from .episodes import NOT_EPISODE_MARK, damaged_sections
    from .errors import DirtyFileError

    for rel in sorted({f.file for f in found}):
        path = home.root / rel
        text, ck = read_text_checked(path)
        date = Path(rel).stem
        bad = set(damaged_sections(text, date, rel))
        if not bad:
            continue
        q = quarantine(home, rel, text)
        lines = text.splitlines(keepends=True)
        for n in sorted(bad, reverse=True):  # heading line numbers, 1-based
            lines.insert(n, NOT_EPISODE_MARK + "\n")
        try:
            write_if_unchanged(path, "".join(lines), ck)
        except DirtyFileError as exc:  # the person is editing it right now
            for f in found:
                if f.file == rel:
                    f.fix = f"not changed: {exc}"
            continue
        for f in found:
            if f.file == rel:
                f.fixed = f"section kept as plain text (marked); copy in {q}"
