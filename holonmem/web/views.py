"""What each page of the review page shows, gathered from the core modules (reads only).

Inbox: :func:`holonmem.review.review` (the grouping the next dream would make).
Memories: :func:`holonmem.memory.load_memories`, evidence through
:func:`holonmem.review.evidence_of`, history from :func:`holonmem.review.journal_entries`.
Dream runs: ``.holonmem/dream.json`` and the run backups that ``dream --undo`` uses.
Context preview: :func:`holonmem.context_build.build`, the same block ``holonmem context`` prints.
"""

from __future__ import annotations

import difflib
import json
import re

from ..fsio import file_checksum, read_bytes, read_json
from ..home import Home

MAX_LIST = 500  # memories listed on one page
DIFF_LINES = 600  # per file
DIFF_TOTAL = 5000  # per run page; files past it are listed without their diff
MAX_GROUPS = 200  # Inbox groups on one page (the rest are counted)
LINE_CHARS = 400
JOURNAL_SCAN = 2000  # journal entries searched for a memory's history or a run's entry
_WHY = re.compile(r"^\*\*Why:\*\*\s*(.*)$", re.M)
_HOW = re.compile(r"^\*\*How to apply:\*\*\s*(.*)$", re.M)


def inbox(home: Home) -> dict:
    from ..review import review

    data = review(home)
    data["more_groups"] = max(0, len(data["groups"]) - MAX_GROUPS)
    data["groups"] = data["groups"][:MAX_GROUPS]
    return data


def _mem_row(m) -> dict:
    return {"path": m.path, "slug": m.slug, "id": m.id, "title": m.title, "kind": m.kind, "scope": m.scope,
            "project": m.project, "status": m.status, "confidence": m.confidence, "updated": m.updated,
            "created": m.created, "statement": m.statement, "problems": list(m.problems)}


def memory_list(home: Home, *, project: str = "", scope: str = "", kind: str = "", status: str = "", q: str = "") -> dict:
    """Memories filtered by project (``-`` = global), scope, kind, status and text (all optional)."""
    from ..memory import load_memories

    mems = load_memories(home)
    facets = {
        "projects": sorted({m.project for m in mems if m.project}),
        "scopes": sorted({m.scope for m in mems}),
        "kinds": sorted({m.kind for m in mems}),
        "statuses": ["active", "superseded", "archived"],
    }
    counts = {s: sum(1 for m in mems if m.status == s) for s in facets["statuses"]}
    words = [w.lower() for w in (q or "").split()]

    def keep(m) -> bool:
        if project == "-" and m.project:
            return False
        if project and project != "-" and m.project != project:
            return False
        if scope and m.scope != scope or kind and m.kind != kind or status and m.status != status:
            return False
        hay = f"{m.title}\n{m.body}\n{m.path}".lower()
        return all(w in hay for w in words)

    order = {"active": 0, "superseded": 1, "archived": 2}
    rows = sorted((m for m in mems if keep(m)), key=lambda m: (order.get(m.status, 3), m.project or "", m.title.lower()))
    return {"rows": [_mem_row(m) for m in rows[:MAX_LIST]], "total": len(rows), "more": max(0, len(rows) - MAX_LIST),
            "facets": facets, "counts": counts,
            "filters": {"project": project, "scope": scope, "kind": kind, "status": status, "q": q}}


def _chain(start, by_id: dict, attr: str) -> list[dict]:
    """Memories reached from ``start`` through ``attr`` (supersedes = older, superseded_by = newer), nearest first."""
    out, seen, frontier, depth = [], {start.id}, list(getattr(start, attr)), 1
    while frontier and depth <= 50:
        nxt = []
        for mid in frontier:
            if mid in seen:
                continue
            seen.add(mid)
            m = by_id.get(mid)
            out.append({"id": mid, "depth": depth, **(_mem_row(m) if m else {"missing": True})})
            if m is not None:
                nxt.extend(getattr(m, attr))
        frontier, depth = nxt, depth + 1
    return out


def history(home: Home, needles: list[str]) -> list[dict]:
    """Journal entries that name any of ``needles`` (a path, an id), oldest first."""
    from ..review import journal_entries

    return [e for e in journal_entries(home, JOURNAL_SCAN) if any(n and n in e["text"] for n in needles)]


def memory_detail(home: Home, ref: str) -> dict:
    from ..curate import resolve_ref
    from ..memory import load_memories
    from ..review import evidence_of
    from .edits import MAX_BODY_CHARS, edit_dir

    mem = resolve_ref(home, ref)
    by_id = {m.id: m for m in load_memories(home)}
    why = _WHY.search(mem.body)
    how = _HOW.search(mem.body)
    hist = history(home, [mem.path, mem.id])
    for e in hist:
        op = e.get("run") or ""
        e["undo_edit"] = bool(e["title"].startswith("Edit by hand") and op.startswith("edit_")
                              and _edit_is_undoable(home, op, mem.path, mem.checksum, edit_dir))
    return {
        "memory": {**_mem_row(mem), "body": mem.body, "checksum": mem.checksum, "channels": mem.channels,
                   "keywords": mem.keywords, "sessions": mem.sessions, "evidence": mem.evidence, "run": mem.run,
                   "writable": mem.writable, "hook": mem.hook},
        "why": why.group(1) if why else "", "how": how.group(1) if how else "",
        "frontmatter": mem.frontmatter_text or "", "evidence": evidence_of(home, mem.evidence),
        "older": _chain(mem, by_id, "supersedes"), "newer": _chain(mem, by_id, "superseded_by"),
        "history": hist, "editable": mem.writable and len(mem.body) <= MAX_BODY_CHARS,
        "too_large": len(mem.body) > MAX_BODY_CHARS,
    }


def _edit_is_undoable(home: Home, op: str, path: str, current: str | None, edit_dir) -> bool:
    try:
        m = read_json(edit_dir(home, op) / "manifest.json", None)
    except Exception:  # noqa: BLE001 - a malformed op in a journal someone edited
        return False
    return isinstance(m, dict) and m.get("path") == path and m.get("after") == current


# -- events (evidence) ------------------------------------------------------------------

def event_view(home: Home, event_id: str, state=None) -> dict | None:
    """One ledger line by id: where it lives, the event, and which signals and memories cite it
    (``state``: the signal state when the caller has it)."""
    from .. import signalstore
    from ..jsonline import load_line
    from ..ledger import Ledger
    from ..memory import load_memories

    hit = Ledger(home).lookup(event_id)
    if hit is None:
        return None
    pos, raw = hit
    try:
        ev = load_line(raw)
        pretty = json.dumps(ev, ensure_ascii=False, indent=2)
    except ValueError:
        ev, pretty = {}, raw.decode("utf-8", errors="replace")
    line_no = None
    path = home.ledger_dir / pos.file
    try:
        if path.stat().st_size <= 64 << 20:
            with open(path, "rb") as fh:
                line_no = fh.read(pos.offset).count(b"\n") + 1
    except OSError:
        pass
    state = state if state is not None else signalstore.load(home)
    sigs = [{"id": sid, "statement": s.get("statement"), "status": state.status_of(sid)}
            for sid, s in state.signals.items() if event_id in (s.get("evidence") or [])]
    mems = [_mem_row(m) for m in load_memories(home) if event_id in m.evidence]
    return {"id": event_id, "file": f"ledger/{pos.file}", "offset": pos.offset, "length": pos.length, "line": line_no,
            "event": ev, "json": pretty, "signals": sigs, "memories": mems}


# -- dream runs ---------------------------------------------------------------------------

def _runs_dir(home: Home):
    from ..dream_apply import RUNS_DIR

    return home.state_dir / RUNS_DIR


def runs(home: Home) -> list[dict]:
    """Dream runs recorded in dream.json, newest first, with whether their backups allow an undo."""
    from ..dream_apply import STATE

    st = read_json(home.state_file(STATE), {}) or {}
    out = []
    for r in reversed([r for r in st.get("runs") or [] if isinstance(r, dict) and r.get("id")]):
        out.append({**r, "undoable": (_runs_dir(home) / str(r["id"]) / "manifest.json").is_file()})
    return out


def _lines(data: bytes | None) -> list[str]:
    if data is None:
        return []
    return [ln if len(ln) <= LINE_CHARS else ln[:LINE_CHARS] + "…\n"
            for ln in data.decode("utf-8", errors="replace").splitlines(keepends=True)]


def run_detail(home: Home, run_id: str) -> dict | None:
    """One run: its record, its journal entry and the diff of every file it wrote (before → now)."""
    from ..dream_apply import STATE
    from ..review import journal_entries

    rec = next((r for r in runs(home) if r.get("id") == run_id), None)
    if rec is None:
        return None
    entries = [e for e in journal_entries(home, JOURNAL_SCAN) if e.get("run") == run_id]
    d = _runs_dir(home) / run_id
    m = read_json(d / "manifest.json", None) if rec["undoable"] else None
    files = []
    budget = DIFF_TOTAL
    if isinstance(m, dict):
        state_rel = home.rel(home.state_file(STATE))
        for rel in m.get("written") or []:
            info = (m.get("files") or {}).get(rel) or {}
            if rel == state_rel or not isinstance(info, dict):
                continue
            before = None
            if info.get("existed") and info.get("backup"):
                try:
                    before = read_bytes(d / str(info["backup"]))
                except OSError:
                    before = None
            try:
                path = home.resolve_inside(rel)
                now = read_bytes(path)
                cur = file_checksum(path)
            except (OSError, Exception):  # noqa: BLE001 - gone, or a link out of the home
                now, cur = None, None
            diff = list(difflib.unified_diff(_lines(before), _lines(now), fromfile=f"{rel} (before the run)",
                                             tofile=f"{rel} (now)", n=2)) if budget > 0 else []
            shown = diff[:min(DIFF_LINES, max(0, budget))]
            budget -= len(shown)
            files.append({"path": rel, "created": not info.get("existed"), "deleted_since": now is None,
                          "changed_since": cur is not None and cur != info.get("after"),
                          "diff": shown, "diff_more": len(diff) - len(shown), "diff_skipped": not diff and budget <= 0})
    return {"run": rec, "entries": entries, "files": files}


# -- lists -------------------------------------------------------------------------------

def projects(home: Home) -> list[str]:
    from ..episodes import load_episodes
    from ..memory import load_memories

    return sorted({m.project for m in load_memories(home) if m.project} | {e.project for e in load_episodes(home) if e.project})


# -- context preview -------------------------------------------------------------------

def context_preview(home: Home, *, project: str, task: str, budget: int | None, session: str = "", now: str = "") -> dict:
    from ..context_build import build

    ctx = build(home, task=task or None, project=project or None, session=session or None, budget=budget,
                now=now or None)
    out = ctx.to_json()
    out["warnings"] = list(ctx.warnings)
    return out
