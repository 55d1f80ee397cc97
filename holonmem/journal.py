"""The dream journal: ``journal/YYYY-MM-DD.md``, one entry per dream run (pure rendering).

Each entry names the run id and time, gives counts and a short summary a person
reads in a minute, then every decision by phase (Light, REM, Deep) with its
signal ids, evidence and reason (untrusted signals under their own heading,
"Skipped as untrusted"), what changed in MEMORY.md (and exactly what
left it when compacting) and any conflict with a hand edit.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from .home import Home

JOURNAL_HEADER = "# Dream journal {date}\n\nOne entry per `holonmem dream` run: what was decided and why.\n"
_ACTION_LABEL = {
    "create": "promoted", "strengthen": "strengthened", "supersede": "superseded",
    "skip": "kept pending", "reject": "rejected", "expire": "expired", "revoke": "revoked (archived)",
}
MAX_LISTED = 200  # per action; the rest is counted


def journal_path(home: Home, when: dt.datetime) -> Path:
    """Where today's entries go (refused when journal/ links outside the home)."""
    return home.writable(home.journal_dir / f"{when.date().isoformat()}.md")


def _ids(ids: list[str], n: int = 8) -> str:
    shown = ", ".join(f"`{i}`" for i in ids[:n])
    return shown + (f" (+{len(ids) - n} more)" if len(ids) > n else "")


def _quote(s: str, n: int = 140) -> str:
    s = " ".join((s or "").split())
    return "“" + (s if len(s) <= n else s[: n - 1] + "…") + "”"


def is_untrusted(decision) -> bool:
    """A Light-phase rejection of an untrusted signal (tool output, fetched content, a quotation)."""
    return decision.action == "reject" and decision.reason.startswith("untrusted")


def summary_line(counts: dict) -> str:
    return (
        f"{counts['signals_seen']} pending signals read, {counts['groups']} groups; "
        f"{counts['promoted']} promoted, {counts['strengthened']} strengthened, {counts['superseded']} superseded, "
        f"{counts['rejected']} rejected, {counts['expired']} expired, {counts['pending']} left pending."
    )


def render_entry(plan, index_report=None, conflicts: list[tuple[str, str]] | None = None, *, dry_run: bool = False) -> str:
    """The Markdown entry for one run (``plan``: a :class:`holonmem.dream.Plan`)."""
    c = plan.counts()
    out = [f"## Dream run `{plan.run_id}`{' (dry run)' if dry_run else ''}", "", f"- **Time:** {plan.now}",
           f"- **Summary:** {summary_line(c)}"]
    if getattr(plan, "scope", ""):
        out.append(f"- **Considered:** {plan.scope}")
    skipped = plan.skipped_by_reason()
    if skipped:
        out.append("- **Not promoted, by reason:** " + "; ".join(f"{k}: {v}" for k, v in sorted(skipped.items())))
    if conflicts:
        out.append(f"- **Conflicts:** {len(conflicts)} file(s) changed by hand since read were left alone (retried next run).")
    out += ["", "### Light", "",
            f"- {c['signals_seen']} pending signals collected; {c['duplicates']} exact duplicates folded into their first occurrence."]
    rejected = [d for d in plan.decisions if d.action == "reject" and not is_untrusted(d)]
    untrusted = [d for d in plan.decisions if d.action == "reject" and is_untrusted(d)]
    for d in rejected[:MAX_LISTED]:
        out.append(f"- **rejected** {_quote(d.statement)} — {d.reason}. Signals {_ids(d.signals)}"
                   + (f"; evidence {_ids(d.evidence)}" if d.evidence else "") + ".")
    if len(rejected) > MAX_LISTED:
        out.append(f"- … and {len(rejected) - MAX_LISTED} more rejected.")
    if untrusted:
        out += ["", "#### Skipped as untrusted", "",
                f"- {len(untrusted)} signal(s) quote tool output, fetched content or a quotation; "
                "they are never promoted, whatever they say."]
        for d in untrusted[:MAX_LISTED]:
            out.append(f"- **skipped (untrusted)** {_quote(d.statement)} — {d.reason}. Signals {_ids(d.signals)}"
                       + (f"; evidence {_ids(d.evidence)}" if d.evidence else "") + ".")
        if len(untrusted) > MAX_LISTED:
            out.append(f"- … and {len(untrusted) - MAX_LISTED} more skipped as untrusted.")
    out += ["", "### REM", "", f"- {c['groups']} groups of signals that say the same thing (by scope, project, kind and polarity)."]
    out += ["", "### Deep", ""]
    by_action: dict[str, list] = {}
    for d in plan.decisions:
        if d.action != "reject":
            by_action.setdefault(d.action, []).append(d)
    for action in ("create", "strengthen", "supersede", "revoke", "expire", "skip"):
        ds = by_action.get(action, [])
        for d in ds[:MAX_LISTED]:
            line = f"- **{_ACTION_LABEL[action]}** {_quote(d.statement)}"
            if d.memory:
                line += f" → `{d.memory}`"
            line += f" — {d.reason}."
            if d.signals:
                line += f" Signals {_ids(d.signals)}."
            if d.evidence:
                line += f" Evidence {_ids(d.evidence)}."
            if d.sessions:
                line += f" Sessions {_ids(d.sessions, 4)}."
            if d.age_days is not None and action in ("skip", "expire"):
                line += f" Age {d.age_days:g} d."
            out.append(line)
        if len(ds) > MAX_LISTED:
            out.append(f"- … and {len(ds) - MAX_LISTED} more {_ACTION_LABEL[action]}.")
    if not by_action:
        out.append("- Nothing to decide.")
    if index_report is not None:
        out += ["", "### MEMORY.md", ""]
        r = index_report
        if not r.changed:
            out.append("- unchanged.")
        else:
            out.append(f"- {len(r.added)} added, {len(r.updated)} updated, {len(r.removed)} removed (no longer active).")
            if r.removed:
                out.append(f"- removed: {_ids(r.removed, 50)}")
            if r.shortened:
                out.append("- over the caps (200 lines / 25 KB): hooks shortened.")
            if r.compacted:
                out.append(f"- compacted — these left the index (their files stay): {_ids(r.compacted, 1000)}")
            if r.over_cap:
                out.append("- still over the caps: the hand-written lines alone are too long.")
    if conflicts:
        out += ["", "### Conflicts", ""]
        out += [f"- `{p}` — {why}" for p, why in conflicts]
    return "\n".join(out) + "\n"


def render_undo_entry(run_id: str, now: str, *, restored: list[str], removed: list[str], signals: int,
                      undone_summary: str | None, forced: bool, left: list[str]) -> str:
    out = [f"## Undo of dream run `{run_id}`", "", f"- **Time:** {now}"]
    if undone_summary:
        out.append(f"- **The undone run had:** {undone_summary}")
    out.append(f"- **Restored** {len(restored)} file(s) to their content before the run"
               + (f": {_ids(restored, 50)}" if restored else "") + ".")
    if removed:
        out.append(f"- **Removed** {len(removed)} file(s) the run had created: {_ids(removed, 50)}.")
    out.append(f"- **Signals** returned to pending: {signals}.")
    if left:
        out.append(f"- **Left alone** (changed since, not ours to restore): {_ids(left, 50)}.")
    if forced:
        out.append("- Forced (`--force`): a later run had built on this one.")
    return "\n".join(out) + "\n"


def append_entry(existing: str, entry: str, date: str) -> str:
    """The journal file's new text with ``entry`` appended."""
    if not existing.strip():
        return JOURNAL_HEADER.format(date=date) + "\n" + entry
    return existing.rstrip("\n") + "\n\n" + entry
