"""The Store contract as plain async checks, shipped with the package so every backend runs the same
suite: the in-memory and SQLite stores under pytest, the IndexedDB store inside the browser worker.

Each check takes an async factory returning a fresh, empty store, and raises AssertionError on failure.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from memlace.errors import StoreError
from memlace.models import Edge, EdgeType, Entity, Episode, Memory, MemoryStatus
from memlace.ports import Store, WriteBatch, load_vectors

StoreFactory = Callable[[], Awaitable[Store]]


def sample_memory(i: int, **changes: object) -> Memory:
    return Memory(id=f"mem_{i}", text=f"fact number {i}", created_at=1.0, updated_at=1.0 + i).model_copy(update=changes)


def sample_episode(i: int) -> Episode:
    return Episode(id=f"ep_{i}", chat_id="c", message_id=f"m{i}", text=f"message {i}", timestamp=10.0 + i, turn=i)


def _close(a: Sequence[float], b: Sequence[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) < 1e-6 for x, y in zip(a, b, strict=True))


async def empty_store_loads_empty(make: StoreFactory) -> None:
    snapshot = await (await make()).load()
    assert snapshot.memories == [] and snapshot.episodes == [] and snapshot.edges == [] and snapshot.meta == {}


async def apply_then_load_round_trips(make: StoreFactory) -> None:
    store = await make()
    entity = Entity(id="e1", name="DeepRune", aliases=["Deep Rune"], mention_count=2)
    edge = Edge(source="mem_1", target="e1", type=EdgeType.mentions, weight=0.5, evidence=["m1"])
    await store.apply(
        WriteBatch(
            memories=[sample_memory(1), sample_memory(2)], episodes=[sample_episode(1)], entities=[entity], edges=[edge], meta={"k": [1, 2]}
        )
    )
    snapshot = await store.load()
    assert sorted(m.id for m in snapshot.memories) == ["mem_1", "mem_2"]
    assert {m.id: m for m in snapshot.memories}["mem_1"] == sample_memory(1)
    assert snapshot.episodes == [sample_episode(1)] and snapshot.entities == [entity] and snapshot.edges == [edge]
    assert snapshot.meta == {"k": [1, 2]}


async def upsert_replaces_by_id_and_edge_key(make: StoreFactory) -> None:
    store = await make()
    await store.apply(WriteBatch(memories=[sample_memory(1)], edges=[Edge(source="a", target="b", type=EdgeType.related_to, weight=0.1)]))
    await store.apply(
        WriteBatch(
            memories=[sample_memory(1, status=MemoryStatus.confirmed, text="changed")],
            edges=[
                Edge(source="a", target="b", type=EdgeType.related_to, weight=0.9),
                Edge(source="a", target="b", type=EdgeType.supersedes),
            ],
        )
    )
    snapshot = await store.load()
    assert len(snapshot.memories) == 1 and snapshot.memories[0].text == "changed"
    assert snapshot.memories[0].status is MemoryStatus.confirmed
    assert {e.type: e.weight for e in snapshot.edges} == {EdgeType.related_to: 0.9, EdgeType.supersedes: 1.0}


async def deletes_remove_and_missing_ids_are_no_ops(make: StoreFactory) -> None:
    store = await make()
    edge = Edge(source="mem_1", target="e", type=EdgeType.mentions)
    await store.apply(
        WriteBatch(
            memories=[sample_memory(1), sample_memory(2)],
            episodes=[sample_episode(1)],
            edges=[edge],
            vectors={"mem_1": ("m", [1.0, 0.0])},
            meta={"x": 1},
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
    assert await load_vectors(store, "m") == {}


async def vectors_are_kept_per_model(make: StoreFactory) -> None:
    store = await make()
    await store.apply(WriteBatch(vectors={"mem_1": ("model-a", [0.6, 0.8]), "mem_2": ("model-b", [1.0, 0.0])}))
    vectors = await load_vectors(store, "model-a")
    assert list(vectors) == ["mem_1"] and _close(vectors["mem_1"], [0.6, 0.8])
    assert list(await load_vectors(store, "model-b")) == ["mem_2"]
    assert await load_vectors(store, "unknown") == {}


async def failed_batch_changes_nothing(make: StoreFactory) -> None:
    store = await make()
    await store.apply(WriteBatch(memories=[sample_memory(1)]))
    bad = WriteBatch(memories=[sample_memory(2)], episodes=[sample_episode(2)])
    bad.vectors = {"mem_2": ("m", ["not a number"])}  # type: ignore[list-item]
    try:
        await store.apply(bad)
    except StoreError:
        pass  # the one error the port promises (anything else would reach callers as a crash)
    else:
        raise AssertionError("a batch with a broken vector was accepted")
    snapshot = await store.load()
    assert [m.id for m in snapshot.memories] == ["mem_1"] and snapshot.episodes == []


async def an_unreadable_record_is_quarantined_not_fatal(make: StoreFactory) -> None:
    """A record the store holds but that cannot be encoded again (a lone surrogate, as an older version could
    write) is refused at write time with StoreError, and what was there still loads."""
    store = await make()
    await store.apply(WriteBatch(memories=[sample_memory(1)]))
    try:
        await store.apply(WriteBatch(memories=[sample_memory(2, text="tea \ud800")]))
    except StoreError:
        pass
    else:
        snapshot = await store.load()  # a store that took it must still load it (repaired or quarantined)
        assert any(m.id == "mem_2" for m in snapshot.memories) or any(q.id == "mem_2" for q in snapshot.quarantined)
    assert [m.id for m in (await store.load()).memories if m.id == "mem_1"] == ["mem_1"]


STORE_CONTRACT = [
    empty_store_loads_empty,
    apply_then_load_round_trips,
    upsert_replaces_by_id_and_edge_key,
    deletes_remove_and_missing_ids_are_no_ops,
    vectors_are_kept_per_model,
    failed_batch_changes_nothing,
    an_unreadable_record_is_quarantined_not_fatal,
]


async def run_store_contract(make: StoreFactory) -> dict[str, str]:
    """Every check by name: 'ok' or the failure (used inside the browser worker)."""
    results = {}
    for check in STORE_CONTRACT:
        try:
            await check(make)
            results[check.__name__] = "ok"
        except Exception as error:
            results[check.__name__] = f"{type(error).__name__}: {error}"
    return results
