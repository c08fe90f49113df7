"""Behaviour cases from a chat with a widower of 79 on blood thinners whose daughter visits (2026-11-28, written here in
other words): "I'm on apixaban now" is kept though it names one thing; "I've stopped the warfarin" takes it out of
the memory that lists it with another medicine, said first; "Clare will come on Saturdays from now on" moves the day
of "Clare visits every Sunday" and keeps who comes with her; "she has a new job" is kept of her. Each failed on the
code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs

WIDOWER_CASES: list[Case] = [
    Case(
        "a medicine one is on, said in one word",
        ("I take ramipril every morning.", "I'm on bisoprolol now too."),
        (has("User is on bisoprolol"), packs("What medication do I take?", "bisoprolol")),
    ),
    Case(
        "a medicine stopped leaves the list it was said first in",
        ("I take warfarin every evening and 5mg of amlodipine in the morning.", "I've stopped the warfarin, I'm on apixaban now."),
        (has("User takes 5mg of amlodipine in the morning"), has("User is on apixaban"), lacks("takes warfarin")),
    ),
    Case(
        "a visit's day moved 'from now on'",
        ("My son Aidan visits every Friday with his dog.", "Aidan will come on Thursdays from now on, he has a new job."),
        (has("Aidan visits every Thursday with his dog"), lacks("every Friday"), has("Aidan has a new job")),
    ),
]
