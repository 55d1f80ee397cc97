"""Building blocks for the memory-quality scenario generators (``make_<name>.py``).

A generator lists its sessions as rows built with the helpers below, declares what should come
out of them (the expectation format of docs/bench.md, "Memory quality"), and calls ``write``:
it assigns opaque session ids, event ids and timestamps, runs the self-check and writes
``<name>.jsonl`` and ``<name>.expect.json`` next to the generator.

Two transcript shapes are offered: Claude Code imports (``bash``/``read``/``edit`` tool calls with
``meta.input``, rejected and cancelled calls, compaction summaries, sidechain prompts, task
notifications) and Codex rollouts (``exec_command`` with its "Chunk ID / Wall time / Process
exited with code N / Output:" header, ``apply_patch``).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import json
from pathlib import Path

from score import phrase_in  # the scorer's matching: whole ASCII words, other phrases as substrings

REJECTED = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the "
            "new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.")
INTERRUPTED = "[Request interrupted by user for tool use]"
_ids = itertools.count(1)


def _msg(role: str, text: str, meta: dict) -> dict:
    ev = {"role": role, "kind": "message", "text": text}
    if meta:
        ev["meta"] = meta
    return ev


def U(text: str, **meta) -> dict:
    """A message in the user role (``meta`` e.g. isCompactSummary=True, isSidechain=True)."""
    return _msg("user", text, meta)


def A(text: str, **meta) -> dict:
    return _msg("assistant", text, meta)


def WAIT(minutes: float) -> dict:
    """Not an event: moves the clock."""
    return {"wait": minutes}


def call(tool: str, text: str, side: dict | None = None, **inp) -> dict:
    ev = {"role": "assistant", "kind": "tool_call", "tool": tool, "text": text,
          "meta": {"tool_use_id": f"toolu_01{next(_ids):06d}", "input": inp}}
    if side:
        ev["meta"].update(side)
    return ev


def result(tool: str, status: str, text: str, side: dict | None = None) -> dict:
    ev = {"role": "tool", "kind": "tool_result", "tool": tool, "status": status, "text": text}
    if side:
        ev["meta"] = dict(side)
    return ev


# -- Claude Code shaped ------------------------------------------------------------------------

def bash(cmd: str, desc: str | None = None, side: dict | None = None) -> dict:
    return call("Bash", cmd, side, command=cmd, **({"description": desc} if desc else {}))


def read(path: str) -> dict:
    return call("Read", path, file_path=path)


def edit(path: str, old: str, new: str) -> dict:
    return call("Edit", f"Edit {path}", file_path=path, old_string=old, new_string=new)


def edited(path: str) -> dict:
    return result("Edit", "ok", f"The file {path} has been updated.")


def write_file(path: str, content: str) -> dict:
    return call("Write", f"Write {path}", file_path=path, content=content)


def rejected(tool: str) -> list[dict]:
    """The user said no to a tool call: the tool's refusal and the interruption line."""
    return [result(tool, "failed", REJECTED), U(INTERRUPTED)]


def cancelled(tool: str = "Bash") -> dict:
    return result(tool, "failed", "<tool_use_error>Cancelled: parallel tool call Bash(…) errored</tool_use_error>")


def task_notification(task_id: str, command: str, code: int, tail: str) -> dict:
    return U(f"<task-notification>\n<task-id>{task_id}</task-id>\n<status>completed</status>\n"
             f"<summary>Background command \"{command}\" completed (exit code {code})</summary>\n"
             f"<output-tail>{tail}</output-tail>\n</task-notification>")


def compact_summary(body: str) -> dict:
    return U("This session is being continued from a previous conversation that ran out of context. "
             "The conversation is summarized below:\n" + body +
             "\nPlease continue the conversation from where we left it off without asking the user any further questions. "
             "Continue with the last task that you were asked to work on.", isCompactSummary=True)


# -- Codex shaped ------------------------------------------------------------------------------

def exec_cmd(cmd: str, workdir: str) -> dict:
    return call("exec_command", cmd, cmd=cmd, workdir=workdir)


def exec_out(code: int, output: str, wall: float = 0.8) -> dict:
    chunk = hashlib.sha1(f"{next(_ids)}{output}".encode()).hexdigest()[:6]
    status = "ok" if code == 0 else "failed"
    return result("exec_command", status, f"Chunk ID: {chunk}\nWall time: {wall:.4f} seconds\n"
                  f"Process exited with code {code}\nOriginal token count: {max(1, len(output) // 4)}\nOutput:\n{output}")


def patch(path: str, diff: str) -> list[dict]:
    return [call("apply_patch", f"*** Begin Patch\n*** Update File: {path}\n{diff}\n*** End Patch", path=path),
            result("apply_patch", "ok", f"Success. Updated the following files:\nM {path}")]


# -- writing and checking ------------------------------------------------------------------------

def session_id(scenario: str, label: str) -> str:
    return hashlib.sha1(f"{scenario}/{label}".encode()).hexdigest()[:12]


def emit(scenario: str, sessions: list[tuple], tz: str) -> list[dict]:
    """sessions: (project, label, "YYYY-MM-DDTHH:MM", rows); rows are events or WAIT(minutes)."""
    out = []
    for project, label, start, rows in sorted(sessions, key=lambda s: s[2]):  # the file in time order
        sid = session_id(scenario, label)
        t = dt.datetime.fromisoformat(start)
        n = 0
        for row in rows:
            if "wait" in row:
                t += dt.timedelta(minutes=row["wait"])
                continue
            n += 1
            t += dt.timedelta(seconds=40 + (n * 17) % 50)
            ev = {"id": f"{sid[:8]}:{n:03d}", "ts": t.strftime("%Y-%m-%dT%H:%M:%S") + tz, "project": project, "session": sid}
            ev.update(row)
            out.append(ev)
    return out


def check(events: list[dict], exp: dict) -> list[str]:
    """Every expectation rests on words that are in the events, and on nothing else."""
    raw = "\n".join(json.dumps(e, ensure_ascii=False) for e in events)
    plain = "\n".join(e["text"] for e in events)
    names = " ".join(sorted({e["session"] for e in events} | {e["project"] for e in events}))
    problems = [f"secret {s[:6]}… is not in the events" for s in exp["secrets"] if s not in raw]
    ids = [it["id"] for key in ("must", "should", "forbidden", "supersede") for it in exp[key]]
    problems += [f"duplicate item id {i}" for i in sorted({i for i in ids if ids.count(i) > 1})]
    for it in exp["must"] + exp["should"]:
        if it.get("any") and not any(phrase_in(p, plain) for p in it["any"]):
            problems.append(f"{it['id']}: no 'any' phrase occurs in the events")
        problems += [f"{it['id']}: 'all' phrase {p!r} does not occur" for p in it.get("all", []) if not phrase_in(p, plain)]
        if not it.get("where"):
            problems.append(f"{it['id']}: no 'where'")
    for it in exp["forbidden"]:
        if not any(phrase_in(p, plain) for p in it["any"]):
            problems.append(f"forbidden {it['id']}: no phrase occurs in the events")
    for it in exp["supersede"]:
        for side in ("older", "newer"):
            spec = it.get(side)
            if spec and not any(phrase_in(p, plain) for p in spec.get("any", [])):
                problems.append(f"supersede {it['id']}: no {side} phrase occurs in the events")
    specs = exp["must"] + exp["should"] + exp["forbidden"] + [s["older"] for s in exp["supersede"]]
    specs += [s["newer"] for s in exp["supersede"] if s.get("newer")]
    for sp in specs:
        for p in sp.get("any", []) + sp.get("all", []):
            if phrase_in(p, names):
                problems.append(f"phrase {p!r} matches a session or project name")
    projects = {e["project"] for e in events}
    for c in exp["context"]:
        if c["project"] not in projects:
            problems.append(f"context: no events in project {c['project']}")
        own = "\n".join(e["text"] for e in events if e["project"] == c["project"])
        problems += [f"context {c['project']}: must_not {p!r} occurs in its own events" for p in c["must_not"] if phrase_in(p, own)]
    ev_ids = [e["id"] for e in events]
    if len(ev_ids) != len(set(ev_ids)):
        problems.append("duplicate event ids")
    return problems


def count_items(exp: dict) -> int:
    """Labelled items: must, should, forbidden, supersede, each context phrase, each secret."""
    ctx = sum(len(c.get("must", [])) + len(c.get("must_not", [])) for c in exp["context"])
    return sum(len(exp[k]) for k in ("must", "should", "forbidden", "supersede", "secrets")) + ctx


def write(here: Path, exp: dict, sessions: list[tuple], tz: str) -> None:
    name = exp["name"]
    events = emit(name, sessions, tz)
    problems = check(events, exp)
    if problems:
        raise SystemExit(f"{name}: self-check failed:\n  " + "\n  ".join(problems))
    with open(here / f"{name}.jsonl", "w", encoding="utf-8") as f:
        for ev in events:
            f.write(json.dumps(ev, ensure_ascii=False) + "\n")
    (here / f"{name}.expect.json").write_text(json.dumps(exp, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{name}.jsonl: {len(events)} events in {len(sessions)} sessions; {count_items(exp)} labelled items")


def P(*projects: str) -> list[str]:
    return [f"project:{p}" for p in projects]
