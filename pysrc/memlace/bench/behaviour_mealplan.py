"""Behaviour cases from chatting as a father planning a week of meals (2026-11-29): "my daughter Lina (she's 6) won't
eat anything spicy" kept "(she's 6)" in the text, so "Actually Lina is 7 now" left the old age beside the new; what
Lina won't eat was no constraint of hers; and "she's pregnant so no raw fish or soft cheese for her" lost what not to
suggest. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks, packs

_LINA = "I need to plan meals for the week. My daughter Lina (she's 6) won't eat anything spicy."

MEALPLAN_CASES: list[Case] = [
    Case(
        "an age in brackets, said as '(she's 6)', is a fact of its own",
        (_LINA,),
        (has("User's daughter Lina won't eat anything spicy"), has("Lina is 6"), lacks("she's 6")),
    ),
    Case(
        "the age in brackets is replaced by the age told later",
        (_LINA, "Actually Lina is 7 now, her birthday was last week."),
        (has("Lina is 7"), lacks("Lina is 6"), lacks("she's 6")),
    ),
    Case(
        "what a daughter won't eat, said beside her name, is her constraint",
        (_LINA,),
        (kind("constraint", "Lina won't eat anything spicy"),),
    ),
    Case(
        "'so no raw fish or soft cheese for her' is not to suggest them for the one named",
        ("My wife Sara loves Thai food but she's pregnant so no raw fish or soft cheese for her.",),
        (
            has("don't suggest raw fish or soft cheese for Sara"),
            packs("Can you suggest a sushi place for dinner with my wife?", "raw fish", "Sara"),
        ),
    ),
    Case(
        "guard: 'no onions please' is still the speaker's own rule",
        ("I'm cooking for four tonight, no onions please",),
        (has("don't suggest onions"), lacks("for Sara")),
    ),
]
