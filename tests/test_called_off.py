"""What a plan called off names, and which memory holds that plan (core/called_off.py)."""

from __future__ import annotations

import pytest

from memlace.core.called_off import as_own, called_off, holds_plan, plans_ended, with_baby_named, with_plan
from memlace.models import Memory, MemoryKind


def memory(text: str, subject: str = "User", n: int = 1) -> Memory:
    return Memory(id=f"mem_{n}", kind=MemoryKind.fact, text=text, subject=subject, created_at=1.7e9 + n, updated_at=1.7e9 + n)


@pytest.mark.parametrize(
    ("said", "head", "which", "owner"),
    [
        ("the Lisbon trip is off", "trip", ("lisbon",), None),
        ("Bad news, our trip to Rome got cancelled", "trip", ("rome",), None),
        ("Dev's offer fell through", "offer", (), "Dev"),
        ("Ana called off the wedding", "wedding", (), "Ana"),
        ("The move to Berlin fell through", "move", ("berlin",), None),
        ("we're not going to Lisbon after all", "trip", ("lisbon",), None),
        ("We are not moving to Leeds anymore", "move", ("leed",), None),
        ("the holiday is cancelled", "trip", (), None),
        ("We sold the Civic last weekend, got £1,200 for it", "thing", ("civic",), None),
        ("Ella had her baby, a little girl called Rosa", "pregnancy", (), "Ella"),
        ("My sister had a baby boy named Leo", "pregnancy", (), None),
        ("Jonas quit, he went back to school", "job", (), "Jonas"),
    ],
)
def test_what_is_called_off(said: str, head: str, which: tuple[str, ...], owner: str | None) -> None:
    off = called_off(said)
    assert off is not None
    assert (off.head, off.which, off.owner) == (head, which, owner)


@pytest.mark.parametrize(
    "said",
    [
        "the power is off again",
        "the milk is off",
        "I cancelled my gym membership",
        "the trip was amazing",
        "We're going to Rome",
        "Jonas left the room",
    ],
)
def test_no_plan_called_off(said: str) -> None:
    assert called_off(said) is None


def test_a_plan_is_found_by_the_words_that_name_it() -> None:
    off = called_off("the Lisbon trip is off")
    assert off is not None
    assert holds_plan(off, memory("User is going to Lisbon in June with the kids"), None) > 0
    assert holds_plan(off, memory("User is going to Porto in June"), None) == 0  # another trip
    assert holds_plan(off, memory("User loves Lisbon's food"), None) == 0  # named, but no trip is said
    assert holds_plan(off, memory("User booked a week in Lisbon for June"), None) > 0
    bare = called_off("the trip is off")
    assert bare is not None
    assert holds_plan(bare, memory("User is flying to Tokyo on the 3rd of May"), None) > 0
    assert holds_plan(bare, memory("User is going to start running"), None) == 0  # "going to" a place, not a plan to do


def test_whose_plan_and_a_habit() -> None:
    off = called_off("Dev's offer fell through")
    assert off is not None
    assert holds_plan(off, memory("User's brother Dev got a job offer from Spotify"), "Dev") > 0
    assert holds_plan(off, memory("User got a job offer from Spotify"), "Dev") == 0  # someone else's offer
    weekly = called_off("the class is cancelled this week")
    assert weekly is not None
    assert holds_plan(weekly, memory("User teaches a pottery class every Monday"), None) == 0


def test_how_it_is_written() -> None:
    assert as_own("Bad news, the Lisbon trip is off", "User") == "User's Lisbon trip is off"
    assert with_plan("User's trip is off.", "User is going to Rome in May.") == "User's trip is off (was: User is going to Rome in May)"


def test_every_memory_that_holds_the_plan_as_well_ends_latest_first() -> None:
    held = [
        memory("User's sister Ella is pregnant, due in February", n=1),
        memory("Ella is pregnant, due in February", subject="Ella", n=2),
        memory("User is pregnant", n=3),  # the speaker's own: not Ella's
    ]
    ended = plans_ended("Ella had her baby, a little girl called Rosa", "User", held)
    assert [m.id for m in ended] == ["mem_2", "mem_1"]
    trips = [memory("User is going to Rome in May", n=1), memory("User is flying to Rome on the 3rd of May", n=2)]
    assert [m.id for m in plans_ended("the Rome trip is off", "User", trips)] == ["mem_2", "mem_1"]
    assert plans_ended("the Oslo trip is off", "User", trips) == []


def test_the_baby_said_next_is_part_of_the_birth() -> None:
    assert with_baby_named(["Ella had her baby!", "A little girl called Rosa."]) == ["Ella had her baby, a little girl called Rosa."]
    assert with_baby_named(["I love my job.", "A girl in my team is great."]) == ["I love my job.", "A girl in my team is great."]
