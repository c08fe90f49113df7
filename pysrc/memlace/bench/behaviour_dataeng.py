"""Behaviour cases from chatting as a data engineer (2026-11-29, session 50): "we're on Snowflake" made nothing;
"don't mention Kubernetes, we're not allowed to use it" kept "User is not allowed to use it"; "What orchestrator do we
use?" was not given the tools memory holds; and "I'm on Tuesday shifts" was written as a date ("on Tuesday 4 March
2025 shifts"). Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs

DATAENG_CASES: list[Case] = [
    Case(
        "a tool one is on is a tool one uses",
        ("hi! data engineer here, mostly Python and dbt, we're on Snowflake",),
        (has("User uses Snowflake"), has("User works as a data engineer")),
    ),
    Case(
        "'it' of what one may not use is the name said just before",
        ("oh and don't mention Kubernetes, we're not allowed to use it",),
        (has("User is not allowed to use Kubernetes"), lacks("use it")),
    ),
    Case(
        "an orchestrator or a warehouse asked about is a tool",
        ("we're migrating from Airflow to Dagster next quarter", "we're on Snowflake"),
        (packs("what orchestrator do we use?", "Airflow to Dagster"), packs("what warehouse are we on?", "Snowflake")),
    ),
    Case(
        "a weekday before 'shifts' is every week's, not a date",
        ("I'm on Tuesday shifts this term",),
        (has("User is on Tuesday shifts"), lacks("March")),
    ),
    Case(
        "guard: a weekday of one appointment is a date",
        ("I have a dentist appointment on Tuesday",),
        (has("dentist appointment on Tuesday", "November 2023"),),
    ),
]
