"""The generic secret detector: a credential-like value bound to a key-like name
(``*_KEY``, ``*_TOKEN``, ``*_SECRET``, ``password``, ``密钥``, ``令牌`` …) is redacted
whatever vendor issued it; look-alikes that are not secrets (git SHAs, UUIDs,
lockfile hashes, base64 images, CSS colours, prose, code, numbers) survive byte for
byte. Pure functions, plus one ingest through the real CLI."""

from __future__ import annotations

import json
import random
import string
import time

import pytest

from holonmem import redact
from holonmem.redact import Redactor, credential_like, has_clue, high_entropy
from rel_support import find_in_home, ledger_events
from secrets_corpus import NEAR_MISSES, SECRETS

_RNG = random.Random(2026)


def _tok(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    while True:
        v = "".join(_RNG.choice(alphabet) for _ in range(n))
        if sum(c.isdigit() for c in v) >= 3 and sum(c.isalpha() for c in v) >= 3:
            return v


HEX = "0123456789abcdef"
# An "unlisted vendor": a token shape no built-in vendor rule knows.
V1, V2, V3, V4, V5 = _tok(40), _tok(32, HEX), _tok(28), _tok(36, string.ascii_letters + string.digits + "-_"), _tok(24)
VPW = "Tz8-" + _tok(8) + "!"

BOUND = [
    # another vendor's live/test key in prose, and a card number a flag names (no Luhn check)
    ("the portal gave me pxq_live_7d41a09c3be24f6a9e15 for the sandbox", "7d41a09c3be24f6a9e15"),
    ("shipctl pay --card '5102 3344 8761 0092' --cvv-later", "8761 0092"),
    ("card no: 5102-3344-8761-0092 exp 11/29", "8761-0092"),
    ("he paid by card over the phone, 5102 3344 8761 0092 exp 11/29, receipt sent", "8761 0092"),
    (f"ZEPHYR_API_KEY={V1}", V1),
    (f"export ACME_TOKEN={V2}", V2),
    (f"QUUX_SECRET: {V3}", V3),
    (f'{{"orbitAccessKey": "{V4}"}}', V4),
    (f"nimbus_client_secret = '{V5}'", V5),
    (f"X-Nimbus-Key: {V1}", V1),
    (f"--api-key {V2} --region eu", V2),
    (f"the orbit key is {V1}", V1),
    (f"Orbit API key {V2} (rotate monthly)", V2),
    (f"STAGING_DB_PASSWD={VPW}", VPW),
    (f"pw: {VPW}", VPW),
    (f"the pw for grafana is {VPW}", VPW),
    (f"admin password {VPW}", VPW),
    (f"密钥：{V1}", V1),
    (f"令牌 = {V2}", V2),
    (f"对象存储的访问密钥是 {V3}", V3),
    (f"口令 {VPW}", VPW),
    (f"短信平台授权码：{V5}", V5),
    (f"数据库密码为{VPW}，别外传", VPW),
    (f"orbit:\n  apiKey: {V4}\n", V4),
    (f"ORBIT_KEY_ID={V2}", V2),
    (f"https://hooks.example.com/in?sig={V3}&v=2", V3),
]

# Key-like names next to values that are not secrets.
BOUND_BUT_NOT_SECRET = [
    "sort_key=created_at",
    "cache_key: user:123",
    'key: "Enter"',
    "token_type: bearer",
    "password: ${DB_PASSWORD}",
    "PASSWORD=$PGPASS psql",
    "api_key: <your-api-key>",
    "secret: null",
    'password: ""',
    "password_file=/run/secrets/db",
    "token_count: 18342",
    "key_count=12",
    "the token was 4096 tokens long",
    "key id of the release: 2024-05-01",
    "public_key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    "password: str = Field(min_length=12)",
    "if password == confirm_password:",
    "kwargs['password'] = password",
    "monkey: 3a9f2c7e1b5d8a4f6c0e9b3d7a1f5c2e",
    "密码：******",
    "密码是多少来着？",
]

NOT_SECRETS = NEAR_MISSES + BOUND_BUT_NOT_SECRET + [
    "commit 9b1f3c0e7a2d4b5c6e8f0a1b2c3d4e5f6a7b8c9d (HEAD -> main, origin/main)",
    "git checkout 3f2a1b9 && git cherry-pick e41b7c9d20a8f6b3c5d1e7f9a2b4c6d8e0f1a2b3",
    "id: 7c1e9a42-5b3d-4f08-9e21-c4d7a86b13f0, parent: 0f6ab1ea-3242-479c-079d-ea683d06491d",
    "  resolved: https://registry.npmjs.org/chalk/-/chalk-5.3.0.tgz\n  integrity: sha512-dLitG79d+GV1Nb/VYcCDFivJeK1hiukt9QjRNVOsUtTy1rR1YJsmpGGTZ3qJos+uw7WmWF4wUwBd9jxjocFC2w==",
    'name = "idna"\nversion = "3.7"\nfiles = [{file = "idna-3.7.tar.gz", hash = "sha256:028ff3aadf0609c1fd278d8ea3089299412a7a8b9bd005dd08b9f8285bcb5cfc"}]',
    "<img src=\"data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7\" alt=\"\">",
    "background-image: url(data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=);",
    ":root { --accent: #ff6a00; --muted: #6b7280; --bg: #0b1020; }",
    "SHA256 (dist/holonmem-0.1.0.tar.gz) = 4b825dc642cb6eb9a060e54bf8d69288fbee4904e3b8f1d1a3c2b0a9f8e7d6c5",
    "docker pull python@sha256:3ea8c1a3c6b5d4e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8",
    "Meeting moved to 2026-06-12 15:30 (UTC+8); budget ¥12,500, 3.5% over plan.",
    "Built 1,204 files in 3.27s; wheel holonmem-0.1.0-py3-none-any.whl (88 KB).",
    "cd ~/dev/invoicer && pytest -q tests/test_totals.py::test_rounding -x",
    "for key, value in sorted(config.items()):\n    print(f\"{key}={value}\")",
    "const token = await getToken();\nheaders.Authorization = `Bearer ${token}`;",
    "SELECT id, email FROM users WHERE password_hash IS NOT NULL LIMIT 10;",
    "We discussed the secret-management RFC and the key rotation schedule.",
    "Tokens are counted per message; the key takeaway: keep prompts short.",
    "我们讨论了密钥轮换的计划，下周再定。",
    "他的银行卡丢了，已经挂失。",
    "the card game has 52 cards and 4 suits",
    "pytest -k test_live_reload_handles_big_files; see run_test_configurationloader",
    "Route 66, Apt 4B, 10115 Berlin; VAT DE123456789",
]


@pytest.mark.parametrize("text,needle", BOUND, ids=[t[:28] for t, _ in BOUND])
def test_values_bound_to_key_like_names_are_redacted(text, needle):
    out = Redactor().redact_text(text)
    assert needle not in out, out
    assert "[REDACTED:" in out


def test_look_alikes_survive_byte_for_byte():
    red = Redactor()
    changed = [(t, red.redact_text(t)) for t in NOT_SECRETS if red.redact_text(t) != t]
    assert changed == []
    assert len(NOT_SECRETS) >= 40


def test_every_corpus_secret_is_caught_and_has_a_clue():
    red = Redactor()
    for name, text, needle in SECRETS:
        assert has_clue(text), name
        assert needle not in red.redact_text(text), name
    assert len(SECRETS) >= 60 and len(NEAR_MISSES) >= 40


def test_every_rule_clue_passes_the_prefilter():
    """A rule only runs when the prefilter finds a clue it holds: each rule must have one."""
    for rule in redact.RULES:
        if rule is redact.RULES[redact._BARE_ID]:
            # the one rule found by its shape, not a word: the prefilter looks for the shape itself
            assert has_clue("陈先生是 110105197803124416") and redact._BARE_ID in redact._rules_for("id 110105197803124416")
            continue
        keys = redact._rule_keys(rule)
        assert keys, rule.name
        for clue in rule.clues + rule.cased:
            assert has_clue(clue), (rule.name, clue)


def test_the_rules_of_each_clue_are_the_rules_whose_keys_hold_it():
    """The clue -> rules table is filled as clues are found; it is the one _rule_keys defines."""
    table: dict[str, tuple[int, ...]] = {}
    for i, rule in enumerate(redact.RULES):
        for key in redact._rule_keys(rule):
            table[key] = (*table.get(key, ()), i)
    for clue in {*redact._GLOBAL_LOWER, *redact._GLOBAL_CASED, *redact._GLOBAL_CJK}:
        assert redact._rules_of(clue) == table.get(clue, ()), clue


def test_value_judgements():
    for v in ("hunter2x7", "Jb!harbor2026", "58317046", "KXBQWZLMTRPNSVGA", "Tr41l-h3ad-Upl0ad", "4827#"):
        assert credential_like(v), v
    for v in ("reset", "required", "sha256", "2024-05-01", "12", "manager", "v3.11.7", "$DB_PASS", "********"):
        assert not credential_like(v), v
    for v in (V1, V2, "7b3c9e1f-2a4d-4c8b-9e6f-1d3a5c7e9b2f", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Lm3Nk0T"):
        assert high_entropy(v), v
    for v in ("created_at_2024_01_01", "user:123", "application/json", "SomeLongCamelCaseWordHere", "1234567890123456"):
        assert not high_entropy(v), v


def test_redaction_is_idempotent():
    red = Redactor()
    for _n, text, _s in SECRETS:
        once = red.redact_text(text)
        assert red.redact_text(once) == once


@pytest.mark.parametrize("text", ["key=" * 60000, "password " * 30000, "密码 " * 30000, "login a password " * 15000,
                                  ":" * 200000, "1234 " * 50000 + "card"])
def test_pathological_lines_stay_fast(text):
    t = time.perf_counter()
    Redactor().redact_text(text)
    assert time.perf_counter() - t < 10


def test_unlisted_vendor_keys_never_reach_the_ledger(home, cli, tmp_path):
    evs = [{"id": f"g{i}", "role": "user", "text": f"note: {t}"} for i, (t, _n) in enumerate(BOUND)]
    evs += [{"id": f"n{i}", "role": "user", "text": t} for i, t in enumerate(NOT_SECRETS)]
    f = tmp_path / "g.jsonl"
    f.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in evs), encoding="utf-8")
    r = cli("--home", home.root, "ingest", f)
    assert r.exit_code == 0, r
    assert find_in_home(home.root, sorted({n for _t, n in BOUND})) == []
    got = {e["id"]: e["text"] for e in ledger_events(home.root)}
    assert [t for i, t in enumerate(NOT_SECRETS) if got[f"n{i}"] != t] == []


def test_a_json_field_named_like_a_key_holds_a_secret_when_its_value_is_one():
    """Tool inputs arrive as JSON: {"key": "<random>"} carries the secret in the
    field's name, not in the text; ordinary values of the same names survive."""
    from holonmem.redact import Redactor

    ev = {"id": "e1", "text": "route", "kind": "tool_call", "meta": {"input": {
        "from": "春熙路", "key": "amap_k_8f3c1e9a7b2d4f60a1c3e5b7d9f2a4c6", "accessToken": "Zq8Lk2Mp9Xw4Tr7Vb1Nc3Qe5",
        "password": "hunter2!x", "sort_key": "date", "key_id": "abc", "keyboard": "ArrowLeft", "key2": "Enter",
        "token": "null", "monkey": "x8f3c1e9a7b2d4f60a1c"}}}
    out = Redactor().redact_event(ev)["meta"]
    got = out["input"]
    assert got["key"] == "[REDACTED:api-key]"
    assert got["accessToken"] == "[REDACTED:token]"
    assert got["password"] == "[REDACTED:password]"
    for name in ("from", "sort_key", "key_id", "keyboard", "key2", "token", "monkey"):
        assert got[name] == ev["meta"]["input"][name], name
    assert out["redacted"] == {"api-key": 1, "token": 1, "password": 1}


def test_an_ssn_in_a_joined_key_and_a_card_in_a_card_field():
    from holonmem.redact import Redactor, mask_text

    assert "301-44-5120" not in mask_text("holder: Kim, Ana  holder_ssn: 301-44-5120\n  active")
    ev = {"id": "e1", "text": "pay", "kind": "tool_call", "meta": {"input": {
        "to_name": "李*", "card": "6228480402564890018", "bank": "农行", "card_count": "2"}}}
    got = Redactor().redact_event(ev)["meta"]["input"]
    assert got["card"] == "[REDACTED:card-number]" and got["card_count"] == "2" and got["bank"] == "农行"
