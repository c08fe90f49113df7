"""What a clause that shows something tells: a picture ("Here's a pic of my dog Nube") or a thing the speaker
made or is doing ("Here's a self-portrait I made last week"). Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.lexicon import ANIMAL_RELATIONS, PEOPLE_RELATIONS

# "Here's a pic of my dog Nube at the beach": a picture shown, which tells at most who is in it
_SHOWN = re.compile(r"^here(?:'s| is| are)\s+(?:an?\s+|some\s+|the\s+)?(?P<what>pic|photo|picture|video|snap|shot|selfie)s?\s+of\s+", re.I)
_SHOWN_WHO = re.compile(
    rf"^(?:my|our)\s+(?:new\s+|little\s+)?(?P<who>{'|'.join(sorted(PEOPLE_RELATIONS | ANIMAL_RELATIONS, key=len, reverse=True))})"
    r",?\s+(?P<name>[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\b",
    re.I,
)


# "Here's a self-portrait I made last week", "Check out this piece I made", "Here's one of the agencies I'm looking into"
_SHOWN_OWN = re.compile(
    r"^(?:here(?:'s| is| are)|check out|take a look at|look at)\s+(?P<what>.+?)\s+(?:that\s+|which\s+)?"
    r"(?P<who>I(?:'m|'ve| am| have)?)\s+(?P<verb>(?:(?:just|recently|finally|also)\s+)?[a-z]+)(?P<rest>(?:\s+[\w']+)*)$",
    re.I,
)
# what it shows, said only by pointing at it ("something", "this piece", "one"): nothing to keep
_VAGUE_THING = re.compile(r"^(?:something|anything|one|some|it|this|that|these|those)\b", re.I)
_PICTURE = re.compile(r"^(?:an?|the|my|some)\s+(?:\w+\s+)?(?:pic|photo|picture|video|snap|shot|selfie)s?\b", re.I)
_PARTICLE = re.compile(r"^\s+(?P<particle>into|at|on|for|with|about|to|of|in|from|up|out|over)\b(?P<tail>.*)$", re.I)


def _shown_own(found: re.Match[str]) -> str:
    """ "Here's a self-portrait I made last week": "I made a self-portrait last week"; "" when what is shown is
    only pointed at ("here's something I just finished")."""
    pointed = found.group("what")
    what = re.sub(r"^one\s+of\s+(?:the|my|our)\s+", "", pointed, flags=re.I)  # "one of the agencies I'm looking into": agencies
    if what == pointed and _VAGUE_THING.match(what):
        return ""
    head, rest = f"{found.group('who')} {found.group('verb')}", found.group("rest")
    if _PICTURE.match(what):  # "Here's a shot I got when I volunteered": a picture, not "I got a shot"
        return f"I shared {what} {head}{rest}"
    particle = _PARTICLE.match(rest)
    if particle:
        return f"{head} {particle.group('particle')} {what}{particle.group('tail')}"
    return f"{head} {what}{rest}"


def shown(clause: str) -> str | None:
    """What a clause that shows a picture tells ("Here's a pic of my dog Nube at the beach": "I have a dog called
    Nube"; "Here's a photo of my garden": "I shared a photo of my garden"; "Here's a self-portrait I made": "I made a
    self-portrait"); None for a clause that shows none, "" for one that only points at what it shows."""
    found = _SHOWN.match(clause)
    if found is None:
        own = _SHOWN_OWN.match(clause)
        return _shown_own(own) if own else None
    who = _SHOWN_WHO.match(clause[found.end() :])
    if who is None:  # "Here's a pic of my family at the beach": what was shared, as LoCoMo's observations keep it
        return f"I shared a {found.group('what').lower()} of {clause[found.end() :]}"
    kind, name = who.group("who").lower(), who.group("name")
    return f"I have a {kind} called {name}" if kind in ANIMAL_RELATIONS else f"My {kind} is {name}"
