"""Messages as people type them, made readable for the offline extractor's rules: "hi im sam" -> "hi I'm Sam",
"my gf giulia" -> "my girlfriend Giulia", "his name is pepe hes a beagle" -> "his name is Pepe, he's a beagle".
Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memlace.core.lexicon import ANIMAL_RELATIONS, DIETS, IRREGULAR_PAST, JOBS, NOT_NAMES, PEOPLE_RELATIONS
from memlace.core.text import STOPWORDS

# a doing after a name's "'s" (not "Helen's wedding in June", "Tom's building site")
_DOING = r"(?!(?:wedding|building|morning|evening|meeting|training|painting|feeling|sibling|darling|pudding)\b)[a-z]+ing\s+(?:to|in|at|on|for|with|from|into|a|an|the|her|his|their|back|away|out|up|home|abroad|over|off|next|this|\d+)"


def _as_a_job(found: re.Match[str]) -> str:  # "work like waiter": "work as a waiter"
    return f"{found.group(1)} as {'an' if found.group(2)[:1].lower() in 'aeiou' else 'a'} "


_NOT_AN_AGE = r"(?!\s+(?:of|ago|left|to|in|at|with|experience|since)\b)"  # ("he has 3 years left", "5 years of experience")
# Typed the way people chat: "hi im sam, 20", "i dont eat meat", "my gf sarah is visiting"
_CASUAL: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"(?<![\w'])i(?![\w'])(?!\.\w)"), "I"),
    (re.compile(r"(?<![\w'])i(?='(?:m|ve|d|ll)\b)"), "I"),
    (re.compile(r"\bim\b"), "I'm"),
    (re.compile(r"\bive\b"), "I've"),
    (re.compile(r"\b(do|does|did|ca|wo|is|was|have|has|are|could|should|would)nt\b", re.I), r"\1n't"),
    (re.compile(r"\b(he|she|that|what|there|who)s\b", re.I), r"\1's"),  # "hes a beagle"
    # "lets go" where a clause starts, not "art lets us get our feelings out"
    (re.compile(r"((?:^|[,.!?;:]|\b(?:so|ok|okay|and|but|then|yeah|now|well|hey))\s*)(let)s\b", re.I), r"\1\2's"),
    (re.compile(r"\b(they|you)re\b", re.I), r"\1're"),  # (not "were")
    # "my daughter Lina (she's 6)", "Tom (aged 8)", "Nell (4 yo)": an age in brackets, written as "Lina (6)" (core/family.py)
    (
        re.compile(r"(?<=\w) \((?:(?:she|he)(?:'s|\s+is)\s+|aged?\s+)?(\d{1,2})(?:\s*(?:yo|y/o|years?\s+old|yrs?(?:\s+old)?))?\)", re.I),
        r" (\1)",
    ),
    (
        re.compile(
            r"\bits(?=\s+(?:a|an|the|not|on|in|at|my|our|been|going|so|really|just|only|more|less|about|around|actually|probably|pretty|fine|over|true|march|april|may|june|\d)\b)",
            re.I,
        ),
        "it's",
    ),
    (re.compile(r"\bu\b"), "you"),
    # "Helen's moving to Canada", "Ana's a physio", "Tom's been promoted": after a name, "'s" is "is" or "has"
    (re.compile(rf"\b((?-i:[A-Z])[a-z]+)'s\s+(?=(?:an?|now|still|really|always|never|not|{_DOING})\s)"), r"\1 is "),
    (
        re.compile(r"\b((?-i:[A-Z])[a-z]+)'s\s+(?=(?:been|got|gone|(?:just\s+)?(?:moved|started|finished|joined|passed|left)\s)\s*)"),
        r"\1 has ",
    ),
    # and after one's own someone: "my wife's now working at a clinic", "my son's a nurse"
    (
        re.compile(
            rf"\b((?:my|our)\s+(?:{'|'.join(sorted(PEOPLE_RELATIONS))}))'s\s+"  # ("my mum's in hospital")
            rf"(?=(?:an?|now|still|really|always|never|not|in|at|away|home|ill|sick|unwell|pregnant|retired|called|named|{_DOING})\s)",
            re.I,
        ),
        r"\1 is ",
    ),
    # "i write go but were migrating to rust": "were" with no one before it is "we're"
    (re.compile(r"((?:^|[,.!?;]\s*|\b(?:but|and|so|now|also|because|cause)\s+))were(?=\s+(?:\w+ing|gonna)\b)", re.I), r"\1we're"),
    (re.compile(r"\bmy names\b", re.I), "my name is"),
    (
        re.compile(r"(?:^|(?<=[,.!?]\s))(?:(?:yo|hey|hi|hiya|hello)[,!]?\s+)?name[’']s\s+(?=[A-Za-z])", re.I),
        "my name is ",
    ),  # "yo! name's Dev"
    # "I only have like 30 mins", "I sleep like 5 hours": "like" before a number is "about" ("I'd like 2 tickets" is not)
    (
        re.compile(
            r"\b(have|has|had|get|gets|got|sleep|sleeps|slept|earn|earns|make|makes|save|saves|pay|pays|spend|spends|do|does|"
            r"walk|walks|run|runs|drink|drinks|is|are|was|were|for|takes?|took)\s+like\s+(?=\d|a\s+few\b|two\b|three\b|four\b|five\b)",
            re.I,
        ),
        r"\1 about ",
    ),
    # "2 kids (Ella 5, Max 2)": each name with its age in brackets, as a list ("2 kids, Ella (5) and Max (2)")
    (
        re.compile(
            r"\b(kids|children|sons|daughters|boys|girls|grandkids|grandchildren)\s+\(([A-Z][a-z]+),?\s+(\d{1,2})(?:,\s*|\s+and\s+|\s*&\s*)"
            r"([A-Z][a-z]+),?\s+(\d{1,2})\)"
        ),
        r"\1, \2 (\3) and \4 (\5)",
    ),
    (re.compile(r"\b(?:pls|plz|plis)\b", re.I), "please"),  # "pls always give me type hints"
    (re.compile(r"\b(?:thx|thnx|thanx)\b", re.I), "thanks"),
    (re.compile(r"\bgf\b", re.I), "girlfriend"),
    (re.compile(r"\bbf\b", re.I), "boyfriend"),
    # a learner's English, as it is meant: "she have 4 years" (she is 4), "in Madrid since 2 years" (for 2 years), "I work
    # like waiter" (as a waiter), "I study English for be a tour guide" (to be)
    (re.compile(rf"\b(she|he)\s+(?:has|have)\s+(\d{{1,3}})\s+years(?:\s+old)?\b{_NOT_AN_AGE}", re.I), r"\1 is \2"),
    (re.compile(rf"\bI\s+have\s+(\d{{1,3}})\s+years(?:\s+old)?\b{_NOT_AN_AGE}"), r"I'm \1"),
    (
        re.compile(r"\bsince\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|a few|many)\s+(years?|months?|weeks?)\b", re.I),
        r"for \1 \2",
    ),
    (re.compile(rf"\b(work|works|working)\s+like\s+(?:an?\s+)?(?=((?:{'|'.join(sorted(JOBS))})\b))", re.I), _as_a_job),
    (re.compile(r"\bfor\s+(be|become|learn|improve|pass)\b", re.I), r"to \1"),
    # "two kids have nut allergies": some of the group the chat is about ("two of the kids"), each with a constraint
    (
        re.compile(
            r"\b(one|two|three|four|five|\d{1,2}|some|a few|several)\s+(kids|guests|children|students|people|friends|colleagues)\s+(have|has|are)\b"
            r"(?=[^.!?]*\b(?:allerg|intoleran|coeliac|celiac|diabet|vegan|vegetarian|halal|kosher))",
            re.I,
        ),
        r"\1 of the \2 \3",
    ),
    (
        re.compile(r"((?:^|[,.!?]\s*|\bsorry,?\s+|\boh,?\s+)I\s+)mean(?=,?\s+(?:she|he|it|they|we|I|the|my|\d))"),
        r"\1meant",
    ),  # "sorry i mean …"
]
_GREETED_NAME = re.compile(
    r"(^(?:hi|hey|hello|hiya)[,!]?\s+(?:there[,!]?\s+)?(?:I'm|I am|this is|it's)\s+|\b(?:my|his|her|its|their) name is\s+|\bcall me\s+"
    r"|^(?:(?:hi|hey|hello|hiya|heya|yo|sup)[,!.]?\s+)?(?=[a-z]{2,}\s+here\b))"  # ("yo, kai here": a name, then "here")
    r"([a-z]{2,})\b",
    re.I,
)
# "yo. im jayden, 16, from manchester": in a message typed all in lower case, a name said with the age after it
_NAME_THEN_AGE = re.compile(r"((?:^|[.!?]\s+)(?:(?:yo|sup|hey|hi|hello|hiya)[,!.]?\s+)?I'm\s+)([a-z]{2,})(?=\s*,\s*\d)")
_RELATIVE_NAME = re.compile(
    rf"\b(my\s+(?:{'|'.join(sorted(PEOPLE_RELATIONS, key=len, reverse=True))})\s+(?:is\s+(?:called|named)\s+)?)([a-z]{{2,}})"  # ("… is called mia")
    r"(?=\s+(?:is|was|has|and|who|just|will|lives|works|loves)\b|,|\s*[.!?]*$)"
)


# "two kids, jonah 6 and mila 3": children listed with their ages, in a message typed without capitals
_CHILDREN = re.compile(r"\b(?:kids|children|sons|daughters|boys|girls|grandkids|grandchildren)\b[^.!?]*")
_NAME_BEFORE_AGE = re.compile(r"\b([a-z]{2,})(?=\s*\(?\d{1,2}\)?(?:[\s,;.!?]|$))")


def _not_a_name(word: str) -> bool:
    """ "hi, i'm building an app": no name was given."""
    lowered = word.lower()
    return lowered in STOPWORDS or lowered in NOT_NAMES or lowered in DIETS or lowered in JOBS or lowered.endswith(("ing", "ly", "ed"))


# when something is, said after a relative: "something like this for my kids soon" names nobody
_WHEN_WORDS = frozenset(
    ["soon", "today", "tonight", "tomorrow", "yesterday", "later", "anyway", "though", "lately", "instead", "already", "yet"]
)


def _not_relatives_name(word: str, lowercase: bool) -> bool:
    """ "my brother fred is …" names him; "my supervisor changed, …" in a message with capitals does not, nor "my boss met"."""
    return (
        word in STOPWORDS
        or word in IRREGULAR_PAST
        or word in _SAYS
        or word in _WHEN_WORDS
        or word in _OF_THEIRS
        or (word.endswith(("ed", "ing")) and (not lowercase or len(word) > 6))
    )  # ("ted", "alfred" are names)


# "my dentist appointment is on Tuesday", "my boss meeting is at 3": a thing of theirs, not a name
_OF_THEIRS = frozenset(
    [
        "appointment",
        "appointments",
        "meeting",
        "meetings",
        "visit",
        "visits",
        "bill",
        "bills",
        "office",
        "surgery",
        "practice",
        "party",
        "birthday",
        "wedding",
        "house",
        "place",
        "car",
        "job",
        "schedule",
        "shift",
        "shifts",
        "call",
        "calls",
        "session",
        "sessions",
        "class",
        "lesson",
        "lessons",
        "group",
        "team",
        "friends",
        "friend",
        "funeral",
        "recital",
        "concert",
        "game",
        "match",
        "exam",
        "exams",
        "results",
        "check",
        "checkup",
    ]
)


# "my doctor says I need to cut salt", typed small: what a relative or a professional says, thinks or wants is no name
_SAYS = frozenset(
    [
        "says",
        "said",
        "thinks",
        "reckons",
        "tells",
        "told",
        "wants",
        "asks",
        "asked",
        "keeps",
        "agrees",
        "suggests",
        "recommends",
        "feels",
        "knows",
    ]
)


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
    re.compile(r"(?P<keep>\bnow)\s+(?=not\s+\w+[.!]*$)"),  # "its 5 days a week now not 4": the old value, said apart
]
# Said aloud and transcribed: "um so yeah I'm Dan I'm a plumber", "my wife is called Jess she works at the hospital"
_FILLER = re.compile(r"(?:^(?:(?:so|yeah|ok|okay|well)\s+)+|\b)(?:um+|uh+|erm+|uhm+)\b,?\s*|^so\s+yeah,?\s+", re.I)
_SPOKEN_RUN_ON = re.compile(  # (only where a long message has no stops at all)
    r"(?P<keep>\b(?!(?:and|but|so|or|that|which|where|when|whenever|unless|if|because|cos|before|after|until|till|since|as|than|while|"
    r"what|how|why|who|whether|though|although|once|where|then|say|said|think|thought|know|knew|guess|hope|wish|mean|"
    r"thinks|reckon|reckons|believe|believes|feel|feels|felt|suggest|suggests|suggested)\b)[\w']+)"  # (an opinion, not what is)
    r"\s+(?=I(?:'m|'ve|'d|'ll)?\s)|(?P<name>\b[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\s+(?=(?:he|she|they)(?:'s|'re)?\s+(?!(?:and|or)\b)[a-z])"
)
# "Ellie's nine and Finn's six": an age said in words
_NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
_NUMBER_WORDS += ["eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
_AGE_IN_WORDS = re.compile(
    rf"(?P<said>(?:\b(?!(?:Here|There|It|That|What|Who|Where|This|He|She|Let|How)\b)[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+(?:'s|\s+is|\s+turned|\s+turns)|\bI'm|\bwho\s+is|\baged)\s+)(?P<n>{'|'.join(_NUMBER_WORDS)})\b"
    rf"(?P<not>\s+not\s+(?P<m>{'|'.join(_NUMBER_WORDS)})\b)?"
)

_AGE_SAID_S = re.compile(
    r"\b(?P<who>[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)'s\s+(?P<n>\d{1,2})(?=\s*(?:$|[,.;!]|\s+(?:and|now|years?\s+old|not)\b))"
)

# "my boss—well, my landlord—Karen": what was said, then put right; the second is meant
_REPAIR = re.compile(
    r"\b(?:my|our|the|his|her)\s+[\w-]+\s*(?:[—–]|--|\s-)\s*(?:well|I mean|sorry|actually|or rather|rather),?\s+"
    r"(?P<meant>(?:my|our|the|his|her)\s+[\w-]+)\s*(?:[—–]|--|-\s|,)\s*",
    re.I,
)


def _spoken(text: str) -> str:
    """A transcribed message as if typed: fillers out, ages in digits, a comma where a long run-on starts again."""
    text = _REPAIR.sub(r"\g<meant> ", _FILLER.sub("", _FILLER.sub("", text)).strip())  # ("um so yeah": "um", then "so yeah")
    # (not where a condition's clause runs into what it governs: "if I were rich I'd buy a boat")
    if (
        not re.search(r"[.,;:!?]|\b(?:if|when|whenever|unless|because|although|though|while|whether)\b", text, re.I)
        and len(text.split()) >= 10
    ):
        text = _SPOKEN_RUN_ON.sub(lambda m: f"{m.group('keep') or m.group('name')}, ", text)
    text = _AGE_IN_WORDS.sub(
        lambda m: (
            f"{m.group('said')}{_NUMBER_WORDS.index(m.group('n').lower()) + 1}"
            + (f", not {_NUMBER_WORDS.index(m.group('m').lower()) + 1}" if m.group("not") else "")
        ),
        text,
    )
    return _AGE_SAID_S.sub(r"\g<who> is \g<n>", text)  # "Finn's 7": Finn is 7


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
    text = _spoken(_NAME_IN_BRACKETS.sub(r"\1 \2", text))
    for pattern, written in _CASUAL:
        text = pattern.sub(written, text)
    text = _GREETED_NAME.sub(lambda m: m.group(0) if _not_a_name(m.group(2)) else m.group(1) + m.group(2).capitalize(), text)
    if lowercase:
        text = _CHILDREN.sub(
            lambda m: _NAME_BEFORE_AGE.sub(lambda n: n.group(0) if _not_a_name(n.group(1)) else n.group(1).capitalize(), m.group(0)), text
        )
        text = _NAME_THEN_AGE.sub(lambda m: m.group(0) if _not_a_name(m.group(2)) else m.group(1) + m.group(2).capitalize(), text)
    text = _RELATIVE_NAME.sub(
        lambda m: m.group(1) + (m.group(2) if _not_relatives_name(m.group(2), lowercase) else m.group(2).capitalize()), text
    )
    text = _MONTH_TYPED.sub(lambda m: m.group(0).capitalize(), text)  # "march 10th"
    if lowercase:
        text = _PLACE_TYPED.sub(
            lambda m: m.group(0) if m.group(2) in STOPWORDS or m.group(2) in _NOT_PLACES else m.group(1) + m.group(2).capitalize(), text
        )
    for pattern in _RUN_ON:
        text = pattern.sub(lambda m: (m.groupdict().get("keep") or "") + ", ", text)
    return text


_SHOUTED_WORD = re.compile(r"\b[A-Z][A-Z']+\b")


def unshouted(text: str, names: list[str]) -> str:
    """ "I GOT THE FIGMA JOB!!!" as "I got the Figma job!!!": a message mostly in capitals is read in small letters,
    with the names memory knows written as they are (an acronym said alone, "I use AWS", stays)."""
    shouted = _SHOUTED_WORD.findall(text)
    if len(shouted) < 3 or 2 * len(shouted) < len(re.findall(r"[^\W\d_]+", text)):
        return text
    text = _SHOUTED_WORD.sub(lambda m: m.group(0) if m.group(0) == "I" else m.group(0).lower(), text)
    text = re.sub(r"(?<![\w'])i(?=\b|')", "I", text)
    for name in names:
        text = re.sub(rf"(?<![\w']){re.escape(name.lower())}(?![\w'])", name, text)
    return text


def with_names_written(text: str, people: list[str]) -> str:
    """Known people's names as they are written, in a message typed without capitals: "giulia is lactose intolerant"."""
    for name in people:
        if name[:1].isupper() and name.lower() not in STOPWORDS:
            text = re.sub(rf"(?<![\w'])({re.escape(name.lower())})(?![\w'])", name, text)
    return text
