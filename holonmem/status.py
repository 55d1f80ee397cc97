"""``holonmem status``: what the home holds and what work is pending.

Cheap: counts come from the id index and small state files, never from a
scan of the whole ledger.
"""

from __future__ import annotations

from pathlib import Path

from .fsio import read_json
from .home import Home
from .ledger import end_offsets, ledger_stats


def _count_md(d: Path, pattern: str = "*.md") -> int:
    try:
        return sum(1 for _ in d.glob(pattern))
    except OSError:
        return 0


def pending_bytes(home: Home, checkpoint: dict | None) -> int:
    """Ledger bytes not yet covered by a ``{file: offset}`` checkpoint."""
    offsets = (checkpoint or {})
    return sum(max(0, end - offsets.get(name, 0)) for name, end in end_offsets(home).items())


def gather(home: Home) -> dict:
    from . import signalstore

    led = ledger_stats(home)
    cons = read_json(home.state_file("consolidate.json"), {}) or {}
    dream = read_json(home.state_file("dream.json"), {}) or {}
    idx = read_json(home.state_file("index_state.json"), {}) or {}
    sig = signalstore.load(home)
    memories = [p for p in home.memory_dir.glob("*.md") if p.name not in ("operator.md", "self.md")] if home.memory_dir.is_dir() else []
    hb = read_json(home.state_file("heartbeat.json"), {}) or {}
    return {
        "home": str(home.root),
        "events": led["events"],
        "sessions": led["sessions"],
        "projects": led["projects"],
        "ledger_files": led["files"],
        "ledger_bytes": led["bytes"],
        "duplicate_lines": led["duplicates"],
        "episode_days": _count_md(home.episodes_dir),
        "signals": sig.counts(),
        "memories": len(memories),
        "notes": sum(1 for _ in home.notes_dir.rglob("*.md")) if home.notes_dir.is_dir() else 0,
        "pending": {
            "consolidate_bytes": pending_bytes(home, cons.get("offsets")),
            "signals": sig.counts().get("pending", 0),
            "index_bytes": pending_bytes(home, idx.get("ledger_offsets")) if idx else None,
        },
        "last_consolidate": cons.get("last_run"),
        "last_dream": dream.get("last_run"),
        "last_index": idx.get("last_update"),
        "last_heartbeat": hb.get("last_run"),
        "quarantined": _count_md(home.quarantine_dir, "*") if home.quarantine_dir.is_dir() else 0,
        "rejected_files": _count_md(home.rejected_dir, "*.jsonl") if home.rejected_dir.is_dir() else 0,
    }
