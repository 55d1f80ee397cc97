"""Text to index terms, without whoosh objects: the logic of the search
analyzer (:class:`holonmem.analysis.HolonAnalyzer` wraps :func:`tokens`),
importable on the per-turn path without loading whoosh's analysis package.

- Latin/digit runs become lower-cased words; ``_``, ``.``, ``-`` and
  apostrophes split words. English stop words and single letters are
  dropped, the rest is stemmed with Snowball English (``running`` -> ``run``;
  the stemmer is whoosh's pure-Python ``whoosh.lang.porter2``, <1 ms to import).
- CJK runs become overlapping character bigrams plus every single character
  at index time; at query time a run of two or more characters gives only its
  bigrams, a lone character gives itself.
"""

from __future__ import annotations

import re
from typing import Iterator

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
# A run of CJK characters, or a run of letters/digits (no underscore).
_RUN = re.compile(rf"([{_CJK}]+)|([^\W_{_CJK}]+)")
# The same ranges as code points (a regex of them costs ~3 ms to compile).
_CJK_RANGES = ((0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xAC00, 0xD7AF))

# English stop words (the usual IR list, incl. question words): dropped from
# documents and queries alike, so that "What did Caroline research?" scores on
# "caroline" and "research".
STOP_WORDS = frozenset(
    """a about above after again against all am an and any are aren as at be because been before being
    below between both but by can cannot could couldn did didn do does doesn doing don down during each
    few for from further had hadn has hasn have haven having he her here hers herself him himself his how
    i if in into is isn it its itself just let ll me more most mustn my myself no nor not now of off on
    once only or other ought our ours ourselves out over own re same shan she should shouldn so some such
    than that the their theirs them themselves then there these they this those through to too under
    until up ve very was wasn we were weren what when where which while who whom why will with won would
    wouldn you your yours yourself yourselves""".split()
)

_stem_cache: dict[str, str] = {}
_STEM_CACHE_MAX = 200_000


def _stemmer():
    from whoosh.lang.porter2 import stem

    return stem


_stem_fn = None


def stem(word: str) -> str:
    """Snowball (porter2) stem of a lower-cased word (cached)."""
    global _stem_fn
    hit = _stem_cache.get(word)
    if hit is not None:
        return hit
    if _stem_fn is None:
        _stem_fn = _stemmer()
    out = _stem_fn(word) if len(word) > 3 and not word[0].isdigit() else word
    if len(_stem_cache) < _STEM_CACHE_MAX:
        _stem_cache[word] = out
    return out


def _latin(word: str) -> str | None:
    w = word.lower()
    if w in STOP_WORDS:
        return None
    if len(w) == 1 and not w.isdigit():
        return None
    return stem(w)


def tokens(text: str, *, query: bool = False) -> Iterator[str]:
    """The index terms of ``text`` (``query=True``: the terms to search for)."""
    for m in _RUN.finditer(text):
        cjk = m.group(1)
        if cjk is None:
            t = _latin(m.group(2))
            if t is not None:
                yield t
            continue
        n = len(cjk)
        if query:
            if n == 1:
                yield cjk
            else:
                for i in range(n - 1):
                    yield cjk[i : i + 2]
            continue
        for i in range(n):
            yield cjk[i]
            if i + 1 < n:
                yield cjk[i : i + 2]


def query_terms(text: str) -> list[str]:
    """Distinct query terms of ``text`` in first-seen order."""
    seen: dict[str, None] = {}
    for t in tokens(text, query=True):
        seen.setdefault(t, None)
    return list(seen)


def is_cjk(term: str) -> bool:
    """Whether ``term`` starts with a CJK character."""
    if not term:
        return False
    c = ord(term[0])
    return any(lo <= c <= hi for lo, hi in _CJK_RANGES)
