"""Vectors: which texts an item is embedded as, a turn's context vector, the index kept in step with
every write, and embedding what is still waiting (after a failure, or when a model arrives).

The one place that knows these rules: ingestion, edits, imports, retries and loading all come here.
"""

from __future__ import annotations

import itertools
import math
from array import array
from typing import TYPE_CHECKING

from memlace.core.state import episode_index_text, memory_embed_text, sentence_id, sentence_owner
from memlace.core.text import sentences
from memlace.models import ID_PREFIXES, Episode, ItemKind, Memory, item_kind
from memlace.ports import WriteBatch

if TYPE_CHECKING:
    from memlace.engine.context import Engine

MEANING_BAR = 0.35  # MiniLM cosine from a search word to a memory that is about it ("allergy" -> "allergic to peanuts": 0.56)
MEANING_MOST = 200
CONTEXT_SLICE = 2000  # episodes whose context vectors are made and indexed at a time when a profile loads
LEGACY_QUEUE = "pending_embedding"  # where profiles before 2026-11-24 stored the queue (now found at load)


def episode_texts(episode: Episode) -> list[tuple[str, str]]:
    """(vector id, text) to embed for an episode: the whole turn, and each sentence of a person's longer one.

    An assistant's answer has one vector: what it tells about the user is in the turns it answers and in their
    memories, and its sentences were most of an imported history's vectors (an answer of 20 sentences cost 13)."""
    text = episode_index_text(episode)
    own = [(episode.id, text)]
    if episode.role == "assistant":
        return own
    pieces = sentences(text)
    if len(pieces) > 1:  # a vector per sentence keeps one topic of a long message from being diluted
        own.extend((sentence_id(episode.id, k), piece) for k, piece in enumerate(pieces))
    return own


def memory_texts(memory: Memory) -> list[tuple[str, str]]:
    return [(memory.id, memory_embed_text(memory.text, memory.subject))]


def item_texts(engine: Engine, item_id: str) -> list[tuple[str, str]]:
    """What a stored item is embedded as (nothing for an id that is gone)."""
    memory = engine.state.memories.get(item_id)
    if memory is not None:
        return memory_texts(memory)
    episode = engine.state.episodes.get(item_id)
    return episode_texts(episode) if episode is not None else []


async def embed(engine: Engine, texts: list[str]) -> list[list[float]] | None:
    """Vectors for texts, or None when there is no embedder or it failed (counted; retried later)."""
    if engine.embedder is None or not texts:
        return None
    try:
        found = await engine.embedder.embed(texts)
        dim = engine.embedder.dim
        if len(found) != len(texts) or any(len(v) != dim or not math.isfinite(sum(v)) for v in found):  # NaN and inf spread to the sum
            raise ValueError("the embedder returned the wrong number or size of vectors, or one that is not finite")
        return found
    except Exception:  # the items stay findable by keyword and graph; vectors come on retry
        engine.counters["embedding_failures"] += 1
        return None


async def embed_items(engine: Engine, items: list[tuple[str, str]]) -> dict[str, tuple[str, list[float]]] | None:
    """(vector id, text) pairs embedded in one call, as a WriteBatch's vectors; None on failure."""
    found = await embed(engine, [text for _, text in items])
    if found is None or engine.embedder is None:
        return None
    model = engine.embedder.model_id
    return {vector_id: (model, vector) for (vector_id, _), vector in zip(items, found, strict=True)}


def context_vector(engine: Engine, episode_id: str) -> list[float]:
    """A turn's vector mixed with its session neighbours' (a reply and its question share meaning)."""
    state = engine.state
    own = state.raw_vectors[episode_id]
    mix = engine.config.retrieval.vector_neighbour_mix
    neighbours = [state.raw_vectors.get(other) if other else None for other in (state.neighbour(episode_id, o) for o in (-1, 1))]
    present = [v for v in neighbours if v is not None and len(v) == len(own)] if mix > 0 else []
    # One pass per case and the norm in C (math.hypot): this runs for every turn stored, synced or loaded.
    if len(present) == 2:
        before, after = present
        out = [a + mix * (b + c) for a, b, c in zip(own, before, after, strict=True)]
    elif present:
        out = [a + mix * b for a, b in zip(own, present[0], strict=True)]
    else:
        out = list(own)
    scale = 1.0 / (math.hypot(*out) or 1.0)
    return [x * scale for x in out]


async def load(engine: Engine) -> None:
    """The current model's stored vectors into the index, part by part (so a large profile's vectors are
    never all in Python at once); items without one are queued to be embedded."""
    if engine.embedder is None or engine.index is None:
        return
    state, index, dim = engine.state, engine.index, engine.embedder.dim
    stored: set[str] = set()
    episode_ids: list[str] = []
    async for part in engine.store.vector_parts(engine.embedder.model_id):
        usable = {i: v for i, v in part.items() if len(v) == dim}  # a vector of another size cannot be searched
        stored.update(usable)
        by_kind: dict[ItemKind, list[str]] = {ItemKind.memory: [], ItemKind.episode: [], ItemKind.sentence: []}
        for vector_id in sorted(usable):
            kind = item_kind(vector_id)
            owner = sentence_owner(vector_id) if kind is ItemKind.sentence else vector_id
            if kind in by_kind and (owner in state.memories or owner in state.episodes):
                by_kind[kind].append(vector_id)
        index.upsert(by_kind[ItemKind.memory], [usable[i] for i in by_kind[ItemKind.memory]])
        index.upsert(by_kind[ItemKind.sentence], [usable[i] for i in by_kind[ItemKind.sentence]])
        for vector_id in by_kind[ItemKind.sentence]:
            state.sentence_vectors[sentence_owner(vector_id)].append(vector_id)
        for episode_id in by_kind[ItemKind.episode]:
            state.raw_vectors[episode_id] = array("f", usable[episode_id])
        episode_ids += by_kind[ItemKind.episode]
    # A turn's context vector needs its neighbours' own vectors, so these come after every part; in slices,
    # because each is a list of Python floats until the index has it.
    for start in range(0, len(episode_ids), CONTEXT_SLICE):
        some = episode_ids[start : start + CONTEXT_SLICE]
        index.upsert(some, [context_vector(engine, i) for i in some])
    # Items whose vectors were made by another model (or never made) are embedded later; a memory that is
    # no longer active needs none until it is active again (see commands.confirm).
    active = [m.id for m in state.active_memories()]
    shown = [e.id for e in state.episodes.values() if not e.excluded]  # a hidden message needs no vector
    missing = [i for i in [*active, *shown] if i not in stored]
    engine.unembedded.update(dict.fromkeys(missing))


def unload(engine: Engine) -> None:
    """Take every vector of the current view out of the index (before a reload or a model switch)."""
    state = engine.state
    if engine.index is not None:
        engine.index.remove([*state.memories, *state.episodes, *(v for ids in state.sentence_vectors.values() for v in ids)])
    state.raw_vectors.clear()
    state.sentence_vectors.clear()
    engine.unembedded.clear()  # the next model's load finds what it has no vector for


def index_written(engine: Engine, batch: WriteBatch) -> None:
    """Keep the vector index in step with a batch that was just stored and applied to the state."""
    index, state = engine.index, engine.state
    if index is None:
        return
    dropped = batch.delete_memories + batch.delete_episodes + batch.delete_vectors
    if dropped:
        index.remove(dropped)
    for vector_id in batch.delete_vectors:
        if item_kind(vector_id) is ItemKind.episode:
            state.raw_vectors.pop(vector_id, None)
            state.sentence_vectors.pop(vector_id, None)  # an episode's sentence vectors go with its own
    as_is = [(i, v) for i, (_, v) in batch.vectors.items() if item_kind(i) is not ItemKind.episode]  # memories, sentences
    if as_is:
        index.upsert([i for i, _ in as_is], [v for _, v in as_is])
    for vector_id, _ in as_is:
        if item_kind(vector_id) is ItemKind.sentence:
            owned = state.sentence_vectors[sentence_owner(vector_id)]
            if vector_id not in owned:
                owned.append(vector_id)
    changed: set[str] = set()
    for item_id, (_, vector) in batch.vectors.items():
        if item_kind(item_id) is ItemKind.episode:
            state.raw_vectors[item_id] = array("f", vector)
            changed.add(item_id)
            changed.update(n for n in (state.neighbour(item_id, -1), state.neighbour(item_id, 1)) if n)
    live = sorted(i for i in changed if i in state.raw_vectors)
    if live:
        index.upsert(live, [context_vector(engine, i) for i in live])


async def make_room(engine: Engine, episodes: int) -> int:
    """Free space on a full disk or quota by deleting what can be made again: the vectors of the oldest
    episodes that have one (and their sentences'). They go back on the embedding queue, and keywords and the
    graph still find those turns meanwhile. Returns how many episodes gave up their vectors."""
    state = engine.state
    if engine.index is None:
        return 0
    oldest = sorted((e.timestamp, e.id) for e in state.episodes.values() if e.id in state.raw_vectors)[:episodes]
    chosen = [episode_id for _, episode_id in oldest]
    if not chosen:
        return 0
    dropped = [*chosen, *(v for e in chosen for v in state.sentence_vectors.get(e, []))]
    # Deletes only: a full store still takes them.
    await engine.write(WriteBatch(delete_vectors=dropped), embed_later=chosen)
    engine.counters["vectors_dropped_for_room"] += len(chosen)
    return len(chosen)


async def embed_pending(engine: Engine, limit: int) -> int:
    """Embed up to ``limit`` items of the waiting queue in one batch (the lock is held). Returns how many
    left the queue: embedded, or gone since they were queued; 0 when nothing could be done."""
    queued = list(itertools.islice(engine.unembedded, limit))
    if engine.embedder is None or not queued:
        return 0
    state = engine.state
    gone = [i for i in queued if i not in state.memories and i not in state.episodes]
    for item_id in gone:
        del engine.unembedded[item_id]
    items = [pair for item_id in queued for pair in item_texts(engine, item_id)]
    if not items:
        return len(queued)
    found = await embed_items(engine, items)
    if found is None:
        return 0
    legacy = {LEGACY_QUEUE: None} if LEGACY_QUEUE in state.meta else {}  # the old stored queue goes
    await engine.write(WriteBatch(vectors=dict(found), meta=legacy))
    return len(queued)


async def similar_memories(engine: Engine, text: str) -> frozenset[str]:
    """Memories close in meaning to a search text (the inspector's filter finds "allergic" for "allergy");
    nothing when there is no model, or with another model than the one the bar was measured on."""
    if engine.index is None or engine.embedder is None or not engine.embedder.model_id.startswith(engine.config.retrieval.calibrated_for):
        return frozenset()
    found = await embed(engine, [text])
    if found is None:
        return frozenset()
    hits = engine.index.search(found[0], MEANING_MOST, prefix=ID_PREFIXES[ItemKind.memory])
    return frozenset(item_id for item_id, score in hits if score >= MEANING_BAR)
