"""Behaviour cases from a chat with a nurse whose rota and team's sprints change (2026-11-28, written here in other
words): one modifier switched for another of its kind ("from weekly to fortnightly sprints", "from night to day
shifts", "from part-time to full-time hours") replaces the memory that said the old one with the thing they
qualify, and no memory that merely shares the old word's stem ("weekly" once replaced a memory of "the week of
1 June"). Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks

ROTA_CASES: list[Case] = [
    Case(
        "one frequency for another, and nothing else of the month",
        (
            "I'm visiting my mum in Leeds next month.",
            "My book club has monthly meetings at Ana's flat.",
            "The club switched from monthly to weekly meetings.",
        ),
        (has("weekly meetings at Ana's flat"), has("visiting", "mum in Leeds"), lacks("monthly meetings")),
    ),
    Case(
        "one time of day for another",
        ("I teach evening classes at the community centre.", "I've moved from evening to morning classes."),
        (has("morning classes at the community centre"), lacks("evening classes")),
    ),
    Case(
        "part-time to full-time",
        ("I work part-time hours at the garden centre.", "I went from part-time to full-time hours in May."),
        (has("full-time hours at the garden centre"), lacks("part-time hours")),
    ),
]
