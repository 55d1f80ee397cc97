"""slots: the values a statement sets, by what they measure (pure)."""

from __future__ import annotations

import pytest

from holonmem import slots


@pytest.mark.parametrize("text, measure, value", [
    # clock times, on a 12-hour dial (a change of mind rarely flips am and pm)
    ("Backups run thurs at 11pm", "clock", "11:00"),
    ("standup moved to 9:30 from now on", "clock", "9:30"),
    ("the rota hands over at 14:00", "clock", "2:00"),
    ("晚上十一点以后别给我打电话", "clock", "11:00"),
    ("早上七点半前把菜单发群里", "clock", "7:30"),
    ("9点以后再说", "clock", "9:00"),
    # weekdays as one set per statement
    ("newsletters go out mon + thu", "weekday", "mon,thu"),
    ("deliveries on tuesdays and fridays", "weekday", "tue,fri"),
    ("周末不接单", "weekday", "sat,sun"),
    ("每周三对账", "weekday", "wed"),
    ("工作日才发货", "weekday", "mon,tue,wed,thu,fri"),
    # durations and shares, digits, Chinese numerals and English number words
    ("quotes stay valid for 30 days", "day", "30"),
    ("give it an hour", "hour", "1"),
    ("leave half an hour between jobs", "hour", "0.5"),
    ("交货时间按一个半小时算", "hour", "1.5"),
    ("提前两周提醒我", "week", "2"),
    ("押金三个月", "month", "3"),
    ("装车最多九成", "percent", "90"),
    ("deposit is 25% of the quote", "percent", "25"),
    ("anything over $1,200 needs my ok", "money", "1200"),
    ("每单运费 15 元", "money", "15"),
    # a count of something else is named by the word after the number
    ("keep posts under 2000 characters", "character", "2000"),
    ("no more than 12 people per slot", "people", "12"),
    # the channel someone is reached on
    ("anything urgent → telegram me", "contact", "telegram"),
    ("ping me on slack when it breaks", "contact", "slack"),
    ("有事微信找我", "contact", "wechat"),
    ("发短信告诉我就行", "contact", "sms"),
])
def test_values_by_measure(text, measure, value):
    assert value in slots.values(text).get(measure, frozenset()), slots.values(text)


@pytest.mark.parametrize("text", [
    "早一点到",            # "a bit earlier", not one o'clock
    "说三点：价格、交期、付款",  # three points, not three o'clock
    "第二天早上再说",        # an ordinal day, not a duration of two days
    "10月18日交",          # a date
    "2026年的合同",         # a year
    "call me alex, not alexander",  # a name, not a contact channel
    "a bit more, one thing at a time",
])
def test_what_is_not_a_value(text):
    assert slots.values(text) == {}, slots.values(text)


def test_changed_is_a_measure_both_give_with_a_new_value():
    old = "Posts go up tues + thurs at 7pm"
    assert slots.changed("we're posting mon/wed at 8am now", old) == {"weekday", "clock"}
    assert slots.changed("posts still go up tues + thurs at 7pm", old) == frozenset()
    assert slots.changed("carousels get 10 slides max", old) == frozenset()  # no measure in common
    assert slots.changed("装车最多九成", "load at most 90% of capacity") == frozenset()  # 九成 is 90%


def test_without_values_keeps_the_words():
    assert slots.without_values("Posts go up tues + thurs at 7pm, when people scroll").split() == [
        "Posts", "go", "up", "+", "at", ",", "when", "people", "scroll"]
    assert "以后别给我打电话" in slots.without_values("晚上十一点以后别给我打电话")
    assert "十一" not in slots.without_values("晚上十一点以后别给我打电话")
