"""Behaviour cases from a chat with a maths teacher who changes school, is allergic to an antibiotic and buys the
car he was thinking of (2026-11-27, written here in other words): a forget request that names only the place of a
fact keeps the rest of it, "we're throwing her a surprise party" says whom (the one person just named), and a possibility is settled by an outcome told with an irregular past ("thinking of
buying a Kia", then "bought the Kia"). Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, recall

MATHS_CASES: list[Case] = [
    Case(
        "forget where, keep what",
        ("I coach the under-12 netball team at a club in Derby.", "Forget that I coach in Derby, I switched to a club in Leeds."),
        (has("coaches the under-12 netball team"), lacks("Derby"), recall("Which team do I coach?", "under-12 netball")),
    ),
    Case(  # a guard: a memory that says only where goes whole
        "forget where one lives",
        ("I live in Derby.", "Forget that I live in Derby."),
        (lacks("Derby"),),
    ),
    Case(
        "'him' and 'her' of the one person just named",
        ("My dad Ray turns 60 in May, we're taking him to Rome.", "My niece Lola is staying over, I'm making her a cake tonight."),
        (has("taking Ray to Rome"), has("making Lola a cake")),
    ),
    Case(
        "a possibility settled in the past tense",
        ("I'm thinking of selling my old Vespa, maybe in the spring.", "Sold the Vespa to a neighbour yesterday!"),
        (lacks("thinking of selling"), has("Sold the Vespa")),
    ),
]
