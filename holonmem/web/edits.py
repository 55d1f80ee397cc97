"""A memory's text edited on the review page: checksum-guarded, journaled, undoable.

This is the one write the review page adds to the CLI's: what a person does
in an editor, done for them with the guards the CLI's writers use. Under the
home's ``pipeline`` lock:

1. the file is read again; if its checksum is not the one the page was
   loaded with, nothing is written (:class:`DirtyFileError`: someone edited
   it since; the page shows the file as it is now);
2. its current bytes go to ``.holonmem/edits/<op>/before.md`` with a
   ``manifest.json`` (path, checksums before and after) — derived state that
   :func:`undo_edit` restores from;
3. the memory file is rewritten (temp file + ``os.replace``, checksum guard,
   frontmatter kept by round-trip, ``updated`` set), then its MEMORY.md line;
4. one entry goes to the day's journal.

:func:`edit_then_promote` is the Inbox's edit-then-approve: ``curate.promote``
(the CLI's promote, unchanged) and then this edit of the memory it wrote, with
the person's wording as the statement and the title made from it.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
from dataclasses import dataclass, field

from ..errors import DirtyFileError, HolonmemError, NotFound, UsageError
from ..fsio import atomic_write, atomic_write_json, checksum_bytes, file_checksum, read_bytes, read_json, read_text_checked, write_if_unchanged
from ..home import Home
from ..locks import PIPELINE, home_lock

EDITS_DIR = "edits"
MAX_BODY_CHARS = 200_000  # larger files are edited in an editor, not in a browser textarea


@dataclass
class EditResult:
    op: str
    path: str
    changed: bool
    journal: str = ""
    conflicts: list[str] = field(default_factory=list)


def _now(now: dt.datetime | None) -> dt.datetime:
    n = now or dt.datetime.now(dt.timezone.utc).astimezone()
    return n if n.tzinfo else n.replace(tzinfo=dt.timezone.utc)


def _op_id(action: str, now: dt.datetime) -> str:
    return f"{action}_{now.astimezone(dt.timezone.utc):%Y%m%dT%H%M%SZ}_{os.urandom(2).hex()}"


def _quote(s: str, n: int = 140) -> str:
    s = " ".join((s or "").split())
    return "“" + (s if len(s) <= n else s[: n - 1] + "…") + "”"


def edit_dir(home: Home, op: str):
    if not re.fullmatch(r"edit_[0-9TZ]+_[0-9a-f]{4}", op or ""):
        raise NotFound(f"no edit {op!r}", "undo an edit from the memory's page on the review page")
    return home.state_dir / EDITS_DIR / op


def normalize_body(body: str) -> str:
    """A textarea's text as a file body: LF line ends, one final newline."""
    text = (body or "").replace("\r\n", "\n").replace("\r", "\n")
    return text.rstrip("\n") + "\n" if text.strip() else ""


def replace_statement(body: str, statement: str, title: str) -> str:
    """``body`` with its ``# `` heading set to ``title`` and its first paragraph
    (the statement) set to ``statement`` (pure)."""
    lines = body.split("\n")
    out: list[str] = []
    i, heading_done = 0, False
    while i < len(lines):
        s = lines[i].strip()
        if not heading_done and s.startswith("# "):
            out.append(f"# {title}")
            heading_done = True
            i += 1
            continue
        if s and not s.startswith("#") and not s.startswith("<!--"):
            while i < len(lines) and lines[i].strip():
                i += 1  # the old paragraph
            out.append(statement)
            out.extend(lines[i:])
            return "\n".join(out)
        out.append(lines[i])
        i += 1
    return "\n".join(out).rstrip("\n") + f"\n\n{statement}\n"


def _journal(home: Home, now: dt.datetime, title: str, op: str, lines: list[str]) -> str:
    """Append one entry to journal/YYYY-MM-DD.md (the same shape as curate's hand operations)."""
    from .. import journal

    path = journal.journal_path(home, now)
    entry = "\n".join([f"## {title} `{op}`", "", f"- **Time:** {now.isoformat(timespec='seconds')}", *lines]) + "\n"
    text, ck = read_text_checked(path)
    write_if_unchanged(path, journal.append_entry(text, entry, now.date().isoformat()), ck)
    return home.rel(path)


def _relink(home: Home, mem) -> str | None:
    """The memory's MEMORY.md line as its file now says (only that line); a conflict message or None."""
    from ..memory_index import add_line, entry_for, read_index, remove_line, write_index

    text, ck = read_index(home)
    new = add_line(text, entry_for(mem)) if mem.is_active else remove_line(text, mem.path)
    if new == text:
        return None
    try:
        write_index(home, new, ck)
    except DirtyFileError as exc:
        return f"MEMORY.md: {exc.message}"
    return None


def edit_memory(home: Home, ref: str, body: str, expected_checksum: str, *, now: dt.datetime | None = None,
                timeout: float = 10.0, why: str = "edited on the review page") -> EditResult:
    """Replace the Markdown body of memory ``ref`` (frontmatter kept) unless the file changed
    since it was read with ``expected_checksum``."""
    from ..curate import resolve_ref
    from ..memory import body_title, first_paragraph, load_memory, make_hook

    now = _now(now)
    body = normalize_body(body)
    if not body:
        raise UsageError("the memory's text is empty; nothing was written",
                         "to take a memory out of the context, use Forget (the file stays)")
    if len(body) > MAX_BODY_CHARS:
        raise UsageError(f"the text is {len(body):,} characters, over the page's {MAX_BODY_CHARS:,}; nothing was written",
                         "edit a file this large in an editor")
    op = _op_id("edit", now)
    with home_lock(home, PIPELINE, timeout):
        mem = resolve_ref(home, ref)
        if mem.checksum != expected_checksum:
            raise DirtyFileError(mem.path, f"{mem.path} changed on disk since the page was loaded; nothing was written",
                                 "reload the memory's page to see the file as it is now, then edit again")
        if not mem.writable:
            raise DirtyFileError(mem.path, f"{mem.path}: its frontmatter does not parse; not rewriting it",
                                 "fix the YAML between the --- lines in an editor")
        if body == mem.body:
            return EditResult(op, mem.path, False)
        before = read_bytes(home.resolve_inside(mem.path))
        mem.body = body
        mem.title = body_title(body) or mem.title
        mem.statement = first_paragraph(body)
        mem.hook = make_hook(mem.statement or mem.title)
        mem.updated = now.isoformat(timespec="seconds")
        from ..memory import render_memory, write_memory

        text = render_memory(mem)
        d = edit_dir(home, op)
        d.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write(d / "before.md", before)
        atomic_write_json(d / "manifest.json", {"op": op, "path": mem.path, "before": checksum_bytes(before),
                                                "after": checksum_bytes(text.encode("utf-8")), "time": mem.updated})
        write_memory(home, mem, expected_checksum, text=text)
        res = EditResult(op, mem.path, True)
        again = load_memory(home, mem.path) or mem
        conflict = _relink(home, again)
        if conflict:
            res.conflicts.append(conflict)
        res.journal = _journal(home, now, "Edit by hand", op, [
            f"- **edited** {_quote(again.title)} → `{mem.path}` — {why}; the text before is kept in "
            f"`.holonmem/edits/{op}/` (undo it from the memory's page on the review page)."])
    return res


def undo_edit(home: Home, op: str, *, now: dt.datetime | None = None, timeout: float = 10.0) -> EditResult:
    """Put a memory back as it was before edit ``op``, unless it changed again since."""
    from ..memory import load_memory

    now = _now(now)
    d = edit_dir(home, op)
    with home_lock(home, PIPELINE, timeout):
        m = read_json(d / "manifest.json", None)
        if not isinstance(m, dict) or not isinstance(m.get("path"), str):
            raise NotFound(f"no edit {op!r} to undo (already undone, or its backup was deleted)",
                           "the journal lists the edits; a file can always be fixed in an editor")
        rel = m["path"]
        path = home.resolve_inside(rel)
        cur = file_checksum(path)
        if cur != m.get("after"):
            raise HolonmemError(f"{rel} changed since edit {op}; not undone (that change would be lost)",
                                "see the file on its page and edit it again by hand")
        write_if_unchanged(path, read_bytes(d / "before.md"), cur)
        res = EditResult(f"undo_{op}", rel, True)
        mem = load_memory(home, rel)
        if mem is not None:
            conflict = _relink(home, mem)
            if conflict:
                res.conflicts.append(conflict)
        shutil.rmtree(d, ignore_errors=True)
        res.journal = _journal(home, now, "Undo of edit", op, [
            f"- **restored** `{rel}` to its text before edit `{op}`."])
    return res


def edit_then_promote(home: Home, sid: str, statement: str, *, now: dt.datetime | None = None,
                      timeout: float = 10.0):
    """Promote pending signal ``sid`` as the CLI does, then give the memory the person's wording.

    Returns ``(curate result, [EditResult])``. The wording is redacted like ``remember``'s text.
    """
    from .. import curate
    from ..config import load_config
    from ..dream import title_for
    from ..memory import load_memory
    from ..redact import redactor_for

    text = redactor_for(load_config(home)).redact_text(" ".join((statement or "").split()))
    if not text:
        raise UsageError("the edited statement is empty; nothing was promoted", "write the statement, or use Approve")
    res = curate.promote(home, sid, now=now, timeout=timeout)
    edits = []
    for m in res.memories:
        if m["action"] not in ("create", "strengthen"):
            continue
        mem = load_memory(home, m["path"])
        if mem is None or " ".join(mem.statement.split()) == text:
            continue
        body = replace_statement(mem.body, text, title_for(text))
        edits.append(edit_memory(home, m["path"], body, mem.checksum, now=now, timeout=timeout,
                                 why=f"approved from the Inbox with the wording edited (signal `{sid}`)"))
    return res, edits
