"""Behaviour cases from a chat with a master's student who shares a flat and works weekends (2026-11-28, written here
in other words): "going vegan in January" is a plan, the diet until then stays; "I quit the bookshop" ends "works at a
bookshop on Saturdays, Foyles on Charing Cross Road" (which bookshop is no second thing); "Bea is moving out in
December" is kept and given with the flatmates; "my supervisor changed, …" names no one "Changed". Each failed on the
code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks, no_entity, packs

FLATSHARE_CASES: list[Case] = [
    Case(
        "a diet planned for later",
        ("I've been pescatarian for three years but I'm going vegetarian in March.",),
        (kind("constraint", "User is pescatarian"), has("going vegetarian in March"), lacks("User is vegetarian")),
    ),
    Case(
        "a job quit at a named shop",
        ("I work at a bookshop on Saturdays, Foyles on Charing Cross Road.", "I quit the bookshop, the pay was awful."),
        (lacks("works at a bookshop"), has("quit the bookshop")),
    ),
    Case(
        "a flatmate moving out",
        ("My flatmates are Jonah and Priti.", "Priti is moving out in December, so we need someone new."),
        (has("Priti is moving out in December"), packs("Who are my flatmates?", "moving out")),
    ),
    Case(
        "a verb after 'my supervisor' is no name",
        ("ugh, my supervisor changed, it's Prof. Okafor now because Dr. Hale retired",),
        (no_entity("Changed"), lacks("supervisor is called Changed")),
    ),
]
