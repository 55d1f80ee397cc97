"""Episode day files as parsed by a ``context`` turn, kept for the next turn
(derived state: ``.holonmem/days/``; delete it and the next turn parses the
files again).

A turn shows a project's latest episodes and the ones its task matches:
~20–30 day files read and split into sections, each section's machine block
parsed (~8 ms at a year of episodes). What a turn parsed is kept per file in
``.holonmem/days/<day file name>.marshal`` (:mod:`context_state`: keyed by
the code, with a CRC) — its sections in both reading orders
(:func:`context_sources._parse_sections` reads them forwards, or backwards
from the newest), each with its episode's fields (or None: not an episode) —
under the day file's stamp (inode, mtime, ctime, size: one ``stat``). A file
whose stamp moved (an edit in place, a ``git pull``, consolidate appending)
is read and parsed again; a stamp within :data:`RACY_NS` of the clock is not
kept (as git's racy entries): that file is parsed on every turn until it is
older. So a turn gets what parsing the file now gives. The list of day files
is kept the same way under the episodes folder's stamp (a name is added,
removed or renamed only with its folder's mtime).

A state file that is damaged is parsed again with a warning
(``context_build.build`` passes its warnings list).
"""

from __future__ import annotations

import marshal
import os
import stat as _stat
import time

from . import context_state

FOLDER = "days"  # in .holonmem/
VERSION = 1
RACY_NS = 2_000_000_000
_DATES = "_dates.marshal"  # the folder's listing (no day file is named so)


def _key() -> str:
    """The version and the code that decides what the state holds."""
    return context_state.code_key(f"days {VERSION}", ("episodes.py", "context_days.py", "context_sources.py", "records.py"))


class DayCache:
    """What earlier turns parsed of the day files: :meth:`sections` for one file,
    :meth:`dates` for the list of day files."""

    def __init__(self, home, warnings: list[str] | None = None):
        self.home = home
        self.dir = os.path.join(str(home.state_dir), FOLDER)
        self.key = _key()
        self.warnings = warnings
        self._now_ns = time.time_ns()
        self._made = False

    def _load(self, name: str):
        obj, why = context_state.load(os.path.join(self.dir, name), self.key)
        if why and self.warnings is not None:
            self.warnings.append(f"the episode cache .holonmem/{FOLDER}/{name} {why}; parsed the day file again")
        return obj

    def _keep(self, name: str, obj, *stamps: int) -> None:
        if any(ns > self._now_ns - RACY_NS for ns in stamps):
            return  # too recent to trust: parsed again next time
        if not self._made:
            if not os.path.isdir(self.home.state_dir):
                return
            try:
                os.makedirs(self.dir, mode=0o700, exist_ok=True)
            except OSError:
                return
            self._made = True
        context_state.save(os.path.join(self.dir, name), self.key, obj)

    def sections(self, path, backwards: bool) -> list | None:
        """``[(line, section text, episode fields as marshal bytes or None)]`` of the day
        file at ``path`` in the order asked (:func:`episode` makes the Episode); None
        when the file cannot be read through the cache (the caller reads it as usual
        and meets the same error)."""
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return []
        except OSError:
            return None
        if not _stat.S_ISREG(st.st_mode):
            return []  # as read_bytes refuses it: no episodes
        stamp = (st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size)
        name = f"{path.name}.marshal"
        got = self._load(name)
        if not (isinstance(got, tuple) and len(got) == 3 and got[0] == stamp):
            got = self._parse(path, stamp)
            if got is None:
                return None
            self._keep(name, got, st.st_mtime_ns, st.st_ctime_ns)
        fwd, bwd = got[1], got[2]
        if not backwards:
            return fwd
        return fwd[::-1] if bwd is None else bwd

    def _parse(self, path, stamp: tuple):
        from .episodes import Episode, parse_section, sections_backwards, split_sections, strip_trailing_blank
        from .fsio import read_bytes

        try:
            text = read_bytes(path).decode("utf-8", errors="replace")
        except OSError:  # the caller reads it again and meets the error (or its absence)
            return None
        date, rel = path.stem, self.home.rel(path)
        names = Episode.__record_fields__
        text_at = names.index("text")
        parsed: dict = {}

        def one(line: int, sec: str):
            k = (line, sec)
            if k not in parsed:
                ep = parse_section(sec, line, date, rel, [])
                if ep is None:
                    parsed[k] = None
                else:
                    fields = [getattr(ep, n) for n in names]
                    if fields[text_at] == strip_trailing_blank(sec):
                        fields[text_at] = None  # made again from the section text
                    parsed[k] = marshal.dumps(tuple(fields))
            return (line, sec, parsed[k])

        fwd = [one(line, sec) for line, sec in split_sections(text)[1]]
        bwd = [one(line, sec) for line, sec in sections_backwards(text)]
        return (stamp, fwd, None if bwd == fwd[::-1] else bwd)

    def dates(self) -> list[str]:
        """:func:`episodes.day_dates`, listed again only when the episodes folder's stamp moved."""
        from .episodes import day_dates

        try:
            st = os.stat(self.home.episodes_dir)
        except OSError:
            return day_dates(self.home)
        stamp = (st.st_ino, st.st_mtime_ns, st.st_ctime_ns)
        got = self._load(_DATES)
        if isinstance(got, tuple) and len(got) == 2 and got[0] == stamp and isinstance(got[1], list):
            return got[1]
        dates = day_dates(self.home)
        self._keep(_DATES, (stamp, dates), st.st_mtime_ns, st.st_ctime_ns)
        return dates


def episode(fields: bytes, sec: str):
    """The Episode of a cached section."""
    from .episodes import Episode, strip_trailing_blank

    ep = Episode(*marshal.loads(fields))
    if ep.text is None:
        ep.text = strip_trailing_blank(sec)
    return ep
