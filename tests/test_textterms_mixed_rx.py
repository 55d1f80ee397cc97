"""textterms' regex of the CJK ranges comes through the regex cache and is the pattern ``re`` gives."""

from __future__ import annotations

import re

from holonmem import textterms


def test_the_mixed_run_pattern_is_res_own():
    rx = textterms._mixed()
    want = re.compile(rx.pattern)
    assert (rx.pattern, rx.flags, rx.groups) == (want.pattern, want.flags, want.groups)
    for text in ["北京4天行程", "第12次attempt", "abc", "행程ABC한국", "かなカナ漢字mix", "x" * 3 + "中" * 3]:
        assert [m.groups() for m in rx.finditer(text)] == [m.groups() for m in want.finditer(text)]
