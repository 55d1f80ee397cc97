"""The native event model: validation, defaults and content-derived ids.

Pure: dicts in, dicts out. See SPEC "Native event".
"""

from __future__ import annotations

from .digest import sha256
import json
import re
from datetime import datetime, timezone

from .attribution import may_be_client_written, reattribute, restatus
from .jsonline import MAX_DEPTH, scrub_surrogates, too_deep

ROLES = ("user", "assistant", "tool", "system")
KINDS = (
    "message", "tool_call", "tool_result", "task", "work_item", "note", "session_end",
    # what the client adapters also write (docs/clients.md): session and
    # subagent lifecycle, compaction, client notices, web searches
    "session_start", "compact", "subagent_start", "subagent_stop", "permission_request", "stop_failure",
    "web_search",
    # client- or agent-written text that arrived in the user role (attribution.py)
    "summary", "task_prompt", "notification", "interruption",
)
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
    # surrogatepass: an event with a lone surrogate (repaired when it is written) keeps a stable id
    digest = sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode("utf-8", "surrogatepass")).hexdigest()
    return "evt_" + digest[:20]


_ROLE_SET = frozenset(ROLES)
_KIND_SET = frozenset(KINDS)
_KNOWN_SET = frozenset(KNOWN_FIELDS)
_OPT_STR = ("tool", "status", "speaker")


def _type_error(key: str, value) -> EventError:
    return EventError(f"field '{key}' must be a string, got {type(value).__name__}")


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

    This runs once per ingested event, so it is written for speed: one pass,
    no intermediate dicts, and an input that is already canonical is
    returned as it is (not copied).
    """
    if type(obj) is not dict:
        if not isinstance(obj, dict):
            raise EventError(f"expected a JSON object, got {type(obj).__name__}")
    get = obj.get
    text = get("text")
    if type(text) is not str:
        if "text" not in obj:
            raise EventError("missing required field 'text'")
        raise EventError(f"field 'text' must be a string, got {type(text).__name__}")
    role = get("role")
    if type(role) is not str or role not in _ROLE_SET:
        if role is None:
            raise EventError("missing required field 'role'")
        raise EventError(f"unknown role {role!r} (expected one of: {', '.join(ROLES)})")
    kind = get("kind")
    if type(kind) is not str:
        if kind is not None:
            raise _type_error("kind", kind)
        kind = "message"
    if kind not in _KIND_SET:
        if not kind:
            kind = "message"
        elif not _KIND_RE.match(kind):
            raise EventError(f"invalid kind {kind!r} (expected e.g. {', '.join(KINDS)})")
    if not text and kind not in EMPTY_TEXT_KINDS:
        raise EventError(f"field 'text' is empty (only {', '.join(sorted(EMPTY_TEXT_KINDS))} may be empty)")

    eid = get("id")
    if eid is not None:
        if isinstance(eid, int) and not isinstance(eid, bool):
            eid = str(eid)
        if type(eid) is not str or not eid.strip():
            raise EventError("field 'id' must be a non-empty string")
        if len(eid) > MAX_ID_LEN or (not eid.isprintable() and _ID_BAD.search(eid)):
            raise EventError("field 'id' is too long or contains control characters")
    ts = get("ts")
    if ts is not None:
        if type(ts) is not str:
            raise _type_error("ts", ts)
        try:
            datetime.fromisoformat(ts)  # the common, canonical case
        except ValueError:
            try:
                parse_ts(ts)
            except ValueError:
                raise EventError(f"field 'ts' is not an ISO 8601 time: {ts!r}") from None
    p = get("project")
    if p is not None and type(p) is not str:
        raise _type_error("project", p)
    sess = get("session")
    if sess is not None and type(sess) is not str:
        raise _type_error("session", sess)
    for key in _OPT_STR:
        v = get(key)
        if v is not None and type(v) is not str:
            raise _type_error(key, v)
    refs = get("refs")
    if refs is not None and (type(refs) is not list or not all(type(r) is str for r in refs)):
        raise EventError("field 'refs' must be a list of strings")
    meta = get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise EventError(f"field 'meta' must be an object, got {type(meta).__name__}")
    if meta and too_deep(meta):
        raise EventError(f"field 'meta' is nested more than {MAX_DEPTH} levels deep")

    if (
        ts and p and _is_canonical(tuple(obj)) and type(obj["id"]) is str and kind is obj["kind"]
        and (sess is None or sess) and (refs is None or refs) and (meta is None or meta)
    ):
        # already canonical (what holonmem itself writes, and most native
        # input): every field present in order, nothing to default or move
        if role == "user" and kind == "message" and may_be_client_written(text, meta):
            obj = reattribute(obj)
        elif kind == "tool_result" and obj.get("status") == "failed":
            obj = restatus(obj)  # a cancelled or user-rejected call is not a failure
        return redactor(obj) if redactor is not None else obj

    # With an id the event is built in canonical key order directly; without
    # one the id is derived from the content first (without a defaulted ts).
    out: dict = {"id": eid} if eid is not None else {}
    if ts is not None or eid is not None:
        out["ts"] = ts or default_ts or now_iso()
    out["project"] = p or project or DEFAULT_PROJECT
    sess = sess or session
    if sess is not None:
        out["session"] = sess
    out["role"] = role
    out["kind"] = kind
    for key in _OPT_STR:
        v = get(key)
        if v is not None:
            out[key] = v
    out["text"] = text
    if refs:
        out["refs"] = refs
    if not _KNOWN_SET.issuperset(obj):
        meta = dict(meta) if meta else {}
        for k in obj:
            if k not in _KNOWN_SET:
                meta[k] = obj[k]
    if meta:
        if too_deep(meta):  # an unknown field moved under meta
            raise EventError(f"an unknown field is nested more than {MAX_DEPTH} levels deep")
        out["meta"] = meta
    if redactor is not None:
        out = redactor(out)
    if eid is None:
        # the id is the content's as given (before reattribution), so an input
        # ingested before reattribution existed keeps its ids
        eid = content_id(out)
        if "ts" not in out:
            out["ts"] = default_ts or now_iso()
        out["id"] = eid
        out = {k: out[k] for k in FIELD_ORDER if k in out}
    if role == "user" and kind == "message" and may_be_client_written(text, out.get("meta")):
        # client- or agent-written text in the user role (compaction summary,
        # subagent prompt, <task-notification>, interruption marker): its own
        # kind and role, the original role in meta (attribution.py)
        out = reattribute(out)
    elif kind == "tool_result" and out.get("status") == "failed":
        out = restatus(out)  # a cancelled or user-rejected call is not a failure
    return out


_CANONICAL: dict[tuple, bool] = {}


def _is_canonical(keys: tuple) -> bool:
    """Are these the keys of a canonical event, in order: known fields only,
    in :data:`FIELD_ORDER`, with every field that would be defaulted present?
    (Cached: a source has few distinct key layouts.)"""
    hit = _CANONICAL.get(keys)
    if hit is None:
        order = [k for k in FIELD_ORDER if k in keys]
        hit = list(keys) == order and {"id", "ts", "project", "role", "kind", "text"} <= set(keys)
        if len(_CANONICAL) < 1024:
            _CANONICAL[keys] = hit
    return hit


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def _c_encoder():
    """The C encoder behind ``_ENCODER``, built once (``encode`` rebuilds it on
    every call); ``None`` where CPython's accelerator is missing."""
    from json import encoder as je

    if je.c_make_encoder is None:  # pragma: no cover - pure-Python json
        return None
    return je.c_make_encoder(None, _ENCODER.default, je.encode_basestring, None, ":", ",", False, False, True)


_C_ENCODE = _c_encoder()


def dumps_event(event: dict) -> str:
    """One ledger line (without the newline), compact and UTF-8 (not escaped).
    Runs once per ingested event, hence the pre-built encoder. A lone surrogate
    (``"\\ud83d"``: an emoji cut in half by a JavaScript client) cannot be written
    as UTF-8: it becomes U+FFFD and ``meta.surrogates_replaced`` counts them."""
    line = "".join(_C_ENCODE(event, 0)) if _C_ENCODE is not None else _ENCODER.encode(event)
    if not line.isascii():
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:
            fixed, n = scrub_surrogates(event)
            fixed["meta"] = {**(fixed.get("meta") or {}), "surrogates_replaced": n}
            return dumps_event(fixed)  # meta is the last field: where it is, or appended
    return line
