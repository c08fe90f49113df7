"""Behaviour cases from a chat with a nineteen-year-old streamer who types in lower case (2026-11-28, written here in
other words): "yo im kai" gives a name; "my gf is called zoe, shes not into games" names Zoe, a person, and keeps
what she likes; "zoe and i broke up" then ends the girlfriend; "switched from fortnite to mostly minecraft now"
puts the new game where the old one was said. Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, entity, has, lacks, recall

STREAMER_CASES: list[Case] = [
    Case(
        "a greeting typed small",
        ("yo im kai, 18, i stream most nights",),
        (has("User's name is Kai"), lacks("Yo User")),
    ),
    Case(
        "a girlfriend named small, then a break-up",
        ("my gf is called zoe, shes not into games lol", "zoe and i broke up last week"),
        (entity("Zoe", "person"), has("Zoe is not into games"), has("User and Zoe broke up"), lacks("girlfriend is called Zoe")),
    ),
    Case(
        "a game switched, mostly",
        ("i stream on twitch most nights, mainly fortnite", "switched from fortnite to mostly minecraft now, fortnite got stale"),
        (has("mainly minecraft"), lacks("mainly fortnite"), recall("what game do i stream?", "minecraft")),
    ),
]
