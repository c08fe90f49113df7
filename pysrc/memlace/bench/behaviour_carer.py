"""Behaviour cases from a chat with a retired man who cares for his wife, who has dementia (2026-11-28, written here
in other words): "she" after "my name is …, my wife …" is the wife, and dementia or Parkinson's is a condition;
someone's appointment with its date is kept, and moved when "the appointment is now on …"; "Jamie's moving to
Perth" is "Jamie is moving", not something of his; a worry ("I don't know what we'll do") is no fact; "choir has
moved to Tuesdays" moves the day; a dose "upped" by the doctor several messages later is put in the old fact.
Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, kind, lacks

CARER_CASES: list[Case] = [
    Case(
        "a condition of the one named after the speaker's name",
        ("Hi, my name is Pat, I care for my husband Ron, he has Parkinson's.",),
        (kind("constraint", "Ron has Parkinson's"),),
    ),
    Case(
        "someone's appointment kept, then moved",
        (
            "My husband is called Ron.",
            "Ron has a neurology appointment on the 5th of May at 2pm.",
            "The hospital called, the appointment is now on the 12th of May.",
        ),
        (has("Ron has a neurology appointment on the 12th of May at 2pm"), lacks("5th of May")),
    ),
    Case(
        "'s as 'is' after a name, and a worry kept out",
        ("Our son Jamie is 30.", "Jamie's moving to Perth in the spring, I don't know what we'll do without him."),
        (has("Jamie is moving to Perth"), lacks("know what")),
    ),
    Case(
        "an activity that 'has moved'",
        ("I sing in a choir on Mondays at the church hall.", "Choir has moved to Tuesdays from next month."),
        (has("choir on Tuesdays"), lacks("Mondays")),
    ),
    Case(
        "a dose upped some messages later",
        (
            "I take ramipril 5mg every morning for my blood pressure.",
            "We're off to the coast for a week in June.",
            "My granddaughter Ivy starts school in September.",
            "The garden is looking lovely this year.",
            "I've been reading a lot of crime novels lately.",
            "The GP's upped my ramipril to 10mg.",
        ),
        (has("takes ramipril 10mg every morning"), lacks("5mg")),
    ),
]
