"""Lesson signals: a failed tool result and the fix that made it pass (pure)."""

from __future__ import annotations

import re

from . import signal_rules as R
from .episodes import Episode
from .signal_model import CONFIDENCE, end_punct as _end_punct, make_signal


def error_class(text: str) -> str:
    found = re.findall(r"\b([A-Za-z_][\w.]*(?:Error|Exception|Timeout))\b", text or "")
    return found[-1].split(".")[-1] if found else ""


def lesson_signal(f: dict, by_id: dict[str, dict], ep: Episode, created: str) -> dict | None:
    failed, passed = by_id.get(f["event"]), by_id.get(f.get("resolved_by") or "")
    if not failed or not passed:
        return None
    tool = f.get("tool") or failed.get("tool") or "tool"
    err = R.strip_filler(" ".join((f.get("error") or "").split()))[:160]
    diag = " ".join((f.get("diagnosis") or "").split())[:320]
    fixes = [c for c in f.get("fix_commands", []) if c][:3]
    parts = [f"{ep.project} lesson: `{tool}` failed ({err})."]
    if diag:
        parts.append(f"Cause and fix: {_end_punct(diag)}")
    if fixes:
        parts.append("What worked: " + ", then ".join(f"`{c}`" for c in fixes) + f" — then `{tool}` succeeded.")
    else:
        parts.append(f"After that `{tool}` succeeded ({passed['id']}).")
    statement = " ".join(parts)
    ecls = error_class(failed.get("text", ""))
    subject = R.normalize_subject(ep.project, tool, ecls.lower() or " ".join(R.keywords(err, 2)))
    evidence_ids = [f["event"]] + ([f["diagnosis_event"]] if f.get("diagnosis_event") else []) + list(f.get("fix") or []) + [passed["id"]]
    evidence = [by_id[i] for i in dict.fromkeys(evidence_ids) if i in by_id]
    kws = [tool.lower()] + ([ecls.lower()] if ecls else []) + [c for c in fixes[:2]] + R.keywords(diag, 5)
    return make_signal(
        kind="lesson", scope="project", statement=statement, subject=subject, polarity="+",
        evidence=evidence, episode=ep, source_role="tool", trust="tool-observed",
        confidence=CONFIDENCE["lesson"], channels=["tool_failure_evidence"],
        keywords=list(dict.fromkeys(k.lower() for k in kws))[:8], created=created,
    )


