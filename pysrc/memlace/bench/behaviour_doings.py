"""Behaviour cases from reading what the offline extractor kept of the dev split's turns (2026-11-29): "I slowly formed
connections" became "Maria slowlies formed connections", "Recently, education reform and infrastructure development"
became "John recentlies, …", and a doing that is its sentence's subject was read as the speaker's own ("Taking care of
myself … helps me" was "Maria is taking care of themselves … helps Maria"). Each failed on the code before the fix it
came with, unless marked a guard. A clause of words that name nothing ("I've had quite the adventure", "I've got
something to share") made a memory of nothing; a "we" past the subject stayed ("Melanie had a quiet weekend after we
went camping").
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, silent

DOINGS_CASES: list[Case] = [
    Case(
        "an adverb in -ly between 'I' and the verb is no verb",
        ("It took time, but I slowly formed connections by listening and showing compassion.",),
        (has("User slowly formed connections by listening"), lacks("slowlies")),
    ),
    Case(
        "'Recently,' before a topic is no doing of the speaker's",
        (("John", "Recently, education reform and infrastructure development. Good schools are key to a thriving community."),),
        (lacks("recentlies"), lacks("John recently,")),
    ),
    Case(
        "'Finally,' before what was done: done by the speaker, said plainly",
        ("Finally, got the job at the bank!",),
        (has("User finally got the job at the bank"), lacks("finallies"), lacks("finally,")),
    ),
    Case(
        "a doing that helps the speaker is no doing going on",
        ("Taking care of myself physically, emotionally, and mentally helps me.",),
        (has("Taking care of themselves physically, emotionally, and mentally helps User"), lacks("User is taking care")),
    ),
    Case(
        "a doing that is key, over many words, is nobody's doing",
        ("Yeah, building those real connections and getting people to trust us is key.",),
        (lacks("User is building"),),
    ),
    Case(
        "a doing that 'really does make a difference' is nobody's doing",
        ("Building relationships and seeing kindness really does make a difference.",),
        (lacks("User is building"),),
    ),
    Case(
        "trying to find out what helps ('what' is the verb's subject) is the speaker's doing",
        ("Trying to figure out what helps me sleep.",),
        (has("User is trying to figure out what helps User sleep"),),
    ),
    Case(
        "a clause of words that name nothing ('quite the adventure', 'something to share') is no memory",
        ("Since we last spoke, I've had quite the adventure!", "Thanks! I've got something to share with you."),
        (silent(0), silent(1)),
    ),
    Case(
        "guard: the same words with something named are kept",
        ("I had a great time at the Hozier concert", "I work part time now"),
        (has("User had a great time at the Hozier concert"), has("User works part time")),
    ),
    Case(
        "a 'we' past the subject is 'they', not the listener's word left in a fact about the speaker",
        (("Melanie", "I had a quiet weekend after we went camping with my fam two weekends ago."),),
        (has("Melanie had a quiet weekend after they went camping"), lacks("after we went")),
    ),
    Case(
        "'us together' past the subject is 'them together'",
        (("Melanie", "Yeah, that pic was from a show I went to. It was so much fun and reminded me of how music brings us together."),),
        (has("brings them together"), lacks("brings us")),
    ),
    Case(
        "a second verb after 'but' agrees with a named subject; 'comforting to know' is no cleft",
        (
            ("Caroline", "It was comforting to know I'm not alone and have a great community around me."),
            ("John", "I lost my dog Max last year, but have been comforted by my kids."),
        ),
        (lacks("Caroline comforting to know"), has("but has been comforted")),
    ),
    Case(
        "guard: a doing, then another subject after 'and'",
        ("Working late again and I'm exhausted.",),
        (has("User is working late again"),),
    ),
]
