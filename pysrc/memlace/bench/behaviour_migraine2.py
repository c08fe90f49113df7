"""Behaviour cases from chatting as a mum with migraines (2026-11-29): "I'm Priya. 41, living in Bristol …" became
"User is a living in Bristol …"; "I'm allergic to sulfa drugs, please remember that" kept "please remember that" in
the fact; "Please remember that." alone made a memory "That"; "Dev's turning 45 on 3 March" was lost; a forget request
after another sentence ("He already has a Garmin. Forget that he likes cycling actually, that's my brother Raj.") was
kept as a fact that began "Forget that"; "my GP put me on propranolol" was a fact about the GP; "How old are the
boys?" got nothing, and "Can I take Bactrim for a UTI?" was not told of the sulfa allergy. Each failed on the code
before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs, silent

MIGRAINE2_CASES: list[Case] = [
    Case(
        "an age, then where one lives, after the name: no article before a doing",
        ("hi there, I'm Priya. 41, living in Bristol with my husband Dev.",),
        (has("User lives in Bristol"), has("User is 41"), lacks("a living")),
    ),
    Case(
        "'please remember that' after a fact keeps the fact, as asked, without the request",
        ("a bit yeah. Also I'm allergic to sulfa drugs, please remember that.",),
        (has("User is allergic to sulfa drugs"), lacks("please remember")),
    ),
    Case(
        "'Please remember that.' alone names nothing of its own",
        ("I'm allergic to latex.", "Please remember that."),
        (silent(1), has("User is allergic to latex")),
    ),
    Case(
        "guard: 'I hope you remember that' asks nothing to be kept",
        ("I hope you remember that",),
        (silent(0),),
    ),
    Case(
        "'Dev's turning 45' is 'Dev is turning 45'",
        ("My husband is Dev.", "Dev's turning 45 on 3 March, I want to plan something small."),
        (has("Dev is turning 45"),),
    ),
    Case(
        "a forget request after another sentence is a forget request, and whose it was is kept",
        ("My husband is Dev.", "He already has a Garmin. Forget that he likes cycling actually, that's my brother Raj."),
        (has("User's brother Raj likes cycling"), lacks("Forget that")),
    ),
    Case(
        "a forget request after a thank-you forgets what it names",
        ("I play the piano and the guitar.", "Thanks for the tips. Please forget that I play the piano."),
        (lacks("piano"), has("User plays the guitar")),
    ),
    Case(
        "'my GP put me on propranolol' is what the speaker is on",
        ("I've been getting migraines a lot lately, my GP put me on propranolol 40mg twice a day.",),
        (has("User is on propranolol 40mg twice a day"), lacks("GP put")),
    ),
    Case(
        "'the boys' are the sons the speaker named",
        ("We have two boys, Arun (9) and Kiran (5).",),
        (packs("How old are the boys?", "Arun is 9"), packs("How old are the boys?", "Kiran is 5")),
    ),
    Case(
        "a question about taking a medicine is told of an allergy to a medicine",
        ("I'm allergic to sulfa drugs.", "We're going to Crete in June."),
        (packs("Can I take Bactrim for a UTI?", "sulfa"),),
    ),
]
