"""What was only possible until it happened. "User might be promoted to team lead" and "User is thinking about
adopting a dog" are open questions; a later memory of the same person that tells how it went, in the same words
("User got the team lead role", "User adopted a dog"), settles them: the hedged memory ends (it stays in history)
and is no longer recalled as still open. Pure: the caller supersedes what this finds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import combinations
from typing import Protocol

from memlace.core.lexicon import PAST_TO_BASE
from memlace.core.text import terms
from memlace.models import ACTIVE, Memory

# the words that make a statement a possibility, an intention or a wish rather than what is so
_HEDGE = re.compile(
    r"\b(?:might|(?-i:may)|could)\s+(?!not\b)(?:be\s+|get\s+|have\s+to\s+)?"  # (not "in May", not "could not")
    r"|\b(?:is|are|am|was|were)\s+(?:thinking\s+(?:about|of)|considering|hoping\s+to|planning\s+(?:to|on)|"
    r"looking\s+into|toying\s+with\s+the\s+idea\s+of)\s+",
    re.I,
)
# words of when or how likely, which the outcome need not repeat
_LOOSE = frozenset({"soon", "mayb", "perhap", "probabl", "possibl", "next", "week", "month", "year", "day", "later", "think"})
# the past of a verb whose stem is not its own, as the stem of its present (not those the index leaves out, "got")
_PAST = {terms(past)[0]: terms(base)[0] for past, base in PAST_TO_BASE.items() if terms(past) and terms(base)}
SHARED_AT_LEAST = 2  # words of what was possible that the outcome must say again
COMMON_SHARE, COMMON_MIN = 0.05, 200  # a word in more memories than this is too common to find candidates by


def hedged(text: str) -> bool:
    return _HEDGE.search(text) is not None


def _what_was_possible(memory: Memory) -> set[str]:
    subject = set(terms(memory.subject or "User"))
    return set(terms(_HEDGE.sub(" ", memory.text))) - subject - _LOOSE


class _Index(Protocol):
    def __len__(self) -> int: ...
    def containing(self, tokens: set[str]) -> set[str]: ...
    def frequency(self, token: str) -> int: ...


def settled_by(new: Memory, index: _Index, planned: Mapping[str, Memory], memories: Mapping[str, Memory]) -> list[Memory]:
    """The active hedged memories of the new memory's person that it tells the outcome of: it says again at least
    two of their words, and at least half of them. A hedged memory settles nothing; nor does one from the same
    message ("I might get a dog, I've always wanted one"). Only the memories that share two words with the new one
    are looked at (found through the keyword index); ``planned`` holds this message's changes, ahead of the store."""
    if hedged(new.text):
        return []
    subject = new.subject or "User"
    said = set(terms(new.text)) - set(terms(subject))
    said |= {_PAST[word] for word in said if word in _PAST}
    # what holds two of its words, through the index, pair by pair (the shorter posting list is walked); a pair of
    # words that most memories say identifies nothing and would walk thousands
    common = max(COMMON_MIN, int(COMMON_SHARE * len(index)))
    pairs = [(a, b) for a, b in combinations(sorted(said), 2) if min(index.frequency(a), index.frequency(b)) <= common]
    near = set().union(*(index.containing({a, b}) for a, b in pairs))
    own_messages = {(p.chat_id, m) for p in new.provenance for m in p.message_ids}
    found = []
    for item_id in sorted(near):
        memory = planned.get(item_id) or memories.get(item_id)
        if memory is None or memory.id == new.id or memory.status not in ACTIVE or (memory.subject or "User") != subject:
            continue
        if not hedged(memory.text) or own_messages & {(p.chat_id, m) for p in memory.provenance for m in p.message_ids}:
            continue
        possible = _what_was_possible(memory)
        shared = possible & said
        if len(shared) >= SHARED_AT_LEAST and 2 * len(shared) >= len(possible):
            found.append(memory)
    return found
