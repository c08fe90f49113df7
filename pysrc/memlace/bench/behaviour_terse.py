"""Behaviour cases from a chat with a backend developer who types tersely (2026-11-28, written here in other words):
"data engineer here" says what one is; "pls" and "thx" are "please" and "thanks", so "pls always …" is a standing
rule; "I hate when answers are super long" is a taste every answer heeds, never judged a passing remark; "scrap the
… rule" forgets the rule and keeps what follows; a plan done ("the migration to BigQuery is done", "we finished the
kitchen renovation") ends the plan's memory as one called off does, and a class done for the summer does not end a
weekly class. Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, count, has, kind, lacks

TERSE_CASES: list[Case] = [
    Case("a job said as 'X here'", ("yo, data engineer here, mostly dbt + airflow",), (has("works as a data engineer"),)),
    Case("'pls' asks for a standing rule", ("pls always use metric units in recipes",), (kind("negative", "metric units"),)),
    Case("a taste in answers is kept", ("thx. i hate when answers are super long",), (has("hates when answers are super long"),)),
    Case(
        "'scrap the … rule' forgets the rule, keeps what follows",
        ("Please always add docstrings to Python examples.", "actually scrap the docstrings rule, our team uses type stubs instead"),
        (lacks("docstrings"), has("team uses type stubs")),
    ),
    Case(
        "a plan done ends it",
        ("our warehouse is redshift but we're migrating to bigquery next quarter", "migration to bigquery is done btw"),
        (has("migration to bigquery is done"), count(1, "migrating to bigquery")),
    ),
    Case(
        "a renovation finished ends it",
        ("We're renovating the kitchen in April.", "We finished the kitchen renovation!"),
        (has("finished the kitchen renovation"), count(1, "renovating the kitchen")),
    ),
    Case(
        "a weekly class is not ended by a class done",
        ("I teach a yoga class every Thursday.", "The class is done for the summer."),
        (has("teaches a yoga class every Thursday"),),
    ),
]
