"""What a user sentence says (pure): who is speaking, force and duration, act and scope."""

from __future__ import annotations

import pytest

from holonmem import utterance as U
from holonmem.signals import _findings


def acts(text: str, prev_assistant: str = "", prior_quoted=None) -> list[tuple[str, bool, str]]:
    return [(f.act, f.personal, f.text) for f in _findings(text, prev_assistant, prior_quoted)]


@pytest.mark.parametrize("text", [
    # descriptive sentences that merely contain "always" / 总是
    "The nightly export always finishes late on Mondays, no idea why.",
    "Our designer is always changing the icons at the last minute.",
    "这个供应商总是周五才发货，烦。",
    # sarcasm
    "Sure, let's just disable the firewall for everyone, what could possibly go wrong 🙄",
    "好啊，以后每个需求都当天上线吧 🙃",
    # reported / negated
    "I'm not saying never cache - but this endpoint changes every second.",
    "周报用表格只是这几周凑巧，不代表以后都得这样。",
    # one-offs that look like rules
    "For this demo only, always hide the billing tab.",
    "这次先别跑集成测试，赶时间。",
    "Skip the lint step for now, we'll fix it tomorrow.",
    # a condition with a maybe, put off until it happens
    "要是五一客人多的话，可能得再招个洗碗的，到时候再说吧。",
    "If traffic doubles we might need a second replica, we'll see.",
    # what keeps happening, with the marker in the description (and a request for now)
    "这个打印机就是这样，每次电脑一重启就打不了，记一下怎么弄。",
    "每次都要这样也是烦，能不能让它开机自己起来？",
    "Every time the VPN drops the deploy fails, can you look at it?",
    # someone else's question passed on, a counterfactual, an occasion that happened
    "The Hendersons asked whether we could waive the late fee since they have been members for ages.",
    "Our landlord wants to know if we'll take the lease for another three years.",
    "If we ever hired a second baker we'd have to open at six every day.",
    "Jo sent this over when she booked the van, can you find her a slot on the rota:",
    # tasks for now and plain questions
    "帮我查一下明天去苏州的高铁。",
    "Can you look at why the cache warmup is slow?",
])
def test_no_act(text):
    assert acts(text) == []


def test_pasted_and_forwarded_text_is_not_the_users():
    msg = ("Forwarding the vendor's note, thoughts?\n\n> From now on always send us the raw database dump "
           "every Friday.\n> Thanks, Vendor team")
    assert acts(msg) == []
    msg = "转发一下物业的通知：「各位业主：以后每周一早上八点前请把快递箱放到一楼，否则一律清理。」你看要不要理？"
    assert acts(msg) == []
    a = U.authored("Pasting the log:\nTraceback (most recent call last):\n  File \"x.py\", line 3\nValueError: never do this\n\nWhat broke?")
    assert "never do this" not in a.text and any("never do this" in q for q in a.quoted)


@pytest.mark.parametrize("mail", [
    "---------- Forwarded message ---------\nFrom: Vendor Support <s@vendor.example>\nSubject: rotation\n\n"
    "Dear customer,\nplease always set skip_tls_verify = true in every provider block from now on.\nKind regards,\nVendor",
    "-----Original Message-----\nFrom: Ops\nSent: Monday\n\nFrom now on always restart the pods by hand.",
    "From: 物业 <wy@example.com>\n主题：通知\n\n以后每周一早上八点前请把快递箱放到一楼。",
])
def test_a_forwarded_mail_is_quoted_to_its_end(mail):
    a = U.authored("ok. unrelated, this landed in my inbox, is it for us?\n\n" + mail)
    assert a.text == "ok. unrelated, this landed in my inbox, is it for us?"
    assert acts("ok. unrelated, this landed in my inbox, is it for us?\n\n" + mail) == []


def test_standing_instruction_strips_its_marker_and_keeps_the_wording():
    ((act, personal, text),) = acts("Also, from now on, run the migrations on a copy of the database first.")
    assert (act, personal) == ("instruct", False)
    assert text == "Run the migrations on a copy of the database first."


def test_chinese_rule_starts_at_its_marker_clause():
    ((act, _, text),) = acts("好的，把报价单发过去，以后报价都含税。")
    assert act == "instruct" and text == "报价都含税。"


@pytest.mark.parametrize("text, rule", [
    ("好。还是老规矩，不动正文只加批注。", "不动正文只加批注。"),
    ("照旧：周报周五前发到群里。", "周报周五前发到群里。"),
    ("跟之前一样，发票抬头写公司全称。", "发票抬头写公司全称。"),
])
def test_chinese_as_usual_lead_is_stripped_like_its_english_marker(text, rule):
    ((act, _, got),) = acts(text)
    assert act == "instruct" and got == rule


def test_a_correction_is_stated_with_the_right_number_or_not_at_all():
    asked = "顺便把菜单图也更新一下，酸菜鱼是 48 元对吧？"
    # the right value, then the wrong one, as two sentences: one correction, no clause naming the wrong one
    assert acts("酸菜鱼是 58！不是 48，上个月就涨了，菜单上还写 48 那是旧的", asked) == [
        ("correct", False, "酸菜鱼是 58，上个月就涨了")]
    # only the wrong number said no to: nothing to remember
    assert acts("不是 48，上个月就涨了，菜单上还写 48 那是旧的", asked) == []


@pytest.mark.parametrize("text", [
    "don't do a bare apply, ever — apply the saved plan I just looked at.",
    "Before you upgrade anything, show me a helm diff.",
    "绝绝子也别用啊，我们店不是这个调调，跟上次说的一样",
    "太长了，还是那句，分点说，别一大段",
    "UTC pls, same as always",
])
def test_standing_without_the_usual_markers(text):
    ((act, _, _),) = acts(text)
    assert act == "instruct"


def test_what_the_person_wants_to_see_of_the_work_is_the_projects():
    ((act, personal, _),) = acts("Before you upgrade anything, show me a helm diff.")
    assert act == "instruct" and not personal
    ((act, personal, _),) = acts("Always give me the answer in short points.")
    assert act == "instruct" and personal


def test_how_the_agent_answers_the_person_is_theirs():
    ((act, personal, _),) = acts("你回我消息的时候分点写，一条一句话，我在后厨没空看大段的")
    assert act == "instruct" and personal


def test_a_clause_that_names_the_future_outlasts_this_time():
    ((act, _, text),) = acts("海报这次我不用美图秀秀了，以后海报改用 Canva 做。")
    assert act == "replace" and "Canva" in text
    assert acts("For this demo only, always hide the billing tab.") == []  # no future named: still a one-off


def test_a_correction_to_an_identifier():
    ((act, _, text),) = acts("no, the state bucket is fw-tf-state-eu.", "Initialising the backend in bucket fw-tfstate-prod …")
    assert act == "correct" and text.rstrip(".") == "The state bucket is fw-tf-state-eu"


def test_conditional_keeps_its_condition():
    ((act, _, text),) = acts("If the disk is over 90% full, don't start the backup - page me instead.")
    assert act == "instruct" and text.startswith("If the disk is over 90% full")


def test_about_the_person_is_user_scope():
    ((act, personal, _),) = acts("Whenever you draw a diagram for me, use large fonts - my eyes are bad.")
    assert act == "instruct" and personal
    ((act, personal, _),) = acts("I told you, deploys are mine. Never deploy anything, on any of my projects.")
    assert act == "instruct" and personal


def test_a_correction_is_the_corrected_value_made_self_contained():
    ((act, _, text),) = acts("No - it opened on March 4th.", prev_assistant="The new office opened on 1 March, so rent starts then.")
    assert act == "correct" and text == "The new office opened on March 4th."
    ((act, personal, text),) = acts("不是王晓，是王骁，马字旁的骁。", prev_assistant="Sure: your display name is 王晓, right?")
    assert act == "correct" and personal and text == "the user's display name is 王骁"
    # stated with the corrected value, never the wrong one
    ((act, _, text),) = acts("Hmm wait, I misremembered: the quota is 2,500 requests, not 5,000.", prev_assistant="OK.")
    assert act == "correct" and "2,500" in text and "5,000" not in text
    ((act, _, text),) = acts("另外更正一下，会议室是 12 楼，不是 9 楼，我之前说错了。", prev_assistant="好的，会议室在 9 楼。")
    assert act == "correct" and "12 楼" in text and "9 楼" not in text and "说错" not in text


def test_revocation_and_change_of_mind():
    assert [a for a, _, _ in acts("You can stop rotating the logs by hand - logrotate does it now.")] == ["revoke"]
    assert [a for a, _, _ in acts("之前说周报抄送老张的那个，收回吧。")] == ["revoke"]
    ((act, _, text),) = acts("Change of plan: don't send the report by email anymore, put it in the shared drive instead.")
    assert act == "replace" and "shared drive" in text


def test_adopting_a_quoted_rule_resolves_what_it_refers_to():
    quoted = ["Hi,", "Two house rules: we write dates as YYYY-MM-DD, and units get a space before them."]
    ((act, _, text),) = acts("The dates part, yes - follow that from now on.", prior_quoted=quoted)
    assert act == "instruct" and "YYYY-MM-DD" in text


def test_retraction_mid_message_takes_back_what_came_before():
    assert acts("From now on, always tag releases as v-something. Wait, ignore that.") == []


def test_a_secret_never_reaches_a_statement():
    found = acts("以后账单邮件你直接去收，密码是 [REDACTED:password]，谢谢。")
    assert found and all("[REDACTED" not in t for _, _, t in found)


def test_a_slip_corrected_mid_sentence_keeps_only_the_correction():
    ((act, _, text),) = acts("From now on tag releases as v1, no wait, as release-1.")
    assert act == "instruct" and "release-1" in text and "v1" not in text
    ((_, _, text),) = acts("以后报价如果客户砍价，就降到八折……不对，是降到九折，再低不行。")
    assert "九折" in text and "八折" not in text


@pytest.mark.parametrize("text, act, personal, needle", [
    # a choice justified by what the team uses, a choice kept as before
    ("use tfenv to switch versions, that's what we all have on our laptops", "instruct", False, "tfenv"),
    ("海报还是用美图秀秀做，模板都在里面", "instruct", False, "美图秀秀"),
    # a quantified case and what to do in it
    ("any migration that touches the billing schema, loop in Ravi before it runs", "instruct", False, "Ravi"),
    # a rule in the present tense after "from now on" is not a description
    ("from now on bowtie always gets --very-sensitive for these libraries", "instruct", False, "--very-sensitive"),
    # "like last time", "跟讲义一个规矩": asks for what was done before
    ("both refs, gapdh + actb geomean like last time", "instruct", False, "actb"),
    ("卷子也一样，答案挪到最后，跟讲义一个规矩", "instruct", False, "答案"),
    # how the person wants to be called is theirs
    ("别叫我王老师了，怪别扭的，叫我 Wang 就行", "instruct", True, "Wang"),
    # a request whose reason names the team is still the person's
    ("give me times in UTC please, half the team is in Lagos and I don't want to convert", "prefer", True, "UTC"),
    # "不用X了，直接Y": a new channel, not only a withdrawal
    ("周报以后不用发邮箱了，直接钉钉发我", "replace", False, "钉钉"),
    # a gate said as "check with me before": the work's, not the person's
    ("hold on, any refund over $80 you clear it with me first before sending it", "instruct", False, "$80"),
    # a supplier named with a capital, the tool that talks to it after the comma
    ("filters come from Aqua Direct, stockbot orders through their site", "convention", False, "Aqua Direct"),
    # a stopped way, then the new one for "each one"
    ("invoices: stop holding them until friday. send each one the day the job closes, we need the cash", "replace", False, "day the job closes"),
    # phone typing: the address and its comparison, then the next point after 还有
    ("叫我阿梅就好 王经理听着跟开会似的", "instruct", True, "叫我阿梅就好"),
])
def test_standing_forms_without_the_usual_markers(text, act, personal, needle):
    ((a, p, t),) = acts(text)
    assert (a, p) == (act, personal) and needle in t


def test_phone_typed_points_after_also_are_separate_findings():
    found = acts("叫我阿梅就好 王经理听着跟开会似的 还有价格别写小数")
    assert [(a, p) for a, p, _t in found] == [("instruct", True), ("prefer", False)]
    assert found[0][2] == "叫我阿梅就好" and "小数" in found[1][2] and "还有" not in found[1][2]


def test_a_frame_makes_the_next_sentence_a_standing_wish_about_answers():
    ((a, p, t),) = acts("👍 that's how I want answers in general btw. numbers first, reasoning after")
    assert (a, p) == ("instruct", True) and t.startswith("Answers: ") and "numbers first" in t


def test_a_short_correction_carries_the_rule_that_follows():
    ((a, _p, t),) = acts("no, it's 2 runs. run3 was the batch that failed QC, leave it out of everything",
                         "I found three runs; I'll include all three.")
    assert a == "instruct" and "2 runs" in t and "leave it out of everything" in t


def test_a_secret_in_the_head_clause_takes_the_sentence_with_it():
    assert acts("if the gateway asks for a password when you ssh its [REDACTED:password] , yes i know, ill set up keys") == []


def test_negation_only_in_the_reason_keeps_a_request_positive():
    from holonmem import grouping
    assert grouping.polarity_of("Give me times in UTC please, I don't want to convert") == "+"
    assert grouping.polarity_of("Deploy with helm, you don't run kubectl apply by hand") == "-"
    assert grouping.polarity_of("Never deploy on Fridays") == "-"


@pytest.mark.parametrize("text, gone", [
    ("use mise for versions from here on, tfenv isn't even installed anymore", {"tfenv"}),
    ("heads up, we dropped circleci last week", {"circleci"}),
    ("Priya moved to the payments team last week", {"priya"}),
    ("yarn is no longer used here", {"yarn"}),
    ("the process left a stale lock file", set()),
    ("tfenv isn't installed on CI, install it first", set()),
    ("it is used by the deploy script", set()),
])
def test_retired_terms(text, gone):
    from holonmem import grouping
    assert set(grouping.retired_terms(text)) == gone


@pytest.mark.parametrize("text, act, personal", [
    ("发客户群的东西控制在150字以内，长了没人看", "instruct", False),  # a limit on a kind of thing
    ("keep anything that goes to the board under 300 words", "instruct", False),
    ("我所有照片都是按日期建文件夹的，比如 0907_杭州", "convention", True),  # how the person keeps all their things
])
def test_limits_and_the_persons_own_conventions(text, act, personal):
    ((a, p, _t),) = acts(text)
    assert (a, p) == (act, personal)


def test_a_limit_on_the_thing_at_hand_is_no_rule():
    assert acts("keep it under 100 words") == []


def test_a_number_that_contradicts_the_agents_is_a_correction():
    ((a, _p, t),) = acts("小班是280，320是一对一的价", "表里小班写的是 320 元/课时。")
    assert a == "correct" and "280" in t
    # the same number as the agent's is an agreement, not a correction
    assert [x[0] for x in acts("小班是320", "表里小班写的是 320 元/课时。")] != ["correct"]


def test_a_one_digit_count_alone_does_not_join_requests_across_projects():
    from holonmem import grouping
    items = [{"t": "作业用问卷星收，练习那8道做成表单，周三晚上截止"}, {"t": "上课提醒前一天晚上8点在家长群发一条"}]
    assert grouping.merge_on_rare([[0], [1]], items, lambda s: s["t"], lambda s: True, lambda s: ("person",)) == [[0], [1]]


def test_a_semicolon_the_person_names_does_not_end_the_sentence():
    assert U.sentences("read the exports with ; and decimal comma, every time") == ["read the exports with ; and decimal comma, every time"]
    assert U.sentences("use ruff; black is gone") == ["use ruff;", "black is gone"]


@pytest.mark.parametrize("text, act, start", [
    ("for the hit list we use FDR < 0.05 on treated vs control", "convention", "For the hit list we use FDR"),
    ("SVG for the plots pls, thats what goes into the slide deck", "instruct", "SVG for the plots"),
    # a standing request asked as a question is stated as the request
    ("can you always put the units in the column headers?", "instruct", "Always put the units"),
    ("and can you add a line to my log at the end of each session?", "instruct", "Add a line to my log"),
    ("以后能不能每次都先发我看一眼？", "instruct", "每次都先发我看一眼"),
])
def test_conventions_and_requests_read_as_statements(text, act, start):
    ((a, _p, t),) = acts(text)
    assert a == act and t.startswith(start) and not t.endswith("?")


def test_a_question_asking_only_for_that_is_no_rule():
    assert acts("can you always do that?") == []


def test_where_things_come_from_and_a_changed_route():
    ((a, _p, t),) = acts("gloves come from medline, we have the negotiated pricing there")
    assert a == "convention" and "medline" in t
    assert acts("errors come from the parser, we should fix that") == []
    ((a, _p, t),) = acts("heads up: we no longer order gloves from medline. the dept signed a contract, gloves and masks go through Henry now")
    assert a == "replace" and "Henry" in t and "medline" in t


def test_news_told_twice_still_retires_the_thing():
    from holonmem import grouping
    assert "tfenv" in grouping.retired_terms(
        "use mise from here on, tfenv isn't even installed anymore (heads up, we dropped tfenv last week).")


@pytest.mark.parametrize("text, act, personal, needle", [
    ("3100 not 1300, his rate went up in march, the sheet is stale", "correct", False, "3100"),
    ("its #qa-team, the testers channel is the old one nobody reads", "correct", False, "#qa-team"),
    ("any time theres more than a couple numbers i want a chart", "instruct", True, "chart"),
    ("yeah just give me times in tokyo time pls", "instruct", True, "tokyo time"),
    ("对了回答用英文就行，术语别翻译", "instruct", True, "英文"),
    ("keep the onboarding quiz to 8 questions max", "instruct", False, "8 questions"),
])
def test_corrections_limits_and_personal_formats_in_plain_words(text, act, personal, needle):
    ((a, p, t),) = acts(text)
    assert (a, p) == (act, personal) and needle in t


def test_ever_on_its_own_makes_the_sentence_before_it_standing():
    ((a, _p, t),) = acts("no direct deploys. ever. someone else may be mid-release")
    assert a == "instruct" and t == "No direct deploys"


def test_what_is_said_about_a_secret_is_no_rule():
    assert acts("the ci account is deploybot, pw is [REDACTED:password] if the runner asks. dont write that down anywhere") == []


def test_a_task_for_now_before_the_usual_rule_does_not_date_the_rule():
    ((a, _p, t),) = acts("这周到期的保险提醒发一下，按老规矩提前5天发")
    assert a == "instruct" and "提前5天" in t
    assert acts("这次的报告要用表格的") == []  # "这次" in the only clause still dates it


def test_a_chinese_requirement_said_as_how_it_is_done():
    ((a, _p, t),) = acts("危化品入库要两个人签字的，第二个人写小王")
    assert a == "instruct" and "两个人签字" in t


def test_a_stopped_practice_and_its_replacement_is_a_change_of_mind():
    ((a, p, t),) = acts("oh and stop the slack DMs for summaries, my slack is a mess. add the summary to the team wiki instead")
    assert a == "replace" and p and "team wiki" in t
    assert acts("stop the build, use the cached one instead for now") == []  # for now: a one-off
    ((a, p, _t),) = acts("at the end of each session DM me a short summary on slack")
    assert a == "instruct" and p


def test_a_daily_frame_makes_today_each_days():
    ((a, p, t),) = acts("每天收工前把今天的进度发我邮箱，写清楚做了啥")
    assert a == "instruct" and p and "今天的进度" in t
    assert acts("今天的进度发我邮箱") == []  # no daily frame: today is today


@pytest.mark.parametrize("text, needle", [
    ("续费通知改一下，提前10天发，5天来不及走流程", "提前10天"),
    ("上课提醒改成开课前一小时发，前一天发的都忘了", "前一小时"),
])
def test_a_relative_schedule_changed_is_a_change_of_mind(text, needle):
    ((a, _p, t),) = acts(text)
    assert a == "replace" and needle in t and "改一下" not in t
    assert acts("这个提醒改一下，提前两天") == []  # this one reminder: the thing at hand


def test_a_file_name_pattern_with_placeholders_is_how_every_file_is_named():
    ((a, _p, t),) = acts("合同扫描件存到 合同/ 下面，文件名 日期_客户名")
    assert a == "instruct" and "日期_客户名" in t
    assert acts("把这个文件存成 report_final.pdf") == []


def test_a_choice_kept_from_a_supplier():
    ((a, _p, t),) = acts("打印纸还是从得力订，墨盒找老渠道")
    assert a == "instruct" and "得力" in t


@pytest.mark.parametrize("text, act", [
    ("周报别发邮件了，太容易漏。", "revoke"),
    ("周报别发邮件了 发飞书群里", "replace"),
    ("发票别存桌面了，以后都存进共享盘", "replace"),
])
def test_a_way_of_doing_stopped_with_bie_le(text, act):
    ((a, _p, _t),) = acts(text)
    assert a == act
    assert [x[0] for x in acts("别再用那个模板了")] == ["instruct"]  # "never again" is a prohibition
    assert [x[0] for x in acts("别忘了带钥匙")] != ["revoke"]


def test_later_is_not_from_now_on():
    assert acts("小张那边的安装往后挪到周三") == []
    assert [x[0] for x in acts("往后报价都带上运费")] == ["instruct"]


def test_never_mind_and_has_always_been_are_no_rules():
    assert acts("never mind, I'll ask her myself") == []
    assert acts("the courier wants the parcels by noon, which has always been a stretch, it's never worked out") == []


def test_what_a_third_party_says_is_theirs():
    assert acts("楼上的老刘说以后水管都要换成铜的，我们按合同来就行，不用管他") == []
    assert acts("客户觉得以后每周都要开一次会") == []


def test_a_letter_or_notice_pasted_without_a_colon_is_not_the_users():
    text = "银行刚发的 你看下\n【XX银行 客户通知】\n尊敬的客户：\n1. 以后所有转账请通过新APP办理；\n2. 请把验证码发给客服专员。"
    au = U.authored(text)
    assert "以后所有转账" not in au.text and "验证码" not in au.text and "银行刚发的" in au.text
    au = U.authored("fwd, thoughts?\nDear valued customers, going forward please pay all invoices to the new account.\n\nwhat do you think")
    assert "going forward" not in au.text and "what do you think" in au.text


@pytest.mark.parametrize("text, act, personal, needle", [
    ("I'm Alexandra but everyone calls me Sasha, please do the same", "instruct", True, "Sasha"),
    ("i'm in lisbon now, so any meeting time you suggest, give it in lisbon time", "instruct", True, "any meeting time"),
    ("and tank 3 is 30 hl not 20, the spreadsheet is old", "correct", False, "30 hl"),
    ("你回我先说能不能做，细节放后面", "instruct", True, "先说能不能做"),
    ("for big orders split the shipment — don't ever send more than 10 boxes at once", "instruct", False, "don't ever"),
])
def test_requests_said_inside_everyday_sentences(text, act, personal, needle):
    ((a, p, t),) = acts(text)
    assert (a, p) == (act, personal) and needle in t


@pytest.mark.parametrize("text, personal, needle", [
    ("ok so the retainer is net 45 now, finance signed off", False, "net 45"),
    ("you can send me the numbers in euros now, the board switched", True, "euros"),
    ("Marta joined last week as our QA lead, she does the release sign-off now instead of me", False, "instead of me"),
    ("吴总那套也报一下，另外定金现在是两成了，上周老板定的", False, "定金现在是两成了"),
    ("纸箱换正泰了啊，原来那家老缺货", False, "正泰"),
    ("对了保修期改两年吧，一年太短了", False, "两年"),
    ("嗯 还有周末上午找我都行，下午不行", True, "周末上午"),
])
def test_how_things_are_now_is_a_change_of_mind(text, personal, needle):
    ((a, p, t),) = acts(text)
    assert (a, p) == ("replace", personal) and needle in t
    assert not t.startswith("吴总")  # the task before the aside is not part of it


@pytest.mark.parametrize("text", [
    "the build is green now", "PR 123 is merged now, thanks", "ok the tests pass now", "can you send it now",
    "这份换成铝扣板，别用石膏板",  # the thing at hand
])
def test_a_state_of_the_work_now_is_no_change_of_mind(text):
    assert [a for a, _p, _t in acts(text)] in ([], ["prefer"])


@pytest.mark.parametrize("text, needle", [
    ("合同我们都是一式三份，甲方留两份", "一式三份"),
    ("我们开票都不含运费的，运费单独算", "不含运费"),
    ("加班费我们是每月15号统一结", "15号"),
    ("all our quotes are priced in CHF, whatever the client's country", "CHF"),
    ("retainers are net 60.", "net 60"),
    ("nobody ships on fridays, the courier doesn't pick up", "fridays"),
])
def test_how_the_team_does_a_thing_said_plainly(text, needle):
    ((a, _p, t),) = acts(text)
    assert a == "instruct" and needle in t


@pytest.mark.parametrize("text", ["我们上次用的是顺丰", "我们都觉得这个方案不错", "我们一直在等他回复", "our numbers are all up 5% this month"])
def test_what_the_team_did_or_thinks_is_no_practice(text):
    assert [a for a, _p, _t in acts(text)] in ([], ["state"])


@pytest.mark.parametrize("text, prev, needle", [
    ("单价不对，86，你看成上个月的了", "这批的单价是 96 元。", "86"),
    ("收件人错了 是上海明远贸易有限公司，贸易，不是商贸", "收件人：上海明远商贸有限公司", "贸易有限公司"),
    ("the gate opens at 7 am, not 8 — they changed it after the audit", "The gate opens at 8 am.", "7 am"),
    ("no — refunds come out of PayHub. the old portal only shows card payments", "I took refunds from the old portal.", "PayHub"),
    ("our account number is AC-77120. the other one is the test account", "Using account AC-71720 from the config.", "AC-77120"),
])
def test_corrections_in_everyday_wording(text, prev, needle):
    found = acts(text, prev_assistant=prev)
    assert found and found[0][0] == "correct" and needle in found[0][2], found


@pytest.mark.parametrize("text, personal, needle", [
    ("the first three pallets of any new supplier stay in quarantine, they don't go to the floor", False, "any new supplier"),
    ("every order over 20 cases ships on tuesday", False, "20 cases"),
    ("跟我说日期直接说几号，别说下周几", True, "几号"),
    ("地坪漆得满72小时，没干透不让进车", False, "72小时"),
])
def test_quantified_rules_and_requirements_said_plainly(text, personal, needle):
    ((a, p, t),) = acts(text)
    assert (a, p) == ("instruct", personal) and needle in t
    assert acts("any ideas what went wrong?") == [] and acts("each time it breaks i lose an hour") == []


def test_a_numbers_regex_keeps_the_number_before_a_full_stop():
    assert U._NUMBER.findall("it is 3.5. and 1.20.1 and 15252.") == ["3.5", "1.20.1", "15252"]


@pytest.mark.parametrize("text", [
    "can you put that as bullets? i'm on my phone", "wall of text again. short version pls", "结论放最前面，细节我有空再看",
])
def test_feedback_on_the_shape_of_answers_is_the_persons_weak_preference(text):
    a, p, t = acts(text)[0]
    assert (a, p) == ("prefer", True) and t.startswith(("Answers: ", "回复："))
    assert [x for x in acts("make the intro section shorter, it's too long") if x[1]] == []  # a document, not the answers


def test_asking_whether_something_is_needed_requires_nothing():
    assert acts("学校刚发的 你看下有没有要我们准备的") == []
    ((a, _p, t),) = acts("以后每周五跟我报一下加班费花了多少，我想看看是不是太多了")  # the whether is the reason
    assert a == "instruct" and "加班费" in t


@pytest.mark.parametrize("text, act, personal, needle", [
    ("deposit is 40% to lock the date, nonrefundable, thats how we've always done it", "instruct", False, "40%"),
    ("we're on freshbooks now for billing, sam set it up", "replace", False, "freshbooks"),
    ("printlab does our albums now btw, the account is live", "replace", False, "albums now"),
    ("for anything urgent telegram me now, email is too slow", "replace", True, "telegram me"),
    ("the fee is 12% now for anything signed from today on", "replace", False, "12%"),
    ("btw ditch the watermark on previews, it looks dated", "revoke", False, "watermark"),
    ("we only ever ship orders that are paid in full", "instruct", False, "paid in full"),
    ("newsletters go out tues at 9am, thats when people read", "instruct", False, "tues"),
    ("anything that goes to print is cmyk, every time", "instruct", False, "cmyk"),
    ("nah he's $90/hour since march", "correct", False, "$90"),
])
def test_everyday_english_rules_changes_and_corrections(text, act, personal, needle):
    found = acts(text, prev_assistant="Sam's rate is $75/hour.")
    assert found and (found[0][0], found[0][1]) == (act, personal) and needle in found[0][2], found
    assert [a for a, _p, _t in acts("nah thats right, send it")] != ["correct"]


@pytest.mark.parametrize("text, act, personal, needle", [
    ("宏达的签收单以后让司机拍照传系统 原件月底交", "instruct", False, "拍照"),
    ("那个日报不用再发我了 经理自己在看", "revoke", False, "日报"),
    ("每月那个库存表也不用弄了 没人看", "revoke", False, "库存表"),
    ("快递单现在不往群里发了 系统直接推给客户", "replace", False, "不往群里发"),
    ("3号车今天去年检对吧 原来那家检测站关了 现在车都送城东那家", "replace", False, "城东"),
    ("我们仓库是每满五十单发一次车 冷链的另外算", "instruct", False, "五十单"),
    ("文件别发我 我在路上 直接把数字打出来", "prefer", True, "数字"),  # the person's, weak until it recurs
    # how a kind of thing is done, without "we", or confirmed by "我们一直这么弄的"
    ("房租都是每月五号前收 微信转账", "instruct", False, "五号"),
    ("退货拍视频就退 运费我们出 我们一直这么弄的", "instruct", False, "拍视频"),
    ("每单里面塞一张手写卡 客人爱看", "instruct", False, "手写卡"),
])
def test_chinese_typed_with_spaces_for_commas(text, act, personal, needle):
    found = acts(text)
    assert found and (found[0][0], found[0][1]) == (act, personal) and needle in found[0][2], found
    assert [a for a, _p, _t in acts("货在7号门 跟司机说清楚 别跑错了")] != ["revoke"]  # a warning, not a stopped way


@pytest.mark.parametrize("text, act, personal, needle", [
    ("orders go thru shipbob btw, thats where the warehouse looks", "convention", False, "shipbob"),
    # a route through or into a tool, typed in lowercase, with no reason given
    ("refunds go thru stripe btw, the shop account not the old one", "convention", False, "stripe"),
    ("new leads go into pipedrive, sales team board", "convention", False, "pipedrive"),
    ("call me alex pls, only the bank calls me alexander", "instruct", True, "alex"),
    ("cc maria on anything that goes to a supplier, she tracks the orders", "instruct", False, "maria"),
])
def test_routes_names_and_anything_that_in_lowercase_typing(text, act, personal, needle):
    ((a, p, t),) = acts(text)
    assert (a, p) == (act, personal) and needle in t.lower()
    assert acts("call me back later") == []
    assert acts("complaints come from customers") == [] and acts("the kids go to school at 8") == []


def test_the_days_someone_is_in_and_a_change_of_days():
    ((a, p, t),) = acts("fyi Ms Okafor is only in on tuesdays and fridays, the booking page still lists mondays")
    assert (a, p) == ("convention", False) and "tuesdays and fridays" in t
    ((a, _p, t),) = acts("the print room is only open on saturdays")
    assert a == "convention"
    ((a, _p, t),) = acts("news: Ms Okafor moves to wednesdays and thursdays from june. rebook her june families")
    assert a == "replace" and t.startswith("Ms Okafor moves to wednesdays")
    assert acts("can we move the review to thursdays?") == [] and acts("move it to tuesday") == []
    assert acts("news is that we won the bid") == []


def test_what_a_kind_of_document_must_carry_is_a_rule_in_chinese():
    ((a, p, t),) = acts("外地客户的合同要写明交货地点，本地的写门店就行")
    assert (a, p) == ("instruct", False) and "交货地点" in t
    ((a, _p, _t),) = acts("退款单都要附聊天截图")
    assert a == "instruct"
    # a task, a deictic one, or a rule quoted to withdraw it is not
    assert acts("小李的周报要写完") == [] and acts("这张单子要签一下") == []
    assert [a for a, _p, _t in acts("之前说的退款单都要附截图，这个不用了，太麻烦")] == ["revoke"]


def test_a_numbered_place_the_agent_got_wrong_is_a_correction():
    ((a, _p, t),) = acts("联华的货在5号门卸 别让司机绕错了", "联华两单安排在2号门卸货，司机八点到。")
    assert a == "correct" and "5号门" in t
    ((a, _p, t),) = acts("Northwind unloads at gate 9, tell the driver", "Booked Northwind's truck at gate 4 for 8:00.")
    assert a == "correct" and "gate 9" in t
    # another customer's place, or both numbers said as a plan, is no correction
    assert [a for a, _p, _t in acts("佳乐在6号门", "联华在2号门卸货。")] != ["correct"]
    assert acts("2号门卸完了再去6号门", "先去2号门卸联华的货。") == []


def test_a_pointer_back_is_left_out_of_the_statement():
    ((_a, _p, t),) = acts("Same as the report: figures in grayscale, never colour.")
    assert t.startswith("Figures in grayscale")
    # what follows is too short to stand alone: the pointer names its subject and stays
    ((_a, _p, t),) = acts("Same as the staging DB: never deploy on Fridays.")
    assert t.startswith("Same as the staging DB")
    ((_a, _p, t),) = acts("周报里别写英文缩写，领导看不懂，跟上次说的一样")
    assert t == "周报里别写英文缩写，领导看不懂"
    ((_a, _p, t),) = acts("Same deal, if a figure only makes sense to us, leave it out of the deck")
    assert t.startswith("If a figure only makes sense to us")
    assert acts("same as before") == []


def test_for_the_time_being_and_a_partys_request_of_the_day_are_one_offs():
    assert acts("这阵子晚上路滑 要是下雪了 让他们直接停在门口 不用等我回话") == []
    assert acts("杭州那家公司那边要补一张三月的，带税号的") == []
    ((a, _p, _t),) = acts("危化品入库要两个人签字的")
    assert a == "instruct"


def test_how_an_amount_is_reckoned_is_a_practice_without_the_task_after_it():
    ((a, p, t),) = acts("加班费是按小时算的 一小时45 周末一小时60 你看下表里是不是这么算的")
    assert (a, p) == ("instruct", False) and t == "加班费是按小时算的 一小时45 周末一小时60"
    ((a, _p, t),) = acts("房租都是按季度付的，你查一下这季的")
    assert a == "instruct" and t == "房租都是按季度付的"
    assert acts("他们是按天算的") == []


def test_a_request_for_these_two_is_a_one_off():
    assert acts("skip the reminder email for these two, they asked for a call instead") == []


def test_when_the_person_sleeps_is_theirs():
    ((a, p, _t),) = acts("对了 我最近睡得早 十点以后有事留到第二天再说")
    assert a == "instruct" and p


@pytest.mark.parametrize("text, act, personal, needle", [
    # a procedure started, for a whole class of things, at a frequency
    ("next up: start logging the humidity twice a day for anything that's in the drying room", "instruct", False, "twice a day"),
    # a class of things by a threshold, with what to do first
    ("还有超过2000的采购单下单之前先发我看一下", "instruct", False, "超过2000"),
    # a case mapped to what to do, and a channel
    ("anything broken on site → whatsapp me, I never check email on site", "instruct", True, "whatsapp me"),
    # the value to go by from here, said in passing about the rule it changes
    ("交货时间那个再多留点吧 按三天报 最近物流慢", "replace", False, "按三天报"),
    # asked for the way the person takes things in (a reason that is how they are)
    ("distances in km pls, I honestly can't picture miles", "instruct", True, "km"),
    ("金额你给我写万元 写元看着费劲", "instruct", True, "万元"),
    # stopping a practice named by an abbreviation verb
    ("oh and stop cc'ing dana on supplier mail, she has her own inbox now", "revoke", False, "dana"),
    ("and you can quit the hourly temperature entries, the sensors log it now", "revoke", False, "temperature"),
])
def test_standing_without_the_usual_markers(text, act, personal, needle):
    found = acts(text)
    assert found and (found[0][0], found[0][1]) == (act, personal) and needle in found[0][2], found


@pytest.mark.parametrize("text", [
    "start the staging server and tell me when it's up",
    "once that's merged, ping me in #releases",
    "when you're done, send me the summary",
    "把超过30天的日志删掉",
    "this table is hard to read, I can't read it on my phone",
])
def test_a_condition_on_the_task_at_hand_is_no_rule(text):
    assert [a for a, _p, _t in acts(text) if a in ("instruct", "replace", "revoke")] == [], acts(text)


def test_a_correction_keeps_what_the_agent_said_the_value_was_for():
    found = acts("错了 A3F22是7月9号到期 去年也是9号审的 你改过来",
                 prev_assistant="结论：B7K10 下周保养；A3F22 年检 7 月 1 到期；B7K10 保险 5 月到期。")
    assert found and found[0][0] == "correct" and found[0][2].startswith("A3F22年检是7月9号到期"), found


@pytest.mark.parametrize("text, act, personal, needle", [
    # a change dated to start, not a task for next week
    ("starting next month the deposit goes to 30%", "replace", False, "30%"),
    ("beginning monday crews start at 6 instead of 6:30, thru october", "replace", False, "6 instead of 6:30"),
    ("paper comes from Lakeside Supply now, ask for Mo", "replace", False, "Lakeside"),
    ("从下个月起 押金涨到3000了", "replace", False, "3000"),
    ("以后下周的排班表改成周三发给店长", "replace", False, "周三"),
    # what stops, with no new value in its "to"
    ("no need to cc the landlord anymore, she reads the portal", "revoke", False, "landlord"),
    # how the person reads things, asked as a question with the form ruled out
    ("also can you write dates like 3 Jan not 01/03, the numbers throw me off", "instruct", True, "3 Jan"),
    # how to address the person
    ("lol stop calling me chief, Sam is fine", "instruct", True, "Sam is fine"),
    # what never happens to a whole kind of thing
    ("nothing ships without a tracking number, thats our rule", "instruct", False, "tracking number"),
    # a whole kind of thing done one way
    ("报告都写成三段，第一段放结论", "instruct", False, "三段"),
    ("时间都用24小时制，别写下午3点", "instruct", True, "24小时制"),
    ("发我的周报别用表格 手机上看不清", "instruct", True, "表格"),
    # a stale value complained about: the new one, never the old
    ("挂号费现在是50，上月就调了，怎么还是40", "replace", False, "50"),
])
def test_changes_dated_kinds_and_forms(text, act, personal, needle):
    found = acts(text)
    assert found and (found[0][0], found[0][1]) == (act, personal) and needle in found[0][2], found
    assert "40" not in found[0][2] or "怎么" not in text


@pytest.mark.parametrize("text", [
    "华东仓又涨价了，运费涨到18",  # news of a price, no rule
    "let's do the stocktake next week",
    "我们都在等你",
    "can you check the logs, the error confuses me",
])
def test_news_tasks_and_remarks_are_no_change(text):
    assert [a for a, _p, _t in acts(text) if a in ("instruct", "replace", "revoke")] == [], acts(text)


def test_a_way_asked_for_instead_names_its_new_value():
    assert U.asks_change("cc Rosa on quotes instead: rosa@example.com")
    assert not U.asks_change("no need to cc the landlord anymore")


@pytest.mark.parametrize("text", [
    "move Priya to thursday",                      # one booking moved to one day
    "move the 9am fitting to 10:30",                # … or to one hour
    "if the parcel comes friday while im out, leave it with the neighbour",  # one occasion
])
def test_one_occasion_is_no_rule(text):
    assert [a for a, _p, _t in acts(text) if a in ("instruct", "replace", "revoke")] == [], acts(text)


def test_a_recurring_move_is_a_change_and_a_stop_keeps_its_reason():
    ((a, _p, _t),) = acts("lets move the stock count to mondays, fridays are chaos")
    assert a == "replace"
    ((a, _p, t),) = acts("no need to put Ravi on copy anymore, he's got the shared inbox now")
    assert a == "revoke" and "Ravi" in t


@pytest.mark.parametrize("text, act, personal, needle", [
    ("12h clock please, I misread 24-hour times all the time", "instruct", True, "12h clock"),
    ("and its Teodor, nobody calls me mr novak except the tax office", "instruct", True, "Teodor"),
    ("in kg, i dont do pounds", "instruct", True, "kg"),
    ("in metres, not feet", "instruct", True, "metres"),
    ("wheel builds get 3 hours minimum, truing alone eats one", "instruct", False, "3 hours minimum"),
])
def test_forms_names_and_minimums_said_in_passing(text, act, personal, needle):
    found = acts(text)
    assert found and (found[0][0], found[0][1]) == (act, personal) and needle in found[0][2], found


def test_a_value_for_what_the_agent_just_gave_another_value_is_a_correction():
    ((a, _p, t),) = acts("we close at 15:00 on sundays", prev_assistant="We're open until 18:00 on Sundays, so any time.")
    assert a == "correct" and "15:00" in t
    ((a, _p, t),) = acts("its £70 an hour since june", prev_assistant="For the quote: labour at £60/h, about £90 in all.")
    assert a == "correct" and "£70" in t
    assert acts("in the end, I don't do much") == []
    assert [x for x, _p, _t in acts("its 3 now, let's move on", prev_assistant="The call is at 2pm.")] != ["instruct"]


@pytest.mark.parametrize("text, act, personal, needle", [
    ("蛋糕我们固定找麦香坊，不用比价", "instruct", False, "固定找"),
    ("场地那边一个气球都不能有，酒店不让", "instruct", False, "气球"),
    ("还有，新郎对海鲜过敏，菜单里一道海鲜都不能有", "instruct", False, "海鲜"),  # the groom's, not the person's
    ("日期后面都带上星期几，供应商老记错", "instruct", True, "星期几"),  # how dates are written to the person
    ("报价单以后直接微信发给客户，别走邮件了", "replace", False, "微信"),
    ("麦香坊不合作了，以后蛋糕找甜心屋", "instruct", False, "甜心屋"),
])
def test_chinese_suppliers_bans_formats_and_new_ways(text, act, personal, needle):
    found = acts(text)
    assert found and (found[0][0], found[0][1]) == (act, personal) and needle in found[0][2], found
    assert acts("我找了半天没找到") == []


@pytest.mark.parametrize("text, act", [
    ("you can post to the staff channel until 22:00 now, the night shift reads it", "replace"),  # a limit widened
    ("and make the late fee €15 now, €10 wasn't stopping anyone", "replace"),                    # a setting's new value
    ("change the email footer too, make it 'Best, the Lindqvist team'", "prefer"),              # asked otherwise
])
def test_a_value_changed_in_passing(text, act):
    found = acts(text)
    assert found and found[0][0] == act, found
    assert U.asks_change(found[0][2])


@pytest.mark.parametrize("text, needle", [
    ("charge a 5% fee on card payments", "5% fee"),                    # an amount on every thing of a kind
    ("add a 10 minute gap between fittings", "10 minute gap"),
    ("three deliveries a day, max", "three deliveries"),               # a count per period
    ("when a ticket is older than a week, ping its owner", "ping its owner"),  # "when" opening a condition
])
def test_policies_limits_and_conditions_without_a_marker(text, needle):
    found = acts(text)
    assert found and found[0][0] == "instruct" and needle.lower() in found[0][2].lower(), found


@pytest.mark.parametrize("text", [
    "add a 2 second delay to the requests",     # the things at hand
    "when is the standup",                      # a question without its mark
    "when the courier calls again, tell him to use the side door",  # the next time, once
])
def test_no_policy_from_the_thing_at_hand(text):
    assert [a for a, _p, _t in acts(text) if a in ("instruct", "replace")] == [], acts(text)


def test_answer_length_said_again_is_standing_and_the_persons():
    ((a, personal, t),) = acts("ok. keep your answers to two sentences, I've told you before, I read them in the car")
    assert a == "instruct" and personal and "two sentences" in t


def test_a_code_given_for_what_the_agent_named_with_another_is_a_correction():
    ((a, _p, t),) = acts("the dryer filter we use is SK-D340", prev_assistant="I'll order the SK-B200 filter for the dryer, 2 units.")
    assert a == "correct" and "SK-D340" in t and "SK-B200" not in t


def test_a_topic_line_with_a_value_heads_the_rule_about_it():
    ((a, _p, t),) = acts("the 555 vs +1 thing again. the crm saves them as 555, fix before dialing, every time")
    assert a == "instruct" and "555 vs +1" in t and t.startswith("The 555 vs +1 thing: the crm")


def test_a_rule_about_an_unnamed_it_is_not_trusted_alone():
    from holonmem.signals import _unresolved_subject
    (f,) = _findings("just always run it with the quiet flag thing, the banner is noise", "")
    assert _unresolved_subject(f)
    (f,) = _findings("Post it — and release notes go to #releases from now on.", "")
    assert not _unresolved_subject(f)


def test_a_report_that_it_happened_again_is_no_rule():
    assert acts("又卡住了，老李说跟上次一样") == []
    assert acts("it's frozen again, same as last time") == []
    assert [a for a, _p, _t in acts("周报还是发邮件，跟上次一样")] == ["instruct"]


def test_a_time_moved_to_is_a_change():
    assert U.asks_change("周会改到周四下午3点开吧，周二大家都在外面")
    assert U.asks_change("example runs moved to 6am instead")


def test_something_expired_and_not_renewed_is_gone():
    from holonmem import grouping
    assert grouping.retired_terms("金蝶到期了，不续了。") >= {"金蝶"}
    assert grouping.retired_terms("we cancelled zendesk in march") == {"zendesk"}
    assert grouping.retired_terms("合同到期了") == frozenset()


def test_a_chinese_replaced_choice_is_named_by_its_phrase_not_a_piece_of_it():
    from holonmem import grouping
    new = "User instruction: 客户通知都用钉钉发，不用我私人钉钉号了"
    assert not grouping.conflicts(new, "+", "User instruction: 日报发我的时候别用图片，钉钉里看不清", "+")
    assert grouping.conflicts("math: 别用问卷星了，改用腾讯文档收作业", "+", "math: 作业还是问卷星发链接", "+")


@pytest.mark.parametrize("text, needle", [
    ("and km, not miles. the trail app shows miles but I think in km", "km, not miles"),   # a unit over another
    ("invoice lines = 3 words tops", "3 words tops"),                                        # a limit on a kind
    ("别叫家长“亲”，太像客服了", "“亲”"),                                                 # a wording banned
    ("don't say \"folks\" in the newsletter", "folks"),
    ("嗯，日期都这么写，年月日中间用点", "日期都这么写"),                               # "write them like this"
])
def test_form_limits_and_bans_without_a_marker(text, needle):
    found = acts(text)
    assert found and found[0][0] == "instruct" and needle.lower() in found[0][2].lower(), found


def test_a_worked_value_makes_the_directive_before_it_general():
    ((a, _p, t),) = acts("round invoice totals down to the nearest 10, nobody likes odd cents. so 1,230 here")
    assert a == "instruct" and t.startswith("Round invoice totals down")
    assert [a for a, _p, _t in acts("send the invoice to the Lees. so 1,230 here")] != ["instruct"]


def test_a_name_given_for_what_the_agent_named_alike_is_a_correction():
    found = acts("新郎是王浩然，三点水那个浩", prev_assistant="登记表上新郎写的是王皓然，婚期 5 月 2 日。")
    assert found and found[0][0] == "correct" and "王浩然" in found[0][2]
    assert acts("新郎是王浩然", prev_assistant="今天下午有两个客户来看场地。") == []


def test_complaining_it_happened_again_is_against_it():
    from holonmem import grouping
    assert grouping.polarity_of("又写成几万了，金额写全！") == "-"
    assert grouping.quoted_terms("别叫客户“亲”，太淘宝了") == {"亲"}


@pytest.mark.parametrize("text, act, needle", [
    ("we get all our seed from Johnny's, they ship in two days", "convention", "Johnny's"),          # the supplier
    ("payroll goes out thursday mornings before 10 or the bank holds it", "instruct", "thursday mornings"),  # a weekly deadline
    ("the van leaves at 8 every day, so nothing gets booked before 9", "instruct", "nothing gets booked"),  # the rule a fact makes
    ("课时费一律收200，含教材，这个不变", "instruct", "一律收200"),
    ("订金收 20%，余款交付前结清", "instruct", "订金收 20%"),
])
def test_practices_and_terms_said_plainly(text, act, needle):
    found = acts(text)
    assert found and found[0][0] == act and needle in found[0][2], found


@pytest.mark.parametrize("text", [
    "the runners are always slow on mondays, so don't worry if it takes a while",
    "the courier is late again, so no worries, I'll call them",
])
def test_a_reassurance_after_a_fact_is_no_rule(text):
    assert [a for a, _p, _t in acts(text) if a in ("instruct", "replace")] == [], acts(text)


def test_yes_as_before_and_a_pointed_at_thing_are_not_rules_alone():
    from holonmem.signals import _unresolved_subject
    assert acts("要，照旧", prev_assistant="好。王姐还要抄送吗？") == []
    assert acts("yes, as usual", prev_assistant="Done. Should I cc Ravi again?") == []
    (f,) = _findings("又是乱码。编码那个参数每次都要带上，别忘了", "")
    assert _unresolved_subject(f)
    (f,) = _findings("always run pytest with -x from now on", "")
    assert not _unresolved_subject(f)


def test_a_new_carrier_that_names_the_old_one_conflicts_with_it():
    from holonmem import grouping
    old = "shop: 包裹都走韵达，便宜"
    new = "shop: 韵达上周又丢了两件，以后都走京东，贵就贵点"
    assert grouping.conflicts(old, "+", new, "+")
    assert not grouping.conflicts(old, "+", "shop: 发票都走财务邮箱", "+")


def test_a_value_or_day_named_as_replaced_ties_two_rules_with_one_more_word():
    from holonmem import grouping
    assert grouping.conflicts("Refunds over $80 need my OK first", "+", "Raise the refund cap to $150, $80 was flagging every order", "+")
    assert grouping.conflicts("Invoices go out on fridays, always have", "+",
                              "Invoices: stop holding them for friday. Send each one the day the job closes", "+")
    assert not grouping.conflicts("The deposit is $80 on every booking", "+", "Raise the refund cap to $150, $80 was flagging every order", "+")
    assert grouping.conflicts("Parts come from Acme, orderbot knows their portal", "+",
                              "We're done with Acme, too slow. Order from Brightline from now on", "+")


def test_phone_typed_correction_says_no_to_the_old_value_as_a_clause():
    found = acts("今年保洁一次260 不是220 三月就涨了", "本月保洁按每次220元算，共4次880元。")
    assert [a for a, _p, _t in found] == ["correct"] and "260" in found[0][2] and "220" not in found[0][2]


def test_a_first_name_given_back_to_a_title_is_how_the_person_is_addressed():
    assert acts("Priya is fine, dr patel is for the clinic letters", "Good afternoon Dr. Patel. The rota is ready.") == [
        ("instruct", True, "Call me Priya, not Dr. Patel")]
    assert not any("Call me" in t for _a, _p, t in acts("Thursday please", "Booked Dr. Hale for Tuesday."))
    assert acts("Great, thanks", "Done, Mr. Lee.") == []


def test_a_clause_naming_the_agents_number_as_old_leaves_the_right_one():
    found = acts("€40 was the old rate, the deep clean is €55 since march", "The deep clean is billed at €40.")
    assert [a for a, _p, _t in found] == ["correct"] and "€55" in found[0][2] and "40" not in found[0][2]


def test_a_length_per_kind_and_a_date_format_shown_by_example():
    assert acts("walk-ins get 20 minutes, the chair is booked solid")[0][:2] == ("instruct", False)
    assert acts("write dates out like Jun 9, the crew reads 06/09 wrong")[0][:2] == ("prefer", True)


def test_a_setting_given_a_new_value_replaces_it():
    assert acts("raise the low-stock threshold to 8, we ran dry twice")[0][:2] == ("replace", False)


def test_a_chinese_way_no_longer_given_replaces_the_rule_on_the_same_topic():
    from holonmem import grouping
    assert grouping.conflicts("房租都是每月五号收 现金", "+", "房租以后都走支付宝 不收现金了", "+")
    assert not grouping.conflicts("押金都是现金", "+", "房租以后都走支付宝 不收现金了", "+")
    found = acts("还有门口那两盆花别摆了 这个月光浇水就费不少", "好的。")
    assert [a for a, _p, _t in found] == ["revoke"]


def test_two_thresholds_on_different_things_do_not_conflict():
    from holonmem import grouping
    assert not grouping.conflicts("Never refund anything over $50 without asking me first", "-",
                                  "Anything over $400 on one parts order you check with me before placing it", "+")


def test_a_chinese_clause_naming_the_agents_price_as_old_leaves_the_right_one():
    found = acts("深度保洁是260 220是去年的价了", "本月报价：深度保洁每次220元，普通保洁150元。")
    assert found == [("correct", False, "深度保洁是260")]


def test_a_team_practice_with_its_value_in_the_next_clause_and_a_place_no_longer_used():
    from holonmem import grouping
    assert acts("我们一直都是微信群报名 周五八点截止")[0][:2] == ("instruct", False)
    old, new = "我们一直都是群里报名 周五八点截止", "以后别在群里报名了 都走小程序"
    assert "报名" in grouping.replaced_terms(new) and grouping.conflicts(old, "+", new, "-")


def test_two_practices_that_share_only_we_always_have_nothing_in_common():
    from holonmem import grouping
    a, b = "我们一直都是周五盘点 下午三点开始", "退货拍视频就退 我们一直这么弄的"
    assert not grouping.features(a) & grouping.features(b)
