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
_FREQUENT = ((0x4E00, 0x9FFF), (0x2FF0, 0x303F), (0xFF00, 0xFFEF))  # Han, CJK punctuation, full-width forms
_CJK_CLASS = "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in _CJK_RANGES)


def utf8_class(ranges) -> bytes:
    """A bytes pattern matching the UTF-8 encoding (``surrogatepass``) of one code point in
    ``ranges`` (inclusive ``(lo, hi)`` pairs, most frequent first). ``re`` compiles a ``str``
    class of the CJK ranges by filling a bitmap of their 40K code points in Python (3–10 ms a
    process, every turn); this pattern's classes are of bytes (~0.5 ms), and it matches the same
    characters. It opens with the class of the lead bytes, which ``re`` skips to in C (ASCII
    costs no more than with a ``str`` class); each encoding then checks its lead byte behind."""
    seqs = [seq for lo, hi in ranges for seq in _utf8_sequences(lo, hi)]
    leads: list[list[int]] = []
    for b in sorted({b for seq in seqs for b in range(seq[0][0], seq[0][1] + 1)}):
        if leads and leads[-1][1] == b - 1:
            leads[-1][1] = b
        else:
            leads.append([b, b])
    alts = [b"(?<=" + _byte_class(*seq[0]) + b")" + b"".join(_byte_class(*ab) for ab in seq[1:]) for seq in seqs]
    return b"[" + b"".join(_byte_class(a, b)[1:-1] for a, b in leads) + b"](?:" + b"|".join(alts) + b")"


def _byte_class(a: int, b: int) -> bytes:
    return b"[\\x%02x-\\x%02x]" % (a, b) if a != b else b"[\\x%02x]" % a


def _utf8_sequences(lo: int, hi: int) -> list[list[tuple[int, int]]]:
    """``lo..hi`` as sequences of byte ranges, one per encoded byte (each sequence matches
    exactly the encodings of a sub-range; the utf8-ranges construction)."""
    for edge in (0x7F, 0x7FF, 0xFFFF):
        if lo <= edge < hi:
            return _utf8_sequences(lo, edge) + _utf8_sequences(edge + 1, hi)
    n = 1 if hi <= 0x7F else 2 if hi <= 0x7FF else 3 if hi <= 0xFFFF else 4
    for i in range(1, n):
        m = (1 << (6 * i)) - 1
        if lo & ~m != hi & ~m:
            if lo & m:
                return _utf8_sequences(lo, lo | m) + _utf8_sequences((lo | m) + 1, hi)
            if hi & m != m:
                return _utf8_sequences(lo, (hi & ~m) - 1) + _utf8_sequences(hi & ~m, hi)
    a, b = (chr(c).encode("utf-8", "surrogatepass") for c in (lo, hi))
    return [list(zip(a, b))]


_CJK_RE: re.Pattern | None = None


def _cjk_re() -> re.Pattern:
    """One CJK character, over UTF-8 bytes (:func:`utf8_class`), compiled on first use."""
    global _CJK_RE
    if _CJK_RE is None:
        from .rxcache import compile as rx_compile

        _CJK_RE = rx_compile(utf8_class(sorted(_CJK_RANGES, key=lambda r: _FREQUENT.index(r) if r in _FREQUENT else 9)))
    return _CJK_RE


def is_cjk(ch: str) -> bool:
    """True if the (first) character counts as a whole token."""
    if ch.isascii():
        return False
    c = ord(ch[0])
    return any(lo <= c <= hi for lo, hi in _CJK_RANGES)


def cjk_count(text: str) -> int:
    if text.isascii():  # no CJK possible (and no pattern needed)
        return 0
    return len(_cjk_re().findall(text.encode("utf-8", "surrogatepass")))


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
