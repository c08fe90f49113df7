"""Behaviour cases from chatting as someone practising Spanish (2026-11-29, session 50): "from now on reply in Spanish
please" was a rule on a topic, not how every answer should be; "actually go back to English" changed nothing, so the
Spanish rule stayed; "I'm a total beginner at coding so explain simply" kept "… so explain simply" as a fact; and
"Spanish" was a place. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, entity, has, kind, lacks, packs, unpacked

_SPANISH = "from now on reply in Spanish please, I'm practising"

LANGUAGE_CASES: list[Case] = [
    Case(
        "'from now on reply in Spanish' is how every answer should be",
        (_SPANISH,),
        (packs("how do I read a CSV file in Python?", "reply in Spanish"), entity("Spanish", "other")),
    ),
    Case(
        "'go back to English' replaces the language of every answer",
        (_SPANISH, (A, "¡Claro!"), "actually go back to English, Spanish is too hard for work stuff"),
        (has("reply in English"), lacks("Spanish"), unpacked("what's a good name for a cat?", "Spanish")),
    ),
    Case(
        "'so explain simply' is how every explanation should be",
        ("also I'm a total beginner at coding so explain simply",),
        (kind("negative", "explain simply"), has("User is a total beginner at coding"), lacks("so explain")),
    ),
    Case(
        "guard: 'explain simply how …' asks once",
        ("explain simply how a CSV reader works",),
        (lacks("explain"),),
    ),
]
