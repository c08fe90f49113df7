"""Behaviour cases from a chat with a plumber who runs a business with his brother (2026-11-28, written here in
other words): "Remember that Raj is allergic to …" is a constraint of Raj's, as it is when said plainly; "Mo passed
his driving test" is news of Mo worth keeping; "forget the … stuff now it's sorted" hides the messages that said it,
though no memory held it. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, unpacked

PLUMBER_CASES: list[Case] = [
    Case(
        "someone's allergy, asked to be remembered",
        ("My business partner is called Raj.", "Remember that Raj is allergic to penicillin."),
        (kind("constraint", "Raj is allergic to penicillin"),),
    ),
    Case(
        "someone passed a test",
        ("We took on an apprentice, Mo, in the spring.", "Mo passed his driving test yesterday!"),
        (has("Mo passed his driving test"),),
    ),
    Case(
        "forgetting what only messages said",
        (
            "The client is Birch Estates, they still owe us for the boiler job.",
            "Birch Estates finally paid!",
            "forget the Birch Estates stuff now it's sorted",
        ),
        (unpacked("Who are Birch Estates?", "Birch"),),
    ),
]
