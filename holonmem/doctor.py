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

from .doctor_model import Finding, Report
from .home import Home

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
