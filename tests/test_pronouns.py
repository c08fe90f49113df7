"""Who a pronoun is when the clause before names someone by what they are to the speaker (core/pronouns.py)."""

from __future__ import annotations

import pytest

from memlace.core.clauses import split_clauses
from memlace.core.pronouns import own_subject_named


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [
        ("Our landlord is a nightmare, they owe us the deposit.", ["Our landlord is a nightmare", "Our landlord owes us the deposit."]),
        ("My landlord is awful, they never fix anything.", ["My landlord is awful", "My landlord never fixes anything."]),
        ("My bank is useless, they can't do anything online.", ["My bank is useless", "My bank can't do anything online."]),
        ("My boss is great, she lets me work from home.", ["My boss is great", "My boss lets me work from home."]),
        ("My sister is a doctor, she's been in Galway for years.", ["My sister is a doctor", "My sister has been in Galway for years."]),
        ("My daughter is 5, she's obsessed with dinosaurs.", ["My daughter is 5", "My daughter is obsessed with dinosaurs."]),
        ("My parents are retired, they're living in Spain.", ["My parents are retired", "My parents are living in Spain."]),
        # no one the speaker names by what they are to them, or a pronoun that does not fit: as before
        ("My car is old, they say it's fine.", ["My car is old, they say it's fine."]),
        ("My parents are great, she is not.", ["My parents are great", "she is not."]),
    ],
)
def test_a_pronoun_after_someone_named_by_relation_is_that_one(sentence: str, clauses: list[str]) -> None:
    assert split_clauses(sentence) == clauses


def test_a_name_given_is_left_to_the_name() -> None:
    assert own_subject_named("my sister is called Nadia", "she lives in Leeds") is None
    assert own_subject_named("my bank is useless", "she never answers") is None  # a bank is no "she"
