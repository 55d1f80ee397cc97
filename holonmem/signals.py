"""Memory signals from one finished episode (pure: events in, signal dicts out).

Rules (see :mod:`signal_rules` for the phrase lists, Chinese and English):

- user messages only yield instructions (kind ``rule``), preferences, stated
  facts and decisions; a retraction ("scratch that", "说错了") cancels the
  user's immediately preceding message; greetings, thanks, questions and
  small talk yield nothing;
- text from a tool result, fetched content or the assistant never yields an
  instruction or preference, whatever it says. When such text *reads like*
  one (a tool result, or a quotation in an assistant/system message), one
  ``untrusted`` record is kept per event (kind ``fact``, no channels, low
  confidence, statement ``Untrusted text in web_fetch output: "…"``) so the
  dream journal can show it skipped as untrusted; dream never promotes it;
- a failed tool result followed in the same episode by a passing result of
  the same tool yields a ``lesson`` (trust ``tool-observed``), worded from
  the diagnosis and the fix between them.

Signal ids are content-derived, so extracting twice yields the same ids.
"""

from __future__ import annotations

import re

from . import attribution, grouping
from . import signal_rules as R
from . import utterance as U
from .episodes import Episode

from .signal_model import (  # noqa: F401  (re-exported for callers)
    CHANNELS, CONFIDENCE, EXPLICIT_ACTS, KINDS, SCOPES, TRUSTS, UNTRUSTED_CONFIDENCE, UNTRUSTED_QUOTE_CHARS,
    UNTRUSTED_SCAN_CHARS, end_punct as _end_punct, make_signal, signal_id,
)
from .lessons import lesson_signal
from .tokens import is_cjk


_EN_PRONOUNS = [
    (r"^I'?d rather\b", "The user would rather"), (r"^I would rather\b", "The user would rather"),
    (r"^I (really )?prefer\b", "The user prefers"), (r"^I don'?t want\b", "The user does not want"),
    (r"^I don'?t like\b", "The user does not like"), (r"^I (really )?like\b", "The user likes"),
    (r"^I (usually|always|never)\b", r"The user \1"), (r"^please don'?t\b", "Do not"),
]


def user_statement(clause: str, kind: str) -> str:
    """A user-level statement that stands alone: "我不想…" -> "用户不想…"."""
    c = clause.strip()
    if re.match(r"^(?:the user'?s?\b|用户)", c, re.I):
        return _end_punct(c[0].upper() + c[1:] if c[0].isascii() else c)
    if c.startswith("我") and not c.startswith("我们"):
        return _end_punct("用户" + c[1:])
    for pat, rep in _EN_PRONOUNS:
        if re.match(pat, c, re.I):
            return _end_punct(re.sub(pat, rep, c, count=1, flags=re.I))
    label = {"rule": "User instruction", "preference": "User preference", "fact": "About the user"}.get(kind, "User")
    return _end_punct(f"{label}: {c}")


def project_statement(clause: str, project: str, label: str = "") -> str:
    c = clause.strip()
    c = c[0].upper() + c[1:] if c and c[0].isascii() else c
    if project.lower() in c.lower() and not label:
        return _end_punct(c)
    return _end_punct(f"{project}{(' ' + label) if label else ''}: {c}")


_ACT_KIND = {"instruct": "rule", "convention": "fact", "prefer": "preference", "correct": "fact", "revoke": "rule", "replace": "rule", "state": "fact"}
_ACT_CONF = {"instruct": 0.8, "convention": 0.75, "prefer": 0.55, "correct": 0.8, "revoke": 0.8, "replace": 0.8, "state": 0.6}


def _findings(text: str, prev_assistant: str, prior_quoted: list[str] | None = None,
              authored: U.Authored | None = None) -> list[U.Finding]:
    """The acts of one user message (see :mod:`utterance`), a mid-message retraction applied.

    ``prior_quoted``: what the user pasted in their previous message, for an adoption
    ("the pinyin part, yes - follow that"); ``authored``: ``U.authored(text)`` when the caller has it.
    """
    a = authored or U.authored(text)
    quoted = a.quoted + list(prior_quoted or [])
    out: list[U.Finding] = []
    prev = bare_prev = frame = ""
    secret_before = False
    prev_found = False
    for sent in U.sentences(a.text):
        bare = re.sub(r"^\s*(?:wait|hmm|oh|ah|等等|哎)[\s,，.…!！]*", "", sent, flags=re.I)
        if R.is_retraction(bare) and len(re.sub(r"\W", "", R.RETRACT_RE.sub("", bare))) < 8:
            out.clear()  # "…, wait, ignore that": what came before in this message is taken back
            prev = bare_prev = ""
            continue
        corrected_prev = prev_found and out and out[-1].sentence == prev and out[-1].act == "correct"
        if (prev and (not prev_found or corrected_prev) and _NOT_A_NUMBER.match(bare) and re.search(r"\d", prev)
                and U.content_chars(prev) <= 30 and not U.is_question(prev)):
            # "酸菜鱼是 58！不是 48，…": the right value, then the wrong one, as two sentences
            if corrected_prev:
                out.pop()
            sent = prev.rstrip("！!。. ") + (", " if prev.isascii() else "，") + bare
        sent = U.self_corrected(sent)
        framed, frame = frame, ""
        fm = _FRAME.match(sent)
        if fm and not out:
            frame = fm.group(1).strip()
            prev, prev_found, bare_prev = sent, False, ""
            continue
        if secret_before and _ABOUT_IT.search(sent):
            # "pw is [REDACTED]. dont write that down anywhere": about the secret, not a way of working
            prev, prev_found, bare_prev, secret_before = sent, False, "", False
            continue
        secret_before = "[REDACTED" in sent
        if out and out[-1].sentence == prev and _INTENSIFIER.match(sent):
            # "no force pushes. ever.": the short sentence makes the one before it standing
            last = out[-1]
            out[-1] = U.Finding("instruct" if last.act == "prefer" else last.act, last.text, last.sentence,
                                last.personal, last.conditional, True)
            prev, prev_found, bare_prev = sent, True, ""
            continue
        f = U.classify(sent, prev_assistant=prev_assistant, quoted=quoted, prev_user=prev)
        if framed and (f is None or f.act in ("prefer", "instruct")) and not U.is_question(sent):
            # "that's how I want answers in general. bottom line first, details after": the frame
            # makes the next sentence a standing wish; answers and messages to the person are theirs
            body = U.clean(sent)
            body = body[0].lower() + body[1:] if body[:1].isupper() and sent.lstrip()[:1].islower() else body
            text = f"{framed[0].upper()}{framed[1:]}: {body}"
            f = U.Finding("instruct", text, sent,
                          personal=bool(_TO_PERSON.search(framed)) or (f is not None and f.personal), standing=True)
        if f is None and R.FACT_RE.search(sent) and not (U.ONE_OFF.search(sent) or U.SARCASM.search(sent)
                                                          or U.DESCRIPTIVE.search(sent) or U.is_question(sent)):
            f = U.Finding("state", U.fact_clause(U.clean(sent)), sent, personal=False)
        if f is not None and "[REDACTED" in f.text:
            # a credential is never part of a memory: keep the clauses around it, or nothing
            parts = re.split(r"(?<=[，,;；])\s*", f.text)
            kept = "".join(c for c in parts if "[REDACTED" not in c).strip(" ，,;；")
            # without its head the rest must still say something by itself ("if it asks for a password
            # when you scp its [REDACTED], yes i know, ill set up keys" does not)
            # … or its condition ("pw is [REDACTED] if steamcmd asks" held the "if")
            headless = "[REDACTED" in parts[0] or f.conditional and not U.CONDITIONAL.search(kept)
            # … and a condition alone is no rule ("for when it's time, login is x and the pw is [REDACTED]")
            headless = headless or f.conditional and len(parts) > 1 and U.CONDITIONAL.search(kept) and "," not in kept and "，" not in kept
            f = (U.Finding(f.act, kept, sent, f.personal, f.conditional, f.standing)
                 if U.content_chars(kept) >= 6 and not (headless and U.classify(kept, prev_assistant=prev_assistant) is None) else None)
        if (f is not None and f.act == "replace" and bare_prev and U.content_chars(f.text) < 40
                and re.search(r"\d", f.text) and re.search(r"\d", bare_prev)):
            # "sub-3:45 is too ambitious. Let's be realistic: target 3:55 instead.": a short change
            # of a value carries the sentence before it, which names the value it changes
            f = U.Finding(f.act, _glue(bare_prev, f.text), f.sentence, f.personal, f.conditional, f.standing)
        topic = _TOPIC_AGAIN.match(bare_prev) if f is not None and bare_prev else None
        if topic and f.act in ("instruct", "prefer", "convention") and re.search(r"\d|[+#@]\w", topic.group(1)) \
                and re.search(r"\b(?:it|them|those|these)\b", f.text, re.I):
            # the topic carries the value the rule is about; without it "convert them" says nothing
            f = U.Finding(f.act, f"{topic.group(1)[0].upper()}{topic.group(1)[1:]}: "
                          f"{f.text[0].lower() if f.sentence.lstrip()[:1].islower() else f.text[0]}{f.text[1:]}",
                          f.sentence, f.personal, f.conditional, f.standing)
        if (f is not None and f.act in ("instruct", "prefer", "replace") and f.standing and not bare_prev
                and out and out[-1].sentence == prev and out[-1].act == "state" and grouping.retired_terms(prev)):
            bare_prev = out.pop().sentence  # "we no longer order tips from fisher." told as a fact, then the new way
        if (f is not None and f.act in ("instruct", "prefer", "replace") and f.standing and bare_prev
                and grouping.retired_terms(bare_prev)):
            # "王律师上周离职了。以后意见书都发陈律师审。": a standing rule right after the news that
            # something is gone replaces the rules that named it; the news is its reason
            gone = (grouping.retired_clauses(bare_prev) or bare_prev).rstrip("。.!！ ")
            rule = f.text.rstrip("。.!！ ")
            text = f"{rule} ({gone})." if rule.isascii() else f"{rule}（{gone}）。"
            f = U.Finding("replace", text, f.sentence, f.personal, f.conditional, True)
        if (f is None and out and out[-1].sentence == prev and out[-1].act == "revoke"
                and _PUT_THEM.match(sent) and not U.is_question(sent)):
            # "stop texting me the updates. just post them in #ops on slack": where they go now
            f = U.Finding("prefer", U.clean(sent), sent, out[-1].personal)
        if (f is None and bare_prev and _APPLIED_HERE.match(sent) and U.DIRECTIVE.match(bare_prev.strip())
                and _OF_A_KIND.search(bare_prev)):
            # "round the quote totals up to the next 5 bucks. so 560 here": the way, shown on this case
            f = U.Finding("instruct", U.clean(bare_prev), bare_prev, False, False, True)
        if f is not None:
            last = out[-1] if out and out[-1].sentence == prev else None
            joined = _join(last, f) if last is not None else None
            if joined is not None:
                out.pop()
                f = joined
            out.append(f)
        bare_prev = sent if f is None and U.content_chars(sent) >= 8 and not U.is_question(sent) and "[REDACTED" not in sent else ""
        prev, prev_found = sent, f is not None
    return out


# a frame that says the next sentence is how the person wants something, for good: "👍 that's how
# I want answers in general", "this is how I like my summaries, always"
# what to do with "that" right after a secret: "dont write that down anywhere", "keep it to yourself"
_ABOUT_IT = re.compile(r"^\W*(?:pls |please )?(?:dont|don'?t|do not|never|keep|no need to)\s+(?:\w+\s+){0,2}(?:that|it|this|them)\b.{0,30}$"
                       r"|^(?:别|不要)[^，。]{0,6}(?:这个|它)", re.I)
_PUT_THEM = re.compile(r"^\W*(?:just\s+|please\s+|pls\s+|and\s+)*(?:post|put|send|drop|move|add|log|file|write|keep)\s+(?:them|it|those)\s+"
                       r"(?:in|into|on|to|under)\s+\S"
                       # "…stop holding them until friday. send each one the day the job closes"
                       r"|^\W*(?:just\s+|please\s+|pls\s+|and\s+)*(?:send|file|submit|post|bill|ship|book|do|run)\s+(?:each one|every one|each of them)\s+\S", re.I)
_INTENSIFIER = re.compile(r"^\W*(?:ever|never|ever again|never again|always|from now on|for good|period|永远|以后都是|以后都这样)\W*$", re.I)
_TO_PERSON = re.compile(r"\b(?:answers?|replies|reply|responses?|updates?|summar(?:y|ies)|messages?|explanations?|reports? to me)\b", re.I)
_FRAME = re.compile(r"^\W*(?:that'?s|thats|this is|here'?s|heres) (?:how|what) i (?:want|like|need) (?:my )?([a-z][\w -]{1,30}?)"
                    r"\s*(in general|always|from now on|every time|going forward)(?:,?\s*(?:btw|ok|okay))?[.!]?\s*$", re.I)


# a sentence that opens by saying no to a number ("不是 48，…", "Not 14 - …")
_NOT_A_NUMBER = re.compile(r"^\s*(?:不是|not)\s*\d", re.I)


# … about things of a kind ("the quote totals"), not one thing at hand ("the invoice to the Lees")
_OF_A_KIND = re.compile(r"^\W*(?:please\s+|pls\s+|always\s+)?[a-z]+\s+(?:(?:the|all|our|any|every|each)\s+)?(?:[a-z-]+\s+){0,2}?[a-z-]{3,}s\b")
# a worked value right after a directive: the directive is the general way ("so 560 here")
_APPLIED_HERE = re.compile(r"^\W*(?:so|that makes|which makes|i\.?e\.?,?)\s+(?:it'?s\s+|it\s+)?[$€£¥]?\d[\d.,]*\s*[a-z%]{0,6}\s*"
                           r"(?:here|this time|for this one|on this one|for this (?:quote|job|order|one))\W*$"
                           r"|^(?:所以|那)?(?:这次|这单|这个|这里)(?:就)?是\s*[¥$]?\d[\d.,]*\s*\S{0,2}\W*$", re.I)
_REMOVAL = re.compile(r"^\s*(?:drop|remove|stop|no more|don'?t|never|别再|不要再|删掉|去掉)", re.I)


def _glue(a: str, b: str) -> str:
    """Two sentences as one: a full stop and a space between English ones, none after Chinese."""
    a = a.rstrip()
    if any(is_cjk(c) for c in a[-2:]) or is_cjk(b[:1] or " "):
        return a + b
    return a.rstrip(".。") + ". " + b


def _join(last: U.Finding, f: U.Finding) -> U.Finding | None:
    """One finding for two neighbouring sentences that say one thing, or None.

    - "Change of plan: … Drop 'the old wording' everywhere.": a removal right after a change of
      mind or revocation is part of it;
    - "Git is mine. Never push…", "…keep one line in a footnote. Just one line, not every line.":
      a short sentence belongs with its neighbour (the stronger act wins).
    """
    if last.act in ("replace", "revoke") and f.act in ("prefer", "instruct", "replace", "revoke") and _REMOVAL.match(f.sentence):
        return U.Finding(last.act, _glue(last.text, f.text), f.sentence, last.personal, last.conditional, last.standing)
    if last.act == "revoke" and f.act in ("prefer", "instruct") and (
            re.search(r"\binstead\b|改用|改成|换成", f.sentence, re.I) or f.standing and U.opens_future(f.sentence)
            or re.search(r"\b(?:them|it|those|each one|every one)\b|它们?", f.sentence, re.I)
            and U.content_chars(re.split(r"[,;，；]", f.text)[0]) < 40):
        # "stop the slack DMs for recaps. add the recap to the Prod Log doc instead", "日报别发微信了。
        # 以后发钉钉", "stop texting me the updates. just post them in #ops": what replaces it
        return U.Finding("replace", _glue(last.text, f.text), f.sentence, last.personal or f.personal, False, True)
    if last.act == "correct" and f.act == "instruct" and f.standing and U.content_chars(last.text) < 16:
        # "no, it's 3 reps. rep4 failed QC, leave it out of everything": the corrected value and its rule
        return U.Finding("instruct", _glue(last.text, f.text), f.sentence, f.personal or last.personal, f.conditional, True)
    if last.act not in ("instruct", "prefer") or f.act not in ("instruct", "prefer"):
        return None
    if U.opens_next_point(f.sentence):
        return None  # "叫我阿梅就好 … 还有价格别写小数": the person said it is another point
    if last.standing and f.standing and U.names_number(last.text) and U.names_number(f.text):
        return None  # "我们收款一直是3-6-1。报价有效期我们都写15天": two rules, each with its own value
    short_f = U.content_chars(f.text) < 16 or (f.text.isascii() and len(f.text.split()) <= 8)
    short_last = U.content_chars(last.text) < 16
    if not ((short_f or short_last) and last.act == f.act or short_f and last.act == "instruct"):
        return None
    act = "instruct" if "instruct" in (last.act, f.act) else f.act
    return U.Finding(act, _glue(last.text, f.text), f.sentence, f.personal or last.personal,
                     f.conditional or last.conditional, act == "instruct" or f.standing)


# a correction that gives only a value and says the rest of "him" or "her" names nobody
# ("10月18号，11号那场他没抢到"): it waits for review
_BARE_PRONOUN = re.compile(r"[他她]|\b(?:he|she|him|her|his)\b", re.I)
_BARE_VALUE = re.compile(r"[\d\s月号日点年时分:：./-]+|(?:on |at |it'?s )?\d[\d\s:./-]*(?:am|pm|th|st|nd|rd)?", re.I)


# a rule whose subject is only a pronoun ("she has to see every invoice") names nobody by itself
_PRONOUN_SUBJECT = re.compile(r"^(?:she|he|they)\b(?!\s+(?:said|says|told|asked|wants|thinks))|^(?:他|她)(?!们说|说)", re.I)
# … or whose object is ("just always run it with the no sync env thing"): what "it" is was never said
_PRONOUN_OBJECT = re.compile(r"^\W*(?:(?:just|always|and|so|also|oh|please|pls|then|ok|okay)[,\s]+)*[a-z]+ (?:it|them)\b(?!\s+(?:is|are|was|were)\b)", re.I)
# a thing pointed at, not named: "那个环境变量", "the no sync env thing"
_VAGUE_THING = re.compile(r"那个[^，。,\s]{0,4}(?:环境变量|变量|参数|设置|命令|选项|开关|东西)|\bthe [\w -]{1,20}? (?:thing|stuff)\b", re.I)
_NAMED_VALUE = re.compile(r"`|--?[a-z]|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\d|=")
# a short topic line before the rule: "the 07 vs +44 thing again. bookctl stores them as 07, convert…"
_TOPIC_AGAIN = re.compile(r"^\W*((?:the|that|this)\s+.{2,40}?)\s+again\W*$", re.I)


def _unresolved_subject(f: U.Finding) -> bool:
    """A finding that cannot stand by itself: a corrected value about 他/he, a rule about "she"."""
    head = re.split(r"[，,。.!！;；]", f.text.strip(), maxsplit=1)[0].strip()
    if f.act in ("instruct", "convention") and not f.personal and _PRONOUN_SUBJECT.match(f.text.strip()):
        return True
    if f.act == "instruct" and _VAGUE_THING.search(f.text) and not _NAMED_VALUE.search(f.text):
        return True  # "字体那个环境变量每次都要带上": which variable is never said
    first = re.split(r"[,;:，；：—–]|\s-\s", f.text.strip(), maxsplit=1)[0]
    if f.act == "instruct" and _PRONOUN_OBJECT.match(first) and U.STANDING.search(first):
        return True  # the rule is the clause about "it" ("Post it — and updates go to #inc from now on" is not)
    return f.act == "correct" and bool(_BARE_PRONOUN.search(f.text)) and bool(_BARE_VALUE.fullmatch(head))


def _user_signals(ev: dict, ep: Episode, created: str, prev_assistant: str = "",
                  prior_quoted: list[str] | None = None, authored: U.Authored | None = None) -> list[dict]:
    out = []
    for f in _findings(ev.get("text", ""), prev_assistant, prior_quoted, authored):
        if f.act == "prefer" and R.IMPERATIVE_USE_RE.search(f.text) and R.choice(f.text):
            # "for the invoicer frontend, use npm": a choice among known alternatives is a standing rule
            f = U.Finding("instruct", f.text, f.sentence, f.personal, f.conditional, True)
        clause = f.text
        if len(re.sub(r"\W", "", clause)) < 3:
            continue
        kind = _ACT_KIND[f.act]
        topic_personal, _ = R.user_topic(clause)
        scope = "user" if (f.personal or topic_personal) else "project"
        statement = user_statement(clause, kind) if scope == "user" else project_statement(clause, ep.project)
        subject, chosen = R.subject_for(clause, ep.project, scope)
        kws = R.keywords(clause)
        if chosen:
            kws = [chosen] + [k for k in kws if k != chosen]
        sig = make_signal(
            kind=kind, scope=scope, statement=statement, subject=subject, polarity=R.polarity(clause),
            evidence=[ev], episode=ep, source_role="user", trust="user-stated",
            confidence=_ACT_CONF[f.act],
            channels=["explicit_instruction"] if f.act in EXPLICIT_ACTS and not _unresolved_subject(f) else [],
            keywords=kws[:8], created=created,
        )
        sig["act"] = f.act
        out.append(sig)
    return out


def _is_user_message(ev: dict) -> bool:
    return attribution.is_user_authored(ev)


def is_tool_text(ev: dict) -> bool:
    """Tool output or fetched content (role ``tool`` or a ``tool_result``)."""
    return ev.get("role") == "tool" or ev.get("kind") == "tool_result"


_QUOTED_RE = re.compile(r'"([^"\n]{8,})"|“([^”]{8,})”|「([^」]{8,})」|『([^』]{8,})』')


def untrusted_quote(ev: dict) -> str | None:
    """The first instruction- or preference-like sentence in text nobody trusted said, or None.

    Tool output and fetched content are read whole; assistant and system
    messages only where they quote something (their own words are no signal).
    """
    if _is_user_message(ev) or ev.get("kind") == "tool_call":
        return None
    text = str(ev.get("text") or "")[:UNTRUSTED_SCAN_CHARS]
    if is_tool_text(ev):
        candidates = R.split_sentences(text)
    elif ev.get("role") in ("assistant", "system") and ev.get("kind", "message") == "message":
        candidates = [next(g for g in m.groups() if g) for m in _QUOTED_RE.finditer(text)]
    else:
        return None
    for c in candidates:
        c = " ".join(c.split())
        if (R.INSTRUCTION_RE.search(c) or R.PREFERENCE_RE.search(c)) and not R.is_question(c):
            return c if len(c) <= UNTRUSTED_QUOTE_CHARS else c[: UNTRUSTED_QUOTE_CHARS - 1] + "…"
    return None


def _untrusted_signal(ev: dict, ep: Episode, created: str) -> dict | None:
    quote = untrusted_quote(ev)
    if quote is None:
        return None
    role = str(ev.get("role") or "tool")
    if is_tool_text(ev):
        where = f"{ev.get('tool') or 'tool'} output"
    else:
        where = f"a quotation in an {role} message" if role[:1] in "aeiou" else f"a quotation in a {role} message"
    tool = str(ev.get("tool") or "")
    return make_signal(
        kind="fact", scope="project", statement=f'Untrusted text in {where}: "{quote}"',
        subject=R.normalize_subject(ep.project or "", "untrusted", tool or role), polarity="+",
        evidence=[ev], episode=ep, source_role=role, trust="untrusted", confidence=UNTRUSTED_CONFIDENCE,
        channels=[], keywords=["untrusted"] + ([tool.lower()] if tool else []), created=created,
    )


def extract(ep: Episode, events: list[dict], *, created: str = "") -> list[dict]:
    """Rule-based signals for one episode, in event order; no duplicates.

    Instruction-like text from tool output or quotations comes back as
    ``untrusted`` records (see :func:`untrusted_quote`), never as a rule.
    """
    out: list[dict] = []
    prev_user: list[dict] | None = None
    prev_assistant = ""
    prior_quoted: list[str] = []
    replied = False  # the agent spoke since the user's last message
    for ev in events:
        if ev.get("role") == "assistant" and ev.get("kind", "message") == "message":
            prev_assistant = str(ev.get("text") or "")
            replied = True
        if not _is_user_message(ev):
            bad = _untrusted_signal(ev, ep, created)
            if bad:
                out.append([bad])  # type: ignore[arg-type]
            continue
        text = ev.get("text", "")
        was_reply, replied = replied, False
        a = U.authored(text)
        found = _user_signals(ev, ep, created, prev_assistant, prior_quoted, a)
        # "不对，王磊是周二休息" right after the agent's "王磊周三休息": the agent is corrected, the
        # user takes nothing back of their own
        if R.is_retraction(text) and not (was_reply and any(s.get("act") == "correct" for s in found)):
            if prev_user is not None:
                prev_user.clear()  # cancel what the user takes back
            prev_user = None
            continue
        if found and R.is_chitchat(text):
            # small talk says nothing to keep, unless a sentence of it is a standing request
            # ("lol stop calling me boss, Dana is fine")
            found = [f for f in found if f.get("channels")]
        prior_quoted = a.quoted
        out.append(found)  # type: ignore[arg-type]
        prev_user = found
    flat: list[dict] = [s for group in out for s in group]  # type: ignore[union-attr]
    by_id = {e["id"]: e for e in events}
    for f in ep.failures:
        les = lesson_signal(f, by_id, ep, created)
        if les:
            flat.append(les)
    seen: set[str] = set()
    return [s for s in flat if not (s["id"] in seen or seen.add(s["id"]))]


def user_statements(signals: list[dict]) -> list[dict]:
    """The episode's instructions/preferences/facts as ``{"event", "kind", "text"}``."""
    return [
        {"event": s["evidence"][0], "kind": s["kind"], "text": s["statement"]}
        for s in signals if s.get("source_role") == "user"
    ]


# -- external extractor output -------------------------------------------------

def _failed_then_passed(evidence: list[dict]) -> bool:
    """A failed tool result followed (in the evidence) by a passing result of the same tool."""
    failed_tools: set[str] = set()
    for e in evidence:
        if e.get("kind") != "tool_result":
            continue
        st = str(e.get("status") or "").lower()
        if st in ("failed", "error"):
            failed_tools.add(str(e.get("tool") or ""))
        elif st in ("ok", "passed", "success", "succeeded") and str(e.get("tool") or "") in failed_tools:
            return True
    return False


def external_trust(kind: str, channels: list[str], evidence: list[dict]) -> tuple[str, str]:
    """``(source_role, trust)`` of an externally extracted signal, from its evidence events alone.

    - a user message among the evidence: ``user-stated``;
    - otherwise (tool output, fetched content, assistant or system text):
      ``untrusted``, except a ``lesson`` with ``tool_failure_evidence``
      backed by a failed -> passed pair of the same tool (``tool-observed``).
      So a ``rule``/``preference``/``identity`` needs a user message.
    """
    roles = {e.get("role") for e in evidence}
    if "user" in {e.get("role") for e in evidence if not is_tool_text(e)}:
        return "user", "user-stated"
    role = "tool" if any(is_tool_text(e) for e in evidence) else ("assistant" if "assistant" in roles else str(sorted(map(str, roles))[0]))
    if kind in ("rule", "preference", "identity"):
        return role, "untrusted"
    if kind == "lesson" and "tool_failure_evidence" in channels and _failed_then_passed(evidence):
        return "tool", "tool-observed"
    return role, "untrusted"

_EXTERNAL_KEYS = {"scope", "kind", "statement", "evidence", "subject", "polarity", "confidence", "channels", "keywords"}


def validate_external(items, ep: Episode, events: list[dict], *, created: str = "", extractor: str = "external") -> list[dict]:
    """Strictly check an external extractor's JSON array; return signal lines.

    Raises ValueError naming the first problem. Trust is derived from the
    evidence, never taken from the extractor (:func:`external_trust`): a rule
    or preference must rest on a user message, ``tool_failure_evidence`` on a
    failed tool result; anything resting only on tool output or fetched
    content is ``untrusted`` (dream never promotes it).
    """
    if not isinstance(items, list):
        raise ValueError("expected a JSON array of signals")
    by_id = {e["id"]: e for e in events}
    out = []
    for n, it in enumerate(items):
        where = f"item {n}"
        if not isinstance(it, dict):
            raise ValueError(f"{where}: not an object")
        extra = set(it) - _EXTERNAL_KEYS
        if extra:
            raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
        kind, scope, statement = it.get("kind"), it.get("scope"), it.get("statement")
        if kind not in KINDS:
            raise ValueError(f"{where}: kind must be one of {', '.join(KINDS)}")
        if scope not in SCOPES:
            raise ValueError(f"{where}: scope must be one of {', '.join(SCOPES)}")
        if not isinstance(statement, str) or not statement.strip() or len(statement) > 1000:
            raise ValueError(f"{where}: statement must be a non-empty string (max 1000 chars)")
        ev_ids = it.get("evidence")
        if not isinstance(ev_ids, list) or not ev_ids or not all(isinstance(i, str) and i in by_id for i in ev_ids):
            raise ValueError(f"{where}: evidence must be a non-empty list of this episode's event ids")
        evidence = [by_id[i] for i in dict.fromkeys(ev_ids)]
        roles = {e.get("role") for e in evidence}
        failed = any(e.get("kind") == "tool_result" and str(e.get("status") or "").lower() in ("failed", "error") for e in evidence)
        if kind in ("rule", "preference") and "user" not in roles:
            raise ValueError(f"{where}: a {kind} must rest on a user message (tool output and fetched text are untrusted)")
        channels = it.get("channels", [])
        if not isinstance(channels, list) or not all(c in CHANNELS for c in channels):
            raise ValueError(f"{where}: channels must be a subset of {', '.join(CHANNELS)}")
        if "explicit_instruction" in channels and "user" not in roles:
            raise ValueError(f"{where}: explicit_instruction needs a user message as evidence")
        if "tool_failure_evidence" in channels and not failed:
            raise ValueError(f"{where}: tool_failure_evidence needs a failed tool result as evidence")
        conf = it.get("confidence", 0.5)
        if isinstance(conf, bool) or not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            raise ValueError(f"{where}: confidence must be a number from 0 to 1")
        pol = it.get("polarity", "+")
        if pol not in ("+", "-"):
            raise ValueError(f"{where}: polarity must be '+' or '-'")
        kws = it.get("keywords", [])
        if not isinstance(kws, list) or len(kws) > 20 or not all(isinstance(k, str) and 0 < len(k) <= 60 for k in kws):
            raise ValueError(f"{where}: keywords must be a list of at most 20 short strings")
        subject = it.get("subject")
        if subject is not None and (not isinstance(subject, str) or len(subject) > 200):
            raise ValueError(f"{where}: subject must be a string (max 200 chars)")
        role, trust = external_trust(kind, list(dict.fromkeys(channels)), evidence)
        if trust == "untrusted":
            channels = []
        act = evidence_act(evidence) if role == "user" else ""
        if "explicit_instruction" in channels and act not in EXPLICIT_ACTS:
            # the model may call anything an instruction; the user's own words must say so
            channels = [c for c in channels if c != "explicit_instruction"]
        sig = make_signal(
            kind=kind, scope=scope, statement=statement.strip(),
            subject=R.normalize_subject(subject) if subject else R.subject_for(statement, ep.project, scope)[0],
            polarity=pol, evidence=evidence, episode=ep, source_role=role, trust=trust,
            confidence=float(conf), channels=list(dict.fromkeys(channels)),
            keywords=[k.lower() for k in kws] or R.keywords(statement), extractor=extractor, created=created,
        )
        if act:
            sig["act"] = act
        out.append(sig)
    return out


def evidence_act(evidence: list[dict]) -> str:
    """The strongest act the user's own messages among ``evidence`` perform (the same reading as the
    rules'): an explicit one (instruct, correct, replace, revoke) if any, else the first weak one,
    else ``prefer``."""
    acts = [f.act for e in evidence if _is_user_message(e) for f in _findings(str(e.get("text") or ""), "")]
    explicit = [a for a in acts if a in EXPLICIT_ACTS]
    return explicit[0] if explicit else (acts[0] if acts else "prefer")
