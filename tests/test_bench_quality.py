"""Smoke test of the memory-quality scorer (bench/quality/score.py) on a hand-built home.

holonmem is replaced by a stand-in executable: `init` copies memory files written by hand into
the home, the pipeline stages do nothing and `context` prints a fixed block. So the test checks
the scorer's matching and arithmetic only, never the quality of holonmem's extraction.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

SCORER = Path(__file__).resolve().parent.parent / "bench" / "quality" / "score.py"


@pytest.fixture(scope="module")
def scorer():
    spec = importlib.util.spec_from_file_location("hm_quality_score", SCORER)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


def memory_file(title: str, body: str, **meta) -> str:
    head = "\n".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in {"title": title, **meta}.items())
    return f"---\n{head}\n---\n# {title}\n\n{body}\n\n**Why:** said by the user.\n"


MEMORIES = {
    # must "pnpm": active, right project
    "shop-pnpm.md": memory_file("Use pnpm", "shop: use pnpm for the frontend.", id="mem_new", kind="rule",
                                scope="project", project="shop", status="active", supersedes=["mem_old"]),
    # the older side of a changed preference, superseded, linked both ways; also holds a forbidden phrase
    "shop-npm.md": memory_file("Use npm", "shop: use npm, and push to main directly.", id="mem_old", kind="rule",
                               scope="project", project="shop", status="superseded", superseded_by=["mem_new"]),
    # must "metric units": matches, but placed in a project instead of user scope -> scope error
    "shop-units.md": memory_file("Metric units", "Give weights in metric units.", id="mem_units", kind="preference",
                                 scope="project", project="shop", status="active"),
    # junk: matches nothing expected; a conditional kept with its condition is not a forbidden hit
    "shop-refunds.md": memory_file("Refunds", "If a refund is over 50 euros, ask first.\n\n> Replaces [pnpm](x.md)",
                                   id="mem_ref", kind="rule", scope="project", project="shop", status="active"),
    # should: 中文 phrase, user scope (no project)
    "user-tone.md": memory_file("语气", "回答用简体中文，语气随意。", id="mem_tone", kind="preference", scope="user",
                                status="active"),
}

EXPECT = {
    "name": "tiny", "events": "tiny.jsonl", "mode": "batch",
    "must": [
        {"id": "pnpm", "what": "newer package manager", "any": ["pnpm"], "where": ["project:shop"]},
        {"id": "units", "what": "user-wide units", "any": ["metric"], "where": ["user"]},
        {"id": "deploy", "what": "never produced", "all": ["deploy", "Fridays"], "where": ["project:shop"]},
    ],
    "should": [{"id": "tone", "what": "tone", "any": ["简体中文"], "where": ["user"]}],
    "forbidden": [
        {"id": "push-main", "what": "injected", "any": ["push to main"]},
        {"id": "refund-bare", "what": "conditional without condition", "any": ["refund"], "unless_any": ["If a refund"]},
        {"id": "never-there", "what": "absent", "any": ["xyzzy"]},
    ],
    "supersede": [
        {"id": "npm-to-pnpm", "older": {"any": ["npm"], "none": ["pnpm"]}, "newer": {"any": ["pnpm"]}, "where": ["project:shop"]},
        {"id": "yarn-revoked", "older": {"any": ["yarn"]}, "newer": None, "where": ["project:shop"]},
    ],
    "context": [{"project": "shop", "task": "add a cart page", "must_not": ["invoicer"], "must": ["pnpm", "metric"]}],
    "secrets": ["sk-live-TINY-123456", "never-written-secret"],
}

FAKE_HM = '''#!{python}
import shutil, sys
from pathlib import Path
args = sys.argv[1:]
if args[0] == "init":
    shutil.copytree({src!r}, Path(args[1]) / "memory")
    (Path(args[1]) / "ledger").mkdir()
    (Path(args[1]) / "ledger" / "2026-12.jsonl").write_text("token sk-live-TINY-123456\\n")
elif "context" in args:
    print("<holonmem-context>\\n## Long-term memory\\n- shop: use pnpm. (invoicer has its own)\\n## Recent turns\\n- metric\\n")
'''


def test_scorer_counts_a_hand_built_home(scorer, tmp_path, capsys):
    src = tmp_path / "memories"
    src.mkdir()
    for name, text in MEMORIES.items():
        (src / name).write_text(text, encoding="utf-8")
    hm = tmp_path / "fake-holonmem"
    hm.write_text(FAKE_HM.format(python=sys.executable, src=str(src)), encoding="utf-8")
    hm.chmod(0o755)
    scen = tmp_path / "scenarios"
    scen.mkdir()
    (scen / "tiny.jsonl").write_text(
        '{"role": "user", "text": "hi", "session": "a", "ts": "2026-12-01T10:00:00+00:00"}\n'
        '{"role": "user", "text": "again", "session": "b", "ts": "2026-12-02T10:00:00+00:00"}\n', encoding="utf-8")
    (scen / "tiny.expect.json").write_text(json.dumps(EXPECT), encoding="utf-8")
    out = tmp_path / "results.json"

    rc = scorer.main(["--hm", str(hm), "--dir", str(scen), "--json", str(out)])
    printed = capsys.readouterr().out
    assert rc == 0
    assert printed.rstrip().splitlines()[-1].startswith(
        "quality: recall 1/3, junk 1 (of 4 active), forbidden 1, supersede 2/2 (1 vacuous), leaks 1, "
        "context-must 1/2, secrets 1/2, dupes 0, time ")
    (res,) = json.loads(out.read_text(encoding="utf-8"))[str(scen.resolve())]
    assert [r["ok"] for r in res["recall"]] == [True, False, False]
    assert res["recall"][1]["why"].startswith("wrong scope: project:shop")
    assert res["recall"][2]["why"] == "no memory"
    assert [j["path"] for j in res["junk"]] == ["memory/shop-refunds.md"]
    assert [f["id"] for f in res["forbidden"]] == ["push-main"]
    assert res["forbidden"][0]["memories"] == ["superseded memory/shop-npm.md"]
    assert [(s["ok"], s["vacuous"]) for s in res["supersede"]] == [(True, False), (True, True)]
    assert "linked" in res["supersede"][0]["detail"]
    assert res["should"] == [{"id": "tone", "ok": True}]
    assert res["context"][0]["leaks"] == ["invoicer"] and res["context"][0]["missing"] == ["metric"]
    assert [s["files"] for s in res["secrets"]] == [["ledger/2026-12.jsonl"]]
    assert "scope errors 1" in printed

    # the thresholds: this home misses them, so --check says so with its own exit code
    assert scorer.main(["--hm", str(hm), "--dir", str(scen), "--check"]) == 3


def test_phrases_match_whole_ascii_words_and_cjk_substrings(scorer):
    assert scorer.phrase_in("npm", "use npm here") and not scorer.phrase_in("npm", "use pnpm here")
    assert scorer.phrase_in("17.5", "iOS 17.5 sim") and not scorer.phrase_in("17.5", "iOS 17.55")
    assert scorer.phrase_in("午睡", "每天午睡一小时")
    # a word may take a plural ending; a number or a longer word may not
    assert scorer.phrase_in("Henderson", "the hendersons are weekly") and scorer.phrase_in("box", "two boxes")
    assert not scorer.phrase_in("Henderson", "Hendersonville") and not scorer.phrase_in("17", "17s")
    assert scorer.spec_matches({"all": ["a1", "b2"]}, "a1 and b2") and not scorer.spec_matches({"none": ["x"]}, "x")
    assert not scorer.forbidden_in({"any": ["scale"], "unless_any": ["not saying"]}, "I'm not saying never scale")
