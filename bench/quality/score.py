#!/usr/bin/env python3
"""Memory-quality benchmark: does the right handful of statements become long-term memory?

For every ``*.expect.json`` in a folder (default: this one) a fresh agent_home is built with the
holonmem under test — ``init``, then ``ingest`` → ``consolidate`` → ``dream --force`` once for
the whole event file (mode ``batch``) or once per calendar day of events (mode ``daily``, as cron
runs it) — and compared with the expectations (format and metrics: docs/bench.md, "Memory
quality"):

  recall     every ``must`` item is an active memory placed in one of its ``where``
  junk       active memories that match no must / should / supersede-newer item
  forbidden  ``forbidden`` items found in a memory file of any status
  supersede  no older side still active, the newer side active (vacuous: the older never existed;
             an item marked ``"older_stated": false`` — the older rule was given in another chat, or only
             asked about — cannot be anything else and is left out of the non-vacuous ratio)
  scope      must items found only in the wrong placement
  context    ``holonmem context``: other projects' phrases leaking in, required phrases present
  secrets    secret strings anywhere under the home or in a context block
  time       wall time of each stage

  python bench/quality/score.py [--hm PATH] [--dir DIR] [--only NAME ...] [--mode batch|daily]
                                [--keep DIR] [--json FILE] [--regen] [--check]

The last line is the summary ``quality: recall X/Y, junk N (of M active), ...`` (the same line
as the development set's scorer). Exit 0 whatever the scores; 1 when the run broke (a stage of
holonmem failed, a scenario could not be read); with ``--check``, 3 when a threshold is missed.
Standard library only (PyYAML for the frontmatter when installed, a small reader otherwise).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
STAGES = ("ingest", "consolidate", "dream")
THRESHOLDS = "recall >= 90%, junk <= 5% of active, forbidden 0, supersede >= 90% non-vacuous, scope errors 0, secrets 0"

try:  # optional; the fallback reader handles the frontmatter holonmem writes
    import yaml  # type: ignore
except Exception:  # pragma: no cover
    yaml = None


# -- phrases and specs ---------------------------------------------------------------------------

def phrase_in(phrase: str, text: str) -> bool:
    """ASCII phrases match as whole words (a word may take a plural ending: "Henderson" matches
    "the Hendersons"), case-insensitive; any other phrase as a substring."""
    if not phrase.isascii():
        return phrase.casefold() in text.casefold()
    left = r"(?<![A-Za-z0-9_])" if phrase[:1].isalnum() else ""
    right = r"(?:e?s)?(?![A-Za-z0-9_])" if phrase[-1:].isalpha() else r"(?![A-Za-z0-9_])" if phrase[-1:].isalnum() else ""
    return re.search(f"{left}{re.escape(phrase)}{right}", text, re.IGNORECASE) is not None


def spec_matches(spec: dict | None, text: str) -> bool:
    """At least one ``any`` phrase, every ``all`` phrase, no ``none`` phrase (an empty spec never matches)."""
    if not spec:
        return False
    anys, alls, nones = spec.get("any") or [], spec.get("all") or [], spec.get("none") or []
    if not anys and not alls:
        return False
    return ((not anys or any(phrase_in(p, text) for p in anys))
            and all(phrase_in(p, text) for p in alls)
            and not any(phrase_in(p, text) for p in nones))


def forbidden_in(item: dict, text: str) -> bool:
    return (any(phrase_in(p, text) for p in item.get("any") or [])
            and not any(phrase_in(p, text) for p in item.get("unless_any") or []))


# -- reading a home ------------------------------------------------------------------------------

FRONT = re.compile(r"\A---\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)(.*)\Z", re.S)


def _plain_value(raw: str):
    raw = raw.strip()
    if raw.startswith("[") and raw.endswith("]"):
        try:
            return json.loads(raw)
        except ValueError:
            return [part.strip().strip("'\"") for part in raw[1:-1].split(",") if part.strip()]
    if len(raw) > 1 and raw[0] == raw[-1] == '"':
        try:
            return json.loads(raw)
        except ValueError:
            return raw[1:-1]
    if len(raw) > 1 and raw[0] == raw[-1] == "'":
        return raw[1:-1].replace("''", "'")
    return raw


def parse_frontmatter(raw: str) -> tuple[dict, str]:
    m = FRONT.match(raw)
    if not m:
        return {}, raw
    head, body = m.group(1), m.group(2)
    if yaml is not None:
        try:
            meta = yaml.safe_load(head)
            if isinstance(meta, dict):
                return meta, body
        except Exception:
            pass
    meta: dict = {}
    for line in head.splitlines():
        if not line.strip() or line[0].isspace() or line.lstrip().startswith("#") or ":" not in line:
            continue
        key, _, value = line.partition(":")
        meta[key.strip()] = _plain_value(value)
    return meta, body


@dataclass
class Mem:
    rel: str
    meta: dict
    text: str            # title + body without ">" lines (link notes quote other memories)
    statement: str       # first paragraph that is not a heading

    @property
    def status(self) -> str:
        return str(self.meta.get("status") or "active")

    @property
    def active(self) -> bool:
        return self.status == "active"

    @property
    def placement(self) -> str:
        project = str(self.meta.get("project") or "")
        return "user" if str(self.meta.get("scope") or "") == "user" or not project else f"project:{project}"

    def ids(self, key: str) -> set[str]:
        value = self.meta.get(key) or []
        return {str(x) for x in (value if isinstance(value, list) else [value])}

    def brief(self, width: int = 170) -> str:
        return self.statement if len(self.statement) <= width else self.statement[: width - 1] + "…"


def read_memory(home: Path, path: Path) -> Mem:
    meta, body = parse_frontmatter(path.read_text(encoding="utf-8", errors="replace"))
    kept = "\n".join(line for line in body.splitlines() if not line.lstrip().startswith(">"))
    paras = [p.strip() for p in re.split(r"\n\s*\n", kept) if p.strip() and not p.strip().startswith("#")]
    statement = " ".join((paras[0] if paras else kept).split())
    return Mem(str(path.relative_to(home)), meta, f"{meta.get('title') or ''}\n{kept}", statement)


def memories(home: Path) -> list[Mem]:
    folder = home / "memory"
    if not folder.is_dir():
        return []
    return [read_memory(home, p) for p in sorted(folder.rglob("*.md"))
            if p.is_file() and p.name not in ("operator.md", "self.md")]


def signals(home: Path) -> list[dict]:
    found: dict[str, dict] = {}
    latest: dict[str, str] = {}
    path = home / "signals.jsonl"
    if not path.is_file():
        return []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if rec.get("type") == "signal":
            found[str(rec.get("id"))] = rec
        elif rec.get("type") == "status":
            latest[str(rec.get("signal"))] = str(rec.get("status"))
    return [dict(rec, _status=latest.get(sid, "pending")) for sid, rec in found.items()]


def long_term_section(block: str) -> str | None:
    m = re.search(r"^## Long-term memory.*?(?=^## |\Z)", block, re.M | re.S)
    return m.group(0) if m else None


# -- running holonmem ----------------------------------------------------------------------------

def call(argv: list[str], timeout: float = 900) -> tuple[int, str, str, float]:
    env = dict(os.environ, HOLONMEM_HOME="", HOLONMEM_DEBUG="")
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=env)
        return done.returncode, done.stdout, done.stderr, time.perf_counter() - start
    except subprocess.TimeoutExpired:
        return 124, "", f"timed out after {timeout:.0f} s", time.perf_counter() - start
    except OSError as exc:
        return 127, "", str(exc), time.perf_counter() - start


def batches(lines: list[str], mode: str) -> list[list[str]]:
    if mode != "daily":
        return [lines]
    days: dict[str, list[str]] = {}
    for line in lines:
        days.setdefault(str(json.loads(line).get("ts") or "")[:10], []).append(line)
    return [days[d] for d in sorted(days)]


def build_home(hm: str, home: Path, lines: list[str], mode: str, broken: list[str]) -> dict:
    times = dict.fromkeys(STAGES, 0.0)
    rc, _, err, _ = call([hm, "init", str(home)])
    if rc:
        broken.append(f"init exit {rc}: {err.strip()[-300:]}")
        return times
    parts = batches(lines, mode)
    feed = home.parent / f"{home.name}.input.jsonl"
    for n, part in enumerate(parts, 1):
        feed.write_text("\n".join(part) + "\n", encoding="utf-8")
        for stage, argv in (("ingest", ["ingest", str(feed)]), ("consolidate", ["consolidate"]), ("dream", ["dream", "--force"])):
            rc, _, err, took = call([hm, "--home", str(home), *argv])
            times[stage] += took
            if rc:
                lines = err.strip().splitlines() or [""]
                tail = next((l for l in reversed(lines) if l.startswith("Error:")), lines[-1])
                broken.append(f"{stage} (run {n} of {len(parts)}) exit {rc}: {tail[:300]}")
    feed.unlink(missing_ok=True)
    times["runs"] = len(parts)
    return times


# -- scoring one scenario ------------------------------------------------------------------------

@dataclass
class Result:
    name: str
    mode: str
    events: int = 0
    sessions: int = 0
    times: dict = field(default_factory=dict)
    broken: list = field(default_factory=list)
    files: int = 0
    active: int = 0
    recall: list = field(default_factory=list)
    dupes: int = 0
    should: list = field(default_factory=list)
    junk: list = field(default_factory=list)
    forbidden: list = field(default_factory=list)
    forbidden_items: int = 0
    supersede: list = field(default_factory=list)
    context: list = field(default_factory=list)
    secrets: list = field(default_factory=list)
    secrets_total: int = 0

    @property
    def scope_errors(self) -> int:
        return sum(1 for r in self.recall if not r["ok"] and r["why"].startswith("wrong scope"))


def signal_note(spec: dict, sigs: list[dict]) -> str:
    hits = [s for s in sigs if s.get("trust") != "untrusted" and spec_matches(spec, str(s.get("statement") or ""))]
    if not hits:
        return "no signal"
    parts = []
    for s in hits[:4]:
        ch = ",".join(s.get("channels") or []) or "no channel"
        parts.append(f"{s.get('kind')}/{s.get('scope')}:{s.get('project') or '-'} {s['_status']} ({ch})")
    return f"{len(hits)} signal(s): " + "; ".join(parts)


def score(hm: str, exp: dict, folder: Path, root: Path, mode: str | None) -> Result:
    res = Result(exp["name"], mode or exp.get("mode", "batch"))
    lines = [l for l in (folder / exp["events"]).read_text(encoding="utf-8").splitlines() if l.strip()]
    res.events = len(lines)
    res.sessions = len({json.loads(l).get("session") for l in lines})
    home = root / res.name
    if home.exists():
        shutil.rmtree(home)
    start = time.perf_counter()
    res.times = build_home(hm, home, lines, res.mode, res.broken)
    mems, sigs = memories(home), signals(home)
    active = [m for m in mems if m.active]
    res.files, res.active = len(mems), len(active)

    for item in exp.get("must", []):
        hits = [m for m in active if spec_matches(item, m.text)]
        placed = [m for m in hits if m.placement in item["where"]]
        row = {"id": item["id"], "what": item["what"], "where": item["where"], "ok": bool(placed)}
        if placed:
            res.dupes += len(hits) - 1
            row["memories"] = [m.rel for m in hits]
        elif hits:
            row["why"] = "wrong scope: " + ", ".join(f"{m.placement} ({m.rel})" for m in hits[:3])
        else:
            gone = [m for m in mems if spec_matches(item, m.text)]
            row["why"] = ("only inactive: " + ", ".join(f"{m.status} {m.rel}" for m in gone[:3])) if gone else "no memory"
        if not placed:
            row["signals"] = signal_note(item, sigs)
        res.recall.append(row)

    for item in exp.get("should", []):
        ok = any(spec_matches(item, m.text) and m.placement in item["where"] for m in active)
        res.should.append({"id": item["id"], "ok": ok})

    stale: set[str] = set()
    for item in exp.get("supersede", []):
        newer = item.get("newer")
        olds = [m for m in mems if spec_matches(item["older"], m.text)]
        news = [m for m in mems if newer and spec_matches(newer, m.text)]
        old_active = [m.rel for m in olds if m.active]
        stale.update(old_active)
        ok = not old_active and (newer is None or any(m.active for m in news))
        linked = any(o.ids("superseded_by") & {str(n.meta.get("id")) for n in news} for o in olds)
        older_txt = ", ".join(f"{m.status} {m.rel}" for m in olds) or "never became a memory"
        newer_txt = ", ".join(f"{m.status} {m.rel}" for m in news) or ("n/a (a revocation)" if newer is None else "no memory")
        stated = item.get("older_stated", True)
        row = {"id": item["id"], "ok": ok, "vacuous": ok and not olds and stated, "stated": stated,
               "detail": f"older: {older_txt}; newer: {newer_txt}{'; linked' if linked else ''}"}
        if newer and not any(m.active for m in news):
            row["newer_signals"] = signal_note(newer, sigs)
        res.supersede.append(row)

    wanted = list(exp.get("must", [])) + list(exp.get("should", []))
    wanted += [it["newer"] for it in exp.get("supersede", []) if it.get("newer")]
    forb = exp.get("forbidden", [])
    for m in active:
        if m.rel in stale or any(spec_matches(s, m.text) for s in wanted):
            continue
        res.junk.append({"path": m.rel, "kind": str(m.meta.get("kind") or "?"), "placement": m.placement,
                         "channels": list(m.meta.get("channels") or []), "statement": m.brief(),
                         "forbidden": [f["id"] for f in forb if forbidden_in(f, m.text)]})
    for f in forb:
        hit = [f"{m.status} {m.rel}" for m in mems if forbidden_in(f, m.text)]
        if hit:
            res.forbidden.append({"id": f["id"], "what": f["what"], "memories": hit})
    res.forbidden_items = len(forb)

    blocks = []
    res.times["context"] = 0.0
    for c in exp.get("context", []):
        rc, out, err, took = call([hm, "--home", str(home), "context", "--project", c["project"], "--task", c["task"]])
        res.times["context"] += took
        if rc:
            res.broken.append(f"context --project {c['project']} exit {rc}: {err.strip()[-200:]}")
        blocks.append(out)
        section = long_term_section(out)
        res.context.append({"project": c["project"], "must": len(c.get("must", [])), "section": section is not None,
                            "leaks": [p for p in c.get("must_not", []) if phrase_in(p, out)],
                            "missing": [p for p in c.get("must", []) if not phrase_in(p, section if section is not None else out)]})

    contents = []
    for top, _, names in os.walk(home):
        for fn in names:
            p = Path(top) / fn
            try:
                contents.append((str(p.relative_to(home)), p.read_bytes()))
            except OSError:
                pass
    for secret in exp.get("secrets", []):
        raw = secret.encode("utf-8")
        where = [rel for rel, data in contents if raw in data]
        in_ctx = any(secret in b for b in blocks)
        if where or in_ctx:
            res.secrets.append({"secret": secret[:6] + "…", "files": where, "context": in_ctx,
                                "in_memory": any(w.startswith("memory/") or w == "MEMORY.md" for w in where)})
    res.secrets_total = len(exp.get("secrets", []))
    res.times["total"] = time.perf_counter() - start
    return res


# -- output --------------------------------------------------------------------------------------

def show(r: Result) -> None:
    t = r.times
    print(f"\n== {r.name}: {r.events} events, {r.sessions} sessions, mode {r.mode} ({t.get('runs', 1)} pipeline run(s)) ==")
    print("time: " + ", ".join(f"{s} {t.get(s, 0):.2f}s" for s in STAGES)
          + f", context x{len(r.context)} {t.get('context', 0):.2f}s; total {t.get('total', 0):.2f}s")
    for note in r.broken:
        print(f"  BROKEN {note}")
    print(f"memories: {r.files} files, {r.active} active")
    print(f"recall {sum(x['ok'] for x in r.recall)}/{len(r.recall)} (duplicate active memories for found items: {r.dupes}); "
          f"scope errors {r.scope_errors}")
    for x in r.recall:
        if x["ok"]:
            more = " …" if len(x["memories"]) > 3 else ""
            print(f"  ok    {x['id']}: {', '.join(x['memories'][:3])}{more}")
        else:
            print(f"  MISS  {x['id']} [{'|'.join(x['where'])}] {x['what']}\n        -> {x['why']}; {x['signals']}")
    if r.should:
        print(f"should {sum(x['ok'] for x in r.should)}/{len(r.should)} (not scored): "
              + ", ".join(f"{x['id']}={'yes' if x['ok'] else 'no'}" for x in r.should))
    if r.active:
        print(f"junk {len(r.junk)} of {r.active} active (precision {(r.active - len(r.junk)) / r.active:.0%})")
    else:
        print("junk 0 (no active memory)")
    for j in r.junk:
        tag = f"  FORBIDDEN:{','.join(j['forbidden'])}" if j["forbidden"] else ""
        print(f"  - [{j['kind']} {j['placement']} via {','.join(j['channels']) or '-'}] {j['statement']}{tag}")
    print(f"forbidden {len(r.forbidden)}/{r.forbidden_items} items became memories")
    for f in r.forbidden:
        print(f"  - {f['id']} ({f['what']}): {', '.join(f['memories'][:3])}")
    vac = sum(x["vacuous"] for x in r.supersede)
    print(f"supersede {sum(x['ok'] for x in r.supersede)}/{len(r.supersede)}"
          + (f" ({vac} only because the older side never became a memory)" if vac else ""))
    for x in r.supersede:
        extra = f"\n        newer side: {x['newer_signals']}" if x.get("newer_signals") else ""
        print(f"  {'ok  ' if x['ok'] else 'FAIL'}  {x['id']}: {x['detail']}{extra}")
    must = sum(c["must"] for c in r.context)
    missing = sum(len(c["missing"]) for c in r.context)
    print(f"context: leaks {sum(len(c['leaks']) for c in r.context)}; must {must - missing}/{must}")
    for c in r.context:
        if c["leaks"] or c["missing"] or not c["section"]:
            note = "" if c["section"] else " (no Long-term memory section; searched the whole block)"
            print(f"  {c['project']}: leaks {c['leaks']} missing {c['missing']}{note}")
    print(f"secrets {len(r.secrets)}/{r.secrets_total} found on disk")
    for s in r.secrets:
        more = " …" if len(s["files"]) > 4 else ""
        print(f"  - {s['secret']}: {', '.join(s['files'][:4])}{more}"
              f"{'  IN MEMORY' if s['in_memory'] else ''}{'  IN CONTEXT' if s['context'] else ''}")


def totals(results: list[Result]) -> dict:
    sup = [x for r in results for x in r.supersede]
    return {
        "recall": sum(x["ok"] for r in results for x in r.recall), "must": sum(len(r.recall) for r in results),
        "junk": sum(len(r.junk) for r in results), "active": sum(r.active for r in results),
        "forbidden": sum(len(r.forbidden) for r in results),
        "supersede": sum(x["ok"] for x in sup), "supersede_items": len(sup), "vacuous": sum(x["vacuous"] for x in sup),
        "unstated": sum(not x.get("stated", True) for x in sup),
        "leaks": sum(len(c["leaks"]) for r in results for c in r.context),
        "context_must": sum(c["must"] for r in results for c in r.context),
        "context_missing": sum(len(c["missing"]) for r in results for c in r.context),
        "secrets": sum(len(r.secrets) for r in results), "secrets_total": sum(r.secrets_total for r in results),
        "dupes": sum(r.dupes for r in results), "scope": sum(r.scope_errors for r in results),
        "time": sum(r.times.get("total", 0.0) for r in results),
    }


def summary_line(t: dict) -> str:
    vac = f" ({t['vacuous']} vacuous)" if t["vacuous"] else ""
    if t.get("unstated"):
        vac += f" ({t['unstated']} with the older rule from outside the history)"
    return (f"quality: recall {t['recall']}/{t['must']}, junk {t['junk']} (of {t['active']} active), "
            f"forbidden {t['forbidden']}, supersede {t['supersede']}/{t['supersede_items']}{vac}, leaks {t['leaks']}, "
            f"context-must {t['context_must'] - t['context_missing']}/{t['context_must']}, "
            f"secrets {t['secrets']}/{t['secrets_total']}, dupes {t['dupes']}, time {t['time']:.1f}s")


def missed_thresholds(t: dict) -> list[str]:
    out = []
    if t["must"] and t["recall"] < 0.9 * t["must"]:
        out.append(f"recall {t['recall']}/{t['must']} < 90%")
    if t["junk"] > 0.05 * t["active"]:
        out.append(f"junk {t['junk']} of {t['active']} > 5%")
    if t["forbidden"]:
        out.append(f"forbidden {t['forbidden']}")
    real = t["supersede"] - t["vacuous"] - t.get("unstated", 0)
    counted = t["supersede_items"] - t.get("unstated", 0)
    if counted and real < 0.9 * counted:
        out.append(f"supersede {real}/{counted} non-vacuous < 90%")
    if t["scope"]:
        out.append(f"scope errors {t['scope']}")
    if t["secrets"]:
        out.append(f"secrets {t['secrets']}")
    return out


def regenerate(folder: Path, force: bool) -> None:
    for gen in sorted(folder.glob("make_*.py")):
        name = gen.stem[len("make_"):]
        if force or not (folder / f"{name}.jsonl").exists() or not (folder / f"{name}.expect.json").exists():
            subprocess.run([sys.executable, str(gen)], cwd=str(folder), check=True)


def default_hm() -> str:
    beside = Path(sys.executable).parent / "holonmem"
    return str(beside) if beside.exists() else (shutil.which("holonmem") or "holonmem")


def score_folder(folder: Path, a: argparse.Namespace) -> tuple[list[Result], bool]:
    """Every scenario of one folder, each reported as it finishes; (results, whether the run broke)."""
    results: list[Result] = []
    broken = False
    try:
        if not folder.is_dir():
            raise FileNotFoundError(f"no such folder: {folder}")
        regenerate(folder, a.regen)
        exps = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.expect.json"))]
        if not exps:
            raise FileNotFoundError(f"no scenario (*.expect.json) in {folder}")
        if a.only:
            exps = [e for e in exps if e["name"] in a.only]
            if not exps:
                print(f"\n{folder}: no scenario named {' '.join(a.only)}")
                return results, broken
        root = Path(a.keep).resolve() / folder.name if a.keep else Path(tempfile.mkdtemp(prefix="hm-quality-"))
        root.mkdir(parents=True, exist_ok=True)
        print(f"holonmem: {a.hm}\nscenarios: {folder}\nhomes: {root}")
        try:
            for exp in exps:
                try:
                    r = score(a.hm, exp, folder, root, a.mode)
                except Exception as exc:  # one broken scenario must not hide the others
                    print(f"\n== {exp.get('name')}: scorer error: {type(exc).__name__}: {exc}")
                    broken = True
                    continue
                results.append(r)
                broken |= bool(r.broken)
                show(r)
        finally:
            if not a.keep:
                shutil.rmtree(root, ignore_errors=True)
    except Exception as exc:
        print(f"scorer error: {type(exc).__name__}: {exc}")
        broken = True
    return results, broken


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hm", default=default_hm(), help="the holonmem executable under test")
    ap.add_argument("--dir", action="append", help="a scenario folder (*.expect.json + *.jsonl); repeat for several; default: this one")
    ap.add_argument("--only", nargs="*", help="scenario names")
    ap.add_argument("--mode", choices=["batch", "daily"], help="override every scenario's mode")
    ap.add_argument("--keep", help="build the homes under this folder (one subfolder per scenario folder) and keep them")
    ap.add_argument("--json", help="write the full results to this file")
    ap.add_argument("--regen", action="store_true", help="run the make_*.py generators first")
    ap.add_argument("--check", action="store_true", help=f"exit 3 when a threshold is missed ({THRESHOLDS.replace('%', '%%')})")
    a = ap.parse_args(argv)
    if os.sep in a.hm:
        a.hm = str(Path(a.hm).resolve())
    folders = [(d, Path(d).resolve()) for d in (a.dir or [os.path.relpath(HERE)])]
    recap, dump, broken, missed = [], {}, False, False
    for shown, folder in folders:
        results, folder_broken = score_folder(folder, a)
        broken |= folder_broken
        t = totals(results)
        misses = missed_thresholds(t) if results else ["no scenario scored"]
        missed |= bool(misses)
        label = f"{shown} ({len(results)} scenario(s)): scope errors {t['scope']}; thresholds " + ("; ".join(misses) or "all met")
        recap.append((label, summary_line(t)))
        dump[str(folder)] = [r.__dict__ for r in results]
        print(f"\n{label}\n{summary_line(t)}")
    if a.json:
        Path(a.json).write_text(json.dumps(dump, ensure_ascii=False, indent=1), encoding="utf-8")
    if len(recap) > 1:
        print(f"\n== summary (thresholds: {THRESHOLDS}) ==")
        for label, line in recap:
            print(f"{label}\n{line}")
    if broken:
        return 1
    return 3 if a.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
