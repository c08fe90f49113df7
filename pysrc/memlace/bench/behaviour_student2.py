"""Behaviour cases from a chat with a chemistry student from Valencia (2026-11-28, written here in other words):
"actually finals start on the 5th" (a plural thing with a plural verb, no "my") moves the day; "I don't drink" is
a rule to heed, on a night out too; "…, so vegetarian now" is the new diet; "Ana's a physio" is "Ana is"; "I have a cat" or "a sister"
is worth keeping though it has one content word. Each failed on the code before the fix it came with, unless
marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks, packs

STUDENT2_CASES: list[Case] = [
    Case(
        "a plural thing's day corrected",
        (
            "My finals start on the 3rd of June.",
            "I share a flat with two friends.",
            "I'm into bouldering.",
            "I work weekends at a bakery.",
            "actually finals start on the 5th",
        ),
        (has("finals start on the 5th of June"), lacks("3rd of June")),
    ),
    Case(
        "not drinking is a rule, heeded on a night out",
        ("I'm a student and I don't drink.",),
        (kind("constraint", "doesn't drink"), packs("Any ideas for a night out with my mates?", "doesn't drink")),
    ),
    Case(
        "a diet said after 'so'",
        ("I'm vegan.", "I've started eating eggs again, so vegetarian now"),
        (has("User is vegetarian"), lacks("User is vegan")),
    ),
    Case("'s as 'is' before a job", ("My girlfriend is Ana.", "Ana's a physio."), (has("Ana is a physio"),)),
    Case("a pet in three words", ("I have a cat.",), (has("User has a cat"),)),
]
