"""Behaviour cases from chatting as a first-time marathon runner (2026-11-30): "my physio Carla says I need to
strengthen my glutes" kept "User's physio Carla says" as a fact of its own, and "my doctor says I need to cut down on
salt", typed small, made the doctor "Says"; "yes please, nothing with mushrooms though, can't stand them" (to "Want
some meal ideas?") made nothing; "slowly lol, I'm doing about 40km a week" kept "Slowly, User is doing …". Each
failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, kind, lacks, no_entity

MARATHON_CASES: list[Case] = [
    Case(
        "what a physio says the speaker needs, with no fragment of who said it",
        ("my physio Carla says I need to strengthen my glutes",),
        (has("User's physio is Carla"), has("User needs to strengthen User's glutes"), lacks("Carla says")),
    ),
    Case(
        "'says' after 'my doctor' is no name, in a message typed small",
        ("my doctor says I need to cut down on salt",),
        (has("User needs to cut down on salt"), no_entity("Says"), lacks("doctor says"), lacks("called Says")),
    ),
    Case(
        "'nothing with mushrooms though' to meal ideas is not to suggest them",
        ((A, "Want some high-protein meal ideas?"), "yes please, nothing with mushrooms though, can't stand them"),
        (kind("negative", "mushrooms"),),
    ),
    Case(
        "how it goes, then what is told",
        ((A, "How's training going?"), "slowly lol, I'm doing about 40km a week"),
        (has("User is doing about 40km a week"), lacks("slowly")),
    ),
]
