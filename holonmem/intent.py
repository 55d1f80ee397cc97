"""Intent records: the writes of one hand command land together, even if it is killed.

Before its first file write, a command that changes several files (``remember``,
``forget``, ``restore``, ``promote``, ``reject``, ``dream --undo``, the ledger
rewrite of ``doctor --fix``) writes ``.holonmem/intents/<op>.json``: every write
it is about to make, in order, each with the checksum the file has now
(``before``) and the one it will have (``after``), the content, and the journal
entry. Then it makes the writes and removes the record.

Killed (or stopped by a full disk) in between, the record stays. The next command
that takes the pipeline lock — any of those above, ``dream`` (also when not due),
``doctor --fix`` — first rolls it forward (:func:`recover`): a step whose file
already has its ``after`` checksum is done; one whose file still has ``before`` is
applied now; one whose file a person changed since is left alone (a conflict, named
in the journal entry), and the steps that depend on it are skipped. The journal
entry is always written last, so every change that was applied is journaled.
``holonmem doctor`` reports a pending record. Steps (JSON objects):

- ``file``: ``path``, ``before``, ``after`` (``None``: remove the file), ``text`` or
  ``b64`` (absent for a big file whose content only the live run holds: if such a
  write did not happen, recovery cannot redo it and drops the steps that need it),
  optional ``force`` (derived state: written whatever it holds), ``needs`` (paths
  whose file steps must be done first), ``mode``;
- ``index``: MEMORY.md line edits ``[{"path", "entry"}]`` (``entry`` ``None``:
  remove the line), applied to MEMORY.md as it is then (only one line each);
- ``signals``: status lines to append, each tagged with our op as ``run``;
  ``needs``: ``{signal id: [paths]}``;
- ``truncate``: cut ``signals.jsonl`` back to ``before`` bytes when it still ends
  with the ``after - before`` bytes of checksum ``tail``; else append ``fallback``;
- ``journal``: the entry, appended unless the file already holds ``marker``;
- ``rmtree``: a folder under ``.holonmem/`` to remove (undo's backups).
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import os
import shutil
from pathlib import Path

from .errors import DirtyFileError, HolonmemError
from .fsio import (atomic_write_json, checksum_bytes, die, fault_point, file_checksum, pid_alive, read_text_checked,
                   stray_temps, write_if_unchanged)
from .home import Home

INTENTS_DIR = "intents"
DONE, CONFLICT, SKIPPED, UNDONE = "done", "conflict", "skipped", "not done"


def intents_dir(home: Home) -> Path:
    return home.state_dir / INTENTS_DIR


def pending(home: Home) -> list[Path]:
    """The intent records left by interrupted commands, oldest first."""
    d = intents_dir(home)
    try:
        return sorted(p for p in d.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
    except OSError:
        return []


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).astimezone().isoformat(timespec="seconds")


class Intent:
    """One command's planned writes; :meth:`commit` records them, then makes them."""

    def __init__(self, home: Home, op: str, action: str, request: dict | None = None):
        self.home = home
        self.record: dict = {"op": op, "action": action, "request": request or {}, "created": _now(),
                             "pid": os.getpid(), "steps": [], "result": {}}
        self._data: dict[str, bytes] = {}  # content of file steps not kept in the record (live run only)
        self.outcome: dict[str, str] = {}  # path -> done | conflict | skipped | not done
        self.conflicts: list[tuple[str, str]] = []
        self.appended: list[dict] = []  # signal/status lines appended (by this run)
        self.recovering = False

    # -- building ---------------------------------------------------------------------
    @property
    def op(self) -> str:
        return self.record["op"]

    @property
    def steps(self) -> list[dict]:
        return self.record["steps"]

    @property
    def path(self) -> Path:
        return intents_dir(self.home) / f"{self.op}.json"

    def file(self, rel: str, before: str | None, data: bytes | str | None, *, keep: bool = True, force: bool = False,
             required: bool = False, needs: tuple[str, ...] = (), mode: int | None = None) -> None:
        """Write ``rel`` (checksum ``before`` now; ``None``: it must not exist) to ``data`` (``None``: remove it).
        ``required``: a conflict on this step (the first) stops the command before anything is written."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        step: dict = {"kind": "file", "path": rel, "before": before, "after": None if data is None else checksum_bytes(data)}
        if data is not None:
            if keep:
                try:
                    step["text"] = data.decode("utf-8")
                except UnicodeDecodeError:
                    step["b64"] = base64.b64encode(data).decode("ascii")
            else:
                self._data[rel] = data
        for k, v in (("force", force), ("required", required), ("needs", list(needs)), ("mode", mode)):
            if v:
                step[k] = v
        self.steps.append(step)

    def index(self, lines: list[tuple[str, object | None]]) -> None:
        """MEMORY.md: the line of each ``(path, Entry)`` added or updated; ``(path, None)``: removed."""
        if lines:
            self.steps.append({"kind": "index", "lines": [{"path": p, "entry": None if e is None else dict(e.__dict__)}
                                                          for p, e in lines]})

    def signals(self, lines: list[dict], needs: dict[str, list[str]] | None = None) -> None:
        if lines:
            for ln in lines:
                ln["run"] = self.op
            self.steps.append({"kind": "signals", "lines": lines, "needs": needs or {}})

    def truncate(self, before: int, after: int, tail: str, existed: bool, fallback: list[dict]) -> None:
        for ln in fallback:
            ln["run"] = self.op
        self.steps.append({"kind": "truncate", "before": before, "after": after, "tail": tail, "existed": existed,
                           "fallback": fallback})

    def journal(self, rel: str, date: str, entry: str) -> None:
        self.steps.append({"kind": "journal", "path": rel, "date": date, "entry": entry, "marker": f"`{self.op}`"})

    def rmtree(self, rel: str) -> None:
        self.steps.append({"kind": "rmtree", "path": rel})

    # -- running -----------------------------------------------------------------------
    def begin(self) -> None:
        """Write the record (before the first write of the command)."""
        for step in self.steps:  # a path that escapes the home is refused before anything is written
            if step["kind"] in ("file", "journal"):
                self._target(step["path"])
        self.home.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        intents_dir(self.home).mkdir(mode=0o700, exist_ok=True)
        atomic_write_json(self.path, self.record)

    def commit(self) -> "Intent":
        """Record the steps, make them, remove the record. The caller holds the pipeline lock.

        A conflict on the first (``required``) step raises :class:`DirtyFileError`
        with nothing written; an I/O error later (a full disk) leaves the record for
        the next run and says so."""
        self.begin()
        try:
            self.run()
        except DirtyFileError:
            if not any(v == DONE for v in self.outcome.values()):
                self._drop()
            raise
        except OSError as exc:
            what = exc.strerror or str(exc)
            where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
            raise HolonmemError(
                f"{self.record['action']} stopped half-way: {what}{where}; what it started is recorded in "
                f"{self.home.rel(self.path)}",
                "fix the cause (free some disk space) and run the command again: it finishes the interrupted one "
                "first (so does the next remember/forget/restore/promote/reject/dream or `holonmem doctor --fix`)") from exc
        return self

    def run(self) -> None:
        for step in self.steps:
            getattr(self, "_" + step["kind"])(step)
        self._sweep()
        if fault_point("unlink", self.path):
            die()
        self._drop()

    def _drop(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        try:
            self.path.parent.rmdir()  # gone when nothing is pending
        except OSError:
            pass

    def _target(self, rel: str) -> Path:
        return self.home.writable(self.home.resolve_inside(rel))

    def _ready(self, needs) -> bool:
        return all(self.outcome.get(p, DONE) == DONE for p in needs)

    def _conflict(self, rel: str, why: str) -> None:
        self.outcome[rel] = CONFLICT
        self.conflicts.append((rel, why))

    def _file(self, step: dict) -> None:
        rel = step["path"]
        if not self._ready(step.get("needs", ())):
            self.outcome[rel] = SKIPPED
            return
        p = self._target(rel)
        cur = file_checksum(p)
        after = step["after"]
        if cur == after:
            self.outcome[rel] = DONE
            return
        if cur != step["before"] and not step.get("force"):
            if step.get("required") and not self.recovering:
                raise DirtyFileError(rel)
            self._conflict(rel, "changed on disk since it was read; left alone")
            return
        if after is None:
            if fault_point("unlink", p):
                die()
            p.unlink(missing_ok=True)
            self.outcome[rel] = DONE
            return
        data = self._data.get(rel)
        if data is None and "text" in step:
            data = step["text"].encode("utf-8")
        elif data is None and "b64" in step:
            data = base64.b64decode(step["b64"])
        if data is None:  # the content was only in the killed process: this write is not redone
            self.outcome[rel] = UNDONE
            return
        try:
            if step.get("mode") and cur is None:
                from .fsio import atomic_write

                atomic_write(p, data, mode=step["mode"])
            else:
                write_if_unchanged(p, data, cur)
        except DirtyFileError:
            if step.get("required") and not self.recovering:
                raise
            self._conflict(rel, "changed on disk while it was written; left alone")
            return
        self.outcome[rel] = DONE

    def _index(self, step: dict) -> None:
        from .memory_index import Entry, add_line, read_index, remove_line, write_index

        text, ck = read_index(self.home)
        new = text
        for item in step["lines"]:
            if self.outcome.get(item["path"], DONE) != DONE:
                continue  # its memory file was not written: its line stays as it was
            e = item.get("entry")
            new = add_line(new, Entry(**e)) if e else remove_line(new, item["path"])
        if new != text:
            try:
                write_index(self.home, new, ck)
            except DirtyFileError:
                self._conflict("MEMORY.md", "changed on disk while it was written; left alone")
                return
        self.outcome["MEMORY.md"] = DONE

    def _present(self, lines: list[dict]) -> list[dict]:
        """Those of ``lines`` not in signals.jsonl yet (only a recovery can find some there)."""
        if not self.recovering:
            return lines
        from . import signalstore

        st = signalstore.load(self.home)
        return [ln for ln in lines if not ((s := st.status.get(ln["signal"])) and s.get("run") == self.op
                                           and s.get("status") == ln["status"])]

    def _append(self, lines: list[dict]) -> None:
        from . import signalstore

        todo = self._present(lines)
        if todo:
            signalstore.append(self.home, todo)
        self.appended += lines

    def _signals(self, step: dict) -> None:
        needs = step.get("needs") or {}
        self._append([ln for ln in step["lines"] if self._ready(needs.get(ln["signal"], ()))])
        self.outcome["signals.jsonl"] = DONE

    def _truncate(self, step: dict) -> None:
        from . import signalstore
        from .locks import home_lock

        path = self.home.writable(self.home.signals_path)
        before, after = step["before"], step["after"]
        with home_lock(self.home, signalstore.SIGNALS_LOCK, 30):
            try:
                size = os.path.getsize(path)
            except FileNotFoundError:
                size = 0
            tail_ok = False
            if size == after and after > before:
                with open(path, "rb") as fh:
                    fh.seek(max(0, before - 1))
                    head = fh.read(1) if before else b"\n"
                    fh.seek(before)
                    tail_ok = head == b"\n" and checksum_bytes(fh.read(after - before)) == step["tail"]
            if tail_ok:
                if fault_point("truncate", path):
                    die()
                if before == 0 and not step.get("existed", True):
                    path.unlink()
                else:
                    os.truncate(path, before)
                self.outcome["signals.jsonl"] = DONE
                return
        if size == before:
            self.outcome["signals.jsonl"] = DONE  # cut already (by the interrupted run)
            return
        self._append(step.get("fallback") or [])
        self.outcome["signals.jsonl"] = DONE

    def _journal(self, step: dict) -> None:
        from .journal import append_entry

        p = self._target(step["path"])
        text, ck = read_text_checked(p)
        if step["marker"] in text:
            self.outcome[step["path"]] = DONE
            return
        entry = step["entry"].rstrip("\n")
        for rel, why in self.conflicts:
            entry += f"\n- **conflict** `{rel}` — {why} (not part of this change)."
        if self.recovering:
            entry += (f"\n- **Interrupted** (killed or stopped by an error) and finished by the next holonmem run "
                      f"at {_now()}.")
        write_if_unchanged(p, append_entry(text, entry + "\n", step["date"]), ck)
        self.outcome[step["path"]] = DONE

    def _rmtree(self, step: dict) -> None:
        p = self.home.root / step["path"]
        if not self.home.contains(p) or not self.home.rel(p).startswith(".holonmem/"):
            return
        shutil.rmtree(p, ignore_errors=True)
        try:
            p.parent.rmdir()  # e.g. dream_runs/ when it held only this run
        except OSError:
            pass

    def _sweep(self) -> None:
        sweep_temps(self.home, [step.get("path") if step["kind"] in ("file", "journal") else "MEMORY.md"
                                for step in self.steps if step["kind"] in ("file", "journal", "index")])


def sweep_temps(home: Home, rels) -> int:
    """Remove the temp files interrupted writes left beside the files ``rels`` (home-relative)
    whose writer is gone (the caller holds the pipeline lock, which keeps every other writer
    of these files out). Returns how many."""
    n = 0
    for rel in dict.fromkeys(r for r in rels if r):
        p = home.root / rel
        for tmp, pid in stray_temps(p.parent, p.name):
            if not pid_alive(pid):
                try:
                    tmp.unlink()
                    n += 1
                except OSError:
                    pass
    return n


def load_record(path: Path) -> dict | None:
    try:
        with open(path, "rb") as fh:
            rec = json.loads(fh.read())
    except (OSError, ValueError):
        return None
    if not isinstance(rec, dict) or not isinstance(rec.get("op"), str) or not isinstance(rec.get("steps"), list):
        return None
    return rec


def recover(home: Home) -> list[dict]:
    """Roll forward every pending intent (the caller holds the pipeline lock).

    Returns the records finished now, each with ``"conflicts"``; one that cannot be
    finished (a disk still full, an unreadable record) stays for ``doctor`` to report."""
    done = []
    for tmp, pid in stray_temps(intents_dir(home)):  # a record whose own write was interrupted
        if not pid_alive(pid):
            tmp.unlink(missing_ok=True)
    for path in pending(home):
        rec = load_record(path)
        if rec is None:
            continue
        it = Intent(home, rec["op"], rec.get("action") or "?", rec.get("request"))
        it.record = rec
        it.recovering = True
        try:
            it.run()
        except (OSError, HolonmemError):
            continue
        rec = dict(rec)
        rec["conflicts"] = it.conflicts
        rec["appended"] = it.appended
        done.append(rec)
    try:
        intents_dir(home).rmdir()
    except OSError:
        pass
    return done


def finished(recovered: list[dict], request: dict) -> dict | None:
    """The recovered record made for the same request (the retry of a killed command)."""
    for rec in recovered:
        if rec.get("request") == request:
            return rec
    return None
