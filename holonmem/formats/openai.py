"""OpenAI chat messages: a bare array, a ``{"messages": [...]}`` request body,
or JSONL with one message (or one such body) per line.

- ``content`` is a string or a list of parts (``text`` parts are joined;
  images and audio are skipped); ``null`` with ``tool_calls`` is fine.
- ``user`` → user ``message``; ``assistant`` → assistant ``message`` (when it
  has text) plus one assistant ``tool_call`` per ``tool_calls`` entry
  (``function.arguments``, a JSON string, parsed into ``meta.input``);
  ``tool`` (and legacy ``function``) → tool ``tool_result`` paired with its
  call by ``tool_call_id`` (tool name and input); ``system`` / ``developer`` →
  system ``message``.
- Messages carry no session: the conversation gets ``--session`` or
  ``conv-<hash of its first message>``, so re-ingesting a conversation that
  grew adds only the new messages. Ids: ``oa:<session>:<index>:<hash>``.
"""

from __future__ import annotations

import json
from typing import BinaryIO, Iterator

from .base import ParseContext, Record, Rejection, Sample, parse_object, preview, read_document
from .clean import (
    as_key, as_str, clean_text, clip, content_text, digest, parse_json_arg, refs_from_input, stable_id, tool_call_text,
)

NAME = "openai"
PREFIX = "oa"
DOC_LIMIT = 256 * 1024 * 1024
ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function"})


def _is_message(obj) -> bool:
    return (
        isinstance(obj, dict) and isinstance(obj.get("role"), str) and obj["role"] in ROLES and "text" not in obj
        and ("content" in obj or "tool_calls" in obj or "function_call" in obj)
    )


def _is_body(obj) -> bool:
    return isinstance(obj, dict) and isinstance(obj.get("messages"), list) and all(_is_message(m) for m in obj["messages"][:5])


def sniff(sample: Sample) -> bool:
    objs = sample.json_objects()
    if objs and all(_is_message(o) or _is_body(o) for o in objs):
        return True
    try:
        whole = json.loads(sample.head)
    except ValueError:
        head = sample.head.lstrip()
        # A big pretty-printed document: look at its start only.
        return head.startswith(("[", "{")) and '"role"' in head[:2000] and '"content"' in head[:4000] and '"text"' not in head[:300]
    if isinstance(whole, list):
        return bool(whole) and all(_is_message(m) for m in whole[:5])
    return _is_body(whole)


def conversation_events(messages: list, ctx: ParseContext, line_no: int) -> Iterator[Record | Rejection]:
    first = next((m for m in messages if isinstance(m, dict) and m.get("role") != "system"), messages[0] if messages else None)
    first_key = json.dumps(first, sort_keys=True, ensure_ascii=False, default=str) if first is not None else ""
    sess = ctx.session or f"conv-{digest(first_key, n=12)}"
    calls: dict[str, tuple] = {}
    base = {"session": sess}
    if ctx.project:
        base["project"] = ctx.project

    def ev(idx: int, sub: str, **fields) -> dict:
        out = dict(base)
        out.update({k: v for k, v in fields.items() if v is not None})
        meta = {"client": "openai", "index": idx}
        meta.update({k: v for k, v in (out.pop("meta", None) or {}).items() if v is not None})
        out["meta"] = meta
        out["id"] = stable_id(PREFIX, sess, idx, sub, digest(fields.get("text", ""), n=10))
        return out

    for idx, m in enumerate(messages):
        if not _is_message(m):
            yield Rejection(line_no, f"message {idx}: not a chat message (needs a role and content)",
                            preview(json.dumps(m, ensure_ascii=False, default=str)))
            continue
        role = m["role"]
        text = clean_text(content_text(m.get("content")))
        if role in ("system", "developer", "user", "assistant") and text:
            yield Record(line_no, ev(idx, "m", role="system" if role == "developer" else role, kind="message", text=text,
                                     speaker=as_str(m.get("name"))))
        if role == "assistant":
            tcs = m.get("tool_calls") if isinstance(m.get("tool_calls"), list) else []
            if isinstance(m.get("function_call"), dict):
                tcs = [*tcs, {"id": None, "function": m["function_call"]}]
            for j, tc in enumerate(tcs):
                tc = tc if isinstance(tc, dict) else {}
                fn = tc.get("function") if isinstance(tc.get("function"), dict) else {}
                name = as_str(fn.get("name"))
                tool_input = parse_json_arg(fn.get("arguments"))
                call_id = as_key(tc.get("id"), f"{idx}.{j}")
                calls[call_id] = (name, tool_input)
                if tc.get("id") is None:
                    calls[name or ""] = (name, tool_input)
                yield Record(line_no, ev(idx, f"call{j}", role="assistant", kind="tool_call", tool=name,
                                         text=clean_text(tool_call_text(name, tool_input)), refs=refs_from_input(tool_input),
                                         meta={"input": tool_input, "call_id": as_str(tc.get("id"))}))
        elif role in ("tool", "function"):
            key = as_key(m.get("tool_call_id"), as_key(m.get("name"), ""))
            name, tool_input = calls.get(key, (as_str(m.get("name")), None))
            body, clipped = clip(text)
            yield Record(line_no, ev(idx, "result", role="tool", kind="tool_result", tool=name, status="ok", text=body,
                                     refs=refs_from_input(tool_input),
                                     meta={"input": tool_input, "call_id": as_str(m.get("tool_call_id")), "clipped": clipped}))


def parse(stream: BinaryIO, ctx: ParseContext) -> Iterator[Record | Rejection]:
    data = read_document(stream, max(ctx.max_line_bytes, DOC_LIMIT))
    if data is None:
        yield Rejection(1, f"input larger than {DOC_LIMIT} bytes", "")
        return
    text = data.decode("utf-8", errors="replace")
    try:
        whole = json.loads(text)
    except ValueError:
        whole = None
    if isinstance(whole, list):
        yield from conversation_events(whole, ctx, 1)
        return
    if _is_body(whole):
        yield from conversation_events(whole["messages"], ctx, 1)
        return
    if whole is not None and not _is_message(whole):
        yield Rejection(1, "not OpenAI chat messages (expected an array, a {\"messages\": [...]} body or JSONL of messages)", preview(text))
        return
    # JSONL: messages of one conversation, or one request body per line.
    run: list = []
    run_line = 1
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = parse_object(line)
        except ValueError as exc:
            yield Rejection(n, str(exc), preview(line))
            continue
        if _is_body(obj):
            yield from conversation_events(obj["messages"], ctx, n)
        elif _is_message(obj):
            if not run:
                run_line = n
            run.append(obj)
        else:
            yield Rejection(n, "not an OpenAI chat message (needs a role and content)", preview(line))
    if run:
        yield from conversation_events(run, ctx, run_line)
