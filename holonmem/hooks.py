"""Hook mode: one agent-hook payload on stdin → ledger → optional context.

``holonmem hook claude|codex`` runs on every agent turn, so this module is
imported without typer and imports the rest lazily. It fails open: whatever
goes wrong, the caller exits 0, prints nothing but valid JSON (or nothing) on
stdout, and the reason goes to stderr and ``.holonmem/logs/hook.log`` (with
``HOLONMEM_DEBUG=1`` a traceback too) — a module that fails to import included:
nothing is skipped silently.

- every payload is ingested (format ``claude_hook`` / ``codex_hook``), with a
  short ledger-lock timeout;
- SessionStart / UserPromptSubmit print the context envelope
  ``{"hookSpecificOutput": {"hookEventName", "additionalContext"}}``
  (``context.envelope_json``, under ``context.HOOK_MAX_CHARS``: 10,000 chars);
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
from .records import dataclass, field  # not dataclasses: it imports inspect (~10 ms a turn)

from .formats import CLIENTS  # the one registry of clients

MAX_PAYLOAD_BYTES = 16 * 1024 * 1024
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
    from .errors import debug_enabled

    if debug_enabled():
        import sys
        import traceback

        traceback.print_exception(exc, file=sys.stderr)
    msg = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {msg}" if not getattr(exc, "message", None) else msg


def _handle(h, client: str, data: bytes, out: HookOutcome, *, project, session) -> None:
    if client not in CLIENTS:
        out.problems.append(f"unknown client {client!r} (use {' or '.join(CLIENTS)})")
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
            h, [Source("-", io.BytesIO(data))], fmt=CLIENTS[client].hook_format, project=project, session=session,
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
    from .heartbeat import kick, log

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
    from .context_build import for_hook

    text = for_hook(h, client=client, payload=payload)
    return text if isinstance(text, str) and text.strip() else None


def envelope(event: str, text: str) -> str:
    """The hook reply both clients read (context.envelope_json), kept under the one limit,
    context.HOOK_MAX_CHARS: context_build.for_hook already shrinks its budget until it fits, so
    the cut here only catches what shrinking could not."""
    from .context import HOOK_MAX_CHARS, envelope_json

    out = envelope_json(event, text)
    if len(out) < HOOK_MAX_CHARS:
        return out
    note = f"\n[holonmem: context cut to fit the {HOOK_MAX_CHARS:,}-character hook limit; run `holonmem context` for all of it]"
    lo, hi = 0, min(len(text), HOOK_MAX_CHARS)  # the longest prefix that fits (escapes make chars longer)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if len(envelope_json(event, text[:mid].rstrip() + note)) < HOOK_MAX_CHARS:
            lo = mid
        else:
            hi = mid - 1
    return envelope_json(event, text[:lo].rstrip() + note)


def _log(h, client: str, out: HookOutcome) -> None:
    from .fsio import append_log

    stamp = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    try:
        append_log(h.log_dir / LOG_NAME, [f"{stamp} {client} {out.event or '-'}: {p}" for p in out.problems],
                   max_bytes=LOG_MAX_BYTES)
    except OSError:
        pass


# -- settings for `holonmem hook install` -----------------------------------

TOOL_EVENTS = frozenset({"PreToolUse", "PostToolUse", "PostToolUseFailure"})
HOOK_TIMEOUT_SECONDS = 10


def holonmem_argv() -> list[str]:
    """How a client starts holonmem: ``holonmem`` when it is on PATH, else this Python with ``-m holonmem``."""
    import shutil
    import sys

    return ["holonmem"] if shutil.which("holonmem") else [sys.executable, "-m", "holonmem"]


def hook_command(client: str, home: str | None = None) -> str:
    """``holonmem hook <client> [--home H]``; ``python -m holonmem`` when
    ``holonmem`` is not on PATH (a venv install)."""
    import shlex

    cmd = " ".join(shlex.quote(a) for a in holonmem_argv()) + f" hook {client}"
    return f"{cmd} --home {shlex.quote(home)}" if home else cmd


def settings_snippet(client: str, home: str | None = None) -> dict:
    """The ``{"hooks": {...}}`` block for ``client``'s settings file."""
    events = CLIENTS[client].hook_events
    handler = {"type": "command", "command": hook_command(client, home), "timeout": HOOK_TIMEOUT_SECONDS}
    hooks: dict = {}
    for ev in events:
        group: dict = {"matcher": "*"} if ev in TOOL_EVENTS else {}
        group["hooks"] = [dict(handler)]
        hooks[ev] = [group]
    return {"hooks": hooks}


def settings_path(client: str, project_dir: str | None = None) -> str:
    """Where the client reads hooks: the project's (with ``project_dir``) or the user's."""
    rel = os.path.join(*CLIENTS[client].settings)
    if project_dir:
        return os.path.join(os.path.abspath(os.path.expanduser(project_dir)), rel)
    if client == "codex" and os.environ.get("CODEX_HOME"):
        return os.path.join(os.environ["CODEX_HOME"], "hooks.json")
    return os.path.join(os.path.expanduser("~"), rel)


def _is_ours(handler) -> bool:
    cmd = str(handler.get("command", "")) if isinstance(handler, dict) else ""
    return "holonmem" in cmd and re.search(rf"\bhook (?:{'|'.join(map(re.escape, CLIENTS))})\b", cmd) is not None


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


# -- the MCP server entry (`holonmem mcp`) for `holonmem hook install` --------------

MCP_NAME = "holonmem"


def mcp_entry(home: str | None = None) -> dict:
    """``{"command", "args"}`` that starts ``holonmem mcp`` (for ``home`` when given)."""
    argv = holonmem_argv() + ["mcp"] + (["--home", home] if home else [])
    return {"command": argv[0], "args": argv[1:]}


def mcp_path(client: str, project_dir: str | None = None) -> str | None:
    """Where the client reads MCP servers: Claude Code a project's ``.mcp.json`` (its user scope
    lives in ``~/.claude.json``, which Claude Code itself rewrites: None, use ``claude mcp add``);
    Codex ``.codex/config.toml`` of the project or ``$CODEX_HOME`` / ``~/.codex``."""
    if client == "claude":
        return os.path.join(os.path.abspath(os.path.expanduser(project_dir)), ".mcp.json") if project_dir else None
    if project_dir:
        return os.path.join(os.path.abspath(os.path.expanduser(project_dir)), ".codex", "config.toml")
    return os.path.join(os.environ.get("CODEX_HOME") or os.path.join(os.path.expanduser("~"), ".codex"), "config.toml")


def mcp_add_command(client: str, home: str | None = None) -> str:
    """The client's own one-liner that registers the server (Claude Code: user scope)."""
    import shlex

    e = mcp_entry(home)
    scope = "--scope user " if client == "claude" else ""
    return f"{client} mcp add {scope}{MCP_NAME} -- " + " ".join(shlex.quote(a) for a in [e["command"], *e["args"]])


def _toml_str(s: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, minus surrogate pairs: non-ASCII stays as is)."""
    return json.dumps(s, ensure_ascii=False)


def mcp_snippet(client: str, home: str | None = None):
    """Claude Code's ``{"mcpServers": {...}}`` (a dict), or Codex's ``[mcp_servers.holonmem]`` table (TOML text)."""
    e = mcp_entry(home)
    if client == "claude":
        return {"mcpServers": {MCP_NAME: {"type": "stdio", **e}}}
    args = ", ".join(_toml_str(a) for a in e["args"])
    return f"[mcp_servers.{MCP_NAME}]\ncommand = {_toml_str(e['command'])}\nargs = [{args}]\n"


def _is_our_server(entry) -> bool:
    if not isinstance(entry, dict):
        return False
    words = [str(entry.get("command", "")), *(str(a) for a in entry.get("args") or [] if isinstance(entry.get("args"), list))]
    return any("holonmem" in w for w in words) and "mcp" in words


def merge_mcp_json(existing: dict, snippet: dict) -> tuple[dict, int, str | None]:
    """``existing`` (a ``.mcp.json``) with our server added: ``(merged, added, note)``. A server
    already named ``holonmem`` is left alone (ours: nothing to do; someone else's: the note says so)."""
    merged = json.loads(json.dumps(existing))
    servers = merged.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise ValueError('its "mcpServers" entry is not an object')
    if MCP_NAME in servers:
        return merged, 0, None if _is_our_server(servers[MCP_NAME]) else f"an MCP server named {MCP_NAME!r} is there already; left alone"
    servers[MCP_NAME] = snippet["mcpServers"][MCP_NAME]
    return merged, 1, None


def merge_mcp_toml(text: str, snippet: str) -> tuple[str, int, str | None]:
    """A Codex ``config.toml`` with our ``[mcp_servers.holonmem]`` table appended (the rest of the
    file, comments included, kept byte for byte): ``(text, added, note)``; ValueError when the file
    (or the result) is not valid TOML."""
    import tomllib

    try:
        servers = tomllib.loads(text).get("mcp_servers", {})
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML ({exc})") from None
    if not isinstance(servers, dict):
        raise ValueError("its mcp_servers entry is not a table")
    if MCP_NAME in servers:
        return text, 0, None if _is_our_server(servers[MCP_NAME]) else f"an MCP server named {MCP_NAME!r} is there already; left alone"
    lead = "" if not text else ("\n" if text.endswith("\n") else "\n\n")
    out = f"{text}{lead}# holonmem's memory over MCP (added by `holonmem hook install codex`)\n{snippet}"
    try:
        if tomllib.loads(out).get("mcp_servers", {}).get(MCP_NAME) != tomllib.loads(snippet)["mcp_servers"][MCP_NAME]:
            raise ValueError("the table could not be appended")
    except tomllib.TOMLDecodeError:  # e.g. mcp_servers written as an inline table
        raise ValueError("[mcp_servers.holonmem] cannot be appended to it (mcp_servers is an inline table?)") from None
    return out, 1, None


@dataclass
class InstallResult:
    path: str
    added: int
    backup: str | None
    snippet: dict
    mcp: dict = field(default_factory=dict)  # {"path", "added", "backup", "snippet", "command", "note"}


def _read_settings(path: str) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        return None


def _write_merged(path: str, raw: bytes | None, data: str) -> str | None:
    """Write the merged file (keeping the previous one as ``<file>.bak``) unless it changed
    since it was read (:class:`DirtyFileError`); the backup's path."""
    from .fsio import atomic_write, checksum_bytes, write_if_unchanged

    if raw is None:
        if os.path.exists(path):
            from .errors import DirtyFileError

            raise DirtyFileError(path)
        atomic_write(path, data, mode=0o644)
        return None
    backup = path + ".bak"
    atomic_write(backup, raw, mode=0o600)
    write_if_unchanged(path, data, checksum_bytes(raw))
    return backup


def _bad_file(path: str, why: str):
    from .errors import FormatError

    return FormatError(path, None, why, "fix the file by hand, then run the command again")


def plan_mcp(client: str, *, project_dir: str | None = None, home: str | None = None,
             write: bool = False) -> tuple[dict, bytes | None, str | None]:
    """The MCP entry for ``client`` (``{"path", "added", "backup", "snippet", "command", "note"}``)
    and, with ``write``, the file as read and its merged text (None: nothing to write). Reads only:
    a file that does not parse is refused before anything is written."""
    snippet = mcp_snippet(client, home)
    path = mcp_path(client, project_dir)
    out = {"path": path, "added": 0, "backup": None, "snippet": snippet, "command": mcp_add_command(client, home),
           "note": None}
    if not write or path is None:
        if write:
            out["note"] = f"not written: Claude Code keeps user-scope MCP servers in ~/.claude.json; run `{out['command']}` " \
                          "(or give --project-dir for the project's .mcp.json)"
        return out, None, None
    raw = _read_settings(path)
    try:
        text = raw.decode("utf-8") if raw is not None else ""
        if client == "claude":
            existing = json.loads(text) if text.strip() else {}
            if not isinstance(existing, dict):
                raise ValueError("not a JSON object")
            merged, added, note = merge_mcp_json(existing, snippet)
            data = json.dumps(merged, indent=2, ensure_ascii=False) + "\n"
        else:
            data, added, note = merge_mcp_toml(text, snippet)
    except UnicodeDecodeError:
        raise _bad_file(path, "not UTF-8 text") from None
    except ValueError as exc:
        raise _bad_file(path, str(exc) if not isinstance(exc, json.JSONDecodeError) else f"not valid JSON ({exc})") from None
    out.update(added=added, note=note)
    return out, raw, data if added else None


def install(client: str, *, project_dir: str | None = None, home: str | None = None, write: bool = False) -> InstallResult:
    """Build the hooks snippet and the MCP entry and, with ``write``, merge them into the
    client's files (each previous file kept as ``<file>.bak``)."""
    from .formats import client as registered

    registered(client)  # a UsageError naming the clients when it is none of them
    snippet = settings_snippet(client, home)
    path = settings_path(client, project_dir)
    mcp, mcp_raw, mcp_data = plan_mcp(client, project_dir=project_dir, home=home, write=write)
    if not write:
        return InstallResult(path, 0, None, snippet, mcp)
    raw = _read_settings(path)
    existing: dict = {}
    if raw is not None and raw.strip():
        try:
            existing = json.loads(raw)
        except ValueError as exc:
            raise _bad_file(path, f"not valid JSON ({exc})") from None
        if not isinstance(existing, dict):
            raise _bad_file(path, "not a JSON object")
    try:
        merged, added = merge_settings(existing, snippet)
    except ValueError as exc:
        raise _bad_file(path, str(exc)) from None
    backup = _write_merged(path, raw, json.dumps(merged, indent=2, ensure_ascii=False) + "\n") if added else None
    if mcp_data is not None:
        mcp["backup"] = _write_merged(mcp["path"], mcp_raw, mcp_data)
    return InstallResult(path, added, backup, snippet, mcp)
