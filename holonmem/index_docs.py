"""What goes into the search index: one document dict per event, episode
section, memory and note (no whoosh here; :mod:`holonmem.index` writes them).

Fields: ``ref`` (unique), ``kind``, ``project``, ``session``, ``status``,
``src`` (the file a file-based document came from, for deletes), ``day``
(``YYYY-MM-DD`` of ``ts`` as written), stored ``ts``/``tsn``/``label``/``title``/
``body`` (and for events ``pos``, the ledger line, and ``speaker``, the
speaker or else the role), and the one analysed field
``text``: title, tags, body and, for events, the turns around it in its
session, each part with its weight (:data:`WEIGHTS`, :data:`BEFORE`,
:data:`AFTER`). Empty fields are left out: every field costs indexing time.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from datetime import datetime, timezone
from pathlib import Path
from collections.abc import Callable, Iterable, Iterator

from .errors import HolonmemError
from .home import Home

# How much of each neighbouring turn an event carries as context.
CONTEXT_CHARS = 200
# Weight of each part of a document's searchable text (tuned on LoCoMo,
# docs/search.md; tags hold the speaker, tool and status of events, a memory's
# keywords, a note's tags).
WEIGHTS = {"title": 2.0, "tags": 1.5, "body": 1.0}
# An event also carries the turns of its session before and after it (the
# words of a question often sit in the turn before its answer, or in the reply
# after it): one weight per turn, nearest first; the number of weights is how
# many turns.
BEFORE = (0.4, 0.2)
AFTER = (0.3, 0.15)
# An event's date as words ("8 May 2023") with this weight: a question that
# names a date finds what was said that day (0: not indexed).
DATE_WEIGHT = 1.0
_MONTHS = "January February March April May June July August September October November December".split()
# A rebuild holds an event back until the turns after it arrive; at most this
# many sessions wait at once (the least recently active one is written first).
MAX_WAITING_SESSIONS = 1024

# One event's context and what :func:`ledger_docs` needs to know about it:
# ``(body, event, ledger position)``; ``event`` only for the tail turns whose
# documents get the new turns after them (see ``tail`` below).
Tail = list[tuple[str, "dict | None", "tuple[str, int, int] | None"]]


class _Waiting:
    """An event whose document waits for the turns after it."""

    __slots__ = ("ev", "pos", "before", "after", "replace")

    def __init__(self, ev: dict, pos: tuple, before: list[str], replace: bool):
        self.ev, self.pos, self.before, self.after, self.replace = ev, pos, before, [], replace

    def doc(self) -> dict:
        return event_doc(self.ev, self.pos, self.before, self.after)


def ledger_docs(home: Home, offsets: dict, max_events: int | None, errors: list,
                tail: Callable[[str], Tail] | None = None) -> Iterator[tuple[dict | None, str, int, bool]]:
    """Yield ``(doc or None, file, end_offset, replace)`` for ledger lines after ``offsets``.

    Each event carries the texts of the :data:`BEFORE` turns before it and the
    :data:`AFTER` turns after it in its session (an event without a session
    carries none), so its document is yielded
    once those arrived (or the input ended, or :data:`MAX_WAITING_SESSIONS`
    sessions wait). Every line read yields at least once, so ``file``/``end``
    always say how far the ledger was read. ``tail(session)`` (incremental
    updates) gives the session's last indexed turns, oldest first: their
    bodies are context, and those that come with their event are yielded
    again with the new turns after them, ``replace`` True (the caller
    replaces the old document of that ref). ``max_events`` counts new events.
    """
    from .jsonline import load_line
    from .ledger import iter_lines

    nb, na = len(BEFORE), len(AFTER)
    before: dict[str, list[str]] = {}   # session -> bodies of its last turns, oldest first
    waiting: OrderedDict[str, list[_Waiting]] = OrderedDict()  # least recently active first
    n = 0

    def ready(sess: str) -> Iterator[_Waiting]:
        ws = waiting.get(sess)
        while ws and len(ws[0].after) >= na:
            yield ws.pop(0)
        if ws is not None and not ws:
            del waiting[sess]

    def flush_all() -> Iterator[_Waiting]:
        rest = sorted((w for ws in waiting.values() for w in ws), key=lambda w: w.pos[:2])
        waiting.clear()
        yield from rest

    fname, end = "", 0
    for pos, raw in iter_lines(home, offsets):
        fname, end = pos.file, pos.offset + pos.length + 1
        try:
            ev = load_line(raw)
        except (ValueError, UnicodeDecodeError) as exc:
            errors.append(f"{pos.file}@{pos.offset}: {exc if str(exc).startswith('nested') else 'not valid JSON'}")
            yield None, fname, end, False
            continue
        if not isinstance(ev, dict) or not isinstance(ev.get("id"), str):
            yield None, fname, end, False
            continue
        sess = ev.get("session") or ""
        if not sess:  # no session, no conversation around it: no context
            yield event_doc(ev, (pos.file, pos.offset, pos.length)), fname, end, False
            n += 1
            if max_events is not None and n >= max_events:
                break
            continue
        if sess not in before:
            before[sess] = []
            for body, old, opos in (tail(sess) if (tail and sess) else []):
                for w in waiting.get(sess, ()):
                    w.after.append(body[:CONTEXT_CHARS])  # the tail turns after it, as a rebuild sees them
                if old is not None and na:
                    waiting.setdefault(sess, []).append(_Waiting(old, opos, before[sess][::-1][:nb], True))
                before[sess] = (before[sess] + [body[:CONTEXT_CHARS]])[-nb:] if nb else []
        text = event_text(ev)
        for w in waiting.get(sess, ()):
            w.after.append(text[:CONTEXT_CHARS])
        emitted = False
        for w in ready(sess):
            emitted = True
            yield w.doc(), fname, end, w.replace
        me = _Waiting(ev, (pos.file, pos.offset, pos.length), before[sess][::-1][:nb], False)
        before[sess] = (before[sess] + [text[:CONTEXT_CHARS]])[-nb:] if nb else []
        if na:
            waiting.setdefault(sess, []).append(me)
            waiting.move_to_end(sess)
            while len(waiting) > MAX_WAITING_SESSIONS:
                _, oldest = waiting.popitem(last=False)
                for w in oldest:
                    emitted = True
                    yield w.doc(), fname, end, w.replace
        else:
            emitted = True
            yield me.doc(), fname, end, False
        if not emitted:
            yield None, fname, end, False
        n += 1
        if max_events is not None and n >= max_events:
            break
    for w in flush_all():
        yield w.doc(), fname, end, w.replace


def file_docs(home: Home, rels: Iterable[str], errors: list) -> Iterator[dict]:
    rels = list(rels)
    eps = [r for r in rels if r.startswith("episodes/")]
    mems = [r for r in rels if r.startswith("memory/")]
    notes = [r for r in rels if r.startswith("notes/")]
    if eps:
        yield from episode_docs(home, eps, errors)
    if mems:
        yield from memory_docs(home, mems, errors)
    for rel in notes:
        try:
            text = (home.root / rel).read_bytes().decode("utf-8", errors="replace")
        except OSError as exc:
            errors.append(f"{rel}: {exc}")
            continue
        yield note_doc(rel, text)


# -- document builders (pure but for the lazy readers of episodes/memory files) --

def tsn(ts: str | None) -> int:
    """Epoch seconds of an ISO time (UTC when it names no zone); 0 without one or when it does not parse."""
    if not ts:
        return 0
    try:
        dt = datetime.fromisoformat(str(ts).replace("Z", "+00:00"))
    except ValueError:
        return 0
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return int(dt.timestamp())


def _doc(ref: str, kind: str, *, src: str | None, ts: str | None, title: str = "", body: str = "", tags: str = "",
         project: str | None = None, session: str | None = None, status: str = "", label: str = "",
         ctx: list[tuple[str, float]] = ()) -> dict:
    from .analysis import weighted_text

    ts = ts or ""
    doc = {"ref": ref, "kind": kind, "ts": ts, "tsn": tsn(ts), "label": label or title,
           "text": weighted_text([(title, WEIGHTS["title"]), (tags, WEIGHTS["tags"]), (body, WEIGHTS["body"]),
                                  *ctx])}
    # empty fields are left out: every field and posting costs indexing time
    for key, val in (("project", project), ("session", session), ("status", status), ("src", src), ("day", ts[:10]),
                     ("title", title), ("body", body)):
        if val:
            doc[key] = val
    return doc


def event_text(ev: dict) -> str:
    """An event's text as indexed (a non-string text as JSON)."""
    text = ev.get("text")
    if not isinstance(text, str):
        text = "" if text is None else json.dumps(text, ensure_ascii=False)
    return text


def date_words(ts) -> str:
    """``2023-05-08T13:56:02`` -> ``8 May 2023`` (the date as written in ``ts``)."""
    ts = str(ts or "")
    try:
        y, m, d = int(ts[0:4]), int(ts[5:7]), int(ts[8:10])
    except ValueError:
        return ""
    return f"{d} {_MONTHS[m - 1]} {y}" if 1 <= m <= 12 else ""


def event_doc(ev: dict, pos: tuple[str, int, int] | None = None, before: list[str] = (),
              after: list[str] = ()) -> dict:
    """One ledger event at ledger position ``pos`` (file, offset, length).
    The speaker, tool, status and non-message kind are tags; ``before`` and
    ``after`` (the session's turns around it, nearest first) are weak context
    with the weights :data:`BEFORE` and :data:`AFTER`."""
    text = event_text(ev)
    who = ev.get("speaker") or ev.get("role") or ""
    kind = ev.get("kind") or "message"
    tool = ev.get("tool") or ""
    status = ev.get("status") or ""
    label = " ".join(x for x in (f"{who}:" if who else "", kind, tool, status) if x)
    tags = [str(x) for x in (ev.get("speaker"), tool, status, kind if kind != "message" else None) if x]
    refs = ev.get("refs")
    if isinstance(refs, list):
        tags.extend(str(r) for r in refs[:20])
    ctx = [(t[:CONTEXT_CHARS], w) for t, w in zip(before, BEFORE)] + [(t[:CONTEXT_CHARS], w) for t, w in zip(after, AFTER)]
    if DATE_WEIGHT:
        ctx.append((date_words(ev.get("ts")), DATE_WEIGHT))
    doc = _doc(f"event:{ev['id']}", "event", src=None, ts=ev.get("ts"), body=text, tags=" ".join(tags),
               project=ev.get("project"), session=ev.get("session"), label=label, ctx=ctx)
    if pos is not None:
        doc["pos"] = tuple(pos)
    if who:
        doc["speaker"] = str(who)
    return doc


def episode_fields(ep) -> tuple[str, str, str, str]:
    """``(ref, title, prose, tags)`` of an episode: what the index (and the
    episode catalog of the per-turn path) make searchable."""
    from .episodes import FENCE_OPEN

    prose = ep.text.split(FENCE_OPEN, 1)[0]
    title = ep.title or ep.objective or ep.id
    tags = " ".join([ep.outcome or "", *list(ep.tools or {})])
    return f"episode:{ep.date}#{ep.id}", title, prose, tags


def episode_docs(home: Home, rels: list[str], errors: list) -> Iterator[dict]:
    from .episodes import read_day

    for rel in rels:
        date = Path(rel).stem
        try:
            eps = read_day(home, date)
        except HolonmemError as exc:  # not a day file name
            errors.append(f"{rel}: {exc.message}")
            continue
        for ep in eps:
            ref, title, prose, tags = episode_fields(ep)
            yield _doc(ref, "episode", src=rel, ts=ep.start, title=title, body=prose,
                       tags=tags, project=ep.project, session=ep.session)


def memory_docs(home: Home, rels: list[str], errors: list) -> Iterator[dict]:
    from .memory import load_memory

    for rel in rels:
        try:
            mem = load_memory(home, rel)
        except HolonmemError as exc:
            errors.append(f"{rel}: {exc.message}")
            continue
        if mem is None:
            continue
        tags = " ".join([mem.kind or "", *[str(k) for k in mem.keywords or []]])
        body = mem.body or mem.statement
        yield _doc(f"memory:{rel}", "memory", src=rel, ts=mem.updated or mem.created, title=mem.title or mem.slug,
                   body=body, tags=tags, project=mem.project, status=mem.status or "active")


def note_doc(rel: str, text: str) -> dict:
    """A note: title/summary/tags/project/date as :func:`notes.note_meta` reads them (the
    context block's notes catalog shows the same title); the summary leads the body."""
    from .notes import note_meta

    m = note_meta(Path(rel).stem, text)
    full = (m.summary + "\n\n" + m.body) if m.summary else m.body
    return _doc(f"note:{rel}", "note", src=rel, ts=m.updated, title=m.title, body=full, tags=" ".join(m.tags),
                project=m.project)
