"""From a session's events to episodes (pure: event dicts in, Episodes out).

An episode ends at a ``session_end`` event, a finished work item or task
(``meta.work_item.status`` / ``status`` done), a switch to another work item,
or an idle gap longer than ``gap`` before the session's next event. The last
segment of a session stays open until its last event is older than ``gap``
relative to ``now``.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from datetime import datetime, timezone

from . import signal_rules as R
from .episodes import Episode
from .events import parse_ts

FAILED = frozenset({"failed", "failure", "error", "errored", "fail", "timeout", "timed_out"})
PASSED = frozenset({"ok", "passed", "pass", "success", "succeeded", "done", "completed"})
DONE = frozenset({"done", "completed", "complete", "closed", "finished", "cancelled", "canceled"})
SUBSTANTIVE_KINDS = frozenset({"tool_call", "tool_result", "task", "work_item", "note"})

NEGATIVE_RE = re.compile(r"(doesn'?t work|still (?:broken|failing|wrong)|that'?s wrong|not what I|还是不行|没用|不行啊|错了)", re.I)
DEFER_RE = re.compile(r"(leave it|for now|later|skip it|give up|先不|先放|以后再说|下次再说|算了|不管了)", re.I)
ASSISTANT_FOLLOW_RE = re.compile(r"(still open|not fixed yet|仍未|还没修|还剩|remaining:|left to do|待完成)", re.I)
RESULT_RE = re.compile(r"(\bfixed\b|\bdone\b|\bopened\b|\bmerged\b|\bresolved\b|\bpassed\b|完成|结果|搞定|改好了|已更新|已开|进度)", re.I)
USER_FOLLOW_RE = re.compile(r"((下周|之后|以后|回头|改天|明天)再(说|排|做|看))")


def epoch(ts: str | None) -> float | None:
    if not ts:
        return None
    try:
        dt = parse_ts(ts)
    except ValueError:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.timestamp()


def _work_item(ev: dict) -> dict | None:
    wi = (ev.get("meta") or {}).get("work_item")
    return wi if isinstance(wi, dict) else None


def split_session(events: list[dict], gap_seconds: float) -> list[tuple[list[dict], str | None]]:
    """Segments of one session's events with what closed each (``None``: still open)."""
    out: list[tuple[list[dict], str | None]] = []
    cur: list[dict] = []
    cur_wi: str | None = None
    last_t: float | None = None

    def close(why: str) -> None:
        nonlocal cur, cur_wi
        if cur:
            out.append((cur, why))
        cur, cur_wi = [], None

    for ev in events:
        t = epoch(ev.get("ts"))
        if cur and t is not None and last_t is not None and t - last_t > gap_seconds:
            close("idle_gap")
        wi = _work_item(ev) if ev.get("kind") == "work_item" else None
        wid = wi.get("id") if wi else None
        if wid and cur_wi and wid != cur_wi and any(is_substantive(e) for e in cur):
            close("work_item_switch")
        cur.append(ev)
        if t is not None:
            last_t = t
        kind = ev.get("kind")
        if wid:
            cur_wi = wid
            if str(wi.get("status", "")).lower() in DONE:
                close("work_item_done")
                continue
        if kind == "task" and str(ev.get("status") or "").lower() in DONE:
            close("task_done")
        elif kind == "session_end":
            close("session_end")
    if cur:
        out.append((cur, None))
    return out


def is_substantive(ev: dict) -> bool:
    kind = ev.get("kind", "message")
    if kind in SUBSTANTIVE_KINDS:
        return True
    return ev.get("role") == "user" and kind == "message" and not R.is_chitchat(ev.get("text", ""))


def episode_id(session: str | None, first_event_id: str) -> str:
    return "ep_" + hashlib.sha256(f"{session or ''}\n{first_event_id}".encode("utf-8")).hexdigest()[:12]


def _one(text: str, limit: int) -> str:
    s = " ".join((text or "").split())
    return s if len(s) <= limit else s[: limit - 1].rstrip() + "…"


def _error_line(text: str) -> str:
    lines = [l.strip() for l in (text or "").splitlines() if l.strip()]
    for l in reversed(lines):
        if re.search(r"(Error|Exception|Timeout|error:|failed|失败|不可用)", l):
            return _one(re.sub(r"^E\s+", "", l), 200)
    return _one(text, 200)


def _command(ev: dict) -> str:
    inp = (ev.get("meta") or {}).get("input")
    if isinstance(inp, dict) and isinstance(inp.get("command"), str):
        return _one(inp["command"], 120)
    return _one(ev.get("text", ""), 120)


def _call_before(events: list[dict], i: int) -> dict | None:
    """The tool_call that produced the tool_result at ``i`` (same tool, latest before it)."""
    tool = events[i].get("tool")
    return next((events[k] for k in range(i - 1, -1, -1) if events[k].get("kind") == "tool_call"
                 and events[k].get("tool") == tool), None)


def _has_command(call: dict | None) -> bool:
    inp = ((call or {}).get("meta") or {}).get("input")
    return isinstance(inp, dict) and isinstance(inp.get("command"), str)


def pair_failures(events: list[dict]) -> list[dict]:
    """Failed tool results with the diagnosis, fix and passing result that followed."""
    out = []
    for i, ev in enumerate(events):
        if ev.get("kind") != "tool_result" or str(ev.get("status") or "").lower() not in FAILED:
            continue
        tool = ev.get("tool")
        failing_call = _call_before(events, i)
        passes = [k for k in range(i + 1, len(events)) if events[k].get("kind") == "tool_result"
                  and events[k].get("tool") == tool and str(events[k].get("status") or "").lower() in PASSED]
        # A generic tool (a shell) is fixed when the same command passes; else the next pass of the tool.
        same = [k for k in passes if failing_call and _call_before(events, k)
                and _command(_call_before(events, k)) == _command(failing_call)]  # type: ignore[arg-type]
        j = same[0] if same and _has_command(failing_call) else (passes[0] if passes else None)
        stop = j if j is not None else len(events)
        diag = next((events[k] for k in range(i + 1, stop) if events[k].get("role") == "assistant"
                     and events[k].get("kind", "message") == "message"), None)
        fix_calls = [events[k] for k in range(i + 1, stop) if events[k].get("kind") == "tool_call"] if j is not None else []
        cmds = [_command(c) for c in fix_calls
                if not (failing_call and c.get("tool") == tool and _command(c) == _command(failing_call))]
        f = {
            "event": ev["id"], "tool": tool, "error": _error_line(ev.get("text", "")),
            "diagnosis": _one(diag.get("text", ""), 400) if diag else "",
            "diagnosis_event": diag["id"] if diag else None,
            "fix": [c["id"] for c in fix_calls], "fix_commands": list(dict.fromkeys(cmds)),
            "resolved_by": events[j]["id"] if j is not None else None,
            "resolution": "",
        }
        if j is not None:
            how = "; ".join(f["fix_commands"]) or "retried"
            f["resolution"] = _one(f"{how} → {events[j].get('text', '')}", 240)
        out.append(f)
    return out


def _refs(events: list[dict]) -> list[str]:
    seen: dict[str, None] = {}
    for ev in events:
        for r in ev.get("refs") or []:
            seen.setdefault(r, None)
        inp = (ev.get("meta") or {}).get("input")
        if isinstance(inp, dict):
            for key in ("file_path", "path", "url", "notebook_path"):
                v = inp.get(key)
                if isinstance(v, str) and v:
                    seen.setdefault(v, None)
    return list(seen)


def _sentences_matching(events: list[dict], rx: re.Pattern, roles: tuple[str, ...]) -> list[dict]:
    out = []
    for ev in events:
        if ev.get("role") not in roles or ev.get("kind", "message") != "message":
            continue
        for s in R.split_sentences(ev.get("text", "")):
            if rx.search(s):
                out.append({"event": ev["id"], "text": _one(s.lstrip("- "), 240)})
    return out


def _objective(events: list[dict]) -> str:
    for ev in events:
        if ev.get("role") == "user" and ev.get("kind", "message") == "message" and not R.is_chitchat(ev.get("text", "")):
            return _one(R.strip_greeting(ev["text"]), 300)
    for ev in events:
        wi = _work_item(ev)
        if ev.get("kind") in ("task", "work_item"):
            return _one((wi or {}).get("objective") or ev.get("text", ""), 300)
    return _one(next((e.get("text", "") for e in events if e.get("text")), ""), 300)


def _title(events: list[dict], objective: str) -> str:
    for ev in events:
        if ev.get("kind") in ("task", "work_item"):
            wi = _work_item(ev)
            return _one((wi or {}).get("objective") or ev.get("text", ""), 90)
    return _one(objective, 90)


def _outcome(events: list[dict], failures: list[dict]) -> str:
    unresolved = [f for f in failures if not f.get("resolved_by")]
    user_msgs = [e for e in events if e.get("role") == "user" and e.get("kind", "message") == "message"]
    if unresolved:
        first = next(i for i, e in enumerate(events) if e["id"] == unresolved[0]["event"])
        after = [e for e in events[first + 1:] if e in user_msgs]
        return "abandoned" if any(DEFER_RE.search(e.get("text", "")) for e in after) else "failed"
    if user_msgs and NEGATIVE_RE.search(user_msgs[-1].get("text", "")):
        return "failed"
    return "succeeded"


def _summary(events: list[dict], objective: str, failures: list[dict], tools: Counter, outcome: str) -> str:
    parts = [_one(objective, 160) or "(no objective)"]
    said, small_talk = [], False
    for e in events:
        if e.get("role") == "user" and e.get("kind", "message") == "message":
            small_talk = R.is_chitchat(e.get("text", ""))
        elif e.get("role") == "assistant" and e.get("kind", "message") == "message" and len(e.get("text", "")) >= 20 and not small_talk:
            said.append(e)  # replies to small talk are not results
    result = next((e for e in reversed(said) if RESULT_RE.search(e["text"])), said[-1] if said else None)
    if result:
        parts.append("Result: " + _one(result["text"], 240))
    if tools:
        parts.append(f"{sum(tools.values())} tool calls ({', '.join(tools)})")
    if failures:
        fixed = sum(1 for f in failures if f.get("resolved_by"))
        parts.append(f"{len(failures)} failure(s), {fixed} fixed")
    parts.append(f"outcome: {outcome}")
    return " — ".join(parts)


def build_episode(events: list[dict], closed_by: str) -> Episode:
    """One Episode from a closed segment (instructions are filled in by the caller)."""
    first, last = events[0], events[-1]
    tools = Counter(e.get("tool") for e in events if e.get("kind") == "tool_call" and e.get("tool"))
    if not tools:
        tools = Counter(e.get("tool") for e in events if e.get("kind") == "tool_result" and e.get("tool"))
    failures = pair_failures(events)
    objective = _objective(events)
    outcome = _outcome(events, failures)
    wi = next((w.get("id") for w in map(_work_item, events) if w and w.get("id")), None)
    follow = [{"event": f["event"], "text": f"unresolved `{f['tool']}` failure: {f['error']}"} for f in failures if not f.get("resolved_by")]
    follow += _sentences_matching(events, R.FOLLOW_UP_RE, ("assistant",))
    follow += _sentences_matching(events, ASSISTANT_FOLLOW_RE, ("assistant",))
    follow += _sentences_matching(events, USER_FOLLOW_RE, ("user",))
    last_wi = next((w for w in map(_work_item, reversed(events)) if w), None)
    if last_wi and str(last_wi.get("status", "")).lower() not in DONE:
        todo = [t.get("content") for t in last_wi.get("todos") or [] if isinstance(t, dict) and t.get("status") not in DONE]
        text = f"work item `{last_wi.get('id')}` still open" + (f": {'; '.join(map(str, todo))}" if todo else "")
        wi_ev = next(e for e in reversed(events) if _work_item(e) is last_wi)
        follow.append({"event": wi_ev["id"], "text": _one(text, 240)})
    order = {e["id"]: i for i, e in enumerate(events)}
    dedup: dict[tuple, dict] = {}
    for f in sorted(follow, key=lambda f: order.get(f["event"], 0)):
        dedup.setdefault((f["event"], f["text"]), f)
    return Episode(
        id=episode_id(first.get("session"), first["id"]),
        date=(first.get("ts") or "")[:10],
        project=first.get("project") or "default",
        session=first.get("session"),
        start=first.get("ts") or "",
        end=last.get("ts") or "",
        events=[e["id"] for e in events],
        objective=objective,
        title=_title(events, objective),
        outcome=outcome,
        summary=_summary(events, objective, failures, tools, outcome),
        tools=dict(tools),
        failures=failures,
        decisions=_sentences_matching(events, R.DECISION_RE, ("user", "assistant")),
        refs=_refs(events),
        follow_ups=list(dedup.values()),
        work_item=wi,
        closed_by=closed_by,
    )


def now_epoch(now: datetime | None) -> float:
    return (now or datetime.now(timezone.utc)).timestamp()
