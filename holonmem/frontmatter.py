"""YAML frontmatter: the one module that splits, reads and writes the header of
every Markdown file holonmem touches (memory files, notes, AGENTS.md and the
operator/self memory).

- :func:`split_frontmatter`: ``(header text or None, body)``; a byte order mark,
  CRLF line ends and a ``...`` closing line are accepted.
- :func:`parse_frontmatter`: the header's mapping. The plain shape holonmem writes
  (one ``key: value`` line per key, flow lists, JSON-style quotes) is read by
  :func:`simple_yaml` without ruamel — the fast path of the per-turn ``context``
  (``make bench``: the first turn after a ``git pull`` that changed 50 memory files)
  and of ``dream`` at 100,000 signals; anything else goes through ruamel's
  round-trip loader (:func:`load_yaml`, alias expansion bounded), whose mapping
  also serves comment-keeping rewrites (:func:`yaml_rt` dumps it).
- :func:`read_frontmatter`: tolerant ``(mapping, body)`` for readers that never
  rewrite (notes, people-written files): a header that does not parse is ignored.
- :func:`scalar`: one value written so that YAML reads it back unchanged.

Importing this module is cheap (``re``, ``json``); ruamel is imported only for a
header that is not plain.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

def split_frontmatter(text: str) -> tuple[str | None, str]:
    """``(frontmatter text or None, body)``; the frontmatter sits between ``---`` lines
    (the closing one may be ``...``). A UTF-8 byte order mark before the first ``---``
    (some editors write one) is ignored, and so is a CR before a line end."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.startswith("---"):
        return None, text
    first_nl = text.find("\n")
    if first_nl < 0 or text[:first_nl].strip() != "---":
        return None, text
    m = _CLOSE.search(text, first_nl + 1)
    if not m:
        return None, text
    fm = text[first_nl + 1: m.start()]
    rest = text[m.end():]
    if rest.startswith("\r\n"):
        rest = rest[2:]
    elif rest.startswith("\n"):
        rest = rest[1:]
    return fm, rest


_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t\r]*$", re.M)


def parse_frontmatter(fm_text: str):
    """The mapping of a header's text (None for an empty header): :func:`simple_yaml`
    when the header is plain, else :func:`load_yaml` (a ruamel CommentedMap). Raises
    what ruamel raises on YAML that does not parse, ValueError on an alias bomb."""
    fast = simple_yaml(fm_text)
    if fast is not None:
        return fast
    return load_yaml(fm_text) if fm_text.strip() else None


def read_frontmatter(text: str) -> tuple[dict, str]:
    """``(header mapping, body)`` of a file that is read, never rewritten (a note, AGENTS.md):
    ``{}`` when there is no header or it does not parse or is not a mapping."""
    fm, body = split_frontmatter(text)
    if fm is None:
        return {}, body
    try:
        data = parse_frontmatter(fm)
    except Exception:  # noqa: BLE001 - a broken header (or an alias bomb) reads as no header
        return {}, body
    return (dict(data), body) if isinstance(data, dict) else ({}, body)


# -- ruamel: headers that are not plain, and comment-keeping rewrites --------------------

def yaml_rt():
    """ruamel's round-trip YAML as holonmem dumps it (wide lines, quotes kept, lists indented)."""
    from ruamel.yaml import YAML

    y = YAML(typ="rt")
    y.width = 4096
    y.preserve_quotes = True
    y.indent(mapping=2, sequence=4, offset=2)
    return y


MAX_YAML_NODES = 20000  # values a frontmatter may hold once its aliases are expanded


def load_yaml(text: str):
    """Frontmatter YAML through ruamel (round-trip), with alias expansion bounded:
    a file whose aliases (``*a``, ``<<: *a``) would expand to more than
    :data:`MAX_YAML_NODES` values, or refer to themselves, raises ValueError
    (a 450-byte "billion laughs" otherwise makes every reader build gigabytes).
    The one YAML entry point for memory files, their repairs and note headers."""
    y = yaml_rt()
    if "*" in text:  # no alias, nothing to expand
        _check_aliases(y.compose(text))
    return y.load(text)


def _check_aliases(root) -> None:
    from ruamel.yaml.nodes import MappingNode, SequenceNode

    sizes: dict[int, int] = {}
    stack: list[tuple[object, bool]] = [(root, False)]
    open_: set[int] = set()
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            open_.discard(key)
            kids = node.value if isinstance(node, SequenceNode) else [x for kv in node.value for x in kv]
            n = 1 + sum(sizes[id(k)] for k in kids)
            if n > MAX_YAML_NODES:
                raise ValueError(f"its YAML aliases expand to more than {MAX_YAML_NODES} values (an alias bomb?)")
            sizes[key] = n
            continue
        if key in sizes:
            continue
        if key in open_:
            raise ValueError("a YAML alias refers to itself")
        if isinstance(node, (SequenceNode, MappingNode)):
            open_.add(key)
            stack.append((node, True))
            kids = node.value if isinstance(node, SequenceNode) else [x for kv in node.value for x in kv]
            stack.extend((k, False) for k in kids if id(k) not in sizes)
        else:
            sizes[key] = 1



# -- the plain shape holonmem writes ---------------------------------------------------

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
