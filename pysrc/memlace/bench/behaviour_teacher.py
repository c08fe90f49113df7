"""Behaviour cases from a chat with a chemistry teacher (2026-11-27, written here in other words): a "remember that"
asked after a first sentence, a "never" practice that a question about a demo must be told of, a pet's diagnosis
that "turned out", the other pet named as the one it is about, and a wish for ideas that is no fact. Each failed
on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, count, has, kind, lacks, packs, silent

TEACHER_CASES: list[Case] = [
    Case(
        "'remember that' after a first sentence",
        ("Perfect, thanks. Remember that I never use open flames in class.",),
        (kind("constraint", "never uses open flames in class"), lacks("Remember that")),
    ),
    Case(
        "a 'never' practice heeded",
        ("I teach chemistry at a high school.", "I never use open flames in class."),
        (kind("constraint", "never uses open flames"), packs("Can I do a flame test demo?", "open flames")),
    ),
    Case(
        "a pet's diagnosis that turned out",
        ("I have two cats, Pixel and Byte.", "Quick update: Byte had to go to the vet, turns out he's diabetic."),
        (kind("constraint", "Byte is diabetic"),),
    ),
    Case(
        "the other pet is the one",
        (
            "I have two cats, Pixel and Byte.",
            "Byte is diabetic, he gets insulin twice a day.",
            "Actually Pixel is the diabetic one, not Byte.",
        ),
        (kind("constraint", "Pixel is diabetic"), lacks("Byte is diabetic"), has("cats, Pixel and Byte")),
    ),
    Case(
        "a wish for ideas is no fact",
        ("My partner Jordan is vegan so we need restaurant ideas that work for both of us.",),
        (has("Jordan is vegan"), lacks("restaurant ideas")),
    ),
    Case(
        "cheering on the listener",
        ("Thanks! Remember that you're amazing.",),
        (silent(0),),
    ),
    Case(  # a guard: asked of the assistant, with "you" later in the sentence, it is still asked
        "remember, then 'you' later on",
        ("Remember that my wife's name is Ana, you keep forgetting it.",),
        (count(1, "wife", "Ana"),),
    ),
]
