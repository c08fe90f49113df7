"""Behaviour cases from a chat with a public-health masters student in Toronto who quits her weekend job, stops being
vegan and sprains an ankle (2026-11-27, written here in other words): a job quit ends the job though the memory
said when it was ("…, mostly Saturdays"), what one does not eat and "fish but no meat" are heeded at a meal, an
injury to a knee or an ankle is heeded by a workout, a day of the month alone moves the date it corrects, and "U
of T" is a name, not "you". Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks, packs, recall

MASTERS_CASES: list[Case] = [
    Case(
        "a job quit, said with when it was",
        ("I work at a garden centre on the ring road, mostly Saturdays.", "I quit the garden centre, I'm doing deliveries now instead."),
        (lacks("works at a garden centre"), has("quit the garden centre")),
    ),
    Case(
        "a food never eaten, heeded at dinner",
        ("I don't eat honey or gelatine.", "I live in Bristol."),
        (packs("Give me a dinner idea", "honey"),),
    ),
    Case(
        "fish but no meat",
        ("I eat fish but no meat.", "I'm a nurse."),
        (kind("constraint", "no meat"), packs("Give me a dinner idea", "no meat")),
    ),
    Case(
        "an injury heeded by a workout",
        ("I twisted my knee playing football on Sunday.", "I work from home."),
        (kind("constraint", "knee"), packs("Can you make me a workout plan?", "knee")),
    ),
    Case(
        "a day of the month alone",
        ("Our anniversary is on June 3.", "Sorry, our anniversary is the 5th, not the 3rd."),
        (has("June 5"), lacks("June 3"), recall("When is our anniversary?", "June 5")),
    ),
    Case(
        "a university by its letters",
        ("I'm doing a PhD in chemistry at U of T.",),
        (has("PhD in chemistry at U of T"),),
    ),
]
