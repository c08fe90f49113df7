"""Behaviour cases from a chat with a nurse who becomes an aunt (2026-11-27, written here in other words): a name
after "Hi there", a sister's pregnancy that is the sister's and not a rule for the speaker, a car sold that ends
the car driven, and a baby born that ends the pregnancy and names the baby. Each failed on the code before the
fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, count, dated, has, kind, recall

AUNT_CASES: list[Case] = [
    Case(
        "a name after 'Hi there'",
        ("Hi there, I'm Mia, 29, a nurse in London.",),
        (has("User's name is Mia"), has("User is 29")),
    ),
    Case(
        "a sister's pregnancy is hers",
        ("My sister Ella is pregnant, due in February.",),
        (kind("relationship", "User's sister Ella is pregnant"),),
    ),
    Case(
        "a car sold",
        ("I drive a 2012 Honda Civic but it keeps breaking down.", "We sold the Civic last weekend, got £1,200 for it."),
        (count(1, "Civic"), recall("What car do I drive?", "sold the Civic")),
    ),
    Case(
        "a baby born",
        ("My sister Ella is pregnant, due in February.", "Ella had her baby! A little girl called Rosa, born on Tuesday."),
        (has("Ella had her baby, a little girl called Rosa"), count(1, "pregnant"), dated("2023-11-14", "called Rosa")),
    ),
]
