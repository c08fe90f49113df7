"""What a chosen memory brings into the pack with it: the later news of whom it names ("Tofu died in October",
beside "User has two cats, Mochi and Tofu") and, for a recommendation, what that person likes. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Callable

from memlace.core import graph as graphs
from memlace.core.query import QueryPlan
from memlace.core.state import MemoryState
from memlace.models import EntityType, MemoryKind, normalize_name

TASTES = 3  # the most a recommendation brings of what the people in its pack like
_SEEN_FROM = 3  # the pack's first items: whose tastes they name
_FEW_MENTIONS = 40  # someone named this often is a hub (a participant of an imported chat), not one person to ask about


def news_of(state: MemoryState, chosen: list[str], allowed: Callable[[str], bool]) -> set[str]:
    """The later news of whom the chosen memories name ("Tofu died in October", beside "User has two cats, Mochi
    and Tofu"): without it the pack would tell the model something that is no longer so."""
    found: set[str] = set()
    if not state.life_changes:
        return found
    picked = set(chosen)
    for item_id in chosen:
        memory = state.memories.get(item_id)
        if memory is None:
            continue
        for entity_id in graphs.targets(state.graph, item_id, "mentions"):
            for other_id in state.mentioned_by(entity_id) & state.life_changes:  # (a set lookup: hubs name thousands)
                other = state.memories.get(other_id)
                if other is not None and other_id not in picked and other.created_at >= memory.created_at and allowed(other_id):
                    found.add(other_id)
    return found


def tastes_of(state: MemoryState, plan: QueryPlan, chosen: list[str], allowed: Callable[[str], bool]) -> set[str]:
    """ "What's a good gift for a 6 year old?" with "Leo is 6" chosen: what Leo likes ("Leo is obsessed with dinosaurs"),
    since a recommendation for someone is decided by their tastes. Only for a recommendation, only of people the
    pack's first items name."""
    if not plan.taste:
        return set()
    picked, participants, found = set(chosen), set(state.participants), []
    for item_id in chosen[:_SEEN_FROM]:
        if item_id not in state.memories:
            continue
        for entity_id in graphs.targets(state.graph, item_id, "mentions"):
            entity = state.entities.get(entity_id)
            if entity is None or entity.type is not EntityType.person or normalize_name(entity.name) in participants:
                continue
            mentions = state.mentioned_by(entity_id)
            if len(mentions) > _FEW_MENTIONS:
                continue
            for other_id in sorted(mentions - picked):
                other = state.memories.get(other_id)
                if other is not None and other.kind is MemoryKind.preference and allowed(other_id) and other_id not in found:
                    found.append(other_id)
    found.sort(key=lambda i: (-state.memories[i].importance, -state.memories[i].updated_at, i))
    return set(found[:TASTES])
