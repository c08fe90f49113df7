"""What retrieval notices (which memories were used, which were used together, what found nothing),
kept in memory until the next write.

Retrieval never writes: a write from a read path would race the writer (a stale copy of a memory
overwriting one just merged) and would fail when storage is full. The log is turned into a batch
from the memories as they are at write time, so it never carries a stale copy.
"""

from __future__ import annotations

from typing import Any

from memlace.config import LifecycleConfig
from memlace.core import lifecycle
from memlace.core.secrets import redact
from memlace.core.state import MemoryState
from memlace.models import ContextPack
from memlace.ports import WriteBatch

GAPS_KEPT = 100
GROUPS_KEPT = 50
GROUP_SIZE = 8


class UsageLog:
    def __init__(self) -> None:
        self.accessed: dict[str, tuple[int, float]] = {}  # memory id -> (times used, last used)
        self.groups: list[list[str]] = []  # memories given together in one pack
        self.gaps: list[dict[str, Any]] = []  # queries that found nothing

    def __bool__(self) -> bool:
        return bool(self.accessed or self.groups or self.gaps)

    def note(self, pack: ContextPack, now: float) -> None:
        memory_ids = sorted({item.id for item in pack.items if item.type == "memory"})
        for memory_id in memory_ids:
            count, _ = self.accessed.get(memory_id, (0, now))
            self.accessed[memory_id] = (count + 1, now)
        if len(memory_ids) > 1:
            self.groups = [*self.groups, memory_ids[:GROUP_SIZE]][-GROUPS_KEPT:]
        if not pack.items:
            query, _ = redact(pack.query[:500])  # the gap log is stored: never a credential in it
            self.gaps = [*self.gaps, {"query": query, "at": now}][-GAPS_KEPT:]

    def batch(self, state: MemoryState, now: float, config: LifecycleConfig) -> WriteBatch | None:
        """The log as one write, against the memories as they are now (None when there is nothing)."""
        if not self:
            return None
        batch = WriteBatch()
        for memory_id, (count, last_used) in sorted(self.accessed.items()):
            memory = state.memories.get(memory_id)
            if memory is None:  # forgotten since
                continue
            for _ in range(count):
                memory = lifecycle.touch(memory, last_used, config)
            batch.memories.append(memory)
        if self.groups:
            stored = state.meta.get("co_retrieved")
            kept = [g for g in stored if isinstance(g, list)] if isinstance(stored, list) else []
            batch.meta["co_retrieved"] = [*kept, *self.groups][-GROUPS_KEPT:]
        if self.gaps:
            stored_gaps = state.meta.get("gaps")
            kept_gaps = [g for g in stored_gaps if isinstance(g, dict)] if isinstance(stored_gaps, list) else []
            batch.meta["gaps"] = [*kept_gaps, *self.gaps][-GAPS_KEPT:]
        return batch

    def clear(self) -> None:
        self.accessed.clear()
        self.groups = []
        self.gaps = []
