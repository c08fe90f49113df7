"""The in-memory store: the reference implementation of the Store contract, and a test double."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from typing import Any

from memlace.errors import StoreError
from memlace.ports import Snapshot, WriteBatch
from memlace.records import TABLES, parse_rows


class MemoryStore:
    def __init__(self) -> None:
        self._tables: dict[str, dict[Any, Any]] = {n: {} for n in ("memories", "episodes", "entities", "edges", "vectors", "meta")}
        self._closed = False

    async def apply(self, batch: WriteBatch) -> None:
        if self._closed:
            raise StoreError("store is closed")
        try:
            self._apply(batch)
        except Exception as error:  # a record that cannot be encoded: nothing was changed
            raise StoreError(f"a record could not be encoded, nothing was changed: {type(error).__name__}: {error}") from error

    def _apply(self, batch: WriteBatch) -> None:
        # Records are kept as the JSON text a real store would hold; the new state is built on copies and
        # swapped at the end: all or nothing.
        staged = {name: dict(table) for name, table in self._tables.items()}
        for mid in batch.delete_memories:
            staged["memories"].pop(mid, None)
        for eid in batch.delete_episodes:
            staged["episodes"].pop(eid, None)
        for entity_id in batch.delete_entities:
            staged["entities"].pop(entity_id, None)
        for key in batch.delete_edges:
            staged["edges"].pop(tuple(key), None)
        for vid in batch.delete_vectors:
            staged["vectors"].pop(vid, None)
        for memory in batch.memories:
            staged["memories"][memory.id] = memory.model_dump_json()
        for episode in batch.episodes:
            staged["episodes"][episode.id] = episode.model_dump_json()
        for entity in batch.entities:
            staged["entities"][entity.id] = entity.model_dump_json()
        for edge in batch.edges:
            staged["edges"][edge.key] = edge.model_dump_json()
        for item_id, (model_id, vector) in batch.vectors.items():
            staged["vectors"][item_id] = (model_id, [float(x) for x in vector])
        for name, value in batch.meta.items():
            if value is None:
                staged["meta"].pop(name, None)
            else:
                staged["meta"][name] = json.loads(json.dumps(value, allow_nan=False))
        self._tables = staged

    async def load(self) -> Snapshot:
        if self._closed:
            raise StoreError("store is closed")
        rows = {table: list(self._tables[table].values()) for table in TABLES}
        return parse_rows(rows, dict(self._tables["meta"]))

    async def vector_parts(self, model_id: str) -> AsyncIterator[dict[str, Sequence[float]]]:
        yield {k: list(v) for k, (m, v) in self._tables["vectors"].items() if m == model_id}

    async def room(self) -> tuple[int, int] | None:
        return None  # bounded by the process's memory, which it cannot know

    async def close(self) -> None:
        self._closed = True
