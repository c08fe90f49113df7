"""Behaviour cases from a chat with a law student (2026-11-27, written here in other words), and one from a
consultant whose partner's job fell through: a condition and a request in one sentence joined by "so please",
flatmates who are people (so a vegan flatmate guards a cooking question), a keep-out request whose next sentence
is of the same topic, one of two exam dates moved, and a job that fell through ending the offer. Each failed on
the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, entity, has, kind, lacks, packs

STUDENT_CASES: list[Case] = [
    Case(
        "a condition, 'so please' a request",
        ("I'm dyslexic so please keep answers short and use simple words.",),
        (kind("constraint", "User is dyslexic"), kind("negative", "keep answers short and use simple words")),
    ),
    Case(
        "flatmates are people",
        ("My flatmates are Priya and Tom. Tom is vegan.",),
        (entity("Tom", "person"), packs("Cooking ideas for the flat", "Tom is vegan")),
    ),
    Case(
        "keep-out, then more of it",
        ("I'm Zoe, a law student.", "Don't remember anything about my ex, Marcus. We broke up in the summer."),
        (lacks("broke up"), has("User is a law student")),
    ),
    Case(
        "one of two dates moved",
        (
            "Remember my exam timetable: contract law on 12 January, criminal law on 19 January.",
            "Oh, criminal law got moved to the 21st.",
        ),
        (has("contract law on 12 January", "criminal law on 21 January"), lacks("19 January")),
    ),
    Case(
        "a job that fell through",
        (
            "My partner Dev just got an offer in Vancouver so we're probably moving there in the spring.",
            "I love hiking and climbing at the weekend.",
            "Dev's job fell through on the last day, he's looking again.",
        ),
        (has("Dev's job fell through", "was: User's partner Dev just got an offer"), has("User is moving to Vancouver")),
    ),
]
