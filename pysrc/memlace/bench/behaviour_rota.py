"""Behaviour cases from a chat with a nurse whose rota and team's sprints change (2026-11-28, written here in other
words): one modifier switched for another of its kind ("from weekly to fortnightly sprints", "from night to day
shifts", "from part-time to full-time hours") replaces the memory that said the old one with the thing they
qualify, and no memory that merely shares the old word's stem ("weekly" once replaced a memory of "the week of
1 June"). The new one said alone ("I've moved to day shifts", "we've gone to fortnightly sprints", "I'm on full-time
hours now") replaces the memory that said the thing with another of its kind, and no other memory of the thing.
Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs, unpacked

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
    Case(
        "the new time of day said alone",
        ("I'm a porter at the Royal and I work night shifts in A&E.", "I hate long shifts.", "Great news, I've moved to day shifts!"),
        (
            has("works day shifts in A&E"),
            lacks("night shifts"),
            has("hates long shifts"),
            packs("What shifts do I work?", "day shifts"),
            unpacked("What shifts do I work?", "night shifts"),
        ),
    ),
    Case(
        "the new frequency said alone, the day kept",
        ("Our choir has weekly rehearsals and a social every Sunday.", "We've gone to fortnightly rehearsals."),
        (has("fortnightly rehearsals and a social every Sunday"), lacks("weekly rehearsals")),
    ),
    Case(
        "on the new hours now",
        ("I work part-time hours at the bike shop.", "I'm on full-time hours now."),
        (has("full-time hours at the bike shop"), lacks("part-time hours")),
    ),
    Case("moved to a place is where one lives", ("I live in Derby.", "I moved to Bristol last year."), (has("Bristol"), lacks("Derby"))),
]
