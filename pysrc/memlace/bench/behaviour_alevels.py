"""Behaviour cases from a chat with a sixteen-year-old doing A-levels who gets anxious before exams (2026-11-28, written
here in other words): "Want to do medicine at uni." says what she wants with no "I"; "I'm not sure about medicine
anymore, maybe nursing" ends that plan, never passed over as a passing "not sure"; "dropped chem, doing psychology
instead" puts psychology where chemistry was listed; "yes please, but nothing with breathing exercises, they make it
worse" is a standing request, with its reason. Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks

ALEVEL_CASES: list[Case] = [
    Case("a wish said without 'I'", ("Want to study architecture at uni.",), (has("User wants to study architecture at uni"),)),
    Case(
        "no longer sure of a plan ends it",
        ("Want to study architecture at uni.", "actually I'm not sure about architecture anymore, maybe engineering"),
        (has("not sure about architecture anymore, maybe engineering"), lacks("wants to study architecture")),
    ),
    Case(
        "a subject dropped for another",
        ("I'm doing A-levels in physics, history and maths.", "oh I dropped history, doing economics instead now"),
        (has("A-levels in physics, economics and maths"), lacks("physics, history")),
    ),
    Case(
        "'yes please, but nothing with …' is a standing request",
        ("yes please, but nothing with cold showers, they make my asthma worse",),
        (kind("negative", "cold showers", "asthma worse"),),
    ),
]
