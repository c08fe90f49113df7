"""Behaviour cases from a chat with a café owner in Valencia whose husband bakes (2026-11-28, written here in other
words): "we're now open until 4 on Saturdays" adds to "closed on Mondays, open 8 to 3 the rest of the week" and puts
no Saturday in place of the Monday (a day said with "open" is not when "closed" was); "my name is spelled Zoe" gives
the name; "Javi hurt his wrist" is kept of Javi. Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks

CAFE_CASES: list[Case] = [
    Case(
        "opening said of a day is not when it was closed",
        ("We're closed on Tuesdays, open 9 to 5 the rest of the week.", "We're now open until 6 on Fridays."),
        (has("closed on Tuesdays"), has("open until 6 on Fridays"), lacks("closed on Fridays")),
    ),
    Case(
        "a closing day moved is still moved",
        ("We're closed on Mondays.", "Actually we're closed on Wednesdays now."),
        (has("closed on Wednesdays"), lacks("Mondays")),
    ),
    Case("a name spelled out", ("my name is spelled Aine, no fada, my phone adds it",), (has("User's name is Aine"), lacks("fada"))),
    Case(
        "what befell someone named",
        ("My husband is Javi, he's the baker.", "Javi sprained his wrist so I'm doing the baking for the next two weeks."),
        (has("Javi sprained his wrist"), has("User is doing the baking")),
    ),
]
