"""Current work: a pure projection of recorded events (no I/O).

What is being worked on right now is never a free-form summary; it is built
from events, oldest to newest:

- ``kind: work_item`` with ``meta.work_item`` = ``{id, objective, plan,
  status (open|blocked|waiting|done), todos: [{content, status}], waits,
  blockers}``. A later item replaces the current one; an item marked
  ``done`` stops being current.
- Claude Code ``TodoWrite`` tool calls (``meta.input.todos`` = ``[{content,
  status, activeForm}]``) and Codex ``update_plan`` (``meta.input.plan`` =
  ``[{step, status}]``): each replaces the current todo list.

Work refs come only from recorded evidence: file paths in edit/write/read
tool inputs, commands run, URLs fetched, and issue/PR references in tool
output. They are deduplicated, most recent first, capped (default 12).
"""

from __future__ import annotations

import re
from .records import asdict, dataclass, field  # not dataclasses: it imports inspect (~10 ms a turn)

OPEN_TODO = ("pending", "in_progress", "open", "todo", "blocked", "waiting")
DONE_ITEM = ("done", "completed", "closed", "cancelled", "canceled")
REF_CAP = 12

_EDIT_TOOLS = {"edit": "edited", "multiedit": "edited", "write": "written", "notebookedit": "edited",
               "write_file": "written", "apply_patch": "edited", "str_replace_based_edit_tool": "edited"}
_READ_TOOLS = {"read": "read", "read_file": "read", "view": "read", "notebookread": "read"}
_SHELL_TOOLS = {"bash", "shell", "exec_command", "local_shell", "run_command", "container.exec"}
_FETCH_TOOLS = {"webfetch", "web_fetch", "fetch"}
_PLAN_TOOLS = {"update_plan"}
_TODO_TOOLS = {"todowrite"}
_PR_RE = re.compile(
    r"(?:\b(?:PR|pull request|MR)\s*#(?P<pr>\d{1,7})\b)"
    r"|(?:\bissue\s*#(?P<iss>\d{1,7})\b)"
    r"|(?:/pull/(?P<pull>\d{1,7})\b)"
    r"|(?:/issues/(?P<issue>\d{1,7})\b)"
    # a bare #N, but not a CSS colour (`color: #888;`, `bg = "#232836"`): not after `:`, `=` or a
    # quote, not before `;`, `}` or a quote
    r"|(?:(?<![\w&/#:='\"])(?<!: )(?<!= )#(?P<num>\d{1,7})\b(?!\s*[;}'\"]))",
    re.I,
)
# a CSS declaration before a bare #N on its line (`border: 1px solid #333`): a colour, not an issue
_CSS_DECL = re.compile(r"(?:^|[\s{;])[a-z-]+\s*:\s*[^;:\n]*$", re.I)


@dataclass
class Todo:
    content: str
    status: str = "pending"
    active_form: str | None = None

    @property
    def is_open(self) -> bool:
        return self.status not in ("completed", "done", "cancelled", "canceled")


@dataclass
class WorkRef:
    kind: str  # file | command | url | issue
    value: str
    how: str  # edited / read / ran / fetched / mentioned
    event: str  # id of the evidence event
    ts: str | None = None


@dataclass
class WorkItem:
    id: str | None
    objective: str | None
    status: str = "open"
    plan: list[str] = field(default_factory=list)
    todos: list[Todo] = field(default_factory=list)
    waits: list[str] = field(default_factory=list)
    blockers: list[str] = field(default_factory=list)
    project: str | None = None
    session: str | None = None
    since: str | None = None  # ts of the first event that made it current
    updated: str | None = None  # ts of the latest event that changed it
    evidence: list[str] = field(default_factory=list)  # event ids, oldest first
    todos_from: str | None = None  # id of the event the todo list came from

    @property
    def open_todos(self) -> list[Todo]:
        return [t for t in self.todos if t.is_open]


@dataclass
class WorkState:
    project: str | None
    session: str | None
    current: WorkItem | None
    refs: list[WorkRef]
    last_done: WorkItem | None = None

    def to_json(self) -> dict:
        def item(w):
            if w is None:
                return None
            d = asdict(w)
            d["open_todos"] = [asdict(t) for t in w.open_todos]
            return d

        return {"project": self.project, "session": self.session, "current": item(self.current),
                "last_done": item(self.last_done), "refs": [asdict(r) for r in self.refs]}


# -- parsing the sources ---------------------------------------------------------

def _str_list(v) -> list[str]:
    if v is None:
        return []
    if isinstance(v, str):
        return [v] if v.strip() else []
    out = []
    for x in v if isinstance(v, (list, tuple)) else [v]:
        if isinstance(x, dict):
            x = x.get("content") or x.get("step") or x.get("text") or x.get("title")
        if x is not None and str(x).strip():
            out.append(str(x).strip())
    return out


def _todos(raw) -> list[Todo]:
    out = []
    if not isinstance(raw, list):
        return out
    for t in raw:
        if isinstance(t, str):
            out.append(Todo(t.strip()))
        elif isinstance(t, dict):
            content = t.get("content") or t.get("step") or t.get("text") or t.get("title")
            if not content:
                continue
            status = str(t.get("status") or "pending").lower()
            out.append(Todo(str(content).strip(), status, t.get("activeForm") or t.get("active_form")))
    return out


def _tool_input(ev: dict) -> dict:
    meta = ev.get("meta") or {}
    for key in ("input", "tool_input", "arguments"):
        v = meta.get(key)
        if isinstance(v, dict):
            return v
        if isinstance(v, str) and key == "arguments":
            import json

            try:
                obj = json.loads(v)
            except ValueError:
                continue
            if isinstance(obj, dict):
                return obj
    return {}


def _tool(ev: dict) -> str:
    return str(ev.get("tool") or (ev.get("meta") or {}).get("tool_name") or "").lower()


def todo_update(ev: dict) -> list[Todo] | None:
    """The todo list an event sets (TodoWrite / update_plan), or None."""
    tool = _tool(ev)
    inp = _tool_input(ev)
    if tool in _TODO_TOOLS or (not tool and "todos" in inp):
        if isinstance(inp.get("todos"), list):
            return _todos(inp["todos"])
    if tool in _PLAN_TOOLS and isinstance(inp.get("plan"), list):
        return _todos(inp["plan"])
    return None


def work_item_of(ev: dict) -> dict | None:
    if ev.get("kind") != "work_item":
        return None
    wi = (ev.get("meta") or {}).get("work_item")
    if isinstance(wi, dict):
        return wi
    return {"objective": ev.get("text")} if ev.get("text") else None


# -- the projection --------------------------------------------------------------

def _same_todos(a: list[Todo], b: list[Todo]) -> bool:
    return [(t.content, t.status) for t in a] == [(t.content, t.status) for t in b]


def project_current(events: list[dict]) -> tuple[WorkItem | None, WorkItem | None]:
    """``(current, last_done)`` from events in time order (already filtered)."""
    current: WorkItem | None = None
    last_done: WorkItem | None = None
    for ev in events:
        eid, ts = ev.get("id"), ev.get("ts")
        wi = work_item_of(ev)
        if wi is not None:
            wid = wi.get("id")
            status = str(wi.get("status") or "open").lower()
            same = current is not None and wid is not None and current.id == wid
            item = WorkItem(
                id=wid,
                objective=(wi.get("objective") or wi.get("title") or ev.get("text") or (current.objective if same else None)),
                status=status,
                plan=_str_list(wi.get("plan")) or (current.plan if same else []),
                todos=_todos(wi.get("todos")) if "todos" in wi else (current.todos if same else []),
                waits=_str_list(wi.get("waits")) if "waits" in wi else (current.waits if same else []),
                blockers=_str_list(wi.get("blockers")) if "blockers" in wi else (current.blockers if same else []),
                project=ev.get("project"),
                session=ev.get("session"),
                since=current.since if same else ts,
                updated=ts,
                evidence=(current.evidence if same else []) + [eid],
                todos_from=eid if "todos" in wi else (current.todos_from if same else None),
            )
            if status in DONE_ITEM:
                last_done, current = item, None
            else:
                current = item
            continue
        todos = todo_update(ev)
        if todos is None:
            continue
        if current is None:
            if not any(t.is_open for t in todos):
                continue  # a finished list with no item: nothing current
            current = WorkItem(id=None, objective=None, project=ev.get("project"), session=ev.get("session"), since=ts)
        if current.todos_from is not None and _same_todos(current.todos, todos) and current.updated == ts:
            continue
        current.todos = todos
        current.todos_from = eid
        current.updated = ts
        current.evidence.append(eid)
        if current.id is None and not any(t.is_open for t in todos):
            current = None  # an implicit item ends when its todos are all done
    return current, last_done


def _command_text(cmd) -> str | None:
    if isinstance(cmd, list):
        parts = [str(c) for c in cmd]
        if len(parts) >= 3 and parts[0] in ("bash", "sh", "zsh") and parts[1] in ("-c", "-lc"):
            return parts[2]
        import shlex  # only a command given as a list (Codex): not imported on most turns

        return shlex.join(parts)
    if isinstance(cmd, str) and cmd.strip():
        return cmd.strip()
    return None


def refs_of(ev: dict) -> list[WorkRef]:
    """Work refs one event is evidence of."""
    out: list[WorkRef] = []
    eid, ts = ev.get("id") or "", ev.get("ts")
    tool = _tool(ev)
    kind = ev.get("kind")
    if kind == "tool_call" or (kind != "tool_result" and _tool_input(ev)):
        inp = _tool_input(ev)
        path = inp.get("file_path") or inp.get("notebook_path") or inp.get("path")
        if isinstance(path, str) and path.strip():
            how = _EDIT_TOOLS.get(tool) or _READ_TOOLS.get(tool)
            if how:
                out.append(WorkRef("file", path.strip(), how, eid, ts))
        if tool in _SHELL_TOOLS:
            cmd = _command_text(inp.get("command") or inp.get("cmd"))
            if cmd:
                out.append(WorkRef("command", cmd, "ran", eid, ts))
        if tool in _FETCH_TOOLS:
            url = inp.get("url")
            if isinstance(url, str) and url.strip():
                out.append(WorkRef("url", url.strip(), "fetched", eid, ts))
    if kind == "tool_result" or ev.get("role") == "tool":
        seen = set()
        for m in _PR_RE.finditer(ev.get("text") or ""):
            if m.group("pr") or m.group("pull"):
                label = f"PR #{m.group('pr') or m.group('pull')}"
            elif m.group("issue") or m.group("iss"):
                label = f"issue #{m.group('issue') or m.group('iss')}"
            else:
                num = m.group("num")
                text = ev.get("text") or ""
                line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
                if len(num) in (3, 4, 6, 8) and _CSS_DECL.search(line):
                    continue
                label = f"#{num}"
            if label not in seen:
                seen.add(label)
                out.append(WorkRef("issue", label, "mentioned", eid, ts))
    return out


def collect_refs(events: list[dict], cap: int = REF_CAP) -> list[WorkRef]:
    """Deduplicated refs, most recent first, at most ``cap``."""
    best: dict[tuple[str, str], WorkRef] = {}
    numbers: dict[str, str] = {}  # "42" -> label kept for it ("PR #42" beats "#42")
    for ev in events:
        for r in reversed(refs_of(ev)):  # the list is reversed at the end: keep text order
            key = (r.kind, r.value)
            if r.kind == "issue":
                num = r.value.split("#")[-1]
                prev = numbers.get(num)
                if prev and prev != r.value:
                    if r.value.startswith("#"):
                        key = ("issue", prev)  # refresh the richer label
                        r = WorkRef("issue", prev, r.how, r.event, r.ts)
                    else:
                        best.pop(("issue", prev), None)
                numbers[num] = key[1]
            best.pop(key, None)
            best[key] = r  # re-inserted: dict order = recency
    return list(reversed(list(best.values())))[:cap]


def project_work(events: list[dict], *, project: str | None = None, session: str | None = None,
                 cap: int = REF_CAP, only_current: bool = False) -> WorkState | None:
    """Current work and its refs from events in ledger (time) order.

    Only events of ``project`` (and ``session``, when given) count. Refs come
    from the events since the start of the session in which the current item
    became current, else from the latest session. ``only_current``: None when
    there is no current item (its refs are not collected).
    """
    evs = [e for e in events if (project is None or e.get("project") == project)
           and (session is None or e.get("session") == session)]
    current, last_done = project_current(evs)
    if current is None and only_current:
        return None
    if current is not None and current.evidence:
        # From the start of the session in which the item became current.
        first = current.evidence[0]
        start = next((i for i, e in enumerate(evs) if e.get("id") == first), 0)
        sess = evs[start].get("session") if evs else None
        while start > 0 and sess is not None and evs[start - 1].get("session") == sess:
            start -= 1
        window = evs[start:]
    else:
        last_session = evs[-1].get("session") if evs else None
        window = [e for e in evs if e.get("session") == last_session] if evs else []
    return WorkState(project=project, session=session, current=current, refs=collect_refs(window, cap),
                     last_done=last_done)


# -- showing --------------------------------------------------------------------------

def render_work(st: WorkState) -> str:
    where = st.project + (f", session {st.session}" if st.session else "")
    lines = [f"# Current work ({where})"]
    w = st.current
    if w is None:
        lines.append("No open work item." + (f" Last done: {w_objective(st.last_done)}" if st.last_done else ""))
    else:
        lines.append(f"Objective: {w_objective(w)}" + (f" ({w.id}, {w.status})" if w.id else f" ({w.status})"))
        if w.plan:
            lines.append("Plan:")
            lines += [f"  {i}. {p}" for i, p in enumerate(w.plan, 1)]
        todos = w.open_todos
        lines.append("Open todos:" if todos else "Open todos: none")
        lines += [f"  - [{t.status.replace('_', ' ')}] {t.content}" for t in todos]
        if w.blockers:
            lines.append("Blocked by: " + "; ".join(w.blockers))
        if w.waits:
            lines.append("Waiting for: " + "; ".join(w.waits))
        if w.evidence:
            lines.append("Evidence: " + ", ".join(f"event:{e}" for e in w.evidence[-6:]))
    if st.refs:
        lines.append("Work refs (most recent first):")
        for r in st.refs:
            lines.append(f"  - {r.kind:<7} {r.how:<9} {r.value}  (event:{r.event})")
    return "\n".join(lines) + "\n"


def w_objective(w: WorkItem) -> str:
    return " ".join((w.objective or "(no objective recorded)").split())
