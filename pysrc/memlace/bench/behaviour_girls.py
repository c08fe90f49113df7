"""Behaviour cases from chatting as a mum of two girls (2026-11-30): "I've got two girls, Ada who's 7 and Nell who's
4" named no daughters ("I've got" and "who's" were not read as a list), "Nell" was no person, and "sorry Nell is 5
now" left "… Nell who's 4" beside "Nell is 5" (both sent for "How old are my kids?"); and "We have two boys, Finn (9)
and Oskar (6)" named no sons (a list was read after "we", never "We"). Each failed on the code before the fix it
came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, entity, has, lacks

GIRLS_CASES: list[Case] = [
    Case(
        "children listed with 'who's' ages are the speaker's children",
        ("hiya, I've got two girls, Ada who's 7 and Nell who's 4",),
        (has("User's daughter is called Ada"), has("User's daughter is called Nell"), entity("Nell", "person")),
    ),
    Case(
        "a new age is put in place in the list",
        ("I've got two girls, Ada who's 7 and Nell who's 4", "sorry Nell is 5 now, she had her birthday on Sunday"),
        (has("Ada who's 7 and Nell who's 5"), lacks("who's 4")),
    ),
    Case(
        "a list that opens with 'We have' names the children too",
        ("We have two boys, Finn (9) and Oskar (6).",),
        (has("User's son is called Finn"), has("Oskar is 6"), lacks("(6)")),
    ),
]
