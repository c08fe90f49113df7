"""Behaviour cases from reading the memories of LoCoMo's dev split that match no observation (2026-11-30; the turns
written here in other words): a maxim said with "we" and "ourselves" ("Making time for ourselves and our families
matters") read as the speaker's own doing, "We need to push ourselves" made "User needs to push ourselves", a
sentence that drops its "I" before a negation ("Don't think I'm helping much") kept with a subject that is no
subject, and what "it" or "they" did for the speaker ("It means so much to me", "They were lovely, their hugs
warmed my heart") kept though what "it" is was said before; and, from chatting after that change, "it" left
unnamed when the clause before named it ("My knee has been sore, so I'm resting it this week"). Each failed on the
code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, silent

MAXIM_CASES: list[Case] = [
    Case(
        "a maxim with 'ourselves' is nobody's fact",
        (
            ("Rosa", "Yeah. Making time for ourselves and our families is so important."),
            ("Rosa", "Looking after ourselves and checking in on our friends is key."),
        ),
        (silent(0), silent(1), lacks("ourselves")),
    ),
    Case(
        "'we need to push ourselves' is said of everyone",
        (("Rosa", "We need to push ourselves out of our comfort zones to grow."),),
        (silent(0),),
    ),
    Case(
        "what the speaker does with family is still theirs (guard)",
        (("Rosa", "Cooking with my kids and my mum is my favourite part of Sunday."),),
        (has("Rosa", "Cooking with Rosa's kids"),),
    ),
    Case(
        "a dropped 'I' before a negation is the speaker's",
        (
            ("Theo", "Don't think I'm making any difference at the clinic, which has me doubting my choices."),
            ("Theo", "Haven't slept properly in weeks."),
        ),
        (has("Theo doesn't think Theo is making any difference at the clinic"), has("Theo hasn't slept properly in weeks"), lacks("Don't")),
    ),
    Case(
        "'don't' giving advice is no fact (guard)",
        (("Theo", "Don't worry about it, these things take time."),),
        (silent(0),),
    ),
    Case(
        "what 'it' meant to the speaker is no fact",
        (
            ("Rosa", "They were lovely, their hugs warmed my heart."),
            ("Theo", "It means a lot to me."),
        ),
        (silent(0), silent(1)),
    ),
    Case(
        "what a named thing means to the speaker is kept (guard)",
        (("Theo", "My grandfather's watch means so much to me."),),
        (has("grandfather's watch means so much to Theo"),),
    ),
    Case(
        "'it' is the thing the clause before opened with",
        (
            "My knee has been sore after running, so I'm resting it this week.",
            "My car broke down again, I'm selling it next month.",
        ),
        (has("User is resting User's knee"), has("User is selling User's car"), lacks("resting it"), lacks("selling it")),
    ),
    Case(
        "'it' is never a person said before (guard)",
        ("My son is ill, I'm keeping it quiet at work.",),
        (
            lacks("keeping User's son"),
            lacks("keeping the son"),
        ),
    ),
]
