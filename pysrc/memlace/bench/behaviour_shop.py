"""Behaviour cases from a chat with a bike mechanic who runs a shop with his partner (2026-11-27, written here in
other words): "make that 60 guests" puts the new number where the guests were counted (not into another number
said since), an apprentice who quit is no longer the apprentice, and "the shop" of a question is the one the
user runs. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, count, has, lacks, packs

SHOP_CASES: list[Case] = [
    Case(
        "'make that' a new number",
        (
            "We're thinking of a small wedding in June, maybe 40 guests.",
            "I'm trying to cut down on coffee, max 2 cups a day.",
            "Actually make that 60 guests, Sven's family is huge.",
        ),
        (has("maybe 60 guests"), lacks("40 guests"), has("max 2 cups a day")),
    ),
    Case(
        "an apprentice who quit",
        ("Our apprentice Jonas starts on Monday.", "Jonas quit, he went back to school."),
        (has("Jonas quit", "was: User's apprentice Jonas"), count(1, "apprentice")),
    ),
    Case(
        "the shop of a question is the user's",
        ("I run a small bike repair shop in Utrecht with my partner Sven.",),
        (packs("Who works at the shop?", "bike repair shop"),),
    ),
]
