"""Behaviour cases from chatting as a gym-goer with a sore knee (2026-11-29, session 50): "my knee's been playing up
though, physio says no deep squats for a month" was one plain fact (the contraction hid the knee, and what the physio
said stayed in it), so a leg day was not told of it; and the user's own "make me a leg day workout" filled the pack of a
later question. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, kind, packs, unpacked

_KNEE = "my knee's been playing up though, physio says no deep squats for a month"

GYM_CASES: list[Case] = [
    Case(
        "a knee playing up, said with a contraction, is a constraint; what the physio rules out is one too",
        (_KNEE,),
        (
            kind("constraint", "knee's been playing up"),
            kind("constraint", "User can't do deep squats for a month"),
            packs("make me a leg day workout", "deep squats"),
        ),
    ),
    Case(
        "guard: what the doctor says one needs to do",
        ("my doctor says I need to cut down on salt",),
        (has("User needs to cut down on salt"),),
    ),
    Case(
        "the user's requests to the assistant never fill a pack",
        ("trying to get my bench to 100kg", (A, "Great goal."), "make me a leg day workout", (A, "Here's one: …")),
        (unpacked("what's my bench goal?", "leg day workout"), packs("what's my bench goal?", "100kg")),
    ),
]
