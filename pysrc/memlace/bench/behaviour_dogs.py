"""Behaviour cases from chatting as the owner of two dogs and a cat (2026-11-29, session 50): "Miso is about 7" was
lost while "Pepper is 3" was kept; "Pepper is reactive to other dogs so we walk her early" kept only "User walks her
early"; and "I'm coeliac btw so cafes are tricky" kept the "btw". Each failed on the code before the fix it came
with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, kind, lacks

_PETS = "we've got two dogs, Biscuit and Pepper, and a cat called Miso"

DOG_CASES: list[Case] = [
    Case(
        "an age said as 'about 7' is an age",
        (_PETS, (A, "How old are they?"), "Biscuit is 12, Pepper is 3, Miso is about 7"),
        (has("Miso is about 7"), has("Pepper is 3")),
    ),
    Case(
        "what a pet is reactive to is heeded, and 'her' is the pet named as the clause before opens",
        (_PETS, "Pepper is reactive to other dogs so we walk her early"),
        (kind("constraint", "Pepper is reactive to other dogs"), has("User walks Pepper early"), lacks("walks her")),
    ),
    Case(
        "'btw' inside a clause says nothing",
        ("thanks. I'm coeliac btw so cafes are tricky",),
        (has("User is coeliac"), lacks("btw")),
    ),
]
