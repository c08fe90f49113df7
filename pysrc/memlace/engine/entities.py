"""Entities as writes see them: one more mention of a name, and the names a memory's text mentions (what an
edit links its new version to)."""

from __future__ import annotations

from memlace.core.entities import find_entities
from memlace.engine.context import Engine
from memlace.models import Edge, EdgeType, Entity, EntityType, entity_id, normalize_name


def upsert_entity(engine: Engine, name: str, etype: EntityType, aliases: list[str], when: float, touched: dict[str, Entity]) -> Entity:
    """The entity with this name (by name or alias), one mention more, kept in `touched` for the batch."""
    existing = engine.state.entity_by_label(name)
    key = existing.id if existing else entity_id(name)
    current = touched.get(key) or existing or engine.state.entities.get(key)
    if current is None:
        current = Entity(id=key, name=name, type=etype, aliases=[], created_at=when)
    known = {normalize_name(x) for x in [current.name, *current.aliases]}
    new_aliases = [a for a in aliases if normalize_name(a) not in known]
    updated = current.model_copy(
        update={
            "mention_count": current.mention_count + 1,
            "last_mentioned": max(current.last_mentioned or when, when),
            "aliases": current.aliases + new_aliases,
            "type": current.type if current.type is not EntityType.other else etype,
        }
    )
    touched[key] = updated
    return updated


def mention_edges(engine: Engine, memory_id: str, text: str, when: float, touched: dict[str, Entity]) -> list[Edge]:
    """`mentions` links from a memory to every name its text holds, known or new (new ones are created)."""
    edges = []
    for candidate in find_entities(text, engine.state.entities_in(text)).values():
        entity = upsert_entity(engine, candidate.name, candidate.type, [], when, touched)
        edges.append(Edge(source=memory_id, target=entity.id, type=EdgeType.mentions, created_at=when))
    return edges
