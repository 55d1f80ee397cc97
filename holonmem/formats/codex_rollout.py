"""Codex rollout JSONL (``~/.codex/sessions/YYYY/MM/DD/rollout-<ts>-<uuid>.jsonl``),
Codex CLI and Codex Desktop alike.

Each line is ``{"timestamp", "type", "payload"}``:

- ``session_meta`` gives the session id (``id``, else ``session_id``: a
  Desktop subagent thread's ``session_id`` is its root session's), cwd
  (→ project), client version, originator and git branch (all kept in every
  event's meta); a subagent's rollout (``source.subagent``, or
  ``thread_source: "subagent"``) marks its user-role prompts as the parent
  agent's ``task_prompt``. ``turn_context`` updates the cwd and the model.
- ``response_item`` ``message``: user → user ``message`` (the injected
  ``<environment_context>`` / ``<user_instructions>`` / AGENTS.md blocks are
  skipped; the Desktop / IDE wrapper "# Files mentioned by the user … ## My
  request for Codex:" keeps the request as the prompt, its files in meta;
  ``<turn_aborted>`` is an ``interruption``), assistant → assistant
  ``message``; developer/system instructions are skipped.
- ``event_msg`` ``user_message`` / ``agent_message``: the same message again
  in the CLI (stored once: the recent messages' hashes are remembered), the
  only copy of the prompt in Codex Desktop. ``turn_aborted`` → system
  ``interruption``. Other ``event_msg`` types (token counts, task
  started/complete, reasoning echoes) are skipped.
- ``function_call`` / ``custom_tool_call`` / ``local_shell_call`` → assistant
  ``tool_call`` (``arguments`` parsed into ``meta.input``; ``update_plan``
  keeps its ``plan``; ``apply_patch`` its ``patch``, whose files are the
  ``refs`` and the text).
- ``function_call_output`` / ``custom_tool_call_output`` → tool
  ``tool_result``, paired with its call by ``call_id``. The exec header
  (``Chunk ID`` / ``Wall time`` / ``Process exited with code N`` / ``Original
  token count`` / ``Output:``) goes to meta (``chunk_id``, ``wall_time``,
  ``exit_code``, ``original_token_count``); the text keeps the output.
  ``failed`` for a non-zero exit code or an error, ``rejected`` for "exec
  command rejected by user", ``running`` for a command that runs on
  ("Process running with session ID N"): a later ``write_stdin`` poll of that
  session is attributed to the command (tool name and ``meta.input`` of the
  original call, ``meta.poll_of`` its call id), and its exit code decides.
- ``web_search_call`` → assistant ``web_search`` ("web search: <query>").
- ``compacted`` → system ``summary`` (the compaction's own words; its
  ``replacement_history`` copy of earlier items is skipped).
- ``reasoning`` (its ``encrypted_content`` is opaque) is skipped.

What is skipped is counted per file (``skipped`` in sources.json; stderr with
``HOLONMEM_VERBOSE=1``). Re-reading takes only the new lines (offset, open
calls and running commands in ``.holonmem/sources.json``). Ids:
``cx:<session>:call|result:<call_id>`` (the Codex hook adapter uses the same,
with ``tool_use_id`` = ``call_id``) and ``cx:<session>:u|a:<hash>``.
"""

from __future__ import annotations

import json
import re
from typing import BinaryIO, Iterator

from ..attribution import refusal, reattribute, result_status
from .base import ParseContext, Record, Rejection, Sample, report_skips, skip
from .claude_transcript import iter_json_lines, pop_call, remember_call
from .clean import (
    as_key, as_str, clean_text, clip, content_text, digest, make_event, media_placeholder, parse_json_arg, project_from_cwd,
    refs_from_input, split_exec_header, stable_id, tool_call_text, unwrap_request,
)

NAME = "codex_rollout"
INCREMENTAL = True
PREFIX = "cx"
_LINE_TYPES = frozenset({"session_meta", "response_item", "event_msg", "turn_context", "compacted"})
_INJECTED = re.compile(r"^\s*(?:<environment_context>|<user_instructions>|<INSTRUCTIONS>|# AGENTS\.md instructions)", re.I)
_EXIT = re.compile(r"(?:Process exited with code|[Ee]xit code:?)\s*(-?\d+)")
_CALLS = frozenset({"function_call", "custom_tool_call", "local_shell_call"})
_OUTPUTS = frozenset({"function_call_output", "custom_tool_call_output"})
MAX_SEEN = 64  # recent message digests: a message read as a response_item and again as an event_msg is stored once
MAX_PROCS = 100  # running exec sessions whose later write_stdin polls belong to them


def sniff(sample: Sample) -> bool:
    for obj in sample.json_objects():
        if isinstance(obj, dict) and as_str(obj.get("type")) in _LINE_TYPES and isinstance(obj.get("payload"), dict) and "timestamp" in obj:
            return True
    return False


def _output(payload: dict) -> tuple[str, bool, dict]:
    """Text of a call output, whether it failed, and the exec header's fields."""
    out = payload.get("output")
    failed = False
    if isinstance(out, dict):  # {"content": ..., "success": bool}
        if out.get("success") is False:
            failed = True
        out = out.get("content") if "content" in out else json.dumps(out, ensure_ascii=False)
    text = content_text(out) if isinstance(out, list) else (out if isinstance(out, str) else "")
    if text.startswith("{") and '"output"' in text[:200]:
        try:
            obj = json.loads(text)
        except ValueError:
            obj = None
        if isinstance(obj, dict) and isinstance(obj.get("output"), str):
            code = (obj.get("metadata") or {}).get("exit_code") if isinstance(obj.get("metadata"), dict) else None
            text = obj["output"]
            if isinstance(code, int) and code != 0:
                failed = True
    text, fields = split_exec_header(text)
    code = fields.get("exit_code")
    if isinstance(code, int):
        failed = failed or code != 0
    elif not fields:
        m = _EXIT.search(text[:2000])
        if m and m.group(1) != "0":
            failed = True
    if text.lstrip().lower().startswith(("error:", "apply_patch verification failed", "failed to")):
        failed = True
    return text, failed, fields


def _images(payload: dict) -> list[str]:
    marks = []
    for img in payload.get("images") or []:
        if isinstance(img, str) and img.startswith("data:"):
            media = img[5:].split(";", 1)[0] or "image"
            marks.append(media_placeholder({"type": "image", "source": {"media_type": media, "data": img.split(",", 1)[-1]}}))
        elif isinstance(img, str):
            marks.append(f"[image: {img[:200]}]")
    for path in payload.get("local_images") or []:
        if isinstance(path, str) and path:
            marks.append(f"[image: {path[:200]}]")
    return [m for m in marks if m]


def _seen(st: dict, key: str) -> bool:
    """Was this message already read (as the other of response_item / event_msg)? Remembers it if not."""
    seen = st.get("seen")
    if not isinstance(seen, list):
        seen = st["seen"] = []
    if key in seen:
        return True
    seen.append(key)
    del seen[:-MAX_SEEN]
    return False


def _web_search(p: dict) -> tuple[str, list[str] | None]:
    action = p.get("action") if isinstance(p.get("action"), dict) else {}
    at = as_str(action.get("type")) or "search"
    url = as_str(action.get("url"))
    if at == "search":
        q = as_str(action.get("query")) or " | ".join(x for x in action.get("queries") or [] if isinstance(x, str))
        return f"web search: {q or '(no query recorded)'}", None
    if at == "open_page":
        return f"open page: {url or '?'}", [url] if url else None
    if at == "find_in_page":
        return f"find in page: {as_str(action.get('pattern')) or '?'}" + (f" ({url})" if url else ""), [url] if url else None
    return f"web search ({at})", [url] if url else None


def parse(stream: BinaryIO, ctx: ParseContext) -> Iterator[Record | Rejection]:
    st = ctx.state
    for line_no, obj in iter_json_lines(stream, ctx):
        if isinstance(obj, Rejection):
            yield obj
            continue
        lt, p = obj.get("type"), obj.get("payload")
        if not isinstance(p, dict):
            skip(ctx, f"{lt or 'untyped'} line without a payload")
            continue
        if lt == "session_meta":
            for src, dst in (("id", "session"), ("cwd", "cwd"), ("cli_version", "client_version"), ("originator", "originator"),
                             ("model", "model")):
                if isinstance(p.get(src), str) and p[src]:
                    st[dst] = p[src]
            git = p.get("git") if isinstance(p.get("git"), dict) else {}
            if as_str(git.get("branch")):
                st["git_branch"] = git["branch"]
            if not as_str(p.get("id")) and as_str(p.get("session_id")):
                st["session"] = p["session_id"]  # newer rollouts (0.14x) may carry only session_id
            src = p.get("source")
            # a subagent's rollout: its "user" is the parent agent (0.12x: source.subagent; Desktop 0.14x: thread_source)
            if (isinstance(src, dict) and "subagent" in src) or p.get("thread_source") == "subagent":
                st["subagent"] = True
            continue
        if lt == "turn_context":
            for key in ("cwd", "model"):
                if isinstance(p.get(key), str):
                    st[key] = p[key]
            continue
        sess = st.get("session")
        project = ctx.project or project_from_cwd(st.get("cwd"))
        base = {k: v for k, v in (("ts", as_str(obj.get("timestamp"))), ("session", ctx.session or sess), ("project", project)) if v}
        meta = {"client": "codex"}
        for key in ("model", "client_version", "originator", "cwd", "git_branch"):
            if st.get(key):
                meta[key] = st[key]
        if st.get("subagent"):
            meta["isSidechain"] = True

        def ev(**fields) -> dict:
            return make_event(base, meta, fields)

        def message(role: str, raw: str, marks: list[str]) -> Iterator[Record]:
            extra: dict = {}
            if role == "user":
                if _INJECTED.match(raw):
                    skip(ctx, "injected context message (environment, AGENTS.md)")
                    return
                raw, extra = unwrap_request(raw)
            said = clean_text(raw)
            if not said and not marks:
                return
            if role == "user" and st.pop("aborted", None) and said.startswith("<turn_aborted>"):
                skip(ctx, "<turn_aborted> marker (the turn_aborted event is recorded)")
                return
            if _seen(st, f"{role[0]}:{digest(said)}"):
                skip(ctx, "event_msg echo of a response_item message")
                return
            text = "\n".join(x for x in (said, *marks) if x)
            out = ev(id=stable_id(PREFIX, sess, role[0], digest(said or text)), role=role, kind="message", text=text, meta=extra)
            yield Record(line_no, reattribute(out) if role == "user" else out)

        if lt == "compacted":
            summary = clean_text(as_str(p.get("message")) or "")
            if p.get("replacement_history"):
                skip(ctx, "compacted replacement_history (a copy of earlier items)")
            text, clipped = clip(summary) if summary else ("context compacted", None)
            yield Record(line_no, ev(id=stable_id(PREFIX, sess, "compact", digest(obj.get("timestamp"), summary)),
                                     role="system", kind="summary" if summary else "compact", text=text,
                                     meta={"compaction": True, "clipped": clipped}))
            continue
        if lt == "event_msg":
            et = p.get("type")
            if et == "user_message" and isinstance(p.get("message"), str):
                yield from message("user", p["message"], _images(p))
            elif et == "agent_message" and isinstance(p.get("message"), str):
                yield from message("assistant", p["message"], [])
            elif et == "turn_aborted":
                reason = as_str(p.get("reason")) or "unknown"
                st["aborted"] = True
                yield Record(line_no, ev(id=stable_id(PREFIX, sess, "aborted", as_key(p.get("turn_id"), digest(obj.get("timestamp")))),
                                         role="system", kind="interruption", text=f"turn aborted ({reason})",
                                         meta={"turn_id": as_str(p.get("turn_id")), "reason": reason}))
            else:
                skip(ctx, f"event_msg {et or 'untyped'}")
            continue
        if lt != "response_item":
            skip(ctx, f"{lt or 'untyped'} line")
            continue
        pt = p.get("type")
        if pt == "message":
            role = p.get("role")
            if role not in ("user", "assistant"):
                skip(ctx, f"{role or 'unknown'} message (instructions)")
                continue
            content = p.get("content")
            marks = [m for m in (media_placeholder(b) for b in content) if m] if isinstance(content, list) else []
            yield from message(role, content_text(content), marks)
        elif pt in _CALLS:
            call_id = as_key(p.get("call_id"), as_key(p.get("id"), digest(line_no, obj.get("timestamp"))))
            name = as_str(p.get("name")) or ("shell" if pt == "local_shell_call" else None)
            if pt == "function_call":
                tool_input = parse_json_arg(p.get("arguments"))
            elif pt == "custom_tool_call":
                raw = p.get("input")
                tool_input = {"patch" if name == "apply_patch" else "input": raw}
            else:
                tool_input = p.get("action")
            extra: dict = {"input": tool_input, "call_id": call_id}
            shown_name, shown_input = name, tool_input
            if name == "write_stdin" and isinstance(tool_input, dict):
                proc = (st.get("procs") or {}).get(str(tool_input.get("session_id")))
                if isinstance(proc, list) and len(proc) == 3:
                    # a poll of a command still running: it belongs to that command
                    shown_name, shown_input = proc[0], proc[1]
                    extra.update(input=shown_input, poll_of=proc[2],
                                 poll={"tool": "write_stdin", "session_id": tool_input.get("session_id"),
                                       "chars": tool_input.get("chars")})
            remember_call(st, call_id, shown_name, [shown_input, extra.get("poll_of"), extra.get("poll")])
            yield Record(line_no, ev(id=stable_id(PREFIX, sess, "call", call_id), role="assistant", kind="tool_call", tool=shown_name,
                                     text=clean_text(tool_call_text(shown_name, shown_input)), refs=refs_from_input(shown_input),
                                     meta=extra))
        elif pt in _OUTPUTS:
            call_id = as_key(p.get("call_id"), digest(line_no, obj.get("timestamp")))
            name, remembered = pop_call(st, call_id)
            tool_input, poll_of, poll = remembered if isinstance(remembered, list) and len(remembered) == 3 else (remembered, None, None)
            text, failed, fields = _output(p)
            status = refusal(text) or result_status(failed, text)
            pid = fields.get("process_id")
            if isinstance(pid, int) and "exit_code" not in fields:
                status = "running"  # its exit code comes in a later write_stdin poll
                procs = st.get("procs") if isinstance(st.get("procs"), dict) else {}
                procs[str(pid)] = [name, tool_input, poll_of or call_id]
                while len(procs) > MAX_PROCS:
                    procs.pop(next(iter(procs)))
                st["procs"] = procs
            elif poll_of and isinstance(poll, dict):
                (st.get("procs") or {}).pop(str(poll.get("session_id")), None)
            text, clipped = clip(clean_text(text))
            yield Record(line_no, ev(id=stable_id(PREFIX, sess, "result", call_id), role="tool", kind="tool_result", tool=name,
                                     status=status, text=text, refs=refs_from_input(tool_input),
                                     meta={"input": tool_input, "call_id": call_id, "clipped": clipped, "poll_of": poll_of,
                                           "poll": poll, **fields}))
        elif pt == "web_search_call":
            text, refs = _web_search(p)
            status = as_str(p.get("status"))
            yield Record(line_no, ev(id=stable_id(PREFIX, sess, "web", as_key(p.get("id"), digest(obj.get("timestamp"), text))),
                                     role="assistant", kind="web_search", tool="web_search",
                                     status="ok" if status == "completed" else status, text=text, refs=refs,
                                     meta={"action": p.get("action")}))
        elif pt == "reasoning":
            skip(ctx, "reasoning (encrypted)")
        else:
            skip(ctx, f"response_item {pt or 'untyped'}")
    report_skips(ctx)
