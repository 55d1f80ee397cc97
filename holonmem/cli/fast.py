"""Per-turn fast paths that answer without importing typer.

Hook-mode commands run on every agent turn; typer alone costs ~70 ms to
import. A fast path takes the argument list after the command name and
returns an exit code. ``--help`` always goes through typer.
"""

from __future__ import annotations

from typing import Callable

FAST_COMMANDS: dict[str, Callable[[list[str]], int]] = {}
