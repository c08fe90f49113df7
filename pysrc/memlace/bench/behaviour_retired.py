"""Behaviour cases from chatting as a retired postman planning a trip with his wife (2026-11-29, session 50): "The wife
and I are planning a trip" was "User and The wife are planning …"; "Carol has a bad hip" (Carol not named before) and
"neither of us likes spicy food" were lost; "Forget that Leo's coming, his mum said no" forgot nothing; "Who's coming
on the trip?" got no pack; and "Can you plan a day in Lisbon for us?" was not told of the hip. Each failed on the code
before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, kind, lacks, packs, unpacked

_TRIP = "The wife and I are planning a trip to Portugal in May. Carol has a bad hip so not too much walking"

RETIRED_CASES: list[Case] = [
    Case(
        "'the wife' is the speaker's wife; a bad hip of someone named for the first time is their constraint",
        (_TRIP,),
        (has("User and User's wife are planning a trip to Portugal"), has("Carol has a bad hip"), kind("constraint", "bad hip")),
    ),
    Case(
        "'neither of us likes' is the speaker's dislike too",
        ("I'm type 2 diabetic, on metformin. And neither of us likes spicy food",),
        (has("User doesn't like spicy food"), has("User is type 2 diabetic")),
    ),
    Case(
        "a forget request with its reason after a comma forgets what it names, and nothing else",
        (
            "Our grandson Leo is coming with us, he's 12 and mad about football",
            (A, "He'll love Lisbon."),
            "Forget that Leo's coming, his mum said no",
        ),
        (lacks("coming"), has("Leo is 12")),
    ),
    Case(
        "'the trip' is the trip memory holds, in a short chat too",
        (_TRIP, (A, "Lovely."), "We've moved the trip to June, cheaper flights"),
        (packs("Who's coming on the trip?", "trip to Portugal in June"),),
    ),
    Case(
        "a day out is told of a bad hip; a day at work is not",
        (_TRIP,),
        (packs("Can you plan a day in Lisbon for us?", "bad hip"), unpacked("Plan my day at work tomorrow", "bad hip")),
    ),
]
