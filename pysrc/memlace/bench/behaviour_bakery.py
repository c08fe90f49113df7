"""Behaviour cases from a chat with someone opening a bakery with their cousin (2026-11-27, written here in other
words): an amount that "went up to" a new one replaces the old, though the same message goes on to another thing
("…, the venue alone is £6k"), and "I'm not a morning person" is heeded by a plan of the day. Each failed on the
code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks, packs, recall

BAKERY_CASES: list[Case] = [
    Case(
        "an amount that went up, and another thing after it",
        ("We've set a budget of £12k for the wedding.", "The wedding budget went up to £15k, the venue alone is £6k."),
        (has("£15k"), lacks("£12k"), recall("What is the wedding budget?", "£15k")),
    ),
    Case(
        "not a morning person, heeded by a timetable",
        ("I'm not really a morning person.", "I work in marketing."),
        (kind("constraint", "morning person"), packs("Can you make me a revision timetable?", "morning person")),
    ),
]
