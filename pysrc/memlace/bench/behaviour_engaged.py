"""Behaviour cases from chatting as someone planning their own wedding (2026-11-30): "my fiancée Lucía" (with its
accent) named no partner, so "Her mum is gluten intolerant" belonged to no one and was lost; "We're planning
everything ourselves" kept "ourselves"; "Lucía doesn't want a DJ" made nothing; "around 15k euros" to "What's the
budget like?" made nothing, so "forget the budget thing" had nothing to forget. Each failed on the code before the
fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, entity, erased, has, kind, lacks

ENGAGED_CASES: list[Case] = [
    Case(
        "a fiancée named with her accent is the partner",
        ("I'm getting married next year to my fiancée Lucía.",),
        (has("User's fiancée is Lucía"), entity("Lucía", "person")),
    ),
    Case(
        "'her mum' after the fiancée is the fiancée's mother",
        ("I'm getting married next year to my fiancée Lucía.", "Her mum is gluten intolerant so the caterer needs to know."),
        (kind("constraint", "Lucía's mum is gluten intolerant"),),
    ),
    Case(
        "'ourselves' in third person",
        ("We're planning everything ourselves, no wedding planner.",),
        (has("planning everything themselves"), lacks("ourselves")),
    ),
    Case(
        "what someone named will not have is their preference",
        ("My fiancée Lucía is lovely.", "Lucía doesn't want a DJ at the party."),
        (kind("preference", "Lucía doesn't want a DJ"),),
    ),
    Case(
        "an amount answering 'What's the budget like?' is kept",
        ((A, "Congratulations! What's the budget like?"), "around 15k euros"),
        (has("User's budget is around 15k euros"),),
    ),
    Case(
        "the budget forgotten, nothing else (guard, with the case before it)",
        (
            "My fiancée Lucía is lovely.",
            (A, "Congratulations! What's the budget like?"),
            "around 15k euros, maybe a bit more if her parents chip in",
            "Please forget the budget thing, it's not decided yet.",
        ),
        (erased("15k"), has("Lucía is lovely")),
    ),
    Case(
        "no amount, no budget (guard)",
        ((A, "What's the budget like?"), "not sure yet, still talking about it"),
        (lacks("budget is"),),
    ),
]
