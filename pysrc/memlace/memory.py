"""The Memlace facade: the one public entry. It opens the engine over injected ports, takes the write
lock for every change, and delegates each call to the part that owns it (see ``memlace.engine``).

The browser worker and the CLI use only this class.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from memlace import recipes
from memlace.config import Config
from memlace.core.bm25 import BM25Index
from memlace.core.extract import HeuristicExtractor
from memlace.core.merge import Replica, Stamp
from memlace.core.state import MemoryState
from memlace.engine import bulk, commands, conversations, ingestion, inspection, retrieval, sync, tools, transfer, undo, vectors
from memlace.engine.context import Engine
from memlace.engine.ingestion import IngestResult
from memlace.engine.transfer import parse_export
from memlace.errors import InvalidInput
from memlace.models import ContextPack, Memory, Message
from memlace.ports import Classifier, Embedder, Extractor, Selector, Store, VectorIndex, WriteBatch
from memlace.validation import parse_message

__all__ = ["IngestResult", "Memlace", "parse_export"]

USAGE_FLUSH_S = 2.0  # what retrieval noted is written this long after the last retrieval, if no write came first


class Memlace:
    """Open with ``await Memlace.open(store, embedder=..., vector_index=...)``."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._flush_timer: asyncio.TimerHandle | None = None
        self._flushing: asyncio.Task[None] | None = None

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
        engine = Engine(
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
        memory = cls(engine)
        await memory._load()
        return memory

    # -- what callers may look at -----------------------------------------------------------------
    @property
    def state(self) -> MemoryState:
        return self._engine.state

    @property
    def store(self) -> Store:
        return self._engine.store

    @property
    def config(self) -> Config:
        return self._engine.config

    @property
    def profile(self) -> str:
        return self._engine.profile

    @property
    def embedder(self) -> Embedder | None:
        return self._engine.embedder

    @property
    def vectors_waiting(self) -> int:
        """Items still without a vector from the current model (found by keywords and the graph meanwhile)."""
        return len(self._engine.unembedded)

    @property
    def index(self) -> VectorIndex | None:
        return self._engine.index

    @property
    def counters(self) -> dict[str, int]:
        return self._engine.counters

    @property
    def read_only(self) -> bool:
        return self._engine.read_only

    @read_only.setter
    def read_only(self, value: bool) -> None:
        self._engine.read_only = value

    # -- opening, models ------------------------------------------------------------------------
    async def _load(self) -> None:
        engine = self._engine
        snapshot = await engine.store.load()
        engine.quarantined = [*snapshot.quarantined, *engine.state.load(snapshot)]
        engine.rebuild_hashes()
        await vectors.load(engine)

    async def reload(self) -> None:
        """Forget the in-memory view and load it again from the store (after writes made around the engine)."""
        async with self._engine.writing():
            vectors.unload(self._engine)
            self._engine.sync_changes = None  # written around the engine: sync's next push compares everything
            self._engine.state = MemoryState(self._engine.config.retrieval, self._engine.keyword_index)
            await self._load()
            self._engine.changed()

    async def use_embedder(self, embedder: Embedder, vector_index: VectorIndex) -> None:
        """Switch embedding models: vectors of the new model are used at once, the rest are embedded by
        ``embed_pending`` / ``retry_pending`` while keywords and the graph keep answering."""
        async with self._engine.writing(flush_usage=False):
            vectors.unload(self._engine)
            self._engine.embedder, self._engine.index = embedder, vector_index
            await vectors.load(self._engine)
            self._engine.changed()

    def use_models(self, *, extractor: Extractor | None, selector: Selector | None, classifier: Classifier | None) -> None:
        """A model arrived (or left): None keeps the offline extractor, and no selection or classification."""
        engine = self._engine
        engine.extractor = extractor or HeuristicExtractor()
        engine.selector, engine.classifier = selector, classifier
        engine.changed()  # a pack chosen with (or without) the selector is not the one it would choose now

    # -- ingestion ---------------------------------------------------------------------------
    def validate(self, message: Message | dict[str, Any]) -> Message:
        """A message checked at the boundary (text, size, times, numbers, Unicode); InvalidInput if not."""
        return parse_message(message, self._engine.config.max_message_chars)

    async def ingest(self, message: Message | dict[str, Any]) -> IngestResult:
        return (await self.ingest_many([message]))[0]

    async def ingest_many(self, messages: Iterable[Message | dict[str, Any]], *, turn_vectors_later: bool = False) -> list[IngestResult]:
        """Ingest messages in order; every one is validated before anything is written. A bulk import passes
        ``turn_vectors_later``: the messages' own vectors are made afterwards (``embed_pending``), their
        memories at once."""
        parsed = [self.validate(m) for m in messages]
        async with self._engine.writing():
            return await ingestion.ingest_many(self._engine, parsed, turn_vectors_later=turn_vectors_later)

    async def undo(self, episode_id: str) -> dict[str, Any]:
        """Undo what one of the last messages changed in memory (what it made, replaced, merged or forgot)."""
        async with self._engine.writing():
            return await undo.undo(self._engine, episode_id)

    async def run_tool(
        self, name: str, arguments: dict[str, Any] | None, *, chat_id: str, message_id: str, call_id: str, error: str | None = None
    ) -> dict[str, Any]:
        """Run a memory tool the chat model called answering the stored message (chat_id, message_id):
        search_memory, remember, update_memory or forget_memory. A refused call is an answer
        ({"ok": false, "error": ...}) for the model, and every call is logged on the message."""
        async with self._engine.writing():
            return await tools.run(
                self._engine, chat_id=chat_id, message_id=message_id, call_id=call_id, name=name, arguments=arguments, error=error
            )

    async def recipes(self) -> dict[str, Any]:
        """The retrieval recipes, the profile's trial (off, or a recipe in shadow or on) and the shadow log."""
        trying = recipes.trial(self._engine.state.meta)
        log = list(self._engine.shadow_log)
        return {
            "recipes": [{"key": r.key, "about": r.about, "changes": r.changes} for r in recipes.RECIPES.values()],
            "trial": {"recipe": trying[0].key, "mode": trying[1]} if trying else {"recipe": None, "mode": "off"},
            "shadow": {"runs": len(log), "changed": sum(1 for d in log if not d["same"]), "recent": log[-20:]},
        }

    async def try_recipe(self, recipe: str | None, mode: str) -> dict[str, Any]:
        """Set the profile's retrieval trial: mode "shadow" ranks `recipe` beside the live one and records the
        difference (nothing the user sees changes), "on" makes it the live recipe, "off" ends the trial."""
        record = recipes.trial_record(recipe, mode)
        async with self._engine.writing():
            await self._engine.write_making_room(WriteBatch(meta={recipes.TRIAL_KEY: record}))
            self._engine.shadow_log.clear()
        return await self.recipes()

    async def retry_pending(self, limit: int = 10_000) -> dict[str, int]:
        """Re-run extraction and embedding that failed earlier (at most `limit` items of each)."""
        async with self._engine.writing():
            extracted = await ingestion.retry_extractions(self._engine, limit)
            embedded = await vectors.embed_pending(self._engine, limit)
            return {"extracted": extracted, "embedded": embedded}

    async def embed_pending(self, limit: int = 64) -> int:
        """Embed up to `limit` items still waiting for vectors (after a model arrives or changes); how many were."""
        async with self._engine.writing():
            return await vectors.embed_pending(self._engine, limit)

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
        chat_id: str | None = None,
    ) -> ContextPack:
        """The context pack for a message; `chat_id` (its conversation) lets a repeated message reuse its pack."""
        pack = await retrieval.retrieve(
            self._engine, query, limit=limit, include_inactive=include_inactive, project=project, track=track, trace=trace, chat_id=chat_id
        )
        if self._engine.usage and not self._engine.read_only:
            self._schedule_flush()
        return pack

    async def search(self, query: str, limit: int = 20) -> ContextPack:
        return await self.retrieve(query, limit=limit, track=False)

    async def trace(self, query: str, limit: int | None = None) -> dict[str, Any]:
        """The pack for a query plus each stage's best candidates and scores: how retrieval got there."""
        return await retrieval.trace(self._engine, query, limit)

    def _schedule_flush(self) -> None:
        """A write soon after retrieval, unless another write carries the note first (one writer, debounced)."""
        if self._flush_timer is not None:
            return
        loop = asyncio.get_running_loop()

        def start() -> None:
            self._flush_timer = None
            self._flushing = loop.create_task(self.flush())

        self._flush_timer = loop.call_later(USAGE_FLUSH_S, start)

    async def flush(self) -> None:
        """Write what retrieval noted (access counts, memories used together, queries that found nothing)."""
        if self._engine.read_only:
            return
        async with self._engine.writing():
            pass

    # -- inspection ---------------------------------------------------------------------------
    async def get(self, item_id: str) -> dict[str, Any]:
        """A memory with its history (versions, supersessions) and the messages it came from; or an episode."""
        return inspection.get(self._engine, item_id)

    async def list_memories(self, **filters: Any) -> dict[str, Any]:
        """Memories filtered (kind, status, entity, tag, text, project, since, until), sorted and paged; the
        text matches words in any form and, with the local model, meaning."""
        return inspection.list_memories(self._engine, **await self._with_meaning(filters))

    async def bulk(self, action: str, **filters: Any) -> dict[str, Any]:
        """One correction (confirm, retract, forget) for every memory the filters match, in one write."""
        filters = await self._with_meaning(filters)
        async with self._engine.writing():
            return await bulk.bulk(self._engine, action, inspection.matching(self._engine, **filters))

    async def _with_meaning(self, filters: dict[str, Any]) -> dict[str, Any]:
        """A text filter also matches by meaning: the memories close to the text, found with the model."""
        if filters.get("text"):
            filters["similar"] = await vectors.similar_memories(self._engine, filters["text"])
        return filters

    async def graph(
        self, center: str | None = None, *, hops: int = 1, edge_types: list[str] | None = None, limit: int = 300
    ) -> dict[str, Any]:
        """A neighbourhood of the typed graph to draw (never the whole graph)."""
        return inspection.graph(self._engine, center, hops=hops, edge_types=edge_types, limit=limit)

    async def stats(self, timeline: bool = False) -> dict[str, Any]:
        return await inspection.stats(self._engine, timeline)

    # -- corrections and maintenance -----------------------------------------------------------------
    async def edit(self, memory_id: str, text: str) -> Memory:
        """A user's correction: a new version supersedes the old one, which keeps its history."""
        async with self._engine.writing():
            return await commands.edit(self._engine, memory_id, text)

    async def confirm(self, memory_id: str) -> Memory:
        async with self._engine.writing():
            return await commands.confirm(self._engine, memory_id)

    async def retract(self, memory_id: str) -> Memory:
        async with self._engine.writing():
            return await commands.retract(self._engine, memory_id)

    async def feedback(self, memory_id: str, helpful: bool) -> Memory:
        async with self._engine.writing():
            return await commands.feedback(self._engine, memory_id, bool(helpful))

    async def forget(self, memory_id: str, *, with_episodes: bool = False) -> dict[str, list[str]]:
        """Erase a memory (and, when asked, the messages it came from) from the store and every index."""
        async with self._engine.writing():
            return await commands.forget(self._engine, memory_id, with_episodes=with_episodes)

    # -- conversations --------------------------------------------------------------------------------
    async def chats(self, *, limit: int = 200) -> dict[str, Any]:
        """The chats memory holds, most recently active first, with a title and dates."""
        return conversations.chats(self._engine, limit)

    async def conversation(self, chat_id: str, *, limit: int = 1000) -> dict[str, Any]:
        """One chat's latest messages, oldest first (to show it again and go on with it)."""
        return conversations.conversation(self._engine, chat_id, limit)

    async def forget_chat(self, chat_id: str, *, with_memories: bool = False) -> dict[str, list[str]]:
        """Erase a chat's messages, and with `with_memories` the memories that came only from it."""
        async with self._engine.writing():
            return await conversations.forget_chat(self._engine, chat_id, with_memories=with_memories)

    async def forget_everything(self) -> dict[str, int]:
        """Erase the whole profile (offer an export first: this cannot be undone); how much was erased."""
        async with self._engine.writing():
            return await commands.forget_everything(self._engine)

    async def maintain(self) -> dict[str, int]:
        """Retry what failed, then the lifecycle pass, co-retrieval links, orphan entities and clusters."""
        async with self._engine.writing():
            retried = await ingestion.retry_extractions(self._engine, 10_000) + await vectors.embed_pending(self._engine, 10_000)
            return {"retried": retried, **await commands.maintain(self._engine)}

    # -- export and import ---------------------------------------------------------------------------
    async def export(self) -> dict[str, Any]:
        return await transfer.export(self._engine)

    async def export_markdown(self) -> str:
        from memlace.markdown import export_markdown

        return export_markdown(parse_export(await self.export()))

    async def import_(
        self, document: dict[str, Any] | str, *, dry_run: bool = False, resolutions: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """Import an export document; nothing half-imported. An id held here with other content is a conflict,
        shown side by side in the report: kept as it is unless ``resolutions`` says "replace" or "both" for it."""
        parsed = parse_export(document)
        if dry_run:
            return transfer.plan_import(self._engine, parsed, resolutions)[1]
        async with self._engine.writing():
            return await transfer.import_(self._engine, parsed, resolutions)

    # -- sync between devices (the replication runs elsewhere; see engine/sync.py) --------------------------
    async def sync_push(
        self,
        replicas: sync.ReplicaStore,
        device: str,
        clock: Stamp | None,
        now_ms: int,
        *,
        limit: int | None = None,
        full: bool = False,
    ) -> tuple[Stamp | None, list[Replica]]:
        """What changed here since the last push, as replicas stamped by this device's clock (at most ``limit``
        of them: ``sync_unsent`` says whether more wait). ``full``: compare every record with its replica, as
        the first push of a sync session does (sync turned off and on again, say, to another server)."""
        async with self._engine.writing():
            if full:
                self._engine.sync_changes = None
            return await sync.push(self._engine, replicas, device, clock, now_ms, limit)

    def sync_unsent(self) -> bool:
        return sync.has_unsent(self._engine)

    async def sync_pull(
        self,
        replicas: sync.ReplicaStore,
        incoming: list[Replica],
        device: str,
        now_ms: int,
        vectors: dict[str, tuple[str, Sequence[float]]] | None = None,
    ) -> tuple[dict[str, int], list[tuple[str, str]]]:
        """Other devices' replicas (and the vectors that came with them) merged into this store; also the keys
        of records changed here and not yet pushed that the merge took in (their merged replicas are to be sent)."""
        return await sync.pull(self._engine, replicas, incoming, device, now_ms, vectors)

    def sync_vectors(self, replicas: list[Replica]) -> dict[str, dict[str, list[float]]]:
        """The vectors that go with these records (by record id, then vector id)."""
        return sync.vectors_of(self._engine, replicas)

    @property
    def model_id(self) -> str | None:
        """The embedding model whose vectors this memory searches (None: keywords and graph only)."""
        return self._engine.embedder.model_id if self._engine.embedder else None

    async def close(self) -> None:
        if self._flush_timer is not None:
            self._flush_timer.cancel()
            self._flush_timer = None
        if self._engine.usage and not self._engine.read_only:
            await self.flush()
        await self._engine.store.close()

    list = list_memories  # the public name; defined last so that annotations above mean the builtin
