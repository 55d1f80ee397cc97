"""Hook mode: one agent-hook payload on stdin → ledger → optional context.

``holonmem hook claude|codex`` runs on every agent turn, so this module is
imported without typer and imports the rest lazily. It fails open: whatever
goes wrong, the caller exits 0, prints nothing but valid JSON (or nothing) on
stdout, and the reason goes to stderr and ``.holonmem/logs/hook.log``.

- every payload is ingested (format ``claude_hook`` / ``codex_hook``), with a
  short ledger-lock timeout;
- SessionStart / UserPromptSubmit print the context envelope
  ``{"hookSpecificOutput": {"hookEventName", "additionalContext"}}`` when
  ``holonmem.context.context_for_hook`` exists (text under 10,000 chars);
- Stop / StopFailure / SessionEnd / PostToolUseFailure kick the heartbeat
  (``holonmem.heartbeat.kick``: decide here, work detached). When another
  heartbeat is running (e.g. the one a ``Stop`` started a moment before this
  ``SessionEnd``), a detached follow-up (:func:`follow_heartbeat`) waits for
  it to finish and runs the heartbeat once more, so the session's end is
  consolidated now, not at the next turn of some later session;
- a hook event recorded as nothing on purpose (configuration, worktree and
  team bookkeeping: ``claude_hook.IGNORED_EVENTS``) is logged once per client
  and event in ``.holonmem/logs/hook.log``, never silently dropped.

Also here: the client settings snippets for ``holonmem hook install`` and
their merge into an existing settings file (pure :func:`merge_settings`).
"""

from __future__ import annotations

import io
import json
import os
import re
import time
from dataclasses import dataclass, field

CLIENTS = ("claude", "codex")
MAX_PAYLOAD_BYTES = 16 * 1024 * 1024
MAX_CONTEXT_CHARS = 9_900  # both clients cut additionalContext at 10,000 characters
LOCK_TIMEOUT = 2.0
CONTEXT_EVENTS = frozenset({"SessionStart", "UserPromptSubmit"})
HEARTBEAT_EVENTS = frozenset({"Stop", "StopFailure", "SessionEnd", "PostToolUseFailure"})
LOG_NAME = "hook.log"
LOG_MAX_BYTES = 512 * 1024
SKIPS_SAID = "hook_skips.json"  # in .holonmem/: the client:event pairs already logged as skipped
FOLLOW_LOCK = "heartbeat-follow"
FOLLOW_WAIT_SECONDS = 900.0


@dataclass
class HookOutcome:
    stdout: str | None = None  # the JSON envelope, or None
    problems: list[str] = field(default_factory=list)
    event: str | None = None
    ingested: int = 0


def run_hook(
    client: str,
    data: bytes,
    *,
    home: str | None = None,
    project: str | None = None,
    session: str | None = None,
) -> HookOutcome:
    """Handle one payload; never raises (problems are returned and logged)."""
    out = HookOutcome()
    h = None
    try:
        from .home import resolve_home

        h = resolve_home(home)
    except BaseException as exc:  # noqa: BLE001 - fail open
        out.problems.append(_describe(exc))
        return out
    try:
        _handle(h, client, data, out, project=project, session=session)
    except BaseException as exc:  # noqa: BLE001 - fail open
        out.problems.append(_describe(exc))
    if out.problems:
        _log(h, client, out)
    return out


def _describe(exc: BaseException) -> str:
    msg = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {msg}" if not getattr(exc, "message", None) else msg


def _handle(h, client: str, data: bytes, out: HookOutcome, *, project, session) -> None:
    if client not in CLIENTS:
        out.problems.append(f"unknown client {client!r} (use claude or codex)")
        return
    if len(data) > MAX_PAYLOAD_BYTES:
        out.problems.append(f"payload of {len(data)} bytes is over the {MAX_PAYLOAD_BYTES}-byte limit; ignored")
        return
    if not data.strip():
        out.problems.append("empty payload on stdin; nothing to do")
        return
    try:
        payload = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        out.problems.append(f"payload is not JSON ({exc}); ignored")
        return
    if not isinstance(payload, dict) or not isinstance(payload.get("hook_event_name"), str):
        out.problems.append("payload is not a hook input (no hook_event_name); ignored")
        return
    out.event = payload["hook_event_name"]

    from .errors import InputRejected
    from .ingest import Source, ingest

    try:
        res = ingest(
            h, [Source("-", io.BytesIO(data))], fmt=f"{client}_hook", project=project, session=session,
            lock_timeout=LOCK_TIMEOUT,
        )
        out.ingested = res.ingested
    except InputRejected as exc:
        out.problems.append(exc.message.replace("\n", " "))
    except BaseException as exc:  # noqa: BLE001 - keep going: context still helps the agent
        out.problems.append(f"ingest failed: {_describe(exc)}")

    if out.event in CONTEXT_EVENTS:
        try:
            text = _context(h, client, payload)
        except BaseException as exc:  # noqa: BLE001
            out.problems.append(f"context failed: {_describe(exc)}")
            text = None
        if text:
            out.stdout = envelope(out.event, text)
    if out.ingested == 0 and not out.problems:
        _note_skip_once(h, client, out.event)
    if out.event in HEARTBEAT_EVENTS:
        try:
            _heartbeat(h, out.event)
        except BaseException as exc:  # noqa: BLE001
            out.problems.append(f"heartbeat failed: {_describe(exc)}")


def _note_skip_once(h, client: str, event: str) -> None:
    """A hook event recorded as nothing on purpose: say so in hook.log, once per client and event."""
    from .formats.claude_hook import IGNORED_EVENTS

    if event not in IGNORED_EVENTS:
        return  # e.g. a payload already stored: nothing was skipped
    from .fsio import atomic_write_json, read_json

    path = h.state_file(SKIPS_SAID)
    said = read_json(path, []) or []
    key = f"{client}:{event}"
    if key in said:
        return
    _log(h, client, HookOutcome(event=event, problems=[
        f"{event} records nothing (nothing in it to remember); skipped on purpose, said once"]))
    h.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    atomic_write_json(path, sorted({*said, key}), fsync=False)


def _heartbeat(h, event: str) -> None:
    """Kick the heartbeat; when another one is running, leave a follow-up that runs after it."""
    try:
        from .heartbeat import kick, log
    except ImportError:
        return  # the heartbeat is not part of this build
    res = kick(h)
    if res.get("action") == "skipped":
        log(h, f"hook {event}: {res.get('reason')}; a follow-up heartbeat runs when it is done")
        start_follow_up(h)


def start_follow_up(h) -> None:
    """Start :func:`follow_heartbeat` detached (``holonmem hook _follow-heartbeat``); returns at once."""
    import subprocess
    import sys

    h.log_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    with open(h.log_dir / "heartbeat.log", "ab") as errlog:
        subprocess.Popen(
            [sys.executable, "-m", "holonmem", "hook", "_follow-heartbeat", "--home", str(h.root)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errlog, start_new_session=True, close_fds=True,
        )


def follow_heartbeat(home: str | None, *, wait: float = FOLLOW_WAIT_SECONDS) -> int:
    """Wait until no heartbeat, consolidate or dream runs, then run the heartbeat once (detached helper).

    One follow-up at a time (a second one finds the follow lock held and
    leaves); it gives up after ``wait`` seconds. Never raises.
    """
    from .errors import LockBusy
    from .heartbeat import HEARTBEAT_LOCK, log, run
    from .home import resolve_home
    from .locks import PIPELINE, home_lock

    try:
        h = resolve_home(home)
        with home_lock(h, FOLLOW_LOCK, 0):
            deadline = time.monotonic() + wait
            while True:
                try:
                    with home_lock(h, HEARTBEAT_LOCK, max(0.0, deadline - time.monotonic())):
                        pass
                    with home_lock(h, PIPELINE, max(0.0, deadline - time.monotonic())):
                        pass
                except LockBusy:
                    log(h, f"follow-up: still busy after {wait:.0f}s; the next hook or cron runs the heartbeat")
                    return 0
                res = run(h)
                if res.get("action") != "skipped" or time.monotonic() >= deadline:
                    log(h, f"follow-up: {res.get('action')}: {res.get('reason')}")
                    return 0
                time.sleep(0.5)  # it lost the race for the lock: wait for that run too
    except LockBusy:
        return 0  # another follow-up already waits
    except BaseException as exc:  # noqa: BLE001 - a detached helper: log, never crash loudly
        try:
            log(h, f"follow-up error: {type(exc).__name__}: {exc}")
        except BaseException:  # noqa: BLE001
            pass
        return 0


def _context(h, client: str, payload: dict) -> str | None:
    try:
        from .context import context_for_hook
    except ImportError:
        return None  # the context engine is not installed in this build
    text = context_for_hook(h, client=client, payload=payload)
    return text if isinstance(text, str) and text.strip() else None


def envelope(event: str, text: str) -> str:
    """The hook reply both clients read: additional context for the model."""
    if len(text) > MAX_CONTEXT_CHARS:
        note = "\n[holonmem: context cut to fit the 10,000-character hook limit; run `holonmem context` for all of it]"
        text = text[: MAX_CONTEXT_CHARS - len(note)].rstrip() + note
    return json.dumps({"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}}, ensure_ascii=False)


def _log(h, client: str, out: HookOutcome) -> None:
    from .fsio import append_log

    stamp = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    try:
        append_log(h.log_dir / LOG_NAME, [f"{stamp} {client} {out.event or '-'}: {p}" for p in out.problems],
                   max_bytes=LOG_MAX_BYTES)
    except OSError:
        pass


# -- settings for `holonmem hook install` -----------------------------------

CLAUDE_EVENTS = ("SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "Stop", "SessionEnd")
# Codex has no PostToolUseFailure or SessionEnd hook (a failed tool fires PostToolUse).
CODEX_EVENTS = ("SessionStart", "UserPromptSubmit", "PostToolUse", "Stop")
TOOL_EVENTS = frozenset({"PreToolUse", "PostToolUse", "PostToolUseFailure"})
HOOK_TIMEOUT_SECONDS = 10


def hook_command(client: str, home: str | None = None) -> str:
    """``holonmem hook <client> [--home H]``; ``python -m holonmem`` when
    ``holonmem`` is not on PATH (a venv install)."""
    import shlex
    import shutil
    import sys

    exe = "holonmem" if shutil.which("holonmem") else f"{shlex.quote(sys.executable)} -m holonmem"
    cmd = f"{exe} hook {client}"
    return f"{cmd} --home {shlex.quote(home)}" if home else cmd


def settings_snippet(client: str, home: str | None = None) -> dict:
    """The ``{"hooks": {...}}`` block for ``client``'s settings file."""
    events = CLAUDE_EVENTS if client == "claude" else CODEX_EVENTS
    handler = {"type": "command", "command": hook_command(client, home), "timeout": HOOK_TIMEOUT_SECONDS}
    hooks: dict = {}
    for ev in events:
        group: dict = {"matcher": "*"} if ev in TOOL_EVENTS else {}
        group["hooks"] = [dict(handler)]
        hooks[ev] = [group]
    return {"hooks": hooks}


def settings_path(client: str, project_dir: str | None = None) -> str:
    """Where the client reads hooks: the project's (with ``project_dir``) or the user's."""
    rel = os.path.join(".claude", "settings.json") if client == "claude" else os.path.join(".codex", "hooks.json")
    if project_dir:
        return os.path.join(os.path.abspath(os.path.expanduser(project_dir)), rel)
    if client == "codex" and os.environ.get("CODEX_HOME"):
        return os.path.join(os.environ["CODEX_HOME"], "hooks.json")
    return os.path.join(os.path.expanduser("~"), rel)


def _is_ours(handler) -> bool:
    cmd = str(handler.get("command", "")) if isinstance(handler, dict) else ""
    return "holonmem" in cmd and re.search(r"\bhook (?:claude|codex)\b", cmd) is not None


def merge_settings(existing: dict, snippet: dict) -> tuple[dict, int]:
    """``existing`` settings with the snippet's hooks added; also how many were added.

    Never drops or changes a hook that is there; a holonmem hook already
    registered for an event (any ``holonmem hook …`` command) is left alone,
    so installing twice adds nothing.
    """
    merged = json.loads(json.dumps(existing))
    hooks = merged.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise ValueError("its \"hooks\" entry is not an object")
    added = 0
    for event, groups in snippet["hooks"].items():
        current = hooks.setdefault(event, [])
        if not isinstance(current, list):
            raise ValueError(f"its hooks.{event} entry is not a list")
        if any(_is_ours(hd) for g in current if isinstance(g, dict) for hd in (g.get("hooks") or [])):
            continue
        current.extend(json.loads(json.dumps(groups)))
        added += 1
    return merged, added


@dataclass
class InstallResult:
    path: str
    added: int
    backup: str | None
    snippet: dict


def install(client: str, *, project_dir: str | None = None, home: str | None = None, write: bool = False) -> InstallResult:
    """Build the snippet and, with ``write``, merge it into the settings file
    (the previous file is kept as ``<file>.bak``)."""
    from .errors import FormatError, UsageError
    from .fsio import atomic_write

    if client not in CLIENTS:
        raise UsageError(f"unknown client {client!r}", "use claude or codex")
    snippet = settings_snippet(client, home)
    path = settings_path(client, project_dir)
    if not write:
        return InstallResult(path, 0, None, snippet)
    raw = None
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except FileNotFoundError:
        pass
    existing: dict = {}
    if raw is not None and raw.strip():
        try:
            existing = json.loads(raw)
        except ValueError as exc:
            raise FormatError(path, None, f"not valid JSON ({exc})", "fix the file by hand, then run the command again") from None
        if not isinstance(existing, dict):
            raise FormatError(path, None, "not a JSON object", "fix the file by hand, then run the command again")
    try:
        merged, added = merge_settings(existing, snippet)
    except ValueError as exc:
        raise FormatError(path, None, str(exc), "fix the file by hand, then run the command again") from None
    backup = None
    if added:
        if raw is not None:
            backup = path + ".bak"
            atomic_write(backup, raw, mode=0o600)
        atomic_write(path, json.dumps(merged, indent=2, ensure_ascii=False) + "\n", mode=0o644 if raw is None else None)
    return InstallResult(path, added, backup, snippet)
