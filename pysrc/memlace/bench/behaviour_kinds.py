"""Behaviour cases found by chatting (2026-11-27, a later stop) as a product manager in Bangalore, as the lead of a
data platform team and as a retired accountant with diabetes: a make-believe asked for and a wish said with "if I
were", a move that takes where someone works along, full names of two people who share a first name, "for now",
a choice made against one thing for another, a forget request that names one word of a memory and goes on to tell
something new; and questions that ask for a kind of thing memory holds by name (an instrument, the tools a team
uses, a medicine), which MiniLM puts far from the memories that answer them; and, from chatting as a mother of
two, a club day corrected with "no wait" and a reason after it, "they" and "the kids" for the speaker's children,
children listed after "mum of two", whose allergy a dinner for the kids must heed, and a trip asked about as "our
trip"; and, from chatting as a backend developer, an error pasted to be looked at, a project named with what it
is said after a comma, and a project renamed; and, from chatting as a designer in Valencia, a diet with its
exception, which a dinner must heed whole; and, from chatting as a law student typing in lower case, a day said
without "my" ("exam season starts may 12"), a correction whose new value is followed by a word of its own ("contract
law first, not criminal law"), and a timetable that must heed "I can't do mornings"; and, from chatting as a teacher
going through a separation, "him" in a rule after the assistant's answer named him, and a club "every other Friday"
moved to Thursdays; and, from the held-back LoCoMo conversation's changed memories, "she" never the listener, "she's
started" and "I'd been wanting"; and, from chatting as a football coach and physio, what someone runs ("he runs a
small restaurant called Jollof House"); and, from chatting as a freelancer saving for a house, a goal "by the end of
2027" dated its last day; and, from chatting as a nurse, "forget everything about my job" of "I'm a nurse on a cardiac
ward"; and, from a conversation over weeks with a marketer who gets a job at Spotify, "got the job at Spotify" said
once; and, from chatting as a retired engineer with an allotment, a crop stopped, out of the list, and "good idea" before
what the speaker will do; and, from chatting as an accountant in Dublin, "his teacher is Ms. Byrne" and "Jack has a
peanut allergy"; and, from chatting as a pilot, "Pedro here", ", based in Lisbon" after a job, time off work, and a
collection's count said after it and corrected. Each failed on the code before the fix it came with, unless marked a
guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, dated, entity, has, kind, lacks, no_entity, packs, silent, unpacked

KIND_CASES: list[Case] = [
    Case(
        "a make-believe asked for is no fact",
        ("I work as a product manager in Bangalore.", "imagine I'm a pirate captain, write me a short sea shanty"),
        (silent(1), lacks("pirate")),
    ),
    Case(
        "what would be so if",
        ("If I were rich I'd buy a boat and sail around Greece.",),
        (has("If User were rich"), lacks("User was rich")),
    ),
    Case(
        "a move takes where someone works along",
        ("My sister Anjali is a doctor in Pune.", "Actually, Anjali moved to Mumbai in March."),
        (has("Anjali is a doctor in Mumbai"), lacks("Pune")),
    ),
    Case(
        "what instrument, by its name",
        ("I work as a product manager at a fintech.", "I've been learning the tabla for about two years.", "My dog is called Mango."),
        (packs("What instrument do I play?", "tabla"),),
    ),
    Case(
        "someone named in full, of two who share a name",
        (
            "There are two Sarahs on my team, Sarah Kim is the analyst and Sarah Lopez is the engineer.",
            "Sarah Kim is going on maternity leave in August.",
        ),
        (has("Sarah Kim is going on maternity leave"), entity("Sarah Kim", "person"), entity("Sarah Lopez", "person")),
    ),
    Case(
        "'for now' is part of what is said",
        ("We use dbt and Airflow, and our warehouse is still Redshift for now.",),
        (has("Redshift for now"),),
    ),
    Case(
        "decided against one, going with another",
        ("We're moving the warehouse to Snowflake by Q3.", "Oh and we decided against Snowflake, going with BigQuery instead."),
        (has("moving the warehouse to BigQuery by Q3"), lacks("Snowflake"), no_entity("Q3")),
    ),
    Case(
        "what tools, by their names",
        ("I lead the data platform team in Rotterdam.", "We use dbt and Airflow.", "Mark is my deputy."),
        (packs("What tools does my team use?", "Airflow"), entity("Mark", "person")),
    ),
    Case(
        "a sign-off is no name",
        ('Can you polish this email? "Hi Sarah, thanks for the update. I\'m on holiday from 3 to 14 June. Best, Tom"',),
        (no_entity("Best"),),
    ),
    Case(
        "forget one word of a memory, then a new fact",
        ("I'm a retired accountant living in Cork.", "please forget that I'm retired, I actually went back to work part-time"),
        (has("User is an accountant living in Cork"), has("User went back to work part-time"), lacks("retired")),
    ),
    Case(  # a guard: the forgotten word names what the memory is, so it goes whole
        "forget what a memory is about",
        ("I have a dog named Mango who loves long walks.", "Forget that I have a dog."),
        (lacks("Mango"),),
    ),
    Case(
        "what medication, by its name",
        ("I have type 2 diabetes.", "I take metformin twice a day.", "My doctor switched me from metformin to Jardiance last week."),
        (packs("What medication do I take?", "Jardiance"),),
    ),
    Case(
        "a club day corrected, with why",
        (
            "My son Ollie has football every Tuesday and Thursday after school.",
            "no wait, Ollie's football is only on Thursdays now, they dropped the Tuesday session",
        ),
        (has("Ollie has football every Thursday after school"), lacks("Tuesday")),
    ),
    Case(
        "'they' are the kids just spoken of",
        ("Can you suggest a quick weeknight dinner the kids will eat?", (A, "How about a veggie pasta bake?"), "they hate mushrooms btw"),
        (has("User's kids hate mushrooms"),),
    ),
    Case("'the kids' are the speaker's", ("the kids hate mushrooms",), (has("User's kids hate mushrooms"),)),
    Case(
        "children listed after 'mum of two', heeded at dinner",
        ("I'm Jess, mum of two, Ollie (9) and Bea (6).", "Bea is allergic to eggs."),
        (entity("Bea", "person"), packs("Suggest a quick dinner for the kids tonight", "allergic to eggs")),
    ),
    Case(
        "'our trip' is where we go",
        ("I'm a nurse in Bristol.", "We're going to Cornwall for half term, staying in a cottage near St Ives.", "I love crime novels."),
        (packs("Give me a packing list for our trip", "Cornwall"),),
    ),
    Case(
        "an error pasted is no fact",
        ("here's the error I'm getting: panic: runtime error: invalid memory address or nil pointer dereference",),
        (silent(0),),
    ),
    Case(
        "a project named, then what it is",
        ("working on a side project called Tidepool, it's a tide prediction app for surfers",),
        (has("side project called Tidepool"),),
    ),
    Case(
        "a project renamed",
        ("I'm working on a side project called Tidepool.", "we renamed Tidepool to Swellcast last week"),
        (has("side project called Swellcast"), lacks("Tidepool"), packs("What's my side project called?", "Swellcast")),
    ),
    Case(
        "a diet with its exception",
        ("I work remotely as a UX designer.", "I'm vegetarian but I eat fish sometimes"),
        (packs("Suggest a dinner recipe", "vegetarian but eats fish sometimes"),),
    ),
    Case(
        "a season's start said without 'my'",
        ("exam season starts may 12, criminal law first",),
        (has("User's exam season starts May 12"),),
    ),
    Case(
        "a new value said with a word after it",
        ("exam season starts may 12, criminal law first", "actually it's contract law first, not criminal law"),
        (has("May 12, contract law first"), lacks("criminal"), lacks("first first")),
    ),
    Case(
        "a timetable heeds the hours one can't do",
        ("I'm a 2nd year law student at King's College London.", "i cant do mornings btw"),
        (packs("Make me a revision timetable", "can't do mornings"),),
    ),
    Case(
        "'him' named two turns before, the assistant's between",
        (
            "I live in Porto with my husband Nuno.",
            "what do you remember about Nuno?",
            (A, "You mentioned Nuno is your husband..."),
            "please don't mention him unless I bring him up",
        ),
        (has("don't mention Nuno"),),
    ),
    Case(
        "every other Friday, moved",
        ("My book club meets every other Friday at my friend Inês's place.", "the book club moved to Thursdays"),
        (has("every other Thursday at"), lacks("Friday"), lacks("Thursdays")),
    ),
    Case(  # a guard: it held before, by another way (the listener was not known as a person)
        "'she' is never the one spoken to",
        (
            ("Maria", "Hey John! I adopted a puppy last week."),
            ("John", "Aww, congrats Maria!"),
            ("Maria", "She's always there to greet me when I come home."),
        ),
        (lacks("John is always there"),),
    ),
    Case(
        "'she's started' is 'has started'",
        ("My daughter Ana is 5.", "She's started school this week."),
        (has("Ana has started school"), lacks("Ana is started")),
    ),
    Case(
        "'I'd been' is 'had been'",
        ("I'd been wanting to try yoga for a while and finally took the plunge.",),
        (has("User had been wanting"),),
    ),
    Case(
        "what someone runs",
        ("my partner Femi is a chef, he runs a small Nigerian restaurant called Jollof House",),
        (has("Femi runs a small Nigerian restaurant called Jollof House"), packs("What's my partner's restaurant called?", "Jollof House")),
    ),
    Case(
        "by the end of a year",
        ("I'm saving for a house deposit, goal is £30k by the end of 2027",),
        (dated("2027-12-31", "goal is £30k"),),
    ),
    Case(
        "forget everything about my job",
        ("I'm a nurse on a cardiac ward, 12 hour shifts.", "I live with my sister Layla.", "forget everything about my job"),
        (lacks("nurse"), unpacked("Where do I work?", "cardiac"), has("sister is called Layla")),
    ),
    Case(  # a guard: a fact about work is not the job itself
        "forget one fact about work, the job stays",
        ("I'm a nurse on a cardiac ward.", "I work late on Fridays.", "forget that I work late on Fridays"),
        (has("nurse on a cardiac ward"), lacks("late on Fridays")),
    ),
    Case(  # a guard: what follows "don't remember this" is what is not to be kept
        "don't remember this, but …",
        ("I work as a backend dev in Osaka.", "Don't remember this, but I'm secretly job hunting"),
        (lacks("job hunting"), has("backend dev")),
    ),
    Case(  # a guard: "the job thing" is what was talked of lately, not the job held
        "forget the job thing, the job stays",
        (
            "I work as a backend dev at a logistics startup.",
            "I might apply to a fintech.",
            "actually forget the job thing, I decided to stay",
        ),
        (has("backend dev at a logistics startup"),),
    ),
    Case(
        "a job won, where it is said once",
        ("I have a job interview at Spotify on Friday for a brand manager role", "I got the job at Spotify!! starting in January"),
        (has("got the brand manager job at Spotify, starting in January"), lacks("at Spotify at Spotify")),
    ),
    Case(
        "a crop stopped, out of the list",
        ("I grow tomatoes, courgettes and runner beans.", "I stopped growing courgettes, too many of them!"),
        (has("User grows tomatoes and runner beans"), lacks("tomatoes, courgettes")),
    ),
    Case(
        "'good idea' before what one will do",
        (
            "The slugs ate all my lettuces last year.",
            (A, "You could try beer traps around the beds."),
            "good idea, I'll try the beer traps this spring",
        ),
        (has("User will try the beer traps"), lacks("Good idea")),
    ),
    Case(
        "whose teacher",
        ("my son Jack is in 2nd class, his teacher is Ms. Byrne",),
        (has("Jack's teacher is Ms. Byrne"), packs("What's Jack's teacher called?", "Ms. Byrne")),
    ),
    Case(
        "a son's allergy said with two words before it",
        ("My son Jack is in 2nd class.", "Jack has a peanut allergy."),
        (kind("constraint", "Jack has a peanut allergy"), packs("Plan a birthday party for Jack", "peanut allergy")),
    ),
    Case(
        "a name given as 'X here', and where one is based",
        ("hi, Pedro here, I'm a pilot for TAP, based in Lisbon",),
        (has("User's name is Pedro"), has("User lives in Lisbon"), has("User works as a pilot")),
    ),
    Case("time off work", ("I'm off work from Dec 20 to Jan 5",), (has("User is off work from Dec 20 to Jan 5"),)),
    Case(
        "a collection's count, corrected",
        ("I collect vintage watches, I have about 30", "scratch that, it's more like 40 now"),
        (has("vintage watches, about 40 of them"), lacks("about 30")),
    ),
]
