"""Behaviour cases from a chat with a parent planning their son's seventh birthday party (2026-11-28, written here in
other words): "on Saturday 14 June" is the date said, never the coming Saturday written before it; "there'll be about
15 kids, and two of them have nut allergies" is a head count a later "it's 18 kids now" updates and a constraint a
cake question heeds; "we had to move the party to Sunday 15 June" moves the party; "Theo doesn't like chocolate cake"
and "he's turning 7" are kept of Theo. Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs

PARTY_CASES: list[Case] = [
    Case(
        "a weekday said with its date keeps the date",
        ("We're having a party for my daughter Isla on Saturday 21 June, she's turning 6.",),
        (has("on Saturday 21 June"), has("Isla is turning 6")),
    ),
    Case(
        "a head count and some of them",
        ("There'll be about 12 kids, and two of them have egg allergies.", "Update: it's 16 kids now, four more said yes."),
        (has("expecting about 16 kids"), lacks("about 12 kids"), packs("What cake should I bake for the party?", "egg allergies")),
    ),
    Case(
        "a party one had to move",
        (
            "We're throwing a party for my son Theo on Saturday 14 June.",
            "We had to move the party to Sunday 15 June because the hall was double-booked.",
        ),
        (has("party for User's son Theo on Sunday 15 June"), lacks("Saturday 14 June")),
    ),
    Case(
        "what someone named does not like",
        ("My son Theo is 7.", "Oh, and Theo doesn't like chocolate cake."),
        (has("Theo doesn't like chocolate cake"),),
    ),
]
