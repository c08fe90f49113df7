"""Behaviour cases from chatting as an engineer from Stuttgart whose English is a second language (2026-11-29,
session 50): "I am Lukas from Stuttgart" was kept as "User is Lukas from Stuttgart" (no name, no home town); "sorry,
it is not Canada, it is Australia, Melbourne" kept the old plan with "(corrected: …)" after it; "Anna is allergic
against nuts, please think on this when you give recipes" kept the request in the constraint; and "I'm vegan, please
remember that" was not kept as asked (two words were too few). Each failed on the code before the fix it came with,
unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, confirmed, entity, has, lacks

STUTTGART_CASES: list[Case] = [
    Case(
        "'I am <name> from <place>' is a name and where one is from",
        ("Hello, I am Lukas from Stuttgart, I work in automotive",),
        (has("User's name is Lukas"), has("User is from Stuttgart"), lacks("User is Lukas"), entity("Lukas", "person")),
    ),
    Case(
        "'it is not X, it is Y, Z': the place with where in it, put in place",
        (
            "I want to improve my English for a job in Canada next year",
            (A, "Great goal!"),
            "sorry, it is not Canada, it is Australia, Melbourne",
        ),
        (has("job in Australia, Melbourne"), lacks("Canada"), lacks("corrected")),
    ),
    Case(
        "a request to the assistant after a comma is no part of the constraint",
        ("My wife is called Anna", "Anna is allergic against nuts, please think on this when you give recipes"),
        (has("Anna is allergic against nuts"), lacks("recipes")),
    ),
    Case(
        "'please remember that' after a short fact keeps it as asked",
        ("I'm vegan, please remember that",),
        (confirmed("User is vegan"), lacks("remember")),
    ),
]
