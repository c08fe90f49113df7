"""Behaviour cases from a chat with a flight attendant whose rota, relationship and job change (2026-11-28, written
here in other words): a face typed between two sentences (":(") ends the first, so "we split up :( Sam and I …"
is two facts, each of the speaker and Sam; what is asked of the assistant after a fact ("…, remind me to …",
"btw so keep that in mind", "…, wish me luck", "don't let me forget") is no part of the fact; "works as cabin
crew" takes no "a", and "at Dublin airport" is where, not "at Dublin"; "he starts at Allegro in March",
said of a brother, is kept of him. Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs, recall

CREW_CASES: list[Case] = [
    Case(
        "a face between two sentences",
        ("My boyfriend Sam lives in Oslo, we do long distance.", "we split up :( Sam and I aren't together anymore"),
        (has("User and Sam aren't together anymore"), lacks("boyfriend Sam"), lacks(":(")),
    ),
    Case(
        "a request after a health fact",
        ("I'm coeliac btw so keep that in mind for any baking ideas",),
        (has("User is coeliac"), lacks("keep that in mind"), lacks("btw")),
    ),
    Case(
        "a reminder asked after a date",
        ("My dad's birthday is on 9 August, remind me to book a table somewhere.",),
        (has("birthday is on 9 August"), lacks("remind User"), has("book a table")),
    ),
    Case(
        "luck wished for after a plan",
        ("I sit my driving test on Thursday, wish me luck!",),
        (has("driving test"), lacks("luck")),
    ),
    Case(
        "what not to be let do",
        ("Please don't let me order takeaway on weeknights.",),
        (has("User doesn't want to order takeaway on weeknights"), lacks("let User")),
    ),
    Case(
        "a crew takes no article",
        ("I work as ground crew at Dublin airport.",),
        (has("works as ground crew"), lacks("a ground crew"), has("works at Dublin airport"), recall("What's my job?", "ground crew")),
    ),
    Case(
        "where someone named starts",
        ("My sister Zofia is a lawyer at a firm in Gdansk.", "Zofia got a new job, she starts at Deloitte in May."),
        (has("Zofia starts at Deloitte in May"), packs("Where is Zofia going to work?", "Deloitte")),
    ),
]
