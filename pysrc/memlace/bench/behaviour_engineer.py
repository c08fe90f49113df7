"""Behaviour cases from a chat with a backend engineer (2026-11-27, written here in other words): a new role that
starts later, said after "I got", is dated ahead; what the same team does in a run of present verbs ("…, deploy
on AWS ECS") is its own fact in good grammar; and a job left is an ended job, not a rule to heed. Each failed on
the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, dated, has, kind

ENGINEER_CASES: list[Case] = [
    Case(
        "a role that starts later",
        ("Update: I got the team lead role! Starting April 15.",),
        (dated("2024-04-15", "team lead role"),),
    ),
    Case(
        "a run of present verbs",
        ("We use Go and Postgres, deploy on AWS ECS.",),
        (has("User uses Go and Postgres"), has("User deploys on AWS ECS")),
    ),
    Case(  # half a guard: "don't … anymore" ends a job (as before), while "I don't drive at night" is now a constraint
        "a job left is no rule",
        ("I work at the cafe on Main Street.", "I don't work at the cafe anymore.", "I don't drive at night."),
        (kind("fact", "work at the cafe anymore"), kind("constraint", "drive at night")),
    ),
]
