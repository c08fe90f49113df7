"""Behaviour cases from a chat with a father in Osaka who is learning English (2026-11-28, written here in other
words): "…, my English is not so good, please use simple words" keeps the request as a standing rule; "I made
mistake, the baby will come in March" corrects the month (no article before "mistake", "will" after the thing);
"Ren start elementary school next April" (no -s) and "Ren is 4 years" (no "old") are news of Ren; "…, my wife
Aoi and our son Riku, he is 7 years" is Riku's age, the one named right before. Each failed on
the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks

LEARNER_CASES: list[Case] = [
    Case(
        "a request after a comma, in simple words",
        ("I work for a shipping company, my English is not so good, please use simple words",),
        (has("User asks: use simple words"),),
    ),
    Case(
        "a mistake owned without an article",
        ("My wife is pregnant, the baby will come in October.", "Sorry, I made mistake, the baby will come in November"),
        (has("wife is pregnant, the baby will come in November"), lacks("October"), lacks("mistake")),
    ),
    Case(
        "a pronoun right after the last of two names",
        ("Hello, I am Daichi, I live in Kobe with my wife Aoi and our son Riku, he is 7 years.",),
        (has("Riku is 7"), lacks("Aoi is 7")),
    ),
    Case(
        "a child's news in a learner's words",
        ("We have one son, his name is Ren.", "Ren start elementary school next April", "Ren is 4 years."),
        (has("Ren start elementary school"), has("Ren is 4")),
    ),
]
