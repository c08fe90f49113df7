"""Behaviour cases for forgetting what was said of someone (2026-11-27, from a chat with an engineer whose manager
changed her mind about leaving, written here in other words). "Forget that Luis is moving" takes what was said of
Luis, wherever it was kept (in the relation's memory, and in a memory about Luis himself), and keeps who Luis is,
dated when it was said, not by the month that went with the rest. Each failed on the code before the fix it came
with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, dated, erased, has, lacks, recall

FORGETTING_CASES: list[Case] = [
    Case(
        "what was said of a brother goes, the brother stays",
        (
            "My brother Luis is moving to Toronto in April.",
            "I teach maths at a secondary school.",
            "Please forget that Luis is moving, nothing is decided.",
        ),
        (
            has("User's brother is Luis"),
            erased("Toronto"),
            recall("Who is Luis?", "brother is Luis"),
            dated("2023-11", "brother is Luis"),  # told in November; April went with the move
        ),
    ),
    Case(
        "a relative's news forgotten where it was said of her too",
        ("My cousin Marta is pregnant with her second.", "Forget that Marta is pregnant, she hasn't told anyone yet."),
        (has("User's cousin is Marta"), erased("pregnant")),
    ),
    Case(  # a guard: a request that names the relation takes it whole
        "forgetting who someone is",
        ("My neighbour Ivan is retiring next year.", "Forget that Ivan is my neighbour."),
        (lacks("neighbour"),),
    ),
]
