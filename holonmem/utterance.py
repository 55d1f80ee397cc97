"""What a user message says, sentence by sentence (pure, Chinese and English).

A user message mixes the person's own words with text they did not author
(pasted mail, quoted notices, log lines) and with sentences that only look
like rules (habits described with "always", sarcasm, one-offs). This module
answers, for each sentence the user typed:

- **who is speaking** — :func:`authored` removes quoted, pasted, forwarded and
  log-shaped spans and keeps them aside (an adopted quote — "the pinyin part,
  yes, follow that" — can still be resolved against them);
- **what act it is** — ``instruct`` (a standing instruction), ``prefer`` (a
  directive without standing force: promoted only by repetition),
  ``correct`` (the user corrects the agent: the corrected value),
  ``revoke`` (withdraw an earlier rule), ``replace`` (a change of mind: the
  new rule replaces the old one), or nothing;
- **its force and duration** — standing ("from now on", "every time", 以后,
  每次, "every chart", a recurring time) vs one-off ("for this readout only",
  "for now", 这次, 这期) vs conditional (kept whole, with its condition) vs
  sarcastic, reported or negated ("I'm not saying never…", 不代表以后…) vs
  descriptive ("the dashboard always lags a day", 快递总是…);
- **who it is about** — the person (``user`` scope: "for me", "I'm
  colour-blind", "on any of my projects", 给我, 所有项目) or the project.

The decisions are made from the shape of the sentence (markers of force,
time, person and quotation), never from its topic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from . import slots
from .textterms import content_chars

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff"
_CJK_RE = re.compile(rf"[{_CJK}]")

# -- who is speaking ---------------------------------------------------------------

# A lead-in that introduces text someone else wrote: "pasting her email:", "学校发了个通知，我贴给你：".
_PASTE_LEAD = re.compile(
    r"(\bpast(?:e|ed|ing)\b|\bforward(?:ed|ing)?\b|\bfwd\b|\bquot(?:e|ed|ing)\b|\bcopied\b|\bhere'?s (?:the|her|his|their|an?)\b"
    r"|\b(?:says|said|wrote|writes|reads)\b|\bsent (?:me|us|this|notes?)\b|\bthe (?:message|email|mail|notice|review|answer|reply|docs?|page|article|post)\b"
    r"|贴给你|贴一下|贴过来|粘贴|转发|转一下|转给你|原文|通知|邮件|消息|写道|说|发来|发的|回复如下|如下)[^:：\n]{0,80}[:：]", re.I)
_OPEN_Q = {"「": "」", "“": "”", '"': '"', "'": "'", "『": "』", "《": "》"}
_QUOTE_LINE = re.compile(r"^\s*>")
_FENCE = re.compile(r"^\s*(```|~~~)")
_LOG_LINE = re.compile(
    r"^\s*(\{\s*\"|\[\s*\{|\[\d{1,2}:\d{2}(?::\d{2})?\]|\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|at [\w.$]+\(|Traceback \(|File \"|[\w.]+(?:Error|Exception)\b[:(]"
    r"|E\s{2,}|\$ |#\s*\d+\s|\w+\.(?:kt|java|swift|py|js|ts|go|rs):\d+|[-+]{3} |@@ )")
_FORWARD_HDR = re.compile(r"^\s*(From|To|Subject|Date|Sent|Cc|发件人|收件人|主题|日期)\s*[:：]", re.I)
# Where a forwarded or replied-to mail starts: a mail client's separator line. What follows, to the
# end of the message, is the mail (its body and signature), as is what follows a block of headers.
_FORWARD_MARK = re.compile(
    r"^\s*(?:[-_=]{2,}\s*(?:forwarded message|original message|forwarded|原始邮件|转发邮件|邮件原文)\s*[-_=]{2,}"
    r"|begin forwarded message\s*:?|[-_=]{2,}\s*(?:转发|原始)的?(?:邮件|消息)\s*[-_=]*)\s*$", re.I)
# A notice's bracketed title ("【翠湖苑物业服务中心 装修管理通知】") or a letter's salutation ("尊敬的合作伙伴：",
# "Dear customer,") starts text someone else wrote: the paragraph from there on is theirs.
_PASTED_HEAD = re.compile(r"^\s*(?:【[^】\n]{2,40}】|(?:尊敬的|亲爱的)[^，,：:\n]{1,12}[，,：:]|各(?:位)?[\u4e00-\u9fff]{1,8}[：:]\s*$"
                          r"|(?:dear|hello|hi) (?:valued |all |our )?(?:customers?|partners?|suppliers?|members?|residents?|parents?|team|sir|madam)\b)", re.I)
# A quotation this long inside the user's own line is someone else's text, not theirs.
_LONG_QUOTE = re.compile(r"「[^」]{24,}」|“[^”]{24,}”|『[^』]{24,}』|(?:^|(?<=[\s:：(]))([\"'])(?=[^\s,.;])[^\"'\n]{40,}\1(?![A-Za-z])")


@dataclass
class Authored:
    text: str  # what the user typed, quoted spans removed
    quoted: list[str] = field(default_factory=list)  # what was pasted/quoted (for adoption)


def _after_lead(line: str) -> tuple[str, str] | None:
    """(own part, pasted rest) when the line introduces pasted text."""
    m = _PASTE_LEAD.search(line)
    if not m:
        return None
    return line[: m.end()], line[m.end():]


def _close_quote(rest: str) -> int:
    """End of a quotation opening ``rest`` (index after it), or -1."""
    s = rest.lstrip()
    if not s or s[0] not in _OPEN_Q:
        return -1
    off = len(rest) - len(s)
    close = s.find(_OPEN_Q[s[0]], 1)
    return off + close + 1 if close > 0 else -1


def authored(text: str) -> Authored:
    """Split a user message into the person's own words and what they quoted or pasted."""
    lines = (text or "").replace("\r\n", "\n").split("\n")
    own: list[str] = []
    quoted: list[str] = []
    i, n = 0, len(lines)
    in_fence = False
    while i < n:
        line = lines[i]
        if _FENCE.match(line):
            in_fence = not in_fence
            i += 1
            continue
        if _FORWARD_MARK.match(line) or (_FORWARD_HDR.match(line) and i + 1 < n and _FORWARD_HDR.match(lines[i + 1])):
            quoted.extend(q.lstrip("> ").strip() for q in lines[i:])  # the forwarded mail, to its end
            break
        if in_fence or _QUOTE_LINE.match(line) or _LOG_LINE.match(line) or _FORWARD_HDR.match(line):
            quoted.append(line.lstrip("> ").strip())
            i += 1
            continue
        if _PASTED_HEAD.match(line) and (i > 0 or i + 1 < n):
            while i < n and lines[i].strip():  # the notice or letter, to the end of its paragraph
                quoted.append(lines[i].lstrip("> ").strip())
                i += 1
            continue
        lead = _after_lead(line)
        if lead:
            head, rest = lead
            if rest.strip():
                end = _close_quote(rest)
                if end > 0:  # 转发…：'…'  你帮我看看 — the quotation ends, the user goes on
                    quoted.append(rest[:end].strip())
                    own.append(head + " " + rest[end:])
                else:
                    quoted.append(rest.strip())
                    own.append(head)
                i += 1
                continue
            # the lead ends the line: the next paragraph is the pasted text
            own.append(head)
            i += 1
            while i < n and not lines[i].strip():
                i += 1
            while i < n and lines[i].strip():
                quoted.append(lines[i].lstrip("> ").strip())
                i += 1
            continue
        own.append(line)
        i += 1
    body = "\n".join(own)
    for m in _LONG_QUOTE.finditer(body):
        quoted.append(m.group(0)[1:-1])
    body = _LONG_QUOTE.sub(" ", body)
    return Authored(body.strip(), [q for q in quoted if q])


# -- force and duration --------------------------------------------------------------

SARCASM = re.compile(
    r"(🙃|🙄|😒|🤡|/s\b|what could possibly go wrong|what'?s the worst that could happen|yeah,? right\b|as if\b"
    r"|readers will love|开玩笑的|反正我钱多|呵呵)", re.I)
REPORTED = re.compile(
    r"(\bnot saying\b|\bn'?t saying\b|\bdidn'?t say\b|\bnever said\b|\bwho said\b|\bdoesn'?t mean (?:we|you|I) (?:should|have to|must)\b"
    r"|\bI never said\b|不代表|不是说|没说过|我没说|我可没说|谁说|凑巧|只是巧合"
    # "隔壁队的老王说防水以后都要刷三遍": what someone else says is theirs ("老王说得对" adopts it)
    r"|^[^，。,]{0,8}?(?:[老小][\u4e00-\u9fff]|[\u4e00-\u9fff]{1,3}(?:师傅|经理|总|阿姨|女士|先生|老师|医生|律师|主任)|他们?|她们?|业主|客户|物业|同事|老板|领导|甲方|房东)"
    r"(?:说|讲|觉得|建议)(?![得的]?(?:对|没错|有道理)|了算))", re.I)
# someone else's question passed on: "Mr Lee wants to know if we'll waive the fee", "she asked whether…"
_RELAYED_ASK = re.compile(r"^(?!\s*(?:i|we)\b)[^.;,，。]{1,40}?\b(?:wants to know|would like to know|asked|asks|is asking|was asking"
                          r"|wonders|wondered)\s+(?:me\s+|us\s+)?(?:if|whether)\b", re.I)
# an occasion, not a standing condition: "if we ever went to a four-day week we'd have to…" (a
# counterfactual) or "she forwarded this when she asked for an appointment, can you…" (what happened)
_COUNTERFACTUAL = re.compile(
    r"\bif (?:we|i|you|they|he|she|it|the \w+) (?:ever |really |actually )?(?:went|were|was|had|did|got|\w+ed)\b[^.;]*?(?:\bwould\b|\bcould\b|\bmight\b|'d\b)", re.I)
_PAST_OCCASION = re.compile(
    r"\b(?:when|after|once) (?:she|he|they|we|i|you|it) (?!(?:said|meant|told|asked you to|wanted)\b)(?:went|came|got|sent|wrote|rang|\w+ed)\b", re.I)
ONE_OFF = re.compile(
    r"(\bfor this (?:\w+ ){0,2}only\b|\bonly for this\b|\bfor (?:these|those|the) (?:two|three|guys|folks|couple)\b|\bfor this (?:couple|client|family|one)\b|\bjust this once\b|\bthis (?:time|once|week|build|release|sprint|run|slide|draft|issue)\b"
    r"|\bfor now\b|\bfor today\b|\btoday\b|\btonight\b|\bin this (?:PR|branch|commit|notebook)\b|\bright now\b"
    # "next week" dates a task; "starting next week" dates a change that stays
    r"|(?<!starting )(?<!beginning )(?<!from )(?<!as of )\bnext week\b|(?<!starting )(?<!from )\btomorrow\b"
    r"|\bwhile you'?re at it\b|这次|这回|这一次|这期|本期|这周|本周|这个月|本月|今天|今晚|明天|暂时|先停|先别|先不|(?<!从)下周(?!起|开始|的)|下个星期|这两天|这几天|这阵子|这段时间|临时|顺手)", re.I)
# how the person wants to be called: "别叫我林老师了，叫我 Lin 就行", "call me Dana, not Dr. Kowalski"
_ADDRESS_ME = (r"(?:叫|称呼|喊)我[^，。,\s]{1,5}?就(?:行|好|可以)|\b(?:everyone|everybody|people|most people|they all) calls? me (?-i:[A-Z][a-z]+)\b|\b(?:nobody|no one|noone) calls me\b"
               r"|\bcall me (?!back\b|later\b|when\b|if\b|tomorrow\b|asap\b|maybe\b|now\b|at\b|on\b)[a-z]{2,12}(?= pls\b| please\b| not\b|\s*[,.!]|$)|别(?:再)?叫我|叫我\s*[A-Za-z\u4e00-\u9fff]{1,8}\s*就(?:行|好|可以)|\bcall me (?-i:[A-Z][a-z]+)\b(?! (?:when|if|at|on|back|tomorrow|later))|\bdon'?t call me\b")
# asking for what was done before: "gapdh + actb geomean like last time", "跟讲义一个规矩"
_ADDRESS_ME_RE = re.compile(_ADDRESS_ME, re.I)
_LIKE_BEFORE = r"\blike (?:last time|before|always|usual|we always do)\b|(?:跟|和|同)[^，。]{1,8}(?:一个|一样的?|同一个)规矩"
# the person's own formats, wherever they work: "times in lisbon time", "回答用中文", "我所有文件名…"
_PERSON_FORMAT = (r"\b(?:times?|dates?|timestamps?) in [\w/ ]{2,20}? time\b|(?:^|[，,]|还有|另外|对了)(?:回答|回复|答复)(?:我)?(?:都|一律|统一)?用"
                  r"|我(?:所有的?|的所有)|\ball (?:of )?my (?:files|documents|notes|reports|file names)\b")
# a quantified case and what to do in it: "any migration that touches the schema, loop in Priya",
# "凡是涉及合同的都先给我看" (a standing rule and a directive)
_QUANTIFIED_CASE = (r"(?:^|[,;]\s*(?:so|and|but)\s+)(?:[\w ]{1,12}:\s*)?(?:any|all)\s+(?!(?:ideas?|thoughts?|questions?|luck|chance|news|updates?)\b)[\w-]+(?:\s+[\w-]+){0,2}\s+(?:that|which|who|with|without|touching|over|under|above|below|you|we)\b"
                    r"[^,;]{1,60}[,;]\s*(?:please\s+)?(?!(?:i|we|it|they|he|she|there|the|this|that)\b)[a-z]{3,}\b|凡是"
                    # "nothing goes out under $95": what may never happen to a whole kind of thing
                    r"|\bnothing (?:goes out|gets sent|ships|leaves|gets booked|goes live|goes up)\b"
                    # a class of things by a threshold, and what to do with them: "超过5000的单子下之前先发我确认"
                    r"|(?:超过|高于|低于|不到|大于|小于|多于|少于)\s*[\d一二三四五六七八九十两百千万.]+\s*[^\s，。的]{0,3}的[^，。]{1,8}?(?:先|都|一律|要|得|别|不要)"
                    r"|[\d一二三四五六七八九十两百千万.]+\s*[^\s，。的]{0,2}(?:以上|以下)的[^，。]{1,8}?(?:先|都|一律|要|得|别|不要)"
                    # a case mapped to what to do: "anything urgent → signal me"
                    r"|\b(?:anything|everything|any \w+|all \w+)(?:\s+\w+)?\s*(?:→|->|=>)\s*\w")
_QUANTIFIED = re.compile(_QUANTIFIED_CASE, re.I)
STANDING = re.compile(
    r"(\bfrom now on\b|\bgoing forward\b|\bfrom here on\b|\bin (?:the )?future\b|\bevery ?time\b|\beach time\b|\bwhenever\b|\balways\b|\bnever\b(?! mind\b)"
    r"|都(?:这么|这样)(?:写|弄|办|做|来|发|叫)|\bremember (?:to|that|the|my|our)\b|\bnext time\b|\bas usual\b|\bI told you\b|\bas I said\b|\blike I said\b|\bI'?ve (?:said|told you) (?:it |this |that )?before\b|说过(?:好几次|好多次|很多次|多少次|几次)了|\bby default\b|\bas a rule\b|\bon (?:any|all|every) (?:of )?my\b|\bin (?:any|all|every) (?:of )?(?:my )?(?:projects?|repos?|repositories)\b"
    r"|\bevery (?!one\b)\w+|\bno more\b|\bany more\b|\banymore\b|\bfrom your side\b|\banywhere\b|\beverywhere\b|\bnot just (?:here|this)\b"
    r"|\b(?:starting|beginning|as of) (?:next (?:week|month|year)|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|febr)uary|march|april|may|june|july|august|september|october|november|december)\b"
    r"|(?:从)?(?:下周|下个月|明年|\d{1,2}月|[一二三四五六七八九十]{1,2}月)(?:份)?(?:起|开始)"
    r"|\bin general\b|\bsame as (?:always|usual|everything else|before)\b|\bbefore (?:any|every|each)\b|\bafter (?:any|every|each)\b"
    r"|^\s*(?:house )?rules?(?: for [\w -]{1,30})?\s*[:：]|规则[:：]|规矩[:：]|老规矩|照旧|照常|还是老样子|所有地方|不只是这次|之前都|前都要"
    r"|\bsame as (?:the|in|on|for) \w+|\bkeep (?:that|this|it) in mind\b|\bbear in mind\b|注意一下|留意一下|记着"
    # "don't do a bare apply, ever", "before you upgrade anything", "same as I said last time"
    r"|\b(?:don'?t|do not|never)\b[^.;]{0,40}\bever\b|\b(?:before|after) (?:you|we) \w+ (?:anything|any \w+|every \w+|each \w+)"
    r"|\bsame as (?:I said )?last time\b|(?:跟|和)(?:上次|之前|以前)说的一样|还是那句"
    r"|" + _LIKE_BEFORE + "|" + _PERSON_FORMAT +
    r"|\bany ?time\b(?! soon)"
    r"|\b(?:out of|from|in|for|to|on) everything\b|\b(?:on|for|with|to) anything (?:that|which|we|you)\b|\b(?:once|twice|three times|\d+ ?(?:times|x)) (?:a|an|per|every) (?:day|week|month|shift|hour|year|morning|night)\b|\b(?:at the (?:end|start) of|end of|start of) (?:each|every) \w+"
    # a quantified case: "any migration that touches the schema, loop in Priya", "凡是涉及合同的都先给我看"
    r"|" + _QUANTIFIED_CASE +
    # a choice kept as before: "海报还是用美图秀秀做", "stick with Postgres", "keep using the old runner"
    r"|^(?:[^，。,]{1,8})?还是(?:用|按|走|找|订|在|从)(?![^，。]{0,16}吧)|\b(?:stick with|keep using|still use)\b"
    # "你回我消息的时候…": whenever the agent answers the person
    r"|(?:你|您)(?:回|回复|回答|给)我(?:[^，。？！]{0,6}的时候|(?=先|都|就|一律|别|不要))|跟我说[^，。？！]{0,6}?(?:的时候)?(?=直接|都|就|一律)"
    r"|不管哪个|无论哪个|不论哪个|都这样|和之前一样|跟上次一样|跟之前一样|" + _ADDRESS_ME +
    r"|(?<![他她])都(?:寄|发到|走|放在|存在|记在)"
    # a whole kind of thing done one way: "时间都写24小时制", "初诊都约60分钟", "提醒都在前一天晚上6点发"
    r"|[\u4e00-\u9fff]{2,4}(?<![们家人])都(?:写|用|按|约|在|开|收|发给|带上|带|加上|标上|写上|注明|附上)(?![完好过])[^，。？?]{1,20}(?<![了吗呢])(?=[，。！,\s]|$)"
    # a supplier or way used every time: "花艺我们工作室固定找花田里"
    r"|固定(?:找|用|走|在|去|订|从)"
    # not a single one: "花里一朵百合都不能有"
    r"|一(?:个|朵|张|条|点|句|次|份|粒|滴|道|样|件|根|只|瓶|颗|盒)[^，。]{0,6}都(?:不能|不要|别|不许|不可以)"
    # what is sent to the person, whatever it is: "发我的汇总别用表格"
    r"|发(?:给)?我的[\u4e00-\u9fff]{1,6}(?:别|不要|都|一律)"
    r"|以后|今后|往后(?![挪推放移延排拖调])|从今以后|从现在起|下次|每次|每一次|不要再|别再|不许再|再也不要|千万别|务必|每[条份项个篇天周月年晚位张回单]|一律|统一|永远|记住|记得|所有项目|任何项目|我说过)", re.I)
# leave given or withheld, which stands until taken back: "don't scale … without asking me first"
ASK_FIRST = re.compile(r"\bwithout (?:asking|checking with|telling|pinging) (?:me|us)\b|\b(?:check|clear it|run it) (?:with|by|past) me (?:first|before)\b|\bask me (?:first|before)\b|\bno need to ask\b|不用问我|不必问我|先问我|先问过我|问过我再", re.I)
CONDITIONAL = re.compile(
    r"(^|[,;:，；：]\s*|\s)(if|when|whenever|unless|如果|要是|假如|一旦|只要)\b|^\s*(if|when)\b|如果|要是|一旦"
    r"|\b(?:before|after) (?:you|we) \w+ (?:any|anything|every|each)\b", re.I)
# Directive cues: the sentence asks the agent to do or not do something.
DIRECTIVE = re.compile(
    r"(^\s*(?:please\s+|pls\s+|just\s+|also\s+|and\s+|so\s+)?(?:don'?t|do not|never|always|make sure|be sure|remember|keep|use|put|add|set|run|log|load|send|write"
    r"|leave|drop|cut|skip|stop|avoid|give|report|post|explain|compare|follow|translate|mark|include|exclude|check|ask|tell|ping|call|save"
    r"|tag|cc|notify|announce|label|cite|credit|link|update|commit|push|merge|review|test|document|print|export|convert|round|sort|list"
    r"|store|read|open|move|show|format|name|bump|go|let'?s|no|only|prefer|reply|answer|respond|address|sign|attach|mention|delete|remove"
    r"|start (?:\w+ing|to)|begin (?:\w+ing|to))\b"
    r"|\byou (?:should|must|need to|have to|can stop|can drop|don'?t need to|no longer need to)\b|\bI want you to\b|\bI'?d like you to\b"
    r"|\b(?:goes|go|get|gets) (?:in|into|added|put)\b|\bshould (?:be|go|use|get)\b|\bmust (?:be|go|use)\b|\bhas to\b|\bhave to\b"
    r"|\bis mine\b|\bleave \w+ to me\b|\bto me\b|\bfor me\b|\b(?:nobody|no one) calls me\b"
    r"|\b(?:when|whenever|if|once)\b[^,]{1,80},\s*(?:please\s+)?(?:always|never|don'?t|do not)\s+\w"
    r"|\b(?:when|whenever|if|once)\b[^,]{1,80},\s*(?:please\s+)?(?:compare|use|keep|put|add|set|run|send|write|explain|ask|tell|ping|check|mark|include|leave|skip|stop|go)\b"
    r"|\b(?:uses|requires|wants|expects|prefers|follows|prints|needs it)\b|\bsource of truth\b|,?\s*(?:please|pls|plz)\b[.!]?"
    r"|\b(?:show|send|give|tell) me\b|\b(?:dm|message|text|email|slack|ping|call|signal|whatsapp|telegram|sms) me\b"
    r"|^\s*[\w.\-/+ ]{2,60},\s*not\s+[\w.\-/ ]{2,30}[.!]?\s*$|\brather than\b|\binstead of\b|,\s*(?:never|always)\s+\S|走|寄|订|排|留|按|找|不能有|带上|加上|标上|写上|注明"
    r"|[,:;，：—–-]\s*(?:please\s+|just\s+|but\s+)?(?:don'?t|do not|never|use|keep|put|run|add|set|write|give|make|send|show|tell|include|mark|list|name|log|store|save|grab|take|check|ask|pick|choose|book|avoid|skip|drop|leave|exclude|ignore|read|start \w+ing)\s+\S"
    r"|\b(?:when|whenever|if|once|before|after|unless)\b[^,]{1,80},\s*(?:please\s+)?(?!(?:i|we|you|he|she|it|they|the|a|an|this|that|there|is|are|was|were|so|but|and|then|my|our)\b)[a-z]{3,}\b"
    # "crew starts at 7 every day, so nothing on the board before 7:30": the rule a fact makes
    r"|,\s*so\s+(?:nothing|no\s+(?!worries|problem|rush|need)\w+)\b"
    r"|要|别|不要|请|用|改成|改用|换成|统一|一律|一概|收(?=\s*[¥$]?\d)|加|删|放|写|发|提醒|不用|不许|必须|得|应该|记到|记在|记一|单独|不能|让(?=[\u4e00-\u9fff]{1,4}(?:拍|传|发|交|送|填|签|带|打|报)))", re.I)
DESCRIPTIVE = re.compile(
    r"(\b(?:is|are|was|were|'s|'re|has been|have been|seems?|looks?)\s+(?:always|never|usually|constantly)\b"
    r"|\b(?:has|have|had|'s|'ve)\s+(?:\w+ly\s+)?(?:always|never)\s+(?:been|had|done|worked|shown|come|gone|made|kept|got|gotten|[a-z]+ed)\b"
    r"|\b(?:always|never|usually|constantly)\s+(?!use\b|run\b|keep\b|put\b|add\b|set\b|make\b|ask\b|check\b|write\b|send\b)[a-z]+(?:s|ed)\b"
    r"|总是|一直|从来|老是|都会|总会|老会|经常"
    # what keeps happening: an annoyance or a malfunction ("每次都要这样也是烦", "每次电脑一重启就打不了",
    # "every time it reboots the printer stops working")
    r"|(?:每次|每回|每一次)[^，。；,]{0,16}(?:烦|麻烦|累|受不了|头疼|头大|打不了|不行|坏|挂|失败|报错|出错|卡住|卡死)"
    r"|\bevery ?time\b[^,.;]{0,40}\b(?:annoying|a pain|breaks?|crash(?:es)?|fails?|stops? working|dies|hangs?)\b)", re.I)
# Acts by their shape.
REVOKE = re.compile(
    r"(\byou can (?:stop|drop|skip|forget|quit)\b|\bno (?:longer|need) (?:need )?to\b|\bstop (?:\w+['’])?\w*ing\b|^(?:(?:oh|and|also|so|ok)\s+)*stop (?:the|your|those|these) \w+|\bdon'?t (?:\w+ ){1,4}any ?more\b"
    r"|\bforget (?:what I said|about)\b|\bscrap (?:the|that)\b|\bwe don'?t need (?:the|to)\b|\bno more\b"
    r"|\bforget (?:the|that|my)\b[^.;]{0,60}?\b(?:I (?:told|gave|asked)|rule|thing|part)\b"
    r"|^(?:(?:btw|and|also|oh|ok)[,\s]+)*(?:lose|ditch) the \w+"
    r"|不用再|不再需要|以后不用|不用加了|不用(?:弄|做|发|搞|报|拍|写|整理|统计|排)了|收回吧|作废"
    # "日报别发微信了": a practice stopped ("别忘了", "别急了" ask nothing of the kind)
    r"|别(?!再|忘|管|急|客气|担心|着急|生气|动了|走了|叫)[^，。！？,\s]{1,8}(?<![错丢漏晚迟坏])了(?=\s|[，,。！!；;]|$)"
    # an earlier instruction named and called off: "之前说的每条都要标注法条，这个不用了"
    r"|(?:之前|刚才|上次|以前|原来)(?:说|定|讲|提)?[^。]{0,40}?(?:取消|收回|作废|不用了|不算了|算了|不要了|不需要了|不必了))", re.I)
# moving or switching to something, which REPLACE and _DURABLE both read as a change meant to last
_MOVE = r"\bmov(?:e|ed|ing)\b(?: [\w&-]+){0,4} (?:off|to|from|over)\b|\bI'?ve moved\b|\bswitch(?:ing|ed)?\b(?: [\w&-]+){0,4} (?:to|from|over)\b"
REPLACE = re.compile(
    r"(\binstead\b|\brather than\b|\bchange of plan\b|别\S{1,6}了[，,]\s*换|别[^，。]{1,8}了[，,][^。]{0,40}?(?:以后|今后|从现在起)|别[^，。\s]{1,8}了[，,\s]+(?:改|换|直接)?(?:发|用|走|放|存|找|订|录)[^，。\s]|不\S{1,6}了[，,]\s*(?:换|改|直接|就用|用)|" + _MOVE + r"|\bno more\b|\bnot \w+ anymore\b"
    r"|\banymore\b|\bany more\b|\bnow\b.{0,40}\bnot\b|\bleft as\b|\breplace\b|\bdrop \"|\bmigrat\w+ (?:to|from)\b"
    # a thing asked to read otherwise: "change the sign-off too, make it '- Marta'"
    r"|\bchange\b[^.;]{1,40}?[,;:]\s*make (?:it|them)\b"
    r"|改成|改用|换成|改为|改到|挪到|而不是|代替|以后都按|统一了)", re.I)
CORRECTION_LEAD = re.compile(
    r"\bthat'?s (?:wrong|not right|incorrect|outdated)\b|写错了|纠正一下|更正一下|我(?:昨天|之前|刚才)?说错了"
    # "面积不对，118", "抬头错了 是…": the thing named, then the right value
    r"|^[\u4e00-\u9fff]{1,6}(?:不对|错了)(?=[，,\s])|^\s*(?:no\b[\s,.!—–-]|nope\b|nah\b(?![\s,]+(?:that'?s|thats|it'?s|its) (?:right|fine|correct|good))|wrong\b|not quite\b|actually\b|correction\b|hmm,? wait\b|wait\b[,\s].{0,30}\b(?:misremembered|wrong|mistake)\b|I misremembered\b"
    r"|不对|不是|错了|搞错了|说错了|记错了|更正|纠正)|[，,]\s*怎么还是\s*[¥$]?\d", re.I)
CORRECTION_FORM = re.compile(
    r"(^\s*(?:it'?s\s+|its\s+)?[$€£¥]?\d[\d.,:]*\s*[%a-z]{0,3}\s*,?\s+not\s+[$€£¥]?\d[\d.,:]*\b"
    r"|\b(?:is|are|was|were)\s+[$€£¥]?\d[\d.,:]*\s*[%a-z]{0,5}\s+not\s+[$€£¥]?\d[\d.,:]*\b"
    r"|[,;]\s*(?:the\s+)?[\w@#.-]+(?:\s+[\w-]+)?\s+(?:is|was)\s+(?:the\s+)?(?:old|outdated|stale|wrong)\b(?:\s+one)?"
    r"|\b(?:is|are|was|were|started|starts|ends|ended)\s+[^,.;]{1,40}?,\s*not\s+[^,.;]{1,30}|\bnot\s+[^,.;]{1,30}?,\s*(?:it'?s|but)\b"
    r"|[，,]\s*不对[，,]\s*(?:应该)?是|(?:错了|不对)[^。]{0,4}是[^。]{2,30}不是|[$€£¥]?\d[\d.,:]*\s*(?:am|pm|[a-z%]{0,5})?\s*,\s*not\s+[$€£¥]?\d|不是[^，。；]{1,16}[，,]\s*是|是[^，。；]{1,16}[，,]\s*不是|不是[^，。；]{1,12}而是|[\d一二三四五六七八九十两][^，。；]{0,8}[，,]\s*不是[^，。；]{1,12})", re.I)
_VALUE = re.compile(rf"(\d|[A-Z][a-z]+ \d|\b[A-Z]{{2,}}\b|\b[A-Z][a-z]+[A-Z][A-Za-z]*\b|[\"“「'][^\"”」']+[\"”」']|[{_CJK}]{{2,4}}(?:号|点|日|月|周[一二三四五六日天])"
                    r"|`[^`]+`|\b[a-z0-9]+(?:[-_.][a-z0-9]+){2,}\b)")
# About the person rather than the project: their body, habits, name, ownership, all their work.
PERSONAL = re.compile(
    r"(\b(?:for|to) me\b(?! (?:when|if|after|before|once)\b)|\bI'?m (?:a |an |mostly |red|colou?r|left|right|not a )|\bI am (?:a |an |mostly )"
    r"|\bmy (?:eyes|sleep|name|pen name|writing|stomach|knees?|back|health|diet|body|allerg\w*)\b|(?:^|(?<=[，,。\s])|我)对[^，。]{1,8}过敏|^[^，。对]{0,6}过敏|我不能(?:吃|喝)|我的(?:身体|胃|膝盖|眼睛)"
    # how the person reads a clock is theirs, in every project: "时间都写24小时制", "times like 7:30am"
    r"|发(?:给)?我的|(?:日期|时间|金额|数字)[^，。]{0,4}都(?:写|带|加|用|按)|千分位|金额写全|\bdates? (?:out )?like [A-Z][a-z]{2} \d|\b[A-Z][a-z]{2} \d{1,2} style dates?\b|\bwrite (?:the )?dates? (?:out|in full)\b|\bthousands? separators?\b|24小时制|12小时制|\b(?:24|12)[- ]?(?:hour|hr|h)s?\b(?! (?:shift|window|support|turnaround|notice))|\btimes? like \d"
    r"|\bleave \w+ to me\b|\bis mine\b|\bI (?:review|do|commit|merge|deploy) (?:the )?\w+ myself\b|\b(?:commit|merge|deploy|push|review) (?:it )?myself\b"
    r"|\bon (?:any|all|every) (?:of )?my\b|\bin (?:any|all|every) (?:of )?(?:my )?(?:projects?|repos?)\b|\banything I write\b|\bwhatever I write\b|\bw(?:/|ith)? me\b|\b(?:times?|dates?|everything|anything) i (?:give|send|say|tell)\b"
    r"|\b(?:remind|notify|ping|message|text|email|call|dm) me\b(?=.{0,24}\b(?:by|via|on|over|through|at)\b)"
    r"|\b(?:just |you can )?(?:text|dm|message|whatsapp|signal|telegram) me\b|\bstop (?:texting|emailing|messaging|calling|pinging|dm'?ing) me\b|\b(?:stop|no more) (?:the )?(?:slack |email |text )?dms\b|\bmy (?:slack|inbox|email)\b|\b(?:give|show|write|answer|explain to) me\b|\byou (?:can |could |should )?(?:give|send|write|show) me\b|\bI can'?t (?:think|read|see|eat|drink|stand)\b"
    r"|给我(?:排|安排|写|改|订|买)|我(?:要|想|得|需要)?先看|我要看|让我看|\bI (?:want|need) to (?:see|read|know)\b|(?:提醒|通知|消息)[^，。]{0,6}(?:发|用|改成|改用|通过|走)[^，。]{0,3}(?:短信|微信|邮件|电话|钉钉)"
    r"|不管哪个|无论哪个|不论哪个|我看着|我不爱看|我看不|给我(?:弄|列|做|整理|画)"
    r"|\bmy time ?zone\b|我的时区|" + _PERSON_FORMAT + "|" + _ADDRESS_ME + r"|(?:你|您)(?:回|回复|回答|给)我[^，。？！]{0,6}的时候"
    r"|(?:回复|回答|回)我(?:的时候)?(?:都|就|先)?(?:用|说)|跟我说话|和我说话|[跟给]我说(?!过|了)|(?:别|不要)[^，。]{0,4}(?:发|甩|传)(?:给)?我|(?:文字|正文)[^，。]{0,6}(?:给我|写)|给我发(?:提醒|消息|通知)|发我(?:微信|短信|邮件|邮箱)|(?:发|打|找|联系|叫)(?:给)?我[^，。]{0,4}(?:都行|都可以|没事)|我要睡|睡得早|我(?:一般|通常)?[^，。\s]{0,4}还没睡|我的稿子|我写的|给我改|我的名字|笔名|所有项目|任何项目|不管哪个项目)", re.I)
# "show me a diff / the plan / the SQL": what the person wants to see of the work (a project's gate)
_SHOW_ME = re.compile(r"\b(?:give|show|send) me\b", re.I)
_SHOWN_ARTIFACT = re.compile(r"\b(?:give|show|send) me (?:a |an |the )?(?:[\w-]+ ){0,2}(?:diffs?|plans?|SQL|queries|query|logs?|"
                             r"migrations?|schemas?|output|stack ?traces?|patch(?:es)?|changes?|changelog)\b", re.I)
_GROUP_WORDS = re.compile(r"(\bthe team\b|\bour\b|\bwe\b|我们|咱们|大家|团队)", re.I)
ANAPHOR = re.compile(
    r"^(?:(?:the )?(\w[\w -]{0,30}) part,? (?:yes|ok|okay)\b[\s,—–-]*)?(?:yes[\s,—–-]*)?(?:please\s+)?(?:follow|do|keep|remember|use|apply) (?:that|this|it)\b"
    r"|^(?:remember|note) (?:that|this)\.?$|记住这一?点|就按这个来|按这个来|照这个来|以后都这样", re.I)

_LEAD_STRIP = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|yeah|yep|yup|so|also|and|oh|btw|fyi|by the way|anyway|one more(?: thing)?|last thing|heads up|quick one|one thing|hmm|right"
    r"|lol|lmao|haha+|ugh|omg|wow|welp|ye+s+|yay|next thing|next up|hang on|hold on|wait a sec"
    r"|as I said(?: before)?|like I said|I told you|I said before)\b\s*[:：,，—–-]*\s*"
    r"|(?:big |some |good |bad )?news\s*[:：—–-]+\s*"
    r"|(?:对了|还有|另外|顺便说一下|顺便|还有就是|我说过的?|说过了|跟你说过)\s*[:：,，—–-]*\s*"
    # a label before the rule: "还有个硬性要求：…", "One hard requirement: …"
    r"|(?:[一两几]?个)?[^，。：:\s]{0,4}(?:要求|规矩|规定|原则|条件)\s*[:：]\s*"
    r"|(?:one |another |a )?(?:hard |strict |firm )?(?:requirement|condition|constraint)\s*:\s*"
    r"|(?:嗯|好的?|行|对|哦)\s*(?:[:：,，。！!~～—–-]+|\s+)\s*)+", re.I)
_MARKER_STRIP = re.compile(
    r"^\s*(?:from now on|going forward|from here on|in (?:the )?future|next time|remember (?:to|that)|please remember (?:to|that)|note that|as usual)\s*[,:：]?\s*"
    r"|^\s*(?:以后|今后|往后(?![挪推放移延排拖调])|从现在起|从今以后|下次|记住|记得)\s*[:：,，]?\s*"
    # "as usual" in Chinese, a lead of its own ("还是老规矩，不动正文只加批注")
    r"|^\s*(?:还是|照)?(?:老规矩|照旧|照常|老样子|(?:跟|和)(?:以前|之前|上次)一样)\s*[:：,，]\s*", re.I)
_SENT_SPLIT = re.compile(r"(?<=[。！？!?；])|(?<=\S;)|(?<=[A-Za-z0-9])(?:\.{3}|…)\s+(?=[A-Z])|(?<=[A-Za-z0-9\)\"”'`][A-Za-z0-9\)\"”'`])\.\s+(?=[A-Za-z\"“(`]|[\u3400-\u9fff])|\n+")


def fact_clause(text: str) -> str:
    """A stated fact without its reason ("We use PostgreSQL 16, in case…" -> "We use PostgreSQL 16")."""
    return re.split(r",\s*(?:so|in case|because|since|which)\b|，(?:所以|因为|以防)", text, maxsplit=1)[0]


# "incident updates go to #inc-payments from now on, …": a clause that ends on the marker sets a rule
# a way of working stopped and its replacement named: "stop the slack DMs for recaps, add the recap to
# the Prod Log doc instead"
_STOP_INSTEAD = re.compile(r"^(?:(?:oh|and|also|so|ok)\s+)*stop (?:the |doing |sending |with )?[\w -]{2,40}[,;.]\s*.{3,80}\binstead\b", re.I)
# "as before" asks for what was done before: "both refs, gapdh + actb like last time", "跟讲义一个规矩"
_AS_BEFORE = re.compile(_LIKE_BEFORE + r"|\bsame as (?:always|usual|before|last time)\b|\bas usual\b"
                        r"|老规矩|照旧|照常|还是老样子|(?:跟|和)(?:上次|之前|以前)一样", re.I)
_CONFIRM = re.compile(r"\b(?:yes|yep|yeah|yup|sure|ok(?:ay)?|please|do|same)\b|要|是的?|对|好的?|嗯|行|可以|还是|[\W_]", re.I)
# a report that something happened again ("又乱码了", "it broke again") and who says so ("张姐说")
_AGAIN_REPORT = re.compile(r"^(?:又|还是)[^，。,；;]{1,10}了\W*$|^(?:it|that|this|the \w+)(?:'s| is)? (?:\w+ )?(?:again|broken again)\W*$", re.I)
_SAID_BY = re.compile(r"^[^，。,]{1,8}?(?:说|讲|觉得)|^\w+ (?:says|said)\b", re.I)
# a limit kept to: "发家长群的东西控制在200字以内", "keep anything for the client under 150 words"
_LIMIT = re.compile(r"控制在\s*\d+\s*\S{0,2}以内|(?:不要|别|不能)?超过\s*\d+\s*(?:字|个字|行|页|分钟)"
                    r"|\bkeep (?:it|them|\w+(?: \w+){0,6}) (?:under|below|within) \d+\s*(?:words|characters|chars|lines|pages|minutes)\b"
                    r"|\bno (?:more|longer) than \d+\s*(?:words|characters|chars|lines|pages|minutes)\b"
                    r"|\bto \d+\s*[a-z]*\s*max\b|\b(?:at most|max(?:imum)?) \d+\s+(?:words|questions|lines|pages|items|slides|bullets)\b"
                    # "e-bikes get 90 minutes minimum", "big jobs take 2 hours max"
                    r"|^[\w -]{2,30}?s (?:get|need|take|have) (?:at least )?\d+\s*(?:minutes?|mins?|hours?|hrs?|days?|h)\s+(?:minimum|min|max|maximum|tops)\b"
                    # "client texts = 2 lines tops", "captions: 10 words max"
                    r"|\b[\w -]{2,30}?s\s*(?:=|:|are|get)\s*(?:\d+|one|two|three|four|five)\s+(?:lines?|words|sentences|paragraphs|pages|bullets)\s*,?\s*(?:tops|max(?:imum)?|at most)\b"
                    # "two big jobs a day, max", "3 posts per week tops": a count per period
                    r"|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) (?:[\w-]+ ){0,2}[a-z-]+s (?:a|per|each) (?:day|week|month|night|shift)\s*,?\s*(?:max(?:imum)?|tops|at most)\b", re.I)
_ANY_OF_KIND = re.compile(r"的(?:东西|消息|内容|通知|文案|邮件)|\b(?:anything|everything|all|any|every)\b", re.I)
_CLOSES_STANDING = re.compile(r"\b(?:from now on|going forward|from here on(?: out)?)\s*(?:[,;.!]|$)", re.I)
# … unless it foretells ("prices are going up from now on", "it will rain from now on")
_PREDICTION = re.compile(r"\b(?:will|won'?t|shall|gonna|going to|(?:is|are|am|'re|'s)\s+(?:\w+\s+)?\w+ing)\b|'ll\b", re.I)


# a space between Chinese words is a clause break where people type on a phone ("顺达那边换老板了 现在车都送恒通")
_CJK_SPACE = r"(?<=[\u4e00-\u9fff0-9])\s+(?=[\u4e00-\u9fff])"
_CLAUSE = re.compile(r"[,;:，；：]|\s[-–—]\s|" + _CJK_SPACE)
_FUTURE = re.compile(r"\bfrom today on(?:wards?)?\b|从今天起|从今天开始|\bfrom now on\b|\bgoing forward\b|\bfrom here on\b|\bin (?:the )?future\b|以后|今后|往后(?![挪推放移延排拖调])|从现在起|从今以后", re.I)
# the words of a standing marker say nothing of what a rule is about ("like last time", "照旧")
_MARKER_WORDS = re.compile(_AS_BEFORE.pattern + "|" + _FUTURE.pattern + r"|\b(?:every|each|next) ?time\b|每次|每一次|下次", re.I)


def opens_future(sentence: str) -> bool:
    """Whether ``sentence`` opens with "from now on" / 以后 (what follows is the new way)."""
    return bool(re.match(r"^\s*(?:(?:and|so|ok|then)[,\s]+)*(?:" + _FUTURE.pattern + ")", sentence, re.I))


# a count in Chinese: the numerals and the units they count ("三成", "两年", "一式三份")
_CJK_NUMERAL = "一二三四五六七八九十两"
_CJK_UNIT = "成年天个月周次份点号倍层张人"
_NUMBER_ZH = re.compile(rf"\d|[{_CJK_NUMERAL}半]+[{_CJK_UNIT}]")


def names_number(text: str) -> bool:
    """Whether ``text`` names a number, in digits or in Chinese ("三成", "两年")."""
    return bool(_NUMBER_ZH.search(text))


@lru_cache(maxsize=65536)
def asks_change(text: str) -> bool:
    """Whether ``text`` asks for something other than before ("let's do them on day 5 instead")."""
    if re.search(r"差点|差一点|险些|\balmost\b|\bnearly\b", text, re.I):
        return False  # "你差点改成 1.20.4": a change that did not happen
    return bool(REPLACE.search(text) or _NOW_CHANGE.search(text)) and _has_new_value(text)


@lru_cache(maxsize=65536)  # asked of every signal of a dream: a rule said again is one wording many times
def without_markers(text: str) -> str:
    """``text`` without its standing markers, for comparing what two rules are about."""
    return _MARKER_WORDS.sub(" ", text)


# a daily frame makes "today" each day's ("每天下班前把今天的日报发我", "every evening send me today's numbers")
_DAILY = re.compile(r"每天|每日|天天|每晚|每个?(?:工作日|早上|晚上)|\b(?:every|each) (?:day|morning|evening|night|weekday)\b|\bdaily\b", re.I)
_TODAY = re.compile(r"今天|今晚|当天|\btoday'?s?\b|\btonight'?s?\b", re.I)
# a time set relative to what it is for recurs with it: "提前7天发", "上课前两小时", "前一天晚上",
# "2 hours before class", "the day before"
_N_ZH = r"[\d一二三四五六七八九十两半]+\s*(?:个)?"
_RELATIVE_TIME = re.compile(
    rf"提前\s*{_N_ZH}(?:天|小时|钟头|分钟|周|星期|礼拜|月)|[\u4e00-\u9fff]{{1,4}}前\s*{_N_ZH}(?:天|小时|钟头|分钟)|前一天|前一晚"
    r"|\b(?:\d+|an?|one|two|three|four|five|six|seven|ten|a few|24|48)\s+(?:days?|hours?|minutes?|weeks?)\s+(?:before|ahead|prior|in advance)\b"
    r"|\bthe (?:day|night|evening|morning|week) before\b(?!\s+(?:the|our|my|his|her|their|that|this)\b)", re.I)
# how things are now, said as news of a change: "wholesale terms are net 15 now", "she does the
# sign-off now instead of me", "you can give me temps in celsius now", "付款现在是4-4-2了",
# "瓷砖换东鹏了啊", "有效期改30天吧", "晚上十点前发我都行"
_NOW_CHANGE = re.compile(
    r"\bnow\b[^.;]{0,20}\b(?:instead of|rather than)\b|\binstead of\b[^.;]{0,30}\bnow\b"
    r"|\b(?:is|are|'s|'re)\s+(?!(?:done|fixed|merged|deployed|green|working|passing|up|down|live|ready|back|over|gone|open|closed|here|there|in|on)\b)[^.;,]{1,30}?\bnow\b(?!\s+(?:on|it|and|so|but))"
    r"|\byou can (?:now\s+)?(?:give|use|send|put|write|post|do|go|start|switch)\b[^.;]{1,60}\bnow\b"
    # a setting given its new value: "make the e-bike deposit £30 now"
    r"|\bmake (?:the|our) [\w -]{1,30}? [$€£¥]?\d[\w.,%]*\s+now\b"
    # a limit granted wider: "you can text people until 20:00 now", "you can book up to 6 a day now"
    r"|\byou can (?:now\s+)?[a-z]+\b[^.;]{0,40}?\b(?:until|till|up to|after|before|past|from)\s+[$€£¥]?\d[^.;]{0,20}?\bnow\b"
    r"|\b(?:we'?re|we are|i'?m|i am)\s+(?:on|using|with|in)\s+[\w.-]+\s+now\b"
    r"|\b[\w.-]+\s+(?:does|handles|runs|owns|hosts|covers)\s+(?:our|the|all)\s+[\w -]{2,20}?\s+now\b"
    r"|\b(?:text|whatsapp|signal|email|call|dm|message|slack|ping|telegram) me\b[^.;]{0,20}\bnow\b"
    r"|现在是\s*[¥$]?\d"
    # "mulch comes from Bastrop Bark now", "the minimum goes to $120"
    r"|\b(?:comes?|goes?|ships?)\s+(?:out of|from|through|thru|via|with)\s+[^.;,]{2,30}?\s+now\b"

    r"|现在(?:是|换|改成?|用|走|由|归)[^，。]{1,20}了|现在不[^，。\s]{1,8}了|现在[^，。\s]{0,3}都(?:送|发|找|去|交|走|用)|(?:换|改)(?![完好过掉错])(?:成|为|到)?[^，。\s]{1,10}了(?:啊|哈|哦|呀)?(?=[，。！\s]|$)"
    r"|(?:改|换)(?:成|为)?\s*[\d一二三四五六七八九十两半]+\s*\S{0,2}吧"
    # a value to go by from here: "按一个小时报", "按八折算"
    r"|按\s*[\d一二三四五六七八九十两半]+\s*(?:个半?)?\s*(?:小时|分钟|钟头|天|周|个月|成|折|%|点)(?:来|算|报|走|给|定|排|收)"
    r"|(?:[\d一二三四五六七八九十]+点|\d+:\d+|周末|工作日|上午|下午|晚上|白天)(?:以?前|之前|以后)?[^，。]{0,6}(?:都行|都可以|都没问题|没事)", re.I)
_ASIDE = re.compile(r"(?:^|(?<=[，,;；。]))\s*(?:另外|还有|对了|顺便说一?下|(?:also|btw|oh and|and also)\b)", re.I)
_AT_HAND = re.compile(r"这份|这单|这款|这个|这套|那套|这张|这次|这回|这件|\b(?:this|that) (?:one|file|page|draft|invoice|order|ticket)\b", re.I)
# news told with a one-off word dates the news, not the rule beside it ("Oksana started this week, she
# does the sign-off now")
_NEWS_CLAUSE = re.compile(r"\b(?:started|began|joined|left|moved|switched|changed|got|went|came|installed|signed|hired|bought|arrived)\b"
                          r"|(?:装|换|改|开|离职|来|走|到)了", re.I)
# asked to change how something is done: "提醒改一下，提前7天发", "change the reminders to 7 days ahead"
_CHANGE_ASK = re.compile(r"(?:改|调|换)一?下\s*[，,]|\b(?:change|move|switch|make)\b", re.I)
# a wording banned, in quotes: "别叫客户“亲”", "也别“您的爱宠”", "never write 'ASAP'"
_WORDING_BAN = re.compile(r"(?:别|不要|不许|不准)(?:再)?(?:用|说|写|叫|称呼?)?[^，。,；;]{0,4}?[“「\"‘][^”」\"’]{1,12}[”」\"’]"
                          r"|\b(?:don'?t|do not|never|stop)\s+(?:ever\s+)?(?:use|say|write|call (?:them|people|clients|customers|me))\s+[\"“‘'][^\"”’']{1,20}[\"”’']", re.I)
# an amount applied to every thing of a kind: "take a £20 deposit on e-bike bookings", "add a 15
# minute buffer between bookings", "charge a 10% fee on late invoices" (not "on the invoices": those at hand)
_POLICY_ON_KIND = re.compile(
    r"^(?:(?:also|and|oh|so|pls|please|always)[,\s]+)*(?:take|charge|add|apply|give|allow|leave|keep|block|put)\s+(?:a|an)\s+"
    r"[$€£¥]?\d[\d.,]*(?:%|[ -]?(?:percent|minutes?|mins?|hours?|hrs?|days?|weeks?))?\s+(?:[\w-]+\s+){0,2}?(?:on|for|to|with|between|before|after)\s+"
    r"(?!(?:the|these|those|this|that|his|her|their)\b)(?:all\s+|every\s+|any\s+)?(?:[\w-]+\s+){0,2}[a-z-]{3,}s\b\s*(?:[,;.]|$)"
    # a length per kind of thing: "new patients get 60 minutes", "walk-ins get 15 mins"
    r"|^(?:(?:also|and|so)[,\s]+)?(?:all\s+)?(?:[a-z-]+\s+){0,2}[a-z-]{3,}s\s+(?:get|need|take)\s+(?:a\s+|an\s+)?(?:full\s+)?\d+[ -]?(?:minutes?|mins?|hours?|hrs?)\b"
    # payment terms: "定金收 30%，尾款婚礼前一周结清", "押金付两个月"
    r"|^(?:定金|订金|押金|首付|预付款?|尾款)[^，。,]{0,3}(?:收|付|交|按)\s*(?:\d+\s*%|[\d一二三四五六七八九十两]+\s*成|[一二三四五六七八九十两]+个月)", re.I)
# a file-name pattern with placeholders is how every such file is named: "文件名 日期_宠物名", "name them YYYY-MM-DD_client"
_NAMING_TEMPLATE = re.compile(
    r"(?:文件名|命名|\bfile ?names?\b|\bname (?:them|it|the files?|each (?:one|file))\b)\s*(?:都|统一|一律)?\s*(?:用|按|是|为|叫|as|like|[:：])?\s*[`\"“'「]?"
    r"(?=[^\s，。,;]*(?:日期|时间|名字?|编号|序号|date|name|yyyy|mm|dd|id\b|<|\{))[^\s，。,;]+[_\-][^\s，。,;]+", re.I)


def _clause_start(s: str, pos: int) -> int:
    """Where the clause of ``s`` around position ``pos`` starts."""
    return ([m.end() for m in _CLAUSE.finditer(s, 0, pos)] or [0])[-1]


def _clause_at(s: str, pos: int) -> str:
    """The clause of ``s`` around position ``pos``."""
    end = _CLAUSE.search(s, pos)
    return s[_clause_start(s, pos):(end.start() if end else len(s))]


def _standing_clause(s: str) -> bool:
    """A standing marker in a clause that asks for something, not in one that describes what
    keeps happening ("每次电脑一重启就打不了，记一下怎么弄": the marker is in the description)."""
    if not STANDING.search(s):
        return False
    if not DESCRIPTIVE.search(s):
        return True
    return any(STANDING.search(c) and (not DESCRIPTIVE.search(c) or _FUTURE.search(c) and not _PREDICTION.search(c))
               for c in _CLAUSE.split(s))


_LIKENESS = re.compile(r"^(?:[^，,]{0,6}?)(?:听着|看着|听起来|看起来|感觉)[^，,]{0,16}(?:似的|一样)[，,]?$")


def _without_likeness(text: str) -> str:
    """A rule without a clause that only says what the old way sounds like ("叫我芳姐就行，林女士听着
    跟银行打电话似的": the comparison is the reason, not part of the rule)."""
    parts = re.split(r"(?<=[，,])|(?<=[\u4e00-\u9fff])(?=\s+[\u4e00-\u9fff])", text)
    if len(parts) < 2 or not _CJK_RE.search(text):
        return text
    kept = [parts[0]] + [p for p in parts[1:] if not _LIKENESS.match(p.strip())]
    return "".join(kept).rstrip("，, ")


def _drop_reason(text: str) -> str:
    """A convention without the clause that explains it or tells its history ("…，干净，我们一直住这个")."""
    out = fact_clause(text)
    if _CJK_RE.search(out):
        parts = re.split(r"(?<=[，,])", out)
        kept = [parts[0]] + [p for p in parts[1:] if not DESCRIPTIVE.search(p) and content_chars(p) > 2]
        out = "".join(kept).rstrip("，, ")
    return out


_CJK_PUNCT = re.compile(r"[，。！？；、：]")
_NOT_CLAUSE = re.compile(r"(?<=[\u3400-\u9fff0-9])[ \t\u3000]+(不是\s*[¥$]?\d[\d.]*)(?:[ \t\u3000]+(?=[\u3400-\u9fff]))?")
_NEXT_POINT_WORDS = r"还有|另外|对了"  # "also", "besides", "oh, and": another point follows
_NEXT_POINT = re.compile(rf"(?<=[\u3400-\u9fff0-9])[ \t\u3000]+(?={_NEXT_POINT_WORDS})")
_OPENS_NEXT_POINT = re.compile(rf"^\W*(?:{_NEXT_POINT_WORDS})")


# a wording that leans on an earlier one: "跟你说过了", "这边也一样", "like I said", "same as the paper"
_LEANS_BACK = re.compile(r"跟你说过|说过了|说过的|(?:这边|那边|这里)?也一样|同上|还是那句|照旧|老规矩"
                         r"|\b(?:like|as) I (?:said|told you)\b|\bsame (?:as|deal|here)\b|\bI told you\b", re.I)


@lru_cache(maxsize=65536)  # asked of every signal of a dream: a rule said again is one wording many times
def leans_back(text: str) -> bool:
    """Whether ``text`` leans on something said before (a weaker wording of a rule said twice)."""
    return bool(_LEANS_BACK.search(text or ""))


def opens_next_point(sentence: str) -> bool:
    """Does the sentence open with 还有/另外/对了, the person's word for another point?"""
    return bool(_OPENS_NEXT_POINT.match(sentence))


def sentences(text: str) -> list[str]:
    """Sentences, without splitting at decimals, versions or e.g./i.e. In a line of Chinese typed
    with spaces for punctuation (as on a phone), "还有/另外/对了" after a space opens a new sentence."""
    out = []
    for s in _SENT_SPLIT.split(text or ""):
        if s and s.strip():
            s = s.strip()
            if not _CJK_PUNCT.search(s) and _CJK_RE.search(s):
                # "叫我芳姐就行 … 还有别写kg": the next point is a sentence of its own
                s = _NOT_CLAUSE.sub(r"，\1，", s).rstrip("，")  # "今年一天180 不是150 年初就涨了": the value said no to is a clause
                out.extend(p for p in _NEXT_POINT.split(s) if p.strip())
                continue
            out.append(s)
    return out


_POINTER_LEAD = re.compile(r"^(?:same deal|same as (?:the |in |for |with )?[\w .'-]{1,30}?)\s*[:：,，—–-]\s*(?=\S)", re.I)
_POINTER_TAIL = re.compile(r"\s*[,;，；—–-]\s*(?:same as (?:always|usual|before|last time)|as usual|like (?:before|last time))\s*[.!]?\s*$"
                           r"|\s*[，,；;]\s*(?:跟|和)(?:上次|之前|以前)(?:说的)?一样\s*[。.！!]?\s*$", re.I)


def clean(sentence: str) -> str:
    """The sentence without lead-ins and standing markers ("Also, from now on, …")."""
    s = sentence.strip()
    prev = None
    while prev != s:
        prev = s
        s = _LEAD_STRIP.sub("", s, count=1)
        s = _MARKER_STRIP.sub("", s, count=1)
    s = s.strip(" ,，;；")
    s = re.sub(r"[,，]?\s*\b(?:by the way|btw)\b\s*", " ", s, flags=re.I).strip()
    s = re.sub(r"[，,]\s*怎么(?:还是|又是)[^，。]*$", "", s)  # "…，怎么还是260": the stale value complained about
    # a pointer back at an earlier time says nothing the statement needs: "Same as the paper: …",
    # "…, same as always", "…，跟上次说的一样"
    rest = _POINTER_LEAD.sub("", s, count=1)
    # … when what follows says it all by itself ("Same as the staging DB: read-only on Fridays" keeps its subject)
    if rest != s and content_chars(rest) >= 8 and (len(rest.split()) >= 5 or not rest.isascii()):
        s = rest[0].upper() + rest[1:] if rest[:1].isascii() else rest
    rest = _POINTER_TAIL.sub("", s)
    if rest != s and content_chars(rest) >= 6:
        s = rest
    s = re.sub(r"\s+([,.;:!?])(?=\s|$)", r"\1", s)
    if s and re.match(r"^[a-z]+\b(?![/_.(])", s):
        s = s[0].upper() + s[1:]
    return s


@dataclass
class Finding:
    act: str  # instruct | convention | prefer | correct | revoke | replace | state
    text: str  # the clause as the user put it, lead-ins removed
    sentence: str  # the whole sentence
    personal: bool = False  # about the person, not the project
    conditional: bool = False
    standing: bool = False


def _about_person(s: str) -> bool:
    """PERSONAL in a clause that names no group ("give me times in UTC please, half the team is in
    Toronto": the team is the reason, the request is the person's)."""
    def names_group(text: str) -> bool:  # "to me" / "for me" are the person's, whatever else is said
        return bool(_GROUP_WORDS.search(re.sub(r"\bto me\b|\bfor me\b", "", text, flags=re.I)))

    if ASK_FIRST.search(s) and not any(PERSONAL.search(ASK_FIRST.sub(" ", c)) for c in _CLAUSE.split(s)):
        return False  # "anything over $400 … you check with me before placing it": a gate on the work
    if any(PERSONAL.search(c) and not names_group(c) for c in _CLAUSE.split(s)):
        return True
    if re.match(r"^(?:(?:fyi|btw|also|and|oh)[,\s]+)*(?:I'?m|I am|I live|I work)\b[^,;]{2,40},\s*so\b", s, re.I):
        return True  # "i'm on mountain time, so any deadline you give…": a request for the person's reason
    if re.search(r"\beverywhere\b|所有地方|不管在哪", s, re.I) and not _PROJECTISH.search(s) and not _GROUP_WORDS.search(s):
        return True  # "write dates like 2026-05-05 everywhere: filenames, tables, plot titles"
    return bool(PERSONAL.search(s)) and not names_group(s)


# "when anything's under 3 put it on the order": when / where opening a clause about something,
# not asking ("when is the van due"); without a question mark it states the condition of a rule
_SUBORDINATE_OPEN = re.compile(r"^\s*(?:when|whenever|where|wherever)\s+(?!(?:is|are|was|were|do|does|did|will|would|can|could|should|shall|has|have|had|am)\b)"
                               r"[^?？]*[^?？\s]\s*$", re.I)


def is_question(s: str) -> bool:
    if _SUBORDINATE_OPEN.match(s):
        return False
    return bool(re.search(r"[?？]\s*$|吗[。！]?\s*$|^\s*(?:what|why|how|when|where|who|which|is it|are you|do you|does|did|can you|could you|would you|要不要|能不能|是不是)\b", s, re.I))


def _standing_request(s: str) -> bool:
    """A question that asks for a standing behaviour: "can you always…?", "以后能不能…?"."""
    return bool(re.search(r"\b(can|could|would) you\b|能不能|可以|可不可以", s, re.I)) and bool(STANDING.search(s))


# feedback on the shape of the agent's answers: "can you do that as bullets?", "ugh, wall of text",
# "太长了 结论放最前面" — how the person wants to be answered, a preference until it recurs
_ANSWER_FEEDBACK = re.compile(
    r"\b(?:as|in) bullets?\b|\bbullet (?:that|it|this)\b|\b\d(?:-\d)? bullets\b|\bbullets? max\b|\btl;?dr version\b"
    r"|\bkeep (?:it|things|answers|replies|them) (?:short|brief)\b|\bkeep (?:your |the )?(?:replies|answers|messages|responses) (?:to|under|within) (?:like |about |around )?(?:\d+|one|two|three|four|five) (?:lines|sentences|words)\b|\bshort version\b|\bwall of text\b|\bparagraphs? kill\b|\btl;?dr\b"
    r"|说重点|结论(?:放)?(?:在)?最?前面|先说结论|分点说|列个要点", re.I)


# a value raised or lowered to a number ("涨到420", "the minimum goes to $120"); news unless dated to stay
_VALUE_MOVED = re.compile(r"(?:涨|降|调|提)(?:到|成|为)\s*[¥$]?\d|\b(?:goes|go|moves?|is going|are going) (?:up |down )?to\s+[$€£¥]?\d", re.I)
# a condition on the thing at hand reaching a state: "tell me when it's up", "once that's merged, ping me"
_TASK_CONDITION = re.compile(r"\b(?:if|when)\b[^,;]{0,50}\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|this (?:week|afternoon|morning|evening))\b(?!s)|"
                             # "when Madison ring again, tell them…": the next time it happens, once
                             r"^\W*(?:\w+\W+){0,2}?(?:if|when|once)\b[^,;]{0,40}\bagain\b|"
                             r"\b(?:when|once|after|as soon as)\s+(?:it|that|this|they|these|those)(?:'s|'re| is| are)?\s+"
                             r"(?:up|done|ready|finished|over|back|live|merged|deployed|green|complete|through)\b"
                             r"|\b(?:when|once|after|as soon as)\s+(?:it|that|this|they)\s+(?:finishes|finish|completes|lands)\b"
                             r"|\b(?:when|once|after) you(?:'re| are)? (?:done|finished)\b|\b(?:when|once|after) you finish\b", re.I)


# a booking moved to one day or hour ("move Kaur to monday", "move the thurs henderson to 7:30"): the
# thing at hand; "move the invoice run to mondays" (every monday) is a change of practice
_ONE_DAY_MOVE = re.compile(r"\bmov(?:e|ed|ing)\b(?: [\w&'-]+){0,4} to (?:(?:this|next|on) )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)"
                           r"|\bmov(?:e|ed|ing)\b(?: [\w&'-]+){0,4} to \d{1,2}(?::\d{2})?\s*(?:am|pm)?(?![\d:])", re.I)


def classify(sentence: str, *, prev_assistant: str = "", quoted: list[str] | None = None,
             prev_user: str = "") -> Finding | None:
    """The act of one sentence the user typed, or None."""
    s = sentence.strip()
    s_scope = s  # the part of the sentence whose "this time" / 这次 counts
    if content_chars(s) < 3 or SARCASM.search(s) or REPORTED.search(s) or _RELAYED_ASK.search(s):
        return None
    if _COUNTERFACTUAL.search(s) or _PAST_OCCASION.search(s) and not STANDING.search(s):
        return None
    question = is_question(s)
    core = clean(s)
    named = _NAME_ONLY.match(s) if prev_assistant else None
    titled = _TITLED.search(prev_assistant) if named else None
    if titled and named.group(1).lower() not in _NOT_A_NAME and named.group(1).lower() not in titled.group(1).lower():
        # "Rosa please" / "just Rosa" after "Good morning Ms. Delgado": how the person is addressed
        return Finding("instruct", f"Call me {named.group(1)}, not {titled.group(1)}", s, personal=True, standing=True)
    if _AS_BEFORE.search(s) and content_chars(_CONFIRM.sub("", _AS_BEFORE.sub("", s))) < 2:
        return None  # "要，照旧" after "陈姐还要抄送吗？": yes, as before — it keeps a rule, it says none
    if _AS_BEFORE.search(s) and all(_AGAIN_REPORT.match(c.strip()) or not content_chars(_AS_BEFORE.sub("", _SAID_BY.sub("", c)))
                                    for c in _CLAUSE.split(s) if c.strip()):
        return None  # "又乱码了，张姐说跟上次一样": it happened again, fix it as before — which fix is not said
    if _ANSWER_FEEDBACK.search(s) and not ONE_OFF.search(s):
        # with "next time" / "always" it is a standing request, else a preference until it recurs
        standing_fb = bool(STANDING.search(s))
        return Finding("instruct" if standing_fb else "prefer", ("回复：" if _CJK_RE.search(s) else "Answers: ") + core, s,
                       personal=True, standing=standing_fb)
    if (_TRAIT_REASON.search(s) and re.search(r"\b(?:can|could|would) you\b|能不能|可不可以", s, re.I)
            and re.search(r"\bnot\b|\binstead of\b|\brather than\b|而不是|别用|不要用", s, re.I)):
        # "can you write times like 7:30am, the 24 hr thing throws me off": how the person reads, asked
        ask = re.sub(r"^(?:(?:ok|so|also|and|hey)[,.]?\s+){0,3}(?:can|could|would) you\s+(?:please\s+)?|^(?:你|您)?(?:能不能|可不可以)", "", core, flags=re.I)
        return Finding("instruct", clean(ask).rstrip("?？ "), s, personal=True, standing=True)
    if question and not _standing_request(s):
        return None
    if _ONE_DAY_MOVE.search(s) and not STANDING.search(s):
        return None
    # an adopted quote or an earlier sentence: "the pinyin part, yes - follow that from now on"
    ana = ANAPHOR.search(core) or ANAPHOR.search(s)
    if ana and content_chars(_MARKER_STRIP.sub("", ANAPHOR.sub("", core))) < 12:
        target = _resolve(ana.group(1) if ana.lastindex else None, quoted or [], prev_user)
        if not target:
            return None
        return Finding("instruct", clean(target), s, personal=bool(PERSONAL.search(target)), standing=True)
    if _CJK_RE.search(core):  # "把行程更新一下，记得每天午睡那一小时": the rule starts at its marker's clause
        m = min((x for x in (STANDING.search(core), REVOKE.search(core)) if x), key=lambda x: x.start(), default=None)
        if m and m.start() > 0:
            head = max(core.rfind(c, 0, m.start()) for c in "，,；;")
            # only a request for now goes ("把行程更新一下，记得…"); "押金改成三个月也可以接受，以后…" stays
            if head >= 0 and all(_TASK_NOW.search(c) for c in re.split(r"[，,；;]", core[:head]) if c.strip()):
                whole, core = core, clean(core[head + 1:])
                s_scope = core  # "这周到期的疫苗提醒发一下，按老规矩提前3天发": "这周" dated the task, not the rule
                if re.search(r"[他她它]|那边|这边|那家|这家", core):
                    core = whole  # "…跟王记那边说一声，猪肉照旧他家": the rule needs the task's words
    m = re.match(r"^[^,，]{1,40}[,，]\s*(?:but|just|但是?|不过)\s*(?=(?:please\s+)?(?:don'?t|do not|never|always|别|不要)\b)", core, re.I)
    if m and (STANDING.search(core[m.end():]) or ASK_FIRST.search(core[m.end():])):
        core = clean(core[m.end():])  # "Take a look, but don't scale the pool without asking me first"
    pronoun_object = bool(_TASK_OBJECT.search(re.split(r"[,;:，；：—–]|\s-\s", core, maxsplit=1)[0]))
    if not pronoun_object and (STANDING.search(s) or REPLACE.search(s)) and prev_user and not _CJK_RE.search(core):
        # "every batch, put it on the brew sheet", "let's do them on day 5 instead": what "it" is
        pronoun_object = any(re.match(r"^(?:please\s+|just\s+|let'?s\s+)?[a-z]+ (?:it|them)\b", c.strip(), re.I)
                             for c in _CLAUSE.split(core)[1:] + [core])
    if (_BACKREF.search(core) or pronoun_object and (STANDING.search(s) or REPLACE.search(s))) and prev_user:
        # "这种词别出现在我的稿子里" after "“抓手”也换掉"; "What was p99 before the deploy? Next time
        # snapshot it…": what the pronoun stands for is in the sentence before  # "这种词别出现在我的稿子里" after "“抓手”也换掉"
        core = prev_user.rstrip("。.!！ ") + ("；" if _CJK_RE.search(core[:2]) else ("; " if prev_user.rstrip()[-1:] not in "?？" else " ")) + core
    # "Big one today: we're moving off CocoaPods": a short header's "today" dates the news of a
    # change, it does not scope it ("For today: …", "只这次：…" do)
    hdr = re.match(r"^[^:：]{1,24}[:：]\s*", s)
    scoped = s if not hdr or re.search(r"\b(?:for|only|just|until)\b|只|仅|先", hdr.group(0), re.I) else s[hdr.end():]
    # "这次我不用美图秀秀了……以后海报改用 Canva": a clause that names the future outlasts "this time"
    s_scope = re.sub(r"\bfrom today on(?:wards?)?\b|从今天起|从今天开始", " ", s_scope, flags=re.I)  # a start, not a day
    if _DAILY.search(s_scope):
        s_scope = _TODAY.sub(" ", s_scope)  # "每天下班前把今天的日报发我": each day's today
    # a wording named to avoid is no date: "跟我说日期直接说几号，别说下周几", "don't write 'tomorrow'"
    s_scope = re.sub(r"(?:别|不要)(?:说|写)[^，。；]*|\bdon'?t (?:say|write)\b[^,.;]*", " ", s_scope, flags=re.I)
    one_off = (any(ONE_OFF.search(c) and not (_NEWS_CLAUSE.search(c) and not DIRECTIVE.match(c.strip())) for c in _CLAUSE.split(s_scope))
               and not any(_FUTURE.search(c) and not ONE_OFF.search(c) for c in _CLAUSE.split(s_scope)))
    standing = bool(ASK_FIRST.search(s)) or _standing_clause(s) or bool(_STOP_INSTEAD.search(s))
    conditional = bool(CONDITIONAL.search(s))
    # a sentence that opens with a standing marker ("from now on, deploy…", "以后每次都订…") is an instruction
    opens_standing = (bool(_MARKER_STRIP.match(_LEAD_STRIP.sub("", s, count=1)))
                      or bool(re.match(r"^\s*(?:每次|每一次|每回|下次|每[条份项个篇天周月年晚位张单])", core))
                      or bool(_CLOSES_STANDING.search(s)) and not _PREDICTION.search(s))
    # a question that got this far is a standing request, unless what it asks for is only "that"
    asks = question and not re.search(r"\b(?:that|this|it|them)\s*[?？.!]*$|(?:这个|那个|这样)\s*(?:吗|吧)?\s*[?？]*$", s, re.I)
    directive = opens_standing or asks or bool(ASK_FIRST.search(s)) or bool(_ADDRESS_ME_RE.search(s)) or bool(_AS_BEFORE.search(s)) or bool(DIRECTIVE.search(core)) or bool(DIRECTIVE.search(s)) or bool(_QUANTIFIED.search(s)) or bool(
        re.search(r"\b(?:make sure|be sure|remember to|please)\b", s, re.I))
    own = _THIRD_MOVE.sub("", s)  # "she moved to the risk team" is news about someone, not a change of mind
    if not question and not one_off and _SET_VALUE.search(s) and not _TASK_OBJECT.search(s):
        return Finding("replace", core, s, standing=True)  # "bump the reorder point to 5": a setting given a new value
    if not question and not one_off and REPLACE.search(own) and _VALUE_NOUN.search(s) and _has_new_value(s):
        return Finding("replace", core, s, standing=True)  # "target 3:55 instead": a goal or limit changed
    if (not question and not ONE_OFF.search(scoped) and REPLACE.search(s) and _DURABLE.search(s) and _has_new_value(s)
            and re.match(r"^(?:[^:：]{1,24}[:：]\s*)?(?:we|I|our)\b|^(?:[^:：]{1,12}[:：]\s*)?(?:我们|咱们|我)", core, re.I)):
        news = re.sub(r"^[^:：]{1,24}[:：]\s*(?=(?:we|I|our)\b|我们|咱们|我)", "", core, flags=re.I)
        return Finding("replace", clean(news), s, standing=True)  # "we're moving tracking to W&B"
    if (_ROUTE_NOW.search(s) or _DAYS_MOVED.search(s) and not _TASK_OBJECT.search(core)) and not question and not one_off:
        return Finding("replace", core, s, standing=True)
    if not (question or conditional or one_off) and _VALUE_MOVED.search(s) and STANDING.search(s):
        return Finding("replace", core, s, standing=True)  # "10月起初诊评估涨到420了": a price moved, from a date on
    now = None if question or conditional else _NOW_CHANGE.search(s)
    stop = REVOKE.search(s)
    if now and stop and stop.start() < now.start() and re.search(r"[,，;；]", s[stop.end():now.start()]):
        now = None  # "no need to put Jonas on copy anymore, he's got the calendar now": the news is the reason
    head_task = ""
    if now and one_off and _CJK_RE.search(s):
        # "5M203今天去保养对吧 顺达那边换老板了 现在车都送恒通": today dates the task before the news
        at = _clause_start(s, now.start())
        head_task, rest = s[:at], s[at:]
        if ONE_OFF.search(rest) or not all(ONE_OFF.search(c) or _TASK_NOW.search(c) or is_question(c)
                                           for c in _CLAUSE.split(head_task) if c.strip()):
            now = None
    elif one_off:
        now = None
    if now and not _AT_HAND.search(_clause_at(s, now.start())) and (
            _CJK_RE.search(now.group(0)) or not _TASK_OBJECT.search(core) and (_VALUE.search(s) or re.search(r"instead|you can|\b(?:on|using|does|handles|runs|owns|hosts|covers|me|from|through|thru|via)\b", now.group(0), re.I))):
        lead = list(_ASIDE.finditer(s, 0, now.start()))
        if head_task:
            core = clean(s[len(head_task):])
        elif lead:  # "…出报价，另外付款现在是4-4-2了": the task before the aside is not part of the rule
            core = clean(s[lead[-1].start():])
        return Finding("replace", core, s, personal=_about_person(s), standing=True)  # a change told as how it is now
    if (not question and not one_off and not conditional and _RELATIVE_TIME.search(s) and not _TASK_OBJECT.search(core)
            and not re.match(r"^(?:这个|那个|这条|那条|这封|(?:this|that)\b)", core, re.I)
            and (_CHANGE_ASK.search(s) or REPLACE.search(own) and _has_new_value(s))):
        # "提醒改一下，提前7天发，3天太赶了": a schedule kept relative to what it is for, changed
        return Finding("replace", re.sub(r"^([^，,]{1,12}?)(?:改|调|换)一?下\s*[，,]\s*", r"\1", core), s, standing=True)
    conv = None if question or one_off or conditional and _OPTIONAL.search(s) or CORRECTION_LEAD.search(s) else convention(core)
    if conv:
        text = _drop_reason(core) if conv == "convention" else core
        kept = _TASK_TAIL.sub("", text)
        return Finding(conv, kept if content_chars(kept) >= 6 else text, s, personal=False, standing=True)
    if not standing and not STANDING.search(s) and re.match(r"^(?:我们|咱们|we\b|our\b)", core, re.I) and not re.search(r"\b(?:should|must|need to|have to)\b|应该|必须|要", core, re.I):
        if prev_assistant and not question and _contradicts_number(core, prev_assistant):
            return Finding("correct", core, s)  # "our notice number is BR-CO-15522" after the agent's other one
        return Finding("state", fact_clause(core), s) if _VALUE.search(core) or re.search(r"[A-Za-z]{3,}", core) else None
    if (_FORM_CHOICE.match(s) or _UNIT_CHOICE.match(s)) and not (question or one_off or conditional):
        return Finding("instruct", core, s, personal=True, standing=True)  # "in Nm, i dont do inch pounds"
    if directive and not (question or one_off or conditional) and _TRAIT_REASON.search(s) and re.search(r"\b(?:i|me|my)\b|我", s, re.I):
        # "油耗你给我说升每百公里 公里每升看着别扭", "temps in fahrenheit pls, I can't picture celsius":
        # asked for the way the person takes things in, which does not change with the task
        return Finding("instruct", core, s, personal=True, standing=True)
    if (directive or _VALUE.search(s)) and not (question or one_off or conditional) and _HABIT_REASON.search(s):
        # "酒店就订全季吧，干净，我们一直住这个": a choice the person makes every time (the habit clause
        # itself is history and is dropped)
        return Finding("instruct", _drop_reason(core), s, personal=False, standing=True)
    descriptive = bool(DESCRIPTIVE.search(s)) and not re.search(
        r"\b(?:make sure|please|you should|you must|don'?t|do not)\b|别|不要|请|要", s, re.I)
    if descriptive and not _PREDICTION.search(s) and all(
            _FUTURE.search(c) for c in _CLAUSE.split(s) if DESCRIPTIVE.search(c)):
        descriptive = False  # "from now on mageck always gets --norm-method control": a rule in the present
    personal = _about_person(s)
    if personal and _SHOWN_ARTIFACT.search(s) and not PERSONAL.search(_SHOW_ME.sub(" ", s)):
        # "before you upgrade anything show me a helm diff": a gate on the work, not about the person
        personal = False
    if (prev_assistant and not question and not (CORRECTION_LEAD.search(s) or CORRECTION_FORM.search(s))
            and (_contradicts_number(core, prev_assistant) or _contradicts_name(core, prev_assistant)
                 or _contradicts_numbered(core, prev_assistant))):
        return Finding("correct", core, s, personal=personal)
    if CORRECTION_LEAD.search(s) or CORRECTION_FORM.search(s):
        if (_VALUE.search(core) and prev_assistant or CORRECTION_FORM.search(s)) and not one_off:
            text = re.sub(r"^\s*(?:no|nope|wrong|not quite|actually|correction|hmm,? wait|wait|不对|不是的|错了|搞错了|说错了|记错了|更正|纠正)\b\s*[,，.。!！—–:-]*\s*", "", core, flags=re.I)
            text = re.sub(r"^(?:I misremembered|我记错了|纠正一下|更正一下)\s*[:：,，]\s*", "", text, flags=re.I)
            m = re.search(r"\bthat'?s (?:wrong|not right|incorrect|outdated)\s*[,;:—–-]\s*|写错了\s*[，,：:]\s*", text, re.I)
            if m and content_chars(text[m.end():]) >= 6:  # "the doc says 14 — that's wrong, we're on 15": the right part
                text = text[m.end():]
            if content_chars(text) >= 6 and not DIRECTIVE.match(text):
                text, about_user = _corrected(clean(text), prev_assistant)
                right = without_wrong(text)
                wrong = wrong_numbers(text)
                if wrong and not set(_NUMBER.findall(right)) - wrong:
                    # "不是 48，上个月就涨了": the wrong number said no to, the right one not given
                    return None
                return Finding("correct", right, s, personal=personal or about_user)
    if prev_assistant and not question and not one_off:
        fixed = _clause_correction(core, prev_assistant)
        if fixed:  # "$95 is last years fee, prophy is $118 since january": the clause with the right value
            return Finding("correct", fixed, s, personal=personal)
    if not standing and not stop and _TASK_OBJECT.search(re.split(r"[,;:，；：—–]|\s-\s", core, maxsplit=1)[0]):
        return None  # "don't restart them", "杭州那趟的酒店也改成亚朵吧": the thing at hand, not a way of working
    if descriptive and not (standing and directive and not DESCRIPTIVE.search(re.split(r"[,，;；:：]", core)[0])):
        return None
    if stop and one_off and _CJK_RE.search(s) and not ONE_OFF.search(_clause_at(s, stop.start())):
        # "尝鲜那两个小桃别送了 这个月光送这个就送出去三百多斤": the month dates the reason, not the stop
        one_off = False
    if stop and not one_off:
        if re.search(r"\bstop calling me\b", s, re.I):
            # "stop calling me boss, Dana is fine": how to address the person, not a rule withdrawn
            return Finding("instruct", core, s, personal=True, standing=True)
        fut = _FUTURE.search(s)
        if (REPLACE.search(own) or _PERMIT.search(s) and standing
                or fut and fut.start() < stop.start()) and _has_new_value(s):
            # "合同以后直接微信发 PDF 给新人，别走邮件了": the new way first, then the old one stopped
            return Finding("replace", core, s, personal=personal, standing=True)
        return Finding("revoke", core, s, personal=personal)
    if REPLACE.search(own) and directive and not one_off and not conditional and _has_new_value(s):
        if standing or _DURABLE.search(s) or _VALUE_NOUN.search(s) or _RELATIVE_TIME.search(s):
            return Finding("replace", core, s, personal=personal, standing=True)
        return Finding("prefer", core, s, personal=personal)
    if one_off:
        return None
    if re.match(r"^(?:我(?:所有的?|的所有)|all (?:of )?my )", core, re.I) and not question and not descriptive:
        # "我所有文件名都是日期开头的": how the person keeps all their things
        return Finding("convention", _drop_reason(core), s, personal=True, standing=True)
    if _WORDING_BAN.search(s) and not question and not conditional:
        return Finding("instruct", core, s, personal=personal, standing=True)  # "别叫客户“亲”", "don't say 'folks'"
    if _POLICY_ON_KIND.search(s) and not question and not conditional:
        return Finding("instruct", core, s, personal=personal, standing=True)  # "take a £20 deposit on e-bike bookings"
    if _NAMING_TEMPLATE.search(s) and not question and not conditional:
        return Finding("instruct", core, s, personal=personal, standing=True)  # "…，文件名 日期_宠物名"
    if _LIMIT.search(s) and not question and (_ANY_OF_KIND.search(s) or not re.search(r"\b(?:it|them|this|that|these|those)\b|这个|这封|这篇", s, re.I)):
        return Finding("instruct", core, s, personal=personal, standing=True)  # a limit on a kind of thing
    if conditional and _OPTIONAL.search(s):
        return None
    if conditional and directive and not question and not standing and _TASK_CONDITION.search(s):
        return None  # "tell me when it's up": the condition waits on the task at hand
    if conditional and directive and not question:
        # "if the AUC ever drops below 0.70, don't overwrite the model": a condition makes
        # a directive general; the statement keeps the condition.
        return Finding("instruct", core, s, personal=personal, conditional=True, standing=True)
    if standing and not directive and not question and re.search(r"\bi (?:want|need|like)\b|我要|我想要", s, re.I):
        return Finding("instruct", core, s, personal=True, standing=True)  # "any time there's a list of numbers I want a table"
    if standing and directive:
        if question:  # "can you always put the units in the headers?" -> "Always put the units in the headers"
            core = clean(re.sub(r"^(?:and\s+|so\s+|also\s+)?(?:can|could|would) you\s+(?:please\s+)?|^(?:你|您)?(?:能不能|可不可以|能否)",
                                "", core, flags=re.I)).rstrip("?？吗 ")
        return Finding("instruct", _without_likeness(core), s, personal=personal, standing=True)
    if _SELF_FACT.match(core) and not question and not _TRANSIENT.match(core):
        # "I'm lactose intolerant", "我对花生过敏": a fact about the person, promoted when it recurs
        return Finding("state", core, s, personal=True)
    pref = _PREFERENCE.search(s)
    if pref and not question:  # "I'd rather…", "我不想…": the person's preference, weak until repeated
        return Finding("prefer", core, s, personal=personal or _FIRST_PERSON.match(core) is not None and not _PROJECTISH.search(core))
    if _FORMAT_ASK.search(s) and not question:
        # "write dates out like Feb 4, half the staff reads 02/04 as april": how the person reads
        # dates and times, shown by an example; weak until it recurs
        return Finding("prefer", core, s, personal=True)
    if directive and not question and _NORMATIVE.search(s):
        # a directive that says how things should be (a contrast, a limit, a complaint that it
        # happened again), not a task for now ("帮我查一下…", "let's prep the release")
        return Finding("prefer", core, s, personal=personal)
    return None


# A convention, said once as how things are done: the tool, place or limit a person or team
# keeps to ("we use CocoaPods for dependencies here", "I log in MyFitnessPal", "Harbor's limit is
# 8,000 words per piece", "我们家记账一直用随手记"). It names a thing (a proper name, a code
# token, a channel, a value) and says nothing of now, of others' habits or of a mood.
_CONVENTION_HABIT = re.compile(
    r"^(?:(?:also|and|so|fyi|btw|ok(?:ay)?|right|here)[,\s]+)*(?:for (?:the |our |my )?[\w -]{2,30}?,?\s+)?(?:we|I|our (?:team|lab|group|shop|family))\s+(?:(?:always|usually|normally|all)\s+)?"
    r"(?:use|track|log|keep|store|host|deploy|ship|publish|submit|follow|tag|record|manage|file)\b(?!\s+(?:it|this|that|them|these|those)\b)"
    r"|^(?:we|I)\s*(?:'re|'m| are| am)\s+(?:using|submitting|targeting|tracking|logging)\b"
    # "we get all our mulch from Hill Country Mulch", "we get everything from Madison": the supplier
    r"|^(?:(?:also|and|so|fyi|btw)[,\s]+)*(?:we|I)\s+(?:always\s+|usually\s+)?(?:get|buy|order|source)\s+(?:all\s+(?:of\s+)?(?:our|my)\s+[\w -]{2,20}?|everything|our\s+[\w -]{2,20}?)\s+(?:from|through|via)\s+[A-Z]"
    r"|^(?:我们|咱们|我们家|我家|家里|公司|团队|店里|我)[^，。,]{0,8}?(?:一直|向来|平时|一般|都)?(?:在)?(?:用|记在|放在|走|寄|存在|发到)(?!错|过|了)", re.I)
# the nouns that name a value a person keeps to (a goal, a limit): said once it is a convention,
# changed ("target 3:55 instead") it is a change of mind
_SET_VALUE = re.compile(r"^\W*(?:(?:and|also|so|ok|pls|please)\s+)*(?:bump|raise|lower|increase|reduce|drop|change|set)\s+(?:the\s+|our\s+|my\s+)?"
                        r"(?:[\w-]+\s+){0,3}?(?:point|threshold|limit|cap|rate|fee|price|minimum|maximum|cutoff|cut-off|budget|target|floor|ceiling)s?"
                        r"\s+(?:up\s+|down\s+|back\s+)?to\s+[$€£¥]?\d", re.I)
_VALUE_WORDS_EN = "limit|cap|budget|goal|target|deadline|quota|minimum|maximum"
_VALUE_WORDS_ZH = "上限|预算|目标|截止"
_CONVENTION_VALUE = re.compile(
    rf"^(?:[\w'’ -]{{0,30}}\s)?(?:{_VALUE_WORDS_EN}|word count|page limit|maximum|minimum)\b[^,.;]{{0,24}}?\b(?:is|are)\s+(?:[^,;]{{0,20}}?)(?:\d|sub-\d)"
    rf"|(?:{_VALUE_WORDS_ZH}|限制|截止(?:日期|时间)|字数)(?:是|为)\s*[^，。]{{0,10}}\d", re.I)
_NAMED = re.compile(r"`[^`]+`|#[\w-]+|@\w+|\b[A-Z][\w.+-]*[A-Za-z0-9]\b|\b\w+\.\w{2,5}\b|https?://|\d|[\u3400-\u9fff]{2,}")
# a requirement on a kind of thing, in the general present: "Figures in the thesis have to be grayscale"
# an embedded question ("你看下有没有要我们弄的"): asks whether, requires nothing
_WHETHER = re.compile(r"有没有|是不是|要不要|行不行|对不对|好不好|\bwhether\b", re.I)
_QUANTIFIED_RULE = re.compile(
    r"^(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:of|for|on|in|from)\s+(?:any|every|each|all)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:stays?|goes|go|gets?|needs?|must|has to|have to|ships?|comes?)\b"
    r"|^(?:any|every|each)\s+(?!(?:ideas?|thoughts?|questions?|luck|chance|news|updates?|time)\b)[\w-]+(?:\s+[\w-]+){0,3}?\s+(?:stays?|goes|gets|needs|must|has to|ships|comes)\b"
    r"|^(?:anything|everything)\s+(?:that|which|we|you|i)\b[^,]{1,40}\s+(?:is|are|goes|gets|has to be|must be)\b"
    r"|\bon (?:anything|everything|any \w+)\b[^.;]{0,30}\b(?:has to|must|needs? to)\b", re.I)
_REQUIREMENT = re.compile(r"^(?:all\s+|the\s+|our\s+)?(?:[a-z-]+\s+){0,2}[a-z-]+s\b(?:\s+(?:in|for|of|on)\s+(?:the\s+|our\s+|my\s+)?[\w-]+)?\s+(?:have to|must|need to|should)\s+(?:be|stay|go|use)\b", re.I)
# … and in Chinese, said as how it is done: "管制药出库要两个人签字的" (what a party over there needs,
# "上海华信那边要补一张10月的", is their request of the day)
_REQUIREMENT_ZH = re.compile(r"^(?![^，。,！？]{1,8}那边要)[^，。,！？]{2,12}?(?:都|一律)?(?:要|得|必须|需要)[^，。,！？]{2,16}的\s*$"
                             # … or with the quantity it needs: "卫生间闭水得满48小时", "混凝土必须养护7天"
                             r"|^[^，。,！？]{2,14}?(?:得|必须|至少要|起码要)满?\s*[\d一二三四五六七八九十两]+\s*(?:个)?(?:小时|天|分钟|遍|次|层|周)\s*$"
                             # … or what a kind of document must carry: "公司报销的发票要填抬头和税号", "报销单都要附发票原件"
                             r"|^(?!我|你|您|他|她|这|那|今天|明天|昨天|刚才|上次|之前|以前|原来)[^，。,！？\s]{2,12}?(?:的[^，。,！？\s]{1,6}?|都|一律)"
                             r"(?:要|得|必须|需要)(?:填|写|附|带|盖|签|注明|标注|写明|标明|抄送|备注|保留)(?!完|好|一下|了)[^，。,！？]{1,16}$")
# a term kept as chosen: "Keep “the rivers and lakes” for 江湖", "translate 抓手 as leverage"
_GLOSS = re.compile(r"^(?:please\s+)?(?:keep|use|translate|render)\s+[\"“'「][^\"”'」]{1,40}[\"”'」]\s+(?:for|as)\s+\S|^(?:please\s+)?(?:translate|render)\s+\S{1,20}\s+as\s+[\"“'「]", re.I)


# how the team does a thing, said as a plain statement: "报价有效期我们都写15天", "我们收款一直是3-6-1",
# "工人工资我们是每周六下午结", "our master recipes are all written for 10 bbl", "keg invoices are net 30",
# "nobody brews on mondays"
_TEAM_PRACTICE_ZH = re.compile(r"(?:我们|咱们|公司)(?:这边)?[^，。！？：:]{0,6}?(?:都是|都|一直是|一直|一般|向来|平时|统一|一律|是每|是(?=[^，。]{0,6}(?:一|每|\d)))")
_NOT_PRACTICE_ZH = re.compile(r"等|觉得|想|希望|担心|怕|喜欢")
_TEAM_PRACTICE_EN = re.compile(
    r"^(?:(?:fyi|also|and|oh)[,\s]+)*(?:our\s+|all\s+(?:of\s+)?(?:our\s+)?)(?:[a-z-]+\s+){0,2}[a-z-]+s\s+(?:are|get)\s+(?:all\s+|always\s+)?"
    r"(?:written|made|done|kept|billed|priced|sent|shipped|paid|filed|stored|built|brewed|sized|scaled|cut|packed)\s+(?:for|in|at|to|on|by)\b"
    r"|\bare\s+net\s+\d+\b"
    r"|(?:^|[,;]\s*)(?:we|our (?:team|studio|shop|lab|company))\s+(?:usually\s+|always\s+|typically\s+|normally\s+)?(?:deliver|charge|shoot|ship|bill|quote|offer|pay)\b[^.;]{0,40}?\d"
    r"|(?:^|[,;]\s*)we only(?: ever)? (?:post|ship|send|use|book|take|accept|sell|work with)\b"
    r"|^(?:our\s+)?[a-z]+s\s+go (?:up|out|live)\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)"
    # "order goes in friday mornings before 11": a weekly deadline
    r"|^(?:the\s+|our\s+)?(?:[a-z]+\s+){0,2}?[a-z]+\s+(?:goes|go)\s+(?:in|out|up)\s+(?:on\s+)?(?:every\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:s|\s+(?:morning|afternoon|evening|night)s)\b"
    r"|^(?:(?:fyi|also|and|oh)[,\s]+)*(?:nobody|no one|we never|we don'?t)\s+[a-z]+\s+on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days\b", re.I)
_PRACTICE_VALUE = re.compile(rf"\d|[A-Za-z]{{2,}}|[{_CJK_NUMERAL}]+[{_CJK_UNIT}遍]|"
                             r"周[一二三四五六日末]|[\u4e00-\u9fff]{2,}的车|[\u4e00-\u9fff]{2,}店")
_PAST_CLAUSE = re.compile(r"了$|过|上次|昨天|上周|那次|刚才")


# "…，我们一直这么弄的": the sentence before it is how things are done here
_PRACTICE_CONFIRM = re.compile(r"(?:我们|咱们)?(?:一直|向来|从来都|都)(?:是)?(?:这么|这样)(?:弄|做|办|来|搞|处理)的?\s*$")
# a kind of thing done one way, said without "we": "工钱都是礼拜六下午发"
_KIND_PRACTICE_ZH = re.compile(r"^[\u4e00-\u9fff]{2,4}(?<![们家人他她])都是[^，。\s]{0,8}?(?:礼拜[一二三四五六日天]|周[一二三四五六日末]|星期[一二三四五六日天]|每[天周月]|\d)")


# how a kind of amount is reckoned: "提成是按趟算的", "运费都是按公里算的", "房租是按季度付的"
_RECKONED_ZH = re.compile(r"^[\u4e00-\u9fff]{2,6}(?<![们家人他她])都?是按照?[^，。\s]{1,8}?(?:算|计算|计|收|结|付|报)的")
# a request about the work at hand after the practice: "…，你看下脚本是不是这么算的"
_TASK_TAIL = re.compile(r"(?:[，,；;]|(?<=[\u4e00-\u9fff\d])\s+)(?:你|您)?(?:先)?(?:看下|看一下|查一下|查下|对一下|核对一下|检查一下|帮我)[^，。]*[。.]?$")


def _team_practice(core: str) -> bool:
    """A clause that says how the team always does something, with the value it keeps to."""
    if _TEAM_PRACTICE_EN.search(core):
        return True
    if _KIND_PRACTICE_ZH.search(core) or _RECKONED_ZH.search(core):
        return True
    parts = re.split(r"[，,；;。]|" + _CJK_SPACE, core)
    clauses = [c for c in parts if c.strip()]
    if len(clauses) >= 2 and _PRACTICE_CONFIRM.search(clauses[-1]) and not _PAST_CLAUSE.search(clauses[0]):
        return True
    for i, c in enumerate(parts):
        if not c.strip() or _PAST_CLAUSE.search(c.strip(" 。！")):
            continue
        m = _TEAM_PRACTICE_ZH.search(c)
        nxt = parts[i + 1] if i + 1 < len(parts) and not _PAST_CLAUSE.search(parts[i + 1].strip(" 。！")) else ""
        if m and not _NOT_PRACTICE_ZH.search(c, m.end()) and (
                re.search(r"不(?:含|[开收给做])", c[m.end():]) or _PRACTICE_VALUE.search(c, m.start() + 2)
                # "我们一直都是群里接龙 晚上十点截单": the value it keeps to, in the clause after
                or re.search(r"都是|一直是", c) and _PRACTICE_VALUE.search(nxt)):
            return True
    return False


# a choice justified by habit: "…，我们一直住这个", "…, we always stay there"
_HABIT_REASON = re.compile(r"[，,]\s*(?:我们|咱们|我|家里)(?:一直|向来|每次都|总是|都)(?:住|用|买|坐|订|去|吃)(?:这个|这家|那家|它|这里|那里)"
                           r"|,\s*(?:we|I)\s+(?:always|usually)\s+(?:stay|use|buy|take|book|go|eat)\s+(?:there|it|them|that one|this one)\b"
                           # "use tfenv to switch, that's what we all have on our laptops"
                           r"|,\s*(?:that'?s|thats|it'?s) what (?:we|I|everyone|the team|all of us)(?: all)? (?:use|have|run|know)\b"
                           r"|,\s*(?:that'?s|thats|it'?s) what (?:goes|go|gets used) (?:in|into|on)\b"
                           # "retainer is 25%, thats how we've always done it", "…, thats what our contract promises"
                           r"|,\s*(?:that'?s|thats|it'?s) how (?:we|I)(?:'ve| have)? always (?:done|do|did) (?:it|things)\b"
                           r"|,\s*(?:that'?s|thats|it'?s) what (?:our|the) [\w ]{2,20}? (?:says|promises|requires|states|specifies)\b", re.I)
# a unit or form chosen against another, said as an answer: "in Nm, i dont do inch pounds"
_FORM_CHOICE = re.compile(r"^\s*(?:(?:and|also|oh)\s+)?(?:in|as) (?!(?:the|a|an|my|this|that|any|general|fact|case|short|total)\b)"
                          r"[\w./%°-]{1,15}(?: [\w./%°-]{1,15})?\s*[,;]\s*"
                          r"(?:not (?:in |as )?[\w./%°-]{1,15}|i (?:don'?t|do not|never) (?:do|use|read|think in) (?!(?:much|anything|that|it|this|those)\b)\w)", re.I)
# a unit chosen over another: "sq ft, not m2", "kg not lbs", "celsius, never fahrenheit"
_UNIT_WORD = (r"(?:sq\.? ?ft|square (?:feet|foot|met(?:er|re)s?)|m2|m²|ft2|feet|foot|ft|inch(?:es)?|met(?:er|re)s?|cm|mm|km|kms|miles?"
              r"|kg|kgs|lbs?|pounds|grams?|oz|ounces|lit(?:er|re)s?|gallons?|gal|celsius|fahrenheit|°[cf]|mph|km/h|kph"
              r"|24h|12h|24-hour|12-hour|usd|eur|gbp|rmb|cny)")
_UNIT_CHOICE = re.compile(rf"^\s*(?:(?:and|also|oh|pls|please)\s+)*(?:in\s+)?{_UNIT_WORD}\s*[,;]?\s*(?:not|never|no)\s+(?:in\s+)?{_UNIT_WORD}(?![\w/])", re.I)
# a reason that is how the person is, not how the task is: "I can't picture celsius", "看着别扭"
_TRAIT_REASON = re.compile(r"[,;—–-]\s*(?:tbh\s+|honestly\s+)?i\s+(?:honestly\s+|just\s+|really\s+|simply\s+)?(?:can'?t|cannot)\s+"
                           r"(?:picture|read|follow|parse|stand|do)\b|\bi'?m colou?r-?blind\b|\b(?:throws|throw) me off\b"
                           r"|[,;]\s*i (?:misread|mix up|keep mixing up|always misread)\b|[,;]\s*i (?:don'?t|do not|never) do\b"
                           r"|我(?:就是|实在|真的)?(?:看不惯|不习惯|看不懂|看不清)|(?:看着|读着|听着)(?:别扭|难受|头大|费劲|头疼)", re.I)
_VALUE_NOUN = re.compile(rf"\b(?:{_VALUE_WORDS_EN})\b|{_VALUE_WORDS_ZH}", re.I)
_THIRD_MOVE = re.compile(r"\b(?:she|he|they)\s+(?:has\s+|have\s+|'s\s+)?(?:mov|switch)\w*\b[^.;,]*", re.I)


# where a kind of thing comes from or goes through, with the team's reason after it
_ROUTE_SRC = (r"(?:all\s+|our\s+|new\s+)?[a-z]+s(?:\s+and\s+[a-z]+s)?\s+(?:come|go|are ordered|get ordered|are bought|get bought|ship)\s+"
              r"(?:from|through|thru|via|into)\s+(?:the\s+)?[a-z][\w&.-]+(?:\s+(?-i:[A-Z])[\w&.-]+)?")
_ROUTE = re.compile(rf"^{_ROUTE_SRC}(?:\s+(?:btw|fyi))?\s*$", re.I)
# things sent on through a tool or into one ("invoices go thru wave", "new bugs go into linear"):
# the route is the convention, however the tool's name is typed; where things come from needs its reason
_ROUTE_ON = re.compile(r"\bgo\s+(?:through|thru|via|into)\s", re.I)
# … and the route changed: "tips and plastics go through VWR now"
_ROUTE_NOW = re.compile(rf"(?:^|[,;]\s*){_ROUTE_SRC}\s+now\s*[.!]?$", re.I)


# the days a person or a place is there: "Dr Ng is only in mondays and wednesdays", "the lab is
# only open on fridays" — how the week is, until it changes
_DAY_NAME = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_AVAILABLE_ON = re.compile(
    rf"^(?:(?:fyi|also|and|oh|btw)[,\s]+)*(?:the\s+)?(?:[a-z][\w.'-]*\s+){{0,2}}[a-z][\w'-]*\s+(?:is|are)\s+only\s+"
    rf"(?:in|here|around|available|open|on site|working|on call)\s+(?:on\s+)?{_DAY_NAME}(?:\s*(?:,|and|&|/|\+)\s*{_DAY_NAME})*\b", re.I)
# … and the days changed: "Dr Ng moves to tuesdays and thursdays from april"
_DAYS_MOVED = re.compile(
    rf"\b(?:moves?|is moving|are moving|switch(?:es)?|shifts?|is switching|is shifting)\s+(?:over\s+)?to\s+{_DAY_NAME}"
    rf"(?:\s*(?:,|and|&|/|\+)\s*{_DAY_NAME})*\b", re.I)


def convention(core: str) -> str | None:
    """The act of a standing convention said as a plain statement, or None: "instruct" for a
    requirement or a chosen term (a rule), "convention" for the tool, place or limit kept to."""
    head = re.split(r"[,;:，；：]|\s[-–—]\s", core, maxsplit=1)[0]
    if _PREFERENCE.search(head):
        return None  # "我更喜欢用 pytest": a preference, weak until repeated
    if _GLOSS.search(core) or (_REQUIREMENT.match(head) or _REQUIREMENT_ZH.match(head)) and not _WHETHER.search(head) or _QUANTIFIED_RULE.search(core):
        return "instruct"
    if _ROUTE.match(head) and (re.search(r"[,;]\s*(?:we (?:have|get|got|'ve got|pay)|our \w+ (?:is|are)|that'?s where)\b", core, re.I)
                               or re.search(r"\b(?:from|through|thru|via|into)\s+(?:the\s+)?[A-Z][a-z]", head) or _ROUTE_ON.search(head)):
        return "convention"  # "tips come from fisher, we have the negotiated pricing there"
    if _AVAILABLE_ON.match(head):
        return "convention"
    if (_CONVENTION_HABIT.match(head) or _CONVENTION_VALUE.search(head)) and _NAMED.search(head[3:]):
        past = re.search(r"\b(?:was|were|used to|had|did|yesterday|last)\b|了$|过|上次|那次|以前", head, re.I)
        return None if past else "convention"
    return "instruct" if _team_practice(core) else None


_NORMATIVE = re.compile(
    r"(\bnot\b|n'?t\b|\bno\b|\brather than\b|\binstead\b|\bonly\b|\bsource of truth\b|\bagain\b|\bplease[.!]?\s*$"
    r"|\b(?:for|to) me\b|\bhelps? me\b|\bis mine\b|\bgoes in\b|\bget added\b|[,:;，：]\s*(?:please\s+)?use\s"
    r"|\s[-–—]\s+(?:that'?s|it'?s|the|our|CI)\b|\bbecause\b|\bso that\b|,\s*since\b"
    r"|\bshould\b|\bmust\b|\bneeds? to\b|\bhave to\b|\blike the other\b|\blike (?:before|last time)\b|\bas before\b"
    r"|保持原样|保持不变|原样不动|不要|别|不是|而不是|单独|只用|只要|只加|只写|只发|就行|统一|又|不用|改成|改用|因为|免得|以免|不然|应该|必须|得(?!到|了)|还是(?:走|用|按|发|找|订)"
    r"|都(?:给我|用|走|按|发|写|放))", re.I)


_PREFERENCE = re.compile(
    r"(我不想|我不要|我不喜欢|我喜欢|我更喜欢|我比较喜欢|我倾向|我习惯|最好|\bI (?:really )?prefer\b|\bI'?d rather\b|\bI would rather\b"
    r"|\bI (?:really )?(?:like|love|hate|dislike)\b|\bI don'?t (?:like|want)\b)", re.I)
_FIRST_PERSON = re.compile(r"^(?:我(?!们)|I\b|I'd\b|I'm\b)", re.I)
_PROJECTISH = re.compile(r"`|[\w-]+\.\w{2,4}\b|\b(?:pytest|tests?|code|repo|branch|commit|merges?|PRs?|files?|build|deploy)\b|测试|代码|部署", re.I)


_SELF_FACT = re.compile(
    r"^(?:I'?m|I am|I have|I've got|I can'?t (?:eat|drink|have)|my (?:stomach|knees?|back|body|eyes) |我是|我有|我对\S{1,8}过敏|我不能(?:吃|喝)|我(?:不吃|不喝))", re.I)
_TRANSIENT = re.compile(
    r"^(?:I'?m|I am)\s+(?:busy|in a|on (?:my|the)|back|done|here|sorry|not sure|tired|going|about|trying|looking|thinking|working|free|off|ok|okay|fine|good|happy|glad"
    r"|afraid|sure|away|out|at|heading|leaving|still|just|also|now|currently|today|late|ready|worried|curious|confused|wondering)\b"
    r"|^I have (?:a|an|to|no idea|been|just|got a (?:question|meeting))\b|^我是说|^我有(?:个|一个)?(?:问题|事|会)", re.I)
_TASK_OBJECT = re.compile(r"^(?:please\s+|just\s+|no,?\s+|and\s+)?(?:don'?t\s+)?(?!keep\b|make\b|leave\b|anything\b|everything\b|something\b|nothing\b|all\b)[a-z]+ (?:it|them|this|that|these|those)\b|把它|把这个|把那个|[理管删改发]它|^那(?:次|个)|那趟|这趟|那家|这家", re.I)
# "use a subagent if it helps": an optional condition gives leave, not a rule
_OPTIONAL = re.compile(r"\bif (?:it helps|you (?:want|like|need|prefer|think)|needed|necessary|possible|you can)\b|需要的话|要是需要|方便的话|如果你需要|可以的话"
                       # a condition with a maybe, or put off until it happens, is a thought, not a rule
                       r"|\bmaybe\b|\bmight\b|\bperhaps\b|\bwe'?ll see\b|\bcross that bridge\b|可能得|也许|说不定|到时候再说|再说吧|看情况", re.I)
# a change of mind that is meant to last, not an edit of the thing at hand ("主图都换成活动图")
_DURABLE = re.compile(
    r"\bchange of plan\b|" + _MOVE + r"|\bno more\b|\bany ?more\b"
    r"|\bno longer\b|\bgoing forward\b|\bfrom now on\b|\bmigrat\w+|不用\S{1,8}了|以后|今后|统一|不再", re.I)
_TASK_NOW = re.compile(r"一下|吧$|帮我|先|这次|今天|马上|^把|^跟|^给|顺便|发过去|看看|(?:排|弄|做|看|查|算|改|整理|安排|通知)下$")
_BACKREF = re.compile(r"^(?:这种|这类|这些|此类|这样的)|\bsuch (?:words|things|phrases)\b|^(?:those|these) (?:words|ones|phrases)\b", re.I)
_PRONOUN_LEAD = re.compile(r"^(it|that|this|they|它|这)\s*(?:'s\s+)?([A-Za-z]+|[\u3400-\u9fff])", re.I)
_WRONG_RIGHT = [
    re.compile(r"不是\s*[\"“「]?([^，,。；\"”」]{1,16}?)[\"”」]?\s*[，,]\s*(?:而)?是\s*[\"“「]?([^，,。；\"”」]{1,16})"),
    re.compile(r"\b(?:is|are|was|were)\s+((?:[^,;]|(?<=\d),(?=\d)){1,30}?),\s*not\s+((?:[^,;.\s]|(?<=\d),(?=\d))(?:[^,;]|(?<=\d),(?=\d)){0,24}?)(?=\s*(?:[-–—,;.]|$))", re.I),
]
_YOUR = re.compile(r"\byour\b|你的|您的", re.I)


_WRONG_PART = [
    re.compile(r"(?:你|我)?(?:在[^，,]{1,12}里)?(?:写|说|填)的是\s*\S+?\s*[，,]\s*不对[，,]\s*(?=(?:应该)?是)"),
    re.compile(r"\s*[，,]\s*(?:而)?不是\s*[\"“「]?[^，。；\"”」]{1,16}[\"”」]?(?=[，,。；]|$)"),
    re.compile(r"^不是\s*[\"“「]?[^，。；\"”」]{1,16}[\"”」]?\s*[，,]\s*(?=是)"),
    re.compile(r"^不是\s*\d+(?:[.,:]\d+)*\s*[^，。；\d]{0,3}\s*[，,]\s*"),
    re.compile(r",\s*not\s+(?:the\s+)?(?:[^,;.—–\s-]|(?<=\d)[,.](?=\d))(?:[^,;—–-]|(?<=\d)[,.](?=\d)){0,24}?(?=\s*(?:[;—–-]|[,.](?!\d)|$))", re.I),
    re.compile(r"\s*\(not [^)]{1,30}\)|（不是[^）]{1,16}）"),
    re.compile(r"[，,]?\s*(?:我(?:昨天|之前|刚才)?(?:说错了|记错了|搞错了)|I mixed (?:it|them) up[^.;]*|I misremembered)\s*[。.]?", re.I),
]


_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,:]\d+)*(?!\w|\.\d)")


def wrong_numbers(text: str) -> set[str]:
    """The numbers a correction says are wrong ("不是 48", "not 14", "(not 7)")."""
    out: set[str] = set()
    for rx in _WRONG_PART:
        for m in rx.finditer(text):
            out.update(_NUMBER.findall(m.group(0)))
    return out


def without_wrong(text: str) -> str:
    """A correction stated with the corrected value only: "9岁了，不是7岁" -> "9岁了";
    a clause that still names a wrong number goes too ("…，菜单上还写 48 那是旧的")."""
    out = text
    for rx in _WRONG_PART:
        out = rx.sub("", out)
    wrong = wrong_numbers(text)
    if wrong:
        parts = re.split(r"(?<=[，,；;])\s*", out)
        kept = [c for c in parts if not wrong & set(_NUMBER.findall(c))]
        if kept and len(kept) < len(parts):
            out = " ".join(kept) if out.isascii() else "".join(kept)
    out = re.sub(r"^是", "", out).strip(" ，,;；")
    return out if content_chars(out) >= 4 else text


# "一对一是350" after "表里一对一写的是 300 元/课时", "the deadline is 14:00" after "…deadline at 16:00"
_VALUE_CLAIM = re.compile(r"^(?:our |my |the )?((?:[^，,。;\d]|\d+[a-z]+\b){2,24}?)\s*(?:是|为|在|\bis\b|\bare\b|\bat\b)\s*(?:[¥$€£]\s*)?((?:[A-Z]{1,5}-)*[A-Z]{0,3}\d[\w.,:-]*)", re.I)


# the agent addressing the person by title and surname: "Good morning Ms. Delgado.", "Six pending, Ms. Delgado:"
_TITLED = re.compile(r"(?:^|,\s*|\b(?i:morning|afternoon|evening|hi|hello|hey|thanks|thank you|sure|done|ok|okay|of course)\s+)"
                     r"((?:Ms|Mrs|Mr|Miss|Mx|Dr|Prof)\.?\s+[A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?=\s*[.,:!;]|\s+[-–—]|$)")
_NAME_ONLY = re.compile(r"^\s*(?:just\s+)?((?-i:[A-Z][a-z]{2,}))(?:\s+(?:please|pls|is fine|is good|will do))?\s*(?:[,.!;]|$)", re.I)
_NOT_A_NAME = frozenset("thanks thank sure yes yeah yep great perfect okay fine cool nope right sorry please good hi hey hello morning "
                        "nice awesome done agreed correct exactly wait hmm also and but so then ok monday tuesday wednesday thursday "
                        "friday saturday sunday today tomorrow".split())
_FORMAT_ASK = re.compile(r"\bdates? (?:out )?like [A-Z][a-z]{2} \d|\bwrite (?:the )?dates? (?:out|in full)\b|\b[A-Z][a-z]{2} \d{1,2} style dates?\b"
                         r"|\btimes? like \d{1,2}(?::\d\d)?\s*[ap]m\b")


_CJK_VALUE_CLAIM = re.compile(r"^([\u4e00-\u9fff]{2,6}?)(?:是|要|收|卖|算)\s*[¥$]?(\d+(?:\.\d+)?)")


def _cjk_value_of(clause: str, prev_assistant: str) -> bool:
    """"礼盒是168" after "10斤礼盒128元": the thing the agent gave one number for, given another."""
    m = _CJK_VALUE_CLAIM.match(clause.strip())
    if not m:
        return False
    got = re.search(re.escape(m.group(1)) + r"[^，。,;；\d]{0,4}?[¥$]?(\d+(?:\.\d+)?)", prev_assistant)
    return bool(got) and got.group(1) != m.group(2)


def _clause_correction(core: str, prev_assistant: str) -> str:
    """In a sentence whose one clause names a number the agent just gave ("$95 is last years fee",
    "128是前年的价了") and another clause gives that thing another number, the other clause."""
    said = set(slots.number_runs(prev_assistant))
    clauses = [c.strip() for c in re.split(r"[,;，；]\s*|(?<=[\u4e00-\u9fff0-9])\s+(?=[\u4e00-\u9fff0-9])", core) if c.strip()]
    if len(clauses) < 2 or not said:
        return ""
    nums = [set(slots.number_runs(c)) for c in clauses]
    for i, c in enumerate(clauses):
        if (nums[i] and not nums[i] & said
                and (_contradicts_number(clean(c), prev_assistant) or _cjk_value_of(c, prev_assistant))
                and any(n & said for j, n in enumerate(nums) if j != i)):
            return clean(c)
    return ""


def _contradicts_number(core: str, prev_assistant: str) -> bool:
    """The sentence gives a number for something the agent just gave another number for."""
    m = _VALUE_CLAIM.match(core)
    if m:
        subj, num = m.group(1).strip().lower(), m.group(2).rstrip(".,")
        words = [w for w in re.findall(r"[a-z]{4,}", subj)] or [subj]  # "account number" / "Using account …"
        said = [x for x in sentences(prev_assistant) if any(w in x.lower() for w in words)]
        if any(set(_NUMBER.findall(x)) - {num} and num not in _NUMBER.findall(x) for x in said):
            return True
    # the same measure given another value than the agent's ("we shut at 16:00 on saturdays" after
    # "open until 17:30 on Saturdays"; "its £55 an hour since april" after "labour at £45/h")
    if not (m or _IT_IS.match(core)):
        return False
    words = set(re.findall(r"[a-z]{4,}", core.lower())) - _SLOT_GENERIC
    return any(slots.changed(core, x) and (_IT_IS.match(core) or words & set(re.findall(r"[a-z]{4,}", x.lower())))
               for x in sentences(prev_assistant))


# a numbered place or thing: "7号月台", "3号门", "dock 7", "gate 12"
_NUMBERED_ZH = re.compile(rf"(\d+)\s*号\s*([{_CJK}]{{1,2}})")
_NUMBERED_EN = re.compile(r"\b(dock|gate|bay|door|platform|pier|lane|stall|chair|room|table|locker|slot)\s+#?(\d+)\b", re.I)


def _numbered(text: str) -> set[tuple[str, str]]:
    """The numbered things ``text`` names, as (what, number)."""
    return ({(m.group(2), m.group(1)) for m in _NUMBERED_ZH.finditer(text)}
            | {(m.group(1).lower(), m.group(2)) for m in _NUMBERED_EN.finditer(text)})


def _contradicts_numbered(core: str, prev_assistant: str) -> bool:
    """"宏达装货在7号月台" after "宏达四单都在他们冷库 3号月台装货": the numbered place the agent
    gave for the same subject, given another number (and the agent's number not said again)."""
    mine = _numbered(core)
    if not mine:
        return False
    rest = _NUMBERED_ZH.sub(" ", _NUMBERED_EN.sub(" ", core))
    # what the sentence is about besides the numbered thing: its Chinese bigrams and longer English words
    about = {r[i:i + 2] for r in re.findall(rf"[{_CJK}]{{2,}}", rest) for i in range(len(r) - 1)}
    words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", rest)}
    given = {n for _w, n in mine}
    for x in sentences(prev_assistant):
        other = {n for w, n in _numbered(x) for what, num in mine if w == what and n != num}
        if other and not other & given and (any(b in x for b in about) or words & set(re.findall(r"[a-z]{4,}", x.lower()))):
            return True
    return False


_NAME_CLAIM = re.compile(rf"^([{_CJK}]{{1,6}}?)(?:是|叫)([{_CJK}]{{2,4}})(?=[，,。；;\s]|$)")


def _contradicts_name(core: str, prev_assistant: str) -> bool:
    """"新娘是李思琪" after "登记表里新娘写的是李思齐": the same thing named with another, similar name
    (a character or more in common, the same length)."""
    m = _NAME_CLAIM.match(core)
    if not m:
        return False
    subj, name = m.groups()
    for said in re.finditer(rf"{re.escape(subj)}[^，,。；;]{{0,6}}?(?:是|叫|为)([{_CJK}]{{2,4}})", prev_assistant):
        other = said.group(1)
        if other != name and len(other) == len(name) and set(other) & set(name):
            return True
    return False


_IT_IS = re.compile(r"^(?:it'?s|its|that'?s|thats)\s+(?:[$€£¥]\s*)?\d", re.I)
_SLOT_GENERIC = frozenset("that this with from have been like there their they them then than what when".split())


def _corrected(text: str, prev_assistant: str) -> tuple[str, bool]:
    """A correction made self-contained from the agent's sentence it corrects.

    Returns (statement, about the person). "it started on September 9th" after
    "The experiment started on 2 September" -> "The experiment started on
    September 9th"; "不是林间，是林涧" after "your pen name is 林间" -> "your pen
    name is 林涧 (not 林间)" and about the person (the agent said "your").
    """
    sents = sentences(prev_assistant)
    for rx in _WRONG_RIGHT:
        m = rx.search(text)
        if not m:
            continue
        a, b = (m.group(1), m.group(2)) if rx is _WRONG_RIGHT[0] else (m.group(2), m.group(1))
        a, b = a.strip(" \"“”「」"), b.strip(" \"“”「」")
        hit = next((x for x in sents if a and a in x), None)
        if hit:
            subj = re.search(rf"([\w'’ ]{{2,40}}?|[{_CJK}]{{1,8}})\s*(?:\bis\b|\bare\b|是|为)\s*[\"“「]?{re.escape(a)}", hit)
            about = bool(_YOUR.search(hit))
            if subj and rx is _WRONG_RIGHT[0]:
                head = subj.group(1).strip()
                head = re.sub(r"^(?:for the \w+:\s*)", "", head, flags=re.I)
                head = re.sub(r"^your\b", "the user's", re.sub(r"^(?:你的|您的)", "用户的", head), flags=re.I)
                return (f"{head} is {b}" if head.isascii() else f"{head}是{b}"), about
            return text, about
    p = _PRONOUN_LEAD.match(text)
    if p:
        word = p.group(2)
        for x in sents:
            m = re.search(rf"^(?:\W*)((?:[A-Z][\w-]*|the|The)(?: [\w-]+){{0,4}}?)\s+{re.escape(word)}\b", x)
            if m:
                return m.group(1)[0].upper() + m.group(1)[1:] + text[p.end(1):], bool(_YOUR.search(x))
    return _named_as_before(text, prev_assistant), False


# an id with letters and digits: a plate, a SKU, a ticket ("L8836", "3K721", "EMB-402")
_ID_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[A-Za-z]+-?\d[A-Za-z0-9-]*|\d+[A-Za-z][A-Za-z0-9-]*)")


def _named_as_before(text: str, prev_assistant: str) -> str:
    """A Chinese correction that names an id, with the word the agent said after that id when the
    user left it out: "L8836是6月18号到期" after "L8836 年检 6 月 30 到期" -> "L8836年检是6月18号到期"."""
    if not _CJK_RE.search(text):
        return text
    for m in _ID_TOKEN.finditer(text):
        for clause in re.split(r"[，,；;。、\n]", prev_assistant):
            k = clause.find(m.group(0))
            if k < 0:
                continue
            after = re.match(rf"\s*([{_CJK}]{{2,4}}?)(?=\s*\d|\s*[是为在]|$)", clause[k + len(m.group(0)):])
            if after and after.group(1) not in text:
                return text[:m.end()] + after.group(1) + text[m.end():]
    return text


_PERMIT = re.compile(r"\byou (?:can|may)\b|\bfeel free\b|\bgo ahead and\b|\bno need to ask\b|可以直接|你可以|直接[^，。]{0,8}就行", re.I)


_SELF_FIX = re.compile(r"(?:…+|\.{3,}|[，,;；—–-])\s*(?:不对|说错了|不是不是|no wait|wait,? no|sorry,? I mean|I mean)\s*[，,:：]?\s*", re.I)


def self_corrected(sentence: str) -> str:
    """A sentence in which the user corrects themselves, with the slip replaced: "如果对方不接受，
    就退一步到 24 个月……不对，是退到 9 个月" -> "如果对方不接受，退到 9 个月". When the part before
    addresses the agent ("你在 README 里写的是…，不对，是…") it is a correction of the agent, left as is."""
    m = _SELF_FIX.search(sentence)
    if not m or m.start() == 0 or re.search(r"你|\byou\b|\byour\b", sentence[: m.start()], re.I):
        return sentence
    left, right = sentence[: m.start()], sentence[m.end():]
    right = re.sub(r"^(?:是|应该是|it'?s|make (?:it|that))\s*", "", right, flags=re.I)
    if content_chars(right) < 3:
        return sentence
    first = re.match(r"\s*(\w+)", right)
    if first and first.group(1).isascii():  # "tag releases as v1, no wait, as release-1": from the repeated word
        at = [m.start() for m in re.finditer(rf"\b{re.escape(first.group(1))}\b", left, re.I)]
        if at:
            return (left[: at[-1]] + right).strip()
    cut = max(left.rfind(c) for c in "，,;；")
    if cut < 0:
        return sentence
    return (left[: cut + 1] + right).strip()


def _has_new_value(s: str) -> bool:
    """A change of mind names what to do now, not only what to stop."""
    s = re.sub(r"\b(?:no|(?:do|does)(?:n'?t| not)|no longer) (?:need|have) to \w+", " ", s, flags=re.I)  # "no need to put X on copy": what stops
    if re.search(r"\d", s) and re.search(r"\b(?:instead|now|to)\b|改成|改为|换成|改到|挪到", s, re.I):
        return True
    if re.match(r"^\W*(?:(?:ok|so|and|also|then)\s+)*(?:cc|use|send|put|ship|book|email|text|ping|ask|call|go with|order)\b.{2,60}?\binstead\b", s, re.I):
        return True  # "cc Linh on invoices instead": the new way is what the sentence asks for
    return bool(re.search(
        r"\b(?:to|use|put|go with|instead|left as|as)\b\s+\S+|改成|改用|换成|改为|(?:改|换|就|只|都|统一)用\S|^用\S|换\S|按这个|了[，,]\s*直接\S|[“「\"].+[”」\"]|(?:^|\s)'[^']{2,60}'(?=[\s.,;!?]|$)"
        r"|(?:以后|今后|从现在起)(?:都|就|一律|统一)?\s*[A-Za-z\u4e00-\u9fff]|了[，,\s]+(?:改|换|直接)?(?:发|用|走|放|存|找|订|录)[^，。\s]", s, re.I))


def _resolve(part: str | None, quoted: list[str], prev_user: str) -> str | None:
    """What "that" in an adoption refers to: the quoted sentence about ``part``, else the previous sentence."""
    pool: list[str] = []
    for q in quoted:
        pool.extend(x for x in sentences(q) if content_chars(x) >= 8)
    if part:
        words = [w for w in re.findall(r"\w+", part.lower()) if len(w) > 2]
        for x in pool:
            for piece in re.split(r"(?<=[^\d])[:：;；]\s*", x):
                if all(w in piece.lower() for w in words):
                    return re.sub(r"^(?:we|they)\s+", "", piece.strip(), flags=re.I)
    if pool and not part:
        return None  # an unqualified "that" after a whole pasted text is ambiguous
    if prev_user and content_chars(prev_user) >= 8:
        return prev_user
    return None
