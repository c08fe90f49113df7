"""Behaviour cases from chatting as a retired nurse with grandchildren (2026-11-29): "Mostly my garden and my
grandchildren, Ellie and Sam" to "What keeps you busy these days?" kept "Mostly User's garden" and "User's
grandchildren is called Ellie"; "Gardening and my book club" left "User's book club" as a fact of its own; and "How
should I get in touch with my son?" was not given "User prefers emails to phone calls". Each failed on the code before
the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, count, has, lacks, packs

_BUSY = "Lovely to meet you, Rose! What keeps you busy these days?"

GRANDMA_CASES: list[Case] = [
    Case(
        "what keeps one busy, answered without a verb; grandchildren in a list are each a grandchild",
        ((A, _BUSY), "Mostly my garden and my grandchildren, Ellie and Sam. Ellie is 8, Sam is 11."),
        (
            has("User mostly keeps busy with User's garden"),
            has("User's grandchild is called Ellie"),
            has("User's grandchild is called Sam"),
            lacks("grandchildren is called"),
        ),
    ),
    Case(
        "'and my book club' with no verb stays in the answer it ends",
        ((A, _BUSY), "Gardening and my book club"),
        (has("User keeps busy with gardening and User's book club"), count(1, "book club")),
    ),
    Case(
        "guard: a wife named and two kids listed after 'our'",
        ("I live with my wife Ana and our two kids, Tom and Mia",),
        (has("User's wife is Ana"), has("User's child is called Tom"), has("User's child is called Mia")),
    ),
    Case(
        "how to reach someone is told how the user likes to be reached",
        ("I'm a bit hard of hearing so I prefer emails to phone calls.", "My son Peter lives in Canada, in Toronto."),
        (packs("How should I get in touch with my son?", "prefers emails"),),
    ),
]
