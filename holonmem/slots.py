"""The values a statement sets, by what they measure (pure).

"Posts go up tues + thurs at 7pm" sets two things: the weekdays (tue, thu) and
a clock time (7:00); "full galleries are 4 weeks now" sets a duration in weeks;
"晚上十点以后别给我发消息" a clock time (10:00, an evening hour: the day part is
not kept, so "九点以后" and "晚上九点以后" are the same time). Two rules on one
subject that give the same measure different values are about one setting, and
the newer one replaces the older (issue 15: contradictions by slot) — what the
rules are about is for the caller to check (:func:`without_values` gives the
words left when the values are taken out).

Measures: ``clock`` (hour:minute on a 12-hour dial), ``weekday`` (a set of
days), durations (``minute``, ``hour``, ``day``, ``week``, ``month``, ``year``),
``percent`` (成 counts tens), ``money``, ``contact`` (the channel someone is reached on:
"signal me", "有事微信找我"), and a count of anything else, named by
the word after the number ("12 people" -> ``people``, "2000 characters" ->
``character``). Numbers may be digits, Chinese numerals (十八, 两, 半) or small
English number words ("an hour", "two weeks").
"""

from __future__ import annotations

import re
from functools import lru_cache

_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_EN_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
               "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "half a": 0.5, "half an": 0.5}
_ZH_NUM = "[零〇一二两三四五六七八九十百]+"
_NUM = rf"\d+(?:\.\d+)?|{_ZH_NUM}"

_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_ZH_WEEKDAY = {"一": "mon", "二": "tue", "三": "wed", "四": "thu", "五": "fri", "六": "sat", "日": "sun", "天": "sun"}
_DAY_EN = re.compile(r"\b(mon|tues?|wednes|thurs?|thu|fri|satur|sun)days?\b|\b(mon|tues?|weds?|thurs?|thu|fri)\b\.?"
                     r"|(?<=[/+&])\s*(sat|sun)\b|\b(sat|sun)(?=\s*[/+&])|\b(weekends?|weekdays?)\b", re.I)
_DAY_ZH = re.compile(r"(?:周|星期|礼拜)([一二三四五六日天末])|(工作日)")

_CLOCK_EN = re.compile(r"\b(\d{1,2})(?::([0-5]\d))?\s*([ap])\.?m\b\.?|\b([01]?\d|2[0-3]):([0-5]\d)\b(?!\s*[ap]\.?m\b)", re.I)
# a Chinese hour needs a day part before it or a word after it that makes it a time:
# "早一点" and "说三点" are not clock times, "九点以后" and "晚上十点" are
_DAY_PART = r"(?:早上|上午|中午|下午|晚上|傍晚|凌晨|夜里|半夜|早晨|今晚|每晚|每天)"
_CLOCK_ZH = re.compile(rf"({_DAY_PART})?\s*(\d{{1,2}}|[零一二两三四五六七八九十]{{1,3}})[点點](半|[零一二三四五六七八九十\d]{{1,3}}分?)?"
                       r"(?=(以后|以前|之前|之后|前|后|钟|到|开始|左右|整|过|多|准时|以内)?)")

# the channel someone is reached on: "signal me", "ping me on slack", "有事微信找我"
_CONTACT = re.compile(r"\b(text|sms|whatsapp|signal|telegram|email|e-mail|phone|slack|imessage|wechat|discord)\s+(?:me|us)\b"
                      r"|\b(?:me|us|ping|message|dm|reach|contact)\s+(?:on|via|over|through|by)\s+(whatsapp|signal|telegram|email|e-mail|sms|text|slack|wechat|discord|phone)\b"
                      r"|(企业微信|微信|短信|电话|钉钉|邮件|飞书|qq)(?:上)?(?:发|打|告诉|通知|联系|找|叫)?(?:给)?我"
                      r"|(?:发|打|告诉|通知|联系)我(?:的)?(企业微信|微信|短信|电话|钉钉|邮件|飞书|qq)", re.I)
_CHANNEL = {"text": "sms", "sms": "sms", "短信": "sms", "email": "email", "e-mail": "email", "邮件": "email",
            "call": "phone", "phone": "phone", "电话": "phone", "wechat": "wechat", "微信": "wechat", "企业微信": "wecom",
            "钉钉": "dingtalk", "飞书": "feishu", "qq": "qq"}

_UNIT_ZH = {"分钟": "minute", "小时": "hour", "钟头": "hour", "天": "day", "周": "week", "星期": "week", "礼拜": "week",
            "个月": "month", "月": "month", "秒": "second", "年": "year", "成": "percent", "公里": "km", "千米": "km", "公斤": "kg",
            "斤": "jin", "元": "money", "块": "money", "块钱": "money", "人": "people", "次": "times", "倍": "times_factor",
            "度": "degree", "岁": "age", "层": "floor", "张": "sheet", "份": "copy", "台": "unit", "条": "item"}
_MEASURE_ZH = re.compile(rf"(?<![第\d.])({_NUM})\s*(个半|个)?\s*(分钟|小时|钟头|个月|星期|礼拜|公里|千米|公斤|块钱|[秒天周月年成斤元块人次倍度岁层张份台条])"
                         r"|(半)\s*(?:个)?\s*(小时|钟头|天|个月|年)")
_UNIT_EN = {"min": "minute", "mins": "minute", "minute": "minute", "minutes": "minute", "h": "hour", "hr": "hour",
            "hrs": "hour", "hour": "hour", "hours": "hour", "d": "day", "day": "day", "days": "day", "wk": "week",
            "wks": "week", "week": "week", "weeks": "week", "mo": "month", "mos": "month", "month": "month",
            "months": "month", "yr": "year", "yrs": "year", "year": "year", "years": "year", "%": "percent",
            "percent": "percent", "pct": "percent", "km": "km", "kg": "kg", "lb": "lb", "lbs": "lb", "mi": "mile",
            "miles": "mile", "mile": "mile", "sec": "second", "secs": "second", "second": "second",
            "seconds": "second", "°c": "degree", "°f": "degree_f"}
_MEASURE_EN = re.compile(r"(?:[$€£¥]\s*(\d[\d,]*(?:\.\d+)?)(k\b)?)"
                         r"|(?:\b(\d[\d,]*(?:\.\d+)?)\s*-?\s*|\b(an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half an?)(?:\s+|-))"
                         r"(%|°\s?[cf]\b|[a-z]{1,12}\b)(?!:)", re.I)
_COUNT_STOP = frozenset("a an the and or to of in on at by for from with is are was were it its this that these those "
                        "am pm times max min more less or so per each every other more".split())


def _zh_value(s: str) -> float | None:
    """A Chinese or Arabic numeral as a number ("十八" 18, "二十五" 25, "两" 2, "3.5")."""
    if not s:
        return None
    if s[0].isdigit():
        try:
            return float(s)
        except ValueError:
            return None
    if "百" in s:
        head, _, rest = s.partition("百")
        h = _ZH_DIGITS.get(head, 1 if not head else None)
        r = _zh_value(rest) if rest else 0
        return None if h is None or r is None else h * 100 + r
    if "十" in s:
        head, _, rest = s.partition("十")
        tens = _ZH_DIGITS.get(head, 1 if not head else None)
        ones = _ZH_DIGITS.get(rest, 0 if not rest else None)
        return None if tens is None or ones is None else tens * 10 + ones
    if len(s) == 1:
        v = _ZH_DIGITS.get(s)
        return None if v is None else float(v)
    digits = [_ZH_DIGITS.get(c) for c in s]  # "二〇二六"
    return None if None in digits else float("".join(str(d) for d in digits))


def _fmt(v: float) -> str:
    return str(int(v)) if v == int(v) else f"{v:g}"


def _singular(word: str) -> str:
    w = word.lower()
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


_DAY_BY_PREFIX = {d[:2]: d for d in _WEEKDAYS}


def _weekday(m: re.Match) -> set[str]:
    word = next(g for g in m.groups() if g).strip().lower()
    if word.startswith("weekend"):
        return {"sat", "sun"}
    if word.startswith("weekday"):
        return set(_WEEKDAYS[:5])
    return {_DAY_BY_PREFIX[word[:2]]}


@lru_cache(maxsize=16384)
def _scan(text: str) -> tuple[tuple[str, str, int, int], ...]:
    """(measure, value, start, end) of every value in ``text``."""
    out: list[tuple[str, str, int, int]] = []
    taken: list[tuple[int, int]] = []

    def add(measure: str, value: str, start: int, end: int) -> None:
        if any(start < e and s < end for s, e in taken):
            return
        taken.append((start, end))
        out.append((measure, value, start, end))

    for m in _CLOCK_EN.finditer(text):
        if m.group(1):
            h, mm = int(m.group(1)), int(m.group(2) or 0)
        else:
            h, mm = int(m.group(4)), int(m.group(5))
        if h <= 24:
            add("clock", f"{h % 12}:{mm:02d}", m.start(), m.end())
    for m in _CLOCK_ZH.finditer(text):
        if not (m.group(1) or m.group(4) or m.group(2)[0].isdigit()) or (m.group(2) == "一" and not m.group(1)):
            continue  # "说三点", "早一点(到)": not a time of day
        h = _zh_value(m.group(2))
        if h is None or h > 24:
            continue
        frac = m.group(3) or ""
        mm = 30 if frac == "半" else int(_zh_value(frac.rstrip("分")) or 0)
        add("clock", f"{int(h) % 12}:{mm:02d}", m.start(2), m.end())
    for m in _CONTACT.finditer(text):
        word = next(g for g in m.groups() if g).lower()
        add("contact", _CHANNEL.get(word, word), m.start(), m.end())
    days: set[str] = set()
    spans: list[tuple[int, int]] = []
    for m in _DAY_EN.finditer(text):
        days |= _weekday(m)
        spans.append(m.span())
    for m in _DAY_ZH.finditer(text):
        d = m.group(1)
        days |= {"sat", "sun"} if d == "末" else set(_WEEKDAYS[:5]) if m.group(2) else {_ZH_WEEKDAY[d]}
        spans.append(m.span())
    if days:
        for s, e in spans:
            add("weekday", ",".join(d for d in _WEEKDAYS if d in days), s, e)
    for m in _MEASURE_ZH.finditer(text):
        if m.group(4):  # "半小时", "半个月"
            add(_UNIT_ZH[m.group(5)], "0.5", m.start(), m.end())
            continue
        num, counter, unit = m.group(1), m.group(2) or "", m.group(3)
        v = _zh_value(num)
        if v is None or (unit == "年" and v >= 1000) or (unit == "月" and not counter):
            continue  # "2026年", "10月18日": dates, not durations
        if counter == "个半":
            v += 0.5
        measure = _UNIT_ZH[unit]
        add(measure, _fmt(v * 10 if measure == "percent" else v), m.start(), m.end())
    for m in _MEASURE_EN.finditer(text):
        if m.group(1):
            v = float(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)
            add("money", _fmt(v), m.start(), m.end())
            continue
        num, unit = (m.group(3) or m.group(4)).lower(), m.group(5).lower().replace(" ", "")
        if num[0].isdigit():
            v = float(num.replace(",", ""))
        elif unit in _UNIT_EN:
            v = _EN_NUMBERS[num]
        else:
            continue  # "a bit", "one thing": a count only in digits
        if unit in _UNIT_EN:
            measure = _UNIT_EN[unit]
        elif len(unit) >= 3 and unit not in _COUNT_STOP and unit.isalpha():
            measure = _singular(unit)
        else:
            continue
        add(measure, _fmt(v), m.start(), m.end())
    return tuple(sorted(out, key=lambda t: t[2]))


def values(text: str) -> dict[str, frozenset[str]]:
    """Each measure ``text`` gives a value, with its values."""
    out: dict[str, set[str]] = {}
    for measure, value, _, _ in _scan(text or ""):
        out.setdefault(measure, set()).add(value)
    return {k: frozenset(v) for k, v in out.items()}


@lru_cache(maxsize=16384)
def changed(new: str, old: str) -> frozenset[str]:
    """The measures both statements give a value, where ``new`` gives one ``old`` does not."""
    a, b = values(new), values(old)
    return frozenset(k for k in a.keys() & b.keys() if a[k] - b[k])


_RUN = re.compile(r"\d+(?:[.,]\d+)*")


def number_runs(text: str) -> list[str]:
    """The runs of digits in ``text``, with their decimal or thousands separators ("1,140", "5.2")."""
    return _RUN.findall(text)


def without_values(text: str) -> str:
    """``text`` with its values (the numbers and their units, the weekdays) blanked out."""
    out, last = [], 0
    for _, _, s, e in _scan(text or ""):
        out.append(text[last:s])
        out.append(" ")
        last = max(last, e)
    out.append((text or "")[last:])
    return "".join(out)
