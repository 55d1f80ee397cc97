"""What goes into the search index: one document dict per event, episode
section, memory and note (no whoosh here; :mod:`holonmem.index` writes them).

Fields: ``ref`` (unique), ``kind``, ``project``, ``session``, ``status``,
``src`` (the file a file-based document came from, for deletes), ``day``
(``YYYY-MM-DD`` of ``ts`` as written), stored ``ts``/``tsn``/``label``/``title``/
``body``, and the one analysed field ``text``: title, tags, body and ``ctx``
(an event's session predecessor) with their :data:`WEIGHTS`. Empty fields are
left out: every field costs indexing time.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .errors import HolonmemError
from .home import Home

# How much of the previous event of a session an event carries as context.
CONTEXT_CHARS = 200
# Weight of each part of a document's searchable text (tuned on LoCoMo; tags
# hold the speaker, tool and status of events, a memory's keywords, a note's tags).
WEIGHTS = {"title": 2.0, "tags": 1.5, "body": 1.0, "ctx": 0.4}


def ledger_docs(home: Home, offsets: dict, max_events: int | None, errors: list,
                previous: Callable[[str], str] | None = None) -> Iterator[tuple[dict | None, str, int]]:
    """Yield ``(doc or None, file, end_offset)`` for ledger lines after ``offsets``.

    Each event carries the text of the event before it in its session as
    context (``previous(session)`` supplies it for sessions that started
    before ``offsets``).
    """
    from .ledger import iter_lines, load_line

    last: dict[str, str] = {}
    n = 0
    for pos, raw in iter_lines(home, offsets):
        end = pos.offset + pos.length + 1
        try:
            ev = load_line(raw)
        except (ValueError, UnicodeDecodeError) as exc:
            errors.append(f"{pos.file}@{pos.offset}: {exc if str(exc).startswith('nested') else 'not valid JSON'}")
            yield None, pos.file, end
            continue
        if not isinstance(ev, dict) or not isinstance(ev.get("id"), str):
            yield None, pos.file, end
            continue
        sess = ev.get("session") or ""
        if sess not in last:
            last[sess] = previous(sess) if (previous and sess) else ""
        doc = event_doc(ev, pos.file, last[sess])
        last[sess] = doc.get("body", "")
        yield doc, pos.file, end
        n += 1
        if max_events is not None and n >= max_events:
            return


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

def _tsn(ts: str | None) -> int:
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
         ctx: str = "") -> dict:
    from .analysis import weighted_text

    ts = ts or ""
    doc = {"ref": ref, "kind": kind, "ts": ts, "tsn": _tsn(ts), "label": label or title,
           "text": weighted_text([(title, WEIGHTS["title"]), (tags, WEIGHTS["tags"]), (body, WEIGHTS["body"]),
                                  (ctx, WEIGHTS["ctx"])])}
    # empty fields are left out: every field and posting costs indexing time
    for key, val in (("project", project), ("session", session), ("status", status), ("src", src), ("day", ts[:10]),
                     ("title", title), ("body", body)):
        if val:
            doc[key] = val
    return doc


def event_doc(ev: dict, ledger_file: str, previous: str = "") -> dict:
    """One ledger event. The speaker, tool, status and non-message kind are tags;
    ``previous`` (the session's event before it) is weak context: the words of
    a question often sit in the turn before its answer."""
    text = ev.get("text")
    if not isinstance(text, str):
        text = "" if text is None else json.dumps(text, ensure_ascii=False)
    who = ev.get("speaker") or ev.get("role") or ""
    kind = ev.get("kind") or "message"
    tool = ev.get("tool") or ""
    status = ev.get("status") or ""
    label = " ".join(x for x in (f"{who}:" if who else "", kind, tool, status) if x)
    tags = [str(x) for x in (ev.get("speaker"), tool, status, kind if kind != "message" else None) if x]
    refs = ev.get("refs")
    if isinstance(refs, list):
        tags.extend(str(r) for r in refs[:20])
    return _doc(f"event:{ev['id']}", "event", src=None, ts=ev.get("ts"), body=text, tags=" ".join(tags),
                project=ev.get("project"), session=ev.get("session"), label=label, ctx=previous[:CONTEXT_CHARS])


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
    """A note: title/summary/tags from frontmatter, else the first heading, else the file name."""
    meta: dict = {}
    body = text
    if text.startswith(("---", "\ufeff---")):
        from .memory import load_yaml, split_frontmatter  # the memory files' reader: BOM, bounded aliases

        fm, rest = split_frontmatter(text)
        try:
            data = load_yaml(fm) if fm and fm.strip() else None
            if isinstance(data, dict):
                meta, body = dict(data), rest.lstrip("\n")
        except Exception:  # noqa: BLE001 - a broken header (or an alias bomb) is indexed as text
            meta, body = {}, text
    title = str(meta.get("title") or "").strip()
    if not title:
        for line in body.splitlines():
            s = line.strip()
            if s.startswith("#"):
                title = s.lstrip("#").strip()
                break
            if s:
                title = s[:80]
                break
    title = title or Path(rel).stem
    tags = meta.get("tags") or []
    if isinstance(tags, str):
        tags = [tags]
    summary = str(meta.get("summary") or "")
    full = (summary + "\n\n" + body) if summary else body
    return _doc(f"note:{rel}", "note", src=rel, ts=str(meta.get("updated") or meta.get("date") or "") or None,
                title=title, body=full, tags=" ".join(str(t) for t in tags), project=meta.get("project"))
