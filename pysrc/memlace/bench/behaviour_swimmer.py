"""Behaviour cases from a chat with a sea swimmer with type 1 diabetes whose daughter changes course and who moves
in with her partner (2026-11-27, written here in other words): a switch between two medicines is no new employer,
and "What insulin am I on?" finds it; a daughter's two-word subject is replaced whole; "quick background before I
ask:" is no part of a fact; "I live alone in Aberdeen" is where one lives, and moving in with a partner elsewhere
replaces it. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs, recall

SWIMMER_CASES: list[Case] = [
    Case(
        "a medicine switched, not a job",
        ("I've had type 1 diabetes for 20 years.", "I switched from Levemir to Toujeo, the diabetes nurse thinks it'll suit me better."),
        (lacks("works at"), packs("What insulin am I on?", "Toujeo")),
    ),
    Case(  # a guard: a switch of employer named by both names still moves the job
        "an employer switched by name",
        ("I work at Brightline.", "I switched from Brightline to Northwind in March."),
        (has("Northwind"), lacks("works at Brightline")),
    ),
    Case(
        "a two-word subject replaced whole",
        (
            "My son Rory is studying civil engineering at Strathclyde.",
            "Rory has switched to architecture, civil engineering wasn't for him.",
        ),
        (has("Rory is studying architecture at Strathclyde"), lacks("engineering")),
    ),
    Case(
        "background before the question",
        ("ok so some background before I ask: I'm 47 and I work nights as a paramedic.",),
        (has("User is 47 years old"), lacks("Before")),
    ),
    Case(
        "living alone, then moving in with a partner",
        ("I live alone in Dundee.", "I've moved in with my girlfriend Priya in Perth."),
        (has("lives in Perth"), lacks("Dundee"), recall("Where do I live?", "Perth", absent=("Dundee",))),
    ),
]
