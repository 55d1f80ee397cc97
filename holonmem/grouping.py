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
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from . import slots
from .tokens import is_cjk

THRESHOLD = 0.5
MAX_POSTINGS = 64  # a feature shared by more groups than this is too common to find candidates by

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_WORD_RE = re.compile(rf"[a-z0-9][a-z0-9+#]*|[{_CJK}]+")
_CJK_RUN = re.compile(rf"[{_CJK}]+")
STOP = frozenset(
    "a an the to of and or for in on at by with from as is are be been was were it its this that these those "
    "i me my we our us you your he she they them their please should must will would can could shall may might "
    "always never from now on then than also just only all any every do does did done have has had not no don t "
    "instead rather use uses using used pls plz thx thanks let lets s".split()
)
_NEG_WORDS = re.compile(r"\b(never|don'?t|do not|does not|doesn'?t|no longer|stop|avoid|not)\b")
_NEG_CJK = re.compile(r"不要|不用|别|不能|不得|禁止|不想|不再|勿|避免|不")
_NEG_STRIP = re.compile(r"不要|不用|不能|不得|不想|不再|禁止|避免|别|勿|不|要|以后|今后|从现在起|一定|总是|都")
_REPLACE_EN = re.compile(r"(?:\b(?:instead of|rather than|no longer use|in place of|switch(?:ed|ing)? (?:from|off|away from)|mov(?:e|ed|ing) (?:off|away from|from)|replac(?:e|es|ing)|not use)|[,—–]\s*(?:not|never))\s+(?:the\s+|an?\s+|any\s+)?(?:bare\s+|plain\s+)?\\?([a-z0-9][a-z0-9+#.-]*)")
# what a stopped way was tied to: "stop saving them up for tuesday" -> tuesday
_STOPPED_FOR = re.compile(r"\bstop\s+[a-z]{3,}ing\b(?:\s+[a-z]+){0,3}?\s+(?:for|until|till|on|to)\s+(?:the\s+)?([a-z]{3,})")
_STOPPED_EN = re.compile(r"\bstop\s+([a-z]{3,}?)(?:ing)\b|\bstop\s+([a-z]{2,})['’]ing\b|\b(?:lose|ditch) the (?:\w+ )?([a-z]{3,})\b")
_REPLACE_ZH = re.compile(rf"(?:不用|别用|不要用|不再用|而不是|代替|取代|换掉)\s*([a-z0-9][a-z0-9+#.-]*|[{_CJK}]{{1,6}})"
                         # a way of doing it stopped: "日报别发微信了", "病历别存word了"
                         rf"|别(?:再)?(?:发|存|走|寄|订|找|放|记|录)(?:到|在|进)?\s*([a-z0-9][a-z0-9+#.-]*|[{_CJK}]{{1,6}}?)(?=了|[，,。；;]|$)"
                         # "别在群里接龙了": what is no longer done in a place
                         rf"|别(?:再)?在[{_CJK}]{{0,3}}?(?:里|上|中)\s*([{_CJK}]{{2,4}}?)了"
                         # "…都微信转账 不给现金了": what is no longer given, taken or used
                         rf"|不(?:再)?(?:给|收|付|走|用|发)\s*([{_CJK}]{{2,4}}?)了")
# a choice said to be gone: "#payments-oncall got archived", "王律师上周离职了", "旧仓库停用了"
_RETIRED_EN = re.compile(r"\b([a-z0-9][a-z0-9+#._-]*)\s+(?:got|was|were|is|are|has been|have been)\s+(?:now\s+|just\s+)?"
                         r"(?:archived|retired|deprecated|decommissioned|removed|deleted|shut down|sunset|discontinued)\b"
                         # "tfenv isn't even installed anymore", "yarn is no longer used"
                         r"|\b([a-z0-9][a-z0-9+#._-]*)\s+(?:isn'?t|aren'?t|is not|are not)\s+(?:even\s+|really\s+)?(?:installed|used|available|supported|maintained)\s+any ?more\b"
                         r"|\b([a-z0-9][a-z0-9+#._-]*)\s+(?:is|are)\s+no longer\s+(?:installed|used|available|supported|maintained)\b"
                         # "we no longer order tips from fisher"
                         r"|\b(?:we|i)\s+no longer\s+(?:order|buy|get|use|book|ship)\s+(?:[\w-]+\s+){0,3}?(?:from|with|at|through|via)\s+([a-z0-9][a-z0-9+#._-]*)"
                         # "we cancelled Zendesk", "the Loom plan expired and we're not renewing"
                         r"|\b(?:we|i)\s+(?:have\s+|just\s+)?(?:cancell?ed|didn'?t renew|(?:are|'re|am|'m) not renewing)\s+(?:the\s+|our\s+|my\s+)?([a-z0-9][a-z0-9+#._-]*)"
                         r"|\b([a-z0-9][a-z0-9+#._-]*)\s+(?:plan\s+|subscription\s+|licen[cs]e\s+)?(?:has\s+)?(?:expired|lapsed)\b[^.;]{0,30}\bnot renew"
                         # "we're done with Henry Schein"
                         r"|\b(?:we|i)\s*(?:'re|'m| are| am)\s+(?:done|finished|through)\s+with\s+(?:the\s+)?([a-z0-9][a-z0-9+#._-]*)"
                         # "we dropped tfenv", "we got rid of CircleCI"
                         r"|\b(?:we|i|the team|everyone)\s+(?:have\s+|has\s+|just\s+)?(?:dropped|ditched|retired|got rid of|stopped using|uninstalled|removed)\s+(?:the\s+)?([a-z0-9][a-z0-9+#._-]*)"
                         # a person gone from the role: "Priya moved to the payments team", "Sam left last week"
                         r"|\b([a-z][a-z.'-]*)\s+(?:has\s+|just\s+)?(?:moved to (?:the |another |a )?[\w-]+ team|left(?=\s*(?:$|[.,;!]|the (?:company|team|org)|last|yesterday|this|on|for))"
                         r"|is no longer (?:on the team|with us|here|in charge|the owner))")
_RETIRED_ZH = re.compile(rf"([a-z0-9][a-z0-9+#.-]*|[{_CJK}]{{1,4}}?)\s*(?:上周|上个月|昨天|前几天|最近|月底|年底|下个月|下周|已经|已)*"
                         r"(?:离职|停用|下线|废弃|停运|关停|不租了|不用了|不合作了|退订了|注销了|不续费了|到期了?[，,\s]*不续(?:费|约)?了)"
                         # a supplier or shop changed hands or closed: "顺达那边换老板了", "楼下那家关门了"
                         rf"|([{_CJK}]{{2,4}}?)(?:那边|那家)\s*(?:换老板|换人|关门|倒闭|搬走|不干|不做|黄)了")


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "").lower().strip()


def _undouble(stem: str) -> str:
    """"tagging" and "tag", "stopped" and "stop" compare equal ("install", "pass" keep theirs)."""
    return stem[:-1] if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] in "bdgmnprt" else stem


@lru_cache(maxsize=65536)
def _stem(w: str) -> str:
    return _no_final_e(_stem_suffix(w))


def _no_final_e(stem: str) -> str:
    """"invoice" and "invoices", "change" and "changing" compare equal (the -es, -ing and -ed rules
    leave "invoic", "chang")."""
    return stem[:-1] if len(stem) >= 4 and stem.endswith("e") and not stem.endswith("ee") else stem


def _stem_suffix(w: str) -> str:
    if len(w) > 5 and w.endswith("ing"):
        return _undouble(w[:-3])
    if len(w) > 4 and w.endswith("ed"):
        return _undouble(w[:-2])
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"  # galleries / gallery, replies / reply
    if len(w) > 3 and w.endswith("es") and not w.endswith("ses"):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


# the Chinese of STOP's "we", "you", "they", "always": bigrams that name no subject ("我们一直…")
STOP_CJK = frozenset({"我们", "们一", "咱们", "你们", "他们", "她们", "们都", "一直", "直都", "直是", "总是"})


# "cc'ing", "DM'd", "jonah's": the word is the one before the apostrophe
_VERBED = re.compile(r"(?<=[a-z0-9])['’](?:ing|ed|d|s)\b")


def features(text: str, *, drop: Iterable[str] = ()) -> frozenset[str]:
    """English word stems and CJK character bigrams of ``text`` (cached)."""
    f = _features(text)
    return f.difference(drop) if drop else f


@lru_cache(maxsize=65536)
def _features(text: str) -> frozenset[str]:
    t = _VERBED.sub("", normalize(text))
    out: set[str] = set()
    for tok in _WORD_RE.findall(t):
        if _CJK_RUN.fullmatch(tok):
            if len(tok) == 1:
                out.add(tok)
            else:
                out.update(b for b in (tok[i:i + 2] for i in range(len(tok) - 1)) if b not in STOP_CJK)
        elif tok not in STOP and (len(tok) > 1 or tok.isdigit()):
            out.add(_stem(tok))
    return frozenset(out)


# a clause boundary inside one statement: a comma or semicolon (full or half width), a dash between words
_CLAUSE_END = re.compile(r"(?<=[，,；;])\s*|\s+[—–-]\s+")


def agreed_wordings(statements: Sequence[str]) -> dict[str, str]:
    """Each distinct statement without the clauses (after its first) that no other of
    ``statements`` shares a feature with. A memory generalised from wordings in several projects
    keeps what the wordings agree on and drops one project's particulars ("意见放批注里，正文保持
    原样，房东那边自己改" with "不动正文只加批注": the landlord is one project's); a clause that
    says no stays. A statement is unchanged when nothing is dropped or what is left shares nothing
    with the others. Linear in the wordings (a group can hold thousands of signals)."""
    distinct = list(dict.fromkeys(statements))
    count: dict[str, int] = {}
    for st in distinct:
        for f in features(st):
            count[f] = count.get(f, 0) + 1
    return {st: _agreed(st, lambda f, own=features(st): count.get(f, 0) > (f in own)) for st in distinct}


def _agreed(statement: str, shared: Callable[[str], bool]) -> str:
    parts = [p for p in _CLAUSE_END.split(statement) if p]
    if len(parts) < 2:
        return statement

    def supported(text: str) -> bool:
        return any(shared(f) for f in features(text))

    # a clause that says no ("not npm", "别用北京的") is the rule's own edge, never a particular
    kept = [parts[0]] + [p for p in parts[1:] if not features(p) or supported(p)
                         or _NEG_WORDS.search(normalize(p)) or _NEG_CJK.search(p)]
    if len(kept) == len(parts):
        return statement
    out = " ".join(kept) if statement.isascii() else "".join(kept)
    out = re.sub(r"[\s，,；;—–-]+$", "", out)
    # what is left must still be what the wordings agree on, not a lead-in alone ("发货那边")
    return out if supported(out) else statement


_DIGIT = re.compile(r"\d")


@lru_cache(maxsize=65536)
def _detail_key(t: str) -> str:
    """Words compare on their first 6 letters (commit / committ); names with digits exactly."""
    return t if _DIGIT.search(t) else t[:6]


def distinct_details(a: frozenset[str], b: frozenset[str]) -> bool:
    """Both sides name something the other does not ("ruff" vs "pytest", "1" vs "2").

    Only English/number tokens count: a Chinese rewording always differs in some
    bigrams. Stem variants (commit / committ) are not a difference.
    """
    xa = {_detail_key(t) for t in a - b if t.isascii()}
    if not xa:
        return False
    xb = {_detail_key(t) for t in b - a if t.isascii()}
    return bool(xb) and bool(xa - xb) and bool(xb - xa)


@lru_cache(maxsize=65536)
def new_numbers(a_text: str, b_text: str) -> frozenset[str]:
    """The numbers ``b_text`` names that ``a_text`` does not ("day 3" -> "… day 3 …, day 5 instead": {"5"})."""
    return frozenset(set(slots.number_runs(normalize(b_text))) - set(slots.number_runs(normalize(a_text))))


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


# "代码注释写英文，别混着来", "外卖单独记一类，别跟买菜混在一起", "…, don't mix them up": the negation
# only keeps two ways apart; the statement says what to do
_KEEP_APART = re.compile(r"[，,]\s*(?:别|不要)(?:跟[^，。]{1,8})?混(?:着来|在一起|用|淆)|[,;]\s*(?:don'?t|do not|never) mix (?:them|the two|it)\b"
                         # "中通发，别换", "stick with Postgres, don't switch": keeping a choice
                         r"|[，,]\s*(?:别|不要|不用)(?:再)?(?:换|改)了?\s*[。！!]?$|[,;]\s*(?:don'?t|do not|never) (?:switch|change)(?: it| that)?\.?$", re.I)


def chooses(text: str) -> bool:
    """A statement whose negation only rules out an alternative or explains the request (a
    choice, not a prohibition)."""
    return (bool(replaced_terms(text)) or bool(_KEEP_APART.search(text or "")) or bool(_ALTERNATIVE.search(text or ""))
            or _negation_only_in_reason(text or ""))


# A request followed by its reason, where only the reason is negative: "give me times in UTC
# please, half the team is in Toronto and I don't want to convert". The reason is a statement
# (it has a subject) and does not address the agent; "use helm, you don't run kubectl apply" does.
_REASON_PART = re.compile(r"[,;]|\s[-–—]\s")
_REASON_SUBJECT = re.compile(r"^\s*(?:and |but |because |since |as |so |cause |cuz )?(?:I|I'?m|we|we'?re|they|he|she|it|it'?s|that'?s|"
                             r"half|most|some|the|everyone|nobody|no one|our|my)\b", re.I)
_IMPERATIVE_HEAD = re.compile(r"^\s*(?:please |pls |just |also |and |so )?(?!(?:i|we|you|it|the|this|that|they|he|she|there|my|our)\b)[a-z]+\b", re.I)


# a statement's label: "ledger-api: " (its project) or "User instruction: " (the person's)
_USER_LABEL = r"(?:user (?:instruction|preference)|about the user|user)\s*[:：]\s*"
_USER_LABEL_RE = re.compile(rf"^{_USER_LABEL}", re.I)
_LABEL = re.compile(rf"^\s*(?:{_USER_LABEL}|[a-z0-9][\w.-]*:\s+)", re.I)


def strip_label(text: str) -> str:
    """A statement without its "project: " or "User instruction: " label."""
    return _LABEL.sub("", text or "", count=1)


def strip_user_label(text: str) -> str:
    """A statement without its "User instruction: " label (a project's label stays)."""
    return _USER_LABEL_RE.sub("", text)


def _negation_only_in_reason(text: str) -> bool:
    if not text.isascii():
        return False
    parts = [p for p in _REASON_PART.split(strip_label(text)) if p.strip()]
    if len(parts) < 2 or _NEG_WORDS.search(normalize(parts[0])) or not _IMPERATIVE_HEAD.match(parts[0]):
        return False
    negated = [p for p in parts[1:] if _NEG_WORDS.search(normalize(p))]
    return bool(negated) and all(_REASON_SUBJECT.match(p) and not re.search(r"\byou\b", p, re.I) for p in negated)


# a negation followed by what to do instead: "别直接动正文，用批注提意见", "不动正文只加批注",
# "don't edit the text, just add comments"
_ALTERNATIVE = re.compile(r"(?:别|不要|不)(?!(?:给我|帮我|给他|给她|替我)(?:改用|改成|换成|用))[^，。；！？]{1,10}[，,；;]?\s*(?:而是|改用|改成|换成|用|只)[^，。；]{1,12}"
                          r"|\b(?:don'?t|do not|never)\b[^,.;!?]{1,40}[,;]\s*(?:just |only )?(?:use|add|put|write)\b", re.I)


_AGAIN_COMPLAINT = re.compile(r"(?:^|[，,。.!！\s])又[^，,。.!！？?]{1,10}了|\byou (?:did|used|wrote|put|added|called)\b[^.;,]{0,30}\bagain\b")


@lru_cache(maxsize=65536)  # a dream asks it of every member of a group: a rule said again is one wording many times
def complains_again(text: str) -> bool:
    """"又写成几万了", "you used the old logo again": a complaint that it happened again."""
    return bool(_AGAIN_COMPLAINT.search(normalize(text)))


@lru_cache(maxsize=65536)
def polarity_of(text: str, declared: str | None = None) -> str:
    """``-`` for a negative statement (declared, or 不要/never/don't in the text), else ``+``."""
    if declared == "-" and not _KEEP_APART.search(text or ""):
        return "-"
    t = normalize(text)
    if _NEG_WORDS.search(t) or _NEG_CJK.search(t):
        return "-" if not chooses(text) else "+"
    # a complaint that it happened again is against it: "又写成几万了，金额写全！"
    return "-" if complains_again(t) else "+"


# a value changed to a number: "上限改成 5000，3000 太紧了", "raise the cap to 5000 (3000 is too tight)"
_CHANGED_TO = re.compile(r"(?:改成|改为|换成|调到|调成|提到|提高到|降到|\b(?:change|raise|lower|bump|set|increase|reduce|move)"
                         r"[a-z]*\b[^.;,，。]{0,30}?\bto)\s*[$€£¥]?\s*(\d[\d,.]*)")
# … unless it tells of a change that almost happened ("你差点改成 1.20.4")
_NEAR_MISS = re.compile(r"差点|差一点|险些|几乎|\balmost\b|\bnearly\b|\baccidentally\b")


@lru_cache(maxsize=65536)
def replaced_terms(text: str) -> frozenset[str]:
    """What a statement says to stop using: "pnpm instead of npm" -> {"npm"}; the other numbers
    of a value changed to a number ("上限改成 5000，3000 太紧了" -> {"3000"})."""
    t = normalize(text)
    out = {_stem(m.group(1).strip(".-")) for m in _REPLACE_EN.finditer(t)}
    out.update(_stem(next(g for g in m.groups() if g)) for m in _STOPPED_EN.finditer(t))  # "stop texting me": texts; "lose the logo"
    out.update(_stem(m.group(1)) for m in _STOPPED_FOR.finditer(t))
    for m in _REPLACE_ZH.finditer(t):
        out.update(features(next(g for g in m.groups() if g)))
    changed = _CHANGED_TO.search(t)
    if changed and not _NEAR_MISS.search(t[max(0, changed.start() - 12):changed.start() + 4]):
        new = changed.group(1).rstrip(".,")
        out.update(n for n in slots.number_runs(t) if n != new)
    out.update(retired_terms(text))
    return frozenset(x for x in out if x and x not in STOP)


@lru_cache(maxsize=65536)
def retired_terms(text: str) -> frozenset[str]:
    """What a statement says is gone from the world ("#payments-oncall got archived", "王律师离职了"):
    a fact that outdates every rule naming it, in whatever project."""
    t = normalize(text)
    # "#payments-oncall got archived, use #inc-payments": what the rest still names stays (the same
    # news told twice still retires it)
    out = _named_only_inside(t, [m for rx in (_RETIRED_EN, _RETIRED_ZH) for m in rx.finditer(t)])
    return frozenset(x for x in out if x and x not in STOP)


# a move of everything elsewhere: "we're moving everything to Extra UK", "switching all of it over to Xero"
_MOVE_ALL = re.compile(r"\b(?:mov|switch|migrat)\w*\s+(?:everything|all of it|all of them|the lot|all our [a-z]+)\s+(?:over\s+)?(?:to|onto)\s+", re.I)
_NAME = re.compile(r"(?<![\w.])([A-Z][a-z][\w-]+)(?:['’]s\b|\b)")


@lru_cache(maxsize=65536)
def left_names(text: str) -> frozenset[str]:
    """The names a move of everything elsewhere leaves ("Madison's lead times are silly now, we're
    moving everything to Extra UK" -> {"madison"}): the capitalised names said before the move,
    a possessive or one inside the sentence (a sentence's first word is no name by its capital)."""
    m = _MOVE_ALL.search(text or "")
    if not m:
        return frozenset()
    head = text[:m.start()]
    out = set()
    for n in _NAME.finditer(head):
        first = not head[:n.start()].strip() or head[:n.start()].rstrip()[-1:] in ".!?:"
        if first and not n.group(0).endswith(("'s", "’s")):
            continue
        out.update(features(n.group(1)))
    return frozenset(out - features(text[m.end():]) - STOP)


def _named_only_inside(t: str, hits: list[re.Match]) -> frozenset[str]:
    """The features of the phrases ``hits`` name (each one's first group that matched) that the
    text outside every one of them does not."""
    if not hits:
        return frozenset()
    rest, last = [], 0
    for m in sorted(hits, key=lambda m: m.start()):
        rest.append(t[last:m.start()])
        last = max(last, m.end())
    kept = features(" ".join(rest) + " " + t[last:])
    out: set[str] = set()
    for m in hits:
        out.update(features(next(g for g in m.groups() if g is not None)) - kept)
    return frozenset(out)


# what a move takes elsewhere: "moving surveys to tally" / "bug tracking moved to linear" -> the
# surveys, the bug tracking (its new home is the value; the thing moved is the slot)
_MOVED_OBJECT = re.compile(r"\b(?:mov(?:e|ed|ing)|switch(?:ed|ing)?|migrat(?:e|ed|ing))\s+(?:the\s+|our\s+|all\s+(?:the\s+|our\s+)?)?"
                           r"((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+(?:over\s+)?(?:to|into|onto)\b"
                           r"|\b((?:[a-z][\w-]*\s+)?[a-z][\w-]*)\s+(?:has\s+|have\s+|is\s+|are\s+|got\s+)?(?:moved|switched|migrated)\s+(?:over\s+)?(?:to|into|onto)\b"
                           # "invoices come out of xero now"
                           r"|\b([a-z][\w-]*)\s+(?:come|comes|go|goes|are made|get made)\s+(?:out of|from|through|via|in)\s+\S+\s+now\b"
                           # "we're on honeybook now for invoicing", "we're using tally for surveys now"
                           r"|\b(?:we|i)(?:'re|'m|\s+are|\s+am)\s+(?:on|using)\s+[\w.-]+\s+(?:now\s+for\s+((?:[a-z][\w-]*\s+)?[a-z][\w-]*)"
                           r"|for\s+((?:[a-z][\w-]*\s+)?[a-z][\w-]*)\s+now)\b")
_NOT_AN_OBJECT = frozenset("we i you they he she it everything everyone things stuff them us over".split())
# where or with what a thing is done: "survey in google forms", "use tfenv to switch"
_TOOL_SLOT = re.compile(r"\b(?:in|on|via|through|thru|with|using|use|into)\s+(?:the\s+|our\s+)?([a-z][\w.+-]{2,})")


@lru_cache(maxsize=65536)
def moved_objects(text: str) -> frozenset[str]:
    """The features of what a statement moves elsewhere ("we're moving surveys to tally" -> {survey})."""
    out: set[str] = set()
    for m in _MOVED_OBJECT.finditer(normalize(text)):
        words = [w for w in next(g for g in m.groups() if g).split() if w not in _NOT_AN_OBJECT and w not in STOP]
        out.update(features(" ".join(words)))
    return frozenset(out)


# the thing a "how it is now" change is about: "付款现在是4-4-2了" -> 付款, "terms are net 15 now" -> terms
_NOW_SUBJECT = re.compile(rf"([{_CJK}]{{2,4}})现在(?:是|换|改成?|用|走|由|归)|\b([a-z][\w-]+?)(?:\s+(?:is|are)\s+|'s\s+|'re\s+)[^,.;]{{1,20}}\s+now\b")


@lru_cache(maxsize=65536)
def now_subject(text: str) -> frozenset[str]:
    """The features of what a change told as "how it is now" is about."""
    out: set[str] = set()
    for m in _NOW_SUBJECT.finditer(normalize(text)):
        out.update(features(next(g for g in m.groups() if g)))
    return frozenset(out)


def names_tool(text: str, besides: frozenset[str]) -> bool:
    """Whether ``text`` says where or with what something is done, naming a term not in ``besides``."""
    return any(_stem(m.group(1).strip(".-")) not in besides and m.group(1) not in STOP for m in _TOOL_SLOT.finditer(normalize(text)))


def retired_clauses(text: str) -> str:
    """The clauses of ``text`` that say something is gone ("", when none does)."""
    return "，".join(c for c in re.split(r"\s*[，,;；]\s*", text) if retired_terms(c)).strip()


@lru_cache(maxsize=65536)
def core_features(text: str) -> frozenset[str]:
    """Features of the subject of a statement: negations and replaced terms removed."""
    t = _NEG_STRIP.sub(" ", normalize(text))
    t = _NEG_WORDS.sub(" ", t)
    return features(t, drop=replaced_terms(text))


@lru_cache(maxsize=65536)
def conflicts(a_text: str, a_pol: str, b_text: str, b_pol: str, *, threshold: float = THRESHOLD) -> bool:
    """True when two statements talk about the same subject but disagree (pure, cached: a dream
    asks it of the same pair of wordings once per signal)."""
    fa, fb = features(a_text), features(b_text)
    ra, rb = replaced_terms(a_text), replaced_terms(b_text)
    # a replaced choice: one says "Y instead of X", the other says X (without replacing it)
    if _names_replaced(rb, fa - ra) or _names_replaced(ra, fb - rb):
        ca, cb = core_features(a_text), core_features(b_text)
        # a replaced value or day ("bump the limit to $600, $400 was…", "stop saving them up for
        # tuesday") is specific enough that one more word in common ties the two together
        specific = any(_VALUE_TERM.search(t) for t in (rb & fa) | (ra & fb)) or _same_topic(a_text, b_text)
        if len(ca & cb) >= (1 if specific else 2) or similarity(ca, cb) >= threshold * 0.6:
            return True
    if a_pol != b_pol:
        return similarity(core_features(a_text), core_features(b_text)) >= max(threshold, 0.6) or resets_value(a_text, b_text)
    # the same thing from two different sources ("驱虫药还是从华牧订" / "驱虫药以后都从康宠订")
    sa, sb = sources(a_text), sources(b_text)
    if sa and sb and not sa & sb:  # about one thing (a "project: " label is no thing)
        na, nb = normalize(a_text), normalize(b_text)
        if any(v in nb for v in sa) or any(v in na for v in sb):
            return True  # "快递都走中通" / "中通又被投诉…以后都走顺丰": the newer names the one it leaves
        return bool(core_features(a_text) - sa & core_features(b_text) - sb)
    # one gives what the other's reason rules out: "give me temps in fahrenheit, I honestly can't
    # picture celsius" / "you can give me temps in celsius now"
    for x, y in ((a_text, b_text), (b_text, a_text)):
        out = rejected_terms(x) & core_features(y)
        if out and core_features(x) & core_features(y) - out - rejected_terms(x):
            return True
    # the same setting given another value: "posts go up tues + thurs at 7pm" / "… mon/wed/fri at 8am"
    return resets_value(a_text, b_text)


def _same_topic(a: str, b: str) -> bool:
    """Both open with the same Chinese topic word ("工钱都是…" / "工钱以后都…")."""
    ha, hb = strip_label(a).lstrip()[:2], strip_label(b).lstrip()[:2]
    return len(ha) == 2 and ha == hb and all(is_cjk(c) for c in ha)


_VALUE_TERM = re.compile(r"\d|^(?:mon|tues|wednes|thurs|fri|satur|sun)day$")


def _names_replaced(replaced: frozenset[str], other: frozenset[str]) -> bool:
    """The other statement names what was replaced: an English word, or two of the Chinese phrase's
    bigrams ("不用我个人微信了" is not named by "微信里看全是竖线"; "别用问卷星了" is by "问卷星发链接")."""
    hit = replaced & other
    if not hit:
        return False
    if any(t.isascii() for t in hit):
        return True
    cjk = [t for t in replaced if not t.isascii()]
    return len(hit) >= min(2, len(cjk))


# a reason in the first person that rules something out: "I honestly can't picture celsius",
# "我看不惯公里每升"; what follows the negation is what the statement does not want
_REJECTS = re.compile(r"\b(?:i|we)\b[^,;.!?]{0,20}?\b(?:can'?t|cannot|don'?t|do not|never|hate|dislike|can'?t stand)\b([^,;.!?]{1,40})"
                      rf"|我[^，。！？,.]{{0,6}}?(?:看不惯|不习惯|受不了|不喜欢|看不懂)([^，。！？,.]{{1,20}})"
                      rf"|(?:^|(?<=[\s，,;；]))([{_CJK}a-z0-9]{{2,10}})(?:看着|读着|听着)(?:别扭|难受|费劲|头疼)")


@lru_cache(maxsize=65536)
def rejected_terms(text: str) -> frozenset[str]:
    """What a statement's first-person reason rules out, not named in the rest of it (the
    choice it makes): "…in fahrenheit on everything, I honestly can't picture celsius" -> {celsius}."""
    t = normalize(text)
    out = _named_only_inside(t, list(_REJECTS.finditer(t)))
    return frozenset(x for x in out if (len(x) >= 3 if x.isascii() else len(x) >= 2))


_PERSON_CJK = frozenset("我你您他她它")


@lru_cache(maxsize=65536)
def value_topic(a_text: str, b_text: str) -> frozenset[str]:
    """What two statements both name besides their values (numbers with their units, weekdays): a
    word of three letters or more, or a Chinese bigram that is not a pronoun's ("给我")."""
    shared = (core_features(slots.without_values(strip_label(a_text)))
              & core_features(slots.without_values(strip_label(b_text))))
    return frozenset(t for t in shared if (len(t) >= 3 and not t.isdigit() and t not in STOP and t not in _BOUND_WORDS if t.isascii()
                                           else not _PERSON_CJK & set(t))) | (titled_names(a_text) & titled_names(b_text))


# a person named with a title: "Dr Ng", "Ms. Li" — a short surname is still a name
_TITLED = re.compile(r"\b(?:dr|mr|mrs|ms|miss|prof|professor)\.?\s+([a-z][a-z'-]+)")


@lru_cache(maxsize=65536)
def titled_names(text: str) -> frozenset[str]:
    """The surnames ``text`` gives with a title ("Dr Ng is only in mondays" -> {"ng"})."""
    return frozenset(m.group(1) for m in _TITLED.finditer(normalize(text)))


# the words around a threshold name no subject: "anything over $50" / "anything over $400"
_BOUND_WORDS = frozenset({"over", "under", "above", "below", "anyth", "everyth", "someth", "more", "less", "than", "least", "most", "upto"})


@lru_cache(maxsize=65536)
def resets_value(a_text: str, b_text: str) -> bool:
    """One statement gives a measure the other also gives, another value, on the same subject: two
    words in common besides the values, one of them English or a Chinese run of three characters."""
    if not (slots.changed(a_text, b_text) or slots.changed(b_text, a_text)):
        return False
    shared = value_topic(a_text, b_text)
    return len(shared) >= 2 and (any(t.isascii() for t in shared)
                                 or common_cjk_run(slots.without_values(a_text), slots.without_values(b_text)) >= 3)


_SOURCE = re.compile(rf"从\s*([{_CJK}a-z0-9]{{2,6}}?)(?:那边|那里|这边|家)?(?:订|拿|买|进货|进|采购|调货)"
                     # the carrier a kind of thing goes by: "快递都走中通", "以后一律走顺丰"
                     rf"|(?:都|一律|统一|全部|全都)走\s*([{_CJK}]{{2,3}}|[a-z][\w-]{{1,12}})(?![{_CJK}])"
                     r"|\b(?:from|through|via) (?:the )?([a-z][\w&.-]{2,})\b")


@lru_cache(maxsize=65536)
def sources(text: str) -> frozenset[str]:
    """Where a statement says a thing comes from ("从康宠订" -> 康宠, "tips come from fisher" -> fisher)."""
    out = set()
    for m in _SOURCE.finditer(normalize(text)):
        v = next(g for g in m.groups() if g)
        if v not in STOP:
            out.add(v)
    return frozenset(out)


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
    as the same statement. Groups come out in the order of their first member.
    Candidates come from the rarer features only (an inverted index whose
    saturated posting lists are skipped), so the cost stays near-linear.
    """
    blocks: dict[tuple, dict] = {}
    groups: list[list[int]] = []
    for i, item in enumerate(items):
        f = features(text_of(item))
        key = block_of(item)
        b = blocks.get(key)
        if b is None:
            b = blocks[key] = {"post": {}, "leaders": [], "subjects": {}, "near": {}}
        post: dict[str, list[int]] = b["post"]
        leaders = b["leaders"]
        # the leaders ``f`` reaches (in id order, with their similarity) depend only on ``f`` and on
        # the block's leaders, so they are kept per feature set until the block gets a new leader:
        # a repeated wording costs one lookup instead of a candidate count
        near = b["near"].get(f)
        if near is None:
            near = []
            for g in sorted(candidates(f, post, threshold)):
                sim = same_statement(f, leaders[g][0], threshold)
                if sim >= threshold:
                    near.append((g, sim))
            b["near"][f] = near
        best, best_sim = None, threshold
        for g, sim in near:
            if sim > best_sim or best is None:
                if separate is None or not separate(items[leaders[g][1]], item):
                    best, best_sim = g, sim
        subj = subject_of(item) if subject_of is not None else ""
        if best is None and subj and subj in b["subjects"]:
            g = b["subjects"][subj]
            if separate is None or not separate(items[leaders[g][1]], item):
                best = g
        if best is not None:
            groups[leaders[best][2]].append(i)
            continue
        gid = len(leaders)
        leaders.append((f, i, len(groups)))
        groups.append([i])
        b["near"].clear()
        if subj:
            b["subjects"].setdefault(subj, gid)
        for tok in f:
            lst = post.setdefault(tok, [])
            if len(lst) < MAX_POSTINGS:
                lst.append(gid)
    return groups


def candidates(f: frozenset[str], post: dict, threshold: float = THRESHOLD) -> list:
    """Ids in the inverted index ``post`` (feature -> ids) that may reach Dice >= threshold with ``f``.

    Counts shared features over the rarer keys only; Dice >= t needs at least
    t*|f|/(2-t) shared features, of which the skipped common keys may supply
    at most their number.
    """
    keys = rare_keys(f, post)
    counts: dict = {}
    for tok in keys:
        for g in post[tok]:
            counts[g] = counts.get(g, 0) + 1
    need = threshold * len(f) / (2 - threshold) - (sum(1 for t in f if t in post) - len(keys))
    return [g for g, c in counts.items() if c >= need]


def rare_keys(f: Iterable[str], post: dict) -> list[str]:
    """The features of ``f`` worth looking up: posting lists not saturated
    (all of them when every one is saturated)."""
    present = [t for t in f if t in post]
    rare = [t for t in present if len(post[t]) < MAX_POSTINGS]
    return rare or present


def rare_features(texts: Sequence[str], *, max_share: float = 0.05, floor: int = 3) -> list[frozenset[str]]:
    """For each text, its features that few of ``texts`` share (at most ``max_share`` of them,
    never fewer than ``floor``): the things a statement is about ("parquet", "17", "外卖"),
    not the words every instruction uses."""
    feats = [features(t) for t in texts]
    sets: dict[frozenset[str], int] = {}  # each distinct feature set once, with how many texts have it
    for f in feats:
        sets[f] = sets.get(f, 0) + 1
    df: dict[str, int] = {}
    for f, n in sets.items():
        for tok in f:
            df[tok] = df.get(tok, 0) + n
    limit = max(floor, int(max_share * len(texts)))
    rare = {f: frozenset(t for t in f if df[t] <= limit and not _WHEN_WORD.fullmatch(t) and not _HOW_FIRMLY.fullmatch(t)
                         and (len(t) >= 3 or t.isdigit() or not t.isascii() and not _CJK_FUNCTION.search(t)))
            for f in sets}
    return [rare[f] for f in feats]


def distinct_terms(shared: Iterable[str]) -> int:
    """How many things a set of shared features names: Chinese bigrams that chain into one run
    ("哪台" + "台车" from 哪台车, "不给" + "给报") are one word; a run of four characters or more
    ("仲裁委员会") names a term specific enough to count twice."""
    return _distinct_terms(frozenset(shared))


@lru_cache(maxsize=65536)  # merge_on_rare asks it of the same group's features for every leader
def _distinct_terms(shared: frozenset[str]) -> int:
    words, chains = _words_and_chains(shared)
    return words + sum(2 if size >= 3 else 1 for size in chains)


def statement_size(features_: Iterable[str]) -> int:
    """How many words a statement's features span: English words and numbers one each, a chain
    of Chinese bigrams about one word per two characters ("保养去顺达汽修" is three words, where
    :func:`distinct_terms` counts the chain as one named term)."""
    return _statement_size(frozenset(features_))


@lru_cache(maxsize=65536)
def _statement_size(feats: frozenset[str]) -> int:
    words, chains = _words_and_chains(feats)
    return words + sum(max(1, (size + 2) // 2) for size in chains)  # n chained bigrams cover n + 1 characters


def _words_and_chains(feats: frozenset[str]) -> tuple[int, list[int]]:
    """The features that are whole words (English, numbers, single characters) and the sizes of
    the chains the Chinese bigrams form (bigrams linked through a shared end character)."""
    words = sum(1 for t in feats if t.isascii() or len(t) != 2)
    left = {t for t in feats if not t.isascii() and len(t) == 2}
    chains = []
    while left:
        chain, size = [left.pop()], 1
        while chain:
            x = chain.pop()
            linked = {y for y in left if y[0] == x[1] or y[1] == x[0]}
            left -= linked
            chain.extend(linked)
            size += len(linked)
        chains.append(size)
    return words, chains


# when something happens is no topic: two requests that both say "早上" or "第二天" are not one request
_WHEN_WORD = re.compile(r"早上|晚上|下午|上午|中午|明天|今天|昨天|后天|前天|第二|二天|每天|每周|每月|以后|之前|时候|现在|最近|月底|年底"
                        r"|周[一二三四五六日末]|星期|礼拜|[一二三四五六七八九十两]点|点前|点后"
                        r"|today|tomorrow|yesterday|morning|evening|night|tonight|week|weekly|daily|monday|tuesday|wednesday"
                        r"|thursday|friday|saturday|sunday|am|pm")
# how firmly a rule is meant is no topic either: "保养一律去顺达" and "加油一律刷油卡" are two rules
_HOW_FIRMLY = re.compile(r"一律|一定|必须|务必|千万|统一|总是|全部|所有|尽量|always|never|every|must")
# a Chinese bigram with a function character in it ("都先", "的人", "个油", "哪台") spans two words,
# or a word and a particle, measure word or question word: it names nothing, however rare the pair
_CJK_FUNCTION = re.compile(r"[的了都也就还又才很太把被先再是和与而或呢吧吗啊么着个哪]")


# the words of a statement that only points back at an earlier one ("remember the lactose thing")
_POINTER_WORDS = frozenset("remember recall keep mind thing things rule part stuff point usual same again also".split())


def merge_on_rare(
    groups: list[list[int]],
    items: Sequence[dict],
    text_of: Callable[[dict], str],
    eligible: Callable[[dict], bool],
    block_of: Callable[[dict], tuple],
    *,
    separate: Callable[[dict, dict], bool] | None = None,
    whole: Callable[[dict, dict], bool] | None = None,
    min_shared: int = 2,
) -> list[list[int]]:
    """Join groups whose members all pass ``eligible`` when they share ``min_shared`` rare
    features (see :func:`rare_features`) within one block: the same request said in other
    words ("load the parquet snapshot, not events.csv" / "Parquet, not CSV") finds its twin
    though the wordings are too different for :func:`group_indices`. Leader-style, in order.
    For the pairs ``whole(leader, item)`` names, the shared part is weighed against every word
    the two say (:func:`statement_size`), not against the terms they name."""
    rare = rare_features([text_of(it) for it in items])
    out: list[list[int]] = []
    leaders: list[tuple[tuple, frozenset[str], int, int]] = []  # (block, rare features, out index, leader item)
    for g in groups:
        if not all(eligible(items[i]) for i in g):
            out.append(g)
            continue
        # a one-digit count is a detail, not what a request is about ("8 道题" / "晚上 8 点"; "1.20.1" gives 1 and 20)
        fr = frozenset(x for x in frozenset().union(*(rare[i] for i in g)) if not (len(x) == 1 and x.isdigit()))
        block = block_of(items[g[0]])
        # a group that names one rare thing and little else ("Remember the lactose thing") is
        # about that thing: one shared feature is all it can show
        named = features(text_of(items[g[0]])) - _POINTER_WORDS
        need = 1 if len(g) == 1 and len(named) == 1 and named <= fr else min_shared
        hit = None
        for b, lf, oi, li in leaders:
            if b != block or (separate and separate(items[li], items[g[0]])):
                continue
            # two long requests sharing two rare words are two requests ("保养一律去顺达汽修…" /
            # "加油一律刷公司的油卡…": 公司, 给报; "log gravity … on the fermentation sheet" / "the dry
            # hop goes in on day 3 of fermentation, put it on the brew sheet"): the shared part must
            # be a fair share of the shorter (of the two on average when the words are English or
            # numbers, whole words where Chinese bigrams are pieces)
            both = fr & lf
            # a word both put in quotes (“亲”, 'Cheers') is a named thing: it counts twice
            shared = distinct_terms(both) + len(quoted_terms(text_of(items[li])) & quoted_terms(text_of(items[g[0]])))
            if shared < need:
                continue
            size = statement_size if whole is not None and whole(items[li], items[g[0]]) else distinct_terms
            sizes = (size(fr), size(lf))
            if sum(t.isascii() for t in both) >= need:
                fair = 0.25 * (sizes[0] + sizes[1]) / 2
            else:
                fair = 0.3 * min(sizes)
            # a number or a name with digits in it ("1.20.1", "p99") says more than a word: it counts twice
            weight = shared + sum(1 for t in both if _DIGIT.search(t))
            if need == 1 or weight >= fair:
                hit = oi
                break
        if hit is None:
            leaders.append((block, fr, len(out), g[0]))
            out.append(list(g))
        else:
            out[hit].extend(g)
    return out


_QUOTED = re.compile(r"“([^”]{1,20})”|「([^」]{1,20})」|\"([^\"]{1,20})\"|(?:^|(?<=\s))'([^']{1,20})'(?=[\s.,;!?]|$)")


@lru_cache(maxsize=65536)
def quoted_terms(text: str) -> frozenset[str]:
    """The words a statement puts in quotes ("别叫客户“亲”" -> {"亲"})."""
    return frozenset(normalize(next(g for g in m.groups() if g)) for m in _QUOTED.finditer(text or ""))


# a Chinese term may carry a few Latin letters or digits inside it ("回T退订", "A4纸")
_CJK_TERM_RUN = re.compile(rf"[{_CJK}]+(?:[a-z0-9]{{1,4}}[{_CJK}]+)*")
_CJK_TERM_STOP = re.compile(r"以后|今后|每次|记得|记住|不要|不用|我们|你们|一下|的|了|都|要|是")


def common_cjk_run(a: str, b: str, limit: int = 400) -> int:
    """Length of the longest run of CJK characters (with the Latin letters or digits inside a term)
    both texts contain (function words removed)."""
    ra = [_CJK_TERM_STOP.sub("|", r) for r in _CJK_TERM_RUN.findall(normalize(a)[:limit])]
    rb = "|".join(_CJK_TERM_STOP.sub("|", r) for r in _CJK_TERM_RUN.findall(normalize(b)[:limit]))
    best = 0
    for run in "|".join(ra).split("|"):
        for i in range(len(run)):
            for j in range(i + best + 1, len(run) + 1):
                if run[i:j] in rb:
                    best = j - i
                else:
                    break
    return best
