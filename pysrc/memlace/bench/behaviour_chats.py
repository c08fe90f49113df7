"""Behaviour cases found by chatting with memlace as a user would, and by reading what it kept from LoCoMo's
dev turns (2026-11-26, late): each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import (
    A,
    Case,
    count,
    dated,
    entity,
    has,
    important,
    kind,
    lacks,
    no_entity,
    packs,
    recall,
    silent,
    stored_lacks,
    unpacked,
    warns,
)

CHAT_CASES: list[Case] = [
    # found in what the offline extractor kept from LoCoMo's dev turns that no observation of theirs supported
    Case(
        "remarks with no subject",
        (
            ("Jon", "Makes me feel like maybe I should do it too!"),
            ("Jon", "Been a busy week since we talked."),
            ("Jon", "Maybe I can help out as well."),
            ("Jon", "Working together would be great!"),
            ("Jon", "Love and acceptance really can be found everywhere."),
        ),
        (silent(0), silent(1), silent(2), silent(3), silent(4)),
    ),
    Case(
        "more remarks with no subject",
        (
            ("Maria", "Gave me a real sense of peace."),
            ("Maria", "Just something nice to take my mind off things."),
            ("Maria", "Working together, we can bring positive changes to the neighborhood."),
        ),
        (silent(0), silent(1), lacks("is working together")),
    ),
    Case(
        "several people, and a day that is no day",
        (
            ("Jon", "We have each other's back through good times and bad."),
            ("Jon", "Time flies, feels like just yesterday I put this dress on."),
        ),
        (lacks("Jon has each other"), lacks("2023")),
    ),
    Case(
        "a title is no date",
        ("I love the song Yesterday by the Beatles.",),
        (has("song Yesterday"), lacks("2023")),
    ),
    Case(
        "never, in the past tense",
        (("John", "I lost my job at the engineering company last week. Never saw this coming."),),
        (has("John lost", "job"), lacks("saw this coming")),
    ),
    Case(
        "remember, then an aside",
        ("Remember that my sister's wedding is on 12 June. Rock on!", "Even though mine is small, I love my garden."),
        (has("wedding", "12 June"), lacks("Rock on"), has("loves", "garden"), lacks("Even though")),
    ),
    # from a chat about a nurse's running and meals (2026-11-26, late)
    Case(
        "a named old value swapped",
        ("I'm training for the Manchester half marathon in April.", "Actually the race is in May, not April."),
        (has("half marathon", "in May"), lacks("April"), count(1, "marathon")),
    ),
    Case(
        "an old day swapped",
        ("My dentist appointment is on Tuesday.", "Sorry, it's Thursday, not Tuesday."),
        (has("dentist appointment", "Thursday"), lacks("Tuesday"), lacks("corrected")),
    ),
    Case(
        "an intolerance after 'Oh, and'",
        ("Oh, and I'm lactose intolerant, so no paneer please.",),
        (kind("constraint", "lactose intolerant"), lacks("Oh")),
    ),
    Case(
        "a partner's diet heeded",
        ("My husband Dev is vegetarian.",),
        (kind("constraint", "Dev is vegetarian"), recall("Any ideas for dinner tonight?", "vegetarian")),
    ),
    Case(
        "an injury heeded",
        ("I have a dodgy left knee though, so I avoid downhill running.",),
        (kind("constraint", "dodgy left knee"), important("knee"), has("avoids downhill running")),
    ),
    Case(  # a guard
        "an injury forgotten",
        ("I have a dodgy left knee though, so I avoid downhill running.", "Forget that I have a dodgy knee, the physio sorted it."),
        (lacks("knee"), has("avoids downhill running")),
    ),
    Case(
        "a relative named by relation",
        ("My husband Dev is vegetarian.", "Remember that Dev's birthday is on 9 August."),
        (packs("What's a good present for my husband?", "Dev's birthday"), entity("Dev", "person"), no_entity("Dev's")),
    ),
    Case(
        "'them' is what was just named",
        ("My husband Dev is vegetarian.", "Please don't suggest recipes with mushrooms, Dev hates them."),
        (has("Dev hates mushrooms"), kind("negative", "mushrooms")),
    ),
    Case(
        "a month is not a place",
        ("I'm running the Leeds half marathon in May.", "Honestly I've been so tired lately."),
        (no_entity("May"), no_entity("Honestly"), has("half marathon", "May")),
    ),
    # from a chat with a PhD student (2026-11-26, late)
    Case(
        "an introduction in one breath",
        (
            "hey, quick context: I'm Marco, 29, a PhD student in computational biology at ETH Zurich.",
            "Actually I'm 30 now, had my birthday on Sunday.",
        ),
        (has("name is Marco"), has("30 years old"), lacks("29"), has("PhD student"), has("ETH Zurich"), entity("Marco", "person")),
    ),
    Case(
        "a supervisor with a title",
        ("My supervisor, Prof. Keller, wants a draft of chapter 2 by next Friday.",),
        (lacks("called Prof"), entity("Keller", "person")),
    ),
    Case(
        "a secret's fact is not kept",
        ("My bank PIN is 4921, don't tell anyone lol", "Ugh, my laptop died yesterday."),
        (stored_lacks("4921"), lacks("PIN"), has("laptop died"), lacks("Ugh")),
    ),
    Case(
        "nothing about someone",
        ("My girlfriend Sofia lives in Milan.", "Don't remember anything about Sofia please."),
        (lacks("Sofia"), no_entity("Sofia")),
    ),
    # from a chat with a baker (2026-11-26, late)
    Case(
        "instead of, said of someone else",
        ("We're planning to open a second shop in Braga next spring.", "Actually scrap that, Rui wants Coimbra instead of Braga."),
        (has("second shop in Coimbra"), lacks("Braga")),
    ),
    Case(
        "our, and a task that is no constraint",
        ("Our oven is a 20-year-old deck oven though.", "Anyway, I need to order flour: we go through 200kg a week."),
        (has("User's oven"), lacks("Our oven"), kind("fact", "order flour", "200kg")),
    ),
    Case(
        "an intolerance of one's own",
        ("I'm gluten intolerant myself, which is ironic for a baker haha.",),
        (kind("constraint", "gluten intolerant"), lacks("themselves")),
    ),
    # from a chat with a developer (2026-11-26, late)
    Case(
        "a date without its year",
        ("My AWS certification exam is on 3 March.", "I ran my first marathon yesterday."),
        (dated("2024-03-03", "exam"), has("marathon on Monday 13 November 2023"), lacks("yesterday")),
    ),
    Case(
        "that thing is not true anymore",
        ("Next Tuesday I have a dentist appointment at 3pm.", "That thing about the dentist is not true anymore, I moved it."),
        (lacks("dentist"),),
    ),
    Case(
        "a topic cut from a slot",
        ("I live in Ottawa with my partner Sam and our cat Miso.", "Delete what you know about my cat please."),
        (has("lives in Ottawa"), lacks("Miso"), has("partner is Sam")),
    ),
    Case(
        "a job and its employer replaced",
        (
            "I'm a backend dev at Shopify, mostly Ruby and Go.",
            "I already read it, loved it.",
            "I don't work at Shopify anymore, I joined Stripe last month.",
        ),
        (has("works at Stripe"), lacks("works at Shopify"), has("backend dev"), has("uses Ruby and Go"), silent(1)),
    ),
    # from an imported history of requests (2026-11-26, late)
    Case(
        "a fact inside a request",
        ("Make it less formal. Also mention I know SQL and Tableau.",),
        (has("User knows SQL and Tableau"), lacks("Mention")),
    ),
    Case(
        "a move still to come",
        ("I live in Bristol.", "I'm moving to Manchester in January for the Monzo job, I got it!!"),
        # (until the move, where one lives stays said with it: "lives in Bristol and is moving to Manchester")
        (has("lives in Bristol and is moving to Manchester in January"), lacks("lives in Manchester")),
    ),
    Case(
        "a bare number is no answer",
        ("I'm 30 years old.", "What's 15% of 240?", (A, "36.")),
        (recall("How old am I?", "30 years old"), unpacked("How old am I?", "36")),
    ),
    Case(  # a guard
        "part of what was done stopped",
        ("I drink coffee and green tea every day.", "I don't drink coffee anymore."),
        (has("green tea"), warns("What should I drink this morning?", "coffee")),
    ),
]
