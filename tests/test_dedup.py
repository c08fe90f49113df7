"""Pure decisions of where a correction goes (core/dedup.py)."""

from __future__ import annotations

import pytest

from memlace.core.corrections import field_switched, restated, swapped_text, without_item
from memlace.core.dedup import by_old_value
from memlace.core.swaps import value_swap, what_it_replaces
from memlace.core.values import number_swap, swap_after, typed_swap, value_fits
from memlace.models import Memory, MemoryKind


@pytest.mark.parametrize(
    ("said", "swap"),
    [
        ("the race is in May, not April", ("May", "April")),
        ("it's Thursday, not Tuesday.", ("Thursday", "Tuesday")),
        ("the party is at Luigi's, and not at Mario's", ("at Luigi's", "at Mario's")),
        ("Dev's birthday is on 10 August, not 9 August!", ("10 August", "9 August")),
        ("we decided against Snowflake, going with BigQuery instead", ("BigQuery", "Snowflake")),
        ("we renamed Tidepool to Swellcast last week", ("Swellcast", "Tidepool")),
        ("Pixel is the diabetic one, not Byte", ("Pixel", "Byte")),  # a name for a name, wherever it is said
    ],
)
def test_a_correction_that_names_the_old_value_gives_both_values(said: str, swap: tuple[str, str]) -> None:
    assert value_swap(said) == swap


@pytest.mark.parametrize(
    "said",
    [
        "I live in Leeds",  # no old value named
        "May, not April",  # nothing said before the new value's words
        "the race is in May, not the one in April that I told you about last week",  # too long to be a value
        "it's May, not may",  # the same value
        "we renamed the repo last week",  # no name given
    ],
)
def test_what_names_no_swappable_value_gives_none(said: str) -> None:
    assert value_swap(said) is None


def test_the_old_value_is_swapped_only_where_it_is_said_as_words() -> None:
    assert (
        swapped_text("User is training for the half marathon in April", "April", "May") == "User is training for the half marathon in May"
    )
    assert swapped_text("User's sister Aprilynn is a nurse", "April", "May") is None
    assert swapped_text("User visits the Pre-April fair", "April", "May") is None
    assert swapped_text("Dinner is at mario's on Friday", "at Mario's", r"at Luigi\1's") == r"Dinner is at Luigi\1's on Friday"


def test_of_the_memories_that_say_the_old_value_the_one_most_like_the_correction_is_replaced() -> None:
    memories = {
        f"mem_{n}": Memory(id=f"mem_{n}", kind=MemoryKind.fact, text=text, subject=subject, created_at=1.7e9 + n, updated_at=1.7e9 + n)
        for n, (text, subject) in enumerate([("Byte is diabetic", "Byte"), ("User's cat is called Byte", "User")])
    }
    decision = by_old_value(None, "Byte", set(memories), memories, "Pixel is the diabetic one")
    assert decision is not None and decision.target == "mem_0"  # (the latest, mem_1, shares no other word)
    latest = by_old_value(None, "Byte", set(memories), memories)
    assert latest is not None and latest.target == "mem_1"


def test_a_list_loses_a_thing_said_with_its_article_and_time() -> None:
    text = "User takes metformin 1000mg twice a day and a statin in the evening"
    assert without_item(text, "statin") == "User takes metformin 1000mg twice a day"
    assert without_item("User takes a statin in the evening", "statin") is None  # not in a list: nothing to take out


def test_a_colour_said_again_replaces_the_old_one() -> None:
    assert restated("Lucía loves purple", "Lucía wants yellow") == "Lucía loves yellow"
    assert restated("Lucía loves purple", "Lucía painted the fence yellow") is None  # other words: another fact


def test_a_new_number_fits_the_fact_that_counts_the_same_thing() -> None:
    assert value_fits("User is thinking of a small wedding in June, maybe 40 guests", "make that 60 guests, Sven's family is huge")
    assert not value_fits("User is trying to cut down on coffee, max 2 cups a day", "make that 60 guests")  # cups are no guests
    assert not value_fits("User and Sven got engaged", "make that 60 guests, Sven's family is huge")  # no number to replace


def test_of_several_values_the_one_said_after_the_thing_is_moved() -> None:
    timetable = "User's exam timetable: contract law on 12 January, criminal law on 19 January"
    assert swap_after(timetable, "criminal law got moved to the 21st", "criminal law") == timetable.replace("19 January", "21 January")
    assert swap_after("User has the dentist at 2pm and the gym at 6pm", "the gym got moved to 7pm", "gym") == (
        "User has the dentist at 2pm and the gym at 7pm"
    )
    assert swap_after(timetable, "tort law got moved to the 21st", "tort law") is None  # not said


def test_a_field_switched_is_put_where_the_old_one_was_studied() -> None:
    old = "User's son Karim is studying engineering in Lyon"
    said = "Karim switched to architecture, he says engineering was too dry."
    assert field_switched(old, "architecture", said) == "User's son Karim is studying architecture in Lyon"
    assert field_switched("User works in marketing", "decaf", "I switched to decaf") is None  # the old field is not named


@pytest.mark.parametrize(
    ("old", "value", "expected"),
    [
        ("User's rate is 0.12 euros per word", "0.14", "User's rate is 0.14 euros per word"),
        ("User charges £60 an hour", "£75.", "User charges £75 an hour"),
        ("User has 2 cats and 3 dogs", "4", None),  # two numbers: which one is not said
        ("User lives in Leeds", "4", None),
        ("User's rate is 0.12 euros per word", "more", None),
    ],
)
def test_a_bare_number_put_in_place(old: str, value: str, expected: str | None) -> None:
    assert number_swap(old, value) == expected


@pytest.mark.parametrize(
    ("old", "correction", "expected"),
    [
        (
            "User is planning a trip to Osaka in April",
            "the trip is in May, not April, Jamie couldn't get time off",
            "User is planning a trip to Osaka in May",
        ),
        ("User's class is on Tuesdays", "it's on Thursdays instead of Tuesdays", "User's class is on Thursdays"),
        ("User is planning a trip to Osaka in April", "I'm not going in May, it's June", None),  # two months, no ", not": which is new?
    ],
)
def test_the_old_value_a_correction_names_is_not_taken_for_the_new(old: str, correction: str, expected: str | None) -> None:
    assert typed_swap(old, correction) == expected


@pytest.mark.parametrize(
    ("old", "correction", "expected"),
    [
        ("User's birthday is on March 12", "my birthday is the 14th, not the 12th", "User's birthday is on March 14"),
        ("User's exam is on the 3rd of May", "it's the 5th", "User's exam is on the 5th of May"),
        ("User's exams are on 3 May and 9 June", "it's the 5th", None),  # which of the two is not said
        ("User has 2 cats", "the 14th", None),
        ("User's call is at 2pm", "it's the 5th at 3pm", "User's call is at 3pm"),  # no date to move: the time still does
    ],
)
def test_a_day_of_the_month_alone_moves_the_one_date(old: str, correction: str, expected: str | None) -> None:
    assert typed_swap(old, correction) == expected


@pytest.mark.parametrize(
    ("said", "replaces"),
    [
        ("We switched from weekly to fortnightly sprints.", ("weekly sprints", "fortnightly sprints", ["switch"])),
        ("I moved from night to day shifts, finally!", ("night shifts", "day shifts", ["switch"])),
        ("we moved from two-week to one-week sprints", ("two-week sprints", "one-week sprints", ["switch"])),
        ("I went from part-time to full-time hours last month", ("part-time hours", "full-time hours", ["switch"])),
        # not one modifier for another: what was switched from is the old value, as before
        ("I switched from coffee to green tea.", ("coffee", None, [])),
        ("I moved from London to New York.", ("London", None, [])),
        ("The wedding moved from July to early August.", ("July", None, [])),
    ],
)
def test_one_modifier_switched_for_another_names_the_thing_both_qualify(said: str, replaces: tuple[str, str | None, list[str]]) -> None:
    assert what_it_replaces(said) == replaces


@pytest.mark.parametrize(
    ("said", "replaces"),
    [
        ("Good news, I've moved to day shifts!", ("shifts", "day shifts", ["switch-to"])),
        ("we've gone to fortnightly sprints", ("sprints", "fortnightly sprints", ["switch-to"])),
        ("I'm on full-time hours now.", ("hours", "full-time hours", ["switch-to"])),
        # not a modifier of a kind one has one of at a time: nothing named as replaced by the new one
        ("I moved to a new flat.", (None, None, [])),
        ("I moved to New York.", (None, None, [])),
    ],
)
def test_the_new_modifier_said_alone_names_the_thing_it_qualifies(said: str, replaces: tuple[str | None, str | None, list[str]]) -> None:
    assert what_it_replaces(said) == replaces


def test_the_new_modifier_said_alone_replaces_the_memory_with_one_of_its_kind() -> None:
    memories = {
        f"mem_{n}": Memory(id=f"mem_{n}", kind=kind, text=text, created_at=1.7e9 + n, updated_at=1.7e9 + n)
        for n, (text, kind) in enumerate(
            [("User works night shifts in A&E", MemoryKind.fact), ("User hates long shifts", MemoryKind.preference)]
        )
    }
    decision = by_old_value(None, "shifts", set(memories), memories, "I've moved to day shifts", "day shifts")
    assert decision is not None and decision.target == "mem_0"  # (the latest, mem_1, says "long shifts")
    only_long = {"mem_1": memories["mem_1"]}
    assert by_old_value(None, "shifts", set(only_long), only_long, "I've moved to day shifts", "day shifts") is None
    assert swapped_text("User's choir has weekly rehearsals and a social every Sunday", "weekly rehearsals", "fortnightly rehearsals") == (
        "User's choir has fortnightly rehearsals and a social every Sunday"
    )
