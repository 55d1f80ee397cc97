"""The command-line entry point.

``main()`` is the one place where holonmem errors become an ``Error: ...``
line on stderr and an exit code. ``--version`` answers without importing
typer; everything else builds the typer app from the command modules.
"""

from __future__ import annotations

import os
import sys

# Command modules, in the order their commands appear in --help.
COMMAND_MODULES = (
    "cmd_core",
    "cmd_consolidate",
    "cmd_dream",
    "cmd_search",
    "cmd_context",
    "cmd_work",
    "cmd_hook",
    "cmd_review",
)


def get_app(only: str | None = None):
    """The typer app with every command; with ``only``, an app that holds just
    that command (or command group) when there is one by that name: typer
    turns every registered command into a click command on each run (~30 ms
    for all of them), and a run only ever needs the one it invokes."""
    import copy
    import importlib

    from .app import app

    for name in COMMAND_MODULES:
        importlib.import_module(f"{__name__}.{name}")
    if only is None:
        return app
    commands = [c for c in app.registered_commands if c.name == only]
    groups = [g for g in app.registered_groups if g.name == only]
    if not commands and not groups:
        return app  # a typo: the full app, so the error can list the commands
    narrow = copy.copy(app)
    narrow.registered_commands = commands
    narrow.registered_groups = groups
    return narrow


def _split_home(argv: list[str]) -> tuple[list[str], list[str]]:
    """Separate leading ``--home X`` / ``--home=X`` from the command and its args."""
    i = 0
    while i < len(argv):
        if argv[i] == "--home" and i + 1 < len(argv):
            i += 2
        elif argv[i].startswith("--home="):
            i += 1
        else:
            break
    return argv[:i], argv[i:]


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv in (["--version"], ["-V"]):
        from .. import __version__

        sys.stdout.write(f"holonmem {__version__}\n")
        sys.exit(0)
    try:
        fast = None
        lead, rest = _split_home(argv)
        if rest and "--help" not in argv and "-h" not in argv:
            from .fast import resolve

            fast = resolve(rest[0])
        if fast is not None:
            # a leading global `--home X` is passed on as the command's own option
            sys.exit(fast(rest[1:] + lead))
        get_app(rest[0] if rest else None)(args=argv, prog_name="holonmem")
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - the one translation point
        from .app import report_error  # imports typer: only when needed (fast paths stay typer-free)

        sys.exit(report_error(exc))


if __name__ == "__main__":  # pragma: no cover
    main()
