"""Read-only views for people and pages: one item with its history and sources, filtered lists, a graph
neighbourhood to draw, and stats. Nothing here writes."""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

from memlace.core import graph as graphs
from memlace.core.text import terms
from memlace.engine.context import ACTIVE, PENDING_EXTRACTION, Engine
from memlace.errors import InvalidInput
from memlace.models import EdgeType, EntityType, ItemKind, Memory, MemoryKind, MemoryStatus, item_kind

SORT_KEYS = ("updated_at", "created_at", "confidence", "importance", "access_count")
TIMELINE_DAYS = 366
HISTORY_STEPS = 50
QUARANTINE_SHOWN = 20


def _as_list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def item_text(engine: Engine, item_id: str) -> str:
    """How an item reads in a list: a memory's text, a turn with its speaker, an entity's name."""
    state = engine.state
    if item_id in state.memories:
        return state.memories[item_id].text
    if item_id in state.episodes:
        episode = state.episodes[item_id]
        return f"{episode.speaker or episode.role}: {episode.text}"
    entity = state.entities.get(item_id)
    return entity.name if entity else item_id


def get(engine: Engine, item_id: object) -> dict[str, Any]:
    """A memory with its history (versions, supersessions) and the messages it came from; or an episode."""
    state = engine.state
    if isinstance(item_id, str) and item_id in state.episodes:
        return {"type": "episode", "episode": state.episodes[item_id].model_dump(mode="json")}
    memory = engine.memory(item_id)
    history = [
        state.memories[o].model_dump(mode="json") for o in graphs.targets(state.graph, memory.id, "supersedes") if o in state.memories
    ]
    newer: list[dict[str, Any]] = []
    cursor = memory.superseded_by
    while cursor and cursor in state.memories and len(newer) < HISTORY_STEPS:
        newer.append(state.memories[cursor].model_dump(mode="json"))
        cursor = state.memories[cursor].superseded_by
    sources = []
    for prov in memory.provenance:
        for mid in prov.message_ids:
            episode_id = state.by_message.get((prov.chat_id or "", mid))
            if episode_id:
                sources.append(state.episodes[episode_id].model_dump(mode="json"))
    edges = [
        {"source": s, "target": t, "type": k, **d, "other": item_text(engine, t if s == memory.id else s)}
        for s, t, k, d in [
            *state.graph.out_edges(memory.id, keys=True, data=True),
            *state.graph.in_edges(memory.id, keys=True, data=True),
        ]
    ]
    mentioned = [e["target"] for e in edges if e["type"] == EdgeType.mentions and e["source"] == memory.id]
    return {
        "type": "memory",
        "memory": memory.model_dump(mode="json"),
        "supersedes": history,
        "superseded_by": newer,
        "sources": sources,
        "edges": edges,
        "entities": [state.entities[i].model_dump(mode="json") for i in mentioned if i in state.entities],
    }


def list_memories(
    engine: Engine, *, sort: str = "updated_at", descending: bool = True, offset: int = 0, limit: int = 50, **filters: Any
) -> dict[str, Any]:
    """Memories a filter matches (see ``matching``), sorted and paged."""
    if sort not in SORT_KEYS:
        raise InvalidInput(f"cannot sort by {str(sort)[:40]!r}; sort by one of {', '.join(SORT_KEYS)}")
    items = matching(engine, **filters)
    items.sort(key=attrgetter(sort, "id"), reverse=descending)  # ties broken by id
    return {"total": len(items), "items": [m.model_dump(mode="json") for m in items[offset : offset + limit]]}


def _member(enum: type[MemoryKind] | type[MemoryStatus], value: str) -> MemoryKind | MemoryStatus | None:
    try:
        return enum(value)
    except ValueError:
        return None


def matching(
    engine: Engine,
    *,
    kind: str | None = None,
    status: str | None = None,
    entity: str | None = None,
    tag: str | None = None,
    text: str | None = None,
    project: str | None = None,
    since: float | None = None,
    until: float | None = None,
    similar: frozenset[str] = frozenset(),
) -> list[Memory]:
    """Every memory a filter matches. ``text`` matches the words as written or in another form ("lives"
    finds "live"); ``similar`` adds memories found by meaning (the facade's vector search for the text)."""
    state = engine.state
    items = list(state.memories.values())
    if kind:  # compared as enum members, not their values: a value is a property lookup per memory
        wanted_kind = _member(MemoryKind, kind)
        items = [m for m in items if m.kind is wanted_kind]
    if status == "active":  # what retrieval may use: staged and confirmed
        items = [m for m in items if m.status in ACTIVE]
    elif status:
        wanted_status = _member(MemoryStatus, status)  # an unknown one matches nothing
        items = [m for m in items if m.status is wanted_status]
    if tag:
        items = [m for m in items if tag in m.tags]
    if entity:
        target = state.entity_by_label(entity)
        linked = state.mentioned_by(target.id) if target else frozenset()
        items = [m for m in items if m.id in linked]
    if text:
        needle, wanted = text.casefold(), set(terms(text))
        items = [m for m in items if needle in m.text.casefold() or (wanted and wanted <= set(terms(m.text))) or m.id in similar]
    if project:  # a project scope given through the API, or a project the memories talk about ("User works on DeepRune")
        project_name = project.strip().casefold()
        named = state.entity_by_label(project.strip())
        about = state.mentioned_by(named.id) if named and (named.type is EntityType.project) else frozenset()
        items = [
            m
            for m in items
            if (m.scope.project or "").casefold() == project_name
            or m.id in about
            or (m.kind is MemoryKind.project and project_name in m.text.casefold())
        ]
    if since is not None:
        items = [m for m in items if m.created_at >= since]
    if until is not None:
        items = [m for m in items if m.created_at <= until]
    return items


def graph(
    engine: Engine, center: str | None = None, *, hops: int = 1, edge_types: list[str] | None = None, limit: int = 300
) -> dict[str, Any]:
    """A neighbourhood of the typed graph to draw: around an entity (by name or alias), a memory or a
    message id, or, with no center, around the most mentioned entities. Never the whole graph."""
    state = engine.state
    if center:
        entity = state.entity_by_label(center)
        centers = [entity.id] if entity else [center] if center in state.graph else []
    else:
        centers = [e.id for e in sorted(state.entities.values(), key=lambda e: (-e.mention_count, e.name))[:5]]
    allowed = set(edge_types) if edge_types is not None else None
    nodes, edges, truncated = graphs.neighbourhood(state.graph, centers, max(1, min(hops, 4)), allowed, max(1, min(limit, 2000)))
    return {
        "nodes": [_node_view(engine, node, node in centers) for node in nodes],
        "edges": [{"source": s, "target": t, "type": k} for s, t, k in edges],
        "truncated": truncated,
        "missing": bool(center) and not centers,
    }


def _node_view(engine: Engine, node: str, focus: bool) -> dict[str, Any]:
    state = engine.state
    if node in state.memories:
        memory = state.memories[node]
        return {
            "id": node,
            "label": memory.text,
            "group": "memory",
            "kind": memory.kind.value,
            "status": memory.status.value,
            "focus": focus,
        }
    if node in state.episodes:
        return {"id": node, "label": state.episodes[node].text, "group": "episode", "focus": focus}
    if item_kind(node) is ItemKind.cluster:  # a community the maintenance pass found: it has no name of its own
        members = len(graphs.sources(state.graph, node, EdgeType.in_cluster))
        return {"id": node, "label": f"a group of {members} related memories", "group": "cluster", "focus": focus}
    entity = state.entities.get(node)
    return {
        "id": node,
        "label": entity.name if entity else "(a name no longer kept)",  # never a raw id
        "group": "entity",
        "type": entity.type.value if entity else None,
        "focus": focus,
    }


async def stats(engine: Engine, timeline: bool = False) -> dict[str, Any]:
    """Counts, pending work, storage used; with ``timeline``, memories created per day (a pass over all
    of them: the inspector asks for it, a chat page refreshing its counts after each change does not)."""
    state = engine.state
    # Counted by enum member, named after: a chat page asks after every change, so this stays a C-level pass.
    by_kind = {kind.value: n for kind, n in Counter(map(attrgetter("kind"), state.memories.values())).items()}
    by_status = {status.value: n for status, n in Counter(map(attrgetter("status"), state.memories.values())).items()}
    top = heapq.nsmallest(10, state.entities.values(), key=lambda e: (-e.mention_count, e.name))
    return (
        {
            "memories": len(state.memories),
            "episodes": len(state.episodes),
            "entities": len(state.entities),
            "edges": graphs.edge_count(state.graph),  # kept by core/graph.py: networkx would walk every node
            "by_kind": by_kind,
            "by_status": by_status,
            "top_entities": [{"name": e.name, "mentions": e.mention_count} for e in top],
            "pending": {PENDING_EXTRACTION: len(engine.pending(PENDING_EXTRACTION)), "pending_embedding": len(engine.unembedded)},
            "gaps": len(_as_list(state.meta.get("gaps"))),
            "quarantined": len(engine.quarantined),
            "quarantined_items": [{"table": q.table, "id": q.id, "error": q.error} for q in engine.quarantined[:QUARANTINE_SHOWN]],
            "counters": dict(engine.counters),
            "storage": await engine.store.usage(),
            "embedding_model": engine.embedder.model_id if engine.embedder else None,
        }
        | ({"timeline": _timeline(state.memories.values())} if timeline else {})
    )


def _timeline(memories: Iterable[Memory]) -> dict[str, Any]:
    """Memories created per UTC day, one series per kind, over every day from the first with any to the
    last (at most the last TIMELINE_DAYS days: the work is bounded whatever the stored dates)."""
    counts: dict[int, dict[str, int]] = {}
    for memory in memories:
        day = int(memory.created_at // 86400) * 86400
        by_kind = counts.setdefault(day, {})
        by_kind[memory.kind.value] = by_kind.get(memory.kind.value, 0) + 1
    if not counts:
        return {"days": [], "series": {}}
    last = max(counts)
    first = max(min(counts), last - (TIMELINE_DAYS - 1) * 86400)  # fitted to the data, at most a year
    days = list(range(first, last + 1, 86400))
    kinds = sorted({kind for by_kind in counts.values() for kind in by_kind})
    return {"days": days, "series": {kind: [counts.get(day, {}).get(kind, 0) for day in days] for kind in kinds}}
