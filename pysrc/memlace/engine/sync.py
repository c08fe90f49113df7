"""Sync's side in the engine: what changed here since it was last synced, as replicas stamped by this
device's clock (``push``), and other devices' replicas merged in and applied to the store (``pull``).

Replicas live in a ``ReplicaStore`` beside the engine's own store: in the browser the sync worker's PouchDB,
which holds them encrypted (web/js/sync-crypto.mjs); in tests a dict. The merge rules are core/merge.py's.
A push compares every stored record with what its replica says (one pass over the store: a first version,
before a change feed makes it incremental)."""

from __future__ import annotations

from typing import Any, Protocol

from memlace.core.merge import FORGETTABLE, Kind, Replica, Stamp, forget, local_write, materialize, merge, remove, same_content, tick
from memlace.engine.commands import erase
from memlace.engine.context import Engine
from memlace.models import Edge, EdgeType, Entity, Episode, Memory
from memlace.ports import WriteBatch

Key = tuple[str, str]  # (kind, id)


class ReplicaStore(Protocol):
    async def all(self) -> dict[Key, Replica]: ...
    async def get_many(self, keys: list[Key]) -> dict[Key, Replica]: ...
    async def put_many(self, replicas: list[Replica]) -> None: ...


def edge_key(source: str, target: str, edge_type: str) -> str:
    return f"{source}\u0000{target}\u0000{edge_type}"


async def records(engine: Engine) -> dict[Key, dict[str, Any]]:
    """Every stored record as sync sees it (edges and entities carry ``removed: false``; an edge its key as id)."""
    snapshot = await engine.store.load()
    out: dict[Key, dict[str, Any]] = {}
    for memory in snapshot.memories:
        out["memory", memory.id] = memory.model_dump(mode="json")
    for episode in snapshot.episodes:
        out["episode", episode.id] = episode.model_dump(mode="json")
    for entity in snapshot.entities:
        out["entity", entity.id] = {**entity.model_dump(mode="json"), "removed": False}
    for edge in snapshot.edges:
        key = edge_key(edge.source, edge.target, edge.type.value)
        out["edge", key] = {**edge.model_dump(mode="json"), "id": key, "removed": False}
    return out


async def push(engine: Engine, replicas: ReplicaStore, device: str, clock: Stamp | None, now_ms: int) -> tuple[Stamp | None, list[Replica]]:
    """Stamp what changed here since the replicas were last written (new, changed, forgotten or removed
    records) and keep the new replicas; they are what goes to the other devices."""
    current = await records(engine)
    held = await replicas.all()
    changed: list[Replica] = []
    for (kind, item_id), record in current.items():
        before = held.get((kind, item_id))
        if before is not None and before.forgotten is not None:
            continue
        stamp = tick(clock, now_ms, device)
        after = local_write(before, _kind(kind), record, stamp)
        if before is None or not same_content(before, after):  # only what this device changed goes out
            clock = stamp
            changed.append(after)
    for (kind, _), before in held.items():
        if (kind, before.id) in current or before.forgotten is not None:
            continue
        shown = materialize(before)
        if kind in FORGETTABLE:
            clock = tick(clock, now_ms, device)
            changed.append(forget(before, clock))
        elif shown is not None and not shown.get("removed"):
            clock = tick(clock, now_ms, device)
            changed.append(remove(before, clock))
    await replicas.put_many(changed)
    return clock, changed


async def pull(engine: Engine, replicas: ReplicaStore, incoming: list[Replica]) -> dict[str, int]:
    """Merge other devices' replicas into ours and write what they become: one batch of upserts, then the
    forgotten memories and messages erased with everything that hangs on them."""
    keys: list[Key] = [(r.kind, r.id) for r in incoming]
    held = await replicas.get_many(keys)
    merged: dict[Key, Replica] = {}
    for replica in incoming:
        key = (replica.kind, replica.id)
        base = merged.get(key) or held.get(key)
        merged[key] = merge(base, replica) if base is not None else replica
    await replicas.put_many(list(merged.values()))
    state = engine.state
    batch = WriteBatch()
    new: list[str] = []
    gone_memories: set[str] = set()
    gone_episodes: set[str] = set()
    for (kind, item_id), replica in merged.items():
        record = materialize(replica)
        if record is None:
            (gone_memories if kind == "memory" else gone_episodes).add(item_id)
        elif kind == "memory":
            memory = Memory.model_validate(record)
            batch.memories.append(memory)
            new += [] if memory.id in state.memories else [memory.id]
        elif kind == "episode":
            episode = Episode.model_validate(record)
            batch.episodes.append(episode)
            new += [] if episode.id in state.episodes else [episode.id]
        elif kind == "entity":
            fields = {k: v for k, v in record.items() if k != "removed"}
            if record.get("removed"):
                batch.delete_entities.append(item_id)
            else:
                batch.entities.append(Entity.model_validate(fields))
        else:
            fields = {k: v for k, v in record.items() if k not in ("removed", "id")}
            if record.get("removed"):
                batch.delete_edges.append((fields["source"], fields["target"], EdgeType(fields["type"]).value))
            else:
                batch.edges.append(Edge.model_validate(fields))
    async with engine.writing():
        if not batch.is_empty():
            await engine.write(batch, embed_later=new)
        gone_memories &= set(state.memories)
        gone_episodes &= set(state.episodes)
        if gone_memories or gone_episodes:
            await erase(engine, gone_memories, gone_episodes)
    return {
        "merged": len(merged),
        "written": len(batch.memories) + len(batch.episodes) + len(batch.entities) + len(batch.edges),
        "forgotten": len(gone_memories) + len(gone_episodes),
    }


def _kind(kind: str) -> Kind:
    if kind not in ("episode", "memory", "entity", "edge"):
        raise ValueError(f"not a synced kind: {kind}")
    return kind  # type: ignore[return-value]
