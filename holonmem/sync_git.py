"""The git side of ``holonmem sync``: thin subprocess calls, nothing decided here.

Every call runs ``git -C <repo top>`` with the user's own configuration; when no
identity is configured, commits get ``-c user.name=holonmem -c user.email=…``
on the command line (the user's git config is never written). Errors become
:class:`SyncError` with what to do, never a traceback.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .errors import HolonmemError


class SyncError(HolonmemError):
    """git is missing, the home is not a repository, a remote is unreachable, ..."""


class SyncConflict(HolonmemError):
    """Files people write conflict: sync stopped and changed nothing."""

    def __init__(self, paths: list[str], message: str, hint: str):
        super().__init__(message, hint)
        self.paths = paths


FALLBACK_NAME = "holonmem"
FALLBACK_EMAIL = "holonmem@localhost"


@dataclass
class Repo:
    top: Path  # the work tree's top folder
    prefix: str  # the home's folder inside it ("" or "sub/dir/")
    identity: tuple[str, ...] = ()  # -c options for commits when the user has no identity

    def git(self, *args: str, check: bool = True, input: bytes | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
        cmd = ["git", "-C", str(self.top), *args]
        full_env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", **(env or {})}
        try:
            proc = subprocess.run(cmd, input=input, capture_output=True, env=full_env)
        except OSError as exc:  # pragma: no cover - git vanished mid-run
            raise SyncError(f"could not run git: {exc}", "install git and make sure it is on PATH") from None
        if check and proc.returncode != 0:
            raise SyncError(f"git {args[0]} failed: {_tail(proc)}", _hint_for(args[0], proc))
        return proc

    def out(self, *args: str, check: bool = True) -> str:
        return self.git(*args, check=check).stdout.decode("utf-8", "replace").strip()

    def commit(self, message: str, *extra: str) -> None:
        self.git(*self.identity, "commit", "-q", "--no-verify", "-m", message, *extra)

    # -- paths: git speaks top-relative, holonmem home-relative
    def to_home(self, top_rel: str) -> str | None:
        if not top_rel.startswith(self.prefix):
            return None
        return top_rel[len(self.prefix):]

    def to_top(self, home_rel: str) -> str:
        return self.prefix + home_rel

    def show(self, rev: str, home_rel: str) -> bytes | None:
        """The bytes of ``home_rel`` at ``rev`` (``:1``/``:2``/``:3`` for the merge stages); None when absent."""
        spec = f"{rev}:{self.to_top(home_rel)}" if not rev.startswith(":") else f"{rev}:{self.to_top(home_rel)}"
        proc = self.git("show", spec, check=False)
        return proc.stdout if proc.returncode == 0 else None

    def changed(self, a: str, b: str) -> dict[str, str]:
        """``{home-relative path: status letter}`` for what differs between two commits, inside the home."""
        proc = self.git("diff", "--no-renames", "--name-status", "-z", a, b, "--", self.prefix or ".")
        return self._name_status(proc.stdout)

    def _name_status(self, raw: bytes) -> dict[str, str]:
        parts = raw.decode("utf-8", "surrogateescape").split("\0")
        out: dict[str, str] = {}
        for i in range(0, len(parts) - 1, 2):
            rel = self.to_home(parts[i + 1])
            if rel is not None:
                out[rel] = parts[i][:1]
        return out

    def _spec(self) -> list[str]:
        """The home as a pathspec, ``.holonmem/`` left out (git refuses to name it when ignored)."""
        ignored = self.git("check-ignore", "-q", f"{self.prefix}.holonmem/", check=False).returncode == 0
        return [self.prefix or "."] + ([] if ignored else [f":(exclude){self.prefix}.holonmem"])

    def status(self) -> dict[str, str]:
        """Uncommitted changes in the home (``.holonmem/`` excluded): ``{path: XY code}``."""
        proc = self.git("status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", *self._spec())
        out: dict[str, str] = {}
        for item in proc.stdout.decode("utf-8", "surrogateescape").split("\0"):
            if len(item) > 3:
                rel = self.to_home(item[3:])
                if rel is not None:
                    out[rel] = item[:2]
        return out

    def add_all(self) -> None:
        self.git("add", "-A", "--", *self._spec())

    def add(self, paths: list[str]) -> None:
        for i in range(0, len(paths), 200):
            self.git("add", "-A", "--", *[self.to_top(p) for p in paths[i:i + 200]])

    def staged(self) -> dict[str, str]:
        proc = self.git("diff", "--cached", "--no-renames", "--name-status", "-z", "--", self.prefix or ".")
        return self._name_status(proc.stdout)

    def rev(self, ref: str) -> str | None:
        proc = self.git("rev-parse", "--verify", "-q", ref + "^{commit}", check=False)
        return proc.stdout.decode().strip() or None if proc.returncode == 0 else None

    def is_ancestor(self, a: str, b: str) -> bool:
        return self.git("merge-base", "--is-ancestor", a, b, check=False).returncode == 0

    def merge_base(self, a: str, b: str) -> str | None:
        proc = self.git("merge-base", a, b, check=False)
        return proc.stdout.decode().strip() or None if proc.returncode == 0 else None

    def unmerged(self) -> list[str]:
        proc = self.git("diff", "--name-only", "--diff-filter=U", "-z", check=False)
        out = []
        for p in proc.stdout.decode("utf-8", "surrogateescape").split("\0"):
            rel = self.to_home(p) if p else None
            if p and rel is None:
                out.append("../" + p)  # outside the home: always a person's file
            elif rel:
                out.append(rel)
        return sorted(set(out))

    def merging(self) -> bool:
        gd = self.out("rev-parse", "--git-dir")
        return (Path(gd) if os.path.isabs(gd) else self.top / gd).joinpath("MERGE_HEAD").exists()

    def log_lines(self, a: str, b: str, limit: int = 20) -> list[str]:
        return [ln for ln in self.out("log", "--oneline", f"-{limit}", f"{a}..{b}").splitlines() if ln]

    def merge_tree_conflicts(self, ours: str, theirs: str) -> list[str] | None:
        """Paths a merge would leave conflicted, from ``git merge-tree`` (git >= 2.38; None when older)."""
        proc = self.git("merge-tree", "--write-tree", "--name-only", "-z", ours, theirs, check=False)
        if proc.returncode not in (0, 1):
            return None
        parts = proc.stdout.decode("utf-8", "surrogateescape").split("\0\0")[0].split("\0")
        return sorted({self.to_home(p) or "../" + p for p in parts[1:] if p})


def _tail(proc: subprocess.CompletedProcess) -> str:
    text = (proc.stderr or proc.stdout or b"").decode("utf-8", "replace").strip().splitlines()
    useful = [ln for ln in text if ln.strip() and not ln.startswith("hint:")]
    return (useful[-1] if useful else f"exit {proc.returncode}")[:300]


def _hint_for(cmd: str, proc: subprocess.CompletedProcess) -> str:
    text = (proc.stderr or b"").decode("utf-8", "replace").lower()
    if cmd in ("fetch", "push") and ("could not read" in text or "does not appear" in text or "not found" in text
                                     or "could not resolve" in text or "connection" in text):
        return "check the remote's URL (git remote -v) and your access to it; nothing was merged"
    if cmd == "push":
        return "your commits are kept locally; run holonmem sync again"
    return "run the git command by hand to see the whole message (docs/sync.md)"


def open_repo(root: Path) -> Repo:
    """The git work tree that holds the home at ``root``; a clear error when there is none."""
    if shutil.which("git") is None:
        raise SyncError("git is not installed (holonmem sync works through git)",
                        "install git (e.g. apt-get install git), then run holonmem sync again")
    proc = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-toplevel", "--show-prefix"],
                          capture_output=True, env={**os.environ, "LC_ALL": "C"})
    if proc.returncode != 0:
        raise SyncError(f"the home {root} is not in a git repository",
                        f"make it one: git -C {root} init && git -C {root} remote add origin URL "
                        "(or clone an existing home); see docs/sync.md")
    lines = proc.stdout.decode("utf-8", "surrogateescape").splitlines()
    top = Path(lines[0])
    prefix = lines[1] if len(lines) > 1 else ""
    if prefix and not prefix.endswith("/"):
        prefix += "/"
    repo = Repo(top, prefix)
    ident = []
    if not repo.out("config", "user.name", check=False):
        ident += ["-c", f"user.name={FALLBACK_NAME}"]
    if not repo.out("config", "user.email", check=False):
        ident += ["-c", f"user.email={FALLBACK_EMAIL}"]
    repo.identity = tuple(ident)
    return repo


@dataclass
class Target:
    remote: str
    branch: str  # the remote branch name

    @property
    def ref(self) -> str:
        return f"refs/remotes/{self.remote}/{self.branch}"


def target(repo: Repo, remote: str | None) -> Target:
    """Where to sync: ``--remote``, else the branch's upstream, else ``origin`` (same branch name)."""
    branch = repo.out("symbolic-ref", "--short", "-q", "HEAD", check=False)
    if not branch:
        raise SyncError("the home's repository is not on a branch (detached HEAD)",
                        "check out a branch first: git switch main")
    up_remote = repo.out("config", f"branch.{branch}.remote", check=False)
    up_merge = repo.out("config", f"branch.{branch}.merge", check=False)
    if remote is None:
        remote = up_remote or "origin"
    rbranch = up_merge.removeprefix("refs/heads/") if (up_merge and remote == up_remote) else branch
    remotes = repo.out("remote").split()
    if remote not in remotes:
        raise SyncError(f"the home's repository has no remote {remote!r}" + (f" (it has: {', '.join(remotes)})" if remotes else ""),
                        "add one: git remote add origin URL (a bare repository works: git init --bare), "
                        "or pass --remote NAME")
    return Target(remote, rbranch)
