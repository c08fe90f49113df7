"""Behaviour cases from a chat with a nurse about her household, landlord and holidays (2026-11-28, written here in
other words): a pronoun after a clause whose subject is someone the speaker names by what they are to them is that
one ("my boss is great, she lets me …", "our landlord is a nightmare, they owe us …", with the verb made to agree),
and "there" after a place the speaker loves, misses or visited is that place. What is said of "my wife" is said of
her by name once her name is known, so "my wife's now working at a clinic, not the hospital" replaces where Ewa
worked; a named person's new workplace replaces the old one; and a question whose only words are a day ("What do I
do on Tuesdays?") is not answered by whatever was said on a Tuesday. Each failed on the code before the fix it came
with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, kind, lacks, packs, recall, unpacked

HOUSEHOLD_CASES: list[Case] = [
    Case(
        "'they' after our landlord",
        ("Our landlord is hopeless, they still owe us the deposit for the old place.",),
        (has("landlord still owes"), lacks("they still owe"), recall("Who owes us money?", "deposit")),
    ),
    Case(
        "'she' after my manager",
        ("My manager is lovely, she lets me leave early on Thursdays.",),
        (has("User's manager lets User leave early on Thursdays"), lacks("She lets")),
    ),
    Case(
        "'they're' after my grandparents",
        ("My grandparents are both 90, they're still living on the farm in Clare.",),
        (has("grandparents are still living on the farm"), lacks("they're")),
    ),
    Case(
        "'she' after a name given stays the name",
        ("My cousin is called Orla, she lives in Sligo.",),
        (has("Orla lives in Sligo"),),
    ),
    Case(
        "'there' after a place loved",
        ("I adore Seville! We went there for our honeymoon.",),
        (has("went to Seville for"), lacks("went there")),
    ),
    Case(
        "'been there' after a place visited",
        ("We visited Krakow in 2022 and I've been there three times since.",),
        (has("been to Krakow three times"), lacks("been there")),
    ),
    Case(
        "'been there' for years is no visit",
        ("I manage a small team at a bakery in York. I've been there 5 years.",),
        (lacks("been to York"), has("bakery in York")),
    ),
    Case(
        "what 'my husband' does is his, by name",
        (
            "My husband Karim is an electrician, he works at the shipyard.",
            "My husband hates flying.",
            "My husband's now working at a solar firm, not the shipyard.",
        ),
        (
            has("Karim is now working at a solar firm"),
            lacks("works at the shipyard"),
            kind("preference", "Karim hates flying"),
            packs("Where does my husband work?", "solar firm"),
            unpacked("Where does my husband work?", "shipyard"),
        ),
    ),
    Case(
        "'my sister' of two sisters stays the user's",
        ("My sister Ann lives in Cork.", "My sister Kate lives in Derry.", "My sister is a vet."),
        (has("User's sister is a vet"),),
    ),
    Case(
        "a named person's new workplace",
        ("My brother Piotr works at Google.", "Piotr is working at Meta now."),
        (has("Piotr works at Meta"), lacks("works at Google")),
    ),
    Case(
        "a day's name alone is not what was said that day",
        (
            "I'm Tomasz, I teach maths in Gdansk.",
            (A, "Thanks Tomasz! Good to know."),
            "Can you suggest a quick dinner for tonight?",
            "What's the capital of Australia?",
        ),
        (unpacked("What do I do on Tuesdays?", "Thanks"), unpacked("What do I do on Tuesdays?", "capital")),
    ),
]
