"""From a session's events to episodes (pure: event dicts in, Episodes out).

An episode ends at a ``session_end`` event, a finished work item or task
(``meta.work_item.status`` / ``status`` done), a switch to another work item,
or an idle gap longer than ``gap`` before the session's next event. The last
segment of a session stays open until its last event is older than ``gap``
relative to ``now``.
"""

from __future__ import annotations

from .digest import sha256
import re
from collections import Counter
from datetime import datetime, timezone

from . import attribution as A
from . import lessons as L
from . import signal_rules as R
from .episodes import Episode
from .events import parse_ts

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
        # a tool's result belongs with its call however long the call ran (a training run, a build)
        if cur and t is not None and last_t is not None and t - last_t > gap_seconds and ev.get("kind") != "tool_result":
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
    return "ep_" + sha256(f"{session or ''}\n{first_event_id}".encode("utf-8")).hexdigest()[:12]


def _one(text: str, limit: int) -> str:
    s = " ".join((text or "").split())
    return s if len(s) <= limit else s[: limit - 1].rstrip() + "…"


def _error_line(text: str) -> str:
    return L.error_line(text) or _one(text, 200)


def _command(ev: dict) -> str:
    return _one(L.call_text(ev), 120)


# -- which call produced which result ---------------------------------------------

def _use_id(ev: dict) -> str | None:
    meta = ev.get("meta") or {}
    if not isinstance(meta, dict):
        return None
    v = meta.get("tool_use_id") or meta.get("tool_call_id") or meta.get("call_id")
    return str(v) if v else None


def pair_calls(events: list[dict]) -> dict[int, int]:
    """``{result index: call index}``: each tool result and the call that produced it.

    A shared ``tool_use_id``/``call_id`` decides when both carry one. Otherwise the
    result belongs to the earliest unanswered call of its tool in the *latest* batch
    of consecutive calls: parallel calls (two ``Bash`` calls, then their two results)
    are answered in order, and a call that never got a result does not capture the
    results of later calls.
    """
    out: dict[int, int] = {}
    pending: dict[str, list[int]] = {}
    by_uid: dict[str, int] = {}
    batch: dict[int, int] = {}  # call index -> batch number
    n_batch, prev_call = 0, False
    for i, ev in enumerate(events):
        kind = ev.get("kind")
        if kind == "tool_call":
            if not prev_call:
                n_batch += 1
            prev_call = True
            batch[i] = n_batch
            pending.setdefault(str(ev.get("tool") or ""), []).append(i)
            uid = _use_id(ev)
            if uid:
                by_uid[uid] = i
            continue
        prev_call = False
        if kind != "tool_result":
            continue
        tool = str(ev.get("tool") or "")
        calls = pending.get(tool) or []
        uid = _use_id(ev)
        c = by_uid.pop(uid, None) if uid else None
        if c is None and calls:
            last = batch[calls[-1]]
            c = next(k for k in calls if batch[k] == last)
        if c is not None:
            out[i] = c
            if c in calls:
                calls.remove(c)
    return out


# -- what happened between a failure and the pass that resolved it -------------------

def _rerun(fail_call: dict | None, pass_call: dict | None) -> dict:
    """How the passing call differs from the failing one (see :func:`lessons.call_diff`)."""
    if not fail_call or not pass_call:
        return {"kind": "other"}
    return L.call_diff(fail_call, pass_call)


# what a person gives the agent to get past a failure: a value, not just words ("fine, wait for the
# job then"): a number, a quoted or `code` span, an address, a path, an identifier, a masked secret
_DETAIL = re.compile(r"\d|\[REDACTED|`|[\"“「'][^\"”」']+[\"”」']|\S+@\S+|://|(?:^|\s)[~./]\S*/|\b[A-Za-z]+[-_.][A-Za-z0-9]")


def _supplies_detail(text: str) -> bool:
    return bool(_DETAIL.search(text))


def _fix_kind(steps: list[dict], rerun: dict, user_said: bool, user_did: str = "", user_awaited: bool = False) -> str:
    """One word for the structure of the fix, strongest first.

    ``env``: a command that changes the environment (install, login, export, start a
    service or device), a config file outside the source tree was written, or the same
    call was run through a launcher that provides one (MO2, wine);
    ``option``: the same call passed with a flag, an option or an env prefix added;
    ``edit``: files of the project were edited; ``procedure``: another command was
    run (not an inspection); ``changed``: the call itself was changed (other values);
    ``user``: the user supplied something and the same call passed; ``user_action``:
    the user says they did something by hand ("closed now", "我关了") and the same call
    passed — or passed with an option added when the agent had waited for the user ("关掉之后我再读",
    "is it open somewhere?"); ``retry``: nothing but a rerun.
    """
    kinds = {s["kind"] for s in steps if s.get("ok")}
    if "env" in kinds or rerun.get("kind") == "launcher":
        return "env"  # a launcher (MO2, wine) gives the program the environment it lacked
    if rerun.get("kind") == "setup":
        return "env" if rerun.get("env") else "procedure"  # commands run before the same call
    if rerun.get("kind") == "added" and not (user_did and user_awaited):
        return "option"
    if "edit" in kinds:
        return "edit"
    if "procedure" in kinds:
        return "procedure"
    if rerun.get("kind") == "changed" or "work" in kinds:
        return "changed"
    if user_said:
        return "user"
    if user_did and (rerun.get("kind") == "same" or user_awaited):
        return "user_action"
    return "retry"


# a shell command that passed but warned that something it needed could not be used: "Warning:
# Texture '…' could not be imported: file is not a valid image (132 bytes)"
_WARN_LINE = re.compile(r"^\s*(?:warning|warn|error)\b[^\n]{0,120}?\b(?:could not|cannot|can'?t|failed to|is not a valid|not a valid|"
                        r"is missing|not found|unable to)\b[^\n]*", re.I | re.M)
_SAYS_FAILED = re.compile(r"\bbut\b[^.]{0,80}\b(?:failed|could not|couldn'?t|didn'?t|missing|broken|invalid|not)\b|\bsame symptom\b"
                          r"|\bfailed to\b|\b(?:didn'?t|did not) (?:work|import|load|build)\b|没(?:成功|导进|加载)|失败了?", re.I)
_WARN_REACH = 8  # events between the warned run and what the agent says of it
# the agent waits for the user to do something before it runs again ("关掉之后我再读", "is it open somewhere?")
_AWAITS_USER = re.compile(r"[?？]\s*$|(?:之后|以后|了)我再|等你|\bonce you\b|\bafter you\b|\bwhen you(?:'ve| have)?\b|\bcan you (?:close|quit|unlock|restart)\b", re.I)


def _warned(events: list[dict], i: int, calls: dict[int, int]) -> str:
    """The warning line of a passing shell command whose output warns that something could not be
    used, when the agent says right after that it went wrong ("The build says it succeeded, but …
    613 textures failed to import"), else "": a failure told by its output, fixed when the same
    command later passes without it."""
    ev = events[i]
    warning = _WARN_LINE.search(ev.get("text") or "") if A.is_pass(ev) and i in calls and L.shell_command(events[calls[i]]) else None
    if warning is None:
        return ""
    for e in events[i + 1:i + 1 + _WARN_REACH]:
        if e.get("kind") == "tool_call":
            return ""  # the agent moved on without a word about it
        if e.get("role") == "assistant" and e.get("kind", "message") == "message":
            return warning.group(0) if _SAYS_FAILED.search(e.get("text") or "") else ""
    return ""


def pair_failures(events: list[dict]) -> list[dict]:
    """Real failed tool results with the diagnosis, fix and passing result that followed.

    Cancelled, user-rejected and interrupted calls are no failures
    (:func:`attribution.is_real_failure`). A call with a command (a shell) is
    resolved by the first pass of a *related* command (same program and
    subcommand, see :func:`lessons.related_commands`); another tool by its
    next pass. Between the two, every call is classified (:func:`lessons.step_kind`);
    only steps that succeeded count as the fix.
    """
    calls = pair_calls(events)
    result_of = {c: r for r, c in calls.items()}
    out = []
    for i, ev in enumerate(events):
        soft = "" if A.is_real_failure(ev) else _warned(events, i, calls)  # the warning line of a soft failure
        if not soft and not A.is_real_failure(ev):
            continue
        tool = ev.get("tool")
        failing_call = events[calls[i]] if i in calls else None
        fail_cmd = L.shell_command(failing_call) if failing_call else None
        j = None
        for k in range(i + 1, len(events)):
            e = events[k]
            if e.get("tool") != tool or not A.is_pass(e):
                continue
            pc = events[calls[k]] if k in calls else None
            if fail_cmd is not None:
                if pc is None or not L.related_commands(fail_cmd, L.shell_command(pc) or ""):
                    continue
            if soft and _WARN_LINE.search(e.get("text") or ""):
                break  # run again and warned again: not fixed (yet)
            j = k
            break
        if soft and j is None:
            continue  # a warning nobody fixed is no failure of ours
        stop = j if j is not None else len(events)
        window = events[i + 1:stop]
        diags = [e for e in window if e.get("role") == "assistant" and e.get("kind", "message") == "message"]
        diag = L.pick_diagnosis(diags)
        pass_call_idx = calls.get(j) if j is not None else None
        fix_calls, steps = [], []
        if j is not None:
            for k in range(i + 1, stop):
                e = events[k]
                if e.get("kind") != "tool_call":
                    continue
                fix_calls.append(e)
                if k == pass_call_idx:
                    continue
                r = result_of.get(k)  # a step without a result counts; one whose result failed does not
                steps.append({"event": e["id"], "kind": L.step_kind(e, fail_cmd), "ok": r is None or A.is_pass(events[r])})
        pass_call = events[pass_call_idx] if pass_call_idx is not None else None
        rerun = _rerun(failing_call, pass_call) if j is not None else {"kind": "other"}
        said = [e.get("text") or "" for e in window if A.is_user_authored(e) and _supplies_detail(e.get("text") or "")]
        user_said = bool(said)
        did = next(((act, e.get("text") or "") for e in window if A.is_user_authored(e)
                    for act in (L.user_action(e.get("text") or ""),) if act), ("", ""))
        by_id = {e["id"]: e for e in fix_calls}
        cmds = [L.display_command(by_id[s["event"]]) for s in steps if s["ok"] and s["kind"] != "inspect"]
        if pass_call is not None and rerun.get("kind") != "same":
            cmds.append(L.display_command(pass_call))
        f = {
            "event": ev["id"], "tool": tool, "call": failing_call["id"] if failing_call else None,
            "error": _one(soft, 200) if soft else _error_line(ev.get("text", "")),
            "diagnosis": _one(diag.get("text", ""), 400) if diag else "",
            "diagnosis_event": diag["id"] if diag else None,
            "fix": [c["id"] for c in fix_calls], "fix_commands": [c for c in dict.fromkeys(cmds) if c],
            "resolved_by": events[j]["id"] if j is not None else None,
            "resolution": "",
        }
        if j is not None:
            awaited = any(_AWAITS_USER.search(e.get("text") or "") for e in diags)
            f["fix_kind"] = _fix_kind(steps, rerun, user_said, did[0], awaited)
            if f["fix_kind"] == "user_action":
                f["user_action"], f["user_words"] = did[0], _one(did[1], 160)
            f["rerun"] = rerun
            f["steps"] = [s for s in steps if s["ok"] and s["kind"] != "inspect"]
            f["user_supplied"] = user_said
            # what the user gave was only a secret (redacted): nothing of it carries over to a next time
            f["secret_only"] = user_said and not any(_supplies_detail(L.REDACTED_RE.sub(" ", t)) for t in said)
            how = "; ".join(f["fix_commands"]) or "retried"
            f["resolution"] = _one(f"{how} → {events[j].get('text', '')}", 240)
        out.append(f)
    return out + _reported_failures(events, calls)


# what someone says of a command's output that came out wrong although the command passed:
# "打开全是乱码", "the csv is all garbled", "这个表打开看不了"
_BROKEN_OUTPUT = re.compile(r"乱码|打不开|看不了|显示不全|全是问号|(?:都是|全是|显示成|变成)?方块(?:字)?|\bgarbled\b|\bmojibake\b|\bgibberish\b|weird characters"
                            r"|\bwon'?t open\b|\bdoesn'?t open\b|\bcan'?t open (?:it|the)\b|\bcomes? out (?:all )?(?:broken|garbled)\b", re.I)
_REPORT_REACH = 12  # events between the command, what is said of its output, and the rerun


def _reported_failures(events: list[dict], calls: dict[int, int]) -> list[dict]:
    """Failures told in words: a shell command passed, then the user, a message the agent read
    from someone, or the agent looking at the result says its output came out wrong, and the same command run again with a flag
    added passed ("王姐说运单那个csv打开全是乱码" → the export with ``--encoding utf-8-sig``)."""
    out = []
    claimed: set[int] = set()  # one failure per rerun: the agent's diagnosis after a complaint is not a second one
    for i, ev in enumerate(events):
        said = (A.is_user_authored(ev) or ev.get("role") == "assistant" and ev.get("kind", "message") == "message"
                or ev.get("role") == "tool" and A.is_pass(ev) and not (i in calls and L.shell_command(events[calls[i]])))
        m = _BROKEN_OUTPUT.search(ev.get("text") or "") if said else None
        if not m:
            continue
        for k in range(i + 1, min(len(events), i + _REPORT_REACH)):
            again = events[calls[k]] if k in calls and A.is_pass(events[k]) and k not in claimed else None
            cmd = L.shell_command(again) if again else None
            if not cmd:
                continue
            # the run whose output was meant: the last one before, of the same program and subcommand
            before = next((j for j in range(i - 1, -1, -1) if j in calls and A.is_pass(events[j])
                           and L.related_commands(L.shell_command(events[calls[j]]) or "", cmd)), None)
            if before is None:
                continue  # a look at the file ("file exports/x.csv"), not the command again
            first = events[calls[before]]
            rerun = _rerun(first, again)
            if rerun.get("kind") != "added":
                break  # run again the same way, or changed otherwise: no lesson of a flag
            diags = [e for e in events[i + 1:k] if e.get("role") == "assistant" and e.get("kind", "message") == "message"]
            diag = L.pick_diagnosis(diags)
            fix = L.display_command(again)
            text = ev.get("text") or ""
            # what was said of the output, without who said it when ("刘主管 08:12：")
            head = re.split(r"[，,。.!！?？~～：:]|(?<=[\u4e00-\u9fff])\s", text[:m.start()])[-1]
            tail = re.split(r"[，,。.!！?？~～]|(?<=[\u4e00-\u9fff])\s", text[m.start():], maxsplit=1)[0]
            said_clause = re.sub(r"^[\u4e00-\u9fff]{1,4}说|^\w+ (?:says|said)\s+", "", (head + tail).strip())
            out.append({
                "event": ev["id"], "tool": first.get("tool"), "call": first["id"], "error": _error_line(said_clause),
                "diagnosis": _one(diag.get("text", ""), 400) if diag else "", "diagnosis_event": diag["id"] if diag else None,
                "fix": [again["id"]], "fix_commands": [fix] if fix else [], "resolved_by": events[k]["id"],
                "resolution": _one(f"{fix} → {events[k].get('text', '')}", 240), "fix_kind": "option", "rerun": rerun,
                "steps": [], "user_supplied": False, "secret_only": False, "reported": True,
            })
            claimed.add(k)
            break
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
