"""Behaviour cases from a chat with a parent whose son has type 1 diabetes and whose partner changes job (2026-11-28,
written here in other words): what someone named uses is kept ("she uses a blue inhaler"); "Kai's moved up to the
under-13s" is "has moved"; "Sam got a new job at the council" is news of Sam. Each failed on the code before the
fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has

FAMILY_CASES: list[Case] = [
    Case(
        "what someone uses",
        ("My daughter Maya is 9 and has asthma, she uses a blue inhaler.",),
        (has("Maya uses a blue inhaler"),),
    ),
    Case(
        "'s as 'has' before a past",
        ("My son Kai plays for Riverside Juniors.", "Kai's moved up to the under-13s this season."),
        (has("Kai has moved up to the under-13s"),),
    ),
    Case(
        "someone got a job",
        ("My partner is called Sam.", "Sam got a new job at the council!"),
        (has("Sam got a new job at the council"),),
    ),
]
