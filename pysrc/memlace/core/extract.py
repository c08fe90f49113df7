"""The offline extractor: durable first-person statements and entities, with no model.

It reads each sentence of a message, keeps those that state something lasting
about the speaker (identity, work, projects, preferences, relationships, places,
plans, constraints, procedures, corrections), and rewrites them into canonical
third person ("I prefer TypeScript" -> "User prefers TypeScript"). Entities come
from names the store already knows (with aliases), capitalised spans, and the
objects of the patterns above.
"""

from __future__ import annotations

import re

from memlace.core.grammar import to_third_person
from memlace.core.lexicon import KNOWN_TOOLS
from memlace.core.text import STOPWORDS
from memlace.models import Entity, EntityType, Episode, MemoryKind, TTLClass, normalize_name
from memlace.ports import CandidateEntity, CandidateMemory, Extraction

_MARKER = re.compile(r"\[REDACTED:\w+\]")
MAX_MEMORIES_PER_MESSAGE = 20  # a pasted document is not 900 facts about its author
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_NAME_LIST_NEXT = re.compile(r"\s*(?:,|and\b|&)\s*[A-Z]")  # after a name: another one follows
# Capitalised words run together as one name, joined by "of", "the", "de", "van", "von" or "&" (not "and":
# "C and Python", "Ana and Tom" are two names far more often than one).
_CAPITAL_SPAN = re.compile(r"\b([A-Z][\w'\-]*(?:\s+(?:of|the|de|van|von|&)?\s*[A-Z][\w'\-]*)*)")
_COMMON_CAPITALS = {
    "I",
    "I'm",
    "I've",
    "I'd",
    "I'll",
    "The",
    "A",
    "An",
    "It",
    "My",
    "We",
    "You",
    "He",
    "She",
    "They",
    "This",
    "That",
    "What",
    "When",
    "Where",
    "Who",
    "Why",
    "How",
    "Yes",
    "No",
    "Hey",
    "Hi",
    "Hello",
    "Thanks",
    "Thank",
    "Oh",
    "Wow",
    "Ok",
    "Okay",
    "So",
    "But",
    "And",
    "Or",
    "Also",
    "Just",
    "Really",
    "Well",
    "Sure",
    "Sounds",
    "Great",
    "Good",
    "Nice",
    "Awesome",
    "Cool",
    "Do",
    "Did",
    "Does",
    "Can",
    "Could",
    "Would",
    "Will",
    "Is",
    "Are",
    "Was",
    "Were",
    "Have",
    "Has",
    "Let",
    "Let's",
    "Not",
    "Never",
    "Always",
    "Actually",
    "Please",
    "If",
    "In",
    "On",
    "At",
    "For",
    "To",
    "From",
    "With",
    "By",
    "As",
    "Our",
    "Your",
    "His",
    "Her",
    "Their",
    "Its",
    "Me",
    "Us",
    "Them",
    "That's",
    "It's",
    "There",
    "Here",
    "Haha",
    "Lol",
    "Yeah",
    "Yep",
    "Definitely",
    "Absolutely",
    "Totally",
    "Bye",
    "See",
    "Take",
    "Congrats",
    "Dr",
    "Mr",
    "Mrs",
    "Ms",
    "Prof",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "Today",
    "Yesterday",
    "Tomorrow",
}
_RELATIONS = (
    "wife",
    "husband",
    "partner",
    "girlfriend",
    "boyfriend",
    "son",
    "daughter",
    "kid",
    "kids",
    "children",
    "mother",
    "mom",
    "mum",
    "father",
    "dad",
    "brother",
    "sister",
    "friend",
    "boss",
    "manager",
    "colleague",
    "coworker",
    "mentor",
    "advisor",
    "cofounder",
    "co-founder",
    "teammate",
    "roommate",
    "dog",
    "cat",
    "pet",
)

# (pattern, kind, attribute, confidence, importance, ttl, tag). Patterns match the sentence start after "I".
_Rule = tuple[re.Pattern[str], MemoryKind, str | None, float, float, TTLClass, str]
_I = r"^(?:[\w' ]{1,24}:\s+)?(?:(?:and|but|so|then|well|also|actually|now|yes|yeah|oh|btw|by the way|today|yesterday|recently|lately|finally),?\s+)*"
# fmt: off
_RULES: list[_Rule] = [
    (re.compile(_I + r"(?:actually|correction|sorry)[,:]?\s+(?:i|my)\b", re.I), MemoryKind.correction, None, 0.85, 0.7, TTLClass.permanent, "correction"),
    (re.compile(_I + r"(?:my name is|i'm called|call me|i am called)\s+(?P<value>[A-Z][\w\-]+(?:\s+[A-Z][\w\-]+)?)|" + _I + r"i(?:'m| am) (?P<value2>(?-i:[A-Z][a-z]+(?: [A-Z][a-z]+)?))$", re.I), MemoryKind.fact, "name", 0.95, 0.9, TTLClass.permanent, "identity"),
    (re.compile(_I + r"i(?:'m| am) (?P<value>\d{1,3}) (?:years old|yo\b)|" + _I + r"i(?:'m| am) (?P<value2>\d{1,3})\b(?! (?:minutes|hours|days|weeks|months|percent|%))", re.I), MemoryKind.fact, "age", 0.9, 0.7, TTLClass.permanent, "identity"),
    (re.compile(_I + r"i(?:'ve| have)? (?:just )?(?:moved|relocated) to (?P<value>[\w .'\-]+)|" + _I + r"i (?:now )?live in (?P<value2>[\w .'\-]+)|" + _I + r"i(?:'m| am) (?:now )?(?:based|living) in (?P<value3>[\w .'\-]+)", re.I), MemoryKind.fact, "location", 0.9, 0.8, TTLClass.permanent, "place"),
    (re.compile(_I + r"i(?:'m| am) (?:originally )?from (?P<value>[\w .'\-]+)|" + _I + r"i grew up in (?P<value2>[\w .'\-]+)", re.I), MemoryKind.fact, "origin", 0.85, 0.6, TTLClass.permanent, "place"),
    (re.compile(_I + r"i (?:now )?work (?:at|for) (?P<value>[\w .&'\-]+)|" + _I + r"i(?:'ve| have) (?:just )?joined (?P<value2>[A-Z][\w .&'\-]+)", re.I), MemoryKind.fact, "employer", 0.9, 0.8, TTLClass.permanent, "work"),
    (re.compile(_I + r"i work as (?:an? )?(?P<value>[\w \-]+)|" + _I + r"i(?:'m| am) (?:an? )(?P<value2>(?:\w+ )?(?:engineer|developer|designer|teacher|student|nurse|doctor|researcher|scientist|manager|writer|artist|counsel?lor|founder|lawyer|consultant|analyst|musician|chef)\b[\w ]*)", re.I), MemoryKind.fact, "role", 0.85, 0.7, TTLClass.permanent, "work"),
    (re.compile(_I + r"i(?:'m| am)? (?:currently |now |still )?(?:work(?:ing)? on|build(?:ing)?|develop(?:ing)?|writ(?:e|ing)|start(?:ed|ing)?|launch(?:ed|ing)?|run(?:ning)?) (?:a |an |my |the )?(?:new )?(?:project|app|startup|company|business|book|thesis|game|tool|library)?\b|" + _I + r"my (?:main |side |current |new )?(?:project|startup|company|thesis|book) (?:is|called)", re.I), MemoryKind.project, None, 0.8, 0.7, TTLClass.permanent, "project"),
    (re.compile(_I + r"i (?:mostly |mainly |usually |always |only )?(?:use|code in|program in|write in|develop in)\b", re.I), MemoryKind.fact, None, 0.8, 0.6, TTLClass.permanent, "tools"),
    (re.compile(_I + r"i (?:really |strongly |much |always )?(?:prefer|like|love|enjoy|adore|favou?r)\b|" + _I + r"my (?:favou?rite|preferred)\b|" + _I + r"i(?:'m| am) (?:a (?:big|huge) )?fan of\b|" + _I + r"i(?:'m| am) (?:really )?(?:into|passionate about)\b", re.I), MemoryKind.preference, None, 0.8, 0.6, TTLClass.permanent, "preference"),
    (re.compile(_I + r"i (?:really )?(?:hate|dislike|can't stand|don't like|do not like|avoid)\b", re.I), MemoryKind.preference, None, 0.8, 0.6, TTLClass.permanent, "preference"),
    (re.compile(_I + r"(?:never|don't ever|do not ever|please never|please don't)\s+(?P<value>.+)", re.I), MemoryKind.negative, None, 0.85, 0.8, TTLClass.permanent, "rule"),
    (re.compile(_I + r"i (?:can't|cannot|can not|must not|mustn't|shouldn't|am not allowed to|have to|must|need to|am required to)\b|" + _I + r"i(?:'m| am) (?:allergic|vegan|vegetarian|lactose intolerant|not allowed)\b", re.I), MemoryKind.constraint, None, 0.8, 0.7, TTLClass.permanent, "constraint"),
    (re.compile(_I + r"(?:to (?P<value>\w[\w ]{2,40}), (?:run|use|type|do|call|open)\b|always (?:run|use|start|check|write)\b|the (?:way|steps?) to\b)", re.I), MemoryKind.procedure, None, 0.75, 0.6, TTLClass.permanent, "procedure"),
    (re.compile(_I + r"my (?P<rel>wife|husband|partner|girlfriend|boyfriend|son|daughter|kid|kids|children|mother|mom|mum|father|dad|brother|sister|friend|boss|manager|colleague|coworker|mentor|advisor|cofounder|co-founder|teammate|roommate|dog|cat|pet)(?:'s name)? (?:is |called |named )?|" + _I + r"i (?:work|live|study) with (?P<value>[A-Z][\w .\-]+)|" + _I + r"i(?:'m| am) (?:married to|dating|engaged to) ", re.I), MemoryKind.relationship, None, 0.85, 0.7, TTLClass.permanent, "relationship"),
    (re.compile(_I + r"i (?:usually |often |always |regularly |also |still )?(?:play|practi[cs]e|cook|bake|swim|paint|draw|collect|volunteer|teach|study|speak|knit|sing|dance|garden|hike|climb|surf|meditate)s?\b", re.I), MemoryKind.fact, None, 0.7, 0.5, TTLClass.permanent, "habit"),
    (re.compile(_I + r"i(?:'m| am)? (?:going to|gonna|planning (?:to|on)|plan to|will|hope to|want to|intend to|thinking about|considering)\b", re.I), MemoryKind.fact, None, 0.6, 0.5, TTLClass.contextual, "plan"),
    (re.compile(_I + r"i(?:'ve| have)? (?:just |recently |finally )?(?:went|go|got|have|had|did|started|finished|visited|bought|adopted|joined|graduated|attended|ran|painted|made|took|signed up|volunteered|read|won|lost|met)\b", re.I), MemoryKind.fact, None, 0.65, 0.5, TTLClass.permanent, "event"),
    (re.compile(_I + r"i(?:'m| am| was| have been|'ve been)\b|" + _I + r"my \w+", re.I), MemoryKind.fact, None, 0.55, 0.4, TTLClass.permanent, "about"),
]
# fmt: on
_PLACE_AFTER = re.compile(r"\b(?:in|to|from|at|near|visited|visit)\s+([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*)")
_ORG_AFTER = re.compile(r"\bwork (?:at|for)\s+([A-Z][\w&'\-]*(?:\s+[A-Z][\w&'\-]*)*)")
_PROJECT_AFTER = re.compile(r"\b(?:work(?:ing)? on|build(?:ing)?|project(?: is| called)?)\s+([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*)")
_PERSON_AFTER = re.compile(
    r"\b(?:with|named|called|(?:"
    + "|".join(_RELATIONS)
    + r")(?:'s name is)?)\s+(?:Dr\.?\s+|Mr\.?\s+|Ms\.?\s+|Mrs\.?\s+|Prof\.?\s+)?([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)?)"
)
# "DeepRune is a chip design project": what a named thing is.
_DESCRIPTION = re.compile(r"^([A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*) (?:is|was|are) (?:a|an|the|my|our)\b")
_PREFERS_OVER = re.compile(r"\bprefer (.+?) (?:over|to|rather than|instead of) (.+?)(?:[.!,;]|$)", re.I)


_COMMON_CAPITALS |= {f"{day}s" for day in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")}
_COMMON_CAPITALS |= {"January", "February", "March", "April", "June", "July", "August", "September", "October", "November", "December"}


_ABBREVIATIONS = ("dr.", "mr.", "mrs.", "ms.", "prof.", "st.", "e.g.", "i.e.", "vs.", "etc.", "jr.", "sr.")
_CLAUSE = re.compile(r",\s+(?=(?:I|I'm|I've|my|My)\b)|\s+and\s+(?=(?:I|I'm|I've|my)\b)")


def _split_sentences(text: str) -> list[str]:
    pieces: list[str] = []
    for piece in _SENTENCE.split(text):
        piece = piece.strip()
        if not piece:
            continue
        if pieces and pieces[-1].lower().endswith(_ABBREVIATIONS):
            pieces[-1] = f"{pieces[-1]} {piece}"
        else:
            pieces.append(piece)
    return pieces


def _split_clauses(sentence: str) -> list[str]:
    clauses = [c.strip() for c in _CLAUSE.split(sentence) if c.strip()]
    # "Actually, my birthday..." keeps its lead-in word: a one- or two-word clause joins the next.
    while len(clauses) > 1 and len(clauses[0].split()) <= 2 and not re.match(r"(?:I|I'm|I've|my)\b", clauses[0], re.I):
        clauses[:2] = [f"{clauses[0]}, {clauses[1]}"]
    return clauses


def _clean_value(value: str) -> str:
    value = re.split(r"\b(?:and|but|because|since|with|for|last|this|next|when|where|who|which|after|before)\b|[,.;!?]", value)[0]
    return value.strip(" '\"")


def _guess_type(name: str) -> EntityType:
    if name.lower() in KNOWN_TOOLS:
        return EntityType.tool
    return EntityType.other


class HeuristicExtractor:
    """Extractor protocol with no model: patterns over first-person sentences."""

    name = "heuristic"
    version = "1"

    async def extract(self, episode: Episode, window: list[Episode], known_entities: list[Entity]) -> Extraction:
        return self.extract_sync(episode, window, known_entities)

    def extract_sync(self, episode: Episode, window: list[Episode], known_entities: list[Entity]) -> Extraction:
        entities = self.find_entities(episode.text, known_entities)
        if episode.role not in ("user", "human") and not episode.speaker:
            # An assistant's own statements are not facts about the user.
            return Extraction(entities=list(entities.values()), memories=[])
        subject = episode.speaker or "User"
        memories: list[CandidateMemory] = []
        seen: set[str] = set()
        for sentence in _split_sentences(episode.text):
            clauses = _split_clauses(sentence) if not sentence.rstrip().endswith("?") else [sentence]
            for clause in clauses:
                candidate = self._memory_from_sentence(clause, subject, entities)
                if candidate is not None and candidate.text.casefold() not in seen and len(memories) < MAX_MEMORIES_PER_MESSAGE:
                    seen.add(candidate.text.casefold())
                    memories.append(candidate)
        return Extraction(entities=list(entities.values()), memories=memories)

    def _memory_from_sentence(self, sentence: str, subject: str, entities: dict[str, CandidateEntity]) -> CandidateMemory | None:
        if len(sentence) < 5 or sentence.rstrip().endswith("?"):
            return None
        described = _DESCRIPTION.match(sentence)
        if described and normalize_name(described.group(1)) in entities:
            entity = entities[normalize_name(described.group(1))]
            return CandidateMemory(
                kind=MemoryKind.fact,
                text=sentence.strip().rstrip(".!"),
                confidence=0.75,
                importance=0.6,
                subject=entity.name,
                entities=[e.name for e in entities.values() if re.search(rf"\b{re.escape(e.name)}\b", sentence, re.I)],
                tags=["description"],
            )
        for pattern, kind, attribute, confidence, importance, ttl, tag in _RULES:
            match = pattern.search(sentence)
            if not match:
                continue
            values = [v for k, v in match.groupdict().items() if k.startswith("value") and v]
            value = (values[0].strip(" .!") if kind is MemoryKind.negative else _clean_value(values[0])) if values else None
            if attribute and not value:
                continue
            text = to_third_person(sentence, subject)
            if kind is MemoryKind.negative:
                text = f"{subject} asks: {text[:1].lower()}{text[1:]}"
            elif kind is MemoryKind.procedure:
                text = f"Procedure from {subject}: {text}"
            mentioned = [e.name for e in entities.values() if re.search(rf"\b{re.escape(e.name)}\b", sentence, re.I)]
            candidate = CandidateMemory(
                kind=kind,
                text=text,
                confidence=confidence,
                importance=importance,
                subject=subject,
                attribute=attribute,
                value=value,
                entities=mentioned,
                tags=[tag],
                ttl=ttl,
            )
            if kind is MemoryKind.negative and value:
                candidate.triggers = [w for w in re.findall(r"[\w.\-]{3,}", value) if w.lower() not in STOPWORDS][:6]
            if kind is MemoryKind.preference:
                over = _PREFERS_OVER.search(sentence)
                if over:
                    candidate.prefers_over = _clean_value(over.group(2))
            return candidate
        return None

    def find_entities(self, text: str, known: list[Entity]) -> dict[str, CandidateEntity]:
        found: dict[str, CandidateEntity] = {}
        text = _MARKER.sub(" ", text)  # a redaction marker ("[REDACTED:password]") is never a name

        def add(name: str, etype: EntityType) -> None:
            name = name.strip(" .'\"")
            if len(name) < 2 or name in _COMMON_CAPITALS:
                return
            key = normalize_name(name)
            current = found.get(key)
            if current is None or current.type is EntityType.other:
                found[key] = CandidateEntity(name=name, type=etype if current is None or etype is not EntityType.other else current.type)

        for entity in known:
            for label in [entity.name, *entity.aliases]:
                if len(label) > 2 and re.search(rf"(?<!\w){re.escape(label)}(?!\w)", text, re.I):
                    add(entity.name, entity.type)
                    break
        for regex, etype in (
            (_ORG_AFTER, EntityType.organization),
            (_PROJECT_AFTER, EntityType.project),
            (_PERSON_AFTER, EntityType.person),
            (_PLACE_AFTER, EntityType.place),
        ):
            for match in regex.finditer(text):
                add(_strip_leading_common(match.group(1)), etype)
        spans = [(sentence, match) for sentence in _split_sentences(text) for match in _CAPITAL_SPAN.finditer(sentence)]
        # One capitalised word opening a sentence ("Big news: ...") is a name only if it is capitalised
        # elsewhere too, or opens a list of names ("Ana and Tom", "Ana, Tom").
        inner = {match.group(1) for _, match in spans if match.start() > 0}
        for sentence, match in spans:
            span = _strip_leading_common(match.group(1))
            opener = match.start() == 0 and span == match.group(1) and " " not in span
            listed = _NAME_LIST_NEXT.match(sentence, match.end()) is not None
            if span and span not in _COMMON_CAPITALS and (not opener or span in inner or listed):
                add(span, _guess_type(span))
        for word in re.findall(r"[\w+#.]+", text):
            if word.lower() in KNOWN_TOOLS and len(word) > 1 and word[0].isupper():
                add(word, EntityType.tool)
        return found


def _strip_leading_common(span: str) -> str:
    parts = span.split()
    while parts and parts[0] in _COMMON_CAPITALS:
        parts.pop(0)
    return " ".join(parts)
