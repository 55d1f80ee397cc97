"""Memory files (tolerant load, round-trip write, checksum guard) and MEMORY.md management."""

from __future__ import annotations

import pytest

from holonmem.errors import DirtyFileError
from holonmem.memory import load_memories, load_memory, make_slug, parse_memory, render_memory, write_memory
from holonmem.memory_index import (
    MAX_BYTES, MAX_LINES, Entry, add_line, group_of, managed_paths, remove_line, sync_index,
)

HAND = """---
# written by Lin
title: Deploy checklist
kind: method
project: invoicer
owner: lin   # not a holonmem key
evidence: [evt_0001]
---
# Deploy checklist

Tag the release, then run `make deploy`.

**Why:** we forgot once.
"""


def test_load_skips_operator_and_self_and_fills_defaults(home):
    (home.memory_dir / "plain.md").write_text("# Use UTC in logs\n\nAll log timestamps are UTC.\n\nMore text.\n")
    mems = load_memories(home)
    assert [m.path for m in mems] == ["memory/plain.md"]
    m = mems[0]
    assert (m.title, m.slug, m.statement) == ("Use UTC in logs", "plain", "All log timestamps are UTC.")
    assert (m.kind, m.scope, m.status, m.project) == ("fact", "user", "active", None)
    assert {"id", "kind", "scope", "status", "created"} <= set(m.filled)
    assert m.problems == [] and m.writable and m.id.startswith("mem_")
    assert m.hook == "All log timestamps are UTC."


def test_bad_frontmatter_is_reported_never_raised(home):
    (home.memory_dir / "bad.md").write_text("---\ntitle: [unclosed\n---\n# Bad\n\nbody\n")
    (home.memory_dir / "open.md").write_text("---\ntitle: never closed\n\nbody\n")
    mems = {m.slug: m for m in load_memories(home)}
    assert mems["bad"].problems and mems["bad"].problems[0].startswith("frontmatter does not parse")
    assert not mems["bad"].writable and mems["bad"].title == "Bad"
    assert mems["open"].problems == ["frontmatter is not closed with ---"]
    with pytest.raises(DirtyFileError):
        write_memory(home, mems["bad"], mems["bad"].checksum)


def test_round_trip_keeps_comments_unknown_keys_and_body(home):
    p = home.memory_dir / "deploy.md"
    p.write_text(HAND)
    m = load_memory(home, "memory/deploy.md")
    assert (m.project, m.scope, m.kind, m.evidence) == ("invoicer", "project", "method", ["evt_0001"])
    m.evidence.append("evt_0002")
    m.updated = "2026-06-25T09:00:00+08:00"
    write_memory(home, m, m.checksum)
    text = p.read_text()
    assert "# written by Lin" in text and "owner: lin   # not a holonmem key" in text
    assert "evidence: [evt_0001, evt_0002]" in text
    assert text.index("title:") < text.index("kind:") < text.index("owner:")
    assert text.endswith("Tag the release, then run `make deploy`.\n\n**Why:** we forgot once.\n")
    again = load_memory(home, "memory/deploy.md")
    assert again.evidence == ["evt_0001", "evt_0002"] and again.updated == "2026-06-25T09:00:00+08:00"


def test_write_memory_refuses_a_file_changed_since_read(home):
    p = home.memory_dir / "deploy.md"
    p.write_text(HAND)
    m = load_memory(home, "memory/deploy.md")
    p.write_text(HAND.replace("we forgot once", "we forgot twice"))
    m.confidence = 0.9
    with pytest.raises(DirtyFileError):
        write_memory(home, m, m.checksum)
    assert "we forgot twice" in p.read_text()
    with pytest.raises(DirtyFileError):  # None = must not exist yet
        write_memory(home, m, None)


def test_render_new_memory_has_canonical_keys_and_empty_keys_dropped():
    m = parse_memory("memory/x.md", "# X\n\nStatement.\n")
    m.project, m.scope, m.evidence = "travel-agent", "project", ["evt_0006"]
    text = render_memory(m)
    keys = [ln.split(":")[0] for ln in text.split("---")[1].strip().splitlines()]
    assert keys[:6] == ["id", "title", "kind", "scope", "project", "status"]
    assert "supersedes" not in keys and "evidence" in keys


def test_slugs_are_unique_and_keep_cjk():
    assert make_slug("Run ruff check before every commit", "invoicer") == "invoicer-run-ruff-check-before-every-commit"
    assert make_slug("订酒店先确认可以免费取消", "travel-agent") == "travel-agent-订酒店先确认可以免费取消"
    assert make_slug("Use UTC", None, taken={"use-utc"}) == "use-utc-2"
    assert make_slug("self", None) == "self-2"


# -- MEMORY.md ------------------------------------------------------------------------

INDEX = """# MEMORY

Hand-written intro.

- Ask me before booking anything over ¥5,000.
- [Old rule](memory/old.md) — was here
"""


def E(path, title="T", hook="h", group="Known facts", strength=(0.5, 1, "")):
    return Entry(path, title, hook, group, strength)


def test_sync_adds_under_groups_keeps_hand_lines_and_removes_inactive():
    text, rep = sync_index(INDEX, [E("memory/a.md", "A", "do a", "Project: invoicer"), E("memory/b.md", "B", "b", "Preferences")])
    lines = text.splitlines()
    assert lines[:5] == INDEX.splitlines()[:5]  # hand lines stay where they were
    assert "memory/old.md" not in text and rep.removed == ["memory/old.md"]
    assert lines.index("## Preferences") < lines.index("## Project: invoicer")
    assert "- [A](memory/a.md) — do a" in lines
    assert sorted(rep.added) == ["memory/a.md", "memory/b.md"]
    again, rep2 = sync_index(text, [E("memory/a.md", "A", "do a", "Project: invoicer"), E("memory/b.md", "B", "b", "Preferences")])
    assert again == text and not rep2.changed
    # updating in place, and an emptied group heading goes away
    third, rep3 = sync_index(text, [E("memory/a.md", "A", "do a, now", "Project: invoicer")])
    assert rep3.updated == ["memory/a.md"] and rep3.removed == ["memory/b.md"]
    assert "## Preferences" not in third and "- [A](memory/a.md) — do a, now" in third


def test_add_and_remove_line_public_primitives():
    text = add_line(INDEX, E("memory/n.md", "New", "hook", group_of("rule", "user", None)))
    assert "## User profile" in text and managed_paths(text) == ["memory/old.md", "memory/n.md"]
    text = add_line(text, E("memory/n.md", "New", "changed hook", "User profile"))
    assert text.count("memory/n.md") == 1 and "changed hook" in text
    text = remove_line(text, "memory/n.md")
    assert "memory/n.md" not in text and "## User profile" not in text
    assert "Ask me before booking" in text
    assert remove_line(text, "memory/none.md") == text


def test_group_of():
    assert group_of("identity", "agent", None) == "Identity"
    assert group_of("rule", "project", "invoicer") == "Project: invoicer"
    assert group_of("preference", "user", None) == "Preferences"
    assert group_of("lesson", "user", None) == "Methods"
    assert group_of("fact", "user", None) == "Known facts"


def test_caps_compact_and_report_what_left():
    entries = [E(f"memory/m{i:03d}.md", f"Memory {i}", "x" * 150, f"Project: p{i % 4}", (i / 1000, 1, ""))
               for i in range(300)]
    text, rep = sync_index(INDEX, entries)
    assert len(text.splitlines()) <= MAX_LINES and len(text.encode()) <= MAX_BYTES
    assert rep.shortened and rep.compacted and not rep.over_cap
    kept = set(managed_paths(text))
    assert kept.isdisjoint(rep.compacted) and len(kept) + len(rep.compacted) == 300
    # the strongest of each group stays; the weakest left first
    for g in range(4):
        best = max((e for e in entries if e.group == f"Project: p{g}"), key=lambda e: e.strength)
        assert best.path in kept
    assert "memory/m000.md" in rep.compacted and "memory/m299.md" in kept
    assert "Ask me before booking anything over ¥5,000." in text
    again, rep2 = sync_index(text, entries)
    assert again == text and not rep2.changed


def test_byte_cap_alone_triggers_compaction():
    entries = [E(f"memory/{i}.md", "长标题" * 20, "很长的说明" * 40, "Known facts", (i, 0, "")) for i in range(150)]
    text, rep = sync_index("", entries)
    assert len(text.encode()) <= MAX_BYTES and len(text.splitlines()) < MAX_LINES
    assert rep.compacted


# -- fast frontmatter path (holonmem's own files) agrees with YAML ------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from holonmem.memory import new_memory  # noqa: E402
from holonmem.frontmatter import simple_yaml, yaml_rt  # noqa: E402

texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).map(str.strip).filter(bool)


@settings(max_examples=60, deadline=None)
@given(title=texts, project=st.one_of(st.none(), texts), ids=st.lists(texts, max_size=4), conf=st.floats(0, 1))
def test_fast_frontmatter_round_trips_through_yaml(title, project, ids, conf):
    m = new_memory(slug="x", title=title, kind="rule", scope="project" if project else "user", project=project,
                   statement="S.", body="# T\n\nS.\n", created="2026-06-25T09:00:00+08:00", evidence=ids,
                   confidence=conf, keywords=["yes", "no", "1.5", "a: b", "#x"])
    text = render_memory(m)
    fm = text.split("---\n")[1]
    back = parse_memory("memory/x.md", text)
    assert (back.title, back.project, back.evidence, back.keywords) == (title, project, ids, m.keywords)
    assert back.confidence == round(conf, 2) and back.problems == []
    fast = simple_yaml(fm)
    if fast is not None:  # when the fast reader takes it, it agrees with ruamel
        slow = dict(yaml_rt().load(fm))
        assert {k: (list(v) if isinstance(v, list) else v) for k, v in slow.items() if k != "created"} == \
            {k: v for k, v in fast.items() if k != "created"}


def test_fast_read_file_rewritten_keeps_unknown_keys(home):
    p = home.memory_dir / "x.md"
    p.write_text("---\nid: mem_1\ntitle: 'X y'\nowner: lin\ncreated: 2026-06-09\nevidence: [evt_1]\n---\n# X\n\nBody.\n")
    m = load_memory(home, "memory/x.md")
    assert m.frontmatter_text is not None and m._fm is None  # read without ruamel
    assert (m.title, m.created) == ("X y", "2026-06-09")
    m.evidence.append("evt_2")
    m.updated = "2026-06-25T09:00:00+08:00"
    write_memory(home, m, m.checksum)
    assert m._fm is None  # rewritten without ruamel too
    fm = p.read_text().split("---\n")[1].splitlines()
    assert fm.pop().startswith("written: holonmem sha256 ")  # the authorship marker (docs/sync.md) ends it
    # unchanged lines verbatim, unknown key in place, missing keys before the next key that follows them
    assert fm == ["id: mem_1", "title: 'X y'", "owner: lin", "kind: fact", "scope: user", "status: active",
                  "created: 2026-06-09", 'updated: "2026-06-25T09:00:00+08:00"', 'valid_from: "2026-06-09"',
                  "evidence: [evt_1, evt_2]", "confidence: 0.5"]
    assert p.read_text().endswith("# X\n\nBody.\n")
    assert load_memory(home, "memory/x.md").evidence == ["evt_1", "evt_2"]
