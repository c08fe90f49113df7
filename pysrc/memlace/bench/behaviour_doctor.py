"""Behaviour cases from a chat with a junior doctor who moves city and drops a hobby (2026-11-28, written here in
other words): "we've been together 5 years" after "my partner Chris …" is the speaker and Chris; "I practise 20
minutes a day" after "I'm learning the guitar" says what is practised; "I gave up on the guitar" ends both; and
"forget everything about the guitar" forgets the versions it replaced too. Each failed on the code before the fix
it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, erased, has, lacks

DOCTOR_CASES: list[Case] = [
    Case(
        "'we' after a partner named",
        ("My girlfriend Ines is a physio, we've been together since 2019.",),
        (has("User and Ines have been together since 2019"), lacks("and others")),
    ),
    Case(
        "practised what",
        ("I'm learning the cello, I practise about half an hour a day.",),
        (has("User practises the cello about half an hour a day"),),
    ),
    Case(
        "a hobby given up ends all it was",
        ("I'm learning the cello, I practise about half an hour a day.", "I gave up on the cello, no time with the new job."),
        (lacks("is learning the cello"), lacks("practises the cello"), has("gave up on the cello")),
    ),
    Case(
        "everything about it, earlier versions too",
        (
            "I'm learning the cello, I practise about half an hour a day.",
            "I gave up on the cello, no time with the new job.",
            "Forget everything about the cello.",
        ),
        (erased("cello"),),
    ),
]
