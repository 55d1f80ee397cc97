"""One stored ledger line as JSON, hostile input bounded (pure).

Lines merged or edited into a ledger file skip ingest's checks, so every
reader parses them with :func:`load_line`: a lone surrogate becomes U+FFFD and
nesting deeper than :data:`MAX_DEPTH` is a ValueError, never a RecursionError.
:mod:`events` applies the same limits at ingest. Below the ledger, the id map
and the event model, which all use it.
"""

from __future__ import annotations

import json
import re

MAX_DEPTH = 64  # levels of objects/arrays an event may nest (the ledger, the index and the readers recurse)
_SURROGATE = re.compile("[\ud800-\udfff]")


def too_deep(obj, limit: int = MAX_DEPTH) -> bool:
    """Does ``obj`` nest more than ``limit`` levels of (non-empty) dicts/lists below it?
    Recursion is bounded by ``limit``; a dict of scalars costs one pass over its values."""
    for v in (obj.values() if type(obj) is dict else obj):
        t = type(v)
        if (t is dict or t is list) and v and (limit <= 1 or too_deep(v, limit - 1)):
            return True
    return False


def scrub_surrogates(obj):
    """``(copy of obj with every lone surrogate replaced by U+FFFD, how many)``."""
    n = 0

    def fix(v):
        nonlocal n
        if isinstance(v, str):
            if v.isascii():
                return v
            v, k = _SURROGATE.subn("\ufffd", v)
            n += k
            return v
        if isinstance(v, dict):
            return {fix(a): fix(b) for a, b in v.items()}
        if isinstance(v, list):
            return [fix(x) for x in v]
        return v

    return fix(obj), n


def load_line(raw: bytes | str):
    """``json.loads`` for a stored ledger line that never hands a reader
    a lone surrogate (it becomes U+FFFD) or a RecursionError (ValueError: "nested
    too deeply"): lines merged or edited into a file skip ingest's checks
    (:mod:`events` applies the same limits there). Every ledger reader uses it."""
    try:
        obj = json.loads(raw)
    except RecursionError:
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep") from None
    if not isinstance(obj, (dict, list)):
        return obj
    b = isinstance(raw, bytes)
    surrogate = (b"\\ud" if b else "\\ud") in raw or (b"\\uD" if b else "\\uD") in raw  # \ud800-\udfff
    if (surrogate or (len(raw) > 2 * MAX_DEPTH and _brackets(raw) > MAX_DEPTH)) and too_deep(obj):
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
    return scrub_surrogates(obj)[0] if surrogate else obj


def _brackets(raw) -> int:
    """How many ``[``/``{`` a line holds (C-speed counts): a bound on its depth."""
    return raw.count(b"[" if isinstance(raw, bytes) else "[") + raw.count(b"{" if isinstance(raw, bytes) else "{")
