"""Behaviour cases found by chatting (2026-11-27): what the user asks of one kind of answer and when it reaches the
pack (a nurse who codes), a father's chat about his daughter's allergy, a job he forgot about and a move, and a
UX researcher's new job, dog and break-up, a product manager's launch, leave and tools, and a retired teacher's
grandson and ways to keep in touch, a nurse's side project, probes of remembering and forgetting, a vegan with two cats, and a runner on medication. Each
failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, dated, entity, erased, has, kind, lacks, no_entity, packs, recall, silent, unpacked

ASK_CASES: list[Case] = [
    Case(
        "a request for one kind of answer",
        ("When I ask for a recipe, always give metric units.", "I live in Leeds."),
        (
            kind("negative", "when User asks for a recipe", "metric units"),
            packs("Give me a recipe for banana bread", "metric units"),
            unpacked("What is the capital of Peru?", "metric units"),
        ),
    ),
    Case(
        "a rule about code, on a question about code",
        ("Please always give me code examples in Go.", "I'm a nurse in Porto."),
        (
            packs("How do I read a file line by line?", "code examples in Go"),
            packs("Write a function that reverses a linked list", "code examples in Go"),
            unpacked("How do I file my taxes?", "code examples"),
        ),
    ),
    Case(
        "what was true back then",
        ("When I was a kid, I lived in Goa.", "When I moved to Berlin, I started working at Zalando."),
        (
            has("User lived in Goa when User was a kid"),
            has("started working at Zalando when User moved to Berlin"),
            packs("Where did I grow up?", "Goa"),
        ),
    ),
    # from a chat with a backend developer in Osaka and his daughter Yui (2026-11-27)
    Case(
        "an introduction without articles",
        ("hey! I'm Kenji, backend dev at a logistics startup in Osaka",),
        (has("User's name is Kenji"), has("User works as a backend dev at a logistics startup")),
    ),
    Case(
        "she's, after her name",
        ("My daughter Yui starts elementary school in April.", "Yui hates tomatoes btw, and she's allergic to kiwi"),
        (kind("constraint", "Yui is allergic to kiwi"), has("Yui hates tomatoes")),
    ),
    Case(
        "not this, it's that she's allergic to",
        (
            "My daughter Yui starts elementary school in April.",
            "Yui is allergic to kiwi.",
            "oh wait, it's not kiwi, it's mango she's allergic to. kiwi is fine",
        ),
        (
            kind("constraint", "Yui is allergic to mango"),
            lacks("kiwi"),
            lacks("corrected"),
            packs("What should I pack for Yui's lunch?", "allergic to mango"),
            packs("What should I cook tonight?", "allergic to mango"),
        ),
    ),
    Case(
        "not this, it's that I'm allergic to",
        ("I'm allergic to kiwi.", "oh wait, it's not kiwi, it's mango I'm allergic to. kiwi is fine"),
        (kind("constraint", "User is allergic to mango"), lacks("kiwi"), lacks("corrected")),
    ),
    Case(
        "what someone keeps doing",
        ("My daughter Yui starts school in April.", "She's been learning piano since she was 4."),
        (has("Yui has been learning piano since she was 4"),),
    ),
    Case(
        "forget the thing, said with more",
        (
            "I'm thinking about switching jobs, maybe to a fintech.",
            "I run every morning before work.",
            "actually forget the job thing, I decided to stay",
        ),
        (lacks("switching jobs"), has("runs every morning")),
    ),
    Case(
        "forget the idea",
        ("I'm thinking about switching jobs, maybe to a fintech.", "forget about the fintech idea, I'm staying"),
        (lacks("fintech"),),
    ),
    Case(
        "a household's move",
        ("I live in Osaka.", "we moved from Osaka to Kyoto last month actually, the commute is long now"),
        (has("User lives in Kyoto"), lacks("Osaka"), lacks("works at Kyoto")),
    ),
    Case(  # a guard
        "a move from one company to another",
        ("I moved from Google to Meta last year.",),
        (has("works at Meta"), lacks("lives in")),
    ),
    # from a chat with a UX researcher in Madrid (2026-11-27)
    Case(
        "the job interviewed for",
        (
            "I have an interview at Google on Friday for a UX research role, super nervous",
            "can you give me some common UX research interview questions?",
            "I got the job!! starting in March",
        ),
        (
            has("User got the UX research job at Google, starting in March"),
            lacks("super nervous"),
            recall("Where do I work?", "Google"),
            dated("2024-03", "UX research job at Google"),
        ),
    ),
    Case(
        "a picture of the dog",
        ("Here's a pic of my dog Nube at the beach", "Here's a photo of the cake I made"),
        (has("User has a dog called Nube"), lacks("pic of"), lacks("Here's"), has("User shared a photo of the cake User made")),
    ),
    Case(
        "his birthday, then the right day",
        (
            "My boyfriend Luis loves climbing.",
            "I need to buy Luis a birthday gift, his birthday is June 12.",
            "Oops, his birthday is June 21, not June 12",
        ),
        (has("Luis's birthday is June 21"), lacks("June 12")),
    ),
    Case(
        "a break-up, and him not to be raised",
        ("My boyfriend Luis loves hiking.", "Luis and I broke up. Please don't bring him up anymore."),
        (
            has("User and Luis broke up"),
            lacks("boyfriend Luis"),
            kind("negative", "don't bring Luis up"),
            unpacked("Any good hiking trails near Madrid?", "Luis"),
            packs("What does Luis like?", "Luis loves hiking"),
        ),
    ),
    Case(
        "we split up",
        ("I live with my girlfriend Ana in Porto.", "we split up last month, it's been rough"),
        (has("User and Ana split up"), lacks("girlfriend is Ana"), lacks("User splits")),
    ),
    # from a chat with a product manager (2026-11-27)
    Case(
        "a launch pushed back",
        ("We're launching the invoicing revamp on March 3rd.", "ugh the launch got pushed to March 17"),
        (has("launching the invoicing revamp on March 17"), lacks("March 3rd"), dated("2024-03-17", "invoicing revamp")),
    ),
    Case(
        "a month still to come",
        ("My partner Chidi and I are expecting our first baby in May!",),
        (dated("2024-05", "first baby"),),
    ),
    Case(
        "someone leaving",
        ("My manager is Priya.", "Priya is leaving the company next month, Tunde is taking over as VP"),
        (has("Priya is leaving the company"), has("Tunde is taking over as VP")),
    ),
    Case(
        "one tool for another, the rest kept",
        ("I use Linear for tickets and Notion for docs.", "we switched from Linear to Jira last week"),
        (has("User uses Jira for tickets and Notion for docs"), lacks("Linear")),
    ),
    Case(  # a guard
        "a switch of nothing said before",
        ("I switched from Python to Rust last year.",),
        (has("switched from Python to Rust"),),
    ),
    # from a chat with a retired teacher in Bath (2026-11-27)
    Case(
        "an age, then what one is",
        ("My name is Rose and I'm 72, retired schoolteacher living in Bath.",),
        (has("User's name is Rose"), has("User is 72"), has("User is a retired schoolteacher living in Bath")),
    ),
    Case(
        "he's 9, then 10",
        (
            "My grandson Oliver is coming to stay next weekend, he's 9 and mad about dinosaurs.",
            "Sorry, Oliver is 10 now, he had his birthday last week.",
        ),
        (has("Oliver is 10 and mad about dinosaurs"), lacks("Oliver is 9"), entity("Oliver", "person")),
    ),
    Case(
        "don't suggest it",
        ("I don't use WhatsApp, please don't suggest it.", "My daughter Claire lives in Bristol."),
        (kind("negative", "don't suggest WhatsApp"), packs("What's the best way to keep in touch with Claire?", "WhatsApp")),
    ),
    Case(
        "hard of hearing",
        ("I'm hard of hearing so I prefer emails to phone calls.", "My daughter Claire lives in Bristol."),
        (kind("constraint", "hard of hearing"), packs("Should I call Claire tonight?", "hard of hearing")),
    ),
    # from a chat with a nurse building an app on the side (2026-11-27)
    Case(
        "hi, i'm building",
        ("hi, i'm building a side project, a habit tracker app in flutter",),
        (has("User is building a side project"), no_entity("Building")),
    ),
    Case(
        "a short answer to the assistant's question",
        (
            "i'm a solo dev, doing this after my day job",
            (A, "Impressive! Balancing shifts with coding is tough. Do you use Firebase?"),
            "no, supabase. firebase pricing scared me",
        ),
        (has("User uses supabase"), unpacked("What backend does my app use?", "Do you use Firebase")),
    ),
    Case(  # a guard
        "no idea is no answer",
        ((A, "Do you use Firebase?"), "no idea, what is it?"),
        (lacks("idea"), silent(1)),
    ),
    Case(
        "a count corrected",
        ("i work night shifts 3 days a week so i code in the mornings", "scratch that, it's 4 night shifts now, they changed the rota"),
        (has("night shifts 4 days a week"), lacks("3 days"), lacks("corrected")),
    ),
    # probes of remembering and forgetting (2026-11-27)
    Case(
        "an ex, and the two of them",
        ("my ex is called Marcus, we dated for 3 years",),
        (kind("relationship", "User's ex is called Marcus"), has("User and Marcus dated for 3 years")),
    ),
    Case(
        "forget everything about my ex",
        ("my ex is called Marcus, we dated for 3 years", "I live in Leeds.", "forget everything about my ex"),
        (erased("Marcus"), lacks("dated"), has("User lives in Leeds")),
    ),
    Case(  # a guard
        "a sister's birthday, remembered",
        ("Remember: my sister Nadia's birthday is 3 April",),
        (entity("Nadia", "person"), no_entity("Nadia's"), recall("When is Nadia's birthday?", "3 April")),
    ),
    Case(
        "colourblind",
        ("Keep in mind I'm colourblind (red-green)", "I live in Leeds."),
        (kind("constraint", "colourblind"), packs("Help me pick colours for my slides", "colourblind")),
    ),
    Case(
        "we, the two just named",
        ("My sister Ana lives in Porto, we talk every day",),
        (has("User and Ana talk every day"),),
    ),
    # from a chat with a vegan with two cats (2026-11-27)
    Case(
        "a cat that died, told with the cats",
        ("I have two cats, Mochi and Tofu", "I live in Leeds.", "Tofu died last month :("),
        (has("Tofu died"), lacks(":("), packs("How many cats do I have?", "Tofu died")),
    ),
    Case(
        "a name in brackets, living with us",
        ("my mom (Linda) lives with us now",),
        (has("User's mom Linda lives with User"), entity("Linda", "person"), lacks("(Linda)")),
    ),
    # from a chat with a runner on medication who is trying for a baby (2026-11-27)
    Case(
        "a dose corrected",
        ("I take 50mg of sertraline every morning", "actually it's 100mg now, my doctor upped it last week"),
        (kind("constraint", "User takes 100mg of sertraline every morning"), lacks("50mg"), lacks("corrected")),
    ),
    Case(
        "a medicine question heeds a pregnancy and a medicine taken",
        ("I take 100mg of sertraline every morning", "I'm trying to get pregnant", "I take the bus to work"),
        (
            packs("Can I take ibuprofen for a headache?", "sertraline"),
            packs("Can I take ibuprofen for a headache?", "pregnant"),
            unpacked("Can I take ibuprofen for a headache?", "bus"),
        ),
    ),
    Case(
        "a race I've got",
        ("I've got a half marathon on 12 May",),
        (dated("2024-05-12", "half marathon"),),
    ),
    Case(
        "eager to hear more is no constraint",
        ("I live in Leeds.", "I can't wait to hear more about it!"),
        (silent(1), unpacked("Draft a polite email declining a meeting.", "can't wait")),
    ),
    Case(
        "what makes me ill",
        ("I live in Leeds.", "Please keep in mind: peanuts make me very ill."),
        (kind("constraint", "Peanuts make User very ill"), packs("What's a good recipe for dinner tonight?", "peanuts")),
    ),
]
