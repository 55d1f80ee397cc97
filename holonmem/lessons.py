"""Lessons: what a failed tool call and the fix that made it pass teach (pure).

A failure followed by a pass is ordinary work most of the time: a test fails,
the code under test is edited, the test passes. A *lesson* is the rarer case
where the fix is about the environment or the procedure, so a future task can
apply it before it fails. This module decides that from the **structure of the
fix**, never from the wording of one example:

- :func:`step_kind` classifies every call between the failure and the pass:
  ``env`` (a command that installs, logs in, exports, starts a service or a
  device, or a config file outside the source tree written), ``edit`` (files
  of the project edited, by an edit tool or ``sed -i``/``patch``),
  ``inspect`` (read-only: ``cat``, ``grep``, ``git status``, ``--version``,
  a Read/Grep tool), ``procedure`` (any other command) or ``work`` (another
  non-shell tool call). Steps whose own result failed do not count.
- :func:`call_diff` compares the passing call with the failing one: ``same``,
  ``added`` (only an env prefix, flags, options or keyword arguments were
  added), or ``changed`` (values replaced or removed).
- :func:`error_kind` reads the error: ``env`` when it names an environment
  cause (auth or expired token, permission, certificate, not installed or not
  found executable, encoding, timeout, size limit, missing device, version
  requirement), ``code`` when it is a test assertion, a compile, type or lint
  error, a key/column that does not exist or a formula error, else ``neutral``.

:func:`lesson_worth` combines them (the table is in its docstring). A failure
that is no lesson still yields a signal, without a promotion channel, so the
same failure seen again in another session is promoted by repetition
(``repeated_across_sessions``): the signal's ``subject`` is the normalised
error signature (:func:`error_signature`: program, error class and message with
paths, numbers, ids, hashes, durations and quoted values removed), identical
across sessions and projects.

The statement is stated by cause and fix ("<cause>: <fix>. Applies when
`<program>` fails with <error class>."), the cause taken from the assistant's
diagnosis (:func:`cause_of`), the fix from the structure above
(:func:`describe_fix`); the raw error text goes into the method card and the
evidence, never the first sentence (the memory's title). Machine paths, exec
headers, ``<tool_use_error>`` wrappers, secrets in env assignments and long
ids are removed (:func:`clean_text`, :func:`display_command`).
"""

from __future__ import annotations

import difflib
import re

from . import signal_rules as R
from .episodes import Episode
from .signal_model import CONFIDENCE, end_punct as _end_punct, make_signal
from .utterance import content_chars

_CJK_RE = re.compile(r"[\u3400-\u9fff]")


# -- text hygiene ----------------------------------------------------------------------

_TOOL_ERR_RE = re.compile(r"</?tool_use_error>", re.I)
_EXEC_HEADER_RE = re.compile(
    r"^\s*(?:Chunk ID|Wall time|Process exited with code|Original token count|Exit code|Output)\b[^\n]*$\n?", re.I | re.M)
_HOME_PATH_RE = re.compile(r"(?:/Users|/home)/[^/\s'\"`]+((?:/[^\s'\"`:;,()\[\]{}<>]*)?)|[A-Za-z]:\\Users\\[^\\\s]+((?:\\[^\s'\"`:;,()]*)?)")
REDACTED_RE = re.compile(r"\[REDACTED(?::[\w-]+)?\]")  # a placeholder redact left
_UUID_RE = re.compile(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b")
_HEX_RE = re.compile(r"\b(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{12,}\b")
_TOKENISH_RE = re.compile(r"\b(?=[A-Za-z0-9_\-]*\d)(?=[A-Za-z0-9_\-]*[A-Za-z])[A-Za-z0-9_\-]{24,}\b")
_SECRET_NAME = r"[A-Za-z_]*(?:PASSWORD|PASSWD|PASS|PWD|TOKEN|SECRET|API_?KEY|KEY|AUTH|CREDENTIALS?)[A-Za-z_0-9]*"
_SECRET_ASSIGN_RE = re.compile(rf"\b({_SECRET_NAME})=(?:'[^']*'|\"[^\"]*\"|[^\s;&|]+)", re.I)


def tidy_path(path: str, project: str | None = None) -> str:
    """A machine path made portable: relative to the project when it lies in it,
    ``~/.dir/…`` for a dot-directory in the home, else the basename."""
    m = _HOME_PATH_RE.fullmatch(path)
    if not m:
        return path
    rest = (m.group(1) or m.group(2) or "").replace("\\", "/").strip("/")
    parts = [p for p in rest.split("/") if p]
    if not parts:
        return "~"
    if project:
        for k, p in enumerate(parts):
            if p.lower() == project.lower() and k + 1 < len(parts):
                return "/".join(parts[k + 1:])
    if parts[0].startswith("."):
        return "~/" + "/".join(parts)
    return parts[-1]


def clean_text(text: str, project: str | None = None) -> str:
    """Tool or assistant text fit for a memory: no exec headers, no tool-error
    wrappers, no machine paths, no long ids or hashes, one line."""
    s = _TOOL_ERR_RE.sub("", str(text or ""))
    s = _EXEC_HEADER_RE.sub("", s)
    s = _HOME_PATH_RE.sub(lambda m: tidy_path(m.group(0), project), s)
    s = REDACTED_RE.sub("…", s)
    s = _UUID_RE.sub("…", s)
    s = _HEX_RE.sub("…", s)
    s = _TOKENISH_RE.sub("…", s)
    return " ".join(s.split())


def _cut(s: str, limit: int) -> str:
    if len(s) <= limit:
        return s
    cut = s[: limit - 1]
    sp = cut.rfind(" ")
    return (cut[:sp] if sp > limit // 2 else cut).rstrip(" ,;:，；：") + "…"


# -- calls and commands -------------------------------------------------------------------

def call_input(ev: dict | None) -> dict | None:
    inp = ((ev or {}).get("meta") or {}).get("input") if isinstance((ev or {}).get("meta"), dict) else None
    return inp if isinstance(inp, dict) else None


def shell_command(ev: dict | None) -> str | None:
    """The command line of a shell-like call (``meta.input.command``/``cmd``), else None."""
    inp = call_input(ev)
    if not inp:
        return None
    for key in ("command", "cmd"):
        v = inp.get(key)
        if isinstance(v, str) and v.strip():
            return v
        if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
            parts = v[2:] if len(v) >= 3 and v[0].rsplit("/", 1)[-1] in ("bash", "sh", "zsh") and v[1] in ("-c", "-lc") else v
            return " ".join(parts)
    return None


def call_text(ev: dict) -> str:
    """What a call ran: its command line, else its text (a cell, a query, a description)."""
    return shell_command(ev) or str(ev.get("text") or "")


_TOKEN_RE = re.compile(
    r"""[A-Za-z_][\w.\-]*=(?:\$\([^)]*\)|'[^']*'|"[^"]*"|[^\s,()'"]*)"""  # NAME=value, key='v'
    r"""|\$\([^)]*\)|'[^']*'|"[^"]*"|“[^”]*”|[^\s,()'"“”]+|[,()]""")


def _tokens(s: str) -> list[str]:
    return _TOKEN_RE.findall(s or "")


def split_segments(cmd: str) -> list[str]:
    """A command line cut at ``&&``, ``||``, ``;``, ``|`` and ``&`` outside quotes and ``$(…)``."""
    out, cur, q, depth, i = [], [], "", 0, 0
    s = cmd or ""
    while i < len(s):
        c = s[i]
        if q:
            cur.append(c)
            if c == q:
                q = ""
        elif c in "'\"":
            q = c
            cur.append(c)
        elif s.startswith("$(", i):
            depth += 1
            cur.append("$(")
            i += 2
            continue
        elif c == ")" and depth:
            depth -= 1
            cur.append(c)
        elif depth == 0 and c in ";|&\n":
            if c == "&" and (s[i - 1:i] == ">" or s[i + 1:i + 2] == ">"):  # 2>&1, &>file
                cur.append(c)
            else:
                out.append("".join(cur))
                cur = []
                while i + 1 < len(s) and s[i + 1] in "|&":
                    i += 1
        else:
            cur.append(c)
        i += 1
    out.append("".join(cur))
    return [x.strip() for x in out if x.strip()]


_ASSIGN_RE = re.compile(r"^[A-Za-z_]\w*=")
# (the shell's own words before a command are wrappers too: "do curl …", "if grep …", "then make …")
_WRAPPERS = {"sudo", "env", "time", "nohup", "command", "exec", "caffeinate", "xcrun", "do", "then", "else", "if", "while", "until", "!"}
_RUNNERS = {("bundle", "exec"), ("uv", "run"), ("poetry", "run"), ("pipenv", "run"), ("pnpm", "exec"),
            ("pnpm", "dlx"), ("yarn", "dlx"), ("npm", "exec"), ("hatch", "run"), ("pdm", "run"), ("rye", "run")}
_REDIRECT_RE = re.compile(r"\s*(?:\d?>>?|&>|<)\s*(?:&\d|\S+)")
_TRIVIAL = {"cd", "echo", "printf", "export", "set", "unset", "true", "false", "sleep", "source", ".", "test", "[",
            "for", "done", "fi", "esac", "case", "select", "{", "}"}  # a loop's or a block's head and end run nothing


def _strip_redirects(seg: str) -> str:
    return _REDIRECT_RE.sub("", seg)


def segment_core(seg: str) -> tuple[str, str | None] | None:
    """``(program, subcommand)`` of one segment, env assignments and wrappers skipped;
    None for an assignment-only segment or ``export``."""
    toks = [t for t in _tokens(_strip_redirects(seg)) if t not in (",", "(", ")")]
    while toks and _ASSIGN_RE.match(toks[0]):
        toks = toks[1:]
    while toks:
        head = toks[0].rsplit("/", 1)[-1]
        if head in _WRAPPERS and len(toks) > 1:
            toks = toks[1:]
        elif len(toks) > 1 and (head, toks[1]) in _RUNNERS:
            toks = toks[2:]
        elif head in ("npx", "bunx", "pipx") and len(toks) > 1 and toks[1] != "install":
            toks = toks[1:]
        elif re.fullmatch(r"python[\d.]*", head) and len(toks) > 2 and toks[1] == "-m":
            toks = toks[2:]
        else:
            break
    if not toks or toks[0] == "export":
        return None
    prog = toks[0].strip("'\"").rsplit("/", 1)[-1].lower()
    sub, skip = None, False
    for t in toks[1:]:
        if t.startswith("-"):
            skip = "=" not in t and (t.startswith("--") or len(t) > 2)  # -scheme X, --output-dir X
            continue
        if skip:
            skip = False
            continue
        sub = t.strip("'\"")
        break
    return prog, sub


def _cores(cmd: str) -> list[tuple[str, str | None]]:
    return [c for c in (segment_core(s) for s in split_segments(cmd)) if c and c[0] not in _TRIVIAL]


def _pathlike(s: str | None) -> bool:
    return bool(s) and ("/" in s or bool(re.search(r"\.\w{1,5}$", s or "")))


def _no_subcommand(s: str | None) -> bool:
    return s is None or _pathlike(s) or not re.fullmatch(r"[A-Za-z][\w:.-]*", s)


# an interpreter runs the script it is given: `python3 wages.py` and `python3 -c "…"` are two programs
_INTERPRETER = re.compile(r"(?:python|pypy|node|ruby|perl|php|bash|sh|zsh|deno|bun|Rscript)[\d.]*")


def related_commands(a: str, b: str) -> bool:
    """Do two command lines run the same program and subcommand (a rerun, maybe with changes)?"""
    for pa, sa in _cores(a):
        for pb, sb in _cores(b):
            if pa != pb:
                continue
            if _INTERPRETER.fullmatch(pa) and (_pathlike(sa) or _pathlike(sb)):
                if sa and sb and sa.rsplit("/", 1)[-1] == sb.rsplit("/", 1)[-1]:
                    return True
                continue
            # a path is an argument, not a subcommand (an option before it may or may not take a value),
            # and so is a value that is no word ("%{http_code}", "@$f")
            if sa == sb or _no_subcommand(sa) and _no_subcommand(sb):
                return True
    return _launched_through(a, b)


def _launched_through(a: str, b: str) -> bool:
    """Is ``b`` the command ``a`` run through a launcher ("SSEEdit.exe -autoload X.esp" ->
    "ModOrganizer.exe moshortcut://:SSEEdit -autoload X.esp", "wine tool.exe …"): another program
    that names ``a``'s program and passes all of ``a``'s arguments on?"""
    ta, tb = _tokens(a), _tokens(b)
    if not ta or len(tb) < 2:
        return False
    prog = ta[0].strip("'\"").rsplit("/", 1)[-1].rsplit("\\", 1)[-1].lower()
    stem = re.sub(r"\.(?:exe|app|bat|cmd|sh|py)$", "", prog)
    core = segment_core(b)
    if len(stem) < 3 or _ASSIGN_RE.match(tb[0]) or not core or re.sub(r"\.(?:exe|app|bat|cmd|sh|py)$", "", core[0]) == stem:
        return False  # an env prefix or a wrapper (sudo, time) is no launcher
    names = [t.strip("'\"").lower() for t in tb[1:]]
    return (any(re.search(rf"(?:^|[/:\\]){re.escape(stem)}(?:\.\w+)?$", t) for t in names)
            and all(t in tb[1:] for t in ta[1:]))


# What a segment does. Programs and subcommands named by what they do to the
# environment, read-only programs by what they are; general shell vocabulary.
_ENV_PROGRAMS = {
    "brew", "apt", "apt-get", "yum", "dnf", "apk", "pacman", "port", "pip", "pip3", "pipx", "conda", "mamba",
    "micromamba", "gem", "sdk", "sdkmanager", "avdmanager", "nvm", "pyenv", "rbenv", "asdf", "volta", "fnm",
    "rustup", "xcode-select", "emulator", "kinit", "ssh-add", "security", "launchctl", "systemctl", "service",
    "colima", "ulimit", "chmod", "chown", "chgrp", "update-alternatives", "corepack", "mise",
    "module", "ml", "spack", "direnv",  # environment modules on clusters, spack load, direnv allow
}
_ENV_VERBS = {
    "install", "reinstall", "i", "ci", "add", "login", "auth", "authenticate", "activate", "use", "start",
    "restart", "up", "boot", "download", "downloadplatform", "configure", "sync", "restore", "setup", "link",
    "trust", "unlock", "import", "enable", "select", "switch", "init", "pull", "upgrade", "update",
}
_INSPECT_PROGRAMS = {
    "cat", "bat", "less", "more", "head", "tail", "grep", "egrep", "fgrep", "rg", "ag", "ack", "ls", "ll", "la",
    "tree", "find", "fd", "locate", "which", "where", "whereis", "type", "file", "stat", "wc", "du", "df", "ps",
    "pgrep", "lsof", "top", "htop", "printenv", "pwd", "id", "whoami", "hostname", "uname", "date", "sw_vers",
    "diff", "cmp", "jq", "yq", "sort", "uniq", "cut", "tr", "column", "nl", "od", "xxd", "hexdump", "md5", "md5sum",
    "shasum", "sha256sum", "echo", "printf", "true", "sleep", "cd", "man", "history", "nproc", "free", "uptime",
    "env", "tldr", "glob", "open", "tee",
}
_INSPECT_SUBS = {"status", "log", "diff", "show", "list", "ls", "info", "doctor", "describe", "get", "view",
                 "whoami", "version", "--version", "-v", "-version", "--help", "-h", "help", "logcat", "devices",
                 "branch", "remote", "rev-parse", "blame", "ls-files", "config-list", "outdated", "search", "cat",
                 # cloud and cluster CLIs' reads: `aws dynamodb scan`, `kubectl logs`, `docker inspect`
                 "scan", "query", "logs", "top", "events", "inspect", "ps", "images"}
# `aws ec2 describe-instances`, `gcloud … list-…`, `az … get-…`: a read by its verb's prefix
_INSPECT_PREFIXES = ("describe-", "list-", "get-")
_EDIT_TOOL_RE = re.compile(r"(edit|write|patch|replace|insert|create_file|str_replace|notebook)", re.I)
_INSPECT_TOOL_RE = re.compile(r"^(read|view|cat|open|grep|glob|ls|list|search|find|fetch|web_?fetch|web_?search|"
                              r"todo_?write|todo|task|agent|think|lookup|get|query_docs)\w*$", re.I)


def _config_target(path: str) -> bool:
    """A file outside the source tree that configures the environment: a dotfile, ``~/…``, ``/etc/…``."""
    p = path.strip("'\"")
    if not p or p.startswith(("/tmp/", "/dev/", "/var/folders/")) or p in ("/dev/null",):
        return False
    if p.startswith(("~", "$HOME", "${HOME}", "/etc/")) or _HOME_PATH_RE.match(p) and "/." in p:
        return True
    return p.rsplit("/", 1)[-1].startswith(".") and p.rsplit("/", 1)[-1] not in (".", "..")


_WRITE_TARGET_RE = re.compile(r"(?:\d?>>?|&>)\s*([^\s;&|]+)|\btee\s+(?:-a\s+)?([^\s;&|]+)")


def write_targets(cmd: str) -> list[str]:
    """Files a command line writes with a redirection or ``tee`` (logs in /tmp and /dev excluded)."""
    out = []
    for m in _WRITE_TARGET_RE.finditer(cmd or ""):
        t = (m.group(1) or m.group(2) or "").strip("'\"")
        if t and not t.startswith("&") and not t.startswith(("/tmp/", "/dev/")):
            out.append(t)
    return out


def _segment_kind(seg: str) -> str:
    toks = [t for t in _tokens(_strip_redirects(seg)) if t not in (",", "(", ")")]
    if not toks:
        return "inspect"
    if toks[0] == "export" or all(_ASSIGN_RE.match(t) for t in toks):
        return "env"
    if toks[0] in ("source", ".") or (len(toks) > 1 and toks[-1].endswith("activate")):
        return "env"
    core = segment_core(seg)
    if core is None:
        return "env"
    prog, sub = core
    words = [t.lower().lstrip("-") for t in toks]
    if prog in ("sed", "perl", "ruby") and any(t in ("-i", "-pi", "-i.bak") or t.startswith("-i") for t in toks[1:]):
        return "edit"
    if prog in ("patch",) or (prog == "git" and sub in ("apply", "checkout", "restore", "stash", "am", "cherry-pick")):
        return "edit"
    if prog == "git" and sub == "config" or sub in ("config", "configure") and any(w in ("set", "--global") for w in words):
        return "env"
    if any(w in _INSPECT_SUBS or w.startswith(_INSPECT_PREFIXES) for w in words[1:4]) and \
            not any(w in ("install", "login", "auth") for w in words[1:4]):
        return "inspect"  # aws configure list, xcrun simctl list, brew info
    if prog in _ENV_PROGRAMS:
        return "env"
    if prog in ("docker", "podman", "kubectl", "gcloud", "az", "aws", "gh", "op", "vault", "firebase", "heroku",
                "fastlane", "xcodebuild", "simctl", "minikube", "kind", "colima", "supabase", "flyctl", "vercel") and \
            any(w in _ENV_VERBS for w in words[1:4]):
        return "env"
    if (sub or "").lower() in ("install", "login", "auth"):
        return "env"
    if len(toks) > 2 and toks[1].lower() in ("sso", "auth") and toks[2].lower() in ("login", "activate"):
        return "env"
    if prog == "find" and any(t in ("-delete", "-exec", "-execdir", "-ok") for t in toks[1:]):
        return "procedure"  # a find that deletes or runs something changes things
    if prog in ("sed", "awk") or prog in _INSPECT_PROGRAMS:
        return "inspect"
    if sub in _INSPECT_SUBS or any(t in ("--version", "--help") for t in toks[1:]):
        return "inspect"
    return "procedure"


def step_kind(call: dict, fail_cmd: str | None = None) -> str:
    """What one call between a failure and its pass did: ``env``, ``edit``,
    ``inspect``, ``procedure`` (another command) or ``work`` (another tool)."""
    cmd = shell_command(call)
    if cmd is not None:
        targets = write_targets(cmd)
        if any(_config_target(t) for t in targets):
            return "env"
        kinds = [_segment_kind(s) for s in split_segments(cmd)]
        if "env" in kinds:
            return "env"
        if "edit" in kinds:
            return "edit"
        if targets and all(k == "inspect" for k in kinds):
            return "edit"  # echo … > src/file
        if all(k == "inspect" for k in kinds):
            return "inspect"
        return "procedure"
    tool = str(call.get("tool") or "")
    inp = call_input(call) or {}
    path = next((str(inp[k]) for k in ("file_path", "path", "notebook_path", "filename") if isinstance(inp.get(k), str)), "")
    if _EDIT_TOOL_RE.search(tool) or any(k in inp for k in ("old_string", "new_string", "patch")):
        return "env" if path and _config_target(path) else "edit"
    if _INSPECT_TOOL_RE.match(tool):
        return "inspect"
    return "work"


def _env_prefix(cmd: str) -> tuple[list[str], str]:
    """Leading env assignments (``A=1 B=2 cmd``, ``export A=1 && cmd``) and the rest."""
    segs = split_segments(cmd)
    prefix: list[str] = []
    while segs:
        toks = _tokens(segs[0])
        if toks and (toks[0] == "export" and len(toks) > 1 or all(_ASSIGN_RE.match(t) for t in toks)):
            prefix += [t for t in toks if t != "export"]
            segs = segs[1:]
            continue
        lead = []
        for t in toks:
            if _ASSIGN_RE.match(t):
                lead.append(t)
            else:
                break
        if lead:
            prefix += lead
            rest0 = segs[0]
            for t in lead:
                rest0 = rest0.replace(t, "", 1)
            segs = [rest0.strip()] + segs[1:]
        break
    return prefix, " && ".join(segs)


def _option_chunk(chunk: list[str]) -> bool:
    toks = [t for t in chunk if t not in (",",)]
    if not toks:
        return True
    return bool(re.match(r"^-{1,2}[A-Za-z]", toks[0]) or _ASSIGN_RE.match(toks[0])
                or (len(toks) > 1 and toks[1] == "=" and re.match(r"^[A-Za-z_]\w*$", toks[0])))


_NUMBER_VALUE = re.compile(r"^\d+(?:\.\d+)?(?:[kKmMgGtT][bB]?|%)?$")


def _token_diff(a: str, b: str) -> dict:
    ta, tb = _tokens(a), _tokens(b)
    if ta == tb:
        return {"kind": "same"}
    added: list[str] = []
    removed: list[str] = []
    only_options = True
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=ta, b=tb, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        # "--batch-size 256" -> "--batch-size 64": an option's number tuned is an option given
        # (options added right after it come in the same chunk: "64 --grad-accum 4")
        tuned = (op == "replace" and i2 - i1 == 1 and i1 > 0 and j1 > 0 and ta[i1 - 1] == tb[j1 - 1]
                 and re.match(r"^-{1,2}[A-Za-z]", ta[i1 - 1]) is not None
                 and all(_NUMBER_VALUE.match(t) for t in (ta[i1], tb[j1])) and _option_chunk(tb[j1 + 1:j2]))
        if op in ("replace", "delete"):
            only_options = only_options and tuned
            removed += ta[i1:i2]
        if op in ("replace", "insert"):
            chunk = tb[j1:j2]
            added.append(" ".join(t for t in ([tb[j1 - 1]] if tuned else []) + chunk if t != ","))
            if op == "insert" and not _option_chunk(chunk):
                only_options = False
    if only_options and added:
        return {"kind": "added", "added": [x for x in added if x]}
    return {"kind": "changed", "removed": removed[:6], "added": added[:6]}


def call_diff(fail_call: dict, pass_call: dict) -> dict:
    """How the passing call differs from the failing one.

    ``{"kind": "same"}``; ``{"kind": "added", "prefix": [...], "added": [...]}`` when
    only env assignments, flags, options, keyword arguments or input keys were
    added; ``{"kind": "changed", "removed": [...], "added": [...]}`` otherwise.
    """
    fc, pc = shell_command(fail_call), shell_command(pass_call)
    if fc is not None and pc is not None and _launched_through(fc, pc):
        args = _tokens(fc)[1:]
        launcher = [t.strip("'\"") for t in _tokens(pc) if t not in args]
        launcher[0] = launcher[0].rsplit("/", 1)[-1]
        return {"kind": "launcher", "program": _tokens(fc)[0].strip("'\""), "launcher": launcher}
    if fc is not None and pc is not None:
        fsegs, psegs = split_segments(fc), split_segments(pc)
        norm = lambda x: " ".join(_tokens(x))  # noqa: E731
        if len(psegs) > 1 and fsegs and norm(psegs[-1]) == norm(fsegs[-1]):
            # "module load mageck/0.5.9.5 && mageck test …": the same call after commands that set it up
            had = {norm(x) for x in fsegs}
            setup = [x.strip() for x in psegs[:-1] if x.strip() and norm(x) not in had]
            kinds = [_segment_kind(x) for x in setup]
            if setup and any(k != "inspect" for k in kinds):
                return {"kind": "setup", "setup": setup, "env": "env" in kinds}
        pf, rf = _env_prefix(fc)
        pp, rp = _env_prefix(pc)
        new_prefix = [t for t in pp if t not in pf]
        lost_prefix = [t for t in pf if t not in pp]
        d = _token_diff(rf, rp)
        if lost_prefix:
            return {"kind": "changed", "removed": lost_prefix + d.get("removed", []), "added": new_prefix + d.get("added", [])}
        if d["kind"] == "same":
            return {"kind": "added", "prefix": new_prefix, "added": []} if new_prefix else {"kind": "same"}
        if d["kind"] == "added":
            return {"kind": "added", "prefix": new_prefix, "added": d["added"]}
        return d
    fi, pi = call_input(fail_call), call_input(pass_call)
    if fi and pi and fi != pi:
        extra = [k for k in pi if k not in fi]
        lost = [k for k in fi if k not in pi]
        diff = [k for k in fi if k in pi and fi[k] != pi[k]]
        if not lost and not diff:
            return {"kind": "added", "prefix": [], "added": [f"{k}: {pi[k]}" for k in extra]}
        if not lost and not extra and all(isinstance(fi[k], (str, int, float)) and len(_tokens(str(fi[k]))) <= 3
                                          and len(_tokens(str(pi[k]))) <= 3 for k in diff):
            return {"kind": "changed", "removed": [str(fi[k]) for k in diff], "added": [str(pi[k]) for k in diff]}
    return _token_diff(call_text(fail_call), call_text(pass_call))


def fix_phrases(ev: dict, project: str | None = None, limit: int = 70) -> list[tuple[str, str]]:
    """A fix step as ``[(kind, text)]``: ``("write", "VAR FILE")`` / ``("write", " FILE")`` for
    a file written with ``echo``/``printf`` (its content is never shown), ``("run", cmd)``
    for the rest; read-only segments, and ``mkdir``/``chmod`` of what is written, dropped;
    secrets in env assignments masked; machine paths made portable."""
    cmd = shell_command(ev)
    if cmd is None:
        inp = call_input(ev) or {}
        tool = str(ev.get("tool") or "")
        if _EDIT_TOOL_RE.search(tool) or any(k in inp for k in ("old_string", "new_string")):
            path = next((str(inp[k]) for k in ("file_path", "path", "notebook_path") if isinstance(inp.get(k), str)), "")
            if path:
                return [("edit", f"{tool} {tidy_path(path, project)}".strip())]
        return [("run", _cut(clean_text(call_text(ev), project), limit))]
    segs = split_segments(cmd)
    kinds = ["write" if write_targets(x) else _segment_kind(x) for x in segs]
    written = [t for x in segs for t in write_targets(x)]
    out: list[tuple[str, str]] = []
    for seg, kind in zip(segs, kinds):
        targets = write_targets(seg)
        core = segment_core(seg)
        prog = core[0] if core else ""
        if targets and prog in ("echo", "printf", "cat"):
            content = re.search(r"['\"]([A-Za-z_]\w*)=", seg)
            out.append(("write", f"{content.group(1) if content else ''} {tidy_path(targets[-1], project)}"))
            continue
        if kind == "inspect" and not all(k == "inspect" for k in kinds):
            continue
        if prog in ("mkdir", "chmod", "touch") and written and any(
                w.startswith(a.rstrip("/")) for w in written for a in _tokens(seg)[1:] if not a.startswith("-")):
            continue
        seg = re.sub(r"\s*(?:\d?>>?|&>)\s*/(?:tmp|dev)/\S+|\s*\d?>&\d", "", seg)  # log redirections
        text = _cut(clean_text(_SECRET_ASSIGN_RE.sub(lambda m: f"{m.group(1)}=…", seg), project), limit)
        if out and out[-1][0] == "run":
            out[-1] = ("run", out[-1][1] + " && " + text)
        else:
            out.append(("run", text))
    return out


def display_command(ev: dict, project: str | None = None, limit: int = 80) -> str:
    """A call as a fix step shows it (see :func:`fix_phrases`), one line."""
    parts = []
    for kind, text in fix_phrases(ev, project, limit):
        if kind == "write":
            var, _, path = text.partition(" ")
            parts.append(f"add {var} to {path}" if var else f"write {path}")
        else:
            parts.append(text)
    return _cut("; ".join(parts), limit)


# -- the error ---------------------------------------------------------------------------------

_EXC_RE = re.compile(r"\b([A-Za-z_][\w.]*(?:Error|Exception|Timeout|Failure))\b")
_ERROR_HEAD_RE = re.compile(r"(?:\b[A-Za-z_][\w.]*(?:Error|Exception)\b\s*:\s*\S|\b(?:error|ERROR|Error|fatal|FATAL)\b[^:\n]{0,24}:\s*\S"
                            r"|\bHTTP\s+[45]\d\d\b|\bE\d{3,5}\b|^[A-Z]\d{4,}\b|(?:失败|错误|异常|不可用)[:：])")
CAUSE_RE = re.compile(
    r"(requires?|needs?|not found|could ?n[o']t|can ?n[o']t|cannot|unable|denied|forbidden|unauthori[sz]ed|expired?|"
    r"missing|no such|not installed|not configured|not set|not loaded|not available|unavailable|no connected|"
    r"limit|timed? ?out|timeout|too large|too big|incorrect|invalid|does not (?:exist|match)|doesn'?t (?:exist|match)|"
    r"not match|mismatch|unsupported|not supported|exceed|refused|unreachable|locked|lock|in use|"
    r"不匹配|无法|失败|不存在|超过|不支持|不可用|过期|拒绝|未安装|找不到|未找到|超时|限制|封闭|禁止|错误)", re.I)
_GENERIC_RE = re.compile(
    r"^(?:FAILURE: Build failed with an exception|BUILD FAILED|\*\* ?(?:TEST|BUILD) FAILED|Testing failed|Exit (?:code|status)"
    r"|Traceback|\* What went wrong|\* Try|Error producing|\[!\] Error building|Execution failed for task|Command failed"
    r"|npm ERR! (?:code|errno|A complete log)|-{5,}|={5,}|File \"|See the |Type\s+H|Run with --|During handling"
    r"|The above exception|\.\.\.$|\d+ (?:tests? )?(?:failed|passed)|error: script returned|make: \*\*\*)", re.I)


def _lines(text: str) -> list[str]:
    """Non-empty lines, an indented continuation joined to the line it continues."""
    out: list[str] = []
    prev_indent = 0
    for raw in _EXEC_HEADER_RE.sub("", _TOOL_ERR_RE.sub("", str(text or ""))).splitlines():
        if not raw.strip():
            prev_indent = 0
            continue
        indent = len(raw) - len(raw.lstrip())
        line = raw.strip()
        if out and indent > prev_indent and not re.search(r"[.!?:。！？：]$", out[-1]) and line[:1].islower() and not line.startswith("at "):
            out[-1] = out[-1] + " " + line
            continue
        out.append(line)
        prev_indent = indent
    return out


def _strip_line(line: str) -> str:
    s = re.sub(r"^\[\d{1,2}:\d{2}(?::\d{2})?\]:?\s*", "", line)  # [14:06:11]:
    s = re.sub(r"^(?:[\s>*!▸❌✗✘×]+|E\s+)(?=\S)", "", s).strip()
    return s


def _line_score(line: str) -> int:
    s = _strip_line(line)
    if not s or _GENERIC_RE.match(s):
        return -5
    score = 0
    if _ERROR_HEAD_RE.search(s):
        score += 3
    if CAUSE_RE.search(s):
        score += 2
    if len(s) < 12:
        score -= 2
    return score


def error_line(text: str) -> str:
    """The most informative line of a tool's error output (≤ 200 chars), or ""."""
    lines = _lines(text)
    if not lines:
        return ""
    best, best_score = None, -99
    for line in lines:  # ties go to the later line (the innermost error of a traceback)
        sc = _line_score(line)
        if sc >= best_score:
            best, best_score = line, sc
    if best_score <= -5:
        best = lines[-1]
    s = _strip_line(best or "")
    if len(s) > 60:
        # one long line of several clauses ("检查未通过：第2天 13:30 从…出发…；当日行程总时长 13.2 小时，
        # 超过…上限 10 小时。建议：…"): the clause that says what went wrong, not the situation
        parts = [p.strip() for p in re.split(r"(?<=[；;。])|(?<=[.!?])\s+(?=[A-Z])", s) if p.strip()]
        scored = [(_line_score(p) + (1 if CAUSE_RE.search(p) else 0), i, p) for i, p in enumerate(parts)
                  if not _ADVICE_LEAD_RE.match(p)]
        if len(scored) > 1:
            top = max(scored)
            if top[0] > _line_score(parts[0]):
                s = top[2].rstrip("；;。")
    return _cut(" ".join(s.split()), 200)


def error_class(text: str) -> str:
    found = _EXC_RE.findall(text or "")
    return found[-1].split(".")[-1] if found else ""


_CODE_RE = re.compile(
    r"(AssertionError|\bassert(?:ion)?\b|expected:?\s*<|but was|\bFAILED\b.*::|tests? failed|\b\d+ failed\b|"
    r"does not match reference|snapshot|TypeError|SyntaxError|NameError|AttributeError|IndexError|KeyError|"
    r"ValueError|ZeroDivisionError|cannot be applied to operands|type mismatch|unresolved reference|"
    r"is not defined|undefined (?:variable|method|name|symbol)|cannot find '[^']+' in scope|no such module|"
    r"has no member|compil(?:e|ation) (?:error|failed)|lint|max-line-length|line length|#REF!|#NAME\?|#VALUE!|"
    r"formula|column|\bshape\b|dimension|无法解析|格式错误|公式)", re.I)
_ENV_ERR_RE = re.compile(
    r"(expired|token|credential|password|passphrase|\bauth|login|log in|sign ?in|permission|denied|forbidden|"
    r"unauthori[sz]ed|\b40[13]\b|certificate|keychain|signing|\bssl\b|\btls\b|not installed|command not found|"
    r"executable|library not loaded|dlopen|requires? (?:java|jdk|python|node|ruby|xcode|sdk|version|a newer)|"
    r"version \d|runtime|encoding|codec|decode|charset|unicode|font|timed? ?out|timeout|limit|too large|quota|"
    r"rate.?limit|disk|no space|out of memory|connection|connect to|refused|unreachable|network|dns|proxy|"
    r"no connected devices|no devices?|emulator|simulator|destination|not configured|api[_ ]?key|"
    r"environment variable|\benv\b|not set|locked|lock\b|in use|address already|port \d|service|daemon|"
    r"unavailable|not available|closed|封闭|不可用|过期|权限|密码|授权|登录|证书|编码|字体|超时|超过|限制|连接|网络|"
    r"未安装|找不到命令|磁盘|空间|户名|账户|账号)", re.I)


_VALIDATION_RE = re.compile(r"^(?:validation(?: error| failed)?|checks? failed|check not passed|检查未通过|校验(?:失败|未通过)|验证(?:失败|未通过))\s*[:：]", re.I)


def error_kind(text: str) -> str:
    """``env`` (names an environment cause), ``code`` (a test, compile, type, lint,
    key or formula error) or ``neutral``; the environment wins when both appear."""
    line = error_line(text)
    first = next(iter(_lines(text)), "")
    if _VALIDATION_RE.match(_strip_line(first)):
        return "code"  # a check of the agent's own output ("validation: week 7 …"): an iteration on the work
    if _ENV_ERR_RE.search(line):
        return "env"
    if _CODE_RE.search(line) or _CODE_RE.search(str(text or "")[:2000]):
        return "code"
    if _ENV_ERR_RE.search(str(text or "")[:2000]):
        return "env"
    return "neutral"


_SIG_DROP = re.compile(
    r"""https?://\S+|`[^`]*`|'[^']*'|"[^"]*"|“[^”]*”|‘[^’]*’|\([^()]*\d[^()]*\)|（[^（）]*\d[^（）]*）|<[^<>]*>"""
    r"""|(?:~|\.{1,2})?/[^\s:;,]+|\b[\w-]+(?:\.[\w-]+){2,}(?::\d+)?\b|\b[A-Za-z_-]*\d[\w-]*\b|\b[\w.-]+\.(?:py|swift|kt|java|js|ts|tsx|jsx|rb|go|rs|c|h|cpp|md|csv|json|ya?ml|toml|xml"""
    r"""|txt|ipynb|jpg|jpeg|png|pdf|docx|xlsx|log|lock|gradle|plist)\b|\b\d[\w.:/-]*""", re.I)
_SIG_STOP = frozenset("a an the of to in on at for with from by is are was were be been it its this that these those your you "
                      "and or but not as than then there here please make sure see log above below".split())


def error_signature(text: str, program: str = "") -> str:
    """A normalised error signature: program, error class and the message's words
    with paths, numbers, ids, hashes, durations and quoted values removed."""
    line = error_line(text)
    cls = error_class(line) or error_class(text)
    body = re.sub(r"\b[A-Za-z_][\w.]*\.(?=[A-Z]\w*(?:Error|Exception))", "", line)  # botocore.exceptions.X -> X
    kept = body
    body = _SIG_DROP.sub(" ", body)
    if len(re.findall(r"[A-Za-z]{2,}|[\u3400-\u9fff]+", body.replace(cls, " ") if cls else body)) < 2:
        # nothing but the class is left ("KeyError: 'rev_pre28'"): the quoted value names the failure
        body = re.sub(r"\d+", " ", re.sub(r"https?://\S+|(?:~|\.{1,2})?/[^\s:;,]+", " ", kept))
    ascii_text = len(re.findall(r"[A-Za-z]", body)) >= len(_CJK_RE.findall(body))
    if ascii_text:
        body = _CJK_RE.sub(" ", body)
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z_-]*|[\u3400-\u9fff]+", body)
             if w.lower() not in _SIG_STOP and not (len(w) == 1 and w.isascii())]
    return R.normalize_subject(program.lower(), cls.lower(), " ".join(words[:10]).lower())


_GENERIC_PART_RE = re.compile(r"^\W*(?:[\u3400-\u9fff]{0,4}(?:失败|错误|异常)|(?:an? )?(?:error|failed|failure|fatal))\W*$", re.I)
_ADVICE_RE = re.compile(r"^(?:please |make sure |try |run |use |set |install |you (?:can|may|must|should|need to) |请|需要|应)", re.I)
# what a tool prints as its own advice: "hint: …", "Suggestion: …", "建议：…"
_ADVICE_LEAD_RE = re.compile(r"^(?:hint|tip|suggestion|suggested fix|did you mean|建议|提示)\s*[:：]\s*", re.I)


def error_advice(text: str, project: str | None = None) -> str:
    """What the error output itself advises ("Please use an authorization code …", "请使用 … 格式"), or ""."""
    for line in _lines(text)[:40]:
        for part in re.split(r"(?<=[.!。！；;])\s*|[，,；;]\s*(?=请)", _strip_line(line)):
            p = _ADVICE_LEAD_RE.sub("", part.strip()) if _ADVICE_LEAD_RE.match(part.strip()) else part.strip()
            if p is not part.strip() and 4 <= len(p) <= 160:
                return clean_text(p.rstrip(".。"), project)
            if _ADVICE_RE.match(p) and 8 <= len(p) <= 160 and not re.search(r"https?://|--stacktrace|--info|--debug", p):
                return clean_text(p.rstrip(".。"), project)
    return ""


def short_error(text: str, project: str | None = None) -> str:
    """The error as a short phrase: ``TokenRetrievalError (Token has expired and refresh failed)``."""
    line = clean_text(error_line(text), project)
    line = re.sub(r"\s*\([^()]*[/+][^()]*\)", "", line)  # (U+6DF1), (nginx/1.24.0): values
    if len(re.findall(r"[A-Za-z]", line)) > 3 * len(_CJK_RE.findall(line)):
        line = re.sub(r"\s+[\u3400-\u9fff]{1,2}(?=\s)", "", line)  # a literal quoted in an English message
    cls = error_class(line)
    line = re.sub(r"^[\w./-]+\.\w+:\d+(?::\d+)?:?\s+", "", line)  # file:line:col:
    line = re.sub(r"^(?:error|fatal)\s*:\s*", "", line, flags=re.I)
    if cls:
        m = re.search(rf"\b[\w.]*{re.escape(cls)}\b\s*:?\s*(.*)$", line)
        msg = re.sub(r"\s*\([^()\d]*\)", "", (m.group(1) if m else "")).strip()
        parts = [p for p in re.split(r":\s+|(?<=[.;!])\s+", msg) if len(p.strip(" .")) > 3]
        scored = [p for p in parts if CAUSE_RE.search(p)]
        msg = (scored[-1] if scored else (parts[-1] if parts else "")).strip(" .")
        msg = re.sub(r"\s*\([^()\d]*\)", "", msg).strip() or msg
        return _cut(f"{cls} ({msg})" if msg else cls, 110)
    line = re.sub(r"\s*\([^()\d]*\)", "", line)
    parts = [p for p in re.split(r"(?<=[.;!])\s+|(?<=[；。！])\s*|:\s+|：", line)
             if len(p.strip()) > 3 and not _GENERIC_PART_RE.match(p.strip())]
    scored = [p for p in parts if CAUSE_RE.search(p)]
    pick = (scored[0] if scored else (parts[0] if parts else line)).strip(" .。；;")
    if parts and pick == parts[0].strip(" .。；;") and len(pick) <= 12 and len(parts) > 1:
        # a short head ("路线不可用", "Build error") says little without what follows it
        pick = pick + ("：" if _CJK_RE.search(pick) else ": ") + parts[1].strip(" .。；;")
    pick = re.sub(r"\s*\([^()\d]*\)|（[^（）\d]*）", "", pick).strip() or pick
    return _cut(pick, 110)


# -- the diagnosis ---------------------------------------------------------------------------------

_CAUSAL_EN = re.compile(
    r"\b(because|since|so|needs?|requires?|isn'?t|is not|aren'?t|wasn'?t|doesn'?t|does not|don'?t|didn'?t|can'?t|"
    r"cannot|no longer|not (?:installed|set|configured|running|available|found|loaded|in|on)|expired?|missing|"
    r"lacks?|only|default|limit|too (?:large|big|long|many|old|new)|points? (?:at|to)|wrong|instead|means|"
    r"caused|cause|reason|is called|renamed|no \w+ (?:is|are) running|back on|is in|belongs|out of|ran out|full|stale|locked|"
    r"without (?:pulling|running|installing|fetching|loading|setting|passing|the|a|an|any))\b", re.I)
_CAUSAL_ZH = re.compile(r"(因为|所以|由于|需要|要用|不支持|没有|没装|未安装|不是|默认|限制|超过|过期|缺|错|不对|对不上|编码|原因|导致|只能|太大|不能|应该是|登记在)")
_ACTION_EN = re.compile(
    r"^(?:I'?ll|I will|I'?m going|I am going|I'?ve|Let me|Let'?s|Now|Next|Then|OK|Okay|Sure|Thanks|Got it|Done|Fixed|"
    r"Fix|Retry(?:ing)?|Try(?:ing)?|Re-?run(?:ning)?|Want me|Shall I|Should I)\b|^(?!(?:Nothing|Something|Everything|"
    r"Anything|String|Thing|Spring|Morning|Evening|Building blocks)\b)[A-Z][a-z]{2,}ing\b")
_ACTION_ZH = re.compile(r"^(?:先|我(?:来|先|再|改|把|会|去|给|这就)|改用|改成|改走|换|按|重新|再|试|下面|现在|好的|马上|这就|修复|解决|办法)")
_ANAPHORA = [
    # "Same issue as last time with German product names: …" -> "German product names: …"
    re.compile(r"^(?:the )?same (?:issue|problem|error|thing|symptom) as (?:last time|before|yesterday|last week|\w+day) (?:with|for|on) (?:the )?", re.I),
    re.compile(r"^(?:same (?:as|issue as|problem as|thing as)|just like|like) (?:last time|before|yesterday|last week|"
               r"on (?:your|the|my) \w+|\w+day)\s*[:,;\-–—]\s*", re.I),
    re.compile(r"\s*[,;\-–—]?\s*\b(?:same as|just like|like) (?:last time|before|yesterday|last week|\w+day)\b", re.I),
    re.compile(r"\s*\b(?:again|as before|once more)\b", re.I),
    re.compile(r"\s+(?:too|as well)(?=\s*[.。!]?\s*$)", re.I),  # "this checkout has LFS pointers too"
    re.compile(r"(?:还是|又是)?(?:和|跟|同)?上次(?:那个|一样|的)?[，,、]?"),
    re.compile(r"^(?:还是|又是)"),
    # "千岛湖一样的问题：…", "same problem as the Hangzhou trip: …": a pointer to another occasion
    re.compile(r"^[^，,：:。]{1,12}(?:一样|同样|类似)的(?:问题|情况|毛病)[：:，,]\s*|^(?:the )?same (?:problem|issue|thing) as [^:,;]{1,30}[:,;]\s*", re.I),
    re.compile(r"又(?=[\u3400-\u9fff])(?![名称])"),
]
# "Same CUDA out-of-memory as the depth ablation: …" -> "CUDA out-of-memory: …"
_SAME_AS = re.compile(r"^(?:the )?same (?!(?:problem|issue|thing|symptom|error|failure) as )([^:,;]{2,40}?) as (?:the |in |on |with |for |last )?"
                      r"[^:,;.]{1,30}(?=\s*[:,;.]|$)", re.I)


def _sentences(text: str) -> list[str]:
    s = re.sub(r"`[^`]*`", lambda m: m.group(0).replace(".", "\u2024").replace("?", "\u2047"), text or "")
    parts = re.split(r"(?<=[.!?。！？])\s+|(?<=[。！？])|\n+|(?<=\S)\s+-\s+(?=[A-Z])", s)
    return [p.replace("\u2024", ".").replace("\u2047", "?").strip() for p in parts if p and p.strip()]


def _is_question(s: str) -> bool:
    return s.rstrip().endswith(("?", "？")) or bool(re.search(r"(吗|呢)[？?。]?$", s.strip()))


def _causal(s: str) -> bool:
    return bool(_CAUSAL_EN.search(s) or _CAUSAL_ZH.search(s))


def _is_action(s: str) -> bool:
    return bool(_ACTION_EN.match(s) or _ACTION_ZH.match(s) or re.match(r"^(?:Fix|修复|解决)[:：]", s))


def pick_diagnosis(messages: list[dict]) -> dict | None:
    """The assistant message after a failure that explains it: the first one with
    a causal sentence (not a question, not an announcement), else the first."""
    for m in messages:
        if any(_causal(s) and not _is_question(s) and not _is_action(s) for s in _sentences(m.get("text", ""))):
            return m
    return messages[0] if messages else None


# what happened on this occasion ("刚才 profile 那次我按了 Ctrl-C", "the venv was rebuilt … this morning")
_OCCASION = re.compile(r"刚才|刚刚|那次|这次|今天早上|今早|昨天|\bjust now\b|\bthis morning\b|\byesterday\b|\bearlier today\b|\bwhen I\b|\bI (?:pressed|hit|ran|killed|deleted|rebuilt)\b", re.I)


def _without_occasion(s: str) -> str:
    """A cause without the clauses that tell this occasion's story: "刚才 profile 那次我按了 Ctrl-C，
    进程被中断，留下了一个过期的 `MAIN_WRITELOCK`" -> "进程被中断，留下了一个过期的 `MAIN_WRITELOCK`";
    "the venv was rebuilt … this morning, so `invoicer` is not installed in it" -> "… not installed
    in the venv" (the pronoun takes the dropped clause's subject)."""
    parts = re.split(r"(?<=[，,;；])\s*|\s+(?=so\s)", s)
    last = max((i for i, p in enumerate(parts) if _OCCASION.search(p)), default=-1)
    if last < 0 or last == len(parts) - 1:
        return s
    head = " ".join(parts[: last + 1])
    rest = "".join(parts[last + 1:]) if not s.isascii() else " ".join(parts[last + 1:])
    rest = re.sub(r"^(?:so|and|所以|结果)\s*", "", rest.strip())
    subj = re.match(r"^(?:the|our|your|a)\s+([\w.-]+(?:\s[\w.-]+)?)\s+(?:was|were|is|got|had been|has been)\b", head.strip(), re.I)
    if subj:
        rest = re.sub(r"\b(in|into|on|from|of) it\b", rf"\1 the {subj.group(1)}", rest)
    return rest if content_chars(rest) >= 6 else s


# how the agent says the failure is avoided next time: "writing the tags with -overwrite_original
# avoids them", "next time the tags go on with -overwrite_original", "下次导出前先关掉 WPS 就不会了"
_PREVENT = re.compile(r"\b(?:avoids?|prevents?)\s+(?:it|them|this|that|the (?:problem|issue|error))\b|\bnext time\b|\bto avoid (?:it|this|that)\b"
                      r"|\bso (?:it|this) (?:doesn'?t|won'?t) happen again\b|下次|可以避免|就不会(?:再)?(?:出现|报错)了", re.I)


def prevention_of(diagnosis: str, project: str | None = None) -> str:
    """The clause of a diagnosis that says how the failure is avoided next time, or ""."""
    for sent in _sentences(diagnosis or ""):
        for clause in re.split(r"(?<=[;；])\s*|(?<=[，,])\s*(?=(?:and |but |so )?(?:next time|下次))", sent):
            if _PREVENT.search(clause) and not _is_question(clause):
                c = clean_text(re.sub(r"^(?:and|but|so)\s+", "", clause.strip()), project).strip(" ,，;；.。")
                return c[:1].upper() + c[1:] if c[:1].isascii() else c
    return ""


def cause_of(diagnosis: str, project: str | None = None, limit: int = 56) -> tuple[str, str]:
    """``(short cause, full cause)`` from a diagnosis: its first causal sentence,
    references to earlier sessions ("same as last time", 和上次一样) removed."""
    text = re.split(r"(?:^|\s)(?:Fix|修复|解决办法)[:：]", diagnosis or "")[0]
    cands = [s for s in _sentences(text) if not _is_question(s) and not _is_action(s)]
    pick = next((s for s in cands if _causal(s)), cands[0] if cands else "")
    if not pick:
        return "", ""
    s = re.sub(r"^[^：:]{0,24}的原因[：:]\s*|^(?:Cause|Root cause|Reason)[:：]\s*", "", pick, flags=re.I)
    s = _SAME_AS.sub(r"\1", s)
    for rx in _ANAPHORA:
        s = rx.sub("", s)
    head, colon, tail = (re.split(r"(\s*[:：]\s*)", s, maxsplit=1) + ["", ""])[:3]
    if colon and (_is_action(tail.strip()) or re.match(r"^(?:换|加|用|删|装|改|先)", tail.strip())):
        s = head  # "中文字体的问题：换 xelatex …" -> the cause only
    s = re.sub(r"\s*\([^()]*\)|（[^（）]*）", "", s)
    s = _without_occasion(s)
    s = clean_text(s, project).strip(" ,，;；:：-–—")
    s = re.sub(r"[.。!！]+$", "", s).strip()
    if not s:
        return "", ""
    first_word = s.split(" ", 1)[0]
    full = s[:1].upper() + s[1:] if first_word.isalpha() and first_word.isascii() else s
    short = full
    if len(short) > limit:
        # cut at clause boundaries, starting from the first clause that states a cause
        pieces = [p.strip() for p in re.split(r"(?<=[;；，,:：])\s*|\s+(?=(?:and|so|but|which|because|since|-|–|—)\s)", full) if p.strip()]
        pieces = [re.sub(r"^(?:and|so|but|which|-|–|—)\s+", "", p) for p in pieces]
        start = next((k for k, p in enumerate(pieces) if _causal(p)), 0)
        if start and re.match(r"^(?:所以|因此|于是|(?:so|hence|therefore|thus)\b)", pieces[start], re.I):
            pieces, start = pieces[:start], 0  # "…按 GBK 打开，所以乱码": the effect; the cause is before it
        acc = ""
        for p in pieces[start:]:
            nxt = (acc + (" " if p.isascii() else "") + p) if acc else p
            if acc and len(nxt) > limit:
                break
            acc = nxt
        acc = acc.rstrip(" ,，;；:：")
        if acc and len(acc) < len(full):
            w = acc.split(" ", 1)[0]
            short = acc[:1].upper() + acc[1:] if w.isalpha() and w.isascii() else acc
    return short, full


# -- the fix -----------------------------------------------------------------------------------------

_WORD_SPLIT_RE = re.compile(r"""(?:[^\s'"]+|'[^']*'|"[^"]*")+""")


def brief_command(cmd: str, limit: int = 44) -> str:
    """A command cut at a word boundary to about ``limit`` characters (``…`` marks the cut)."""
    if len(cmd) <= limit:
        return cmd
    out = ""
    for w in _WORD_SPLIT_RE.findall(cmd):
        nxt = f"{out} {w}" if out else w
        if out and len(nxt) > limit:
            return out + " …"
        out = nxt
    return out


def _code(s: str) -> str:
    s = s.replace("`", "'")
    return f"`{s}`"


def describe_fix(f: dict, by_id: dict[str, dict], project: str | None, zh: bool, err_kind: str = "",
                 brief: bool = False) -> str:
    """The fix as an instruction, from the structure recorded by ``pair_failures``
    (``brief``: long commands cut at a word boundary, for the first sentence)."""
    short = (lambda c: brief_command(c)) if brief else (lambda c: c)
    kind = f.get("fix_kind") or ""
    rerun = f.get("rerun") or {}
    steps = [by_id[s["event"]] for s in f.get("steps") or [] if s.get("event") in by_id]
    if rerun.get("kind") == "launcher":
        prog = _code(clean_text(str(rerun.get("program") or "").strip("'\"").rsplit("/", 1)[-1], project))
        via = _code(short(_cut(clean_text(" ".join(rerun.get("launcher") or []), project), 70)))
        return f"通过 {via} 启动 {prog}" if zh else f"start {prog} through {via}"
    if kind in ("env", "procedure") and rerun.get("kind") == "setup" and not any(
            st.get("kind") in ("env", "procedure") and st.get("ok") for st in f.get("steps") or []):
        setup = _code(short(_cut(clean_text(" && ".join(rerun.get("setup") or []), project), 70)))
        return f"先运行 {setup}" if zh else f"run {setup} first"
    if kind in ("env", "procedure"):
        wanted = [e for e, st in zip(steps, f.get("steps") or []) if st.get("kind") == kind] or steps
        phrases = list(dict.fromkeys(p for e in wanted for p in fix_phrases(e, project)))
        writes = [t for k, t in phrases if k == "write"][:2]
        runs = [t for k, t in phrases if k != "write"][:2]
        parts = []
        for w in writes:
            var, _, path = w.partition(" ")
            if zh:
                parts.append(f"把 {_code(var)} 写进 {_code(path)}" if var else f"写好 {_code(path)}")
            else:
                parts.append(f"add {_code(var)} to {_code(path)}" if var else f"write {_code(path)}")
        if runs:
            joined = ("，再运行 " if zh else ", then ").join(_code(short(c)) for c in runs[:1 if brief else 2])
            parts.append(("先运行 " if zh else "run ") + joined)
        if rerun.get("kind") == "added":
            parts.append(_option_phrase(rerun, project, zh, short))
        return ("，" if zh else " and ").join(p for p in parts if p) or ("重试" if zh else "retry")
    if kind == "option":
        return _option_phrase(rerun, project, zh, short)
    if kind == "user_action":
        did = f.get("user_action") or ""
        return f"请用户先{did}再重试" if zh else f"have the user {did} first"
    if kind == "user":
        if err_kind == "env":
            return "向用户要到登录凭据或账户信息后重试" if zh else "get the credential or account detail from the user, then retry"
        return "问过用户后重试" if zh else "ask the user, then retry"
    if kind == "changed":
        rem = [clean_text(x, project) for x in rerun.get("removed") or []]
        add = [clean_text(x, project) for x in rerun.get("added") or []]
        if add and rem and sum(len(_tokens(x)) for x in add) <= 3 and sum(len(_tokens(x)) for x in rem) <= 3:
            return (f"改用 {_code(' '.join(add))}（不是 {_code(' '.join(rem))}）" if zh
                    else f"use {_code(' '.join(add))} instead of {_code(' '.join(rem))}")
        cmds = [c for c in f.get("fix_commands") or [] if c][-1:]
        if cmds:
            return ("改成 " if zh else "rerun it as ") + _code(short(_cut(clean_text(cmds[0], project), 70)))
        return "改正调用后重试" if zh else "correct the call and rerun it"
    if kind == "edit":
        files = []
        for e in steps:
            inp = call_input(e) or {}
            p = next((str(inp[k]) for k in ("file_path", "path", "notebook_path") if isinstance(inp.get(k), str)), "")
            if p:
                files.append(tidy_path(p, project).rsplit("/", 1)[-1])
        files = list(dict.fromkeys(files))[:2]
        where = ", ".join(_code(x) for x in files)
        if zh:
            return f"修改 {where} 后重跑" if where else "改代码后重跑"
        return f"fix {where} and rerun" if where else "fix the code and rerun"
    return "重试" if zh else "retry"


def _option_phrase(rerun: dict, project: str | None, zh: bool, short=lambda c: c) -> str:
    prefix = [_SECRET_ASSIGN_RE.sub(lambda m: f"{m.group(1)}=…", t) for t in rerun.get("prefix") or []]
    added = [clean_text(x, project) for x in rerun.get("added") or []]
    parts = []
    if prefix:
        p = _code(short(_cut(clean_text(" ".join(prefix), project), 70)))
        parts.append(f"先设置 {p}" if zh else f"set {p} first")
    if added:
        a = _code(short(_cut(" ".join(added), 70)))
        parts.append(f"加上 {a}" if zh else f"add {a}")
    return ("，" if zh else " and ").join(parts) or ("重试" if zh else "retry")


# -- what the user did by hand ---------------------------------------------------------------------

# between a failure and the same call passing, the user says they did something the agent cannot:
# "closed now", "had it open in excel. closed", "哦对 WPS开着 我关了", "重启了 你再试"
_DID_EN = re.compile(r"(?<!not )(?<!n't )(?<!never )\b(closed|shut|quit|exited|restarted|rebooted|unplugged|plugged (?:it |that )?in|"
                     r"logged (?:in|out)|signed in|reconnected|unlocked|saved|killed|turned (?:it |that )?(?:on|off)|"
                     r"switched (?:it |that )?(?:on|off))\b(?!\s+(?:yet|down on|on me)\b)", re.I)
_BASE_EN = {"closed": "close it", "shut": "close it", "quit": "quit it", "exited": "quit it", "restarted": "restart it",
            "rebooted": "reboot it", "unplugged": "unplug it", "reconnected": "reconnect it", "unlocked": "unlock it",
            "saved": "save it", "killed": "stop it", "signed in": "sign in", "logged in": "log in", "logged out": "log out"}
_DID_ZH = re.compile(r"(?<![没不])(?:已经)?(关掉|关闭|关上|关|重启|登录|登上|插上|连上|解锁|退出|保存|断开|拔掉|拔)了")
_BASE_ZH = {"关": "关掉", "关闭": "关掉", "关上": "关掉", "登上": "登录", "拔": "拔掉"}


def user_action(text: str) -> str:
    """What the user says they did by hand, as an instruction for next time ("closed now" ->
    "close it", "我关了" -> "关掉"), or ""."""
    t = text or ""
    m = _DID_ZH.search(t)
    if m:
        return _BASE_ZH.get(m.group(1), m.group(1))
    m = _DID_EN.search(t)
    if not m:
        return ""
    word = re.sub(r"\s+(?:it|that)\b", "", m.group(1).lower())
    if word in _BASE_EN:
        return _BASE_EN[word]
    verb, _, part = word.partition(" ")  # "plugged in", "turned off", "switched on"
    base = {"plugged": "plug", "turned": "turn", "switched": "switch"}[verb]
    return f"{base} it {part}"


def stated_part(text: str) -> str:
    """A diagnosis asked as a question, as the statement the user's fix confirmed: the clauses
    that state something, and a Chinese "是不是 X" as X ("文件被占用了，是不是 WPS 里还开着？" ->
    "文件被占用了，WPS 里还开着"); an English question clause is left out."""
    first = next(iter(_sentences(text)), "")
    clauses = re.split(r"(?<=[，,;；])\s*", first)
    kept = []
    for c in clauses:
        if re.search(r"是不是|是否", c):
            c = re.sub(r"是不是|是否", "", re.sub(r"[吗呢]?\s*[?？]\s*$", "", c)).strip()
        elif re.search(r"有没有|吗|呢|[?？]|\b(?:is|are|did|do|does|was|were) (?:it|you|that|there)\b", c, re.I):
            continue
        kept.append(c)
    return "".join(kept).strip(" ,，;；") if kept and kept != clauses else ""


# -- worth keeping? ----------------------------------------------------------------------------

def lesson_worth(fix_kind: str, err_kind: str) -> tuple[bool, str]:
    """Is a failure -> fix a lesson by itself (promotable through ``tool_failure_evidence``)?

    ============  ==============  ===============  ==============
    fix           error: env      error: neutral   error: code
    ============  ==============  ===============  ==============
    env           yes             yes              yes
    option        yes             yes              no (a test run narrowed or a check turned off)
    procedure     yes             yes              no
    user          yes (a login)   no               no
    user_action   no              no               no
    edit/changed  no              no               no
    retry         no              no               no
    ============  ==============  ===============  ==============

    A "no" still yields a signal without a channel: the same failure seen again
    in another session is promoted by repetition.
    """
    if fix_kind == "env":
        return True, "the fix changed the environment"
    if fix_kind == "option" and err_kind != "code":
        return True, "the same call passed with an option, flag or env setting added"
    if fix_kind == "procedure" and err_kind != "code":
        return True, "another command fixed it"
    if fix_kind == "user" and err_kind == "env":
        return True, "the user supplied what the environment lacked"
    return False, {"edit": "ordinary edit-and-rerun work", "changed": "the call itself was corrected",
                   "retry": "it passed on a plain retry", "user": "the user supplied a detail",
                   "user_action": "the user did something by hand: a lesson when the failure recurs"}.get(
        fix_kind, f"the fix ({fix_kind or 'unknown'}) is not about the environment")


def _program(call: dict | None, tool: str) -> str:
    cmd = shell_command(call) if call else None
    if cmd:
        cores = [c for c in _cores(cmd) if c[0] not in _INSPECT_PROGRAMS] or _cores(cmd)
        if cores:
            prog, sub = cores[-1]
            if sub and not _pathlike(sub) and re.fullmatch(r"[A-Za-z][\w:-]{1,30}", sub) and not sub.startswith(":"):
                return f"{prog} {sub}"
            return prog
    return tool


def _failing_call(f: dict, by_id: dict[str, dict], failed: dict) -> dict | None:
    call_id = f.get("call")
    if call_id and call_id in by_id:
        return by_id[call_id]
    return None


TITLE_BUDGET = 72  # dream's title length: the first sentence should fit


# a value that belongs to one occasion (a date, a time stamp, a uuid or hash), not to the method
_INSTANCE_VALUE = re.compile(r"`[^`]*(?:\b\d{4}-\d{2}-\d{2}|\b[0-9a-f]{8}-[0-9a-f]{4}-|\b[0-9a-f]{12,}\b)[^`]*`", re.I)


def lesson_signal(f: dict, by_id: dict[str, dict], ep: Episode, created: str) -> dict | None:
    """The lesson signal of one resolved failure (``ep.failures`` item), or None.

    Worth keeping (:func:`lesson_worth`): channel ``tool_failure_evidence``;
    otherwise no channel (promoted only when it recurs across sessions).
    """
    failed, passed = by_id.get(f["event"]), by_id.get(f.get("resolved_by") or "")
    if not failed or not passed:
        return None
    project = ep.project
    tool = f.get("tool") or failed.get("tool") or "tool"
    call = _failing_call(f, by_id, failed)
    program = f.get("program") or _program(call, tool)
    # a failure told in words: what was said of the output, not the whole message it was said in
    raw = str(f.get("error") or "") if f.get("reported") else str(failed.get("text") or "")
    err_kind = error_kind(raw)
    fix_kind = f.get("fix_kind") or ""
    worth, basis = lesson_worth(fix_kind, err_kind)
    short_cause, full_cause = cause_of(f.get("diagnosis") or "", project)
    if not short_cause and fix_kind == "user_action":
        # the agent asked what the user then confirmed and fixed by hand: what the question states is the cause
        short_cause, full_cause = cause_of(stated_part(f.get("diagnosis") or ""), project)
    short_err = short_error(raw, project) or clean_text(f.get("error") or "", project)[:110]
    zh = bool(_CJK_RE.search(short_cause or short_err)) and not (short_cause or short_err).isascii()
    fix = describe_fix(f, by_id, project, zh, err_kind)
    fix_brief = describe_fix(f, by_id, project, zh, err_kind, brief=True)
    advice = error_advice(raw, project) if fix_kind in ("user", "changed", "retry") else ""
    if fix_kind == "retry" and not advice or fix_kind == "user" and f.get("secret_only"):
        # a plain rerun, or a rerun after the user typed a password, teaches nothing that carries over
        return None
    if advice and _INSTANCE_VALUE.search(fix_brief):
        # the call was changed to this one's date or id, as the tool advised: the advice is the
        # method that carries over, and the tool's error (not this trip's diagnosis) is when
        fix = fix_brief = advice
        short_cause = ""
    if short_cause and len(short_cause) + len(fix_brief) + 2 > TITLE_BUDGET:
        # the first sentence becomes the memory's title: cut the cause at a clause boundary to fit
        short_cause = cause_of(f.get("diagnosis") or "", project, max(24, TITLE_BUDGET - len(fix_brief) - 2))[0]
    prog = _code(program)
    stop = "。" if zh else "."
    if short_cause:
        joint = "：" if zh else (" — " if ": " in short_cause else ": ")
        first = f"{short_cause}{joint}{fix_brief}{stop}"
        second = f" {prog} 报错：{short_err}。" if zh else f" Applies when {prog} fails with {short_err}."
    elif zh:
        first, second = f"{prog} 报错「{short_err}」时，{fix_brief}。", ""
    else:
        first, second = f"When {prog} fails with {short_err}, {fix_brief}.", ""
        ecls = error_class(short_err)
        if len(first) > TITLE_BUDGET and ecls and ecls != short_err:
            # the class names the failure in the title; the message follows
            first, second = f"When {prog} fails with {ecls}, {fix_brief}.", f" Applies when {prog} fails with {short_err}."
            if len(first) > TITLE_BUDGET and " " in program:
                first = f"When {_code(program.split()[0])} fails with {ecls}, {fix_brief}."  # the subcommand is in what follows
    statement = f"{project} lesson: {first}{second}"
    if fix_brief != fix:
        statement += f" 完整做法：{fix}。" if zh else f" In full: {fix}."
    if full_cause and full_cause != short_cause:
        statement += f" 原因：{full_cause}。" if zh else f" Cause: {full_cause}."
    if advice and advice not in statement:
        statement += f" 报错提示：{advice}。" if zh else f" The error says: {advice}."
    prevent = prevention_of(f.get("diagnosis") or "", project)
    if prevent and prevent not in statement:
        statement += f" 预防：{prevent}。" if zh else f" To prevent it: {prevent}."
    if fix_kind == "user_action" and f.get("user_words"):
        words = clean_text(f["user_words"], project)
        statement += f" 用户当时说：「{words}」。" if zh else f' The user said: "{words}".'
    subject = error_signature(raw, program.split()[0] if program else tool)
    evidence_ids = [f["event"]] + ([f["diagnosis_event"]] if f.get("diagnosis_event") else []) + list(f.get("fix") or []) + [passed["id"]]
    evidence = [by_id[i] for i in dict.fromkeys(evidence_ids) if i in by_id]
    ecls = error_class(raw)
    fixes = [c for c in f.get("fix_commands") or [] if c][:2]
    kws = [program.split()[0].lower() if program else tool.lower()] + ([ecls.lower()] if ecls else []) \
        + [c.split()[0].lower() for c in fixes if c.split()] + R.keywords(short_cause or short_err, 5)
    sig = make_signal(
        kind="lesson", scope="project", statement=statement, subject=subject, polarity="+",
        evidence=evidence, episode=ep, source_role="tool", trust="tool-observed",
        confidence=CONFIDENCE["lesson"] if worth else CONFIDENCE["lesson"] - 0.2,
        channels=["tool_failure_evidence"] if worth else [],
        keywords=list(dict.fromkeys(k.lower() for k in kws if k))[:8], created=created,
    )
    # the method card dream writes (applies when / method / check / signs it is failing)
    sig["applies_when"] = f"{prog} fails with: {clean_text(f.get('error') or short_err, project)[:200]}"
    sig["method"] = (fix[:1].upper() + fix[1:] if fix[:1].isascii() else fix) + stop
    sig["check"] = f"{prog} passes afterwards"
    sig["failing"] = f"{prog} still fails with {short_err} after the fix"
    sig["basis"] = f"{fix_kind or 'unknown'} fix, {err_kind} error: {basis}"
    return sig
