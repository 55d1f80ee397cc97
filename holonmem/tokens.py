"""A documented, conservative token estimator and cut helpers (pure).

The estimate errs on the high side so that a context block measured with it
never overflows a model's real budget:

- a CJK character (Han, kana, hangul, CJK punctuation, full-width forms)
  counts as 1 token;
- every other character counts as 1/4 token, and the total of those is
  rounded up.

``estimate_tokens(a) + estimate_tokens(b) >= estimate_tokens(a + b)``, so the
sum of the parts' estimates is a safe bound for the whole.

Cutting works on whole characters (Python strings), so a cut never splits a
multi-byte character.
"""

from __future__ import annotations

import re

# Ranges counted as one token per character.
_CJK_RANGES = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi
    (0x2FF0, 0x303F),  # ideographic description, CJK symbols and punctuation
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3100, 0x31FF),  # Bopomofo, Hangul compatibility Jamo, Katakana ext
    (0x3200, 0x4DBF),  # enclosed CJK, compatibility, CJK ext A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xA960, 0xA97F),  # Hangul Jamo ext A
    (0xAC00, 0xD7FF),  # Hangul syllables, Jamo ext B
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # half-width and full-width forms
    (0x20000, 0x3FFFF),  # CJK ext B..H
)
_CJK_CLASS = "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in _CJK_RANGES)


def _not_cjk_class() -> str:
    """The code points outside ``_CJK_RANGES``, as a character class body."""
    gaps, start = [], 0
    for a, b in _CJK_RANGES:
        if a > start:
            gaps.append((start, a - 1))
        start = b + 1
    gaps.append((start, 0x10FFFF))
    return "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in gaps)


_CJK_RE: re.Pattern | None = None


def _cjk_re() -> re.Pattern:
    """``[^<everything else>]``, compiled on first use: re builds a bitmap of the
    listed BMP code points in Python, and the gaps are 24K code points where
    ``[{_CJK_CLASS}]`` is 41K (1.9 ms instead of 2.9 ms; same matches)."""
    global _CJK_RE
    if _CJK_RE is None:
        _CJK_RE = re.compile(f"[^{_not_cjk_class()}]")
    return _CJK_RE


def is_cjk(ch: str) -> bool:
    """True if the character counts as a whole token."""
    return not ch.isascii() and bool(_cjk_re().match(ch))


def cjk_count(text: str) -> int:
    if text.isascii():  # no CJK possible (and no pattern needed)
        return 0
    return len(_cjk_re().findall(text))


def estimate_tokens(text: str) -> int:
    """Tokens of ``text``: CJK characters count 1, others 1/4, rounded up."""
    if not text:
        return 0
    cjk = cjk_count(text)
    return cjk + (len(text) - cjk + 3) // 4


def cut_to_tokens(text: str, budget: int) -> str:
    """The longest prefix of ``text`` whose estimate is at most ``budget``.

    Prefers to end at a line break or a space when one is near the end.
    """
    if budget <= 0 or not text:
        return ""
    if estimate_tokens(text) <= budget:
        return text
    # A prefix of n characters costs at least n/4 tokens: search only there.
    lo, hi = 0, min(len(text), budget * 4)
    while lo < hi:  # largest n with estimate(text[:n]) <= budget
        mid = (lo + hi + 1) // 2
        if estimate_tokens(text[:mid]) <= budget:
            lo = mid
        else:
            hi = mid - 1
    head = text[:lo]
    soft = max(head.rfind("\n"), head.rfind(" "))
    if soft >= len(head) * 3 // 4 and soft > 0:
        head = head[:soft]
    return head


def cut_tail_to_tokens(text: str, budget: int) -> str:
    """The longest suffix of ``text`` whose estimate is at most ``budget``."""
    if budget <= 0 or not text:
        return ""
    if estimate_tokens(text) <= budget:
        return text
    rev = cut_to_tokens(text[::-1], budget)
    return rev[::-1]


def shorten(text: str, budget: int, marker: str = " …") -> str:
    """``text`` cut to ``budget`` tokens with ``marker`` appended when cut."""
    if estimate_tokens(text) <= budget:
        return text
    room = budget - estimate_tokens(marker)
    if room <= 0:
        return ""
    return cut_to_tokens(text, room).rstrip() + marker


def shorten_chars(text: str, limit: int, marker: str = "…") -> str:
    """``text`` cut to at most ``limit`` characters (marker included)."""
    if len(text) <= limit:
        return text
    if limit <= len(marker):
        return text[:max(0, limit)]
    cut = text[: limit - len(marker)]
    sp = cut.rfind(" ")
    if sp > len(cut) * 3 // 4:
        cut = cut[:sp]
    return cut.rstrip() + marker


def head_tail(text: str, budget: int, marker_for) -> str:
    """Keep the head and tail of ``text`` within ``budget`` tokens.

    ``marker_for(cut_chars, cut_lines)`` returns the line put between them
    (it names how much was cut and how to read it whole). Returns ``text``
    unchanged when it fits.
    """
    if estimate_tokens(text) <= budget:
        return text
    marker = marker_for(len(text), text.count("\n") + 1)
    room = budget - estimate_tokens(marker) - 1
    if room <= 4:
        return cut_to_tokens(marker, budget)
    head = cut_to_tokens(text, room * 2 // 3)
    tail = cut_tail_to_tokens(text[len(head):], room - estimate_tokens(head))
    cut = text[len(head): len(text) - len(tail)] if tail else text[len(head):]
    marker = marker_for(len(cut), cut.count("\n") + 1)
    out = f"{head.rstrip()}\n{marker}\n{tail.lstrip()}" if tail else f"{head.rstrip()}\n{marker}"
    while estimate_tokens(out) > budget and tail:
        tail = tail[len(tail) // 4 + 1:]
        out = f"{head.rstrip()}\n{marker}\n{tail.lstrip()}" if tail else f"{head.rstrip()}\n{marker}"
    if estimate_tokens(out) > budget:
        out = cut_to_tokens(out, budget)
    return out
