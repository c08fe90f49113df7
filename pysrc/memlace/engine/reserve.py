"""Headroom kept for corrections: what grows the store stops short of a full disk or quota.

On a full store a browser refuses every write that adds bytes, and space freed by a delete is counted
only later (IndexedDB's log keeps deleted records until it is compacted), so once a quota is full a
retract or an edit could not be written. So new messages, imports, vectors and maintenance stop while a
reserve is still free, and a user's correction (retract, confirm, edit, feedback, undo, a "forget that"
request) may use it. The store says what it uses and what it may use (``Store.room``); asking is an
I/O call, so it is asked again only when the room left by the last answer may have run out.
"""

from __future__ import annotations

from memlace.errors import StorageFull
from memlace.ports import Store, WriteBatch

RESERVE_SHARE = 0.02  # of what the store may use ...
RESERVE_MIN = 256 * 1024  # ... but at least this much, which holds thousands of corrections
RESERVE_MAX = 32 * 1024 * 1024
RECHECK_WRITES = 50  # others use the same quota (other tabs, the page's caches): ask again after this many writes
VECTOR_BYTES = 4  # float32
SAFETY = 3  # a store takes more than the records' JSON (indexes, pages, a log): growth leaves this margin
DERIVED_PER_MESSAGE = 24 * 1024  # what a stored message brings after it: its memories, names, links, vectors


def reserve_for(limit: int) -> int:
    return int(min(RESERVE_MAX, max(RESERVE_MIN, limit * RESERVE_SHARE)))


def grows(batch: WriteBatch) -> bool:
    """Whether a batch adds or rewrites records (a batch that only deletes always goes through)."""
    adds = batch.memories or batch.episodes or batch.entities or batch.edges or batch.vectors
    return bool(adds) or any(value is not None for value in batch.meta.values())


def approx_bytes(batch: WriteBatch) -> int:
    """About what a batch adds to the store: its records as JSON and its vectors as float32, and for each
    message what its extraction will write next (admitted with the message, so that it is never refused)."""
    records = len(batch.model_dump_json(exclude={"vectors"}))
    derived = sum(DERIVED_PER_MESSAGE + 2 * len(episode.text) for episode in batch.episodes)
    return records + derived + sum(len(vector) * VECTOR_BYTES + 64 for _, vector in batch.vectors.values())


class Headroom:
    """Refuses growth that would eat into the reserve, asking the store only when it may matter."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._left: int | None = None  # bytes free above the reserve at the last answer, less writes since
        self._writes = RECHECK_WRITES  # writes since the last answer: the first write asks

    async def check(self, batch: WriteBatch) -> None:
        size = approx_bytes(batch)
        self._writes += 1
        if self._writes > RECHECK_WRITES or (self._left is not None and self._left < 4 * size + RESERVE_MIN):
            room = await self._store.room()
            self._writes = 0
            self._left = None
            if room is None:  # the store cannot say (in memory, or no known limit): asked again later
                return
            used, limit = room
            reserve = reserve_for(limit)
            self._left = limit - reserve - used
            if self._left < SAFETY * size:
                self._writes = RECHECK_WRITES  # ask again next time: space may have been freed meanwhile
                raise StorageFull(
                    "this profile's storage",
                    f"{_mb(used)} of {_mb(limit)} used; the last {_mb(reserve)} are kept so that corrections and forgetting still work",
                )
        if self._left is not None:
            self._left -= size


def _mb(count: int) -> str:
    return f"{count / 1_048_576:.1f} MB"
