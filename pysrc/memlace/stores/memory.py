"""The in-memory store: the reference implementation of the Store contract, and a test double."""

from __future__ import annotations

from typing import Any

from memlace.errors import StoreError
from memlace.ports import Snapshot, WriteBatch


class MemoryStore:
    def __init__(self) -> None:
        self._tables: dict[str, dict[Any, Any]] = {n: {} for n in ("memories", "episodes", "entities", "edges", "vectors", "meta")}
        self._closed = False

    async def apply(self, batch: WriteBatch) -> None:
        if self._closed:
            raise StoreError("store is closed")
        # Build the new state on copies and swap at the end: all or nothing.
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
            staged["memories"][memory.id] = memory.model_dump(mode="json")
        for episode in batch.episodes:
            staged["episodes"][episode.id] = episode.model_dump(mode="json")
        for entity in batch.entities:
            staged["entities"][entity.id] = entity.model_dump(mode="json")
        for edge in batch.edges:
            staged["edges"][edge.key] = edge.model_dump(mode="json")
        for item_id, (model_id, vector) in batch.vectors.items():
            staged["vectors"][item_id] = (model_id, [float(x) for x in vector])
        for key, value in batch.meta.items():
            if value is None:
                staged["meta"].pop(key, None)
            else:
                staged["meta"][key] = value
        self._tables = staged

    async def load(self) -> Snapshot:
        if self._closed:
            raise StoreError("store is closed")
        return Snapshot.model_validate(
            {
                "memories": list(self._tables["memories"].values()),
                "episodes": list(self._tables["episodes"].values()),
                "entities": list(self._tables["entities"].values()),
                "edges": list(self._tables["edges"].values()),
                "meta": dict(self._tables["meta"]),
            }
        )

    async def load_vectors(self, model_id: str) -> dict[str, list[float]]:
        return {k: list(v) for k, (m, v) in self._tables["vectors"].items() if m == model_id}

    async def usage(self) -> dict[str, Any]:
        return {name: len(table) for name, table in self._tables.items()} | {"bytes": None}

    async def close(self) -> None:
        self._closed = True
