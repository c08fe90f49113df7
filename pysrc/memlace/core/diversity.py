"""Diversity in the ranking: maximal marginal relevance over its head, and one item per message."""

from __future__ import annotations

import heapq

from memlace.config import RetrievalConfig
from memlace.core.state import MemoryState


def mmr(state: MemoryState, ordered: list[tuple[str, float]], config: RetrievalConfig, picks: int) -> list[tuple[str, float]]:
    """Maximal marginal relevance over the top of the ranking. Only the first ``picks`` places are chosen
    this way (what the pack takes); the rest keep the ranking's order.

    Similarity is the Jaccard overlap of two items' terms, with each item's terms as bits of one int
    (a bit per distinct term met), so an overlap is an AND and a popcount, not a set built. A memory
    whose every source message is already chosen restates it.

    Lazy greedy: an item's redundancy only grows as picks are made, so its last computed marginal value
    is an upper bound. Items wait in a heap by that bound and are brought up to date only when they come
    to the top; the picks are exactly the eager algorithm's (ties go to the earlier place), with a
    fraction of the comparisons."""
    pool, rest = ordered[: config.mmr_pool], ordered[config.mmr_pool :]
    top = pool[0][1] or 1.0
    relevance, novelty = config.mmr_lambda / top, 1 - config.mmr_lambda
    bit: dict[str, int] = {}
    masks: dict[int, tuple[int, int]] = {}

    def mask_of(position: int) -> tuple[int, int]:
        found = masks.get(position)
        if found is None:
            mask = 0
            for term in state.bm25.doc_terms(pool[position][0]):
                mask |= 1 << bit.setdefault(term, len(bit))
            found = masks[position] = (mask, mask.bit_count())
        return found

    # The messages each item says: a memory's sources, a turn's own message. An item whose messages are all
    # said by the picks already (a memory restating a chosen turn, or a turn a chosen memory came from) restates them.
    episodes = state.episodes
    sources = [
        state.source_messages.get(item_id) or ((episodes[item_id].message_id,) if item_id in episodes else None) for item_id, _ in pool
    ]
    redundancy = [0.0] * len(pool)
    waiting = [(-relevance * value, position, 0) for position, (_, value) in enumerate(pool)]  # (-bound, place, picks seen)
    heapq.heapify(waiting)
    chosen: list[int] = []
    chosen_messages: set[str] = set()
    while waiting and len(chosen) < picks:
        _, position, seen = heapq.heappop(waiting)
        if seen < len(chosen):  # stale: compare with the picks made since, and wait again
            mask, size = mask_of(position)
            for other in chosen[seen:]:
                other_mask, other_size = mask_of(other)
                shared = (mask & other_mask).bit_count()
                similarity = shared / (size + other_size - shared) if shared else 0.0
                if similarity > redundancy[position]:
                    redundancy[position] = similarity
            said = sources[position]
            if said and redundancy[position] < 0.9 and chosen_messages.issuperset(said):
                redundancy[position] = 0.9
            bound = relevance * pool[position][1] - novelty * redundancy[position]
            heapq.heappush(waiting, (-bound, position, len(chosen)))
            continue
        chosen.append(position)
        said = sources[position]
        if said is not None:
            chosen_messages.update(said)
    picked = set(chosen)
    return [pool[p] for p in chosen] + [item for p, item in enumerate(pool) if p not in picked] + rest


def one_per_message(state: MemoryState, ordered: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """A message is given once. Where a turn and memories drawn from it both rank, the memories take the
    turn's place (clean, typed and dated, they say what it said), and the turn is not given again."""
    drawn: dict[str, list[tuple[str, float]]] = {}
    for item_id, value in ordered:
        for message_id in state.source_messages.get(item_id) or ():
            drawn.setdefault(message_id, []).append((item_id, value))
    kept: list[tuple[str, float]] = []
    placed: set[str] = set()
    for item_id, value in ordered:
        if item_id in placed:
            continue
        episode = state.episodes.get(item_id)
        if episode is not None and episode.message_id in drawn:
            for memory_id, own in drawn[episode.message_id]:
                if memory_id not in placed:
                    kept.append((memory_id, max(own, value)))
                    placed.add(memory_id)
            continue
        kept.append((item_id, value))
        placed.add(item_id)
    return kept
