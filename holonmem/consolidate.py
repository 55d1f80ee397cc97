"""``holonmem consolidate``: new ledger events -> episode Markdown + memory signals.

Work is proportional to new events: the checkpoint ``.holonmem/consolidate.json``
holds ``{"offsets": {ledger file: byte offset}, "open": {session key:
[[file, offset, length], ...]}, "last_run": iso}``. Events of sessions that
are still open are remembered by position (not copied) and re-read next run.

Crash safety, in this order, each step idempotent:
1. append new sections to the day files (episode ids are deterministic; a
   section whose id is already in the file is skipped; existing sections are
   never rewritten, and the rewrite is checksum-guarded);
2. append signals whose ids are not in ``signals.jsonl`` yet;
3. save the checkpoint.
A crash anywhere is finished by the next run without duplicates. A run with
nothing to do changes no file.
"""

from __future__ import annotations

import json
import shlex
import subprocess
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable

from . import episode_build as B
from . import signals as S
from . import signalstore
from .config import load_config
from .episode_catalog import DB_NAME as CATALOG
from .episodes import Episode, Problem, day_header, day_path, existing_ids, parse_day, render_section
from .errors import DirtyFileError
from .fsio import atomic_write_json, read_json, read_text_checked, write_if_unchanged
from .home import Home
from .ledger import Pos, end_offsets, iter_events
from .locks import PIPELINE, home_lock

STATE_FILE = "consolidate.json"
Progress = Callable[..., None]  # progress(done, total, phase): "reading" (bytes), "extracting" (episodes), "writing"


@dataclass
class ConsolidateResult:
    new_events: int = 0
    episodes: list[Episode] = field(default_factory=list)  # written this run
    signals: list[dict] = field(default_factory=list)  # appended this run
    open_sessions: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # damaged files / lines, "path:line: message"
    notes: list[str] = field(default_factory=list)  # extractor fallbacks and the like
    files: list[str] = field(default_factory=list)  # files changed

    def summary(self) -> str:
        n, s = len(self.episodes), len(self.signals)
        line = f"{n} episode{'s' if n != 1 else ''}, {s} signal{'s' if s != 1 else ''} from {self.new_events} new event{'s' if self.new_events != 1 else ''}"
        if self.open_sessions:
            line += f"; {len(self.open_sessions)} session{'s' if len(self.open_sessions) != 1 else ''} still open"
        return line

    def to_json(self) -> dict:
        return {
            "new_events": self.new_events,
            "episodes": [{"id": e.id, "ref": e.ref, "date": e.date, "project": e.project, "session": e.session,
                          "outcome": e.outcome, "title": e.title, "events": len(e.events)} for e in self.episodes],
            "signals": [{"id": s["id"], "kind": s["kind"], "scope": s["scope"], "statement": s["statement"],
                         "evidence": s["evidence"]} for s in self.signals],
            "open_sessions": self.open_sessions,
            "problems": self.problems,
            "notes": self.notes,
            "files": self.files,
        }


def _session_key(ev: dict) -> str:
    return f"{ev.get('project') or 'default'}/{ev.get('session') or ''}"


def clean_event(ev: dict) -> dict | None:
    """A ledger event made safe for the pure builders (a hand-edited ledger may hold odd types)."""
    if B.epoch(ev.get("ts") if isinstance(ev.get("ts"), str) else None) is None:
        return None
    out = dict(ev)
    for key in ("text", "role", "kind", "project", "session", "tool", "status"):
        v = out.get(key)
        if v is not None and not isinstance(v, str):
            out[key] = json.dumps(v, ensure_ascii=False) if key == "text" else str(v)
    out["text"] = out.get("text") or ""
    if not isinstance(out.get("meta"), dict):
        out.pop("meta", None)
    refs = out.get("refs")
    if refs is not None:
        out["refs"] = [r for r in refs if isinstance(r, str)] if isinstance(refs, list) else None
    return out


def _read_positions(home: Home, positions: list, problems: list[str]) -> list[tuple[Pos, dict]]:
    out = []
    handles: dict[str, object] = {}
    try:
        for item in positions:
            try:
                name, off, length = item
                fh = handles.get(name)
                if fh is None:
                    fh = handles[name] = open(home.ledger_dir / name, "rb")
                fh.seek(off)  # type: ignore[attr-defined]
                ev = clean_event(json.loads(fh.read(length)))  # type: ignore[attr-defined]
                if ev is None or not isinstance(ev.get("id"), str):
                    raise ValueError("not an event")
                out.append((Pos(name, off, length), ev))
            except (OSError, ValueError, TypeError) as exc:
                problems.append(f".holonmem/{STATE_FILE}: open-session event at {item!r} unreadable ({exc}); skipped")
    finally:
        for fh in handles.values():
            fh.close()  # type: ignore[attr-defined]
    return out


FUTURE_SLACK_SECONDS = 300  # clocks differ by a little; a session ending further ahead than this is reported


def _parse_now(now: datetime | str | None) -> datetime:
    if now is None:
        return datetime.now(timezone.utc)
    if isinstance(now, str):
        from .events import parse_ts

        now = parse_ts(now)
    return now if now.tzinfo else now.replace(tzinfo=timezone.utc)


def plan(
    home: Home, state: dict, now: datetime, gap_seconds: float, problems: list[str], progress: Progress | None = None,
) -> tuple[list[tuple[Episode, list[dict]]], dict, dict, int]:
    """Read pending events; return (closed episodes with their events, new offsets, new open map, new event count)."""
    offsets: dict[str, int] = dict(state.get("offsets") or {})
    pending: dict[str, list[tuple[Pos, dict]]] = {}
    for key, positions in (state.get("open") or {}).items():
        if isinstance(positions, list):
            pending.setdefault(key, []).extend(_read_positions(home, positions, problems))
    total = 0
    if progress:
        total = sum(max(0, end - offsets.get(name, 0)) for name, end in end_offsets(home).items())
    new_offsets = dict(offsets)
    errors: list = []
    count = 0
    seen = {ev["id"] for items in pending.values() for _, ev in items}
    done_bytes = 0
    for pos, ev in iter_events(home, offsets, errors):
        new_offsets[pos.file] = pos.offset + pos.length + 1
        count += 1
        if progress and count % 2000 == 0:
            done_bytes = sum(new_offsets.get(f, 0) - offsets.get(f, 0) for f in new_offsets)
            progress(done_bytes, total, "reading")
        if ev["id"] in seen:
            continue
        seen.add(ev["id"])
        ev = clean_event(ev)
        if ev is None:
            problems.append(f"ledger/{pos.file}: event at byte {pos.offset} has no valid 'ts'; skipped")
            continue
        pending.setdefault(_session_key(ev), []).append((pos, ev))
    for pos, reason in errors:
        new_offsets[pos.file] = max(new_offsets.get(pos.file, 0), pos.offset + pos.length + 1)
        problems.append(f"ledger/{pos.file}: bad line at byte {pos.offset}: {reason}")
    if progress:
        progress(total, total, "reading")

    now_t = now.timestamp()
    episodes: list[tuple[Episode, list[dict]]] = []
    open_map: dict[str, list] = {}
    ahead: list[float] = []  # the last event of each open session that is dated after now
    for key, items in pending.items():
        order = {id(ev): i for i, (_, ev) in enumerate(items)}
        items.sort(key=lambda pe: (B.epoch(pe[1].get("ts")) or float("inf"), order[id(pe[1])]))
        pos_of = {ev["id"]: pos for pos, ev in items}
        for seg, why in B.split_session([ev for _, ev in items], gap_seconds):
            if why is None:
                last_t = B.epoch(seg[-1].get("ts"))
                if last_t is not None and now_t - last_t < gap_seconds:
                    open_map[key] = [[pos_of[e["id"]].file, pos_of[e["id"]].offset, pos_of[e["id"]].length] for e in seg]
                    if last_t - now_t > FUTURE_SLACK_SECONDS:
                        ahead.append(last_t)
                    continue
                why = "idle_gap"
            if any(B.is_substantive(e) for e in seg):
                episodes.append((B.build_episode(seg, why), seg))
    if ahead:
        # a client whose clock runs ahead (or a date typed wrong) keeps its sessions open until then
        latest = datetime.fromtimestamp(max(ahead), timezone.utc).isoformat(timespec="seconds")
        problems.append(f"{len(ahead)} session(s) end with events dated after now (latest {latest}); they stay open "
                        f"until that time has passed plus the idle gap — check the clock of the client that wrote them, "
                        f"or run consolidate --now {latest} to close them")
    episodes.sort(key=lambda pair: (B.epoch(pair[0].start) or 0, pair[0].id))
    return episodes, new_offsets, open_map, count


# -- writing -------------------------------------------------------------------

def write_episodes(home: Home, episodes: list[Episode], problems: list[str]) -> tuple[list[Episode], list[str]]:
    """Append sections for episodes not yet in their day file. Returns (written, files)."""
    by_day: dict[str, list[Episode]] = {}
    for ep in episodes:
        by_day.setdefault(ep.date, []).append(ep)
    written: list[Episode] = []
    files: list[str] = []
    for date, eps in sorted(by_day.items()):
        path = day_path(home, date)
        for attempt in range(3):
            text, checksum = read_text_checked(path)
            if attempt == 0 and text:
                found: list[Problem] = []
                parse_day(text, date, home.rel(path), found)
                problems.extend(str(p) for p in found)
            have = existing_ids(text)
            new = [ep for ep in eps if ep.id not in have]
            if not new:
                break
            body = text if text else day_header(date)
            if not body.endswith("\n"):
                body += "\n"
            if not body.endswith("\n\n"):
                body += "\n"
            body += "".join(render_section(ep) for ep in new)
            try:
                write_if_unchanged(path, body, checksum)
            except DirtyFileError:
                continue  # a person saved the file meanwhile: read it again
            written.extend(new)
            files.append(home.rel(path))
            break
        else:
            problems.append(f"{home.rel(path)}: changed on disk during consolidate three times; new sections not written, next run retries")
    return written, files


def run_extractor(cmd: str, ep: Episode, events: list[dict], timeout: float, created: str) -> list[dict]:
    """Signals from an external command; raises ValueError with the reason on any failure."""
    payload = {"episode": ep.block_dict(), "events": events}
    try:
        proc = subprocess.run(
            shlex.split(cmd), input=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
            capture_output=True, timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        raise ValueError(f"timed out after {timeout:g}s") from None
    except (OSError, ValueError) as exc:
        raise ValueError(f"could not run it: {exc}") from None
    if proc.returncode != 0:
        tail = proc.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
        raise ValueError(f"exited with {proc.returncode} {tail[0][:200]}".rstrip())
    try:
        items = json.loads(proc.stdout.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError(f"did not print JSON: {exc}") from None
    return S.validate_external(items, ep, events, created=created, extractor=f"external:{shlex.split(cmd)[0]}")


def consolidate(
    home: Home, *, now: datetime | str | None = None, extractor: str | None = None,
    extractor_timeout: float = 60.0, timeout: float = 10.0, progress: Progress | None = None,
) -> ConsolidateResult:
    """Consolidate everything new since the checkpoint (under the pipeline lock)."""
    res = ConsolidateResult()
    now_dt = _parse_now(now)
    created = datetime.now(timezone.utc).isoformat(timespec="seconds")
    gap = float(load_config(home)["consolidate"].get("idle_gap_minutes", 30)) * 60
    home.ensure_state_dirs()
    with home_lock(home, PIPELINE, timeout):
        from .intent import recover

        recover(home)  # an interrupted hand command (or doctor --fix's ledger rewrite) is finished first
        state_path = home.state_file(STATE_FILE)
        state = read_json(state_path, {}) or {}
        if not isinstance(state, dict):
            state = {}
        pairs, offsets, open_map, res.new_events = plan(home, state, now_dt, gap, res.problems, progress)
        res.open_sessions = sorted(open_map)

        # Signals per episode (rules always; they also fill the episode's instructions).
        sigs: list[dict] = []
        by_episode: dict[str, list[dict]] = {}
        step = max(1, len(pairs) // 50)
        for i, (ep, evs) in enumerate(pairs):
            if progress and i % step == 0:
                progress(i, len(pairs), "extracting")  # the slow part: reading bytes is ~5% of a run
            rule_sigs = S.extract(ep, evs, created=created)
            ep.instructions = S.user_statements(rule_sigs)
            chosen = rule_sigs
            if extractor:
                try:
                    chosen = run_extractor(extractor, ep, evs, extractor_timeout, created)
                    # the rules' untrusted records stay, so the journal shows them skipped
                    chosen += [s for s in rule_sigs if s["trust"] == "untrusted"]
                except ValueError as exc:
                    res.notes.append(f"extractor failed for {ep.id} ({exc}); used the rules instead")
            by_episode[ep.id] = chosen
            sigs.extend(chosen)

        if progress:
            progress(len(pairs), len(pairs), "writing")
        written, files = write_episodes(home, [ep for ep, _ in pairs], res.problems)
        res.episodes, res.files = written, files

        if sigs:
            # Only signals appended since the last checkpoint can repeat these
            # (a run that crashed before saving it); older ones are for other events.
            st = signalstore.load(home, start=int(state.get("signals_offset") or 0))
            have_eps = {s.get("episode") for s in st.signals.values()}
            fresh = []
            for ep_id, group in by_episode.items():
                if extractor and ep_id in have_eps:
                    continue  # this episode's signals were appended by an earlier (crashed) run
                fresh.extend(s for s in group if s["id"] not in st.signals)
            seen: set[str] = set()
            fresh = [s for s in fresh if not (s["id"] in seen or seen.add(s["id"]))]
            if fresh:
                signalstore.append(home, fresh)
                res.signals = fresh
                res.files.append(home.rel(home.signals_path))

        new_state = {"offsets": offsets, "open": open_map, "signals_offset": signalstore.size(home)}
        old_state = {"offsets": state.get("offsets") or {}, "open": state.get("open") or {},
                     "signals_offset": state.get("signals_offset")}
        if new_state != old_state or not state_path.exists():
            new_state["last_run"] = created
            new_state["version"] = 1
            atomic_write_json(state_path, new_state)
    if res.files or not home.state_file(CATALOG).exists():
        _sync_catalog(home, res)
    return res


def _sync_catalog(home: Home, res: ConsolidateResult) -> None:
    """Bring the episode catalog (derived, for ``context``) up to date with the
    day files; a failure is a note, never a failed run."""
    from .episode_catalog import sync

    try:
        sync(home)
    except Exception as exc:  # noqa: BLE001 - derived state: rebuilt by the next run or `holonmem index`
        res.notes.append(f"the episode catalog was not updated ({type(exc).__name__}: {exc})")
