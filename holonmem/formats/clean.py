"""Shared helpers for the client adapters (Claude Code, Codex, OpenAI).

Pure functions only:

- :func:`clean_text` strips what must never be stored: ``<private>…</private>``
  spans, ``<system-reminder>…</system-reminder>`` blocks (the client's own
  injections) and holonmem's own context fence, so that holonmem never
  re-ingests the context it injected.
- :func:`project_from_cwd` names a project after the git repository that holds
  ``cwd`` (its folder name), else the folder itself.
- :func:`stable_id` builds short, deterministic ids from payload identity.
- :func:`render_value` / :func:`clip` turn tool inputs and outputs into text.
"""

from __future__ import annotations

from ..digest import sha256
import json
import re

# A tool result longer than this is clipped (head + tail) before storing; the
# original length is kept in ``meta.clipped``. Keeps ledger lines well under
# the 1 MiB line limit whatever a tool printed.
MAX_TEXT = 60_000

_PRIVATE = re.compile(r"<private>.*?(?:</private>|\Z)", re.S | re.I)
_REMINDER = re.compile(r"<system-reminder>.*?(?:</system-reminder>|\Z)", re.S | re.I)
# holonmem's context fence: `context` wraps the block it prints in
# <holonmem-context …> … </holonmem-context> (any attributes), and hook
# envelopes carry the same text. An HTML-comment form is accepted too.
_FENCES = (
    re.compile(r"<holonmem[-_]context\b[^>]*>.*?(?:</holonmem[-_]context>|\Z)", re.S | re.I),
    re.compile(r"<!--\s*holonmem[-:_ ]context\b.*?-->.*?(?:<!--\s*/\s*holonmem[-:_ ]context\s*-->|\Z)", re.S | re.I),
)
_BLANKS = re.compile(r"\n{3,}")


def clean_text(text: str | None) -> str:
    """``text`` without private spans, system reminders and holonmem context
    (``""`` for anything that is not a string)."""
    if not text or not isinstance(text, str):
        return ""
    if "<" in text:
        low = text.lower()
        if "<private" in low:
            text = _PRIVATE.sub("", text)
        if "<system-reminder" in low:
            text = _REMINDER.sub("", text)
        if "holonmem" in low:
            for rx in _FENCES:
                text = rx.sub("", text)
        text = _BLANKS.sub("\n\n", text)
    return text.strip()


def project_from_cwd(cwd: str | None) -> str | None:
    """The project name for ``cwd``: a ``[projects]`` glob, else the git
    repository holding it (the main worktree's name for a linked worktree),
    else its own folder name; ``None`` without a cwd (see projects.py)."""
    from ..projects import project_for

    return project_for(cwd)


def digest(*parts: object, n: int = 16) -> str:
    h = sha256("\x1f".join("" if p is None else str(p) for p in parts).encode("utf-8", "surrogatepass"))  # a lone surrogate: stable id, repaired when written
    return h.hexdigest()[:n]


def stable_id(prefix: str, session: str | None, *parts: object) -> str:
    """``<prefix>:<session>:<parts…>`` with long or unsafe parts hashed.

    Short ids that a person can read (``cc:7c1e9a42:result:toolu_01Hq…``) and
    that stay the same however often the same payload is ingested.
    """
    sess = (session or "nosession")[:64]
    out = []
    for p in parts:
        s = "" if p is None else str(p)
        if len(s) > 64 or not re.fullmatch(r"[A-Za-z0-9_.\-]*", s):
            s = digest(s)
        out.append(s)
    return ":".join([prefix, sess, *out])


def as_str(value) -> str | None:
    """``value`` if it is a non-empty string, else ``None`` (inputs are untrusted JSON)."""
    return value if isinstance(value, str) and value else None


def as_key(value, fallback: str) -> str:
    """A string key for ids and pairing maps (calls are paired by it)."""
    if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value):
        return str(value)
    return fallback


def make_event(base: dict, meta: dict, fields: dict) -> dict:
    """``base`` plus the non-``None`` ``fields``; ``meta`` merged with
    ``fields['meta']`` (``None`` values dropped)."""
    out = dict(base)
    m = dict(meta)
    m.update({k: v for k, v in (fields.pop("meta", None) or {}).items() if v is not None})
    out.update({k: v for k, v in fields.items() if v is not None})
    out["meta"] = m
    return out


def clip(text: str, limit: int = MAX_TEXT) -> tuple[str, int | None]:
    """``text`` cut to head + tail when longer than ``limit``; also the original length."""
    if len(text) <= limit:
        return text, None
    head = limit * 2 // 3
    tail = limit - head
    cut = len(text) - head - tail
    return f"{text[:head]}\n… [{cut} characters cut by holonmem] …\n{text[-tail:]}", len(text)


def render_value(value, limit: int = 400) -> str:
    """A compact one-line rendering of a JSON value (for tool-call text)."""
    if value is None:
        return ""
    if isinstance(value, str):
        s = value
    else:
        try:
            s = json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
        except (TypeError, ValueError):
            s = str(value)
    s = " ".join(s.split())
    return s if len(s) <= limit else s[: limit - 1] + "…"


def tool_call_text(name: str | None, tool_input) -> str:
    """What a tool call did, in one line: the command, the file, else the input."""
    if isinstance(tool_input, dict):
        for key in ("command", "cmd"):
            v = tool_input.get(key)
            if isinstance(v, list):
                v = " ".join(str(x) for x in v)
            if isinstance(v, str) and v.strip():
                return render_value(v)
        for key in ("file_path", "path", "notebook_path", "url", "pattern", "query", "description", "prompt"):
            v = tool_input.get(key)
            if isinstance(v, str) and v.strip():
                return f"{name or 'tool'} {render_value(v)}"
        if isinstance(tool_input.get("todos"), list):
            return f"{name or 'tool'}: " + render_value(
                [f"[{t.get('status', '?')}] {t.get('content', '')}" for t in tool_input["todos"] if isinstance(t, dict)]
            )
        if isinstance(tool_input.get("plan"), list):
            return f"{name or 'tool'}: " + render_value(
                [f"[{t.get('status', '?')}] {t.get('step', '')}" for t in tool_input["plan"] if isinstance(t, dict)]
            )
    patch = tool_input.get("patch") if isinstance(tool_input, dict) else tool_input if isinstance(tool_input, str) else None
    if isinstance(patch, str) and "*** " in patch:  # apply_patch: the files it touches, not the patch
        files = refs_from_input({"patch": patch})
        if files:
            return f"{name or 'tool'} " + render_value(", ".join(files))
    rendered = render_value(tool_input)
    return f"{name or 'tool'} {rendered}".strip()


_PATCH_FILE = re.compile(r"^\*\*\* (?:Add|Update|Delete) File: (.+)$", re.M)


def refs_from_input(tool_input) -> list[str] | None:
    """File paths and URLs a tool input names (for ``refs``)."""
    out: list[str] = []
    if isinstance(tool_input, dict):
        for key in ("file_path", "notebook_path", "path", "url", "filePath"):
            v = tool_input.get(key)
            if isinstance(v, str) and v and len(v) < 1000:
                out.append(v)
        patch = tool_input.get("patch") or tool_input.get("input")
        if isinstance(patch, str) and "*** " in patch:
            out.extend(m.strip() for m in _PATCH_FILE.findall(patch))
    elif isinstance(tool_input, str) and "*** " in tool_input:
        out.extend(m.strip() for m in _PATCH_FILE.findall(tool_input))
    seen: list[str] = []
    for r in out:
        if r not in seen:
            seen.append(r)
    return seen or None


def parse_json_arg(value):
    """Codex/OpenAI ``arguments`` are a JSON string; keep the raw string when not JSON."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def content_text(content) -> str:
    """Text of a message ``content``: a string, or a list of parts with
    ``text`` (``text``/``input_text``/``output_text`` parts; others skipped)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for p in content:
            if isinstance(p, str):
                parts.append(p)
            elif isinstance(p, dict) and isinstance(p.get("text"), str) and p.get("type", "text") in (
                "text", "input_text", "output_text",
            ):
                parts.append(p["text"])
        return "\n".join(parts)
    if isinstance(content, dict) and isinstance(content.get("text"), str):
        return content["text"]
    return ""


def is_hook_reply(obj) -> bool:
    """Whether a JSON object is a hook's *reply* (what a hook prints), not its input."""
    if not isinstance(obj, dict) or "hook_event_name" in obj:
        return False
    reply_keys = {"hookSpecificOutput", "decision", "continue", "suppressOutput", "systemMessage", "stopReason"}
    return bool(reply_keys & set(obj)) and not ({"role", "text", "messages", "type", "session_id"} & set(obj))


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MB"
    if n >= 1024:
        return f"{n // 1024} KB"
    return f"{n} bytes"


def media_placeholder(block) -> str | None:
    """``[image: image/png, 48 KB]`` for an image (or document) content block; ``None`` for anything else.

    The bytes are never stored; the placeholder says something was there.
    """
    if not isinstance(block, dict) or block.get("type") not in ("image", "document", "input_image"):
        return None
    what = "document" if block.get("type") == "document" else "image"
    src = block.get("source") if isinstance(block.get("source"), dict) else {}
    media = as_str(src.get("media_type")) or as_str(block.get("media_type")) or what
    data = src.get("data")
    if isinstance(data, str) and data:
        return f"[{what}: {media}, {_size(len(data) * 3 // 4)}]"
    url = as_str(src.get("url")) or (block.get("image_url") if isinstance(block.get("image_url"), str) else None)
    if url and not url.startswith("data:"):
        return f"[{what}: {media}, {url[:200]}]"
    return f"[{what}: {media}]"


_HEADER_KEYS = (
    ("Chunk ID:", "chunk_id", str), ("Wall time:", "wall_time", float), ("Process exited with code", "exit_code", int),
    ("Exit code:", "exit_code", int), ("Process running with session ID", "process_id", int),
    ("Original token count:", "original_token_count", int), ("Total output lines:", "output_lines", int),
    ("Command:", None, str),
)


def split_exec_header(text: str) -> tuple[str, dict]:
    """Codex exec output without its header: ``(output, fields)``.

    ``Chunk ID: …`` / ``Wall time: 0.51 seconds`` / ``Process exited with
    code N`` (or ``Exit code: N``) / ``Process running with session ID N`` /
    ``Original token count: …`` lines up to ``Output:`` become ``chunk_id``,
    ``wall_time``, ``exit_code``, ``process_id``, ``original_token_count``;
    the text keeps only what the command printed. Text without that header
    comes back as it is, with no fields.
    """
    if not text or not text.startswith(("Chunk ID:", "Wall time:", "Process ", "Exit code:", "Command:", "Original token")):
        return text, {}
    fields: dict = {}
    pos = 0
    for _ in range(10):
        end = text.find("\n", pos)
        line = text[pos:] if end < 0 else text[pos:end]
        if line.rstrip() == "Output:":
            return ("" if end < 0 else text[end + 1:]), fields
        for prefix, key, conv in _HEADER_KEYS:
            if line.startswith(prefix):
                if key is not None:
                    raw = line[len(prefix):].strip().removesuffix("seconds").strip()
                    try:
                        fields[key] = conv(raw)
                    except ValueError:
                        fields[key] = raw
                break
        else:
            return text, {}  # not a header line: leave the text alone
        if end < 0:
            break
        pos = end + 1
    return text, {}


# -- the user's request inside a client's wrapper -----------------------------------

_REQUEST = "## My request for Codex:"
_WRAPPERS = ("# Files mentioned by the user", "# Context from my IDE setup")


def unwrap_request(text: str) -> tuple[str, dict]:
    """Codex Desktop / IDE prompts: ``# Files mentioned by the user: … ## My
    request for Codex: <request>``. The request is the user's prompt; the
    wrapper's files (and the IDE's active file and open tabs) go to meta."""
    if _REQUEST not in text or not text.lstrip().startswith(_WRAPPERS):
        return text, {}
    head, _, request = text.partition(_REQUEST)
    files: list[str] = []
    meta: dict = {"wrapper": "ide" if "# Context from my IDE setup" in head else "files"}
    lines = [ln.strip() for ln in head.replace("\r\n", "\n").split("\n")]
    section = None
    for i, ln in enumerate(lines):
        if ln.startswith("## "):
            label, _, rest = ln[3:].partition(":")
            label, rest = label.strip(), rest.strip()
            if label.lower() == "active file":
                meta["active_file"], section = rest, None
            elif label.lower() == "open tabs":
                section = "tabs"
            else:  # "## name: path" or "## name:" with the path on the next line
                section = None
                path = rest or next((x for x in lines[i + 1:i + 2] if x and not x.startswith("#")), "")
                files.append(path or label)
        elif ln.startswith("- ") and section == "tabs":
            meta.setdefault("open_tabs", []).append(ln[2:].split(":", 1)[-1].strip())
        elif ln.startswith("- ") and ln[2:].strip():  # "- /path/file" lists
            files.append(ln[2:].strip())
    if files:
        meta["files"] = files
    return request.strip(), meta
