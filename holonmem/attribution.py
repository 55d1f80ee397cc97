"""Who wrote an event, and what a tool result's outcome really was (pure).

Clients put text the person never typed in the user role: Claude Code's
compaction summary (``isCompactSummary``), a subagent's task prompt
(``isSidechain``), ``<task-notification>`` blocks, "[Request interrupted by
user…]" markers. And they report cancelled or user-rejected tool calls as
errors. Every reader that asks "did the user say this?" or "did this tool
really fail?" asks here, so the answer is the same at ingest (adapters and
native events) and at extraction (events already in an older ledger).

- :func:`reattribute` gives such an event its own kind (``summary``,
  ``task_prompt``, ``notification``, ``interruption``) and role
  (``assistant`` or ``system``), keeping the original role in
  ``meta.original_role``; idempotent.
- :func:`is_user_authored`: role ``user``, kind ``message``, and not one of
  the above.
- :func:`tool_outcome`: ``failed`` only for a real failure; ``cancelled`` /
  ``rejected`` for a sibling-errored, interrupted or user-rejected call.
- :func:`restatus`: the same for a native ``failed`` tool result (ingest).
- :func:`result_status`: the status an adapter stores for a tool result it
  read as failed or not (the same answer, decided once at ingest).
- :func:`may_be_client_written`: the cheap test ingest runs before
  :func:`reattribute` on every native event (O(1): a few dict look-ups and
  the text's first character).
"""

from __future__ import annotations

import re


class _Lazy:
    """A pattern compiled on first use: the hook path imports this module on
    every turn and most turns never need a pattern (compiling them all cost ~3 ms).
    Compiled through the regex cache (:mod:`holonmem.rxcache`; every pattern here is
    written in source): ``re.compile`` called from here compiled the ones a prompt
    needs on every prompt hook (~1 ms)."""

    __slots__ = ("_args", "_rx")

    def __init__(self, pattern: str, flags: int = 0):
        self._args, self._rx = (pattern, flags), None

    def __getattr__(self, name):
        if self._rx is None:
            from .rxcache import compile as rx_compile

            self._rx = rx_compile(*self._args)
        return getattr(self._rx, name)


FAILED = frozenset({"failed", "failure", "error", "errored", "fail", "timeout", "timed_out"})
PASSED = frozenset({"ok", "passed", "pass", "success", "succeeded", "done", "completed"})
NOT_FAILURES = frozenset({"cancelled", "canceled", "rejected", "interrupted", "denied"})

# Agent/client-written kinds that may arrive in the user role.
CLIENT_KINDS = frozenset({"summary", "task_prompt", "notification", "interruption"})

_COMPACT_RE = _Lazy(
    r"^\s*(?:This session is being continued from a previous conversation"
    r"|Your task is to create a detailed summary of the conversation so far"
    r"|Another language model started to solve this problem and produced a summary)", re.I)  # Claude Code; Codex
_NOTIFY_RE = _Lazy(r"^\s*<(task-notification|bash-notification|command-notification)>", re.I)
_INTERRUPT_RE = _Lazy(r"^\s*(?:\[Request interrupted by user[^\]]*\]|<turn_aborted>.*?(?:</turn_aborted>|\Z))\s*$", re.I | re.S)
_REJECTED_RE = _Lazy(
    r"(The user doesn'?t want to (?:proceed with this tool use|take this action)|The tool use was rejected"
    r"|user (?:rejected|denied|declined) (?:this|the) tool|User rejected tool use|rejected by (?:the )?user"
    r"|Permission to use \S+ (?:has been|was) denied)", re.I)
_CANCELLED_RE = _Lazy(
    r"(Cancelled: parallel tool call|Sibling tool call errored|tool call was cancell?ed"
    r"|\[Request interrupted by user|Interrupted by user|aborted by (?:the )?user"
    r"|Streaming fallback - tool execution discarded)", re.I)


def client_kind(ev: dict) -> str | None:
    """The kind of client- or agent-written text in a user-role message, or None."""
    if ev.get("role") != "user" or ev.get("kind", "message") != "message":
        return None
    meta = ev.get("meta") or {}
    if not isinstance(meta, dict):
        meta = {}
    text = str(ev.get("text") or "")
    if meta.get("isCompactSummary") or meta.get("isVisibleInTranscriptOnly") or _COMPACT_RE.match(text):
        return "summary"
    if meta.get("isSidechain"):
        return "task_prompt"
    if _NOTIFY_RE.match(text):
        return "notification"
    if _INTERRUPT_RE.match(text):
        return "interruption"
    return None


_CLIENT_FLAGS = ("isCompactSummary", "isSidechain", "isVisibleInTranscriptOnly")
_FIRST_CHARS = frozenset("<[TtYyAa")  # the first character of every text client_kind can match


def may_be_client_written(text: str, meta) -> bool:
    """Could :func:`client_kind` say yes? False for almost every event, cheaply."""
    if meta and isinstance(meta, dict) and (meta.get("isCompactSummary") or meta.get("isSidechain")
                                            or meta.get("isVisibleInTranscriptOnly")):
        return True
    head = text[:64].lstrip()[:1] if text else ""
    return head in _FIRST_CHARS


_ROLE_FOR = {"summary": "system", "task_prompt": "assistant", "notification": "system", "interruption": "system"}


def reattribute(ev: dict) -> dict:
    """The event with client-written user-role text given its own kind and role (a new dict when changed)."""
    kind = client_kind(ev)
    if kind is None:
        return ev
    meta = dict(ev.get("meta") or {}) if isinstance(ev.get("meta"), dict) else {}
    meta.setdefault("original_role", "user")
    out = dict(ev)
    out["role"], out["kind"], out["meta"] = _ROLE_FOR[kind], kind, meta
    return out


def is_user_authored(ev: dict) -> bool:
    """Text the person typed: role ``user``, kind ``message``, and no client wrapper."""
    return ev.get("role") == "user" and ev.get("kind", "message") == "message" and client_kind(ev) is None


def tool_outcome(ev: dict) -> str:
    """A tool result's outcome: ``failed``, ``cancelled``, ``rejected``, ``ok`` or its own status."""
    st = str(ev.get("status") or "").lower()
    if st in NOT_FAILURES:
        return "cancelled" if st in ("canceled", "interrupted") else st
    if st in FAILED:
        head = str(ev.get("text") or "")[:400]
        if _REJECTED_RE.search(head):
            return "rejected"
        if _CANCELLED_RE.search(head):
            return "cancelled"
        return "failed"
    if st in PASSED:
        return "ok"
    return st


_REFUSAL_RE = _Lazy(  # a whole tool output that only says the call did not run (Codex)
    r"^\s*(?:(?P<rejected>exec command rejected by user|patch rejected by user|tool call rejected by user)"
    r"|(?P<cancelled>(?:command )?aborted by user|Interrupted by user))\s*\.?\s*$", re.I)


def refusal(text: str) -> str | None:
    """``rejected`` / ``cancelled`` when a tool's whole output says the call was
    refused or aborted by the user (Codex writes these as plain output), else None."""
    m = _REFUSAL_RE.match(text[:200]) if text and len(text) < 200 else None
    return None if m is None else ("rejected" if m.group("rejected") else "cancelled")


def result_status(failed: bool, text: str = "", *, interrupted: bool = False) -> str:
    """The status to store for a tool result an adapter read as ``failed`` or
    not: ``failed`` only for a real failure, ``rejected`` / ``cancelled`` for a
    call the user turned down, an interrupted one, or one cancelled because a
    parallel sibling errored; else ``ok``."""
    if interrupted:
        return "cancelled"
    if not failed:
        return "ok"
    return tool_outcome({"status": "failed", "text": text})


def restatus(ev: dict) -> dict:
    """A ``failed`` tool result that was really cancelled or rejected, with that
    status (the stored one kept as ``meta.original_status``); else ``ev``
    itself. For native events, whose writer may not know the difference."""
    if ev.get("kind") != "tool_result" or ev.get("status") != "failed":
        return ev
    outcome = tool_outcome(ev)
    if outcome not in ("cancelled", "rejected"):
        return ev
    meta = dict(ev["meta"]) if isinstance(ev.get("meta"), dict) else {}
    meta.setdefault("original_status", "failed")
    out = dict(ev)
    out["status"], out["meta"] = outcome, meta
    return out


def is_real_failure(ev: dict) -> bool:
    return ev.get("kind") == "tool_result" and tool_outcome(ev) == "failed"


def is_pass(ev: dict) -> bool:
    return ev.get("kind") == "tool_result" and tool_outcome(ev) == "ok"
