"""Short scripted chats with the outcome a person would expect of a memory (``memlace eval behaviour``).

Each case is a few turns and the checks that must hold after them, offline (heuristic extractor, local
model). Written by hand for this project: corrections of every kind, remember and forget requests,
preference changes, dates of events, family members told apart, paraphrases merged, requests and
questions that make no memory, what the assistant says not becoming facts about the user, secrets,
and clean third-person text.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Check:
    """One expectation. ``what`` is one of:
    has (an active memory contains every one of ``words``), lacks (no active memory contains them all),
    recall (for ``query``, the first memory in the pack contains ``words``; none contains ``absent``), packs (for
    ``query``, some memory of the pack contains ``words``), unpacked (for ``query``, no item of the pack, memory or
    message, contains ``words``),
    silent (turn number ``turn`` made no memory), kind (the active memory containing ``words`` is of kind
    ``value``), important (that memory's importance is at least 0.8), entity (an entity named ``words[0]``
    of type ``value``), no_entity (no entity is named ``words[0]``), stored_lacks (nothing stored anywhere contains ``words``), dated (that memory's
    date, as the pack shows it, starts with ``value``), warns (for ``query``, a warning of the pack names every one of
    ``words``), count (exactly ``value`` active memories contain ``words``)."""

    what: str
    words: tuple[str, ...] = ()
    query: str = ""
    absent: tuple[str, ...] = ()
    value: str = ""
    turn: int = 0


def has(*words: str) -> Check:
    return Check("has", words)


def lacks(*words: str) -> Check:
    return Check("lacks", words)


def recall(query: str, *words: str, absent: tuple[str, ...] = ()) -> Check:
    return Check("recall", words, query=query, absent=absent)


def packs(query: str, *words: str) -> Check:
    return Check("packs", words, query=query)


def unpacked(query: str, *words: str) -> Check:
    return Check("unpacked", words, query=query)


def silent(turn: int) -> Check:
    return Check("silent", turn=turn)


def kind(value: str, *words: str) -> Check:
    return Check("kind", words, value=value)


def important(*words: str) -> Check:
    return Check("important", words)


def entity(name: str, type_: str) -> Check:
    return Check("entity", (name,), value=type_)


def no_entity(name: str) -> Check:
    return Check("no_entity", (name,))


def stored_lacks(*words: str) -> Check:
    return Check("stored_lacks", words)


def dated(day: str, *words: str) -> Check:
    return Check("dated", words, value=day)


def warns(query: str, *words: str) -> Check:
    return Check("warns", words, query=query)


def count(number: int, *words: str) -> Check:
    return Check("count", words, value=str(number))


@dataclass(frozen=True)
class Case:
    name: str
    turns: tuple[str | tuple[str, str], ...]  # text (the user), or (role or speaker, text)
    checks: tuple[Check, ...] = field(default_factory=tuple)


U = "user"
A = "assistant"
CASES: list[Case] = [
    # -- corrections and updates that replace ---------------------------------------------------------
    Case(
        "moved: actually",
        ("I live in Berlin.", "Actually, I moved to Lisbon last month."),
        (has("Lisbon"), lacks("Berlin"), recall("Where do I live now?", "Lisbon", absent=("Berlin",))),
    ),
    Case("moved: plain", ("I'm based in Toronto.", "We moved to Vancouver in March."), (has("Vancouver"), lacks("Toronto"))),
    Case("age: sorry not", ("I'm 34.", "Sorry, I'm 35, not 34."), (has("35"), lacks("34"), recall("How old am I?", "35", absent=("34",)))),
    Case("age: birthday", ("I'm 29 years old.", "I just turned 30 yesterday!"), (has("30"), lacks("29"))),
    Case(
        "job: new title",
        ("I work as a nurse.", "I'm now a software engineer."),
        (has("software engineer"), lacks("nurse"), recall("What do I do for work?", "software engineer", absent=("nurse",))),
    ),
    Case("employer: switched", ("I work at Acme.", "I switched from Acme to Globex last week."), (has("Globex"), lacks("works at Acme"))),
    Case(
        "switched from X to Y",
        ("I teach history at a school in Leeds.", "I switched from teaching history to teaching geography this term."),
        (has("geography"), lacks("teaches history"), recall("What subject do I teach?", "geography")),
    ),
    Case("name and age at once", ("Quick intro: I'm Tom, 41.", "Sorry, I'm 42, not 41."), (has("name is Tom"), has("42"), lacks("41"))),
    Case(
        "job on the side",
        ("I just moved to Leeds for a new job as a data analyst.",),
        (has("lives in Leeds"), has("works as a data analyst")),
    ),
    Case("not X but Y", ("My sister is called Mia.", "Not Mia but Maya, sorry, my sister is Maya."), (has("Maya"), lacks("Mia"))),
    Case("no longer", ("I play the piano every day.", "I no longer play the piano."), (lacks("plays the piano every day"),)),
    Case(
        "gone vegetarian", ("My favourite food is sushi.", "I've gone vegetarian."), (has("vegetarian"), kind("constraint", "vegetarian"))
    ),
    Case("partner changed", ("My partner is Sam.", "Sam and I broke up; my partner is now Alex."), (has("Alex"), lacks("partner is Sam"))),
    Case("preference changed", ("I prefer dark mode.", "Actually I prefer light mode now."), (has("light mode"), lacks("dark mode"))),
    # -- remember and forget --------------------------------------------------------------------------
    Case(
        "remember that",
        ("Remember that my favourite colour is teal.",),
        (has("favourite colour", "teal"), recall("What's my favourite colour?", "teal")),
    ),
    Case("please remember", ("Please remember I take my coffee black.",), (has("coffee", "black"),)),
    Case(
        "remember about someone",
        ("I was born on 2 March.", "Remember that Elena's birthday is on 14 May."),
        (has("Elena's birthday", "14 May"), has("born", "2 March"), recall("When is Elena's birthday?", "14 May")),
    ),
    Case("don't forget", ("Don't forget that my anniversary is on June 3rd.",), (has("anniversary"),)),
    Case(
        "forget that",
        ("I play the piano.", "Please forget that I play the piano."),
        (lacks("piano"), stored_lacks("plays the piano"), recall("What instrument do I play?", absent=("piano",))),
    ),
    Case("forget keeps the rest", ("I play the piano and I live in Oslo.", "Forget that I play the piano."), (lacks("piano"), has("Oslo"))),
    Case("not true any more", ("I work at Initech.", "That I work at Initech is not true any more."), (lacks("Initech"),)),
    Case(
        "forget a topic",
        ("I have a bad knee from a skiing accident.", "I love green tea.", "Don't remember anything about my knee please."),
        (lacks("knee"), has("green tea")),
    ),
    Case(
        "two of us, past",
        ("My partner and I just adopted a rescue greyhound called Biscuit!",),
        (has("partner", "adopted", "Biscuit"), count(1, "partner")),
    ),
    Case("don't remember", ("Don't remember that I'm job hunting.",), (lacks("job hunting"), stored_lacks("job hunting"))),
    # -- what makes no memory -----------------------------------------------------------------------
    Case("question", ("Can you recommend a restaurant for our anniversary dinner?",), (silent(0),)),
    Case("request", ("Write me a haiku about autumn.",), (silent(0),)),
    Case("request with my", ("Summarise my notes from the meeting please.",), (silent(0),)),
    Case("chit-chat", ("Hi!", "ok thanks", "Nice.", "Good luck!"), (silent(0), silent(1), silent(2), silent(3))),
    Case(
        "assistant facts",
        ((A, "I live in the cloud and I love helping people."), (A, "You should try Rust.")),
        (silent(0), silent(1), lacks("cloud")),
    ),
    Case("assistant reply ignored", ("I love hiking.", (A, "That's great! I love hiking too.")), (has("hiking"), count(1, "hiking"))),
    Case("weather question", ("What is the boiling point of water at sea level?",), (silent(0),)),
    # -- kinds, importance and entities -------------------------------------------------------------
    Case(
        "allergy",
        ("I'm allergic to peanuts.",),
        (kind("constraint", "peanut"), important("peanut"), recall("What should I avoid eating?", "peanut")),
    ),
    Case("health condition", ("I have type 1 diabetes.",), (kind("constraint", "diabetes"), important("diabetes"))),
    Case("never rule", ("Never call me before 9am.",), (kind("negative", "9am"), important("9am"))),
    Case(
        "family told apart",
        ("My brother Tom lives in Leeds.", "My sister Ana lives in Porto."),
        (
            has("Tom", "Leeds"),
            has("Ana", "Porto"),
            entity("Tom", "person"),
            entity("Ana", "person"),
            recall("Where does my sister live?", "Porto"),
        ),
    ),
    Case(
        "tool is not a place",
        ("I build our frontend in SvelteKit at Zalando.",),
        (entity("SvelteKit", "tool"), entity("Zalando", "organization")),
    ),
    Case("company is an organization", ("I work at Snowflake.",), (entity("Snowflake", "organization"),)),
    Case("project", ("I'm working on a side project called Orbit.",), (has("Orbit"), kind("project", "Orbit"))),
    Case("pet", ("My dog Biscuit is a beagle.",), (has("Biscuit"), entity("Biscuit", "other"))),
    Case("pet by its breed", ("We got a beagle called Biscuit last weekend.",), (entity("Biscuit", "other"),)),
    Case("kids listed", ("We have two kids, Ava (7) and Leo (4).",), (entity("Ava", "person"), entity("Leo", "person"))),
    Case("hospital by name", ("I work as a nurse at St. Mary's.",), (entity("St. Mary's", "organization"), no_entity("St"))),
    Case("flying to a city", ("I'm flying to Lisbon next Thursday for a conference.",), (entity("Lisbon", "place"),)),
    Case("age with an aside", ("I'm 29 by the way.",), (has("29 years old"), lacks("by the way"))),
    Case(
        "standing instruction",
        ("Please always give me code examples in Go unless I ask otherwise.",),
        (
            kind("negative", "code examples", "Go"),
            important("code examples"),
            lacks("please"),
            recall("Show me an example of a for loop", "code examples"),  # the rule comes with what it is about
            recall("Can I ask you something?", absent=("code examples",)),  # and not with every message
        ),
    ),
    Case(
        "job with where it is",
        ("I'm a backend developer at a fintech startup in Amsterdam.",),
        (has("backend developer", "fintech startup", "Amsterdam"), recall("Which city do I work in?", "Amsterdam")),
    ),
    Case("moving to a city", ("My sister Priya is moving to Toronto in March.",), (entity("Toronto", "place"),)),
    Case(
        "possessive of a known person",
        ("My husband Tom doesn't eat pork.", "We're hosting Tom's parents on Sunday."),
        (entity("Tom", "person"), no_entity("Tom's")),
    ),
    Case(
        "facts about family named before",
        ("We have two kids, Ava and Leo.", "Ava loves pasta, Leo is allergic to peanuts.", "Tom said the meeting went well."),
        (
            has("Ava", "pasta"),
            kind("constraint", "Leo", "peanuts"),
            important("Leo", "peanuts"),
            recall("What is Leo allergic to?", "peanuts"),
            silent(2),
        ),
    ),
    # -- paraphrases merge -----------------------------------------------------------------------------
    Case("paraphrase merged", ("I really love green tea.", "I love green tea so much."), (count(1, "green tea"),)),
    Case("repeat merged", ("I live in Oslo.", "I live in Oslo."), (count(1, "Oslo"),)),
    # -- dates of events --------------------------------------------------------------------------------
    Case("event yesterday", ("I ran my first marathon yesterday.",), (has("marathon"), dated("2023-11-13", "marathon"))),
    Case("event in year", ("I graduated from Oxford in 2019.",), (has("Oxford"), dated("2019", "Oxford"))),
    # -- secrets ----------------------------------------------------------------------------------------
    Case("card number", ("My card is 4111 1111 1111 1111 and the CVV is 123.",), (stored_lacks("4111"), stored_lacks("CVV is 123"))),
    Case("password word", ("I need to change the password tonight.",), (stored_lacks("REDACTED"),)),
    Case("ssn", ("My SSN is 078-05-1120.",), (stored_lacks("078-05-1120"),)),
    # -- clean third person ---------------------------------------------------------------------------
    Case(
        "irregular verbs",
        ("I came across a great book. I made pasta yesterday. I bought rye bread.",),
        (lacks("cames"), lacks("mades"), lacks("boughts"), has("came across")),
    ),
    Case(
        "two of us",
        ("My wife Elena and I are planning a trip to Japan next April.",),
        (has("wife Elena", "are planning", "Japan"), has("wife is Elena"), lacks("ares")),
    ),
    Case(
        "instead of",
        ("My wife Elena and I are planning a trip to Japan in April.", "Actually we're going to Korea instead of Japan."),
        (has("Korea"), lacks("trip to Japan"), has("wife is Elena"), recall("Where are we travelling in April?", "Korea")),
    ),
    Case(
        "correction naming nothing",
        ("I work night shifts on Tuesdays and Wednesdays.", "I'm trying to eat healthier.", "Oh wait, it's Wednesdays and Thursdays now."),
        (count(1, "night shifts"), has("night shifts", "Thursdays"), has("healthier"), recall("Which days do I work?", "Thursdays")),
    ),
    Case(
        "I meant",
        ("I'm training for the Berlin marathon in September.", "My dentist appointment is on Tuesday.", "Sorry, I meant Thursday."),
        (
            count(1, "dentist"),
            has("dentist", "Thursday"),
            lacks("marathon", "Thursday"),
            recall("When is my dentist appointment?", "Thursday"),
        ),
    ),
    Case(
        "no longer does",
        ("We use Go and Postgres mostly.", "Actually I don't use Postgres anymore."),
        (has("Go", "Postgres"), has("Postgres", "anymore"), warns("What database do we use?", "Go and Postgres", "anymore")),
    ),
    Case(
        "I meant another name",
        ("I play the piano on weekends.", "My brother Karl lives in Graz.", "Sorry, I meant Linz."),
        (count(1, "Karl"), has("Karl", "Linz"), lacks("piano", "Linz"), recall("Where does my brother live?", "Linz")),
    ),
    Case("correction of nothing said", ("What's the weather like in Oslo?", "Sorry, it's in October."), (silent(0), silent(1))),
    Case("never drinks", ("I never drink alcohol.",), (kind("constraint", "never drinks alcohol"), important("alcohol"))),
    Case(
        "pep talk", ("Gotta stay positive and keep pushing forward!", "I'm feeling confident it will all work out."), (silent(0), silent(1))
    ),
    Case("speaker name", (("Dana", "I bought our rye bread at the market."),), (lacks("boughts"), lacks("Dana is Dana"))),
    Case("no filler", (("Caroline", "I'm always here for you, Mel!"),), (silent(0),)),
    # found in what the offline extractor kept from LoCoMo's dev turns that no observation of theirs supported
    Case(
        "remarks with no subject",
        (
            ("Jon", "Makes me feel like maybe I should do it too!"),
            ("Jon", "Been a busy week since we talked."),
            ("Jon", "Maybe I can help out as well."),
            ("Jon", "Working together would be great!"),
            ("Jon", "Love and acceptance really can be found everywhere."),
        ),
        (silent(0), silent(1), silent(2), silent(3), silent(4)),
    ),
    Case(
        "more remarks with no subject",
        (
            ("Maria", "Gave me a real sense of peace."),
            ("Maria", "Just something nice to take my mind off things."),
            ("Maria", "Working together, we can bring positive changes to the neighborhood."),
        ),
        (silent(0), silent(1), lacks("is working together")),
    ),
    Case(
        "never, in the past tense",
        (("John", "I lost my job at the engineering company last week. Never saw this coming."),),
        (has("John lost", "job"), lacks("saw this coming")),
    ),
    Case(
        "remember, then an aside",
        ("Remember that my sister's wedding is on 12 June. Rock on!", "Even though mine is small, I love my garden."),
        (has("wedding", "12 June"), lacks("Rock on"), has("loves", "garden"), lacks("Even though")),
    ),
    # from a chat about a nurse's running and meals (2026-11-26, late)
    Case(
        "a named old value swapped",
        ("I'm training for the Manchester half marathon in April.", "Actually the race is in May, not April."),
        (has("half marathon", "in May"), lacks("April"), count(1, "marathon")),
    ),
    Case(
        "an old day swapped",
        ("My dentist appointment is on Tuesday.", "Sorry, it's Thursday, not Tuesday."),
        (has("dentist appointment", "Thursday"), lacks("Tuesday"), lacks("corrected")),
    ),
    Case(
        "an intolerance after 'Oh, and'",
        ("Oh, and I'm lactose intolerant, so no paneer please.",),
        (kind("constraint", "lactose intolerant"), lacks("Oh")),
    ),
    Case(
        "a partner's diet heeded",
        ("My husband Dev is vegetarian.",),
        (kind("constraint", "Dev is vegetarian"), recall("Any ideas for dinner tonight?", "vegetarian")),
    ),
    Case(
        "an injury heeded",
        ("I have a dodgy left knee though, so I avoid downhill running.",),
        (kind("constraint", "dodgy left knee"), important("knee"), has("avoids downhill running")),
    ),
    Case(
        "an injury forgotten",
        ("I have a dodgy left knee though, so I avoid downhill running.", "Forget that I have a dodgy knee, the physio sorted it."),
        (lacks("knee"), has("avoids downhill running")),
    ),
    Case(
        "a relative named by relation",
        ("My husband Dev is vegetarian.", "Remember that Dev's birthday is on 9 August."),
        (packs("What's a good present for my husband?", "Dev's birthday"), entity("Dev", "person"), no_entity("Dev's")),
    ),
    Case(
        "'them' is what was just named",
        ("My husband Dev is vegetarian.", "Please don't suggest recipes with mushrooms, Dev hates them."),
        (has("Dev hates mushrooms"), kind("negative", "mushrooms")),
    ),
    Case(
        "a month is not a place",
        ("I'm running the Leeds half marathon in May.", "Honestly I've been so tired lately."),
        (no_entity("May"), no_entity("Honestly"), has("half marathon", "May")),
    ),
    # from a chat with a PhD student (2026-11-26, late)
    Case(
        "an introduction in one breath",
        (
            "hey, quick context: I'm Marco, 29, a PhD student in computational biology at ETH Zurich.",
            "Actually I'm 30 now, had my birthday on Sunday.",
        ),
        (has("name is Marco"), has("30 years old"), lacks("29"), has("PhD student"), has("ETH Zurich"), entity("Marco", "person")),
    ),
    Case(
        "a supervisor with a title",
        ("My supervisor, Prof. Keller, wants a draft of chapter 2 by next Friday.",),
        (lacks("called Prof"), entity("Keller", "person")),
    ),
    Case(
        "a secret's fact is not kept",
        ("My bank PIN is 4921, don't tell anyone lol", "Ugh, my laptop died yesterday."),
        (stored_lacks("4921"), lacks("PIN"), has("laptop died"), lacks("Ugh")),
    ),
    Case(
        "nothing about someone",
        ("My girlfriend Sofia lives in Milan.", "Don't remember anything about Sofia please."),
        (lacks("Sofia"), no_entity("Sofia")),
    ),
    # from a chat with a baker (2026-11-26, late)
    Case(
        "instead of, said of someone else",
        ("We're planning to open a second shop in Braga next spring.", "Actually scrap that, Rui wants Coimbra instead of Braga."),
        (has("second shop in Coimbra"), lacks("Braga")),
    ),
    Case(
        "our, and a task that is no constraint",
        ("Our oven is a 20-year-old deck oven though.", "Anyway, I need to order flour: we go through 200kg a week."),
        (has("User's oven"), lacks("Our oven"), kind("fact", "order flour", "200kg")),
    ),
    Case(
        "an intolerance of one's own",
        ("I'm gluten intolerant myself, which is ironic for a baker haha.",),
        (kind("constraint", "gluten intolerant"), lacks("themselves")),
    ),
    Case(
        "a bare number is no answer",
        ("I'm 30 years old.", "What's 15% of 240?", (A, "36.")),
        (recall("How old am I?", "30 years old"), unpacked("How old am I?", "36")),
    ),
    Case(
        "part of what was done stopped",
        ("I drink coffee and green tea every day.", "I don't drink coffee anymore."),
        (has("green tea"), warns("What should I drink this morning?", "coffee")),
    ),
]
