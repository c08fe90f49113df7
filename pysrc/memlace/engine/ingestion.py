"""Ingestion: a message is stored as an episode first (never lost), then its extraction becomes memories
and entities, deduplicated against what is known, written in one more transaction.

The caller holds the engine's write lock (``Engine.writing``).
"""

from __future__ import annotations

import asyncio
import re

from pydantic import BaseModel, Field

from memlace.core import durability, ingest
from memlace.core.asks import asks_to_forget, asks_to_keep_out, kept_out_words
from memlace.core.extract import HeuristicExtractor
from memlace.core.replies import disputes
from memlace.core.state import memory_embed_text
from memlace.core.text import text_hash
from memlace.engine import requests, vectors
from memlace.engine.context import PENDING_EXTRACTION, Engine
from memlace.engine.entities import upsert_entity
from memlace.engine.placement import Placement, window
from memlace.errors import InvalidInput, StoreError
from memlace.models import (
    Edge,
    EdgeType,
    Entity,
    EntityType,
    Episode,
    Memory,
    MemoryKind,
    Message,
    entity_id,
    normalize_name,
)
from memlace.ports import CandidateMemory, Extraction, Extractor, WriteBatch

EXTRACTION_CONCURRENCY = 4  # a model extractor answers in about a second: ask for a few messages at once
OPPORTUNISTIC_RETRIES = 16  # items of the embedding backlog embedded with each ingest


class IngestResult(BaseModel):
    episode_id: str
    duplicate: bool = False
    created: list[str] = Field(default_factory=list)
    merged: list[str] = Field(default_factory=list)
    superseded: list[str] = Field(default_factory=list)
    forgotten: list[str] = Field(default_factory=list, description="memories forgotten because the message asked for it")
    changes: list[dict[str, str]] = Field(
        default_factory=list, description="what memory now says differently, to show: {action, id, text, replaces?}"
    )
    entities: list[str] = Field(default_factory=list)
    redacted: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    retry_queued: bool = False


async def ingest_many(engine: Engine, messages: list[Message], *, turn_vectors_later: bool = False) -> list[IngestResult]:
    """Messages (already validated) in order: every episode is planned before any is written, so a
    conflicting id refuses the whole call with nothing written.

    ``turn_vectors_later`` (a bulk import): the messages' own vectors are queued instead of made now, so that
    their memories arrive at once; candidate memories are still embedded, as placing them needs it."""
    if engine.unembedded and engine.embedder is not None and not turn_vectors_later:
        await vectors.embed_pending(engine, OPPORTUNISTIC_RETRIES)
    planned = _plan_episodes(engine, messages)
    results = [result for _, result in planned]
    fresh: list[tuple[Episode, IngestResult]] = []
    new = [(episode, result) for episode, result in planned if not result.duplicate]
    if turn_vectors_later and len(new) > 1:  # a bulk import: the messages in one transaction, when they fit
        queued = [*engine.pending(PENDING_EXTRACTION), *(episode.id for episode, _ in new)]
        try:
            await engine.write(WriteBatch(episodes=[episode for episode, _ in new], meta={PENDING_EXTRACTION: queued}))
            fresh, planned = new, []
        except StoreError:
            pass  # one at a time below, so that as many as fit go in and the error says how many
    for episode, result in planned:
        if result.duplicate:
            continue
        # "Forget that ..." is a correction: it may use the storage reserve (see engine/reserve.py)
        forgetting = len(messages) == 1 and asks_to_forget(episode.text)
        try:  # the message itself first, in its own transaction: it is never lost
            batch = WriteBatch(episodes=[episode], meta={PENDING_EXTRACTION: [*engine.pending(PENDING_EXTRACTION), episode.id]})
            await engine.write(batch, use_reserve=forgetting)
        except StoreError as error:
            if fresh:  # say what did go in: those messages stay, their memories follow once there is room
                error.args = (f"{len(fresh)} of the {len(messages)} messages were stored before this failure; then: {error}",)
            raise
        fresh.append((episode, result))
    if not fresh:
        return results
    slots = asyncio.Semaphore(EXTRACTION_CONCURRENCY)

    async def extract(episode: Episode, result: IngestResult) -> Extraction | None:
        async with slots:
            return await _extract(engine, episode, result)

    if isinstance(engine.extractor, HeuristicExtractor):
        extractions = await _extract_in_order(engine, fresh)
    else:
        extractions = list(await asyncio.gather(*(extract(episode, result) for episode, result in fresh)))
    items: list[tuple[str, str]] = []
    for (episode, _), extraction in zip(fresh, extractions, strict=True):
        if not turn_vectors_later:
            items.extend(vectors.episode_texts(episode))
        items.extend(_candidate_texts(episode, extraction))
    found = await vectors.embed_items(engine, items) if items else {}
    for (episode, result), extraction in zip(fresh, extractions, strict=True):
        await _derive(engine, episode, extraction, found, result)
    return results


def _plan_episodes(engine: Engine, messages: list[Message]) -> list[tuple[Episode, IngestResult]]:
    now = engine.clock()
    planned: list[tuple[Episode, IngestResult]] = []
    seen: dict[str, Episode] = {}
    last_turn: dict[tuple[str, str], Episode] = {}  # the latest planned turn of each session
    for message in messages:
        text, attachments, found = ingest.clean_message(message)
        ids = ingest.message_key(message, engine.profile, now)
        existing = seen.get(ids[1]) or engine.state.episodes.get(ids[1])
        if existing is not None:
            if existing.text != text:
                raise InvalidInput(
                    f"message id {ids[0][:80]!r} in chat {message.chat_id[:80]!r} was already ingested with other text; nothing was written"
                )
            planned.append((existing, IngestResult(episode_id=ids[1], duplicate=True)))
            continue
        session = (message.chat_id, message.session or "")
        order = engine.state.sessions.get(session, [])
        previous = last_turn.get(session) or (engine.state.episodes[order[-1]] if order else None)
        episode = ingest.new_episode(message, ids, text, attachments, previous, engine.profile, now)
        seen[episode.id] = last_turn[session] = episode
        planned.append((episode, IngestResult(episode_id=episode.id, redacted=found)))
    return planned


def _candidate_texts(episode: Episode, extraction: Extraction | None) -> list[tuple[str, str]]:
    """(key, text) for each candidate memory's vector; the key is the candidate's place in the extraction."""
    if extraction is None:
        return []
    return [(f"{episode.id}#{n}", memory_embed_text(m.text, m.subject)) for n, m in enumerate(extraction.memories)]


async def _extract_in_order(engine: Engine, fresh: list[tuple[Episode, IngestResult]]) -> list[Extraction | None]:
    """Offline, the messages of a batch one after another, so that a name an earlier one made known ("my husband
    Dev") is known to the later ones ("Dev hates mushrooms", "Dev's birthday"), as it is when they come one by one."""
    named: dict[str, Entity] = {}
    extractions: list[Extraction | None] = []
    for episode, result in fresh:
        extraction = await _extract(engine, episode, result, named)
        extractions.append(extraction)
        for found in extraction.entities if extraction is not None else []:
            key = normalize_name(found.name)
            if key not in named or named[key].type is EntityType.other:
                named[key] = Entity(id=entity_id(found.name), name=found.name, type=found.type, aliases=list(found.aliases))
    return extractions


_NAMES_BACK = 4  # turns before a message whose people it may call "he" or "her" (core/pronouns.people_named_lately)


async def _extract(engine: Engine, episode: Episode, result: IngestResult, named: dict[str, Entity] | None = None) -> Extraction | None:
    known = engine.state.entities_in(episode.text)
    recent = window(engine, episode)
    if named:  # names made known earlier in the same batch, not stored yet, as one-by-one messages know them:
        have = {normalize_name(e.name) for e in known}  # in any case ("priya"), here or in the turns before
        said = " ".join([episode.text, *(turn.text for turn in recent[-_NAMES_BACK:])])
        folded = said.casefold()  # (a cheap look first: an import's batch names many people)
        named_here = [e for key, e in named.items() if key not in have and e.name.casefold() in folded]
        known += [e for e in named_here if re.search(rf"(?<!\w){re.escape(e.name)}(?!\w)", said, re.I)]
    for turn in recent[-_NAMES_BACK:]:  # whom "him" or "she" may be ("please don't mention him"): known as they were typed
        have = {e.id for e in known}
        known += [e for e in engine.state.entities_in(turn.text) if e.id not in have]
    try:
        return await engine.extractor.extract(episode, recent, known)
    except Exception as error:  # a broken extractor must not lose the message
        engine.counters["extraction_failures"] += 1
        result.warnings.append(f"extraction failed ({type(error).__name__}); queued for retry")
        result.retry_queued = True
        if not isinstance(engine.extractor, HeuristicExtractor):  # keep working offline meanwhile
            return HeuristicExtractor().extract_sync(episode, recent, known)
        return None


async def retry_extractions(engine: Engine, limit: int) -> int:
    """Extract again what failed earlier (a model that was down); how many succeeded. Failures stay queued."""
    done = 0
    for episode_id in engine.pending(PENDING_EXTRACTION)[:limit]:
        episode = engine.state.episodes.get(episode_id)
        if episode is None:
            continue
        try:
            extraction = await engine.extractor.extract(episode, window(engine, episode), engine.state.entities_in(episode.text))
        except Exception:
            engine.counters["extraction_failures"] += 1
            continue
        found = await vectors.embed_items(engine, vectors.episode_texts(episode) + _candidate_texts(episode, extraction))
        await _derive(engine, episode, extraction, found, IngestResult(episode_id=episode_id))
        done += 1
    engine.counters["extraction_retries"] += done
    return done


async def _derive(
    engine: Engine,
    episode: Episode,
    extraction: Extraction | None,
    found: dict[str, tuple[str, list[float]]] | None,
    result: IngestResult,
) -> None:
    """Everything derived from one episode, in one transaction: its vectors, entities, memories and links."""
    forgetting = extraction is not None and bool(extraction.forget)
    if extraction is not None and forgetting:  # "forget that ...": a request, not a statement
        forgotten, trimmed = await requests.forget_requested(engine, episode, extraction.forget, engine.undo.open(episode.id))
        result.forgotten = [m.id for m in forgotten]
        result.changes = [{"action": "forgotten", "id": m.id, "text": m.text} for m in forgotten]
        result.changes += [{"action": "updated", "id": after.id, "text": after.text, "replaces": before.text} for before, after in trimmed]
        if asks_to_keep_out(episode.text):  # "don't remember anything about my weight": and never again
            await _keep_out(engine, episode, extraction.forget, result)
        if not extraction.memories:  # (what the turn went on to tell is kept below; the request itself is hidden)
            return
    said = list(result.changes)
    now = engine.clock()
    state = engine.state
    batch = WriteBatch()
    later: list[str] = []  # items written without a vector, to be embedded when the model can
    own = [] if forgetting else [vector_id for vector_id, _ in vectors.episode_texts(episode)]
    if found is not None and all(vector_id in found for vector_id in own):
        batch.vectors.update({vector_id: found[vector_id] for vector_id in own})
    else:
        later.append(episode.id)
    previous = state.episodes.get(state.by_message.get((episode.chat_id, episode.reply_to or ""), ""))
    if previous is not None and state.session_key(previous) == state.session_key(episode):
        batch.edges.append(Edge(source=previous.id, target=episode.id, type=EdgeType.next_turn, created_at=now))
    # "Noted, you're allergic to fish." / "no, I said shellfish": what the assistant got wrong is not given back
    if previous is not None and previous.role == "assistant" and not previous.excluded and _disputed_by(previous, episode):
        engine.undo.open(episode.id).episodes.setdefault(previous.id, previous)
        batch.episodes.append(previous.model_copy(update={"excluded": True}))
    touched: dict[str, Entity] = {}
    if extraction is not None:
        for entity in extraction.entities:
            known = upsert_entity(engine, entity.name, entity.type, entity.aliases, episode.timestamp, touched)
            batch.edges.append(
                Edge(source=episode.id, target=known.id, type=EdgeType.mentions, evidence=[episode.message_id], created_at=now)
            )
        planned: dict[str, Memory] = {}
        # A queued retry means this extraction came from the offline fallback, not the configured extractor.
        maker: Extractor = HeuristicExtractor() if result.retry_queued else engine.extractor
        made_by = (maker.name, maker.version)
        placement = Placement(engine, episode, now, batch, planned, touched, result, made_by, engine.undo.open(episode.id))
        model_id = engine.embedder.model_id if engine.embedder is not None else None
        for position, candidate in enumerate(extraction.memories):
            vector = found.get(f"{episode.id}#{position}") if found is not None else None
            if maker.name == "heuristic" and not durability.worth_keeping(candidate, vector[1] if vector else None, model_id):
                engine.counters["statements_passed_over"] += 1  # a reaction or a passing remark, not a fact to keep
                continue
            await placement.place(candidate, vector[1] if vector is not None else None)
        later += [m.id for m in planned.values() if m.id not in batch.vectors and m.id in result.created]
    batch.entities.extend(touched.values())
    result.entities = sorted(e.name for e in touched.values())
    if extraction is not None and not result.retry_queued:
        batch.meta[PENDING_EXTRACTION] = [i for i in engine.pending(PENDING_EXTRACTION) if i != episode.id] or None
    # The message was admitted with room for what it brings (engine/reserve.py): this is never held back.
    await engine.write(batch, embed_later=later, use_reserve=True)
    result.changes = [*said, *_changes(engine, result)] if forgetting else _changes(engine, result)


def _disputed_by(said: Episode, reply: Episode) -> bool:
    """Whether the user's reply says the assistant's statement before it was wrong (a question cannot be)."""
    return reply.role == "user" and disputes(reply.text) and not said.text.rstrip().endswith("?")


def _changes(engine: Engine, result: IngestResult) -> list[dict[str, str]]:
    """What the page can say: a new memory, and what it replaced."""
    memories = engine.state.memories
    out = []
    for memory_id in result.created:
        memory = memories[memory_id]
        replaced = memories.get(next((m for m in result.superseded if memories[m].superseded_by == memory_id), ""))
        entry = {"action": "updated" if replaced else "created", "id": memory_id, "text": memory.text}
        if replaced is not None:
            entry["replaces"] = replaced.text
        out.append(entry)
    return out


async def _keep_out(engine: Engine, episode: Episode, topics: list[str], result: IngestResult) -> None:
    """A standing rule per topic a "don't remember …" request names: placement keeps what names it out from now
    on. Like the request, the rule keeps no word of the topic: only digests of its words (``kept_out_words``)."""
    subject = episode.speaker or "User"
    batch, now = WriteBatch(), engine.clock()
    placement = Placement(engine, episode, now, batch, {}, {}, result, ("keep-out", "1"), engine.undo.open(episode.id))
    for topic in topics:
        digests = kept_out_words(topic, subject)
        if not digests:
            continue
        value = " ".join(sorted(digests))
        text = f"{subject} asks not to remember one topic (its words are not kept; rule {text_hash(value)[:6]})"
        rule = CandidateMemory(
            kind=MemoryKind.negative,
            text=text,
            subject=subject,
            value=value,
            confidence=0.95,
            importance=0.9,
            stated=True,
            tags=["rule", "keep-out"],
        )
        await placement.place(rule, None)
    made = [m.id for m in batch.memories if m.id in result.created]
    if not batch.is_empty():
        await engine.write_making_room(batch, embed_later=made)
    result.changes += [{"action": "created", "id": i, "text": engine.state.memories[i].text} for i in made]
