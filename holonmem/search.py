"""``search``: find events, episodes, memories and notes by content.

Queries are analysed with the index's own analyzer (:mod:`holonmem.analysis`)
and turned into a weighted OR of terms in code — no query parser; in long
questions the words that frame them weigh less. BM25F ranks one weighted text
per document (title ×2, tags ×1.5, body, for events the two turns before and
after in the session and the date; :mod:`holonmem.index_docs`); the results
are then weighted by term coverage, by kind (memory > episode/note > event), a
mild recency boost, the speaker the query names, a time expression when the
query asks when, and the other good results of the same session, and get a
snippet around the matched words (cut by characters, so CJK text is never
split inside a character). docs/search.md explains each weight.
"""

from __future__ import annotations

import functools
import re
import time
from datetime import datetime, timedelta, timezone

from .errors import UsageError
from .home import Home
from .ranking import recency

KINDS = ("event", "episode", "memory", "note")
KIND_WEIGHT = {"memory": 1.5, "episode": 1.25, "note": 1.2, "event": 1.0}
SNIPPET_CHARS = 160
# Documents that hold more of the query's terms rank higher: the BM25 score
# is scaled from COVERAGE_FLOOR (one term of many) up to 1 (all terms).
COVERAGE_FLOOR = 0.5
# How many candidates to re-rank per requested result.
CANDIDATES = 4


def normalize_kinds(kinds) -> list[str] | None:
    if not kinds:
        return None
    if isinstance(kinds, str):
        kinds = [k for k in re.split(r"[,\s]+", kinds) if k]
    out = []
    for k in kinds:
        k = {"operator": "memory", "self": "memory", "events": "event", "episodes": "episode",
             "memories": "memory", "notes": "note"}.get(k, k)
        if k not in KINDS:
            raise UsageError(f"unknown kind {k!r}", f"use one of: {', '.join(KINDS)}")
        if k not in out:
            out.append(k)
    return out


_REL = re.compile(r"^(\d+)([hdw])$")


def parse_time(value: str | None, what: str):
    """``--since/--until``: ``YYYY-MM-DD`` (compared with each item's own date),
    an ISO time, or a relative ``24h`` / ``7d`` / ``2w``."""
    if value is None or value == "":
        return None
    v = value.strip()
    m = _REL.match(v)
    if m:
        n, unit = int(m.group(1)), m.group(2)
        delta = timedelta(hours=n) if unit == "h" else timedelta(days=n * (7 if unit == "w" else 1))
        return ("ts", int((datetime.now(timezone.utc) - delta).timestamp()))
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        return ("day", v)
    try:
        dt = datetime.fromisoformat(v.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"--{what} {value!r} is not a date", "use YYYY-MM-DD, an ISO time, or 24h / 7d / 2w") from None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return ("ts", int(dt.timestamp()))


# Words that frame a question rather than name what it is about ("What
# *kind* of books…", "Did she *mention*…"): in a query of QUESTION_MIN_TERMS
# or more terms they weigh QUESTION_WEIGHT (stemmed like the text).
QUESTION_WORDS = (
    "kind type sort thing way likely probably might mention say tell talk describe happen name specific "
    "example many much often usually ever 什么 怎么 哪些 为什"
).split()
QUESTION_WEIGHT = 0.3
QUESTION_MIN_TERMS = 3
# A turn by a person the query names (its speaker, or else its role) is
# scored x(1 + SPEAKER_BOOST): "What did Nate…" asks about what Nate said,
# more than about a turn that only addresses him ("Thanks Nate!").
SPEAKER_BOOST = 0.1
# A question asking when ("When did…", "what year", "什么时候") scores a
# result that says when (yesterday, last week, a weekday, a month, a year,
# 昨天, 上周, 3月…) x(1 + TIME_BOOST).
TIME_BOOST = 0.25
# A result whose session holds other good results is scored
# x(1 + SESSION_BOOST * their share): the turn that answers a question sits in
# the conversation about it, next to others that match it.
SESSION_BOOST = 0.2
# (compiled on first use: every cold search imports this module)
_WHEN_QUESTION = (
    r"^\W*(when|since when|how long ago|what (year|month|day|date|time|week))\b|什么时候|哪天|哪一天|几号|哪年|几月|多久以前")
_TIME_WORDS = (
    r"\b(yesterday|today|tomorrow|tonight|last|next|ago|week|weekend|month|year|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday|morning|evening|night|since|january|february|march|april|may|june|july|"
    r"august|september|october|november|december|(19|20)\d\d)\b|昨天|今天|明天|前天|后天|上周|下周|本周|周末|"
    r"星期|礼拜|上个月|下个月|去年|今年|明年|\d+月|\d+号|\d+日")


def _question_stems() -> frozenset:
    from .textterms import query_terms

    return frozenset(t for w in QUESTION_WORDS for t in query_terms(w))


def weighted_terms(query: str) -> list[tuple[str, float]]:
    """Query terms with weights: a lone CJK character counts less than a bigram
    when the query has both (it matches far more text); in a longer question
    the words that frame it (:data:`QUESTION_WORDS`) count less than the rest."""
    from .textterms import is_cjk, query_terms

    terms = query_terms(query)
    frame = _question_stems() if len(terms) >= QUESTION_MIN_TERMS else frozenset()
    if frame and all(t in frame for t in terms):
        frame = frozenset()  # a query of frame words only means them

    def weight(t: str) -> float:
        if t in frame:
            return QUESTION_WEIGHT
        return 0.5 if len(t) == 1 and is_cjk(t) and len(terms) > 1 else 1.0

    return [(t, weight(t)) for t in terms]


@functools.lru_cache(maxsize=None)
def _regex(pattern: str) -> re.Pattern:
    return re.compile(pattern, re.IGNORECASE)


def asks_when(query: str) -> bool:
    """Whether ``query`` is a question about time ("When did…", "什么时候…")."""
    return bool(_regex(_WHEN_QUESTION).search(query or ""))


def says_when(text: str) -> bool:
    """Whether ``text`` holds a time expression (see :data:`TIME_BOOST`)."""
    return bool(_regex(_TIME_WORDS).search(text or ""))


class _Speakers:
    """Which speakers a query names: a speaker's terms (``Nate`` -> ``nate``)
    among the query's terms; cached per speaker string."""

    def __init__(self, terms):
        self.terms = set(terms)
        self.cache: dict[str, bool] = {}

    def named(self, speaker: str | None) -> bool:
        if not speaker:
            return False
        hit = self.cache.get(speaker)
        if hit is None:
            from .textterms import query_terms

            hit = self.cache[speaker] = bool(self.terms.intersection(query_terms(speaker)))
        return hit


# -- snippets ---------------------------------------------------------------------

def _term_pattern(terms: list[str]) -> re.Pattern | None:
    from .textterms import is_cjk

    parts = []
    for t in sorted(set(terms), key=len, reverse=True):
        if is_cjk(t):
            parts.append(re.escape(t))
        else:  # a stem: match words starting with it
            parts.append(r"(?<![^\W_])" + re.escape(t))
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def snippet(text: str, terms: list[str], width: int = SNIPPET_CHARS) -> str:
    """About ``width`` characters of ``text`` around the first matched term, on one line."""
    flat = " ".join((text or "").split())
    if len(flat) <= width:
        return flat
    pat = _term_pattern(terms)
    m = pat.search(flat) if pat else None
    start = 0
    if m:
        start = max(0, m.start() - width // 4)
        if start:  # begin at a word boundary for Latin text
            sp = flat.rfind(" ", max(0, start - 15), start)
            if sp >= 0:
                start = sp + 1
    end = min(len(flat), start + width)
    out = flat[start:end].strip()
    return ("…" if start else "") + out + ("…" if end < len(flat) else "")


# -- ranking ----------------------------------------------------------------------

def _result(score: float, f: dict, terms: list[str]) -> dict:
    body = f.get("body") or ""
    snip = snippet(body, terms) if body else snippet(f.get("title") or "", terms)
    return {
        "ref": f["ref"], "kind": f.get("kind", ""), "score": round(score, 4),
        "title": f.get("label") or f.get("title") or "", "snippet": snip, "ts": f.get("ts") or "",
        "project": f.get("project") or None, "session": f.get("session") or None,
        **({"status": f["status"]} if f.get("status") else {}),
    }


class Session:
    """An open index for answering one or many queries.

    Events and file documents (episodes, memories, notes) live in two Whoosh
    indexes; a session for some ``kinds`` opens only the indexes they live in
    (others on first use), so a search for episodes never touches the events.
    """

    def __init__(self, home: Home, *, update: bool = True, max_events: int | None = None, kinds=None):
        """``kinds``: the kinds this session will mostly search (None: all)."""
        from . import index, index_query

        self.home = home
        self._names = [n for n, _ in index_query.indexes_for(normalize_kinds(kinds))]
        self.info: dict = {}
        self._ix: dict = {}  # index name -> ix
        self._searchers: dict = {}  # index name -> index_query.Reader, opened on first use
        if update:
            bound = max_events if max_events is not None else index.SEARCH_MAX_EVENTS
            self.info = index.update(home, max_events=bound, rebuild_missing=True)
        self._open()

    def _open(self) -> None:
        from . import index

        try:
            self._ix = {n: index.open_index(self.home, n) for n in self._names}
        except index.IndexUnavailable:
            self.close()
            self._rebuild()
            self._ix = {n: index.open_index(self.home, n) for n in self._names}

    def _searcher(self, name: str):
        from . import index, index_query

        s = self._searchers.get(name)
        if s is None:
            if name not in self._ix:
                self._ix[name] = index.open_index(self.home, name)
            s = self._searchers[name] = index_query.Reader(self._ix[name])
        return s

    def _rebuild(self) -> None:
        from . import index

        res = index.rebuild(self.home, reason="unreadable", lock_timeout=60.0, only_if_unusable=True)
        if res is not None:
            res["warning"] = f"the search index was unreadable; rebuilt it ({res['documents']} documents)"
            self.info = res

    def close(self) -> None:
        for s in self._searchers.values():
            s.close()
        for ix in self._ix.values():
            ix.close()
        self._searchers, self._ix = {}, {}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def warnings(self) -> list[str]:
        out = []
        if self.info.get("warning"):
            out.append(self.info["warning"])
        if self.info.get("stale") and self.info.get("reason"):
            out.append(f"search index not fully up to date: {self.info['reason']}")
        return out

    def _query(self, wterms, args: dict) -> list:
        from . import index_query

        which = index_query.indexes_for(args["kinds"])
        peers = [self._searcher(name) for name, _ in which]
        hits = []
        for (name, kinds), s in zip(which, peers):
            hits.extend(index_query.run_query(s, wterms, **{**args, "kinds": kinds}, peers=peers))
        return hits

    def search(self, query: str, *, project=None, kinds=None, session=None, since=None, until=None,
               limit: int = 10, include_inactive: bool = False) -> list[dict]:
        from . import index

        args = dict(project=project, kinds=normalize_kinds(kinds), session=session, since=parse_time(since, "since"),
                    until=parse_time(until, "until"), include_inactive=include_inactive,
                    limit=max(limit * CANDIDATES, 40))
        wterms = weighted_terms(query or "")
        if limit <= 0 or not wterms:
            return []
        try:
            hits = self._query(wterms, args)
        except index.unreadable_errors():  # an unreadable index is rebuilt, then searched again
            self.close()
            self._rebuild()
            self._open()
            hits = self._query(wterms, args)
        now = time.time()
        terms = [t for t, _ in wterms]
        ranked = []
        total = sum(w for _, w in wterms)
        seen: set[str] = set()
        speakers = _Speakers(terms)
        when = asks_when(query)
        for score, f in hits:
            if f["ref"] in seen:
                continue
            seen.add(f["ref"])
            covered = sum(w for t, w in wterms if t in f.get("_matched", ()))
            cover = COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * (covered / total if total else 1.0)
            s = score * cover * KIND_WEIGHT.get(f.get("kind"), 1.0) * recency(f.get("tsn"), now)
            if speakers.named(f.get("speaker")):
                s *= 1 + SPEAKER_BOOST
            if when and says_when(f.get("body") or f.get("title")):
                s *= 1 + TIME_BOOST
            ranked.append((s, f))
        if SESSION_BOOST and ranked:
            by_session: dict[str, float] = {}
            for s, f in ranked:
                if f.get("session"):
                    by_session[f["session"]] = by_session.get(f["session"], 0.0) + s
            top = max(by_session.values(), default=0.0) or 1.0
            ranked = [(s * (1 + SESSION_BOOST * (by_session.get(f.get("session"), s) - s) / top), f) for s, f in ranked]
        ranked.sort(key=lambda x: -x[0])
        return [_result(s, f, terms) for s, f in ranked[:limit]]


def search(home: Home, query: str, *, project=None, kinds=None, session=None, since=None, until=None,
           limit: int = 10, include_inactive: bool = False, update: bool = True) -> list[dict]:
    """Search the home; result dicts have ref, kind, score, title, snippet, ts, project, session."""
    with Session(home, update=update, kinds=kinds) as s:
        return s.search(query, project=project, kinds=kinds, session=session, since=since, until=until,
                        limit=limit, include_inactive=include_inactive)
