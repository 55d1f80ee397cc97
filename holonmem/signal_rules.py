"""Text rules for memory signals, in Chinese and English (pure).

Sentences of user messages are classified as an explicit instruction, a
preference, a stated fact, or nothing (greetings, thanks, questions,
chit-chat). Retractions ("scratch that", "说错了") cancel the user's previous
statement. Also: keyword and subject extraction, polarity.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .textterms import content_chars


class _LazyPattern:
    """A module-level pattern compiled on first use.

    Compiling all of this module's patterns costs ~5 ms, and ``context`` only
    needs the few behind :func:`is_chitchat`. The first attribute access
    (``.search``, ``.sub``…) compiles the pattern and rebinds the module-level
    name to the compiled :class:`re.Pattern`, so later calls cost nothing
    extra; a proxy held elsewhere (the TOPICS list) keeps what it looked up.
    The pattern is compiled through the regex cache (:mod:`holonmem.rxcache`):
    every pattern here is written in source, and ``re.compile`` called from
    this method would compile the few a ``context`` turn needs on every turn
    (~1-2 ms: the pattern is no constant of the calling code, so the cache that
    :func:`holonmem.rxcache.install` sets up does not keep it).
    """

    def __init__(self, pattern: str, flags: int = 0):
        self._args = (pattern, flags)
        self._rx: re.Pattern | None = None

    def __getattr__(self, attr: str):
        if self._rx is None:
            from .rxcache import compile as rx_compile

            self._rx = rx_compile(*self._args)
            g = globals()
            for name, value in list(g.items()):
                if value is self:
                    g[name] = self._rx
        value = getattr(self._rx, attr)
        setattr(self, attr, value)
        return value


_lazy = _LazyPattern

# -- markers -------------------------------------------------------------------

INSTRUCTION_RE = _lazy(
    r"(以后|今后|往后(?![挪推放移延排拖调])|下次|每次|每一次|记得|记住|别再|不要再|不许再|永远不要|一律|务必|千万别"
    r"|\bfrom now on\b|\balways\b|\bnever\b|\bremember (?:that|to)\b|\bgoing forward\b|\bin (?:the )?future\b"
    r"|\bnext time\b|\bevery time\b|\bmake sure (?:to|you)\b|\bdon'?t ever\b|\bdo not ever\b)",
    re.I,
)
PREFERENCE_RE = _lazy(
    r"(我不想|我不要|我不喜欢|我喜欢|我更喜欢|我比较喜欢|我倾向|我习惯|我一般|我通常|我从不|我从来不|最好"
    r"|我[^，。,.!！?？]{0,6}不(?:安排|坐|吃|喝|用|住|开|约)"
    r"|\bI (?:really )?prefer\b|\bI'?d rather\b|\bI would rather\b|\bplease don'?t\b|\bplease do not\b"
    r"|\bI (?:really )?(?:like|love|hate|dislike)\b|\bI don'?t (?:like|want)\b|\bI (?:usually|always|never)\b)",
    re.I,
)
FACT_RE = _lazy(
    r"(我们(?:用|使用|采用)|我们的[^，。]{1,12}是|\bwe (?:use|run|deploy (?:to|on)|host (?:on|at)|are on)\b"
    r"|\bour [\w\- ]{1,30} (?:is|are|runs on)\b)",
    re.I,
)
DECISION_RE = _lazy(r"^\s*(决定|我们决定|定了[:：]|decision\b|decided\b|we decided\b|we'll go with\b|let's go with\b)", re.I)
FOLLOW_UP_RE = _lazy(
    r"(^\s*(next steps?|todo|follow[- ]up)\s*[:：]|下一步|我明天|明天[我再]|待办"
    r"|\b(?:I'll|I will|we'll|we will)\b[^.]{0,80}\b(?:tomorrow|later|next time)\b)",
    re.I,
)
RETRACT_RE = _lazy(
    r"^\s*(?:我)?(说错了|不对|算了|撤回|scratch that|never ?mind|no,? wait|ignore (?:that|what I said)|forget (?:that|it|what I said)"
    r"|cancel that|I didn'?t mean (?:it|that))",
    re.I,
)
GREETING_RE = _lazy(
    r"^\s*(hi|hello|hey|good (?:morning|afternoon|evening|night)|morning|evening|晚上好|早上好|下午好|中午好|早安|晚安|你好|嗨|哈喽|早)"
    r"[\s～~!！,，.。…😂👋🙂😊]*",
    re.I,
)
# Small talk anywhere in a message, and acknowledgements that open one.
SMALLTALK_RE = _lazy(
    r"(天气|好热|好冷|下雨了|\bweather\b|早点睡|\bhaha\b|\blol\b|that's all for today|^\s*[👍🙏😂👌]+)", re.I,
)
ACK_RE = _lazy(
    r"^\s*(thanks|thank you|thx|ty|ok|okay|cool|nice|great|good|haha|lol|good night|bye|right|sure|got it"
    r"|谢谢|多谢|好的|好|嗯|哈哈|晚安|拜拜|收到|行|可以)[\s!！.。,，~～👍🙏😂👌]*",
    re.I,
)
QUESTION_RE = _lazy(
    r"([?？]\s*$|吗[。！]?\s*$|呢[。]?\s*$|^\s*(what|why|how|when|where|who|which|can you|could you|is it|are you|do you|does|did)\b)",
    re.I,
)
NEGATION_RE = _lazy(
    r"(\bnever\b|\bdon'?t\b|\bdo not\b|\bno longer\b|\bstop\b|\bavoid\b|\bnot\b|^\s*(?:drop|remove|get rid of)\b|不要|别|不想|不许|禁止|不能|不用|不|没有|删掉|去掉)",
    re.I,
)
FILLER_RE = _lazy(
    r"(^\s*(also|and|oh|btw|fyi|by the way|anyway|one more thing|对了|还有|另外|顺便说一下|顺便|还有就是)\s*[:：,，—\-]*\s*"
    r"|[,，]?\s*(by the way|btw)\b\s*)",
    re.I,
)
USE_RE = _lazy(r"(\buse\b|\busing\b|\bswitch(?:ed)? to\b|\bwe (?:use|run|are on)\b|用|使用|采用|改用)", re.I)
# An imperative choice without a marker: "for the invoicer frontend, use npm".
IMPERATIVE_USE_RE = _lazy(r"(?:^|[,:;，：]\s*)(?:please\s+)?use\s+\S+", re.I)
_SENT_SPLIT = _lazy(r"(?<=[。！？!?])|(?<=\.)\s+|\n+")
_CLAUSE_SPLIT = _lazy(r"[，,]")
_CJK = r"\u3400-\u4dbf\u4e00-\u9fff"

# Known topics: (regex, subject, about the person in general -> scope "user").
TOPICS = [
    (_lazy(r"(回答|回复|答复|\banswers?\b|\breplies\b|\brespond)", re.I), None, True),
    # the language the person is answered in (not any mention of a language)
    (_lazy(r"((?:回答|回复|答复|跟我说|和我说|\banswers?\b|\breply\b|\breplies\b|\brespond\b|\btalk to me\b|\bwrite to me\b)[^，。.!?]{0,12}(?:中文|英文|\bEnglish\b|\bChinese\b)"
           r"|(?:中文|英文|\bEnglish\b|\bChinese\b)[^，。.!?]{0,6}(?:回答|回复|\banswers?\b|\breplies\b)|(?:answer|reply|response) language)", re.I), "answer language", False),
    (_lazy(r"(bullet|prose|paragraphs|wall of text|short version|too long|简短|简洁|concise|短一点|长篇|说重点|结论|太长了|要点)", re.I), "answer style", False),
    (_lazy(r"(靠窗|靠过道|window seat|aisle seat|座位|\bseats?\b)", re.I), "seat choice", True),
    (_lazy(r"(红眼|red-?eye)", re.I), "red-eye flights", True),
    (_lazy(r"(午饭后|午餐后|after lunch).{0,8}(会议|会|meeting)|(会议|meeting).{0,8}(午饭后|after lunch)", re.I), "meetings after lunch", True),
    (_lazy(r"(午睡|\bnap\b)", re.I), "afternoon nap", False),
]
# Things chosen among alternatives -> the category they compete in.
CHOICE_CATEGORIES = [
    (_lazy(r"\b(npm|pnpm|yarn|bun)\b", re.I), "package manager"),
    (_lazy(r"\b(pip|poetry|uv|conda|pipenv)\b", re.I), "python package manager"),
    (_lazy(r"\b(postgres(?:ql)?|mysql|sqlite|mariadb|mongodb)\b", re.I), "database"),
    (_lazy(r"\b(A4|US Letter|letter)\b(?:\s*纸张|\s*paper)?", re.I), "paper size"),
    (_lazy(r"(A4|Letter)\s*纸"), "paper size"),
    (_lazy(r"\b(ruff|flake8|pylint|black)\b", re.I), "linter"),
    (_lazy(r"\b(pytest|unittest|nose)\b", re.I), "test runner"),
    (_lazy(r"(高铁|飞机|火车|\btrain\b|\bflight\b)", re.I), "transport"),
]
_STOP = set(
    """a an the and or but to of in on for at by with from as is are was were be been it its this that these those
    i me my we our you your he she they them please also just so then than too very can could would should will
    shall may might must do does did done have has had not no yes from now always never remember going forward
    every time next make sure use using used instead let let's us there here what when where which who why how
    all any some more most less run about into over after before again once only own same such up down out off""".split()
)
_ZH_STOP = _lazy(r"(以后|今后|下次|每次|记得|记住|别再|不要再|都|要|的|了|是|在|和|就|也|吧|啊|呢|我|你|还有|对了|另外|顺便)")


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT_SPLIT.split(text or "") if s and s.strip()]


def strip_filler(text: str) -> str:
    prev = None
    s = text.strip()
    while prev != s:
        prev = s
        s = FILLER_RE.sub(" ", s, count=1).strip() if FILLER_RE.match(s) else s
    s = re.sub(r"[,，]?\s*\b(by the way|btw)\b\s*", " ", s, flags=re.I)
    return re.sub(r"\s+([,.;:!?])(?=\s|$)", r"\1", re.sub(r"\s{2,}", " ", s)).strip(" ,，")


def strip_greeting(text: str) -> str:
    """Drop leading greetings ("早上好… 哦不，晚上好 😂 今天…" -> "今天…")."""
    prev, t = None, (text or "").strip()
    while prev != t:
        prev = t
        t = GREETING_RE.sub("", t, count=1).strip()
        t = re.sub(r"^(哦不|哦|啊|嗯|oh no|oh|um|well)[\s,，!！.。…~～]+", "", t, flags=re.I).strip()
    return t


def is_retraction(text: str) -> bool:
    return bool(RETRACT_RE.match(text or ""))


@lru_cache(maxsize=4096)  # a function of the text alone; the turn server shows the same recent events turn after turn
def is_chitchat(text: str) -> bool:
    """Greetings, thanks, small talk: the text carries nothing to remember."""
    t = strip_greeting(text or "")
    if content_chars(t) < 2:
        return True
    # Small talk or an acknowledgement, unless it also states something. The
    # cheap tests go first: most messages are neither, and then the three
    # long marker patterns need not run (nor be compiled).
    if not (SMALLTALK_RE.search(t) or _ack_led(t)):
        return False
    if content_chars(SMALLTALK_RE.sub("", t)) >= 30:
        return False  # "👍 that's how I want answers in general: bottom line first…" says more than 👍
    return not (INSTRUCTION_RE.search(t) or PREFERENCE_RE.search(t) or FACT_RE.search(t))


def _ack_led(t: str) -> bool:
    """Opens with an acknowledgement and says little else."""
    rest = ACK_RE.sub("", t, count=1)
    return rest != t and (content_chars(rest) < 2 or bool(SMALLTALK_RE.search(rest)) or _only_acks(rest))


def _only_acks(text: str) -> bool:
    prev, t = None, text
    while prev != t:
        prev, t = t, ACK_RE.sub("", t, count=1)
    return content_chars(t) < 2


def is_question(sentence: str) -> bool:
    return bool(QUESTION_RE.search(sentence))


def _from_marker(sentence: str, marker_re: re.Pattern) -> str:
    """The clause holding the marker, through the end of the sentence (drops lead-ins like "好的，对了，")."""
    m = marker_re.search(sentence)
    if not m:
        return sentence
    clauses = [(c.start(), c.end()) for c in re.finditer(r"[^，,]+", sentence)]
    for start, end in clauses:
        if start <= m.start() < end:
            rest = sentence[start:].strip()
            # English clauses are kept whole: "for the invoicer frontend, use npm" needs its lead-in.
            if re.search(rf"[{_CJK}]", sentence[start:end]):
                return rest
            return sentence.strip()
    return sentence


def classify_sentence(sentence: str) -> tuple[str, str] | None:
    """(kind, clause) for one sentence of a user message, or None.

    kind: ``rule`` (explicit instruction), ``preference`` or ``fact``.
    """
    s = strip_greeting(sentence)
    if not s or is_question(s) or is_retraction(s):
        return None
    if is_chitchat(s):
        return None
    if INSTRUCTION_RE.search(s):
        clause = strip_filler(_from_marker(s, INSTRUCTION_RE))
        # "记得我午饭后不安排会议": a reminder of a standing preference about the person.
        rest = re.sub(r"^(记得|记住)[:：]?\s*", "", clause)
        if rest != clause and PREFERENCE_RE.match(rest):
            return "preference", rest
        return "rule", clause
    if IMPERATIVE_USE_RE.search(s) and choice(s):
        return "rule", strip_filler(s)
    if PREFERENCE_RE.search(s):
        return "preference", strip_filler(_from_marker(s, PREFERENCE_RE))
    if FACT_RE.search(s):
        clause = strip_filler(_from_marker(s, FACT_RE))
        clause = re.split(r",\s*(?:so|in case|because|since|which)\b|，(?:所以|因为|以防)", clause, maxsplit=1)[0]
        return "fact", clause
    return None


def polarity(clause: str) -> str:
    """``-`` for a prohibition; a choice that names what it rules out ("上海仲裁委，别用北京的",
    "pnpm instead of npm") is the choice, ``+`` (as :func:`grouping.polarity_of` reads it)."""
    from .grouping import chooses

    if re.search(r"\binstead of\b|代替|改用|换成", clause, re.I) or chooses(clause):
        return "+"
    return "-" if NEGATION_RE.search(clause) else "+"


def user_topic(clause: str) -> tuple[bool, str | None]:
    """(is about the person in general, subject if a known topic)."""
    hit = False
    subject = None
    for rx, subj, personal in TOPICS:
        if rx.search(clause):
            hit = hit or personal
            if subj and subject is None:
                subject = subj
    return hit, subject


def choice(clause: str) -> tuple[str, str] | None:
    """(chosen thing, category) when the clause picks one of known alternatives."""
    inst = re.search(r"\b(?:use|using|switch(?:ed)? to)\s+(\S+)\s+instead of\b", clause, re.I)
    if inst:
        for rx, cat in CHOICE_CATEGORIES:
            if rx.fullmatch(inst.group(1).strip("`.,")):
                return inst.group(1).strip("`.,").lower(), cat
    if not USE_RE.search(clause):
        return None
    for rx, cat in CHOICE_CATEGORIES:
        m = rx.search(clause)
        if m:
            return m.group(1).lower(), cat
    return None


def _context_phrase(clause: str) -> str:
    m = re.search(r"\bfor (?:the |our )?([A-Za-z][\w\- ]{1,40}?)(?:[,.;]|$| so\b| in case\b)", clause, re.I)
    return m.group(1) if m else ""


def keywords(text: str, limit: int = 8) -> list[str]:
    """Recall keywords: code spans, English content words, CJK chunks."""
    out: list[str] = []

    def add(w: str) -> None:
        w = w.strip().lower()
        if w and w not in out:
            out.append(w)

    for code in re.findall(r"`([^`]{2,40})`", text or ""):
        add(code)
    for w in re.findall(r"[A-Za-z][A-Za-z0-9_.+\-]*[A-Za-z0-9]|\d+[A-Za-z]*", text or ""):
        if w.lower() not in _STOP and (len(w) > 2 or (len(w) == 2 and any(c.isdigit() for c in w))):
            add(w)
    for run in re.findall(rf"[{_CJK}]+", text or ""):
        for chunk in _ZH_STOP.split(run):
            if chunk and len(chunk) >= 2 and not _ZH_STOP.fullmatch(chunk):
                add(chunk[:10])
    return out[:limit]


def normalize_subject(*parts: str) -> str:
    words: list[str] = []
    for p in parts:
        for w in re.split(r"\s+", (p or "").lower()):
            w = w.strip("`'\".,:;!?()[]")
            if w and w not in words:
                words.append(w)
    return " ".join(words)[:80]


def subject_for(clause: str, project: str | None, scope: str) -> tuple[str, str | None]:
    """(subject, choice) — a short normalised key naming what the clause is about."""
    proj = project if scope != "user" else ""
    _, topic = user_topic(clause)
    if scope == "user" and topic:
        return topic, None
    ch = choice(clause)
    if ch:
        ctx = _context_phrase(clause)
        if project and ctx.lower() == project.lower():
            ctx = ""
        return normalize_subject(proj or "", ctx, ch[1]), ch[0]
    if topic:
        return normalize_subject(proj or "", topic), None
    kws = [k for k in keywords(clause, 6) if not project or k != project.lower()][:4]
    return normalize_subject(proj or "", *kws), None
