"""A change told as news rather than as a correction: "my manager changed, it's Marta now instead of Tomasz", "I
have a new manager, Marta", "my dentist is Dr Ng now, not Dr Park". Each is said again as the slot's new value
("my manager is Marta, not Tomasz") and read as a correction, so it replaces the old value like one. Also what stays
of an old value when it changes (a left job's role). Pure: no I/O."""

from __future__ import annotations

import re

from memlace.core.corrections import moving_from, promoted_at, restated
from memlace.core.grammar import strip_lead_in
from memlace.core.lexicon import PEOPLE_RELATIONS
from memlace.core.text import terms
from memlace.models import Memory

_NAME = r"(?:(?:Dr|Prof|Mr|Mrs|Ms)\.?\s+)?(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*)*)"
_OLD = rf"(?:,?\s+(?:now\s+)?(?:instead of|not|rather than)\s+(?P<old>{_NAME}|[^,.;!?]+?))?"
# "my manager changed, it's Marta now", "our address has changed: it's 12 Elm Road now"
_CHANGED = re.compile(
    r"^(?P<own>my|our)\s+(?P<slot>(?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:has\s+)?(?:just\s+)?changed\s*[,:;.-]?\s+(?:and\s+)?"
    rf"(?:it's|it is|(?:s)?he's|(?:s)?he is|they're|they are|the new one is|now it's)\s+(?:now\s+)?"
    rf"(?P<new>(?:(?:Dr|Prof|Mr|Mrs|Ms)\.\s+)?[^,.;!?]+?)(?:\s+now)?{_OLD}(?P<why>,?\s+(?:since|because|as|after)\s+[^!?]+?)?[.!]*$",
    re.I,
)
# "I have a new manager, Marta": who the new one is
_NEW_ONE = re.compile(
    rf"^I(?:'ve|\s+have)(?:\s+got)?\s+a\s+new\s+(?P<slot>{'|'.join(sorted(PEOPLE_RELATIONS, key=len, reverse=True))})[,:]?\s+"
    rf"(?P<new>{_NAME})(?P<rest>[^.!?]*)[.!]*$",
    re.I,
)
# "my manager is Marta now, not Tomasz": "now" belongs to the change, not to the value
_NOW_NOT = re.compile(rf"^(?P<head>(?:my|our)\s+(?:[\w-]+\s+){{0,2}}?[\w-]+\s+is\s+{_NAME})\s+now{_OLD}[.!]*$", re.I)


def told_as_changed(sentence: str) -> str | None:
    """The sentence said as the slot's new value, or None when it tells no change that way."""
    text = strip_lead_in(sentence.strip())  # ("Update: my supervisor changed, …")
    if found := _CHANGED.match(text):
        said = f"{found.group('own')} {found.group('slot')} is {found.group('new')}"
        said = f"{said}, not {found.group('old')}" if found.group("old") else said
        return said + (found.group("why") or "")  # ("…, since Prof. Hamilton retired": why, kept)
    if found := _NEW_ONE.match(text):
        return f"my new {found.group('slot').lower()} is {found.group('new')}{found.group('rest')}"
    if (found := _NOW_NOT.match(text)) and found.group("old"):
        return f"{found.group('head')}, not {found.group('old')}"
    return None


# "I don't work for the Dutch company anymore" of "User works as a UX designer for a Dutch company": the employer ends
_LEFT = re.compile(r"\b(?:doesn't|does\s+not|no\s+longer)\s+works?\s+(?:for|at)\b", re.I)
_ROLE_AT = re.compile(r"^(?P<who>.+?)\s+works\s+as\s+(?P<role>an?\s+[^,]+?)\s+(?:for|at)\s+(?P<where>[^,]+?)[.!]*$")


def role_kept(old_text: str, left: str) -> str | None:
    """ "User doesn't work for the Dutch company anymore", replacing "User works as a UX designer for a Dutch company":
    the role stays ("User works as a UX designer, no longer for a Dutch company"); None for any other change."""
    role = _ROLE_AT.match(old_text)
    if _LEFT.search(left) is None or role is None:
        return None
    return f"{role.group('who')} works as {role.group('role')}, no longer for {role.group('where')}"


def what_stays(old: Memory, new_text: str) -> str | None:
    """The replacing memory's text when part of the old one stays true: a promotion keeps where, a move to come keeps
    where one lives until then, a job left keeps the role; None when none does."""
    return promoted_at(old, new_text) or moving_from(old, new_text) or role_kept(old.text, new_text)


def restated_best(said: list[tuple[str, str]], correction: str) -> tuple[str, str] | None:
    """(id, new text) of the fact a correction says again with a new value (``restated``), among (id, text) said lately
    (in the order the caller ranks them): the first that uses the correction's own verb ("User has 3.5k" of "User has 3k so far", not of "User
    needs about 7k" said beside it), else the first; None when none."""
    found = [(memory_id, old, new) for memory_id, old in said if (new := restated(old, correction))]
    words = correction.split()
    verb = words[1].casefold() if len(words) > 2 else ""
    same = [(memory_id, new) for memory_id, old, new in found if verb and verb in old.casefold().split()]
    return same[0] if same else ((found[0][0], found[0][2]) if found else None)


_CONTRAST = re.compile(r"^(?P<head>(?P<who>\S+)\s+[^,;]+?),?\s+but\s+(?P<tail>[^,;]+)$")


def contrast_kept(old_text: str, new_text: str) -> str | None:
    """ "Ewan eats anything but hates coriander", corrected by "Ewan has started eating coriander again": the half
    the correction does not touch stays ("Ewan eats anything and has started eating coriander again"); None when
    the correction speaks of both halves, of neither, or of someone else."""
    said = _CONTRAST.match(old_text)
    new_words = new_text.split()
    if said is None or len(new_words) < 2 or new_words[0] != said.group("who") or " but " in new_text:
        return None
    head, tail, new = terms(said.group("head")), terms(said.group("tail")), set(terms(new_text))
    if not head or not tail or tail[-1] not in new or head[-1] in new:  # (each half by what it is of: its last word)
        return None
    return f"{said.group('head')} and {' '.join(new_words[1:])}"


def said_again(old_text: str, correction: str) -> str | None:
    """The old fact said again as a correction puts it ("upped my statin to 40mg"; of "… but hates coriander", the
    half that stays with the new one); None when the correction does not say it again."""
    return restated(old_text, correction) or contrast_kept(old_text, correction)
