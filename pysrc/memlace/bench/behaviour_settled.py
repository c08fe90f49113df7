"""Behaviour cases for what was only possible until it happened (2026-11-27, from a chat with an engineer who
might be promoted and then was, written here in other words): the outcome, told later in the same words, ends the
possibility; a possibility is never ended by another one, nor by words it only half shares. Each failed on the
code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, recall

SETTLED_CASES: list[Case] = [
    Case(  # a guard: a move that happened was already where one lives
        "a possible move that happened",
        ("We're thinking about moving to Valencia next year.", "I'm a graphic designer.", "We moved to Valencia last week!"),
        (lacks("thinking about moving"), has("lives in Valencia"), recall("Where do we live?", "Valencia", absent=("thinking",))),
    ),
    Case(
        "a promotion that came",
        ("I might be made head of the science department.", "I got head of the science department!"),
        (lacks("might be made head"), has("got head of the science department")),
    ),
    Case(  # a guard: a month is no hedge
        "a plan in May stays",
        ("We're going to Crete in May.", "We went to Crete once before, years ago."),
        (has("going to Crete in May"),),
    ),
    Case(  # a guard: one shared word settles nothing
        "a possible dog and someone else's dog",
        ("I might get a dog this summer.", "The neighbour's dog barked all night."),
        (has("might get a dog"),),
    ),
]
