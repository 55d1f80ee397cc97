"""``holonmem doctor``: check the whole home, and with ``--fix`` repair what is safe.

Checks (each in :mod:`holonmem.doctor_checks`): memory frontmatter that does
not parse or misses required fields, MEMORY.md lines pointing nowhere (or at a
memory that is no longer active) and active memories missing from it, torn,
invalid and duplicate-id ledger lines, episode blocks that do not parse,
invalid signal lines and pending signals whose evidence events are missing,
search-index staleness, a memory catalog that disagrees with the files, and ledger/signals/memory files readable by group or
others. Every finding names the file, the line (when there is one), what is
wrong and how to fix it.

``--fix`` (:mod:`holonmem.doctor_fix`) runs under the pipeline lock, repairs
what is safe and then checks again, so what it reports as remaining is what is
really left. It never deletes text a person wrote: lines it takes out of a
file go to ``.holonmem/quarantine/`` first, frontmatter lines that do not
parse stay in the file as YAML comments, and a copy of every memory file it
rewrites from damage is quarantined too.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field

from .home import Home

ERROR = "error"
WARNING = "warning"  # worth fixing, not a failure: a fresh git clone's 0644 files
INFO = "info"


@dataclass
class Finding:
    check: str  # frontmatter | memory_index | ledger | episodes | signals | index | permissions
    file: str  # home-relative
    line: int | None
    problem: str  # what is wrong
    fix: str  # how to fix it (what --fix does, or what a person should do)
    severity: str = ERROR  # error (a problem) | warning (should be fixed; exit 0) | info (worth knowing)
    fixable: bool = False  # --fix repairs it
    fixed: str = ""  # what --fix did
    data: dict = field(default_factory=dict)  # details the fixer uses (not printed)

    def to_json(self) -> dict:
        return {"check": self.check, "file": self.file, "line": self.line, "problem": self.problem,
                "fix": self.fix, "severity": self.severity, "fixable": self.fixable, "fixed": self.fixed or None}


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    fixed: bool = False  # --fix ran

    def remaining(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR and not f.fixed]

    def summary(self) -> str:
        rem = self.remaining()
        n_fixed = sum(1 for f in self.findings if f.fixed)
        warned = [f for f in self.findings if f.severity == WARNING and not f.fixed]
        warn = f"; {len(warned)} warning(s){', `holonmem doctor --fix` fixes them' if any(f.fixable for f in warned) and not self.fixed else ''}" if warned else ""
        if not rem:
            return f"doctor: the home is healthy{f' ({n_fixed} problem(s) fixed)' if n_fixed else ''}{warn}"
        fixable = sum(1 for f in rem if f.fixable)
        out = f"doctor: {len(rem)} problem(s) remain"
        if n_fixed:
            out += f", {n_fixed} fixed"
        if fixable and not self.fixed:
            out += f"; {fixable} can be repaired with `holonmem doctor --fix`"
        return out + warn

    def to_json(self) -> dict:
        return {"ok": not self.remaining(), "remaining": len(self.remaining()),
                "fixed": sum(1 for f in self.findings if f.fixed), "findings": [f.to_json() for f in self.findings]}


def quarantine(home: Home, name: str, data: bytes | str) -> str:
    """Keep ``data`` under ``.holonmem/quarantine/`` (0600); returns its home-relative path."""
    from .fsio import atomic_write

    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S")
    base = name.replace("/", "__")
    path = home.quarantine_dir / f"{base}.{stamp}.{os.getpid()}.doctor"
    n = 2
    while path.exists():
        path = home.quarantine_dir / f"{base}.{stamp}.{os.getpid()}-{n}.doctor"
        n += 1
    home.quarantine_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    atomic_write(path, data, mode=0o600)
    return home.rel(path)


def check(home: Home, *, timeout: float = 10.0) -> list[Finding]:
    """Every finding, no file a person owns is written (the id map under .holonmem/ may catch up)."""
    from . import doctor_checks as C

    out: list[Finding] = []
    C.interrupted(home, out)
    mems = C.memories(home, out)
    C.memory_index(home, mems, out)
    C.ledger(home, out, timeout=timeout)
    C.episodes(home, out)
    C.signals(home, out, timeout=timeout)
    C.index(home, out)
    C.permissions(home, out)
    C.people_files(home, out)
    C.secrets(home, out)
    C.temps(home, out)
    C.memory_catalog(home, out)
    return out


def run_doctor(home: Home, *, fix: bool = False, timeout: float = 10.0) -> Report:
    """Check the home; with ``fix``, repair under the pipeline lock and check again."""
    if not fix:
        return Report(check(home, timeout=timeout))
    from . import doctor_fix
    from .locks import PIPELINE, home_lock

    with home_lock(home, PIPELINE, timeout):
        first = check(home, timeout=timeout)
        doctor_fix.fix_all(home, first, timeout=timeout)
        after = check(home, timeout=timeout)
    # what was fixed, then what is still there (from the second pass)
    still = {(f.check, f.file, f.problem) for f in after}
    done = [f for f in first if f.fixed and (f.check, f.file, f.problem) not in still]
    return Report(done + after, fixed=True)
