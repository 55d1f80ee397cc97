"""The options of the per-turn commands, declared once.

``ingest``, ``search``, ``context`` and ``hook <client>`` run on every agent
turn through typer-free fast paths (``fast_*.py``). Each has one table here: the
typer command is built from it (``app.table_command``) and the fast path parses
with :func:`parse`, so both read the same names, values, repeats and defaults
(``tests/test_cli_options.py`` compares the two per command). No typer import
here, nor anything heavy: this module is loaded on every turn.

:func:`parse` gives up (``None``) on anything unusual — ``--help``, an unknown
option, ``--``, a value that does not convert, a flag given a value, an extra
argument — and typer then answers the command line with its usage error. A
lenient table (hook mode: hooks fail open) never gives up: what it cannot use
becomes a note and the hook still runs.
"""

from __future__ import annotations

from pathlib import Path

from ..formats import CLIENTS


class Opt:
    """One option: its names (``--limit``, ``-n``), the keyword it fills, the type of
    its value (``bool``: a flag), the default, and its help line."""

    __slots__ = ("decls", "dest", "type", "default", "help", "metavar", "repeat", "min", "show_default")

    def __init__(self, *decls: str, dest: str, type=str, default=None, help: str, metavar: str | None = None,
                 repeat: bool = False, min: int | None = None, show_default: bool = True):
        self.decls, self.dest, self.type, self.default, self.help = decls, dest, type, default, help
        self.metavar, self.repeat, self.min, self.show_default = metavar, repeat, min, show_default


class Arg:
    """A positional argument (``many``: any number of them)."""

    __slots__ = ("dest", "type", "help", "many", "show_default")

    def __init__(self, dest: str, *, type=str, help: str, many: bool = False, show_default: bool = True):
        self.dest, self.type, self.help, self.many, self.show_default = dest, type, help, many, show_default

    default = None
    repeat = False


class Table:
    """A command's arguments and options, in the order ``--help`` lists them."""

    __slots__ = ("name", "args", "options", "lenient", "by_name")

    def __init__(self, name: str, args: tuple[Arg, ...], options: tuple[Opt, ...], lenient: bool = False):
        self.name, self.args, self.options, self.lenient = name, args, options, lenient
        self.by_name = {d: o for o in options for d in o.decls}

    def params(self) -> tuple:
        return (*self.args, *self.options)

    def defaults(self) -> dict:
        return {p.dest: p.default for p in self.params()}


# -- options several commands share ------------------------------------------------

HOME = Opt("--home", dest="home", show_default=False,
           help="agent_home folder (default: $HOLONMEM_HOME, else the nearest folder with .holonmem/ upwards).")
JSON = Opt("--json", dest="json_out", type=bool, default=False, help="Print machine-readable JSON on stdout.")


def pick_home(own: str | None, lead: str | None) -> str | None:
    """The command's own ``--home`` (given after the command) wins over a global one before it."""
    return lead if own is None else own


# -- the tables ---------------------------------------------------------------------

INGEST = Table("ingest", (
    Arg("files", type=Path, many=True, help="Input files; stdin when none (or '-')."),
), (
    Opt("--format", "-f", dest="fmt", default="auto",
        help="Input format: auto, native, text, or a client format (see README)."),
    Opt("--project", dest="project", help="Project for events that name none."),
    Opt("--session", dest="session", help="Session for events that name none."),
    Opt("--role", dest="role", default="user", help="Role for plain-text lines."),
    Opt("--strict", dest="strict", type=bool, default=False, help="All or nothing: ingest nothing if any line is bad."),
    Opt("--no-fsync", dest="no_fsync", type=bool, default=False, help="Skip the final fsync (bulk loads)."),
    Opt("--max-line-bytes", dest="max_line_bytes", type=int,
        help="Reject lines longer than this (default 1 MiB or \\[ingest] max_line_bytes)."),
    HOME,
    JSON,
))

SEARCH = Table("search", (
    Arg("query", help="Words to look for (Chinese, English or mixed).", show_default=False),
), (
    Opt("--project", dest="project", help="Only this project."),
    Opt("--kind", dest="kind", repeat=True,
        help="Only this kind: event, episode, memory or note (repeatable; operator/self count as memory)."),
    Opt("--session", dest="session", help="Only this session."),
    Opt("--since", dest="since", help="Only items from this day on (YYYY-MM-DD, ISO time, or 24h / 7d / 2w ago)."),
    Opt("--until", dest="until", help="Only items up to this day (YYYY-MM-DD or ISO time)."),
    Opt("--limit", "-n", dest="limit", type=int, default=10, min=1, help="How many results."),
    Opt("--all", dest="all_", type=bool, default=False, help="Include superseded and archived memories."),
    Opt("--queries", dest="queries", type=Path,
        help="JSONL file of {\"query\", \"project\", \"kind\", \"limit\", ...} objects ('-' = stdin); "
             "prints one JSON array per line, in order."),
    HOME,
    JSON,
))

CONTEXT = Table("context", (), (
    Opt("--task", dest="task", help="What the agent is about to do; ranks memories, notes and episodes by it."),
    Opt("--project", dest="project", help="Project (default: the project of the newest event)."),
    Opt("--session", dest="session", help="Session whose recent turns to show (default: the project's latest events)."),
    Opt("--budget", dest="budget", type=int,
        help="Token budget, never exceeded (default 2000, or context.budget in holonmem.toml)."),
    Opt("--format", dest="fmt", default="markdown", help="markdown (default) or json (sections with token counts)."),
    Opt("--hook", dest="hook", help=f"Print a hook envelope for this client: {' or '.join(CLIENTS)}."),
    Opt("--event", dest="event",
        help="Hook event name for --hook: SessionStart or UserPromptSubmit "
             "(default: UserPromptSubmit with --task, else SessionStart)."),
    Opt("--now", dest="now", help="Date that memory ages are computed against (YYYY-MM-DD; default today)."),
    HOME,
))

HOOK = Table("hook", (), (
    HOME,
    Opt("--project", dest="project", help="Project for the events (default: from the payload's cwd)."),
    Opt("--session", dest="session", help="Session for the events (default: the payload's session_id)."),
), lenient=True)

TABLES = {t.name: t for t in (INGEST, SEARCH, CONTEXT, HOOK)}


# -- the one fast parser -----------------------------------------------------------------

def parse(table: Table, argv: list[str], notes: list[str] | None = None) -> dict | None:
    """``argv`` (what follows the command) as ``{dest: value}`` with every default
    filled in, or None when typer should answer the command line. A lenient
    table never returns None: what it cannot use is ignored, with a line in ``notes``."""
    out = table.defaults()
    seen_arg = False
    i = 0
    while i < len(argv):
        a = argv[i]
        name, eq, val = a.partition("=") if a.startswith("--") else (a, "", "")
        opt = table.by_name.get(name)
        if opt is None:
            if a.startswith("-") and a != "-" or not table.args or seen_arg and not table.args[0].many:
                if not table.lenient:
                    return None  # an unknown option, `--`, `-n5`, a second QUERY: typer decides
                notes.append(f"unknown argument {a!r} ignored")
                i += 1
                continue
            arg = table.args[0]
            value = _convert(arg, a)
            if arg.many:
                out[arg.dest] = [*(out[arg.dest] or ()), value]
            else:
                out[arg.dest] = value
            seen_arg = True
            i += 1
            continue
        if opt.type is bool:
            if eq:
                if not table.lenient:
                    return None  # click: the flag does not take a value
                notes.append(f"option {name} takes no value; ignored")
            else:
                out[opt.dest] = True
            i += 1
            continue
        if not eq:
            if i + 1 >= len(argv):
                if not table.lenient:
                    return None
                notes.append(f"option {name} needs a value; ignored")
                break
            i += 1
            val = argv[i]
        try:
            value = _convert(opt, val)
        except ValueError:
            if not table.lenient:
                return None
            notes.append(f"option {name} {val!r} is not valid; ignored")
            i += 1
            continue
        if opt.repeat:
            out[opt.dest] = [*(out[opt.dest] or ()), value]
        else:
            out[opt.dest] = value
        i += 1
    return out


def _convert(p, val: str):
    if p.type is int:
        n = int(val)
        if p.min is not None and n < p.min:
            raise ValueError(f"{n} is below {p.min}")
        return n
    return p.type(val) if p.type is not str else val
