"""One note-metadata reader (holonmem.notes) for the search index and the context block:
the same note gets the same title in `holonmem search` and in `holonmem context`."""

from __future__ import annotations

import json
import re

import pytest

from holonmem.frontmatter import read_frontmatter, split_frontmatter
from holonmem.notes import note_meta

# (file name, bytes, the title both must show)
TRICKY = [
    ("bom.md", "\ufeff---\ntitle: Kiwi with a byte order mark\n---\nbody kiwi\n".encode("utf-8"),
     "Kiwi with a byte order mark"),
    ("crlf.md", b"---\r\ntitle: Mango in CRLF\r\ntags: [fruit]\r\n---\r\n# Ignored heading\r\n\r\nmango body\r\n",
     "Mango in CRLF"),
    ("heading.md", b"---\nsummary: no title here\n---\n\n# Papaya from the heading\n\npapaya text\n",
     "Papaya from the heading"),
    ("plain.md", b"# Lychee, no header at all\n\nlychee text\n", "Lychee, no header at all"),
    ("para-first.md", b"A quince paragraph before any heading.\n\n# Late heading\n", "para-first"),
    ("comment.md", b"---\ntitle: Guava  # a YAML comment\ntags:\n  - fruit\n  - green\n---\nguava\n", "Guava"),
    ("colon.md", b'---\ntitle: "Durian: the smell"\n---\ndurian\n', "Durian: the smell"),
    ("broken.md", b"---\ntitle: [unclosed\n---\n# Feijoa after a broken header\n\nfeijoa\n",
     "Feijoa after a broken header"),
    ("unclosed.md", b"---\ntitle: Never closed\n\n# Tamarind heading\n", "unclosed"),
]


def test_split_accepts_bom_crlf_and_a_dots_closer():
    assert split_frontmatter("\ufeff---\na: 1\n---\nbody") == ("a: 1\n", "body")
    assert split_frontmatter("---\r\na: 1\r\n---\r\nbody\r\n") == ("a: 1\r\n", "body\r\n")
    assert split_frontmatter("---\na: 1\n...\nbody") == ("a: 1\n", "body")
    assert split_frontmatter("---\na: 1\nno closer") == (None, "---\na: 1\nno closer")
    assert split_frontmatter("text\n---\n") == (None, "text\n---\n")


def test_read_frontmatter_is_tolerant():
    assert read_frontmatter("---\ntitle: [unclosed\n---\nbody\n") == ({}, "body\n")
    assert read_frontmatter("---\n- a list\n---\nbody\n") == ({}, "body\n")
    meta, body = read_frontmatter("---\ntags:\n  - a\n  - b\ntitle: t # c\n---\nx")
    assert meta == {"tags": ["a", "b"], "title": "t"} and body == "x"


@pytest.mark.parametrize("name,data,title", TRICKY, ids=[t[0] for t in TRICKY])
def test_index_and_context_read_the_same_title(home, name, data, title):
    from holonmem import context_sources, index_docs, memory_catalog

    path = home.notes_dir / name
    path.write_bytes(data)
    rel = f"notes/{name}"
    text = data.decode("utf-8", errors="replace")
    assert note_meta(path.stem, text).title == title
    assert index_docs.note_doc(rel, text)["title"] == title  # what search shows
    entries = {n.path: n for n in context_sources.notes_catalog(home)}  # context, full read
    assert entries[rel].title == title
    assert memory_catalog.note_row(rel, data)[1] == title  # context, through the memory catalog


def test_search_and_context_show_the_same_titles(home, hm):
    for name, data, _ in TRICKY:
        (home.notes_dir / name).write_bytes(data)
    root = str(home.root)
    r = hm("--home", root, "index")
    assert r.exit_code == 0, r
    r = hm("--home", root, "search", "kiwi mango papaya lychee quince guava durian feijoa tamarind",
           "--kind", "note", "--limit", "20", "--json")
    assert r.exit_code == 0, r
    out = json.loads(r.stdout)
    found = {h["ref"]: h["title"] for h in (out["results"] if isinstance(out, dict) else out)}
    r = hm("--home", root, "context", "--project", "default", "--budget", "6000", "--now", "2026-06-25")
    assert r.exit_code == 0, r
    shown = dict((f"note:{m.group(2)}", m.group(1)) for m in re.finditer(r"^- (.+?)(?: — .*)? \(note:(notes/[^)]+)\)$", r.stdout, re.M))
    for name, _, title in TRICKY:
        ref = f"note:notes/{name}"
        assert found.get(ref) == title, (ref, found)
        assert shown.get(ref) == title, (ref, shown, r.stdout)
