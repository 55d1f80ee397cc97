"""Codex CLI rollout JSONL (``~/.codex/sessions/YYYY/MM/DD/rollout-<ts>-<uuid>.jsonl``).

Each line is ``{"timestamp", "type", "payload"}``:

- ``session_meta`` gives the session id and cwd (→ project); ``turn_context``
  updates the cwd and model. Neither becomes an event.
- ``response_item`` ``message``: user → user ``message`` (the injected
  ``<environment_context>`` / ``<user_instructions>`` / AGENTS.md blocks are
  skipped), assistant → assistant ``message``; developer/system are skipped.
- ``function_call`` / ``custom_tool_call`` / ``local_shell_call`` → assistant
  ``tool_call`` (``arguments`` is a JSON string, parsed into ``meta.input``;
  ``update_plan`` keeps its ``plan`` there; ``apply_patch`` input is kept as
  ``meta.input.patch`` and its files become ``refs``).
- ``function_call_output`` / ``custom_tool_call_output`` → tool
  ``tool_result``, paired with its call by ``call_id`` (tool name and input);
  ``failed`` when the output reports a non-zero exit code or an error.
- ``reasoning`` (its ``encrypted_content`` is opaque), ``event_msg`` (UI
  echoes of the same items), ``compacted`` are skipped.

Re-reading takes only the new lines (offset in ``.holonmem/sources.json``).
Ids: ``cx:<session>:call|result:<call_id>`` (the Codex hook adapter uses the
same, with ``tool_use_id`` = ``call_id``) and ``cx:<session>:u|a:<hash>``.
"""

from __future__ import annotations

import json
import re
from typing import BinaryIO, Iterator

from .base import ParseContext, Record, Rejection, Sample
from .claude_transcript import iter_json_lines, pop_call, remember_call
from .clean import (
    as_key, as_str, clean_text, clip, content_text, digest, make_event, parse_json_arg, project_from_cwd, refs_from_input, stable_id,
    tool_call_text,
)

NAME = "codex_rollout"
INCREMENTAL = True
PREFIX = "cx"
_LINE_TYPES = frozenset({"session_meta", "response_item", "event_msg", "turn_context", "compacted"})
_INJECTED = re.compile(r"^\s*(?:<environment_context>|<user_instructions>|<INSTRUCTIONS>|# AGENTS\.md instructions)", re.I)
_EXIT = re.compile(r"(?:Process exited with code|[Ee]xit code:?)\s*(-?\d+)")


def sniff(sample: Sample) -> bool:
    for obj in sample.json_objects():
        if isinstance(obj, dict) and as_str(obj.get("type")) in _LINE_TYPES and isinstance(obj.get("payload"), dict) and "timestamp" in obj:
            return True
    return False


def _output(payload: dict) -> tuple[str, bool]:
    """Text of a call output and whether it failed."""
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
    m = _EXIT.search(text[:2000])
    if m and m.group(1) != "0":
        failed = True
    if text.lstrip().lower().startswith(("error:", "apply_patch verification failed", "failed to")):
        failed = True
    return text, failed


def parse(stream: BinaryIO, ctx: ParseContext) -> Iterator[Record | Rejection]:
    st = ctx.state
    for line_no, obj in iter_json_lines(stream, ctx):
        if isinstance(obj, Rejection):
            yield obj
            continue
        lt, p = obj.get("type"), obj.get("payload")
        if not isinstance(p, dict):
            continue
        if lt == "session_meta":
            if isinstance(p.get("id"), str):
                st["session"] = p["id"]
            if isinstance(p.get("cwd"), str):
                st["cwd"] = p["cwd"]
            continue
        if lt == "turn_context":
            for key in ("cwd", "model"):
                if isinstance(p.get(key), str):
                    st[key] = p[key]
            continue
        if lt != "response_item":
            continue
        sess = st.get("session")
        project = ctx.project or project_from_cwd(st.get("cwd"))
        base = {k: v for k, v in (("ts", as_str(obj.get("timestamp"))), ("session", ctx.session or sess), ("project", project)) if v}
        meta = {"client": "codex"}
        if st.get("model"):
            meta["model"] = st["model"]

        def ev(**fields) -> dict:
            return make_event(base, meta, fields)

        pt = p.get("type")
        if pt == "message":
            role = p.get("role")
            if role not in ("user", "assistant"):
                continue
            raw = content_text(p.get("content"))
            if role == "user" and _INJECTED.match(raw):
                continue
            text = clean_text(raw)
            if text:
                yield Record(line_no, ev(id=stable_id(PREFIX, sess, role[0], digest(text)), role=role, kind="message", text=text))
        elif pt in ("function_call", "custom_tool_call", "local_shell_call"):
            call_id = as_key(p.get("call_id"), as_key(p.get("id"), digest(line_no, obj.get("timestamp"))))
            name = as_str(p.get("name")) or ("shell" if pt == "local_shell_call" else None)
            if pt == "function_call":
                tool_input = parse_json_arg(p.get("arguments"))
            elif pt == "custom_tool_call":
                raw = p.get("input")
                tool_input = {"patch" if name == "apply_patch" else "input": raw}
            else:
                tool_input = p.get("action")
            remember_call(st, call_id, name, tool_input)
            yield Record(line_no, ev(id=stable_id(PREFIX, sess, "call", call_id), role="assistant", kind="tool_call", tool=name,
                                     text=clean_text(tool_call_text(name, tool_input)), refs=refs_from_input(tool_input),
                                     meta={"input": tool_input, "call_id": call_id}))
        elif pt in ("function_call_output", "custom_tool_call_output"):
            call_id = as_key(p.get("call_id"), digest(line_no, obj.get("timestamp")))
            name, tool_input = pop_call(st, call_id)
            text, failed = _output(p)
            text, clipped = clip(clean_text(text))
            yield Record(line_no, ev(id=stable_id(PREFIX, sess, "result", call_id), role="tool", kind="tool_result", tool=name,
                                     status="failed" if failed else "ok", text=text, refs=refs_from_input(tool_input),
                                     meta={"input": tool_input, "call_id": call_id, "clipped": clipped}))
