"""Refs and ``get``: read the exact source a search result names, from the files.

``event:<id>``                  one ledger line (id map lookup, O(log n)); the id may hold ``:``
``episode:YYYY-MM-DD#<id>``     one section of ``episodes/YYYY-MM-DD.md``
``memory:memory/<slug>.md``     a memory file (also ``memory/operator.md``, ``memory/self.md``)
``note:notes/<path>.md``        a note

Paths that leave the home (``..``, absolute paths, symlinks pointing outside)
are refused with :class:`UnsafePath`; anything that does not exist is
:class:`NotFound` (exit 1).
"""

from __future__ import annotations

import json
import re

from .errors import NotFound, UnsafePath
from .fsio import read_bytes
from .home import Home

REF_KINDS = ("event", "episode", "memory", "note")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_FILE_DIRS = {"memory": "memory/", "note": "notes/"}
_HINT = "refs look like event:<id>, episode:YYYY-MM-DD#<id>, memory:memory/<slug>.md, note:notes/<path>.md"


def parse_ref(ref: str) -> tuple[str, str]:
    """``(kind, rest)``, splitting on the first ``:`` only."""
    kind, sep, rest = (ref or "").strip().partition(":")
    if not sep or kind not in REF_KINDS or not rest:
        raise NotFound(f"not a ref: {ref!r}", _HINT)
    return kind, rest


def _read_exact(home: Home, kind: str, rel: str) -> tuple[str, str]:
    prefix = _FILE_DIRS[kind]
    path = home.resolve_inside(rel)  # refuses .., absolute paths and symlinks leading outside
    if not rel.startswith(prefix) or not rel.endswith(".md"):
        raise UnsafePath(f"{kind} ref {rel!r} is not a .md file under {prefix}", _HINT)
    try:
        data = read_bytes(path)
    except (FileNotFoundError, NotADirectoryError):
        raise NotFound(f"no such {kind}: {rel}", "search again; the file may have been renamed or removed") from None
    except IsADirectoryError:
        raise NotFound(f"{rel} is a folder, not a {kind}", _HINT) from None
    return data.decode("utf-8", errors="replace"), rel


def get(home: Home, ref: str, *, raw: bool = False) -> dict:
    """``{"ref", "kind", "text", ...}`` with ``text`` as stored, secrets masked in
    people-written files (notes, memories, operator.md) unless ``raw``."""
    kind, rest = parse_ref(ref)
    if kind == "event":
        from .jsonline import load_line
        from .ledger import Ledger

        hit = Ledger(home).lookup(rest)
        if hit is None:
            raise NotFound(f"no event with id {rest!r} in the ledger", "check the id (search results give it as event:<id>)")
        pos, raw = hit
        text = raw.decode("utf-8", errors="replace")
        try:
            event = load_line(raw)
        except ValueError:  # pragma: no cover - lookup only returns parsed lines
            event = None
        return {"ref": f"event:{rest}", "kind": "event", "text": text, "file": f"ledger/{pos.file}",
                "offset": pos.offset, "event": event}
    if kind == "episode":
        date, sep, ep_id = rest.partition("#")
        if not sep or not _DATE.match(date) or not ep_id:
            raise NotFound(f"not an episode ref: {ref!r}", "use episode:YYYY-MM-DD#<episode id>")
        from .episodes import read_section

        text = read_section(home, date, ep_id)
        return {"ref": f"episode:{date}#{ep_id}", "kind": "episode", "text": text, "file": f"episodes/{date}.md",
                "date": date, "id": ep_id}
    text, rel = _read_exact(home, kind, rest)
    if not raw:
        from .redact import mask_text

        text = mask_text(text)
    return {"ref": f"{kind}:{rel}", "kind": kind, "text": text, "file": rel}
