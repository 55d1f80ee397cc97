"""Claude Code transcript JSONL (``~/.claude/projects/<slug>/<session>.jsonl``,
and the subagent files beside it, ``<session>/subagents/agent-<id>.jsonl``).

- ``user`` lines: text → user ``message`` when the person typed it; text the
  client or an agent wrote in the user role gets its own kind and role
  (:func:`holonmem.attribution.reattribute`, the original role in
  ``meta.original_role``): the ``/compact`` summary (``isCompactSummary``) and
  the compaction prompt → system ``summary``, a subagent's task prompt
  (``isSidechain``) → assistant ``task_prompt``, ``<task-notification>`` →
  system ``notification``, "[Request interrupted by user…]" → system
  ``interruption``. ``tool_result`` blocks → tool ``tool_result`` with the
  tool name and ``meta.input`` of the matching ``tool_use``; status
  ``failed`` for a real error, ``rejected`` when the user turned the call
  down, ``cancelled`` when it was interrupted or a parallel sibling's error
  cancelled it, else ``ok``.
- ``assistant`` lines (one per content block): ``text`` → assistant
  ``message`` (in an ``agent-acompact-*`` file: assistant ``summary``, the
  compaction summary), ``tool_use`` → assistant ``tool_call``.
- ``system`` ``compact_boundary`` → system ``compact`` (trigger, tokens before).
- An ``assistant`` line with ``isApiErrorMessage`` (the client's "API Error:
  …" / usage-limit text, model ``<synthetic>``) → system ``stop_failure``
  (``meta.error``, ``api_error_status``; original role in meta).
- Images and documents (in prompts and tool results) become
  ``[image: image/png, 48 KB]``; their bytes are never stored.
- Every event keeps ``meta.client_version``, ``cwd``, ``git_branch``, the
  line's ``uuid``, the subagent's ``agent_id`` and the assistant's ``model``.
- Deliberately skipped, counted per file (``skipped`` in
  ``.holonmem/sources.json``; said on stderr with ``HOLONMEM_VERBOSE=1``):
  ``file-history-snapshot``, ``progress``, ``summary``, ``queue-operation``,
  ``attachment`` and other ``system`` lines, user lines with ``isMeta``,
  slash-command wrappers (``<command-name>…``, ``<local-command-stdout>…``),
  thinking blocks.

Reading the same file again takes only the new lines: ``ctx.state`` (kept per
file by ingest in ``.holonmem/sources.json``) holds the byte offset reached.
Ids: ``cc:<session>:call|result:<tool_use_id>`` for tools (the same ids the
hook adapter gives, so hook + transcript store a tool event once) and
``cc:<session>:u|a:<hash of the text>`` for messages (a prompt's hash leaves
out image placeholders: the UserPromptSubmit hook saw it without them).
"""

from __future__ import annotations

import re
from typing import BinaryIO, Iterator

from ..attribution import reattribute, result_status
from .base import ParseContext, Record, Rejection, Sample, iter_raw_lines, parse_object, preview, report_skips, skip, too_long
from .clean import (
    as_key, as_str, clean_text, clip, content_text, digest, make_event, media_placeholder, project_from_cwd, refs_from_input,
    stable_id, tool_call_text,
)

NAME = "claude_transcript"
INCREMENTAL = True
PREFIX = "cc"
MAX_REMEMBERED_CALLS = 500
_COMMAND_WRAPPER = re.compile(r"^\s*<(?:command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat)>")
_TOOL_ERROR_TAG = re.compile(r"</?tool_use_error>")


def sniff(sample: Sample) -> bool:
    for obj in sample.json_objects():
        if not isinstance(obj, dict):
            continue
        t = obj.get("type")
        if t in ("user", "assistant") and "sessionId" in obj and isinstance(obj.get("message"), dict):
            return True
        if t == "file-history-snapshot" and "snapshot" in obj:
            return True
        if t == "summary" and "leafUuid" in obj:
            return True
    return False


def iter_new_lines(stream: BinaryIO, ctx: ParseContext) -> Iterator[tuple[int, bytes | None, int, bool]]:
    """Lines after ``ctx.state['offset']``; advances the offset past each
    complete (newline-terminated) line once the caller has handled it. A
    partial last line is handled but not passed (it is read again next time;
    ids make that harmless)."""
    st = ctx.state
    offset = int(st.get("offset") or 0)
    base_line = int(st.get("lines") or 0)
    left = offset
    while left > 0:
        chunk = stream.read(min(left, 1 << 20))
        if not chunk:
            break
        left -= len(chunk)
    pos = offset
    for line_no, data, size in iter_raw_lines(stream, ctx.max_line_bytes):
        complete = data is None or size > len(data)
        yield base_line + line_no, data, size, complete
        pos += size
        if complete:
            st["offset"] = pos
            st["lines"] = base_line + line_no


def iter_json_lines(stream: BinaryIO, ctx: ParseContext) -> Iterator[tuple[int, dict | Rejection]]:
    """Parsed objects (or rejections) of the new lines; a torn last line (the
    client is still writing it) is skipped silently and read again next time."""
    for line_no, data, size, complete in iter_new_lines(stream, ctx):
        if data is None:
            yield line_no, too_long(line_no, size, ctx.max_line_bytes)
            continue
        if not data.strip():
            continue
        try:
            obj = parse_object(data)
        except ValueError as exc:
            if not complete:
                return
            yield line_no, Rejection(line_no, str(exc), preview(data))
            continue
        yield line_no, obj


def remember_call(state: dict, call_id: str, name, tool_input) -> None:
    calls = state.get("calls")
    if not isinstance(calls, dict):
        calls = state["calls"] = {}
    calls[call_id] = [name, tool_input]
    while len(calls) > MAX_REMEMBERED_CALLS:
        calls.pop(next(iter(calls)))


def pop_call(state: dict, call_id: str) -> tuple:
    """The ``(name, input)`` remembered for a call (forgotten once its result came)."""
    calls = state.get("calls")
    hit = calls.pop(call_id, None) if isinstance(calls, dict) else None
    return (hit[0] if isinstance(hit[0], str) else None, hit[1]) if isinstance(hit, list) and len(hit) == 2 else (None, None)


def _result_text(block: dict) -> str:
    content = block.get("content")
    text = content_text(content)
    if isinstance(content, list):  # an image-only (or image and text) result: say what was there
        marks = [m for m in (media_placeholder(b) for b in content) if m]
        if marks:
            text = "\n".join(x for x in (text, *marks) if x)
    return _TOOL_ERROR_TAG.sub("", text)


def _line_meta(obj: dict) -> dict:
    """What every event of a transcript line keeps: client, line uuid, client
    version, cwd, git branch, subagent id and the client's own flags."""
    meta: dict = {"client": "claude", "uuid": obj.get("uuid")}
    for src, dst in (("version", "client_version"), ("cwd", "cwd"), ("gitBranch", "git_branch"), ("agentId", "agent_id")):
        v = obj.get(src)
        if isinstance(v, str) and v:
            meta[dst] = v
    for flag in ("isSidechain", "isCompactSummary", "isVisibleInTranscriptOnly"):
        if obj.get(flag) is True:
            meta[flag] = True
    return meta


def _compact_event(obj: dict, base: dict, meta: dict, sess) -> dict:
    """The ``compact_boundary`` system line: a ``compact`` event."""
    cm = obj.get("compactMetadata") if isinstance(obj.get("compactMetadata"), dict) else {}
    trigger = as_str(cm.get("trigger")) or "unknown"
    pre = cm.get("preTokens")
    text = f"context compacted ({trigger}" + (f", {pre:,} tokens before" if isinstance(pre, int) else "") + ")"
    return make_event(base, meta, {"id": stable_id(PREFIX, sess, "compact", as_key(obj.get("uuid"), digest(text))),
                                   "role": "system", "kind": "compact", "text": text,
                                   "meta": {"trigger": trigger, "pre_tokens": pre if isinstance(pre, int) else None}})


def _api_error_event(obj: dict, msg: dict, base: dict, meta: dict, sess) -> dict:
    """An ``isApiErrorMessage`` assistant line: a system ``stop_failure``, as the StopFailure hook records it."""
    text = clean_text(content_text(msg.get("content"))) or "API error"
    error = as_str(obj.get("error"))
    status = obj.get("apiErrorStatus") if isinstance(obj.get("apiErrorStatus"), int) else None
    meta = {k: v for k, v in meta.items() if k != "model"}
    return make_event(base, meta, {"id": stable_id(PREFIX, sess, "apierr", as_key(obj.get("uuid"), digest(text))),
                                   "role": "system", "kind": "stop_failure", "text": text,
                                   "meta": {"original_role": "assistant", "error": error, "api_error_status": status}})


def parse(stream: BinaryIO, ctx: ParseContext) -> Iterator[Record | Rejection]:
    st = ctx.state
    for line_no, obj in iter_json_lines(stream, ctx):
        if isinstance(obj, Rejection):
            yield obj
            continue
        t = obj.get("type")
        sess = obj.get("sessionId") if isinstance(obj.get("sessionId"), str) else None
        if t == "system" and obj.get("subtype") == "compact_boundary":
            base = {k: v for k, v in (("ts", as_str(obj.get("timestamp"))), ("session", ctx.session or sess),
                                      ("project", ctx.project or project_from_cwd(obj.get("cwd")))) if v is not None}
            yield Record(line_no, _compact_event(obj, base, _line_meta(obj), sess))
            continue
        if t not in ("user", "assistant"):
            skip(ctx, f"{t or 'untyped'} line" if t != "system" else f"system line ({obj.get('subtype') or 'no subtype'})")
            continue
        if obj.get("isMeta"):
            skip(ctx, "isMeta user line (client-injected context)")
            continue
        msg = obj.get("message")
        if not isinstance(msg, dict):
            skip(ctx, f"{t} line without a message")
            continue
        project = ctx.project or project_from_cwd(obj.get("cwd"))
        meta = _line_meta(obj)
        if t == "assistant" and as_str(msg.get("model")):
            meta["model"] = msg["model"]
        compaction = str(meta.get("agent_id") or "").startswith("acompact")  # the subagent that writes a /compact summary
        base = {"ts": as_str(obj.get("timestamp")), "session": ctx.session or sess, "project": project}
        base = {k: v for k, v in base.items() if v is not None}
        if t == "assistant" and obj.get("isApiErrorMessage") is True:
            # the client's own words for a failed API call ("API Error: 500 …", "You've reached your … limit"),
            # written in the assistant role with model "<synthetic>": no agent said it
            yield Record(line_no, _api_error_event(obj, msg, base, meta, sess))
            continue

        def ev(**fields) -> dict:
            return make_event(base, meta, fields)

        content = msg.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        if not isinstance(blocks, list):
            continue
        texts: list[str] = []
        marks: list[str] = []

        def flush_text() -> Iterator[Record]:
            said = clean_text("\n".join(texts))
            text = "\n".join(x for x in (said, *marks) if x)
            texts.clear()
            marks.clear()
            if not text:
                return
            if t == "user" and _COMMAND_WRAPPER.match(text):
                skip(ctx, "slash-command wrapper")
                return
            if t == "assistant":
                kind = "summary" if compaction else "message"
                yield Record(line_no, ev(id=stable_id(PREFIX, sess, "a", digest(said or text)), role="assistant", kind=kind,
                                         text=text, meta={"compaction": True} if compaction else None))
                return
            # the id hashes what was typed (not the image placeholders): the
            # UserPromptSubmit hook saw the same prompt without them
            out = ev(id=stable_id(PREFIX, sess, "u", digest(said or text)), role="user", kind="message", text=text)
            yield Record(line_no, reattribute(out))

        for block in blocks:
            if not isinstance(block, dict):
                continue
            bt = block.get("type")
            if bt == "text" and isinstance(block.get("text"), str):
                texts.append(block["text"])
                continue
            mark = media_placeholder(block)
            if mark:
                marks.append(mark)
                continue
            if bt in ("thinking", "redacted_thinking"):
                skip(ctx, "thinking block")
                continue
            if bt in ("tool_use", "tool_result"):
                yield from flush_text()
            if bt == "tool_use" and t == "assistant":
                call_id = as_key(block.get("id"), digest(line_no))
                name, tool_input = as_str(block.get("name")), block.get("input")
                remember_call(st, call_id, name, tool_input)
                yield Record(line_no, ev(id=stable_id(PREFIX, sess, "call", call_id), role="assistant", kind="tool_call",
                                         tool=name, text=clean_text(tool_call_text(name, tool_input)),
                                         refs=refs_from_input(tool_input), meta={"input": tool_input, "tool_use_id": call_id}))
            elif bt == "tool_result":
                call_id = as_key(block.get("tool_use_id"), digest(line_no))
                name, tool_input = pop_call(st, call_id)
                tur = obj.get("toolUseResult")
                text, clipped = clip(clean_text(_result_text(block)))
                interrupted = isinstance(tur, dict) and tur.get("interrupted") is True
                status = result_status(block.get("is_error") is True, text, interrupted=interrupted)
                sub = as_str(tur.get("agentId")) if isinstance(tur, dict) else None
                yield Record(line_no, ev(id=stable_id(PREFIX, sess, "result", call_id), role="tool", kind="tool_result",
                                         tool=name, status=status, text=text, refs=refs_from_input(tool_input),
                                         meta={"input": tool_input, "tool_use_id": call_id, "clipped": clipped,
                                               "subagent_id": sub}))
            elif bt not in ("tool_use", "tool_result"):
                skip(ctx, f"{bt or 'untyped'} content block")
        yield from flush_text()
    report_skips(ctx)
