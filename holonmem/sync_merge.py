"""Merging by meaning for ``holonmem sync``: pure functions from the three versions of a file
(``base``: the common ancestor, ``ours``, ``theirs``; ``None`` when absent) to the merged text.

- JSONL (ledger, signals): a three-way merge of keyed lines — events by id, signal lines by
  id, status lines by their content. Our lines keep their order and bytes (so the byte
  offsets of this machine's checkpoints stay valid); the other side's new lines follow.
- Episode day files: sections keyed by episode id (the head of the file is one more chunk).
- Journal files: entries (``## `` headings) of both sides, in time order.
- MEMORY.md: only the lines a person wrote are merged; the managed lines are regenerated
  from the memory files afterwards (``sync.memory_index_text``).
- Memory files: written by holonmem on both sides (the marker matches, see
  ``memory.stamp_state``) -> one memory with the fields of both; anything else is a
  person's conflict.

A chunk both sides changed differently is a :class:`Clash`; the caller decides (a person's
text is never auto-resolved).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Callable, Iterable

Chunk = tuple[object, str]  # (key, text)


@dataclass
class Clash:
    key: object
    reason: str
    ours: str = ""
    theirs: str = ""
    added: bool = False  # both sides added it (no common version): not an edit of anything


def merge_keyed(base: list[Chunk], ours: list[Chunk], theirs: list[Chunk]) -> tuple[list[Chunk], list[Clash]]:
    """Three-way merge of keyed chunks. Order: ours, then what only theirs added (in their order).

    A chunk changed on one side only takes that side; deleted on one side and unchanged on
    the other goes; changed on both sides differently is a clash (ours is kept in the result).
    A key repeated within one side counts once (its first chunk)."""
    b = _first(base)
    t = _first(theirs)
    o = _first(ours)
    out: list[Chunk] = []
    clashes: list[Clash] = []
    done: set = set()
    for key, text in ours:
        if key in done:
            continue
        done.add(key)
        if key in t:
            tt = t[key]
            if tt == text or tt == b.get(key):
                out.append((key, text))
            elif text == b.get(key):
                out.append((key, tt))
            else:
                clashes.append(Clash(key, "changed on both sides", text, tt, key not in b))
                out.append((key, text))
        elif key in b and text == b[key]:
            continue  # theirs deleted it, we did not touch it
        else:
            out.append((key, text))  # ours added it (or changed what theirs deleted: kept)
    for key, text in theirs:
        if key in done:
            continue
        done.add(key)
        if key in b and key not in o:
            if text != b[key]:
                clashes.append(Clash(key, "deleted on one side, changed on the other", "", text))
                out.append((key, text))
            continue  # ours deleted it
        out.append((key, text))
    return out, clashes


def _first(chunks: Iterable[Chunk]) -> dict:
    d: dict = {}
    for k, v in chunks:
        d.setdefault(k, v)
    return d


# -- JSONL -------------------------------------------------------------------------------

def event_key(obj: dict) -> object:
    ev = obj.get("id")
    return ("event", ev) if isinstance(ev, str) else None


def signal_key(obj: dict) -> object:
    if obj.get("type") == "signal" and isinstance(obj.get("id"), str):
        return ("signal", obj["id"])
    return None  # status lines (and anything else): the line itself is the key


def jsonl_chunks(data: bytes | None, key_of: Callable[[dict], object]) -> list[Chunk]:
    if not data:
        return []
    text = data.decode("utf-8", "surrogateescape")
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    out: list[Chunk] = []
    for ln in lines:
        if not ln.strip():
            continue
        if ln.startswith(("<<<<<<<", "=======", ">>>>>>>")):
            continue  # a marker an earlier merge left: never carried on
        key = None
        if ln.startswith("{"):
            try:
                obj = json.loads(ln)
            except ValueError:
                obj = None
            if isinstance(obj, dict):
                key = key_of(obj)
        out.append((key if key is not None else ("line", ln), ln))
    return out


def merge_jsonl(base: bytes | None, ours: bytes | None, theirs: bytes | None,
                key_of: Callable[[dict], object]) -> bytes:
    """The union of both sides' lines, deduplicated by key; ours first, byte for byte when ours
    is clean. A line both sides rewrote differently keeps our version (append-only files:
    only a repair rewrites a line)."""
    merged, _ = merge_keyed(jsonl_chunks(base, key_of), jsonl_chunks(ours, key_of), jsonl_chunks(theirs, key_of))
    return "".join(t for _, t in merged).encode("utf-8", "surrogateescape")


# -- episode day files -------------------------------------------------------------------

_EP_ID = re.compile(r'^id:\s*"?([^"\s]+)"?\s*$', re.M)
_FENCE = "```yaml holonmem-episode"


def _sections(text: str | None) -> tuple[list[Chunk], list[str]]:
    """``([("head", text before the first ## line)] or [], the ## sections)``."""
    parts = re.split(r"(?m)^(?=## )", text or "")
    return ([("head", parts[0])] if parts[0] else []), parts[1:]


def episode_chunks(text: str | None) -> list[Chunk]:
    """The head of a day file, then one chunk per ``## `` section keyed by its episode id."""
    out, sections = _sections(text)
    for sec in sections:
        key: object = ("text", sec)
        i = sec.find(_FENCE)
        if i >= 0:
            m = _EP_ID.search(sec, i)
            if m:
                key = ("episode", m.group(1))
        out.append((key, sec if sec.endswith("\n") else sec + "\n"))
    return out


def merge_episodes(base: str | None, ours: str | None, theirs: str | None) -> tuple[str, list[str]]:
    """Day file sections of both sides by episode id; returns (text, clashing episode ids)."""
    merged, clashes = merge_keyed(episode_chunks(base), episode_chunks(ours), episode_chunks(theirs))
    # both consolidated the same episode (same session, same first event): the fuller one stays
    pick = {c.key: max((c.ours, c.theirs), key=_events_in) for c in clashes if c.added}
    merged = [(k, pick.get(k, t)) for k, t in merged]
    return _join_sections(merged), [_key_name(c.key) for c in clashes if not c.added]


def _events_in(section: str) -> tuple:
    m = re.search(r"^events: (\[.*\])$", section, re.M)
    try:
        n = len(json.loads(m.group(1))) if m else 0
    except ValueError:
        n = 0
    return (n, section)


def _join_sections(chunks: list[Chunk]) -> str:
    out = ""
    for key, text in chunks:
        if out and not out.endswith("\n\n") and key != "head":
            out = out.rstrip("\n") + "\n\n"
        out += text
    return out


def _key_name(key) -> str:
    if isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], str) and len(key[1]) < 80:
        return key[1]
    return "a section" if key != "head" else "the heading"


# -- journal -----------------------------------------------------------------------------

_TIME = re.compile(r"^- \*\*Time:\*\* (\S+)", re.M)


def journal_chunks(text: str | None) -> list[Chunk]:
    out, sections = _sections(text)
    for sec in sections:
        body = sec.rstrip("\n") + "\n"
        out.append((("entry", body.splitlines()[0], _entry_time(body)), body))
    return out


def _entry_time(entry: str) -> str:
    m = _TIME.search(entry)
    return m.group(1) if m else ""


def _epoch(value: str) -> float | None:
    import datetime as dt

    try:
        t = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return None
    return (t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)).timestamp()


def merge_journal(base: str | None, ours: str | None, theirs: str | None) -> tuple[str, list[str]]:
    """Entries of both sides, in time order (an entry without a time keeps its place after
    the one before it); returns (text, clashing entry headings)."""
    merged, clashes = merge_keyed(journal_chunks(base), journal_chunks(ours), journal_chunks(theirs))
    # two runs that got the same id on two machines: both entries stay
    merged += [(("entry", "twin", c.key[2]), c.theirs) for c in clashes if c.added and c.theirs
               and isinstance(c.key, tuple) and len(c.key) == 3]
    clashes = [c for c in clashes if not c.added]
    head = [c for c in merged if c[0] == "head"]
    entries = [c for c in merged if c[0] != "head"]
    keyed, last = [], 0.0
    for i, (key, text) in enumerate(entries):
        t = _epoch(key[2]) if isinstance(key, tuple) and len(key) == 3 else None
        last = t if t is not None else last
        keyed.append((last, i, (key, text)))
    keyed.sort(key=lambda x: (x[0], x[1]))
    out = head[0][1] if head else ""
    for _, _, (_, text) in keyed:
        out = (out.rstrip("\n") + "\n\n" if out.strip() else "") + text
    return out, [c.key[1] if isinstance(c.key, tuple) and len(c.key) > 1 else "the heading" for c in clashes]


# -- MEMORY.md ---------------------------------------------------------------------------

def person_lines(text: str | None) -> str:
    """MEMORY.md without what holonmem manages there (the memory lines, the group headings
    such as ``## Project: invoicer``) and without blank lines: what a person wrote."""
    from .memory_index import GROUP_ORDER, HEADING_RE, LINK_RE

    def managed(ln: str) -> bool:
        if not ln.strip() or LINK_RE.match(ln):
            return True
        m = HEADING_RE.match(ln)
        return bool(m and len(m.group(1)) == 2 and any(
            m.group(2) == g or (g.endswith(":") and m.group(2).startswith(g)) for g in GROUP_ORDER))

    return "".join(ln for ln in (text or "").splitlines(keepends=True) if not managed(ln))


def merge_memory_index(base: str | None, ours: str | None, theirs: str | None) -> str | None:
    """The MEMORY.md to regenerate the managed lines into: the side whose own lines (a
    person's) changed, or ours when neither or both equally did; None when both sides
    changed a person's lines differently."""
    pb, po, pt = person_lines(base), person_lines(ours), person_lines(theirs)
    if po == pt or pt == pb:
        return ours or theirs or ""
    if po == pb:
        return theirs or ""
    return None


# -- memory files ------------------------------------------------------------------------

_STATUS_RANK = {"active": 0, "archived": 1, "superseded": 2}


def _uniq(seq) -> list:
    return list(dict.fromkeys(x for x in seq if x))


def _ts(v) -> str:
    return str(v or "")


def merge_memory_fields(base, ours, theirs):
    """One Memory from two holonmem-written versions (``memory.Memory``; ``base`` may be None):
    the union of evidence, sessions, channels, keywords and the supersede chain, the higher
    confidence, the earlier created, the later updated; status: a side that moved it off
    ``active`` wins (a forget, a supersede); the body and title of the later update. Returns
    ``(merged, dropped id or None)`` — when both sides created the file, the earlier id stays."""
    import copy

    newer, older = (theirs, ours) if _ts(theirs.updated) > _ts(ours.updated) else (ours, theirs)
    m = copy.deepcopy(ours)
    m.body, m.statement, m.title, m.hook = newer.body, newer.statement, newer.title, newer.hook
    for key in ("evidence", "sessions", "channels", "keywords", "supersedes", "superseded_by"):
        setattr(m, key, _uniq(list(getattr(older, key)) + list(getattr(newer, key))))
    m.confidence = max(ours.confidence, theirs.confidence)
    m.created = min((x for x in (ours.created, theirs.created) if x), default=ours.created)
    m.valid_from = min((x for x in (ours.valid_from, theirs.valid_from) if x), default=ours.valid_from)
    m.updated = max(_ts(ours.updated), _ts(theirs.updated)) or ours.updated
    m.run = newer.run
    base_status = base.status if base is not None else "active"
    moved = [x for x in (ours, theirs) if x.status != base_status]
    if len(moved) == 1:
        m.status = moved[0].status
    else:
        m.status = max((ours.status, theirs.status), key=lambda s: (_STATUS_RANK.get(s, 0), s))
    dropped = None
    if ours.id != theirs.id:
        keep = min((ours, theirs), key=lambda x: (_ts(x.created), x.id))
        m.id = keep.id
        dropped = theirs.id if keep is ours else ours.id
    return m, dropped
