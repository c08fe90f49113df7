"""Behaviour cases from chatting as a mother planning her son's birthday, and as a designer with a dog (2026-11-29,
session 52): "he's 6, and he's completely obsessed with dinosaurs right now" to "How old is Leo?" kept the age alone
(a reply to "How old is …?" lost all after its number, and "completely" hid "obsessed with"); "yeah, his birthday is on
March 3rd and I have no idea what to get him" two turns after Leo was last named kept nothing ("his" looked back
two turns only, at people only) and "I have no idea what to get him" was kept as a fact; "What's a good gift for a 6 year
old?" was given "Leo is 6" but not what Leo likes, and the assistant's "Got it, no pets! I'll think of some ideas."
filled packs. With a dog: "actually he's a beagle, sorry, my brain is fried" of "my dog Rex is a labrador" kept nothing
of the breed ("he" was never a pet from a turn before, a breed was put right only when said with a pronoun) and kept
"User's brain is fried". As a man with diabetes: "I've got type 2 diabetes" kept "User has got …"; "yes please, we're
vegetarian btw" to "Would you like some low-salt recipe ideas?" kept no diet (read as a request after "please"); "she puts
so much salt in everything" of his wife kept nothing; and "…getting married in June, so I need to lose a bit of weight
before then" kept "before then". As a junior doctor: "my boyfriend Callum …, we've been long distance for 2 years"
kept "User has been long distance …", and "actually I think he's staying till Monday the 15th, he changed his train"
kept "User thinks he's staying …" (and without "I think", nothing). As a piano teacher: "about 20, mostly kids" to "How many students do you have?"
kept nothing, and "forget the YouTube thing for now" forgot nothing. From session 51's notes: "forget about the greyhounds, I
told you wrong - they're whippets" forgot the dogs and kept nothing; "scratch that thing about my manager, my bad - it's
Joost" kept "Thing about User's manager" ("scratch that" was read as a lead-in); "actually it's Miso" of "my cat is called
Mochi" changed nothing; "oh I don't work for the Dutch company anymore, I freelance now" lost the role ("UX designer") with
the employer; "I teach at St Mary's primary. I've been there since 2015" kept "User has been there since 2015"; "we're
doing it at the soft play place" kept "it"; "planning my son Leo's 5th birthday party, it's on Saturday 14th" kept
"Planning …" with no one doing it. As a developer planning his wedding: "update: we moved the wedding to September" left "…
getting married next October" beside "User moved the wedding to September"; "Nia is a nurse, she works 12 hour shifts" lost
the shifts; "lol unrelated" stayed in a constraint; and "my dentist appointment is on Tuesday" typed small named the dentist
"Appointment". As a master's student: "climate models, specifically downscaling rainfall" to "What's your thesis about?" kept
nothing; "the deadline got pushed to 3 September!" left "User's deadline is 20 August" (a deadline was found only by "by
…"); "my supervisor is Prof. Grant, he's great" kept "Prof is great" (the title's stop ended the name); and "any tips to
destress?" was not told "User plays badminton on Wednesdays to destress". As a grandmother: "Three. Oliver is 12, Grace is 9 and little Alfie is
4." to "How many grandchildren do you have?" kept "User has Three grandchildren", no Oliver (a name told only by age was
no one's), and "Grace is 9 and little Alfie is 4" as one fact, so "Grace is actually 10 now" (its "actually" hid the
age) corrected nothing. As a barista saving for a motorbike: "yo! name's Dev, …" kept "Name's Dev, User is a barista …";
"like 400 a month if I'm careful" to "How much do you save each month?" kept "Like 400 a month …"; "update, I've got 3.5k
now" put 3.5k in "User needs about 7k" (any fact with a value of its kind said lately), not in "User has 3k so far"; and
"…, annoying since half the vegan cheese is cashew based" stayed in the allergy. As a vet in Seville: "not yet, the
application closes on 15 January" to "Have you applied?" kept nothing, and "Luna is a border collie and Coco is a mixed
breed rescue" was one fact of two dogs. As an airport security guard: "remember that I don't eat pork, I'm Muslim" made
"User's name is Muslim" (confirmed) in place of "User's name is Tariq" ("I'm Italian" alike), and "badly lol" to "How do you
manage sleep?" kept "User manages sleep with badly". Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, kind, lacks, no_entity, packs, silent, unpacked

_MARTA = (
    "hi! I'm Marta, I live in Valencia with my husband Jordi and our son Leo",
    (A, "Hi Marta! Nice to meet you. How old is Leo?"),
    "he's 6, and he's completely obsessed with dinosaurs right now",
    (A, "That's a fun age! Anything I can help with today?"),
    "yeah, his birthday is on March 3rd and I have no idea what to get him",
    (A, "Happy early birthday to Leo! Do you have a budget?"),
    "around 50 euros. oh and Jordi is allergic to cats so no kitten lol",
    (A, "Got it, no pets! I'll think of some ideas."),
)

LEO_CASES: list[Case] = [
    Case(
        "a reply to 'How old is Leo?' keeps what it says of him after the age",
        _MARTA[:3],
        (has("Leo is 6"), has("Leo is completely obsessed with dinosaurs")),
    ),
    Case(
        "'his' is the person the nearest turn named, though that was three turns before",
        _MARTA[:5],
        (has("Leo's birthday is on March 3"),),
    ),
    Case(
        "'I have no idea what to get him' asks for help and is no fact",
        ("my son Leo is 6", "his birthday is on March 3rd and I have no idea what to get him"),
        (has("Leo's birthday is on March 3"), lacks("no idea")),
    ),
    Case(
        "a gift for a child of an age the user's son is gets what the son likes",
        _MARTA,
        (packs("What's a good gift for a 6 year old?", "dinosaurs"), packs("any ideas for a birthday party theme?", "dinosaurs")),
    ),
    Case(
        "guard: a recommendation about no one known is told no one's tastes",
        _MARTA,
        (unpacked("Can you recommend a good movie for tonight?", "dinosaurs"),),
    ),
    Case(
        "the assistant acknowledging what it was told fills no pack",
        _MARTA,
        (
            packs("Can you suggest a pet for our family?", "allergic to cats"),
            unpacked("Can you suggest a pet for our family?", "some ideas"),
        ),
    ),
    Case(
        "guard: 'I'm totally obsessed with sourdough' is a preference",
        ("I'm totally obsessed with sourdough",),
        (kind("preference", "obsessed with sourdough"),),
    ),
    Case(
        "'actually he's a beagle' puts the breed right of the dog said a turn before",
        ("my dog Rex is a labrador", "actually he's a beagle, sorry, my brain is fried"),
        (has("Rex is a beagle"), lacks("labrador"), lacks("sorry"), lacks("brain")),
    ),
    Case(
        "a breed put right in a fact with the dog's age keeps the age",
        (
            "I have a dog called Rex, he's a labrador, 3 years old",
            (A, "Labradors are lovely! How can I help with Rex?"),
            "actually he's a beagle",
        ),
        (has("Rex is a beagle, 3 years old"), lacks("labrador"), has("User has a dog called Rex")),
    ),
    Case(
        "guard: a breed told of a dog said only as a dog is no correction of it",
        ("I have a dog called Rex", "Rex is a beagle"),
        (has("User has a dog called Rex"), has("Rex is a beagle")),
    ),
    Case(
        "'my brain is fried' alone says nothing",
        ("ugh my brain is fried today",),
        (silent(0),),
    ),
    Case(
        "'yes please, we're vegetarian' to an offer of recipes keeps the diet",
        (
            "I have high blood pressure",
            (A, "Would you like some low-salt recipe ideas?"),
            "yes please, we're vegetarian btw, and I hate mushrooms",
        ),
        (kind("constraint", "User is vegetarian"), has("User hates mushrooms")),
    ),
    Case(
        "how much salt the cook of the house uses is kept, and told to a low-salt dinner",
        ("I have high blood pressure", "my wife Geeta does most of the cooking but she puts so much salt in everything"),
        (has("Geeta puts so much salt in everything"), packs("low salt dinner ideas", "salt in everything")),
    ),
    Case(
        "'before then' is the one time the clause before said",
        ("also our daughter Anika is getting married in June in Leicester, so I need to lose a bit of weight before then haha",),
        (has("User needs to lose a bit of weight before June"),),
    ),
    Case(
        "'I've got type 2 diabetes' is what the user has",
        ("I'm Sanjay, 52, I've got type 2 diabetes and high blood pressure",),
        (has("User has type 2 diabetes and high blood pressure"), lacks("has got")),
    ),
    Case(
        "'we've been long distance' after the boyfriend named is the two of them",
        ("my boyfriend Callum is visiting from Aberdeen on the 12th, we've been long distance for 2 years",),
        (has("User and Callum have been long distance for 2 years"),),
    ),
    Case(
        "'I think he's staying till Monday' is when the visitor leaves, not what the user thinks",
        (
            "my boyfriend Callum is visiting from Aberdeen on the 12th",
            (A, "That's lovely! How long is he staying?"),
            "just the weekend",
            (A, "Noted."),
            "actually I think he's staying till Monday the 15th, he changed his train",
        ),
        (has("Callum is staying till Monday the 15th"), lacks("thinks")),
    ),
    Case(
        "guard: 'I think it's a great idea' is no fact about anyone",
        ("I think it's a great idea",),
        (silent(0),),
    ),
    Case(
        "a count with what most of them are answers 'How many students do you have?'",
        ("I teach piano from home in Kraków", (A, "How many students do you have?"), "about 20, mostly kids"),
        (has("User has about 20 students, mostly kids"),),
    ),
    Case(
        "'forget the YouTube thing for now' forgets the plan",
        (
            "I want to start a YouTube channel for beginner piano",
            (A, "That's a great idea!"),
            "oh and forget the YouTube thing for now, I'm too busy until the recital in May",
        ),
        (lacks("YouTube"), has("recital in May")),
    ),
    Case(
        "a forget request that owns a mistake and puts it right is a correction",
        (
            "I have two greyhounds, Pepper and Salt",
            (A, "Lovely names!"),
            "forget about the greyhounds, I told you wrong - they're whippets",
        ),
        (has("User has two whippets, Pepper and Salt"), lacks("greyhounds")),
    ),
    Case(
        "guard: a plain forget of the dogs still forgets them",
        ("I have two greyhounds, Pepper and Salt", "forget about the greyhounds"),
        (lacks("greyhounds"), lacks("whippets")),
    ),
    Case(
        "'scratch that thing about my manager' forgets the manager, nothing else",
        ("my manager is Femke", "my dentist is Dr Lee", "scratch that thing about my manager"),
        (lacks("Femke"), has("User's dentist is Dr Lee"), lacks("Thing")),
    ),
    Case(
        "'my bad - it's Joost' after scratching the manager puts the name right",
        ("my manager is Femke", "scratch that thing about my manager, my bad - it's Joost"),
        (has("User's manager is Joost"), lacks("Femke")),
    ),
    Case(
        "'actually it's Miso' puts right the name the cat was given, not the latest fact",
        ("my cat is called Mochi", "I work at Lidl", "sorry, I told you wrong, it's Miso"),
        (has("User's cat is called Miso"), lacks("Mochi"), has("User works at Lidl")),
    ),
    Case(
        "leaving an employer keeps the role",
        ("I work as a UX designer for a Dutch company", "oh I don't work for the Dutch company anymore, I freelance now"),
        (has("User works as a UX designer, no longer for a Dutch company"), has("User freelances")),
    ),
    Case(
        "'I've been there since 2015' after where one teaches is how long one has taught there",
        ("I teach at St Mary's primary. I've been there since 2015",),
        (has("User has taught at St Mary's primary since 2015"), lacks("been there")),
    ),
    Case(
        "'been there 6 years' after where one works, in one sentence",
        ("I work at the bakery on Main Street, been there 6 years",),
        (has("User has worked at the bakery on Main Street for 6 years"),),
    ),
    Case(
        "guard: 'been there twice' of a trip is no time spent working or living there",
        ("I went to Paris last year, been there twice",),
        (lacks("has lived"), lacks("has worked")),
    ),
    Case(
        "'we're doing it at the soft play place' is where the party is",
        ("my son Leo's 5th birthday party is on Saturday 14th", (A, "Fun! Where is it?"), "we're doing it at the soft play place in town"),
        (has("the party at the soft play place"),),
    ),
    Case(
        "'planning my son's party, it's on Saturday' is what the user is planning",
        ("planning my son Leo's 5th birthday party, it's on Saturday 14th",),
        (has("User is planning User's son Leo's 5th birthday party"),),
    ),
    Case(
        "'we moved the wedding to September' moves the wedding",
        ("my fiancée Nia and I are getting married next October", "update: we moved the wedding to September"),
        (has("getting married next September"), lacks("October"), lacks("User moved")),
    ),
    Case(
        "'she works 12 hour shifts' of the fiancée is kept",
        ("my fiancée Nia is a nurse, she works 12 hour shifts",),
        (has("Nia works 12 hour shifts"),),
    ),
    Case(
        "'lol unrelated' is no part of a constraint",
        ("also I'm lactose intolerant lol unrelated",),
        (has("User is lactose intolerant"), lacks("unrelated")),
    ),
    Case(
        "a dentist's appointment typed small names no dentist 'Appointment'",
        ("my dentist appointment is on Tuesday 4 March",),
        (has("dentist appointment is on Tuesday"), no_entity("Appointment")),
    ),
    Case(
        "a short answer to 'What's your thesis about?' is what the thesis is about",
        ("I'm doing a master's in data science", (A, "What's your thesis about?"), "climate models, specifically downscaling rainfall"),
        (has("User's thesis is about climate models, specifically downscaling rainfall"),),
    ),
    Case(
        "'the deadline got pushed to 3 September' moves the deadline said as one",
        ("deadline is 20 August", (A, "How's it going?"), "slowly lol", "oh the deadline got pushed to 3 September!"),
        (has("User's deadline is 3 September"), lacks("20 August")),
    ),
    Case(
        "a professor's name keeps its title",
        ("my supervisor is Prof. Grant, he's great but always busy",),
        (has("User's supervisor is Prof. Grant"), lacks("Prof is")),
    ),
    Case(
        "'any tips to destress?' is told what the user does to destress",
        ("also I play badminton on Wednesdays to destress", "my son Leo loves Lego"),
        (packs("any tips to destress?", "badminton"), unpacked("Give me three tips for public speaking.", "badminton")),
    ),
    Case(
        "grandchildren counted and named by age, each age a fact of its own",
        (
            "My daughter Susan visits every Sunday with the grandchildren.",
            (A, "That sounds like a comfort. How many grandchildren do you have?"),
            "Three. Oliver is 12, Grace is 9 and little Alfie is 4.",
        ),
        (has("User has three grandchildren"), has("Oliver is 12"), has("Grace is 9"), has("Alfie is 4"), lacks("and little")),
    ),
    Case(
        "'Grace is actually 10 now' replaces her age",
        (
            "Oliver is 12, Grace is 9 and little Alfie is 4.",
            (A, "Lovely!"),
            "Oh and I should say, Grace is actually 10 now, she had her birthday last week.",
        ),
        (has("Grace is 10"), lacks("Grace is 9"), has("Alfie is 4")),
    ),
    Case(
        "'name's Dev' is the user's name",
        ("yo! name's Dev, I'm a barista in Melbourne and I'm saving up for a motorbike",),
        (has("User's name is Dev"), has("User works as a barista in Melbourne"), lacks("Name's")),
    ),
    Case(
        "a short answer to 'How much do you save each month?' is what the user saves",
        ("I'm saving up for a motorbike", (A, "Great progress! How much do you save each month?"), "like 400 a month if I'm careful"),
        (has("User saves about 400 a month if User is careful"),),
    ),
    Case(
        "'I've got 3.5k now' corrects what the user has, not what the user needs",
        ("I'm saving up for a motorbike. need about 7k, I've got 3k so far", "update, I've got 3.5k now"),
        (has("User has 3.5k so far"), has("User needs about 7k")),
    ),
    Case(
        "how annoying an allergy is stays out of it",
        ("oh and I'm allergic to cashews, annoying since half the vegan cheese is cashew based",),
        (has("User is allergic to cashews"), lacks("annoying")),
    ),
    Case(
        "'not yet, the application closes on 15 January' keeps when the application closes",
        (
            "I'm thinking of moving to Madrid next year for a job at a bigger clinic",
            (A, "Exciting! Have you applied?"),
            "not yet, the application closes on 15 January",
        ),
        (has("User's application closes on 15 January"),),
    ),
    Case(
        "what two dogs are, said in one sentence, is a fact of each",
        ("I have two dogs, Luna and Coco", "Luna is a border collie and Coco is a mixed breed rescue"),
        (has("Luna is a border collie"), has("Coco is a mixed breed rescue"), lacks("collie and")),
    ),
    Case(
        "'I'm Muslim' is a faith, not a name, and the name stays",
        (
            "hey, I'm Tariq. I work night shifts as a security guard at the airport",
            (A, "Noted."),
            "remember that I don't eat pork, I'm Muslim",
        ),
        (has("User's name is Tariq"), has("User is Muslim"), lacks("name is Muslim"), has("User doesn't eat pork")),
    ),
    Case(
        "'I'm Italian' is where one is from",
        ("I'm Italian",),
        (has("User is Italian"), lacks("name")),
    ),
    Case(
        "guard: 'I'm Tariq' is still a name",
        ("I'm Tariq",),
        (has("User's name is Tariq"),),
    ),
    Case(
        "'badly lol' to 'How do you manage sleep?' is no way of managing",
        ("I work night shifts", (A, "Night shifts can be tough. How do you manage sleep?"), "badly lol"),
        (lacks("with badly"),),
    ),
]
