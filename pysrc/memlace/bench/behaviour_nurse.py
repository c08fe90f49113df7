"""Behaviour cases from a chat with a nurse planning her wedding, with two dogs (2026-11-28, written here in other
words): an adverb such as "ever" is no verb to conjugate; a question about the speaker whose one word a memory says
gets that memory though MiniLM puts them apart; "the wedding is now in September" moves the date of "getting
married", with a reason after it; a place chosen "instead of" another goes where the old one was said, keeping the
rest of that fact; a fact told with "instead of" and nothing before it is kept as said. Each failed on the code
before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs

NURSE_CASES: list[Case] = [
    Case(
        "an adverb is no verb",
        ("Please don't bring up my old flatmate Ruairi if I ever talk about college.",),
        (has("if User ever talks about college"), lacks("evers")),
    ),
    Case(
        "a question whose one word a memory says",
        ("I've started learning Portuguese on Babbel, day 25 today!",),
        (packs("What am I learning?", "Portuguese"),),
    ),
    Case(
        "a wedding moved, said as a marriage",
        (
            "We're getting married next June, my fiancée Saoirse and I.",
            "Quick update: the wedding is now in July, the hotel in Sligo was full in June.",
        ),
        (has("married next July"), lacks("next June")),
    ),
    Case(
        "a place chosen instead of another",
        ("We're hoping for a small ceremony in Donegal in the spring.", "Actually we've settled on Wicklow instead of Donegal."),
        (has("small ceremony in Wicklow in the spring"), lacks("Donegal")),
    ),
    Case(  # a guard: with nothing said before, "instead of" is a fact as told
        "instead of, with nothing before it",
        ("I'm meeting Fionn for coffee instead of Niamh on Thursday.",),
        (has("Fionn", "instead of Niamh"),),
    ),
]
