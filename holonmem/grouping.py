"""Similarity grouping of signals (pure): which candidate memories say the same thing.

Text features are lowercase English word tokens (light stemming, stop words
dropped) plus character bigrams of every CJK run, so Chinese and English
wordings compare on the same footing. Similarity is the Dice coefficient of two
feature sets.

Grouping scales by blocking and an inverted index: signals are only compared
within their block (scope, project, kind, polarity), and within a block only
with groups that share at least one not-too-common feature. Each group is
represented by its first member (leader clustering), so there is no
all-pairs loop and no transitive chaining of loosely related statements.

:func:`conflicts` tells whether two statements on the same subject disagree:
opposite polarity (要 / 不要, do / don't) or a replaced choice ("use pnpm
instead of npm" against "use npm").
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable, Iterable, Sequence

THRESHOLD = 0.5
MAX_POSTINGS = 400  # a feature shared by more groups than this is not a useful candidate key

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_WORD_RE = re.compile(rf"[a-z0-9][a-z0-9+#]*|[{_CJK}]+")
_CJK_RUN = re.compile(rf"[{_CJK}]+")
STOP = frozenset(
    "a an the to of and or for in on at by with from as is are be been was were it its this that these those "
    "i me my we our us you your he she they them their please should must will would can could shall may might "
    "always never from now on then than also just only all any every do does did done have has had not no don t "
    "instead rather use uses using used".split()
)
_NEG_WORDS = re.compile(r"\b(never|don'?t|do not|does not|doesn'?t|no longer|stop|avoid|not)\b")
_NEG_CJK = re.compile(r"不要|不用|别|不能|不得|禁止|不想|不再|勿|避免|不")
_NEG_STRIP = re.compile(r"不要|不用|不能|不得|不想|不再|禁止|避免|别|勿|不|要|以后|今后|从现在起|一定|总是|都")
_REPLACE_EN = re.compile(r"\b(?:instead of|rather than|no longer use|in place of|switch(?:ed)? from|replac(?:e|es|ing)|not use)\s+([a-z0-9][a-z0-9+#.-]*)")
_REPLACE_ZH = re.compile(rf"(?:不用|别用|不要用|不再用|而不是|代替|取代|换掉)\s*([a-z0-9][a-z0-9+#.-]*|[{_CJK}]{{1,6}})")


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "").lower().strip()


def _stem(w: str) -> str:
    if len(w) > 5 and w.endswith("ing"):
        return w[:-3]
    if len(w) > 4 and w.endswith("ed"):
        return w[:-2]
    if len(w) > 3 and w.endswith("es") and not w.endswith("ses"):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def features(text: str, *, drop: Iterable[str] = ()) -> frozenset[str]:
    """English word stems and CJK character bigrams of ``text``."""
    t = normalize(text)
    out: set[str] = set()
    for tok in _WORD_RE.findall(t):
        if _CJK_RUN.fullmatch(tok):
            if len(tok) == 1:
                out.add(tok)
            else:
                out.update(tok[i:i + 2] for i in range(len(tok) - 1))
        elif tok not in STOP and (len(tok) > 1 or tok.isdigit()):
            out.add(_stem(tok))
    return frozenset(out.difference(drop))


def _ascii(tok: str) -> bool:
    return tok.isascii()


def distinct_details(a: frozenset[str], b: frozenset[str]) -> bool:
    """Both sides name something the other does not ("ruff" vs "pytest", "1" vs "2").

    Only English/number tokens count: a Chinese rewording always differs in some
    bigrams. Stem variants (commit / committ) are not a difference.
    """
    xa = [t for t in a - b if _ascii(t)]
    xb = [t for t in b - a if _ascii(t)]
    if not xa or not xb:
        return False
    return any(not any(x.startswith(y) or y.startswith(x) for y in xb) for x in xa) and \
        any(not any(y.startswith(x) or x.startswith(y) for x in xa) for y in xb)


def same_statement(a: frozenset[str], b: frozenset[str], threshold: float = THRESHOLD) -> float:
    """Similarity of two statements, 0 when each names a different detail."""
    sim = similarity(a, b)
    if sim < threshold or distinct_details(a, b):
        return 0.0
    return sim


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Dice coefficient of two feature sets."""
    if not a or not b:
        return 0.0
    return 2.0 * len(a & b) / (len(a) + len(b))


def polarity_of(text: str, declared: str | None = None) -> str:
    """``-`` for a negative statement (declared, or 不要/never/don't in the text), else ``+``."""
    if declared == "-":
        return "-"
    t = normalize(text)
    if _NEG_WORDS.search(t) or _NEG_CJK.search(t):
        return "-" if not replaced_terms(text) else "+"
    return "+"


def replaced_terms(text: str) -> frozenset[str]:
    """What a statement says to stop using: "pnpm instead of npm" -> {"npm"}."""
    t = normalize(text)
    out = {_stem(m.group(1).strip(".-")) for m in _REPLACE_EN.finditer(t)}
    for m in _REPLACE_ZH.finditer(t):
        out.update(features(m.group(1)))
    return frozenset(x for x in out if x and x not in STOP)


def core_features(text: str) -> frozenset[str]:
    """Features of the subject of a statement: negations and replaced terms removed."""
    t = _NEG_STRIP.sub(" ", normalize(text))
    t = _NEG_WORDS.sub(" ", t)
    return features(t, drop=replaced_terms(text))


def conflicts(a_text: str, a_pol: str, b_text: str, b_pol: str, *, threshold: float = THRESHOLD) -> bool:
    """True when two statements talk about the same subject but disagree."""
    fa, fb = features(a_text), features(b_text)
    ra, rb = replaced_terms(a_text), replaced_terms(b_text)
    # a replaced choice: one says "Y instead of X", the other says X (without replacing it)
    if (rb & (fa - ra)) or (ra & (fb - rb)):
        ca, cb = core_features(a_text), core_features(b_text)
        return len(ca & cb) >= 2 or similarity(ca, cb) >= threshold * 0.6
    if a_pol != b_pol:
        return similarity(core_features(a_text), core_features(b_text)) >= max(threshold, 0.6)
    return False


def group_indices(
    items: Sequence[dict],
    text_of: Callable[[dict], str],
    block_of: Callable[[dict], tuple],
    *,
    threshold: float = THRESHOLD,
    separate: Callable[[dict, dict], bool] | None = None,
    subject_of: Callable[[dict], str] | None = None,
) -> list[list[int]]:
    """Group ``items`` (indices) by block and text similarity, leader clustering.

    ``separate(leader, item)`` may veto a join (e.g. a contradiction).
    ``subject_of`` gives a normalised subject; equal non-empty subjects count
    as the same statement (similarity 1). Groups come out in the order of
    their first member.
    """
    blocks: dict[tuple, dict] = {}
    groups: list[list[int]] = []
    for i, item in enumerate(items):
        f = features(text_of(item))
        b = blocks.setdefault(block_of(item), {"post": {}, "leaders": []})
        post: dict[str, list[int]] = b["post"]
        counts: dict[int, int] = {}
        for tok in f:
            for g in post.get(tok, ()):
                counts[g] = counts.get(g, 0) + 1
        best, best_sim = None, threshold
        for g, shared in counts.items():
            leader_f, leader_i, _ = b["leaders"][g]
            # Dice upper bound check first: cheap skip
            sim = 2.0 * shared / (len(f) + len(leader_f))
            if sim >= threshold and distinct_details(f, leader_f):
                sim = 0.0
            if subject_of is not None and sim < threshold:
                subj = subject_of(item)
                if subj and subj == subject_of(items[leader_i]):
                    sim = 1.0
            if sim >= best_sim and (separate is None or not separate(items[leader_i], item)):
                if sim > best_sim or best is None or g < best:
                    best, best_sim = g, sim
        if best is not None:
            groups[b["leaders"][best][2]].append(i)
            continue
        gid = len(b["leaders"])
        b["leaders"].append((f, i, len(groups)))
        groups.append([i])
        for tok in f:
            lst = post.setdefault(tok, [])
            if len(lst) < MAX_POSTINGS:
                lst.append(gid)
    return groups
