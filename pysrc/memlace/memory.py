"""The Memlace facade: async orchestration of the pure core over injected ports.

The browser worker and the CLI use only this class.
"""

from __future__ import annotations

import asyncio
import math
import time
from array import array
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from memlace.config import Config
from memlace.core import dedup, ingest, lifecycle
from memlace.core import graph as graphs
from memlace.core.bm25 import BM25Index
from memlace.core.extract import HeuristicExtractor
from memlace.core.pack import render_pack
from memlace.core.retrieve import plan_query, rank
from memlace.core.secrets import redact
from memlace.core.state import (
    EPISODE_PREFIX,
    MEMORY_PREFIX,
    SENTENCE_PREFIX,
    MemoryState,
    episode_index_text,
    memory_embed_text,
    sentence_id,
    sentence_owner,
)
from memlace.core.text import sentences, stable_id, text_hash
from memlace.errors import ImportFormatError, InvalidInput, MessageTooLarge, NotFound, StoreError
from memlace.models import (
    SCHEMA_VERSION,
    ContextPack,
    Edge,
    EdgeType,
    Entity,
    EntityType,
    Episode,
    ExportDocument,
    Memory,
    MemoryStatus,
    Message,
    Provenance,
    entity_id,
    normalize_name,
)
from memlace.ports import CandidateMemory, Classifier, Embedder, Extraction, Extractor, Selector, Store, VectorIndex, WriteBatch

ACTIVE = (MemoryStatus.staged, MemoryStatus.confirmed)
PENDING_EXTRACTION = "pending_extraction"
EXTRACTION_CONCURRENCY = 4
PENDING_EMBEDDING = "pending_embedding"
OPPORTUNISTIC_RETRIES = 16


TRACE_STAGES = [
    ("keyword", "1. Keywords (BM25)", "Messages and memories sharing the query's words, by BM25 score."),
    ("vector", "2. Meaning (vectors)", "Nearest by embedding cosine: a message by its whole text and its best sentence."),
    ("fused", "3. Fused", "Both lists min-max scaled and added with their weights; a named participant and named entities adjust."),
    ("graph", "4. Graph expansion", "Reached from the best candidates over typed edges (activation, decaying per hop)."),
    (
        "weighted",
        "5. Weighted",
        "Session neighbours added; memories weighted by status, confidence, recency and use; dates for 'when' questions.",
    ),
    (
        "diversified",
        "6. Diversified (MMR)",
        "Near-duplicates step back; the pack is the top of this list (plus identity memories for 'who am I').",
    ),
]


class IngestResult(BaseModel):
    episode_id: str
    duplicate: bool = False
    created: list[str] = Field(default_factory=list)
    merged: list[str] = Field(default_factory=list)
    superseded: list[str] = Field(default_factory=list)
    entities: list[str] = Field(default_factory=list)
    redacted: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    retry_queued: bool = False


class Memlace:
    """Open with ``await Memlace.open(store, embedder=..., vector_index=...)``."""

    def __init__(
        self,
        store: Store,
        *,
        embedder: Embedder | None,
        vector_index: VectorIndex | None,
        extractor: Extractor,
        classifier: Classifier | None,
        selector: Selector | None,
        config: Config,
        clock: Callable[[], float],
        profile: str,
        keyword_index: Callable[[float, float], BM25Index] = BM25Index,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.index = vector_index
        self.extractor = extractor
        self.classifier = classifier
        self.selector = selector
        self.config = config
        self.clock = clock
        self.profile = profile
        self.keyword_index = keyword_index
        self.state = MemoryState(config.retrieval, keyword_index)
        self._hashes: dict[str, str] = {}
        self._lock = asyncio.Lock()
        self.counters: dict[str, int] = {
            "embedding_failures": 0,
            "extraction_failures": 0,
            "selector_fallbacks": 0,
            "classifier_fallbacks": 0,
        }
        self.read_only = False  # set by callers that opened an export file for inspection

    @classmethod
    async def open(
        cls,
        store: Store,
        *,
        embedder: Embedder | None = None,
        vector_index: VectorIndex | None = None,
        extractor: Extractor | None = None,
        classifier: Classifier | None = None,
        selector: Selector | None = None,
        config: Config | None = None,
        clock: Callable[[], float] = time.time,
        profile: str = "default",
        keyword_index: Callable[[float, float], BM25Index] = BM25Index,
    ) -> Memlace:
        if embedder is not None and vector_index is None:
            raise InvalidInput("an embedder needs a vector index")
        engine = cls(
            store,
            embedder=embedder,
            vector_index=vector_index,
            extractor=extractor or HeuristicExtractor(),
            classifier=classifier,
            selector=selector,
            config=config or Config(),
            clock=clock,
            profile=profile,
            keyword_index=keyword_index,
        )
        await engine._load()
        return engine

    async def reload(self) -> None:
        """Forget the in-memory view and load it again from the store (after writes made around the engine)."""
        if self.index is not None:
            self.index.remove(
                [*self.state.memories, *self.state.episodes, *(v for ids in self.state.sentence_vectors.values() for v in ids)]
            )
        self.state = MemoryState(self.config.retrieval, self.keyword_index)
        await self._load()

    async def use_embedder(self, embedder: Embedder, vector_index: VectorIndex) -> None:
        """Switch embedding models: vectors of the new model are used at once, the rest are re-embedded by
        ``retry_pending`` while keywords and the graph keep answering."""
        async with self._lock:
            self.embedder = embedder
            self.index = vector_index
            self.state.raw_vectors.clear()
            self.state.sentence_vectors.clear()
            await self._load_vectors()

    async def _load(self) -> None:
        snapshot = await self.store.load()
        self.state.load(snapshot)
        self._hashes = {m.text_hash: m.id for m in self.state.memories.values() if m.status in ACTIVE}
        await self._load_vectors()

    async def _load_vectors(self) -> None:
        """The current model's vectors into the index; items without one are queued to be embedded."""
        if self.embedder is None or self.index is None:
            return
        vectors = await self.store.load_vectors(self.embedder.model_id)
        memory_ids = [i for i in vectors if i.startswith(MEMORY_PREFIX) and i in self.state.memories]
        self.index.upsert(memory_ids, [vectors[i] for i in memory_ids])
        sentence_ids = sorted(i for i in vectors if i.startswith(SENTENCE_PREFIX) and sentence_owner(i) in self.state.episodes)
        self.index.upsert(sentence_ids, [vectors[i] for i in sentence_ids])
        for vector_id in sentence_ids:
            self.state.sentence_vectors[sentence_owner(vector_id)].append(vector_id)
        for item_id, vector in vectors.items():
            if item_id.startswith(EPISODE_PREFIX) and item_id in self.state.episodes:
                self.state.raw_vectors[item_id] = array("f", vector)
        episode_ids = sorted(self.state.raw_vectors)
        self.index.upsert(episode_ids, [self._context_vector(i) for i in episode_ids])
        # Items whose vectors were made by another model (or never made) are re-embedded later.
        missing = [i for i in [*self.state.memories, *self.state.episodes] if i not in vectors]
        if missing:
            self.state.meta[PENDING_EMBEDDING] = sorted(set(self._pending(PENDING_EMBEDDING)) | set(missing))

    def _pending(self, key: str) -> list[str]:
        value = self.state.meta.get(key) or []
        return list(value) if isinstance(value, list) else []

    # -- ingestion ---------------------------------------------------------------------------
    async def ingest(self, message: Message | dict[str, Any]) -> IngestResult:
        return (await self.ingest_many([message]))[0]

    async def ingest_many(self, messages: Iterable[Message | dict[str, Any]]) -> list[IngestResult]:
        """Ingest messages in order; vectors are computed in batches."""
        parsed = [self._validate(m) for m in messages]
        async with self._lock:
            if self._pending(PENDING_EMBEDDING) and self.embedder is not None:
                await self._retry_pending(OPPORTUNISTIC_RETRIES, extractions=False)  # a little of the backlog with each ingest
            results: list[IngestResult] = []
            fresh: list[tuple[Episode, IngestResult]] = []
            for message in parsed:
                episode, result = self._episode_for(message)
                results.append(result)
                if result.duplicate:
                    continue
                # The message itself is stored first, in its own transaction: it is never lost.
                try:
                    await self._write(
                        WriteBatch(episodes=[episode], meta={PENDING_EXTRACTION: [*self._pending(PENDING_EXTRACTION), episode.id]})
                    )
                except StoreError as error:
                    if fresh:  # say what did go in: those messages stay, their memories follow once there is room
                        error.args = (f"{len(fresh)} of the {len(parsed)} messages were stored before this failure; then: {error}",)
                    raise
                fresh.append((episode, result))
            if not fresh:
                return results
            # A model extractor answers in about a second: ask for a few messages at once.
            slots = asyncio.Semaphore(EXTRACTION_CONCURRENCY)

            async def extract(episode: Episode, result: IngestResult) -> Extraction | None:
                known = self.state.entities_in(episode.text)
                window = self._window(episode)
                try:
                    async with slots:
                        return await self.extractor.extract(episode, window, known)
                except Exception as error:  # a broken extractor must not lose the message
                    self.counters["extraction_failures"] += 1
                    result.warnings.append(f"extraction failed ({type(error).__name__}); queued for retry")
                    result.retry_queued = True
                    if not isinstance(self.extractor, HeuristicExtractor):  # keep working offline meanwhile
                        return HeuristicExtractor().extract_sync(episode, window, known)
                    return None

            extractions = await asyncio.gather(*(extract(episode, result) for episode, result in fresh))
            texts: list[str] = []
            layout: list[tuple[list[str], int]] = []
            for (episode, _), extraction in zip(fresh, extractions, strict=True):
                own = self._episode_texts(episode)
                memory_texts = [memory_embed_text(m.text, m.subject) for m in extraction.memories] if extraction is not None else []
                texts.extend(text for _, text in own)
                texts.extend(memory_texts)
                layout.append(([vector_id for vector_id, _ in own], len(memory_texts)))
            vectors = await self._embed(texts)
            cursor = 0
            for (episode, result), extraction, (vector_ids, memory_count) in zip(fresh, extractions, layout, strict=True):
                episode_vectors = memory_vectors = None
                if vectors is not None:
                    episode_vectors = dict(zip(vector_ids, vectors[cursor : cursor + len(vector_ids)], strict=True))
                    memory_vectors = vectors[cursor + len(vector_ids) : cursor + len(vector_ids) + memory_count]
                cursor += len(vector_ids) + memory_count
                await self._derive(episode, extraction, episode_vectors, memory_vectors, result)
            return results

    def _validate(self, message: Message | dict[str, Any]) -> Message:
        try:
            parsed = message if isinstance(message, Message) else Message.model_validate(message)
        except ValidationError as error:
            raise InvalidInput(f"not a valid message: {error.errors()[0]['msg']} at {error.errors()[0]['loc']}") from error
        if not parsed.text.strip() and not any(a.text.strip() for a in parsed.attachments):
            raise InvalidInput("message is empty")
        size = len(parsed.text) + sum(len(a.text) for a in parsed.attachments)
        if size > self.config.max_message_chars:
            raise MessageTooLarge(f"message has {size} characters; the limit is {self.config.max_message_chars}")
        return parsed

    def _episode_for(self, message: Message) -> tuple[Episode, IngestResult]:
        now = self.clock()
        text, attachments, found = ingest.clean_message(message)
        message_id, episode_id = ids = ingest.message_key(message, self.profile, now)
        existing = self.state.episodes.get(episode_id)
        if existing is not None:
            if existing.text != text:
                raise InvalidInput(f"message id {message_id!r} in chat {message.chat_id!r} was already ingested with other text")
            return existing, IngestResult(episode_id=episode_id, duplicate=True)
        order = self.state.sessions.get((message.chat_id, message.session or ""), [])
        previous = self.state.episodes[order[-1]] if order else None
        episode = ingest.new_episode(message, ids, text, attachments, previous, self.profile, now)
        return episode, IngestResult(episode_id=episode_id, redacted=found)

    def _window(self, episode: Episode) -> list[Episode]:
        order = self.state.sessions.get(self.state.session_key(episode), [])
        position = order.index(episode.id) if episode.id in order else len(order)
        return [self.state.episodes[i] for i in order[max(0, position - self.config.window_turns) : position]]

    async def _embed(self, texts: list[str]) -> list[list[float]] | None:
        if self.embedder is None or not texts:
            return None
        try:
            vectors = await self.embedder.embed(texts)
            if len(vectors) != len(texts):
                raise ValueError("embedder returned the wrong number of vectors")
            return vectors
        except Exception:  # the items stay findable by keyword and graph; vectors come on retry
            self.counters["embedding_failures"] += 1
            return None

    def _episode_texts(self, episode: Episode) -> list[tuple[str, str]]:
        """(vector id, text) to embed for an episode: the whole turn, and each sentence of a longer one."""
        text = episode_index_text(episode)
        pieces = sentences(text)
        own = [(episode.id, text)]
        if len(pieces) > 1:  # a vector per sentence keeps one topic of a long message from being diluted
            own.extend((sentence_id(episode.id, k), piece) for k, piece in enumerate(pieces))
        return own

    async def _derive(
        self,
        episode: Episode,
        extraction: Any,
        episode_vectors: dict[str, list[float]] | None,
        memory_vectors: list[list[float]] | None,
        result: IngestResult,
    ) -> None:
        now = self.clock()
        batch = WriteBatch()
        pending_embed = set(self._pending(PENDING_EMBEDDING))
        model_id = self.embedder.model_id if self.embedder else ""
        if episode_vectors is not None:
            batch.vectors.update({vector_id: (model_id, vector) for vector_id, vector in episode_vectors.items()})
        elif self.embedder is not None:
            pending_embed.add(episode.id)
        previous = self.state.episodes.get(self.state.by_message.get((episode.chat_id, episode.reply_to or ""), ""))
        if previous is not None and self.state.session_key(previous) == self.state.session_key(episode):
            batch.edges.append(Edge(source=previous.id, target=episode.id, type=EdgeType.next_turn, created_at=now))
        touched: dict[str, Entity] = {}
        if extraction is not None:
            for candidate in extraction.entities:
                entity = self._upsert_entity(candidate.name, candidate.type, candidate.aliases, episode.timestamp, touched)
                batch.edges.append(
                    Edge(source=episode.id, target=entity.id, type=EdgeType.mentions, evidence=[episode.message_id], created_at=now)
                )
            planned: dict[str, Memory] = {}
            # A queued retry means this extraction came from the offline fallback, not the configured extractor.
            maker = HeuristicExtractor() if result.retry_queued else self.extractor
            for position, candidate in enumerate(extraction.memories):
                vector = memory_vectors[position] if memory_vectors is not None else None
                await self._place_memory(candidate, vector, episode, now, batch, planned, touched, result, maker)
            for memory in planned.values():
                if memory_vectors is None and self.embedder is not None and memory.id not in batch.vectors:
                    pending_embed.add(memory.id)
        batch.entities.extend(touched.values())
        result.entities = sorted(e.name for e in touched.values())
        if extraction is not None and not result.retry_queued:
            batch.meta[PENDING_EXTRACTION] = [i for i in self._pending(PENDING_EXTRACTION) if i != episode.id] or None
        batch.meta[PENDING_EMBEDDING] = sorted(pending_embed) or None
        await self._write(batch)

    def _upsert_entity(self, name: str, etype: EntityType, aliases: list[str], when: float, touched: dict[str, Entity]) -> Entity:
        existing = self.state.entity_by_label(name)
        key = existing.id if existing else entity_id(name)
        current = touched.get(key) or existing or self.state.entities.get(key)
        if current is None:
            current = Entity(id=key, name=name, type=etype, aliases=[], created_at=when)
        new_aliases = [a for a in aliases if normalize_name(a) not in {normalize_name(x) for x in [current.name, *current.aliases]}]
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

    async def _place_memory(
        self,
        candidate: CandidateMemory,
        vector: list[float] | None,
        episode: Episode,
        now: float,
        batch: WriteBatch,
        planned: dict[str, Memory],
        touched: dict[str, Entity],
        result: IngestResult,
        maker: Extractor,
    ) -> None:
        digest = text_hash(candidate.text)
        provenance = Provenance(
            chat_id=episode.chat_id,
            message_ids=[episode.message_id],
            observed_at=episode.timestamp,
            extractor=maker.name,
            extractor_version=maker.version,
            speaker=episode.speaker,
        )
        memories = self.state.memories | planned
        decision = dedup.by_hash(digest, memories, self._hashes | {m.text_hash: m.id for m in planned.values()})
        if decision is None:
            decision = dedup.by_slot(candidate.subject, candidate.attribute, candidate.value, list(memories.values()))
        if decision is None and vector is not None and self.index is not None:
            neighbours = self.index.search(vector, 5, prefix=MEMORY_PREFIX)
            decision = dedup.by_similarity(neighbours, memories, self.config.dedup)
        if decision is None:
            decision = dedup.Decision("new")
        contradicts: str | None = None
        if decision.action == "ambiguous":
            decision, contradicts = await self._classify(candidate.text, decision, memories)
        if decision.action == "merge" and decision.target:
            again = ingest.merged(memories[decision.target], provenance, self.config.dedup.confidence_boost, now)
            planned[again.id] = again
            batch.memories.append(again)
            batch.edges.append(Edge(source=again.id, target=episode.id, type=EdgeType.derived_from, created_at=now))
            result.merged.append(again.id)
            return
        memory = ingest.new_memory(candidate, digest, episode, provenance, self.config.lifecycle, self.profile, now)
        planned[memory.id] = memory
        batch.memories.append(memory)
        result.created.append(memory.id)
        if vector is not None:
            batch.vectors[memory.id] = (self.embedder.model_id if self.embedder else "", vector)
        batch.edges.append(Edge(source=memory.id, target=episode.id, type=EdgeType.derived_from, created_at=now))
        for name in candidate.entities:
            entity = touched.get(entity_id(name)) or self.state.entity_by_label(name)
            if entity is not None:
                batch.edges.append(
                    Edge(source=memory.id, target=entity.id, type=EdgeType.mentions, evidence=[episode.message_id], created_at=now)
                )
        if candidate.prefers_over:
            other = self._upsert_entity(candidate.prefers_over, EntityType.concept, [], episode.timestamp, touched)
            batch.edges.append(
                Edge(source=memory.id, target=other.id, type=EdgeType.prefers_over, evidence=[episode.message_id], created_at=now)
            )
        if decision.action == "supersede" and decision.target:
            old = lifecycle.supersede(memories[decision.target], memory.id, memory.valid_from or now)
            planned[old.id] = old
            batch.memories.append(old)
            batch.edges.append(
                Edge(source=memory.id, target=old.id, type=EdgeType.supersedes, confidence=candidate.confidence, created_at=now)
            )
            result.superseded.append(old.id)
        elif decision.action == "related" and decision.target:
            batch.edges.append(
                Edge(
                    source=memory.id, target=decision.target, type=EdgeType.related_to, weight=round(decision.similarity, 4), created_at=now
                )
            )
        if contradicts:
            for source, target in ((memory.id, contradicts), (contradicts, memory.id)):
                batch.edges.append(Edge(source=source, target=target, type=EdgeType.contradicts, created_at=now))

    async def _classify(self, text: str, decision: dedup.Decision, memories: dict[str, Memory]) -> tuple[dedup.Decision, str | None]:
        """The ambiguous band: ask the classifier when there is one, otherwise link as related."""
        target = decision.target or ""
        if self.classifier is None:
            return dedup.Decision("related", target, decision.similarity, "vector"), None
        try:
            relation = (await self.classifier.classify([(text, memories[target].text)]))[0]
        except Exception:
            self.counters["classifier_fallbacks"] += 1
            return dedup.Decision("related", target, decision.similarity, "vector"), None
        if relation.label == "agrees":
            return dedup.Decision("merge", target, decision.similarity, "llm"), None
        if relation.label == "refines":
            return dedup.Decision("supersede", target, decision.similarity, "llm"), None
        if relation.label == "contradicts":
            if relation.confidence >= 0.9 and memories[target].confidence < relation.confidence:
                return dedup.Decision("supersede", target, decision.similarity, "llm"), None
            return dedup.Decision("new", None, decision.similarity, "llm"), target  # keep both, flag the conflict
        return dedup.Decision("new", None, decision.similarity, "llm"), None

    async def _write(self, batch: WriteBatch) -> None:
        """Store first, then the in-memory view: a failed write changes nothing."""
        await self.store.apply(batch)
        self.state.apply(batch)
        for memory in batch.memories:
            if memory.status in ACTIVE:
                self._hashes[memory.text_hash] = memory.id
            elif self._hashes.get(memory.text_hash) == memory.id:
                del self._hashes[memory.text_hash]
        if self.index is None:
            return
        dropped = batch.delete_memories + batch.delete_episodes + batch.delete_vectors
        if dropped:
            self.index.remove(dropped)
        as_is = [(i, v) for i, (_, v) in batch.vectors.items() if not i.startswith(EPISODE_PREFIX)]  # memories, sentences
        if as_is:
            self.index.upsert([i for i, _ in as_is], [v for _, v in as_is])
        for vector_id, _ in as_is:
            if vector_id.startswith(SENTENCE_PREFIX) and vector_id not in self.state.sentence_vectors[sentence_owner(vector_id)]:
                self.state.sentence_vectors[sentence_owner(vector_id)].append(vector_id)
        changed: set[str] = set()
        for item_id, (_, vector) in batch.vectors.items():
            if item_id.startswith(EPISODE_PREFIX):
                self.state.raw_vectors[item_id] = array("f", vector)
                changed.add(item_id)
                changed.update(n for n in (self.state.neighbour(item_id, -1), self.state.neighbour(item_id, 1)) if n)
        live = sorted(i for i in changed if i in self.state.raw_vectors)
        if live:
            self.index.upsert(live, [self._context_vector(i) for i in live])

    def _context_vector(self, episode_id: str) -> list[float]:
        """A turn's vector mixed with its session neighbours' (a reply and its question share meaning)."""
        own = self.state.raw_vectors[episode_id]
        mix = self.config.retrieval.vector_neighbour_mix
        out = list(own)
        for offset in (-1, 1):
            other = self.state.neighbour(episode_id, offset)
            vector = self.state.raw_vectors.get(other) if other else None
            if vector is not None and mix > 0:
                out = [a + mix * b for a, b in zip(out, vector, strict=True)]
        norm = math.sqrt(sum(x * x for x in out)) or 1.0
        return [x / norm for x in out]

    async def retry_pending(self, limit: int = 10_000) -> dict[str, int]:
        """Re-run extraction and embedding that failed earlier (at most `limit` items of each)."""
        async with self._lock:
            return await self._retry_pending(limit)

    async def embed_pending(self, limit: int = 64) -> int:
        """Embed up to `limit` items still waiting for vectors (after a model arrives or changes); how many were."""
        async with self._lock:
            return (await self._retry_pending(limit, extractions=False))["embedded"]

    async def _retry_pending(self, limit: int, *, extractions: bool = True) -> dict[str, int]:
        done = {"extracted": 0, "embedded": 0}
        for episode_id in self._pending(PENDING_EXTRACTION)[:limit] if extractions else []:
            episode = self.state.episodes.get(episode_id)
            if episode is None:
                continue
            try:
                extraction = await self.extractor.extract(episode, self._window(episode), self.state.entities_in(episode.text))
            except Exception:
                continue
            own = self._episode_texts(episode)
            memory_texts = [memory_embed_text(m.text, m.subject) for m in extraction.memories]
            vectors = await self._embed([text for _, text in own] + memory_texts)
            episode_vectors = dict(zip([i for i, _ in own], vectors[: len(own)], strict=True)) if vectors is not None else None
            memory_vectors = vectors[len(own) :] if vectors is not None else None
            await self._derive(episode, extraction, episode_vectors, memory_vectors, IngestResult(episode_id=episode_id))
            done["extracted"] += 1
        if done["extracted"]:
            self.counters["extraction_retries"] = self.counters.get("extraction_retries", 0) + done["extracted"]
        queued = self._pending(PENDING_EMBEDDING)
        waiting = [i for i in queued[:limit] if i in self.state.memories or i in self.state.episodes]
        if waiting and self.embedder is not None:
            items: list[tuple[str, str]] = []
            for item_id in waiting:
                if item_id in self.state.memories:
                    memory = self.state.memories[item_id]
                    items.append((item_id, memory_embed_text(memory.text, memory.subject)))
                else:
                    items.extend(self._episode_texts(self.state.episodes[item_id]))
            vectors = await self._embed([text for _, text in items])
            if vectors is not None:
                model = self.embedder.model_id
                rest = queued[limit:]
                batch = WriteBatch(
                    vectors={i: (model, v) for (i, _), v in zip(items, vectors, strict=True)}, meta={PENDING_EMBEDDING: rest or None}
                )
                await self._write(batch)
                done["embedded"] = len(waiting)
        return done

    # -- retrieval ----------------------------------------------------------------------------
    async def retrieve(
        self,
        query: str,
        *,
        limit: int | None = None,
        include_inactive: bool = False,
        project: str | None = None,
        track: bool = True,
        trace: dict[str, list[tuple[str, float]]] | None = None,
    ) -> ContextPack:
        if not isinstance(query, str):
            raise InvalidInput("query must be text")
        if len(query) > self.config.max_message_chars:
            raise MessageTooLarge(f"query has {len(query)} characters; the limit is {self.config.max_message_chars}")
        started = self.clock()
        plan = plan_query(self.state, query)
        vector = None
        if not plan.skip and self.embedder is not None:
            embedded = await self._embed([plan.search_text])
            vector = embedded[0] if embedded else None
        embed_ms = (self.clock() - started) * 1000.0
        pack = rank(
            self.state,
            self.index or _NoVectors(),
            plan,
            vector,
            now=self.clock(),
            config=self.config.retrieval,
            clock=self.clock,
            limit=limit,
            include_inactive=include_inactive,
            profile=self.profile,
            project=project,
            trace=trace,
        )
        pack.timings_ms["embed"] = round(embed_ms, 3)
        if vector is None and self.embedder is not None and not plan.skip:
            pack.warnings.append("vector search unavailable: ranked by keywords and graph only")
        if self.selector is not None and pack.items:
            pack = await self._select(pack)
        if track and not plan.skip:
            await self._track(pack)
        return pack

    async def _select(self, pack: ContextPack) -> ContextPack:
        """Ask the selector about the medium band only, within the time budget; keep the fused order on failure."""
        config = self.config.retrieval
        top = max(item.score for item in pack.items) or 1.0
        medium = [i for i, item in enumerate(pack.items) if config.select_low <= item.score / top < config.select_high]
        if not medium:
            return pack
        try:
            chosen = await asyncio.wait_for(
                self.selector.select(pack.query, [pack.items[i].text for i in medium]),  # type: ignore[union-attr]
                timeout=config.select_budget_ms / 1000.0,
            )
        except Exception:
            self.counters["selector_fallbacks"] += 1
            pack.warnings.append("selection unavailable: kept the fused order")
            return pack
        dropped = {medium[i] for i in range(len(medium)) if i not in set(chosen)}
        pack.items = [item for i, item in enumerate(pack.items) if i not in dropped]
        for position, item in enumerate(pack.items, 1):
            item.rank = position
        pack.text = render_pack(self.state, pack.items, config.pack_chars)
        return pack

    async def _track(self, pack: ContextPack) -> None:
        now = self.clock()
        touched = [
            lifecycle.touch(self.state.memories[i.id], now, self.config.lifecycle) for i in pack.items if i.id in self.state.memories
        ]
        meta: dict[str, Any] = {}
        if not pack.items:
            gaps = list(self.state.meta.get("gaps") or [])[-99:]
            meta["gaps"] = [*gaps, {"query": pack.query[:500], "at": now}]
        memory_ids = sorted(i.id for i in pack.items if i.type == "memory")
        if len(memory_ids) > 1:
            recent = list(self.state.meta.get("co_retrieved") or [])[-49:]
            meta["co_retrieved"] = [*recent, memory_ids[:8]]
        if touched or meta:
            await self._write(WriteBatch(memories=touched, meta=meta))

    async def search(self, query: str, limit: int = 20) -> ContextPack:
        return await self.retrieve(query, limit=limit, track=False)

    async def trace(self, query: str, limit: int | None = None) -> dict[str, Any]:
        """The pack for a query plus each stage's best candidates and scores: how retrieval got there."""
        stages: dict[str, list[tuple[str, float]]] = {}
        pack = await self.retrieve(query, limit=limit, track=False, trace=stages)
        in_pack = {item.id for item in pack.items}
        return {
            "pack": pack.model_dump(mode="json"),
            "stages": [
                {
                    "stage": stage,
                    "title": title,
                    "explains": explains,
                    "items": [
                        {"id": i, "text": self._item_text(i), "score": round(score, 4), "in_pack": i in in_pack}
                        for i, score in stages.get(stage, [])
                    ],
                }
                for stage, title, explains in TRACE_STAGES
            ],
        }

    def _item_text(self, item_id: str) -> str:
        if item_id in self.state.memories:
            return self.state.memories[item_id].text
        if item_id in self.state.episodes:
            episode = self.state.episodes[item_id]
            return f"{episode.speaker or episode.role}: {episode.text}"
        entity = self.state.entities.get(item_id)
        return entity.name if entity else item_id

    # -- inspection and correction ---------------------------------------------------------------
    def _memory(self, memory_id: str) -> Memory:
        if not isinstance(memory_id, str) or memory_id not in self.state.memories:
            raise NotFound(f"no memory with id {memory_id!r}")
        return self.state.memories[memory_id]

    async def get(self, item_id: str) -> dict[str, Any]:
        """A memory with its history (versions, supersessions) and the messages it came from; or an episode."""
        if isinstance(item_id, str) and item_id in self.state.episodes:
            return {"type": "episode", "episode": self.state.episodes[item_id].model_dump(mode="json")}
        memory = self._memory(item_id)
        history = []
        for older in graphs.targets(self.state.graph, memory.id, "supersedes"):
            if older in self.state.memories:
                history.append(self.state.memories[older].model_dump(mode="json"))
        newer = []
        cursor = memory.superseded_by
        while cursor and cursor in self.state.memories and len(newer) < 50:
            newer.append(self.state.memories[cursor].model_dump(mode="json"))
            cursor = self.state.memories[cursor].superseded_by
        sources = []
        for prov in memory.provenance:
            for mid in prov.message_ids:
                episode_id = self.state.by_message.get((prov.chat_id or "", mid))
                if episode_id:
                    sources.append(self.state.episodes[episode_id].model_dump(mode="json"))
        edges = [
            {"source": s, "target": t, "type": k, **d, "other": self._item_text(t if s == memory.id else s)}
            for s, t, k, d in [
                *self.state.graph.out_edges(memory.id, keys=True, data=True),
                *self.state.graph.in_edges(memory.id, keys=True, data=True),
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
            "entities": [self.state.entities[i].model_dump(mode="json") for i in mentioned if i in self.state.entities],
        }

    async def list(
        self,
        *,
        kind: str | None = None,
        status: str | None = None,
        entity: str | None = None,
        tag: str | None = None,
        text: str | None = None,
        project: str | None = None,
        since: float | None = None,
        until: float | None = None,
        sort: str = "updated_at",
        descending: bool = True,
        offset: int = 0,
        limit: int = 50,
    ) -> dict[str, Any]:
        items = list(self.state.memories.values())
        if kind:
            items = [m for m in items if m.kind.value == kind]
        if status == "active":  # what retrieval may use: staged and confirmed
            items = [m for m in items if m.status in ACTIVE]
        elif status:
            items = [m for m in items if m.status.value == status]
        if tag:
            items = [m for m in items if tag in m.tags]
        if entity:
            target = self.state.entity_by_label(entity)
            linked = self.state.mentioned_by(target.id) if target else frozenset()
            items = [m for m in items if m.id in linked]
        if text:
            needle = text.casefold()
            items = [m for m in items if needle in m.text.casefold()]
        if project:
            items = [m for m in items if m.scope.project == project]
        if since is not None:
            items = [m for m in items if m.created_at >= since]
        if until is not None:
            items = [m for m in items if m.created_at <= until]
        if sort not in {"updated_at", "created_at", "confidence", "importance", "access_count"}:
            raise InvalidInput(f"cannot sort by {sort!r}")
        items.sort(key=lambda m: (getattr(m, sort), m.id), reverse=descending)
        return {"total": len(items), "items": [m.model_dump(mode="json") for m in items[offset : offset + limit]]}

    async def graph(
        self, center: str | None = None, *, hops: int = 1, edge_types: list[str] | None = None, limit: int = 300
    ) -> dict[str, Any]:
        """A neighbourhood of the typed graph to draw: around an entity (by name or alias), a memory or a
        message id, or, with no center, around the most mentioned entities. Never the whole graph."""
        if center:
            entity = self.state.entity_by_label(center)
            centers = [entity.id] if entity else [center] if center in self.state.graph else []
        else:
            centers = [e.id for e in sorted(self.state.entities.values(), key=lambda e: (-e.mention_count, e.name))[:5]]
        allowed = set(edge_types) if edge_types is not None else None
        nodes, edges, truncated = graphs.neighbourhood(self.state.graph, centers, max(1, min(hops, 4)), allowed, max(1, min(limit, 2000)))
        return {
            "nodes": [self._node_view(node, node in centers) for node in nodes],
            "edges": [{"source": s, "target": t, "type": k} for s, t, k in edges],
            "truncated": truncated,
            "missing": bool(center) and not centers,
        }

    def _node_view(self, node: str, focus: bool) -> dict[str, Any]:
        if node in self.state.memories:
            memory = self.state.memories[node]
            return {
                "id": node,
                "label": memory.text,
                "group": "memory",
                "kind": memory.kind.value,
                "status": memory.status.value,
                "focus": focus,
            }
        if node in self.state.episodes:
            return {"id": node, "label": self.state.episodes[node].text, "group": "episode", "focus": focus}
        entity = self.state.entities.get(node)
        return {
            "id": node,
            "label": entity.name if entity else node,
            "group": "entity",
            "type": entity.type.value if entity else None,
            "focus": focus,
        }

    async def edit(self, memory_id: str, text: str) -> Memory:
        """A user's correction: a new version supersedes the old one, which keeps its history."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput("new text is empty")
        async with self._lock:
            old = self._memory(memory_id)
            clean, _ = redact(text.strip())
            now = self.clock()
            new_id = MEMORY_PREFIX + stable_id(self.profile, old.id, str(old.version + 1), clean)
            new = lifecycle.edited(old, new_id, clean, now, text_hash(clean))
            batch = WriteBatch(memories=[new, lifecycle.supersede(old, new_id, now)])
            batch.edges.append(Edge(source=new_id, target=old.id, type=EdgeType.supersedes, created_at=now))
            for _, target, key in self.state.graph.out_edges(old.id, keys=True):
                if key in ("mentions", "derived_from"):
                    batch.edges.append(Edge(source=new_id, target=target, type=EdgeType(key), created_at=now))
            vectors = await self._embed([memory_embed_text(clean, old.subject)])
            if vectors and self.embedder:
                batch.vectors[new_id] = (self.embedder.model_id, vectors[0])
            await self._write(batch)
            return new

    async def confirm(self, memory_id: str) -> Memory:
        async with self._lock:
            memory = lifecycle.confirm(self._memory(memory_id), self.clock())
            await self._write(WriteBatch(memories=[memory]))
            return memory

    async def retract(self, memory_id: str) -> Memory:
        async with self._lock:
            memory = lifecycle.retract(self._memory(memory_id), self.clock())
            await self._write(WriteBatch(memories=[memory]))
            return memory

    async def feedback(self, memory_id: str, helpful: bool) -> Memory:
        async with self._lock:
            memory = lifecycle.feedback(self._memory(memory_id), bool(helpful), self.clock(), self.config.lifecycle)
            await self._write(WriteBatch(memories=[memory]))
            return memory

    async def forget(self, memory_id: str, *, with_episodes: bool = False) -> dict[str, list[str]]:
        """Erase a memory (and, when asked, the messages it came from) from the store and every index."""
        async with self._lock:
            memory = self._memory(memory_id)
            batch = WriteBatch(delete_memories=[memory.id], delete_vectors=[memory.id])
            episodes: list[str] = []
            if with_episodes:
                for prov in memory.provenance:
                    for mid in prov.message_ids:
                        episode_id = self.state.by_message.get((prov.chat_id or "", mid))
                        if episode_id:
                            episodes.append(episode_id)
                batch.delete_episodes = sorted(set(episodes))
                batch.delete_vectors += batch.delete_episodes
                batch.delete_vectors += [v for e in batch.delete_episodes for v in self.state.sentence_vectors.get(e, [])]
            gone = {memory.id, *episodes}
            batch.delete_edges = self._edges_of(gone)
            # Entities known only through what is forgotten go too: a name must not outlive its source.
            dropped = set(batch.delete_edges)
            linked = {t for _, t, _ in dropped if t in self.state.entities} | {s for s, _, _ in dropped if s in self.state.entities}
            for entity_id in sorted(linked):
                if set(self._edges_of({entity_id})) <= dropped:
                    batch.delete_entities.append(entity_id)
            pending = {k: [i for i in self._pending(k) if i not in gone] or None for k in (PENDING_EMBEDDING, PENDING_EXTRACTION)}
            batch.meta.update(pending)
            await self._write(batch)
            return {"memories": [memory.id], "episodes": batch.delete_episodes}

    def _edges_of(self, nodes: set[str]) -> list[tuple[str, str, str]]:
        graph = self.state.graph
        keys: set[tuple[str, str, str]] = set()
        for node in nodes:
            if node in graph:
                keys.update((s, t, k) for s, t, k in graph.out_edges(node, keys=True))
                keys.update((s, t, k) for s, t, k in graph.in_edges(node, keys=True))
        return sorted(keys)

    # -- maintenance -------------------------------------------------------------------------------
    async def maintain(self) -> dict[str, int]:
        """Lifecycle pass, co-retrieval links, orphan entities, community clusters. Cheap enough to run often."""
        async with self._lock:
            retried = await self._retry_pending(10_000)
            now = self.clock()
            batch = WriteBatch()
            report = {
                "retried": retried["extracted"] + retried["embedded"],
                "promoted": 0,
                "retracted": 0,
                "deleted": 0,
                "linked": 0,
                "orphans": 0,
                "clusters": 0,
            }
            for memory in list(self.state.memories.values()):
                changed, delete = lifecycle.maintenance_transitions(memory, now, self.config.lifecycle)
                if delete:
                    batch.delete_memories.append(memory.id)
                    batch.delete_vectors.append(memory.id)
                    report["deleted"] += 1
                    batch.delete_edges += self._edges_of({memory.id})
                elif changed is not None:
                    batch.memories.append(changed)
                    report["promoted" if changed.status is MemoryStatus.confirmed else "retracted"] += 1
            pairs: dict[tuple[str, str], int] = {}
            for group in self.state.meta.get("co_retrieved") or []:
                for i, a in enumerate(group):
                    for b in group[i + 1 :]:
                        pairs[(a, b)] = pairs.get((a, b), 0) + 1
            for (a, b), count in sorted(pairs.items()):
                if (
                    count >= 2
                    and a in self.state.memories
                    and b in self.state.memories
                    and not self.state.graph.has_edge(a, b, key="related_to")
                ):
                    batch.edges.append(
                        Edge(
                            source=a,
                            target=b,
                            type=EdgeType.related_to,
                            weight=min(1.0, 0.3 * count),
                            evidence=["co-retrieved"],
                            created_at=now,
                        )
                    )
                    report["linked"] += 1
            for entity in list(self.state.entities.values()):
                if entity.id not in self.state.graph or self.state.graph.degree(entity.id) == 0:
                    batch.delete_entities.append(entity.id)
                    report["orphans"] += 1
            active = {m.id for m in self.state.active_memories()} | set(self.state.entities)
            old_clusters = [(s, t, k) for s, t, k in self.state.graph.edges(keys=True) if k == "in_cluster"]
            batch.delete_edges += old_clusters
            for number, members in enumerate(graphs.communities(self.state.graph, active)):
                cluster = f"cluster:{number}"
                for member in sorted(members):
                    if member.startswith(MEMORY_PREFIX):
                        batch.edges.append(Edge(source=member, target=cluster, type=EdgeType.in_cluster, created_at=now))
                report["clusters"] += 1
            batch.meta["co_retrieved"] = None
            await self._write(batch)
            return report

    # -- export / import / stats ----------------------------------------------------------------------
    async def export(self) -> dict[str, Any]:
        snapshot = await self.store.load()
        document = ExportDocument(
            exported_at=self.clock(),
            profile=self.profile,
            memories=snapshot.memories,
            episodes=snapshot.episodes,
            entities=snapshot.entities,
            edges=snapshot.edges,
            meta={"embedding_model": self.embedder.model_id if self.embedder else None},
        )
        return document.model_dump(mode="json")

    async def import_(self, document: dict[str, Any] | str, *, dry_run: bool = False) -> dict[str, Any]:
        """Import an export document. Existing ids are conflicts and are kept as they are; nothing half-imported."""
        parsed = parse_export(document)
        report: dict[str, Any] = {"memories": 0, "episodes": 0, "entities": 0, "edges": 0, "unchanged": 0, "conflicts": []}
        batch = WriteBatch()
        for memory in parsed.memories:
            if memory.id in self.state.memories:
                if self.state.memories[memory.id] != memory:
                    report["conflicts"].append(memory.id)
                else:
                    report["unchanged"] += 1
                continue
            batch.memories.append(memory)
        batch.episodes = [e for e in parsed.episodes if e.id not in self.state.episodes]
        batch.entities = [e for e in parsed.entities if e.id not in self.state.entities]
        batch.edges = [e for e in parsed.edges if not self.state.graph.has_edge(e.source, e.target, key=e.type.value)]
        report.update(memories=len(batch.memories), episodes=len(batch.episodes), entities=len(batch.entities), edges=len(batch.edges))
        if dry_run:
            return report
        async with self._lock:
            items = [(m.id, memory_embed_text(m.text, m.subject)) for m in batch.memories]
            for episode in batch.episodes:
                items.extend(self._episode_texts(episode))
            vectors = await self._embed([text for _, text in items])
            if vectors is not None and self.embedder is not None:
                batch.vectors = {i: (self.embedder.model_id, v) for (i, _), v in zip(items, vectors, strict=True)}
            await self._write(batch)
        return report

    async def stats(self, timeline: bool = False) -> dict[str, Any]:
        """Counts, pending work, storage used; with ``timeline``, memories created per day (a pass over all
        of them: the inspector asks for it, a chat page refreshing its counts after each change does not)."""
        by_kind: dict[str, int] = {}
        by_status: dict[str, int] = {}
        for memory in self.state.memories.values():
            by_kind[memory.kind.value] = by_kind.get(memory.kind.value, 0) + 1
            by_status[memory.status.value] = by_status.get(memory.status.value, 0) + 1
        top = sorted(self.state.entities.values(), key=lambda e: (-e.mention_count, e.name))[:10]
        return {
            "memories": len(self.state.memories),
            "episodes": len(self.state.episodes),
            "entities": len(self.state.entities),
            "edges": len(self.state.graph.edges),  # twice as fast as number_of_edges() on a multigraph
            "by_kind": by_kind,
            "by_status": by_status,
            "top_entities": [{"name": e.name, "mentions": e.mention_count} for e in top],
            "pending": {k: len(self._pending(k)) for k in (PENDING_EXTRACTION, PENDING_EMBEDDING)},
            "gaps": len(self.state.meta.get("gaps") or []),
            "counters": dict(self.counters),
            "storage": await self.store.usage(),
            "embedding_model": self.embedder.model_id if self.embedder else None,
        } | ({"timeline": _timeline(self.state.memories.values())} if timeline else {})

    async def export_markdown(self) -> str:
        from memlace.markdown import export_markdown

        return export_markdown(parse_export(await self.export()))

    async def close(self) -> None:
        await self.store.close()


def _timeline(memories: Iterable[Memory]) -> dict[str, Any]:
    """Memories created per UTC day, one series per kind, over every day from the first to the last."""
    counts: dict[int, dict[str, int]] = {}
    for memory in memories:
        day = int(memory.created_at // 86400) * 86400
        by_kind = counts.setdefault(day, {})
        by_kind[memory.kind.value] = by_kind.get(memory.kind.value, 0) + 1
    if not counts:
        return {"days": [], "series": {}}
    last = max(counts)
    first = min(min(counts), last - 6 * 86400)  # at least a week, so a single day still reads as a plot
    days = list(range(first, last + 1, 86400))[-366:]  # at most a year of days to draw
    kinds = sorted({kind for by_kind in counts.values() for kind in by_kind})
    return {"days": days, "series": {kind: [counts.get(day, {}).get(kind, 0) for day in days] for kind in kinds}}


def parse_export(document: dict[str, Any] | str) -> ExportDocument:
    """Validate an export document; malformed or unknown versions raise ImportFormatError."""
    import json

    if isinstance(document, str):
        try:
            document = json.loads(document)
        except ValueError as error:
            raise ImportFormatError(f"not JSON: {error}") from error
    if not isinstance(document, dict) or document.get("format") != "memlace-export":
        raise ImportFormatError("not a memlace export (missing format: memlace-export)")
    version = document.get("schema_version")
    if version != SCHEMA_VERSION:
        raise ImportFormatError(f"unknown export schema version {version!r}; this memlace reads version {SCHEMA_VERSION}")
    try:
        return ExportDocument.model_validate(document)
    except ValidationError as error:
        first = error.errors()[0]
        raise ImportFormatError(f"invalid export: {first['msg']} at {'/'.join(map(str, first['loc']))}") from error


class _NoVectors:
    def upsert(self, ids: list[str], vectors: list[list[float]]) -> None: ...
    def remove(self, ids: list[str]) -> None: ...
    def search(self, vector: list[float], k: int, prefix: str | None = None) -> list[tuple[str, float]]:
        return []

    def get(self, item_id: str) -> list[float] | None:
        return None

    def __len__(self) -> int:
        return 0
