"""Behaviour cases from a chat with someone planning their wedding (2026-11-28, written here in other words): "the
wedding is on 14 June at …" is the speaker's own wedding, kept, and a later "we had to move the wedding" moves it;
"the guest list is down to 90 now, thank god" updates the head count; "Luca's mum is coeliac" is a constraint the
menu must heed; "my cousin Ines will be best man instead" ends who was named for the role. Each failed on the code
before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks, packs, recall

WEDDING_CASES: list[Case] = [
    Case(
        "the wedding said with 'the'",
        ("We're getting married next year!", "The wedding is on 9 May at a barn near Bath.", "We had to move the wedding to 16 May."),
        (has("User's wedding is on 16 May at a barn near Bath"), lacks("9 May"), recall("When is my wedding?", "16 May")),
    ),
    Case(
        "a guest list that shrinks",
        ("We're expecting about 150 guests.", "The guest list is down to 110 now, thank goodness."),
        (has("expecting 110 guests"), lacks("150 guests"), recall("How many guests are coming?", "110")),
    ),
    Case(
        "what an in-law must avoid",
        ("My fiancé is called Omar.", "Omar's dad is diabetic and my aunt Rosa is vegetarian."),
        (kind("constraint", "Omar's dad is diabetic"), packs("What food should we serve at the reception?", "diabetic")),
    ),
    Case(
        "a role someone else takes instead",
        ("My best man is my old schoolfriend Dan.", "Dan can't do it anymore, my cousin Ines will be best man instead."),
        (has("Ines will be best man"), lacks("best man is User's old schoolfriend Dan"), recall("Who is my best man?", "Ines")),
    ),
]
