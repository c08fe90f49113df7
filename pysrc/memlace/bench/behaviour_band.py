"""Behaviour cases from chatting as a piano teacher who plays in a band (2026-11-29, session 50): "around 25 at the
moment" to "How many students?" kept nothing; "don't forget that I have tinnitus …, loud rooms are a no" was a plain
fact, so "can you suggest a venue for a small acoustic set?" was not told of it; "make a note: the Fleece gig is
actually March 15th" left the gig on March 8th beside it; "scratch what I said about Marco" was kept as a fact; and
"that's not true anymore about the 25 students, it's more like 30 now" made the cat said of last 30 years old. Each
failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, kind, lacks, packs

_STUDENTS = ((A, "Lovely! How many students?"), "around 25 at the moment")
_GIG = "my band The Low Tides has a gig at the Fleece on March 8th"

BAND_CASES: list[Case] = [
    Case(
        "how many, asked in two words, answered with a number",
        _STUDENTS,
        (has("User has around 25 students at the moment"),),
    ),
    Case(
        "tinnitus is a health condition, and a venue or a night out must be told of it",
        ("don't forget that I have tinnitus in my left ear, loud rooms are a no",),
        (
            kind("constraint", "tinnitus"),
            packs("can you suggest a venue for a small acoustic set?", "tinnitus"),
            packs("any ideas for a night out with friends?", "tinnitus"),
        ),
    ),
    Case(
        "'is actually' with a date corrects the date, asked to be noted or not",
        (_GIG, (A, "Exciting!"), "make a note: the Fleece gig is actually March 15th"),
        (has("gig at the Fleece on March 15th"), lacks("March 8th")),
    ),
    Case(
        "'is actually' said plainly",
        (_GIG, (A, "Exciting!"), "the Fleece gig is actually March 15th"),
        (has("gig at the Fleece on March 15th"), lacks("March 8th")),
    ),
    Case(
        "'scratch what I said about' someone forgets what was said of them",
        ("my ex Marco still owes me 400 quid lol", (A, "Oof."), "scratch what I said about Marco"),
        (lacks("Marco"), lacks("Scratch")),
    ),
    Case(
        "which value is wrong, then the new one: the fact that says the old value is corrected, not the one said last",
        (
            *_STUDENTS,
            "my cat Pickle is 14 and on thyroid meds",
            (A, "Aw."),
            "that's not true anymore about the 25 students, it's more like 30 now",
        ),
        (has("User has around 30 students"), has("Pickle is 14"), lacks("25 students"), lacks("Pickle is 30")),
    ),
]
