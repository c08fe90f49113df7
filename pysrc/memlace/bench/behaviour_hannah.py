"""Behaviour cases from five chats of session 53 (2026-11-29). As a physio in Glasgow planning meals: "my partner Ewan,
he eats anything but hates coriander" kept only who Ewan is ("eats anything" was no taste, so the clause matched no
rule), "actually Ewan's started eating coriander again" kept nothing (a taste that changed was no taste either) and,
once it did, replaced all of the old memory, "eats anything" with it; "oh and we just got a puppy, a cockapoo called
Biscuit" then "please forget the thing about the puppy, it's my sister's dog, we're just minding him" forgot the
puppy and kept nothing of whose dog it is, and "him" was Ewan, the last man named; "weeknights I only have like 30
mins" kept "Weeknights User only has like 30 mins". As a data analyst: "building a churn dashboard in Power BI for the
retail team, deadline is end of next month" to "What are you working on?" kept nothing at all, "the 15th of next
month" was written "the 15th of in December", "forget what I said about Power BI, we're switching to Tableau" forgot
the dashboard, "we switched from Power BI to Tableau" replaced it with "User switched from Power BI to Tableau", Power BI
was a place and "a job at a startup called Lumen" a project of the user's. As a maths teacher: "my friend thinks I
should quit my job but I'm not sure" kept "User should quit User's job" (a run-on cut after "thinks"), "I don't have
any kids, just two cats, Pixel and Nova" was a constraint, "my mum's in hospital, she had a fall last week" kept "User's
mum's in hospital" and lost the fall, and "who knows" stayed in a plan. As a nursing student: "my boyfriend Sam helps,
he cooks most nights" lost the cooking, and "dreading it" stayed in a placement. As a first-time half-marathon runner: "3 runs a week, longest is 12k" to "How much are you running at the moment?" and "like 4 times a week" to "How often do you go to the gym?" kept nothing, and "I've booked a physio for Thursday" named no day. As a mother of two in Bristol: "married with 2 kids (Ella 5, Max 2)" named no child and no age, "please stop suggesting recipes with nuts, Max is allergic" kept "Max is allergic" (to nothing) and no request, and "I started my new job 3 weeks ago, it's at a charity called Oxfam" kept no employer. As a Go developer: "I prefer table-driven tests, and please always use British spelling" was one
preference (the rule inside it never standing), "gRPC" (a small first letter) was no tool, and "write me a unit test for
this handler" was told neither the taste for table-driven tests (MiniLM: 0.21) nor the user's stack. As a widow of 74:
"… but my knees aren't great" was a plain fact, and neither "should I get a dog?" nor "can you plan my weekend?" was
told of it. Planning an anniversary in Lisbon: "oh wait, we fly out on the 13th not the 12th" replaced the trip with
"User flies out on the 13th not the 12th", "we're staying at a hotel in Chiado now" left "User is staying in Alfama"
and "cancel the airbnb thing" forgot nothing. As a sixth-former: "nah, vet school hopefully" to "You're probably aiming for
medicine then?" kept no aim, and "lol I got 3 wrong" after a quiz was kept as a fact. As a parent
who works with data: "your last answer was way too long, keep it to bullet points please" kept no rule, "I'm off sick
today with a migraine" was a lasting condition, and "that lentil soup recipe was amazing btw, my kids actually ate it"
kept "ate it". Planning an anniversary dinner: "my husband can't do spicy food" was a plain relationship. With emoji and accents: "where am I from?" (every
word a stopword) was skipped as trivial, and "what do I like?" got an empty pack. As a
freelance illustrator: "I've put my rate up to £45" left "User charges £40 an hour", "a publisher called Hartley Books"
was no organisation, and "Hartley Books went bust last week" kept nothing of the client. As new parents: "remember that
Aoife has a cow's milk protein allergy" was a plain fact (four words before "allergy" were too many) and "what formula
should we use?" was on no topic, "my partner's called Sam" kept "User's partner's called Sam" and "a little girl called
Aoife" named no person, "Aoife feeds every 3 hours" kept nothing, and "Rex is our dog" kept nothing ("our" inside a
sentence was no one's) while "Aoife is our daughter" kept "our". Venting about a boss: "… meetings at 8am and I have to drop my kid at
school then" kept "then", and "between us," stayed in the fact. With a diabetic cat: "she gets 2 units of insulin twice a day" and "the vet said to
switch her to a low carb wet food" kept nothing, nor did "the landlord says no pets though". As a son caring for his father: "update:
they upped the donepezil to 10mg" changed nothing (a thing changed by someone unnamed was no correction) and "I can't
lift him on my own" kept "him", so "how can I help dad get out of bed safely?" was not told. Each failed on the code
before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, entity, has, kind, lacks, packs, recall, unpacked

_EWAN = ((A, "Got it. Do you cook for anyone else?"), "my partner Ewan, he eats anything but hates coriander")
_PUPPY = ("oh and we just got a puppy, a cockapoo called Biscuit, so evenings are chaos lol", "my partner Ewan is lovely")
_DASHBOARD = (
    (A, "Thanks Tom! What are you working on?"),
    "building a churn dashboard in Power BI for the retail team, deadline is end of next month",
)
_DAD = ("I look after my dad, he's 82 and has dementia", "he's on donepezil 5mg, the consultant might up it to 10")

HANNAH_CASES: list[Case] = [
    Case(
        "a partner's tastes said after his name and a comma",
        _EWAN,
        (has("Ewan eats anything but hates coriander"), kind("preference", "Ewan eats anything")),
    ),
    Case(
        "a taste that changed replaces its half of the old one",
        (*_EWAN, "actually Ewan's started eating coriander again, he says he was being dramatic"),
        (has("Ewan eats anything and has started eating coriander again"), lacks("hates coriander")),
    ),
    Case(
        "how someone eats is a taste, after 'he's' too",
        ("my partner Ewan is lovely", "he's a really picky eater"),
        (kind("preference", "Ewan is a really picky eater"),),
    ),
    Case(
        "a puppy forgotten as the sister's, and minded",
        (*_PUPPY, "please forget the thing about the puppy, it's my sister's dog, we're just minding him"),
        (has("User's sister has a dog"), has("User is just minding User's sister's dog"), lacks("got a puppy"), lacks("minding Ewan")),
    ),
    Case(
        "a pet named after its breed is no person",
        (_PUPPY[0], "we're just minding him"),
        (has("User is just minding Biscuit"), entity("Biscuit", "other")),
    ),
    Case(
        "a cat forgotten as the flatmate's",
        ("I have a cat called Mochi", "forget that I have a cat, it's my flatmate's"),
        (has("User's flatmate has a cat"), lacks("User has a cat")),
    ),
    Case(
        "'like 30 mins' on weeknights",
        ("weeknights I only have like 30 mins",),
        (has("User only has about 30 mins on weeknights"), lacks("like 30"), lacks("Weeknights User")),
    ),
    Case(
        "a project, and its deadline said bare",
        _DASHBOARD,
        (has("User is building a churn dashboard in Power BI for the retail team"), has("User's deadline is end of December 2023")),
    ),
    Case(
        "the 15th of next month",
        (*_DASHBOARD, "correction, the deadline is the 15th of next month, they moved it up"),
        (has("deadline is 15 December 2023"), lacks("end of December"), lacks("of in")),
    ),
    Case(
        "'forget what I said about Power BI, we're switching to Tableau' is a switch, not a forget",
        (*_DASHBOARD, "forget what I said about Power BI, we're switching to Tableau"),
        (has("User is building a churn dashboard in Tableau for the retail team"), lacks("Power BI")),
    ),
    Case(
        "a tool switched inside a project",
        ("building a churn dashboard in Power BI for the retail team", "we switched from Power BI to Tableau"),
        (has("churn dashboard in Tableau"), lacks("Power BI"), entity("Power BI", "tool")),
    ),
    Case(
        "a startup one joins is an organisation",
        ("I got a job at a startup called Lumen",),
        (entity("Lumen", "organization"),),
    ),
    Case(
        "a friend's opinion is no fact of the speaker's",
        ("my friend thinks I should quit my job but I'm not sure",),
        (has("User's friend thinks User should quit"),),
    ),
    Case(
        "no kids, just two cats",
        ("I don't have any kids, just two cats, Pixel and Nova",),
        (has("User doesn't have any kids"), has("User has two cats"), kind("fact", "any kids")),
    ),
    Case(
        "a mum in hospital, and her fall",
        ("my mum's in hospital at the moment, she had a fall last week",),
        (has("User's mum is in hospital"), has("User's mum had a fall")),
    ),
    Case(
        "'who knows' and 'dreading it' tell nothing",
        ("I might do a PhD one day, who knows", "I've got placement on a cardiac ward from Monday, 7am starts, dreading it"),
        (has("User might do a PhD one day"), has("placement on a cardiac ward"), lacks("who knows"), lacks("dreading")),
    ),
    Case(
        "who cooks at home",
        ("my boyfriend Sam helps, he cooks most nights",),
        (has("Sam cooks most nights"),),
    ),
    Case(
        "how much one runs, and how often one goes to the gym",
        (
            (A, "Exciting! How much are you running at the moment?"),
            "3 runs a week, longest is 12k",
            (A, "How often do you go to the gym?"),
            "like 4 times a week",
        ),
        (has("User does 3 runs a week, longest is 12k"), has("User goes to the gym about 4 times a week")),
    ),
    Case(
        "a physio booked for Thursday is the coming one",
        ("my left shin has been sore after long runs", "I've booked a physio for Thursday"),
        (has("User has booked a physio for Thursday 16 November 2023"),),
    ),
    Case(
        "two kids with their ages in brackets",
        ("I'm 34, married with 2 kids (Ella 5, Max 2), we live in Bristol",),
        (has("Ella is 5"), has("Max is 2"), has("User's child is called Max"), entity("Ella", "person")),
    ),
    Case(
        "what he is allergic to is what the request named, and the request is kept",
        ("my son Max is 2", "please stop suggesting recipes with nuts, Max is allergic"),
        (has("Max is allergic to nuts"), has("stop suggesting recipes with nuts"), packs("any ideas for a birthday cake for Max?", "nuts")),
    ),
    Case(
        "a new job, and where it is",
        ("I started my new job 3 weeks ago, it's at a charity called Oxfam",),
        (has("User works at a charity called Oxfam"), recall("Where do I work?", "Oxfam")),
    ),
    Case(
        "a preference, 'and please always' a rule of its own; a tool typed with a small first letter",
        (
            "I'm a backend dev, mostly Go, and our team uses gRPC and Postgres",
            "I prefer table-driven tests, and please always use British spelling",
        ),
        (
            has("User prefers table-driven tests"),
            lacks("tests, and please"),
            has("always use British spelling"),
            has("Go, gRPC and Postgres"),
        ),
    ),
    Case(
        "a request for code is told how the user likes it and what their code is written in",
        ("I'm a backend dev, mostly Go, and our team uses gRPC and Postgres", "I prefer table-driven tests"),
        (
            packs("write me a unit test for this handler", "table-driven"),
            packs("write me a unit test for this handler", "Go, gRPC and Postgres"),
            unpacked("what's the capital of France?", "table-driven"),
            unpacked("can you make me a playlist for my run?", "table-driven"),
            unpacked("my yoga class is at 6, what should I eat before?", "Go, gRPC"),
        ),
    ),
    Case(
        "knees that aren't great are heeded by a dog and a weekend planned, not by a business plan",
        ("I'm thinking of getting a dog for company but my knees aren't great", "I work in a bank"),
        (
            kind("constraint", "User's knees aren't great"),
            packs("should I get a dog?", "knees"),
            packs("can you plan my weekend?", "knees"),
            unpacked("any ideas for my business plan?", "knees"),
        ),
    ),
    Case(
        "a day of the month put right inside a trip",
        ("we're going to Lisbon for our anniversary, flying out on the 12th of December", "oh wait, we fly out on the 13th not the 12th"),
        (has("going to Lisbon", "flying out on the 13th of December"), lacks("12th")),
    ),
    Case(
        "where one stays, said again as it is now",
        ("we're staying in Alfama, booked an airbnb near the castle", "we cancelled the airbnb, we're staying at a hotel in Chiado now"),
        (has("User is staying at a hotel in Chiado"), lacks("staying in Alfama"), recall("Where are we staying?", "Chiado")),
    ),
    Case(  # a guard
        "'actually I'm learning Italian now' replaces Spanish; a second thing learned does not",
        ("I'm learning Spanish on Duolingo", "I'm learning the guitar too", "actually I'm learning Italian now, Spanish was too hard"),
        (has("User is learning Italian"), lacks("learning Spanish"), has("learning the guitar")),
    ),
    Case(
        "'cancel the airbnb thing' forgets it",
        ("we booked an airbnb near the castle", "cancel the airbnb thing"),
        (lacks("airbnb"),),
    ),
    Case(
        "a guess put right: 'nah, vet school hopefully'",
        ((A, "Great subjects! You're probably aiming for medicine then?"), "nah, vet school hopefully, I love animals"),
        (has("User is aiming for vet school"), lacks("aiming for medicine"), recall("What do I want to study at uni?", "vet school")),
    ),
    Case(
        "a guess said yes to",
        ((A, "You're training for a marathon then?"), "yeah"),
        (has("User is training for a marathon"),),
    ),
    Case(
        "how a quiz in the chat went is no fact",
        ("can you quiz me on enzymes?", "lol I got 3 wrong, I'm rubbish at this"),
        (lacks("wrong"),),
    ),
    Case(
        "'keep it to bullet points please' after feedback is how every answer should be",
        ("your last answer was way too long, keep it to bullet points please",),
        (kind("negative", "keep it to bullet points"), packs("explain window functions", "bullet points")),
    ),
    Case(
        "a migraine of the day is no lasting condition; migraines one gets are",
        ("I'm off sick today with a migraine", "I get migraines if I skip breakfast"),
        (kind("fact", "off sick"), kind("constraint", "User gets migraines")),
    ),
    Case(
        "'it' is the thing the clause before named",
        ("that lentil soup recipe was amazing btw, my kids actually ate it",),
        (has("ate the lentil soup"), lacks("ate it")),
    ),
    Case(
        "'can't do spicy food' is a rule of what one eats, a husband's too",
        ("we love Italian, but my husband can't do spicy food", "I can't handle dairy"),
        (
            kind("constraint", "husband can't do spicy food"),
            kind("constraint", "User can't handle dairy"),
            packs("what should I cook tonight?", "spicy"),
        ),
    ),
    Case(
        "'where am I from?' is all stopwords and still a question about the user",
        ("my name's Zoë and I'm from Montréal",),
        (recall("where am I from?", "Montréal"),),
    ),
    Case(
        "'what do I like?' is told what the user likes",
        ("I love 🍕 and playing 🎸 on weekends!!", "I hate coriander", "I work in Leeds"),
        (packs("what do I like?", "🍕"), packs("what do I like?", "coriander"), unpacked("what do I like?", "Leeds")),
    ),
    Case(
        "a rate put up",
        ("I'm a freelance illustrator, I charge £40 an hour", "I've put my rate up to £45 from January"),
        (has("User charges £45 an hour"), lacks("£40")),
    ),
    Case(
        "a client that went bust is news told with it",
        ("my biggest client is a publisher called Hartley Books", "Hartley Books went bust last week, so I've lost about half my income"),
        (has("Hartley Books went bust"), entity("Hartley Books", "organization"), packs("who is my biggest client?", "went bust")),
    ),
    Case(
        "a baby's allergy asked to be remembered is a condition a formula heeds",
        ("we had our first baby 6 weeks ago, a little girl called Aoife", "remember that Aoife has a cow's milk protein allergy"),
        (kind("constraint", "cow's milk protein allergy"), packs("what formula should we use?", "cow's milk"), entity("Aoife", "person")),
    ),
    Case(
        "'my partner's called Sam, she's a nurse on nights'",
        ("my partner's called Sam, she's a nurse on nights",),
        (has("User's partner is called Sam"), has("Sam is a nurse on nights"), entity("Sam", "person")),
    ),
    Case(
        "a baby's day",
        ("we had a little girl called Aoife", "Aoife feeds every 3 hours and naps about 40 mins at a time"),
        (has("Aoife feeds every 3 hours"),),
    ),
    Case(
        "'Rex is our dog', 'Aoife is our daughter': who they are, in third person",
        ("Rex is our dog", "Aoife is our daughter"),
        (kind("relationship", "Rex is User's dog"), kind("relationship", "Aoife is User's daughter"), lacks("our")),
    ),
    Case(
        "'at school then' is at the time the clause before said; 'between us' is no part of the fact",
        (
            "my boss Dave keeps scheduling meetings at 8am and I have to drop my kid at school then",
            "between us, I'm interviewing at another company next week",
        ),
        (has("User has to drop User's kid at school at 8am"), has("User is interviewing at another company"), lacks("between us")),
    ),
    Case(
        "a cat's insulin, and what the vet said to do",
        (
            "my cat Mochi was diagnosed with diabetes last month",
            "she gets 2 units of insulin twice a day",
            "the vet said to switch her to a low carb wet food",
        ),
        (has("Mochi gets 2 units of insulin"), has("User needs to switch Mochi to a low carb wet food")),
    ),
    Case(
        "'the landlord says no pets' is a rule a move with a cat is told of",
        ("my cat Mochi is 12", "the landlord says no pets though, so I need to sort something out"),
        (kind("constraint", "landlord doesn't allow pets"), packs("any tips for moving with a cat?", "doesn't allow pets")),
    ),
    Case(
        "a dose upped by 'them'",
        (*_DAD, "update: they upped the donepezil to 10mg"),
        (has("User's dad is on donepezil 10mg"), lacks("5mg"), lacks("might up")),
    ),
    Case(
        "'him' of the one relative said unnamed",
        (_DAD[0], "I've had a bad back for years so I can't lift him on my own"),
        (has("User can't lift User's dad"), packs("how can I help dad get out of bed safely?", "can't lift")),
    ),
]
