"""The native event model: validation, defaults and content-derived ids.

Pure: dicts in, dicts out. See SPEC "Native event".
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime, timezone

ROLES = ("user", "assistant", "tool", "system")
KINDS = ("message", "tool_call", "tool_result", "task", "work_item", "note", "session_end")
# Kinds whose payload may live outside ``text`` (in meta), so empty text is fine.
EMPTY_TEXT_KINDS = frozenset({"tool_call", "tool_result", "work_item", "session_end", "task"})
KNOWN_FIELDS = ("id", "ts", "project", "session", "role", "kind", "tool", "status", "speaker", "text", "refs", "meta")
FIELD_ORDER = KNOWN_FIELDS
DEFAULT_PROJECT = "default"
MAX_ID_LEN = 256
_KIND_RE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_ID_BAD = re.compile(r"[\x00-\x1f\x7f]")


class EventError(ValueError):
    """Why one input record is not a valid event (shown as ``line N: <reason>``)."""


def now_iso() -> str:
    return datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")


def parse_ts(value: str) -> datetime:
    """Parse an ISO 8601 timestamp (``Z`` accepted); naive values stay naive."""
    v = value.strip()
    if v.endswith(("Z", "z")):
        v = v[:-1] + "+00:00"
    return datetime.fromisoformat(v)


def _opt_str(obj: dict, key: str) -> str | None:
    v = obj.get(key)
    if v is None:
        return None
    if not isinstance(v, str):
        raise EventError(f"field '{key}' must be a string, got {type(v).__name__}")
    return v


def content_id(event: dict) -> str:
    """A stable id from an event's content (everything but ``id``)."""
    body = {k: v for k, v in event.items() if k != "id"}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
    return "evt_" + digest[:20]


def normalize_event(
    obj,
    *,
    project: str | None = None,
    session: str | None = None,
    default_ts: str | None = None,
    redactor=None,
) -> dict:
    """Validate one raw record and return the canonical event dict.

    ``project``/``session`` fill missing fields. Unknown top-level fields are
    moved under ``meta``. A missing id is derived from the content *before*
    the ingest-time default timestamp is applied, so re-ingesting the same
    input yields the same id. ``redactor`` (a callable taking and returning
    the event dict) runs before the id is derived, so no id is a hash of a
    secret. Raises :class:`EventError`.
    """
    if not isinstance(obj, dict):
        raise EventError(f"expected a JSON object, got {type(obj).__name__}")
    if "text" not in obj:
        raise EventError("missing required field 'text'")
    text = obj["text"]
    if not isinstance(text, str):
        raise EventError(f"field 'text' must be a string, got {type(text).__name__}")
    role = obj.get("role")
    if role is None:
        raise EventError("missing required field 'role'")
    if role not in ROLES:
        raise EventError(f"unknown role {role!r} (expected one of: {', '.join(ROLES)})")
    kind = _opt_str(obj, "kind") or "message"
    if not _KIND_RE.match(kind):
        raise EventError(f"invalid kind {kind!r} (expected e.g. {', '.join(KINDS)})")
    if text == "" and kind not in EMPTY_TEXT_KINDS:
        raise EventError(f"field 'text' is empty (only {', '.join(sorted(EMPTY_TEXT_KINDS))} may be empty)")

    ev: dict = {}
    eid = obj.get("id")
    if eid is not None:
        if isinstance(eid, int) and not isinstance(eid, bool):
            eid = str(eid)
        if not isinstance(eid, str) or not eid.strip():
            raise EventError("field 'id' must be a non-empty string")
        if len(eid) > MAX_ID_LEN or _ID_BAD.search(eid):
            raise EventError("field 'id' is too long or contains control characters")
    ts = _opt_str(obj, "ts")
    if ts is not None:
        try:
            parse_ts(ts)
        except ValueError:
            raise EventError(f"field 'ts' is not an ISO 8601 time: {ts!r}") from None
    ev["ts"] = ts
    ev["project"] = _opt_str(obj, "project") or project or DEFAULT_PROJECT
    ev["session"] = _opt_str(obj, "session") or session
    ev["role"] = role
    ev["kind"] = kind
    ev["tool"] = _opt_str(obj, "tool")
    ev["status"] = _opt_str(obj, "status")
    ev["speaker"] = _opt_str(obj, "speaker")
    ev["text"] = text
    refs = obj.get("refs")
    if refs is not None:
        if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
            raise EventError("field 'refs' must be a list of strings")
        ev["refs"] = refs or None
    meta = obj.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise EventError(f"field 'meta' must be an object, got {type(meta).__name__}")
    meta = dict(meta) if meta else {}
    for k, v in obj.items():
        if k not in KNOWN_FIELDS:
            meta[k] = v
    ev["meta"] = meta or None
    out = {k: ev[k] for k in FIELD_ORDER if ev.get(k) is not None}
    if redactor is not None:
        out = redactor(out)
    out["id"] = eid if eid is not None else content_id(out)
    if out.get("ts") is None:
        out["ts"] = default_ts or now_iso()
    return {k: out[k] for k in FIELD_ORDER if k in out}


def dumps_event(event: dict) -> str:
    """One ledger line (without the newline)."""
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))
