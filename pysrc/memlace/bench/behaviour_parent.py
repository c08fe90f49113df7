"""Behaviour cases from a chat with a midwife with two boys and a partner on night shifts (2026-11-27, written here
in other words): a birthday moves a child's age and nothing else said of him, an activity named by itself moves to
another day, and what a forget request goes on to tell of the person it named is kept. Each failed on the code
before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks

PARENT_CASES: list[Case] = [
    Case(
        "a birthday leaves the school trip's day alone",
        (
            "My daughters are Esi (7) and Ama (4).",
            "Remember that Esi's class trip to the zoo is on 20 November.",
            "Esi turned 8 yesterday! We took her bowling.",
        ),
        (has("zoo is on 20 November"), has("Esi is 8"), lacks("Esi is 7")),
    ),
    Case(
        "an activity moved to another day",
        (
            "My daughters are Esi (7) and Ama (4).",
            "Ama does ballet on Mondays and Esi has gymnastics on Fridays.",
            "ballet moved to Tuesdays from next week",
        ),
        (has("Ama does ballet on Tuesdays"), lacks("ballet on Mondays"), has("gymnastics on Fridays")),
    ),
    Case(
        "what the request tells of the one it named",
        ("My husband Kwame works weekends at the airport.", "Forget that Kwame works weekends, he moved to weekdays."),
        (has("Kwame moved to weekdays"), lacks("works weekends")),
    ),
]
