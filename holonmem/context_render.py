"""Turning what was read into context sections (pure: data in, sections out).

Each builder returns a :class:`~holonmem.context.Section` whose items carry a
full and a compact rendering, a rank (what to keep first when shortening)
and a display order. Budgeting and the final layout live in ``context.py``.
"""

from __future__ import annotations

import re
from datetime import date

from .context import Item, Section
from .redact import mask_text
from .tokens import estimate_tokens, head_tail, shorten, shorten_chars, utf8_class

# Section keys, in display order (slow-changing first, for prompt caches).
ORDER = ("guidance", "operator", "self", "work", "memories", "notes", "refs", "open_work", "episodes", "recent")
# Higher keeps first when the budget is tight.
PRIORITY = {"work": 100, "memories": 90, "guidance": 85, "operator": 80, "refs": 60, "recent": 55,
            "self": 50, "open_work": 45, "episodes": 40, "notes": 30}
GROUPS = ("Identity", "User profile", "Project context", "Preferences and rules", "Known facts", "Methods")
NOTES_MAX = 20
NOTES_MAX_CHARS = 2000
RECENT_MAX = 16
TOOL_FULL_TOKENS = 300
TOOL_COMPACT_TOKENS = 60
MSG_FULL_TOKENS = 250
MSG_COMPACT_TOKENS = 50
_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{2,}")
_CJK_RUN: re.Pattern | None = None  # a run of U+3400..U+9FFF, over UTF-8 bytes: compiled on first use
_ERROR_LINE = re.compile(r"(?i)(error|exception|traceback|failed|failure|fatal|denied|not found|no such|timed? ?out|refused)")


# -- helpers ------------------------------------------------------------------------

def terms(text: str) -> set[str]:
    """Words (3+ chars, lowercase) and CJK bigrams: a tiny, deterministic relevance key."""
    text = text or ""
    out = {w.lower().strip(".-+") for w in _WORD.findall(text)}
    for run in () if text.isascii() else _cjk_runs(text):
        if len(run) == 1:
            out.add(run)
        out.update(run[i:i + 2] for i in range(len(run) - 1))
    return {t for t in out if t}


def _cjk_runs(text: str) -> list[str]:
    """``re.findall("[\\u3400-\\u9fff]+", text)``, without compiling that ``str`` class
    (~2 ms; :func:`tokens.utf8_class`)."""
    global _CJK_RUN
    if _CJK_RUN is None:
        from .rxcache import compile as rx_compile

        _CJK_RUN = rx_compile(b"(?:" + utf8_class(((0x3400, 0x9FFF),)) + b")+")
    return [r.decode("utf-8", "surrogatepass") for r in _CJK_RUN.findall(text.encode("utf-8", "surrogatepass"))]


def text_terms(*texts) -> set[str]:
    """The terms of several texts (a list or tuple counts as its items joined by spaces)."""
    have: set[str] = set()
    for t in texts:
        if isinstance(t, (list, tuple)):
            t = " ".join(str(x) for x in t)
        have |= terms(str(t or ""))
    return have


def relevance(task_terms: set[str], *texts) -> int:
    if not task_terms:
        return 0
    return len(task_terms & text_terms(*texts))


def one_line(text: str) -> str:
    return " ".join((text or "").split())


def parse_day(value) -> date | None:
    if value is None:
        return None
    s = str(value).strip()
    m = re.match(r"^(\d{4})-(\d{2})-(\d{2})", s)
    if not m:
        return None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None


def age_text(days: int | None) -> str:
    if days is None:
        return "age unknown"
    if days <= 0:
        return "from today"
    return "1 day old" if days == 1 else f"{days} days old"


def _stamp(ts: str | None) -> str:
    ts = ts or ""
    return f"{ts[5:10]} {ts[11:16]}" if len(ts) >= 16 else ts


def _demote(line: str) -> str:
    m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
    return f"**{m.group(2)}**" if m else line


_BLOCK_START = re.compile(r"^\s{0,3}(?:[-*+]\s|\d+[.)]\s|#|>|\||```)")


def _first_sentence(line: str) -> str:
    m = re.match(r"^(\s*(?:[-*+]|\d+\.)\s+)?(.*)$", line, re.S)
    lead, body = (m.group(1) or ""), " ".join(m.group(2).split())
    cut = re.search(r"(?<=[.!?])\s|(?<=[。！？；])", body)
    if cut and cut.start() < len(body) - 1:
        body = body[: cut.start()].rstrip()
    return lead + body


# -- guidance, operator and self -------------------------------------------------------

def text_section(key: str, title: str, body: str, *, char_cap: int | None, more: str, empty: str | None,
                 intro: str = "") -> Section:
    """A people-written file as lines; cut at ``char_cap`` characters (whole lines)."""
    lines = [ln.rstrip() for ln in mask_text(body).splitlines()]  # secrets in the file are masked when shown
    while lines and not lines[-1].strip():
        lines.pop()
    kept: list[str] = []
    used = 0
    pre_omitted = 0
    for i, ln in enumerate(lines):
        if char_cap is not None and used + len(ln) + 1 > char_cap and kept:
            pre_omitted = sum(1 for x in lines[i:] if x.strip())
            break
        kept.append(ln)
        used += len(ln) + 1
    # Join wrapped continuation lines to the bullet or paragraph they continue.
    joined: list[str] = []
    for ln in kept:
        cont = (ln.strip() and joined and joined[-1].strip() and not _BLOCK_START.match(ln)
                and not joined[-1].lstrip().startswith("#"))
        if cont:
            joined[-1] += "\n" + ln
        else:
            joined.append(ln)
    items = []
    prev_blank = False
    for i, ln in enumerate(joined):
        if not ln.strip():
            prev_blank = True
            continue
        shown = _demote(ln)
        if char_cap is not None and len(shown) > char_cap:
            shown = shorten_chars(shown, char_cap)
        compact = "" if shown.startswith("**") else _first_sentence(shown)
        prefix = "\n" if prev_blank and items else ""
        items.append(Item(prefix + shown, (prefix + compact) if compact else "", rank=i, order=i))
        prev_blank = False
    return Section(key, title, PRIORITY[key], items, intro=intro, empty=empty, more=more,
                   pre_omitted=pre_omitted, contiguous=True, compact_cap=160 if key == "guidance" else 100)


# -- current work ------------------------------------------------------------------------

def work_section(state) -> Section:
    items: list[Item] = []
    w = state.current if state is not None else None
    if w is None:
        return Section("work", "Current work", PRIORITY["work"], [], empty=None, keep=True)
    objective = one_line(w.objective or "") or "(no objective recorded; todos only)"
    bits = []
    if w.id:
        bits.append(f"work item {w.id}")
    bits.append(w.status)
    if w.since:
        bits.append(f"since {w.since[:10]}")
    items.append(Item(f"Objective: {objective} ({', '.join(bits)})", f"Objective: {shorten(objective, 40)}", rank=0, order=0))
    for i, t in enumerate(w.open_todos):
        label = t.status.replace("_", " ")
        items.append(Item(f"- [{label}] {one_line(t.content)}", f"- [{label}] {shorten(one_line(t.content), 20)}",
                          rank=1 + i / 1000, order=1 + i / 1000))
    if w.blockers:
        items.append(Item("Blocked by: " + "; ".join(w.blockers), "Blocked by: " + shorten("; ".join(w.blockers), 25), rank=2, order=2))
    if w.waits:
        items.append(Item("Waiting for: " + "; ".join(w.waits), "Waiting for: " + shorten("; ".join(w.waits), 25), rank=2.1, order=2.1))
    done = [t for t in w.todos if not t.is_open]
    if w.plan:
        items.append(Item("Plan: " + "; ".join(one_line(p) for p in w.plan), "", rank=4, order=3))
    if w.todos:
        src = f"; latest todo list: event:{w.todos_from}" if w.todos_from else ""
        items.append(Item(f"Done: {len(done)} of {len(w.todos)} todos" + src,
                          "", rank=5, order=4))
    return Section("work", "Current work", PRIORITY["work"], items, keep=True, compact_cap=150,
                   more="`holonmem work` shows all")


def refs_section(state) -> Section:
    items = []
    for i, r in enumerate(state.refs if state is not None else []):
        if r.kind == "file":
            full, compact = f"- {r.how} `{r.value}` (event:{r.event})", f"- `{r.value}`"
        elif r.kind == "command":
            cmd = shorten_chars(one_line(r.value), 160)
            full, compact = f"- ran `{cmd}` (event:{r.event})", f"- ran `{shorten_chars(cmd, 60)}`"
        elif r.kind == "url":
            full, compact = f"- fetched {r.value} (event:{r.event})", f"- {r.value}"
        else:
            full, compact = f"- {r.value} (mentioned in event:{r.event})", f"- {r.value}"
        items.append(Item(full, compact, rank=i, order=i))
    return Section("refs", "Work refs", PRIORITY["refs"], items, intro="Files, commands, URLs and issues from the recorded work, most recent first.",
                   more="`holonmem work` lists them")


# -- long-term memory -------------------------------------------------------------------

def memory_group(m) -> str:
    kind = (m.kind or "fact").lower()
    if kind == "identity":
        return "Identity"
    if kind in ("preference", "rule", "instruction"):
        return "Preferences and rules"
    if kind in ("lesson", "method"):
        return "Methods"
    if kind == "decision" or (kind == "fact" and m.project):
        return "Project context"
    if kind in ("profile",) or (m.scope == "user" and kind == "fact"):
        return "User profile"
    return "Known facts"


def memory_live(m) -> bool:
    """Active, readable and trusted: a memory that some project's context may show."""
    if (m.status or "active") != "active":
        return False
    if any(str(p).startswith("frontmatter") for p in (m.problems or [])):
        return False
    if any("untrusted" in str(c).lower() for c in (m.channels or [])):
        return False
    return not m.superseded_by


def in_project(m, project: str) -> bool:
    """Of this project, global, or about the person (user scope)."""
    return m.project in (None, "", project) or m.scope == "user"


def memory_visible(m, project: str) -> bool:
    """Active, trusted, and of this project or global/user-scope."""
    return memory_live(m) and in_project(m, project)


def term_key(terms) -> str:
    """Terms as one string, each between spaces (terms hold no space): what
    :func:`term_hits` searches; the catalog stores it."""
    return " " + " ".join(sorted(terms)) + " "


def term_hits(needles: list[str], key: str) -> int:
    """How many of the task's terms (as ``" term "`` needles) ``key`` holds:
    ``len(task_terms & terms)`` without building a set per memory or note."""
    return sum(1 for n in needles if n in key)


class MemoryCard:
    """What the Long-term memory section needs of one live memory, computed once
    from the file (``memory_catalog`` stores it, so a turn parses no memory file):
    the masked one-line statement and its 30-token short form, the day its age
    counts from (an ordinal), its relevance terms (title, statement, keywords;
    a :func:`term_key`) and its strength."""

    __slots__ = ("path", "kind", "scope", "project", "statement", "short", "day", "terms", "strength")

    def __init__(self, path: str, kind: str, scope: str, project: str | None, statement: str, short: str,
                 day: int | None, terms: str, strength: float):
        self.path, self.kind, self.scope, self.project = path, kind, scope, project
        self.statement, self.short, self.day, self.terms, self.strength = statement, short, day, terms, strength

    def fields(self) -> tuple:
        return (self.path, self.kind, self.scope, self.project, self.statement, self.short, self.day, self.terms,
                self.strength)

    def __eq__(self, other) -> bool:
        return isinstance(other, MemoryCard) and self.fields() == other.fields()

    def __repr__(self) -> str:
        return f"MemoryCard{self.fields()!r}"


def memory_card(m) -> MemoryCard:
    """The card of a memory (see :class:`MemoryCard`); the caller checks :func:`memory_live`."""
    day = parse_day(m.valid_from) or parse_day(m.updated) or parse_day(m.created)
    statement = mask_text(one_line(m.statement or m.hook or m.title))
    return MemoryCard(m.path, m.kind, m.scope, m.project, statement, shorten(statement, 30),
                      day.toordinal() if day else None, term_key(text_terms(m.title, m.statement, m.keywords)),
                      float(m.confidence or 0) + 0.05 * min(len(m.evidence or []), 6))


class CardSet:
    """The cards a project's Long-term memory section ranks (of this project, global or
    about the person), with what ranking and rendering derive from the cards alone,
    computed once per set: their relevance keys joined for one scan per task term, their
    order apart from relevance, and per day their lines. The memory catalog keeps a set
    in the process while its snapshot of those cards holds (the turn server's next turn
    reuses it); any other list of memories gets a set of its own, the same way."""

    __slots__ = ("project", "cards", "_text", "_starts", "_order", "_lines")

    def __init__(self, memories, project: str):
        """``memories``: Memory objects (read from the files) or the live ones' cards."""
        cards = []
        for m in memories:
            if not isinstance(m, MemoryCard):
                if not memory_live(m):
                    continue
                m = memory_card(m)
            if in_project(m, project):
                cards.append(m)
        self.project, self.cards = project, cards
        self._text: str | None = None
        self._starts: list[int] = []
        self._order: list[int] | None = None
        self._lines: tuple | None = None  # (today, stale_days, the cards' (days, full, compact, group, place))

    def __iter__(self):
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def hits(self, needles: list[str]) -> list[int]:
        """``[term_hits(needles, c.terms) for c in cards]``, one ``str.find`` scan per needle over
        all the keys at once (a needle holds its spaces and a key none of the ``\n`` that join them)."""
        hits = [0] * len(self.cards)
        if not needles or not self.cards:
            return hits
        from bisect import bisect_right

        if self._text is None:
            pos = 0
            for c in self.cards:
                self._starts.append(pos)
                pos += len(c.terms) + 1
            self._text = "\n".join(c.terms for c in self.cards)
        text, starts = self._text, self._starts
        for n in needles:
            at, last = text.find(n), -1
            while at >= 0:
                i = bisect_right(starts, at) - 1
                if i != last:  # a key counts a term once
                    hits[i] += 1
                    last = i
                at = text.find(n, at + 1)
        return hits

    def lines(self, today: int, stale_days: int) -> list[tuple]:
        """Per card: ``(days old, full line, compact line, group, the group's place)``. What repeats
        across cards — the caveat, the age text, the group — is made once per distinct value."""
        if self._lines is not None and self._lines[:2] == (today, stale_days):
            return self._lines[2]
        stale = f" — over {stale_days} days old: verify against the current state before relying on it"
        ages: dict = {}
        groups: dict = {}
        out = []
        for m in self.cards:
            days = today - m.day if m.day is not None else None
            caveat = stale if days is not None and days > stale_days else ""
            age = ages.get(days)
            if age is None:
                age = ages[days] = age_text(days)
            full = f"- {m.statement} ({m.kind}, {m.project or 'global'}, {age}; memory:{m.path}){caveat}"
            compact = f"- {m.short} ({age}) — verify first" if caveat else f"- {m.short} ({age})"
            gk = (m.kind, m.scope, not m.project)  # all that memory_group looks at
            g = groups.get(gk)
            if g is None:
                name = memory_group(m)
                g = groups[gk] = (name, GROUPS.index(name))
            out.append((days, full, compact, g[0], g[1]))
        self._order = None  # the order apart from relevance counts days
        self._lines = (today, stale_days, out)
        return out

    def order(self, today: int, stale_days: int) -> list[int]:
        """The cards' indexes in rank order apart from relevance: the person's standing rules
        and preferences, which hold for every task, first; then this project's own before
        global ones, strongest, newest, by path (the input's order breaks ties)."""
        lines = self.lines(today, stale_days)
        if self._order is None:
            project = self.project
            keys = []
            for j, (m, ln) in enumerate(zip(self.cards, lines)):
                person = m.scope == "user" and (m.kind or "").lower() in _ABOUT_PERSON
                days = ln[0]
                keys.append((not person, m.project != project, -m.strength, 10**6 if days is None else days, m.path, j))
            keys.sort()  # as tuples, without a key function: j breaks ties, so no card is compared
            self._order = [k[-1] for k in keys]
        return self._order


_ABOUT_PERSON = ("rule", "preference", "identity", "instruction")


def memories_section(memories, project: str, task_terms: set[str], now: date, stale_days: int) -> Section:
    """``memories``: a :class:`CardSet` of ``project``, or what :class:`CardSet` takes."""
    cs = memories if isinstance(memories, CardSet) and memories.project == project else CardSet(memories, project)
    today = now.toordinal()
    hits = cs.hits([f" {t} " for t in task_terms])
    lines, order = cs.lines(today, stale_days), cs.order(today, stale_days)
    # What the task is about first, then the order apart from relevance (a stable sort keeps it).
    ranked = sorted(order, key=hits.__getitem__, reverse=True) if any(hits) else order
    # Every visible memory gets an item (~1,250 at 10,000 memories).
    items = []
    for i, j in enumerate(ranked):
        _days, full, compact, group, place = lines[j]
        items.append(Item(full, compact, i, (place, i), group))
    return Section("memories", "Long-term memory", PRIORITY["memories"], items,
                   intro="Learned from past sessions; strongest and most relevant first. Ages count from the newest evidence.",
                   more=f"`holonmem search QUERY --kind memory --project {project}` finds them", groups=GROUPS, contiguous=False)


# -- notes catalog ----------------------------------------------------------------------

def note_visible(n, project: str, others: set[str]) -> bool:
    """A note tagged, placed or marked for another project stays out."""
    if n.project:
        return n.project == project
    marks = {t.lower() for t in n.tags}
    parts = n.path.split("/")
    if len(parts) > 2:
        marks.add(parts[1].lower())
    return not (marks & others)


def _project_marks(name: str) -> set[str]:
    out = {name.lower()}
    head = name.lower().split("-")[0]
    if len(head) >= 4:
        out.add(head)
    return out


def notes_section(notes, project: str, task_terms: set[str], projects: list[str]) -> Section:
    """``notes``: catalog entries with their relevance ``terms`` (``context_sources.NoteEntry``)."""
    mine = _project_marks(project)
    others = set().union(*(_project_marks(p) for p in projects if p != project)) - mine if projects else set()
    rows = [n for n in notes if note_visible(n, project, others)]
    needles = [f" {t} " for t in task_terms]
    rows.sort(key=lambda n: (-term_hits(needles, n.terms), n.path))
    items = []
    used = 0
    pre = 0
    for i, n in enumerate(rows):
        tags = f" [{', '.join(n.tags)}]" if n.tags else ""
        title = mask_text(one_line(n.title))
        summary = shorten_chars(mask_text(one_line(n.summary)), 160)
        full = f"- {title}" + (f" — {summary}" if summary else "") + f"{tags} ({n.ref})"
        if len(items) >= NOTES_MAX or used + len(full) + 1 > NOTES_MAX_CHARS:
            pre = len(rows) - i
            break
        used += len(full) + 1
        items.append(Item(full, f"- {shorten_chars(title, 60)} ({n.ref})", rank=i, order=i))
    return Section("notes", "Notes catalog", PRIORITY["notes"], items, intro="Reference notes written by people; read one with `holonmem get REF`.",
                   more="`holonmem search QUERY --kind note` finds them", pre_omitted=pre)


# -- episodes ----------------------------------------------------------------------------

def _resolved(ep) -> bool:
    return all(f.get("resolved_by") or f.get("resolution") for f in (ep.failures or []) if isinstance(f, dict))


def open_work_section(episodes, latest_n: int = 5) -> Section:
    eps = sorted(episodes, key=lambda e: (e.date, e.start or "", e.id))[-latest_n:]
    seen = set()
    rows = []
    for ep in reversed(eps):
        for fu in ep.follow_ups or []:
            text = one_line(fu.get("text") if isinstance(fu, dict) else str(fu))
            if text and text.lower() not in seen:
                seen.add(text.lower())
                rows.append((f"- Follow-up ({ep.date}): {text} ({ep.ref})", f"- Follow-up: {shorten(text, 25)}"))
        for f in ep.failures or []:
            if not isinstance(f, dict) or f.get("resolved_by") or f.get("resolution"):
                continue
            err = one_line(str(f.get("error") or f.get("text") or "failed"))
            key = (str(f.get("tool")), err.lower())
            if key in seen:
                continue
            seen.add(key)
            where = f"event:{f['event']}" if f.get("event") else ep.ref
            rows.append((f"- Unresolved failure ({ep.date}, {f.get('tool') or 'tool'}): {shorten(err, 60)} ({where})",
                         f"- Unresolved: {f.get('tool') or 'tool'}: {shorten(err, 20)}"))
    items = [Item(full, compact, rank=i, order=i) for i, (full, compact) in enumerate(rows)]
    return Section("open_work", "Open work", PRIORITY["open_work"], items,
                   intro="Follow-ups and unresolved failures from this project's latest episodes.")


def episodes_section(episodes, *, hits: list[str] | None, exclude_sessions: set, exclude_events: set, limit: int = 3) -> Section:
    def ok(ep) -> bool:
        if exclude_sessions and ep.session in exclude_sessions:
            return False
        if exclude_events and exclude_events.intersection(ep.events or []):
            return False
        return ep.outcome == "succeeded" or (ep.outcome != "abandoned" and bool(ep.failures) and _resolved(ep))

    by_ref = {ep.ref: ep for ep in episodes}
    if hits:
        ranked = [by_ref[r] for r in hits if r in by_ref and ok(by_ref[r])]
    else:
        ranked = [ep for ep in sorted(episodes, key=lambda e: (e.date, e.start or "", e.id), reverse=True) if ok(ep)]
    chosen, said = [], set()
    for ep in ranked:  # the same work done twice ("run the tests") is shown once, the best-ranked
        same = (one_line(ep.title or ep.objective or ep.id).lower(), one_line(ep.summary).lower())
        if same not in said:
            said.add(same)
            chosen.append(ep)
    chosen = chosen[:limit]
    items = []
    for i, ep in enumerate(chosen):
        title = one_line(ep.title or ep.objective or ep.id)
        summary = shorten(one_line(ep.summary), 80)
        fixes = [one_line(str(f.get("resolution") or "")) for f in ep.failures or [] if isinstance(f, dict) and f.get("resolution")]
        extra = f" Fixed: {shorten('; '.join(fixes), 40)}" if fixes else ""
        full = f"- {ep.date} — {title}: {summary}{extra} ({ep.outcome}; {ep.ref})"
        items.append(Item(full, f"- {ep.date} — {shorten(title, 25)} ({ep.ref})", rank=i, order=i))
    how = "found for the task" if hits else "the latest"
    return Section("episodes", "Relevant episodes", PRIORITY["episodes"], items,
                   intro=f"Past work that went well ({how}); read one with `holonmem get REF`.")


# -- recent turns --------------------------------------------------------------------------

def _cut_marker(event_id: str):
    return lambda chars, lines: f"[… {chars:,} characters ({lines:,} lines) cut; read it whole: `holonmem get event:{event_id}`]"


def compress_tool_text(text: str, budget: int, event_id: str, failed: bool) -> str:
    """Head + tail within ``budget`` tokens; a failed result keeps its error lines."""
    text = text.strip("\n")
    if estimate_tokens(text) <= budget:
        return text
    errors = ""
    if failed:
        errs = []
        for ln in text.splitlines():
            s = ln.strip()
            if s and _ERROR_LINE.search(s) and s not in errs:
                errs.append(shorten_chars(s, 200))
        errors = "\n".join(errs)
        if estimate_tokens(errors) > budget // 2:
            errors = shorten(errors, budget // 2)
    room = budget - estimate_tokens(errors) - (1 if errors else 0)
    body = head_tail(text, room, _cut_marker(event_id))
    if errors:
        missing = [e for e in errors.splitlines() if e not in body]
        if missing:
            body += "\nerror lines: " + "\n".join(missing)
    return shorten(body, budget, "…")


# A quoted line that would read as structure: an ATX heading (up to 3 spaces of indent
# still make one), a code fence, a setext underline, a horizontal rule.
_FORGES = re.compile(r"^([ \t]*)(?=#{1,6}(?:[ \t]|$)|`{3,}|~{3,}|=+[ \t]*$|(?:[-*_][ \t]*){3,}$)")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_ENVELOPE = re.compile(r"<(/?)(holonmem-context)", re.I)


def quote_safe(text: str) -> str:
    """Quoted material (tool output, messages) made unable to forge the block's
    structure: a line that would be a heading, fence or underline gets a ``\\``
    before its marker (shown as text, not structure), ``\\r\\n`` becomes ``\\n``
    and other control characters (a raw ``\\r``, ESC) their visible symbol (␍, ␛),
    and the block's own tag is escaped."""
    text = text.replace("\r\n", "\n")
    if _CONTROL.search(text):
        text = _CONTROL.sub(lambda m: chr(0x2421 if m.group() == "\x7f" else 0x2400 + ord(m.group())), text)
    if "<" in text:
        text = _ENVELOPE.sub(r"&lt;\1\2", text)
    return _FORGES.sub(r"\1\\", text) if "\n" not in text else "\n".join(_FORGES.sub(r"\1\\", ln) for ln in text.split("\n"))


def _indent(text: str) -> str:
    return quote_safe(text).replace("\n", "\n  ")


def _call_summary(ev: dict) -> str:
    inp = ((ev.get("meta") or {}).get("input") or (ev.get("meta") or {}).get("tool_input") or {})
    if not isinstance(inp, dict):
        inp = {}
    for key in ("command", "file_path", "path", "url", "pattern", "query"):
        v = inp.get(key)
        if isinstance(v, list):
            v = " ".join(str(x) for x in v)
        if isinstance(v, str) and v.strip():
            return f"`{shorten_chars(one_line(v), 160)}`"
    if isinstance(inp.get("todos"), list):
        return _todo_counts(inp["todos"])
    return shorten_chars(one_line(ev.get("text") or ""), 120)


_TODO_TOOLS = {"todowrite", "update_plan"}


def _todo_counts(todos: list) -> str:
    open_n = sum(1 for t in todos if isinstance(t, dict) and t.get("status") not in ("completed", "done"))
    return f"{len(todos)} todos, {open_n} open"


def _todo_result(text: str) -> str:
    """A todo tool's result without its JSON (Claude Code returns the old and new lists)."""
    if text.startswith("{"):
        import json

        try:
            obj = json.loads(text)
        except ValueError:
            obj = None
        if isinstance(obj, dict):
            todos = obj.get("newTodos", obj.get("todos", obj.get("plan")))
            if isinstance(todos, list):
                return "todo list updated: " + _todo_counts(todos)
            return "todo list updated"
    return quote_safe(shorten_chars(one_line(text), 120))


def event_item(ev: dict, index: int) -> Item:
    eid = ev.get("id") or "?"
    role = ev.get("role") or "?"
    kind = ev.get("kind") or "message"
    tool = ev.get("tool") or ""
    stamp = _stamp(ev.get("ts"))
    text = (ev.get("text") or "").strip()
    if kind == "tool_call":
        s = _call_summary(ev)
        full = f"- [{stamp}] {role} → {tool or 'tool'}: {s}"
        compact = f"- [{stamp}] {role} → {tool or 'tool'}: {shorten_chars(s, 70)}"
    elif (kind == "tool_result" or role == "tool") and tool.lower() in _TODO_TOOLS:
        status = ev.get("status") or "ok"
        full = compact = f"- [{stamp}] tool {tool} ({status}): {_todo_result(text)}"
    elif kind == "tool_result" or role == "tool":
        status = ev.get("status") or "ok"
        failed = status.lower() in ("failed", "error", "failure")
        head = f"- [{stamp}] tool {tool or ''} ({status}): ".replace("tool  (", "tool (")
        full = head + _indent(compress_tool_text(text, TOOL_FULL_TOKENS, eid, failed))
        compact = head + _indent(compress_tool_text(text, TOOL_COMPACT_TOKENS, eid, failed))
    elif kind == "work_item":
        wi = (ev.get("meta") or {}).get("work_item")
        wi = wi if isinstance(wi, dict) else {}
        label = f"work item {wi['id']}" if wi.get("id") else "work item"
        full = compact = f"- [{stamp}] {label}: {shorten(one_line(text), 40)} ({wi.get('status') or 'open'})"
    elif kind == "session_end":
        full = compact = f"- [{stamp}] session ended"
    else:
        marker = f" … (event:{eid})"
        full = f"- [{stamp}] {role}: " + _indent(shorten(text, MSG_FULL_TOKENS, marker))
        compact = f"- [{stamp}] {role}: " + shorten(one_line(text), MSG_COMPACT_TOKENS, marker)
    return Item(full, compact, rank=-index, order=index)


def drop_chitchat(events: list[dict]) -> list[dict]:
    """Without small talk: a user's chit-chat message and a short assistant reply right after it."""
    from .signal_rules import is_chitchat

    out: list[dict] = []
    skipped = False
    for ev in events:
        is_msg = (ev.get("kind") or "message") == "message"
        if is_msg and ev.get("role") == "user" and is_chitchat(ev.get("text") or ""):
            skipped = True
            continue
        if skipped and is_msg and ev.get("role") == "assistant" and (
                len((ev.get("text") or "").strip()) <= 60 or is_chitchat(ev.get("text") or "")):
            skipped = False
            continue
        skipped = False
        out.append(ev)
    return out


def in_time_order(events: list[dict]) -> list[dict]:
    """Events by their time, not ledger order (a subagent's file ingested later goes
    where it happened); an event without a readable time stays after the one before it."""
    from datetime import datetime, timezone

    keyed, last = [], float("-inf")
    for i, ev in enumerate(events):
        try:
            t = datetime.fromisoformat(str(ev.get("ts")).replace("Z", "+00:00"))
            last = (t if t.tzinfo else t.replace(tzinfo=timezone.utc)).timestamp()
        except (TypeError, ValueError):
            pass
        keyed.append((last, i, ev))
    keyed.sort(key=lambda k: (k[0], k[1]))
    return [ev for _t, _i, ev in keyed]


def recent_section(events: list[dict], label: str) -> Section:
    evs = events[-RECENT_MAX:]
    items = [event_item(ev, i) for i, ev in enumerate(evs)]
    return Section("recent", "Recent turns", PRIORITY["recent"], items, intro=f"{label}, oldest first.",
                   more="`holonmem get event:ID` shows one in full", contiguous=True, compact_cap=250)
