"""Deterministic generator of realistic agent homes for the benchmarks.

``iter_events(seed)`` is an endless, prefix-stable stream of native events
(the first N of a longer run are exactly the N of a shorter one): bilingual
(Chinese / English / mixed) sessions across several projects, with tool calls
that fail and get fixed, explicit instructions ("from now on …", "以后都…"),
preferences, retracted slips, notes, work items, chit-chat and session ends.
``write_home_files`` adds hand-written memories, notes, AGENTS.md and an
operator file; ``iter_signals`` makes pending signals in the signals.jsonl
format of docs/ARCHITECTURE.md.

Run as a script to write a home: ``python bench/gen.py OUT_DIR --events 100000``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from datetime import datetime, timedelta, timezone
from itertools import islice
from pathlib import Path
from typing import Iterator

GEN_VERSION = 1
TZ = timezone(timedelta(hours=8))
START = datetime(2025, 1, 6, 9, 0, tzinfo=TZ)

# -- vocabulary ---------------------------------------------------------------

EN_PROJECTS = ["invoicer", "data-pipeline", "billing-api", "ml-training", "infra"]
ZH_PROJECTS = ["travel-agent", "home-ledger", "reading-club"]
MIX_PROJECTS = ["holonmem", "blog"]

MODULES = ["totals", "tax", "export", "pdf", "auth", "users", "invoices", "reports", "sync", "cache",
           "router", "schema", "ingest", "index", "search", "billing", "webhooks", "mailer", "queue", "ledger"]
FUNCS = ["round_total", "apply_tax", "render_pdf", "parse_csv", "load_config", "retry_upload", "merge_rows",
         "build_index", "normalize_email", "compute_fee", "check_quota", "flush_queue", "resolve_user",
         "split_batch", "encode_token", "format_date", "close_period", "send_digest", "sum_lines", "diff_schema"]
ERRORS = [
    "AssertionError: expected {a}.{b} but got {a}.{c}",
    "ModuleNotFoundError: No module named '{mod}_utils'",
    "TypeError: {fn}() missing 1 required positional argument: 'currency'",
    "KeyError: '{mod}_id'",
    "sqlite3.OperationalError: database is locked",
    "TimeoutError: request to https://api.example.com/{mod} timed out after 30s",
    "ruff: F401 `{mod}.helpers` imported but unused",
    "mypy: error: Incompatible return value type (got \"str | None\", expected \"str\")",
    "ConnectionRefusedError: [Errno 111] Connection refused (port {port})",
    "npm ERR! Could not resolve dependency: peer react@\"^{a}.0.0\"",
    "FAILED tests/test_{mod}.py::test_{fn} - ValueError: invalid literal for int() with base 10: '{a}.{b}'",
    "fatal: not possible to fast-forward, aborting.",
]
FIXES = [
    "use Decimal with ROUND_HALF_UP in {fn} instead of float rounding",
    "add the missing `currency` argument to the {fn} call in {mod}.py",
    "pin the dependency and regenerate the lock file",
    "retry with exponential backoff (3 attempts) around {fn}",
    "open the database in WAL mode and keep one writer",
    "remove the unused import from {mod}/helpers.py",
    "rebase on origin/main before pushing",
    "guard the None case in {fn} and return an empty string",
]
EN_INSTRUCTIONS = [
    "From now on, always run `ruff check` before every commit.",
    "Always write the changelog entry in the same PR as the change.",
    "Never deploy on Friday afternoons.",
    "From now on use Decimal for money, never float.",
    "Please always show me the diff before you push.",
    "Remember: the staging database is read-only for you.",
    "Going forward, keep commit messages in English and under 72 characters.",
    "Always run the full test suite after touching {mod}.py.",
]
ZH_INSTRUCTIONS = [
    "以后订酒店都要先确认可以免费取消。",
    "记住：行程里每天下午要留一个小时午睡。",
    "以后不要订红眼航班。",
    "以后所有金额都用人民币显示，保留两位小数。",
    "记住，见客户只安排在上午。",
    "以后{city}的行程都优先坐高铁。",
    "以后每次改完代码都先跑一遍测试再告诉我结果。",
]
EN_PREFS = [
    "I prefer concise answers: conclusion first, then a few bullets.",
    "I like dark mode screenshots in the docs.",
    "I prefer pytest fixtures over setUp methods.",
    "I'd rather have small commits than one big one.",
    "I prefer window seats on long flights.",
]
ZH_PREFS = [
    "我更喜欢靠窗的座位。",
    "我喜欢安静的酒店，离地铁近就行。",
    "回答简洁一点，先说结论。",
    "我不吃辣，订餐厅的时候注意一下。",
    "我更喜欢早上出发的航班。",
]
RETRACT = ["说错了，不对，{x}不用了。", "Scratch that, ignore what I said about {x}.", "不对不对，刚才那条取消。"]
CHAT_EN = ["Morning!", "Thanks, that helps.", "Nice, looks good.", "Ok, let's call it a day.", "Great, thank you!",
           "How was your weekend?", "Coffee first, then code."]
CHAT_ZH = ["早上好！", "谢谢！", "好的，辛苦了。", "今天天气不错。", "晚安～", "先这样吧，明天继续。", "太好了，谢谢你。"]
CITIES = ["北京", "西安", "成都", "杭州", "广州", "深圳", "南京", "苏州", "厦门", "青岛", "重庆", "昆明", "大理", "桂林"]
SIGHTS = ["故宫", "兵马俑", "西湖", "宽窄巷子", "鼓浪屿", "外滩", "大雁塔", "洱海", "漓江", "中山陵", "拙政园"]
FOODS = ["烤鸭", "肉夹馍", "火锅", "小笼包", "凉皮", "米线", "酸菜鱼", "生煎", "羊肉泡馍", "串串"]
TOOLS_TRAVEL = ["flight_search", "hotel_search", "route_checker", "train_search", "weather", "web_fetch"]
TRAVEL_ERRORS = ["查询超时：上游接口 30 秒无响应", "route_checker: 景点 {sight} 今日闭馆", "余票查询失败：12306 返回 503",
                 "hotel_search: 参数 checkin 格式错误（应为 YYYY-MM-DD）", "天气接口限流，请稍后再试"]
NOTE_TOPICS = ["deploy checklist", "tax rounding rules", "whoosh indexing", "release process", "on-call handbook",
               "数据库迁移步骤", "报销流程", "{city}美食清单", "读书会书单", "备份策略"]
WORDS = ("alpha beta gamma delta batch cursor shard replica window budget vendor ticket sprint backlog "
         "latency throughput quota webhook payload invoice receipt ledger refund coupon tenant region "
         "cluster node pod canary rollout rollback feature flag schema migration snapshot").split()


class _Gen:
    """One seeded stream; every choice goes through ``self.r``."""

    def __init__(self, seed: int, start: datetime = START, per_day: int = 10):
        self.r = random.Random(seed)
        self.per_day = per_day
        self.seed = seed
        self.n = 0
        self.t = start
        self.session_no = 0

    # small helpers
    def pick(self, seq):
        return seq[self.r.randrange(len(seq))]

    def fill(self, tpl: str) -> str:
        r = self.r
        return tpl.format(
            a=r.randrange(1, 99), b=r.randrange(10, 99), c=r.randrange(10, 99), mod=self.pick(MODULES),
            fn=self.pick(FUNCS), port=r.randrange(3000, 9999), city=self.pick(CITIES), sight=self.pick(SIGHTS),
            x=self.pick(SIGHTS + MODULES),
        )

    def words(self, k: int) -> str:
        return " ".join(self.pick(WORDS) for _ in range(k))

    def ev(self, project: str, session: str, role: str, text: str, **extra) -> dict:
        self.n += 1
        self.t += timedelta(seconds=self.r.randrange(8, 240))
        e = {"id": f"evt_b{self.seed}_{self.n:07d}", "ts": self.t.isoformat(), "project": project,
             "session": session, "role": role, "kind": extra.pop("kind", "message")}
        e.update(extra)
        e["text"] = text
        return e

    # sessions
    def session(self) -> list[dict]:
        self.session_no += 1
        # ~10 sessions a day (``per_day``), starting in the morning
        if self.session_no % self.per_day == 1 or self.per_day == 1:
            day = self.t.date() + timedelta(days=1)
            self.t = datetime(day.year, day.month, day.day, 9, self.r.randrange(0, 50), tzinfo=TZ)
        else:
            self.t += timedelta(minutes=self.r.randrange(5, 60))
        roll = self.r.random()
        if roll < 0.45:
            return self.coding_session()
        if roll < 0.80:
            return self.travel_session()
        return self.notes_session()

    def coding_session(self) -> list[dict]:
        lang = self.r.random()
        project = self.pick(MIX_PROJECTS if lang < 0.3 else EN_PROJECTS)
        zh = lang < 0.3
        sid = f"s_{self.session_no:06d}_{project}"
        mod, fn = self.pick(MODULES), self.pick(FUNCS)
        out = [self.ev(project, sid, "user", self.pick(CHAT_ZH if zh else CHAT_EN))]
        ask = (f"帮我修一下 test_{mod}.py 里失败的 test_{fn}，CI 从昨天开始就红了。" if zh
               else f"Fix the failing test_{fn} in tests/test_{mod}.py, CI has been red since yesterday.")
        out.append(self.ev(project, sid, "user", ask))
        out.append(self.ev(project, sid, "assistant", f"Fix failing test_{fn} in tests/test_{mod}.py",
                           kind="task", refs=[f"tests/test_{mod}.py"]))
        attempts = 1 + (self.r.random() < 0.6) + (self.r.random() < 0.25)
        for i in range(attempts):
            cmd = f"pytest -q tests/test_{mod}.py -k {fn}"
            out.append(self.ev(project, sid, "assistant", cmd, kind="tool_call", tool="shell",
                               meta={"input": {"command": cmd}}))
            last = i == attempts - 1
            if not last:
                err = self.fill(self.pick(ERRORS))
                out.append(self.ev(project, sid, "tool", f"1 failed, {self.r.randrange(20, 400)} passed\n{err}",
                                   kind="tool_result", tool="shell", status="failed"))
                fix = self.fill(self.pick(FIXES))
                why = (f"失败原因：{err.split(':')[0]}。我打算 {fix}。" if zh
                       else f"The failure comes from {err.split(':')[0]}; I'll {fix}.")
                out.append(self.ev(project, sid, "assistant", why))
                out.append(self.ev(project, sid, "assistant", f"edit {mod}.py: {fix}", kind="tool_call",
                                   tool="edit", refs=[f"src/{project}/{mod}.py"]))
                out.append(self.ev(project, sid, "tool", "ok", kind="tool_result", tool="edit", status="ok"))
            else:
                out.append(self.ev(project, sid, "tool", f"{self.r.randrange(20, 400)} passed in {self.r.randrange(1, 90)}.{self.r.randrange(10, 99)}s",
                                   kind="tool_result", tool="shell", status="passed"))
        if self.r.random() < 0.35:
            out.append(self.ev(project, sid, "user", self.fill(self.pick(ZH_INSTRUCTIONS[-1:] + EN_INSTRUCTIONS))))
            out.append(self.ev(project, sid, "assistant", "Noted, I'll do that from now on." if not zh else "好的，记下了，以后照做。"))
        if self.r.random() < 0.2:
            out.append(self.ev(project, sid, "user", self.pick(EN_PREFS)))
        if self.r.random() < 0.15:
            out.append(self.ev(project, sid, "assistant", f"Open: {self.words(4)} in {mod}.py still needs a follow-up",
                               kind="work_item", meta={"status": "open"}))
        summary = (f"已修复：{fn} 的问题，全部测试通过。" if zh
                   else f"Fixed test_{fn}: {self.words(6)}. All tests pass now.")
        out.append(self.ev(project, sid, "assistant", summary))
        out.append(self.ev(project, sid, "user", self.pick(CHAT_ZH if zh else CHAT_EN)))
        out.append(self.ev(project, sid, "system", "session ended", kind="session_end"))
        return out

    def travel_session(self) -> list[dict]:
        project = self.pick(ZH_PROJECTS[:1] * 3 + ZH_PROJECTS[1:])
        sid = f"s_{self.session_no:06d}_{project}"
        city, sight, food = self.pick(CITIES), self.pick(SIGHTS), self.pick(FOODS)
        days = self.r.randrange(2, 6)
        out = [self.ev(project, sid, "user", self.pick(CHAT_ZH)),
               self.ev(project, sid, "user", f"帮我规划一个{self.r.randrange(1, 13)}月的{city}{days}天行程，想去{sight}，还想吃{food}。"),
               self.ev(project, sid, "assistant", f"规划{city}{days}天行程，包含{sight}", kind="task")]
        if self.r.random() < 0.5:
            out.append(self.ev(project, sid, "user", self.pick(ZH_PREFS)))
        for _ in range(self.r.randrange(1, 4)):
            tool = self.pick(TOOLS_TRAVEL)
            out.append(self.ev(project, sid, "assistant", f"{tool} {city} {self.r.randrange(1, 28)}号", kind="tool_call",
                               tool=tool, meta={"input": {"city": city, "days": days}}))
            if self.r.random() < 0.3:
                out.append(self.ev(project, sid, "tool", self.fill(self.pick(TRAVEL_ERRORS)), kind="tool_result",
                                   tool=tool, status="failed"))
                out.append(self.ev(project, sid, "assistant", f"{tool} 失败了，我换个时间再查一次。"))
                out.append(self.ev(project, sid, "assistant", f"{tool} {city} retry", kind="tool_call", tool=tool))
            out.append(self.ev(project, sid, "tool",
                               f"找到 {self.r.randrange(3, 40)} 个结果，价格 ¥{self.r.randrange(200, 2000)} 起，{sight}附近有{self.r.randrange(1, 9)}家。",
                               kind="tool_result", tool=tool, status="ok"))
        if self.r.random() < 0.3:
            out.append(self.ev(project, sid, "user", self.fill(self.pick(ZH_INSTRUCTIONS))))
            out.append(self.ev(project, sid, "assistant", "好的，记下了。"))
        if self.r.random() < 0.1:
            out.append(self.ev(project, sid, "user", self.fill(self.pick(RETRACT))))
        out.append(self.ev(project, sid, "assistant",
                           f"行程草稿：第一天{sight}，第二天自由活动，晚上吃{food}。Draft saved to notes/travel/{city}.md",
                           refs=[f"notes/travel/{city}.md"]))
        out.append(self.ev(project, sid, "user", self.pick(CHAT_ZH)))
        out.append(self.ev(project, sid, "system", "session ended", kind="session_end"))
        return out

    def notes_session(self) -> list[dict]:
        project = self.pick(EN_PROJECTS + ZH_PROJECTS + MIX_PROJECTS)
        sid = f"s_{self.session_no:06d}_{project}"
        topic = self.fill(self.pick(NOTE_TOPICS))
        out = [self.ev(project, sid, "user", f"Let's update the notes on {topic}." if self.r.random() < 0.5 else f"更新一下{topic}的笔记。")]
        for _ in range(self.r.randrange(2, 6)):
            out.append(self.ev(project, sid, "assistant", f"{topic}: {self.words(10)}", kind="note"))
        if self.r.random() < 0.3:
            out.append(self.ev(project, sid, "user", self.pick(EN_PREFS + ZH_PREFS)))
        out.append(self.ev(project, sid, "user", self.pick(CHAT_EN + CHAT_ZH)))
        out.append(self.ev(project, sid, "system", "session ended", kind="session_end"))
        return out


def iter_events(seed: int = 1, start: datetime = START, per_day: int = 10) -> Iterator[dict]:
    """An endless, deterministic, prefix-stable stream of native events
    (ids ``evt_b<seed>_<n>``, timestamps from ``start`` on, ``per_day`` sessions a day)."""
    g = _Gen(seed, start, per_day)
    while True:
        yield from g.session()


# New events for an existing home: another seed, later in time.
LATER = datetime(2046, 1, 1, 9, 0, tzinfo=TZ)


def take(seed: int, start: int, count: int, *, later: bool = False, per_day: int = 10) -> Iterator[dict]:
    """Events ``start`` .. ``start+count-1`` of the stream for ``seed``."""
    return islice(iter_events(seed, LATER if later else START, per_day), start, start + count)


def write_events(path: Path, seed: int, start: int, count: int, *, later: bool = False, per_day: int = 10) -> int:
    """Write a slice of the stream as native JSONL; returns the characters written."""
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    n = 0
    with open(path, "w", encoding="utf-8") as fh:
        buf = []
        for ev in take(seed, start, count, later=later, per_day=per_day):
            buf.append(dumps(ev))
            if len(buf) >= 10000:
                n += fh.write("\n".join(buf) + "\n")
                buf.clear()
        if buf:
            n += fh.write("\n".join(buf) + "\n")
    return n


# -- hand-written files -------------------------------------------------------

def write_home_files(root: Path, seed: int = 1, memories: int = 40, notes: int = 25) -> None:
    """AGENTS.md, operator/self memory, hand-written memories and notes."""
    r = random.Random(seed * 7919 + 1)
    (root / "memory").mkdir(parents=True, exist_ok=True)
    (root / "notes" / "travel").mkdir(parents=True, exist_ok=True)
    (root / "AGENTS.md").write_text(
        "# AGENTS.md — role contract\n\nYou are a careful coding and travel assistant for Lin Wei.\n"
        "- Conclusion first, then at most a few bullets. 中文问中文答。\n- Never pay or book without an explicit OK.\n",
        encoding="utf-8")
    (root / "memory" / "operator.md").write_text(
        "---\ntitle: Operator preferences\nupdated: 2025-01-05\n---\n# Lin Wei / 林伟\n\n"
        "- Based in Shanghai, UTC+08:00. 中英文都可以。\n- Prefer concise answers. 不要客套话。\n"
        "- 酒店偏好安静、离地铁近。高铁优先。\n- Git: small commits, English messages.\n", encoding="utf-8")
    (root / "memory" / "self.md").write_text(
        "---\ntitle: Self\n---\n# Self\n\n- I run in a sandbox without network except package registries.\n", encoding="utf-8")
    index = ["# MEMORY.md — long-term memory index", ""]
    pool = [(p, "project") for p in EN_PROJECTS + MIX_PROJECTS] + [(None, "user")]
    for i in range(memories):
        project, scope = pool[r.randrange(len(pool))]
        if project:
            stmt = f"{project}: " + (r.choice(FIXES) if i % 2 else r.choice(EN_INSTRUCTIONS)).format(
                fn=r.choice(FUNCS), mod=r.choice(MODULES), city=r.choice(CITIES))
        else:
            stmt = r.choice(ZH_INSTRUCTIONS + ZH_PREFS).format(city=r.choice(CITIES))
        kind = "lesson" if i % 2 else "rule"
        slug = f"{'-'.join((project or 'user').split())}-{kind}-{i:03d}"
        fm = [f"id: mem_{slug}", f"title: {stmt[:60]!r}", f"kind: {kind}", f"scope: {scope}"]
        if project:
            fm.append(f"project: {project}")
        fm += ["status: active", "created: 2025-01-05", "updated: 2025-01-05", "confidence: 0.8"]
        body = f"{stmt}\n\n**Why:** learned the hard way in an earlier session.\n\n**How to apply:** check it before acting.\n"
        (root / "memory" / f"{slug}.md").write_text("---\n" + "\n".join(fm) + "\n---\n" + body, encoding="utf-8")
        index.append(f"- [{stmt[:60]}](memory/{slug}.md) — {kind} for {project or 'the user'}")
    (root / "MEMORY.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    for i in range(notes):
        topic = NOTE_TOPICS[i % len(NOTE_TOPICS)].format(city=CITIES[i % len(CITIES)])
        sub = "travel/" if "{city}" in NOTE_TOPICS[i % len(NOTE_TOPICS)] else ""
        lines = [f"# {topic}", "", f"Reference notes on {topic}. 参考笔记。", ""]
        lines += [f"- {' '.join(r.choice(WORDS) for _ in range(9))}" for _ in range(12)]
        (root / "notes" / f"{sub}note-{i:02d}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


# -- a home after a year of use: thousands of memories, hundreds of notes ------

def write_scale_files(root: Path, seed: int = 1, memories: int = 1000, notes: int = 500) -> dict:
    """``memories`` dream-style memory files (60% active, 25% superseded by an
    active one, 15% archived) across the projects and the user scope, and
    ``notes`` notes with frontmatter, over what :func:`write_home_files` wrote.
    Returns the counts by status."""
    r = random.Random(seed * 31337 + 5)
    mem = root / "memory"
    mem.mkdir(parents=True, exist_ok=True)
    projects = EN_PROJECTS + ZH_PROJECTS + MIX_PROJECTS
    kinds = ["rule", "preference", "lesson", "fact", "method", "decision"]
    counts = {"active": 0, "superseded": 0, "archived": 0}
    active_ids: list[str] = []
    rows = []
    for i in range(memories):
        u = r.random()
        status = "active" if u < 0.6 else "superseded" if u < 0.85 else "archived"
        project = None if r.random() < 0.12 else r.choice(projects)
        kind = r.choice(kinds)
        if project in ZH_PROJECTS or (project is None and r.random() < 0.5):
            stmt = r.choice(ZH_INSTRUCTIONS + ZH_PREFS).format(city=r.choice(CITIES))
            stmt += f"（{r.choice(SIGHTS)}，{r.choice(FOODS)}，第{i}条）"
        else:
            stmt = (r.choice(FIXES) if kind in ("lesson", "method") else r.choice(EN_INSTRUCTIONS + EN_PREFS)).format(
                fn=r.choice(FUNCS), mod=r.choice(MODULES), city=r.choice(CITIES))
            stmt += f" ({' '.join(r.choice(WORDS) for _ in range(4))}, case {i})"
        mid = f"mem_s{seed}_{i:06d}"
        rows.append([mid, status, project, kind, stmt])
        if status == "active":
            active_ids.append(mid)
    sup: dict[str, list[str]] = {}
    for row in rows:
        if row[1] == "superseded" and active_ids:
            by = r.choice(active_ids)
            row.append(by)
            sup.setdefault(by, []).append(row[0])
    day0 = datetime(2025, 1, 6, tzinfo=TZ)
    for i, row in enumerate(rows):
        mid, status, project, kind, stmt = row[:5]
        day = (day0 + timedelta(days=r.randrange(0, 700))).date().isoformat()
        scope = "project" if project else "user"
        title = stmt[:70].rstrip()
        words = sorted({w.strip("`.,:()").lower() for w in stmt.split() if len(w) > 3})[:6]
        fm = [f"id: {mid}", f"title: {json.dumps(title, ensure_ascii=False)}", f"kind: {kind}", f"scope: {scope}"]
        if project:
            fm.append(f"project: {project}")
        fm += [f"status: {status}", f'created: "{day}T10:00:00+08:00"', f'updated: "{day}T10:00:00+08:00"',
               f'valid_from: "{day}T09:30:00+08:00"']
        if sup.get(mid):
            fm.append(f"supersedes: [{', '.join(sup[mid])}]")
        if len(row) > 5:
            fm.append(f"superseded_by: [{row[5]}]")
        fm += [f"evidence: [evt_b{seed}_{r.randrange(1, 99999):07d}]", "channels: [explicit_user_instruction]",
               f"confidence: {round(0.5 + r.random() * 0.45, 2)}",
               f"keywords: [{', '.join(json.dumps(w, ensure_ascii=False) for w in words)}]",
               f"sessions: [s_{r.randrange(1, 5000):06d}]", f"run: dream_s{seed}_{i // 50:04d}"]
        body = (f"# {title}\n\n{stmt}\n\n**Why:** The user said it as a standing instruction.\n\n"
                f"**How to apply:** Follow this{' in project ' + project if project else ''} unless the user says otherwise.\n")
        slug = f"{(project or 'user')}-{kind}-{i:06d}"
        (mem / f"{slug}.md").write_text("---\n" + "\n".join(fm) + "\n---\n" + body, encoding="utf-8")
        counts[status] += 1
    for i in range(notes):
        project = r.choice(projects + [None, None])
        topic = NOTE_TOPICS[i % len(NOTE_TOPICS)].format(city=CITIES[i % len(CITIES)])
        sub = root / "notes" / (project or "general")
        sub.mkdir(parents=True, exist_ok=True)
        tags = sorted({r.choice(WORDS) for _ in range(3)})
        head = ["---", f"title: {topic} {i}", f"tags: [{', '.join(tags)}]"]
        if i % 3 == 0:
            head.append(f"summary: {' '.join(r.choice(WORDS) for _ in range(10))}")
        lines = head + ["---", f"# {topic} {i}", "", f"Reference notes on {topic}. 参考笔记。", ""]
        lines += [f"- {' '.join(r.choice(WORDS) for _ in range(9))}" for _ in range(12)]
        (sub / f"scale-{i:04d}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return counts


# -- signals --------------------------------------------------------------------

SIGNAL_KINDS = ["preference", "rule", "lesson", "fact", "method"]


def iter_signals(count: int, seed: int = 1, evidence_pool: int = 10000, groups: int = 600) -> Iterator[dict]:
    """Pending signals in the signals.jsonl format; evidence ids name events
    ``1..evidence_pool`` of ``iter_events(seed)``. Signals repeat ~``groups``
    distinct statements in different wordings and sessions, as real ones do."""
    r = random.Random(seed * 104729 + 3)
    base = [(r.choice(EN_PROJECTS + ZH_PROJECTS + MIX_PROJECTS), r.choice(SIGNAL_KINDS),
             (r.choice(EN_INSTRUCTIONS + ZH_INSTRUCTIONS + EN_PREFS + ZH_PREFS + FIXES)).format(
                 fn=r.choice(FUNCS), mod=r.choice(MODULES), city=r.choice(CITIES)), g) for g in range(groups)]
    t = START
    for i in range(count):
        project, kind, stmt, g = base[r.randrange(groups)]
        t += timedelta(seconds=r.randrange(30, 600))
        variant = r.randrange(3)
        text = stmt if variant == 0 else (f"Remember: {stmt}" if variant == 1 else f"{stmt}（再次强调）")
        ev = [f"evt_b{seed}_{r.randrange(1, evidence_pool + 1):07d}" for _ in range(1 + (r.random() < 0.3))]
        user = kind in ("preference", "rule")
        yield {
            "type": "signal", "id": f"sig_b{seed}_{i:06d}", "ts": t.isoformat(), "created": t.isoformat(),
            "scope": "user" if kind == "preference" else "project", "kind": kind, "statement": text,
            "subject": " ".join(stmt.lower().split()[:5]), "polarity": "-" if "never" in stmt.lower() or "不" in stmt else "+",
            "evidence": ev, "project": project, "session": f"s_{r.randrange(1, 5000):06d}_{project}",
            "episode": f"ep_{g:04d}_{i % 7}", "source_role": "user" if user else "tool",
            "trust": "user-stated" if user else "tool-observed", "confidence": round(0.5 + r.random() * 0.45, 2),
            "channels": ["explicit_instruction"] if user else ["tool_failure_evidence"],
            "keywords": sorted({w.strip("`.,:") for w in stmt.lower().split()[:6] if len(w) > 2})[:5],
            "extractor": "rules",
        }


def write_signals(path: Path, count: int, seed: int = 1, evidence_pool: int = 10000) -> None:
    with open(path, "a", encoding="utf-8") as fh:
        for s in iter_signals(count, seed, evidence_pool):
            fh.write(json.dumps(s, ensure_ascii=False, separators=(",", ":")) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, help="folder for the home files (events go to OUT/import/events.jsonl)")
    ap.add_argument("--events", type=int, default=10000, help="number of events")
    ap.add_argument("--seed", type=int, default=1, help="random seed")
    ap.add_argument("--signals", type=int, default=0, help="also write this many pending signals")
    a = ap.parse_args(argv)
    (a.out / "import").mkdir(parents=True, exist_ok=True)
    write_home_files(a.out, a.seed)
    size = write_events(a.out / "import" / "events.jsonl", a.seed, 0, a.events)
    if a.signals:
        write_signals(a.out / "signals.jsonl", a.signals, a.seed, min(a.events, 10000))
    sys.stderr.write(f"wrote {a.events} events ({size:,} bytes) to {a.out / 'import' / 'events.jsonl'}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
