"""Input formats for ``holonmem ingest``: one small adapter module each.

An adapter module defines ``NAME``, ``sniff(sample) -> bool`` (``sample`` is a
:class:`~holonmem.formats.base.Sample` of the input's first lines) and
``parse(stream, ctx) -> Iterator[Record | Rejection]`` yielding native-shaped
dicts (validated later by :func:`holonmem.events.normalize_event`) or
rejections with a line number. Detection tries adapters in ``ORDER``; the
native and plain-text adapters come last as the catch-alls.

:data:`CLIENTS` is the one registry of the agent clients holonmem hooks into:
``hook <client>``, ``hook install <client>``, ``context --hook <client>`` and
the settings files all read it. This module imports nothing heavy: the
per-turn fast paths read the registry.
"""

from __future__ import annotations

import importlib

# The built-in adapters (module names under holonmem.formats), most specific first.
ORDER: list[str] = [
    "codex_hook",
    "claude_hook",
    "claude_transcript",
    "codex_rollout",
    "openai",
    "native",
    "text",
]
ALIASES = {"jsonl": "native", "plain": "text"}


class Client:
    """An agent client: the adapters that read its hook payloads and its own session files,
    the hook events ``hook install`` registers, and where its hooks settings live."""

    __slots__ = ("name", "label", "hook_format", "files_format", "hook_events", "settings")

    def __init__(self, name: str, label: str, *, hook_format: str, files_format: str,
                 hook_events: tuple[str, ...], settings: tuple[str, str]):
        self.name, self.label, self.hook_format, self.files_format = name, label, hook_format, files_format
        self.hook_events, self.settings = hook_events, settings


CLIENTS: dict[str, Client] = {c.name: c for c in (
    Client("claude", "Claude Code", hook_format="claude_hook", files_format="claude_transcript",
           hook_events=("SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "Stop", "SessionEnd"),
           settings=(".claude", "settings.json")),
    # Codex has no PostToolUseFailure or SessionEnd hook (a failed tool fires PostToolUse).
    Client("codex", "Codex CLI", hook_format="codex_hook", files_format="codex_rollout",
           hook_events=("SessionStart", "UserPromptSubmit", "PostToolUse", "Stop"),
           settings=(".codex", "hooks.json")),
)}


def client(name: str) -> Client:
    """The registered client ``name``; a UsageError naming the registered ones otherwise."""
    found = CLIENTS.get(name)
    if found is None:
        from ..errors import UsageError

        raise UsageError(f"unknown client {name!r}", f"use {' or '.join(CLIENTS)}")
    return found


def names() -> list[str]:
    return ["auto", *ORDER]


def load(name: str):
    name = ALIASES.get(name, name)
    if name not in ORDER:
        from ..errors import UsageError

        raise UsageError(f"unknown format {name!r}", f"use one of: {', '.join(names())}")
    return importlib.import_module(f"{__name__}.{name}")


def detect(sample) -> str:
    """Name of the first adapter whose ``sniff`` accepts the sample (a :class:`base.Sample`)."""
    for name in ORDER:
        mod = load(name)
        try:
            if mod.sniff(sample):
                return mod.NAME
        except RecursionError:  # JSON nested ~1,000 levels: not this format; the parser rejects the line
            continue
    return "text"
