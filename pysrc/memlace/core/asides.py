"""What a clause says on the side, cut into clauses of their own: where one is based ("I'm a pilot for TAP, based in
Lisbon"), what one works on ("…, working on seagrass restoration"), who is coming and some of them ("There'll be about
15 kids, and two of them have nut allergies", "the guest list is down to 90 now"). Pure: no I/O."""

from __future__ import annotations

import re

from memlace.core.lexicon import JOBS

_BASED = re.compile(
    r"^(?P<head>(?:I|I'm|I am)\b.+?),\s+(?P<where>(?:based|living|located) in\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*)*)[.!]*$"
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
