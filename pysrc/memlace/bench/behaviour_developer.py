"""Behaviour cases from a chat with a backend developer and father of two, typed in lower case (2026-11-28, written
here in other words): a forget request ending in "entirely" forgets; a migration or renovation abandoned ends the
memory of it, found by the stem of its word; "were" with no one before it is "we're"; children listed with their
ages and no brackets are people, a name typed in lower case is theirs, and what they started ("swimming lessons")
is kept; "its more like …" corrects what was just said. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, count, entity, has, lacks

DEVELOPER_CASES: list[Case] = [
    Case(
        "a forget that ends in 'completely'",
        ("I'm learning the ukulele, badly.", "Forget about the ukulele thing completely."),
        (lacks("ukulele"),),
    ),
    Case(
        "a migration abandoned",
        ("We're moving our search from Solr to Elasticsearch this spring.", "we abandoned the elasticsearch migration, not worth it"),
        (has("abandoned the elasticsearch migration", "was:"), count(1, "moving User's search")),
    ),
    Case(
        "a renovation shelved",
        ("We're renovating the bathroom in April.", "We shelved the bathroom renovation for now, money's tight."),
        (count(1, "renovating the bathroom"), has("(was: User is renovating")),
    ),
    Case(
        "'were' with no one before it",
        ("i mostly code in java but were porting the mobile app to kotlin",),
        (has("User is porting the mobile app to kotlin"), lacks("were")),
    ),
    Case(
        "'its more like', typed without an apostrophe",
        ("i cycle to the office most days", "actually its more like 2 days a week haha"),
        (has("cycles to the office most days (corrected: it's more like 2 days a week)"), count(1, "cycles")),
    ),
    Case(
        "children listed with bare ages",
        ("two boys, finn 7 and oscar 4", "oscar started football club this week"),
        (entity("Oscar", "person"), has("Oscar started football club")),
    ),
]
