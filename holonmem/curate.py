"""Editing memory by hand: remember, forget, restore, promote, reject.

Every operation runs under the home's ``pipeline`` lock and reuses the dream
engineer's primitives: :func:`holonmem.dream.plan_dream` decides what a new
statement does (create a memory, strengthen a matching one, supersede a
contradicted one), :func:`holonmem.memory.render_memory` renders the file (written
behind a checksum guard: a file changed by hand meanwhile is never clobbered),
:func:`holonmem.memory_index.add_line` / ``remove_line`` touch only the one
MEMORY.md line concerned, and every operation appends an entry to the day's
journal. Write order: memory file(s), then MEMORY.md, then status lines in
``signals.jsonl``, then the journal entry — all planned first and recorded as one
:class:`holonmem.intent.Intent` before the first write, so a command killed half-way
is finished by the next one that takes the pipeline lock (its retry included, which
then reports the finished operation instead of refusing).

A statement rejected by hand (``reject``) is not proposed again:
:func:`split_rejected` finds later pending signals that say the same thing
(same normalised statement, or same subject without a contradiction or a
different detail) and :func:`reject_repeats` turns them into rejections
inside a dream plan (``dream_apply`` calls both).
"""

from __future__ import annotations

import datetime as dt
from .digest import sha256
import os
import re
from dataclasses import dataclass, field

from . import grouping, journal, signalstore
from .errors import HolonmemError, NotFound, UsageError
from .home import RESERVED_MEMORY, Home
from .intent import Intent, finished, recover
from .locks import PIPELINE, home_lock
from .memory import KINDS, SCOPES, Memory, clean_statement, load_memories, load_memory, render_memory
from .memory_index import entry_for

HAND = "hand"  # the "by" field of status lines written by a person's decision


@dataclass
class CurateResult:
    action: str  # remember | forget | restore | promote | reject
    op: str  # operation id (also the memory's ``run`` field)
    memories: list[dict] = field(default_factory=list)  # {"path", "action", "status", "title"}
    signals: list[str] = field(default_factory=list)
    statement: str = ""
    journal: str = ""
    conflicts: list[tuple[str, str]] = field(default_factory=list)
    note: str = ""

    def to_json(self) -> dict:
        d = dict(self.__dict__)
        d["conflicts"] = [{"path": p, "reason": r} for p, r in self.conflicts]
        return d


# -- small helpers -------------------------------------------------------------------

def now_of(now: dt.datetime | None) -> dt.datetime:
    n = now or dt.datetime.now(dt.timezone.utc).astimezone()
    return n if n.tzinfo else n.replace(tzinfo=dt.timezone.utc)


def _op_id(action: str, now: dt.datetime) -> str:
    return f"{action}_{now.astimezone(dt.timezone.utc):%Y%m%dT%H%M%SZ}_{os.urandom(2).hex()}"


def _iso(now: dt.datetime) -> str:
    return now.isoformat(timespec="seconds")


def resolve_ref(home: Home, ref: str) -> Memory:
    """A memory by ``memory:memory/<slug>.md``, ``memory/<slug>.md``, ``<slug>.md``, its slug or its id."""
    r = (ref or "").strip()
    if r.startswith("memory:"):
        r = r[len("memory:"):]
    if r.endswith(".md") and "/" not in r:
        r = f"memory/{r}"
    if not r.endswith(".md") and "/" not in r and not r.startswith("mem_"):
        r = f"memory/{r}.md"
    if r.startswith("memory/"):
        if r.split("/", 1)[1] in RESERVED_MEMORY:
            raise UsageError(f"{r} is written by people, not managed by holonmem",
                             "edit it by hand (holonmem never archives operator.md or self.md)")
        mem = load_memory(home, r)
        if mem is not None:
            return mem
    else:
        for mem in load_memories(home):
            if mem.id == r:
                return mem
    raise NotFound(f"no memory {ref!r}", "give memory:memory/<slug>.md, memory/<slug>.md, a slug or a mem_ id "
                                         "(see MEMORY.md or `holonmem search --kind memory --all`)")


def _journal(home: Home, it: Intent, now: dt.datetime, title: str, lines: list[str]) -> str:
    """Plan the entry for a hand operation in journal/YYYY-MM-DD.md (the last step); returns its path."""
    path = journal.journal_path(home, now)
    entry = "\n".join([f"## {title} `{it.op}`", "", f"- **Time:** {_iso(now)}", *lines]) + "\n"
    it.journal(home.rel(path), now.date().isoformat(), entry)
    return home.rel(path)


def _resume(done: list[dict], res: CurateResult, request: dict) -> CurateResult | None:
    """``done``: the operations killed commands left, just finished (:func:`holonmem.intent.recover`,
    called first thing under the lock). When one of them was this very request (the retry), its
    result is returned; the others are named in ``res.note``."""
    rec = finished(done, request)
    notes = [f"finished an interrupted {r.get('action')} ({r['op']}) first" for r in done if r is not rec]
    res.note = "; ".join(notes)
    if rec is None:
        return None
    old = CurateResult(**{k: v for k, v in (rec.get("result") or {}).items() if k in CurateResult.__dataclass_fields__})
    old.conflicts = [tuple(c) for c in rec.get("conflicts") or []]
    bad = {p for p, _ in old.conflicts}
    old.memories = [m for m in old.memories if m.get("path") not in bad]
    old.note = "; ".join([*notes, f"finished the interrupted {rec.get('action')} {rec['op']} (it was killed or "
                                  "stopped before it completed); nothing else to do"])
    return old


def _commit(it: Intent, res: CurateResult) -> CurateResult:
    """Make the planned writes; what a conflict kept from being written leaves the result."""
    it.record["result"] = res.to_json()
    it.commit()
    bad = {p for p, why in it.conflicts}
    res.memories = [m for m in res.memories if m["path"] not in bad]
    res.conflicts += it.conflicts
    return res


def _quote(s: str, n: int = 140) -> str:
    s = " ".join((s or "").split())
    return "“" + (s if len(s) <= n else s[: n - 1] + "…") + "”"


def _mem_json(m: Memory, action: str) -> dict:
    return {"path": m.path, "action": action, "status": m.status, "title": m.title, "id": m.id}


# -- writing a plan made by plan_dream ------------------------------------------------

def _apply(it: Intent, plan, result: CurateResult) -> None:
    """Plan the memory files of ``plan`` (new file first), then their MEMORY.md lines."""
    lines = []
    for w in sorted(plan.writes, key=lambda w: w.expected is not None):
        if not w.memory.writable:
            result.conflicts.append((w.memory.path, "frontmatter does not parse; not rewritten (fix it by hand)"))
            continue
        it.file(w.memory.path, w.expected, render_memory(w.memory), required=w.expected is None and not it.steps)
        result.memories.append(_mem_json(w.memory, w.action))
        lines.append((w.memory.path, entry_for(w.memory) if w.memory.is_active else None))
    it.index(lines)


def _decision_lines(plan, *, signals: bool = True) -> list[str]:
    out = []
    for d in plan.decisions:
        label = {"create": "created", "strengthen": "strengthened", "supersede": "superseded",
                 "reject": "rejected", "skip": "kept pending", "expire": "expired"}.get(d.action, d.action)
        line = f"- **{label}** {_quote(d.statement)}" + (f" → `{d.memory}`" if d.memory else "") + f" — {d.reason}."
        if d.signals and signals:
            line += " Signals " + ", ".join(f"`{s}`" for s in d.signals[:8]) + "."
        if d.evidence:
            line += " Evidence " + ", ".join(f"`{e}`" for e in d.evidence[:8]) + "."
        out.append(line)
    return out


# -- remember / forget / restore ------------------------------------------------------

def remember(home: Home, text: str, *, kind: str = "rule", scope: str | None = None, project: str | None = None,
             now: dt.datetime | None = None, timeout: float = 10.0) -> CurateResult:
    """Write ``text`` as a memory a person asked for (or strengthen the active memory that says it)."""
    from .config import load_config
    from .dream import HAND_CHANNEL, plan_dream
    from .redact import redactor_for

    # Secrets go before anything is derived from the text (signal id, slug, file name,
    # MEMORY.md line, journal); a project name or option holding one is refused unquoted.
    redactor = redactor_for(load_config(home))
    statement = redactor.redact_text(" ".join((text or "").split()))
    for opt, value in (("--project", project), ("--kind", kind), ("--scope", scope)):
        if value and redactor.redact_text(value) != value:
            raise UsageError(f"{opt} looks like it holds a secret; nothing was written", f"give {opt} a plain name")
    if not statement:
        raise UsageError("nothing to remember", "give the statement as TEXT, e.g. holonmem remember \"Always run ruff\"")
    if kind not in KINDS:
        raise UsageError(f"--kind {kind!r} is not one of {', '.join(KINDS)}", "pick one of the listed kinds")
    scope = scope or ("project" if project else "user")
    if scope not in SCOPES:
        raise UsageError(f"--scope {scope!r} is not one of {', '.join(SCOPES)}",
                         "a memory without --project is global already: leave out --scope (user) or use --scope agent"
                         if scope == "global" else "pick one of the listed scopes")
    if scope == "project" and not project:
        raise UsageError("--scope project needs --project NAME", "name the project, or use --scope user")
    now = now_of(now)
    op = _op_id("remember", now)
    sig = {"type": "signal", "id": "sig_" + sha256(f"{scope}|{project}|{kind}|{statement}".encode()).hexdigest()[:16],
           "ts": _iso(now), "created": _iso(now), "scope": scope, "kind": kind, "statement": statement, "subject": "",
           "evidence": [], "project": project if scope == "project" else None, "source_role": "user",
           "trust": "user-stated", "confidence": 0.95, "channels": [HAND_CHANNEL], "keywords": [], "extractor": "remember"}
    res = CurateResult("remember", op, statement=statement)
    request = {"action": "remember", "statement": statement, "kind": kind, "scope": scope, "project": project}
    with home_lock(home, PIPELINE, timeout):
        again = _resume(recover(home), res, request)
        if again is not None:
            return again
        plan = plan_dream([sig], load_memories(home), now=now, run_id=op)
        for w in plan.writes:
            if w.action == "create":
                _keep_case(w.memory, statement)
        it = Intent(home, op, "remember", request)
        _apply(it, plan, res)
        res.journal = _journal(home, it, now, "Remember by hand", _decision_lines(plan, signals=False))
        _commit(it, res)
    if not res.memories:
        res.note = "nothing was written (see conflicts)"
    elif res.memories[0]["action"] == "strengthen":
        res.note = "; ".join(x for x in (res.note, f"an active memory already says this; strengthened "
                                                   f"{res.memories[0]['path']}") if x)
    return res


def _keep_case(mem: Memory, statement: str) -> None:
    """A memory made from a person's own words keeps their first letter as typed in
    its title (the dream's titles start upper case: ``invoice-app deploys…`` became
    ``Invoice-app…``; memory.make_hook keeps it for the MEMORY.md line)."""
    first, v = statement[:1], mem.title or ""
    if v[:1] != first and v[:1].lower() == first and v[1:] == statement[1:len(v)]:
        mem.body = mem.body.replace(f"# {v}\n", f"# {first + v[1:]}\n", 1)
        mem.title = first + v[1:]


def _set_status(home: Home, ref: str, status: str, action: str, now, timeout: float) -> CurateResult:
    now = now_of(now)
    op = _op_id(action, now)
    with home_lock(home, PIPELINE, timeout):
        res = CurateResult(action, op)
        done = recover(home)
        mem = resolve_ref(home, ref)
        again = _resume(done, res, {"action": action, "path": mem.path})
        if again is not None:
            return again
        if mem.status == status:
            raise HolonmemError(f"{mem.path} is already {status}", "nothing to do" if status == "active"
                                else f"bring it back with `holonmem restore {mem.path}`")
        before = mem.status
        mem.status = status
        mem.updated = _iso(now)
        # Restoring a superseded memory says it was right after all: the active
        # memories that superseded it are superseded by it in turn (never two
        # contradicting rules in the context at once).
        winners = _superseders(home, mem) if status == "active" and before == "superseded" else []
        for newer in winners:
            _flip(mem, newer, now)
        for m in (mem, *winners):
            if not m.writable:
                raise HolonmemError(f"{m.path}: frontmatter does not parse; not rewriting it",
                                    "fix the YAML between the --- lines by hand (or `holonmem doctor --fix`)")
        it = Intent(home, op, action, {"action": action, "path": mem.path})
        # the memory first: a conflict there stops with nothing written; the superseders next
        it.file(mem.path, mem.checksum, render_memory(mem), required=True)
        for newer in winners:
            it.file(newer.path, newer.checksum, render_memory(newer))
        it.index([(m.path, entry_for(m) if m.is_active else None) for m in (mem, *winners)])
        res.memories = [_mem_json(mem, action), *(_mem_json(m, "supersede") for m in winners)]
        res.statement = mem.statement or mem.title
        where = "removed from MEMORY.md and the context" if status != "active" else "back in MEMORY.md and the context"
        res.journal = _journal(home, it, now, f"{action.capitalize()} by hand", [
            f"- **{action}** {_quote(mem.title)} → `{mem.path}` — status {before} → {status}; {where}. The file stays.",
            *(f"- **supersede** {_quote(m.title)} → `{m.path}` — it had superseded `{mem.path}`; now superseded by it "
              f"(off MEMORY.md and the context; the file stays)." for m in winners)])
        _commit(it, res)
    return res


def _superseders(home: Home, mem: Memory) -> list[Memory]:
    """The active memories that superseded ``mem``."""
    ids = set(mem.superseded_by)
    return [m for m in load_memories(home) if m.id in ids and m.is_active] if ids else []


def _flip(mem: Memory, newer: Memory, now: dt.datetime) -> None:
    """``newer`` had superseded ``mem``; after a restore by hand ``mem`` supersedes ``newer``."""
    day = _iso(now)[:10]
    newer.status = "superseded"
    newer.updated = _iso(now)
    newer.supersedes = [i for i in newer.supersedes if i != mem.id]
    newer.superseded_by = [*(i for i in newer.superseded_by if i != mem.id), mem.id]
    mem.superseded_by = [i for i in mem.superseded_by if i != newer.id]
    mem.supersedes = [*(i for i in mem.supersedes if i != newer.id), newer.id]
    newer.body = newer.body.rstrip("\n") + f"\n\n> Superseded by [{mem.title}]({mem.slug}.md) — restored by hand ({day}).\n"
    mem.body = mem.body.rstrip("\n") + f"\n\n> Restored by hand over [{newer.title}]({newer.slug}.md) ({day}).\n"


def forget(home: Home, ref: str, *, now: dt.datetime | None = None, timeout: float = 10.0) -> CurateResult:
    """Archive a memory: status ``archived``, off MEMORY.md, out of the context. The file stays."""
    return _set_status(home, ref, "archived", "forget", now, timeout)


def restore(home: Home, ref: str, *, now: dt.datetime | None = None, timeout: float = 10.0) -> CurateResult:
    """Bring an archived (or superseded) memory back: status ``active`` and its MEMORY.md line."""
    return _set_status(home, ref, "active", "restore", now, timeout)


# -- rejected statements are not proposed again ----------------------------------------

def _norm_text(statement: str) -> str:
    return re.sub(r"[\W_]+", " ", grouping.normalize(clean_statement(statement))).strip()


def hand_rejected(state: signalstore.SignalState) -> list[dict]:
    """Signals a person rejected (``holonmem reject``), normalised."""
    from .dream import norm_signal

    return [norm_signal(state.signals[sid]) for sid, st in state.status.items()
            if st.get("status") == "rejected" and st.get("by") == HAND and sid in state.signals]


def split_rejected(pending: list[dict], state: signalstore.SignalState) -> tuple[list[dict], list[tuple[dict, str]]]:
    """``(kept, repeats)``: ``repeats`` are ``(signal, rejected signal id)`` for pending signals
    that say what a person already rejected: the same normalised statement within the same
    scope and project, or the same subject (and kind, polarity) without a contradiction or a
    different detail. Pure apart from reading ``state``."""
    from .dream import norm_signal

    rejected = hand_rejected(state)
    if not rejected:
        return list(pending), []
    by_text = {(r["scope"], r["project"], _norm_text(r["statement"])): r["id"] for r in rejected}
    by_subject: dict[tuple, list[dict]] = {}
    for r in rejected:
        if r["subject"]:
            by_subject.setdefault((r["scope"], r["project"], r["kind"], r["polarity"], grouping.normalize(r["subject"])), []).append(r)
    kept, repeats = [], []
    for s in pending:
        n = norm_signal(s)
        hit = by_text.get((n["scope"], n["project"], _norm_text(n["statement"])))
        if hit is None and n["subject"]:
            for r in by_subject.get((n["scope"], n["project"], n["kind"], n["polarity"], grouping.normalize(n["subject"])), []):
                fa, fb = grouping.features(r["statement"]), grouping.features(n["statement"])
                if not grouping.distinct_details(fa, fb) and not grouping.conflicts(
                        r["statement"], r["polarity"], n["statement"], n["polarity"]):
                    hit = r["id"]
                    break
        if hit is None or hit == s.get("id"):
            kept.append(s)
        else:
            repeats.append((s, hit))
    return kept, repeats


def reject_repeats(plan, repeats: list[tuple[dict, str]]) -> None:
    """Record ``repeats`` (from :func:`split_rejected`) in a dream plan as rejections."""
    from .dream import Decision

    plan.seen += len(repeats)
    for s, rid in repeats:
        why = f"rejected by hand before (same statement as {rid}): not proposed again"
        plan.decisions.append(Decision("reject", why, [s["id"]], str(s.get("statement") or ""),
                                       evidence=[str(e) for e in s.get("evidence") or []]))
        plan.statuses.append((s["id"], "rejected", f"same as {rid}, rejected by hand", None))


# -- promote / reject -----------------------------------------------------------------

def group_of(home: Home, state: signalstore.SignalState, sid: str, now: dt.datetime):
    """The dream decision (group) that holds pending signal ``sid``, as the next dream would see it."""
    from .dream import plan_dream

    if sid not in state.signals:
        raise NotFound(f"no signal {sid!r} in signals.jsonl", "list pending signals with `holonmem review`")
    st = state.status_of(sid)
    if st != "pending":
        why = state.status[sid].get("reason") or ""
        raise HolonmemError(f"signal {sid} is already {st}" + (f" ({why})" if why else ""),
                            "only pending signals can be promoted or rejected (see `holonmem review`)")
    kept, _ = split_rejected(state.pending(), state)
    if sid not in {s["id"] for s in kept}:
        kept.append(state.signals[sid])
    plan = plan_dream(kept, load_memories(home), now=now, run_id="review")
    for d in plan.decisions:
        if sid in d.signals and d.action != "supersede":
            return d, plan
    return None, plan


def pending_group(home: Home, sid: str, now: dt.datetime) -> tuple[signalstore.SignalState, list[str]]:
    """The signal state and the pending signal ids dream would group with ``sid`` (``sid`` included)."""
    state = signalstore.load(home)
    d, _ = group_of(home, state, sid, now)
    ids = list(d.signals) if d is not None else [sid]
    return state, [x for x in ids if x in state.signals and state.status_of(x) == "pending"]


def promote(home: Home, sid: str, *, now: dt.datetime | None = None, timeout: float = 10.0) -> CurateResult:
    """Promote pending signal ``sid`` (with the signals dream groups with it) into memory now."""
    from .dream import HAND_CHANNEL, plan_dream

    now = now_of(now)
    op = _op_id("promote", now)
    request = {"action": "promote", "signal": sid}
    with home_lock(home, PIPELINE, timeout):
        res = CurateResult("promote", op)
        again = _resume(recover(home), res, request)
        if again is not None:
            return again
        state, ids = pending_group(home, sid, now)
        if state.signals[sid].get("trust") == "untrusted":
            raise HolonmemError(
                f"signal {sid} is untrusted: it quotes tool output, fetched content or a quotation, "
                "which is never promoted (it may be a prompt injection)",
                "if the statement is true, say it yourself: `holonmem remember \"...\"`; "
                f"or drop it with `holonmem reject {sid}`")
        members = []
        for x in ids:
            s = dict(state.signals[x])
            if s.get("trust") == "untrusted":
                continue  # never promoted, not even alongside a trusted signal
            s["channels"] = list(s.get("channels") or []) + [HAND_CHANNEL]
            members.append(s)
        plan = plan_dream(members, load_memories(home), now=now, run_id=op)
        res.statement = str(state.signals[sid].get("statement") or "")
        it = Intent(home, op, "promote", request)
        _apply(it, plan, res)
        # a signal whose memory file could not be written stays pending
        failed = {x for p, _ in res.conflicts for w in plan.writes if w.memory.path == p for x in w.signals}
        lines = [signalstore.status_line(x, st, ts=_iso(now), run=op, reason=f"by hand: {why}", memory=mem, by=HAND)
                 for x, st, why, mem in plan.statuses if x not in failed]
        it.signals(lines, {x: [w.memory.path for w in plan.writes if x in w.signals] for x in {ln["signal"] for ln in lines}})
        res.signals = [ln["signal"] for ln in lines]
        res.journal = _journal(home, it, now, "Promote by hand", _decision_lines(plan))
        _commit(it, res)
        res.signals = [ln["signal"] for ln in it.appended]
    return res


def reject(home: Home, sid: str, *, reason: str | None = None, now: dt.datetime | None = None,
           timeout: float = 10.0) -> CurateResult:
    """Reject pending signal ``sid`` and the signals dream groups with it; never proposed again."""
    now = now_of(now)
    op = _op_id("reject", now)
    request = {"action": "reject", "signal": sid}
    with home_lock(home, PIPELINE, timeout):
        res = CurateResult("reject", op)
        again = _resume(recover(home), res, request)
        if again is not None:
            return again
        state, ids = pending_group(home, sid, now)
        why = reason or "rejected by hand"
        it = Intent(home, op, "reject", request)
        it.signals([signalstore.status_line(x, "rejected", ts=_iso(now), run=op, reason=why, by=HAND) for x in ids])
        stmt = str(state.signals[sid].get("statement") or "")
        res.signals, res.statement = ids, stmt
        res.journal = _journal(home, it, now, "Reject by hand", [
            f"- **rejected** {_quote(stmt)} — {why}; not proposed again. Signals " + ", ".join(f"`{x}`" for x in ids) + "."])
        _commit(it, res)
    return res
