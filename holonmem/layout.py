"""``holonmem init``: lay out a new agent_home without overwriting anything."""

from __future__ import annotations

import os
from pathlib import Path

from .home import Home

STARTER_FILES: dict[str, str] = {
    "AGENTS.md": """# AGENTS.md — role contract

Written by people; holonmem loads this file first into every context block.

- Who the agent works for and what it is for.
- Standing guidance: how to answer, what to verify before claiming success.
- What never to do without asking.
""",
    "MEMORY.md": """# MEMORY.md — long-term memory index

<!-- holonmem manages lines of the form `- [title](memory/<slug>.md) — hook`.
     Lines you write by hand stay where you put them. -->
""",
    "memory/operator.md": """# Operator

Preferences of the person this agent works for. People write this file;
holonmem shows a compact slice of it in every context block.
""",
    "memory/self.md": """# Self

The agent's own durable facts: what it is, where it runs, what it may do.
""",
    "notes/README.md": """---
title: Notes
summary: Reference notes written by people; only a catalog enters the context.
tags: [notes]
---

# Notes

Put reference notes here as Markdown, optionally with `title`, `summary` and
`tags` in YAML frontmatter.
""",
    ".gitignore": """# derived state: index, checkpoints, locks (rebuildable)
.holonmem/
# temp files of interrupted writes (.<name>.<pid>.<random>.tmp; `holonmem doctor --fix` removes them)
.*.tmp
""",
    ".gitattributes": """# append-only JSONL: a union merge keeps both sides' lines
ledger/*.jsonl merge=union
signals.jsonl merge=union
""",
    "holonmem.toml": """# holonmem settings for this home. Every key is optional; defaults shown.

[ingest]
# max_line_bytes = 1048576
# A native JSONL file at least this big is parsed by worker processes (0: never).
# parallel_bytes = 8388608

[redact]
# Extra secret patterns: name = "regex"
# [redact.patterns]
# internal-token = "itk_[A-Za-z0-9]{32}"

[consolidate]
# idle_gap_minutes = 30

[dream]
# min_hours = 24
# min_sessions = 5
# pending_expiry_days = 30

[context]
# budget = 2000
""",
}

DIRS = ("memory", "notes", "episodes", "ledger", "journal")
PUBLIC_FILES = frozenset({".gitignore", ".gitattributes", "holonmem.toml"})


def init_home(path: Path) -> tuple[Home, list[str]]:
    """Create the layout at ``path``; return the home and what was created.

    Existing files are never touched.
    """
    path = path.expanduser()
    path.mkdir(parents=True, exist_ok=True)
    home = Home(path.resolve())
    created: list[str] = []
    for d in DIRS:
        p = home.root / d
        if not p.exists():
            p.mkdir(parents=True)
            created.append(d + "/")
    for rel, text in STARTER_FILES.items():
        p = home.root / rel
        if p.exists():
            continue
        p.parent.mkdir(parents=True, exist_ok=True)
        try:
            # people's files may hold private data: owner-only, whatever the umask
            fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600 if rel not in PUBLIC_FILES else 0o644)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        created.append(rel)
    if not home.state_dir.exists():
        created.append(".holonmem/")
    home.ensure_state_dirs()
    return home, created


def starter_text(rel: str) -> str:
    """What ``init`` writes to ``rel`` (``""`` for a file it does not write): a file still
    holding it says nothing yet."""
    return STARTER_FILES.get(rel, "")
