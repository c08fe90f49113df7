"""Behaviour cases from chatting as a vet nurse on night shifts (2026-11-30): "the night shifts are brutal, I do three
a week" kept as "User does three a week" (what is counted lost, so the later "Actually, I only do two night shifts
now" had nothing to replace); a correction with its reason after it ("…, they changed the rota last week") too far
from the fact it corrects to replace it; "Actually, I'm in Leeds now" making nothing, with "User lives in York" left. "Lots of coffee" to "How do you cope?" kept as "User copes with Lots of coffee" is a
unit test (tests/test_extract.py): these checks do not see case. Each failed on the code before the fix it came
with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, lacks

VETNURSE_CASES: list[Case] = [
    Case(
        "a name opening the reply keeps its capital (guard)",
        ((A, "How do you unwind after work?"), "Netflix and a glass of wine."),
        (has("User unwinds after work with Netflix"),),
    ),
    Case(
        "what is counted is what the clause before named",
        ("The night shifts are brutal, I do three a week.", "Sundays are quiet, I usually work two a month."),
        (has("User does three night shifts a week"), has("User usually works two Sundays a month"), lacks("does three a week")),
    ),
    Case(
        "a correction with its reason after it still replaces",
        ("I do three night shifts a week.", "Actually, I only do two night shifts now, they changed the rota last week."),
        (has("User only does two night shifts"), lacks("three night shifts")),
    ),
    Case(
        "'Actually, I'm in Leeds now' is where one lives now",
        ("I live in York with my sister.", "Actually, I'm in Leeds now."),
        (has("User lives in Leeds"), lacks("lives in York")),
    ),
    Case(
        "a visit is no move (guard)",
        ("I live in York with my sister.", "I'm in Leeds now for a conference."),
        (has("User lives in York"), lacks("lives in Leeds")),
    ),
]
