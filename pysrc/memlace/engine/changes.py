"""What was written since sync last pushed, so a push looks only at those records instead of the whole store.
The engine notes every batch here once sync has made its first, full pass since memory opened (before that,
and after a reload, nothing is noted: the next push compares everything)."""

from __future__ import annotations

from itertools import islice
from typing import Any

from memlace.models import Edge, Entity, Episode, Memory
from memlace.ports import WriteBatch

Key = tuple[str, str]  # (kind, id)


def edge_key(source: str, target: str, edge_type: str) -> str:
    return f"{source}\u0000{target}\u0000{edge_type}"


def synced_record(item: Memory | Episode | Entity | Edge) -> dict[str, Any]:
    """A record as sync carries it: entities and edges with ``removed: false``, an edge with its key as id."""
    record = item.model_dump(mode="json")
    if isinstance(item, Edge):
        return {**record, "id": edge_key(item.source, item.target, item.type.value), "removed": False}
    return {**record, "removed": False} if isinstance(item, Entity) else record


class ChangeLog:
    def __init__(self) -> None:
        self.keys: set[Key] = set()
        self.edges: dict[str, dict[str, Any] | None] = {}  # an edge as last written (None: deleted)

    def note(self, batch: WriteBatch) -> None:
        self.keys.update(("memory", m.id) for m in batch.memories)
        self.keys.update(("episode", e.id) for e in batch.episodes)
        self.keys.update(("entity", e.id) for e in batch.entities)
        self.keys.update(("memory", i) for i in batch.delete_memories)
        self.keys.update(("episode", i) for i in batch.delete_episodes)
        self.keys.update(("entity", i) for i in batch.delete_entities)
        for source, target, edge_type in batch.delete_edges:
            self.edges[edge_key(source, target, edge_type)] = None
        for edge in batch.edges:
            self.edges[edge_key(edge.source, edge.target, edge.type.value)] = synced_record(edge)

    def take(self, limit: int | None = None) -> tuple[set[Key], dict[str, dict[str, Any] | None]]:
        """What was noted (at most ``limit`` records; the rest stay noted), taken out of the log (``restore``
        puts it back if the push fails). A large backlog goes a slice per push, each record looked at once."""
        if limit is None or len(self.keys) + len(self.edges) <= limit:
            taken = (self.keys, self.edges)
            self.keys, self.edges = set(), {}
            return taken
        keys = set(islice(self.keys, limit))
        self.keys -= keys
        edges = dict(islice(self.edges.items(), limit - len(keys)))
        for key in edges:
            del self.edges[key]
        return keys, edges

    def settle(self, keys: list[Key]) -> tuple[set[Key], dict[str, dict[str, Any] | None]]:
        """Records a pull just made the same here as their merged replicas: no push need look at them again.
        Returns what was taken out, for ``restore``."""
        settled = {key for key in keys if key in self.keys}
        self.keys -= settled
        edges = {item_id: self.edges.pop(item_id) for kind, item_id in keys if kind == "edge" and item_id in self.edges}
        return settled, edges

    def restore(self, keys: set[Key], edges: dict[str, dict[str, Any] | None]) -> None:
        self.keys |= keys
        self.edges = {**edges, **self.edges}  # a later write wins
