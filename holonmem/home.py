"""Resolving and laying out an agent_home.

The files are the truth; everything under ``.holonmem/`` is derived state
(index, checkpoints, locks, quarantine) and can be rebuilt.
"""

from __future__ import annotations

import os
from .records import dataclass  # not dataclasses: it imports inspect (~10 ms a turn)
from pathlib import Path

from .errors import HomeNotFound, UnsafePath

STATE_DIR = ".holonmem"
ENV_HOME = "HOLONMEM_HOME"


# memory/ files written by people, never managed as memories (their own sections of context)
RESERVED_MEMORY = ("operator.md", "self.md")


@dataclass(frozen=True)
class Home:
    root: Path

    # -- people-owned files -------------------------------------------------
    @property
    def agents_md(self) -> Path:
        return self.root / "AGENTS.md"

    @property
    def memory_md(self) -> Path:
        return self.root / "MEMORY.md"

    @property
    def memory_dir(self) -> Path:
        return self.root / "memory"

    @property
    def operator_md(self) -> Path:
        return self.memory_dir / "operator.md"

    @property
    def self_md(self) -> Path:
        return self.memory_dir / "self.md"

    @property
    def notes_dir(self) -> Path:
        return self.root / "notes"

    @property
    def episodes_dir(self) -> Path:
        return self.root / "episodes"

    @property
    def ledger_dir(self) -> Path:
        return self.root / "ledger"

    @property
    def signals_path(self) -> Path:
        return self.root / "signals.jsonl"

    @property
    def journal_dir(self) -> Path:
        return self.root / "journal"

    @property
    def config_path(self) -> Path:
        return self.root / "holonmem.toml"

    # -- derived state ------------------------------------------------------
    @property
    def state_dir(self) -> Path:
        return self.root / STATE_DIR

    @property
    def index_dir(self) -> Path:
        return self.state_dir / "index"

    @property
    def locks_dir(self) -> Path:
        return self.state_dir / "locks"

    @property
    def quarantine_dir(self) -> Path:
        return self.state_dir / "quarantine"

    @property
    def rejected_dir(self) -> Path:
        return self.state_dir / "rejected"

    @property
    def log_dir(self) -> Path:
        return self.state_dir / "logs"

    def state_file(self, name: str) -> Path:
        """A derived-state file such as ``.holonmem/consolidate.json``."""
        return self.state_dir / name

    def ensure_state_dirs(self) -> None:
        for d in (self.state_dir, self.locks_dir):
            d.mkdir(mode=0o700, parents=True, exist_ok=True)

    # -- paths inside the home ---------------------------------------------
    def resolve_inside(self, rel: str) -> Path:
        """Turn a home-relative path into an absolute one, refusing escapes.

        Absolute paths, ``..`` components and symlinks that lead outside the
        home raise :class:`UnsafePath`.
        """
        if not rel or rel.startswith(("/", "\\")) or os.path.isabs(rel) or "\x00" in rel:
            raise UnsafePath(f"path {rel!r} is not inside the home", "use a path relative to the home")
        parts = Path(rel).parts
        if any(p == ".." for p in parts):
            raise UnsafePath(f"path {rel!r} escapes the home", "remove '..' from the path")
        candidate = self.root / rel
        root_real = os.path.realpath(self.root)
        real = os.path.realpath(candidate)
        if real != root_real and not real.startswith(root_real + os.sep):
            raise UnsafePath(f"path {rel!r} leads outside the home (symlink?)", "refusing to follow it")
        return candidate

    def contains(self, path: Path) -> bool:
        """Is ``path`` (after following symlinks) inside the home? Files that
        link outside it are skipped wherever holonmem reads a folder."""
        root_real = os.path.realpath(self.root)
        real = os.path.realpath(path)
        return real == root_real or real.startswith(root_real + os.sep)

    def writable(self, path: Path) -> Path:
        """The one rule for every writer: ``path`` (under the home: a ledger file,
        a day file, a journal file, signals.jsonl, MEMORY.md, a memory file) must
        still be inside the home after following symlinks, or nothing is written
        through it (a symlinked ``ledger/`` or ``signals.jsonl`` pointing at a
        synced folder elsewhere). Links that stay inside the home are fine."""
        if not self.contains(path):
            try:
                rel = self.rel(path)
            except ValueError:
                rel = str(path)
            raise UnsafePath(f"{rel} leads outside the home (symlink?); not writing through it",
                             "replace the link with a real folder or file inside the home (move what it holds in "
                             "first), or point it at a place inside the home")
        return path

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()


def find_home(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` that holds ``.holonmem/``."""
    cur = start.resolve()
    for d in (cur, *cur.parents):
        if (d / STATE_DIR).is_dir():
            return d
    return None


def resolve_home(explicit: str | os.PathLike | None = None, *, cwd: Path | None = None) -> Home:
    """``--home``, else ``$HOLONMEM_HOME``, else the nearest ``.holonmem/`` upwards."""
    if explicit:
        root = Path(explicit).expanduser()
        source = "--home"
    elif os.environ.get(ENV_HOME):
        root = Path(os.environ[ENV_HOME]).expanduser()
        source = f"${ENV_HOME}"
    else:
        found = find_home(cwd or Path.cwd())
        if found is None:
            raise HomeNotFound(
                "no agent_home found (no --home, no $HOLONMEM_HOME, no .holonmem/ in this folder or above)",
                "create one with `holonmem init PATH`, then pass --home PATH or set HOLONMEM_HOME",
            )
        return Home(found)
    if not root.is_dir():
        raise HomeNotFound(
            f"agent_home {str(root)!r} (from {source}) does not exist",
            f"create it with `holonmem init {root}`",
        )
    if not (root / STATE_DIR).is_dir():
        # A home laid out by hand (or cloned without its derived state) is fine:
        # derived state is created on demand.
        pass
    return Home(root.resolve())
