"""Behaviour cases from pasting a list of facts about oneself (2026-11-29, session 50): "quick facts about me:" then
"- 34, live in Dublin", "- work as a UX designer at Stripe", "- vegetarian (no fish either)", "- partner: Aoife,
she's a vet", "- allergic to cats" kept only "Quick facts about User" and "Aoife is a vet": every line without its
"I" was lost, the cat allergy and the diet too. Each failed on the code before the fix it came with, unless marked a
guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, kind, lacks, packs, silent

_FACTS = """quick facts about me:
- 34, live in Dublin
- work as a UX designer at Stripe
- vegetarian (no fish either)
- partner: Aoife, she's a vet
- allergic to cats 😿"""

LIST_CASES: list[Case] = [
    Case(
        "each line of a list about oneself is the speaker's, and the heading says nothing",
        (_FACTS,),
        (
            has("User is 34"),
            has("User lives in Dublin"),
            has("User works as a UX designer"),
            kind("constraint", "User is vegetarian"),
            has("User's partner is Aoife"),
            kind("constraint", "User is allergic to cats"),
            lacks("facts"),
        ),
    ),
    Case(
        "what a list told is heeded as if said in sentences",
        (_FACTS,),
        (packs("can we get a kitten?", "allergic to cats"), packs("what should I cook tonight?", "vegetarian")),
    ),
    Case(
        "a numbered list with labels: several named are 'are'",
        ("About me:\n1. kids: Ava (7) and Leo (4)\n2. married\n3. based in Cork",),
        (has("User's kids are Ava"), has("Cork")),
    ),
    Case(
        "guard: a to-do list is no fact, and the assistant's list is no fact of the user's",
        ("my to-do list for today:\n- call the bank\n- buy milk", (A, "Ideas:\n- light layers\n- vegetarian snacks\n- sunscreen")),
        (silent(1), lacks("vegetarian")),
    ),
]
