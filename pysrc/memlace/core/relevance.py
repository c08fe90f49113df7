"""The relevance bar: absolute, not only relative to the best item, so that a message nothing remembered
answers gets an empty pack (and is logged as a gap) instead of the twelve least irrelevant items.

Two raw signals are comparable across queries: an item's MiniLM cosine to the (name-free) query, and its
keyword share, its BM25 score over the most the query's words could give (each word's idf times the
saturation bound k1 + 1). The thresholds live in RetrievalConfig, with how they were calibrated.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memlace.config import RetrievalConfig
from memlace.core import graph as graphs
from memlace.core import topics
from memlace.core.asks import REQUEST
from memlace.core.corrections import NO_LONGER_HEALTH
from memlace.core.dates import MONTHS, WEEKDAYS
from memlace.core.grammar import strip_lead_in
from memlace.core.lexicon import PET_WORDS
from memlace.core.query import TRIVIAL_STEMS, QueryPlan
from memlace.core.state import QUESTION_AT_END, MemoryState
from memlace.core.text import terms
from memlace.models import EntityType, Episode, Memory, MemoryKind, MemoryStatus, normalize_name

_DATE_TERMS = frozenset(terms(" ".join(MONTHS + WEEKDAYS)))


def keyword_shares(state: MemoryState, query_terms: list[str], keyword: dict[str, float]) -> dict[str, float]:
    """Each keyword hit's BM25 score as a share of the most the query could score (0 to about 1). When the query's
    only words are days or months ("What do I do on Thursdays?"), a message that matched them only by the day it
    was sent on has none: that finds it, but does not make it relevant."""
    bm25 = state.bm25
    bound = sum(bm25.idf(term) * (bm25.k1 + 1.0) for term in dict.fromkeys(query_terms))
    shares = {item_id: score / bound for item_id, score in keyword.items()} if bound > 0 else {}
    if query_terms and _DATE_TERMS.issuperset(query_terms):
        for item_id in shares:
            item = state.memories.get(item_id) or state.episodes.get(item_id)
            if item is not None and not _DATE_TERMS.intersection(terms(item.text)):
                shares[item_id] = 0.0
    return shares


GUARDS = frozenset({MemoryKind.constraint, MemoryKind.negative})  # an allergy, a condition, a "never" rule


def guards(state: MemoryState, dense: dict[str, float], query_terms: list[str], config: RetrievalConfig) -> set[str]:
    """The constraints the message must be told of: those close to it in meaning ("Can I get a kitten?" and a
    cat allergy: cosine 0.44; missing one costs more than a line the model did not need, so their bar is
    lower), and those on a topic the message is on ("a recipe for dinner" and a peanut allergy, core/topics.py)."""
    memories = state.memories
    found = {
        item_id
        for item_id, score in dense.items()
        if score >= config.floor_constraint and item_id in memories and memories[item_id].kind in GUARDS
    }
    on_topic = topics.of_message(query_terms)
    if on_topic:
        for term in topics.guard_terms(on_topic):
            for item_id in state.bm25.containing({term}):
                memory = memories.get(item_id)
                # (the caller keeps only what may be shown; a condition that has ended, "User is not lactose
                # intolerant anymore", kept as a plain fact by the extractor, is heeded as the rule was)
                if memory is None or not (memory.kind in GUARDS or NO_LONGER_HEALTH.search(memory.text)):
                    continue
                if not topics.heeds(term, memory.text) or (_of_a_pet(state, memory) and "animals" not in on_topic):
                    continue  # (a cat's diabetes is no guard on the user's dinner)
                found.add(item_id)
        for term in topics.LEVEL:  # "User is a total beginner at coding", for "explain what a function is"
            found |= {i for i in state.bm25.containing({term}) if i in memories and topics.at_level(memories[i].text, on_topic)}
        for term in topics.way_terms(on_topic):  # "User prefers emails to phone calls", for how to reach someone
            found |= {i for i in state.bm25.containing({term}) if (m := memories.get(i)) is not None and m.kind is MemoryKind.preference}
        for term in topics.dislike_terms(on_topic):  # "User hates coriander", for a recipe
            for item_id in state.bm25.containing({term}):
                memory = memories.get(item_id)
                if memory is not None and memory.kind is MemoryKind.preference and topics.is_dislike(memory.text):
                    found.add(item_id)
    return found


_PASTIMES_MOST = 8  # the latest: a pack has room for other things too
_PASTIME_KINDS = frozenset({MemoryKind.fact, MemoryKind.preference, MemoryKind.project})
# (a medicine is told as a fact, a health constraint, or what a doctor did: "my doctor switched me to …")
_MEDICATION_KINDS = frozenset({MemoryKind.fact, MemoryKind.constraint, MemoryKind.relationship, MemoryKind.correction})


_PET = "|".join(sorted(PET_WORDS))
_PETS, _PET_WORD = re.compile(rf"^\S+'s\s+(?:{_PET})\b", re.I), re.compile(rf"\b(?:{_PET})s?\b", re.I)


def _of_a_pet(state: MemoryState, memory: Memory) -> bool:
    """Whether a memory is about a pet: "User's cat Luna is diabetic", or said of a pet by name."""
    if _PETS.match(memory.text):
        return True
    entity = state.entity_by_label(memory.subject) if memory.subject and memory.subject != "User" else None
    if entity is None or entity.type is not EntityType.other:
        return False
    # (a name not yet known as a person is a pet only when something says so: "Zara is 9 and Idris is 6" are children)
    said = (state.memories[i].text for i in state.mentioned_by(entity.id) if i in state.memories)
    return any(_PET_WORD.search(text) for text in said)


def asked_kind(plan: QueryPlan) -> str:
    """Which kind of answer ``placed`` found, as an item's reason says it."""
    if plan.medication or plan.pastime or plan.likes:  # (in the order ``placed`` reads them)
        return "medicine" if plan.medication else "pastime" if plan.pastime else "taste"
    return "trip" if plan.trip else "tool" if plan.tooling else "place"


def placed(state: MemoryState, plan: QueryPlan, allowed: Callable[[str], bool]) -> set[str]:
    """For "Where do I live?" or "a packing list for our trip": the memories of the one asked about that name a
    place. MiniLM puts the first at 0.15 of "User teaches chemistry at a school in Osaka", under any bar, so the
    kind of answer finds them; for "What tools does my team use?" (0.08 of "User uses dbt and Airflow"), those
    that name a tool; for "What hobbies do I have?" or "What medication do I take?", a pastime or a medicine."""
    if not (plan.where or plan.trip or plan.pastime or plan.tooling or plan.medication or plan.likes) or len(plan.participants) > 1:
        return set()
    about = normalize_name(plan.participants[0] if plan.participants else "User")
    if plan.likes and not (plan.medication or plan.pastime):  # "What do I like?": what the one asked about likes, the latest
        liked = [i for i, m in state.memories.items() if m.kind is MemoryKind.preference and normalize_name(m.subject or "User") == about]
        return state.latest((i for i in liked if allowed(i)), _PASTIMES_MOST)
    if plan.pastime or plan.medication:
        words, kinds = (topics.MEDICATIONS, _MEDICATION_KINDS) if plan.medication else (topics.PASTIMES, _PASTIME_KINDS)
        found = {
            item_id
            for term in words
            for item_id in state.bm25.containing({term})
            if (memory := state.memories.get(item_id)) is not None
            and normalize_name(memory.subject or "User") == about
            and memory.kind in kinds
            and allowed(item_id)
        }
        if plan.medication:  # (and a medicine no list names, by its ending: "User is on bisoprolol")
            found |= {
                i
                for i, m in state.memories.items()
                if m.kind in kinds and normalize_name(m.subject or "User") == about and topics.names_medicine(m.text) and allowed(i)
            }
        return state.latest(found, _PASTIMES_MOST)
    found = set()
    wanted = EntityType.tool if plan.tooling and not plan.trip else EntityType.place  # (a trip goes to a place)
    for entity in state.entities.values():
        if entity.type is wanted:
            for item_id in state.mentioned_by(entity.id):
                memory = state.memories.get(item_id)  # (a side fact links all its clause names: it must say the place)
                if memory is None or entity.name.casefold() not in memory.text.casefold():
                    continue
                if normalize_name(memory.subject or "User") == about and allowed(item_id):
                    found.add(item_id)
    return found


def with_guards(ranked: list[tuple[str, float]], guarding: set[str], limit: int) -> list[tuple[str, float]]:
    """The pack with every constraint the message must be told of, in place of its weakest items if full."""
    missing = sorted(guarding - {item_id for item_id, _ in ranked})[:limit]
    if not missing:
        return ranked
    return ranked[: max(0, limit - len(missing))] + [(item_id, 0.0) for item_id in missing]


def clears_floor(
    state: MemoryState, plan: QueryPlan, dense: dict[str, float], shares: dict[str, float], config: RetrievalConfig, vectors: bool
) -> bool:
    """Does anything remembered match well enough to give a pack at all?"""
    if plan.entities or plan.participants or plan.self_referential:
        return True  # someone or something known named, or "who am I": what memory holds about it is the answer
    if not vectors:  # keywords alone cannot judge meaning: a message about someone known gets what they find
        return plan.personal or max(shares.values(), default=0.0) >= config.floor_keyword_only
    floor = config.floor_personal if plan.personal else config.floor_general
    if _says_every_word(state, plan, dense, config):
        return True
    if plan.taste:  # "What are some good sci-fi books?": the user's tastes answer it (0.43 to "favourite authors are ...")
        memories = state.memories
        liked = (s for i, s in dense.items() if i in memories and memories[i].kind is MemoryKind.preference)
        if max(liked, default=0.0) >= config.floor_personal:
            return True
        # ("any tips to destress?" of "User plays badminton on Wednesdays to destress": what the user does for it, a
        # memory that says every word the request asks about)
        wanted = set(plan.terms) - _ASKING_WORDS
        if wanted and any(i in memories and dense.get(i, 0.0) >= config.floor_personal for i in state.bm25.containing(wanted)):
            return True
    return max(dense.values(), default=0.0) >= floor or _asked_to_remember(state, dense, shares, config)


_ASKING_WORDS = frozenset(terms("tips tip advice ideas idea suggest suggestions recommend recommendations good any some best"))


def _asked_to_remember(state: MemoryState, dense: dict[str, float], shares: dict[str, float], config: RetrievalConfig) -> bool:
    """ "Can I open on Monday for a private event?" of "User closes the truck on Mondays", which the user asked to be
    remembered: what the user confirmed answers a message that uses one of its words and is near it in meaning,
    asked in general words or not."""
    memories = state.memories
    return any(
        share > 0 and dense.get(item_id, 0.0) >= config.floor_constraint and "stated" in memories[item_id].tags
        for item_id, share in shares.items()
        if item_id in memories
    )


def _says_every_word(state: MemoryState, plan: QueryPlan, dense: dict[str, float], config: RetrievalConfig) -> bool:
    """ "Who is coming to stay?" of "Maureen's sister Jean is coming to stay in March": a message with no word of the
    speaker's own still asks of their life when a memory says every word of it (two at least) and is near it in
    meaning too (a general question rarely has all its words in one memory). A question about the speaker asks of
    their life already: "What am I learning?" of "User started learning Irish on Duolingo" (0.245, under the
    personal floor) needs its one word said, at the cosine an item carried by the ratio needs."""
    wanted = set(plan.terms)
    if len(wanted) < (1 if plan.personal else 2):
        return False
    bar = config.item_ratio_cosine if plan.personal else config.floor_personal
    memories = state.memories
    return any(item_id in memories and dense.get(item_id, 0.0) >= bar for item_id in state.bm25.containing(wanted))


_CAPITALISED = re.compile(r"\b[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+\b")
# The words of conversational formulas ("Good luck!", "Take care, see you soon", "Congrats!"): a turn made of
# nothing else carries nothing to remember.
FORMULAS = TRIVIAL_STEMS | frozenset(
    t
    for word in [
        "luck",
        "congrats",
        "congratulations",
        "welcome",
        "cheers",
        "awesome",
        "amazing",
        "wow",
        "thanks",
        "thank",
        "sorry",
        "bye",
        "goodbye",
        "night",
        "morning",
        "evening",
        "see",
        "soon",
        "later",
        "care",
        "take",
        "hope",
        "well",
        "day",
        "lovely",
        "wonderful",
        "fantastic",
        "brilliant",
        "sweet",
        "glad",
        "yay",
        "aww",
        "omg",
        "indeed",
        "totally",
        # agreement: "haha perfect", "Sounds good!", "Exactly, noted"
        "perfect",
        "exactly",
        "agreed",
        "deal",
        "fair",
        "yeah",
        "yup",
        "sounds",
        "gotcha",
        "noted",
        "hehe",
        "lmao",
        "excellent",
        "neat",
        "cute",
        "adorable",
        "exciting",
        # an assistant's formulas: "Nice to meet you! How can I help?", "My pleasure, anytime"
        "meet",
        "help",
        "pleasure",
        "anytime",
        "best",
    ]
    for t in terms(word)
)
# a reaction ("ooh love that", "oh fun idea"): no content either, but not a greeting, whose names go with it
# ("I love Lisbon" keeps Lisbon)
REACTIONS = frozenset(t for word in ("love", "ooh", "oh", "ah", "idea", "fun") for t in terms(word))
ACKNOWLEDGEMENT_WORDS = 3  # an assistant's turn this short only acknowledges ("Good to know.", "Makes sense.")
ECHO = 0.8  # a turn sharing this much of its words with the message is the message asked again


def _is_echo(asked: set[str], episode_text: str) -> bool:
    """The message asked again: nearly the same words, or an earlier question that holds nearly all of them."""
    words = set(terms(episode_text))
    if not asked or not words:
        return False
    shared = len(words & asked)
    if shared / len(words | asked) >= ECHO:
        return True
    return bool(QUESTION_AT_END.search(episode_text)) and shared / len(asked) >= ECHO and shared / len(words) >= 0.5


def echoes(state: MemoryState, plan: QueryPlan, shares: dict[str, float]) -> set[str]:
    """Earlier copies of the message among the keyword hits (an echo shares most of its words, so only the
    hits with a large keyword share are read)."""
    asked = set(plan.terms)
    return {
        item_id
        for item_id, share in shares.items()
        if share >= 0.4 and item_id in state.episodes and _is_echo(asked, state.episodes[item_id].text)
    }


def not_echoes(state: MemoryState, plan: QueryPlan, ranked: list[tuple[str, float]], drop_questions: bool) -> list[tuple[str, float]]:
    """Without the message asked again (an earlier copy or near-copy), turns with no content ("Nice.",
    "Good luck!", "Hello Dana!"), a user's questions to the assistant and, with ``drop_questions``, every
    question: a question is not an answer (it has already lent its score to the turn that replies to it)."""
    asked = set(plan.terms)
    names = {term for name in state.participants.values() for term in terms(name)}
    kept = []
    for item_id, value in ranked:
        episode = state.episodes.get(item_id)
        if episode is not None:
            words = set(terms(episode.text))
            content = words - FORMULAS - REACTIONS - names
            if words & FORMULAS:  # "Hello Dana!", "Thanks Mel": a greeting's names are not content either
                content -= {t for name in _CAPITALISED.findall(episode.text) for t in terms(name)}
            if not any(t.isalpha() for t in content):  # "36.": a bare number says nothing without its question
                continue
            if _is_echo(asked, episode.text):
                continue
            if QUESTION_AT_END.search(episode.text) and (drop_questions or _asked_of_the_assistant(state, episode)):
                continue
            if _asked_of_the_assistant(state, episode) and REQUEST.match(strip_lead_in(episode.text)):  # "make me a leg day
                continue  # workout": what the assistant was asked to do holds nothing to remember
            if episode.role == "assistant" and _ENDS_ASKING.search(episode.text):  # "… Do you use Firebase?": the
                continue  # user's reply holds the answer (and is found with it), never the question
            if episode.role == "assistant" and _NICETY.match(episode.text.strip()):  # "I hope your recovery is going well!"
                continue
            if episode.role == "assistant" and len(episode.text.split()) <= ACKNOWLEDGEMENT_WORDS:  # "Done.", "Great choice!",
                continue  # "Noted.": what the assistant acknowledges is in the user's turn before it

            if _outdated(state, item_id):
                continue
        kept.append((item_id, value))
    return kept


_ENDS_ASKING = re.compile(r"\?[\s)\]\"']*$")
# An assistant's kind words, and nothing else: "I hope your recovery is going well!", "Sorry to hear that.", "Sounds lovely!",
# "I'm sorry, that sounds hard.", "That's a lot to juggle.", "That must be tough.", "Happy birthday to Idris!"
_NICETY = re.compile(
    r"^(?:(?:oh|aw+|wow|ah|thanks(?:\s+\w+)?)[,!]?\s+)?(?:(?:I\s+)?hope\s+(?:you|your|it|that|the)\b|(?:I'm\s+|I\s+am\s+)?(?:so\s+|really\s+)?sorry\b"
    r"|(?:that\s+)?sounds\s+(?:\w+\s+)?(?:lovely|wonderful|great|exciting|fun|amazing|fantastic|delightful|nice|hard|tough|rough|"
    r"difficult|awful|terrible|stressful|exhausting|frustrating|scary|painful)\b"
    r"|(?:how\s+)?(?:lovely|wonderful|exciting|congratulations|congrats)\b|the\s+more\s+the\s+merrier\b|happy\s+(?:birthday|anniversary)\b|thanks\s+for\s+(?:the\s+update|letting\s+me\s+know|sharing|telling\s+me)\b"
    r"|that(?:'s|\s+is|\s+must\s+be|\s+must\s+have\s+been)\s+(?:a\s+lot|so\s+much|quite\s+a\s+lot|(?:really\s+|so\s+|a\s+)?(?:great|wonderful|lovely|amazing|tough|hard|rough|awful|"
    r"exciting|frustrating|stressful|impressive|brilliant)\b)"
    # "Got it, no pets! I'll think of some ideas.": what the user said, acknowledged
    r"|(?:got\s+it|noted|understood|will\s+do)\b[^.!?]{0,60}[.!](?:\s+(?:I'll|I\s+will|let\s+me)\b)?)[^.!?]{0,80}[.!]*$",
    re.I,
)


def _asked_of_the_assistant(state: MemoryState, episode: Episode) -> bool:
    """A user's question in a chat with the assistant (not a talk between two or more named people): a request
    such as "Can you recommend a recipe?" holds nothing to remember, so it never answers a later message."""
    return episode.role == "user" and len(state.chat_speakers.get(episode.chat_id, ())) < 2


def _outdated(state: MemoryState, episode_id: str) -> bool:
    """A turn whose every memory has been replaced by a correction ("I'm 34" after "Sorry, I'm 35"): it
    would only bring the old fact back. It stays in the history, and the new memory speaks for it."""
    made = [state.memories[m] for m in graphs.sources(state.graph, episode_id, "derived_from") if m in state.memories]
    return bool(made) and all(m.status is MemoryStatus.superseded for m in made)


def above_bar(
    ranked: list[tuple[str, float]],
    dense: dict[str, float],
    shares: dict[str, float],
    named: set[str],
    config: RetrievalConfig,
) -> list[tuple[str, float]]:
    """The ranked items that are relevant in their own right (cosine, keyword share, a named entity or a
    trigger) or score close enough to the best one with some meaning of their own (in a small profile,
    min-max scaling puts everything close to the best: "What should I make for dinner?" got the user's age
    and the assistant's greeting beside their diet)."""
    top = max((value for _, value in ranked), default=0.0)
    meaning = config.item_ratio_cosine if dense else float("-inf")  # keywords alone: the ratio only
    return [
        (item_id, value)
        for item_id, value in ranked
        if dense.get(item_id, 0.0) >= config.item_cosine
        or shares.get(item_id, 0.0) >= config.item_keyword
        or item_id in named
        or (value >= config.item_ratio * top and dense.get(item_id, 0.0) >= meaning)
    ]


def not_to_raise(state: MemoryState, plan: QueryPlan, allowed: Callable[[str], bool]) -> frozenset[str]:
    """What names someone the user asked not to be brought up ("Please don't bring Luis up anymore"), unless this
    message names them: the model should not raise them unasked. The rule itself comes when they are named."""
    asked = {entity.id for entity in plan.entities}
    hidden: set[str] = set()
    for rule in state.unmentioned:
        if allowed(rule):
            for entity_id in graphs.targets(state.graph, rule, "mentions"):
                if entity_id not in asked:
                    hidden |= state.mentioned_by(entity_id)
    return frozenset(hidden)


def without(hidden: frozenset[str], allowed: Callable[[str], bool]) -> Callable[[str], bool]:
    """A gate that also turns the hidden items away."""
    return (lambda item_id: item_id not in hidden and allowed(item_id)) if hidden else allowed
