"""Compiled regular expressions kept between processes, as bytecode is.

``re`` compiles a pattern in pure Python (parse, then code generation): the
~50 patterns a ``context`` turn uses cost ~20 ms of every turn, the ~30 of a
hook ~11 ms, when turning the stored code into a pattern object costs ~0.3 ms.
This module keeps the code ``re`` generates, per pattern and flags, in one
marshal file beside the package's bytecode (``holonmem/__pycache__/``) and
hands it to ``_sre.compile`` — the same call ``re`` ends with, so the pattern
object is the same (a test compares them).

Only patterns written in source are kept, never one built from what a person
typed (a task, a query, a ``[redact.patterns]`` entry): those that holonmem code
compiles through :func:`compile`, and, once :func:`install` ran (the
executable, ``cli.program``), those that a module compiles at its top level
(``json``, the stemmer, holonmem's own module-level patterns) and those written
as a literal in the calling function (``re.match(r"^...$", line)``: the pattern is
one of the function's constants). Everything else is compiled by ``re`` as before.

One file per command of the executable (``rx.<tag>.hook.marshal``: a hook loads
its ~40 patterns, not the ~500 of every command). Each is keyed by the
interpreter's version and ``_sre``'s code format; a stale, corrupt or unreadable
file is ignored (an entry ``_sre`` refuses is compiled by ``re``). It is written at exit, only
when a pattern was missing and writing bytecode is allowed (not under
``PYTHONDONTWRITEBYTECODE``), atomically (temp file + rename), merged with what
other processes wrote meanwhile. Deleting it costs the next process the compiles.
"""

from __future__ import annotations

import marshal
import os
import re
import sys
from builtins import compile as builtins_compile  # this module's compile() is re.compile's stand-in

try:
    import _sre
    from re import _compiler, _parser
except ImportError:  # pragma: no cover - not CPython
    _sre = _compiler = _parser = None

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__",
                    f"rx.{sys.implementation.cache_tag}.marshal")
MAX_ENTRIES = 1000  # a bound on the file, whatever calls it
_KEY = (sys.hexversion, getattr(_sre, "MAGIC", 0), getattr(_sre, "CODESIZE", 0))
_RE_FILE = re.__file__
_DEBUG = int(re.DEBUG)
_USABLE = _sre is not None and getattr(_sre, "CODESIZE", 0) == 4 and memoryview(b"\0" * 4).cast("I").itemsize == 4

# (pattern, flags) -> (flags, code as the bytes of its 32-bit words, groups, groupindex, indexgroup):
# bytes, not a list of ints, so that loading the file is one copy (~1 ms for 400 patterns, not ~12)
_codes: dict | None = None
_added: dict = {}  # entries made in this process, not in the file yet
_saving = False
_original = None  # re._compiler.compile before install()
_BAD_ENTRY = (TypeError, ValueError, IndexError, OverflowError, RuntimeError)  # RuntimeError: "invalid SRE code"


def _load() -> dict:
    global _codes
    if _codes is None:
        _codes = {}
        codes = _read()
        if codes is not None:
            _codes = codes
    return _codes


def _read() -> dict | None:
    """The file's entries; None when it is missing, unreadable or not of this interpreter."""
    try:
        with open(PATH, "rb") as fh:
            key, codes = marshal.loads(fh.read())  # marshal.load(fh) reads in small pieces: ~10x slower
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return codes if key == _KEY and isinstance(codes, dict) else None


def _entry(pattern, flags: int) -> tuple:
    """What ``re._compiler.compile`` hands ``_sre.compile`` for ``pattern``."""
    p = _parser.parse(pattern, flags)
    code = _compiler._code(p, flags)
    groupindex = p.state.groupdict
    indexgroup = [None] * p.state.groups
    for k, i in groupindex.items():
        indexgroup[i] = k
    from array import array

    return (int(flags | p.state.flags), array("I", code).tobytes(), p.state.groups - 1, dict(groupindex),
            tuple(indexgroup))


def _cached(pattern, flags: int):
    """The pattern object, from the file or compiled and kept; None: not cacheable here."""
    if not _USABLE or flags & _DEBUG or type(pattern) not in (str, bytes):
        return None
    codes = _load()
    key = (pattern, flags)
    e = codes.get(key)
    if e is None:
        e = _entry(pattern, flags)  # raises re.error for a bad pattern, as re does
        if len(codes) < MAX_ENTRIES:
            codes[key] = _added[key] = e
            _schedule_save()
    f, code, groups, groupindex, indexgroup = e
    return _sre.compile(pattern, f, memoryview(code).cast("I").tolist(), groups, groupindex, indexgroup)


def compile(pattern, flags: int = 0) -> re.Pattern:  # noqa: A001 - re.compile's stand-in
    """``re.compile(pattern, flags)`` for a pattern written in source (kept between processes)."""
    flags = int(flags)
    try:
        rx = _cached(pattern, flags)
    except _BAD_ENTRY:  # pragma: no cover - another code format
        rx = None
    return rx if rx is not None else re.compile(pattern, flags)


def source_code(src: str):
    """``compile(src, "<string>", "exec")``, kept in the same file as the patterns: the
    ``__init__`` that :mod:`holonmem.records` writes for each record class is compiled
    once, not on every turn (~0.1 ms a class, a turn loads ~20)."""
    codes = _load()
    key = ("py", src)
    code = codes.get(key)
    if type(code) is not type(source_code.__code__):
        code = builtins_compile(src, "<string>", "exec")
        if len(codes) < MAX_ENTRIES:
            codes[key] = _added[key] = code
            _schedule_save()
    return code


def install(command: str | None = None) -> None:
    """Route the patterns compiled at a module's top level, and those written as a
    literal in the calling function, through the cache (the executable; in-process
    callers compile as usual). ``command``: the file is that command's own (a hook
    loads the ~40 patterns it uses, not the ~500 of every command)."""
    global _original, PATH
    if not _USABLE or _original is not None:
        return
    if command and command[0].isalpha() and command.isascii() and command.replace("-", "").isalnum() and _codes is None:
        PATH = PATH[: -len(".marshal")] + f".{command}.marshal"
    _original = _compiler.compile

    def compile_hook(p, flags=0):
        if type(p) in (str, bytes):
            f = sys._getframe(1)
            while f is not None and f.f_code.co_filename == _RE_FILE:
                f = f.f_back
            if f is not None and (f.f_code.co_name == "<module>" or p in f.f_code.co_consts):
                try:
                    rx = _cached(p, int(flags))
                except _BAD_ENTRY:  # pragma: no cover
                    rx = None
                if rx is not None:
                    return rx
        return _original(p, flags)

    _compiler.compile = compile_hook


def _schedule_save() -> None:
    global _saving
    if not _saving and not sys.dont_write_bytecode:
        _saving = True
        import atexit

        atexit.register(save)


def save() -> None:
    """Write the entries this process added (merged with the file as it is now)."""
    if not _added or sys.dont_write_bytecode:
        return
    codes = _read() or {}
    for k, e in _added.items():
        if len(codes) >= MAX_ENTRIES:
            break
        codes.setdefault(k, e)
    tmp = f"{PATH}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(PATH), exist_ok=True)
        with open(tmp, "wb") as fh:
            marshal.dump((_KEY, codes), fh)
        os.replace(tmp, PATH)
    except OSError:  # a read-only install: every process compiles, as without the cache
        try:
            os.unlink(tmp)
        except OSError:
            pass
    _added.clear()
