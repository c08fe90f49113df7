"""The Store contract as a reusable suite: every backend (memory, SQLite, and IndexedDB in the browser) must pass it.

Subclass StoreContract and provide an async ``make_store`` fixture.
"""

from __future__ import annotations

import pytest

from memlace.models import Edge, EdgeType, Entity, Episode, Memory, MemoryStatus
from memlace.ports import Store, WriteBatch


def memory(i: int, **changes: object) -> Memory:
    base = Memory(id=f"mem_{i}", text=f"fact number {i}", created_at=1.0, updated_at=1.0 + i)
    return base.model_copy(update=changes)


def episode(i: int) -> Episode:
    return Episode(id=f"ep_{i}", chat_id="c", message_id=f"m{i}", text=f"message {i}", timestamp=10.0 + i, turn=i)


class StoreContract:
    @pytest.fixture
    async def store(self, make_store) -> Store:  # type: ignore[no-untyped-def]
        return await make_store()

    async def test_empty_store_loads_empty(self, store: Store) -> None:
        snapshot = await store.load()
        assert snapshot.memories == [] and snapshot.episodes == [] and snapshot.edges == [] and snapshot.meta == {}

    async def test_apply_then_load_round_trips(self, store: Store) -> None:
        entity = Entity(id="e1", name="DeepRune", aliases=["Deep Rune"], mention_count=2)
        edge = Edge(source="mem_1", target="e1", type=EdgeType.mentions, weight=0.5, evidence=["m1"])
        await store.apply(
            WriteBatch(memories=[memory(1), memory(2)], episodes=[episode(1)], entities=[entity], edges=[edge], meta={"k": [1, 2]})
        )
        snapshot = await store.load()
        assert sorted(m.id for m in snapshot.memories) == ["mem_1", "mem_2"]
        assert {m.id: m for m in snapshot.memories}["mem_1"] == memory(1)
        assert snapshot.episodes == [episode(1)]
        assert snapshot.entities == [entity]
        assert snapshot.edges == [edge]
        assert snapshot.meta == {"k": [1, 2]}

    async def test_upsert_replaces_by_id_and_edge_key(self, store: Store) -> None:
        await store.apply(WriteBatch(memories=[memory(1)], edges=[Edge(source="a", target="b", type=EdgeType.related_to, weight=0.1)]))
        await store.apply(
            WriteBatch(
                memories=[memory(1, status=MemoryStatus.confirmed, text="changed")],
                edges=[
                    Edge(source="a", target="b", type=EdgeType.related_to, weight=0.9),
                    Edge(source="a", target="b", type=EdgeType.supersedes),
                ],
            )
        )
        snapshot = await store.load()
        assert len(snapshot.memories) == 1 and snapshot.memories[0].text == "changed"
        assert snapshot.memories[0].status is MemoryStatus.confirmed
        weights = {e.type: e.weight for e in snapshot.edges}
        assert weights == {EdgeType.related_to: 0.9, EdgeType.supersedes: 1.0}

    async def test_deletes_remove_and_missing_ids_are_no_ops(self, store: Store) -> None:
        edge = Edge(source="mem_1", target="e", type=EdgeType.mentions)
        await store.apply(
            WriteBatch(
                memories=[memory(1), memory(2)], episodes=[episode(1)], edges=[edge], vectors={"mem_1": ("m", [1.0, 0.0])}, meta={"x": 1}
            )
        )
        await store.apply(
            WriteBatch(
                delete_memories=["mem_1", "nope"],
                delete_episodes=["ep_1"],
                delete_edges=[edge.key, ("q", "r", "mentions")],
                delete_vectors=["mem_1"],
                meta={"x": None},
            )
        )
        snapshot = await store.load()
        assert [m.id for m in snapshot.memories] == ["mem_2"]
        assert snapshot.episodes == [] and snapshot.edges == [] and snapshot.meta == {}
        assert await store.load_vectors("m") == {}

    async def test_vectors_are_kept_per_model(self, store: Store) -> None:
        await store.apply(WriteBatch(vectors={"mem_1": ("model-a", [0.6, 0.8]), "mem_2": ("model-b", [1.0, 0.0])}))
        vectors = await store.load_vectors("model-a")
        assert list(vectors) == ["mem_1"] and vectors["mem_1"] == pytest.approx([0.6, 0.8], abs=1e-6)
        assert list(await store.load_vectors("model-b")) == ["mem_2"]
        assert await store.load_vectors("unknown") == {}

    async def test_failed_batch_changes_nothing(self, store: Store) -> None:
        await store.apply(WriteBatch(memories=[memory(1)]))
        bad = WriteBatch(memories=[memory(2)], episodes=[episode(2)])
        bad.vectors = {"mem_2": ("m", ["not a number"])}  # type: ignore[list-item]
        with pytest.raises(Exception):  # noqa: B017 - any failure, as long as nothing is half-written
            await store.apply(bad)
        snapshot = await store.load()
        assert [m.id for m in snapshot.memories] == ["mem_1"] and snapshot.episodes == []

    async def test_usage_counts(self, store: Store) -> None:
        await store.apply(WriteBatch(memories=[memory(1), memory(2)], episodes=[episode(1)]))
        usage = await store.usage()
        assert usage["memories"] == 2 and usage["episodes"] == 1
