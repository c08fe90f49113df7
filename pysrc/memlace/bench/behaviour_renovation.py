"""Behaviour cases from a chat with someone renovating a house with a builder who is later replaced (2026-11-28,
written here in other words): "our builder is called Gary, he's quoted 18k" keeps the quote, of Gary; "the
bathroom should be done by May" and "the bathroom is delayed to June now" are of the bathroom the speaker is
redoing, and the second replaces the first; "New builder is Steve" replaces the builder. Each failed on the code
before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, recall

RENOVATION_CASES: list[Case] = [
    Case(
        "what the builder quoted",
        ("We're redoing the bathroom.", "Our builder is called Gary, he's quoted 9k for the bathroom."),
        (has("Gary has quoted 9k for the bathroom"),),
    ),
    Case(
        "one's own thing, done by and then delayed",
        (
            "We're redoing the bathroom this spring.",
            "The bathroom should be done by the end of May.",
            "The bathroom is delayed to June now.",
        ),
        (has("User's bathroom is delayed to June"), lacks("end of May"), recall("When will the bathroom be finished?", "June")),
    ),
    Case(
        "a new builder",
        ("Our builder is called Gary.", "We let Gary go. New builder is Steve from Harrogate."),
        (has("builder is Steve"), lacks("builder is called Gary"), recall("Who is our builder?", "Steve")),
    ),
]
