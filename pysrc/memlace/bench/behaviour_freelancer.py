"""Behaviour cases from a chat with a developer who went freelance and changed diet (2026-11-28, written here in other
words): how one works, said in one word ("I'm freelancing now", "I'm retired"), is kept though it has one content
word; and a diet no longer held ("I'm not strictly vegetarian anymore") still reaches a question about a meal, as
an ended allergy does. "What activities do I enjoy?" asks for what one does for fun, as "hobbies" does. "I'm off to Lisbon on Friday" is a
trip, and "I'm off to bed" only leaving. Each failed
on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs

FREELANCER_CASES: list[Case] = [
    Case(
        "freelancing, said in one word",
        ("I work as a designer at an agency in Leeds.", "I left the agency in June and I'm freelancing now."),
        (has("User is freelancing"),),
    ),
    Case("retired, said in one word", ("I'm retired.",), (has("User is retired"),)),
    Case(
        "a diet no longer held still reaches a meal",
        ("I'm vegetarian.", "Actually I'm not strictly vegetarian anymore, I eat chicken now."),
        (packs("What should I make for dinner tonight?", "not strictly vegetarian"),),
    ),
    Case(
        "activities are what one does for fun",
        (
            "I work as an accountant in Leeds.",
            "At weekends I go climbing at the wall in Sheffield.",
            "I also paint watercolours in the evenings.",
        ),
        (packs("What activities do I enjoy?", "climbing"), packs("What activities do I enjoy?", "watercolours")),
    ),
    Case(
        "'I'm off to' a place is a trip, 'off to bed' is leaving",
        ("I'm off to Lisbon on Friday with my sister!", "Right, I'm off to bed."),
        (has("off to Lisbon"), lacks("bed"), packs("When am I going to Lisbon?", "Lisbon")),
    ),
]
