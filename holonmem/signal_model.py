"""The signal record: its id and constructor, shared by every extractor (pure)."""

from __future__ import annotations

from .digest import sha256
import json
import re

from .episodes import Episode

SCOPES = ("user", "project", "agent")
KINDS = ("preference", "rule", "lesson", "fact", "method", "identity")
TRUSTS = ("user-stated", "tool-observed", "untrusted", "agent-proposed")
CHANNELS = ("explicit_instruction", "tool_failure_evidence")
# memory_remember over MCP (mcp_server.py): the agent's proposal, never the user's words; not in
# CHANNELS (no extractor may claim it), and dream leaves it pending for a person (promote / reject)
AGENT_TRUST = "agent-proposed"
AGENT_CHANNEL = "agent_proposed"
CONFIDENCE = {"rule": 0.8, "preference": 0.7, "fact": 0.6, "decision": 0.75, "lesson": 0.7}
# Acts (utterance.py) the user gave as instructions: they take effect without repetition; dream
# gives only these the explicit channel ("prefer" and "state" wait for repetition).
EXPLICIT_ACTS = frozenset({"instruct", "convention", "correct", "revoke", "replace"})
UNTRUSTED_CONFIDENCE = 0.1
UNTRUSTED_SCAN_CHARS = 65536  # of one event's text, looking for instruction-like sentences
UNTRUSTED_QUOTE_CHARS = 200
_CJK_RE = re.compile(r"[\u3400-\u9fff]")


def signal_id(kind: str, scope: str, project: str | None, statement: str, evidence: list[str]) -> str:
    body = json.dumps([kind, scope, project or "", statement, sorted(evidence)], ensure_ascii=False)
    return "sig_" + sha256(body.encode("utf-8")).hexdigest()[:16]


def make_signal(
    *, kind: str, scope: str, statement: str, subject: str, polarity: str, evidence: list[dict],
    episode: Episode, source_role: str, trust: str, confidence: float, channels: list[str],
    keywords: list[str], extractor: str = "rules", created: str = "",
) -> dict:
    ids = [e["id"] for e in evidence]
    project = episode.project
    return {
        "type": "signal",
        "id": signal_id(kind, scope, project, statement, ids),
        "ts": max((e.get("ts") or "" for e in evidence), default=episode.end) or episode.end,
        "created": created,
        "scope": scope,
        "kind": kind,
        "statement": statement,
        "subject": subject,
        "polarity": polarity,
        "evidence": ids,
        "project": project,
        "session": episode.session,
        "episode": episode.id,
        "source_role": source_role,
        "trust": trust,
        "confidence": confidence,
        "channels": channels,
        "keywords": keywords,
        "extractor": extractor,
    }


def end_punct(s: str) -> str:
    s = s.strip().rstrip("，,;；:：")
    if s and s[-1] not in ".!?。！？":
        s += "。" if _CJK_RE.search(s[-1]) else "."
    return s


