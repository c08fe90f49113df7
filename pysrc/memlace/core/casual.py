"""Messages as people type them, made readable for the offline extractor's rules: "hi im sam" -> "hi I'm Sam",
"my gf giulia" -> "my girlfriend Giulia", "his name is pepe hes a beagle" -> "his name is Pepe, he's a beagle".
Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.lexicon import ANIMAL_RELATIONS, DIETS, JOBS, NOT_NAMES, PEOPLE_RELATIONS
from memlace.core.text import STOPWORDS

# Typed the way people chat: "hi im sam, 20", "i dont eat meat", "my gf sarah is visiting"
_CASUAL = [
    (re.compile(r"(?<![\w'])i(?![\w'])(?!\.\w)"), "I"),
    (re.compile(r"(?<![\w'])i(?='(?:m|ve|d|ll)\b)"), "I"),
    (re.compile(r"\bim\b"), "I'm"),
    (re.compile(r"\bive\b"), "I've"),
    (re.compile(r"\b(do|does|did|ca|wo|is|was|have|has|are|could|should|would)nt\b", re.I), r"\1n't"),
    (re.compile(r"\b(he|she|that|what|there|who)s\b", re.I), r"\1's"),  # "hes a beagle"
    # "lets go" where a clause starts, not "art lets us get our feelings out"
    (re.compile(r"((?:^|[,.!?;:]|\b(?:so|ok|okay|and|but|then|yeah|now|well|hey))\s*)(let)s\b", re.I), r"\1\2's"),
    (re.compile(r"\b(they|you)re\b", re.I), r"\1're"),  # (not "were")
    (re.compile(r"\bits(?=\s+(?:a|an|the|not|on|in|at|my|our|been|going|so|really|just|only|march|april|may|june|\d)\b)", re.I), "it's"),
    (re.compile(r"\bu\b"), "you"),
    (re.compile(r"\bmy names\b", re.I), "my name is"),
    (re.compile(r"\bgf\b", re.I), "girlfriend"),
    (re.compile(r"\bbf\b", re.I), "boyfriend"),
]
_GREETED_NAME = re.compile(
    r"(^(?:hi|hey|hello|hiya)[,!]?\s+(?:there[,!]?\s+)?(?:I'm|I am|this is|it's)\s+|\b(?:my|his|her|its|their) name is\s+|\bcall me\s+)"
    r"([a-z]{2,})\b",
    re.I,
)
# "yo. im jayden, 16, from manchester": in a message typed all in lower case, a name said with the age after it
_NAME_THEN_AGE = re.compile(r"((?:^|[.!?]\s+)(?:(?:yo|sup|hey|hi|hello|hiya)[,!.]?\s+)?I'm\s+)([a-z]{2,})(?=\s*,\s*\d)")
_RELATIVE_NAME = re.compile(
    rf"\b(my\s+(?:{'|'.join(sorted(PEOPLE_RELATIONS, key=len, reverse=True))})\s+)([a-z]{{2,}})(?=\s+(?:is|was|has|and|who|just|will|lives|works|loves)\b|,|\s*[.!?]*$)"
)


def _not_a_name(word: str) -> bool:
    """ "hi, i'm building an app": no name was given."""
    lowered = word.lower()
    return lowered in STOPWORDS or lowered in NOT_NAMES or lowered in DIETS or lowered in JOBS or lowered.endswith(("ing", "ly", "ed"))


# "my mom (Linda)": the name in brackets is the name
_NAME_IN_BRACKETS = re.compile(
    rf"\b((?:my|our)\s+(?:{'|'.join(sorted(PEOPLE_RELATIONS | ANIMAL_RELATIONS, key=len, reverse=True))}))\s+\(([A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\)",
    re.I,
)


# Run on without stops: "we got a dog last month his name is pepe hes a beagle", "I don't work there anymore I got
# a new job": a comma where a new clause starts
_RUN_ON = [
    re.compile(r"(?<=[a-z])\s+(?=(?:his|her|its|their) name(?:'s|\s+is)\b)"),
    re.compile(r"(?P<keep>\bname is [A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\s+(?=(?:he|she|it|they|I)(?:'s|'re|'m)?\s)"),
    re.compile(r"(?P<keep>\b(?:anymore|lol|haha|today|yesterday|btw|tho|though|anyway))\s+(?=(?:I|I'm|I've|my|we|we're)\s)"),
]
_MONTH_TYPED = re.compile(
    r"\b(?:january|february|march|april|june|july|august|september|october|november|december)\b|\bmay(?=\s+\d)|(?<=\d\s)may\b"
    r"|(?<=\d(?:st|nd|rd|th)\s)may\b|(?<=\d(?:st|nd|rd|th) of\s)may\b"
)
# "i live in turin": a place, in a message typed without capitals
_PLACE_TYPED = re.compile(
    r"((?:\b(?:live|living|lives|moved|moving|based|grew up)\s+(?:in|to)|(?:,|\bI'm|\bI am)\s+from)\s+)([a-z]{3,})"
    r"(?=\s*(?:$|[,.!?;]|\s(?:with|and|for|next|in|since|last|this|now|but|so|because)\b))"  # (not "moving to bigger flat")
)
_NOT_PLACES = frozenset({"town", "city", "home", "bed", "fear", "hope", "peace", "there", "here", "school", "work", "flat", "house"})


def typed_small(text: str) -> bool:
    """Whether a message was typed without capitals (but for "I": "sofia and I broke up")."""
    return re.search(r"(?!\bI(?:'\w+)?\b)[A-Z]", text) is None


def from_casual(text: str) -> str:
    """A message typed without capitals, apostrophes or stops, as the rules read it: "hi im sam" -> "hi I'm Sam",
    "my names marco im 34" -> "my name is Marco, I'm 34"."""
    lowercase = typed_small(text)
    text = _NAME_IN_BRACKETS.sub(r"\1 \2", text)
    for pattern, written in _CASUAL:
        text = pattern.sub(written, text)
    text = _GREETED_NAME.sub(lambda m: m.group(0) if _not_a_name(m.group(2)) else m.group(1) + m.group(2).capitalize(), text)
    if lowercase:
        text = _NAME_THEN_AGE.sub(lambda m: m.group(0) if _not_a_name(m.group(2)) else m.group(1) + m.group(2).capitalize(), text)
    text = _RELATIVE_NAME.sub(lambda m: m.group(1) + (m.group(2) if m.group(2) in STOPWORDS else m.group(2).capitalize()), text)
    text = _MONTH_TYPED.sub(lambda m: m.group(0).capitalize(), text)  # "march 10th"
    if lowercase:
        text = _PLACE_TYPED.sub(
            lambda m: m.group(0) if m.group(2) in STOPWORDS or m.group(2) in _NOT_PLACES else m.group(1) + m.group(2).capitalize(), text
        )
    for pattern in _RUN_ON:
        text = pattern.sub(lambda m: (m.groupdict().get("keep") or "") + ", ", text)
    return text


def with_names_written(text: str, people: list[str]) -> str:
    """Known people's names as they are written, in a message typed without capitals: "giulia is lactose intolerant"."""
    for name in people:
        if name[:1].isupper() and name.lower() not in STOPWORDS:
            text = re.sub(rf"(?<![\w'])({re.escape(name.lower())})(?![\w'])", name, text)
    return text
