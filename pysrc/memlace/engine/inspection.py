"""Read-only views for people and pages: one item with its history and sources, filtered lists, a graph
neighbourhood to draw, and stats. Nothing here writes."""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, TypeVar

from memlace.core import graph as graphs
from memlace.core.listing import SORT_KEYS
from memlace.core.text import terms
from memlace.engine.context import PENDING_EXTRACTION, Engine
from memlace.errors import InvalidInput
from memlace.models import ACTIVE, EdgeType, EntityType, ItemKind, Memory, MemoryKind, MemoryStatus, item_kind

Member = TypeVar("Member", MemoryKind, MemoryStatus)
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
    """Memories a filter matches (see ``matching``), sorted and paged. The page is read off an order the
    state keeps sorted (``core.listing``), so a list costs a walk to its page, not a sort of every memory."""
    if sort not in SORT_KEYS:
        raise InvalidInput(f"cannot sort by {str(sort)[:40]!r}; sort by one of {', '.join(SORT_KEYS)}")
    state = engine.state
    order = state.listing.order(sort)
    ranked = reversed(order) if descending else iter(order)
    wanted = _Filter.of(engine, **filters)
    start = max(0, offset)
    end = start + max(0, limit)
    if wanted.nothing:
        total, page = 0, []
    elif wanted.chosen is None and not wanted.checks:  # no filter
        total, page = len(order), list(islice(ranked, start, end))
    elif wanted.counted:  # kind and status at most: the total is counted, the walk stops at the page
        memories = state.memories
        total = state.listing.count(wanted.kind, wanted.statuses)
        keeps = wanted.keeps()
        page = list(islice((i for i in ranked if keeps(memories[i])), start, end))
    else:
        total, page = _matches_page(engine, wanted, order, ranked, sort, descending, start, end)
    return {"total": total, "items": [state.memories[i].model_dump(mode="json") for i in page]}


def _matches_page(
    engine: Engine, wanted: _Filter, order: list[str], ranked: Iterator[str], sort: str, descending: bool, start: int, end: int
) -> tuple[int, list[str]]:
    """How many match, and the page of them: the matches are found first (a pass over the memories, or
    the set the entity and text filters chose), then either sorted, when few, or read off the kept order
    up to the page's end."""
    memories = engine.state.memories
    keeps = wanted.keeps() if wanted.checks else None
    chosen = wanted.chosen
    if chosen is None:
        chosen = {m.id for m in memories.values() if keeps is None or keeps(m)}
    elif keeps is not None:
        chosen = {i for i in chosen if i in memories and keeps(memories[i])}
    else:
        chosen = chosen & memories.keys()
    if len(chosen) * 8 < len(order):
        return len(chosen), sorted(chosen, key=lambda i: (getattr(memories[i], sort), i), reverse=descending)[start:end]
    return len(chosen), list(islice((i for i in ranked if i in chosen), start, end))


def _member(enum: type[Member], value: str) -> Member | None:
    try:
        return enum(value)
    except ValueError:
        return None


@dataclass
class _Filter:
    """What a list's filters ask, split by how it is answered: ``chosen`` is the set the entity and text
    filters allow (None: any), ``checks`` are asked of each memory; with only kind and status the total is
    ``counted``. ``nothing``: an unknown kind or status, which matches no memory."""

    chosen: set[str] | frozenset[str] | None = None
    checks: list[Callable[[Memory], bool]] = field(default_factory=list)
    kind: MemoryKind | None = None
    statuses: tuple[MemoryStatus, ...] | None = None
    counted: bool = True
    nothing: bool = False

    def keeps(self) -> Callable[[Memory], bool]:
        """One memory's checks as one call (a lone check as itself: this runs for every memory)."""
        checks = self.checks
        return checks[0] if len(checks) == 1 else lambda memory: all(check(memory) for check in checks)

    @classmethod
    def of(
        cls,
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
    ) -> _Filter:
        state = engine.state
        wanted = cls()
        if kind:  # compared as enum members, not their values: a value is a property lookup per memory
            wanted.kind = member = _member(MemoryKind, kind)
            wanted.nothing |= member is None
            wanted.checks.append(lambda m: m.kind is member)
        if status:
            one = _member(MemoryStatus, status)
            statuses = ACTIVE if status == "active" else (one,) if isinstance(one, MemoryStatus) else ()
            wanted.statuses = statuses
            wanted.nothing |= not statuses  # an unknown one matches nothing
            wanted.checks.append(lambda m: m.status in statuses)
        wanted.counted = not (entity or tag or text or project or since is not None or until is not None)
        if tag:
            wanted.checks.append(lambda m: tag in m.tags)
        if entity:
            target = state.entity_by_label(entity)
            wanted.chosen = state.mentioned_by(target.id) if target else frozenset()
        if text:
            found = _text_matches(engine, text, similar)
            wanted.chosen = found if wanted.chosen is None else found & wanted.chosen
        if project:  # a project scope given through the API, or a project the memories talk about ("User works on DeepRune")
            project_name = project.strip().casefold()
            named = state.entity_by_label(project.strip())
            about = state.mentioned_by(named.id) if named and (named.type is EntityType.project) else frozenset()
            wanted.checks.append(
                lambda m: (
                    (m.scope.project or "").casefold() == project_name
                    or m.id in about
                    or (m.kind is MemoryKind.project and project_name in m.text.casefold())
                )
            )
        if since is not None:
            wanted.checks.append(lambda m: m.created_at >= since)
        if until is not None:
            wanted.checks.append(lambda m: m.created_at <= until)
        return wanted


def _text_matches(engine: Engine, text: str, similar: frozenset[str]) -> set[str]:
    """Memories whose text holds the words as written, or every word in another form ("lives" for
    "living": the keyword index narrows which to check), or that are close in meaning (``similar``)."""
    state = engine.state
    needle = text.casefold()
    found = {i for i, folded in state.listing.folded().items() if needle in folded}
    words = set(terms(text))
    if words:  # the keyword index holds only active memories: the others are checked one by one
        memories = state.memories
        maybe = (state.bm25.containing(words) | state.listing.inactive()) - found
        found.update(i for i in maybe if i in memories and words <= set(terms(memories[i].text)))
    found.update(i for i in similar if i in state.memories)
    return found


def matching(engine: Engine, **filters: Any) -> list[Memory]:
    """Every memory a filter matches (kind, status or "active", entity, tag, project, since, until, and
    ``text``: the words as written or in another form, with ``similar`` found by meaning by the facade)."""
    wanted = _Filter.of(engine, **filters)
    if wanted.nothing:
        return []
    chosen = wanted.chosen
    keeps = wanted.keeps() if wanted.checks else None
    return [  # in the store's order, whatever order the chosen set has
        m for m in engine.state.memories.values() if (chosen is None or m.id in chosen) and (keeps is None or keeps(m))
    ]


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
    # Read off the counts the listing keeps in step with writes: a chat page asks after every change.
    by_kind: Counter[str] = Counter()
    by_status: Counter[str] = Counter()
    for (kind, status), n in state.listing.counts().items():
        if n:
            by_kind[kind.value] += n
            by_status[status.value] += n
    top = heapq.nsmallest(10, state.entities.values(), key=lambda e: (-e.mention_count, e.name))
    return (
        {
            "memories": len(state.memories),
            "episodes": len(state.episodes),
            "entities": len(state.entities),
            "edges": graphs.edge_count(state.graph),  # kept by core/graph.py: networkx would walk every node
            "by_kind": dict(by_kind),
            "by_status": dict(by_status),
            "top_entities": [{"name": e.name, "mentions": e.mention_count} for e in top],
            "pending": {PENDING_EXTRACTION: len(engine.pending(PENDING_EXTRACTION)), "pending_embedding": len(engine.unembedded)},
            "gaps": len(_as_list(state.meta.get("gaps"))),
            "quarantined": len(engine.quarantined),
            "quarantined_items": [{"table": q.table, "id": q.id, "error": q.error} for q in engine.quarantined[:QUARANTINE_SHOWN]],
            "counters": dict(engine.counters),
            "storage": await _storage(engine),
            "embedding_model": engine.embedder.model_id if engine.embedder else None,
        }
        | ({"timeline": _timeline(state.memories.values())} if timeline else {})
    )


async def _storage(engine: Engine) -> dict[str, int | None]:
    """Bytes used and the most memlace may use, as the store estimates them (a browser's quota, a disk's
    free space). Not counted row by row: IndexedDB counts a store by walking it, and a chat page asks for
    stats after every change (at 100k records, during a sync, that walk was most of the browser's work)."""
    room = await engine.store.room()
    used, limit = room if room is not None else (None, None)
    return {"bytes": used, "quota": limit}


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
