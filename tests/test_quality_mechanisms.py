"""End to end through the CLI (ingest, consolidate, dream through main() in this process: what
the commands store is the subject, not the process): the mechanisms behind changes of mind and pointers.

- a convention said once is kept, so a later change of mind supersedes a real memory
  (and one batch dream ends like daily ones);
- an earlier rule named and called off is archived;
- "remember the lactose thing" joins the statement it points at (about the person: user scope).
"""

from __future__ import annotations

from holonmem.memory import load_memories
from test_dream_explicit import _events


def _run(cli, root, tmp_path, name, text, now):
    f = tmp_path / f"{name}.jsonl"
    f.write_text(text)
    assert cli("--home", root, "ingest", str(f)).exit_code == 0
    assert cli("--home", root, "consolidate", "--now", now).exit_code == 0
    r = cli("--home", root, "dream", "--force", "--now", now)
    assert r.exit_code == 0, r


def _by_status(home):
    out: dict[str, list[str]] = {}
    for m in load_memories(home):
        out.setdefault(m.status, []).append(m.statement)
    return out


def test_a_convention_then_a_change_of_mind_daily(home, inproc, tmp_path):
    root = str(home.root)
    _run(inproc, root, tmp_path, "s1", _events("s1", "2026-10-05", [
        "Also fyi, we use CocoaPods for dependencies here - it goes in the Podfile, then pod install."]),
        "2026-10-05T12:00:00+00:00")
    assert any("CocoaPods" in s for s in _by_status(home)["active"])
    _run(inproc, root, tmp_path, "s2", _events("s2", "2026-10-13", [
        "Big one today: we're moving off CocoaPods to Swift Package Manager."]), "2026-10-13T12:00:00+00:00")
    st = _by_status(home)
    assert [s for s in st["active"] if "Swift Package Manager" in s]
    assert not [s for s in st["active"] if "Podfile" in s]
    assert [s for s in st.get("superseded", []) if "Podfile" in s]


def test_one_batch_dream_ends_like_daily_ones(home, inproc, tmp_path):
    root = str(home.root)
    text = (_events("s1", "2026-05-06", ["No. I log in MyFitnessPal."], project="meal-prep")
            + _events("s2", "2026-05-17", ["I've moved from MyFitnessPal to Cronometer, log everything there from now on."],
                      project="meal-prep"))
    _run(inproc, root, tmp_path, "all", text, "2026-05-18T12:00:00+00:00")
    st = _by_status(home)
    assert [s for s in st["active"] if "Cronometer" in s]
    assert [s for s in st.get("superseded", []) if "MyFitnessPal" in s and "Cronometer" not in s]


def test_an_earlier_rule_called_off_is_archived(home, inproc, tmp_path):
    root = str(home.root)
    _run(inproc, root, tmp_path, "s1", _events("s1", "2026-10-13", ["行，每条批注都要标注对应法条，这样对方没法说我们没依据。"], project="msa"),
         "2026-10-13T12:00:00+00:00")
    assert any("对应法条" in s for s in _by_status(home)["active"])
    _run(inproc, root, tmp_path, "s2", _events("s2", "2026-10-19", ["之前说的每条都要标注对应法条，这个不用了，太啰嗦。"], project="msa"),
         "2026-10-19T12:00:00+00:00")
    st = _by_status(home)
    assert not [s for s in st.get("active", []) if "对应法条" in s]
    assert [s for s in st.get("archived", []) if "对应法条" in s]


def test_a_pointer_joins_what_it_points_at(home, inproc, tmp_path):
    root = str(home.root)
    text = (_events("s1", "2026-05-06", ["I'm lactose intolerant, by the way, so no regular milk or cheese."], project="meal-prep")
            + _events("s2", "2026-05-17", ["Meal plan for next week please. Remember the lactose thing."], project="meal-prep"))
    _run(inproc, root, tmp_path, "all", text, "2026-05-18T12:00:00+00:00")
    active = [m for m in load_memories(home) if m.status == "active"]
    lactose = [m for m in active if "lactose" in m.statement.lower()]
    assert len(lactose) == 1, [m.statement for m in active]
    assert "intolerant" in lactose[0].statement and lactose[0].scope == "user"


def test_something_gone_outdates_the_rules_naming_it_in_other_projects(home, inproc, tmp_path):
    """"王律师上周离职了。以后意见书都发陈律师审。": the news that a person left (a channel was
    archived…) turns the next standing rule into a change of mind, and the older rule that names
    what is gone is superseded even in another project; rules not about it stay."""
    root = str(home.root)
    _run(inproc, root, tmp_path, "s1", _events("s1", "2026-10-12", [
        "以后意见书都先给王律师过一遍再发客户。", "每份审查意见开头都先写一段风险摘要，按高中低三档列出来。"], project="msa"),
        "2026-10-12T12:00:00+00:00")
    assert any("王律师" in s for s in _by_status(home)["active"])
    _run(inproc, root, tmp_path, "s2", _events("s2", "2026-10-21", [
        "意见书这次直接发给合伙人陈律师，王律师上周离职了。以后意见书都发陈律师审。"], project="lease"),
        "2026-10-21T12:00:00+00:00")
    st = _by_status(home)
    newer = [s for s in st["active"] if "陈律师" in s]
    assert newer and "离职" in newer[0]  # the news is kept as the reason
    # it replaced a rule of another project: the person's rule, shown in both projects
    (m,) = [m for m in load_memories(home) if m.status == "active" and "陈律师" in m.statement]
    assert m.scope == "user" and m.project is None and m.title.startswith("意见书都发陈律师审")
    assert not [s for s in st["active"] if "先给王律师" in s]
    assert [s for s in st.get("superseded", []) if "先给王律师" in s]
    assert [s for s in st["active"] if "风险摘要" in s]


def test_an_archived_channel_is_replaced_not_joined(home, inproc, tmp_path):
    """One batch: the older rule names the channel the newer one says was archived; they are two
    memories, the older superseded, and rules that merely share the project's name are untouched."""
    root = str(home.root)
    text = (_events("s1", "2026-11-02", ["Going forward, incident updates always go to #payments-oncall.",
                                         "Every postmortem goes in docs/postmortems/, named by date."], project="payments-api")
            + _events("s2", "2026-11-12", ["Incident and deploy updates go to #inc-payments from now on, "
                                           "#payments-oncall got archived yesterday."], project="payments-api"))
    _run(inproc, root, tmp_path, "all", text, "2026-11-13T12:00:00+00:00")
    st = _by_status(home)
    assert [s for s in st["active"] if "#inc-payments" in s]
    assert [s for s in st.get("superseded", []) if "#payments-oncall." in s]
    assert [s for s in st["active"] if "postmortem" in s]


def test_a_limit_widened_and_a_fee_changed_in_passing_supersede_the_old_rules(home, inproc, tmp_path):
    root = str(home.root)
    _run(inproc, root, tmp_path, "s1", _events("s1", "2026-04-06", [
        "never message guests after 21:00, they complain in reviews",
        "also charge a €10 fee on late checkouts, the system has a --fee option"], project="guesthouse"),
        "2026-04-06T12:00:00+00:00")
    st = _by_status(home)
    assert any("21:00" in s for s in st["active"]) and any("€10" in s for s in st["active"])
    _run(inproc, root, tmp_path, "s2", _events("s2", "2026-05-11", [
        "book the Olsens for friday. oh and you can message guests until 22:30 now, the bar is open later",
        "and make the late checkout fee €25 now, €10 is less than the cleaning costs"], project="guesthouse"),
        "2026-05-11T12:00:00+00:00")
    st = _by_status(home)
    assert not [s for s in st["active"] if "21:00" in s or "€10 fee" in s], st["active"]
    assert [s for s in st["superseded"] if "21:00" in s] and [s for s in st["superseded"] if "€10 fee" in s]
    assert [s for s in st["active"] if "22:30" in s] and [s for s in st["active"] if "€25" in s]


def test_one_lesson_for_one_failure_whichever_host_it_hit(home, inproc, tmp_path):
    """The same error (a read timeout of 30 s) with the same fix in two sessions is one lesson,
    though one memory's title names the cause and the other's the command."""
    import json

    def session(sid, day, host, said):
        evs = [
            {"kind": "message", "role": "user", "text": "send the weekly order"},
            {"kind": "tool_call", "role": "assistant", "tool": "Bash", "text": "python3 order.py --send",
             "meta": {"tool_use_id": f"{sid}1", "input": {"command": "python3 order.py --send"}}},
            {"kind": "tool_result", "role": "tool", "tool": "Bash", "status": "failed",
             "text": f"requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='{host}', port=443): Read timed out. (read timeout=30)",
             "meta": {"tool_use_id": f"{sid}1"}},
            {"kind": "message", "role": "assistant", "text": said},
            {"kind": "tool_call", "role": "assistant", "tool": "Bash", "text": "python3 order.py --send --chunk 20",
             "meta": {"tool_use_id": f"{sid}2", "input": {"command": "python3 order.py --send --chunk 20"}}},
            {"kind": "tool_result", "role": "tool", "tool": "Bash", "status": "ok", "text": "sent 40 lines in 2 chunks",
             "meta": {"tool_use_id": f"{sid}2"}},
        ]
        return "".join(json.dumps(dict(e, id=f"{sid}-{i}", ts=f"{day}T09:{10 + i:02d}:00+00:00", project="orders",
                                       session=sid)) + "\n" for i, e in enumerate(evs))

    root = str(home.root)
    _run(inproc, root, tmp_path, "s1", session("s1", "2026-04-06", "api.first-supplier.example",
                                                  "The API timed out - it handles lines one by one and 40 lines take longer than the 30 s limit."), "2026-04-06T12:00:00+00:00")
    _run(inproc, root, tmp_path, "s2", session("s2", "2026-06-01", "trade.second-supplier.example", "Retrying in chunks."), "2026-06-01T12:00:00+00:00")
    lessons = [m for m in load_memories(home) if m.status == "active" and m.kind == "lesson"]
    assert len(lessons) == 1, [m.title for m in lessons]
    assert set(lessons[0].sessions) == {"s1", "s2"}


def test_a_correction_of_the_agent_is_not_a_retraction_and_a_timed_rule_keeps_its_time(home, inproc, tmp_path):
    import json
    root = str(home.root)
    lines = [
        {"role": "user", "text": "帮周芳约周四上午，李明的"},
        {"role": "assistant", "text": "李明周四休息，要不约周五？"},
        {"role": "user", "text": "不对，李明是周一休息，周四他上全天的"},
        {"role": "assistant", "text": "好的，约周四上午。"},
        {"role": "user", "text": "回访短信都在当天下午5点发，用我这个手机号发，客户都存了"},
    ]
    text = "".join(json.dumps({"id": f"a{i}", "ts": f"2026-03-02T09:{10 + i:02d}:00+08:00", "project": "desk",
                               "session": "s1", "kind": "message", **e}, ensure_ascii=False) + "\n" for i, e in enumerate(lines))
    text += _events("s2", "2026-03-20", ["以后客户消息都用公司的号发，不用我个人手机号了，老板说要统一"], project="desk")
    _run(inproc, root, tmp_path, "all", text, "2026-03-21T12:00:00+00:00")
    st = _by_status(home)
    assert [s for s in st["active"] if "李明是周一休息" in s]
    # the rule with its time is its own memory, not folded into the later one about the person's phone
    assert [s for s in st["active"] + st.get("superseded", []) if "下午5点" in s]


def test_a_ban_said_in_two_projects_becomes_the_persons_daily(home, inproc, tmp_path):
    root = str(home.root)
    _run(inproc, root, tmp_path, "s1", _events("s1", "2026-04-06", ["别用“宝宝们”这种叫法，太腻了"], project="shop-a"),
         "2026-04-06T12:00:00+00:00")
    _run(inproc, root, tmp_path, "s2", _events("s2", "2026-04-13", ["公众号那边也一样，不要叫“宝宝们”"], project="blog-b"),
         "2026-04-13T12:00:00+00:00")
    _run(inproc, root, tmp_path, "s3", _events("s3", "2026-04-20", ["文案里还是那个，不要叫“宝宝们”，也别叫“亲们”"], project="shop-a"),
         "2026-04-20T12:00:00+00:00")
    active = [m for m in load_memories(home) if m.status == "active" and "宝宝们" in m.statement]
    assert len(active) == 1 and active[0].scope == "user", [(m.scope, m.project, m.statement) for m in active]
    old = [m for m in load_memories(home) if m.status == "superseded" and "宝宝们" in m.statement]
    assert old and all(m.scope == "project" for m in old)
