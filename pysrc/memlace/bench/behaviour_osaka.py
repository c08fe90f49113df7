"""Behaviour cases from chatting as a teacher who moved to Osaka, and as a nurse learning to code (2026-11-29, session
51): "year 5, mostly maths and science" to "What do you teach?" and "mostly birria and fish tacos" to "What's on the
menu?" made nothing; "I'm allergic to buckwheat which is a pain here lol, soba everywhere" kept how the speaker felt
about it in the constraint; "I work at Lidl, mornings only" lost the hours; "I've raised my rate to 0.12 per word from
January" lost "from January"; "we run everything on k8s" was not found by a question about Kubernetes; and "Can you
explain what a function is?" was not told "User is a total beginner at coding"; and, chatting as a runner, "my
girlfriend Jo runs too, she did Berlin last year in 3:40" kept no race, so "oh wait it was 3:45 not 3:40" had nothing
to correct; and, as a product manager, "our Q3 roadmap." to "What's it about?" kept "User's Q3 roadmap", "so I'm off the
whole second half of December" was read as leaving, and "the presentation got moved to Friday" lost the date the
Thursday had; and, as a father of two, "Idris is lactose intolerant" was not told to "what's a quick dinner for the
kids?" (a name not yet known as a person was taken for a pet's), "Leila works nights as an ICU nurse" kept nothing, and "That must be tough." and "Happy birthday to Idris!" filled packs. From LoCoMo's conv-26: "And yup, I do- Oscar, my guinea pig." kept "Caroline's guinea pig" and "Yup,
Caroline does- Oscar". As a designer in Porto: "oh I don't work for the Dutch company anymore, I freelance now" kept
no "freelance". As a software engineer: "yo, Ken here, 28, software engineer in Toronto" kept nothing, and "read The
Martian already, loved it" to a suggestion of it neither. As a woman with diabetes: "and lisinopril 10mg in the
morning" after "my doctor put me on metformin 500mg twice a day" kept nothing, "my doctor upped the metformin to 1000mg
last week" kept "User's doctor upped …" beside no dose, "whats the capital of peru" asked again got the first asking
back, and "Thanks for the update." filled a pack. As a nurse in Dublin: "So a bit about me: I'm Aya, …" kept "A bit
about User: User is Aya", and "Thanks Aya, that's a great intro!" filled a pack. As a waiter learning English: "i have
one daughter, Sofia, she have 4 years" kept "User has Sofia she have 4 years", "sorry i mean she have 5 years, not 4"
"User means she have 5 years", "i work like waiter" and "since 2 years" stayed as typed, and "my english is not so
good, please correct my errors" was no request. As a vet doing an MBA: "sorry, I told you wrong - they're whippets" of
"two greyhounds, Pepper and Salt" kept the greyhounds with "(corrected: …)", "I'm doing an MBA" alone kept nothing and
"…, it's killing me" stayed in the fact, and "I hate long intros in answers, get to the point" was not carried to
every answer. Planning a son's party: "two kids have nut allergies and one, Maya, is coeliac" kept nothing, and "about 15"
to "How many kids?" made "User has about 15 kids". As a developer in Frankfurt: "please never suggest sushi" was not told to
"Plan a dinner for Sarah and me". As a grad student: "she pushed it to January 10 actually" of "my advisor Dr. Kim wants my
first chapter by Dec 15" kept both (a month said short was no value, and "pushed it" no change), "Dec" was an entity,
"forget the surfing thing, I haven't been in months" kept "User hasn't been in months", and "Suggest a quick breakfast"
was not told "User gets migraines if User skips meals". As a pregnant physio: "I can't have caffeine right now obviously" kept
its "obviously". Each failed on the code before the
fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, lacks, no_entity, packs, silent, unpacked

_BEGINNER = "hi! I'm a total beginner at coding, just started learning Python last week"

OSAKA_CASES: list[Case] = [
    Case(
        "a short answer to 'What do you teach?' says what the user teaches",
        ("I just moved to Osaka for a teaching job.", (A, "Welcome to Osaka! What do you teach?"), "year 5, mostly maths and science"),
        (has("User teaches year 5, mostly maths and science"),),
    ),
    Case(
        "'What do you drive now?' and 'a Golf'",
        ("I got a new car.", (A, "Nice! What do you drive now?"), "a Golf"),
        (has("User drives a Golf"),),
    ),
    Case(
        "guard: 'What do you think?' answered 'sounds good' says nothing about the user",
        ("Here's my plan for the week.", (A, "Looks solid. What do you think?"), "sounds good"),
        (silent(2),),
    ),
    Case(
        "a short answer to 'What's on the menu?' is about the menu the user just named",
        ("I run a taco truck in Austin.", (A, "Nice! What's on the menu?"), "mostly birria and fish tacos"),
        (has("User's menu is mostly birria and fish tacos"),),
    ),
    Case(
        "a short answer to 'what kind of work?' keeps its 'mostly', in lower case",
        ("I'm a freelance translator.", (A, "Oh cool, what kind of work?"), "Mostly legal and medical docs"),
        (has("User's work is mostly legal and medical docs"),),
    ),
    Case(
        "how the speaker feels about an allergy is no part of the constraint",
        ("I'm allergic to buckwheat which is a pain here lol, soba everywhere",),
        (has("User is allergic to buckwheat"), lacks("pain"), lacks("soba")),
    ),
    Case(
        "guard: 'which is near York' is not how one feels, and the place stays a place",
        ("I live in Leeds, which is near York.",),
        (has("User lives in Leeds"), lacks("pain")),
    ),
    Case(
        "when one works stays with where one works",
        ("I work at Lidl, mornings only.",),
        (has("User works at Lidl, mornings only"),),
    ),
    Case(
        "a rate raised from a month keeps the month",
        ("I charge 0.10 per word.", (A, "Got it."), "I've raised my rate to 0.12 per word from January"),
        (has("User charges 0.12 per word from January"), lacks("0.10")),
    ),
    Case(
        "a tool's short name answers a question that gives its full name",
        ("we run everything on k8s at work", (A, "Nice."), "my manager is Priya"),
        (packs("How do I debug a crashing pod in Kubernetes?", "k8s"),),
    ),
    Case(
        "a beginner's level is told to a question on the topic that shares no word with it",
        (_BEGINNER, (A, "Welcome! Happy to help you learn."), "I work as a nurse so I only have evenings free"),
        (packs("Can you explain what a function is?", "beginner"), unpacked("What's a good recipe for dinner?", "beginner")),
    ),
    Case(
        "guard: a beginner's class someone was invited to is no level of the user's on a topic",
        ("my colleague Rob invited me to a beginner's yoga class", (A, "Fun!"), "I'm a data analyst"),
        (unpacked("How do I reverse a list in Python?", "yoga"),),
    ),
    Case(
        "a race someone close ran, and its time corrected",
        ("my girlfriend Jo runs too, she did Berlin last year in 3:40", (A, "Impressive!"), "oh wait it was 3:45 not 3:40"),
        (has("Jo did Berlin", "3:45"), lacks("3:40")),
    ),
    Case(
        "a marathon someone named ran is a fact about them",
        ("my girlfriend Jo is a runner. she ran a marathon last year",),
        (has("Jo ran a marathon"),),
    ),
    Case(
        "a thing of the speaker's named with nothing said of it is no memory",
        ("I need help prepping for a presentation", (A, "Happy to help. What's it about?"), "our Q3 roadmap."),
        (silent(2), lacks("User's Q3 roadmap")),
    ),
    Case(
        "guard: someone close named alone is still who they are",
        ((A, "Who's coming with you?"), "my sister Anika"),
        (has("sister", "Anika"),),
    ),
    Case(
        "time off for part of a month is kept",
        ("my sister Anika is getting married in Goa in December, so I'm off the whole second half of December",),
        (has("User is off the whole second half of December"),),
    ),
    Case(
        "guard: 'I'm off to bed' is leaving",
        ("long day. I'm off to bed",),
        (lacks("off to bed"),),
    ),
    Case(
        "a day moved to another weekday keeps its week",
        ("I have a big presentation to the board next Thursday", (A, "ok"), "correction: the presentation got moved to Friday"),
        (has("presentation to the board on Friday 17 November 2023"), lacks("Thursday")),
    ),
    Case(
        "a child's constraint is told to a meal for the kids, though the child is only named",
        ("hey, I'm Mo, dad of two - Zara is 9 and Idris is 6", (A, "Hi Mo!"), "Idris is lactose intolerant, so no milk"),
        (packs("what's a quick dinner for the kids?", "lactose"),),
    ),
    Case(
        "guard: a pet's condition is still no guard on dinner",
        ("my cat Tofu is diabetic", (A, "Oh no."), "Tofu is on insulin twice a day"),
        (unpacked("what should I cook tonight?", "diabetic"),),
    ),
    Case(
        "what someone close does, said with when they work",
        ("my wife is Leila", (A, "Lovely."), "Leila works nights as an ICU nurse"),
        (has("Leila works nights as an ICU nurse"),),
    ),
    Case(
        "an assistant's kind words fill no pack",
        ("my wife works nights", (A, "That must be tough."), "Idris turned 7 yesterday", (A, "Happy birthday to Idris!")),
        (unpacked("What do you remember about Idris?", "Happy birthday"), unpacked("How are nights for my wife?", "must be tough")),
    ),
    Case(
        "a name said before who it is",
        ((A, "Do you have any pets?"), "And yup, I do- Oscar, my guinea pig. He's been great.", "That's Tom, my brother."),
        (has("User's guinea pig is called Oscar"), has("User's brother is called Tom"), lacks("does-"), lacks("That's Tom")),
    ),
    Case(
        "'I freelance now' is how one works",
        (
            "I work remotely as a UX designer for a Dutch company",
            (A, "ok"),
            "oh I don't work for the Dutch company anymore, I freelance now",
        ),
        (has("User freelances"), lacks("works remotely as a UX designer for a Dutch company")),
    ),
    Case(
        "an introduction after 'NAME here,' with commas only",
        ("yo, Ken here, 28, software engineer in Toronto",),
        (has("User's name is Ken"), has("User is 28"), has("software engineer in Toronto")),
    ),
    Case(
        "'read X already' is what the user has read",
        ((A, "You might enjoy The Martian or Children of Time."), "read The Martian already, loved it"),
        (has("User", "read The Martian already"),),
    ),
    Case(
        "guard: an order to read something is nothing the user did",
        ("Read the manual first.",),
        (silent(0),),
    ),
    Case(
        "a medicine and its dose said alone is one the user takes",
        ("my doctor put me on metformin 500mg twice a day", (A, "Got it."), "and lisinopril 10mg in the morning"),
        (has("User takes lisinopril 10mg in the morning"), packs("What medication do I take?", "lisinopril")),
    ),
    Case(
        "a dose the doctor changed is put in place",
        ("my doctor put me on metformin 500mg twice a day", (A, "Got it."), "oh my doctor upped the metformin to 1000mg last week"),
        (has("User is on metformin 1000mg twice a day"), lacks("500mg"), lacks("upped")),
    ),
    Case(
        "a question typed without its apostrophe, asked again, is no answer to itself",
        ("whats the capital of peru", (A, "Lima."), "I have type 2 diabetes", (A, "Thanks for the update.")),
        (unpacked("what's the capital of peru", "capital"), unpacked("what snacks are ok for me?", "update")),
    ),
    Case(
        "'a bit about me:' leads an introduction in",
        ("So a bit about me: I'm Aya, I'm 31 and I work as a nurse.", (A, "Thanks Aya, that's a great intro!")),
        (has("User's name is Aya"), lacks("bit about"), unpacked("What do you know about my job?", "great intro")),
    ),
    Case(
        "a learner's 'she have 4 years' is an age, and 'i mean' corrects it",
        ("i have one daughter, Sofia, she have 4 years", (A, "Lovely!"), "sorry i mean she have 5 years, not 4"),
        (has("Sofia is 5"), lacks("Sofia is 4"), lacks("means"), lacks("have 4 years")),
    ),
    Case(
        "a learner's 'work like waiter' and 'since 2 years' read as meant",
        ("hello, my name is Pedro, i am living in madrid since 2 years", "i work like waiter, but i study english for be a tour guide"),
        (has("User works as a waiter"), has("for 2 years"), has("to be a tour guide")),
    ),
    Case(
        "guard: 'he has 3 years left' is no age, 'I work like a dog' no job",
        ("my brother has 3 years left on his contract", "I work like a dog these days"),
        (lacks("brother is 3"), lacks("works as a dog")),
    ),
    Case(
        "'please correct my errors' after a comma is a standing request",
        ("my english is not so good, please correct my errors",),
        (has("User asks: correct User's errors"), packs("Can you check my email to a hotel?", "errors")),
    ),
    Case(
        "what kind of animal they are, put right",
        ("I have two greyhounds, Pepper and Salt", (A, "Lovely!"), "sorry, I told you wrong - they're whippets"),
        (has("User has two whippets, Pepper and Salt"), lacks("greyhounds"), lacks("corrected")),
    ),
    Case(
        "a degree one is doing, and how it feels left out",
        ("I'm doing an MBA", "I'm also doing a PhD part-time, it's killing me"),
        (has("User is doing an MBA"), has("User is also doing a PhD part-time"), lacks("killing")),
    ),
    Case(
        "a dislike of long intros is how every answer should be",
        ("also I hate long intros in answers, get to the point",),
        (packs("What's the best way to cook salmon?", "intros"),),
    ),
    Case(
        "guests' allergies said of the group and of one by name are constraints a cake is told of",
        ("planning my son Leo's 6th birthday party", (A, "Any allergies?"), "two kids have nut allergies and one, Maya, is coeliac"),
        (has("Two of the kids have nut allergies"), has("Maya is coeliac"), packs("Suggest a cake for the party", "nut")),
    ),
    Case(
        "'about 15' to 'How many kids?' of a party is no count of the user's children",
        ("planning my son Leo's 6th birthday party", (A, "Fun! How many kids?"), "about 15"),
        (lacks("User has about 15 kids"),),
    ),
    Case(
        "a rule never to suggest a food is told to any meal asked about",
        ("oh and please never suggest sushi", (A, "Noted."), "my girlfriend Sarah is visiting next weekend"),
        (packs("Plan a dinner for Sarah and me", "sushi"),),
    ),
    Case(
        "a deadline said with a short month, pushed by the one who set it",
        ("my advisor Dr. Kim wants my first chapter by Dec 15", (A, "That's soon!"), "she pushed it to January 10 actually, phew"),
        (has("first chapter by January 10"), lacks("Dec 15"), no_entity("Dec")),
    ),
    Case(
        "'I haven't been in months' after a forget says nothing more",
        ("I surf most mornings before lab", (A, "Fun!"), "forget the surfing thing, I haven't been in months"),
        (lacks("surf"), lacks("hasn't been")),
    ),
    Case(
        "a constraint about meals is told to a meal asked about",
        ("I'm vegan and I get migraines if I skip meals",),
        (packs("Suggest a quick breakfast", "migraines"),),
    ),
    Case(
        "'obviously' after a rule is no part of it",
        ("I'm pregnant with number two, due in April", (A, "Congratulations!"), "I can't have caffeine right now obviously"),
        (has("User can't have caffeine right now"), lacks("obviously"), packs("Can I have a coffee?", "caffeine")),
    ),
]
