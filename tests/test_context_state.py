"""context_state: the per-turn path's small state files, and what a process keeps of them."""

from __future__ import annotations

import os

from holonmem import context_state as cs


def test_a_load_takes_what_this_process_kept_only_for_the_same_bytes_and_key(tmp_path):
    path = str(tmp_path / "state.marshal")
    assert cs.save(path, "k1", {"events": [1, 2, 3]})
    first, why = cs.load(path, "k1")
    assert why is None and first == {"events": [1, 2, 3]}
    again, _ = cs.load(path, "k1")
    assert again is first  # the same bytes: the object kept when it was saved
    assert cs.load(path, "k2") == (None, None)  # another key: not this state, kept or not

    # another process writes the file (this one's copy is now of other bytes)
    other = tmp_path / "other.marshal"
    assert cs.save(str(other), "k1", {"events": [1, 2, 3, 4]})
    os.replace(other, path)
    got, why = cs.load(path, "k1")
    assert why is None and got == {"events": [1, 2, 3, 4]} and got is not first

    # damaged in place: reported, never answered from what was kept
    data = bytearray(open(path, "rb").read())
    data[-1] ^= 0xFF
    open(path, "wb").write(bytes(data))
    assert cs.load(path, "k1") == (None, "is truncated or corrupt")
    os.unlink(path)
    assert cs.load(path, "k1") == (None, None)
