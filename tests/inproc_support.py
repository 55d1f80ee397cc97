"""holonmem's CLI in this process: ``holonmem.cli.main(argv)`` with stdin, stdout and stderr of
its own, for the tests whose subject is what a command does and prints, not the process it runs in.

A subprocess (conftest's ``hm``) costs ~0.2 s of CPU for the interpreter and its imports (typer,
click, rich) before the command starts; here a run costs the command alone. main() is the same
entry the executable calls (fast paths included: the per-turn commands answer without typer, the
others through the typer app) and reports every error itself, ending with ``SystemExit``. What
only a process shows stays on ``hm``: the executable's own exit (``program()``, os._exit, no
teardown), which modules a run imports, locks and kills between processes, fault injection
(its write counter lives in the process), timeouts.
"""

from __future__ import annotations

import io
import os
import sys
from contextlib import contextmanager


class Result:
    def __init__(self, code: int, stdout: str, stderr: str):
        self.exit_code, self.stdout, self.stderr = code, stdout, stderr

    @property
    def returncode(self) -> int:  # as subprocess.CompletedProcess names it
        return self.exit_code

    @property
    def code(self) -> int:  # as rel_support.Proc names it
        return self.exit_code

    def __repr__(self) -> str:
        return f"<main() {self.exit_code} stdout={self.stdout[-300:]!r} stderr={self.stderr[-600:]!r}>"


@contextmanager
def _environ(env: dict | None):
    saved = {k: os.environ.get(k) for k in env or {}}
    os.environ.update(env or {})
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def run_main(*args, input: str | bytes | None = None, env: dict | None = None, check: bool = False) -> Result:
    """``holonmem ARGS`` through main() here: exit code, stdout and stderr (as ``hm`` gives them);
    ``check``: an exit code other than 0 fails the test."""
    from holonmem.cli import main

    if isinstance(input, str):
        input = input.encode("utf-8")
    # the interpreter's own choices for a pipe: stdout strict, stderr backslashreplace
    stdin = io.TextIOWrapper(io.BytesIO(input or b""), encoding="utf-8")
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", write_through=True)
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, out, err
    try:
        with _environ(env):
            main([str(a) for a in args])
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    r = Result(code, *(s.buffer.getvalue().decode("utf-8", "replace") for s in (out, err)))
    if check and code != 0:
        raise AssertionError(f"holonmem {' '.join(map(str, args))} exited {code}\nstdout: {r.stdout}\nstderr: {r.stderr}")
    return r
