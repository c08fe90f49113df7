"""Behaviour cases from chatting as a freelance translator (2026-11-29, session 50): "I've raised my rate to 0.12 per
word from January" left "User charges 0.10 per word" current beside it (a price per word was no price of a kind).
Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, lacks, recall

TRANSLATOR_CASES: list[Case] = [
    Case(
        "a rate per word raised replaces the rate",
        (
            "mostly legal and medical docs. I charge 0.10 per word",
            (A, "Good to know."),
            "I've raised my rate to 0.12 per word from January",
        ),
        (has("User charges 0.12 per word"), lacks("0.10"), recall("what's my rate?", "0.12 per word")),
    ),
    Case(
        "guard: a rate an hour raised",
        ("I charge 60 pounds an hour", "I raised my rate to 75 an hour"),
        (has("User charges 75 pounds an hour"), lacks("60 pounds")),
    ),
]
