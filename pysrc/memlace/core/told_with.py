"""What a chosen memory brings into the pack with it: the later news of whom it names ("Tofu died in October",
beside "User has two cats, Mochi and Tofu") and, for a recommendation, what that person likes; and what a request to
make something brings: how the user likes it made. Pure: no I/O."""

from __future__ import annotations

import re
from collections.abc import Callable

from memlace.core import graph as graphs
from memlace.core.query import QueryPlan
from memlace.core.state import MemoryState
from memlace.core.text import terms
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


# "write me a unit test for this handler", "can you make a playlist for my run": a request for something made
_MAKE = re.compile(
    r"^\W*(?:(?:please|ok|okay|so|now)[,!]?\s+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
    r"(?P<verb>write|make|draft|create|build|generate|give|plan|cook|design|put together|draw up|sketch)\b",
    re.I,
)
_MADE_MOST = 2  # the user's tastes in what is made that a pack carries


def liked_made(state: MemoryState, plan: QueryPlan, allowed: Callable[[str], bool]) -> set[str]:
    """ "write me a unit test for this handler", with "User prefers table-driven tests": how the user likes what is
    asked to be made, though the request shares one word with it (MiniLM puts them at 0.21). Only the chat's own
    user's tastes (in a chat between named people, none), only a preference that names a thing the request names."""
    asked = _MAKE.match(plan.query)
    if asked is None or state.participants:
        return set()
    made = set(plan.terms) - set(terms(asked.group("verb"))) - {"me"}
    found = {
        item_id
        for term in made
        for item_id in state.bm25.containing({term})
        if (memory := state.memories.get(item_id)) is not None and memory.kind is MemoryKind.preference and allowed(item_id)
    }
    return state.latest(found, _MADE_MOST)


# what asks for code: "write me a unit test for this handler", "fix this regex" (not words a yoga class or a cooking
# method uses as well)
_CODE = re.compile(
    r"\b(?:code|coding|unit\s+tests?|tests?\s+for\s+(?:this|my|the)\s+\w+|script|handler|endpoint|api|regex|stack\s*trace|"
    r"exception|refactor|deploy(?:ment)?|docker\s*file|goroutines?|compiler?|compile\s+error)\b",
    re.I,
)
_STACK_MOST = 2


def stack_for_code(state: MemoryState, plan: QueryPlan, allowed: Callable[[str], bool]) -> set[str]:
    """ "write me a unit test for this handler", with "User uses Go, gRPC and Postgres": what the user's code is written
    in and runs on, which decides the answer though the request names none of it. Only the chat's own user's."""
    if _CODE.search(plan.query) is None or state.participants:
        return set()
    found = {
        item_id
        for entity in state.entities.values()
        if entity.type is EntityType.tool
        for item_id in state.mentioned_by(entity.id)
        if (memory := state.memories.get(item_id)) is not None and memory.kind is not MemoryKind.negative and allowed(item_id)
    }
    return state.latest(found, _STACK_MOST)


def for_the_request(state: MemoryState, plan: QueryPlan, allowed: Callable[[str], bool]) -> tuple[set[str], set[str]]:
    """(how the user likes what is asked to be made, what their code is written in) for the message."""
    return liked_made(state, plan, allowed), stack_for_code(state, plan, allowed)
