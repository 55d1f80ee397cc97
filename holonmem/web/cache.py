"""What several pages read again and again, kept in the server process while the files stay the same.

- the signal state (the Inbox badge on every page, an event's "cited by"), keyed
  by ``signals.jsonl``'s size and mtime;
- the Timeline's counts: events per day and project counted incrementally from
  the ledger offsets already read (the ledger is append-only), episodes per day
  file and memories per file re-read only when that file's size or mtime changed.

Nothing here is written to disk; a restart starts empty. Every value is what
the core readers return (signalstore.load, ledger.iter_events, episodes.read_day,
memory.load_memory), only not recomputed.
"""

from __future__ import annotations

import os
import re
import threading

from ..home import Home

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _key(path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


class HomeCache:
    def __init__(self, home: Home):
        self.home = home
        self.lock = threading.Lock()
        self._sig: tuple | None = None  # (key, SignalState)
        self._offsets: dict[str, int] = {}
        self._events: dict[tuple[str, str], int] = {}
        self._days: dict[str, tuple] = {}  # date -> (key, {(day, project): n})
        self._mems: dict[str, tuple] = {}  # rel -> (key, (day, project) | None)

    def signals(self):
        from .. import signalstore

        key = _key(self.home.signals_path)
        with self.lock:
            if self._sig is not None and self._sig[0] == key and key is not None:
                return self._sig[1]
        state = signalstore.load(self.home)
        with self.lock:
            self._sig = (key, state)
        return state

    def _count_events(self) -> dict[tuple[str, str], int]:
        from ..ledger import end_offsets, iter_events

        ends = end_offsets(self.home)
        if any(ends.get(f, 0) < off for f, off in self._offsets.items()):  # a file shrank: count again
            self._offsets, self._events = {}, {}
        for pos, ev in iter_events(self.home, dict(self._offsets)):
            day = str(ev.get("ts") or "")[:10]
            if _DAY.fullmatch(day):
                k = (day, ev.get("project") or "(global)")
                self._events[k] = self._events.get(k, 0) + 1
            self._offsets[pos.file] = pos.offset + pos.length
        return dict(self._events)

    def _count_episodes(self) -> dict[tuple[str, str], int]:
        from ..episodes import day_dates, read_day

        out: dict[tuple[str, str], int] = {}
        dates = day_dates(self.home)
        for date in dates:
            key = _key(self.home.episodes_dir / f"{date}.md")
            hit = self._days.get(date)
            if hit is None or hit[0] != key:
                counts: dict[tuple[str, str], int] = {}
                for ep in read_day(self.home, date):
                    k = (ep.date, ep.project or "(global)")
                    counts[k] = counts.get(k, 0) + 1
                hit = (key, counts)
                self._days[date] = hit
            for k, n in hit[1].items():
                out[k] = out.get(k, 0) + n
        for gone in set(self._days) - set(dates):
            del self._days[gone]
        return out

    def _count_memories(self) -> dict[tuple[str, str], int]:
        from ..home import RESERVED_MEMORY
        from ..memory import load_memory

        out: dict[tuple[str, str], int] = {}
        d = self.home.memory_dir
        names = sorted(p.name for p in d.glob("*.md")) if d.is_dir() else []
        seen = set()
        for name in names:
            if name in RESERVED_MEMORY or name.startswith("."):
                continue
            rel = f"memory/{name}"
            seen.add(rel)
            key = _key(d / name)
            hit = self._mems.get(rel)
            if hit is None or hit[0] != key:
                try:
                    m = load_memory(self.home, rel)
                except Exception:  # noqa: BLE001 - a link out of the home, a FIFO: not counted
                    m = None
                day = str(m.created or "")[:10] if m is not None else ""
                val = (day, m.project or "(global)") if m and m.status in ("active", "superseded") and _DAY.fullmatch(day) else None
                hit = (key, val)
                self._mems[rel] = hit
            if hit[1] is not None:
                out[hit[1]] = out.get(hit[1], 0) + 1
        for gone in set(self._mems) - seen:
            del self._mems[gone]
        return out

    def timeline_counts(self) -> dict[tuple[str, str], dict[str, int]]:
        """``{(day, project): {"events": n, "episodes": n, "memories": n}}``."""
        with self.lock:
            parts = {"events": self._count_events(), "episodes": self._count_episodes(),
                     "memories": self._count_memories()}
        out: dict[tuple[str, str], dict[str, int]] = {}
        for what, counts in parts.items():
            for k, n in counts.items():
                out.setdefault(k, {"events": 0, "episodes": 0, "memories": 0})[what] = n
        return out
