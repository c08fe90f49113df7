"""A denial of something said before: "Actually, Owen didn't quit, he's on paternity leave", "I didn't sell the van
after all". The memory that said it happened ("User's mechanic Owen quit …") is replaced by the denial, so the event
is no longer recalled as fact and its history stays. Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.grammar import strip_lead_in, to_third_person
from memlace.core.lexicon import COMMON_CAPITALS, NO_EVENT_VERBS, PAST_TO_BASE
from memlace.core.text import terms
from memlace.models import MemoryKind
from memlace.ports import CandidateMemory

_DENIED = re.compile(
    r"^(?P<who>I|(?-i:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+)|(?:my|our)\s+[a-z]+(?:\s+(?-i:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+))?)\s+"
    r"(?:didn't|did\s+not)\s+(?:actually\s+|really\s+)?(?P<verb>[a-z]+)\b(?P<rest>[^,;]*)(?:[,;].*)?$",
    re.I,
)
# the past of a verb whose stem its past does not share ("sell": "sold"); the rest match by their stem
_PAST = {base: past for past, base in PAST_TO_BASE.items()}


_AFTER_ALL = re.compile(r"\bafter\s+all\b", re.I)


def denial(clause: str, subject: str, correcting: bool) -> CandidateMemory | None:
    """The memory of a clause that corrects by denying an event ("Actually, Owen didn't quit", "I didn't sell the
    van after all"), carrying the words of the event it denies ("Owen quit") for the memory that said it to be found
    and replaced; None for any other clause ("I didn't go to the gym today" is news, not a correction of Monday's
    visit; "Actually I didn't know that" denies nothing that was told)."""
    found = _DENIED.match(strip_lead_in(clause).rstrip(" .!"))
    if found is None or found.group("verb").lower() in NO_EVENT_VERBS or not (correcting or _AFTER_ALL.search(clause)):
        return None
    who, verb = found.group("who"), found.group("verb").lower()
    if who in COMMON_CAPITALS and who != "I":
        return None  # "He didn't quit": whose event, the pronoun does not say here
    named = who[:1].isupper() and who != "I" and not who.lower().startswith(("my ", "our "))
    past = _PAST.get(verb, verb)
    what = " ".join([*([who] if named else []), past, *terms(found.group("rest"))[:1]])  # (what it was done to: "van")
    text = to_third_person(strip_lead_in(clause), subject)
    return CandidateMemory(
        kind=MemoryKind.fact,
        text=text[:400],
        confidence=0.9,
        importance=0.5,
        subject=who if named else subject,
        entities=[who] if named else [],
        tags=["about", "correction", "denied"],
        replaces=True,
        replaces_what=what,
        when_text=clause,
    )
