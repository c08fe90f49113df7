"""What makes the inspector's list fast at 100k memories: each sort order kept sorted, counts by kind and
status, and every text casefolded once.

Each part is built the first time a list asks for it (retrieval, the CLI and the benchmarks never pay for
it) and is then kept in step with every write. A large batch (an import, a sync catching up) drops what
was built instead: sorting again once is cheaper than placing thousands of memories one at a time.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from memlace.models import ACTIVE, Memory, MemoryKind, MemoryStatus

SORT_KEYS = ("updated_at", "created_at", "confidence", "importance", "access_count")
# Beyond this many memories in one batch, what was built is dropped and rebuilt on the next list.
PLACE_ONE_BY_ONE = 200


class MemoryListing:
    def __init__(self, memories: dict[str, Memory]) -> None:
        self._memories = memories
        self._orders: dict[str, list[str]] = {}  # sort key -> memory ids ascending by (key, id)
        self._counts: Counter[tuple[MemoryKind, MemoryStatus]] | None = None
        self._inactive: set[str] | None = None  # memories the keyword index leaves out
        self._folded: dict[str, str] | None = None  # memory id -> its text casefolded

    def reset(self) -> None:
        """Forget everything built; the next list builds what it needs again."""
        self._orders.clear()
        self._counts = None
        self._inactive = None
        self._folded = None

    # -- kept in step with writes: ``leaving`` before the store's dict changes, ``arrived`` after ------------------
    def leaving(self, memory_id: str) -> None:
        old = self._memories.get(memory_id)
        if old is None:
            return
        for sort, order in self._orders.items():
            place = bisect.bisect_left(order, (getattr(old, sort), memory_id), key=self._key(sort))
            if place < len(order) and order[place] == memory_id:
                del order[place]
            else:  # changed in place rather than replaced: found the slow way
                order.remove(memory_id)
        if self._counts is not None:
            self._counts[(old.kind, old.status)] -= 1
        if self._inactive is not None:
            self._inactive.discard(memory_id)
        if self._folded is not None:
            self._folded.pop(memory_id, None)

    def arrived(self, memory: Memory) -> None:
        for sort, order in self._orders.items():
            bisect.insort(order, memory.id, key=self._key(sort))
        if self._counts is not None:
            self._counts[(memory.kind, memory.status)] += 1
        if self._inactive is not None and memory.status not in ACTIVE:
            self._inactive.add(memory.id)
        if self._folded is not None:
            self._folded[memory.id] = memory.text.casefold()

    # -- what a list reads ------------------------------------------------------------------------------------------
    def order(self, sort: str) -> list[str]:
        """Memory ids ascending by the sort key, ties by id (read it reversed for descending)."""
        order = self._orders.get(sort)
        if order is None:
            ranked = sorted(self._memories.values(), key=attrgetter(sort, "id"))
            order = self._orders[sort] = [memory.id for memory in ranked]
        return order

    def counts(self) -> Counter[tuple[MemoryKind, MemoryStatus]]:
        """Memories by (kind, status); a pair no memory has any more may stay, counted 0."""
        if self._counts is None:
            self._counts = Counter(map(attrgetter("kind", "status"), self._memories.values()))
        return self._counts

    def count(self, kind: MemoryKind | None, statuses: tuple[MemoryStatus, ...] | None) -> int:
        """How many memories have the kind and one of the statuses (None: any)."""
        return sum(n for (k, s), n in self.counts().items() if (kind is None or k is kind) and (statuses is None or s in statuses))

    def inactive(self) -> set[str]:
        """Memories neither staged nor confirmed (the keyword index holds only the others)."""
        if self._inactive is None:
            self._inactive = {m.id for m in self._memories.values() if m.status not in ACTIVE}
        return self._inactive

    def folded(self) -> dict[str, str]:
        if self._folded is None:
            self._folded = {memory_id: memory.text.casefold() for memory_id, memory in self._memories.items()}
        return self._folded

    def _key(self, sort: str) -> Callable[[str], tuple[Any, str]]:
        memories = self._memories
        return lambda memory_id: (getattr(memories[memory_id], sort), memory_id)
