"""A correction that names both values, the new and the one it replaces ("in May, not April", "Coimbra instead of
Braga", "not Saturdays anymore, Sundays", "it's not kiwi, it's mango", "we decided against Snowflake, going with
BigQuery", "we renamed Tidepool to Swellcast"): which is which. Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.text import terms

# "The race is in May, not April", "It's Thursday, not Wednesday", "Rui wants Coimbra instead of Braga": a
# correction that names the old value
_NOT_OLD = re.compile(
    r"^(?P<said>.+?)(?:\s*,\s+(?:and\s+)?not|\s+instead\s+of)\s+(?P<old>[^,.;!?]{1,40})$"
    # typed without the comma, after a value ("it's March 10th not March 3rd", "Lisbon not Porto"; not "I'm not sure")
    r"|^(?P<said2>.+?\b(?:\d\w*|(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)))\s+not\s+(?P<old2>[^,.;!?]{1,40})$",
    re.I,
)


# "Not Saturdays anymore, Sundays", "No longer Tuesdays but Thursdays": the old value first, then the new
_OLD_THEN_NEW = re.compile(
    r"^(?:not|no longer)\s+(?P<old>[^,.;!?]{1,40}?)\s*(?:any\s*more|now)?\s*(?:,\s*|\s+but\s+)(?:it's\s+|now\s+)?(?P<new>[^,.;!?]{1,40}?)(?:\s+now)?$",
    re.I,
)


# "It's not kiwi, it's mango she's allergic to": the old value, then the new one said as a cleft
_ITS_NOT = re.compile(
    r"^it(?:'s| is| was)\s+not\s+(?P<old>[^,.;!?]{1,40}?)\s*(?:,\s*|\s+but\s+)(?:it(?:'s| is| was)\s+)?"
    r"(?P<new>[^,.;!?]{1,40}?)(?:\s+(?:that\s+)?(?:I|I'm|she|she's|he|he's|we|we're|they|they're|(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)(?:'s| is))\s.*)?$",
    re.I,
)


# "We decided against Snowflake, going with BigQuery instead": the old value, then the one chosen
_CHOSE_AGAINST = re.compile(
    r"^(?:(?:I|we)\s+)?(?:decided|chose|opted)\s+against\s+(?P<old>[^,.;!?]{1,40}?)\s*(?:,\s*|\s+and\s+)(?:(?:I|we)(?:'re|'ve| are| have)?\s+)?"
    r"(?:going|went|gone|go|picked|chose|opted for)\s+(?:with\s+)?(?P<new>[^,.;!?]{1,40}?)(?:\s+instead)?$",
    re.I,
)


# "We renamed Tidepool to Swellcast": a name, the old then the new
_RENAMED = re.compile(
    r"^(?:(?:I|we)\s+)?(?:renamed|rebranded)\s+(?:it\s+)?(?:from\s+)?(?P<old>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'-]*(?:\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'-]*){0,2})"
    r"\s+(?:to|as)\s+(?P<new>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'-]*(?:\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'-]*){0,2})(?:\s+.{0,40})?$",
    re.I,
)


def names_old_first(clause: str) -> bool:
    """ "It's not kiwi, it's mango I'm allergic to", "we decided against Snowflake, going with BigQuery", "we renamed
    Tidepool to Swellcast": a swap whose words are all about the values, whatever else they match."""
    said = clause.strip().rstrip(".!")
    return any(pattern.match(said) is not None for pattern in (_ITS_NOT, _CHOSE_AGAINST, _RENAMED))


def shape_of(value: str) -> str:
    """A pattern for values said as this one is: "the 14th" -> "the", then any ordinal; "2pm" -> any number, "pm"."""
    words = []
    for word in value.split():
        number = re.fullmatch(r"\d+(?P<unit>[a-z]*)", word, re.I)
        unit = (number.group("unit") if number else "").casefold()
        ending = "(?:st|nd|rd|th)" if unit in ("st", "nd", "rd", "th") else re.escape(unit)
        words.append(rf"\d+{ending}" if number else re.escape(word))
    return r"\s+".join(words)


def value_swap(clause: str) -> tuple[str, str] | None:
    """(new value, old value) of a correction that names both: the new one is as many words as the old, said
    last before it ("in May, not April": May; "Coimbra instead of Braga": Coimbra), or after it ("not Saturdays
    anymore, Sundays", "it's not kiwi, it's mango she's allergic to")."""
    plain = clause.strip().rstrip(".!")
    turned = _OLD_THEN_NEW.match(plain) or _ITS_NOT.match(plain) or _CHOSE_AGAINST.match(plain) or _RENAMED.match(plain)
    if turned is not None and len(turned.group("new").split()) <= 4 and terms(turned.group("old")):
        return turned.group("new"), turned.group("old")
    found = _NOT_OLD.match(clause.strip().rstrip(".!"))
    if found is None:
        return None
    old, said = (found.group("old") or found.group("old2")).strip(), (found.group("said") or found.group("said2")).split()
    size = len(old.split())
    if size > 4 or len(said) <= size:
        return None
    if re.search(r"\d", old):  # "the 21st of August not the 14th": the new number is the one said as the old is
        like = re.findall(rf"(?<![\w-]){shape_of(old)}(?![\w-])", " ".join(said), re.I)
        if like:
            return (like[-1], old) if like[-1].casefold() != old.casefold() else None
    if size == 1 and old[:1].isupper():  # "Pixel is the diabetic one, not Byte": a name for a name
        names = [w.strip(",.!?\"'") for w in said if w[:1].isupper() and terms(w) and w not in ("I'm", "I've", "I'd")]
        if names:
            return (names[-1], old) if names[-1].casefold() != old.casefold() else None
    # the new value ends where the old one's last word is said again ("contract law first, not criminal law"),
    # else at the end
    again = [n + 1 for n, word in enumerate(said) if word.strip(",.!?").casefold() == old.split()[-1].casefold()]
    end = again[-1] if again and again[-1] > size else len(said)
    new = " ".join(said[end - size : end]).strip("\"'")
    return (new, old) if new.casefold() != old.casefold() and terms(old) else None
