"""Query side of the search index: which index holds which kinds, the
candidate selection and BM25F scoring over Whoosh posting lists, and a
searcher whose statistics span both indexes. search.py builds no whoosh
objects itself; whoosh is imported lazily here and in index.py/analysis.py.
"""

from __future__ import annotations

from datetime import datetime, timezone

from .index import EVENTS, FILES
from . import ranking  # BM25_K1, BM25_B, COMMON_DF: read at call time (bench/locomo.py tunes them)


INACTIVE = ("superseded", "archived")


FILE_KINDS = ("episode", "memory", "note")


def indexes_for(kinds) -> list[tuple[str, list[str] | None]]:
    """``(index name, kind filter)`` for each index that can hold documents of
    ``kinds`` (None: all kinds); the filter is None when the index holds only those kinds."""
    if not kinds:
        return [(EVENTS, None), (FILES, None)]
    out: list[tuple[str, list[str] | None]] = []
    if "event" in kinds:
        out.append((EVENTS, None))
    fk = [k for k in kinds if k != "event"]
    if fk:
        out.append((FILES, None if set(fk) >= set(FILE_KINDS) else fk))
    return out


def run_query(searcher, terms: list[tuple[str, float]], *, project=None, kinds=None, session=None,
              since=None, until=None, include_inactive=False, limit=50, peers=()) -> list[tuple[float, dict]]:
    """``(score, stored fields)`` of the best ``limit`` documents for weighted ``terms``.

    The terms are OR-ed over the weighted ``text`` field (see
    ``index_docs.WEIGHTS``); BM25F sums the matches, so documents that hold
    more of the terms rank first. Candidates come from the terms rarer than
    :data:`ranking.COMMON_DF` (all terms when none is); each candidate is then scored
    on every term. ``since`` / ``until`` are ``("day", "YYYY-MM-DD")`` or
    ``("ts", epoch_seconds)``. ``peers``: the searchers whose statistics
    BM25F shares (see :func:`searcher`).
    """
    from whoosh import query as Q

    if not terms:
        return []
    peers = list(peers) or [searcher]
    searcher.weighting.peers = peers
    select = terms
    if len(terms) > 1:
        n = sum(p.doc_count_all() for p in peers) or 1
        rare = [(t, w) for t, w in terms if sum(p.doc_frequency("text", t) for p in peers) <= ranking.COMMON_DF * n]
        select = rare or terms
    flt = []
    exact: list[tuple[int, bool]] = []
    if project:
        flt.append(Q.Term("project", project))
    if kinds:
        flt.append(Q.Or([Q.Term("kind", k) for k in kinds]))
    if session:
        flt.append(Q.Term("session", session))
    for bound, lo in ((since, True), (until, False)):
        if bound is None:
            continue
        field, val = bound
        if field == "ts":  # whole days here (time zones differ by < 1 day), exact times below
            exact.append((val, lo))
            day = datetime.fromtimestamp(val + (-86400 if lo else 86400), timezone.utc).strftime("%Y-%m-%d")
            val = day
        flt.append(Q.TermRange("day", val if lo else None, None if lo else val))
    inactive = [] if include_inactive else [s for s in INACTIVE if searcher.doc_frequency("status", s)]
    mask = Q.Or([Q.Term("status", s) for s in inactive]) if inactive else None
    flt_q = (Q.And(flt) if len(flt) > 1 else flt[0]) if flt else None

    def candidates(sel) -> list[int]:
        q = Q.Or([Q.Term("text", t, boost=w) for t, w in sel])
        q.matcher_type = Q.Or.DEFAULT_MATCHER  # a tree of unions: skips blocks that cannot reach the top (≈1.5×)
        if flt_q is not None:  # required alongside the terms (scores from the terms): no set of all filtered docs
            q = Q.Require(q, flt_q)
        # whoosh's RequireMatcher breaks under block-quality skipping (an assertion in
        # IntersectionMatcher._find_next): no skipping when a filter is required
        return sorted(h.docnum for h in searcher.search(q, limit=limit, mask=mask, optimize=flt_q is None))

    docs = candidates(select)
    if len(docs) < limit and select is not terms:  # too few from the rare terms: the common ones may add some
        docs = candidates(terms)
    scores, matched = _score_all(searcher, terms, docs)
    out = []
    for d in docs:
        f = searcher.stored_fields(d)
        if exact and not all((f.get("tsn") or 0) >= v if lo else (f.get("tsn") or 0) <= v for v, lo in exact):
            continue
        f["_matched"] = matched[d]
        out.append((scores[d], f))
    out.sort(key=lambda x: -x[0])
    return out


def _score_all(searcher, terms, docs: list[int]) -> tuple[dict, dict]:
    """Each of ``docs``' (sorted document numbers) BM25F score over all
    ``terms`` and the terms it holds: one skip through each term's postings."""
    scores = {d: 0.0 for d in docs}
    matched: dict[int, set] = {d: set() for d in docs}
    if not docs:
        return scores, matched
    for t, w in terms:
        if not searcher.doc_frequency("text", t):
            continue
        m = searcher.postings("text", t)
        for d in docs:
            if not m.is_active():
                break
            if m.id() < d:
                m.skip_to(d)
                if not m.is_active():
                    break
            if m.id() == d:
                scores[d] += m.score() * w
                matched[d].add(t)
    return scores, matched




def searcher(ix, k1: float | None = None, b: float | None = None):
    """A searcher whose BM25F takes its statistics (idf, average length) from
    the searchers in ``searcher.weighting.peers`` together when set, so that
    scores from the events and the files index compare as if from one index."""
    from whoosh import scoring

    k1 = ranking.BM25_K1 if k1 is None else k1
    b = ranking.BM25_B if b is None else b

    class PeerScorer(scoring.BM25FScorer):
        def __init__(self, searcher, fieldname, text, B, K1, idf, avgfl):
            self.idf, self.avgfl, self.B, self.K1, self.qf = idf, avgfl, B, K1, 1
            self.setup(searcher, fieldname, text)

    class PeerBM25F(scoring.BM25F):
        peers: list = []

        def scorer(self, searcher, fieldname, text, qf=1):
            peers = self.peers
            if len(peers) < 2 or not searcher.schema[fieldname].scorable:
                return super().scorer(searcher, fieldname, text, qf)
            from math import log

            df = sum(p.doc_frequency(fieldname, text) for p in peers)
            n = sum(p.doc_count_all() for p in peers)
            avgfl = sum(p.field_length(fieldname) for p in peers) / (n or 1)
            return PeerScorer(searcher, fieldname, text, self.B, self.K1, log(n / (df + 1)) + 1, avgfl or 1)

    return ix.searcher(weighting=PeerBM25F(B=b, K1=k1))
