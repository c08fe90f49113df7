"""What was only possible until it happened, and which later memory settles it (core/hedges.py)."""

from __future__ import annotations

import pytest

from memlace.core.bm25 import BM25Index
from memlace.core.hedges import hedged, settled_by
from memlace.core.text import terms
from memlace.models import Memory, MemoryKind, Provenance


def memory(text: str, n: int, subject: str = "User", message: str | None = None) -> Memory:
    said_in = [Provenance(chat_id="c", message_ids=[message or f"m{n}"])]
    return Memory(
        id=f"mem_{n}", kind=MemoryKind.fact, text=text, subject=subject, created_at=1.7e9 + n, updated_at=1.7e9 + n, provenance=said_in
    )


def settled(new: Memory, held: list[Memory]) -> list[Memory]:
    """settled_by over a keyword index of the memories held, as the engine's state keeps one."""
    index = BM25Index()
    for memory in held:
        index.add(memory.id, [(terms(memory.text), 1.0)])
    return settled_by(new, index, {}, {m.id: m for m in held})


@pytest.mark.parametrize(
    ("text", "is_hedged"),
    [
        ("User might be promoted to team lead", True),
        ("User is thinking about adopting a dog", True),
        ("We are considering a move to Leeds", True),
        ("User may get a bigger flat", True),
        ("User is going to Rome in May", False),  # a month
        ("User could not come to the party", False),
        ("User adopted a dog", False),
    ],
)
def test_what_is_hedged(text: str, is_hedged: bool) -> None:
    assert hedged(text) is is_hedged


def test_an_outcome_in_the_same_words_settles_a_possibility() -> None:
    possible = memory("User might be promoted to team lead soon", 1)
    other = memory("User lives in Porto", 2)
    outcome = memory("User got the team lead role", 3)
    assert settled(outcome, [possible, other, outcome]) == [possible]


@pytest.mark.parametrize(
    ("before", "after", "subject"),
    [
        ("User might get a dog this summer", "User's neighbour's dog barked all night", "User"),  # one word shared
        ("User might be promoted to team lead", "User might be made team lead next year", "User"),  # another possibility
        ("Ana might be promoted to team lead", "User got the team lead role", "Ana"),  # someone else's
    ],
)
def test_what_settles_nothing(before: str, after: str, subject: str) -> None:
    possible = memory(before, 1, subject=subject)
    assert settled(memory(after, 2), [possible]) == []


def test_a_possibility_and_its_outcome_in_one_message_stay_both() -> None:
    possible = memory("User might get a puppy from the shelter", 1, message="m1")
    said_with_it = memory("User got a puppy from the shelter", 2, message="m1")
    assert settled(said_with_it, [possible]) == []
