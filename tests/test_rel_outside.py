"""Writes outside the home (issue 18, item 20): a symlinked ``ledger/``,
``episodes/``, ``journal/`` or ``signals.jsonl`` (or one ledger file) that leads
outside the home is never written through — ingest, consolidate, dream,
remember and doctor --fix refuse with a clear error naming it, like memory/ —
while a link that stays inside the home is followed as usual."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from rel_support import assert_no_crash, instruction_events
from rel_support import hm_home as hm  # main() in this process: what a command writes where is the point


def _events(tmp_path: Path) -> Path:
    return instruction_events(tmp_path / "in.jsonl")


def _snapshot(d: Path) -> dict[str, str]:
    return {str(p.relative_to(d)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(d.rglob("*")) if p.is_file()}


def _link_out(home, rel: str, outside: Path) -> Path:
    """Move ``rel`` out of the home and leave a symlink to it (what a person syncing a folder would do)."""
    src = home.root / rel
    dst = outside / Path(rel).name
    if src.exists():
        shutil.move(str(src), str(dst))
    elif rel.endswith(".jsonl"):
        dst.write_text("")
    else:
        dst.mkdir()
    src.symlink_to(dst, target_is_directory=dst.is_dir())
    return dst


WRITERS = [("ingest", "MORE"), ("ingest", "SRC"), ("consolidate",), ("dream", "--force"), ("remember", "Always tag releases"),
           ("doctor", "--fix"), ("forget", "memory/nothing.md")]


def test_all_four_linked_out_nothing_written_through(home, tmp_path):
    """The fast case: ledger/, episodes/, journal/ and signals.jsonl all link out at once."""
    outside = tmp_path / "outside"
    outside.mkdir()
    src = _events(tmp_path)
    assert hm(home, "ingest", src).exit_code == 0
    assert hm(home, "consolidate").exit_code == 0
    for rel in ("ledger", "episodes", "journal", "signals.jsonl"):
        _link_out(home, rel, outside)
    before = _snapshot(outside)
    more = tmp_path / "more.jsonl"
    more.write_text(json.dumps({"role": "user", "text": "never push directly to main", "project": "p", "session": "s9",
                                "ts": "2026-06-20T10:00:00+00:00"}) + "\n")
    said = ""
    for args in WRITERS:
        r = hm(home, *[{"MORE": more, "SRC": src}.get(a, a) for a in args])
        assert_no_crash(r)
        said += r.stderr
    assert _snapshot(outside) == before
    assert "ledger/" in said and "outside the home" in said
    for args in (("status",), ("context", "--project", "p")):
        assert_no_crash(hm(home, *args))


@pytest.mark.stress
@pytest.mark.parametrize("rel", ["ledger", "episodes", "journal", "signals.jsonl", "ledger/<this month>.jsonl"])
def test_symlink_out_of_the_home_is_never_written_through(home, tmp_path, rel):
    outside = tmp_path / "outside"
    outside.mkdir()
    src = _events(tmp_path)
    if rel.startswith("ledger/"):
        from holonmem.ledger import current_file_name

        rel = f"ledger/{current_file_name()}"
        (outside / current_file_name()).write_text("")
        (home.ledger_dir / current_file_name()).symlink_to(outside / current_file_name())
    else:
        assert hm(home, "ingest", src).exit_code == 0
        assert hm(home, "consolidate").exit_code == 0
        _link_out(home, rel, outside)
    before = _snapshot(outside)
    more = tmp_path / "more.jsonl"
    more.write_text(json.dumps({"role": "user", "text": "never push directly to main", "project": "p", "session": "s9",
                                "ts": "2026-06-20T10:00:00+00:00"}) + "\n")
    results = []
    for args in WRITERS:
        r = hm(home, *[{"MORE": more, "SRC": src}.get(a, a) for a in args])
        assert_no_crash(r)
        results.append((args, r))
    assert _snapshot(outside) == before, f"something was written through {rel} -> {outside}"
    refused = [r for _, r in results if "outside the home" in r.stderr]
    assert refused, results
    for r in refused:
        assert rel.split("/")[0] in r.stderr or rel in r.stderr, r
    # reading commands still work
    for args in (("status",), ("context", "--project", "p"), ("search", "ruff"), ("doctor",)):
        assert_no_crash(hm(home, *args))


def test_symlink_inside_the_home_is_followed(home, tmp_path):
    src = _events(tmp_path)
    inner = home.root / "data" / "ledger"
    inner.parent.mkdir()
    shutil.move(str(home.ledger_dir), str(inner))
    home.ledger_dir.symlink_to(inner, target_is_directory=True)
    r = hm(home, "ingest", src)
    assert r.exit_code == 0, r
    assert sum(1 for p in inner.glob("*.jsonl") for _ in p.read_text().splitlines()) == 6
