"""The engine every part of the facade works on: the ports, the in-memory state, settings, counters,
and the one write path.

Every write goes through ``writing()``: it holds the lock, so there is exactly one writer, and it first
writes what retrieval noted since the last write (retrieval itself never writes).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

from memlace.config import Config
from memlace.core.bm25 import BM25Index
from memlace.core.state import MemoryState
from memlace.engine import vectors
from memlace.engine.changes import ChangeLog
from memlace.engine.pack_cache import PackCache
from memlace.engine.reserve import Headroom, grows
from memlace.engine.undo import UndoLog
from memlace.engine.usage import UsageLog
from memlace.errors import NotFound, StorageFull, StoreError
from memlace.models import ACTIVE, Memory, Quarantined
from memlace.ports import Classifier, Embedder, Extractor, Selector, Store, VectorIndex, WriteBatch

PENDING_EXTRACTION = "pending_extraction"
COUNTERS = (
    "embedding_failures",
    "extraction_failures",
    "extraction_retries",
    "selector_fallbacks",
    "classifier_fallbacks",
    "usage_deferred",
    "vectors_dropped_for_room",
    "statements_passed_over",
    "kept_out",  # what a "don't remember anything about …" rule kept from memory
)
SHADOW_KEPT = 100  # retrievals whose shadow difference is kept (in memory: it holds the queries' words)
ROOM_STEPS = (64, 512, 4096)  # episodes whose vectors a user's correction may free, step by step, on a full store


class Engine:
    def __init__(
        self,
        store: Store,
        *,
        embedder: Embedder | None,
        vector_index: VectorIndex | None,
        extractor: Extractor,
        classifier: Classifier | None,
        selector: Selector | None,
        config: Config,
        clock: Callable[[], float],
        profile: str,
        keyword_index: Callable[[float, float], BM25Index],
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.index = vector_index
        self.extractor = extractor
        self.classifier = classifier
        self.selector = selector
        self.config = config
        self.clock = clock
        self.profile = profile
        self.keyword_index = keyword_index
        self.state = MemoryState(config.retrieval, keyword_index)
        self.hashes: dict[str, str] = {}  # text hash -> the active memory with that text
        self.lock = asyncio.Lock()
        self.counters: dict[str, int] = dict.fromkeys(COUNTERS, 0)
        self.usage = UsageLog()
        self.undo = UndoLog()  # what the last messages changed, so that a page can offer "Undo"
        self.headroom = Headroom(store)
        self.read_only = False  # set by callers that opened an export file for inspection
        self.quarantined: list[Quarantined] = []  # stored records that could not be read (kept in the store as they were)
        self.generation = 0  # moves on with every change that could change a pack (see pack_cache)
        self.packs = PackCache()
        self.shadow_log: deque[dict[str, Any]] = deque(maxlen=SHADOW_KEPT)  # what a shadow recipe would have changed
        # Items still without a vector from the current model, oldest first. Kept in memory only: loading
        # finds them again (whatever has no stored vector), so the queue never costs a write.
        self.unembedded: dict[str, None] = {}
        # What sync has yet to push (engine/changes.py); None until sync's first full pass since memory opened.
        self.sync_changes: ChangeLog | None = None

    def changed(self) -> None:
        """Something a pack depends on changed: kept packs are no longer valid."""
        self.generation += 1

    # -- reading ------------------------------------------------------------------------------
    def pending(self, key: str) -> list[str]:
        """A queue of item ids kept in the store's meta (work to redo after a failure or a closed tab)."""
        value = self.state.meta.get(key) or []
        return [i for i in value if isinstance(i, str)] if isinstance(value, list) else []

    def memory(self, memory_id: object) -> Memory:
        if not isinstance(memory_id, str) or memory_id not in self.state.memories:
            raise NotFound(f"no memory with id {str(memory_id)[:80]!r}")
        return self.state.memories[memory_id]

    def rebuild_hashes(self) -> None:
        self.hashes = {m.text_hash: m.id for m in self.state.memories.values() if m.status in ACTIVE}

    # -- writing ------------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def writing(self, *, flush_usage: bool = True) -> AsyncIterator[None]:
        """Hold the one write lock; what retrieval noted is written first, from the memories as they are now."""
        async with self.lock:
            if flush_usage:
                await self._flush_usage()
            yield

    async def write(
        self, batch: WriteBatch, *, bookkeeping: bool = False, embed_later: Iterable[str] = (), use_reserve: bool = False
    ) -> None:
        """Store first, then the in-memory view and the vector index: a failed write changes nothing.
        ``bookkeeping``: only what retrieval noted (use counts), which leaves kept packs valid.
        ``embed_later``: items of the batch that go without a vector for now (queued to be embedded).
        ``use_reserve``: a user's correction, or what an admitted message brings: it may use the storage reserve
        (see engine/reserve.py)."""
        if not self.lock.locked():
            raise RuntimeError("a write outside the engine's lock")  # a bug: every write goes through writing()
        if not use_reserve and grows(batch):
            await self.headroom.check(batch)
        await self.store.apply(batch)
        self.state.apply(batch)
        for memory in batch.memories:
            if memory.status in ACTIVE:
                self.hashes[memory.text_hash] = memory.id
            elif self.hashes.get(memory.text_hash) == memory.id:
                del self.hashes[memory.text_hash]
        vectors.index_written(self, batch)
        if self.sync_changes is not None:
            self.sync_changes.note(batch)
        for item_id in (*batch.vectors, *batch.delete_memories, *batch.delete_episodes, *batch.delete_vectors):
            self.unembedded.pop(item_id, None)
        if self.embedder is not None:
            self.unembedded.update(dict.fromkeys(embed_later))
        if not bookkeeping:
            self.changed()

    async def write_making_room(self, batch: WriteBatch, *, embed_later: Iterable[str] = ()) -> None:
        """A user's small correction (retract, confirm, feedback, edit, undo, a "forget that" request): it may
        use the storage reserve, and when it still does not fit, vectors that can be made again are freed first
        (deletes always fit), then it is tried again."""
        full: StorageFull | None = None
        for episodes in (0, *ROOM_STEPS):
            if episodes and not await vectors.make_room(self, episodes):
                break
            try:
                await self.write(batch, embed_later=embed_later, use_reserve=True)
                return
            except StorageFull as error:
                full = error
        assert full is not None
        raise full

    async def _flush_usage(self) -> None:
        batch = self.usage.batch(self.state, self.clock(), self.config.lifecycle)
        if batch is None:
            return
        try:
            await self.write(batch, bookkeeping=True)
        except StoreError:
            # A full disk or quota: counts wait (the log is bounded); the change the caller asked for goes on.
            self.counters["usage_deferred"] += 1
            return
        self.usage.clear()
