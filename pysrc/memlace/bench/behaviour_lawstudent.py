"""Behaviour cases from chatting as a final-year law student (2026-11-29): "My girlfriend Jess and I broke up last
week" kept "User's girlfriend is Jess" as current beside the break-up; "EU law, evidence and jurisprudence" to "Which
modules are you revising?" made nothing (a list was no short reply); and the assistant's "I'm sorry, that sounds
hard." came back in the pack for a revision timetable. Each failed on the code before the fix it came with, unless
marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, lacks, unpacked

LAWSTUDENT_CASES: list[Case] = [
    Case(
        "'My girlfriend Jess and I broke up' leaves no girlfriend Jess",
        ("My girlfriend Jess and I broke up last week, so that's been rough",),
        (lacks("User's girlfriend is Jess"), has("Jess broke up")),
    ),
    Case(
        "guard: 'My girlfriend Jess and I went to Paris' names the girlfriend",
        ("My girlfriend Jess and I went to Paris",),
        (has("User's girlfriend is Jess"),),
    ),
    Case(
        "a list to 'Which modules are you revising?' is what is revised",
        ((A, "Sure! Which modules are you revising?"), "EU law, evidence and jurisprudence"),
        (has("User is revising EU law, evidence and jurisprudence"),),
    ),
    Case(
        "the assistant's 'I'm sorry, that sounds hard.' is never in a pack",
        (
            "exams start on 20 May and I'm also applying for training contracts, it's a lot",
            (A, "I'm sorry, that sounds hard."),
            "I do my best revision after 10pm",
        ),
        (unpacked("Make me a revision timetable for the next two weeks, it's hard to fit it all in", "sounds hard"),),
    ),
]
