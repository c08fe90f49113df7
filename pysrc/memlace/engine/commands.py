"""A user's corrections (edit, confirm, retract, feedback, forget) and the maintenance pass.

Each command is one write. The caller holds the engine's write lock (``Engine.writing``).
"""

from __future__ import annotations

import contextlib

from memlace.core import graph as graphs
from memlace.core import lifecycle
from memlace.core.secrets import redact
from memlace.core.text import stable_id, text_hash
from memlace.engine import vectors
from memlace.engine.context import PENDING_EXTRACTION, Engine
from memlace.engine.entities import mention_edges
from memlace.engine.undo import UndoLog
from memlace.errors import InvalidInput, StoreError
from memlace.models import Edge, EdgeType, Entity, ItemKind, Memory, MemoryStatus, item_kind, make_id
from memlace.ports import WriteBatch
from memlace.validation import clean_text

CO_RETRIEVED_TO_LINK = 2  # packs two memories shared before maintenance links them


async def edit(engine: Engine, memory_id: str, text: object) -> Memory:
    """A user's correction: a new version supersedes the old one, which keeps its history."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput("the new text is empty")
    if len(text) > engine.config.max_message_chars:
        raise InvalidInput(f"the new text has {len(text)} characters; the limit is {engine.config.max_message_chars}")
    old = engine.memory(memory_id)
    clean, _ = redact(clean_text(text.strip()))
    now = engine.clock()
    new_id = make_id(ItemKind.memory, stable_id(engine.profile, old.id, str(old.version + 1), clean))
    new = lifecycle.edited(old, new_id, clean, now, text_hash(clean))
    batch = WriteBatch(memories=[new, lifecycle.supersede(old, new_id, now)])
    batch.edges.append(Edge(source=new_id, target=old.id, type=EdgeType.supersedes, created_at=now))
    for target in graphs.targets(engine.state.graph, old.id, "derived_from"):
        batch.edges.append(Edge(source=new_id, target=target, type=EdgeType.derived_from, created_at=now))
    touched: dict[str, Entity] = {}  # the names the new text holds, not the old one's ("Berlin" -> "Lisbon")
    batch.edges += mention_edges(engine, new_id, clean, now, touched)
    batch.entities.extend(touched.values())
    found = await vectors.embed_items(engine, vectors.memory_texts(new))
    if found is not None:
        batch.vectors.update(found)
    await engine.write_making_room(batch, embed_later=[] if found is not None else [new_id])
    return new


async def confirm(engine: Engine, memory_id: str) -> Memory:
    memory = lifecycle.confirm(engine.memory(memory_id), engine.clock())
    unindexed = engine.index is not None and engine.index.get(memory.id) is None
    await engine.write_making_room(WriteBatch(memories=[memory]), embed_later=[memory.id] if unindexed else [])  # findable by meaning again
    return memory


async def retract(engine: Engine, memory_id: str) -> Memory:
    """A memory no longer used. Its vector goes (retrieval never searches a retracted memory, and an edit
    or import makes a new one): on a full disk or quota the deletion makes room for the changed record."""
    memory = lifecycle.retract(engine.memory(memory_id), engine.clock())
    await engine.write_making_room(WriteBatch(memories=[memory], delete_vectors=[memory.id]))
    return memory


async def feedback(engine: Engine, memory_id: str, helpful: bool) -> Memory:
    memory = lifecycle.feedback(engine.memory(memory_id), helpful, engine.clock(), engine.config.lifecycle)
    await engine.write_making_room(WriteBatch(memories=[memory]))
    return memory


def edges_of(engine: Engine, nodes: set[str]) -> list[tuple[str, str, str]]:
    graph = engine.state.graph
    keys: set[tuple[str, str, str]] = set()
    for node in nodes:
        if node in graph:
            keys.update((s, t, k) for s, t, k in graph.out_edges(node, keys=True))
            keys.update((s, t, k) for s, t, k in graph.in_edges(node, keys=True))
    return sorted(keys)


async def forget(engine: Engine, memory_id: str, *, with_episodes: bool = False) -> dict[str, list[str]]:
    """Erase a memory (and, when asked, the messages it came from) from the store and every index."""
    state = engine.state
    memory = engine.memory(memory_id)
    episodes: set[str] = set()
    if with_episodes:
        for prov in memory.provenance:
            for mid in prov.message_ids:
                episode_id = state.by_message.get((prov.chat_id or "", mid))
                if episode_id:
                    episodes.add(episode_id)
    await erase(engine, {memory.id}, episodes)
    return {"memories": [memory.id], "episodes": sorted(episodes)}


async def erase(engine: Engine, memories: set[str], episodes: set[str]) -> None:
    """Delete memories and episodes with their vectors, edges, and the entities known only through them.

    The erasing batch only deletes, so it goes through when storage is full; the queue of pending
    extractions is shortened after it, if there is room (an id left in a queue is skipped once it is gone)."""
    state = engine.state
    batch = WriteBatch(delete_memories=sorted(memories), delete_episodes=sorted(episodes))
    batch.delete_vectors = [*batch.delete_memories, *batch.delete_episodes]
    batch.delete_vectors += [v for e in batch.delete_episodes for v in state.sentence_vectors.get(e, [])]
    gone = memories | episodes
    batch.delete_edges = edges_of(engine, gone)
    # Entities known only through what is forgotten go too: a name must not outlive its source.
    dropped = set(batch.delete_edges)
    linked = {t for _, t, _ in dropped if t in state.entities} | {s for s, _, _ in dropped if s in state.entities}
    for entity_id in sorted(linked):
        if set(edges_of(engine, {entity_id})) <= dropped:
            batch.delete_entities.append(entity_id)
    await engine.write(batch)
    queues = WriteBatch()
    queue = engine.pending(PENDING_EXTRACTION)
    if any(i in gone for i in queue):
        queues.meta[PENDING_EXTRACTION] = [i for i in queue if i not in gone] or None
    if queues.meta:  # on a full store the queue keeps ids that are gone, and its reader skips those
        with contextlib.suppress(StoreError):
            await engine.write(queues)


async def forget_everything(engine: Engine) -> dict[str, int]:
    """Erase the whole profile: every memory, message, name, link and vector, the logs kept beside them (the
    gap log holds queries' words) and stored records that could not be read. Deletes only, in one batch."""
    state = engine.state
    unreadable: dict[str, list[str]] = {"memories": [], "episodes": [], "entities": []}
    for record in engine.quarantined:
        if record.id and record.table in unreadable:
            unreadable[record.table].append(record.id)
    batch = WriteBatch(
        delete_memories=sorted({*state.memories, *unreadable["memories"]}),
        delete_episodes=sorted({*state.episodes, *unreadable["episodes"]}),
        delete_entities=sorted({*state.entities, *unreadable["entities"]}),
        delete_edges=sorted((s, t, k) for s, t, k in state.graph.edges(keys=True)),
        meta=dict.fromkeys(state.meta),
    )
    batch.delete_vectors = [*batch.delete_memories, *batch.delete_episodes, *(v for ids in state.sentence_vectors.values() for v in ids)]
    counts = {"memories": len(state.memories), "episodes": len(state.episodes), "entities": len(state.entities)}
    await engine.write(batch)
    engine.quarantined = [q for q in engine.quarantined if not (q.id and q.table in unreadable)]
    engine.undo = UndoLog()  # nothing left to undo into
    engine.usage.clear()
    engine.shadow_log.clear()
    return counts


async def maintain(engine: Engine) -> dict[str, int]:
    """Lifecycle pass, co-retrieval links, orphan entities, community clusters. Cheap enough to run often."""
    state = engine.state
    now = engine.clock()
    batch = WriteBatch()
    report = {"promoted": 0, "retracted": 0, "deleted": 0, "linked": 0, "orphans": 0, "clusters": 0}
    for memory in list(state.memories.values()):
        changed, delete = lifecycle.maintenance_transitions(memory, now, engine.config.lifecycle)
        if delete:
            batch.delete_memories.append(memory.id)
            batch.delete_vectors.append(memory.id)
            report["deleted"] += 1
            batch.delete_edges += edges_of(engine, {memory.id})
        elif changed is not None:
            batch.memories.append(changed)
            report["promoted" if changed.status is MemoryStatus.confirmed else "retracted"] += 1
    pairs: dict[tuple[str, str], int] = {}
    stored = state.meta.get("co_retrieved")
    for group in stored if isinstance(stored, list) else []:
        if not isinstance(group, list):
            continue
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                pairs[(a, b)] = pairs.get((a, b), 0) + 1
    for (a, b), count in sorted(pairs.items()):
        if (
            count >= CO_RETRIEVED_TO_LINK
            and a in state.memories
            and b in state.memories
            and not state.graph.has_edge(a, b, key="related_to")
        ):
            weight = min(1.0, 0.3 * count)
            batch.edges.append(Edge(source=a, target=b, type=EdgeType.related_to, weight=weight, evidence=["co-retrieved"], created_at=now))
            report["linked"] += 1
    for entity in list(state.entities.values()):
        if graphs.degree(state.graph, entity.id) == 0:
            batch.delete_entities.append(entity.id)
            report["orphans"] += 1
    active = {m.id for m in state.active_memories()} | set(state.entities)
    batch.delete_edges += [(s, t, k) for s, t, k in state.graph.edges(keys=True) if k == "in_cluster"]
    for number, members in enumerate(graphs.communities(state.graph, active)):
        cluster = make_id(ItemKind.cluster, str(number))
        for member in sorted(members):
            if item_kind(member) is ItemKind.memory:
                batch.edges.append(Edge(source=member, target=cluster, type=EdgeType.in_cluster, created_at=now))
        report["clusters"] += 1
    batch.meta["co_retrieved"] = None
    await engine.write(batch)
    return report
