"""Where a new candidate memory goes: the same as one we have, related to one, or new.

Stages, cheapest first: normalised-text hash, then (for single-valued slots)
same subject and attribute, then embedding similarity bands. The ambiguous band
is left for an optional classifier, which the facade calls only when one is configured.
A correction that names nothing ("I meant Thursday") goes to what was just said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memlace.config import DedupConfig
from memlace.core.dates import MONTHS, WEEKDAYS
from memlace.core.lexicon import SINGLE_RELATIONS
from memlace.core.text import terms
from memlace.models import ACTIVE, Memory, normalize_name


@dataclass(frozen=True)
class Decision:
    action: str  # "merge", "supersede", "related", "ambiguous", "new"
    target: str | None = None
    similarity: float = 0.0
    stage: str = ""


def by_hash(text_hash: str, memories: dict[str, Memory], hash_index: dict[str, str]) -> Decision | None:
    target = hash_index.get(text_hash)
    if target and target in memories and memories[target].status in ACTIVE:
        return Decision("merge", target, 1.0, "hash")
    return None


def single_valued(attribute: str) -> bool:
    """Where one lives, one's age or partner: one value at a time. A sister or a friend: there may be several."""
    if attribute.startswith("relation:"):
        return attribute.removeprefix("relation:") in SINGLE_RELATIONS
    return True


_STILL_TO_COME = re.compile(r"\bis (?:moving|going|about) to\b", re.I)


def by_slot(
    subject: str | None, attribute: str | None, value: str | None, memories: list[Memory], replaces: bool = False, text: str = ""
) -> Decision | None:
    """A single-valued attribute (where someone lives, their name) with a new value supersedes the old; one of
    several values (a sister's name) only when the new statement corrects the old one."""
    if not attribute or not value:
        return None
    for memory in sorted(memories, key=lambda m: (-m.updated_at, m.id)):
        if memory.attribute != attribute or memory.status not in ACTIVE:
            continue
        if normalize_name(memory.subject or "") != normalize_name(subject or ""):
            continue
        if normalize_name(memory.value or "") == normalize_name(value):
            if _STILL_TO_COME.search(memory.text) and not _STILL_TO_COME.search(text):  # "is moving to Berlin", then moved
                return Decision("supersede", memory.id, 1.0, "slot")
            return Decision("merge", memory.id, 1.0, "slot")
        if single_valued(attribute) or replaces:
            return Decision("supersede", memory.id, 0.0, "slot")
    return None


def promoted_at(old: Memory, promotion: str) -> str | None:
    """ "User got promoted to principal engineer", replacing "User works as an architect at a logistics company":
    a promotion is at the same place, so the new title's memory keeps where ("..., at a logistics company")."""
    if not re.search(r"\bpromoted\b", promotion, re.I) or not old.value or old.value not in old.text:
        return None
    where = re.search(r"\b(?:at|for)\s.+$", old.text[old.text.index(old.value) + len(old.value) :])
    said = where.group(0).strip(" ,.") if where else ""
    return f"{promotion.rstrip('. ')}, {said}" if said and said not in promotion else None


def as_replacement(decision: Decision) -> Decision:
    """A correction or update ("actually", "no longer", "now") replaces the memory it is closest to, where
    a plain statement would only be linked to it."""
    if decision.action in ("related", "ambiguous") and decision.target:
        return Decision("supersede", decision.target, decision.similarity, decision.stage + "+correction")
    return decision


def by_similarity(neighbours: list[tuple[str, float]], memories: dict[str, Memory], config: DedupConfig) -> Decision:
    """neighbours: (memory id, cosine) best first, from the vector index."""
    for memory_id, similarity in neighbours:
        memory = memories.get(memory_id)
        if memory is None or memory.status not in ACTIVE:
            continue
        if similarity >= config.merge:
            return Decision("merge", memory_id, similarity, "vector")
        if similarity >= config.ambiguous_low:
            return Decision("ambiguous", memory_id, similarity, "vector")
        if similarity >= config.related:
            return Decision("related", memory_id, similarity, "vector")
        break
    return Decision("new")


def by_old_value(subject: str | None, old_value: str, holding: set[str], memories: dict[str, Memory]) -> Decision | None:
    """ "I switched from teaching history to teaching geography": the active memory of the same subject that holds
    every content word of the old value ("teach", "history") is the one replaced; the latest if several (of any
    subject when ``subject`` is None). ``holding``: the memories whose words include them all (the keyword index
    answers that)."""
    if not terms(old_value):
        return None
    who = normalize_name(subject or "")
    found = [
        m
        for i in holding
        if (m := memories.get(i)) is not None and m.status in ACTIVE and (subject is None or normalize_name(m.subject or "") == who)
    ]
    if not found:
        return None
    latest = max(found, key=lambda m: (m.valid_from or m.created_at, m.id))
    return Decision("supersede", latest.id, 1.0, "old value")


# "It's Wednesdays and Thursdays now", "I meant Thursday", "that was in October": a correction that names
# nothing of its own. It corrects what was just said, so it is compared with the last few turns' memories only,
# with a lower bar than a statement needs to be related to anything (MiniLM puts such a correction at
# 0.27-0.34 of the memory it corrects, and at 0.06-0.11 of the others said around it).
_ELLIPTICAL = re.compile(r"^(?:it|that|they|those|these|this)(?:'s|'re| is| are| was| were)\b|^(?:\w+ )?meant\b", re.I)
RECENT_CORRECTION_BAR = 0.25
RECENT_CORRECTION_LEAD = 0.1  # how much closer an earlier memory must be to win over the one just said


# "Sorry, the science club moved to Thursdays": a correction of what was said about a thing, named again
_THING_CHANGED = re.compile(
    r"^the\s+(?P<thing>(?:[a-z][\w'-]*\s+){0,3}?[a-z][\w'-]*)\s+"
    r"(?:is|are|was|were|has|have|had|got|moved|changed|switched|shifted|starts|started|ends|now)\b",
    re.I,
)


def corrects_recent(text: str) -> bool:
    """Whether a correction is of what was just said: it names nothing of its own (see _ELLIPTICAL), or only the
    thing that changed ("the club moved to Thursdays")."""
    return _ELLIPTICAL.match(text) is not None or _THING_CHANGED.match(text) is not None


def names_thing(text: str, thing: str) -> bool:
    """Whether a memory names a thing, in any order ("a meeting with the bank" names "the bank meeting")."""
    wanted = set(terms(thing))
    return bool(wanted) and wanted <= set(terms(text))


def thing_changed(correction: str) -> str | None:
    """The thing a correction names as changed ("the science club moved to Thursdays": "science club")."""
    found = _THING_CHANGED.match(correction)
    return found.group("thing") if found else None


def by_recent_correction(scored: list[tuple[str, float, int]], bar: float = RECENT_CORRECTION_BAR) -> Decision | None:
    """The memory an elliptical correction replaces, from (id, cosine, turns ago) of the recent ones: the latest
    said that is close enough ("My appointment is on Tuesday." "Sorry, I meant Thursday."), unless an earlier one
    is clearly closer."""
    close = [(memory_id, similarity, ago) for memory_id, similarity, ago in scored if similarity >= bar]
    if not close:
        return None
    latest = min(close, key=lambda c: (c[2], -c[1], c[0]))
    best = max(close, key=lambda c: (c[1], -c[2], c[0]))
    chosen = best if best[1] - latest[1] >= RECENT_CORRECTION_LEAD else latest
    return Decision("supersede", chosen[0], chosen[1], "recent+correction")


# "I meant Linz": a name said for another. MiniLM cannot tell which fact it corrects (0.11-0.13 to the one it
# does, as much as to others), so it goes to the latest fact that names something.
_MEANT_NAME = re.compile(r"^(?:\w+ )?meant (?:(?:St|Mt)\. )?[A-Z][\w'\-]*(?: [A-Z][\w'\-]*)*$")
_A_NAME = re.compile(r"(?<!^)\b[A-Z][a-z][\w'\-]*")


def by_name_swap(correction: str, recent: list[tuple[str, str, int]], subject: str) -> Decision | None:
    """The memory "I meant <Name>" corrects, from (id, text, turns ago) of the recent ones: the latest that names
    someone or something besides its subject (the latest turn's first, if several)."""
    if not _MEANT_NAME.match(correction):
        return None
    named = [(ago, n, memory_id) for n, (memory_id, text, ago) in enumerate(recent) if _A_NAME.search(text.replace(subject, ""))]
    return Decision("supersede", min(named)[2], 0.0, "name swap+correction") if named else None


# Values a correction can put in place of the old one by their kind alone: "it's Thursdays now" replaces the
# day of "the club meets on Wednesdays", "at 4pm" the time of "the call is at 3pm". A run of them ("Tuesdays and
# Wednesdays") is one value, and so is a day with its date ("Tuesday 14 November 2023"). A month is one by its
# capital ("May", not "may").
_ONE_OF = {
    "day": rf"(?:{'|'.join(WEEKDAYS)})s?(?:,?\s+\d{{1,2}}\s+(?-i:{'|'.join(m.capitalize() for m in MONTHS)})(?:\s+\d{{4}})?)?",
    "month": rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?-i:{'|'.join(m.capitalize() for m in MONTHS)})(?:\s+\d{{1,2}}(?:st|nd|rd|th)?\b)?",
    "time": r"\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midnight",
    # an age: "Arjun is 7", "Arjun turned 8", "7 years old"
    "age": r"(?:(?<=\bis )|(?<=\bturned )|(?<=\baged )|(?<=\bage ))\d{1,3}(?!\s*(?:am|pm|:|%|st|nd|rd|th)\b)|\d{1,3}(?=\s+years?\s+old\b)",
}
_TYPED = {
    kind: re.compile(rf"(?<![\w-])(?:{one})(?:(?:\s*,\s*|\s+(?:and|or|&)\s+)(?:{one}))*(?![\w-])", re.I) for kind, one in _ONE_OF.items()
}


def typed_swap(old: str, correction: str) -> str | None:
    """The old memory's text with the correction's value of a kind in place of its own (a day, a date in a month,
    a time of day), when each says exactly one of that kind and they differ; None otherwise."""
    for pattern in _TYPED.values():
        new_values, old_values = pattern.findall(correction), list(pattern.finditer(old))
        if len(new_values) == 1 and len(old_values) == 1 and new_values[0].casefold() != old_values[0].group(0).casefold():
            found = old_values[0]
            return f"{old[: found.start()]}{new_values[0]}{old[found.end() :]}"
    return None


_CORRECTING_WORDS = frozenset(terms("now actually instead again anymore sorry oops wait then rather turned"))


def restated(old: str, correction: str) -> str | None:
    """ "We're going to Madrid in May", then "we're going in June now": a correction that says again only words of
    the old fact, with a value of a kind in place of its own, is that fact with the new value."""
    swapped = typed_swap(old, correction)
    if swapped is None:
        return None
    for pattern in _TYPED.values():
        correction = pattern.sub(" ", correction)
    said = set(terms(correction)) - _CORRECTING_WORDS
    return swapped if said and said <= set(terms(old)) else None


def corrected_text(old: str, correction: str) -> str | None:
    """The replacing memory's text: the fact with the correction's value in place of its own when the kind of value
    tells where it goes (a day, a date, a time); otherwise the fact as it was said and what corrects it (offline,
    the new value cannot be put in its place reliably; a model reading both can). None when a correction that
    names a thing does not correct this fact."""
    swapped = typed_swap(old, correction)
    thing = thing_changed(correction)
    if thing is not None:  # of the fact that names the thing, with the value put in its place, or of none
        return swapped if swapped is not None and names_thing(old, thing) else None
    if swapped is not None:
        return swapped
    pronoun = correction.split(" ", 1)[0].split("'", 1)[0] in ("It", "That", "They", "Those", "These", "This")
    said = f"{correction[:1].lower()}{correction[1:]}" if pronoun else correction
    note = f"(corrected: {said.rstrip('. ')})"
    return old if old.endswith(note) else f"{old.rstrip('. ')} {note}"  # the same correction again changes nothing


# "The race is in May, not April", "It's Thursday, not Wednesday", "Rui wants Coimbra instead of Braga": a
# correction that names the old value
_NOT_OLD = re.compile(r"^(?P<said>.+?)(?:\s*,\s+(?:and\s+)?not|\s+instead\s+of)\s+(?P<old>[^,.;!?]{1,40})$", re.I)


# "Not Saturdays anymore, Sundays", "No longer Tuesdays but Thursdays": the old value first, then the new
_OLD_THEN_NEW = re.compile(
    r"^(?:not|no longer)\s+(?P<old>[^,.;!?]{1,40}?)\s*(?:any\s*more|now)?\s*(?:,\s*|\s+but\s+)(?:it's\s+|now\s+)?(?P<new>[^,.;!?]{1,40}?)(?:\s+now)?$",
    re.I,
)


def value_swap(clause: str) -> tuple[str, str] | None:
    """(new value, old value) of a correction that names both: the new one is as many words as the old, said
    last before it ("in May, not April": May; "Coimbra instead of Braga": Coimbra), or after it ("not Saturdays
    anymore, Sundays")."""
    turned = _OLD_THEN_NEW.match(clause.strip().rstrip(".!"))
    if turned is not None and len(turned.group("new").split()) <= 4 and terms(turned.group("old")):
        return turned.group("new"), turned.group("old")
    found = _NOT_OLD.match(clause.strip().rstrip(".!"))
    if found is None:
        return None
    old, said = found.group("old").strip(), found.group("said").split()
    size = len(old.split())
    if size > 4 or len(said) <= size:
        return None
    new = " ".join(said[-size:]).strip("\"'")
    return (new, old) if new.casefold() != old.casefold() and terms(old) else None


# "I dropped databases, too much work", "I quit the choir": one thing stopped, by name
_STOPPED_ONE = re.compile(
    r"\b(?:dropped|quit|gave up(?: on)?|stopped (?:taking|doing|playing|learning|studying|going to))\s+"
    r"(?:the\s+|my\s+)?(?!(?:off|out|by|in|up|down|over)\b)(?P<item>[\w'+#-]+(?:\s+[\w'+#-]+){0,2}?)(?=\s*(?:[,.;!]|$)|\s+(?:because|since|as|class|course|module)\b)",
    re.I,
)


def dropped(text: str) -> str | None:
    """What a statement says was dropped ("User dropped databases, too much work": "databases")."""
    found = _STOPPED_ONE.search(text)
    return found.group("item") if found and terms(found.group("item")) else None


def without_item(text: str, item: str) -> str | None:
    """A memory's text with one thing taken out of a list it names ("taking algorithms, databases and machine
    learning" without "databases": "taking algorithms and machine learning"); None when it is not in one."""
    said = re.escape(item)
    if len(re.findall(rf"(?<![\w'-]){said}(?![\w'-])", text, re.I)) != 1:
        return None
    for pattern, written in (
        (rf", (?P<b>[^,]+?),? (?:and|or) {said}(?![\w'-])", r" and \g<b>"),  # A, B and X
        (rf", {said}(?=,| (?:and|or) )", ""),  # A, X, B and C; A, X and C
        (rf" (?:and|or) {said}(?=[.,;!]|$)", ""),  # A and X, at the end
    ):
        trimmed, n = re.subn(pattern, written, text, count=1, flags=re.I)
        if n:
            return trimmed
    return None


def swapped_text(text: str, old_value: str, new_value: str) -> str | None:
    """A memory's text with the new value where it said the old one; None when it does not say it as words."""
    said = re.compile(rf"(?<![\w-]){re.escape(old_value)}(?![\w-])", re.I)
    found = said.search(text)
    if found is None:
        return None
    if found.group(0)[:1].isupper() and new_value[:1].islower():  # "on Saturdays" corrected by "sundays"
        new_value = new_value[:1].upper() + new_value[1:]
    return said.sub(new_value.replace("\\", "\\\\"), text)
