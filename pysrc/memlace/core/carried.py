"""What a clause leaves unsaid that the clause before it in the sentence supplies: "we" after "my partner Chris
…" are the speaker and Chris; "I practise 20 minutes a day" after "I'm learning the guitar" practises the guitar.
Pure: no I/O."""

from __future__ import annotations

import re

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


def carried_over(before: str, clause: str) -> str:
    """``clause`` with what it leaves to ``before`` said ("Chris and I have been together 5 years")."""
    return _practised_what(before, _we_two(before, clause))
