"""How the offline extractor writes a slot's value and what a clause adds after it ("User works as a backend
developer at a fintech startup in Amsterdam"). Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.grammar import to_third_person
from memlace.core.side_rules import SIDE_ROLE

_NAME_ABBREVIATION = r"(?<!\bSt)(?<!\bMt)(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bProf)(?<!\bJr)(?<!\bSr)"  # "St. Mary's" is one name
# ("at Dublin airport": the place's kind, said in lower case, is part of its name)
SIDE_EMPLOYER = re.compile(
    r"\s(?:at|for) ((?:(?:St|Mt)\.\s+)?[A-ZÀ-ÖØ-ÞĀ-Ž][\w&'\-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w&'\-]*)*"
    r"(?:\s+(?:airport|hospital|station|university|uni|library|museum|council|zoo|harbour|port)\b)?)"
)
_SLOT_TAIL = re.compile(r"(?:at|in|for|with|near|on|next|this|by|from|since|until)\s+\S", re.I)
_SCHEDULE_TAIL = re.compile(
    r"(?:(?:mostly|mainly|only|usually|just)\s+)?(?:(?:early|late)\s+)?(?:(?:mornings?|evenings?|nights?|weekends?|weekdays?|afternoons?|"
    r"part[- ]time|full[- ]time|(?:one|two|three|four|five|\d)\s+(?:days?|shifts?|nights?|mornings?)\s+(?:a|per)\s+week)(?:\s+(?:only|mostly))?)",
    re.I,
)


def clean_value(value: str) -> str:
    """A slot's value without what the clause goes on to say ("Nadia's birthday is in May" -> "Nadia")."""
    value = re.split(
        rf"\b(?:and|but|because|since|with|for|at|last|this|next|when|where|who|which|after|before|now|today|tonight|yesterday|"
        rf"tomorrow|in \d{{4}})\b|[,;!?]|{_NAME_ABBREVIATION}\.",
        value,
    )[0]
    return re.sub(r"'s$", "", value.strip(" '\""))  # "my sister Nadia's birthday": Nadia


def article(value: str) -> str:
    """The article before a job, with its space: "a UX designer", "an engineer", none for a crew or a staff ("works
    as cabin crew")."""
    if _CREW.search(value):
        return ""
    return "an " if value[:1].lower() in "aeio" else "a "  # ("a university lecturer")


_CREW = re.compile(r"^(?:[\w-]+ )?(?:crew|staff|faculty|management|security)\b", re.I)


def slot_tail(text: str, value: str, subject: str, attribute: str | None) -> str:
    """What a clause adds after a slot's value ("a backend developer | at a fintech startup in Amsterdam"): kept
    after the slot's canonical text, which would otherwise drop it."""
    at = text.find(value)
    tail = text[at + len(value) :].strip(" ,.!") if at >= 0 else ""
    # an employer by name is a fact of its own ("works as a nurse" and "works at St. Mary's"), and so is a job named
    # beside a move ("moved to Leeds for a new job as a data analyst"); "for a job at Panasonic" alone is why one moves
    named = SIDE_EMPLOYER.search(f" {tail}") if attribute != "location" else SIDE_ROLE.search(tail)
    if _SCHEDULE_TAIL.fullmatch(tail) and attribute != "location":  # "I work at Lidl, mornings only": when one works
        return f", {tail[:1].lower()}{tail[1:]}"
    if not _SLOT_TAIL.match(tail) or len(tail.split()) > 10 or named:
        return ""
    said = to_third_person(tail, subject)
    return f" {said[:1].lower()}{said[1:]}"
