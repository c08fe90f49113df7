"""Behaviour cases from a chat with a data engineer expecting a baby (2026-11-28, written here in other words): a
wife's diet said with "has been", "she" after her name, how long someone has lived somewhere, a manager who
"changed" with the new one named after "it's", a new manager named after a comma, "now, not …", a closing "funny
story", "our" after "my wife and I", and "too" left on a clause split from the one before; and, from chatting as a
retired nurse, a surgery moved that was named as a knee replacement, and forgetting an allotment given up; and, from
chatting as a backend developer who types in lower case, "now not 4", a stack answered with ", some kafka", and a
girlfriend's night shifts said after "she" and moved; and, from chatting as a PhD student, a supervisor changed,
said with a title, a lead-in and why; and, from chatting as a florist, a son's sport quit after his age and a
closing "ironically"; and, from reading again what a chat before this one left, a trip's place changed "instead"
after "change of plan" and a builder's quote of 21k gone up; and, from chatting as a maths teacher, opening hours
with a second verb and "my plans changed". Each failed on the code before the fix it came with, unless marked a
guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks, packs, recall

EXPECTING_CASES: list[Case] = [
    Case(
        "a wife's diet said with 'has been'",
        ("My wife Kasia is a linguist.", "Kasia has been vegan for two years."),
        (kind("constraint", "Kasia", "vegan"), packs("Can you suggest a dinner for the two of us tonight?", "vegan")),
    ),
    Case(
        "'she' after her name, with 'has been'",
        ("My sister Ola lives in Krakow.", "She has been vegetarian since 2020."),
        (kind("constraint", "Ola", "vegetarian"),),
    ),
    Case(
        "how long someone has lived somewhere",
        ("My brother Piotr is a pilot.", "Piotr has lived in Oslo for five years."),
        (has("Piotr has lived in Oslo"), recall("Where does Piotr live?", "Oslo")),
    ),
    Case(
        "a manager who changed, the new one after 'it's'",
        ("My manager is Tomasz.", "My manager changed, it's Marta now instead of Tomasz."),
        (has("manager is Marta"), lacks("Tomasz"), lacks("changed"), recall("Who is my manager?", "Marta", absent=("Tomasz",))),
    ),
    Case(
        "a supervisor changed, with a title, a lead-in and why",
        ("My supervisor is Prof. Hamilton.", "Update: my supervisor changed, it's Dr. Okafor now since Prof. Hamilton retired."),
        (
            has("supervisor is Dr. Okafor"),
            lacks("supervisor is Prof. Hamilton"),
            lacks("changed"),
            recall("Who is my supervisor?", "Okafor"),
        ),
    ),
    Case(
        "a new manager named after a comma",
        ("My manager is Tomasz.", "I have a new manager, Marta."),
        (has("manager is Marta"), lacks("manager is Tomasz"), lacks("has a new manager")),
    ),
    Case(
        "'now, not' the old one",
        ("My dentist is Dr Park.", "My dentist is Dr Ng now, not Dr Park."),
        (has("dentist is Dr Ng"), lacks("Ng now"), lacks("Park")),
    ),
    Case(
        "a closing 'funny story'",
        ("My brother Piotr is married to the maid of honour, funny story.",),
        (has("Piotr is married to the maid of honour"), lacks("funny story")),
    ),
    Case(
        "'our' after 'my wife and I'",
        ("My wife Kasia and I are expecting our first baby in March.",),
        (has("expecting their first baby"), lacks("User's first baby")),
    ),
    Case(
        "a surgery moved, named turns before by what is done",
        (
            "My knee replacement is scheduled for 12 January.",
            "My daughter Claire lives in Montreal.",
            "Hugo turned 6 last week!",
            "Correction: the surgery got moved to 19 January.",
        ),
        (has("knee replacement", "19 January"), lacks("12 January"), recall("When is my operation?", "19 January", absent=("12 January",))),
    ),
    Case(
        "forgetting what was said of a place forgets the list grown there",
        ("I grow tomatoes, courgettes and far too many herbs on my allotment.", "Forget what I said about the allotment, I gave it up."),
        (lacks("allotment"), lacks("tomatoes")),
    ),
    Case(
        "'now not' the old number, typed small",
        ("I'm running a half marathon in December, training 4 days a week.", "its 5 days a week now not 4"),
        (has("training 5 days a week"), lacks("4 days")),
    ),
    Case(
        "a stack answered with ', some …'",
        (("assistant", "What stack do you work with?"), ("user", "mostly go and postgres, some kafka")),
        (has("works with go and postgres", "kafka"),),
    ),
    Case(
        "someone's shifts, said after 'she', then moved",
        ("my girlfriend priya is a doctor, she works night shifts at the hospital", "actually priya moved to day shifts now"),
        (has("Priya works day shifts"), lacks("night shifts")),
    ),
    Case(
        "a sport quit, said after a son's age",
        ("My son Pablo is 12 and plays water polo on Tuesdays and Thursdays.", "Oh, Pablo quit water polo, he's doing basketball now."),
        (has("Pablo is 12"), lacks("water polo on"), lacks("plays Thursdays"), has("basketball")),
    ),
    Case(
        "a closing 'ironically'",
        ("I run a flower shop, and I'm allergic to lilies, ironically.",),
        (kind("constraint", "allergic to lilies"), lacks("ironically")),
    ),
    Case(
        "a trip's place changed: 'change of plan, … instead'",
        ("We're going to Krakow in May for our anniversary.", "My sister lives in Oslo.", "Change of plan, we're going to Warsaw instead."),
        (has("going to Warsaw in May"), lacks("Krakow"), lacks("Warsaw instead"), has("sister lives in Oslo")),
    ),
    Case(
        "a builder's quote in thousands, gone up",
        ("Our builder Gary quoted 21k for the kitchen.", "Gary's quote went up to 23k."),
        (has("Gary quoted 23k"), lacks("21k")),
    ),
    Case(
        "opening hours with a second verb",
        ("We open at 9 and close at 7, except Sundays.",),
        (has("opens at 9 and closes at 7"), lacks("and close at")),
    ),
    Case(
        "'my plans changed' says nothing of its own",
        ("My plans changed, I'm staying home this weekend.",),
        (has("staying home"), lacks("plans changed")),
    ),
    Case(
        "'too' on a clause split from the one before",
        ("Kasia has been vegan for two years, and I'm trying to eat less meat too.",),
        (has("trying to eat less meat"), lacks("meat too")),
    ),
]
