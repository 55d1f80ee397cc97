"""The heartbeat: cheaply decide whether consolidate/dream are due, then run them.

``holonmem heartbeat`` (cron, every 15 minutes, as the safety net) and the
agent hooks (Stop / SessionEnd / PostToolUseFailure, via
:func:`trigger_from_hook`) call this. The decision reads only the ledger bytes
written since the consolidate checkpoint (``.holonmem/consolidate.json``):

- consolidate is due when at least ``[heartbeat] min_new_events`` events
  arrived, or a session ended, or a signal-worthy event appeared (a failed
  tool, a user correction, an explicit "from now on" / 以后 / 从现在开始);
- dream runs after every consolidate that did work (as ``holonmem dream``):
  the full dream when its gate is open, else only the user's explicit
  standing instructions, so they take effect by the next session.

Work runs as subprocesses (``python -m holonmem consolidate`` / ``dream``) so
a hook caller never waits: :func:`trigger_from_hook` starts a detached
``holonmem heartbeat`` (new session) and returns at once. A running
consolidate or dream (pipeline lock held) means skip; two heartbeats at once:
one works, the other skips (``heartbeat`` lock, timeout 0).

Everything done or skipped is logged to ``.holonmem/logs/heartbeat.log``;
``.holonmem/heartbeat.json`` keeps ``{"last_run", "last_action",
"last_reason", "last_work"}`` for ``status``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone

from .home import Home

HEARTBEAT_LOCK = "heartbeat"
STATE = "heartbeat.json"
LOG = "heartbeat.log"
LOG_MAX_BYTES = 512 * 1024
SCAN_MAX_BYTES = 4 * 1024 * 1024  # more new bytes than this: due without reading them
_CORRECTION = re.compile(
    r"(?i)\b(from now on|going forward|scratch that|that'?s (?:wrong|not right)|no,? (?:that|it)'?s|"
    r"don'?t do that|never do|always do|stop doing|instead of|i meant)\b"
    r"|以后|从现在开始|今后|不对|说错了|别再|不要再|记住"
)


# Only lines holding one of these can be signal-worthy (cheap prefilter before json.loads).
_WORTH_PARSING = (b"session_end", b'"user"', b"fail", b"error", b"is_error")


@dataclass
class Decision:
    due: bool
    reason: str
    new_events: int = 0
    triggers: list[str] = field(default_factory=list)


def _now() -> str:
    return datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")


def _checkpoint(home: Home) -> dict:
    from .fsio import read_json

    return (read_json(home.state_file("consolidate.json"), {}) or {}).get("offsets") or {}


def _signal_worthy(ev: dict) -> str | None:
    status = str(ev.get("status") or "").lower()
    kind = ev.get("kind")
    if kind == "session_end":
        return "session ended"
    if status in ("failed", "error", "failure") or (ev.get("meta") or {}).get("is_error") is True:
        return "failed tool"
    if ev.get("role") == "user" and kind in (None, "message", "task") and _CORRECTION.search(ev.get("text") or ""):
        return "user correction or standing instruction"
    return None


def decide(home: Home, *, min_new_events: int | None = None) -> Decision:
    """Is a consolidate due? Reads only the ledger bytes after the checkpoint."""
    from .ledger import end_offsets

    if min_new_events is None:
        from .config import load_config

        min_new_events = int(load_config(home)["heartbeat"].get("min_new_events", 50))
    offsets = _checkpoint(home)
    ends = end_offsets(home)
    pending = {name: (offsets.get(name, 0), end) for name, end in ends.items() if end > offsets.get(name, 0)}
    if not pending:
        return Decision(False, "no new events")
    total = sum(end - start for start, end in pending.values())
    if total > SCAN_MAX_BYTES:
        return Decision(True, f"{total:,} new ledger bytes", triggers=["backlog"])
    count = 0
    triggers: list[str] = []
    for name, (start, end) in sorted(pending.items()):
        with open(home.ledger_dir / name, "rb") as fh:
            fh.seek(start)
            data = fh.read(end - start)
        for line in data.split(b"\n"):
            if not line.strip():
                continue
            count += 1
            if not any(k in line for k in _WORTH_PARSING):
                continue
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            why = _signal_worthy(ev) if isinstance(ev, dict) else None
            if why and why not in triggers:
                triggers.append(why)
    if triggers:
        return Decision(True, ", ".join(triggers), count, triggers)
    if count >= min_new_events:
        return Decision(True, f"{count} new events (>= {min_new_events})", count)
    return Decision(False, f"{count} new events (< {min_new_events}), nothing signal-worthy", count)


def log(home: Home, line: str) -> None:
    from .fsio import append_log

    append_log(home.log_dir / LOG, [f"{_now()} pid={os.getpid()} {line}"], max_bytes=LOG_MAX_BYTES)


def _save_state(home: Home, **fields) -> None:
    from .fsio import atomic_write_json, read_json

    path = home.state_file(STATE)
    st = read_json(path, {}) or {}
    st.update(fields)
    home.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    atomic_write_json(path, st, fsync=False)


def _pipeline_busy(home: Home) -> bool:
    from .errors import LockBusy
    from .locks import PIPELINE, home_lock

    try:
        with home_lock(home, PIPELINE, 0):
            return False
    except LockBusy:
        return True


def _cli(home: Home, *args: str) -> list[str]:
    return [sys.executable, "-m", "holonmem", "--home", str(home.root), *args]


def _run_step(home: Home, name: str, timeout: float) -> dict:
    t0 = time.monotonic()
    try:
        p = subprocess.run(_cli(home, name), capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        code = p.returncode
        tail = (p.stderr.decode("utf-8", "replace").strip().splitlines() or [""])[-1][:300]
    except subprocess.TimeoutExpired:
        code, tail = None, f"timed out after {timeout:.0f}s"
    res = {"step": name, "exit": code, "seconds": round(time.monotonic() - t0, 2), "said": tail}
    log(home, f"{name}: exit={code} in {res['seconds']}s {tail}")
    return res


# -- entry points ------------------------------------------------------------------

def run(home: Home, *, force: bool = False, timeout: float = 1800.0) -> dict:
    """Decide and, when due, run consolidate (then dream) in the foreground.

    Returns ``{"action": "ran"|"skipped"|"idle", "reason": ..., "steps": [...]}``.
    Never waits for a lock: a busy heartbeat or pipeline lock means skip.
    """
    from .errors import LockBusy
    from .locks import home_lock

    try:
        with home_lock(home, HEARTBEAT_LOCK, 0):
            if _pipeline_busy(home):
                out = {"action": "skipped", "reason": "consolidate or dream is running (pipeline lock held)", "steps": []}
            else:
                d = decide(home)
                if not (d.due or force):
                    out = {"action": "idle", "reason": d.reason, "new_events": d.new_events, "steps": []}
                else:
                    reason = d.reason if d.due else f"forced ({d.reason})"
                    log(home, f"due: {reason}")
                    steps = [_run_step(home, "consolidate", timeout)]
                    # dream decides itself: the full run when due, else only the explicit instructions
                    if steps[0]["exit"] == 0:
                        steps.append(_run_step(home, "dream", timeout))
                    out = {"action": "ran", "reason": reason, "new_events": d.new_events, "steps": steps}
            log(home, f"{out['action']}: {out['reason']}")
            _save_state(home, last_run=_now(), last_action=out["action"], last_reason=out["reason"],
                        **({"last_work": _now(), "last_steps": out["steps"]} if out["action"] == "ran" else {}))
            return out
    except LockBusy:
        return {"action": "skipped", "reason": "another heartbeat is running", "steps": []}


def start_detached(home: Home) -> int | None:
    """Start ``holonmem heartbeat`` in a new session; return its pid at once."""
    home.log_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    with open(home.log_dir / LOG, "ab") as errlog:
        p = subprocess.Popen(
            _cli(home, "heartbeat"), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errlog,
            start_new_session=True, close_fds=True,
        )
    return p.pid


def kick(home: Home) -> dict:
    """Decide in-process (cheap); when due, start the work detached and return."""
    from .errors import LockBusy
    from .locks import home_lock

    if not home.ledger_dir.is_dir():
        return {"action": "idle", "reason": "no ledger in this home"}
    try:
        with home_lock(home, HEARTBEAT_LOCK, 0):
            d = decide(home)
            busy = d.due and _pipeline_busy(home)
    except LockBusy:
        return {"action": "skipped", "reason": "another heartbeat is running"}
    if not d.due:
        return {"action": "idle", "reason": d.reason}
    if busy:
        log(home, "skipped: consolidate or dream is running (pipeline lock held)")
        return {"action": "skipped", "reason": "consolidate or dream is running (pipeline lock held)"}
    pid = start_detached(home)
    log(home, f"started detached heartbeat pid={pid}: {d.reason}")
    return {"action": "started", "reason": d.reason, "pid": pid}


def trigger_from_hook(home: Home, event: dict) -> None:
    """For hook mode (Stop / SessionEnd / PostToolUseFailure): never blocks, never raises."""
    try:
        kick(home)
    except BaseException as exc:  # noqa: BLE001 - a hook must never break on memory
        try:
            log(home, f"error: {type(exc).__name__}: {exc}")
        except BaseException:  # noqa: BLE001
            pass
