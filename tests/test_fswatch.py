"""fswatch: the stats kept between turns by the turn server's watcher equal a
fresh os.stat after every kind of change (real inotify on real files)."""

from __future__ import annotations

import os
import random
import shutil

import pytest

from holonmem import fswatch

FIELDS = ("st_mode", "st_ino", "st_dev", "st_nlink", "st_size", "st_mtime_ns", "st_ctime_ns")


def _key(st):
    return None if st is None else tuple(getattr(st, f) for f in FIELDS)


def _fresh(base, rels, follow=True):
    out = []
    for rel in rels:
        try:
            out.append(os.stat(os.path.join(base, rel), follow_symlinks=follow))
        except OSError:
            out.append(None)
    return out


def _check(base, rels, follow=True):
    got = [_key(s) for s in fswatch.stats(str(base), rels, follow=follow)]
    want = [_key(s) for s in _fresh(str(base), rels, follow)]
    assert got == want


@pytest.fixture
def watching():
    if not fswatch.start():
        pytest.skip("inotify is not available here")
    yield fswatch._watcher
    fswatch.stop()


def test_plain_mode_is_os_stat(tmp_path):
    fswatch.stop()
    (tmp_path / "a.md").write_text("x")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "b.md").write_text("yy")
    rels = ["a.md", "d/b.md", "missing.md", "d/none/c.md"]
    _check(tmp_path, rels)
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        got = fswatch.stats(str(tmp_path), rels, dir_fd=fd)
    finally:
        os.close(fd)
    assert [_key(s) for s in got] == [_key(s) for s in _fresh(str(tmp_path), rels)]
    assert fswatch.stats(str(tmp_path / "gone"), ["a.md"]) == [None]


def test_kept_stats_follow_every_change(tmp_path, watching):
    d = tmp_path / "mem"
    (d / "sub").mkdir(parents=True)
    a, b = d / "a.md", d / "sub" / "b.md"
    a.write_text("one")
    b.write_text("two")
    rels = ["a.md", "sub/b.md", "c.md"]
    _check(d, rels)
    assert watching.folders, "the folders are watched"
    kept = watching.folders[str(d)].entries
    assert "a.md" in kept

    steps = [
        lambda: a.write_text("one, longer"),               # rewritten in place
        lambda: a.open("a").write("+"),                     # appended
        lambda: os.truncate(a, 2),                          # truncated
        lambda: os.utime(a, ns=(1, 10**18)),                # touched
        lambda: os.chmod(a, 0o600),                         # mode changed
        lambda: (d / "c.md").write_text("new"),             # created
        lambda: os.replace(d / "c.md", a),                  # replaced by a rename
        lambda: b.unlink(),                                 # deleted
        lambda: b.write_text("back"),                       # recreated
        lambda: os.link(b, d / "c.md"),                     # a second link: not kept
        lambda: (d / "c.md").open("a").write("via c"),      # changed through that link
    ]
    for step in steps:
        step()
        _check(d, rels)
    assert "sub/b.md" not in kept and "b.md" not in watching.folders[str(d / "sub")].entries


def test_folder_replaced_or_an_ancestor_renamed(tmp_path, watching):
    root = tmp_path / "home"
    d = root / "memory"
    d.mkdir(parents=True)
    (d / "a.md").write_text("old folder")
    _check(d, ["a.md"])

    moved = tmp_path / "elsewhere"
    root.rename(moved)
    root.mkdir()
    d.mkdir()
    (d / "a.md").write_text("a new folder, another file")
    _check(d, ["a.md"])

    shutil.rmtree(root)
    _check(d, ["a.md"])
    moved.rename(root)  # the first folder is back under its old name
    (d / "a.md").write_text("edited after coming back")
    _check(d, ["a.md"])


def test_symbolic_links(tmp_path, watching):
    (tmp_path / "target.md").write_text("t")
    os.symlink(tmp_path / "target.md", tmp_path / "link.md")
    rels = ["link.md", "target.md"]
    _check(tmp_path, rels, follow=True)
    _check(tmp_path, rels, follow=False)
    (tmp_path / "target.md").write_text("target changed, link not touched")
    _check(tmp_path, rels, follow=True)
    _check(tmp_path, rels, follow=False)
    os.unlink(tmp_path / "link.md")
    (tmp_path / "other.md").write_text("o")
    os.symlink(tmp_path / "other.md", tmp_path / "link.md")
    _check(tmp_path, rels, follow=True)
    _check(tmp_path, rels, follow=False)


def test_random_changes(tmp_path, watching):
    rng = random.Random(17)
    folders = ["", "x", "x/y", "z"]
    for f in folders:
        (tmp_path / f).mkdir(parents=True, exist_ok=True)
    rels = [os.path.join(f, f"n{i}.md") if f else f"n{i}.md" for f in folders for i in range(6)]
    for _ in range(300):
        rel = rng.choice(rels)
        p = tmp_path / rel
        op = rng.randrange(7)
        try:
            if op == 0:
                p.write_text("w" * rng.randrange(40))
            elif op == 1:
                with p.open("a") as fh:
                    fh.write("a")
            elif op == 2:
                p.unlink()
            elif op == 3:
                os.utime(p, ns=(rng.randrange(10**18), rng.randrange(10**18)))
            elif op == 4:
                os.replace(p, tmp_path / rng.choice(rels))
            elif op == 5:
                tmp = p.with_suffix(".tmp")
                tmp.write_text("r" * rng.randrange(40))
                os.replace(tmp, p)
            else:
                os.chmod(p, rng.choice((0o644, 0o600)))
        except (FileNotFoundError, IsADirectoryError):
            pass
        _check(tmp_path, rng.sample(rels, 8))
        _check(tmp_path, rels)  # the same names each time: a whole batch's answers may be kept
        _check(tmp_path, rels)
    _check(tmp_path, rels)


def test_a_whole_batch_is_answered_again_only_while_nothing_changed(tmp_path, watching):
    (tmp_path / "d").mkdir()
    rels = ["a.md", "d/b.md", "missing.md"]
    others = ["d/b.md", "a.md"]  # another batch under the same folder (a turn asks for memories, then notes)
    (tmp_path / "a.md").write_text("a")
    (tmp_path / "d" / "b.md").write_text("b")
    batch = (str(tmp_path), True, "a.md", 3)
    _check(tmp_path, rels)
    _check(tmp_path, others)
    assert batch in watching.last and (str(tmp_path), True, "d/b.md", 2) in watching.last
    _check(tmp_path, rels)
    _check(tmp_path, others)
    (tmp_path / "missing.md").write_text("now here")  # an event in a watched folder
    _check(tmp_path, rels)
    _check(tmp_path, others)
    (tmp_path / "d" / "b.md").write_text("bb")  # an event for a name both batches ask for
    _check(tmp_path, others)
    _check(tmp_path, rels)
    os.symlink(tmp_path / "a.md", tmp_path / "d" / "link.md")  # a link is stat'ed each time: no batch kept
    with_link = [*rels, "d/link.md"]
    _check(tmp_path, with_link)
    assert (str(tmp_path), True, "a.md", 4) not in watching.last
    (tmp_path / "a.md").write_text("changed through the link's target")
    _check(tmp_path, with_link)
    _check(tmp_path, rels)


def test_queue_overflow_forgets_what_was_kept(tmp_path, watching):
    (tmp_path / "a.md").write_text("x")
    _check(tmp_path, ["a.md"])
    folder = watching.folders[str(tmp_path)]
    assert folder.entries
    overflow = (-1).to_bytes(4, "little", signed=True) + (0x4000).to_bytes(4, "little") + bytes(8)
    watching._apply(overflow)
    assert not folder.entries
    _check(tmp_path, ["a.md"])


def test_many_folders_beyond_the_cap_are_stat_ed(tmp_path, watching, monkeypatch):
    monkeypatch.setattr(fswatch, "MAX_FOLDERS", 2)
    rels = []
    for i in range(5):
        (tmp_path / f"d{i}").mkdir()
        (tmp_path / f"d{i}" / "f.md").write_text(str(i))
        rels.append(f"d{i}/f.md")
    _check(tmp_path, rels)
    assert len(watching.folders) <= 2
    for i in range(5):
        (tmp_path / f"d{i}" / "f.md").write_text("changed " * i)
    _check(tmp_path, rels)
