"""Behaviour cases from chatting as a taco-truck owner (2026-11-29, session 50): "I'm trying to add a vegan option but
honestly I hate jackfruit lol" kept "User is trying to add a vegan option but"; "actually it's gonna be Houston not
San Antonio, Inés found a better spot" kept the old fact with "(corrected: …)" after it, and "it's going to be
Houston not San Antonio" made "a second truck for Be Houston"; "before that I was a line cook" kept "Before that User
was …"; "Can I open on Monday for a private event?" was not told "User closes the truck on Mondays", which the user had
asked to be remembered; and the assistant's "Cute!" filled a pack. Each failed on the code before the fix it came
with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, lacks, packs, unpacked

_TRUCK = "we're looking at a second truck for San Antonio, hoping to launch in March"

_CHAT = (
    "hey! I'm Tomás, I run a taco truck in Austin with my sister Inés",
    (A, "Nice to meet you, Tomás! How long have you had the truck?"),
    "about 3 years now. before that I was a line cook at a hotel downtown",
    (A, "That's a great path. What's on the menu?"),
    "mostly birria and fish tacos. I'm trying to add a vegan option but honestly I hate jackfruit lol",
    (A, "Fair! Maybe mushrooms or cauliflower?"),
    "ooh cauliflower could work. oh btw my partner Dee is allergic to shellfish so I never cook shrimp at home",
    (A, "Good to know."),
    _TRUCK,
    (A, "Exciting! What's the budget?"),
    "like 80k, financing through the credit union",
    (A, "Makes sense."),
    "actually it's gonna be Houston not San Antonio, Inés found a better spot",
    (A, "Houston it is."),
    "what's a good marinade for carne asada?",
    (A, "Citrus, garlic, cumin, chili..."),
    "thanks. oh and please forget that I hate jackfruit, I tried it again and it's fine",
    (A, "Done."),
    "my daughter Luz turns 8 next week, she wants a unicorn cake",
    (A, "Cute!"),
    "remember that I close the truck on Mondays",
)

TACO_CASES: list[Case] = [
    Case(
        "a clause after 'but honestly I' is a clause of its own; the one before it ends without 'but'",
        ("I'm trying to add a vegan option but honestly I hate jackfruit lol",),
        (has("User is trying to add a vegan option"), lacks("option but"), has("User hates jackfruit")),
    ),
    Case(
        "a place swapped for a place of two words, with the reason after it",
        (_TRUCK, (A, "Exciting!"), "actually it's gonna be Houston not San Antonio, Inés found a better spot"),
        (has("second truck for Houston"), lacks("San Antonio"), lacks("corrected")),
    ),
    Case(
        "the new name is the name said, not the words before it",
        (_TRUCK, "Actually it's going to be Houston not San Antonio."),
        (has("second truck for Houston, hoping"), lacks("Be Houston")),
    ),
    Case(
        "'before that' says when, and is no part of the fact",
        ((A, "How long have you had the truck?"), "about 3 years now. before that I was a line cook at a hotel downtown"),
        (has("User was a line cook at a hotel downtown"), lacks("Before that")),
    ),
    Case(
        "what the user asked to be remembered answers a question in general words that uses its words",
        ("I run a taco truck in Austin.", "remember that I close the truck on Mondays"),
        (packs("Can I open on Monday for a private event?", "closes the truck on Mondays"),),
    ),
    Case(
        "the whole chat: the assistant's 'Cute!' is no answer; forgetting the jackfruit keeps the vegan option",
        _CHAT,
        (
            unpacked("where's the second truck going?", "Cute"),
            has("User is trying to add a vegan option"),
            lacks("jackfruit"),
            has("second truck for Houston"),
        ),
    ),
]
