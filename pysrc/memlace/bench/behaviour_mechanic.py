"""Behaviour cases from chatting as the owner of a bike repair shop, a PhD student, a night-shift nurse and a teacher
planning her son's party (2026-11-29): a mechanic's quitting denied ("Actually, Owen didn't quit, he's on paternity leave") and a sale that
fell through ("I didn't sell the van after all") left the event as fact; "forget that I'm allergic to latex, that was
my brother Cian" forgot nothing; "forget that I play the piano" of "User plays the piano and the guitar" took the
guitar with it; "my partner Tomas is a sailor, he's away till December" lost when he is back; "I'm not a fan of tofu"
was a plain fact (so not sent when dinner is asked about) and "I'm not really into jazz" nothing at all; "He loves
dinosaurs" after "my son Arjun" and "my husband" was the husband's; "Saturday the 14th" answering "When is the
party?" was lost. Each failed
on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, erased, has, kind, lacks, packs, recall

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
    Case(
        "who told of an event is no denial of it (guard)",
        ("My supervisor Ingrid told me my second paper got accepted!", "Actually Ingrid didn't tell me, it was the editor who emailed."),
        (has("second paper got accepted"),),
    ),
    Case(
        "someone away until a month",
        ("My partner Tomas is a sailor, he's away till December.",),
        (has("Tomas is away till December"), packs("When is Tomas back?", "away till December")),
    ),
    Case(
        "a dislike said as 'not a fan', 'not really into', 'not my thing'",
        ("Nah, I'm not a fan of tofu.", "I'm not really into horror films.", "Jazz isn't really my thing."),
        (
            kind("preference", "not a fan of tofu"),
            kind("preference", "horror films"),
            kind("preference", "Jazz"),
            packs("What should I cook tonight?", "tofu"),
        ),
    ),
    Case(
        "'he' with a son and a husband said is neither",
        (
            "My son Arjun (7) has a nut allergy.",
            ("assistant", "How many kids are coming to the party?"),
            "25 now, my husband invited his whole class lol",
            "He loves dinosaurs and space.",
        ),
        (lacks("husband loves"),),
    ),
    Case(
        "a day given as the answer to 'When is …?'",
        (("assistant", "When is the party?"), "Saturday the 14th.", ("assistant", "When is your dentist appointment?"), "next Tuesday"),
        (has("party is on Saturday 14"), has("dentist appointment is on Tuesday 21 November 2023")),
    ),
]
