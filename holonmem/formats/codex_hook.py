"""Codex CLI hook input: the same shape as Claude Code's plus ``turn_id`` and
``model`` (see ``codex-rs/hooks/schema/generated/*.command.input.schema.json``:
SessionStart, UserPromptSubmit, PreToolUse, PermissionRequest, PostToolUse,
PreCompact, PostCompact, SubagentStart, SubagentStop, Stop, StopFailure).

The mapping is :func:`holonmem.formats.claude_hook.events_from_hook`; ids use
the prefix ``cx`` and ``tool_use_id`` (Codex's ``call_id``), so a tool result
from a hook and the same call read from the rollout file are stored once.
Codex's ``tool_response`` is plain text with the exec header (``Chunk ID`` /
``Wall time`` / ``Process exited with code N`` / ``Original token count``):
the header goes to ``meta`` (``exit_code``, ``wall_time``, ``chunk_id``), the
text keeps the output, and a non-zero exit code marks the result ``failed``
("exec command rejected by user" is ``rejected``). A Codex Desktop / IDE
prompt keeps the user's request; the wrapper's file list goes to ``meta``.
"""

from __future__ import annotations

from collections.abc import Iterator  # not typing: ~3 ms on every hook
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import BinaryIO

from .base import ParseContext, Record, Rejection, Sample
from .claude_hook import _HOOK_KEY, looks_codex, parse_hook_document, sniff_payload

NAME = "codex_hook"
CLIENT = "codex"
PREFIX = "cx"


def sniff(sample: Sample) -> bool:
    obj = sniff_payload(sample)
    if obj is None:
        head = sample.head[:4096]
        return bool(_HOOK_KEY.search(head)) and ".codex/" in head
    return "hook_event_name" in obj and looks_codex(obj)


def parse(stream: BinaryIO, ctx: ParseContext) -> Iterator[Record | Rejection]:
    yield from parse_hook_document(stream, ctx, client=CLIENT, prefix=PREFIX)
