"""Behaviour cases from chatting as a contractor in Berlin with a toddler (2026-11-29, session 50): "sorry, Theo goes
Monday to Wednesday now, we cut a day" left "… goes to Kita Mondays to Thursdays" in place and kept "User cut a day";
"I'm Sam, contractor doing mostly React work, living in Berlin since 2021" was "User is contractor doing … since
2021" (no article, and where one lives not a fact of its own); "so I do most of the mornings" was lost; and the
assistant's "That's a lot to juggle." filled a pack. Each failed on the code before the fix it came with, unless
marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, lacks, unpacked

_THEO = "my son Theo is 2 and goes to Kita Mondays to Thursdays"

BERLIN_CASES: list[Case] = [
    Case(
        "a span of days corrected for a person named: the span is put in place, and the reason says nothing",
        (_THEO, (A, "Got it."), "sorry, Theo goes Monday to Wednesday now, we cut a day"),
        (has("Theo is 2 and goes to Kita Monday to Wednesday"), lacks("Thursdays"), lacks("cut a day")),
    ),
    Case(
        "guard: a day corrected, said alone",
        ("My book club meets on Wednesdays.", "Actually it's Thursdays now."),
        (has("book club meets on Thursdays"), lacks("Wednesdays")),
    ),
    Case(
        "a job said without its article, and where one has lived since, each a fact",
        ("hey, quick context: I'm Sam, contractor doing mostly React work, living in Berlin since 2021",),
        (
            has("User's name is Sam"),
            has("User works as a contractor"),
            has("User has been living in Berlin since 2021"),
            lacks("is contractor"),
        ),
    ),
    Case(
        "a share of the household's days is kept",
        ("my partner Lena works nights as a nurse at Charité so I do most of the mornings",),
        (has("User does most of the mornings"), has("User's partner Lena works nights as a nurse")),
    ),
    Case(
        "the assistant's 'That's a lot to juggle.' is no answer",
        (_THEO, (A, "That's a lot to juggle."), "my partner Lena works nights as a nurse"),
        (unpacked("who looks after Theo in the mornings?", "juggle"),),
    ),
]
