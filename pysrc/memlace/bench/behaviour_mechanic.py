"""Behaviour cases from chatting as the owner of a bike repair shop (2026-11-29): a mechanic's quitting denied
("Actually, Owen didn't quit, he's on paternity leave") and a sale that fell through ("I didn't sell the van after
all") left the event as fact; "forget that I'm allergic to latex, that was my brother Cian" forgot nothing; and
"forget that I play the piano" of "User plays the piano and the guitar" took the guitar with it. Each failed on the
code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, erased, has, kind, lacks, recall

MECHANIC_CASES: list[Case] = [
    Case(
        "an event denied as a correction ends",
        ("My mechanic Owen quit last week.", "Actually, Owen didn't quit, he's on paternity leave until March."),
        (lacks("Owen quit"), has("Owen didn't quit"), has("paternity leave until March")),
    ),
    Case(
        "a sale that fell through 'after all'",
        ("I sold my van last month.", "I didn't sell the van after all, the buyer pulled out."),
        (lacks("sold"), has("didn't sell the van"), recall("Do I still have the van?", "didn't sell")),
    ),
    Case(
        "a denial of today is no correction of Monday (guard)",
        ("I went to the gym on Monday.", "I didn't go to the gym today."),
        (has("went to the gym"),),
    ),
    Case(
        "forget what was someone else's, and keep it as theirs",
        ("I'm allergic to latex so I use nitrile gloves.", "Please forget that I'm allergic to latex, that was my brother Cian."),
        (lacks("User is allergic"), kind("constraint", "Cian", "allergic to latex"), has("nitrile gloves")),
    ),
    Case(
        "forget one of two things said together",
        ("I play the piano and the guitar.", "Forget that I play the piano."),
        (has("User plays the guitar"), lacks("piano"), erased("piano and the guitar")),
    ),
]
