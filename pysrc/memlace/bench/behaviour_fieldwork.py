"""Behaviour cases from a chat with a marine biology PhD student who lives with her boyfriend and their dog (2026-11-28,
written here in other words): what one works on, said after what one is ("…, working on seagrass restoration"), is
kept with all that was said of the role; "forget that I have a dog" takes the dog out of "lives with … and … dog …"
and keeps the rest; two people said together ("my sister Ann and my brother Tom both live in Cork") stay one subject.
Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks

FIELDWORK_CASES: list[Case] = [
    Case(
        "what one works on, said after what one is",
        ("I'm a first-year PhD student in ecology at the University of Exeter, working on hedgerow insects.",),
        (has("PhD student in ecology at the University of Exeter"), has("working on hedgerow insects")),
    ),
    Case(
        "forgetting one of two one lives with",
        ("I live with my girlfriend Ines and our cat Miso in a flat near the docks.", "Forget that I have a cat."),
        (has("lives with User's girlfriend Ines in a flat near the docks"), lacks("Miso")),
    ),
    Case(
        "two people said together",
        ("My sister Ann and my brother Tom both live in Cork.",),
        (has("sister Ann and User's brother Tom both live in Cork"),),
    ),
]
