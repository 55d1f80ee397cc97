"""What holonmem changes in Whoosh's writing (index._fast_posting_lengths, _fast_word_values, _fast_runs) leaves the
index as Whoosh writes it: every term's postings and block statistics, every stored
field and length, compared with an index Whoosh wrote unchanged in another process."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from conftest import make_sample_home

from holonmem import index
from holonmem.home import Home

_DUMP = r"""
import json, sys
from holonmem import analysis  # noqa: F401 - whoosh's import as holonmem makes it
from whoosh import index as windex

out = {}
for name in ("MAIN", "FILES"):
    ix = windex.open_dir(sys.argv[1], indexname=name)
    rows = []
    with ix.reader() as r:
        rows.append(["docs", r.doc_count_all()])
        for fn in r.indexed_field_names():
            rows.append(["field", fn, r.field_length(fn)])
            for t in r.lexicon(fn):
                m, posts = r.postings(fn, t), []
                while m.is_active():
                    posts.append([m.id(), m.weight(), repr(m.value())])
                    m.next()
                ti = r.term_info(fn, t)
                rows.append([fn, t.hex(), posts, ti.weight(), ti.doc_frequency(), ti.min_length(), ti.max_length(),
                             ti.max_weight()])
        for dn in range(r.doc_count_all()):
            rows.append(["doc", dn, repr(sorted(r.stored_fields(dn).items())), r.doc_field_length(dn, "text")])
    out[name] = rows
print(json.dumps(out))
"""

_REBUILD = r"""
import sys
from pathlib import Path
import holonmem.index as ix
from holonmem.home import Home
ix.WRITER_LIMITMB = int(sys.argv[2])
if sys.argv[3] == "plain":  # Whoosh as it comes
    ix._fast_posting_lengths = ix._fast_word_values = ix._fast_runs = lambda: None
ix.rebuild(Home(Path(sys.argv[1])))
"""


def _rebuild(home: Home, limitmb: int, how: str) -> None:
    p = subprocess.run([sys.executable, "-c", _REBUILD, str(home.root), str(limitmb), how], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr


def _dump(home: Home) -> dict:
    p = subprocess.run([sys.executable, "-c", _DUMP, str(home.index_dir)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return __import__("json").loads(p.stdout)


@pytest.mark.parametrize("limitmb", [256, 1])  # 1: the writer spills its postings to runs and merges them
def test_a_rebuild_writes_the_index_whoosh_writes(tmp_path, limitmb):
    ours = make_sample_home(tmp_path / "ours")
    plain = Home(shutil.copytree(ours.root, tmp_path / "plain", symlinks=True))
    _rebuild(ours, limitmb, "ours")
    _rebuild(plain, limitmb, "plain")
    a, b = _dump(ours), _dump(plain)
    assert len(a["MAIN"]) > 500 and any(row[0] == "text" for row in a["MAIN"])
    assert a == b


def test_segment_lengths_answer_as_whoosh_for_every_document_and_field(tmp_path):
    home = make_sample_home(tmp_path / "home")
    index.rebuild(home)
    ix = index.open_index(home)
    with ix.reader() as r:
        pdr = r._perdoc if hasattr(r, "_perdoc") else r.segment_readers()[0]._perdoc
        fast = index._SegmentLengths(pdr)
        n = r.doc_count_all()
        for fn in ("text", "ref", "kind", "project"):  # a text field and ID fields (no length column)
            for dn in range(n):
                assert fast.doc_field_length(dn, fn) == pdr.doc_field_length(dn, fn), (fn, dn)
            assert fast.doc_field_length(n, fn) == pdr.doc_field_length(n, fn)  # one past: Whoosh's answer
    ix.close()
