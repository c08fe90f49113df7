"""Behaviour cases found by reading, word by word, the memories LoCoMo's tuned conversations left unmatched
(2026-11-27, a later stop; written here in other words): a verb read as a contraction, a time said with its
article, a time at the end of a correction, and praise of what the listener does; and, from chatting as a
freelancer, a price or a deadline that changes; and, from chatting as a nurse, how one does something said in
answer to "How do you…?", "I'm her bridesmaid", an allergy said after what cannot be eaten, a wedding ahead, and
"What hobbies do I have?"; and, from chatting as a backend engineer, what one is working on said in answer,
"scratch the tabs thing", and "fight me"; and, from chatting as a retired teacher, a name corrected inside a list,
a dose raised with "it", an age after a name, "retired", and where someone works; and, from chatting as a
dental hygienist with two cats, pets listed by name, a pet's diet, a move into a flat, emoji, a second verb, and
"we" after a partner named the turn before; and, from chatting as a student, a degree switched, a new job at a
place with no name, "don't bring up …", "I don't know", and a steak after "I'm vegetarian"; and, from chatting as a
father in São Paulo, names with accents, a move still to come, and a job said after where; and, from chatting as a
baker, an instruction for emails, a correction within one message, a dislike of how things are written, and a
pet's age said with "she", and a task that names, with "the", a thing memory holds; and, from chatting as a
learner of Japanese, a move with its when and why, and a weekly day moved; and, from chatting as a team lead, a
team listed with roles (Julia a person, not the language) and someone's leave, corrected; and, from chatting as an
expectant mother, "don't remember anything about my weight" kept to later, a due date said without "my" and moved
turns later, and "I'm off caffeine"; and, from chatting as a tester with a diabetic cat, "the 19th not the 20th" and
a cat's diabetes kept off the user's dinner, and "his name is Tunde" in the message after "my brother's wedding"; and, from chatting as a restaurant owner training
for a marathon, "forget about the knee, it's fine now", "since last week", "how many days a week?" answered, and
"I'm feeling ambitious". Each failed on the code before the fix it came with, unless marked
a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, dated, entity, has, kind, lacks, packs, silent, unpacked, warns

WORDING_CASES: list[Case] = [
    Case(
        "'lets' as a verb",
        (("Ravi", "How do you relax?"), ("Noor", "I love how music lets me unwind after work.")),
        (has("music lets Noor unwind"), lacks("let's")),
    ),
    Case(
        "a time said with its article",
        (("Ravi", "Any races lately?"), ("Noor", "I ran my first half marathon a few weeks ago.")),
        (has("half marathon in the week of"), lacks(" a in ")),
    ),
    Case(
        "'right now' at the end of a correction",
        (("Ravi", "Still job hunting?"), ("Noor", "Actually, finishing my thesis is the main focus right now.")),
        (has("thesis is the main focus"), lacks("focus right")),
    ),
    Case(
        "praise of what the listener does",
        (
            ("Ravi", "We're volunteering at the shelter every week now."),
            ("Noor", "Wow! Volunteering at the shelter every week - you're amazing."),
        ),
        (silent(1), lacks("Noor is volunteering")),
    ),
    Case(  # a guard: what follows the dash is not praise, so the doing is the speaker's
        "the speaker's doing before a dash",
        (("Ravi", "Busy week?"), ("Noor", "Training for a marathon - you're welcome to join.")),
        (has("Noor is training for a marathon"),),
    ),
    Case(
        "a new price replaces the old",
        (("Noor", "I charge 40 euros a lesson for guitar."), ("Noor", "I've raised my price to 45 a lesson.")),
        (has("45 euros a lesson"), lacks("40 euros")),
    ),
    Case(
        "a deadline moved by whoever set it",
        (("Noor", "My publisher Kestrel wants the manuscript by June 30th."), ("Noor", "Kestrel pushed the deadline to August 15th.")),
        (has("manuscript by August 15th"), lacks("June 30th")),
    ),
    Case(  # a guard: another thing's price
        "a price of something else stays",
        (("Noor", "I pay 30 a month for the gym."), ("Noor", "My landlord raised the rent to 900 a month.")),
        (has("30 a month for the gym"), has("rent to 900")),
    ),
    Case(
        "how one does it, in answer",
        ((A, "Sounds like a busy week. How do you unwind after work?"), "mostly climbing and cooking, and I'm reading a lot"),
        (has("User mostly unwinds after work by climbing and cooking"), has("User is reading a lot")),
    ),
    Case(  # a guard: an answer that says nothing
        "an answer that is no way",
        ((A, "How do you unwind after work?"), "hmm, not sure really"),
        (silent(1),),
    ),
    Case(
        "whose, in the speaker's own clause",
        ("My best friend Ines is getting married in May, I'm her maid of honour",),
        (has("User is Ines's maid of honour"), packs("What should I write in my speech for the wedding?", "maid of honour")),
    ),
    Case(
        "an allergy said after what cannot be eaten",
        ("My husband Tariq can't eat sesame, he's allergic",),
        (has("Tariq is allergic to sesame"), lacks("Tariq is allergic", "can't")),
    ),
    Case(
        "someone's wedding ahead",
        ("My cousin Leila is getting married in August.", "We're getting married on 2 June!"),
        (dated("2024-08", "Leila is getting married"), dated("2024-06-02", "getting married on")),
    ),
    Case(  # a guard: what has been since, and what happened
        "since a month, and a month past",
        ("I've been sleeping better since August.", "I got engaged in June."),
        (dated("2023-08", "sleeping better"), dated("2023-06", "engaged")),
    ),
    Case(
        "what one does for fun, asked",
        ("I do pottery on Thursday evenings", "I work in logistics", "I'm obsessed with bouldering lately"),
        (packs("What hobbies do I have?", "pottery"), packs("What do I do for fun?", "bouldering"), lacks("November")),
    ),
    Case(
        "what one is working on, in answer, and its date moved",
        (
            (A, "Nice. What are you working on these days?"),
            "a budgeting app for students, beta is planned for May 2nd",
            "the beta got pushed to June 9th",
        ),
        (has("User is working on a budgeting app for students", "June 9th"), lacks("May 2nd")),
    ),
    Case(
        "'scratch the … thing' forgets it",
        ("I prefer light mode in every app", "I use a standing desk", "actually scratch the light mode thing, the team uses dark mode"),
        (lacks("prefers light mode"), has("standing desk")),
    ),
    Case(
        "an aside that dares",
        ("I put pineapple on my pizza, fight me",),
        (has("pineapple on User's pizza"), lacks("fight")),
    ),
    Case(  # a guard: an answer that is a sentence of its own
        "a whole sentence in answer",
        ((A, "What are you working on?"), "My thesis is on coral reef recovery."),
        (has("User's thesis is on coral reef recovery"), lacks("working on User's thesis")),
    ),
    Case(
        "a name corrected inside a list, and an age after it",
        (
            "I have two nephews, Jaden who is 9 and Max who is 5.",
            "Sorry, my nephew's name is Jayden, not Jaden.",
            "Max turned 6 on Sunday.",
        ),
        (has("Jayden who is 9 and Max who is 6"), lacks("Jaden"), lacks("Max who is 5")),
    ),
    Case(
        "a dose raised with 'it'",
        ("I take sertraline, 50mg every morning.", "My GP upped it to 100mg last month."),
        (has("sertraline", "100mg"), lacks("50mg"), lacks("upped it")),
    ),
    Case(
        "retired is no job now",
        ("I'm a retired nurse and I volunteer at the library.",),
        (has("User is a retired nurse"), lacks("works as")),
    ),
    Case(
        "where someone else works",
        ("My son Ravi is an engineer, he works in Bristol.",),
        (has("Ravi works in Bristol"),),
    ),
    Case(
        "a name corrected everywhere it was said",
        ("I have two grandkids, Mia who is 7 and Theo who is 2", "Sorry, my granddaughter's name is Maya, not Mia"),
        (lacks("Mia"), has("grandchild is called Maya"), has("Maya who is 7")),
    ),
    Case(
        "pets listed by name, and one's diet",
        ("I live with my partner Sam and our dogs, Biscuit and Pepper", "Biscuit is 11 and has arthritis so she's on a special joint diet"),
        (has("dog is called Biscuit"), has("dog is called Pepper"), has("Biscuit is on a special joint diet"), lacks("Sam is on")),
    ),
    Case(
        "a move into a flat",
        ("I live in Leeds", "I moved into a flat in York with my cousin"),
        (has("lives in York"), lacks("lives in Leeds")),
    ),
    Case(
        "emoji and a second verb",
        ("hiya I'm Zoe 🙂", "usually I go climbing or cook with friends on Sundays 🧗"),
        (has("User's name is Zoe"), has("usually goes climbing or cooks"), lacks("🙂"), lacks("🧗")),
    ),
    Case(
        "'we' after a partner named the turn before",
        ("My boyfriend Idris is a paramedic", "we've been together 5 years and we're moving in together in June"),
        (
            has("User and Idris have been together 5 years"),
            has("User and Idris are moving in together"),
            packs("How's my relationship going, any advice?", "together 5 years"),
        ),
    ),
    Case(
        "a degree switched keeps the rest",
        ("I'm a third year Physics student at Leeds", "I switched from Physics to physics and philosophy"),
        (has("physics and philosophy student at Leeds"), lacks("third year Physics student")),
    ),
    Case(
        "a new job at a place with no name",
        ("I work at a cafe", "I don't work at the cafe anymore, got a job at the bookshop instead"),
        (has("User works at the bookshop"), lacks("User works at a cafe")),
    ),
    Case(
        "'don't bring up …' is a rule",
        ("don't bring up my ex Marco, it ended badly",),
        (kind("negative", "bring up", "Marco"),),
    ),
    Case(
        "'I don't know' is no fact",
        ((A, "Do you have a budget in mind?"), "I don't know"),
        (silent(1),),
    ),
    Case(
        "a meal against a diet",
        ("I'm vegetarian", "had the best burger ever last night haha"),
        (warns("Suggest a dinner recipe", "vegetarian", "burger"),),
    ),
    Case(
        "names with accents",
        ("Olá! I'm José, I live in Lisbon with my wife Inês", "Inês is allergic to shellfish", "my daughter Zoë is 7"),
        (has("User's name is José"), has("wife is Inês"), kind("constraint", "Inês is allergic to shellfish"), has("Zoë is 7")),
    ),
    Case(
        "a move still to come keeps where one lives",
        ("I live in Porto", "we're moving to Zürich in March"),
        (has("lives in Porto and is moving to Zürich"), packs("Where do I live?", "Porto")),
    ),
    Case(
        "a job said after where",
        ("I work at Itaú as a data engineer",),
        (has("User works as a data engineer"), has("User works at Itaú")),
    ),
    Case(
        "an instruction for one kind of work",
        ('when you write emails for me, sign off with "Best, Noor" and keep them short',),
        (kind("negative", "sign off", "Best, Noor"), packs("Write an email to my landlord about the boiler", "sign off")),
    ),
    Case(
        "a correction within one message",
        ("use British spelling please, my readers are mostly in the UK... actually no, they're mostly in Canada, use US spelling",),
        (lacks("use British spelling"), has("use US spelling"), has("corrected: they're mostly in Canada")),
    ),
    Case(
        "a dislike of how things are written",
        ("I hate exclamation marks in emails",),
        (kind("preference", "exclamation marks"), packs("Draft an email to my team about Friday", "exclamation marks")),
    ),
    Case(
        "a pet's age, said with 'she'",
        ("We just adopted a greyhound called Biscuit! She's 4.",),
        (has("Biscuit is 4"),),
    ),
    Case(
        "a thing named with 'the' in a task",
        ("We're launching a pottery subscription box on March 3rd", "I live in Leeds"),
        (packs("Draft an email to customers about the subscription box", "pottery subscription box"),),
    ),
    Case(
        "a move with its when and why",
        ("oh and I'm moving to Osaka next April for a job at Panasonic",),
        (has("moving to Osaka next April for a job at Panasonic"),),
    ),
    Case(
        "a weekly day moved",
        ("we have lessons every Wednesday at 6pm", "Actually the lessons moved to Thursdays"),
        (has("every Thursday at 6pm"), lacks("Thursdays"), lacks("Wednesday")),
    ),
    Case(
        "a team listed with roles, and a leave corrected",
        (
            "my team: Ravi (backend), Julia (design), Tomas (data)",
            "Julia is on maternity leave until May",
            "correction: Julia is back from leave in June, not May",
        ),
        (entity("Julia", "person"), has("Julia is on maternity leave until June"), lacks("until May")),
    ),
    Case(
        "'don't remember anything about …' holds later too",
        ("I live in Leeds", "don't remember anything about my salary please", "My salary is 52k a year now"),
        (lacks("52k"), unpacked("How much do I earn?", "52k"), has("lives in Leeds"), kind("negative", "not to remember")),
    ),
    Case(
        "a day said without 'my', moved turns later",
        (
            "due date is June 3rd",
            "I work in sales",
            "I like jazz",
            "My sister lives in Cork",
            "the due date got moved to May 28th after the scan",
        ),
        (has("due date is May 28th"), lacks("June 3rd")),
    ),
    Case(
        "'I'm off caffeine' is kept and heeded",
        ("I'm off caffeine until the exams are over",),
        (kind("constraint", "off caffeine"), packs("Can I have a coffee?", "off caffeine")),
    ),
    Case(
        "'the 19th not the 20th'",
        ("I'm flying to Lagos on December 20th for my brother's wedding", "oops, the flight is on the 19th not the 20th"),
        (has("Lagos on December 19th"), lacks("December 20th")),
    ),
    Case(
        "a pet's condition is no guard on the user's dinner",
        ("My cat Luna is 9 and diabetic", "I don't eat pork"),
        (
            unpacked("What's for dinner tonight?", "Luna"),
            packs("What's for dinner tonight?", "pork"),
            packs("What should I feed Luna?", "diabetic"),
        ),
    ),
    Case(
        "a name given in the message after",
        ("My sister is getting married in June", "her name is Nadia and she lives in Leeds"),
        (has("User's sister is called Nadia"), has("Nadia lives in Leeds")),
    ),
    Case(
        "'forget about the knee, it's fine now'",
        ("my knee has been sore since last week", "I work in a bank", "forget about the knee, it's fine now"),
        (lacks("knee"), has("works in a bank")),
    ),
    Case(
        "'since last week' reads as a date",
        ("my back has been sore since last week",),
        (has("since the week of"), lacks("since in the week")),
    ),
    Case(
        "how many, in answer",
        ((A, "Nice goal! How many days a week do you run?"), "four, sometimes five"),
        (has("User runs four, sometimes five days a week"),),
    ),
    Case(
        "a mood now is no fact",
        ("actually my target is 3:30, I'm feeling ambitious",),
        (lacks("ambitious"),),
    ),
]
