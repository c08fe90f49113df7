"""Behaviour cases from chatting as a backend developer at a logistics startup (2026-11-30): "Forget that my manager
is Femke, she left last week. My new manager is Joost." forgot Femke and lost Joost with her; "we moved off Postgres
last sprint, it's all CockroachDB now" left "User uses Postgres and Go" active (first for "What database do we
use?"); "We moved from Postgres to CockroachDB." made "User uses CockroachDB. and Go". Each failed on the code before
the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, recall

LOGISTICS_CASES: list[Case] = [
    Case(
        "a forget request, then a sentence of news: the news is kept",
        ("My manager is Femke.", "Forget that my manager is Femke, she left last week. My new manager is Joost."),
        (has("User's manager is Joost"), lacks("Femke")),
    ),
    Case(
        "'moved off X …, it's all Y now' replaces X with Y",
        ("We use Postgres and Go.", "Actually we moved off Postgres last sprint, it's all CockroachDB now."),
        (has("User uses CockroachDB and Go"), lacks("Postgres"), recall("What database do we use?", "CockroachDB", absent=("Postgres",))),
    ),
    Case(
        "a switch at the end of a sentence leaves its full stop",
        ("We use Postgres and Go.", "We moved from Postgres to CockroachDB."),
        (has("User uses CockroachDB and Go"), lacks("CockroachDB.")),
    ),
]
