"""What a clause says on the side, cut into clauses of their own: where one is based ("I'm a pilot for TAP, based in
Lisbon"), what one works on ("…, working on seagrass restoration"), who is coming and some of them ("There'll be about
15 kids, and two of them have nut allergies", "the guest list is down to 90 now"), and what the speaker says of
themselves before a question ("As a vegan, what should I eat?"). Pure: no I/O."""

from __future__ import annotations

import re

from memlace.core.grammar import strip_lead_in
from memlace.core.lexicon import DIETS, JOBS

_BASED = re.compile(
    r"^(?P<head>(?:I|I'm|I am)\b.+?),\s+(?P<where>(?:based|living|located) in\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*)*)"
    r"(?P<since>\s+since\s+[\w ]{1,20}?)?[.!]*$"  # ("…, living in Berlin since 2021")
    # with no comma, only after what the speaker is ("a designer based in Leeds"; not "a company based in Berlin")
    rf"|^(?P<job>(?:I'm|I am)\s+an?\s+(?!(?:retired|former|ex|semi-retired)\b)(?:[\w-]+\s+){{0,2}}(?:{'|'.join(sorted(JOBS))}))\s+"
    r"(?P<place>(?:based|living) in\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*)*)[.!]*$"
)


# "I'm a PhD student in marine biology at Plymouth, working on seagrass restoration": what one works on or studies,
# said after what one is
_DOING_AFTER = re.compile(
    r"^(?P<head>(?:I'm|I am)\s.+?),\s+(?:and\s+)?(?P<doing>(?:currently\s+|mainly\s+|mostly\s+)?(?:working\s+(?:on|with)|studying|researching|"
    r"speciali[sz]ing\s+in|focusing\s+on)\s+\S.*?)[.!]*$"
)


def based_apart(clause: str) -> tuple[str, ...]:
    """ "I'm a pilot for TAP, based in Lisbon": where one is based, a clause of its own; so is what one works on, said
    after what one is ("…, working on seagrass restoration")."""
    found, doing = _BASED.match(clause), _DOING_AFTER.match(clause)
    if found is None:
        return (clause,) if doing is None else (doing.group("head"), f"I'm {doing.group('doing')}")
    if found.group("since"):  # "I've been living in Berlin since 2021"
        return (found.group("head"), f"I've been {found.group('where')}{found.group('since')}")
    return (found.group("head") or found.group("job"), f"I'm {found.group('where') or found.group('place')}")


# "There'll be about 15 kids, and two of them have nut allergies": who is coming, and some of them said by what they are
_COMING = re.compile(
    r"^(?:there(?:'ll| will) be|we(?:'ll| will) have|we're expecting|we are expecting)\s+(?P<many>(?:about|around|roughly|maybe|over|up to)?\s*\d+\s+"
    r"(?P<who>[a-z]+s))\b(?P<rest>[^,]*?)(?:,?\s+and\s+(?P<some>(?:one|two|three|\d+|some|a few|several|both|all))\s+of\s+them\s+(?P<said>.+))?$",
    re.I,
)


# "the guest list is down to 90 now": how many are coming
_GUEST_LIST = re.compile(
    r"^(?:the|our|my)\s+guest\s*list\s+is\s+(?:now\s+)?(?:(?:down|up)\s+to\s+|at\s+)?(?P<n>\d+)\b(?:\s+(?:people|guests))?", re.I
)


def some_of_them(clause: str) -> list[str]:
    """ "There'll be about 15 kids, and two of them have nut allergies": "I'm expecting about 15 kids" and "two of the
    kids have nut allergies"; "the guest list is down to 90 now": "I'm expecting 90 guests now"."""
    clause = _GUEST_LIST.sub(r"we're expecting \g<n> guests", clause, count=1)
    found = _COMING.match(clause)
    if found is None:
        return [clause]
    expecting = f"I'm expecting {found.group('many')}{found.group('rest')}".rstrip(" .!")
    return [expecting, f"{found.group('some')} of the {found.group('who')} {found.group('said')}"] if found.group("some") else [expecting]


# "I'm planning my wedding in Tuscany, can you make a checklist?", "Since I live in Denver, when should I plant
# tomatoes?", "As a vegan, what should I eat?": what the speaker says of themselves before the question
_SAID_THEN_ASKED = re.compile(
    r"^(?P<said>[^?]+?)(?:,|\s+[-\u2013\u2014])\s+(?:so\s+|and\s+|but\s+)?(?:what|how|where|which|who|when|why|can|could|would|will|"
    r"should|do|does|is|are|any|anything|please|want|wanna|guess)\b[^,]*\?\s*$",
    re.I,
)
_SINCE = re.compile(r"^(?:since|because|as|given that|seeing as|now that)\s+(?=(?:I|I'm|I've|my|we|we're|our)\b)", re.I)
_AS_A = re.compile(r"^as an?\s+(?P<what>[\w' -]{2,40})$", re.I)
_SPEAKER_FIRST = re.compile(r"^(?:I|I'm|I've|I'd|my|we|we're|we've|our)\b", re.I)


def said_before_asking(sentence: str) -> str | None:
    """The statement a question opens with, when it is the speaker's own; None otherwise."""
    found = _SAID_THEN_ASKED.match(sentence)
    if found is None:
        return None
    said = found.group("said").strip()
    role = _AS_A.match(said)
    if role:
        what = role.group("what")
        return f"I'm {what}" if what.lower() in DIETS else f"I'm a {what}"
    said = _SINCE.sub("", strip_lead_in(said))  # ("FYI, I finished another pottery project - want to see a pic?")
    return said if _SPEAKER_FIRST.match(said) else None
