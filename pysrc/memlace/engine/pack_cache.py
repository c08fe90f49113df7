"""Packs for repeated or near-identical messages, kept per conversation.

A chat page asks for the same pack again (a message resent, a widget asking as the user types, a question
asked twice); ranking it again costs an embedding and the whole ranking. A pack is kept under its
conversation and the message's normalised words, and is valid only while nothing that could change it has
happened: every write of memories, messages or vectors, a reload or a model switch moves the engine's
generation on and invalidates every kept pack. Use counts written by retrieval itself do not (they shift
a ranking by a hair, and invalidating on them would make every second lookup a miss). Packs also age out,
because recency and expiry move with the clock.
"""

from __future__ import annotations

import re
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass

from memlace.models import ContextPack

PACKS_PER_CONVERSATION = 32
CONVERSATIONS_KEPT = 16
MAX_AGE_S = 300.0

_NOT_WORD = re.compile(r"[^\w]+")

Key = tuple[str, int | None, bool, str | None]


def normalised(query: str) -> str:
    """The words of a message as a cache key: "Where do I live?" and "where do i live" are one message."""
    folded = unicodedata.normalize("NFKC", query).casefold()
    return " ".join(_NOT_WORD.sub(" ", folded).split())


def _copy(pack: ContextPack) -> ContextPack:
    """A deep copy through pydantic-core's JSON, several times quicker than ``model_copy(deep=True)``'s
    Python-level walk (a pack holds only JSON values, so nothing is lost); text JSON cannot hold (a lone
    surrogate the boundary let through) takes the slow walk."""
    try:
        return ContextPack.model_validate_json(pack.model_dump_json())
    except ValueError:
        return pack.model_copy(deep=True)


@dataclass
class _Kept:
    generation: int
    at: float
    pack: ContextPack


class PackCache:
    def __init__(self) -> None:
        self._conversations: OrderedDict[str, OrderedDict[Key, _Kept]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(query: str, limit: int | None, include_inactive: bool, project: str | None) -> Key:
        return (normalised(query), limit, include_inactive, project)

    def get(self, conversation: str, key: Key, generation: int, now: float) -> ContextPack | None:
        """A copy of the kept pack, if it is still valid (the caller may change its copy freely)."""
        kept = self._conversations.get(conversation, OrderedDict()).get(key)
        if kept is None or kept.generation != generation or not 0 <= now - kept.at <= MAX_AGE_S:
            self.misses += 1
            return None
        self.hits += 1
        self._conversations.move_to_end(conversation)
        self._conversations[conversation].move_to_end(key)
        return _copy(kept.pack)

    def put(self, conversation: str, key: Key, generation: int, now: float, pack: ContextPack) -> None:
        packs = self._conversations.setdefault(conversation, OrderedDict())
        self._conversations.move_to_end(conversation)
        packs[key] = _Kept(generation, now, _copy(pack))
        packs.move_to_end(key)
        while len(packs) > PACKS_PER_CONVERSATION:
            packs.popitem(last=False)
        while len(self._conversations) > CONVERSATIONS_KEPT:
            self._conversations.popitem(last=False)
