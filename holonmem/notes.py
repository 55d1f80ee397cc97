"""What a note (``notes/**/*.md``) says about itself: title, summary, tags,
project and date, read one way for the search index (:mod:`holonmem.index_docs`)
and the context block's notes catalog (:mod:`holonmem.context_sources`,
:mod:`holonmem.memory_catalog`), so both show the same title for a note. Pure.

The title is the header's ``title``, else the first heading before the first
paragraph, else the file name; the summary is the header's ``summary`` (or
``description``), and the catalog falls back to the first paragraph.
"""

from __future__ import annotations

import re

from .frontmatter import read_frontmatter

NOTE_HEAD_BYTES = 8192  # a note's catalog entry comes from its head only
STARTER_NOTES = ("notes/README.md",)
_BLOCKS = re.compile(r"\n\s*\n")


class NoteMeta:
    """A note's header and lead: ``title``, ``summary`` (from the header, "" when it has
    none), ``lead`` (the first paragraph), ``tags``, ``project``, ``updated`` (the header's
    ``updated`` or ``date``, None without) and ``body`` (the text after the header)."""

    __slots__ = ("title", "summary", "lead", "tags", "project", "updated", "body")

    def __init__(self, title: str, summary: str, lead: str, tags: list[str], project: str | None,
                 updated: str | None, body: str):
        self.title, self.summary, self.lead, self.tags = title, summary, lead, tags
        self.project, self.updated, self.body = project, updated, body


def note_meta(stem: str, text: str) -> NoteMeta:
    """The metadata of a note whose file name (without ``.md``) is ``stem`` and whose
    text (or its first :data:`NOTE_HEAD_BYTES`) is ``text``."""
    meta, body = read_frontmatter(text)
    title = str(meta.get("title") or "").strip()
    summary = str(meta.get("summary") or meta.get("description") or "").strip()
    lead = ""
    for block in _BLOCKS.split(body):
        s = block.strip()
        if not s:
            continue
        if s.startswith("#") and "\n" not in s:
            if not title:
                title = s.lstrip("#").strip()
            continue
        if s.startswith("#"):
            heading, _, rest = s.partition("\n")
            if not title:
                title = heading.lstrip("#").strip()
            s = rest.strip()
        if s:
            lead = " ".join(s.split())
            break
    tags = meta.get("tags") or []
    if isinstance(tags, str):
        tags = [t.strip() for t in tags.split(",") if t.strip()]
    elif not isinstance(tags, (list, tuple)):
        tags = [tags]
    proj = meta.get("project") or None
    updated = str(meta.get("updated") or meta.get("date") or "") or None
    return NoteMeta(title or stem, summary, lead, [str(t) for t in tags if t is not None and str(t) != ""],
                    str(proj) if proj else None, updated, body)


class NoteEntry:
    """One note in the context block's catalog: home-relative path, title, summary, tags,
    project and its relevance terms (title, summary, tags, as a ``context_render.term_key``;
    computed when not given)."""

    __slots__ = ("path", "title", "summary", "tags", "project", "terms")

    def __init__(self, path: str, title: str, summary: str, tags: list[str], project: str | None = None,
                 terms: str | None = None):
        self.path, self.title, self.summary, self.tags, self.project = path, title, summary, tags, project
        if terms is None:
            from .context_render import term_key, text_terms

            terms = term_key(text_terms(title, summary, tags))
        self.terms = terms

    @property
    def ref(self) -> str:
        return f"note:{self.path}"

    def fields(self) -> tuple:
        return (self.path, self.title, self.summary, self.tags, self.project, self.terms)

    def __eq__(self, other) -> bool:
        return isinstance(other, NoteEntry) and self.fields() == other.fields()

    def __repr__(self) -> str:
        return f"NoteEntry{self.fields()!r}"


def note_entry_from_head(rel: str, stem: str, head: str) -> NoteEntry:
    """A note's catalog entry from the first :data:`NOTE_HEAD_BYTES` of the file."""
    m = note_meta(stem, head)
    return NoteEntry(rel, m.title, m.summary or m.lead, m.tags, m.project)
