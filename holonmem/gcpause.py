"""Pausing the cyclic garbage collector while a command builds a big heap of plain data.

Loading and planning 100,000 pending signals allocates ~10^6 dicts and lists that live to the
end of the command. Each time the collector's generation counters fill up it walks the objects
allocated so far, so the full passes grow with the heap: about a third of ``dream``'s time went
to passes that free nothing (these structures hold no reference cycles; reference counting frees
them as usual). Inside :func:`paused_gc` no automatic collection runs; the previous state comes back
at the end (nested and concurrent uses are harmless: the collector is switched back on only by
the use that switched it off).
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def paused_gc():
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
