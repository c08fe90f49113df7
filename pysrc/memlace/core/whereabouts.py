"""Where someone named lives or works, changed: "Tom moved to York" of "User's brother Tom lives in Leeds", "Piotr is
working at Meta now" of "User's brother Piotr works at Google", and where a trip goes: "going to Warsaw instead" (the
memory with the new place, for ``corrections.restated``); "Actually, I'm in Leeds now" as where one lives. Pure: no I/O."""

from __future__ import annotations

import re

_PLACE = r"(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*)*)"
_MOVED = re.compile(rf"^(?P<who>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)) moved (?:back )?to (?P<place>{_PLACE})", re.I)
# where someone lives, or is what they are ("is a doctor in Pune"): a move takes it along
_LIVES_IN = re.compile(rf"\b(?P<verb>lives|is living|is based|works|is an? [a-z]+(?: [a-z]+)?) in (?P<place>{_PLACE})")


def moved(old: str, correction: str) -> str | None:
    """ "Tom moved to York", of "User's brother Tom lives in Leeds" (or "… is a doctor in Leeds"): that memory with
    the new place."""
    found, lives = _MOVED.match(correction), _LIVES_IN.search(old)
    if found is None or lives is None or found.group("place") == lives.group("place"):
        return None
    if not re.search(rf"\b{re.escape(found.group('who'))}\b(?:'s)? (?:\w+ )?{lives.group('verb')}\b", old):
        return None  # (where someone else lives, the user for one, stays)
    after = re.sub(r"^,?\s+(?:too|as well)\b", "", old[lives.end("place") :])  # ("lives in Leeds too": no longer)
    return f"{old[: lives.start('place')]}{found.group('place')}{after}"


# "Piotr is working at Meta now", of "User's brother Piotr works at Google": where someone works, changed
_WORKS_NOW = re.compile(
    r"^(?P<who>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))\s+(?:now\s+)?(?:works|is\s+(?:now\s+)?working|(?:has\s+)?started\s+working)\s+"
    r"(?:at|for)\s+(?P<place>.+?)(?:\s+now)?[.!]*$"
)
_WORKS_AT = re.compile(
    r"\b(?P<verb>works|is working)\s+(?:at|for)\s+(?P<place>(?:the\s+|a\s+)?[\w&'-]+(?:\s+[\w&'-]+){0,3}?)(?=\s*(?:[,.;!]|$)|\s+(?:as|in|on|since|and|but|now|too)\b)"
)


def works_elsewhere(old: str, correction: str) -> str | None:
    """ "Piotr is working at Meta now", of "User's brother Piotr works at Google": that memory with the new place."""
    found, works = _WORKS_NOW.match(correction), _WORKS_AT.search(old)
    if found is None or works is None or found.group("place").casefold() == works.group("place").casefold():
        return None
    if not re.search(rf"\b{re.escape(found.group('who'))}\b (?:now )?{works.group('verb')}\b", old):
        return None  # (where someone else works stays)
    return f"{old[: works.start('place')]}{found.group('place')}{old[works.end('place') :]}"


# "we're going to Warsaw instead", of "User is going to Krakow in May for …": where a trip goes, changed
_GOING = re.compile(rf"^(?P<head>.+?\b(?:going|flying|travelling|traveling|heading|off))\s+to\s+(?P<place>{_PLACE})")


def going_elsewhere(old: str, correction: str) -> str | None:
    """ "User is going to Warsaw instead", of "User is going to Krakow in May for User's anniversary": that memory with
    the new place, when the correction says nothing else of its own."""
    found, going = _GOING.match(correction), _GOING.search(old)
    if found is None or going is None or found.group("place") == going.group("place"):
        return None
    rest = correction[found.end() :].strip(" .!")
    if found.group("head").casefold() != going.group("head").casefold() or rest.casefold() not in ("", "instead", "now", "instead now"):
        return None
    return f"{old[: going.start('place')]}{found.group('place')}{old[going.end('place') :]}"


# "Actually, I'm in Leeds now": said as an update, where one is now is where one lives ("I'm in Leeds now for a
# conference" is a visit, and no update)
_IN_A_PLACE_NOW = re.compile(rf"^(?P<i>I'm|I am)\s+in\s+(?P<place>{_PLACE}),?\s+(?:now|these days)$", re.I)


def as_lived_in(text: str) -> str:
    """ "I'm in Leeds now" said as "I'm based in Leeds now" (the slot of where one lives); any other text as it is."""
    return _IN_A_PLACE_NOW.sub(r"\g<i> based in \g<place>", text)
