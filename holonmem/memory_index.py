"""MEMORY.md: the one-line-per-memory index, managed lines next to hand-written ones.

A *managed line* is a link to a memory file in the form::

    - [title](memory/<slug>.md) — one-line hook

wherever it sits in the file. holonmem adds, updates and removes only such
lines (and the group headings it creates, when they fall empty). Every other
line was written by a person and stays exactly where it is.

New lines go under a group heading (``## Identity``, ``## User profile``,
``## Preferences``, ``## Project: <name>``, ``## Known facts``,
``## Methods``), created at the end of the file when missing.

Hard caps: :data:`MAX_LINES` lines and :data:`MAX_BYTES` bytes. When the index
would be over them, :func:`sync_index` compacts: shorter hooks first, then the
weakest managed lines leave (the strongest per group are kept). The memory
files themselves are never touched here.

Pure text functions (:func:`add_line`, :func:`remove_line`, :func:`sync_index`)
plus :func:`read_index` / :func:`write_index` (checksum-guarded).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

from .fsio import read_text_checked, write_if_unchanged
from .home import Home

MAX_LINES = 200
MAX_BYTES = 25 * 1024
SHORT_HOOK = 60
GROUP_ORDER = ("Identity", "User profile", "Preferences", "Project:", "Known facts", "Methods")
HEADER = """# MEMORY.md — long-term memory index

<!-- holonmem manages lines of the form `- [title](memory/<slug>.md) — hook`.
     Lines you write by hand stay where you put them. -->
"""

LINK_RE = re.compile(r"^\s*[-*]\s+\[(?P<title>[^\]]*)\]\((?P<path>memory/[^)\s]+\.md)\)\s*(?:(?:—|--|-|:)\s*(?P<hook>.*))?$")
HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*$")


@dataclass
class Entry:
    """What one managed line should say."""

    path: str
    title: str
    hook: str
    group: str
    strength: tuple = ()  # bigger is stronger; used only when compacting

    def line(self, hook_chars: int | None = None) -> str:
        hook = self.hook
        if hook_chars is not None and len(hook) > hook_chars:
            hook = hook[: hook_chars - 1].rstrip() + "…"
        title = self.title.replace("[", "(").replace("]", ")").replace("\n", " ")
        return f"- [{title}]({self.path}) — {hook}" if hook else f"- [{title}]({self.path})"


@dataclass
class SyncReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # not active any more / file gone
    compacted: list[str] = field(default_factory=list)  # left the index to respect the caps
    shortened: bool = False
    over_cap: bool = False  # still over the caps (hand-written lines alone are too many)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.removed or self.compacted or self.shortened)


def managed_paths(text: str) -> list[str]:
    """The memory paths linked by managed lines, in file order."""
    out = []
    for line in text.splitlines():
        m = LINK_RE.match(line)
        if m:
            out.append(m.group("path"))
    return out


def group_of(kind: str, scope: str, project: str | None) -> str:
    """The MEMORY.md group heading for a memory."""
    if kind == "identity" or scope == "agent":
        return "Identity"
    if project:
        return f"Project: {project}"
    if kind == "preference":
        return "Preferences"
    if scope == "user" and kind in ("rule", "decision"):
        return "User profile"
    if kind in ("method", "lesson"):
        return "Methods"
    return "Known facts"


def entry_for(mem) -> Entry:
    """The index entry for a :class:`~holonmem.memory.Memory`."""
    return Entry(mem.path, mem.title, mem.hook, group_of(mem.kind, mem.scope, mem.project),
                 (round(mem.confidence, 3), len(mem.evidence), mem.updated or ""))


def _group_rank(group: str) -> tuple:
    for i, g in enumerate(GROUP_ORDER):
        if group == g or (g.endswith(":") and group.startswith(g)):
            return (i, group)
    return (len(GROUP_ORDER), group)


def _is_group_heading(line: str) -> str | None:
    m = HEADING_RE.match(line)
    if not m or len(m.group(1)) != 2:
        return None
    name = m.group(2)
    return name if _group_rank(name)[0] < len(GROUP_ORDER) else None


def _insert(lines: list[str], entry: Entry, hook_chars: int | None) -> None:
    """Insert ``entry``'s line under its group heading (created at the end if missing)."""
    new = entry.line(hook_chars)
    head = None
    for i, line in enumerate(lines):
        if HEADING_RE.match(line) and HEADING_RE.match(line).group(2) == entry.group and line.startswith("## "):
            head = i
            break
    if head is None:
        while lines and not lines[-1].strip():
            lines.pop()
        lines.extend(["", f"## {entry.group}", "", new])
        return
    # after the last managed line of that section, else right after the heading
    pos = head + 1
    j = head + 1
    while j < len(lines) and not HEADING_RE.match(lines[j]):
        if LINK_RE.match(lines[j]):
            pos = j + 1
        j += 1
    if pos == head + 1:
        if pos < len(lines) and not lines[pos].strip():
            pos += 1
        lines.insert(pos, new)
        if pos + 1 < len(lines) and lines[pos + 1].strip() and not LINK_RE.match(lines[pos + 1]):
            lines.insert(pos + 1, "")
        return
    lines.insert(pos, new)


def _drop_empty_groups(lines: list[str], had_lines: set[str]) -> list[str]:
    """Remove group headings that lost all their lines in this sync."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        name = _is_group_heading(lines[i])
        if name and name in had_lines:
            j = i + 1
            while j < len(lines) and not HEADING_RE.match(lines[j]):
                if lines[j].strip():
                    break
                j += 1
            if j >= len(lines) or HEADING_RE.match(lines[j]):
                while out and not out[-1].strip():
                    out.pop()
                i = j
                if out and j < len(lines):
                    out.append("")
                continue
        out.append(lines[i])
        i += 1
    return out


def _join(lines: list[str]) -> str:
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + "\n" if lines else ""


def _sections_with_links(lines: list[str]) -> set[str]:
    cur, seen = None, set()
    for line in lines:
        name = _is_group_heading(line)
        if name:
            cur = name
        elif HEADING_RE.match(line):
            cur = None
        elif cur and LINK_RE.match(line):
            seen.add(cur)
    return seen


def add_line(text: str, entry: Entry) -> str:
    """Add ``entry``'s line (or update the existing line for its path in place)."""
    lines = (text or HEADER).splitlines()
    for i, line in enumerate(lines):
        m = LINK_RE.match(line)
        if m and m.group("path") == entry.path:
            lines[i] = entry.line()
            return _join(lines)
    _insert(lines, entry, None)
    return _join(lines)


def remove_line(text: str, path: str) -> str:
    """Remove the managed line(s) linking ``path``; hand-written lines stay."""
    lines = text.splitlines()
    had = _sections_with_links(lines)
    kept = [ln for ln in lines if not ((m := LINK_RE.match(ln)) and m.group("path") == path)]
    if len(kept) == len(lines):
        return text
    return _join(_drop_empty_groups(kept, had))


def _size(lines: list[str]) -> tuple[int, int]:
    text = _join(list(lines))
    return text.count("\n"), len(text.encode("utf-8"))


def sync_index(text: str, entries: Iterable[Entry], *, max_lines: int = MAX_LINES, max_bytes: int = MAX_BYTES) -> tuple[str, SyncReport]:
    """Make the managed lines of ``text`` say exactly ``entries`` (the active memories).

    Existing lines are updated in place, lines for memories not in ``entries``
    are removed, new ones are added under their group, then the caps are
    enforced. Returns the new text and a report of what changed.
    """
    rep = SyncReport()
    want = {e.path: e for e in entries}
    lines = (text or HEADER).splitlines()
    had = _sections_with_links(lines)
    out: list[str] = []
    present: set[str] = set()
    for line in lines:
        m = LINK_RE.match(line)
        if not m:
            out.append(line)
            continue
        path = m.group("path")
        e = want.get(path)
        if e is None or path in present:
            rep.removed.append(path)
            continue
        present.add(path)
        new = e.line()
        if new != line:
            rep.updated.append(path)
        out.append(new)
    order = sorted((e for p, e in want.items() if p not in present), key=lambda e: (_group_rank(e.group), e.title.lower(), e.path))
    for e in order:
        _insert(out, e, None)
        rep.added.append(e.path)
    out = _drop_empty_groups(out, had)
    nl, nb = _size(out)
    if nl > max_lines or nb > max_bytes:
        out = _compact(out, want, rep, max_lines, max_bytes, had)
    result = _join(out)
    if result == text:
        return text, SyncReport()
    return result, rep


def _compact(lines: list[str], want: dict[str, Entry], rep: SyncReport, max_lines: int, max_bytes: int, had: set[str]) -> list[str]:
    """Shorten hooks, then drop the weakest managed lines until under the caps."""
    rep.shortened = True
    lines = [want[m.group("path")].line(SHORT_HOOK) if (m := LINK_RE.match(ln)) and m.group("path") in want else ln for ln in lines]
    nl, nb = _size(lines)
    if nl <= max_lines and nb <= max_bytes:
        return lines
    # rank per group; drop the globally weakest, but never a group's strongest while others remain
    present = [m.group("path") for ln in lines if (m := LINK_RE.match(ln))]
    by_group: dict[str, list[Entry]] = {}
    for p in present:
        by_group.setdefault(want[p].group, []).append(want[p])
    for g in by_group.values():
        g.sort(key=lambda e: (e.strength, e.path), reverse=True)
    victims: list[Entry] = []
    # candidates: everything but each group's best, weakest first; then the bests, weakest first
    rest = sorted((e for g in by_group.values() for e in g[1:]), key=lambda e: (e.strength, e.path))
    bests = sorted((g[0] for g in by_group.values()), key=lambda e: (e.strength, e.path))
    drop: set[str] = set()
    for e in rest + bests:
        if nl <= max_lines and nb <= max_bytes:
            break
        drop.add(e.path)
        victims.append(e)
        nl -= 1
        nb -= len(e.line(SHORT_HOOK).encode("utf-8")) + 1
    lines = [ln for ln in lines if not ((m := LINK_RE.match(ln)) and m.group("path") in drop)]
    lines = _drop_empty_groups(lines, had | {e.group for e in want.values()})
    nl, nb = _size(lines)
    rep.over_cap = nl > max_lines or nb > max_bytes
    rep.compacted = [e.path for e in victims]
    for p in rep.compacted:
        if p in rep.added:
            rep.added.remove(p)
    return lines


def read_index(home: Home) -> tuple[str, str | None]:
    """MEMORY.md's text and checksum (``""``/None when missing)."""
    return read_text_checked(home.memory_md)


def write_index(home: Home, text: str, expected_checksum: str | None) -> None:
    """Write MEMORY.md unless it changed since read (:class:`DirtyFileError`)."""
    write_if_unchanged(home.writable(home.memory_md), text, expected_checksum)
