"""Behaviour cases from chatting as a vegetarian couple hosting a dinner (2026-11-29, session 50): "my husband Ravi and
I are vegetarian" was a plain fact, so "give me a menu plan" was not told of it; and the assistant's "The more the
merrier." filled the pack of "how many people are coming?". Each failed on the code before the fix it came with,
unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, kind, packs, unpacked

_DINNER = "we're hosting Diwali dinner for 12 people on the 1st"

DIWALI_CASES: list[Case] = [
    Case(
        "a diet of the speaker and their partner is a constraint a menu is told of",
        ("my husband Ravi and I are vegetarian, but he eats eggs and I don't", _DINNER),
        (kind("constraint", "User and User's husband Ravi are vegetarian"), packs("give me a menu plan", "vegetarian")),
    ),
    Case(
        "the assistant's 'The more the merrier.' is no answer",
        (_DINNER, (A, "Lovely!"), "oops, it's 14 people now, my cousins are coming too", (A, "The more the merrier.")),
        (unpacked("how many people are coming?", "merrier"), packs("how many people are coming?", "14 people")),
    ),
]
