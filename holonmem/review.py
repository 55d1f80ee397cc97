"""``holonmem review``: the pending signals, grouped as the next dream would group them.

The grouping and the verdicts come from the dream planner itself
(:func:`holonmem.dream.plan_dream`, run without writing anything), so what
review shows is what ``dream`` would do. Each group carries its evidence (the
event text read from the ledger by id, with session and date), a score and
what it still lacks to be promoted; untrusted signals (tool output, fetched
content, quotations) are shown ``refused`` with ``"untrusted": true``, never
as candidates. Signals that repeat a statement a person
rejected (:func:`holonmem.curate.split_rejected`) are left out and counted.

Public API: :func:`review` and :func:`journal_entries` (``holonmem journal``).
"""

from __future__ import annotations

import datetime as dt
import json
import re

from . import signalstore
from .fsio import read_bytes
from .home import Home

EVIDENCE_CHARS = 240
VERDICT = {
    "create": "ready", "strengthen": "ready", "skip": "waiting", "expire": "expiring", "reject": "refused",
}


def _lacks(d, members: list[dict]) -> list[str]:
    """What a group still needs before a dream promotes it (empty when it is ready)."""
    if d.action in ("create", "strengthen"):
        return []
    if d.action == "reject" and d.reason.startswith("untrusted"):
        return ["nothing can promote it: it quotes tool output, fetched content or a quotation (untrusted, "
                "possibly a prompt injection); `holonmem promote` refuses it and the next dream skips it"]
    if d.action == "reject":
        return [f"nothing: the next dream rejects it ({d.reason})"]
    if d.action == "expire":
        return ["nothing: it is older than the pending limit and the next dream expires it (promote it by hand to keep it)"]
    from .signal_model import AGENT_TRUST

    if any(m.get("trust") == AGENT_TRUST for m in members):  # memory_remember over MCP
        return ["a person's decision: the agent proposed it, and no dream promotes that on its own "
                "(`holonmem promote` keeps it, `holonmem reject` drops it)"]
    kinds = {m.get("kind") for m in members}
    out = ["support from a second session (repeated_across_sessions)"]
    if "lesson" in kinds:
        out.append("or a failed tool result followed by the passing fix (tool_failure_evidence)")
    elif "preference" in kinds:
        out.append("or the user saying it as a standing instruction (\"from now on\", \"always\", 以后…)")
    else:
        out.append("or the user stating it as an explicit instruction (explicit_user_instruction)")
    return out


def _score(members: list[dict], channels: list[str]) -> float:
    """The confidence the memory would start with (as dream computes it)."""
    conf = max((float(m.get("confidence") or 0.5) for m in members), default=0.5)
    sessions = {m.get("session") for m in members if m.get("session")}
    return round(min(0.99, conf + 0.05 * max(0, len(sessions) - 1) + 0.05 * max(0, len(channels) - 1)), 2)


def evidence_of(home: Home, ids: list[str]) -> list[dict]:
    """The events behind ``ids``, read from the ledger (``missing`` when an id is not there)."""
    from .jsonline import load_line
    from .ledger import Ledger

    led = Ledger(home)
    out = []
    for eid in ids:
        hit = led.lookup(eid)
        if hit is None:
            out.append({"id": eid, "missing": True})
            continue
        try:
            ev = load_line(hit[1])
        except ValueError:
            out.append({"id": eid, "missing": True})
            continue
        text = " ".join(str(ev.get("text") or "").split())
        out.append({"id": eid, "ref": f"event:{eid}", "session": ev.get("session"), "ts": ev.get("ts"),
                    "date": str(ev.get("ts") or "")[:10], "role": ev.get("role"), "kind": ev.get("kind"),
                    "tool": ev.get("tool"), "status": ev.get("status"),
                    "text": text if len(text) <= EVIDENCE_CHARS else text[: EVIDENCE_CHARS - 1] + "…"})
    return out


def review(home: Home, *, now: dt.datetime | None = None) -> dict:
    """``{"groups": [...], "pending": n, "hidden_rejected": n, "counts": {...}}`` (nothing written)."""
    from .config import load_config
    from .curate import now_of, split_rejected
    from .dream import norm_signal, plan_dream
    from .memory import load_memories

    now = now_of(now)
    state = signalstore.load(home)
    kept, repeats = split_rejected(state.pending(), state)
    expiry = float(load_config(home).get("dream", {}).get("pending_expiry_days", 30))
    plan = plan_dream(kept, load_memories(home), now=now, run_id="review", expiry_days=expiry)
    groups = []
    for d in plan.decisions:
        if d.action not in VERDICT or not d.signals:
            continue
        members = [state.signals[s] for s in d.signals if s in state.signals]
        first = norm_signal(members[0]) if members else {}
        sessions = sorted({m.get("session") for m in members if m.get("session")})
        evidence = list(dict.fromkeys(e for m in members for e in (m.get("evidence") or [])))
        groups.append({
            "signals": list(d.signals), "verdict": VERDICT[d.action], "action": d.action, "reason": d.reason,
            "statement": d.statement or str(first.get("statement") or ""), "kind": first.get("kind"),
            "scope": first.get("scope"), "project": first.get("project"), "sessions": sessions,
            "channels": list(d.channels), "score": _score(members, list(d.channels)), "lacks": _lacks(d, members),
            "memory": d.memory, "age_days": d.age_days, "evidence": evidence_of(home, evidence),
            "untrusted": any(m.get("trust") == "untrusted" for m in members),
        })
    order = {"ready": 0, "waiting": 1, "expiring": 2, "refused": 3}
    groups.sort(key=lambda g: (order[g["verdict"]], -g["score"], g["project"] or "", g["statement"]))
    counts = {v: sum(1 for g in groups if g["verdict"] == v) for v in order}
    return {"pending": len(state.pending()), "groups": groups, "counts": counts,
            "hidden_rejected": [{"signal": s["id"], "same_as": rid} for s, rid in repeats]}


# -- journal --------------------------------------------------------------------------

_ENTRY = re.compile(r"^## (.+)$", re.M)


def journal_entries(home: Home, last: int = 5) -> list[dict]:
    """The latest ``last`` journal entries (newest last): dream runs, undos and hand edits."""
    files = sorted(p for p in home.journal_dir.glob("*.md") if p.is_file()) if home.journal_dir.is_dir() else []
    out: list[dict] = []
    for p in reversed(files):
        try:
            text = read_bytes(p).decode("utf-8", errors="replace")
        except OSError:  # a FIFO named like a journal file
            continue
        heads = list(_ENTRY.finditer(text))
        found = []
        for i, m in enumerate(heads):
            end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
            body = text[m.start():end].rstrip("\n") + "\n"
            t = re.search(r"^- \*\*Time:\*\* (.+)$", body, re.M)
            s = re.search(r"^- \*\*Summary:\*\* (.+)$", body, re.M)
            run = re.search(r"`([^`]+)`", m.group(1))
            found.append({"file": home.rel(p), "title": m.group(1).replace("`", ""), "run": run.group(1) if run else None,
                          "time": t.group(1) if t else None, "summary": s.group(1) if s else None, "text": body})
        out = found + out
        if len(out) >= last:
            break
    return out[-last:] if last > 0 else []
