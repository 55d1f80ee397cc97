"""The CJK-aware text analyzer of the search index.

Text is split by script into runs:

- Latin/digit runs become lower-cased words; ``_``, ``.``, ``-`` and
  apostrophes split words (``route_checker`` -> ``route``, ``checker``).
  English stop words and single letters are dropped, the rest is
  stemmed with Snowball English (``running`` -> ``run``).
- CJK runs (Chinese, Japanese kana, Korean) become overlapping character
  bigrams plus every single character at index time (``兵马俑`` -> ``兵马``,
  ``马俑``, ``兵``, ``马``, ``俑``). At query time a run of two or more
  characters gives only its bigrams (precise), a lone character gives itself,
  so ``午睡``, ``马俑`` and ``票`` all find their documents without a
  dictionary, and ``Whoosh索引重建`` gives ``whoosh``, ``索引``, ``引重``, ``重建``.

Whoosh pickles the analyzer into the index schema: this module's path
(``holonmem.analysis``) and the class name ``HolonAnalyzer`` must never
change, and the class must keep unpickling from its ``__dict__``.
:func:`tokens` is the same logic without whoosh objects, for query building
and snippets.
"""

from __future__ import annotations

import functools
import re
import sys
import types
from typing import Iterator


def _light_cached_property() -> None:
    """Whoosh imports the ``cached_property`` package (which imports asyncio,
    ~30 ms) for one decorator; the stdlib's ``functools.cached_property`` does
    the same job. Installed only when nothing imported the package yet."""
    if "cached_property" not in sys.modules and "whoosh.reading" not in sys.modules:
        shim = types.ModuleType("cached_property")
        shim.cached_property = functools.cached_property
        sys.modules["cached_property"] = shim


def _import_whoosh_analysis():
    """``whoosh.compat`` imports ``urllib.request`` (http.client, email, ssl:
    ~20 ms) for ``urlretrieve``, which holonmem never calls. While whoosh
    loads, a stand-in module supplies a ``urlretrieve`` that imports the real
    one on call; it is removed right after, so any later ``import urllib.request``
    gets the real module."""
    shim = None
    if "urllib.request" not in sys.modules and "whoosh.compat" not in sys.modules:
        shim = types.ModuleType("urllib.request")

        def urlretrieve(*args, **kwargs):  # pragma: no cover - whoosh never calls it for holonmem
            import importlib

            sys.modules.pop("urllib.request", None)
            return importlib.import_module("urllib.request").urlretrieve(*args, **kwargs)

        shim.urlretrieve = urlretrieve
        sys.modules["urllib.request"] = shim
    try:
        import whoosh.analysis
    finally:
        if shim is not None and sys.modules.get("urllib.request") is shim:
            del sys.modules["urllib.request"]
    return whoosh.analysis


def _lazy_module(name: str, *functions: str) -> None:
    """Stand in for whoosh module ``name`` until it is used: whoosh imports
    these (English stemmers and variations: ~10-30 ms of regex compiling)
    for query types and filters holonmem never uses. ``functions`` and any
    other attribute load the real module on first use."""
    if name in sys.modules:
        return
    proxy = types.ModuleType(name)

    def real():
        import importlib

        if sys.modules.get(name) is proxy:
            del sys.modules[name]
        return importlib.import_module(name)

    def getattr_(attr: str):
        if attr.startswith("__"):  # the import system probes __path__ etc.: not a use
            raise AttributeError(attr)
        return getattr(real(), attr)

    proxy.__getattr__ = getattr_
    for fn in functions:
        setattr(proxy, fn, lambda *a, _fn=fn, **k: getattr(real(), _fn)(*a, **k))
    sys.modules[name] = proxy


_light_cached_property()
_lazy_module("whoosh.lang.morph_en", "variations")
_lazy_module("whoosh.lang.porter", "stem")
_lazy_module("whoosh.lang.dmetaphone", "double_metaphone")
_wa = _import_whoosh_analysis()
Token, Tokenizer = _wa.Token, _wa.Tokenizer

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


# Weighted text: several parts of a document in one field, each with its own
# weight (title ×2, body ×1, ...). BM25F proper: the weighted term counts are
# summed before saturation, and a query term costs one posting list, not one
# per part. Format: ("\x1e" weight "\x1f" text)*.
_PART, _SEP = "\x1e", "\x1f"


def weighted_text(parts) -> str:
    """Encode ``[(text, weight), ...]`` for :class:`HolonAnalyzer` (empty parts dropped)."""
    out = []
    for text, weight in parts:
        if text:
            clean = text.replace(_PART, " ").replace(_SEP, " ")
            out.append(f"{_PART}{weight:g}{_SEP}{clean}")
    return "".join(out)


def _weighted_parts(value: str):
    if not value.startswith(_PART):
        yield value, 1.0
        return
    for chunk in value.split(_PART)[1:]:
        w, _, text = chunk.partition(_SEP)
        try:
            yield text, float(w)
        except ValueError:
            yield text, 1.0


class HolonAnalyzer(Tokenizer):
    """Whoosh analyzer wrapping :func:`tokens` (index mode unless ``mode='query'``);
    a :func:`weighted_text` value gives each part's tokens that part's weight."""

    def __eq__(self, other):
        return other is not None and other.__class__ is self.__class__

    def __hash__(self):  # pragma: no cover - trivial
        return hash(self.__class__.__name__)

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            t.original = t.text = value
            t.boost = 1.0
            if positions:
                t.pos = start_pos
            if chars:
                t.startchar = start_char
                t.endchar = start_char + len(value)
            yield t
            return
        pos = start_pos
        query = mode == "query"
        for text, weight in _weighted_parts(value):
            for term in tokens(text, query=query):
                t.text = term
                t.boost = weight
                t.stopped = False
                if keeporiginal:
                    t.original = term
                if positions:
                    t.pos = pos
                    pos += 1
                if chars:  # offsets are not tracked; snippets are built without them
                    t.startchar = start_char
                    t.endchar = start_char
                yield t
