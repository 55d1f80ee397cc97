"""Plain YAML frontmatter without ruamel (pure): what holonmem writes and reads fast.

holonmem's own memory files use one ``key: value`` line per key, flow lists
(``evidence: [evt_1, evt_2]``) and JSON-style double quotes where a value is
not a plain word. :func:`simple_yaml` reads exactly that shape (and returns None
for anything else, so callers fall back to ruamel); :func:`scalar` writes a
value so that YAML reads it back unchanged.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def scalar(v) -> str:
    if type(v) is str:
        return _scalar_str(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    s = str(v)
    if _PLAIN.match(s) and s.lower() not in _YAML_WORDS:
        return s
    return json.dumps(s, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


@lru_cache(maxsize=65536)
def _scalar_str(s: str) -> str:
    """:func:`scalar` of a str (cached: a memory's evidence list repeats the same event ids run after run)."""
    if _PLAIN.match(s) and s.lower() not in _YAML_WORDS:
        return s
    return json.dumps(s, ensure_ascii=False)


SIMPLE_LINE = re.compile(r"^([A-Za-z_][\w-]*):(?:[ \t]+(.*?))?[ \t]*$")
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def simple_value(raw: str):
    """One scalar of a simple frontmatter line, or raise ValueError when unsure."""
    if raw.startswith('"'):
        v = json.loads(raw)
        if not isinstance(v, str):
            raise ValueError(raw)
        return v
    if raw.startswith("'"):
        if len(raw) < 2 or not raw.endswith("'") or "'" in raw[1:-1].replace("''", ""):
            raise ValueError(raw)
        return raw[1:-1].replace("''", "'")
    if raw in ("", "~", "null", "Null", "NULL"):
        return None
    if any(c in raw for c in "#&*!|>%@`{}[],") or raw.startswith(("- ", "? ")) or ": " in raw:
        raise ValueError(raw)
    if _NUMBER.match(raw):
        return float(raw) if "." in raw else int(raw)
    return raw


def split_flow(inner: str) -> list[str]:
    items, cur, quote = [], "", None
    for ch in inner:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
        elif ch in "\"'" and not cur.strip():
            quote = ch
            cur += ch
        elif ch == ",":
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if quote:
        raise ValueError(inner)
    if cur.strip():
        items.append(cur.strip())
    return items


def simple_yaml(text: str) -> dict | None:
    """Parse the plain ``key: value`` / ``key: [a, b]`` frontmatter holonmem writes, fast.

    Returns None for anything else (comments, block lists, nesting, multi-line
    values); the caller then uses ruamel, which keeps comments on rewrite.
    """
    out: dict = {}
    try:
        for line in text.splitlines():
            if not line.strip():
                continue
            m = SIMPLE_LINE.match(line)
            if not m or m.group(1) in out:
                return None
            raw = m.group(2) or ""
            if raw.startswith("["):
                if not raw.endswith("]"):
                    return None
                out[m.group(1)] = [simple_value(x) for x in split_flow(raw[1:-1])]
            else:
                out[m.group(1)] = simple_value(raw)
    except ValueError:
        return None
    return out
