"""``holonmem sync``: commit, fetch, merge by meaning, re-derive, push (docs/sync.md).

The steps, under the home's pipeline lock (no consolidate, dream or hand command runs
meanwhile; the ledger and signals locks are held while git rewrites those files):

1. commit every change in the home, a person's edits included (``.holonmem/`` never);
2. fetch the remote (the branch's upstream, else ``origin``, or ``--remote``);
3. fast-forward, or ``git merge --no-commit`` and resolve every file holonmem owns from
   its three versions (:mod:`holonmem.sync_merge`); a conflict in a file a person writes
   aborts the merge — the tree is as before — and names the paths;
4. fold memories that say the same thing, settle rival supersedes (:mod:`holonmem.sync`),
   regenerate MEMORY.md, commit the merge;
5. carry the consolidate checkpoint over the changed ledger files (by event id), set the
   private files' modes, bring the index and catalogs up to date;
6. push (a push that lost a race fetches and merges again, at most three times).
"""

from __future__ import annotations

import datetime as dt
import os
import socket
import stat
from dataclasses import dataclass, field

from . import sync as P
from . import sync_merge as M
from .fsio import atomic_write, read_json
from .home import Home
from .locks import LEDGER, PIPELINE, home_lock
from .signalstore import SIGNALS_LOCK
from .sync_git import Repo, SyncConflict, SyncError, Target, open_repo, target

STATE_FILE = "consolidate.json"
ATTEMPTS = 3


@dataclass
class SyncResult:
    remote: str = ""
    branch: str = ""
    committed: list[str] = field(default_factory=list)  # this machine's changed paths
    message: str = ""  # the commit message of this machine's changes
    by_hand: list[str] = field(default_factory=list)
    incoming: list[str] = field(default_factory=list)  # commits fetched ("abc123 subject")
    merge: str = "up to date"  # up to date | fast-forward | merged | nothing to merge (new remote)
    resolved: dict[str, str] = field(default_factory=dict)  # path -> how it was merged
    folded: list[str] = field(default_factory=list)  # "survivor <- folded" lines
    conflicts: list[str] = field(default_factory=list)  # dry run: people's files that would conflict
    pushed: bool | None = False  # None: nothing to push
    dry_run: bool = False
    moved: bool = False  # lines moved inside a ledger file (the search index is rebuilt)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return dict(self.__dict__)

    def summary(self) -> list[str]:
        out = []
        verb = "would commit" if self.dry_run else "committed"
        if self.committed:
            out.append(f"{verb} {len(self.committed)} file(s): {self.message.splitlines()[0]}")
        else:
            out.append("nothing to commit")
        if self.incoming:
            out.append(f"{'incoming' if self.dry_run else 'fetched'} {len(self.incoming)} commit(s) from {self.remote}/{self.branch}")
        out.append(f"merge: {self.merge}")
        for path, how in sorted(self.resolved.items()):
            out.append(f"  {'would merge' if self.dry_run else 'merged'} {path}: {how}")
        for line in self.folded:
            out.append(f"  {line}")
        for path in self.conflicts:
            out.append(f"  would stop: {path} conflicts (a person's file)")
        if not self.dry_run:
            out.append(f"pushed to {self.remote}/{self.branch}" if self.pushed else
                       "nothing to push" if self.pushed is None else "not pushed (--no-push)")
        out += self.notes
        return out


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


def run_sync(home: Home, *, remote: str | None = None, push: bool = True, dry_run: bool = False,
             timeout: float = 10.0) -> SyncResult:
    repo = open_repo(home.root)
    if repo.merging():
        raise SyncError("a git merge is already in progress in the home's repository",
                        "finish it (fix the files, git add, git commit) or cancel it (git merge --abort), "
                        "then run holonmem sync again")
    tgt = target(repo, remote)
    res = SyncResult(remote=tgt.remote, branch=tgt.branch, dry_run=dry_run)
    home.ensure_state_dirs()
    with home_lock(home, PIPELINE, timeout):
        if dry_run:
            return _dry_run(home, repo, tgt, res)
        try:
            return _sync(home, repo, tgt, res, push, timeout)
        finally:
            _fix_modes(home)  # git writes files with the umask's modes (a merge, its abort, a checkout)


def _sync(home: Home, repo: Repo, tgt: Target, res: SyncResult, push: bool, timeout: float) -> SyncResult:
    _commit_local(home, repo, res, timeout)
    for attempt in range(ATTEMPTS):
        _fetch(repo, tgt)
        theirs = repo.rev(tgt.ref)
        head = repo.rev("HEAD")
        if theirs is None:
            res.merge = "nothing to merge (the remote has no such branch yet)"
        elif head is not None and repo.is_ancestor(theirs, head):
            pass  # up to date, or only ahead
        else:
            res.incoming = repo.log_lines(head, theirs) if head else []
            _integrate(home, repo, tgt, theirs, head, res, timeout)
        _after(home, res)
        if not push:
            break
        if theirs is not None and repo.rev("HEAD") == theirs:
            res.pushed = None  # the remote has everything already
            break
        proc = repo.git("push", "-q", tgt.remote, f"HEAD:refs/heads/{tgt.branch}", check=False)
        if proc.returncode == 0:
            res.pushed = True
            break
        err = (proc.stderr or b"").decode("utf-8", "replace")
        if attempt + 1 < ATTEMPTS and ("fetch first" in err or "non-fast-forward" in err or "rejected" in err):
            continue  # someone pushed meanwhile: merge that too
        raise SyncError(f"git push to {tgt.remote} failed: {err.strip().splitlines()[-1] if err.strip() else proc.returncode}",
                        "your changes are committed locally; run holonmem sync again (or --no-push)")
    return res


def _fetch(repo: Repo, tgt: Target) -> None:
    """Fetch the remote branch; an empty remote is fine, an unreachable one is an error."""
    if repo.git("fetch", "-q", tgt.remote, f"+refs/heads/{tgt.branch}:{tgt.ref}", check=False).returncode == 0:
        return
    proc = repo.git("ls-remote", "--heads", tgt.remote, check=False)
    if proc.returncode != 0:
        why = (proc.stderr or b"").decode("utf-8", "replace").strip().splitlines()
        raise SyncError(f"cannot reach the remote {tgt.remote!r}: {(why[-1] if why else 'git ls-remote failed')[:300]}",
                        "check the URL (git remote -v) and your access to it; nothing was merged")


# -- 1. commit ---------------------------------------------------------------------------

def _by_hand(home: Home, paths) -> list[str]:
    from .memory import stamp_state

    out = []
    for rel in paths:
        kind = P.owner(rel)
        if kind == P.PERSON and not rel.startswith(".git"):
            out.append(rel)
        elif kind == P.MEMORY:
            try:
                text = (home.root / rel).read_text("utf-8", errors="replace")
            except OSError:
                continue  # deleted
            if stamp_state(text) != "holonmem":
                out.append(rel)
    return out


def _added_lines(repo: Repo) -> dict[str, int]:
    out = {}
    for ln in repo.out("diff", "--cached", "--numstat", "--no-renames", "--", repo.prefix or ".").splitlines():
        parts = ln.split("\t")
        if len(parts) == 3 and parts[0].isdigit():
            rel = repo.to_home(parts[2])
            if rel is not None:
                out[rel] = int(parts[0])
    return out


def _commit_local(home: Home, repo: Repo, res: SyncResult, timeout: float) -> None:
    with home_lock(home, LEDGER, timeout), home_lock(home, SIGNALS_LOCK, timeout):
        _commit_staged(home, repo, res)


def _commit_staged(home: Home, repo: Repo, res: SyncResult) -> None:
    """Commit what changed in the home (the caller holds the ledger and signals locks)."""
    repo.add_all()
    staged = repo.staged()
    if not staged:
        return
    by_hand = _by_hand(home, staged)
    message = P.commit_message(staged, _added_lines(repo), by_hand, socket.gethostname() or "this machine")
    repo.commit(message)
    res.committed = sorted(set(res.committed) | set(staged))
    res.by_hand = sorted(set(res.by_hand) | set(by_hand))
    res.message = res.message or message


def _dry_run(home: Home, repo: Repo, tgt: Target, res: SyncResult) -> SyncResult:
    changes = repo.status()
    res.committed = sorted(changes)
    res.by_hand = _by_hand(home, changes)
    if changes:
        res.message = P.commit_message({p: c.strip()[:1] or "M" for p, c in changes.items()}, {}, res.by_hand,
                                       socket.gethostname() or "this machine")
    _fetch(repo, tgt)
    theirs, head = repo.rev(tgt.ref), repo.rev("HEAD")
    if theirs is None:
        res.merge = "nothing to merge (the remote has no such branch yet)"
    elif head is None:
        res.merge = "would fast-forward"
    elif repo.is_ancestor(theirs, head):
        res.merge = "up to date"
    elif repo.is_ancestor(head, theirs) and not changes:
        res.incoming = repo.log_lines(head, theirs)
        res.merge = "would fast-forward"
    else:
        res.incoming = repo.log_lines(head, theirs)
        res.merge = "would merge"
        base = repo.merge_base(head, theirs) or ""
        both = set(repo.changed(base, head)) & set(repo.changed(base, theirs)) if base else set()
        textual = repo.merge_tree_conflicts(head, theirs) or []
        for rel in sorted(both | set(textual)):
            kind = P.owner(rel)
            if kind == P.PERSON:
                if rel in textual:
                    res.conflicts.append(rel)
            else:
                res.resolved[rel] = P.HOW[kind]
        if changes:
            res.notes.append("(the uncommitted changes above are not part of this prediction)")
    res.notes.append("dry run: nothing was committed, merged or pushed (the remote was fetched)")
    return res


# -- 3./4. merge ---------------------------------------------------------------------------

def _text(b: bytes | None) -> str | None:
    return None if b is None else b.decode("utf-8", "surrogateescape")


def _integrate(home: Home, repo: Repo, tgt: Target, theirs: str, head: str | None, res: SyncResult, timeout: float) -> None:
    with home_lock(home, LEDGER, timeout), home_lock(home, SIGNALS_LOCK, timeout):
        _commit_staged(home, repo, res)  # what was ingested during the fetch: git merges only committed files
        head = repo.rev("HEAD")
        incoming = repo.changed(head, theirs) if head else {}
        before = _checkpoint_before(home, [p for p in incoming if P.owner(p) == P.LEDGER])
        if head is None or repo.is_ancestor(head, theirs):
            repo.git("merge", "--ff-only", "-q", theirs)
            res.merge = "fast-forward"
        else:
            _merge(home, repo, tgt, theirs, head, res)
            res.merge = "merged"
    _carry_checkpoint(home, before, [p for p in incoming if P.owner(p) == P.LEDGER])
    res.moved = any(not _read_bytes(home.root / rel).startswith(old) for rel, old in before["bytes"].items())


def _read_bytes(path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _merge(home: Home, repo: Repo, tgt: Target, theirs: str, head: str, res: SyncResult) -> None:
    base = repo.merge_base(head, theirs)
    ours_changed = repo.changed(base, head) if base else {}
    theirs_changed = repo.changed(base, theirs) if base else repo.changed(head, theirs)
    proc = repo.git(*repo.identity, "merge", "--no-commit", "--no-ff", "--no-edit", "--allow-unrelated-histories",
                    "-q", theirs, check=False)
    unmerged = set(repo.unmerged())
    if proc.returncode != 0 and not unmerged and not repo.merging():
        raise SyncError(f"git merge failed: {(proc.stderr or proc.stdout).decode('utf-8', 'replace').strip()[-300:]}",
                        "nothing was merged; run the git merge by hand to see why")
    try:
        _resolve(home, repo, tgt, theirs, head, res, base, ours_changed, theirs_changed, unmerged)
    except BaseException:
        # whatever stopped it (a conflict, an error, Ctrl-C): the tree goes back to where it was
        if repo.merging():
            repo.git("merge", "--abort", check=False)
        if repo.merging():  # pragma: no cover - abort refused: reset to where we were
            repo.git("reset", "-q", "--merge", check=False)
        res.resolved.clear()
        res.folded.clear()
        raise


def _resolve(home: Home, repo: Repo, tgt: Target, theirs: str, head: str, res: SyncResult, base: str | None,
             ours_changed: dict, theirs_changed: dict, unmerged: set[str]) -> None:
    """Resolve an uncommitted merge by meaning and commit it; raise to have it aborted."""
    from .memory import parse_memory, render_memory, stamp_state

    if base:
        both = (set(ours_changed) & set(theirs_changed)) | unmerged
    else:  # unrelated histories (two homes made apart): what both have and differs
        both = {p for p, c in theirs_changed.items() if c == "M"} | unmerged

    def three(rel: str):
        return (repo.show(base, rel) if base else None), repo.show("HEAD", rel), repo.show(theirs, rel)

    writes: dict[str, bytes | None] = {}  # path -> bytes (None: delete)
    people: list[str] = []
    renamed: dict[str, str] = {}
    hand: set[str] = set()
    for rel in sorted(both):
        kind = P.owner(rel)
        if kind == P.PERSON:
            if rel in unmerged:
                people.append(rel)
            continue
        if kind == P.INDEX:
            continue  # regenerated below
        b, o, t = three(rel)
        if o == t:
            if rel in unmerged and o is not None:
                writes[rel] = o  # the same change on both sides
            continue
        if o is None or t is None:  # deleted on one side, changed on the other
            if kind == P.MEMORY:  # holonmem never deletes a memory file: a person did
                if rel in unmerged:
                    people.append(f"{rel} (deleted on one side, changed on the other)")
                continue
            keep = o if o is not None else t
            writes[rel] = keep
            res.resolved[rel] = "kept the side that still has it"
            continue
        if kind == P.LEDGER:
            writes[rel] = M.merge_jsonl(b, o, t, M.event_key)
        elif kind == P.SIGNALS:
            writes[rel] = M.merge_jsonl(b, o, t, M.signal_key)
        elif kind in (P.EPISODES, P.JOURNAL):
            fn = M.merge_episodes if kind == P.EPISODES else M.merge_journal
            text, clashes = fn(_text(b), _text(o), _text(t))
            if clashes:
                people.append(f"{rel} ({', '.join(clashes[:3])} edited on both sides)")
                continue
            writes[rel] = text.encode("utf-8", "surrogateescape")
        elif kind == P.MEMORY:
            so, st = stamp_state(_text(o)), stamp_state(_text(t))
            if so != "holonmem" or st != "holonmem":
                people.append(f"{rel} (edited by hand)")
                hand.add(rel)
                continue
            mb = parse_memory(rel, _text(b)) if b is not None else None
            merged, dropped = M.merge_memory_fields(mb, parse_memory(rel, _text(o)), parse_memory(rel, _text(t)))
            if dropped:
                renamed[dropped] = merged.id
            writes[rel] = render_memory(merged).encode("utf-8")
        res.resolved[rel] = P.HOW[kind]
    index_text = None
    if "MEMORY.md" in both:
        b, o, t = three("MEMORY.md")
        index_text = M.merge_memory_index(_text(b), _text(o), _text(t))
        if index_text is None:
            people.append("MEMORY.md (lines a person wrote changed on both sides)")
        else:
            res.resolved["MEMORY.md"] = P.HOW[P.INDEX]
    if people:
        names = [p.split(" (")[0] for p in people]
        raise SyncConflict(
            names,
            f"sync stopped: {len(people)} file(s) people write conflict with {tgt.remote}/{tgt.branch}: "
            + "; ".join(people) + ". Nothing was merged; the files are as before"
            + (f" (your changes are committed: {head[:10]})" if res.committed else ""),
            f"merge them by hand: git merge {tgt.remote}/{tgt.branch}, fix the files named (holonmem doctor lists "
            "the conflict markers), git add them, git commit; then holonmem sync again (docs/sync.md)")
    for rel, data in writes.items():
        path = home.root / rel
        if data is None:
            path.unlink(missing_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(path, data)
    _fold_and_index(home, res, set(ours_changed), set(theirs_changed), hand, renamed, index_text)
    repo.add(sorted(set(writes) | set(res.resolved) | {"MEMORY.md"}))
    left = repo.unmerged()
    if left:  # pragma: no cover - every conflicted path was resolved or the merge aborted above
        raise SyncError(f"sync stopped: unresolved paths {', '.join(left)}", "merge them by hand (docs/sync.md)")
    n = len(res.incoming)
    msg = (f"holonmem sync: merge {tgt.remote}/{tgt.branch} ({n} commit{'s' if n != 1 else ''})\n\n"
           + "".join(f"{p}: {how}\n" for p, how in sorted(res.resolved.items()))
           + "".join(f"{ln}\n" for ln in res.folded))
    repo.commit(msg)


def _fold_and_index(home: Home, res: SyncResult, ours: set[str], theirs: set[str], hand: set[str],
                    renamed: dict[str, str], index_text: str | None) -> None:
    """One active memory per rule, then MEMORY.md's managed lines from the memory files."""
    from .memory import load_memories, render_memory, stamp_state
    from .memory_index import entry_for, sync_index

    mems = load_memories(home)
    for m in mems:
        try:
            if stamp_state((home.root / m.path).read_text("utf-8", errors="replace")) != "holonmem":
                hand.add(m.path)
        except OSError:
            hand.add(m.path)
    fold = P.fold_memories(mems, ours, theirs, hand, renamed, now=_now())
    for path, m in fold.writes.items():
        atomic_write(home.root / path, render_memory(m).encode("utf-8"))
    res.folded += [f"one memory: {s} <- {' '.join(f)}" for s, f in fold.merged]
    res.folded += [f"superseded by {w}: {' '.join(l)}" for w, l in fold.superseded]
    for path in fold.writes:
        res.resolved.setdefault(path, "folded (the same rule on both sides)")
    text = index_text if index_text is not None else _read(home.memory_md)
    final = {m.path: m for m in mems}
    final.update(fold.writes)
    new, _ = sync_index(text, [entry_for(m) for m in final.values() if m.is_active])
    if new != _read(home.memory_md):
        atomic_write(home.memory_md, new.encode("utf-8"))
        res.resolved.setdefault("MEMORY.md", P.HOW[P.INDEX])


def _read(path) -> str:
    try:
        return path.read_text("utf-8")
    except FileNotFoundError:
        return ""


# -- 5. after: checkpoints, modes, derived state ------------------------------------------------

def _checkpoint_before(home: Home, ledger_paths: list[str]) -> dict:
    """What consolidate has read here, by event id, in the ledger files about to change."""
    state = read_json(home.state_file(STATE_FILE), {}) or {}
    if not isinstance(state, dict):
        state = {}
    offsets = state.get("offsets") or {}
    open_ids: set[str] = set()
    datas: dict[str, bytes] = {}
    for key, positions in (state.get("open") or {}).items():
        for p in positions if isinstance(positions, list) else []:
            try:
                name, off, length = p
                data = datas.get(name)
                if data is None:
                    data = datas[name] = (home.ledger_dir / name).read_bytes()
                import json

                open_ids.add(json.loads(data[off:off + length])["id"])
            except (OSError, ValueError, TypeError, KeyError):
                continue
    done: set[str] = set()
    old: dict[str, bytes] = {}
    for rel in ledger_paths:
        name = rel.split("/", 1)[1]
        try:
            data = datas.get(name) or (home.ledger_dir / name).read_bytes()
        except OSError:
            continue
        old[rel] = data
        done |= P.consolidated_ids(data, int(offsets.get(name) or 0))
    return {"state": state, "done": done - open_ids, "exists": home.state_file(STATE_FILE).exists(), "bytes": old}


def _carry_checkpoint(home: Home, before: dict, ledger_paths: list[str]) -> None:
    """Re-express the consolidate checkpoint for the changed ledger files (docs/sync.md)."""
    names = [p.split("/", 1)[1] for p in ledger_paths]
    if not before["exists"]:
        names = sorted(p.name for p in home.ledger_dir.glob("*.jsonl")) if home.ledger_dir.is_dir() else []
    if not names:
        return
    from .episodes import load_episodes
    from .signalstore import size

    done = set(before["done"])
    for ep in load_episodes(home):
        done.update(ep.events)
    files = {}
    for name in names:
        try:
            files[name] = (home.ledger_dir / name).read_bytes()
        except FileNotFoundError:
            files[name] = b""
    new = P.anchor(before["state"], files, done, signals_size=size(home))
    new.setdefault("last_run", _now())
    from .fsio import atomic_write_json

    atomic_write_json(home.state_file(STATE_FILE), new)


def _private_files(home: Home) -> list:
    out = sorted(home.ledger_dir.glob("*.jsonl")) if home.ledger_dir.is_dir() else []
    if home.signals_path.exists():
        out.append(home.signals_path)
    if home.memory_dir.is_dir():
        out += sorted(home.memory_dir.glob("*.md"))
    return out


def _after(home: Home, res: SyncResult) -> None:
    """Private files owner-only (git checks files out with the umask's 0644); derived state caught up."""
    from .layout import DIRS

    for d in DIRS:
        (home.root / d).mkdir(exist_ok=True)  # git keeps no empty folders
    if res.merge not in ("merged", "fast-forward") and not home.state_file(STATE_FILE).exists() \
            and home.ledger_dir.is_dir() and any(home.ledger_dir.glob("*.jsonl")):
        # a fresh clone: what the other machines consolidated is not consolidated again here
        _carry_checkpoint(home, {"state": {}, "done": set(), "exists": False, "bytes": {}}, [])
    # derived state catches up after every sync, also one that only sent this machine's commits:
    # an episode day consolidated here since the last search is indexed now (incremental, cheap)
    _rederive(home, res)


def _fix_modes(home: Home) -> None:
    for p in _private_files(home):
        try:
            if p.is_file() and not p.is_symlink() and stat.S_IMODE(p.stat().st_mode) & 0o077:
                os.chmod(p, 0o600)
        except OSError:
            continue


def _rederive(home: Home, res: SyncResult) -> None:
    """The search index, the id map and the catalogs after files changed under them
    (derived state: a failure is a note, the next command catches up)."""
    try:
        from . import index

        if index.load_state(home) is not None:
            pend = index.pending(home)
            if pend.get("rewritten") or res.moved:
                # lines moved inside a ledger file: the index's positions are rebuilt, not patched
                # (the id map notices by itself: the bytes before its recorded end changed)
                index.rebuild(home)
            else:
                index.update(home)
    except Exception as exc:  # noqa: BLE001 - derived state
        res.notes.append(f"note: the search index was not brought up to date ({type(exc).__name__}: {exc}); "
                         "`holonmem index` does it")
    for mod in ("memory_catalog", "episode_catalog"):
        try:
            import importlib

            importlib.import_module(f"holonmem.{mod}").sync(home)
        except Exception as exc:  # noqa: BLE001 - derived state
            res.notes.append(f"note: the {mod.replace('_', ' ')} was not updated ({type(exc).__name__})")
