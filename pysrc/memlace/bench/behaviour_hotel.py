"""Behaviour cases from a chat with a hotel manager whose son changes course (2026-11-27, written here in other
words): a switch of field puts the new one where the old was studied, a switch that is no field leaves the
work said alone, and a total said after "so" stays with what it totals. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks

HOTEL_CASES: list[Case] = [
    Case(
        "a son switched fields",
        ("My son Karim is studying engineering in Lyon.", "Karim switched to architecture, he says engineering was too dry."),
        (has("Karim is studying architecture in Lyon"), lacks("studying engineering")),
    ),
    Case(  # a guard: decaf is no field of work
        "a switch that is no field",
        ("I work in marketing at a travel company.", "I switched to decaf last month."),
        (has("User works in marketing"),),
    ),
    Case(
        "a total said with 'so'",
        ("We have 14 rooms at the hotel.", "We're adding 4 more rooms this summer, so 18 in total."),
        (has("adding 4 more rooms", "so 18 in total"),),
    ),
]
