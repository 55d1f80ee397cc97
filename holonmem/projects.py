"""Project names from a working directory (pure but for reading ``.git`` files).

Clients say where a session ran (``cwd``); holonmem names the project after it:

1. ``[projects]`` in ``holonmem.toml``: path globs to project names, first
   match in file order wins; a glob matches the folder itself or any folder
   above it (``"~/src/mono/services/billing" = "billing"`` also names
   ``~/src/mono/services/billing/api``)::

       [projects]
       "~/src/spotter-worktrees/*" = "spotter"
       "~/src/mono/services/billing" = "billing"
       "~/src/mono" = "mono"

2. the git repository holding ``cwd`` (walking up for ``.git``): its folder
   name; for a linked worktree (``.git`` is a file ``gitdir: …``) the *main*
   worktree's folder name, found through the worktree's ``commondir``, so 50
   worktrees of one repository are one project (a bare repository
   ``spotter.git`` gives ``spotter``);
3. else ``cwd``'s own folder name (also for a path that does not exist on
   this machine, e.g. a payload written elsewhere).

No subprocess and at most a few small reads: it runs on the per-turn hook
path. A name is always one path component, never an absolute path.

The mapping is the home's: :func:`holonmem.config.load_config` hands it to
:func:`use` whenever it reads the settings (ingest reads them first), so the
adapters, which do not know the home, name projects the way the home says.
"""

from __future__ import annotations

import os

_RULES: list[tuple[str, str]] = []
_CACHE: dict[str, str | None] = {}


def use(mapping) -> None:
    """Set the ``[projects]`` rules (``{glob: name}``, in file order); bad entries are ignored."""
    rules: list[tuple[str, str]] = []
    if isinstance(mapping, dict):
        for pattern, name in mapping.items():
            if isinstance(pattern, str) and isinstance(name, str) and pattern.strip() and _clean_name(name):
                pat = os.path.expanduser(pattern.strip()).replace("\\", "/").rstrip("/") or "/"
                rules.append((pat, _clean_name(name)))
    _RULES[:] = rules
    _CACHE.clear()  # also forget what the file system said: a new read sees a new checkout


def _clean_name(name: str) -> str:
    """A project name is one path component: the last one of whatever was given."""
    return name.strip().replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].strip()


def _mapped(path: str) -> str | None:
    if not _RULES:
        return None
    import fnmatch

    p = path.replace("\\", "/")
    cands = [p]
    while True:
        parent = cands[-1].rsplit("/", 1)[0]
        if not parent or parent == cands[-1]:
            break
        cands.append(parent)
    for pattern, name in _RULES:
        if any(fnmatch.fnmatchcase(c, pattern) for c in cands):
            return name
    return None


def _read_small(path: str) -> str | None:
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as fh:
            return fh.read(4096).strip()
    except OSError:
        return None


def _repo_name(top: str) -> str | None:
    """The project name for the work tree at ``top`` (its ``.git`` is there)."""
    dot_git = os.path.join(top, ".git")
    if os.path.isfile(dot_git):
        head = _read_small(dot_git) or ""
        if head.startswith("gitdir:"):
            gitdir = head[len("gitdir:"):].strip()
            if not os.path.isabs(gitdir):
                gitdir = os.path.normpath(os.path.join(top, gitdir))
            common = _read_small(os.path.join(gitdir, "commondir"))
            if common:  # a linked worktree: <main>/.git/worktrees/<name>/commondir -> ../..
                common_dir = os.path.normpath(common if os.path.isabs(common) else os.path.join(gitdir, common))
                name = _main_name(common_dir)
                if name:
                    return name
    return os.path.basename(top) or None


def _main_name(common_dir: str) -> str | None:
    """The main worktree's folder name for a repository's common git dir."""
    base = os.path.basename(common_dir)
    if base == ".git":
        return os.path.basename(os.path.dirname(common_dir)) or None
    if base.endswith(".git") and len(base) > 4:  # a bare repository: spotter.git
        return base[:-4]
    return base or None


def project_for(cwd: str | None) -> str | None:
    """The project name for a session that ran in ``cwd`` (``None`` without one)."""
    if not cwd or not isinstance(cwd, str):
        return None
    hit = _CACHE.get(cwd)
    if hit is not None or cwd in _CACHE:
        return hit
    path = cwd.rstrip("/\\") or cwd
    name = _mapped(os.path.expanduser(path))
    if name is None:
        cur = path
        for _ in range(64):
            if os.path.exists(os.path.join(cur, ".git")):
                name = _repo_name(cur)
                break
            parent = os.path.dirname(cur)
            if parent == cur or not parent:
                break
            cur = parent
    if name is None:
        name = path.replace("\\", "/").rsplit("/", 1)[-1] or None
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[cwd] = name
    return name
