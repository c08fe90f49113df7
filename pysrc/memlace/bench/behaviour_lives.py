"""Behaviour cases found by chatting with memlace about people's lives (a teacher, an architect, a GP), from
requests of the kind a chat history is full of, and from LoCoMo's unsupported memories (2026-11-27): each failed on
the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, count, erased, has, kind, lacks, packs, recall, silent, unpacked

LIFE_CASES: list[Case] = [
    # from a chat with a chemistry teacher expecting her second child (2026-11-26, night)
    Case(
        "a thing's day moved",
        (
            "I run the science club on Wednesdays after school.",
            "I'm a chemistry teacher.",
            "Sorry, the science club moved to Thursdays this term.",
        ),
        (has("science club on Thursdays after school"), lacks("Wednesdays"), lacks("corrected"), count(1, "science club")),
    ),
    Case(
        "a day meant, put in its place",
        ("My dentist appointment is on Tuesday at 3pm.", "Sorry, I meant Thursday."),
        (has("dentist appointment is on Thursday", "at 3pm"), lacks("Tuesday"), lacks("corrected")),
    ),
    Case(  # a guard
        "a thing that changed, of nothing said",
        ("I run the science club on Wednesdays.", "Sorry, the kids are so loud now."),
        (has("science club on Wednesdays"), silent(1)),
    ),
    Case(
        "a correction said thing first",
        ("I'm allergic to shellfish.", "Actually, it's only shrimp I'm allergic to, crab is fine."),
        (kind("constraint", "allergic to only shrimp"), lacks("shellfish"), lacks("corrected")),
    ),
    Case(
        "reactions and echoes",
        (
            (A, "You could measure how fast Alka-Seltzer dissolves."),
            "Love the Alka-Seltzer idea, thanks.",
            "Right, that's what I told my students.",
        ),
        (silent(1), silent(2)),
    ),
    Case(
        "what a place allows",
        ("I need lab ideas for my class. Nothing with open flames, our lab doesn't allow them.",),
        (kind("constraint", "lab doesn't allow open flames"),),
    ),
    Case(
        "she, after a question that names her",
        ("My sister Yuki lives in Sapporo.", "What should I get Yuki for her birthday? She loves hiking and old films."),
        (has("Yuki loves hiking and old films"), packs("Any gift ideas for my sister?", "hiking")),
    ),
    Case(
        "where I live, from what names a place",
        ("I teach chemistry at a high school in Osaka.", "I run the science club on Thursdays.", "What's the capital of Australia?"),
        (packs("Where do I live?", "Osaka"), unpacked("Where do I live?", "science club")),
    ),
    # from a chat with an architect in Rotterdam: cats, a trip, a break-up (2026-11-27)
    Case(
        "a plan said again with a new month",
        ("My girlfriend Sam and I are going to Madrid in May.", "Ugh, my flight got cancelled, we're going in June now."),
        (has("going to Madrid in June"), lacks("in May"), lacks("is going in June now"), has("flight got cancelled")),
    ),
    Case(
        "a pet's death",
        ("I have two cats, Miso and Tofu.", "Sad news, Tofu passed away last night."),
        (has("Tofu passed away"), lacks("Sad news")),
    ),
    Case(
        "an introduction after a full stop",
        ("hey, I'm Tom. 41, software architect at a logistics company in Rotterdam.",),
        (has("Tom"), has("41 years old"), has("works as a software architect", "Rotterdam")),
    ),
    Case(
        "them, with what kind",
        ("Please don't ever recommend horror movies, I can't stand them.",),
        (has("can't stand horror movies"), lacks("can't stand movies")),
    ),
    Case(
        "she, in the turn after",
        (
            "Can you help me write a birthday message for my colleague Anke?",
            (A, "Of course! 'Happy birthday, Anke!'"),
            "Make it funnier, she loves terrible puns.",
        ),
        (has("Anke loves terrible puns"),),
    ),
    Case(
        "someone forgotten, every version",
        (
            "My girlfriend Sam and I are going to Madrid in May.",
            "Actually we're going in June now.",
            "Sam loves flamenco.",
            "I live in Rotterdam with my girlfriend Sam.",
            "Forget everything about Sam please.",
        ),
        (erased("Sam"), has("lives in Rotterdam")),
    ),
    Case(
        "a promotion, where one works kept",
        ("I'm a software architect at a logistics company in Rotterdam.", "I got promoted to principal engineer today!"),
        (has("promoted to principal engineer", "logistics company"), lacks("works as a software architect"), lacks("engineer today")),
    ),
    Case(
        "who someone is, from a request",
        ("Can you help me write a birthday message for my colleague Anke?",),
        (has("colleague", "Anke"), recall("Who is Anke?", "colleague")),
    ),
    Case(
        "agreement is no answer",
        (
            "I'm a software architect at a logistics company in Rotterdam.",
            "Can you write a birthday message for my colleague Anke?",
            (A, "'Happy birthday, Anke! You're not getting older, you're just increasing in value.'"),
            "haha perfect",
            "I'm vegetarian.",
        ),
        (unpacked("What's my job?", "perfect"), unpacked("What should I cook for dinner?", "perfect"), silent(3)),
    ),
    # from a chat with a GP in Leicester: two kids, diabetes, a half marathon given up (2026-11-27)
    Case(
        "a child's new age, said turns later",
        (
            "My son Arjun is 7 and my daughter Meera is 4.",
            "I love reading.",
            "I run most mornings.",
            "I work as a GP in Leicester.",
            "I have type 2 diabetes.",
            "I like Ishiguro.",
            "My husband Raj is a chef.",
            "Arjun turned 8 today!",
        ),
        (has("son Arjun is 8"), lacks("Arjun is 7"), has("Meera is 4"), recall("How old is my son?", "Arjun is 8")),
    ),
    Case(
        "a child's first day",
        ("My daughter Meera is 4.", "Meera started nursery this week, she loves it."),
        (has("Meera started nursery"),),
    ),
    Case(
        "a knee playing up",
        ("Actually I gave up on the half marathon, my knee has been playing up.",),
        (kind("constraint", "knee has been playing up"), has("gave up on the half marathon")),
    ),
    Case(
        "remind me",
        ("Remind me to book the car MOT next Friday.", "Can you remind me what metformin does?"),
        (has("needs to book the car MOT on Friday"), silent(1)),
    ),
    Case(
        "a GP is a job",
        ("I'm a GP in Leicester.", "I'm a paramedic now."),
        (has("works as a paramedic"), lacks("GP")),
    ),
    Case(  # a guard
        "my kids are my son and daughter",
        (
            "Quick background: I'm Priya, a GP in Leicester, two kids.",
            "My son Arjun is 7 and my daughter Meera is 4.",
            "I have type 2 diabetes, diagnosed last year, so I watch my carbs.",
            "My husband Raj is a chef, so dinners are his job.",
        ),
        (packs("How old are my kids?", "Arjun is 7"), packs("How old are my kids?", "Meera is 4")),
    ),
    Case(
        "my children, said of my son",
        ("My son Arjun is obsessed with dinosaurs.", "I have type 2 diabetes.", "My husband Raj is a chef."),
        (packs("Any Christmas present ideas for my children?", "dinosaurs"),),
    ),
    Case(
        "a recommendation heeds tastes",
        ("My favourite authors are Ishiguro, Le Guin and Pratchett.", "I run most mornings."),
        (packs("What are some good sci-fi books?", "Ishiguro"), unpacked("What are some good sci-fi books?", "run")),
    ),
    # from requests of the kind a ChatGPT history is full of: the fact comes with the question (2026-11-27)
    Case(
        "a plan told before a request",
        ("I'm planning my wedding in Tuscany for 120 guests with a budget of 30k, can you make a checklist?",),
        (has("planning", "wedding in Tuscany", "120 guests"), lacks("checklist")),
    ),
    Case(
        "where one lives, told as a reason",
        ("Since I live in Denver, what's the best time to plant tomatoes?",),
        (has("lives in Denver"), lacks("tomatoes")),
    ),
    Case(
        "a diet, told as a role",
        ("As a vegan, what protein sources should I focus on?",),
        (kind("constraint", "User is vegan"), lacks("protein")),
    ),
    Case(
        "an injury being healed",
        ("Can you suggest a workout plan? I'm recovering from a torn ACL so nothing high impact.",),
        (kind("constraint", "recovering from a torn ACL"), lacks("high impact")),
    ),
    Case(
        "a family's size",
        ("Help me plan meals for the week, we're a family of four and my youngest is allergic to eggs.",),
        (has("family has four people"), lacks("is a family"), kind("constraint", "allergic to eggs")),
    ),
    # found in what the offline extractor kept from LoCoMo's dev turns that no observation of theirs supported (2026-11-27)
    Case(
        "when, said first",
        (("John", "Just last week, I found a violin concert that we all enjoyed."),),
        (has("John found a violin concert"), lacks("lasts"), count(1, "John")),
    ),
    Case(
        "what something did to the speaker",
        (
            ("Maria", "It reminded me of how powerful compassion can be."),
            ("Maria", "Thanks for always having my back."),
            ("Maria", "I'm gonna keep going and never quit."),
            ("Maria", "Doing research and readying myself emotionally makes sense."),
            ("Maria", "Those moments really make me thankful."),
            ("Maria", "It made me realize how much I love teaching."),
        ),
        (silent(0), silent(1), silent(2), silent(3), silent(4), has("loves teaching")),
    ),
    Case(
        "look at it",
        (("Melanie", "I've done an abstract painting too, take a look!"),),
        (has("Melanie has done an abstract painting"), lacks("take a look")),
    ),
    Case(
        "more encouragement",
        (
            ("Jon", "Really made me think about taking care of our minds."),
            ("Jon", "I won't let anything hold me back."),
            ("Jon", "Thanks for letting me help!"),
            ("Jon", "I'll keep pushing and working to make my dreams happen."),
        ),
        (silent(0), silent(1), silent(2), silent(3)),
    ),
    # from a chat with a student who types in lower case (2026-11-27)
    Case(
        "typed in lower case",
        ("hi im sam, 20, studying CS at Edinburgh", "wait im 21 actually, birthday was last week lol", "ok got it"),
        (has("name is Sam"), has("21 years old"), lacks("20 years old"), has("studying CS at Edinburgh"), silent(2)),
    ),
    Case(
        "a new roommate",
        ("my roommate Jake is super messy", "Jake moved out, my new roommate is Priya"),
        (has("roommate is Priya"), lacks("Jake is super messy"), recall("Who is my roommate?", "Priya")),
    ),
    Case(
        "a girlfriend named in lower case",
        ("my gf sarah is visiting from glasgow this weekend",),
        (has("girlfriend Sarah"),),
    ),
    Case(
        "the old value first",
        ("I work part time at a bookshop on Saturdays", "not saturdays anymore, sundays"),
        (has("bookshop on Sundays"), lacks("Saturdays")),
    ),
    Case(
        "one dropped from a list",
        ("this term I'm taking algorithms, databases and machine learning", "I'm lactose intolerant", "I dropped databases, too much work"),
        (has("taking algorithms and machine learning"), lacks("databases and machine learning"), has("dropped databases")),
    ),
    # from probing how a change of taste, a pet and a sister are told (2026-11-27)
    Case(
        "she, after a name in the same sentence",
        ("My sister's name is Laura and she lives in Lyon.",),
        (has("sister's name is Laura"), has("Laura lives in Lyon")),
    ),
    Case(
        "an allergy that never was",
        ("I'm allergic to penicillin.", "I'm no longer allergic to penicillin, turns out it was a misdiagnosis."),
        (kind("fact", "no longer allergic to penicillin"), lacks("User is allergic to penicillin")),
    ),
    Case(
        "a pet named in the next sentence",
        ("We got a puppy! His name is Pixel.",),
        (has("puppy is called Pixel"), recall("What's my dog called?", "Pixel")),
    ),
    Case(
        "an activity given up",
        ("I run three times a week.", "I love Thai food.", "I'm not into running anymore."),
        # (what was given up is replaced: the running it ends is all the older memory said)
        (has("not into running"), lacks("runs three times a week"), recall("Should I sign up for a half marathon?", "not into running")),
    ),
    Case(
        "never mind, ignore",
        (
            "I'm thinking of getting a cat.",
            "Never mind what I said about getting a cat.",
            "My manager is called Petra.",
            "Ignore what I said about my manager.",
        ),
        (lacks("cat"), lacks("Petra"), lacks("never mind"), lacks("Ignore")),
    ),
    Case(
        "scratch that",
        ("I live in Porto.", "scratch that, I live in Braga."),
        (has("User lives in Braga"), lacks("Porto"), lacks("Scratch")),
    ),
    Case(
        "a meeting moved, named in other words",
        ("I have a meeting with the bank on Monday at 10am.", "The bank meeting got moved to Tuesday."),
        (has("meeting with the bank on Tuesday 21 November 2023 at 10am"), lacks("Monday"), count(1, "bank")),
    ),
    Case(
        "a diet kept to, heeded when baking",
        ("I'm trying to cut down on sugar.", "My friend Omar is allergic to nuts.", "Last weekend I went hiking in the Peak District."),
        (kind("constraint", "cut down on sugar"), packs("Omar is coming for dinner, what should I bake?", "sugar")),
    ),
    # how every answer should be, and a move that happened (2026-11-27)
    Case(
        "how to answer, in every pack",
        ("Always reply in Spanish.", "I live in Lyon.", "I love cats."),
        (packs("What is the capital of Peru?", "reply in Spanish"), packs("Write me a poem about autumn", "reply in Spanish")),
    ),
    Case(
        "style instructions kept, a one-off not",
        ("Don't use bullet points.", "Keep your answers short please.", "Stop using emojis.", "Can you keep it brief?"),
        (kind("negative", "bullet points"), has("keep your answers short"), lacks("please"), kind("negative", "emojis"), silent(3)),
    ),
    Case(
        "a move that happened",
        ("I'm moving to Berlin next month.", "I've moved to Berlin, finally settled in!"),
        (has("lives in Berlin"), lacks("moving to Berlin")),
    ),
    Case(
        "a new favourite, and a brother's move",
        (
            "My favourite band is Radiohead.",
            "Actually my favourite band is Portishead now.",
            "My brother Tom lives in Leeds.",
            "Tom moved to York last month.",
        ),
        (has("favourite band is Portishead"), lacks("Portishead now"), lacks("Radiohead"), has("Tom lives in York"), lacks("Leeds")),
    ),
    Case(
        "someone else's move",
        ("I live in Leeds.", "My brother Tom lives in Leeds too.", "Tom moved to York last month."),
        (has("User lives in Leeds"), has("brother Tom lives in York"), lacks("York too")),
    ),
]
