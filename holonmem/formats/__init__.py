"""Input formats for ``holonmem ingest``: one small adapter module each.

An adapter module defines ``NAME``, ``sniff(sample) -> bool`` (``sample`` is a
:class:`~holonmem.formats.base.Sample` of the input's first lines) and
``parse(stream, ctx) -> Iterator[Record | Rejection]`` yielding native-shaped
dicts (validated later by :func:`holonmem.events.normalize_event`) or
rejections with a line number. Detection tries adapters in ``ORDER``; the
native and plain-text adapters come last as the catch-alls.
"""

from __future__ import annotations

import importlib

from .base import ParseContext, Record, Rejection, Sample  # noqa: F401

# Module names under holonmem.formats, most specific first.
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


def names() -> list[str]:
    return ["auto", *ORDER]


def load(name: str):
    name = ALIASES.get(name, name)
    if name not in ORDER:
        from ..errors import UsageError

        raise UsageError(f"unknown format {name!r}", f"use one of: {', '.join(names())}")
    return importlib.import_module(f"{__name__}.{name}")


def detect(sample: Sample) -> str:
    """Name of the first adapter whose ``sniff`` accepts the sample."""
    for name in ORDER:
        mod = load(name)
        try:
            if mod.sniff(sample):
                return mod.NAME
        except RecursionError:  # JSON nested ~1,000 levels: not this format; the parser rejects the line
            continue
    return "text"
