"""Behaviour cases about what the user asks of every answer, or of one kind of answer, and when it reaches the
pack (2026-11-27, from a chat with a nurse who codes): each failed on the code before the fix it came with, unless
marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, packs, unpacked

ASK_CASES: list[Case] = [
    Case(
        "a request for one kind of answer",
        ("When I ask for a recipe, always give metric units.", "I live in Leeds."),
        (
            kind("negative", "when User asks for a recipe", "metric units"),
            packs("Give me a recipe for banana bread", "metric units"),
            unpacked("What is the capital of Peru?", "metric units"),
        ),
    ),
    Case(
        "a rule about code, on a question about code",
        ("Please always give me code examples in Go.", "I'm a nurse in Porto."),
        (
            packs("How do I read a file line by line?", "code examples in Go"),
            packs("Write a function that reverses a linked list", "code examples in Go"),
            unpacked("How do I file my taxes?", "code examples"),
        ),
    ),
    Case(
        "what was true back then",
        ("When I was a kid, I lived in Goa.", "When I moved to Berlin, I started working at Zalando."),
        (
            has("User lived in Goa when User was a kid"),
            has("started working at Zalando when User moved to Berlin"),
            packs("Where did I grow up?", "Goa"),
        ),
    ),
]
