"""What ``holonmem doctor`` reports: findings, their severities, the report, and
the quarantine where a repair keeps what it takes out of a file. Below the
checks (:mod:`holonmem.doctor_checks`), the repairs (:mod:`holonmem.doctor_fix`)
and :mod:`holonmem.doctor`, which runs them.
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
