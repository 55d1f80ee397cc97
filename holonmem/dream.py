"""Planning a dream (pure): pending signals + memories in, a :class:`Plan` out.

Phases (named in the journal):

- **Light** — take the pending signals, normalise them, fold exact duplicates
  into their first occurrence, reject untrusted ones.
- **REM** — group signals that say the same thing (see :mod:`holonmem.grouping`)
  within scope, project, kind and polarity, across sessions and languages.
- **Deep** — score each group and promote it through one of four channels
  only: ``repeated_across_sessions`` (>= 2 distinct sessions),
  ``tool_failure_evidence`` (a lesson backed by a failed tool result and the
  passing fix), ``explicit_user_instruction`` (the user said it, trusted) and
  ``changes_active_rule`` (a weak change the user asked for that replaces an
  older active rule it contradicts).
  A group that matches an active memory strengthens it instead of creating a
  twin. A group that contradicts an active memory on the same subject wins
  if it is newer (the old memory becomes ``superseded``, links both ways).
  Everything else stays pending with its age and expires after
  ``pending_expiry_days``.

Nothing here touches the disk; :mod:`holonmem.dream_apply` writes the plan.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from . import grouping, slots, utterance
from .gcpause import paused_gc
from .memory import Memory, clean_statement, make_slug, new_memory
from .signal_model import AGENT_TRUST, EXPLICIT_ACTS

CHANNELS = ("repeated_across_sessions", "tool_failure_evidence", "explicit_user_instruction")
HAND_CHANNEL = "by_hand"  # set only by holonmem.curate (remember / promote): a person's decision
AGENT_WAITS = "agent-proposed: waits for a person (`holonmem promote` / `holonmem reject`); dream never promotes it"
TITLE_CHARS = 72


@dataclass
class Decision:
    """One thing the dream decided, with its signals and reason (for the journal)."""

    action: str  # create | strengthen | supersede | skip | reject | expire | duplicate
    reason: str
    signals: list[str] = field(default_factory=list)
    statement: str = ""
    memory: str | None = None  # memory path it concerns
    evidence: list[str] = field(default_factory=list)
    channels: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    age_days: float | None = None

    def to_json(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v not in (None, [], "")}


@dataclass
class MemoryWrite:
    memory: Memory  # the new content
    expected: str | None  # checksum read (None = new file)
    action: str  # create | strengthen | supersede
    signals: list[str] = field(default_factory=list)  # signals whose status depends on this write


@dataclass
class Plan:
    run_id: str
    now: str
    seen: int = 0
    duplicates: int = 0
    groups: int = 0
    writes: list[MemoryWrite] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    statuses: list[tuple[str, str, str, str | None]] = field(default_factory=list)  # (signal, status, reason, memory)
    memories: list[Memory] = field(default_factory=list)  # all memories after the plan (for MEMORY.md)
    scope: str = ""  # what the run considered, when not every pending signal

    def counts(self) -> dict[str, int]:
        c = {"signals_seen": self.seen, "duplicates": self.duplicates, "groups": self.groups,
             "promoted": 0, "strengthened": 0, "superseded": 0, "revoked": 0, "rejected": 0, "expired": 0, "pending": 0}
        for d in self.decisions:
            if d.action == "create":
                c["promoted"] += 1
            elif d.action == "strengthen":
                c["strengthened"] += 1
            elif d.action == "supersede":
                c["superseded"] += 1
            elif d.action == "revoke":
                c["revoked"] += 1
            elif d.action == "reject":
                c["rejected"] += len(d.signals)
            elif d.action == "expire":
                c["expired"] += len(d.signals)
            elif d.action == "skip":
                c["pending"] += len(d.signals)
        return c

    def skipped_by_reason(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for d in self.decisions:
            if d.action in ("skip", "reject", "expire"):
                key = d.reason.split(":")[0]
                out[key] = out.get(key, 0) + len(d.signals)
        return out

    def to_json(self) -> dict:
        return {
            "run": self.run_id, "now": self.now, "counts": self.counts(),
            "skipped_by_reason": self.skipped_by_reason(),
            "writes": [{"path": w.memory.path, "action": w.action, "status": w.memory.status} for w in self.writes],
            "decisions": [d.to_json() for d in self.decisions],
        }


# -- time helpers ---------------------------------------------------------------

def parse_ts(value) -> dt.datetime | None:
    if not value:
        return None
    try:
        t = dt.datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        try:
            t = dt.datetime.fromisoformat(str(value)[:10])
        except ValueError:
            return None
    return t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)


def _ts_key(value) -> float:
    if isinstance(value, str):
        return _ts_key_str(value)
    t = parse_ts(value)
    return t.timestamp() if t else 0.0


@lru_cache(maxsize=1 << 17)
def _ts_key_str(value: str) -> float:
    """A dream orders each signal's ts several times (its group's newest, the act, the wording)."""
    t = parse_ts(value)
    return t.timestamp() if t else 0.0


# -- signals ----------------------------------------------------------------------

def _uniq(seq) -> list:
    return list(dict.fromkeys(seq))  # first occurrences, in order


def norm_signal(s: dict) -> dict:
    """A signal with every field the planner reads, defaults filled in."""
    n = dict(s)
    get = s.get
    raw = str(get("statement") or "")
    statement = " ".join(raw.split())
    n["statement"] = statement = raw if statement == raw else statement  # the line's own str when clean
    n["subject"] = str(get("subject") or "")
    project = get("project")
    n["scope"] = scope = get("scope") or ("project" if project else "user")
    n["kind"] = kind = get("kind") or "fact"
    n["project"] = (project or None) if scope == "project" else None
    # a lesson's "not"/"isn't" describes the failure, not a prohibition: its declared polarity stands
    n["polarity"] = (get("polarity") or "+") if kind == "lesson" else grouping.polarity_of(statement, get("polarity"))
    n["evidence"] = [str(e) for e in (get("evidence") or [])]
    n["channels"] = list(get("channels") or [])
    n["keywords"] = list(get("keywords") or [])
    try:
        n["confidence"] = float(get("confidence", 0.5))
    except (TypeError, ValueError):
        n["confidence"] = 0.5
    return n


def promotion_channels(members: list[dict]) -> list[str]:
    """The channels through which a group of (trusted) signals may be promoted."""
    out = []
    if any(HAND_CHANNEL in m["channels"] for m in members):
        out.append(HAND_CHANNEL)  # a person decided (holonmem remember / promote)
    if len({m.get("session") for m in members if m.get("session")}) >= 2:
        out.append("repeated_across_sessions")
    if any(m["kind"] == "lesson" and "tool_failure_evidence" in m["channels"] for m in members):
        out.append("tool_failure_evidence")
    if any(m.get("source_role") == "user" and m.get("trust") == "user-stated"
           and ("explicit_instruction" in m["channels"] or "explicit_user_instruction" in m["channels"])
           and (m.get("act") in EXPLICIT_ACTS if m.get("act") else (m["kind"] != "preference" or STANDING.search(m["statement"])))
           for m in members):
        out.append("explicit_user_instruction")
    return out


# a weak preference that changes an older active rule it names ("let's do them on day 5 instead")
CHANGE_CHANNEL = "changes_active_rule"
# "revoke" archives what it names instead of creating a memory (EXPLICIT_ACTS: signal_model)
CHANGE_ACTS = frozenset({"replace", "correct"})
WEAK_ACTS = frozenset({"prefer", "state"})
JOINABLE_ACTS = WEAK_ACTS | {"instruct", "convention"}  # a change of mind, correction or revocation stands on its own


def act_of(group_members: list[dict]) -> str:
    """The act a group stands for: a revocation or change of mind when its newest member is one."""
    newest = max(group_members, key=lambda m: _ts_key(m.get("ts")))
    return str(newest.get("act") or "")


def _changes_number(a: dict, b: dict) -> bool:
    """One of two signals asks for a change to a number the other does not name: not one request."""
    return any(utterance.asks_change(y["statement"]) and grouping.new_numbers(x["statement"], y["statement"])
               for x, y in ((a, b), (b, a)))


def _value_on_one_side(a: dict, b: dict) -> bool:
    """A project's rule that sets a time, day, amount or duration and a rule about the person that
    names none: joined on rare words the value would be lost ("提醒都在前一天晚上6点发，用我这个微信号发"
    is not "病人消息都用企业微信发，不用我个人微信了")."""
    if a["scope"] == b["scope"]:
        return False  # said twice in one scope, a value added or left out is the same request
    return bool(slots.values(a["statement"])) != bool(slots.values(b["statement"]))


def _explicit_alone(s: dict) -> bool:
    """A signal that is promoted as the user's explicit instruction without any other."""
    return "explicit_user_instruction" in promotion_channels([s])


def _person_block(s: dict) -> bool:
    """User-stated signals group across projects (a rule said in two projects is the person's)."""
    return s.get("source_role") == "user" and s["kind"] != "lesson"


@lru_cache(maxsize=65536)
def _label_free(statement: str, project: str | None) -> str:
    """A statement without its "project: " or "User instruction: " label, for comparing and
    for a user-scope rewording."""
    s = statement.strip()
    if project and s.lower().startswith(project.lower() + ":"):
        s = s[len(project) + 1:].strip()
    return grouping.strip_user_label(s)


# A preference counts as an explicit standing instruction only when it says so;
# "最好选靠窗的座位" said once is a weak preference and waits for more support.
STANDING = re.compile(
    r"from now on|going forward|always|never|every time|whenever|remember|in future|from today|"
    r"以后|今后|从现在起|从今以后|记住|记得|永远|总是|每次|一律|务必|一定要|都要|都用", re.I)


def _title(statement: str) -> str:
    s = clean_statement(statement)
    s = re.split(r"(?<=[.。!！?？])\s+(?=[A-Z`])|(?<=[。！？])\s*(?=\S)|\s+Fix:", s)[0]
    s = s.rstrip(".。!！") or statement.strip()
    if len(s) <= TITLE_CHARS:
        return s
    cut = s[:TITLE_CHARS]
    sp = cut.rfind(" ")
    return (cut[:sp] if sp > TITLE_CHARS // 2 else cut).rstrip(" ,;:，；：") + "…"


def title_for(statement: str) -> str:
    """The title a new memory saying ``statement`` gets (the review page's edit-then-approve)."""
    return _title(statement)


def _why(members: list[dict], channels: list[str]) -> str:
    sessions = _uniq(m.get("session") for m in members if m.get("session"))
    ev = _uniq(e for m in members for e in m["evidence"])
    parts = []
    if HAND_CHANNEL in channels:
        parts.append("A person put it here by hand (`holonmem remember` or `holonmem promote`).")
    if "explicit_user_instruction" in channels:
        m = next(m for m in members if m.get("source_role") == "user")
        parts.append(f"The user said it as a standing instruction (session {m.get('session') or '?'}, {', '.join(m['evidence'][:3]) or 'no event id'}).")
    if "tool_failure_evidence" in channels:
        parts.append(f"A tool call failed and the fix passed ({', '.join(ev[:6])}).")
    if "repeated_across_sessions" in channels:
        parts.append(f"Seen in {len(sessions)} sessions: {', '.join(sessions[:6])}.")
    if not parts:
        parts.append(f"Evidence: {', '.join(ev[:6])}.")
    return " ".join(parts)


def _how(rep: dict) -> str:
    where = f"in project {rep['project']}" if rep["project"] else "everywhere"
    return {
        "rule": f"Follow this {where} unless the user says otherwise.",
        "preference": f"Choose this way by default {where}; ask when it clashes with a rule.",
        "fact": f"Take this as known {where}; check it again if it looks outdated.",
        "decision": f"Treat this as decided {where}; revisit only if the user reopens it.",
        "identity": "Keep to this in every session.",
        "method": f"Use this method {where}.",
        "lesson": f"Apply this {where} when the situation below comes up.",
    }.get(rep["kind"], f"Keep this in mind {where}.")


def _lesson_parts(statement: str) -> dict:
    """Pieces of a consolidate lesson: '<p> lesson: `tool` failed (err). Cause and fix: … What worked: … — then …'."""
    out = {}
    m = re.search(r"`([^`]+)` failed \((.+?)\)\.(?:\s|$)", statement)
    if m:
        out["applies_when"] = f"`{m.group(1)}` fails with: {m.group(2)}"
        out["failing"] = f"`{m.group(1)}` still fails with the same error after the fix"
    m = re.search(r"What worked:\s*(.+?)\s*—\s*then (.+?)\.?$", statement)
    if m:
        out["method"] = m.group(1)
        out["check"] = m.group(2)
    return out


def _method_card(rep: dict, members: list[dict]) -> str:
    parts = _lesson_parts(rep["statement"])
    applies = rep.get("applies_when") or parts.get("applies_when") or (rep["subject"] or rep["statement"])
    check = rep.get("check") or parts.get("check") or "the step that failed before now passes"
    failing = rep.get("failing") or parts.get("failing") or "the same error comes back after applying the method"
    rep = {**rep, "method": rep.get("method") or parts.get("method")}
    return (
        "## Method card\n\n"
        f"- **Applies when:** {applies}\n"
        f"- **Method:** {rep.get('method') or rep['statement']}\n"
        f"- **How to check it worked:** {check}\n"
        f"- **Signs it is failing:** {failing}\n"
    )


def render_body(title: str, rep: dict, members: list[dict], channels: list[str]) -> str:
    body = f"# {title}\n\n{rep['statement']}\n\n**Why:** {_why(members, channels)}\n\n**How to apply:** {_how(rep)}\n"
    if rep["kind"] == "lesson":
        body += "\n" + _method_card(rep, members)
    return body


# -- planning -----------------------------------------------------------------------

@dataclass
class _Group:
    members: list[dict]
    ids: list[str]  # every signal id, duplicates included
    channels: list[str]
    latest: str  # ts of the newest member

    @cached_property
    def act(self) -> str:
        return act_of(self.members)

    @cached_property
    def rep(self) -> dict:
        # an explicit instruction's wording over a weak one's (unless it only points back, "remember
        # the lactose thing"); then the newest, most confident
        size = {id(m): _word_chars(m["statement"], m["project"]) for m in self.members}
        longest = max(size.values())

        def key(m):
            full = size[id(m)] >= 0.75 * longest  # not a shorter restatement ("记得每天午睡那一小时")
            # a lesson worded from a failure whose fix shows the method over one that only repeats it
            shown = m["kind"] != "lesson" or "tool_failure_evidence" in (m.get("channels") or [])
            # the request itself over a complaint that it happened again ("嗯对，又“亲”上了")
            plain = not grouping.complains_again(m["statement"])
            # … and over one that leans on what was said before ("跟你说过了 这边也一样 说斤…")
            alone = not utterance.leans_back(m["statement"])
            return (shown, plain, alone, full, m.get("act") in EXPLICIT_ACTS, _ts_key(m.get("ts")), m["confidence"])
        return max(self.members, key=key)


@lru_cache(maxsize=65536)
def _word_chars(statement: str, project: str | None) -> int:
    return len(re.sub(r"\W", "", _label_free(statement, project)))


def _scoped(members: list[dict]) -> list[dict]:
    """Members of a person-block group with one scope: ``user`` when any member is about the
    person or they come from two projects, else their project (all members agree)."""
    if not all(_person_block(m) for m in members):
        return members
    projects = {m["project"] for m in members if m["scope"] == "project"}
    if any(m["scope"] == "user" for m in members) or len(projects) > 1:
        out = []
        for m in members:
            if m["scope"] != "user":
                m = {**m, "scope": "user", "statement": _label_free(m["statement"], m["project"]), "project": None}
            out.append(m)
        if len(projects) > 1:  # said in several projects: what the wordings agree on, not one project's particulars
            agreed = grouping.agreed_wordings([m["statement"] for m in out])
            out = [{**m, "statement": agreed[m["statement"]]} for m in out]
        return out
    return members


def _text(s: dict) -> str:
    return f"{s['statement']} {s['subject']}"


def _mem_text(m: Memory) -> str:
    return f"{m.statement or m.title}"


def _mem_ts(m: Memory) -> float:
    return _ts_key(m.valid_from or m.created or m.updated)


def plan_dream(pending: list[dict], memories: list[Memory], *, now: dt.datetime, run_id: str,
               expiry_days: float = 30) -> Plan:
    """Decide what this dream does. ``pending`` are signal lines (file order)."""
    with paused_gc():  # a plan over 100,000 signals builds ~10^6 containers and no cycles
        return _plan(pending, memories, now=now, run_id=run_id, expiry_days=expiry_days)


def _plan(pending: list[dict], memories: list[Memory], *, now: dt.datetime, run_id: str,
          expiry_days: float) -> Plan:
    now_iso = now.isoformat(timespec="seconds")
    plan = Plan(run_id=run_id, now=now_iso, seen=len(pending))

    # -- Light: normalise, fold duplicates, reject untrusted
    uniq: list[dict] = []
    held: list[dict] = []  # proposed by the agent (memory_remember over MCP): a person decides
    dup_of: dict[str, list[str]] = {}
    first: dict[tuple, dict] = {}
    texts: dict[str, str] = {}  # grouping.normalize of each distinct statement and subject, once

    def normalized(text: str) -> str:
        out = texts.get(text)
        if out is None:
            out = texts[text] = grouping.normalize(text)
        return out

    for raw in pending:
        s = norm_signal(raw)
        if not s["statement"]:
            plan.decisions.append(Decision("reject", "empty: no statement", [s["id"]]))
            plan.statuses.append((s["id"], "rejected", "empty statement", None))
            continue
        if s.get("trust") == AGENT_TRUST and HAND_CHANNEL not in s["channels"]:
            held.append(s)
            continue
        if s.get("trust") == "untrusted":  # each one rejected (and journaled) on its own, never folded
            plan.decisions.append(Decision("reject", "untrusted: came from tool output or a quoted source, never promoted",
                                           [s["id"]], s["statement"], evidence=s["evidence"]))
            plan.statuses.append((s["id"], "rejected", "untrusted source", None))
            continue
        key = (s["scope"], s["project"], s["kind"], s["polarity"], normalized(s["statement"]), s.get("session"))
        if key in first:
            orig = first[key]
            dup_of.setdefault(orig["id"], []).append(s["id"])
            orig["evidence"] = _uniq(orig["evidence"] + s["evidence"])
            plan.duplicates += 1
            continue
        first[key] = s
        uniq.append(s)

    # -- REM: group
    idx_groups = grouping.group_indices(
        uniq, lambda s: f"{_label_free(s['statement'], s['project'])} {s['subject']}",
        lambda s: ("person", s["polarity"], s.get("act") == "revoke") if _person_block(s) else (s["scope"], s["project"], s["kind"], s["polarity"]),
        separate=lambda a, b: a["kind"] != "lesson" and (
            grouping.conflicts(a["statement"], a["polarity"], b["statement"], b["polarity"]) or _changes_number(a, b)),
        subject_of=lambda s: normalized(s["subject"]),
    )
    # the same request in other words, across sessions: joined on what it is about
    idx_groups = grouping.merge_on_rare(
        idx_groups, uniq, lambda s: utterance.without_markers(_label_free(s["statement"], s["project"])),
        lambda s: _person_block(s) and s.get("act") in JOINABLE_ACTS,
        lambda s: ("person",),
        separate=lambda a, b: a["polarity"] != b["polarity"] or grouping.conflicts(a["statement"], a["polarity"], b["statement"], b["polarity"])
        or _changes_number(a, b) or _value_on_one_side(a, b)
        # two wordings in one session are two requests ("put the logo on everything we post" / "posts go
        # up tues + thurs"): joining on rare words is for the same request said again another day
        or bool(a.get("session")) and a.get("session") == b.get("session"),
        # two explicit instructions stand on their own: the shared words must be a fair share of all
        # they say, or one would vanish into the other ("保养一律去顺达汽修…" / "加油一律刷公司的油卡…")
        whole=lambda a, b: _explicit_alone(a) and _explicit_alone(b),
    )
    groups: list[_Group] = []
    for gi in idx_groups:
        members = _scoped([uniq[i] for i in gi])
        ids = []
        for m in members:
            ids.append(m["id"])
            if m["id"] in dup_of:
                ids.extend(dup_of[m["id"]])
        groups.append(_Group(members, ids, promotion_channels(members), max((m.get("ts") or "" for m in members), key=_ts_key)))
    plan.groups = len(groups)

    # -- Deep: match, promote, supersede, keep pending, expire
    work = {m.path: m for m in memories}
    changed: dict[str, MemoryWrite] = {}
    taken = {m.slug for m in memories}
    feats = {m.path: grouping.features(_mem_text(m)) for m in memories}
    post: dict[tuple, dict[str, set[str]]] = {}

    def index_mem(m: Memory) -> None:
        if not m.is_active:
            return
        block = post.setdefault((m.scope, m.project), {})
        for f in feats[m.path]:
            block.setdefault(f, set()).add(m.path)

    def candidates(scope, project, f, threshold=grouping.THRESHOLD) -> set[str]:
        block = post.get((scope, project), {})
        return {p for p in grouping.candidates(f, block, threshold) if work[p].is_active}

    for m in memories:
        index_mem(m)
    # memories a person archived ("forgot"): the same statement is not re-created from signals
    archived: dict[tuple, dict[str, set[str]]] = {}
    for m in memories:
        if m.status == "archived":
            block = archived.setdefault((m.scope, m.project), {})
            for tok in feats[m.path]:
                block.setdefault(tok, set()).add(m.path)

    def forgotten(rep: dict, f) -> str | None:
        block = archived.get((rep["scope"], rep["project"]))
        if not block:
            return None
        for p in sorted(grouping.candidates(f, block)):
            m = work[p]
            if grouping.same_statement(f, feats[p]) and not grouping.conflicts(
                    rep["statement"], rep["polarity"], m.statement or m.title, grouping.polarity_of(m.statement or m.title)):
                return p
        return None

    def editable(path: str) -> Memory:
        """A copy of the memory we may change (kept once per run)."""
        if path in changed:
            return changed[path].memory
        m = copy.deepcopy(work[path])
        changed[path] = MemoryWrite(m, work[path].checksum, "strengthen")
        work[path] = m
        return m

    promotable = sorted((g for g in groups if g.channels), key=lambda g: _ts_key(g.latest))
    for g in promotable:
        if g.act == "revoke" and HAND_CHANNEL not in g.channels:
            _revoke(g, plan, work, feats, editable, candidates, now_iso, run_id)
            continue
        gone = None if HAND_CHANNEL in g.channels else forgotten(g.rep, grouping.features(_text(g.rep)))
        if gone:
            plan.decisions.append(Decision(
                "reject", f"forgotten: says what archived memory {gone} said; not re-created (`holonmem restore` brings it back)",
                g.ids, g.rep["statement"], gone, _uniq(e for s in g.members for e in s["evidence"]), g.channels))
            plan.statuses.extend((sid, "rejected", f"matches archived {gone}", None) for sid in g.ids)
            continue
        _deep_one(g, plan, work, feats, changed, taken, candidates, index_mem, editable, now_iso, run_id)
    # a change said in passing ("let's do them on day 5 instead") is a change of mind when it is
    # about an active rule, older than it, that it contradicts: it replaces that rule
    changes = set()
    for g in sorted((g for g in groups if not g.channels), key=lambda g: _ts_key(g.latest)):
        newest = max(g.members, key=lambda m: _ts_key(m.get("ts")))
        if (newest.get("act") != "prefer" or newest.get("source_role") != "user" or newest.get("trust") != "user-stated"
                or not utterance.asks_change(_label_free(newest["statement"], newest["project"]))):
            continue
        older = [p for p in _targets(newest, work, feats, candidates) if _mem_ts(work[p]) <= _ts_key(g.latest)]
        if not older:
            continue
        members = [dict(m, act="replace") if m is newest else m for m in g.members]
        _deep_one(_Group(members, g.ids, [CHANGE_CHANNEL], g.latest), plan, work, feats, changed, taken, candidates,
                  index_mem, editable, now_iso, run_id)
        changes.add(id(g))
    for g in groups:
        if g.channels or id(g) in changes:
            continue
        rep = g.rep
        f = grouping.features(_text(rep))
        hit = _best_match(rep, f, candidates(rep["scope"], rep["project"], f), work, feats)
        if hit:
            _strengthen(g, editable(hit), plan, now_iso, run_id, changed, hit,
                        "supports an active memory: strengthens it instead of creating a twin")

    handled = {sid for d in plan.decisions for sid in d.signals}
    for g in groups:
        if g.channels or any(sid in handled for sid in g.ids):
            continue
        rep = g.rep
        ages = [_age_days(m, now) for m in g.members]
        age = max(a for a in ages if a is not None) if any(a is not None for a in ages) else None
        sessions = _uniq(m.get("session") for m in g.members if m.get("session"))
        if age is not None and age > expiry_days:
            plan.decisions.append(Decision("expire", f"expired: pending for {age:.0f} days (limit {expiry_days:g})", g.ids,
                                           rep["statement"], evidence=_uniq(e for m in g.members for e in m["evidence"]),
                                           sessions=sessions, age_days=round(age, 1)))
            plan.statuses.extend((sid, "expired", f"pending over {expiry_days:g} days", None) for sid in g.ids)
            continue
        plan.decisions.append(Decision("skip", _skip_reason(g), g.ids, rep["statement"],
                                       evidence=_uniq(e for m in g.members for e in m["evidence"]),
                                       sessions=sessions, age_days=None if age is None else round(age, 1)))

    for s in held:  # never promoted, grouped or counted as support here; expire like any pending signal
        age = _age_days(s, now)
        if age is not None and age > expiry_days:
            plan.decisions.append(Decision("expire", f"expired: pending for {age:.0f} days (limit {expiry_days:g})",
                                           [s["id"]], s["statement"], age_days=round(age, 1)))
            plan.statuses.append((s["id"], "expired", f"pending over {expiry_days:g} days", None))
        else:
            plan.decisions.append(Decision("skip", AGENT_WAITS, [s["id"]], s["statement"],
                                           age_days=None if age is None else round(age, 1)))

    plan.writes = list(changed.values())
    plan.memories = list(work.values())
    return plan


def _age_days(s: dict, now: dt.datetime) -> float | None:
    t = parse_ts(s.get("created") or s.get("ts"))
    return None if t is None else max(0.0, (now - t).total_seconds() / 86400)


def _skip_reason(g: _Group) -> str:
    rep = g.rep
    if rep["kind"] == "lesson":
        return "single-session lesson: no failed-then-passed tool evidence and seen in one session"
    if rep["kind"] == "preference":
        return "single-session preference: said once, not as a standing instruction"
    if rep.get("source_role") == "user":
        return "one-off: said once in one session, not a standing instruction"
    return "one-off: seen in one session only, no promotion channel"


def _best_match(rep: dict, f, cands: set[str], work: dict, feats: dict) -> str | None:
    best, best_sim = None, grouping.THRESHOLD
    for p in sorted(cands):
        sim = grouping.same_statement(f, feats[p])
        if sim < best_sim or (sim == best_sim and best is not None):
            continue
        m = work[p]
        if grouping.conflicts(rep["statement"], rep["polarity"], m.statement or m.title,
                              grouping.polarity_of(m.statement or m.title)):
            continue
        best, best_sim = p, sim
    return best


def _strengthen(g: _Group, m: Memory, plan: Plan, now_iso: str, run_id: str, changed: dict, path: str, reason: str) -> None:
    ev = _uniq(e for s in g.members for e in s["evidence"])
    sessions = _uniq(s.get("session") for s in g.members if s.get("session"))
    have_ev, have_sessions = set(m.evidence), set(m.sessions)
    new_ev = [e for e in ev if e not in have_ev]
    new_sessions = [s for s in sessions if s not in have_sessions]
    m.evidence = m.evidence + new_ev
    m.sessions = m.sessions + new_sessions
    m.channels = _uniq(m.channels + g.channels)
    if new_ev or new_sessions:
        m.confidence = min(0.99, round(max(m.confidence, max(s["confidence"] for s in g.members)) + 0.05, 2))
        m.updated = now_iso
        m.run = run_id
    changed[path].signals.extend(g.ids)
    plan.decisions.append(Decision("strengthen", reason, g.ids, g.rep["statement"], path, ev, g.channels, sessions))
    plan.statuses.extend((sid, "promoted", f"strengthened {path}", path) for sid in g.ids)


_FAILS_WITH = re.compile(r"`([^`]+)`\s*(?:fails with:?|报错[:：])\s*(.+?)(?:[.,]\s|[。，]|\.?$|\n)")


@lru_cache(maxsize=4096)
def lesson_key(text: str) -> str:
    """The normalised error signature a lesson applies to ("`pandoc` fails with …"), or ""."""
    # the fullest statement of the failure: a title says "fails with ReadTimeout, add…" where the
    # "Applies when" sentence keeps "ReadTimeout ((read timeout=30))"
    m = max(_FAILS_WITH.finditer(text or ""), key=lambda x: len(x.group(2)), default=None)
    if not m:
        return ""
    from .lessons import error_signature

    return error_signature(m.group(2), m.group(1))


def _same_lesson(rep: dict, work: dict) -> str | None:
    """An active lesson memory about the same failure (same error signature, same scope and project):
    a recurring failure strengthens the lesson instead of making a twin, whatever the cause's wording."""
    key = lesson_key(rep["statement"])
    if not key:
        return None
    for p in sorted(work):
        m = work[p]
        if (m.is_active and m.kind == "lesson" and (m.scope, m.project) == (rep["scope"], rep["project"])
                and lesson_key(m.statement or m.body) == key):
            return p
    return None


def _same_keywords(g, work: dict) -> str | None:
    """An active memory promoted from the same words, though a person has reworded it since: its
    frontmatter keywords (what its signals named) match the group's, and they do not disagree. A
    repeated instruction strengthens the edited memory instead of making a twin."""
    rep = g.rep
    kws = {k.lower() for m in g.members for k in m["keywords"]}
    if len(kws) < 2:
        return None
    best, best_sim = None, 0.6
    for p in sorted(work):
        m = work[p]
        if not m.is_active or (m.scope, m.project) != (rep["scope"], rep["project"]) or m.kind != rep["kind"]:
            continue
        mk = {str(k).lower() for k in (m.keywords or [])}
        shared = kws & mk
        sim = 2 * len(shared) / (len(kws) + len(mk)) if mk else 0.0
        if len(shared) >= 2 and sim >= best_sim and not grouping.conflicts(
                rep["statement"], rep["polarity"], m.statement or m.title, grouping.polarity_of(m.statement or m.title)):
            best, best_sim = p, sim
    return best


def _deep_one(g, plan, work, feats, changed, taken, candidates, index_mem, editable, now_iso, run_id) -> None:
    rep = g.rep
    f = grouping.features(_text(rep))
    cands = candidates(rep["scope"], rep["project"], f)
    hit = (_best_match(rep, f, cands, work, feats) or (_same_lesson(rep, work) if rep["kind"] == "lesson" else None)
           or (_same_keywords(g, work) if g.act not in CHANGE_ACTS else None)
           # the person's rule already says it ("不要叫“家人们”" in a third project)
           or (next(iter(_said_in_other_project(rep, work, candidates, scope="user")), None)
               if rep["scope"] == "project" and _person_block(rep) and g.act not in CHANGE_ACTS else None))
    if hit:
        _strengthen(g, editable(hit), plan, now_iso, run_id, changed, hit,
                    f"matches an active memory ({', '.join(g.channels)}): strengthened instead of a twin")
        return
    # contradictions with active memories on the same subject (scope + project)
    core = grouping.core_features(rep["statement"])
    rivals = [p for p in sorted(candidates(rep["scope"], rep["project"], core | f, 0.2))
              if rep["kind"] != "lesson" and work[p].kind != "lesson"
              and len(core & feats[p]) >= min(2, len(core)) and grouping.conflicts(rep["statement"], rep["polarity"], work[p].statement or work[p].title,
                                    grouping.polarity_of(work[p].statement or work[p].title))]
    if g.act in CHANGE_ACTS:  # a change of mind or a correction replaces what it is about
        rivals = _uniq(rivals + _targets(rep, work, feats, candidates))
    twins = _said_in_other_project(rep, work, candidates) if rep["scope"] == "project" and _person_block(rep) else []
    if rep["scope"] == "project" and (twins or any(work[p].project not in (None, rep["project"]) for p in rivals)):
        # it replaces a rule of another project too ("王律师上周离职了"), or the person said it in
        # another project already ("别叫“家人们”" in two shops): the person's rule now
        rep = {**rep, "scope": "user", "project": None, "statement": _label_free(rep["statement"], rep["project"])}
    ev = _uniq(e for s in g.members for e in s["evidence"])
    sessions = _uniq(s.get("session") for s in g.members if s.get("session"))
    title = _title(rep["statement"])
    slug = make_slug(title, rep["project"], taken=taken)
    taken.add(slug)
    conf = max(s["confidence"] for s in g.members) + 0.05 * (len(sessions) - 1) + 0.05 * (len(g.channels) - 1)
    mem = new_memory(
        slug=slug, title=title, kind=rep["kind"], scope=rep["scope"], project=rep["project"],
        statement=rep["statement"], body=render_body(title, rep, g.members, g.channels), created=now_iso,
        valid_from=g.latest or now_iso, evidence=ev, channels=list(g.channels), confidence=round(min(0.99, conf), 2),
        keywords=_uniq(k for s in g.members for k in s["keywords"])[:10], sessions=sessions, run=run_id,
    )
    work[mem.path] = mem
    feats[mem.path] = grouping.features(_mem_text(mem))
    changed[mem.path] = MemoryWrite(mem, None, "create", list(g.ids))
    plan.decisions.append(Decision("create", f"promoted via {', '.join(g.channels)}", g.ids, rep["statement"],
                                   mem.path, ev, g.channels, sessions))
    for p in twins:  # the project's copy gives way to the person's rule (kept as history, linked)
        _supersede(editable(p), mem, now_iso, run_id)
        plan.decisions.append(Decision(
            "supersede", f"said in another project too: {mem.path} is the person's rule, {p} is superseded (kept as history)",
            [], work[p].statement, p, [], [], []))
    for p in rivals:
        if p in twins:
            continue
        old = work[p]
        if _mem_ts(old) <= _ts_key(g.latest):
            loser, winner = editable(p), mem
            if changed[p].action == "strengthen":
                changed[p].action = "supersede"
        else:
            loser, winner = mem, editable(p)
        _supersede(loser, winner, now_iso, run_id)
        plan.decisions.append(Decision(
            "supersede", f"contradiction: {winner.path} is newer on the same subject, {loser.path} is superseded (kept as history)",
            list(g.ids) if loser is mem else [], loser.statement, loser.path, [], [], []))
    if g.act in CHANGE_ACTS:
        for p in _lessons_of_retired(rep, work, g.latest):
            _supersede(editable(p), mem, now_iso, run_id)
            plan.decisions.append(Decision(
                "supersede", f"what {p} is about is gone ({mem.path}): the lesson is superseded (kept as history)",
                [], work[p].statement, p, [], [], []))
    plan.statuses.extend((sid, "promoted", f"via {', '.join(g.channels)}", mem.path) for sid in g.ids)
    index_mem(mem)


def _lessons_of_retired(rep: dict, work: dict, latest: str | None) -> list[str]:
    """Active lessons of the project whose failure names the tool or service a change says is gone
    ("百望云到期了，不续了" outdates the lesson on the 百望云 error of `bwy invoice`) or left for
    another ("Madison's lead times are silly now, we're moving everything to Extra UK")."""
    if not rep["project"]:
        return []
    gone = (grouping.retired_terms(rep["statement"]) | grouping.left_names(_label_free(rep["statement"], rep["project"]))) \
        - grouping.features(rep["project"])
    if not gone:
        return []
    return sorted(p for p, m in work.items() if m.is_active and m.kind == "lesson" and m.project == rep["project"]
                  and gone <= grouping.features(m.body or m.statement) and _mem_ts(m) <= _ts_key(latest))


def _said_in_other_project(rep: dict, work: dict, candidates, *, scope: str = "project") -> list[str]:
    """Active rules or preferences of other projects (or, with ``scope="user"``, the person's)
    that say what ``rep`` says, their labels left out, from what the user said: a request made in
    two projects is the person's."""
    mine = _label_free(rep["statement"], rep["project"])
    own = grouping.features(mine)
    if not own:
        return []
    blocks = [None] if scope == "user" else sorted(
        {m.project for m in work.values() if m.is_active and m.scope == "project" and m.project not in (None, rep["project"])})
    out = []
    for project in blocks:
        for p in sorted(candidates(scope, project, own, 0.2)):
            m = work[p]
            if m.kind != rep["kind"] or m.kind == "lesson" or not {"explicit_user_instruction", "repeated_across_sessions", HAND_CHANNEL} & set(m.channels):
                continue
            text = _label_free(m.statement or m.title, m.project)
            pol = grouping.polarity_of(m.statement or m.title)
            # the same wording, or the same quoted word ruled in or out ("不要叫“家人们”" / "别用“家人们”这种叫法")
            same = (grouping.same_statement(own, grouping.features(text))
                    or pol == rep["polarity"] and grouping.quoted_terms(mine) & grouping.quoted_terms(text))
            if same and not grouping.conflicts(mine, rep["polarity"], text, pol):
                out.append(p)
    return out


def _targets(rep: dict, work: dict, feats: dict, candidates, *, need: int = 2) -> list[str]:
    """Active memories a change of mind, correction or revocation is about: same project (or the
    person), sharing at least ``need`` subject features once labels and project names are removed."""
    drop = grouping.features(rep["project"] or "")
    # what the change names as left behind ("moving off CocoaPods", "instead of npm") is the topic itself
    gone = {t for t in grouping.replaced_terms(rep["statement"]) if len(t) >= 2} - drop
    # what a move takes elsewhere ("we're moving surveys to tally") is the slot a rule naming its
    # old place fills ("survey in google forms like last time")
    moved = grouping.moved_objects(rep["statement"]) - drop
    # … and what a change told as how it is now is about ("付款现在是4-4-2了"): the rule on it with
    # another number is the old value
    slot = grouping.now_subject(rep["statement"]) - drop
    text = _label_free(rep["statement"], rep["project"])
    core = (grouping.core_features(text) - drop) | gone
    if not core:
        return []
    # what the change is about is said first; the clauses after it give the reason ("No need to
    # attach the photos anymore, nobody opens them…"): the fair part is measured on the first
    head = (grouping.core_features(re.split(r"[,;，；。]|\s[—–-]\s", text, maxsplit=1)[0]) - drop) | gone or core
    scopes = [(rep["scope"], rep["project"])] + ([("user", None)] if rep["scope"] != "user" else [])
    # what is gone from the world (a channel archived, a colleague who left) outdates the rules
    # naming it in other projects too, when they are about the same thing
    retired = grouping.retired_terms(rep["statement"]) - drop
    near = len(scopes)
    if retired:
        scopes += sorted({(m.scope, m.project) for m in work.values() if m.is_active} - set(scopes),
                         key=lambda sp: (sp[0], sp[1] or ""))
    out = []
    for n, (scope, project) in enumerate(scopes):
        for p in sorted(candidates(scope, project, core, 0.05)):
            m = work[p]
            mtext = _label_free(m.statement or m.title, m.project)
            mcore = grouping.core_features(mtext) - drop
            shared = core & mcore
            if n >= near:
                if m.kind != "lesson" and retired & mcore and len(shared - retired) >= 2:
                    out.append((len(shared), p))
                continue
            left = gone & grouping.features(mtext)
            if left and m.kind != "lesson":
                if any(t.isascii() for t in left):
                    out.append((len(shared) + 1, p))
                else:
                    # a Chinese word left behind ("日报别发微信了") is short and common: with one more word
                    # in common that is not a piece of it ("发微" is)
                    other = {t for t in shared if not set(t) & set("".join(left))}
                    if other or left & retired:  # … or a name said to be gone ("顺达那边换老板了")
                        out.append((len(other) + 1, p))
                continue
            if moved & mcore and m.kind != "lesson" and grouping.names_tool(mtext, grouping.features(text)):
                out.append((len(shared) + 1, p))
                continue
            if slot & mcore and m.kind != "lesson" and grouping.new_numbers(text, mtext):
                out.append((len(shared) + 1, p))
                continue
            # a change giving a measure the rule sets another value ("playtests move to thursdays
            # 18:00" / "our slot is saturday 14:00" in project playtests), with a word in common
            # besides the values — the rule's project counts when the change names it
            if m.kind != "lesson" and slots.changed(text, mtext) and grouping.value_topic(text, f"{m.project or ''} {mtext}"):
                out.append((len(shared) + 1, p))
                continue
            # the shared part must name the thing itself (a word, a number, a named CJK term),
            # not only a common verb: "提醒改成发短信" is not about "别在七点前给我发提醒"
            named = [t for t in shared if (t.isascii() and (len(t) >= 3 or t.isdigit()))]
            if any(t.isdigit() and len(t) >= 3 and not re.fullmatch(r"(?:19|20)\d\d", t) for t in shared) and m.kind != "lesson" and len(shared) >= min(need, len(core)) - 1:
                # a number of three digits or more both name is the rule itself ("5000以上那个不用再先问我了")
                out.append((len(shared) + 1, p))
                continue
            # and a fair part of the smaller side (two generic words in common is no topic), or a
            # named Chinese term both spell out ("延伸阅读")
            if (len(shared) >= min(need, len(core)) and m.kind != "lesson"
                    and (named and len(shared) >= 0.3 * min(len(head), len(mcore))
                         or grouping.common_cjk_run(text, mtext) >= 3
                         or len(shared) >= 3 and len(shared) >= 0.3 * min(len(head), len(mcore)))):
                out.append((len(shared), p))
    out.sort(key=lambda t: (-t[0], t[1]))
    return [p for _, p in out[:1]]


def _revoke(g, plan: Plan, work: dict, feats: dict, editable, candidates, now_iso: str, run_id: str) -> None:
    """The user withdrew a rule: archive the active memory it names (journaled); nothing is created."""
    rep = g.rep
    ev = _uniq(e for s in g.members for e in s["evidence"])
    hits = _targets(rep, work, feats, candidates)
    if not hits:
        plan.decisions.append(Decision("skip", "revocation: no active memory matches what it withdraws", g.ids,
                                       rep["statement"], evidence=ev))
        return
    path = hits[0]
    m = editable(path)
    m.status = "archived"
    m.updated = now_iso
    m.run = run_id
    note = f"> Withdrawn by the user ({now_iso[:10]}, {', '.join(ev[:3])}): {rep['statement']}"
    if note not in m.body:
        m.body = m.body.rstrip("\n") + "\n\n" + note + "\n"
    plan.decisions.append(Decision("revoke", f"revocation: the user withdrew {path}; archived (kept as history)",
                                   g.ids, rep["statement"], path, ev, g.channels))
    plan.statuses.extend((sid, "promoted", f"revoked {path}", path) for sid in g.ids)


def _supersede(old: Memory, new: Memory, now_iso: str, run_id: str) -> None:
    old.status = "superseded"
    old.superseded_by = _uniq(old.superseded_by + [new.id])
    old.updated = now_iso
    old.run = run_id
    new.supersedes = _uniq(new.supersedes + [old.id])
    note_old = f"> Superseded by [{new.title}]({new.slug}.md) — newer on the same subject ({now_iso[:10]})."
    note_new = f"> Replaces [{old.title}]({old.slug}.md), which said otherwise."
    if note_old not in old.body:
        old.body = old.body.rstrip("\n") + "\n\n" + note_old + "\n"
    if note_new not in new.body:
        new.body = new.body.rstrip("\n") + "\n\n" + note_new + "\n"
