"""Values of a kind (a day, a date in a month, a time, an age, an amount, a price, a season, a colour, a count) and
how a correction puts its value of a kind in place of a fact's own, with no model. Pure."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from memlace.core.dates import MONTHS, WEEKDAYS
from memlace.core.lexicon import PET_WORDS
from memlace.core.text import terms

# Values a correction can put in place of the old one by their kind alone: "it's Thursdays now" replaces the
# day of "the club meets on Wednesdays", "at 4pm" the time of "the call is at 3pm". A run of them ("Tuesdays and
# Wednesdays") is one value, and so is a day with its date ("Tuesday 14 November 2023"). A month is one by its
# capital ("May", not "may").
_ONE_OF = {
    "day": rf"(?:{'|'.join(WEEKDAYS)})s?(?:,?\s+\d{{1,2}}\s+(?-i:{'|'.join(m.capitalize() for m in MONTHS)})(?:\s+\d{{4}})?)?",
    # (with a part of it: "by end of March", "mid-April")
    "month": rf"(?:(?:early|mid|late)[\s-]+|(?:the\s+)?(?:end|start|beginning|middle)\s+of\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?-i:{'|'.join(m.capitalize() for m in MONTHS)}|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b\.?)(?:\s+\d{{1,2}}(?:st|nd|rd|th)?\b)?",
    "time": r"\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midnight",
    # an age: "Arjun is 7", "Arjun turned 8", "7 years old"
    "age": r"(?:(?<=\bis )|(?<=\bturned )|(?<=\baged )|(?<=\bage ))\d{1,3}(?!\s*(?:am|pm|:|%|st|nd|rd|th)\b)|\d{1,3}(?=\s+years?\s+old\b)",
    # an amount with its unit: "it's 100mg now" replaces the 50mg of "User takes 50mg of sertraline"
    "amount": r"\d+(?:\.\d+)?\s*(?:mg|mcg|ml|kg|km|miles|lbs?|iu|units)(?![\w])",
    # a price, its number alone: "raised my rate to 75 an hour" puts 75 where "60 pounds an hour" had 60 ("21k": a sum)
    "money": r"(?<=[$£€])\d[\d,]*(?:\.\d+)?k?|\d[\d,]*(?:\.\d+)?k(?![\w-])|\d[\d,]*(?:\.\d+)?k?(?=\s*(?:pounds|dollars|euros|quid|bucks)\b|(?:\s+(?-i:[A-Z]{3}))?\s+(?:an?|per)\s+"
    r"(?:hour|day|night|week|month|year|session|lesson|class|word|page|item|head|person)\b)",
    # a season: "the tasting room is pushed to autumn" replaces the spring of "opening … next spring"
    "season": r"(?:spring|summer|autumn|fall|winter)",
    # a colour: "now she wants yellow" replaces the purple of "Lucía loves purple"
    "colour": r"(?:red|orange|yellow|green|blue|purple|pink|black|white|gr[ae]y|brown|navy|teal|turquoise|lilac|violet|beige)",
    # a count, the last kind tried: "it's 4 night shifts now" replaces the 3 of "night shifts 3 days a week"
    "count": rf"(?<![\d:.,£$€-])\d{{1,2}}(?![\d:.,%])"
    rf"(?!\s*(?:am|pm|st|nd|rd|th|years?\s+old|(?-i:{'|'.join(m.capitalize() for m in MONTHS)}))\b)",
}
# (days also run as a span: "Mondays to Thursdays", "Monday through Wednesday")
_LISTED = r"\s*,\s*|\s+(?:and|or|&)\s+"
_RUN = {"day": _LISTED + r"|\s+(?:to|through|thru|till|until)\s+|\s*[-\u2013]\s*"}
_TYPED = {
    kind: re.compile(rf"(?<![\w-])(?:{one})(?:(?:{_RUN.get(kind, _LISTED)})(?:{one}))*(?![\w-])", re.I) for kind, one in _ONE_OF.items()
}


def typed_swap(old: str, correction: str) -> str | None:
    """The old memory's text with the correction's value of a kind in place of its own (a day, a date in a month,
    a time of day), when each says exactly one of that kind and they differ; None otherwise."""
    typed = False
    # "at 7 instead of 8", "in May, not April": the 8 and the April are the old values
    correction = re.sub(r"\s+instead\s+of\s+[^,.;!?]+|,\s*not\s+[^,.;!?]+", "", correction, flags=re.I)
    day = _ORDINAL.search(correction)  # "my birthday is the 14th": of "March 12", March 14
    if day is not None and not _TYPED["month"].search(correction) and (moved := _day_moved(old, day.group(0).split()[-1])):
        return moved
    for kind, pattern in _TYPED.items():
        new_values, old_values = pattern.findall(correction), list(pattern.finditer(old))
        if kind == "count" and typed:  # "Oliver is 10 now" is an age, never the day of a date
            break
        typed = typed or bool(new_values)
        if len(new_values) == 1 and len(old_values) == 1 and new_values[0].casefold() != old_values[0].group(0).casefold():
            found = old_values[0]
            said = pattern.search(correction)  # ("open until 4 on Saturdays" is not when "closed on Mondays" was)
            if said is not None and _opposed(old[: found.start()], correction[: said.start()]):
                return None
            value = (_same_week(found.group(0), new_values[0]) if kind == "day" else None) or new_values[0]
            swapped = f"{old[: found.start()]}{value}{old[found.end() :]}"
            return re.sub(r"\b(every\s+(?:other\s+|second\s+)?\w+day)s\b", r"\1", swapped, flags=re.I)  # "every (other) Thursday"
    return None


_DATED_DAY = re.compile(rf"^(?P<day>{'|'.join(WEEKDAYS)}),?\s+(?P<date>\d{{1,2}}\s+[A-Za-z]+\s+\d{{4}})$", re.I)


def _same_week(old: str, new: str) -> str | None:
    """ "Friday", for "Thursday 4 December 2025": the Friday of that week ("the presentation got moved to Friday")."""
    dated = _DATED_DAY.match(old)
    if dated is None or new.casefold() not in WEEKDAYS:  # ("it's Fridays now" is no one day)
        return None
    try:
        day = datetime.strptime(dated.group("date"), "%d %B %Y")
    except ValueError:
        return None
    moved = day + timedelta(days=WEEKDAYS.index(new.casefold()) - day.weekday())
    return f"{new.capitalize()} {moved.day} {moved.strftime('%B %Y')}"


# what is said of a day or a time, and its opposite: a value said with one is not the value said with the other
_POLARITY = re.compile(r"\b(?P<yes>open|free|available|working|on duty)\b|\b(?P<no>closed|shut|busy|unavailable|off|off duty)\b", re.I)


def said_opposite(old: str, new: str) -> bool:
    """Whether two texts say a day or a time with opposite words ("closed on Mondays", "now open until 4 on Saturdays"):
    the one adds to the other, it does not replace it."""
    for kind in ("day", "time"):
        found_old, found_new = _TYPED[kind].search(old), _TYPED[kind].search(new)
        if found_old is not None and found_new is not None and _opposed(old[: found_old.start()], new[: found_new.start()]):
            return True
    return False


def _opposed(before_old: str, before_new: str) -> bool:
    """Whether the words said last before two values are opposites ("closed on Mondays", "open until 4 on Saturdays")."""
    said = [list(_POLARITY.finditer(text)) for text in (before_old, before_new)]
    if not said[0] or not said[1]:
        return False
    return bool(said[0][-1].group("yes")) != bool(said[1][-1].group("yes"))


def _day_moved(old: str, ordinal: str) -> str | None:
    """The one date of a fact with another day of its month ("14th" in "on March 12": "on March 14")."""
    dated = [m for m in _TYPED["month"].finditer(old) if re.search(r"\d", m.group(0))]
    if len(dated) != 1 or len(re.findall(r"\d+", dated[0].group(0))) != 1:  # ("3 May and 9 June": which one?)
        return None
    value, day = dated[0].group(0), ordinal.rstrip("stndrh")
    number = re.search(r"(\d{1,2})(st|nd|rd|th)?", value)
    if number is None or number.group(1) == day:
        return None
    value = f"{value[: number.start()]}{ordinal if number.group(2) else day}{value[number.end() :]}"  # ("12th" stays an ordinal)
    return f"{old[: dated[0].start()]}{value}{old[dated[0].end() :]}"


_BARE_NUMBER = re.compile(r"[$£€]?(?P<number>\d[\d,]*(?:\.\d+)?k?)")
_A_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?k?(?![\w.,]\d)")


def says_when(text: str) -> bool:
    """Whether a text says a day of the week or a time of day ("swimming on Tuesdays", "at 6pm")."""
    return _TYPED["day"].search(text) is not None or _TYPED["time"].search(text) is not None


def number_swap(old: str, value: str) -> str | None:
    """ "My rate is 0.12 euros per word, I just raised it to 0.14": a bare number put in place of the one number the
    fact says (its unit stays as said); None when the fact says none or several."""
    bare = _BARE_NUMBER.fullmatch(value.strip(" .!"))
    found = list(_A_NUMBER.finditer(old))
    if bare is None or len(found) != 1 or found[0].group(0) == bare.group("number"):
        return None
    return f"{old[: found[0].start()]}{bare.group('number')}{old[found[0].end() :]}"


def without_values(text: str) -> str:
    """A text with its values of every kind taken out: the words that say what they are of."""
    for pattern in _TYPED.values():
        text = pattern.sub(" ", text)
    return _ORDINAL.sub(" ", text)


def value_fits(old: str, correction: str) -> bool:
    """Whether a correction's value goes into a fact: one of its kind is there to replace, and the two share a word
    besides ("make that 60 guests" and "maybe 40 guests", not "max 2 cups a day")."""
    return typed_swap(old, correction) is not None and bool(set(terms(without_values(correction))) & set(terms(old)))


_ORDINAL = re.compile(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b", re.I)  # "moved to the 21st": a day of the month it was in


def swap_after(old: str, correction: str, thing: str) -> str | None:
    """A fact that holds several values of a kind, with the one said right after the thing put right ("criminal
    law got moved to the 21st" in "contract law on 12 January, criminal law on 19 January": "… on 21 January")."""
    at = old.casefold().find(thing.casefold())
    if at < 0:
        return None
    start = at + len(thing)
    day = _ORDINAL.search(correction)
    for kind, pattern in _TYPED.items():
        new_values = pattern.findall(correction)
        if kind == "month" and day and not new_values:
            new_values = [day.group(1)]  # the day alone: the month stays
        found = pattern.search(old, start)
        if len(new_values) != 1 or found is None or not re.fullmatch(r"[\s,]*(?:on|at|in|is|was|by|for)?\s*", old[start : found.start()]):
            continue
        new = new_values[0]
        if new.isdigit():
            new = re.sub(r"^\d{1,2}(?:st|nd|rd|th)?", new, found.group(0))
        return f"{old[: found.start()]}{new}{old[found.end() :]}"
    return None


# "they're whippets" of "two greyhounds, Pepper and Salt": what kind of animal they are, put right
_KIND_SAID = re.compile(
    r"(?:^|\s-\s|,\s+)(?:they(?:'re|\s+are)|(?:it|he|she|(?-i:[A-Z][a-z]+))(?:'s|\s+is)\s+an?)\s+(?P<kind>[a-z]+?)(?P<many>s?)[.!]*$", re.I
)
_ANY_ANIMAL = frozenset({"dog", "cat", "pet", "puppy", "kitten"})
_PET_KIND = re.compile(rf"\b(?:{'|'.join(sorted(PET_WORDS))})(?P<many>s?)\b", re.I)


def kind_swapped(old: str, correction: str) -> str | None:
    """ "they're whippets", of "User has two greyhounds, Pepper and Salt": "User has two whippets, …" (a generic "dog"
    steps back for a breed beside it: "User's dog Rex is a labrador", "actually he's a beagle")."""
    said, kinds = _KIND_SAID.search(correction), list(_PET_KIND.finditer(old))
    kinds = [k for k in kinds if k.group(0).casefold().rstrip("s") not in _ANY_ANIMAL] if len(kinds) > 1 else kinds
    if said is None or len(kinds) != 1 or said.group("kind").casefold() == kinds[0].group(0).casefold().rstrip("s"):
        return None
    if kinds[0].group(0).casefold().rstrip("s") in _ANY_ANIMAL and said.group("kind").casefold() not in _ANY_ANIMAL:
        return None  # "User has a dog called Rex", "Rex is a beagle": what kind of dog, told, not put right
    return f"{old[: kinds[0].start()]}{said.group('kind')}{kinds[0].group('many')}{old[kinds[0].end() :]}"


# "it's Joost" of "User's manager is Femke": the one name the fact gave, put right
_NAME_SAID = re.compile(r"^(?:it's|it\s+is|(?:he|she)(?:'s|\s+is))\s+(?P<name>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))[.!]*$", re.I)
_NAME_GIVEN = re.compile(r"\b(?:is|called|named)\s+(?P<name>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))\b")


def name_swapped(old: str, correction: str) -> str | None:
    """ "it's Joost" of "User's manager is Femke": "User's manager is Joost" (the fact gives one name, after "is",
    "called" or "named")."""
    said, given = _NAME_SAID.match(correction.strip()), list(_NAME_GIVEN.finditer(old))
    if said is None or len(given) != 1 or given[0].group("name") == said.group("name"):
        return None
    return f"{old[: given[0].start('name')]}{said.group('name')}{old[given[0].end('name') :]}"
