"""Behaviour cases from a chat with a freelance designer who takes an in-house job, moves flat and has a sick cat
(2026-11-27, written here in other words): a month corrected with a reason after it, a new job at a firm "called"
something and "no more freelancing" end the old work, "a teacher based in Bristol" says where one lives, a move
"to a new flat in" a town replaces the old town, a forget request that names a tool or someone's event keeps the
rest of what was said, and a pet or a person who has been ill is remembered. Each failed on the code before the fix
it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, recall

DESIGNER_CASES: list[Case] = [
    Case(
        "a month corrected, with a reason after",
        ("We're planning a week-long trip to Lisbon in June.", "Actually the trip is in July, not June, Dev couldn't get the week off."),
        (has("July"), lacks("June"), recall("When is the Lisbon trip?", "July", absent=("June",))),
    ),
    Case(
        "a job at a firm 'called', and no more freelancing",
        ("I work as a freelance photographer.", "Great news: I got a permanent job with a studio called Lumen, so no more freelancing."),
        (has("Lumen"), lacks("freelance photographer"), recall("Where do I work?", "Lumen")),
    ),
    Case(
        "what one is, based in a town",
        ("I'm a primary school teacher based in Bristol.",),
        (has("lives in Bristol"), has("primary school teacher")),
    ),
    Case(  # a guard: a firm based somewhere says nothing of where the speaker lives
        "a firm based in a town",
        ("I work for a charity based in Glasgow.",),
        (lacks("lives in Glasgow"),),
    ),
    Case(
        "moved to a new house in another town",
        ("I live in Dublin.", "We moved to a bigger house in Galway in the spring."),
        (has("Galway"), lacks("lives in Dublin"), recall("Where do I live?", "Galway", absent=("Dublin",))),
    ),
    Case(
        "forget the tool, keep what it was for",
        ("I've been learning Spanish for a year, mainly with Babbel.", "Please forget that I use Babbel."),
        (has("learning Spanish"), lacks("Babbel")),
    ),
    Case(
        "forget someone's wedding, keep who they are",
        ("My brother Tom is getting married in June in Cork.", "Forget everything about my brother's wedding."),
        (has("brother is Tom"), lacks("married")),
    ),
    Case(
        "a pet that has been ill",
        ("We have a black lab called Nero.", "Nero has been really poorly this week, the vet says it's his hips."),
        (has("Nero has been really poorly"), recall("How is Nero doing?", "poorly")),
    ),
]
