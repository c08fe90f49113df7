"""Sync's side in the engine: what changed here since it was last synced, as replicas stamped by this
device's clock (``push``), and other devices' replicas merged in and applied to the store (``pull``).

Replicas live in a ``ReplicaStore`` beside the engine's own store (in the browser an IndexedDB database of
their own, stores/replicas.py; in tests a dict); sync's worker seals them (web/js/sync-crypto.mjs) and sends
them to a CouchDB through PouchDB. The merge rules are core/merge.py's.
The first push since memory opened compares every stored record with its replica; later pushes look only at
what the engine wrote since (engine/changes.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from memlace.core import graph as graphs
from memlace.core.merge import FORGETTABLE, Kind, Replica, Stamp, forget, local_write, materialize, merge, remove, same_content, tick
from memlace.core.state import sentence_owner
from memlace.engine.changes import ChangeLog, Key, synced_record
from memlace.engine.commands import erase
from memlace.engine.context import Engine
from memlace.models import Edge, EdgeType, Entity, Episode, ItemKind, Memory, MemorySource, item_kind
from memlace.ports import WriteBatch


class ReplicaStore(Protocol):
    async def all(self) -> dict[Key, Replica]: ...
    async def get_many(self, keys: list[Key]) -> dict[Key, Replica]: ...
    async def put_many(self, replicas: list[Replica]) -> None: ...


async def records(engine: Engine) -> dict[Key, dict[str, Any]]:
    """Every stored record as sync sees it (``changes.synced_record``), by (kind, id)."""
    snapshot = await engine.store.load()
    kinds: list[tuple[str, list[Any]]] = [
        ("memory", snapshot.memories),
        ("episode", snapshot.episodes),
        ("entity", snapshot.entities),
        ("edge", snapshot.edges),
    ]
    out: dict[Key, dict[str, Any]] = {}
    for kind, items in kinds:
        for item in items:
            record = synced_record(item)
            out[kind, record["id"]] = record
    return out


async def push(
    engine: Engine, replicas: ReplicaStore, device: str, clock: Stamp | None, now_ms: int, limit: int | None = None
) -> tuple[Stamp | None, list[Replica]]:
    """Stamp what changed here since the replicas were last written (new, changed, forgotten or removed
    records) and keep the new replicas; they are what goes to the other devices. The first push since memory
    opened compares the whole store with every replica; later ones only what the engine wrote meanwhile.
    ``limit``: at most this many go now; the rest wait for the next push (``has_unsent``). After the first
    pass, a push looks at no more than ``limit`` noted records, so a backlog costs one look per record."""
    log = engine.sync_changes
    if log is None:
        current: dict[Key, dict[str, Any] | None] = dict(await records(engine))
        held = await replicas.all()
        current.update({key: None for key in held if key not in current})  # gone since: forgotten or removed
        taken: tuple[set[Key], dict[str, dict[str, Any] | None]] | None = None
    else:
        taken = log.take(limit)
        keys, edges = taken
        current = {key: _state_record(engine, *key) for key in keys}
        current.update({("edge", key): edge for key, edge in edges.items()})
        held = await replicas.get_many(list(current))
    try:
        clock, changed = _changes(current, held, device, clock, now_ms)
        later = changed[limit:] if limit is not None else []
        changed = changed[:limit] if limit is not None else changed
        await replicas.put_many(changed)
    except BaseException:
        if log is not None and taken is not None:
            log.restore(*taken)
        raise
    if log is None:
        log = engine.sync_changes = ChangeLog()  # from now on the engine notes what it writes
    for replica in later:  # noted again: the next push stamps and sends them
        if replica.kind == "edge":
            log.edges[replica.id] = current[("edge", replica.id)]
        else:
            log.keys.add((replica.kind, replica.id))
    return clock, changed


def has_unsent(engine: Engine) -> bool:
    """Whether a push would find something to look at (False is sure only after a first push)."""
    log = engine.sync_changes
    return log is None or bool(log.keys or log.edges)


def _changes(
    current: dict[Key, dict[str, Any] | None], held: dict[Key, Replica], device: str, clock: Stamp | None, now_ms: int
) -> tuple[Stamp | None, list[Replica]]:
    changed: list[Replica] = []
    for (kind, item_id), record in current.items():
        before = held.get((kind, item_id))
        if before is not None and before.forgotten is not None:
            continue
        if record is None:  # gone here: a memory or message forgotten, an entity or edge taken out
            shown = materialize(before) if before is not None else None
            if before is not None and kind in FORGETTABLE:
                clock = tick(clock, now_ms, device)
                changed.append(forget(before, clock))
            elif before is not None and shown is not None and not shown.get("removed"):
                clock = tick(clock, now_ms, device)
                changed.append(remove(before, clock))
            continue
        # Stamped when the change was made (a memory's updated_at), not when it is pushed: a device that was
        # offline longer does not win with older changes. Always after the value it replaces.
        stamp = tick(max(before.stamps.values(), default=None) if before else None, _written_ms(record, now_ms), device)
        after = local_write(before, _kind(kind), record, stamp)
        if before is None or not same_content(before, after):  # only what this device changed goes out
            clock = max(clock, stamp) if clock else stamp
            changed.append(after)
    return clock, changed


async def pull(
    engine: Engine,
    replicas: ReplicaStore,
    incoming: list[Replica],
    device: str,
    now_ms: int,
    vectors: dict[str, tuple[str, Sequence[float]]] | None = None,
) -> tuple[dict[str, int], list[Key]]:
    """Merge other devices' replicas into ours and write what they become: one batch of upserts, then the
    forgotten memories and messages erased with everything that hangs on them. A change made here and not
    pushed yet is taken in first, so the merge weighs it instead of overwriting it; the keys of such records
    come back: their merged replicas are to be sent. ``vectors`` (vector id -> (model, vector)) came with the
    records: the records they fit are not embedded again."""
    keys: list[Key] = [(r.kind, r.id) for r in incoming]
    held = await replicas.get_many(keys)
    unsent = _take_in_unsent(engine, held, set(keys), device, now_ms)
    held.update(unsent)
    merged: dict[Key, Replica] = {}
    for replica in incoming:
        key = (replica.kind, replica.id)
        base = merged.get(key) or held.get(key)
        merged[key] = merge(base, replica) if base is not None else replica
    state = engine.state
    batch = WriteBatch()
    batch.vectors = _usable_vectors(engine, vectors or {})  # checked as they were read: not validated again, float by float
    have_vector = {_owner(i) for i in batch.vectors}
    new: list[str] = []
    gone_memories: set[str] = set()
    gone_episodes: set[str] = set()
    for (kind, item_id), replica in merged.items():
        record = materialize(replica)
        if record is None:
            (gone_memories if kind == "memory" else gone_episodes).add(item_id)
        elif kind != "edge" and record == _state_record(engine, kind, item_id):
            continue  # already so here (this device's own record coming back, say): nothing to write
        elif kind == "memory":
            memory = Memory.model_validate(record)
            batch.memories.append(memory)
            new += [] if memory.id in state.memories or memory.id in have_vector else [memory.id]
        elif kind == "episode":
            episode = Episode.model_validate(record)
            batch.episodes.append(episode)
            new += [] if episode.id in state.episodes or episode.id in have_vector else [episode.id]
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
    written = {m.id for m in batch.memories} | {e.id for e in batch.episodes}
    batch.vectors = {i: v for i, v in batch.vectors.items() if _owner(i) in written}  # none for a forgotten record
    async with engine.writing():
        if not batch.is_empty():
            await engine.write(batch, embed_later=new)
        gone_memories |= await _edits_of_forgotten(engine, replicas, batch, gone_memories)
        gone_memories &= set(state.memories)
        gone_episodes &= set(state.episodes)
        if gone_memories or gone_episodes:
            await erase(engine, gone_memories, gone_episodes)
        # Held here as merged (what this device had not pushed was taken in, and goes back as `unsent`): the
        # next push and pull need not look at these records again, only at what is written after this.
        log = engine.sync_changes
        settled = log.settle(list(merged)) if log is not None else None
    # Kept only once the store has them: a replica held for a record the store lacks reads as "forgotten
    # here", so a tab closed between the two must leave the store ahead, never the replicas.
    try:
        await replicas.put_many(list(merged.values()))
    except BaseException:
        if log is not None and settled is not None:
            log.restore(*settled)
        raise
    report = {
        "merged": len(merged),
        "written": len(batch.memories) + len(batch.episodes) + len(batch.entities) + len(batch.edges),
        "forgotten": len(gone_memories) + len(gone_episodes),
    }
    return report, list(unsent)


def _state_record(engine: Engine, kind: str, item_id: str) -> dict[str, Any] | None:
    """A memory, message or entity as this device holds it now (None: not held)."""
    state = engine.state
    found: Memory | Episode | Entity | None
    if kind == "memory":
        found = state.memories.get(item_id)
    elif kind == "episode":
        found = state.episodes.get(item_id)
    else:
        found = state.entities.get(item_id)
    return synced_record(found) if found is not None else None


def _take_in_unsent(engine: Engine, held: dict[Key, Replica], keys: set[Key], device: str, now_ms: int) -> dict[Key, Replica]:
    """Replicas of the records among ``keys`` that changed here since they were last pushed or merged: a new
    record (an entity both devices named), an edit, a forget. (Edges are left to the next push: the engine's
    state keeps no whole edge to compare.) Once the engine notes its writes, only noted records can differ."""
    out: dict[Key, Replica] = {}
    if engine.sync_changes is not None:
        keys = keys & engine.sync_changes.keys
    for kind, item_id in keys:
        if kind == "edge":
            continue
        before = held.get((kind, item_id))
        if before is not None and before.forgotten is not None:
            continue
        record = _state_record(engine, kind, item_id)
        floor = max(before.stamps.values(), default=None) if before else None
        stamp = tick(floor, _written_ms(record or {}, now_ms), device)
        if record is None:
            if before is not None and kind in FORGETTABLE:
                out[kind, item_id] = forget(before, stamp)  # forgotten here: the forget wins the merge
            elif before is not None and not (materialize(before) or {}).get("removed"):
                out[kind, item_id] = remove(before, stamp)
            continue
        after = local_write(before, _kind(kind), record, stamp)
        if before is None or not same_content(before, after):
            out[kind, item_id] = after
    return out


async def _edits_of_forgotten(engine: Engine, replicas: ReplicaStore, batch: WriteBatch, gone: set[str]) -> set[str]:
    """A user's edit of a memory that another device forgot is forgotten too: forget wins over the edit's new
    version as over the old one, whichever of the two arrived first. (The next push sends these forgets.)"""
    state = engine.state
    pairs = {(e.source, e.target) for e in batch.edges if e.type == EdgeType.supersedes}
    pairs |= {(m.id, old) for m in batch.memories for old in graphs.targets(state.graph, m.id, EdgeType.supersedes.value)}
    pairs |= {(new, old) for old in gone for new in graphs.sources(state.graph, old, EdgeType.supersedes.value)}
    edits = {(new, old) for new, old in pairs if new in state.memories and state.memories[new].source == MemorySource.user_edit}
    held = await replicas.get_many([("memory", old) for _, old in edits])
    forgotten = gone | {item_id for (_, item_id), replica in held.items() if replica.forgotten is not None}
    found: set[str] = set()
    frontier = {new for new, old in edits if old in forgotten}
    while frontier:  # an edit of that edit goes too
        found |= frontier
        frontier = {
            new
            for old in frontier
            for new in graphs.sources(state.graph, old, EdgeType.supersedes.value)
            if new in state.memories and state.memories[new].source == MemorySource.user_edit and new not in found
        }
    return found


def vectors_of(engine: Engine, replicas: list[Replica]) -> dict[str, dict[str, list[float]]]:
    """The vectors that go with these records, so another device need not embed them again: a memory's own,
    a message's unsmoothed one and its sentences'. By record id, then vector id."""
    index, state = engine.index, engine.state
    out: dict[str, dict[str, list[float]]] = {}
    if index is None:
        return out
    for replica in replicas:
        found: dict[str, list[float]] = {}
        if replica.kind == "memory" and replica.forgotten is None:
            vector = index.get(replica.id)
            if vector is not None:
                found[replica.id] = list(vector)
        elif replica.kind == "episode" and replica.forgotten is None and replica.id in state.raw_vectors:
            found[replica.id] = state.raw_vectors[replica.id].tolist()
            for sentence in state.sentence_vectors.get(replica.id, []):
                vector = index.get(sentence)
                if vector is not None:
                    found[sentence] = list(vector)
        if found:
            out[replica.id] = found
    return out


def _usable_vectors(engine: Engine, vectors: dict[str, tuple[str, Sequence[float]]]) -> dict[str, tuple[str, Sequence[float]]]:
    """Vectors another device sent, if made by this device's model (otherwise the records are embedded here)."""
    embedder = engine.embedder
    if embedder is None:
        return {}
    return {i: (model, v) for i, (model, v) in vectors.items() if model == embedder.model_id and len(v) == embedder.dim}


def _owner(vector_id: str) -> str:
    return sentence_owner(vector_id) if item_kind(vector_id) is ItemKind.sentence else vector_id


def _written_ms(record: dict[str, Any], now_ms: int) -> int:
    updated = record.get("updated_at")
    return min(int(updated * 1000), now_ms) if isinstance(updated, (int, float)) and updated > 0 else now_ms


def _kind(kind: str) -> Kind:
    if kind not in ("episode", "memory", "entity", "edge"):
        raise ValueError(f"not a synced kind: {kind}")
    return kind  # type: ignore[return-value]
