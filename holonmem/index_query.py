"""Query side of the search index: which index holds which kinds, the
candidate selection and BM25F scoring over Whoosh posting lists, with
statistics that span both indexes. search.py builds no whoosh objects itself;
whoosh is imported lazily here and in index.py/analysis.py.

Queries read Whoosh's segments directly (:class:`Reader`), term at a time over
whole posting blocks, instead of through ``whoosh.searching`` and its
matcher trees: the same BM25F numbers with one Python step per posting
instead of a chain of matcher calls, and a cold ``search`` imports neither
``whoosh.searching`` nor ``whoosh.query``.
"""

from __future__ import annotations

import heapq
from array import array
from itertools import accumulate
from math import log
from operator import neg

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


def run_query(rd: "Reader", terms: list[tuple[str, float]], *, project=None, kinds=None, session=None,
              since=None, until=None, include_inactive=False, limit=50, peers=()) -> list[tuple[float, dict]]:
    """``(score, stored fields)`` of the best ``limit`` documents of ``rd`` for weighted ``terms``.

    The terms are OR-ed over the weighted ``text`` field (see
    ``index_docs.WEIGHTS``); BM25F sums the matches, so documents that hold
    more of the terms rank first. Candidates are the best ``limit`` documents
    by the terms rarer than :data:`ranking.COMMON_DF` (all terms when none is);
    each candidate is then scored on every term. ``since`` / ``until`` are
    ``("day", "YYYY-MM-DD")`` or ``("ts", epoch_seconds)``. ``peers``: the
    :class:`Reader` s whose statistics BM25F shares (idf, average length),
    so that scores from the events and the files index compare as if from one.
    """
    if not terms:
        return []
    peers = list(peers) or [rd]
    select = terms
    if len(terms) > 1:
        n = sum(p.doc_count_all() for p in peers) or 1
        rare = [(t, w) for t, w in terms if sum(p.doc_frequency("text", t) for p in peers) <= ranking.COMMON_DF * n]
        select = rare or terms
    # the documents each filter keeps (a document must be in all of them)
    keep: list[set[int]] = []
    exact: list[tuple[int, bool]] = []
    if project:
        keep.append(_docs_with(rd, "project", [project]))
    if kinds:
        keep.append(_docs_with(rd, "kind", list(kinds)))
    if session:
        keep.append(_docs_with(rd, "session", [session]))
    lo_day = hi_day = None
    for bound, lo in ((since, True), (until, False)):
        if bound is None:
            continue
        field, val = bound
        if field == "ts":  # whole days here (time zones differ by < 1 day), exact times below
            exact.append((val, lo))
            from datetime import datetime, timezone

            val = datetime.fromtimestamp(val + (-86400 if lo else 86400), timezone.utc).strftime("%Y-%m-%d")
        if lo:
            lo_day = val
        else:
            hi_day = val
    if lo_day is not None or hi_day is not None:
        keep.append(_docs_with(rd, "day", None, (lo_day, hi_day)))
    inactive = [] if include_inactive else [s for s in INACTIVE if rd.doc_frequency("status", s)]
    drop = _docs_with(rd, "status", inactive) if inactive else set()
    allowed: set[int] | None = None
    if keep:
        allowed = set.intersection(*sorted(keep, key=len))
        allowed.difference_update(drop)
    scores_of = _Scores(rd, peers)

    def candidates(sel) -> list[int]:
        acc: dict[int, float] = {}
        # a filter that keeps fewer documents than the terms' postings: score just those
        few = sorted(allowed) if allowed is not None and len(allowed) < scores_of.postings(sel) else None
        for t, w in sel:
            got = scores_of.all(t, w) if few is None else scores_of.some(t, w, few)
            if not acc:
                acc.update(got)
                continue
            get = acc.get
            for d, s in got.items():
                acc[d] = get(d, 0.0) + s
        if allowed is not None:
            if few is None:
                acc = {d: s for d, s in acc.items() if d in allowed}
        elif drop:
            acc = {d: s for d, s in acc.items() if d not in drop}
        # best score first, the lower document number first among equal scores (as Whoosh's collector)
        best = heapq.nlargest(limit, zip(acc.values(), map(neg, acc)))
        return sorted(-d for _, d in best)

    docs = candidates(select)
    if len(docs) < limit and select is not terms:  # too few from the rare terms: the common ones may add some
        docs = candidates(terms)
    scores, matched = _score_all(scores_of, terms, docs)
    out = []
    for d in docs:
        f = rd.stored_fields(d)
        if exact and not all((f.get("tsn") or 0) >= v if lo else (f.get("tsn") or 0) <= v for v, lo in exact):
            continue
        f["_matched"] = matched[d]
        out.append((scores[d], f))
    out.sort(key=lambda x: -x[0])
    return out


def _score_all(scores_of: "_Scores", terms, docs: list[int]) -> tuple[dict, dict]:
    """Each of ``docs``' (sorted document numbers) BM25F score over all
    ``terms``, summed in the order of the terms, and the terms it holds."""
    scores = {d: 0.0 for d in docs}
    matched: dict[int, set] = {d: set() for d in docs}
    if not docs:
        return scores, matched
    for t, w in terms:
        got = scores_of.some(t, w, docs)
        for d in docs:
            s = got.get(d)
            if s is not None:
                scores[d] += s
                matched[d].add(t)
    return scores, matched


class _Leaf:
    """One segment of an index: its reader, the number of its first document
    in the index's reader, the length byte of each document's ``text`` (how
    Whoosh stores field lengths) and its deleted documents."""

    __slots__ = ("reader", "offset", "lengths", "deleted")

    def __init__(self, reader, offset: int):
        self.reader, self.offset = reader, offset
        self.lengths = _length_bytes(reader)
        self.deleted = reader.deleted_docs_set if reader.has_deletions() else None


def _length_bytes(reader) -> bytes:
    """The ``text`` length byte of every document of a segment (Whoosh's
    lengths column read in one piece; per document through the reader when
    the column is not laid out as expected)."""
    n = reader.doc_count_all()
    try:
        from whoosh.codec.whoosh3 import LENGTHS_COLUMN

        col = reader._perdoc._cached_reader("_text_len", LENGTHS_COLUMN)
        raw = bytes(col._dbfile.get(col._basepos, col._count)) if col is not None else b""
        if col is not None and col._fixedlen != 1:
            raise TypeError("not a byte column")
    except (AttributeError, TypeError):
        from whoosh.util.numeric import length_to_byte

        return bytes(length_to_byte(reader.doc_field_length(d, "text")) for d in range(n))
    return raw[:n] + bytes(max(0, n - len(raw)))


def _blocks(reader, term: str, field: str = "text"):
    """The postings of ``term`` in one segment, block by block: ``(last id,
    decode)`` where ``decode()`` gives the block's ids and weights; deleted
    documents are still in them."""
    from whoosh.codec.whoosh3 import W3LeafMatcher
    from whoosh.matching.wrappers import FilterMatcher

    m = reader.postings(field, term)
    if isinstance(m, FilterMatcher):  # the segment's deleted documents: the caller drops them
        m = m.child
    if not isinstance(m, W3LeafMatcher):  # inlined postings (a term in one document): no blocks
        ids, weights = [], []
        while m.is_active():
            ids.append(m.id())
            weights.append(m.weight())
            m.next()
        if ids:
            yield ids[-1], lambda: (ids, weights)
        return

    def decode():
        if m._data is None:
            m._read_data()
        ids, weights = m._data[0], m._data[1]
        n = m._blocklength
        if weights is None:
            weights = (1.0,) * n
        elif isinstance(weights, float):  # one weight for the block, as Whoosh reads it (a 32-bit float)
            weights = (array("f", (weights,))[0],) * n
        return list(accumulate(ids)), weights

    while m.is_active():
        yield m._maxid, decode
        if m._lastblock:
            return
        m._goto(m._nextoffset)


_DOC_SETS_MAX = 64  # filter document sets kept per Reader (a --queries run asks for many)


def _docs_with(rd, field: str, values, span: tuple | None = None) -> set[int]:
    """The (not deleted) documents of ``rd`` (a :class:`Reader`) with one of
    ``values`` in ID field ``field``, or with ``span[0] <= value <= span[1]``
    (None: no bound): what a filter keeps. Kept per Reader."""
    key = (field, tuple(values) if values is not None else None, span)
    cache = rd.doc_sets
    hit = cache.get(key)
    if hit is not None:
        return hit
    out: set[int] = set()
    for leaf in rd.leaves():
        r, o = leaf.reader, leaf.offset
        if span is not None:
            lo, hi = span
            vals = [v for v in r.field_terms(field) if (lo is None or v >= lo) and (hi is None or v <= hi)]
        else:
            vals = [v for v in values if (field, v) in r]
        for v in vals:
            for _, decode in _blocks(r, v, field):
                out.update(o + d for d in decode()[0] if leaf.deleted is None or d not in leaf.deleted)
    if len(cache) >= _DOC_SETS_MAX:
        cache.clear()
    cache[key] = out
    return out


class _Scores:
    """BM25F scores of one query's terms in one :class:`Reader`, term at a
    time: ``all(t, w)`` every document holding ``t``, ``some(t, w, docs)`` only
    ``docs``; each ``{document number: score × w}``. The score is Whoosh's
    ``scoring.bm25(idf, tf, fl, avgfl, B, K1)``, the same arithmetic step for
    step, with ``idf = log(N / (df + 1)) + 1`` and ``avgfl`` over all ``peers``
    (deleted documents count until their segment is merged, as in Whoosh)."""

    def __init__(self, rd: "Reader", peers):
        self.rd, self.peers = rd, peers
        self.leaves = rd.leaves()
        self.n = sum(p.doc_count_all() for p in peers)
        self.k1, self.b = ranking.BM25_K1, ranking.BM25_B
        avgfl = sum(p.field_length("text") for p in peers) / (self.n or 1) or 1
        from whoosh.util.numeric import byte_to_length

        K1, B = self.k1, self.b
        # the length part of BM25's denominator, per length byte
        self.den = [K1 * ((1 - B) + B * byte_to_length(lb) / avgfl) for lb in range(256)]
        self.cache: dict[tuple[str, float], dict[int, float]] = {}

    def postings(self, terms) -> int:
        """How many postings ``terms`` have in this index."""
        return sum(self.rd.doc_frequency("text", t) for t, _ in terms)

    def _idf(self, term: str) -> float | None:
        """``term``'s idf over the peers, or None when this index does not hold it."""
        if not self.rd.doc_frequency("text", term):
            return None
        df = sum(p.doc_frequency("text", term) for p in self.peers)
        return log(self.n / (df + 1)) + 1

    def all(self, term: str, w: float) -> dict[int, float]:
        hit = self.cache.get((term, w))
        if hit is not None:
            return hit
        out: dict[int, float] = {}
        idf = self._idf(term)
        if idf is not None:
            k1p1, den = self.k1 + 1, self.den
            for leaf in self.leaves:
                if ("text", term) not in leaf.reader:
                    continue
                o, lb, deleted = leaf.offset, leaf.lengths, leaf.deleted
                for _, decode in _blocks(leaf.reader, term):
                    ids, weights = decode()
                    # bm25(idf, tf, fl, avgfl, B, K1) of whoosh.scoring, term by term the same arithmetic
                    out.update({o + d: (idf * ((tf * k1p1) / (tf + den[lb[d]]))) * w
                                for d, tf in zip(ids, weights) if deleted is None or d not in deleted})
        self.cache[(term, w)] = out
        return out

    def some(self, term: str, w: float, docs: list[int]) -> dict[int, float]:
        hit = self.cache.get((term, w))
        if hit is not None:
            return {d: hit[d] for d in docs if d in hit}
        out: dict[int, float] = {}
        idf = self._idf(term)
        if idf is None:
            return out
        k1p1, den = self.k1 + 1, self.den
        for leaf in self.leaves:
            o, lb, deleted = leaf.offset, leaf.lengths, leaf.deleted
            n = leaf.reader.doc_count_all()
            want = [d - o for d in docs if o <= d < o + n]
            if not want or ("text", term) not in leaf.reader:
                continue
            i = 0
            for last, decode in _blocks(leaf.reader, term):
                if want[i] > last:  # no wanted document in this block: not decoded
                    continue
                ids, weights = decode()
                pos = dict(zip(ids, weights))
                while i < len(want) and want[i] <= last:
                    d = want[i]
                    tf = pos.get(d)
                    if tf is not None and (deleted is None or d not in deleted):
                        out[o + d] = (idf * ((tf * k1p1) / (tf + den[lb[d]]))) * w
                    i += 1
                if i == len(want):
                    break
        return out


class Reader:
    """One open index for queries: Whoosh's reader of its segments, their
    :class:`_Leaf` s and the filter document sets asked for so far."""

    def __init__(self, ix):
        self.ix = ix
        self.reader = ix.reader()
        self._leaves: list[_Leaf] | None = None
        self.doc_sets: dict = {}

    def leaves(self) -> list[_Leaf]:
        if self._leaves is None:
            r = self.reader
            subs = r.leaf_readers() if not r.is_atomic() else [(r, 0)]
            self._leaves = [_Leaf(sub, off) for sub, off in subs]
        return self._leaves

    def doc_count_all(self) -> int:
        return self.reader.doc_count_all()

    def doc_frequency(self, field: str, text: str) -> int:
        return self.reader.doc_frequency(field, text)

    def field_length(self, field: str) -> int:
        return self.reader.field_length(field)

    def stored_fields(self, docnum: int) -> dict:
        return self.reader.stored_fields(docnum)

    def close(self) -> None:
        self.reader.close()
