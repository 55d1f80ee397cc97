"""context_render.memories_section against the per-card version it replaced (a sort with a
key function, ``term_hits`` per card): the same items, in the same order, on random cards,
from a fresh CardSet and from one kept across tasks and days."""

from __future__ import annotations

import random
from datetime import date, timedelta

from holonmem import context_render as cr


def reference_rows(cards, project, task_terms, now):
    today = now.toordinal()
    needles = [f" {t} " for t in task_terms]
    rows = []
    for m in cards:
        if not cr.in_project(m, project):
            continue
        days = today - m.day if m.day is not None else None
        rel = cr.term_hits(needles, m.terms) if needles else 0
        rows.append((m, days, rel))

    def about_person(m) -> bool:
        return m.scope == "user" and (m.kind or "").lower() in ("rule", "preference", "identity", "instruction")

    rows.sort(key=lambda r: (r[2] <= 0, -r[2], not about_person(r[0]), r[0].project != project, -r[0].strength,
                             r[1] if r[1] is not None else 10**6, r[0].path))
    return [m.path for m, _, _ in rows]


def random_cards(r: random.Random, words: list[str]) -> list:
    cards = []
    for i in range(r.randrange(0, 60)):
        terms = cr.term_key(r.sample(words, r.randrange(0, 4)))
        project = r.choice([None, "", "alpha", "beta"])
        cards.append(cr.MemoryCard(f"memory/m-{r.randrange(10**6)}-{i}.md", r.choice(["rule", "fact", "Preference", None]),
                                   r.choice(["user", "project"]), project, f"statement {i}", f"short {i}",
                                   r.choice([None, 739000 + r.randrange(-400, 5)]), terms,
                                   r.choice([0.5, 0.55, 0.8, 1.0])))
    return cards


def test_a_kept_card_set_ranks_and_renders_as_a_fresh_one_across_tasks_and_days():
    r = random.Random(9)
    words = ["ruff", "totals", "rounding", "行程", "deploy", "hotel"]
    for trial in range(15):
        cards = random_cards(r, words)
        kept = cr.CardSet(cards, "alpha")
        for _turn in range(6):
            task = set(r.sample(words, r.randrange(0, 4)))
            now = date(2026, 7, 1) + timedelta(days=r.choice([0, 0, 1, 200]))
            stale = r.choice([90, 90, 30])
            a = cr.memories_section(kept, "alpha", task, now, stale)
            b = cr.memories_section(cards, "alpha", task, now, stale)
            assert [(i.full, i.compact, i.rank, i.order, i.group) for i in a.items] == \
                [(i.full, i.compact, i.rank, i.order, i.group) for i in b.items], trial
            got = [it.full.rsplit("memory:", 1)[1].split(")")[0] for it in a.items]
            assert got == reference_rows(cards, "alpha", task, now)


def test_memories_section_ranks_as_the_per_card_version():
    r = random.Random(5)
    words = ["ruff", "totals", "rounding", "行程", "deploy", "hotel", "北京", "pdf", "upload", "retry"]
    for trial in range(40):
        cards = random_cards(r, words)
        task = set(r.sample(words, r.randrange(0, 5)))
        now = date(2026, 7, 1)
        s = cr.memories_section(cards, "alpha", task, now, 90)
        got = [it.full.rsplit("memory:", 1)[1].split(")")[0] for it in sorted(s.items, key=lambda i: i.rank)]
        assert got == reference_rows(cards, "alpha", task, now), trial
        assert [it.rank for it in s.items] == list(range(len(s.items)))
