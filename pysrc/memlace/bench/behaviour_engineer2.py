"""Behaviour cases from a chat with a data engineer who uses the assistant at work (2026-11-28, written here in other
words): "brilliant, that's exactly what I needed" is thanks, no fact; "you can use US spelling from now on" changes
the standing rule in place, keeping the rest of it; "from poetry to uv" (one word for one, in small letters) goes
where the old one was said; "the deadline moved to mid-May" moves a date said with "by", with its part of the
month. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, count, has, lacks, silent

ENGINEER2_CASES: list[Case] = [
    Case("thanks that is no fact", ("I test payment apps for a living.", "brilliant, that's exactly what I needed"), (silent(1),)),
    Case(
        "a standing rule changed in place",
        (
            "Please always use British spelling and keep answers short.",
            "actually you can use American spelling from now on, my team is in Ohio",
        ),
        (has("always use American spelling and keep answers short"), count(1, "spelling")),
    ),
    Case(
        "one tool for another, in small letters",
        ("we use Python 3.12 with pip-tools for dependencies", "we switched from pip-tools to uv last month"),
        (has("uses Python 3.12 with uv for dependencies"), lacks("pip-tools")),
    ),
    Case(
        "a deadline moved to part of a month",
        ("My lead is Tomasz.", "Tomasz wants the dashboard rebuilt by end of April.", "quick update: the deadline moved to mid-May"),
        (has("rebuilt by mid-May"), lacks("end of April")),
    ),
]
