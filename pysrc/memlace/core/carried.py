"""What a clause leaves unsaid that the clause before it in the sentence supplies: "we" after "my partner Chris
…" are the speaker and Chris; "I practise 20 minutes a day" after "I'm learning the guitar" practises the guitar;
"so I stopped it" after "the propranolol made me dizzy" stopped the propranolol; "I do three a week" after "the night
shifts are brutal" does three night shifts; "before then" after "in June" is before June.
Pure: no I/O."""

from __future__ import annotations

import re

from memlace.core.dates import MONTHS, WEEKDAYS
from memlace.core.lexicon import PEOPLE_RELATIONS

# "My partner Chris is a teacher, we've been together 5 years": "we" are the speaker and the partner just named
_PARTNER_NAMED = re.compile(r"^(?:my|My)\s+(?:partner|wife|husband|girlfriend|boyfriend|fianc[eé]e?)\s+(?P<name>(?-i:[A-Z])[a-z]+)\b")
_WE_TOGETHER = re.compile(r"^(?:we|We)(?P<verb>'ve|'re|\s+have|\s+are|\s+got|\s+met)?\b(?=.*\btogether\b|\s+met\b)")


# "I'm learning the guitar, I practise about 20 minutes a day": what is practised is what the clause before named
_LEARNING = re.compile(r"\b(?:learn|play|practi[sc]e|study)(?:ing|s)?\s+(?P<what>(?:the\s+)?[a-z]{3,})[.!]*$", re.I)
_HOW_MUCH = re.compile(
    r"^(?P<verb>I\s+(?:practi[sc]e|play))\s+(?=(?:maybe|about|around|roughly|for|every|once|twice|most|daily|each|\d)\b)", re.I
)


def _practised_what(before: str, clause: str) -> str:
    learning, how_much = _LEARNING.search(before), _HOW_MUCH.match(clause)
    if learning is None or how_much is None:
        return clause
    return f"{how_much.group('verb')} {learning.group('what')} {clause[how_much.end() :]}"


_WE_VERB = {"'ve": " have", "'re": " are"}


def _we_two(before: str, clause: str) -> str:
    partner, we = _PARTNER_NAMED.match(before), _WE_TOGETHER.match(clause)
    if partner is None or we is None:
        return clause
    verb = we.group("verb") or ""
    return f"{partner.group('name')} and I{_WE_VERB.get(verb, verb)}{clause[we.end() :]}"


# "the propranolol made me dizzy so I stopped it", "my knee has been sore, so I'm resting it": "it" is what the clause
# before opened with (a thing: "my son is ill, I hate it" is not of the son)
_THE_THING = re.compile(
    r"^(?P<det>the|my|that|this)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
    r"(?:made|makes|gave|gives|was|is|kept|keeps|broke|has|had|hurts|hurt|needs|needed|started|stopped)\b",
    re.I,
)
_DONE_WITH_IT = re.compile(
    r"^(?P<did>(?:so\s+|and\s+)?(?:I|my\s+(?:kids|children|son|daughter|husband|wife|partner|family))(?:'ve|'m|'ll|\s+am|\s+will|\s+have)?"
    r"(?:\s+(?:going\s+to|gonna|just|finally|also|actually|even))?"
    r"\s+(?!(?:love|like|hate|miss|mean|get|got|want|need|think)\b)[a-z]+)\s+it\b",
    re.I,
)


def _it_named(before: str, clause: str) -> str:
    thing, done = _THE_THING.match(before), _DONE_WITH_IT.match(clause)
    if thing is None or done is None or thing.group("thing").split()[-1].lower() in PEOPLE_RELATIONS:
        return clause
    det = "the" if thing.group("det").lower() in ("that", "this") else thing.group("det").lower()  # ("that soup": the soup)
    return f"{done.group('did')} {det} {thing.group('thing')}{clause[done.end() :]}"


# "the night shifts are brutal, I do three a week": what is counted is what the clause before named
_COUNTED = re.compile(
    r"^(?:(?:but|and|so|honestly|though),?\s+)?(?:(?:the|my|these|those)\s+)?(?!(?:things|times|days|weeks)\b)"
    r"(?P<things>(?:[a-z]+\s+)?[a-z]{3,}s)\s+(?:are|were|get|got|have|can)\b",
    re.I,
)
_HOW_MANY = re.compile(
    r"^(?P<verb>(?:so\s+|and\s+)?I(?:'m)?\s+(?:only\s+|usually\s+|now\s+)?(?:do|work|have|get|take|teach|run|doing|working))\s+"
    r"(?P<count>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple)\s+(?=(?:a|per|every|each)\s+(?:day|night|week|month|year)\b)",
    re.I,
)


def _counted_what(before: str, clause: str) -> str:
    things, how_many = _COUNTED.match(before), _HOW_MANY.match(clause)
    if things is None or how_many is None:
        return clause
    return f"{how_many.group('verb')} {how_many.group('count')} {things.group('things')} {clause[how_many.end() :]}"


# "Anika is getting married in June, so I need to lose weight before then": "then" is the one time the clause before said
_WHEN_SAID = re.compile(
    rf"\b(?:in|on|by|at|this|next)\s+(?:(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?:{'|'.join(MONTHS)})(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?(?:,?\s+\d{{4}})?"
    rf"|(?:{'|'.join(WEEKDAYS)})|(?:19|20)\d{{2}}|(?:spring|summer|autumn|fall|winter))\b",
    re.I,
)
_BY_THEN = re.compile(r"\b(?P<by>before|by|until|till)\s+then\b|(?<=\s)(?P<at>then)[.!]*$", re.I)  # (or "… at school then")
_CLOCK_SAID = re.compile(r"\bat\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\bat\s+(?:noon|midnight)\b", re.I)


def _then_dated(before: str, clause: str) -> str:
    said, then = list(_WHEN_SAID.finditer(before)), _BY_THEN.search(clause)
    if then is not None and then.group("at"):  # "meetings at 8am and I have to drop my kid at school then": at 8am
        clock = list(_CLOCK_SAID.finditer(before))
        return f"{clause[: then.start()]}{clock[0].group(0)}" if len(clock) == 1 else clause
    if then is None or len(said) != 1:
        return clause
    when = re.sub(r"^(?:in|on|by|at)\s+", "", said[0].group(0), flags=re.I)
    return f"{clause[: then.start()]}{then.group('by')} {when}{clause[then.end() :]}"


# "I started my new job 3 weeks ago, it's at a charity called Oxfam": where the job is, where one works
_JOB_THEN_AT = re.compile(
    r"^(?P<job>(?:I|I've|I\s+have)\b[^,;.!?]*\b(?:my|a)\s+(?:new\s+)?job\b[^,;.!?]*),\s+(?:and\s+)?it(?:'s|\s+is|\s+was)\s+(?:at|for|with)\s+",
    re.I,
)


def job_placed(sentence: str) -> str:
    """ "I started my new job 3 weeks ago, it's at a charity called Oxfam": "…, I work at a charity called Oxfam"."""
    return _JOB_THEN_AT.sub(lambda found: f"{found.group('job')}, I work at ", sentence.strip(), count=1)


def carried_over(before: str, clause: str) -> str:
    """``clause`` with what it leaves to ``before`` said ("Chris and I have been together 5 years")."""
    return _then_dated(before, _counted_what(before, _it_named(before, _practised_what(before, _we_two(before, clause)))))
