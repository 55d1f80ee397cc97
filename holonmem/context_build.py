"""Building a context block from a home: read (context_sources), make sections
(context_render), fit and lay out (context). Also the hook entry point."""

from __future__ import annotations

import json
from datetime import date, datetime, timezone

from . import context_sources as src
from .context import DEFAULT_BUDGET, HOOK_EVENTS, HOOK_MAX_CHARS, Context, assemble, envelope_json
from .errors import UsageError
from .formats import CLIENTS
from .home import Home

PROMPT_BUDGET = 800  # per-prompt hook context ([context] prompt_budget)
MIN_SESSION_TURNS = 4  # a session with fewer turns (just started) shows the project's latest events
TASK_MAX_CHARS = 500


def resolve_now(now: str | None) -> date:
    if not now:
        return date.today()
    from .context_render import parse_day

    d = parse_day(now)
    if d is None:
        raise UsageError(f"--now {now!r} is not a date", "use YYYY-MM-DD (or an ISO 8601 time)")
    return d


CONTINUE_HOURS = 12  # [context] continue_hours: the previous session continues within this gap


def continue_hours(cfg: dict) -> float:
    v = cfg.get("continue_hours", CONTINUE_HOURS)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
        raise UsageError(f"holonmem.toml: context.continue_hours = {v!r}: must be a number of hours (0 or more)",
                         "fix context.continue_hours in holonmem.toml (or remove it to use the default, 12)")
    return float(v)


def reference_time(now: str | None) -> float:
    """The time a session's gap is counted to: ``--now`` (a date alone: the start of
    that day, UTC, so a session active that day continues), else the clock."""
    import time as _time

    if not now:
        return _time.time()
    try:
        t = datetime.fromisoformat(now.replace("Z", "+00:00"))
    except ValueError:
        t = datetime.combine(resolve_now(now), datetime.min.time())
    return (t if t.tzinfo else t.replace(tzinfo=timezone.utc)).timestamp()


def _epoch(ts) -> float | None:
    # (datetime at the top: an import statement here cost ~1.8 us a call, for each of the ~400 tail events)
    try:
        t = datetime.fromisoformat(str(ts).replace("Z", "+00:00"))
    except (TypeError, ValueError):
        return None
    return (t if t.tzinfo else t.replace(tzinfo=timezone.utc)).timestamp()


def continuing_session(events: list[dict], session: str | None, ref: float, hours: float) -> str | None:
    """The project's latest session other than ``session`` when its last event is at
    most ``hours`` before ``ref`` (or after it), else None: a new session starts clean."""
    last_ts: dict[str, float | None] = {}
    order: list[str] = []
    for e in events:
        s = e.get("session") or ""  # events without a session count as one
        if s == (session or None):
            continue
        t = _epoch(e.get("ts"))
        if s not in last_ts or (t is not None and (last_ts[s] is None or t >= last_ts[s])):
            last_ts[s] = t if t is not None else last_ts.get(s)
        if s in order:
            order.remove(s)
        order.append(s)
    if not order:
        return None
    latest = max(order, key=lambda s: (last_ts[s] if last_ts[s] is not None else float("-inf"), order.index(s)))
    t = last_ts[latest]
    return latest if t is None or ref - t <= hours * 3600 else None  # "": the sessionless events


def episode_hits(home: Home, task: str, project: str, today: date) -> tuple[list[str] | None, str | None]:
    """Refs of the project's past episodes that match the task: from the episode
    catalog (SQLite, a few ms), else from the search index (whoosh, ~60 ms)."""
    from datetime import time

    from .episode_catalog import search_episodes

    now = datetime.combine(today, time(12), timezone.utc).timestamp()  # recency as of --now: deterministic
    hits, _why = search_episodes(home, task, project, now=now)
    if hits is not None:
        return hits, None
    return src.search_episodes(home, task, project)


def build(home: Home, *, task: str | None = None, project: str | None = None, session: str | None = None,
          budget: int | None = None, now: str | None = None, catalog: bool = True) -> Context:
    """The context block. ``catalog=False`` reads every memory file and note
    instead of the memory catalog, and parses every episode day file it shows
    instead of taking the last turns' parse (:mod:`context_days`): the same
    block, the reference of both."""
    from . import context_render as cr
    from .config import load_config
    from .work import project_work

    cfg = load_config(home).get("context", {})
    if budget is None:
        budget = int(cfg.get("budget", DEFAULT_BUDGET))
    if budget <= 0:
        raise UsageError(f"--budget must be a positive number of tokens, got {budget}", "try --budget 2000")
    today = resolve_now(now)
    task = " ".join((task or "").split())[:TASK_MAX_CHARS] or None
    project = project or src.latest_project(home, session) or (src.latest_project(home) if session else None) or "default"
    warnings: list[str] = []
    task_terms = cr.terms(task or "")

    # People-written files.
    guidance = cr.text_section("guidance", "Guidance (AGENTS.md)", src.read_people_file(home, "AGENTS.md"),
                               char_cap=None, more="read the rest in AGENTS.md", empty=None)
    op_cap = int(cfg.get("operator_chars", 1500))
    operator = cr.text_section("operator", "Operator memory", src.read_people_file(home, "memory/operator.md"),
                               char_cap=op_cap, more="read the rest: `holonmem get memory:memory/operator.md`",
                               empty="Nothing curated yet (memory/operator.md is empty).")
    self_sec = cr.text_section("self", "Self memory", src.read_people_file(home, "memory/self.md"),
                               char_cap=int(cfg.get("self_chars", 1500)),
                               more="read the rest: `holonmem get memory:memory/self.md`",
                               empty="Nothing curated yet (memory/self.md is empty).")

    # The ledger tail: current work, work refs, recent turns.
    tail = src.read_tail(home, project, cache=catalog, warnings=warnings)
    state = project_work(tail.events, project=project, session=session, only_current=True) if session else None
    if state is None:
        state = project_work(tail.events, project=project)
    sess_events = [e for e in tail.events if e.get("session") == session] if session else []
    if session and not sess_events and not tail.complete:  # an older session: look for it by itself
        sess_events = src.read_tail(home, project, session=session, max_events=cr.RECENT_MAX, other_projects=False).events
    turns = [e for e in sess_events if e.get("kind", "message") in ("message", "tool_call", "tool_result")]
    if len(turns) >= MIN_SESSION_TURNS or (sess_events and sess_events[-1] not in tail.events):
        recent_events, label = sess_events, f"Session {session}"
    else:
        # A session that continues gets its turns; a new one gets none (durable memory and
        # relevant episodes instead): the project's previous session continues only when its
        # last event is within [context] continue_hours of now.
        prev = continuing_session(tail.events, session, reference_time(now), continue_hours(cfg))
        keep = {s for s in (prev, session) if s is not None}
        recent_events = [e for e in tail.events if (e.get("session") or "") in keep]
        names = [s for s in (prev, session) if s and any(e.get("session") == s for e in recent_events)]
        label = ("Session " + names[0] if len(names) == 1 else f"Sessions {names[0]} (earlier) and {names[1]}") if names \
            else f"Latest events of project {project}"
    recent_events = cr.drop_chitchat(cr.in_time_order(recent_events))
    recent = cr.recent_section(recent_events, label)
    shown_events = recent_events[-cr.RECENT_MAX:]

    # Long-term memory and notes.
    stale_days = int(cfg.get("stale_days", 90))
    mems, notes = src.memories_and_notes(home, project, warnings, catalog=catalog)
    memories = cr.memories_section(mems, project, task_terms, today, stale_days)
    notes_sec = cr.notes_section(notes, project, task_terms, sorted(tail.projects))

    # Episodes: open work and relevant past episodes.
    days = None
    if catalog:
        from .context_days import DayCache

        days = DayCache(home, warnings)
    latest = src.latest_episodes(home, project, days=days)
    hits = None
    episodes = latest
    if task and latest:
        hits, why = episode_hits(home, task, project, today)
        if hits is None:
            warnings.append(f"{why}; showing the latest episodes instead")
        else:
            known = {ep.ref for ep in latest}
            episodes = latest + src.episodes_by_refs(home, [r for r in hits if r not in known], days)
    # An episode overlapping the recent turns shown would repeat them; an open
    # session's episodes are not written yet, so the event ids are enough.
    exclude_events = {e.get("id") for e in shown_events}
    eps = cr.episodes_section(episodes, hits=hits, exclude_sessions=set(), exclude_events=exclude_events)
    open_work = cr.open_work_section(latest)

    sections = [guidance, operator, self_sec, cr.work_section(state), memories, notes_sec, cr.refs_section(state),
                open_work, eps, recent]
    ctx = Context(project=project, session=session, task=task, now=today.isoformat(), budget=budget,
                  sections=sections, order=cr.ORDER, warnings=warnings)
    return assemble(ctx)


def for_hook(home: Home, *, client: str, payload: dict) -> str | None:
    """additionalContext text for a SessionStart / UserPromptSubmit payload, or None: task
    from the prompt (``<private>`` spans removed), project from the ``cwd``, session from
    ``session_id``; the envelope stays under ``context.HOOK_MAX_CHARS``."""
    if not isinstance(payload, dict):
        return None
    event = payload.get("hook_event_name") or payload.get("hookEventName")
    if event not in HOOK_EVENTS:
        return None
    from .config import load_config

    cfg = load_config(home).get("context", {})
    from .formats.clean import clean_text, project_from_cwd

    prompt = payload.get("prompt") if isinstance(payload.get("prompt"), str) else ""
    task = clean_text(prompt) if event == "UserPromptSubmit" else None  # no <private> spans
    project = project_from_cwd(payload.get("cwd"))
    session = payload.get("session_id") or None
    if event == "UserPromptSubmit":
        budget = int(cfg.get("prompt_budget", PROMPT_BUDGET))
    else:
        budget = int(cfg.get("hook_budget", cfg.get("budget", DEFAULT_BUDGET)))
    ctx, _out = fit_envelope(home, event, task=task, project=project, session=str(session) if session else None,
                             budget=budget)
    return ctx.text


def fit_envelope(home: Home, event: str, *, budget: int | None, **kw) -> tuple[Context, str]:
    """The block (``build(home, budget=…, **kw)``) and its hook envelope for ``event``: the
    budget shrinks by a fifth until the envelope is under ``context.HOOK_MAX_CHARS`` or the
    budget is down to 200 tokens (hooks.py's last-resort cut handles what still does not fit)."""
    ctx = build(home, budget=budget, **kw)
    out = envelope_json(event, ctx.text)
    b = ctx.budget
    while len(out) >= HOOK_MAX_CHARS and b > 200:
        b = int(b * 0.8)
        ctx = build(home, budget=b, **kw)
        out = envelope_json(event, ctx.text)
    return ctx, out


def current_work(home: Home, *, project: str | None = None, session: str | None = None, cap: int | None = None):
    """``holonmem work``: the current work of ``project`` (default: the newest event's) from the
    ledger tail (:func:`context_sources.read_tail`), projected by :func:`work.project_work`."""
    from .work import REF_CAP, project_work

    project = project or src.latest_project(home, session) or "default"
    tail = src.read_tail(home, project)
    return project_work(tail.events, project=project, session=session, cap=REF_CAP if cap is None else cap)


FORMATS = ("markdown", "json")


def run(home: Home, *, task: str | None = None, project: str | None = None, session: str | None = None,
        budget: int | None = None, now: str | None = None, fmt: str = "markdown", hook: str | None = None,
        event: str | None = None) -> tuple[str, list[str]]:
    """What ``holonmem context`` prints: ``(stdout text, warnings for stderr)``.

    The typer command and the fast path both call this, so their output is identical.
    """
    if fmt not in FORMATS:
        raise UsageError(f"unknown --format {fmt!r}", f"use one of: {', '.join(FORMATS)}")
    if hook is not None and hook not in CLIENTS:
        raise UsageError(f"unknown --hook {hook!r}", f"use one of: {', '.join(CLIENTS)}")
    if event is not None and event not in HOOK_EVENTS:
        raise UsageError(f"unknown --event {event!r}", f"use one of: {', '.join(HOOK_EVENTS)}")
    if hook:
        name = event or ("UserPromptSubmit" if task else "SessionStart")
        ctx, out = fit_envelope(home, name, task=task, project=project, session=session, budget=budget, now=now)
        return out + "\n", ctx.warnings
    ctx = build(home, task=task, project=project, session=session, budget=budget, now=now)
    if fmt == "json":
        return json.dumps(ctx.to_json(), ensure_ascii=False, indent=2) + "\n", ctx.warnings
    return ctx.text, ctx.warnings
