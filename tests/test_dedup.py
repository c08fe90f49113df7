"""Pure decisions of where a correction goes (core/dedup.py)."""

from __future__ import annotations

import pytest

from memlace.core.corrections import swapped_text
from memlace.core.swaps import value_swap


@pytest.mark.parametrize(
    ("said", "swap"),
    [
        ("the race is in May, not April", ("May", "April")),
        ("it's Thursday, not Tuesday.", ("Thursday", "Tuesday")),
        ("the party is at Luigi's, and not at Mario's", ("at Luigi's", "at Mario's")),
        ("Dev's birthday is on 10 August, not 9 August!", ("10 August", "9 August")),
        ("we decided against Snowflake, going with BigQuery instead", ("BigQuery", "Snowflake")),
        ("we renamed Tidepool to Swellcast last week", ("Swellcast", "Tidepool")),
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
