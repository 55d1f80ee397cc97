"""Claude Code hook input: the JSON object a hook command reads on stdin.

One payload per input (or one per line, for a file of logged payloads).
Mapping (``hook_event_name`` → events; Codex uses the same, see codex_hook.py):

=====================  =======================================================
SessionStart           system ``session_start`` ("session started (startup)")
UserPromptSubmit       user ``message`` (the prompt, cleaned; a Codex Desktop /
                       IDE wrapper's file list goes to meta, the request stays)
PreToolUse             assistant ``tool_call`` (``meta.input`` = tool_input)
PostToolUse            tool ``tool_result``: ``failed`` for a real failure
                       (error, is_error, success false, non-zero exit code),
                       ``rejected`` / ``cancelled`` for a call the user turned
                       down or interrupted or one a parallel sibling's error
                       cancelled, else ``ok``; Codex's exec header (exit code,
                       wall time, chunk id) goes to meta
PostToolUseFailure     tool ``tool_result``, status as above, text = the error
PermissionRequest      system ``permission_request`` (tool, ``meta.input``)
Notification           system ``notification`` ("notification: <message>")
Stop                   assistant ``message`` from ``last_assistant_message``
StopFailure            system ``stop_failure`` (the API error and its details)
SubagentStart          system ``subagent_start`` (agent type and id)
SubagentStop           assistant ``message`` (speaker = agent type) when it has
                       ``last_assistant_message``, else system ``subagent_stop``
PreCompact             system ``compact`` ("context compaction (auto)")
PostCompact            system ``summary`` when the payload carries the summary
                       (never the user's words), else system ``compact``
SessionEnd             system ``session_end`` ("session ended (<reason>)")
=====================  =======================================================

Deliberately recorded as nothing (:data:`IGNORED_EVENTS`: configuration,
worktree and team bookkeeping); hook mode logs each such event once. Ids
derive from the payload's identity (session, event, ``tool_use_id`` or the
text), so re-ingesting adds nothing, and a tool result ingested from a hook
and again from the transcript is stored once. Session from ``session_id``,
project from ``cwd`` (projects.py), unless ``--session`` / ``--project`` say
otherwise.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator  # not typing: ~3 ms on every hook
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import BinaryIO

from ..attribution import refusal, result_status
from .base import ParseContext, Record, Rejection, Sample, preview, read_document
from .clean import (
    as_key, as_str, clean_text, clip, content_text, digest, is_hook_reply, make_event, project_from_cwd, refs_from_input,
    render_value, split_exec_header, stable_id, tool_call_text, unwrap_request,
)

NAME = "claude_hook"
CLIENT = "claude"
PREFIX = "cc"
DOC_LIMIT = 64 * 1024 * 1024
# Hook events that carry nothing worth remembering: ingested as nothing, on
# purpose (hook mode says so once in .holonmem/logs/hook.log).
IGNORED_EVENTS = frozenset({
    "Interrupt", "ConfigChange", "WorktreeCreate", "WorktreeRemove", "TeammateIdle", "TaskCompleted", "TaskCreated",
    "Setup", "InstructionsLoaded", "Elicitation", "ElicitationResult", "CwdChanged", "FileChanged",
})
_HOOK_KEY = re.compile(r'"hook_event_name"\s*:')


def sniff_payload(sample: Sample):
    """The first JSON object of the input (whole head or first line), or ``None``."""
    obj = sample.first_json()
    return obj if isinstance(obj, dict) else None


def looks_codex(obj: dict) -> bool:
    tp = str(obj.get("transcript_path") or "")
    return "turn_id" in obj or "/.codex/" in tp or "/rollout-" in tp


def sniff(sample: Sample) -> bool:
    obj = sniff_payload(sample)
    if obj is None:
        # Too big to parse from the head: look for the key instead.
        return bool(_HOOK_KEY.search(sample.head[:4096])) and ".codex/" not in sample.head[:4096]
    if is_hook_reply(obj):
        return True  # rejected with a clear reason by parse()
    return "hook_event_name" in obj and not looks_codex(obj)


# -- mapping ---------------------------------------------------------------

def _failed(resp, payload: dict) -> bool:
    if payload.get("error"):
        return True
    if isinstance(resp, dict):
        if resp.get("error") or resp.get("interrupted") is True or resp.get("is_error") is True:
            return True
        if resp.get("success") is False:
            return True
        for key in ("exit_code", "exitCode", "returncode", "return_code"):
            v = resp.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and v != 0:
                return True
    return False


def response_text(resp) -> str:
    """The readable part of a ``tool_response``."""
    if resp is None:
        return ""
    if isinstance(resp, str):
        return resp
    if isinstance(resp, list):
        return content_text(resp) or render_value(resp, 1_000_000)
    if isinstance(resp, dict):
        if "stdout" in resp or "stderr" in resp:
            parts = [str(resp.get("stdout") or ""), str(resp.get("stderr") or "")]
            return "\n".join(p for p in parts if p)
        if as_str(resp.get("filePath")):  # Edit / Write / MultiEdit: say what changed, not the whole file
            return _file_change(resp)
        if isinstance(resp.get("content"), (str, list)):
            return content_text(resp["content"])
        f = resp.get("file")
        if isinstance(f, dict) and isinstance(f.get("content"), str):
            return f["content"]
        if isinstance(resp.get("error"), str):
            return resp["error"]
        return render_value(resp, 1_000_000)
    return render_value(resp, 1_000_000)


def _file_change(resp: dict) -> str:
    what = as_str(resp.get("type")) or ("failed" if resp.get("success") is False else "updated")
    lines: list[str] = []
    for hunk in resp.get("structuredPatch") if isinstance(resp.get("structuredPatch"), list) else []:
        if isinstance(hunk, dict) and isinstance(hunk.get("lines"), list):
            lines.extend(str(x) for x in hunk["lines"])
    body = "\n".join(lines)[:4000] if lines else (resp["content"][:2000] if isinstance(resp.get("content"), str) else "")
    return f"{what} {resp['filePath']}" + (f"\n{body}" if body else "")


def _base(payload: dict, ctx: ParseContext, client: str, name: str) -> tuple[dict, str | None]:
    session = payload.get("session_id") if isinstance(payload.get("session_id"), str) else None
    project = ctx.project or project_from_cwd(payload.get("cwd"))
    base: dict = {"session": ctx.session or session}
    if project:
        base["project"] = project
    meta: dict = {"client": client, "hook": name}
    for key in ("cwd", "model", "turn_id"):
        if isinstance(payload.get(key), str):
            meta[key] = payload[key]
    base["meta"] = meta
    return base, session


def _ev(base: dict, **fields) -> dict:
    return make_event({k: v for k, v in base.items() if k != "meta"}, base["meta"], fields)


def events_from_hook(payload: dict, ctx: ParseContext, *, client: str = CLIENT, prefix: str = PREFIX) -> list[dict]:
    """Native-shaped events for one hook payload; ``ValueError`` when unusable."""
    name = payload.get("hook_event_name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"not a {client} hook payload (no hook_event_name)")
    base, sess = _base(payload, ctx, client, name)

    def sid(*parts):
        return stable_id(prefix, sess, *parts)

    tool = as_str(payload.get("tool_name"))
    tool_input = payload.get("tool_input")
    call_key = as_key(payload.get("tool_use_id"), digest(tool, json.dumps(tool_input, sort_keys=True, default=str)))

    if name == "UserPromptSubmit":
        raw, wrapper = unwrap_request(payload["prompt"]) if isinstance(payload.get("prompt"), str) else ("", {})
        text = clean_text(raw)
        if not text:
            return []
        return [_ev(base, id=sid("u", digest(text)), role="user", kind="message", text=text, meta=wrapper)]
    if name in ("Stop", "SubagentStop"):
        msg = payload.get("last_assistant_message")
        text = clean_text(msg if isinstance(msg, str) else content_text(msg))
        agent = (as_key(payload.get("agent_id"), "") or None) if name == "SubagentStop" else None
        if text:
            return [_ev(base, id=sid("a", digest(text)) if agent is None else sid("sub", agent, digest(text)),
                        role="assistant", kind="message", text=text,
                        speaker=as_str(payload.get("agent_type")) if agent else None,
                        meta={"agent_id": agent} if agent else None)]
        if name == "SubagentStop":
            label = " ".join(x for x in (as_str(payload.get("agent_type")), agent) if x)
            return [_ev(base, id=sid("substop", agent or ""), role="system", kind="subagent_stop",
                        text=f"subagent {label} finished".replace("  ", " "),
                        meta={"agent_id": agent, "agent_transcript_path": as_str(payload.get("agent_transcript_path"))})]
        return []
    if name == "PreToolUse":
        return [_ev(base, id=sid("call", call_key), role="assistant", kind="tool_call", tool=tool,
                    text=clean_text(tool_call_text(tool, tool_input)), refs=refs_from_input(tool_input),
                    meta={"input": tool_input, "tool_use_id": as_str(payload.get("tool_use_id"))})]
    if name in ("PostToolUse", "PostToolUseFailure"):
        resp = payload.get("tool_response", payload.get("tool_output"))
        fields: dict = {}
        interrupted = payload.get("is_interrupt") is True or (isinstance(resp, dict) and resp.get("interrupted") is True)
        if name == "PostToolUseFailure":
            text = as_str(payload.get("error")) or response_text(resp) or "tool failed"
            failed = True
        else:
            text = response_text(resp)
            if client == "codex":  # plain text with Codex's exec header: the header goes to meta
                text, fields = split_exec_header(text)
            failed = _failed(resp, payload) or _codex_failed(text, client, fields)
        text, clipped = clip(clean_text(text))
        status = (refusal(text) if client == "codex" else None) or result_status(failed, text, interrupted=interrupted)
        meta = {"input": tool_input, "tool_use_id": as_str(payload.get("tool_use_id")), "clipped": clipped, **fields}
        if interrupted:
            meta["interrupted"] = True
        return [_ev(base, id=sid("result", call_key), role="tool", kind="tool_result", tool=tool,
                    status=status, text=text, refs=refs_from_input(tool_input),
                    meta={k: v for k, v in meta.items() if v is not None})]
    if name == "SessionStart":
        source = payload.get("source") if isinstance(payload.get("source"), str) else ""
        return [_ev(base, id=sid("start", source), role="system", kind="session_start",
                    text=f"session started ({source or 'unknown'})", meta={"source": source or None})]
    if name == "SessionEnd":
        reason = payload.get("reason") if isinstance(payload.get("reason"), str) else ""
        return [_ev(base, id=sid("end"), role="system", kind="session_end",
                    text=f"session ended ({reason or 'unknown'})", meta={"reason": reason or None})]
    if name == "PreCompact":
        trigger = payload.get("trigger") if isinstance(payload.get("trigger"), str) else ""
        extra = clean_text(payload.get("custom_instructions") or "")
        text = f"context compaction ({trigger or 'unknown'})" + (f": {extra}" if extra else "")
        return [_ev(base, id=sid("compact", digest(trigger, extra)), role="system", kind="compact", text=text)]
    if name == "PostCompact":
        trigger = as_str(payload.get("trigger")) or "unknown"
        summary = clean_text(as_str(payload.get("compact_summary")) or as_str(payload.get("summary")) or "")
        if summary:  # the summary the client wrote: its words, never the user's
            text, clipped = clip(summary)
            return [_ev(base, id=sid("summary", digest(summary)), role="system", kind="summary", text=text,
                        meta={"trigger": trigger, "compaction": True, "clipped": clipped})]
        return [_ev(base, id=sid("compacted", digest(trigger, payload.get("turn_id"))), role="system", kind="compact",
                    text=f"context compacted ({trigger})", meta={"trigger": trigger})]
    if name == "Notification":
        msg = clean_text(as_str(payload.get("message")) or as_str(payload.get("title")) or "")
        ntype = as_str(payload.get("notification_type"))
        if not msg:
            return []
        return [_ev(base, id=sid("notify", digest(ntype, msg)), role="system", kind="notification",
                    text=f"notification: {msg}", meta={"notification_type": ntype, "title": as_str(payload.get("title"))})]
    if name == "PermissionRequest":
        what = clean_text(tool_call_text(tool, tool_input))
        return [_ev(base, id=sid("permission", call_key), role="system", kind="permission_request", tool=tool,
                    text=f"permission asked: {what}", refs=refs_from_input(tool_input),
                    meta={"input": tool_input, "permission_mode": as_str(payload.get("permission_mode"))})]
    if name == "SubagentStart":
        agent = as_key(payload.get("agent_id"), "") or None
        label = " ".join(x for x in (as_str(payload.get("agent_type")), agent) if x)
        return [_ev(base, id=sid("substart", agent or digest(label)), role="system", kind="subagent_start",
                    text=f"subagent {label} started".replace("  ", " "), meta={"agent_id": agent})]
    if name == "StopFailure":
        error = as_str(payload.get("error")) or "unknown"
        details = clean_text(as_str(payload.get("error_details")) or "")
        last = payload.get("last_assistant_message")
        last = clean_text(last if isinstance(last, str) else content_text(last))
        text = f"turn ended by an API error ({error})" + (f": {details[:500]}" if details else "")
        return [_ev(base, id=sid("stopfail", digest(error, details, payload.get("turn_id"))), role="system", kind="stop_failure",
                    text=text, meta={"error": error, "last_assistant_message": last[:2000] or None})]
    if name in IGNORED_EVENTS:
        return []
    raise ValueError(f"unsupported {client} hook event {name!r}")


_EXIT = re.compile(r"(?:Process exited with code|[Ee]xit code:?|exit status)\s*(-?\d+)")


def _codex_failed(text: str, client: str, fields: dict | None = None) -> bool:
    """Codex tool responses are plain text; a non-zero exit code (in the header or the text) means failure."""
    if client != "codex" or not (text or fields):
        return False
    code = (fields or {}).get("exit_code")
    if isinstance(code, int):
        return code != 0
    m = _EXIT.search(text[:2000])
    return bool(m and m.group(1) != "0")


# -- parsing ---------------------------------------------------------------

def parse_hook_document(stream: BinaryIO, ctx: ParseContext, *, client: str, prefix: str) -> Iterator[Record | Rejection]:
    data = read_document(stream, max(ctx.max_line_bytes, DOC_LIMIT))
    if data is None:
        yield Rejection(1, f"hook payload larger than {DOC_LIMIT} bytes", "")
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        yield Rejection(1, f"invalid UTF-8 at byte {exc.start}", preview(data))
        return
    if not text.strip():
        return
    try:
        items = [(1, json.loads(text))]
    except ValueError:
        items = []
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                items.append((n, json.loads(line)))
            except ValueError as exc:
                items.append((n, exc))
    for line_no, obj in items:
        if isinstance(obj, ValueError):
            yield Rejection(line_no, f"malformed JSON ({getattr(obj, 'msg', obj)})", "")
            continue
        if is_hook_reply(obj):
            yield Rejection(line_no, "this is a hook reply (what a hook prints on stdout), not a hook input; nothing to ingest",
                            preview(json.dumps(obj, ensure_ascii=False)))
            continue
        if not isinstance(obj, dict):
            yield Rejection(line_no, f"expected a {client} hook payload object, got {type(obj).__name__}", "")
            continue
        try:
            events = events_from_hook(obj, ctx, client=client, prefix=prefix)
        except ValueError as exc:
            yield Rejection(line_no, str(exc), preview(json.dumps(obj, ensure_ascii=False)))
            continue
        for ev in events:
            yield Record(line_no, ev)


def parse(stream: BinaryIO, ctx: ParseContext) -> Iterator[Record | Rejection]:
    yield from parse_hook_document(stream, ctx, client=CLIENT, prefix=PREFIX)
