"""Behaviour cases from a chat with a retired pharmacist who knits for her grandchildren (2026-11-27, written here
in other words): a dose doubled and said as "now it's", a medicine given up that leaves the list it was in, a
grandchild who changed her mind about a colour, a check-up a doctor moved, a daughter's children by name, and a
quiz question whose mountain is no one memory knows. Each failed on the code before the fix it came with, unless
marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, dated, has, lacks, no_entity, unpacked

KNITTER_CASES: list[Case] = [
    Case(
        "a dose doubled, 'so now it's'",
        ("I take metformin 500mg twice a day.", "The doctor doubled my metformin, so now it's 1000mg twice a day."),
        (has("metformin 1000mg twice a day"), lacks("500mg")),
    ),
    Case(
        "a medicine given up leaves the list",
        (
            "I take metformin 500mg twice a day and a statin in the evening.",
            "I've given up the statin, the doctor said my cholesterol is fine now.",
        ),
        (has("takes metformin 500mg twice a day"), lacks("takes", "statin in the evening")),
    ),
    Case(
        "a grandchild changed her mind",
        ("My granddaughter Lucía loves purple.", "Lucía has changed her mind, now she wants yellow."),
        (has("Lucía", "yellow"), lacks("purple")),
    ),
    Case(
        "a check-up the doctor moved",
        ("My doctor moved my check-up to the 14th of January, it was on the 7th.",),
        (dated("2024-01-14", "check-up"),),
    ),
    Case(
        "a daughter's children by name",
        ("My daughter is called Carmen.", "Carmen's twins, Pablo and Lucía, turn 6 in March."),
        (has("Carmen's twins, Pablo and Lucía"),),
    ),
    Case(
        "a quiz question names no one",
        ("I'm Inés, I live in Bristol.", "Who was the first person to climb Everest?", "Who was the first person to climb Everest?"),
        (no_entity("Everest"), unpacked("Who was the first person to climb Everest?", "Bristol")),
    ),
]
