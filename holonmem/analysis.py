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
:func:`tokens` (in :mod:`holonmem.textterms`, re-exported here) is the same
logic without whoosh objects, for query building, snippets and the episode
catalog of the per-turn path.
"""

from __future__ import annotations

import functools
import sys
import types


def _light_cached_property() -> None:
    """Whoosh imports the ``cached_property`` package (which imports asyncio,
    ~30 ms) for one decorator; the stdlib's ``functools.cached_property`` does
    the same job. Installed only when nothing imported the package yet."""
    if "cached_property" not in sys.modules and "whoosh.reading" not in sys.modules:
        shim = types.ModuleType("cached_property")
        shim.cached_property = functools.cached_property
        sys.modules["cached_property"] = shim


def _stand_in(name: str, functions=(), attrs: dict | None = None):
    """A module object for ``name``: ``functions`` (names) that load the real
    module when called, ``attrs`` as given, and any other attribute loads the
    real module (``__getattr__``; the import system's probes of dunder names
    are not a use). Loading takes the stand-in out of ``sys.modules``."""
    proxy = types.ModuleType(name)

    def real():
        import importlib

        if sys.modules.get(name) is proxy:
            del sys.modules[name]
        return importlib.import_module(name)

    def getattr_(attr: str):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return getattr(real(), attr)

    proxy.__getattr__ = getattr_
    for fn in functions:
        setattr(proxy, fn, lambda *a, _fn=fn, **k: getattr(real(), _fn)(*a, **k))
    proxy.__dict__.update(attrs or {})
    return proxy


def _while_whoosh_loads() -> dict:
    """The modules whoosh imports at load time for what holonmem never calls:
    ``urllib.request`` (http.client, email, ssl: ~20 ms) for ``urlretrieve``,
    ``html`` for highlighting, ``queue`` (and threading) for its writer pool,
    ``calendar`` (and locale) for date fields, and ``hashlib``, whose OpenSSL
    backend costs ~4 ms to load where whoosh wants one md5 (the built-in
    ``_md5``, through :mod:`holonmem.digest`, gives the same digests). While
    whoosh loads, stand-ins answer those imports; whoosh keeps the names it bound, and each stand-in loads the
    real module on first use. The stand-ins leave ``sys.modules`` right after,
    so every later import gets the real module."""
    shims = {"urllib.request": _stand_in("urllib.request", ["urlretrieve"]), "html": _stand_in("html", ["escape"]),
             "queue": _stand_in("queue"), "calendar": _stand_in("calendar")}
    from .digest import md5

    shims["hashlib"] = _stand_in("hashlib", attrs={"md5": md5})
    return {n: shim for n, shim in shims.items() if n not in sys.modules}


def _import_whoosh():
    """Import the whoosh modules holonmem reads and writes the index with,
    under the stand-ins of :func:`_while_whoosh_loads`; returns whoosh.analysis."""
    if "whoosh.index" in sys.modules:
        import whoosh.analysis

        return whoosh.analysis
    shims = _while_whoosh_loads()
    sys.modules.update(shims)
    try:
        import whoosh.analysis
        import whoosh.codec.whoosh3  # noqa: F401 - the segment format, read by every query
        import whoosh.fields  # noqa: F401
        import whoosh.index  # noqa: F401
    finally:
        for name, shim in shims.items():
            if sys.modules.get(name) is shim:
                del sys.modules[name]
    return whoosh.analysis


def _lazy_module(name: str, *functions: str) -> None:
    """Stand in for whoosh module ``name`` until it is used: whoosh imports
    these (English stemmers and variations: ~10-30 ms of regex compiling)
    for query types and filters holonmem never uses. ``functions`` and any
    other attribute load the real module on first use."""
    if name not in sys.modules:
        sys.modules[name] = _stand_in(name, functions)


_light_cached_property()
_lazy_module("whoosh.lang.morph_en", "variations")
_lazy_module("whoosh.lang.porter", "stem")
_lazy_module("whoosh.lang.dmetaphone", "double_metaphone")
_wa = _import_whoosh()
Token, Tokenizer = _wa.Token, _wa.Tokenizer

from .textterms import STOP_WORDS, is_cjk, query_terms, stem, tokens  # noqa: E402,F401 - re-exported

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


def weighted_parts(value: str):
    """``(text, weight)`` of each part of a :func:`weighted_text` value (a plain string: one part, weight 1)."""
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
        for text, weight in weighted_parts(value):
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
