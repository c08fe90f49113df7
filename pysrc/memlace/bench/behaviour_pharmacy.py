"""Behaviour cases from chatting as a pharmacy student with ADHD (2026-11-29, session 50): "mostly fantasy, Brandon
Sanderson is my favourite" to "What do you like to read?" was kept as "Mostly fantasy, Brandon Sanderson is User's
favourite", so "what should I read next?" got nothing; "yes please, but I can't study after 9pm" was "Please, User
can't study after 9pm"; "forget the bookshop thing, I quit last week" kept "User quit in the week of …"; the
assistant's "Great choice!" and "Done." filled packs; and "what should we cook on Sunday?", asked on a Sunday, lifted
everything said that day. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, lacks, packs, unpacked

PHARMACY_CASES: list[Case] = [
    Case(
        "what one likes to read, answered in a word, with a favourite after it",
        ((A, "Nice! What do you like to read?"), "mostly fantasy, Brandon Sanderson is my favourite"),
        (
            has("User mostly likes to read fantasy"),
            has("Brandon Sanderson is User's favourite"),
            packs("what should I read next?", "fantasy"),
        ),
    ),
    Case(
        "what one likes to do at weekends, answered in a word",
        ((A, "What do you like to do at weekends?"), "hiking mostly"),
        (has("User likes hiking at weekends"),),
    ),
    Case(
        "'yes please, but' opens a constraint and is no part of it",
        ((A, "Good luck! Want a revision plan?"), "yes please, but I can't study after 9pm, my meds wear off"),
        (has("User can't study after 9pm"), lacks("please")),
    ),
    Case(
        "a reason that does not say what was quit is no memory",
        ("I work weekends at a bookshop in the Northern Quarter", (A, "Nice!"), "forget the bookshop thing, I quit last week"),
        (lacks("bookshop"), lacks("quit")),
    ),
    Case(
        "guard: what was quit, said, is kept",
        ("I quit smoking last week",),
        (has("User quit smoking"),),
    ),
    Case(
        "the assistant's acknowledgements are no answers",
        (
            (A, "What do you like to read?"),
            "mostly fantasy",
            (A, "Great choice!"),
            "my pharmacology exam is on the 14th of January",
            (A, "Done."),
            "I can't study after 9pm",
            (A, "Noted."),
        ),
        (unpacked("can you suggest a revision plan for my exam?", "Done"), unpacked("what fantasy books should I read?", "Great choice")),
    ),
]
