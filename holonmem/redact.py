"""Secret redaction, applied to every event before anything touches disk.

Each match is replaced by ``[REDACTED:<kind>]``; counts per kind are kept in
``meta.redacted``. Users add patterns in ``holonmem.toml``::

    [redact.patterns]
    internal-token = "itk_[A-Za-z0-9]{32}"

Three kinds of detectors, each behind cheap literal clues (a text without any
clue is returned untouched after one scan):

* vendor formats: a token that says what it is by its shape (``ghp_…``,
  ``SG.….…``, ``dapi…``, a Telegram bot token, a private-key block …);
* key words: a credential-like value bound to a key-like name — ``KEY=value``,
  ``key: value``, JSON ``"key": "value"``, ``--password X``, ``?sig=…``,
  "my X password is V", "pw for the admin is V", "X 密码是 V", "授权码：V".
  How credential-like the value must be depends on the name: after
  ``password``/``secret``/``密码`` almost anything assigned is a secret; after
  ``token`` or a ``*_KEY``/``*Key`` name (and in prose) the value must look
  random (digits among letters, symbols, a low share of vowels), so
  ``sort_key=name``, "the password reset email" and "token count 1234" stay;
* context: URL userinfo (``scheme://user:PASS@``, ``https://KEY@host``),
  Luhn-valid card numbers next to a card word (卡号, card, 账户 …), passport
  and ID numbers next to theirs, ``WiFi: SSID / PASS``, ``.netrc`` lines,
  ``mysql -pPASS``, ``sshpass -p PASS``.

``mask_text`` is the same redaction for text read from people's files
(notes, ``memory/operator.md``) at the moment it is shown.
"""

from __future__ import annotations

import math
import re

class _Lazy:
    """A regex compiled on first use (most processes never need the helper patterns);
    ``src``: the pattern, or a function that makes it."""

    def __init__(self, src, flags: int = 0):
        self._src, self._flags, self._rx = src, flags, None

    def __getattr__(self, name):  # only for names not yet set on the instance
        if self._rx is None:
            from .rxcache import compile as rx_compile

            src = self._src() if callable(self._src) else self._src
            self._rx = rx_compile(src, self._flags)
        attr = getattr(self._rx, name)
        setattr(self, name, attr)  # the bound method, looked up directly from now on
        return attr


# A Discord bot token starts with the base64 of the bot's decimal id: two digits give
# one of these three characters (MTI for 12…, NDc for 47…).
_DISCORD_HEADS = tuple(a + b for a in ("MT", "Mj", "Mz", "ND", "NT", "Nj", "Nz", "OD", "OT") for b in "AEIMQUYcgk")


# -- values: does this look like a credential? -------------------------------------------

_PLACEHOLDER_WORDS = frozenset("""
str string int integer bool boolean bytes none null nil undefined true false optional required
secretstr any object text varchar char password passwd secret token key value yes no on off
env example sample dummy placeholder redacted hidden masked empty unset changeme todo tbd xxx
""".split())
# words after a key word that name an algorithm or a format, not a secret
_TECH_WORDS = frozenset("""
sha1 sha224 sha256 sha384 sha512 md5 base64 base32 hex utf8 utf-8 utf16 oauth oauth2 oauth1 http2 http3
ipv4 ipv6 bcrypt argon2 argon2id argon2i pbkdf2 scrypt x86_64 aes128 aes256 aes-256 aes-128 rsa2048
rsa4096 ed25519 hmac-sha256 hs256 rs256 es256 python3 v1 v2 v3 2fa mfa totp hotp
""".split())
_VOWELS = frozenset("aeiouyAEIOUY")
_CODE_REF = _Lazy(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$|^[a-z]+(?:_[a-z]+)+$")
_NUMBERISH = _Lazy(r"^[v#]?\d+(?:[.:/\-]\d+)*[a-z%]{0,3}$", re.I)  # versions, dates, times, sizes


def _placeholder(v: str) -> bool:
    low = v.lower()
    if low in _PLACEHOLDER_WORDS or low.startswith(("[redacted", "redacted", "your", "<", "${", "$(", "{{", "%")):
        return True
    if v[0] in "$*<{[(" or v.startswith(("/", "~/", "./", "../", "file:")):
        return True  # a variable, a mask, a template, code, a path
    return len(set(v)) <= 2  # xxxx, ****, 0000, ...


_TRANSITION = _Lazy(r"[A-Za-z](?=[0-9])|[0-9](?=[A-Za-z])")
_DIGITS = _Lazy(r"[0-9]")
_ALPHA = _Lazy(r"[^\W\d_]")
_UPPER = _Lazy(r"[A-Z]")


def _transitions(v: str) -> int:
    """Direct letter<->digit changes: random keys have many, words and dates few."""
    return len(_TRANSITION.findall(v))


def _entropy(v: str) -> float:
    from collections import Counter

    n = len(v)
    return -sum(c / n * math.log2(c / n) for c in Counter(v).values())


def credential_like(v: str) -> bool:
    """Could ``v``, shown after a password-like word in prose, be the password?
    (``hunter2``, ``Jb!harbor2026``, ``58317046``, ``KXBQWZLMTRPNSVGA`` yes;
    ``reset``, ``required``, ``sha256``, ``2024-05-01``, ``12`` no)."""
    if len(v) < 4 or len(v) > 256 or _placeholder(v):
        return False
    low = v.lower()
    if low in _TECH_WORDS:
        return False
    if v.isdigit():
        return len(v) <= 12  # a PIN or door code (longer runs: phone numbers, ids)
    if not any(c.isalpha() for c in v):
        # a door code with # or *: digits and symbols that are not a date, time, price or version
        return sum(c.isdigit() for c in v) >= 4 and len(v) <= 16 and not _NUMBERISH.match(v) and v[0] not in "$€£¥+("
    if _NUMBERISH.match(v):
        return False
    letters = len(_ALPHA.findall(v))
    digits = len(_DIGITS.findall(v))
    other = len(v) - letters - digits
    if letters and digits:
        return len(v) >= 6 or _transitions(v) >= 2
    if letters and other and len(v) >= 6:
        inner = v.rstrip(".!?,;:)")
        return any(not c.isalnum() for c in inner[1:]) and not _CODE_REF.match(v)
    if letters == len(v) and len(v) >= 8:
        vowels = sum(1 for c in v if c in _VOWELS)
        if vowels / len(v) <= 0.2:
            return True
        # irregular case inside (xKq, not Title or camelCase words)
        ups = sum(1 for c in v[1:] if c.isupper())
        return ups >= 3 and not v.isupper()
    return False


def high_entropy(v: str) -> bool:
    """Does ``v`` look like a random key (``e41b7c9d…``, a UUID, base64)?"""
    if len(v) < 16 or len(v) > 512 or _placeholder(v) or "://" in v:
        return False
    w = v[:96]  # enough to judge; bounds the work on long runs
    if len(set(w)) < 8 or w.isdigit() or _NUMBERISH.match(v):
        return False
    digits = len(_DIGITS.findall(w))
    letters = len(_ALPHA.findall(w))
    if not letters:
        return False
    if digits:
        return _transitions(w) >= 4 and _entropy(w) >= 3.0
    # no digit at all: only long base64-ish mixes of cases
    ups = len(_UPPER.findall(w))
    return len(v) >= 24 and ups >= 4 and letters - ups >= 4 and _entropy(v) >= 4.0 and not _CODE_REF.match(v)


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


# -- rules -------------------------------------------------------------------------------

class Rule:
    """One detector: a regex (group ``group`` or the whole match is replaced, when
    ``check(value, match, text)`` agrees) or a function ``fn(rule, text, counts)``.
    It runs only on texts holding one of its clues (lower-cased ``clues``,
    case-sensitive ``cased``); compiled on first use."""

    __slots__ = ("name", "source", "group", "clues", "cased", "check", "fn", "flags", "_rx")

    def __init__(self, name, source, group=0, *, clues=(), cased=(), check=None, fn=None, flags=re.ASCII):
        self.name, self.source, self.group = name, source, group
        self.clues, self.cased, self.check, self.fn, self.flags = tuple(clues), tuple(cased), check, fn, flags
        self._rx = None

    @property
    def rx(self) -> re.Pattern:
        if self._rx is None:  # a built-in rule (a user's pattern comes compiled: never kept on disk)
            from .rxcache import compile as rx_compile

            self._rx = rx_compile(self.source, self.flags)
        return self._rx

    def wanted(self, text: str, low: str) -> bool:
        if not self.clues and not self.cased:
            return True
        for c in self.clues:
            if c in low:
                return True
        for c in self.cased:
            if c in text:
                return True
        return False

    def apply(self, text: str, counts) -> str:
        if self.fn is not None:
            return self.fn(self, text, counts)
        marker = f"[REDACTED:{self.name}]"
        group, check = self.group, self.check

        def _sub(m: re.Match) -> str:
            if group:
                start, end = m.span(group)
                if start < 0:
                    return m.group(0)
                value = m.group(group)
                if _REDACTED_RE.match(value) or (check is not None and not check(value, m, text)):
                    return m.group(0)
                s0 = m.start()
                whole = m.group(0)
                new = whole[: start - s0] + marker + whole[end - s0:]
            else:
                if check is not None and not check(m.group(0), m, text):
                    return m.group(0)
                new = marker
            if counts is not None:
                counts[self.name] = counts.get(self.name, 0) + 1
            return new

        return self.rx.sub(_sub, text)


def _replace_spans(text: str, spans: list[tuple[int, int, str]], counts) -> str:
    if not spans:
        return text
    out = []
    last = 0
    for s, e, name in spans:
        out.append(text[last:s])
        out.append(f"[REDACTED:{name}]")
        last = e
        if counts is not None:
            counts[name] = counts.get(name, 0) + 1
    out.append(text[last:])
    return "".join(out)


# -- key words bound to values -----------------------------------------------------------

_KW_SRC = r"(?i)(pass(?:word|wd|phrase|code)|pwd|pw|secret|credentials?|creds|token|key|auth|signature|sig)(?=([A-Za-z0-9_\-]{0,40}))"
_KW_LOWER = _Lazy(_KW_SRC[4:])  # the same without (?i), for lower-cased text
_STRONG, _MEDIUM, _WEAK, _B64 = 3, 2, 1, 0
_KIND = {"pass": "password", "pwd": "password", "pw": "password", "secret": "secret", "cred": "credential",
         "token": "token", "key": "api-key", "auth": "credential", "sig": "signature"}
# name endings after the key word that still name the secret itself
_OK_SUFFIX = frozenset(("", "value", "b64", "base64", "plain", "plaintext", "raw", "str", "string", "text",
                        "enc", "encrypted", "hex", "key", "token", "secret", "accesskey", "secretkey"))
_KEY_ID_SUFFIX = frozenset(("id", "keyid"))
_KEY_STEMS = ("api", "secret", "private", "access", "account", "master", "license", "licence", "signing", "encryption",
              "app", "client", "auth", "admin", "service", "subscription", "shared", "storage", "deploy", "webhook",
              "hmac", "jwt", "session", "crypt", "enc", "pass", "consumer", "developer", "dev", "write", "read",
              "ingest", "server", "root", "user", "mgmt", "management", "prod", "live")
_IDENT = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
_SEP_ASSIGN = _Lazy(r"\\?[\"']?[ \t]*(?:=>|:=|==?|:|：)[ \t]*")
_SEP_IS = _Lazy(r"[ \t]+(?:is|was|are|=)[ \t]+(?:(?:set|changed)[ \t]+to[ \t]+|now[ \t]+|still[ \t]+)?", re.I)
_SEP_CJK = _Lazy(r"[ \t]*(?:是|为|為|：)[ \t]*")
_SEP_GAP = _Lazy(r"(?:[ \t]+[^\s=:：.!?,;]{1,24}){1,6}?[ \t]*(?:[ \t](?:is|was|are)[ \t]|：|:)[ \t]*", re.I)
_SEP_SPACE = _Lazy(r"[ \t]+")
_VALUE = _Lazy(r"\\?([\"'`]?)([!#-&(-+\--:<-_a-~]{1,256})")  # printable ASCII but quotes, comma, semicolon
_QUOTED = {"\"": _Lazy(r"[^\"\n]{1,256}(?=\\?\")"), "'": _Lazy(r"[^'\n]{1,256}(?=')"),
           "`": _Lazy(r"[^`\n]{1,256}(?=`)")}
_TRAIL = ".)]}>\\:!?"
_LONG_RUN = _Lazy(r"[^\s\"',;]{96,}")


def _value_at(text: str, pos: int) -> tuple[int, int, bool] | None:
    """The value starting at ``pos`` (after a separator): ``(start, end, quoted)``."""
    m = _VALUE.match(text, pos)
    if not m:
        return None
    q = m.group(1)
    if q:
        qm = _QUOTED[q].match(text, m.start(2))
        if qm:
            return qm.start(), qm.end(), True
    s, e = m.span(2)
    while e > s and text[e - 1] in _TRAIL:
        e -= 1
    return (s, e, False) if e > s else None


# "gtk.v2.Qm8rLx0aZ3pK7sT1wE": a dotted token (a part of 12+ mixed letters and digits), not self.password
_RANDOM_PART = _Lazy(r"(?:^|\.)(?=[A-Za-z0-9]{12,}(?:\.|$))(?=[A-Za-z]*\d)(?=\d*[A-Za-z])(?=[a-z\d]*[A-Z])[A-Za-z0-9]+(?:\.|$)")


def _assigned_ok(v: str, strength: int, quoted: bool, name: str) -> bool:
    """A value given with ``=`` / ``:`` (or a CLI flag)."""
    if strength == _WEAK:
        return high_entropy(v)
    if strength == _B64:
        return len(v) >= 12 and re.fullmatch(r"[A-Za-z0-9+/]+={0,2}", v) is not None and (
            any(c.isdigit() for c in v) or (any(c.isupper() for c in v) and any(c.islower() for c in v)))
    if _placeholder(v) or v.lower() in _TECH_WORDS:
        return False
    if not quoted:
        if (_CODE_REF.match(v) and not _RANDOM_PART.search(v)) or v.lower() == name.lower() or v.endswith("(") or "(" in v or "[" in v:
            return False  # code: password=self.password, token=get_token(), key=args.api_key
    if strength == _MEDIUM:
        return len(v) >= 8 and (credential_like(v) or high_entropy(v))
    return len(v) >= 3


def _strength(kw: str, pre: str, suf: str, prev_word: str) -> int | None:
    """How credential-like the value after this name must be (None: not a key name)."""
    k = kw.lower()
    glued = bool(pre) and pre[-1].isalnum()
    camel = glued and pre[-1].islower() and kw[0].isupper()
    lpre = pre.lower()
    sufn = suf.lower().replace("_", "").replace("-", "")
    if sufn.isdigit():
        sufn = ""
    if k.startswith("pass") or k in ("pwd", "pw"):
        if k in ("pwd", "pw") and glued and not camel and not pre.isupper():
            return None
        if sufn not in _OK_SUFFIX:
            return None
        return _STRONG
    if k == "secret":
        if sufn not in _OK_SUFFIX or sufn == "s":
            return None
        return _STRONG
    if k.startswith("cred"):
        if glued and not camel or sufn not in _OK_SUFFIX:
            return None
        return _MEDIUM
    if k == "token":
        if sufn not in _OK_SUFFIX or "public" in lpre:
            return None
        return _MEDIUM
    if k == "key":
        if "public" in lpre or lpre.endswith("pub_") or "publishable" in lpre:
            return None
        if glued and not camel and not (pre.isupper() and kw.isupper()) and not lpre.endswith(_KEY_STEMS):
            return None  # monkey, hotkey, turkey
        if sufn in _KEY_ID_SUFFIX:
            return _WEAK
        if sufn not in _OK_SUFFIX:
            return None
        stem = lpre.rstrip("_-.") or prev_word.lower()
        return _MEDIUM if stem.endswith(_KEY_STEMS) else _WEAK
    if k == "auth":
        if glued or sufn not in ("", "value", "b64", "base64"):
            return None
        return _B64
    if k in ("sig", "signature"):
        if glued or sufn:
            return None
        return _WEAK
    return None


def _prev_word(text: str, start: int) -> str:
    i = start
    while i > 0 and text[i - 1] in " \t":
        i -= 1
    j = i
    while j > 0 and text[j - 1].isalnum() and i - j < 30:
        j -= 1
    return text[j:i]


def _prose_ok(v: str, strength: int) -> bool:
    """A value given in prose ("… is V", "… 是 V") or after a space."""
    if strength == _STRONG:
        return credential_like(v)
    if strength == _MEDIUM:
        return len(v) >= 8 and not v.isdigit() and (credential_like(v) or high_entropy(v))
    if strength == _WEAK:
        return high_entropy(v)
    return False


def _bound_value(text: str, e: int, strength: int, flag: bool, name: str) -> tuple[int, int] | None:
    """The secret value bound to the key name that ends at ``e``, if any."""
    sm = _SEP_ASSIGN.match(text, e)
    if sm:
        v = _value_at(text, sm.end())
        if v is None:
            return None
        val = text[v[0]:v[1]]
        sep = sm.group(0)
        if not v[2] and strength == _STRONG and val.isalpha() and (":" in sep or "：" in sep):
            # "secret: always write tests" is prose, not an assignment
            return v[:2] if _prose_ok(val, strength) else None
        return v[:2] if _assigned_ok(val, strength, v[2], name) else None
    if strength == _B64:
        return None
    for sep in (_SEP_IS, _SEP_CJK):
        sm = sep.match(text, e)
        if sm:
            v = _value_at(text, sm.end())
            return v[:2] if v and _prose_ok(text[v[0]:v[1]], strength) else None
    # the word right after the name binds closer than "… is V" further on
    sp = _SEP_SPACE.match(text, e)
    if sp and text[sp.end():sp.end() + 1] != "-":
        v = _value_at(text, sp.end())
        if v:
            val = text[v[0]:v[1]]
            if _assigned_ok(val, strength, v[2], name) if flag else _prose_ok(val, strength if strength == _STRONG else _WEAK):
                return v[:2]
    if flag:
        return None
    gm = _SEP_GAP.match(text, e)
    if gm:
        v = _value_at(text, gm.end())
        if v and _prose_ok(text[v[0]:v[1]], strength):
            return v[:2]
    return None


def field_secret(name: str, value: str) -> str | None:
    """The kind of secret a JSON field holds when its name is a key name
    (``key``, ``api_key``, ``accessToken``, ``password``) and its value is one
    such a name would bind in ``name="value"``; else None."""
    if len(value) < 3 or len(name) > 60 or _REDACTED_RE.match(value):
        return None
    if re.fullmatch(r"(?i)(?:\w*_)?(?:card|card_?no|card_?number|bank_?card)", name) and re.fullmatch(r"\d{4}(?:[ -]?\d{4}){3}(?:[ -]?\d{1,3})?", value):
        digits = value.replace(" ", "").replace("-", "")
        if luhn_ok(digits) or digits.startswith("62"):  # {"card": "6217…"}: the field names what it is
            return "card-number"
    m = _KW_LOWER.search(name.lower()) if len(name) == len(name.lower()) else None
    if m is None or m.end(2) != len(name):
        return None  # the key word must end the name (key_id, token_count are not secrets)
    kw, suf, pre = name[m.start(1):m.end(1)], name[m.start(2):m.end(2)], name[:m.start(1)]
    strength = _strength(kw, pre, suf, "")
    if strength is None or not _assigned_ok(value, strength, True, name):
        return None
    return _kind_of(kw)


def _kind_of(kw: str) -> str:
    """The kind a key name's secret is redacted as ("passwd" -> password, "apiToken" -> token)."""
    k = kw.lower()
    return ("password" if k.startswith("pass") or k in ("pw", "pwd")
            else _KIND.get(k) or _KIND.get(k[:4]) or _KIND.get(k[:3]) or "secret")


def _in_placeholder(text: str, pos: int) -> bool:
    """Is ``pos`` inside a ``[REDACTED:kind]`` an earlier rule wrote?"""
    i = text.rfind("[REDACTED:", max(0, pos - 64), pos + 1)
    return i >= 0 and "]" not in text[i:pos]


def _keyed(rule: Rule, text: str, counts) -> str:
    spans: list[tuple[int, int, str]] = []
    floor = 0
    low = text.lower()
    # a case-sensitive scan of the lower-cased text is several times faster than (?i);
    # positions agree unless lower-casing changed the length (a few non-ASCII letters)
    matches = _KW_LOWER.finditer(low) if len(low) == len(text) else rule.rx.finditer(text)
    for m in matches:
        s = m.start()
        if s < floor:
            continue
        kw, suf = text[s:m.end(1)], text[m.start(2):m.end(2)]
        e = m.end(1) + len(suf)
        j = s
        while j > 0 and text[j - 1] in _IDENT and s - j < 40:
            j -= 1
        pre = text[j:s]
        flag = False
        if pre.startswith("-"):
            bare = pre.lstrip("-")
            flag = len(pre) - len(bare) <= 2 and (j == 0 or text[j - 1] in " \t'\"=([")
            pre = bare
        strength = _strength(kw, pre, suf, _prev_word(text, j))
        if strength is None:
            continue
        found = _bound_value(text, e, strength, flag, pre + kw + suf)
        if found is not None and _in_placeholder(text, found[0]):
            continue  # "token [REDACTED:bearer-token]": the name inside a placeholder is no value
        if found is not None and not _REDACTED_RE.match(text, found[0]):
            spans.append((found[0], found[1], _kind_of(kw)))
            floor = found[1]
        elif found is None:
            # a long unbroken run after a rejected name (key=key=key=…) is not searched
            # name by name again: keeps a pathological line linear
            run = _LONG_RUN.match(text, e)
            if run:
                floor = run.end()
    return _replace_spans(text, spans, counts)


_CJK_KW_SRC = r"(密码|密碼|口令|密钥|密鑰|秘钥|令牌|授权码|授權碼|私钥|验证码|安全码)"
_CJK_ASSIGN = _Lazy(
    r"[ \t]*(?:是|为|為|：|:|=|设为|設為|设成|改为|改成|换成|设置为|设置成)了?[ \t]*")
_CJK_GAP = _Lazy(r"[\u4e00-\u9fff \t]{1,10}?(?:是|为|：|:)[ \t]*")
_ASCII_VALUE = _Lazy(r"[!#-&(-+\--:<-~]{1,128}")  # printable ASCII but space, quotes, comma, semicolon


def _cjk_keyed(rule: Rule, text: str, counts) -> str:
    spans: list[tuple[int, int, str]] = []
    floor = 0
    for m in rule.rx.finditer(text):
        e = m.end()
        if m.start() < floor:
            continue
        found = None
        for sep, need in ((_CJK_ASSIGN, "assign"), (_CJK_GAP, "prose"), (None, "glued")):
            pos = e
            if sep is not None:
                sm = sep.match(text, e)
                if not sm:
                    continue
                pos = sm.end()
            else:
                while pos < len(text) and text[pos] in " \t":
                    pos += 1
            if pos < len(text) and text[pos] in "\"'`“‘「":
                pos += 1
            vm = _ASCII_VALUE.match(text, pos)
            if not vm:
                if need == "assign":
                    break
                continue
            vs, ve = vm.span()
            while ve > vs and text[ve - 1] in _TRAIL:
                ve -= 1
            val = text[vs:ve]
            ok = (len(val) >= 3 and not _placeholder(val)) if need == "assign" else credential_like(val)
            if ok:
                found = (vs, ve)
            break
        if found and not _REDACTED_RE.match(text, found[0]) and not _in_placeholder(text, found[0]):
            spans.append((found[0], found[1], "password"))
            floor = found[1]
    return _replace_spans(text, spans, counts)


# -- context checks ------------------------------------------------------------------------

_CARD_WORDS = ("卡", "card", "账户", "账号", "帐户", "帐号", "account", "acct", "credit")


_SENTENCE_END = _Lazy(r"[.!?](?:\s|$)|\n")
_PROSE_TOKEN = _Lazy(r"(?<![^\s(\"'])[^\s,;\"'()]{8,64}")


def _password_shaped(v: str) -> bool:
    """Upper and lower case, a digit and a symbol people put in passwords: no word, path, id or
    code name has all four (``Pipette!Sky2026`` yes; ``0042_add_settlement_idx``, ``v1.2.3`` no)."""
    v = v.rstrip(".:")
    return (any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v)
            and any(c in "!#$%&*+=?~^" for c in v) and "://" not in v and not _REDACTED_RE.match(v))


def _prose_password(rule: Rule, text: str, counts) -> str:
    spans: list[tuple[int, int, str]] = []
    for m in rule.rx.finditer(text):
        stop = _SENTENCE_END.search(text, m.end(), m.end() + 80)
        end = stop.start() if stop else m.end() + 80
        for t in _PROSE_TOKEN.finditer(text, m.end()):
            if t.start() >= end:
                break
            if _password_shaped(t.group(0)) and not (spans and t.start() < spans[-1][1]):
                spans.append((t.start(), t.start() + len(t.group(0).rstrip(".:")), rule.name))
    return _replace_spans(text, spans, counts)


_CARD_EXPIRY = _Lazy(r"(?i)['\"]?\s*(?:,\s*)?(?:--)?(?:exp(?:iry|ires)?|valid thru|有效期)\.?\s*[:=]?\s*\d{2}\s*/\s*\d{2}")  # "… exp 09/28"
_CARD_FIELD = _Lazy(r"(?i)(?:--(?:credit[-_]?)?card(?:[-_]?(?:no|num|number))?[ =]\s*|\b(?:credit[ _-]?)?card[ _-]?(?:no|num|number)\s*(?:is\s+|[=:]\s*)?|\bcard\s*[=:]\s*)['\"]?$|卡号\s*(?:是|为|[:：])?\s*$")


def _card_check(value: str, m: re.Match, text: str) -> bool:
    digits = "".join(c for c in value if c.isdigit())
    if not 16 <= len(digits) <= 19:
        return False
    # UnionPay (BIN 62) numbers need not pass the Luhn check
    if not (luhn_ok(digits) or digits.startswith("62") or _CARD_FIELD.search(text, max(0, m.start() - 24), m.start())
            or _CARD_EXPIRY.match(text, m.end())):
        return False  # "--card '4539 …'", "card number: …": the field names what it is, a typo or not
    window = text[max(0, m.start() - 40): m.start()].lower() + " " + text[m.end(): m.end() + 16].lower()
    return any(w in window for w in _CARD_WORDS)


def _userinfo_key(value: str, m: re.Match, text: str) -> bool:
    return high_entropy(value) or (len(value) >= 20 and re.fullmatch(r"[0-9a-f]+", value) is not None)


def _wifi_check(value: str, m: re.Match, text: str) -> bool:
    return credential_like(value.rstrip(_TRAIL)) or (len(value) >= 8 and not _placeholder(value)
                                                      and any(not c.isalpha() for c in value))


def _query_check(value: str, m: re.Match, text: str) -> bool:
    name = m.group(1).lower()
    if _placeholder(value):
        return False
    if name == "ak":  # Baidu/AMap map keys: ?ak=<32 characters>
        return len(value) >= 24 and high_entropy(value)
    if name.endswith("key") and name not in ("apikey", "api_key", "api-key", "secretkey", "secret_key", "accesskey"):
        return high_entropy(value) or len(value) >= 24
    return len(value) >= 6


def _id_check_ok(value: str) -> bool:
    """The 18th character of a Chinese resident id is a mod-11 check of the first 17 digits."""
    if not value[:17].isdecimal():
        return False
    s = sum(int(c) * w for c, w in zip(value[:17], (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)))
    return "10X98765432"[s % 11] == value[17].upper()


def _id_check(value: str, m: re.Match, text: str) -> bool:
    if len(value) == 18:  # Chinese resident id
        # after the word for an id card, a mistyped check digit is still the person's
        # number: a valid birth date in digits 7-14 is enough
        return value[:17].isdecimal() and (_id_check_ok(value) or _birth_date_ok(value[6:14]))
    return True


_PROVINCES = frozenset("11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 61 62 63 64 65 71 81 82".split())


def _bare_id_check(value: str, m: re.Match, text: str) -> bool:
    """An 18-character resident id said without its word: a province code and a birth date, and
    the check character too unless the text is Chinese (where a mistyped last digit is still the
    person's number). A random 18-digit number passes about once in 5,000 (with the check, 50,000)."""
    if value[:2] not in _PROVINCES or not _birth_date_ok(value[6:14]):
        return False
    return not text.isascii() or _id_check_ok(value)


def _birth_date_ok(ymd: str) -> bool:
    y, mo, d = int(ymd[:4]), int(ymd[4:6]), int(ymd[6:])
    return 1900 <= y <= 2099 and 1 <= mo <= 12 and 1 <= d <= 31


def _any(_v, _m, _t) -> bool:
    return True


_PEM = r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|\Z)"

# an 18-character Chinese resident id on its own (no digit or letter either side)
_ID_RUN_SRC = r"(?<![0-9A-Za-z])(\d{17}[\dXx])(?![0-9A-Za-z])"

RULES: list[Rule] = [
    # vendor formats (the whole match)
    Rule("private-key", _PEM, cased=("-----BEGIN",)),
    Rule("private-key", r"PuTTY-User-Key-File-\d+:[\s\S]*?(?:Private-MAC:[ \t]*[0-9a-fA-F]+|Private-Lines:[ \t]*\d+\s+(?:[A-Za-z0-9+/=]+\s*)+|\Z)",
         cased=("PuTTY-User-Key-File",)),
    Rule("age-secret-key", r"\bAGE-SECRET-KEY-1[0-9A-Z]{50,70}", cased=("AGE-SECRET-KEY",)),
    # a bcrypt hash: a password's hash in a dump, and the form of CurseForge API keys
    Rule("bcrypt", r"\$2[aby]\$\d\d\$[./A-Za-z0-9]{22,53}(?![/A-Za-z0-9]|\.[./A-Za-z0-9])", clues=("$2a$", "$2b$", "$2y$")),  # "…Pnm." ends a sentence
    Rule("overleaf-token", r"\bolp_[A-Za-z0-9]{24,}", clues=("olp_",)),
    Rule("mapbox-secret-token", r"\bsk\.eyJ[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{16,}", clues=("sk.eyj",)),
    Rule("anthropic-key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}", cased=("k-",)),
    Rule("openai-key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}", cased=("k-",)),
    Rule("stripe-key", r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}", cased=("k_live_", "k_test_")),
    # the same shape from other vendors ("chx_live_5e0b…", "acme_test_…"): a short lower-case prefix,
    # live/test, then a random-looking run (an identifier like "unit_test_configuration" is not)
    Rule("vendor-live-key", r"\b[a-z][a-z0-9]{1,7}_(?:live|test)_[A-Za-z0-9]{16,}\b", clues=("_live_", "_test_"),
         check=lambda v, m, t: high_entropy(v.split("_", 2)[2])),
    Rule("aws-access-key", r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b",
         cased=("AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA", "ANVA", "AIPA")),
    Rule("aws-secret-key", r"(?i)\baws_?secret_?(?:access_?)?key\b[\"']?(?:\s*[:=]\s*|[ \t]+)[\"']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])", 1,
         clues=("secret",)),
    Rule("github-token", r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})",
         cased=("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    Rule("gitlab-token", r"\bgl(?:pat|dt|ptt|rt|cbt|soat|ft|imt)-[A-Za-z0-9_\-]{20,}", cased=("glpat-", "gldt-", "glptt-", "glrt-", "glcbt-", "glsoat-", "glft-", "glimt-")),
    Rule("slack-token", r"\b(?:xox[abposre]-[A-Za-z0-9\-]{10,}|xoxe\.xox[bp]-[A-Za-z0-9\-]{10,}|xapp-\d-[A-Za-z0-9\-]{10,})",
         cased=("xox", "xapp-")),
    Rule("slack-webhook", r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_\-]+", cased=("://",)),
    Rule("discord-webhook", r"https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]+",
         cased=("://",)),
    Rule("discord-token", r"\b[MNO][A-Za-z0-9_\-]{23,27}\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,40}(?![A-Za-z0-9_\-])",
         cased=_DISCORD_HEADS),
    Rule("google-api-key", r"\bAIza[0-9A-Za-z_\-]{35}", cased=("AIza",)),
    Rule("google-oauth-token", r"\bya29\.[0-9A-Za-z_\-]{20,}|\b1//0[0-9A-Za-z_\-]{30,}", cased=("ya29.", "1//0")),
    Rule("npm-token", r"\bnpm_[A-Za-z0-9]{36}\b", cased=("pm_",)),
    Rule("pypi-token", r"\bpypi-[A-Za-z0-9_\-]{50,}", cased=("ypi-",)),
    Rule("huggingface-token", r"\bhf_[A-Za-z0-9]{30,}\b", cased=("hf_",)),
    Rule("sendgrid-key", r"\bSG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{16,64}", cased=("SG.",)),
    Rule("telegram-bot-token", r"\b\d{6,12}:AA[A-Za-z0-9_\-]{31,40}(?![A-Za-z0-9_\-])", cased=(":AA",)),
    Rule("twilio-key", r"\bSK[0-9a-fA-F]{32}\b", cased=("SK",)),
    Rule("twilio-auth-token", r"\bAC[0-9a-f]{32}\b[\"']?[\s:/,|]{1,5}[\"']?([0-9a-f]{32})\b", 1, cased=("AC",)),
    Rule("digitalocean-token", r"\bdo[opr]_v1_[a-f0-9]{64}\b", cased=("_v1_",)),
    Rule("shopify-token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b", cased=("shp",)),
    Rule("mailgun-key", r"\bkey-[0-9a-f]{32}\b", clues=("key-",)),
    Rule("databricks-token", r"\bdapi[0-9a-f]{32}(?:-\d+)?\b", cased=("dapi",)),
    # HashiCorp Vault service, batch and recovery tokens; Terraform Cloud API tokens
    Rule("vault-token", r"\bhv[sbr]\.[A-Za-z0-9_\-]{24,}", clues=("hvs.", "hvb.", "hvr.")),
    Rule("terraform-cloud-token", r"\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_\-]{60,}", clues=(".atlasv1.",)),
    Rule("doppler-token", r"\bdp\.(?:st|pt|ct|sa|scim|audit)\.[A-Za-z0-9_\-]{20,}", clues=("dp.st.", "dp.pt.", "dp.ct.", "dp.sa.", "dp.scim.", "dp.audit.")),
    Rule("grafana-token", r"\bgl(?:sa|c)_[A-Za-z0-9_\-+/=]{32,}", clues=("glsa_", "glc_")),
    Rule("sentry-token", r"\bsntr[ysu]_[A-Za-z0-9_\-+/=]{30,}", clues=("sntrys_", "sntryu_")),
    Rule("linear-key", r"\blin_(?:api|oauth)_[A-Za-z0-9]{32,}", clues=("lin_api_", "lin_oauth_")),
    Rule("postman-key", r"\bPMAK-[0-9a-f]{24}-[0-9a-f]{34}\b", cased=("PMAK-",)),
    Rule("notion-token", r"\b(?:ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43})\b", clues=("ntn_", "secret_")),
    Rule("atlassian-token", r"\bATATT[A-Za-z0-9_\-=]{40,}", cased=("ATATT",)),
    Rule("newrelic-key", r"\bNRA[KJ]-[A-Z0-9]{27}\b", cased=("NRAK-", "NRAJ-")),
    Rule("deepl-key", r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:fx\b", cased=(":fx",)),
    Rule("flyio-token", r"\bFlyV1[ \t]+fm\d_[A-Za-z0-9+/=_,\-]{20,}|\bfm[12]_[A-Za-z0-9+/=_\-]{40,}", cased=("FlyV1", "fm1_", "fm2_")),
    Rule("jwt", r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}", cased=("yJ",)),
    # schemes and headers
    Rule("bearer-token", r"\b(?:[Bb]earer|BEARER|[Tt]oken|TOKEN)\s+([A-Za-z0-9_\-\.~+/]{20,}=*)", 1, clues=("bearer", "token")),
    Rule("basic-auth", r"(?i)\bauthorization\b[\"']?\s*[:=]\s*[\"']?basic\s+([A-Za-z0-9+/]{8,}={0,2})", 1, clues=("authorization",)),
    Rule("url-password", r"\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://[^\s:/@\[\]]{1,64}:([^\s@/]{1,128})@", 1, cased=("://",)),
    Rule("url-key", r"(?<=/)([A-Za-z0-9_\-]{16,128})(?::[^\s:/@]{0,128})?@(?=[A-Za-z0-9][A-Za-z0-9.\-]*\.[A-Za-z]{2,})", 1,
         cased=("@",), check=_userinfo_key),
    Rule("url-secret", r"(?i)[?&;]([a-z0-9_.\-]{0,40}(?:token|sig|signature|secret|password|passwd|pwd|apikey|api_key|api-key|key|credential)|ak)=([^&\s#\"'<>]{1,512})", 2,
         clues=("token=", "sig=", "signature=", "secret=", "password=", "passwd=", "pwd=", "key=", "credential=", "ak="),
         check=_query_check),
    # shell forms
    Rule("password", r"\b(?:mysql|mysqldump|mysqladmin|mysqlsh|mysqlimport|mysqlcheck|mariadb|mariadb-dump)\b[^\n|;&]{0,200}?[ \t]-p['\"]?([^\s'\"]+)", 1,
         clues=("mysql",)),
    Rule("password", r"\bsshpass\b[^\n|;&]{0,100}?[ \t]-p[ \t]*['\"]?([^\s'\"]+)", 1, clues=("sshpass",)),
    Rule("password", r"(?i)\blogin[ \t]+\S+\s+password[ \t]+(\S+)", 1, clues=("password",)),
    # `wandb login KEY`, `vercel login --token KEY` ...: a random-looking argument of a login command
    Rule("login-key", r"\blogin[ \t]+(?:--?[A-Za-z][\w\-]{0,30}(?:=[^\s=]{0,200})?[ \t]+){0,4}['\"]?([A-Za-z0-9_\-+/=.:]{20,256})", 1,
         clues=("login",), check=lambda v, m, t: high_entropy(v)),
    # app passwords written in four groups of four letters (Gmail, iCloud, QQ/163 client passwords)
    # ("the gmail app password for the invoices account is qmzt wkle rvbn sopa": what it is for in between)
    Rule("password", r"(?i)(?:passw(?:or)?d|\bpw|密码|密碼|授权码)(?:[ \t]+(?:for|of|on|to)\b[^\n.;!?]{1,40}?)?[^A-Za-z\n]{0,12}?(?:(?:is|was|now|is now|changed to|set to)\b[^A-Za-z\n]{0,4})?(?<![A-Za-z])((?-i:[a-z]{4}[ \-][a-z]{4}[ \-][a-z]{4}[ \-][a-z]{4}))(?![A-Za-z])", 1,
         clues=("passw", "pw", "密码", "密碼", "授权码")),
    Rule("password", r"(?i)\bwi-?fi\b[^\n/|｜]{0,40}?[ \t]*[/|｜][ \t]*([!#-&(-+\--:<-~]{4,64})", 1, clues=("wifi", "wi-fi"),
         check=_wifi_check),
    # a password given in passing, some words after the word: "if it asks for a password when you scp
    # its tr0ut-Lagoon#552", "the punchout login is dkow / Pipette!Sky2026"
    Rule("password", r"(?i)\b(?:passw(?:or)?ds?|passphrase|pw|pwd|logins?|credentials|creds)\b", clues=("passw", "passphrase", "pw", "login", "cred"),
         fn=lambda rule, text, counts: _prose_password(rule, text, counts)),
    # "door code at the studio changed to 4471#", "the gate code is 5580", "pin is 2468"
    Rule("password", r"(?i)\b(?:(?:door|gate|alarm|lock|lockbox|garage|entry|building|keypad|safe|front door)[ \t]+(?:code|pin)|pin(?:[ \t]+(?:code|number))?)\b"
         r"(?:[^\n.;!?]{0,40}?\b(?:is|was|=|:|to|now))?[ \t]+([0-9#*]{4,12})(?![\w#*]|[-./:]\d)", 1,
         clues=("door code", "gate code", "alarm code", "lock code", "lockbox", "garage code", "entry code", "building code",
                "keypad", "safe code", "door pin", "pin is", "pin was", "pin:", "pin =", "pin code", "pin number", "pin now", "pin to"),
         check=lambda v, m, t: credential_like(v)),
    # a key safe or key box is itself the thing with the code: "the key safe by the back door is 3917X"
    Rule("password", r"(?i)\bkey[ \t]?(?:safe|box)\b[^\n.;!?]{0,40}?\b(?:is|was|=|:|to|now)[ \t]+([0-9][0-9A-Za-z#*]{3,11})(?![\w#*]|[-./:]\d)", 1,
         clues=("key",), check=lambda v, m, t: credential_like(v) or sum(c.isdigit() for c in v) >= 3),
    # a token named in a sentence and given later in it, with a vendor-like prefix: "wxsend 的 token 我换了，
    # 新的是 wxs_k9Q2…", "导出接口的 token 放环境变量里，pay-8e41c7f0…" (a git SHA has no such prefix)
    Rule("token", r"(?i)\b(?:token|api[ _-]?key|access[ _-]?key|secret)\b[^\n]{0,60}?(?<![\w/.@-])((?-i:[A-Za-z][A-Za-z0-9]{1,10}[_-][A-Za-z0-9_-]{15,200}))(?![\w-])", 1,
         clues=("token", "key", "secret"), check=lambda v, m, t: high_entropy(v)),
    # key words bound to values
    Rule("password", _KW_SRC, clues=("passw", "passphrase", "passcode", "pwd", "pw", "secret", "cred", "token", "key",
                                     "auth\"", "auth'", "auth:", "auth=", "auth =", "sig"), fn=_keyed),
    Rule("password", _CJK_KW_SRC, clues=("密码", "密碼", "口令", "密钥", "密鑰", "秘钥", "令牌", "授权码", "授權碼", "私钥",
                                         "验证码", "安全码"), fn=_cjk_keyed, flags=0),
    # numbers next to their words
    Rule("card-number", r"(?<![\d.,\-])\d{4}(?:[ \-]?\d{4}){3}(?:[ \-]?\d{1,3})?(?!\d)", clues=_CARD_WORDS, check=_card_check),
    Rule("passport-number", r"(?i)(?:护照|護照|passport)(?:[ \t]*(?:号码|號碼|号|號|no\.?|number|num|#))?[ \t]*(?:是|为|:|：|=|is)?[ \t]*(?-i:([A-Z]{1,2}\d{6,9}|\d{9}))(?![A-Za-z0-9])", 1,
         clues=("护照", "護照", "passport")),
    Rule("id-number", r"(?i)(?:身份证|身份證|id[ \t]*card)(?:[ \t]*(?:号码|號碼|号|號|no\.?|number))?[ \t]*(?:是|为|:|：|=|is)?[ \t]*(\d{17}[\dXx]|\d{15})(?![0-9A-Za-z])", 1,
         clues=("身份证", "身份證", "card"), check=_id_check),
    # the same number said without the word ("陈先生是 320106198907154426，先记上"): no clue word,
    # found by its shape (_ID_RUN in the prefilter)
    Rule("id-number", _ID_RUN_SRC, 1, check=_bare_id_check),
    # a membership, policy or account number given with its name ("member number, it's T482917365")
    Rule("member-number", r"(?i)\b(?:member(?:ship)?|policy|insurance|patient|account|acct)"
         r"[ \t]+(?:number|no\.?|id|#)(?:[ \t]*(?:is|was|:|=|#)|,?[ \t]+it'?s)?[ \t]*"
         r"(?-i:([A-Z]{0,3}\d{6,14}[A-Z]{0,2}))(?![A-Za-z0-9])", 1,
         clues=("member", "policy", "insurance", "patient", "account", "acct")),
    Rule("member-number", r"(?:会员|會員|保单|保單|医保|醫保|社保|病历|病歷)(?:卡)?(?:号码|號碼|号|號)[ \t]*(?:是|为|:|：)?[ \t]*"
         r"([A-Z]{0,3}\d{6,20}[A-Z]{0,2})(?![A-Za-z0-9])", 1,
         clues=("会员", "會員", "保单", "保單", "医保", "醫保", "社保", "病历", "病歷"), flags=0),
    Rule("ssn", r"(?i)(?<![a-z])(?:ssn|social security(?: number| no\.?)?)[ \t]*(?:is|:|#|=)?[ \t]*(\d{3}-\d{2}-\d{4}|\d{9})\b", 1,
         clues=("ssn", "social security")),
    Rule("national-insurance", r"(?i)\b(?:national[ \t]+insurance|ni)(?:[ \t]+(?:number|no\.?|#))?[ \t]*(?:is|:|=)?[ \t]*"
         r"(?-i:([A-CEGHJ-PR-TW-Z]{2}[ \t]?\d{2}[ \t]?\d{2}[ \t]?\d{2}[ \t]?[A-D]))(?![A-Za-z0-9])", 1,
         clues=("insurance",)),
]

# kept for callers that list the built-in kinds
BUILTIN_PATTERNS: list[tuple[str, str, int]] = [(r.name, r.source, r.group) for r in RULES]

_REDACTED_RE = _Lazy(r"\[REDACTED:[a-z0-9\-]+\]")  # .match(text, pos): a placeholder starts at pos
_STRUCTURAL = frozenset(("id", "ts", "role", "kind", "project", "session", "status"))
_NAMING = ("project", "session", "status")  # structural strings a secret can be put in


def _trie_pattern(words) -> str:
    """A regex matching any of ``words``, factored by common prefixes
    (``s(?:ecret|k[-_])``): Python's ``re`` tries the branches of a flat
    alternation one by one at every position, the factored form only the
    branch for the character it sees (~25% faster on ordinary text)."""
    trie: dict = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        if "" in node:  # a shorter word ends here: matching it is enough
            return ""
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items())]
        return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"

    return emit(trie)


# The prefilter. Every clue of every rule contains one of these literals (the
# lower-case words on the lower-cased text, the case-sensitive vendor prefixes
# and punctuation on the text as it is, the CJK words only in non-ASCII text), so
# a text without any of them skips the full scan. They are few and most start
# with letters that are rare in prose: a regex of literals costs about as much
# per character as the share of characters that start one (~1 µs per event),
# where one case-insensitive alternation of every rule would cost ~40 µs.
_GLOBAL_LOWER = ("passw", "passp", "passc", "sshpass", "pw", "secret", "token", "key", "auth\"", "auth'", "auth:",
                 "auth=", "auth =", "authorization", "sig", "cred", "bearer", "ysql", "wifi", "wi-fi", "card",
                 "account", "acct", "ssn", "security", "login",
                 # vendor prefixes that are written in lower case (matched on the lower-cased text too:
                 # one pass, and most share a first letter with the words above)
                 "k_live_", "k_test_", "_live_", "_test_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "pm_", "hf_", "v1_",
                 "fm1_", "fm2_", "shp", "k-", "glpat-", "gldt-", "glptt-", "glrt-", "glcbt-", "glsoat-", "glft-",
                 "glimt-", "xox", "xapp-", "ypi-", "dapi", "://", ":fx", "ya29.", "yj", "1//0", "@",
                 "$2", "olp_", "sk.eyj", "ak=", "insurance", "member", "policy", "patient",
                 "hvs.", "hvb.", "hvr.", ".atlasv1.", "dp.", "glsa_", "glc_", "sntr", "lin_", "ntn_",
                 # codes and PINs said in prose ("door code at the studio changed to 4471#")
                 "door code", "gate code", "alarm code", "lock code", "lockbox", "garage code", "entry code",
                 "building code", "safe code", "door pin", "pin is", "pin was", "pin:", "pin =", "pin code",
                 "pin number", "pin now", "pin to")
# case-sensitive: prefixes that start with a capital (rare in prose, so cheap to look for)
_GLOBAL_CASED = ("AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA", "ANVA", "AIPA", "AIza", "AC", "SK", "FlyV1",
                 "BEGIN", "AGE-SECRET", "PuTTY", "AA", "SG.", "PMAK-", "ATATT", "NRA", *_DISCORD_HEADS)
_GLOBAL_CJK = ("密码", "密碼", "口令", "密钥", "密鑰", "秘钥", "令牌", "授权码", "授權碼", "私钥", "验证码", "安全码",
               "卡", "账户", "账号", "帐户", "帐号", "护照", "護照", "身份证", "身份證",
               "会员", "會員", "保单", "保單", "医保", "醫保", "社保", "病历", "病歷")
_CLUES_LOWER = _GLOBAL_LOWER
_CLUES_CASED = _GLOBAL_CASED
# The prefilters as _trie_pattern makes them of the three lists, written out: building them took
# ~1-5 ms of every turn that redacts or masks anything (tests/test_rxcache.py checks that they are
# what _trie_pattern makes of the lists now: a clue added to a list fails it until these are made
# again). Compiled on first use, like the table below: a turn whose texts need no redaction (most
# hook events) skips compiling them.
_CLUE_SRC = ('(?:\\$2|\\.atlasv1\\.|1//0|:(?://|fx)|@|_(?:live_|test_)|a(?:cc(?:ount|t)|k=|larm\\ code|uth(?:\\ =|"|\'|:'
    '|=|orization))|b(?:earer|uilding\\ code)|c(?:ard|red)|d(?:api|oor\\ (?:code|pin)|p\\.)|entry\\ code|fm(?'
    ':1_|2_)|g(?:a(?:rage\\ code|te\\ code)|h(?:o_|p_|r_|s_|u_)|ithub_pat_|l(?:c(?:_|bt\\-)|dt\\-|ft\\-|imt\\-|'
    'p(?:at\\-|tt\\-)|rt\\-|s(?:a_|oat\\-)))|h(?:f_|v(?:b\\.|r\\.|s\\.))|insurance|k(?:\\-|_(?:live_|test_)|ey)|l'
    '(?:in_|o(?:ck(?:\\ code|box)|gin))|member|ntn_|olp_|p(?:a(?:ss(?:c|p|w)|tient)|in(?:\\ (?:=|code|is|n('
    '?:ow|umber)|to|was)|:)|m_|olicy|w)|s(?:afe\\ code|ec(?:ret|urity)|hp|ig|k\\.eyj|ntr|s(?:hpass|n))|toke'
    'n|v1_|wi(?:\\-fi|fi)|x(?:app\\-|ox)|y(?:a29\\.|j|pi\\-|sql))')
_CASED_SRC = ('(?:A(?:A|C|G(?:E\\-SECRET|PA)|I(?:DA|PA|za)|KIA|N(?:PA|VA)|ROA|SIA|TATT)|BEGIN|FlyV1|'
    'M(?:T(?:A|E|I|M|Q|U|Y|c|g|k)|j(?:A|E|I|M|Q|U|Y|c|g|k)|z(?:A|E|I|M|Q|U|Y|c|g|k))|N(?:D(?:A|'
    'E|I|M|Q|U|Y|c|g|k)|RA|T(?:A|E|I|M|Q|U|Y|c|g|k)|j(?:A|E|I|M|Q|U|Y|c|g|k)|z(?:A|E|I|M|Q|U|Y|'
    'c|g|k))|O(?:D(?:A|E|I|M|Q|U|Y|c|g|k)|T(?:A|E|I|M|Q|U|Y|c|g|k))|P(?:MAK\\-|uTTY)|S(?:G\\.|K))')
_CJK_SRC = ('(?:令牌|会员|保(?:单|單)|医保|卡|口令|安全码|密(?:码|碼|鑰|钥)|帐(?:号|户)|护照|授(?:权码|權碼)|會員|病(?:历|歷)|社保|私钥|秘钥|護照|'
    '账(?:号|户)|身份(?:證|证)|醫保|验证码)')
_CLUE_RE = _Lazy(_CLUE_SRC)
_ID_RUN = _Lazy(_ID_RUN_SRC)
_BARE_ID = next(i for i, r in enumerate(RULES) if r.check is _bare_id_check)
_CASED_RE = _Lazy(_CASED_SRC)
_CJK_RE = _Lazy(_CJK_SRC)


def _rule_keys(rule: Rule) -> frozenset:
    """The prefilter clues whose presence lets ``rule`` run (each of its own clues holds one)."""
    keys = set()
    for c in (*rule.clues, *rule.cased):
        keys.update(g for g in (*_GLOBAL_LOWER, *_GLOBAL_CJK) if g in c.lower())
    for c in rule.cased:
        keys.update(g for g in _GLOBAL_CASED if g in c)
    return frozenset(keys)


_LOWER_KEYS = frozenset((*_GLOBAL_LOWER, *_GLOBAL_CJK))
_CASED_KEYS = frozenset(_GLOBAL_CASED)
_BY_CLUE: dict[str, tuple[int, ...]] = {}  # prefilter clue -> its rules, filled as clues are found


def _rules_of(clue: str) -> tuple[int, ...]:
    """Indexes (in order) of the rules whose :func:`_rule_keys` hold ``clue``, computed the first
    time the clue is found (the whole table cost ~3 ms at import, for every process)."""
    hit = _BY_CLUE.get(clue)
    if hit is None:
        lower, cased = clue in _LOWER_KEYS, clue in _CASED_KEYS
        hit = _BY_CLUE[clue] = tuple(
            i for i, rule in enumerate(RULES)
            if lower and any(clue in c.lower() for c in (*rule.clues, *rule.cased))
            or cased and any(clue in c for c in rule.cased))
    return hit


def _rules_for(text: str) -> list[int]:
    """Indexes (in order) of the rules whose clues are in ``text``."""
    found = set(_CASED_RE.findall(text))
    found.update(_CLUE_RE.findall(text.lower()))
    if not text.isascii():
        found.update(_CJK_RE.findall(text))
    if _ID_RUN.search(text):
        return sorted({_BARE_ID, *(i for c in found for i in _rules_of(c))})
    if not found:
        return []
    if len(found) == 1:
        return list(_rules_of(found.pop()))
    idx: set[int] = set()
    for c in found:
        idx.update(_rules_of(c))
    return sorted(idx)


def has_clue(text: str) -> bool:
    """Could ``text`` hold a secret that a built-in rule redacts?"""
    if _CASED_RE.search(text) or _CLUE_RE.search(text.lower()) or _ID_RUN.search(text):
        return True
    return not text.isascii() and _CJK_RE.search(text) is not None


_NAME_CLUES: dict[str, bool] = {}


def _name_has_clue(name: str) -> bool:
    """``has_clue`` for project and session names, which repeat event after event."""
    hit = _NAME_CLUES.get(name)
    if hit is None:
        if len(_NAME_CLUES) > 4096:
            _NAME_CLUES.clear()
        hit = _NAME_CLUES[name] = has_clue(name)
    return hit


# The fields of a normalized event that redaction walks (the rest are structural).
_TEXT_FIELDS = ("text", "tool", "speaker")
_EVENT_FIELDS = _STRUCTURAL | frozenset(_TEXT_FIELDS) | {"refs", "meta"}


def _event_has_clue(event: dict) -> bool:
    """One prefilter pass over an event's redactable strings (runs per event,
    hence the fast path for the fields a normalized event has)."""
    get = event.get
    for key in ("project", "session", "status"):
        v = get(key)
        if v and type(v) is str and _name_has_clue(v):
            return True
    eid = get("id")
    strings: list[str] = [eid] if eid and type(eid) is str else []
    if _EVENT_FIELDS.issuperset(event):
        for key in _TEXT_FIELDS:
            v = get(key)
            if v:
                if type(v) is str:
                    strings.append(v)
                else:
                    _collect(v, strings)
        refs = get("refs")
        if refs:
            _collect(refs, strings)
        meta = get("meta")
        if meta:
            _collect(meta, strings)
    else:
        for k, v in event.items():
            if k not in _STRUCTURAL:
                strings.append(k)
                _collect(v, strings)
    if not strings:
        return False
    # one check over the joined strings: no clue contains the separator
    return has_clue(strings[0] if len(strings) == 1 else "\n".join(strings))


def _collect(value, out: list[str]) -> None:
    """Append every string inside a JSON-like value (keys too) to ``out``."""
    if type(value) is str:
        out.append(value)
    elif isinstance(value, list):
        for v in value:
            _collect(v, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            if type(k) is str:
                out.append(k)
            _collect(v, out)
    elif isinstance(value, str):
        out.append(value)


class Redactor:
    """Compiled rules; ``redact_text`` returns the new text and counts."""

    def __init__(self, extra: dict[str, str] | None = None):
        self._extra = dict(extra or {})
        self._user: list[Rule] = []
        for name, rx in self._extra.items():
            compiled = re.compile(rx)  # a bad regex is an error at start
            rule = Rule(str(name), rx, 1 if compiled.groups else 0, flags=0)
            rule._rx = compiled
            self._user.append(rule)
        self._always = bool(extra)

    @property
    def patterns(self) -> list[tuple[str, re.Pattern, int]]:
        """Every rule as ``(kind, compiled regex, group)`` (compiles them all)."""
        return [(r.name, r.rx, r.group) for r in (*RULES, *self._user)]

    def redact_text(self, text: str, counts: dict[str, int] | None = None, rules=None) -> str:
        """``text`` with its secrets redacted; ``rules``: the rule indexes to run
        (default: those whose clues ``text`` holds)."""
        if not text:
            return text
        for i in _rules_for(text) if rules is None else rules:
            text = RULES[i].apply(text, counts)
        for rule in self._user:
            text = rule.apply(text, counts)
        return text

    def _walk(self, value, counts, rules=None):
        if isinstance(value, str):
            return self.redact_text(value, counts, rules) if len(value) > 2 or self._always else value
        if isinstance(value, list):
            return [self._walk(v, counts, rules) for v in value]
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                if type(k) is str and type(v) is str:
                    kind = field_secret(k, v)
                    if kind:  # {"api_key": "…"}: the field's name names the secret
                        if counts is not None:
                            counts[kind] = counts.get(kind, 0) + 1
                        out[k] = f"[REDACTED:{kind}]"
                        continue
                out[self._walk(k, counts, rules) if isinstance(k, str) else k] = self._walk(v, counts, rules)
            return out
        return value

    def redact_value(self, value):
        """Redact every string inside a JSON-like value (all keys, no counts)."""
        return self._walk(value, None)

    def redact_event(self, event: dict) -> dict:
        """Redact every string of an event; record counts in ``meta.redacted``.

        ``project``, ``session`` and ``status`` are redacted like text. An ``id``
        holding a secret becomes its redacted form plus a hash of the redacted
        event (unique, stable on re-ingest, and no hash of the secret).
        Returns the event itself when no string in it carries a clue."""
        if not self._always and not _event_has_clue(event):
            return event
        counts: dict[str, int] = {}
        out = {}
        for k, v in event.items():
            if k in _STRUCTURAL:
                if k in _NAMING and type(v) is str and (self._always or _name_has_clue(v)):
                    v = self.redact_text(v, counts)
                out[k] = v
            else:
                out[k] = self._walk(v, counts)
        eid = out.get("id")
        if type(eid) is str and eid and (self._always or has_clue(eid)):
            before = sum(counts.values())
            new = self.redact_text(eid, counts)
            if new != eid or sum(counts.values()) != before:
                from .digest import sha256
                import json

                body = {k: v for k, v in out.items() if k != "id"}
                digest = sha256(json.dumps(body, sort_keys=True, ensure_ascii=False, default=str)
                                        .encode("utf-8")).hexdigest()[:16]
                out["id"] = f"{new[:200]}~{digest}"
        if counts:
            meta = dict(out.get("meta") or {})
            prev = meta.get("redacted") if isinstance(meta.get("redacted"), dict) else {}
            prev = dict(prev)
            for name, n in counts.items():
                prev[name] = prev.get(name, 0) + n
            meta["redacted"] = prev
            out["meta"] = meta
        return out


_DEFAULT: Redactor | None = None


def mask_text(text: str, redactor: Redactor | None = None) -> str:
    """``text`` from a person's file with every secret masked, for showing it
    (context, search, get). The file itself is not changed."""
    global _DEFAULT
    if not text:
        return text
    if redactor is None:
        if _DEFAULT is None:
            _DEFAULT = Redactor()
        redactor = _DEFAULT
    return redactor.redact_text(text)


def find_secrets(text: str) -> list[tuple[int, str]]:
    """``(line number, kind)`` of every secret in ``text`` (for doctor; never the secret)."""
    out: list[tuple[int, str]] = []
    if not text or not has_clue(text):
        return out
    red = Redactor()
    for n, line in enumerate(text.splitlines(), 1):
        if not has_clue(line):
            continue
        counts: dict[str, int] = {}
        red.redact_text(line, counts)
        for kind in counts:
            out.append((n, kind))
    # a private-key block spans lines: one finding at its first line
    if "-----begin" in text.lower() and not any(k == "private-key" for _n, k in out):
        counts = {}
        red.redact_text(text, counts)
        if counts.get("private-key"):
            first = next((i for i, ln in enumerate(text.splitlines(), 1) if "PRIVATE KEY" in ln), 1)
            out.append((first, "private-key"))
    return out


def redactor_for(config: dict) -> Redactor:
    extra = (config.get("redact") or {}).get("patterns") or {}
    return Redactor({str(k): str(v) for k, v in extra.items()})


def _mask_cut(snippet: str) -> str:
    """A snippet cut out of a longer text may begin or end inside a secret whose
    name or prefix was cut off: a random-looking word at a cut edge is masked too."""
    if snippet.startswith("…"):
        head, sep, rest = snippet[1:].partition(" ")
        if not _REDACTED_RE.match(head) and (high_entropy(head) or credential_like(head) and len(head) >= 12):
            snippet = "…[REDACTED:cut]" + sep + rest
    if snippet.endswith("…"):
        rest, sep, tail = snippet[:-1].rpartition(" ")
        if sep and not tail.startswith("[REDACTED") and (high_entropy(tail) or credential_like(tail) and len(tail) >= 12):
            snippet = rest + sep + "[REDACTED:cut]…"
    return snippet


def mask_results(results: list[dict]) -> list[dict]:
    """Search results with secrets masked in their titles and snippets (notes and
    operator.md are indexed as people wrote them; old ledger lines predate newer rules)."""
    for r in results:
        for key in ("title", "snippet"):
            v = r.get(key)
            if v and isinstance(v, str):
                masked = mask_text(v)
                r[key] = _mask_cut(masked) if key == "snippet" else masked
    return results
