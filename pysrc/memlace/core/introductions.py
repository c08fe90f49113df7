"""An introduction that goes on after its full stop: "Hey, I'm Tom. 41, software architect at a logistics company.",
"yo, kai here. backend dev at a fintech startup in Lisbon": the age and what one is belong to the sentence that
gave the name, so the clause rules read them as one introduction. Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.lexicon import JOBS

_JOB_WORDS = "|".join(sorted(JOBS))
# what one is, said without its article: "backend dev at a startup", "software architect"
BARE_JOB = re.compile(
    r"^(?!(?:an?|the|from|in|at|on|very|so|really|just|not|also|still|based)\b)(?![a-z]+ing\b)"
    rf"(?:(?:[a-z]|\d+(?:st|nd|rd|th)\b)[\w-]*(?: [a-z][\w-]*){{0,3}} (?:at|in|for|from) .+|(?:[a-zA-Z][\w-]*\s){{0,2}}(?:{_JOB_WORDS})"
    r"(?:\s+(?:doing|working|speciali[sz]ing|focusing)\s.+)?)$"  # ("contractor doing mostly React work")
)
# a job said with a capital, as a sentence opens ("Backend dev at a fintech startup"; not "Lisbon in the spring")
_JOB_FIRST = re.compile(rf"^(?:[\w-]+\s+){{0,2}}(?:{_JOB_WORDS})\b", re.I)
_GREETING = r"(?:(?:hi|hey|hello|hiya|heya|yo|sup|morning)\b[,!]?\s+)?"
_NAME = r"[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+"
_NAMED_ME = re.compile(rf"\b(?:I'm|I am) {_NAME}[.!]$")
_NAME_HERE = re.compile(rf"^(?P<lead>{_GREETING})(?P<name>{_NAME}) here[.!]$")  # "yo, Kai here."
_AGE_THEN_WHAT = re.compile(r"^(?P<age>\d{1,3}),\s+(?:(?P<article>an?|the)\s+)?(?P<what>[a-z].*)$")
_NO_ARTICLE = re.compile(r"(?:\w+ing|from|in|at|based|with)\b")  # "41, living in Bristol"


def introduction_goes_on(previous: str, piece: str) -> str | None:
    """The sentence that gave a name, with what the next one adds to the introduction ("I'm Tom. 41, software
    architect" -> "I'm Tom, 41, a software architect"); None when the next sentence is one of its own."""
    here = _NAME_HERE.match(previous)
    if here is None and _NAMED_ME.search(previous) is None:
        return None
    named = f"{here.group('lead')}I'm {here.group('name')}" if here else previous[:-1]
    age = _AGE_THEN_WHAT.match(piece)
    if age is not None:
        what = age.group("what")
        article = "" if _NO_ARTICLE.match(what) else f"{age.group('article') or ('an' if what[:1] in 'aeio' else 'a')} "
        return f"{named}, {age.group('age')}, {article}{what}"
    said = f"{piece[:1].lower()}{piece[1:]}" if _JOB_FIRST.match(piece) else piece
    if said[:1].islower() and BARE_JOB.match(said.split(",")[0].rstrip(".!")):
        return f"{named}, {said}"  # "I'm Priya. freelance consultant, based in Toronto"
    return None


_HERE_THEN = re.compile(rf"^(?P<lead>{_GREETING})(?P<name>{_NAME}) here,\s+(?=\S)")


def here_said_apart(text: str) -> str:
    """ "yo, Ken here, 28, software engineer in Toronto": the name its own sentence, so what follows is read as the
    introduction going on ("yo, Ken here. 28, software engineer in Toronto")."""
    return _HERE_THEN.sub(lambda found: f"{found.group('lead')}{found.group('name')} here. ", text, count=1)
