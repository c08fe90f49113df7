"""Behaviour cases from a chat with a retired bus driver who runs a café with his wife, and one with a travelling
translator (2026-11-27, written here in other words): a carer's advice is the speaker's own rule to heed ("my GP
says I need to …", "the physio told me to …"), high blood pressure is a condition to heed, a limit raised again
with "back to" and a rate "raised it to" a bare number replace the old ones, and a question with no word of the
speaker's own ("Who is coming to stay?") still gets what memory says of it. Each failed on the code before the
fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks, packs, recall, unpacked

RETIREE_CASES: list[Case] = [
    Case(
        "a doctor's advice heeded at dinner",
        ("My GP says I have to cut back on sugar.", "I live in Dundee with my wife."),
        (kind("constraint", "cut back on sugar"), packs("Can you suggest a pudding I could bake?", "cut back on sugar")),
    ),
    Case(
        "high blood pressure is a condition to heed",
        ("I've had high blood pressure for years.", "I play bowls on Thursdays."),
        (kind("constraint", "high blood pressure"), packs("Suggest a dinner recipe for tonight", "high blood pressure")),
    ),
    Case(
        "what the physio told me to do",
        ("The physio told me to avoid running for a month.", "I coach a youth football team."),
        (has("User needs to avoid running"), lacks("physio told")),
    ),
    Case(
        "a limit raised again",
        ("I'm only allowed one glass of wine a week now.", "I work as a joiner.", "Good news, I can go back to 3 glasses of wine a week."),
        (has("3 glasses of wine"), lacks("one glass of wine")),
    ),
    Case(
        "a rate raised, said with 'it'",
        ("I charge 0.12 euros per word for translations, I just raised it to 0.14.",),
        (has("0.14 euros per word"), lacks("0.12")),
    ),
    Case(
        "who is coming, asked without 'my'",
        ("My wife's cousin Alan is coming to stay for ten days in May.", "I'm learning to play the ukulele."),
        (recall("Who is coming to stay?", "Alan"),),
    ),
    Case(  # a guard: a general question still gets nothing
        "a quiz question after a visit",
        ("My brother-in-law Pete is coming to visit for a week in June.",),
        (unpacked("Who was the first person to visit the South Pole?", "Pete"),),
    ),
]
