"""One exception hierarchy for holonmem.

Core modules raise these; only the CLI's ``main()`` turns them into an
``Error: ...`` line on stderr and an exit code (see SPEC: 1 runtime, 2 usage,
65 rejected input, 75 locked).
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_RUNTIME = 1
EXIT_USAGE = 2
EXIT_REJECTED = 65
EXIT_LOCKED = 75


def debug_enabled() -> bool:
    """``HOLONMEM_DEBUG`` is set (not 0/false/no): tracebacks go to stderr."""
    import os

    return os.environ.get("HOLONMEM_DEBUG", "") not in ("", "0", "false", "no")


class HolonmemError(Exception):
    """Base class: a message for the user and a hint on what to do."""

    exit_code = EXIT_RUNTIME

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message


class UsageError(HolonmemError):
    exit_code = EXIT_USAGE


class HomeNotFound(HolonmemError):
    """No agent_home could be resolved."""


class LockBusy(HolonmemError):
    """Another run holds the home's lock and we gave up waiting."""

    exit_code = EXIT_LOCKED


class InputRejected(HolonmemError):
    """Some (or, with --strict, all) input was rejected."""

    exit_code = EXIT_REJECTED


class NotFound(HolonmemError):
    """A ref or file that does not exist."""


class UnsafePath(HolonmemError):
    """A ref or path that escapes the home."""


class DirtyFileError(HolonmemError):
    """A file changed on disk since we read it; we refuse to overwrite it."""

    def __init__(self, path, message: str | None = None, hint: str | None = None):
        super().__init__(
            message or f"{path} changed on disk since it was read; not overwriting it",
            hint or "re-run the command; your edit is kept",
        )
        self.path = path


class FormatError(HolonmemError):
    """A file in the home that does not parse (frontmatter, episode block, ...)."""

    def __init__(self, path, line: int | None, message: str, hint: str | None = None):
        where = f"{path}:{line}" if line else f"{path}"
        super().__init__(f"{where}: {message}", hint)
        self.path = path
        self.line = line
