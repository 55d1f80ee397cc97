"""The numbers search ranks with that the episode catalog shares (pure).

``search`` (BM25F over Whoosh, :mod:`holonmem.index_query`) and the per-turn
episode catalog (FTS5's BM25, :mod:`holonmem.episode_catalog`) rank with the
same BM25 parameters, the same rule for which query terms select candidates
and the same mild recency boost, so that ``context --task`` and ``search
--kind episode`` agree. docs/search.md explains each weight.
"""

from __future__ import annotations

import math

# BM25 parameters, tuned on LoCoMo (short chat turns favour light length
# normalisation): k1 0.8, b 0.3 gave R@5 0.558 vs 0.531 with Whoosh's defaults.
BM25_K1 = 0.8
BM25_B = 0.3
# Terms found in more than this share of the documents do not select
# candidates when the query has rarer terms (they would make every query walk
# a large part of the index); they still count in the candidates' scores.
COMMON_DF = 0.1
RECENCY_BOOST = 0.1  # at most +10% for a document from today
RECENCY_HALF_LIFE_DAYS = 30.0


def recency(tsn: int | None, now: float) -> float:
    """The recency factor of a document from epoch second ``tsn`` at ``now``:
    1 + :data:`RECENCY_BOOST` halved every :data:`RECENCY_HALF_LIFE_DAYS`; 1 without a time."""
    if not tsn:
        return 1.0
    age_days = max(0.0, (now - tsn) / 86400.0)
    return 1.0 + RECENCY_BOOST * math.pow(0.5, age_days / RECENCY_HALF_LIFE_DAYS)
