"""Planning for ``holonmem sync`` (pure: data in, data out; ``sync_run`` does the I/O).

- :func:`owner`: who owns a home-relative path, and so how a two-sided change merges.
- :func:`commit_message`: the message for the commit of this machine's changes, with counts.
- :func:`fold_memories`: after a merge, memories that say the same thing (the grouping dream
  uses) become one with the evidence of both, and two sides that superseded the same memory
  differently end with one active memory, the chain recorded.
- :func:`consolidated_ids` / :func:`anchor`: the consolidate checkpoint re-expressed for
  ledger files whose bytes changed under it (ids, not byte offsets, carry over).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field

from . import grouping
from .home import RESERVED_MEMORY
from .memory import Memory

LEDGER, SIGNALS, EPISODES, JOURNAL, INDEX, MEMORY, PERSON = (
    "ledger", "signals", "episodes", "journal", "index", "memory", "person")
# how each owner's two-sided changes are merged (docs/sync.md)
HOW = {LEDGER: "events of both sides by id", SIGNALS: "signal and status lines of both sides",
       EPISODES: "sections of both sides by episode id", JOURNAL: "entries of both sides in time order",
       INDEX: "regenerated from the memory files", MEMORY: "one memory with the fields of both",
       PERSON: "git's merge (a conflict stops sync)"}


def owner(rel: str) -> str:
    """What a home-relative path is, for merging. Memory files are holonmem's only while their
    marker matches (checked by the caller); everything not listed is a person's."""
    parts = rel.split("/")
    if len(parts) == 2 and parts[0] == "ledger" and parts[1].endswith(".jsonl"):
        return LEDGER
    if rel == "signals.jsonl":
        return SIGNALS
    if len(parts) == 2 and parts[0] == "episodes" and parts[1].endswith(".md"):
        return EPISODES
    if len(parts) == 2 and parts[0] == "journal" and parts[1].endswith(".md"):
        return JOURNAL
    if rel == "MEMORY.md":
        return INDEX
    if len(parts) == 2 and parts[0] == "memory" and parts[1].endswith(".md") and parts[1] not in RESERVED_MEMORY:
        return MEMORY
    return PERSON


def commit_message(paths: dict[str, str], added_lines: dict[str, int], by_hand: list[str], host: str) -> str:
    """``holonmem sync on HOST: 12 events, 3 signal lines, 1 episode day, 2 memories; by hand: AGENTS.md``
    (then one line per file in the body)."""
    n = {k: 0 for k in (LEDGER, SIGNALS, EPISODES, JOURNAL, INDEX, MEMORY, PERSON)}
    for rel in paths:
        n[owner(rel)] += 1
    events = sum(v for k, v in added_lines.items() if owner(k) == LEDGER)
    sig = added_lines.get("signals.jsonl", 0)
    bits = []
    if n[LEDGER]:
        bits.append(f"{events} event{'s' if events != 1 else ''}")
    if n[SIGNALS]:
        bits.append(f"{sig} signal line{'s' if sig != 1 else ''}")
    for key, one, many in ((EPISODES, "episode day", "episode days"), (MEMORY, "memory", "memories"),
                           (JOURNAL, "journal day", "journal days")):
        if n[key]:
            bits.append(f"{n[key]} {one if n[key] == 1 else many}")
    if n[INDEX]:
        bits.append("MEMORY.md")
    others = [p for p in paths if owner(p) == PERSON and p not in by_hand]
    if others:
        bits.append(f"{len(others)} other file{'s' if len(others) != 1 else ''}")
    head = f"holonmem sync on {host}: " + ", ".join(bits)
    if by_hand:
        head += f"{'; ' if bits else ''}by hand: {', '.join(sorted(by_hand)[:5])}" + (f" and {len(by_hand) - 5} more" if len(by_hand) > 5 else "")
    body = "\n".join(f"{code} {rel}" for rel, code in sorted(paths.items()))
    return f"{head}\n\n{body}\n"


# -- memories after a merge ----------------------------------------------------------------

@dataclass
class Fold:
    writes: dict[str, Memory] = field(default_factory=dict)  # path -> memory to write
    merged: list[tuple[str, list[str]]] = field(default_factory=list)  # (survivor path, folded paths)
    superseded: list[tuple[str, list[str]]] = field(default_factory=list)  # (winner path, superseded paths)


def _uniq(seq) -> list:
    return list(dict.fromkeys(x for x in seq if x))


def _age(m: Memory) -> tuple:
    return (str(m.created or ""), m.id)


def _newness(m: Memory) -> tuple:
    return (str(m.valid_from or m.created or ""), str(m.created or ""), m.id)


def fold_memories(memories: list[Memory], ours: set[str], theirs: set[str], hand: set[str],
                  renamed: dict[str, str] | None = None, *, now: str) -> Fold:
    """What to rewrite so that every rule has one active memory after a merge.

    ``ours``/``theirs``: the memory paths each side changed since the common ancestor;
    only groups with members from both sides are folded (what dream kept apart on one
    machine stays apart). ``hand``: paths a person edited (never rewritten). ``renamed``:
    ids that disappeared when both sides created the same file -> the id kept."""
    fold = Fold()
    work = {m.path: m for m in memories}

    def editable(path: str) -> Memory:
        if path not in fold.writes:
            fold.writes[path] = copy.deepcopy(work[path])
            work[path] = fold.writes[path]
        return fold.writes[path]

    if renamed:
        for m in list(work.values()):
            if m.path in hand:
                continue
            if any(x in renamed for x in m.supersedes + m.superseded_by):
                e = editable(m.path)
                e.supersedes = _uniq(renamed.get(x, x) for x in e.supersedes)
                e.superseded_by = _uniq(renamed.get(x, x) for x in e.superseded_by)

    def spans(paths: list[str]) -> bool:
        return any(p in theirs for p in paths) and any(p in ours for p in paths) and len(paths) > 1

    # 1. two sides superseded the same memory differently: the newest replacement stays active
    live = [m for m in work.values() if m.is_active and m.path not in hand]
    by_old: dict[str, list[Memory]] = {}
    for m in live:
        for old in m.supersedes:
            by_old.setdefault(old, []).append(m)
    for old_id, rivals in sorted(by_old.items()):
        rivals = [work[r.path] for r in rivals if work[r.path].is_active]
        if len(rivals) < 2 or not spans([r.path for r in rivals]):
            continue
        winner = max(rivals, key=_newness)
        losers = [r for r in rivals if r is not winner]
        w = editable(winner.path)
        for r in losers:
            x = editable(r.path)
            x.status = "superseded"
            x.superseded_by = _uniq(x.superseded_by + [w.id])
            x.updated = now
            w.supersedes = _uniq(w.supersedes + [x.id])
        w.updated = now
        fold.superseded.append((winner.path, [r.path for r in losers]))

    # 2. the same statement on both sides: one memory with the evidence of both
    live = [m for m in work.values() if m.is_active and m.path not in hand]
    groups = grouping.group_indices(
        live, lambda m: m.statement or m.title, lambda m: (m.scope, m.project or ""),
        separate=lambda a, b: grouping.conflicts(a.statement or a.title, grouping.polarity_of(a.statement or a.title),
                                                 b.statement or b.title, grouping.polarity_of(b.statement or b.title)))
    for idx in groups:
        members = [live[i] for i in idx]
        if not spans([m.path for m in members]):
            continue
        survivor = min(members, key=_age)
        s = editable(survivor.path)
        folded = []
        for m in sorted(members, key=_age):
            if m.path == survivor.path:
                continue
            x = editable(m.path)
            for key in ("evidence", "sessions", "channels", "keywords"):
                setattr(s, key, _uniq(list(getattr(s, key)) + list(getattr(x, key))))
            s.supersedes = _uniq(s.supersedes + [i for i in x.supersedes if i != s.id])
            s.confidence = max(s.confidence, x.confidence)
            x.status = "superseded"
            x.superseded_by = _uniq(x.superseded_by + [s.id])
            x.updated = now
            folded.append(m.path)
        s.updated = now
        fold.merged.append((survivor.path, folded))
    return fold


# -- the consolidate checkpoint across a merge -----------------------------------------------

def line_ids(data: bytes) -> list[tuple[str | None, int, int, str]]:
    """``(event id or None, offset, length without the newline, session key)`` per complete line."""
    out = []
    off = 0
    n = len(data)
    while off < n:
        end = data.find(b"\n", off)
        if end < 0:
            break  # a torn last line: not an event yet
        raw = data[off:end]
        eid, key = None, ""
        if raw.strip():
            try:
                ev = json.loads(raw)
            except ValueError:
                ev = None
            if isinstance(ev, dict) and isinstance(ev.get("id"), str):
                eid = ev["id"]
                key = f"{ev.get('project') or 'default'}/{ev.get('session') or ''}"
        out.append((eid, off, end - off, key))
        off = end + 1
    return out


def consolidated_ids(data: bytes, offset: int) -> set[str]:
    """Ids of the events consolidate has read in a ledger file (its lines before ``offset``)."""
    return {eid for eid, off, length, _ in line_ids(data) if eid and off + length < offset + 1}


def anchor(state: dict, files: dict[str, bytes], done: set[str], *, signals_size: int) -> dict:
    """The consolidate state for ledger ``files`` (name -> new bytes) that changed under it.

    Every complete line of those files counts as read; the events that are not ``done``
    (consolidated here or in an episode of either side) go to the open map, so the next
    consolidate reads exactly them, once. Entries of other files stay as they were."""
    new = dict(state) if isinstance(state, dict) else {}
    offsets = dict(new.get("offsets") or {})
    open_map: dict[str, list] = {}
    for key, positions in (new.get("open") or {}).items():
        keep = [p for p in positions if isinstance(p, list) and p and p[0] not in files]
        if keep:
            open_map[key] = keep
    added: set[str] = set()  # one position per event id
    for name, data in sorted(files.items()):
        lines = line_ids(data)
        offsets[name] = (lines[-1][1] + lines[-1][2] + 1) if lines else 0
        for eid, off, length, key in lines:
            if eid and eid not in done and eid not in added:
                added.add(eid)
                open_map.setdefault(key, []).append([name, off, length])
    new.update({"offsets": offsets, "open": open_map, "signals_offset": signals_size, "version": 1})
    return new
