"""Behaviour cases from a chat with a florist who runs a shop with two part-timers, one of whom leaves while the
other goes full-time (2026-11-27, written here in other words): forgetting what was said of one person keeps the
rest of the memory it was in and what the request says she is now, a memory kept with less said is found by
meaning at once (it waited for the next message to get its vector), and someone handing in their notice is
remembered. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, recall

FLORIST_CASES: list[Case] = [
    Case(
        "forget what was said of one person, keep the rest",
        ("I run a café in Leith with two baristas, Joe and Mina.", "Forget that Mina is part-time, she's full-time now."),
        (has("runs a café in Leith"), has("Mina is full-time"), recall("Tell me about my café", "café in Leith")),
    ),
    Case(
        "a memory kept with less said is found at once",
        ("I've been learning Italian for two years, mostly with an app called Busuu.", "Please forget that I use Busuu."),
        (lacks("Busuu"), recall("Which languages am I studying?", "learning Italian for two years")),
    ),
    Case(
        "someone hands in their notice",
        ("My colleague Priti runs our payroll.", "Priti handed in her notice yesterday."),
        (has("Priti handed in her notice"),),
    ),
]
