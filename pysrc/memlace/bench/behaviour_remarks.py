"""Behaviour cases found by reading what the offline extractor kept from a chat between two friends and matched
no observation of its turn (2026-11-27, the ways of speaking, written here in other words): cheers, wishes,
"they" and "it" said of something unnamed, things shown ("Here's a sketch I made"), "we both", a sentence that
ends like an abbreviation or a quoted title, and what the listener does. Each failed on the code before the fix
it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, calm, dated, has, kind, lacks, packs, recall, silent, stored_lacks, unpacked, warns

REMARK_CASES: list[Case] = [
    Case(
        "we both, we all",
        (("Ravi", "How did the mural go?"), ("Noor", "We both worked on the mural all weekend. We all have our own styles.")),
        (has("Noor worked on the mural"), lacks("boths"), lacks("alls")),
    ),
    Case(
        "a cheer is no fact",
        (("Ravi", "The exam is tomorrow."), ("Noor", "You can do it. We got this!"), ("Ravi", "Remember Noor, just do it!")),
        (silent(1), silent(2)),
    ),
    Case(  # a guard: "got this" with what was got
        "got this picture",
        (("Ravi", "Nice!"), ("Noor", "I got this picture of my cousins when we went sailing.")),
        (has("got this picture of Noor's cousins"),),
    ),
    Case(
        "a long road, a wish, a reminder",
        (
            ("Ravi", "How are you?"),
            ("Noor", "Been a long road, but I'm proud of how far I've come."),
            ("Noor", "Wish I was that patient. Reminds me how short life is."),
        ),
        (lacks("long road"), lacks("patient"), lacks("short life")),
    ),
    Case(
        "they, never named",
        (("Ravi", "Your kids are great."), ("Noor", "They're my biggest motivation. They give me the strength to keep going.")),
        (lacks("motivation"), lacks("strength")),
    ),
    Case(
        "something shown that the speaker made",
        (
            ("Ravi", "Been drawing lately?"),
            ("Noor", "I love drawing! Here's a charcoal sketch I made last weekend."),
            ("Noor", "I've been busy with pottery - here's something I just finished."),
        ),
        (has("Noor made a charcoal sketch"), lacks("Here's"), lacks("something"), has("busy with pottery")),
    ),
    Case(
        "one of the things shown",
        (("Ravi", "Any news?"), ("Noor", "Here's one of the language schools I'm looking into.")),
        (has("Noor is looking into language schools"),),
    ),
    Case(
        "a picture the speaker took",
        (("Ravi", "How was the shelter?"), ("Noor", "Here's a shot I got when I volunteered at the shelter.")),
        (has("Noor shared a shot"), lacks("Noor got a shot")),
    ),
    Case(
        "a word that ends like an abbreviation",
        (("Ravi", "Keep going!"), ("Noor", "I'm chasing my dreams. Climbing is my passion.")),
        (has("Climbing is Noor's passion"), lacks("dreams. Climbing")),
    ),
    Case(
        "a quoted title ends a sentence",
        (("Ravi", "What did you play?"), ("Noor", 'We played a new piece called "Night Train." It was really intense.')),
        (has('called "Night Train'), lacks("intense")),
    ),
    Case(
        "what the listener does is the listener's",
        (("Ravi", "I teach kids chess."), ("Noor", "I love how you use games to calm them and teach them patience.")),
        (lacks("Noor teaches"),),
    ),
    Case(
        "no, and what comes after",
        (("Ravi", "Have you tried surfing?"), ("Noor", "Nah, I haven't. I've been busy climbing.")),
        (lacks("hasn't"), has("Noor has been busy climbing")),
    ),
    Case(
        "since we last spoke",
        (("Ravi", "Hey!"), ("Noor", "Since we last spoke I am still renovating the flat!")),
        (has("Noor is still renovating the flat"), lacks("spoke")),
    ),
    Case(
        "said of everyone, or proposed",
        (
            ("Ravi", "Tough week."),
            ("Noor", "We all have our ups and downs. We can get through anything together!"),
            ("Noor", "We should grab coffee soon!"),
            ("Noor", "We should pay teachers more."),
        ),
        (silent(1), silent(2), has("Noor thinks people should pay teachers more")),
    ),
    Case(  # "we all" of an outing is the speaker's
        "we all went",
        (("Ravi", "How was the weekend?"), ("Noor", "We all went to the lake on Saturday.")),
        (has("Noor went to the lake"),),
    ),
    Case(
        "resolve is no fact",
        (
            ("Ravi", "Don't give up!"),
            ("Noor", "I won't quit on my dreams. I'll try my best!"),
            ("Noor", "With your support, I can handle anything. I'm gonna keep chasing those goals."),
        ),
        (silent(1), silent(2)),
    ),
    Case(
        "a reaction to what was shown",
        (("Ravi", "Here's my new bike."), ("Noor", "Love that dark green paint! I love the mountains, by the way.")),
        (lacks("green paint"), has("Noor loves the mountains")),
    ),
    Case(
        "an activity said without its I",
        (("Ravi", "What's new?"), ("Noor", "Researching language schools these days."), ("Noor", "Starting a business takes courage.")),
        (has("Noor is researching language schools"), silent(2)),
    ),
    Case(
        "a dream, and a feeling with its reason",
        (
            ("Ravi", "Big plans?"),
            ("Noor", "It's been a dream to sail around Greece."),
            ("Noor", "I'm lucky to have my sister and her kids nearby."),
            ("Noor", "I'm happy to help!"),
        ),
        (has("Noor's dream is to sail around Greece"), has("Noor is lucky to have Noor's sister"), silent(3)),
    ),
    Case(
        "said, then asked after a dash",
        (("Ravi", "Busy week?"), ("Noor", "FYI, I finished another quilt - want to see a pic?")),
        (has("Noor finished another quilt"),),
    ),
    Case(
        "what the listener recommended",
        (("Ravi", "How's the holiday?"), ("Noor", "Been reading that novel you recommended.")),
        (has("Noor has been reading that novel Ravi recommended"),),
    ),
    Case(
        "only it and them",
        (("Ravi", "Here are my new prints."), ("Noor", "I'd love to check them out! I'm obsessed with those.")),
        (silent(1),),
    ),
    Case(
        "love as a noun, and loving to",
        (("Ravi", "Here's my new poster."), ("Noor", "I love the friendship and love theme."), ("Noor", "Yeah, I love to.")),
        (lacks("loves theme"), silent(2)),
    ),
    Case(
        "cheering the listener on",
        (("Ravi", "The studio might close."), ("Noor", "Never give up! Keep it up!")),
        (silent(1),),
    ),
    Case(
        "an emoji ends a sentence, a tag question ends a statement",
        (
            ("Ravi", "News?"),
            ("Noor", "Inspiring 💪 I signed up for a pottery class today!"),
            ("Noor", "BTW, I opened my own bakery last month - pretty cool, huh?"),
            ("Noor", "I started doing what you said about stretching."),
        ),
        (
            has("Noor signed up for a pottery class"),
            lacks("Inspiring"),
            has("Noor opened Noor's own bakery"),
            has("what Ravi said about stretching"),
        ),
    ),
    # from a chat with a woodworker in Porto who is expecting a baby (2026-11-27)
    Case(
        "a corrected date that is still ahead",
        ("My wife Ana and I are expecting our first baby in March.", "actually it's in April, not March."),
        (dated("2024-04", "expecting", "April"), has("User's wife is Ana")),
    ),
    Case(
        "who someone is has no date",
        ("My wife Ana and I are expecting our first baby in March.",),
        (dated("2024-03", "expecting"), dated("2023-11", "User's wife is Ana")),
    ),
    Case(
        "what the assistant suggested",
        ((A, "Try a hardwax oil finish."), "I started doing what you said about the oil finish and it's so much better."),
        (has("what the assistant said about the oil finish"),),
    ),
    Case(
        "reminds me how much I miss",
        ("Reminds me how much I miss the big workshop at my old job.",),
        (has("User misses the big workshop"), lacks("Reminds")),
    ),
    Case(
        "one of the things just named",
        ("Researching cribs right now — it's been a dream to build one myself.",),
        (has("User is researching cribs"), has("User's dream is to build a crib")),
    ),
    # from a chat with a medical student in Leipzig (2026-11-27)
    Case(
        "not working there any more ends the job",
        ("I work part-time at a pharmacy on weekends.", "I'm not working at the pharmacy anymore."),
        (lacks("works part-time at a pharmacy"), recall("Where do I work?", "not working at the pharmacy")),
    ),
    Case(  # a guard: what else the older memory says stays
        "not on one tool any more, the other kept",
        ("I use Linear for tickets and Notion for docs.", "I'm not on Linear anymore."),
        (has("Notion for docs"),),
    ),
    Case("no longer, in third person", ("I no longer drink coffee.",), (has("User no longer drinks coffee"), lacks("noes"))),
    Case(
        "what was quit, and forgetting it",
        ("I used to play volleyball but I quit last year because of my knee.", "don't remember that I quit volleyball"),
        (lacks("volleyball"), lacks("quits")),
    ),
    Case(
        "read now and read then",
        ("I read a lot of sci-fi.", "I read Dune last year."),
        (has("User reads a lot of sci-fi"), has("User read Dune")),
    ),
    Case(
        "one message qualifies itself",
        ("I'm vegetarian but I eat fish sometimes.",),
        # (one memory since 2026-11-27, later: the diet a dinner must heed carries its exception)
        (has("User is vegetarian but eats fish sometimes"), calm("What should I cook tonight?", "conflicting")),
    ),
    Case(
        "an event said without 'I have'",
        ("exams in February, super stressed", "job interview on Monday!"),
        (dated("2024-02", "User has exams in February"), has("User has a job interview")),
    ),
    Case("an ordinal before a job", ("hey, I'm Lina, 3rd year med student in Leipzig",), (has("User is a 3rd year med student"),)),
    # from a chat with a mother of three in Pune (2026-11-27)
    Case(
        "children in a list, with their ages",
        ("Hi, I'm Priya. I have three kids: Arjun (8), Meera (5) and baby Dev",),
        (has("User's child is called Meera"), has("Arjun is 8"), lacks("(8)")),
    ),
    Case(
        "a child's age, corrected",
        ("I have three kids: Arjun (8), Meera (5) and baby Dev", "oops, Meera is 6 now, she had her birthday last week"),
        (has("Meera is 6"), lacks("Meera is 5")),
    ),
    Case(
        "two children's activities, then a switch",
        (
            "I have two kids: Arjun and Meera.",
            "Arjun has swimming on Tuesdays and Meera does ballet on Saturdays",
            "Arjun switched from swimming to football this month",
        ),
        (has("Meera does ballet"), lacks("Arjun has swimming"), has("Arjun switched from swimming to football")),
    ),
    Case(
        "we, the family",
        ("I have two kids: Arjun and Meera.", "Arjun is allergic to peanuts, we carry an epipen everywhere"),
        (has("User carries an epipen"), lacks("User and Arjun")),
    ),
    Case(
        "staying ends a move",
        ("Rahul and I are thinking of moving to Bangalore next year", "actually we decided to stay in Pune"),
        (has("User lives in Pune"), lacks("Bangalore")),
    ),
    Case(
        "the family, in a request",
        ("I have two kids: Arjun and Meera.", "Meera hates loud noises so no fireworks please"),
        (packs("Suggest a New Year's Eve plan for the family", "Meera hates loud noises"),),
    ),
    Case(
        "forgetting what no memory holds",
        ("I have two kids: Arjun and Dev.", "Dev is teething, nights are rough lol", "forget that Dev is teething"),
        (unpacked("How is Dev sleeping?", "teething"),),
    ),
    # from a chat planning a trip to Madrid, with the assistant's questions (2026-11-27)
    Case(
        "one of two things asked",
        ((A, "Great! Do you prefer window or aisle seats?"), "window, always"),
        (has("User prefers window seats"),),
    ),
    Case(
        "the other of two, and why",
        ((A, "Do you want a hotel near the center or somewhere quieter?"), "quieter please, I'm a light sleeper"),
        (has("User wants somewhere quieter"), has("User is a light sleeper")),
    ),
    Case(  # a guard: a choice about this answer is no fact about the user
        "a choice about the answer",
        ((A, "Do you want me to summarize or translate it?"), "summarize please", (A, "Would you like a summary or a list?"), "a list"),
        (silent(1), silent(3)),
    ),
    Case(
        "been there, after a suggestion",
        ((A, "You might enjoy the Prado museum, it has Velázquez and Goya."), "been there twice already lol"),
        (has("User has been to the Prado museum"),),
    ),
    Case(
        "a number given back",
        ((A, "I recommend Casa Patas. Is your budget around 150 euros a night?"), "more like 100"),
        (has("User's budget is about 100 euros a night"), recall("What's my budget per night?", "100 euros")),
    ),
    # from a chat typed in lower case without stops, by a barista in Turin (2026-11-27)
    Case(
        "typed without capitals or stops",
        ("hey so my names marco im 34 and i live in turin with my gf giulia",),
        (has("User's name is Marco"), has("User is 34"), has("User lives in Turin"), has("User's girlfriend is Giulia")),
    ),
    Case(
        "a known name typed small",
        ("i live with my gf giulia", "giulia is lactose intolerant so careful with recipes"),
        (kind("constraint", "Giulia is lactose intolerant"), packs("Give me a pasta recipe for tonight", "lactose")),
    ),
    Case(
        "a date corrected without a comma",
        ("my exam is on march 3rd", "wait its march 10th not march 3rd"),
        (dated("2024-03-10", "exam"), lacks("March 3rd")),
    ),
    Case(
        "run on, then a new job",
        ("i dont work at the cafe anymore i got a job at a wine bar",),
        (has("User doesn't work at the cafe anymore"), has("User works at a wine bar"), lacks("anymore User")),
    ),
    Case(
        "a food disliked, for a recipe",
        ("I hate coriander.", "I hate Mondays.", "I live in Turin."),
        (
            packs("Give me a pasta recipe for tonight", "coriander"),
            unpacked("Give me a pasta recipe for tonight", "Mondays"),
            unpacked("What's the capital of Peru?", "coriander"),
        ),
    ),
    Case("no X, please", ("no spicy food please, I can't handle it",), (kind("negative", "don't suggest spicy food"), lacks("handle it"))),
    # from a chat with a French teacher in Lyon whose tastes change (2026-11-27)
    Case(
        "went vegetarian, against a favourite food",
        ("Sushi is my favourite food.", "I went vegetarian in September."),
        (kind("constraint", "User is vegetarian"), warns("What should I have for dinner?", "Sushi", "vegetarian")),
    ),
    Case(
        "switched to what was said another way",
        ("I prefer dark mode in every app.", "actually I switched to light mode, my eyes hurt"),
        (has("User prefers light mode in every app"), lacks("dark mode"), recall("Which theme should I use for my editor?", "light mode")),
    ),
    Case(
        "quit, after 'that's not true any more'",
        ("I play the cello in a community orchestra.", "that's not true anymore, I quit the orchestra"),
        (lacks("plays the cello"), has("User quit the orchestra")),
    ),
    Case("a passport that expires", ("Remember that my passport expires in June",), (dated("2024-06", "passport"),)),
    # from a chat with a freelance illustrator (2026-11-27)
    Case(
        "what was done, said without its I",
        ("raised my rate to 75 an hour this month", "moved to Leeds last year", "signed up for a pottery class!"),
        (has("User raised User's rate to 75 an hour"), has("User lives in Leeds"), has("User signed up for a pottery class")),
    ),
    Case("looking back is no request", ("Remember when we went camping by the lake? That was so fun.",), (silent(0),)),
    # from a second reading of what the extractor kept from the friends' chat (2026-11-27)
    Case(  # a guard here (tests/test_extract.py holds the extractor to it)
        "'actually' that only goes on to tell",
        (("Ravi", "Nice bowl."), ("Noor", "Actually, I just took my parents sailing last weekend - it was such a lovely day!")),
        (has("Noor just took Noor's parents sailing"), stored_lacks("corrected"), lacks("lovely day")),
    ),
    Case(
        "a second verb after 'to'",
        ("I'm trying to stay calm and learn as much as I can.", "I love to knit and sew."),
        (has("User is trying to stay calm and learn as much"), has("User loves to knit and sew"), lacks("learns"), lacks("sews")),
    ),
    Case(
        "an offer to the listener",
        (
            ("Ravi", "Our charity run is next month."),
            ("Noor", "I'd love to join in and show my support! I'd love to help in any way I can."),
        ),
        (silent(1),),
    ),
    Case(  # a guard: an aim is no offer
        "an aim to help",
        ("I'd love to help kids in foster care one day.",),
        (has("User would love to help kids in foster care"),),
    ),
]
