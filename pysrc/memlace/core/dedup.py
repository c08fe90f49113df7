"""Where a new candidate memory goes: the same as one we have, related to one, or new.

Stages, cheapest first: normalised-text hash, then (for single-valued slots)
same subject and attribute, then embedding similarity bands. The ambiguous band
is left for an optional classifier, which the facade calls only when one is configured.
A correction that names nothing ("I meant Thursday") goes to what was just said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memlace.config import DedupConfig
from memlace.core.corrections import head_phrase, thing_changed
from memlace.core.lexicon import SINGLE_RELATIONS
from memlace.core.text import terms
from memlace.core.values import name_swapped
from memlace.models import ACTIVE, Memory, normalize_name


@dataclass(frozen=True)
class Decision:
    action: str  # "merge", "supersede", "related", "ambiguous", "new"
    target: str | None = None
    similarity: float = 0.0
    stage: str = ""


def by_hash(text_hash: str, memories: dict[str, Memory], hash_index: dict[str, str]) -> Decision | None:
    target = hash_index.get(text_hash)
    if target and target in memories and memories[target].status in ACTIVE:
        return Decision("merge", target, 1.0, "hash")
    return None


def single_valued(attribute: str) -> bool:
    """Where one lives, one's age or partner: one value at a time. A sister or a friend: there may be several."""
    if attribute.startswith("relation:"):
        return attribute.removeprefix("relation:") in SINGLE_RELATIONS
    return True


_STILL_TO_COME = re.compile(r"\bis (?:moving|going|about) to\b", re.I)


def by_slot(
    subject: str | None, attribute: str | None, value: str | None, memories: list[Memory], replaces: bool = False, text: str = ""
) -> Decision | None:
    """A single-valued attribute (where someone lives, their name) with a new value supersedes the old; one of
    several values (a sister's name) only when the new statement corrects the old one."""
    if not attribute or not value:
        return None
    for memory in sorted(memories, key=lambda m: (-m.updated_at, m.id)):
        if memory.attribute != attribute or memory.status not in ACTIVE:
            continue
        if normalize_name(memory.subject or "") != normalize_name(subject or ""):
            continue
        if normalize_name(memory.value or "") == normalize_name(value):
            if _STILL_TO_COME.search(memory.text) and not _STILL_TO_COME.search(text):  # "is moving to Berlin", then moved
                return Decision("supersede", memory.id, 1.0, "slot")
            return Decision("merge", memory.id, 1.0, "slot")
        if single_valued(attribute) or replaces:
            return Decision("supersede", memory.id, 0.0, "slot")
    return None


def as_replacement(decision: Decision) -> Decision:
    """A correction or update ("actually", "no longer", "now") replaces the memory it is closest to, where
    a plain statement would only be linked to it."""
    if decision.action in ("related", "ambiguous") and decision.target:
        return Decision("supersede", decision.target, decision.similarity, decision.stage + "+correction")
    return decision


def by_similarity(neighbours: list[tuple[str, float]], memories: dict[str, Memory], config: DedupConfig) -> Decision:
    """neighbours: (memory id, cosine) best first, from the vector index."""
    for memory_id, similarity in neighbours:
        memory = memories.get(memory_id)
        if memory is None or memory.status not in ACTIVE:
            continue
        if similarity >= config.merge:
            return Decision("merge", memory_id, similarity, "vector")
        if similarity >= config.ambiguous_low:
            return Decision("ambiguous", memory_id, similarity, "vector")
        if similarity >= config.related:
            return Decision("related", memory_id, similarity, "vector")
        break
    return Decision("new")


_ENDING_WORDS = frozenset(terms("stopped quit gave anymore longer"))


def by_old_value(
    subject: str | None, old_value: str, holding: set[str], memories: dict[str, Memory], said: str = "", new: str | None = None
) -> Decision | None:
    """ "I switched from teaching history to teaching geography": the active memory of the same subject that holds
    every content word of the old value ("teach", "history") is the one replaced; of several, the one sharing
    most other words with what is ``said`` ("Pixel is the diabetic one, not Byte": "Byte is diabetic", not "User's
    cat is called Byte"), then the latest (of any subject when ``subject`` is None). ``holding``: the memories
    whose words include them all (the keyword index answers that)."""
    if not terms(old_value):
        return None
    who = normalize_name(subject or "")
    found = [
        m
        for i in holding
        if (m := memories.get(i)) is not None and m.status in ACTIVE and (subject is None or normalize_name(m.subject or "") == who)
    ]
    # "moved to day shifts": the memory of "night shifts", not the one of "long shifts"
    if new is not None and len(new.split()) == 2 and len(old_value.split()) == 1:
        found = [m for m in found if head_phrase(m.text, old_value, new)]
    if not found:
        return None
    words = set(terms(said)) - set(terms(old_value)) - _ENDING_WORDS  # (not the memory that said an earlier stop)
    best = max(found, key=lambda m: (len(words & set(terms(m.text))), m.valid_from or m.created_at, m.id))
    return Decision("supersede", best.id, 1.0, "old value")


PARTNERS = frozenset({"partner", "boyfriend", "girlfriend", "husband", "wife", "fiance", "fiancee", "fiancé", "fiancée", "spouse"})


def by_ending(subject: str | None, name: str | None, memories: list[Memory]) -> Decision | None:
    """ "Luis and I broke up": the subject's active partner memory naming Luis is no longer so (with no name, "we
    split up", the one partner known; none if there are several)."""
    who = normalize_name(subject or "User")
    partners = [
        m
        for m in memories
        if m.status in ACTIVE
        and normalize_name(m.subject or "User") == who
        and (m.attribute or "").removeprefix("relation:") in PARTNERS
        and (name is None or normalize_name(m.value or "") == normalize_name(name))
    ]
    if not partners or (name is None and len({normalize_name(m.value or "") for m in partners}) != 1):
        return None
    latest = max(partners, key=lambda m: (m.updated_at, m.id))
    return Decision("supersede", latest.id, 1.0, "ended")


# "It's Wednesdays and Thursdays now", "I meant Thursday", "that was in October": a correction that names
# nothing of its own. It corrects what was just said, so it is compared with the last few turns' memories only,
# with a lower bar than a statement needs to be related to anything (MiniLM puts such a correction at
# 0.27-0.34 of the memory it corrects, and at 0.06-0.11 of the others said around it).
_ELLIPTICAL = re.compile(r"^(?:it|that|they|those|these|this)(?:'s|'re| is| are| was| were)\b|^(?:\w+ )?meant\b|^make (?:that|it)\b", re.I)
RECENT_CORRECTION_BAR = 0.25
RECENT_CORRECTION_LEAD = 0.1  # how much closer an earlier memory must be to win over the one just said


def corrects_recent(text: str) -> bool:
    """Whether a correction is of what was just said: it names nothing of its own (see _ELLIPTICAL), or only the
    thing that changed ("the club moved to Thursdays")."""
    return _ELLIPTICAL.match(text) is not None or thing_changed(text) is not None


def by_recent_correction(scored: list[tuple[str, float, int]], bar: float = RECENT_CORRECTION_BAR) -> Decision | None:
    """The memory an elliptical correction replaces, from (id, cosine, turns ago) of the recent ones: the latest
    said that is close enough ("My appointment is on Tuesday." "Sorry, I meant Thursday."), unless an earlier one
    is clearly closer."""
    close = [(memory_id, similarity, ago) for memory_id, similarity, ago in scored if similarity >= bar]
    if not close:
        return None
    latest = min(close, key=lambda c: (c[2], -c[1], c[0]))
    best = max(close, key=lambda c: (c[1], -c[2], c[0]))
    chosen = best if best[1] - latest[1] >= RECENT_CORRECTION_LEAD else latest
    return Decision("supersede", chosen[0], chosen[1], "recent+correction")


# "I meant Linz": a name said for another. MiniLM cannot tell which fact it corrects (0.11-0.13 to the one it
# does, as much as to others), so it goes to the latest fact that names something.
# ("actually it's Miso" of "User's cat is called Mochi" is the same: a name said for another)
_MEANT_NAME = re.compile(
    r"^(?:(?:\w+ )?meant|[Ii]t's|[Ii]t is|(?:[Hh]e|[Ss]he)'s) (?:(?:St|Mt)\. )?[A-ZÀ-ÖØ-ÞĀ-Ž][\w'\-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'\-]*)*$"
)
_A_NAME = re.compile(r"(?<!^)\b[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž][\w'\-]*")


def by_name_swap(correction: str, recent: list[tuple[str, str, int]], subject: str) -> Decision | None:
    """The memory "I meant <Name>" corrects, from (id, text, turns ago) of the recent ones: the latest that names
    someone or something besides its subject (the latest turn's first, if several)."""
    if not _MEANT_NAME.match(correction):
        return None
    given = "meant" not in correction  # "it's Miso": a fact that gives a name ("… is called Mochi"), not any that names one
    named = [
        (ago, n, memory_id)
        for n, (memory_id, text, ago) in enumerate(recent)
        if _A_NAME.search(text.replace(subject, "")) and (not given or name_swapped(text, correction) is not None)
    ]
    return Decision("supersede", min(named)[2], 0.0, "name swap+correction") if named else None


# the words every standing instruction has: what it is about is in the others
_RULE_WORDS = frozenset(terms("user asks always never please give make use answer reply write from now on unless otherwise"))


def by_rule_restated(text: str, subject: str | None, tags: list[str], memories: dict[str, Memory]) -> Decision | None:
    """ "make the code examples Rust from now on" after "always give me code examples in Go": a standing instruction
    said anew replaces the active one about the same thing (the one with most words of what it is about in common)."""
    about = set(terms(text)) - _RULE_WORDS
    if not about or not {"rule", "style"} & set(tags):
        return None
    who = normalize_name(subject or "User")
    same = [
        m
        for m in memories.values()
        if m.status in ACTIVE
        and {"rule", "style"} & set(m.tags)
        and normalize_name(m.subject or "User") == who
        and about & set(terms(m.text))
    ]
    closest = max(same, key=lambda m: (len(about & set(terms(m.text))), m.valid_from or m.created_at, m.id), default=None)
    return Decision("supersede", closest.id, 1.0, "rule restated") if closest is not None else None


# what one is doing now, of which there is one at a time: "User is staying in Alfama", then "actually we're staying at
# a hotel in Chiado now" (not "going", "thinking", "taking": several go on at once)
_DOING_NOW = re.compile(
    r"^(?P<who>\S+)\s+(?:is|are)\s+(?:now\s+|actually\s+)?(?P<verb>staying|living|renting|working|studying|learning|dating|seeing|"
    r"training|teaching|driving)\b",
    re.I,
)


def by_same_doing(text: str, subject: str | None, memories: dict[str, Memory]) -> Decision | None:
    """A correction that says what one is doing now ("User is staying at a hotel in Chiado") replaces the one active
    memory of the same person doing the same ("User is staying in Alfama"); None when there is none, or several (which
    one it corrects, the words do not tell)."""
    doing = _DOING_NOW.match(text)
    if doing is None:
        return None
    who, verb = normalize_name(subject or "User"), doing.group("verb").casefold()
    same = [
        m
        for m in memories.values()
        if m.status in ACTIVE
        and normalize_name(m.subject or "User") == who
        and (found := _DOING_NOW.match(m.text)) is not None
        and found.group("verb").casefold() == verb
        and m.text != text
    ]
    return Decision("supersede", same[0].id, 1.0, "doing restated") if len(same) == 1 else None


def restated(text: str, subject: str | None, tags: list[str], memories: dict[str, Memory]) -> Decision | None:
    """What a correction that found nothing close says again: a standing rule, or what one is doing now."""
    return by_rule_restated(text, subject, tags, memories) or by_same_doing(text, subject, memories)
