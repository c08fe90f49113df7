"""Undo what one message did to memory: the memories it made go, the ones it replaced, merged into or
forgot come back as they were, and the messages it hid are given back.

What a message changed is kept in memory (not stored: a forgotten memory must not linger on disk) for the
last UNDO_KEPT messages, so a page can offer "Undo" right after "Memory updated".
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from memlace.errors import NotFound
from memlace.models import Edge, EdgeType, Entity, Episode, Memory
from memlace.ports import WriteBatch

if TYPE_CHECKING:
    from memlace.engine.context import Engine

UNDO_KEPT = 50


@dataclass
class Change:
    """What one message did: memories made, and everything as it was before it."""

    created: list[str] = field(default_factory=list)
    memories: dict[str, Memory] = field(default_factory=dict)  # id -> the memory before (changed or forgotten)
    edges: list[Edge] = field(default_factory=list)  # edges the message removed
    episodes: dict[str, Episode] = field(default_factory=dict)  # id -> the episode before (hidden or emptied)
    entities: dict[str, Entity] = field(default_factory=dict)  # id -> an entity the message removed

    def keep(self, memory: Memory) -> None:
        self.memories.setdefault(memory.id, memory)


class UndoLog:
    def __init__(self) -> None:
        self._changes: OrderedDict[str, Change] = OrderedDict()

    def open(self, episode_id: str) -> Change:
        change = self._changes.pop(episode_id, None) or Change()
        self._changes[episode_id] = change
        while len(self._changes) > UNDO_KEPT:
            self._changes.popitem(last=False)
        return change

    def take(self, episode_id: str) -> Change:
        change = self._changes.pop(episode_id, None)
        if change is None:
            raise NotFound(f"nothing to undo for message {episode_id[:80]!r} (only the last {UNDO_KEPT} changes can be undone)")
        return change


def edges_as_models(engine: Engine, keys: list[tuple[str, str, str]]) -> list[Edge]:
    """The graph's edges as records, to be written again."""
    graph, found = engine.state.graph, []
    for source, target, kind in keys:
        data = graph.get_edge_data(source, target, kind) if graph.has_edge(source, target, key=kind) else None
        if data is not None:
            found.append(
                Edge(
                    source=source,
                    target=target,
                    type=EdgeType(kind),
                    weight=data.get("weight", 1.0),
                    confidence=data.get("confidence", 1.0),
                )
            )
    return found


async def undo(engine: Engine, episode_id: str) -> dict[str, Any]:
    """Undo one message's changes to memory (the lock is held). The message itself stays."""
    from memlace.engine.commands import edges_of

    change = engine.undo.take(episode_id)
    state = engine.state
    made = [i for i in change.created if i in state.memories and i not in change.memories]
    batch = WriteBatch(
        memories=list(change.memories.values()),
        episodes=list(change.episodes.values()),
        entities=[e for e in change.entities.values() if e.id not in state.entities],
        edges=change.edges,
        delete_memories=made,
        delete_vectors=made,
        delete_edges=[key for key in edges_of(engine, set(made))],
    )
    restored = [m.id for m in change.memories.values() if m.id not in state.memories]
    again = [*restored, *(e.id for e in change.episodes.values() if not e.excluded and e.id not in state.raw_vectors)]
    await engine.write_making_room(batch, embed_later=again)  # their vectors were removed
    return {"removed": made, "restored": sorted(change.memories), "episodes": sorted(change.episodes)}
