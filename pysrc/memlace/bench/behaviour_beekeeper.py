"""Behaviour cases from chatting as a geography teacher who keeps bees (2026-11-29): "I've moved to teaching history
this year" and "I teach history now" left "User teaches geography at a secondary school in Galway" beside the new
subject; "Forget that I teach geography, I've moved to teaching history this year" forgot geography and lost history
too ("this year" was read as "this", the thing asked about); "Let me know if there's anything else I can do to
help!" was kept as a fact; "about six years now" to "How long have you been teaching?" made nothing; and "something
like this for my kids soon" named a child "Soon". Each failed on the code before the fix it came with, unless marked a
guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, lacks, no_entity

_TEACHES = "I teach geography at a secondary school in Galway"

BEEKEEPER_CASES: list[Case] = [
    Case(
        "'moved to teaching history' replaces the subject taught, where it is taught",
        (_TEACHES, "I've moved to teaching history this year"),
        (has("User teaches history at a secondary school in Galway"), lacks("geography")),
    ),
    Case(
        "a new subject replaces the subject taught, not how long one has taught",
        (_TEACHES, (A, "How long have you been teaching?"), "about six years now", "I've moved to teaching history this year btw"),
        (has("User teaches history at a secondary school"), has("User has been teaching for about six years"), lacks("geography")),
    ),
    Case(
        "'I teach history now' replaces the subject taught",
        (_TEACHES, (A, "How are the classes going?"), "I teach history now"),
        (has("User teaches history"), lacks("geography")),
    ),
    Case(
        "forget one subject, and 'this year' in what follows is a time, not the thing asked about",
        (_TEACHES, "Forget that I teach geography, I've moved to teaching history this year"),
        (has("history"), lacks("geography")),
    ),
    Case(
        "guard: a switch of drink is no switch of what is studied",
        ("I study engineering in Lyon", "I switched to decaf"),
        (has("User studies engineering"),),
    ),
    Case(
        "'let me know if there's anything else I can do' asks the listener and tells nothing",
        (
            "I keep bees, got two hives in the back garden",
            "I'll look for a spare suit. Let me know if there's anything else I can do to help!",
        ),
        (lacks("let User know"), lacks("anything else")),
    ),
    Case(
        "'about six years now' to 'How long have you been teaching?' is how long",
        ((A, "Nice to meet you! How long have you been teaching?"), "about six years now. Slowly getting the hang of it lol"),
        (has("User has been teaching for about six years"),),
    ),
    Case(
        "'since 2019' to 'How long have you lived in Galway?' is since when",
        ((A, "How long have you lived in Galway?"), "since 2019"),
        (has("User has lived in Galway since 2019"),),
    ),
    Case(
        "'for my kids soon' names no child 'Soon'",
        ("I'm thinking of setting up something like this for my kids soon.",),
        (no_entity("Soon"), lacks("called Soon")),
    ),
]
