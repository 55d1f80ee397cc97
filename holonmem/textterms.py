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
from collections.abc import Iterator

# CJK: these ranges of code points (Chinese, Japanese kana, Korean).
_CJK_RANGES = ((0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xAC00, 0xD7AF))
# The characters of those ranges that are not letters or digits (kana marks, the
# katakana middle dot, unassigned code points): CJK all the same.
_CJK_OTHER = "\u3040\u3097-\u309c\u30a0\u30fb\ufa6e\ufa6f\ufada-\ufaff\ud7a4-\ud7af"
# A run of letters, digits, underscores and CJK characters. :func:`_runs` cuts it
# at underscores and where CJK starts or ends; only a run that mixes CJK with other
# letters needs the regex of the CJK ranges (:func:`_mixed`), whose compiling costs
# ~2-7 ms (re builds its character map one code point at a time): compiled on first
# use, through the regex cache (:mod:`holonmem.rxcache`: ~0.1 ms once it is kept).
_WORDS = re.compile(rf"[\w{_CJK_OTHER}]+")
_mixed_re = None


def _mixed() -> re.Pattern:
    global _mixed_re
    if _mixed_re is None:
        from .rxcache import compile as rx_compile  # a pattern built from constants: kept between processes

        cjk = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"  # _CJK_RANGES
        _mixed_re = rx_compile(rf"([{cjk}]+)|([^{cjk}]+)")
    return _mixed_re

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


def _is_cjk_code(c: int) -> bool:
    return any(lo <= c <= hi for lo, hi in _CJK_RANGES)


def _runs(text: str) -> Iterator[tuple[bool, str]]:
    """``(is CJK, run)``: the maximal runs of CJK characters and of other
    letters/digits (no underscore), in order: what ``([CJK]+)|([^\\W_CJK]+)`` finds."""
    for m in _WORDS.finditer(text):
        w = m.group()
        if w.isascii() or max(w) < "\u3040":
            if "_" in w:
                yield from ((False, p) for p in w.split("_") if p)
            else:
                yield False, w
            continue
        lo, hi = ord(min(w)), ord(max(w))
        if any(a <= lo and hi <= b for a, b in _CJK_RANGES):
            yield True, w
            continue
        for part in w.split("_") if "_" in w else (w,):
            for c in _mixed().finditer(part):
                if c.group(1):
                    yield True, c.group(1)
                else:
                    yield False, c.group(2)


def tokens(text: str, *, query: bool = False) -> Iterator[str]:
    """The index terms of ``text`` (``query=True``: the terms to search for)."""
    for is_cjk_run, cjk in _runs(text):
        if not is_cjk_run:
            t = _latin(cjk)
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
    return bool(term) and _is_cjk_code(ord(term[0]))


def content_chars(text: str) -> int:
    """How many word characters ``text`` has (letters, digits, CJK ideographs: every ideograph is
    \\w on Python >= 3.11, and ``\\W`` compiles without a 27K-entry charset): how much it says."""
    return len(re.sub(r"\W", "", text))
