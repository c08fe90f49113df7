"""Reading a query before retrieval: is it worth retrieving, who and which entities it names, and
what kind of question it is."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memlace.core.asked_day import asked_day
from memlace.core.dates import is_when_question
from memlace.core.state import MemoryState
from memlace.core.text import STOPWORDS, terms, words
from memlace.models import Entity, normalize_name

_TRIVIAL = frozenset(
    [
        "ok",
        "okay",
        "k",
        "thanks",
        "thank",
        "you",
        "thx",
        "ty",
        "yes",
        "no",
        "yep",
        "nope",
        "sure",
        "cool",
        "nice",
        "great",
        "lol",
        "haha",
        "hmm",
        "hm",
        "bye",
        "hi",
        "hello",
        "hey",
        "good",
        "got",
        "it",
        "alright",
        "fine",
        "right",
    ]
)
TRIVIAL_STEMS = frozenset(t for word in _TRIVIAL for t in terms(word))  # the same words as the index writes them
_SELF_REFERENTIAL = re.compile(
    r"\b(who am i|what do you (?:know|remember) about me|tell me about (?:me|myself)|what(?:'s| is) my name|about me)\b", re.I
)


_LIKES = re.compile(
    r"\bwhat\s+(?:do|does|did)\s+(?:i|we)\s+(?:like|love|enjoy|prefer|hate|dislike)\b"
    r"|\bwhat\s+(?:are|is)\s+my\s+(?:favou?rites?|favou?rite\s+things|likes|dislikes|preferences|tastes)\b|\bwhat\s+(?:am\s+I|are\s+we)\s+into\b",
    re.I,
)
_ASKS_OF_ME = re.compile(r"^\W*(?:where|what|who|when|how)\b.*\b(?:i|me|my|we|our)\b.*\?\s*$", re.I)


@dataclass
class QueryPlan:
    query: str
    skip: str | None = None
    search_text: str = ""
    terms: list[str] = field(default_factory=list)
    participants: list[str] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    when: bool = False
    day: float | None = None  # "on 3 June, 2023": the start of the day the question names
    day_only: bool = False  # "What did I tell you yesterday?": the day is all it asks about
    self_referential: bool = False
    personal: bool = False  # about someone memory knows: the speaker ("my", "I"), a participant, a known entity
    where: bool = False  # "Where do I live?": what is asked is a place
    pastime: bool = False  # "What hobbies do I have?": what is asked is what one does for fun
    tooling: bool = False  # "What tools does my team use?": what is asked is software, a language, a tool
    medication: bool = False  # "What medication do I take?": what is asked is what one takes for one's health
    trip: bool = False  # "a packing list for our trip": the trip is where someone goes
    taste: bool = False  # "What are some good sci-fi books?": a recommendation, which the user's tastes decide
    likes: bool = False  # "What do I like?": what is asked is what one likes


# The speaker, but not in the phrases that only ask something of the assistant ("tell me", "how do I").
_PERSONAL = re.compile(
    r"\b(?:my|mine|myself|our|ours|we|us|i'm|i've|i'd|i'll)\b"
    r"|(?<!\btell )(?<!\bgive )(?<!\bshow )(?<!\bhelp )(?<!\bsend )(?<!\blet )(?<!\bwrite )(?<!\bmake )(?<!\bfind )(?<!\bteach )"
    r"(?<!\bget )\bme\b"
    r"|(?<!\bhow do )(?<!\bhow can )(?<!\bhow would )(?<!\bhow should )(?<!\bhow to )(?<!\bcan )(?<!\bcould )\bi\b",
    re.I,
)

_WHERE = re.compile(r"^\W*(?:so\s+|and\s+|remind me,?\s+)?(?:where|(?:what|which)\s+(?:city|town|country|place|part of))\b", re.I)

_PASTIME = re.compile(
    r"\b(?:hobby|hobbies|pastimes?|for fun|free time|spare time|downtime|to (?:relax|unwind|de-?stress|chill)|interests|"
    r"(?:musical )?instruments?|sports?|activit(?:y|ies))\b",
    re.I,
)

_TOOLING = re.compile(
    r"\b(?:tools?|tooling|(?:tech\s+)?stack|tech|technolog(?:y|ies)|software|frameworks?|librar(?:y|ies)|databases?|"
    r"programming languages?|apps?|orchestrators?|orchestration|(?:data\s+)?warehouses?|editors?|ides?|cloud|platforms?)\b",
    re.I,
)

_MEDICATION = re.compile(r"\b(?:medications?|medicines?|meds|pills|tablets|prescriptions?|insulin|inhalers?|drugs? (?:do|am|did)\b)", re.I)

_TRIP = re.compile(r"\b(?:trip|holidays?|vacation|getaway|half[- ]term|road ?trip|travel plans|itinerary)\b", re.I)

_TASTE = re.compile(
    r"\b(?:recommend|suggest|recommendations?|suggestions?|any good|(?:any|some)\s+ideas\s+(?:for|on)|(?:any|some)\s+(?:tips|advice)\b|what(?:'s| is| are)(?: some)? (?:a )?good|"
    r"what should (?:i|we) (?:read|watch|listen to|play|cook|eat|make|try|buy|get))\b",
    re.I,
)


def plan_query(state: MemoryState, query: str, now: float | None = None) -> QueryPlan:
    """Read the query: is it worth retrieving, who is named, which entities, what kind of question, which day
    (a relative one, "yesterday", only given ``now``)."""
    plan = QueryPlan(query=query)
    tokens = words(query)
    plan.self_referential = bool(_SELF_REFERENTIAL.search(query))
    asks_of_me = _ASKS_OF_ME.match(query) is not None  # "where am I from?": all stopwords, and a question about the user
    if not plan.self_referential and not asks_of_me and (not tokens or all(t in _TRIVIAL or t in STOPWORDS for t in tokens)):
        plan.skip = "trivial"
        return plan
    plan.when = is_when_question(query)
    plan.day, plan.day_only = asked_day(query, now) or (None, False)
    search = query
    for display in sorted(state.participants.values(), key=lambda name: (-len(name), name)):
        pattern = re.compile(rf"(?<!\w){re.escape(display)}(?:'s)?(?!\w)", re.I)
        if pattern.search(search):
            plan.participants.append(display)
            search = pattern.sub(" ", search)
    # The user's own name is a participant too: "what does Ada like" asks about the user, not about the word "Ada".
    for name in sorted(set(state.own_names.values()), key=lambda n: (-len(n), n)):
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?:'s)?(?!\w)", re.I)
        if pattern.search(search):
            search = pattern.sub(" user ", search)
            plan.personal = True
    participant_keys = {normalize_name(p) for p in [*state.participants.values(), *state.own_names.values()]}
    plan.entities = [e for e in state.entities_in(query) if normalize_name(e.name) not in participant_keys]
    plan.entities += [e for e in _relatives_named(state, query) if e not in plan.entities]
    plan.personal = plan.personal or bool(plan.participants or plan.entities or plan.self_referential or _PERSONAL.search(query))
    plan.personal = plan.personal or _known_thing(state, query)
    plan.where = plan.personal and _WHERE.match(query) is not None
    plan.pastime = plan.personal and not plan.where and _PASTIME.search(query) is not None
    plan.tooling = plan.personal and not (plan.where or plan.pastime) and _TOOLING.search(query) is not None
    plan.medication = plan.personal and not plan.where and _MEDICATION.search(query) is not None
    plan.trip = plan.personal and not plan.where and _TRIP.search(query) is not None
    plan.taste = _TASTE.search(query) is not None
    plan.likes = plan.personal and not (plan.where or plan.pastime) and _LIKES.search(query) is not None
    plan.search_text = " ".join(search.split()) or query
    plan.terms = terms(plan.search_text)
    return plan


# "an email to customers about the subscription launch": "the" names a thing memory holds, by two rare words
_THE_THING = re.compile(r"\bthe\s+([a-z][\w-]*\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I)
_THE_ONE = re.compile(r"\bthe\s+([a-z][\w-]{3,})\s*[?!.]?$", re.I)  # the thing the message ends on
_RARE = 0.02  # a rare word is in at most this share of records (or in three)
_FEW = 8  # ... or, for the one word a message ends on, in this many


def _known_thing(state: MemoryState, query: str) -> bool:
    """Whether the query names, with "the", a thing a memory holds: two or more of its rare words in one memory."""
    most = max(3, int(_RARE * len(state.bm25)))
    for phrase in _THE_THING.findall(query):
        rare = {t for t in terms(phrase) if 0 < state.bm25.frequency(t) <= most}  # (no posting copied on this path)
        if len(rare) >= 2 and any(i in state.memories for i in state.bm25.containing(rare)):
            return True
    # "Who works at the shop?": one word, said by a memory of the user's own ("User runs a small bike repair shop")
    for word in _THE_ONE.findall(query):  # (in a short chat "the trip" is said in a few turns and their memories)
        rare = {t for t in terms(word) if 0 < state.bm25.frequency(t) <= max(most, _FEW)}
        held = (state.memories.get(i) for i in state.bm25.containing(rare)) if rare else ()
        if any(m is not None and (m.subject or "User") == "User" and re.search(rf"\b{re.escape(word)}\b", m.text, re.I) for m in held):
            return True
    return False


# "How old are my kids?": the son and the daughter; "my relationship": the partner
_GROUPS = {
    **dict.fromkeys(("child", "kid"), ("kid", "kids", "child", "children")),
    "son": ("kid", "kids", "child", "children", "boys"),  # ("How old are the boys?")
    "daughter": ("kid", "kids", "child", "children", "girls"),
    **dict.fromkeys(("mother", "mom", "mum", "father", "dad"), ("parents",)),
    **dict.fromkeys(("brother", "sister"), ("siblings",)),
    # "What do you know about my relationship?": the partner
    **dict.fromkeys(
        ("boyfriend", "girlfriend", "partner", "husband", "wife", "fiance", "fiancee", "spouse"),
        ("relationship", "love life", "dating life"),
    ),
}


def _relatives_named(state: MemoryState, query: str) -> list[Entity]:
    """The people a query names by how they are related to the user ("a present for my husband": Dev, once
    "my husband Dev" was said), so that what is known of them comes with it."""
    found = []
    for relation, name in sorted(state.relatives.values()):
        said = "|".join(re.escape(r) for r in (relation, *_GROUPS.get(relation, ())))
        # ("a plan for the family", "with my family": everyone the user is related to)
        groups = "|".join(re.escape(g) for g in _GROUPS.get(relation, ()) if g.endswith(("s", "ren")))
        theirs = rf"|\bthe\s+(?:{groups})\b" if groups else ""  # ("the kids", "the boys": the user's own, in a chat of theirs)
        if re.search(rf"\b(?:my|our)\s+(?:{said})(?:s|'s)?\b|\b(?:my|our|the)\s+family\b{theirs}", query, re.I):
            entity = state.entity_by_label(name)
            if entity is not None and entity not in found:
                found.append(entity)
    return found
