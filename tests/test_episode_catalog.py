"""The episode catalog: the whoosh-free episode ranking of `context --task`,
kept in step with the episode files (consolidate, `holonmem index`, hand edits)."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys

import pytest

from holonmem import episode_catalog as cat
from holonmem.home import Home

from conftest import SAMPLE_EVENTS, SAMPLE_HOME

TASK = "Add a retry to the PDF upload before the next invoicer release"


@pytest.fixture(scope="module")
def consolidated(tmp_path_factory):
    root = tmp_path_factory.mktemp("cat") / "home"
    shutil.copytree(SAMPLE_HOME, root)
    for args in (["init", str(root)], ["--home", str(root), "ingest", str(SAMPLE_EVENTS)],
                 ["--home", str(root), "consolidate"]):
        p = subprocess.run([sys.executable, "-m", "holonmem", *args], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
    # past the racy window (2 s) of the files just written, so that a test's first sync restamps them
    # all; on a slow machine the window could otherwise close between two syncs of one test
    import time

    time.sleep(cat.RACY_NS / 1e9 + 0.2)
    return root


@pytest.fixture
def home(consolidated, tmp_path):
    root = tmp_path / "home"
    shutil.copytree(consolidated, root)
    return Home(root)


def _projects(home: Home) -> dict[str, str]:
    from holonmem.episodes import load_episodes

    return {ep.ref: ep.project for ep in load_episodes(home)}


def test_consolidate_builds_it_and_it_ranks_only_the_projects_episodes(home):
    from holonmem.episodes import load_episodes

    assert (home.state_dir / cat.DB_NAME).exists()  # consolidate synced it
    with cat.Catalog(home) as c:
        assert c.behind() == ([], [])
        hits = c.search(TASK, "invoicer")
    projects = _projects(home)
    assert hits and all(projects[r] == "invoicer" for r in hits)
    assert len(hits) == len(set(hits))
    # the sample's PDF-upload episode ranks first
    top = next(ep for ep in load_episodes(home) if ep.ref == hits[0])
    assert "upload" in (top.title + top.text).lower()
    with cat.Catalog(home) as c:
        assert c.search("nothing-like-this-anywhere", "invoicer") == []
        assert c.search(TASK, "no-such-project") == []


def test_a_hand_edit_is_seen_on_the_next_search(home):
    from holonmem.episodes import day_files

    path = day_files(home)[0]
    text = path.read_text(encoding="utf-8")
    heading = next(line for line in text.splitlines() if line.startswith("## "))
    path.write_text(text.replace(heading, heading + " zebrafish migration", 1), encoding="utf-8")
    project = next(line.split(":", 1)[1].strip().strip('"') for line in text.splitlines() if line.startswith("project:"))
    hits, why = cat.search_episodes(home, "zebrafish", project)
    assert why is None and len(hits) == 1 and hits[0].startswith(f"episode:{path.stem}#")
    # a deleted day file takes its episodes with it
    path.unlink()
    hits, why = cat.search_episodes(home, "zebrafish", project)
    assert (hits, why) == ([], None)


def test_far_behind_it_says_so_and_reads_nothing_until_synced_in_full(home):
    from holonmem.episodes import day_files

    files = day_files(home)
    for p in files:
        p.write_text(p.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # new stamps
    with cat.Catalog(home) as c:
        assert c.sync(max_files=len(files) - 1) is False
        assert len(c.behind()[0]) == len(files)  # nothing was read
        assert c.sync() is True and c.behind() == ([], [])


def test_index_rebuild_and_a_corrupt_catalog_start_it_again(home):
    db = home.state_dir / cat.DB_NAME
    with cat.Catalog(home) as c:
        before = c.search(TASK, "invoicer")
    for suffix in ("-wal", "-shm"):
        (home.state_dir / (cat.DB_NAME + suffix)).unlink(missing_ok=True)
    db.write_bytes(b"this is not a database" * 100)
    hits, why = cat.search_episodes(home, TASK, "invoicer")  # rebuilt from the day files, on the way
    assert why is None and hits == before
    p = subprocess.run([sys.executable, "-m", "holonmem", "--home", str(home.root), "index", "--rebuild"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    with cat.Catalog(home) as c:
        assert c.behind() == ([], []) and c.search(TASK, "invoicer") == before
    assert oct(db.stat().st_mode & 0o777) == "0o600"


def test_an_old_schema_is_replaced(home):
    db = home.state_dir / cat.DB_NAME
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version=0")
    conn.close()
    with cat.Catalog(home) as c:
        assert len(c.behind()[0]) > 0  # emptied: every day file is new again
        assert c.sync() and c.search(TASK, "invoicer")


def test_context_uses_it_and_never_imports_the_search_index(home):
    p = subprocess.run([sys.executable, "-X", "importtime", "-m", "holonmem", "--home", str(home.root), "context",
                        "--project", "invoicer", "--task", TASK, "--now", "2026-06-25"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr[-2000:]
    mods = {line.split("|")[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}
    assert "## Relevant episodes" in p.stdout and "(the latest)" not in p.stdout
    assert not mods & {"whoosh.index", "whoosh.searching", "whoosh.analysis", "holonmem.index", "holonmem.analysis"}


def test_new_stamps_on_the_same_bytes_are_only_hashed(home):
    """A copy, a checkout or `touch` gives every day file a new mtime: the
    catalog re-hashes them once instead of re-reading (and stays usable on the
    per-turn path, which re-reads at most a few files)."""
    import os

    from holonmem.episodes import day_files

    files = day_files(home)
    for p in files:
        os.utime(p, ns=(p.stat().st_atime_ns, p.stat().st_mtime_ns + 10**9))
    with cat.Catalog(home) as c:
        assert len(c.behind()[0]) == len(files)
        assert c.sync(max_files=0) is True
        assert c.behind() == ([], [])
        assert c.search(TASK, "invoicer")
    # same size, other bytes: that one is read again
    p = files[-1]
    text = p.read_text(encoding="utf-8")
    i = text.index("## ") + 3
    p.write_text(text[:i] + ("X" if text[i] != "X" else "Y") + text[i + 1:], encoding="utf-8")
    with cat.Catalog(home) as c:
        assert c.sync(max_files=0) is False and c.behind()[0] == [home.rel(p)]
        assert c.sync(max_files=1) is True and c.behind() == ([], [])


def test_a_day_file_linking_outside_the_home_is_never_read(home, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "2026-01-01.md"
    secret.write_text("## 10:00 · invoicer · leaked zebrafish plans\n\nzebrafish zebrafish\n", encoding="utf-8")
    (home.episodes_dir / "2026-01-01.md").symlink_to(secret)
    (home.episodes_dir / "2026-01-02.md").mkdir()  # not a file either
    with cat.Catalog(home) as c:
        assert c.behind() == ([], [])
        assert c.sync() and c.search("zebrafish", "invoicer") == []
    assert "zebrafish" not in (home.state_dir / cat.DB_NAME).read_bytes().decode("utf-8", "replace")


def test_an_unchanged_folder_stats_only_the_known_files_and_still_sees_every_change(home):
    """While the folder's mtime stays, a sync stats the known day files without listing the
    folder; an edit in place (which leaves the folder's mtime) is still seen on the next search,
    and a file added or removed moves the folder: it is listed again (again on the next turn
    while its new mtime is too recent to trust)."""
    import os
    import time

    from holonmem.episodes import day_files

    old = time.time() - 3600
    os.utime(home.episodes_dir, (old, old))  # older than RACY_NS: the folder's mtime is trusted
    assert cat.sync(home) is True
    with cat.Catalog(home) as c:
        assert c.conn.execute("SELECT value FROM meta WHERE key='folder'").fetchone()[0] == \
            home.episodes_dir.stat().st_mtime_ns
    listed = []
    real = cat.scan_days
    try:
        cat.scan_days = lambda h: listed.append(1) or real(h)
        assert cat.sync(home) is True and listed == []
        path = day_files(home)[0]
        text = path.read_text(encoding="utf-8")
        heading = next(line for line in text.splitlines() if line.startswith("## "))
        folder = home.episodes_dir.stat().st_mtime_ns
        path.write_text(text.replace(heading, heading + " zebrafish", 1), encoding="utf-8")  # in place
        assert home.episodes_dir.stat().st_mtime_ns == folder
        project = next(line.split(":", 1)[1].strip().strip('"') for line in text.splitlines()
                       if line.startswith("project:"))
        hits, why = cat.search_episodes(home, "zebrafish", project)
        assert why is None and hits and hits[0].startswith(f"episode:{path.stem}#") and listed == []
        # a new day file: the folder moved, it is listed (and, being recent, listed again next time)
        (home.episodes_dir / "2027-01-01.md").write_text(text.replace(heading, heading + " quokka", 1), encoding="utf-8")
        hits, why = cat.search_episodes(home, "quokka", project)
        assert why is None and hits and hits[0].startswith("episode:2027-01-01#") and listed == [1]
        with cat.Catalog(home) as c:
            assert c.conn.execute("SELECT value FROM meta WHERE key='folder'").fetchone()[0] == -1
        cat.search_episodes(home, "quokka", project)
        assert listed == [1, 1]
        # a file removed: listed, its episodes gone
        (home.episodes_dir / "2027-01-01.md").unlink()
        os.utime(home.episodes_dir, (old, old))
        assert cat.sync(home) is True
        with cat.Catalog(home) as c:
            assert c.search("quokka", project) == []
            known = c.conn.execute("SELECT value FROM meta WHERE key='folder'").fetchone()[0]
        assert known == home.episodes_dir.stat().st_mtime_ns
    finally:
        cat.scan_days = real


def _rows(c) -> dict:
    return {rel: (m, s) for rel, m, s in c.conn.execute("SELECT rel, mtime_ns, size FROM days")}


def _blobs(c) -> list:
    import marshal

    gen = c.conn.execute("SELECT value FROM meta WHERE key='gen'").fetchone()
    return [(g == (gen[0] if gen else 0), marshal.loads(d)) for g, d in c.conn.execute("SELECT gen, data FROM snap")]


def _settle(home) -> None:
    """Sync until a sync has nothing to write: the triggers installed, the stamps of files written
    within the racy window re-checked, the folder recorded (each may take a sync of its own)."""
    for _ in range(3):
        assert cat.sync(home) is True


def test_the_day_stamps_come_from_a_blob_that_always_holds_the_rows(home):
    """A sync that wrote nothing keeps the ``days`` rows as one blob for the next turn; every row
    written moves the generation on (the table's triggers), so a blob in use always equals the rows;
    a hand edit is still seen on the next search."""
    from holonmem.episodes import day_files

    _settle(home)  # (installs the triggers, restamps what was written just before: the blob waits)
    with cat.Catalog(home) as c:
        assert c.sync() is True  # read the rows: kept as the blob
        assert _blobs(c) == [(True, _rows(c))]

    path = day_files(home)[0]
    text = path.read_text(encoding="utf-8")
    heading = next(line for line in text.splitlines() if line.startswith("## "))
    path.write_text(text.replace(heading, heading + " zebrafish", 1), encoding="utf-8")  # an edit in place
    import os
    import time

    old = time.time() - 1800
    os.utime(path, (old, old))  # (stamped out of the racy window: no sync below re-checks it)
    project = next(line.split(":", 1)[1].strip().strip('"') for line in text.splitlines() if line.startswith("project:"))
    hits, why = cat.search_episodes(home, "zebrafish", project)
    assert why is None and hits and hits[0].startswith(f"episode:{path.stem}#")
    with cat.Catalog(home) as c:
        assert not any(current for current, _ in _blobs(c))  # the write moved the generation on
        assert c.sync() is True and _blobs(c) == [(True, _rows(c))]
        known = c._known()
        gen = c.conn.execute("SELECT value FROM meta WHERE key='gen'").fetchone()[0]
        c.conn.execute("UPDATE days SET size = size + 1")
        c.conn.execute("UPDATE meta SET value = ? WHERE key='gen'", (gen,))  # the generation put back by hand
        assert c._known() == known != _rows(c)  # the turn's stamps came from the blob


def test_rows_written_by_other_code_or_a_catalog_without_triggers_never_get_a_stale_blob(home):
    """Another holonmem (one that knows nothing of the blob) writing ``days``: the triggers move
    the generation; a catalog whose triggers are gone (emptied and rebuilt by such a version) serves
    no blob, gets them back and keeps a blob only from the next sync."""
    _settle(home)
    with cat.Catalog(home) as c:
        assert c.sync() is True and _blobs(c) == [(True, _rows(c))]
        c.conn.execute("UPDATE days SET size = size + 1 WHERE rowid = 1")  # as older code would write
        assert c._known() == _rows(c) and not any(current for current, _ in _blobs(c))
        for name in cat._TRIGGERS:
            c.conn.execute(f"DROP TRIGGER {name}")
        c.conn.execute("DELETE FROM meta WHERE key='gen'")
        c.sync()
        c.conn.execute("UPDATE days SET size = size - 1 WHERE rowid = 1")
        assert c.sync() is True and _blobs(c) == [] and _rows(c) == c._known()  # triggers back, no blob yet
        assert c.sync() is True and _blobs(c) == [(True, _rows(c))]


def test_a_blob_read_before_another_process_wrote_is_never_kept(home):
    """Turn A reads the rows, turn B writes (a hand edit synced), then A would keep what it read:
    the generation moved, so nothing is kept and the next turn sees B's rows."""
    import os

    from holonmem.episodes import day_files

    assert cat.sync(home) is True
    with cat.Catalog(home) as c:
        c.conn.execute("DELETE FROM snap")  # no blob: turn A reads the rows
    path = day_files(home)[-1]
    a = cat.Catalog(home)
    real_diff = a._diff

    def diff_then_b_writes():
        out = real_diff()
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 3 * 10**9))
        assert cat.sync(home) is True  # turn B
        return out

    a._diff = diff_then_b_writes
    try:
        assert a.sync() is True
        assert _blobs(a) == []  # A's rows are of the generation before B's write: not kept
    finally:
        a.close()
    with cat.Catalog(home) as c:
        assert c.behind() == ([], [])
        assert c.sync() is True and _blobs(c) == [(True, _rows(c))]
        assert _rows(c)[home.rel(path)] == (path.stat().st_mtime_ns, path.stat().st_size)


def test_clearing_never_brings_a_generation_back(home):
    with cat.Catalog(home) as c:
        c.sync()
        c.sync()
        before = c.conn.execute("SELECT value FROM meta WHERE key='gen'").fetchone()[0]
        c.clear()
        assert c.conn.execute("SELECT value FROM meta WHERE key='gen'").fetchone()[0] > before
        assert _blobs(c) == [] and _rows(c) == {}
        assert c.sync() is True and c.search(TASK, "invoicer")


def _fts_count(c, term: str) -> int:
    row = c.conn.execute("SELECT doc FROM temp.vocab WHERE term=?", (term,)).fetchone()
    return row[0] if row else 0


def test_term_counts_kept_in_the_process_follow_every_change_to_the_episodes(home):
    """Catalog._found keeps the episode count of each term asked under the catalog's generation
    (the turn server asks a common word once per generation): after a day file is edited, added
    or deleted, and after rows are written with the triggers gone, the counts are FTS5's own."""
    from holonmem.episodes import day_files

    days = day_files(home)
    terms = ["zebrafish", "invoic", "pdf", "upload", "nosuchword"]

    def same():
        _settle(home)  # the generation triggers in place: the counts are kept
        with cat.Catalog(home) as c:
            got = c._found(terms)
            assert cat._DF[0] is not None and set(terms) <= set(cat._DF[1])
            assert c._found(terms) == got == {t: n for t in terms if (n := _fts_count(c, t))}
            return got

    first = same()
    assert "zebrafish" not in first and first.get("pdf")
    text = days[0].read_text(encoding="utf-8")
    heading = next(line for line in text.splitlines() if line.startswith("## "))
    days[0].write_text(text.replace(heading, heading + " zebrafish", 1), encoding="utf-8")
    assert same()["zebrafish"] == 1
    copy = days[0].with_name("2020-01-01.md")
    copy.write_text(days[0].read_text(encoding="utf-8"), encoding="utf-8")
    assert same()["zebrafish"] == 2
    days[0].unlink()
    copy.unlink()
    assert "zebrafish" not in same()
    with cat.Catalog(home) as c:  # rows written by code that knows no generation
        for name in cat._TRIGGERS:
            c.conn.execute(f"DROP TRIGGER {name}")
        before = c._found(terms)
        c.conn.execute("DELETE FROM terms WHERE rowid IN (SELECT id FROM eps WHERE rel=?)", (f"episodes/{days[1].name}",))
        got = c._found(terms)
        assert cat._DF[0] is None and got != before
        assert got == {t: n for t in terms if (n := _fts_count(c, t))}
