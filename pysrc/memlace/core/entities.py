"""Entities named in a message, with no model: names the store already knows (and their aliases), the
objects of telling phrases ("work at X", "my sister X", "moved to X"), and capitalised spans.

Types follow the phrase, then the word itself: a known tool or a CamelCase product name is a tool, never
a place; a company after "at" or "for" is an organization; a pet's name is not a person.
"""

from __future__ import annotations

import re

from memlace.core.lexicon import (
    ANIMAL_RELATIONS,
    COMMON_CAPITALS,
    HEALTH_PATTERN,
    JOBS,
    KNOWN_TOOLS,
    LANGUAGES,
    NEWCOMERS,
    PEOPLE_RELATIONS,
    TOOLS_IN_LOWER_CASE,
)
from memlace.models import Entity, EntityType, normalize_name
from memlace.ports import CandidateEntity

_NAME = r"((?:(?:St|Mt)\.\s+)?[A-ZÀ-ÖØ-ÞĀ-Ž][\w'\-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'\-]*)*)"  # "St. Mary's" is one name
_TITLE = r"(?:Dr\.?\s+|Mr\.?\s+|Ms\.?\s+|Mrs\.?\s+|Prof\.?\s+)?"
_MARKER = re.compile(r"\[REDACTED:\w+\]")
_SENTENCE = re.compile(r"(?<=[.!?])(?<!\bSt\.)(?<!\bMt\.)(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)\s+|\n+")
_NAME_LIST_NEXT = re.compile(r"\s*(?:,|and\b|&)\s*[A-Z]")  # after a name: another one follows
# Capitalised words run together as one name, joined by "of", "the", "de", "van", "von" or "&" (not "and":
# "C and Python", "Ana and Tom" are two names far more often than one).
_CAPITAL_SPAN = re.compile(r"\b((?:(?:St|Mt)\.\s+)?[A-ZÀ-ÖØ-ÞĀ-Ž][\w'\-]*(?:\s+(?:of|the|de|van|von|&)?\s*[A-ZÀ-ÖØ-ÞĀ-Ž][\w'\-]*)*)")
_POSSESSIVE = re.compile(r"['\u2019]s$")
# "two kids, Ava (7) and Leo (4)", "my sisters Ana and Eva", "my team: Omar (backend), Julia (frontend)": every
# name of the list is a person (Julia too, though a language is called that).
_GROUPS = {
    "sons",
    "daughters",
    "girls",
    "boys",
    "twins",
    "brothers",
    "sisters",
    "friends",
    "cousins",
    "team",
    "colleagues",
    "teammates",
    "reports",
}
_GROUPS |= {"flatmates", "roommates", "housemates", "neighbours", "neighbors", "grandkids", "nephews", "nieces"}
_GROUPS |= {"of two", "of three", "of four", "of five"}  # "mum of two, Ollie (9) and Bea (6)"
_PEOPLE_LIST = re.compile(
    r"\b(?:" + "|".join(sorted(PEOPLE_RELATIONS | _GROUPS)) + r")"
    r"[,:]?\s+(?:named\s+|called\s+|is\s+|are\s+)?"
    r"((?:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+(?:\s*\((?:\d{1,3}|[a-z][\w -]{0,20})\)|\s+\d{1,2}\b|\s+who(?:\s+is|'s)\s+\d{1,2}\b)?"
    r"(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)?)+)"
)  # (an age in brackets, bare or said: "two kids, Jonah 6 and Mila 3", "two girls, Ada who's 7 and Nell who's 4")
_LISTED_NAME = re.compile(r"[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+")
# "a beagle called Biscuit", "a guy named Sam": who or what, by the noun before.
_CALLED = re.compile(
    r"\b(?:a|an|the|my|our|his|her|their)\s+(?:(?:little|baby|new|young|old|big)\s+)?([a-z]+)\s+(?:is\s+)?(?:named|called)\s+" + _NAME
)
# what only a person is to the speaker or at work (beside PEOPLE_RELATIONS and JOBS)
_JOB_NOUNS = JOBS | {"deputy", "assistant", "intern", "tutor", "coach", "trainer", "landlord", "landlady", "dentist", "vet", "physio"}
# ("my junior is called Tomasz")
_PEOPLE_NOUNS = PEOPLE_RELATIONS | JOBS | NEWCOMERS | {"guy", "girl", "man", "woman", "person", "lady", "boy", "dude", "chap", "student"}
# ("a publisher called Hartley Books", "a bakery called Crumbs")
_ORG_NOUNS = frozenset(
    re.findall(
        r"\w+",
        "company firm publisher agency bank charity shop store bakery cafe restaurant bar pub brand label studio client school "
        "university college hospital clinic gym club nonprofit consultancy startup",
    )
)
_PHRASES: list[tuple[re.Pattern[str], EntityType]] = [
    # "we have a 4 year old, Maisie": a child, by age
    (
        re.compile(r"(?i:\b(?:a|an|our|my)\s+\d{1,2}[- ]?(?:year|yr)[- ]old(?:\s+(?:son|daughter|boy|girl|kid))?,?\s+)" + _NAME),
        EntityType.person,
    ),
    (re.compile(r"(?i:\b(?:my name is|my name's|call me|i'm called|i am called)\s+)" + _NAME), EntityType.person),
    (
        re.compile(
            r"(?:^|[.!?:]\s+)(?:(?i:hi|hey|hello|hiya|heya|yo)(?:\s+there)?!?,?\s+)?"
            r"(?:(?i:i'm|i am)\s+(?=[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+(?:,|\s+and\b|\s+from\s+[A-ZÀ-ÖØ-ÞĀ-Ž]|[.!]|$))|(?=[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+\s+here\s*(?:[.!,]|$)))"  # ("Kai here.")
            r"([A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)"
        ),
        EntityType.person,
    ),
    (
        re.compile(r"\b(?:work(?:s|ed|ing)? (?:at|for)|joined|job at|intern(?:ing)? at|employed (?:at|by)|hired by)\s+" + _NAME),
        EntityType.organization,
    ),
    # "a job at a startup called Lumen", "a company called Brightwave": where one works (a startup of one's own is a project)
    (
        re.compile(
            r"\b(?:(?:job|work(?:s|ed|ing)?|joined|hired)\s+(?:at|for|by)?\s*an?\s+(?:small\s+|new\s+|tech\s+)?startup|"
            r"(?:company|firm|agency|consultancy|charity|non-?profit)) called\s+" + _NAME
        ),
        EntityType.organization,
    ),
    (re.compile(r"\b(?:switched|moved) from \w+ to\s+" + _NAME + r"(?= (?:last|this|in|as)\b|[.,!]|$)"), EntityType.organization),
    (re.compile(r"\b(?:work(?:ing)? on|build(?:ing)?|project(?: is| called)?|app called|startup called)\s+" + _NAME), EntityType.project),
    (re.compile(r"\b(?:" + "|".join(sorted(ANIMAL_RELATIONS)) + r")(?:'s name is| named| called)?\s+" + _NAME), EntityType.other),
    (
        re.compile(
            r"\b(?:with|married to|dating|"
            + "|".join(sorted(PEOPLE_RELATIONS))
            + r")(?:'s name is| is called| is named| is|,)?\s+"
            + _TITLE
            + _NAME
        ),
        EntityType.person,
    ),
    (
        re.compile(
            r"\b(?:live in|lives in|living in|based in|moved to|move to|moving to|relocated to|relocating to|from|grew up in|born in|"
            r"visited|visit|trip to|flew to|near)\s+" + _NAME
        ),
        EntityType.place,
    ),
    (
        re.compile(
            r"\b(?:in|(?:went|go|going|moved|travel+ed|travel+ing|flew|fly|flying|drove|driving|heading|head|trip|back|way|road trip) to)\s+"
            + _NAME
        ),
        EntityType.place,
    ),
    (re.compile(r"\bat\s+" + _NAME), EntityType.organization),  # "at Zalando": places are mostly "in"
    # "Mark is my deputy", "Sarah Kim is the analyst": who someone is to the speaker, or their job
    (
        re.compile(
            _NAME
            + r"\s+(?:is|was)\s+(?:my|our|the|a|an)\s+(?:new\s+|former\s+|old\s+)?(?:"
            + "|".join(sorted(PEOPLE_RELATIONS | _JOB_NOUNS))
            + r")\b"
        ),
        EntityType.person,
    ),
    # "Carol has a bad hip", "Raj is allergic to latex": who has a body and its troubles is a person (or a pet)
    (
        re.compile(
            r"(?:^|[.!?,]\s+)([A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\s+(?:has|had|is|'s)\s+(?:got\s+)?(?:an?\s+)?(?:(?:bad|dodgy|sore|broken|weak|"
            r"bum|new)\s+(?:hip|knee|back|ankle|shoulder|wrist|neck|heart)|(?:severely\s+|very\s+)?(?:" + HEALTH_PATTERN + r"))\b"
        ),
        EntityType.person,
    ),
    # "Dev's birthday", "Ana's husband": whose birthday or husband is a person's
    (
        re.compile(
            r"\b([A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)['\u2019]s\s+(?:birthday|wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|mom|mum|mother|dad|father|"
            r"parents|kids|children|son|daughter|sister|brother|family|wedding|funeral|graduation|retirement|age|boss)\b"
        ),
        EntityType.person,
    ),
]


def _split_sentences(text: str) -> list[str]:
    return [piece.strip() for piece in _SENTENCE.split(text) if piece.strip()]


def _strip_leading_common(span: str) -> str:
    """A span without the common words that open or close it ("Then I" -> "", "So Ana" -> "Ana")."""
    parts = span.split()
    while parts and parts[0] in COMMON_CAPITALS:
        parts.pop(0)
    while parts and parts[-1] in COMMON_CAPITALS:
        parts.pop()
    return " ".join(parts)


def word_type(name: str) -> EntityType | None:
    """What a name is by itself, when it says: a known tool, a language (never a place: "in Spanish"), or a
    CamelCase product name."""
    if name.lower() in KNOWN_TOOLS:
        return EntityType.tool
    if name.lower() in LANGUAGES:
        return EntityType.other
    if re.fullmatch(r"[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+[A-Z]\w*", name):  # SvelteKit, PyTorch, DeepRune: a product, not a place or person
        return EntityType.tool
    return None


def find_entities(text: str, known: list[Entity]) -> dict[str, CandidateEntity]:
    """Entities named in a message, keyed by their normalised name."""
    found: dict[str, CandidateEntity] = {}
    text = _MARKER.sub(" ", text)  # a redaction marker ("[REDACTED:password]") is never a name

    settled: set[str] = set()  # typed by a known name or a telling phrase: the first such type stays

    known_names = {normalize_name(label) for entity in known for label in [entity.name, *entity.aliases]}

    def add(name: str, etype: EntityType, settle: bool, listed: bool = False) -> None:  # listed: typed by who it is
        name = name.strip(" .'\"-\u2013")  # ("California- the …": the dash is the sentence's)
        bare = _POSSESSIVE.sub("", name)
        if bare != name and (etype is EntityType.person or normalize_name(bare) in found or normalize_name(bare) in known_names):
            name = bare  # "Tom's parents" names Tom ("St. Mary's" stays whole: no "St. Mary" is known)
        if len(name) < 2 or name in COMMON_CAPITALS or (name == "May" and etype is not EntityType.person):  # a month
            return
        if etype is EntityType.place and re.fullmatch(r"[A-Z]{2,}s", name):
            etype = EntityType.other  # "in GNNs": an acronym's plural is a thing, not a place
        known_type = word_type(name)
        if known_type is not None and not listed and etype in (EntityType.place, EntityType.other, EntityType.person):
            etype = known_type  # "in SvelteKit" is a tool, not a place
        key = normalize_name(name)
        current = found.get(key)
        if current is None:
            found[key] = CandidateEntity(name=name, type=etype)
        elif key not in settled and etype is not EntityType.other:
            current.type = etype
        if settle:
            settled.add(key)

    for entity in known:
        for label in [entity.name, *entity.aliases]:
            if len(label) > 2 and re.search(rf"(?<!\w){re.escape(label)}(?!\w)", text, re.I):
                add(entity.name, entity.type, settle=entity.type is not EntityType.other, listed=True)  # (as it was typed)
                break
    for match in _PEOPLE_LIST.finditer(text):
        for name in _LISTED_NAME.findall(match.group(1)):
            add(name, EntityType.person, settle=True, listed=True)  # ("my team: Julia (frontend)": not the language)
    for regex, etype in _PHRASES:
        for match in regex.finditer(text):
            add(_strip_leading_common(match.group(1)), etype, settle=True)
    for match in _CALLED.finditer(text):  # after the phrases: "a startup called Orbit" is their project
        noun = match.group(1).lower()
        kind = EntityType.person if noun in _PEOPLE_NOUNS else EntityType.organization if noun in _ORG_NOUNS else EntityType.other
        add(_strip_leading_common(match.group(2)), kind, settle=True)
    spans = [(sentence, match) for sentence in _split_sentences(text) for match in _CAPITAL_SPAN.finditer(sentence)]
    # One capitalised word opening a sentence ("Big news: ...") is a name only if it is capitalised
    # elsewhere too, or opens a list of names ("Ana and Tom", "Ana, Tom").
    inner = {match.group(1) for _, match in spans if match.start() > 0}
    for sentence, match in spans:
        span = _strip_leading_common(match.group(1))
        opener = match.start() == 0 and match.group(1).split()[0] == span  # ("Honestly I've been…": "Honestly")
        listed = _NAME_LIST_NEXT.match(sentence, match.end()) is not None
        if span and span not in COMMON_CAPITALS and (not opener or span in inner or listed):
            add(span, word_type(span) or EntityType.other, settle=False)
    for word in re.findall(r"[\w+#.]+", text):
        if word.lower() in KNOWN_TOOLS and len(word) > 1 and word[0].isupper():
            add(word, EntityType.tool, settle=False)
        elif word in TOOLS_IN_LOWER_CASE:  # ("we run everything on k8s": Kubernetes, found by either name)
            add(TOOLS_IN_LOWER_CASE[word], EntityType.tool, settle=False)
            named = found[normalize_name(TOOLS_IN_LOWER_CASE[word])]
            if word != named.name.lower() and word not in named.aliases:
                named.aliases.append(word)
    return found
