"""Retrieval: the query's plan, its vector, the ranking (pure, in core.retrieve), the optional LLM
selector, and a note of what was used. Nothing here writes: the note waits for the next write."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from memlace import recipes
from memlace.config import RetrievalConfig
from memlace.core.conflicts import CONFLICT
from memlace.core.pack import render_pack
from memlace.core.query import plan_query
from memlace.core.retrieve import rank
from memlace.core.secrets import redact
from memlace.engine import vectors
from memlace.engine.context import Engine
from memlace.errors import InvalidInput, MessageTooLarge
from memlace.models import ContextPack
from memlace.validation import clean_text

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


class _NoVectors:
    def upsert(self, ids: list[str], vectors: Sequence[Sequence[float]]) -> None: ...
    def remove(self, ids: list[str]) -> None: ...
    def search(self, vector: list[float], k: int, prefix: str | None = None) -> list[tuple[str, float]]:
        return []

    def get(self, item_id: str) -> list[float] | None:
        return None

    def __len__(self) -> int:
        return 0


async def retrieve(
    engine: Engine,
    query: str,
    *,
    limit: int | None = None,
    include_inactive: bool = False,
    project: str | None = None,
    track: bool = True,
    trace: dict[str, list[tuple[str, float]]] | None = None,
    chat_id: str | None = None,
    shadow: dict[str, Any] | None = None,
) -> ContextPack:
    """The pack for a message; ``chat_id`` names its conversation, whose repeated messages get the pack kept
    for them (until a change could alter it: see pack_cache). With a shadow trial on the profile, the trial's
    recipe is ranked too and the difference goes into ``shadow`` and the engine's shadow log."""
    if not isinstance(query, str):
        raise InvalidInput("the query must be text")
    if len(query) > engine.config.max_message_chars:
        raise MessageTooLarge(f"the query has {len(query)} characters; the limit is {engine.config.max_message_chars}")
    query = clean_text(query)
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 200):
        raise InvalidInput("limit must be a whole number from 1 to 200")
    started = engine.clock()
    key = engine.packs.key(query, limit, include_inactive, project)
    conversation = chat_id or ""
    kept = engine.packs.get(conversation, key, engine.generation, started) if trace is None else None
    if kept is not None:
        kept.query, kept.cached = query, True
        spent = round((engine.clock() - started) * 1000.0, 3)
        kept.timings_ms = {"cache": spent, "total": spent}
        if track and kept.skipped is None:
            engine.usage.note(kept, engine.clock())
        return kept
    generation = engine.generation  # a write while the query is embedded must not be hidden by this pack
    plan = plan_query(engine.state, query, started)
    vector = None
    if not plan.skip and engine.embedder is not None:
        embedded = await vectors.embed(engine, [plan.search_text])
        vector = embedded[0] if embedded else None
    embed_ms = (engine.clock() - started) * 1000.0
    trying = recipes.trial(engine.state.meta)
    live = trying[0].apply(engine.config.retrieval) if trying and trying[1] == "on" else engine.config.retrieval

    def ranked(config: RetrievalConfig, stages: dict[str, list[tuple[str, float]]] | None) -> ContextPack:
        return rank(
            engine.state,
            engine.index or _NoVectors(),
            plan,
            vector,
            now=engine.clock(),
            config=config,
            clock=engine.clock,
            limit=limit,
            include_inactive=include_inactive,
            profile=engine.profile,
            project=project,
            trace=stages,
            calibrated=engine.embedder is None or engine.embedder.model_id.startswith(config.calibrated_for),
        )

    pack = ranked(live, trace)
    if trying and trying[1] == "shadow" and not plan.skip:  # beside the live pack, never instead of it
        difference = recipes.difference(pack, ranked(trying[0].apply(engine.config.retrieval), None), trying[0].key)
        engine.shadow_log.append({"query": redact(query[:200])[0], "at": engine.clock(), **difference})
        if shadow is not None:
            shadow.update(difference)
    pack.timings_ms["embed"] = round(embed_ms, 3)
    degraded = vector is None and engine.embedder is not None and not plan.skip
    if degraded:
        pack.warnings.append("vector search unavailable: ranked by keywords and graph only")
    if engine.selector is not None and pack.items:
        fallbacks = engine.counters["selector_fallbacks"]
        pack = await _select(engine, pack)
        degraded = degraded or engine.counters["selector_fallbacks"] > fallbacks
    if track and not plan.skip:
        engine.usage.note(pack, engine.clock())
    if trace is None and not degraded:  # a pack made without a model that failed is not worth keeping
        engine.packs.put(conversation, key, generation, started, pack)
    return pack


async def _select(engine: Engine, pack: ContextPack) -> ContextPack:
    """Ask the selector about the medium band only, within the time budget; keep the fused order on failure."""
    config = engine.config.retrieval
    selector = engine.selector
    top = max(item.score for item in pack.items) or 1.0
    medium = [i for i, item in enumerate(pack.items) if config.select_low <= item.score / top < config.select_high]
    if not medium or selector is None:
        return pack
    try:
        chosen = await asyncio.wait_for(
            selector.select(pack.query, [pack.items[i].text for i in medium]), timeout=config.select_budget_ms / 1000.0
        )
    except Exception:
        engine.counters["selector_fallbacks"] += 1
        pack.warnings.append("selection unavailable: kept the fused order")
        return pack
    kept = set(chosen)
    dropped = {medium[i] for i in range(len(medium)) if i not in kept}
    pack.items = [item for i, item in enumerate(pack.items) if i not in dropped]
    for position, item in enumerate(pack.items, 1):
        item.rank = position
    conflicts = [w for w in pack.warnings if w.startswith(CONFLICT)]
    pack.text = render_pack(engine.state, pack.items, config.pack_chars, conflicts)
    return pack


async def trace(engine: Engine, query: str, limit: int | None = None) -> dict[str, Any]:
    """The pack for a query plus each stage's best candidates and scores: how retrieval got there."""
    from memlace.engine.inspection import item_text

    stages: dict[str, list[tuple[str, float]]] = {}
    shadow: dict[str, Any] = {}
    pack = await retrieve(engine, query, limit=limit, track=False, trace=stages, shadow=shadow)
    in_pack = {item.id for item in pack.items}
    return {
        "pack": pack.model_dump(mode="json"),
        "shadow": shadow or None,  # what the profile's shadow recipe would have given instead
        "stages": [
            {
                "stage": stage,
                "title": title,
                "explains": explains,
                "items": [
                    {"id": i, "text": item_text(engine, i), "score": round(score, 4), "in_pack": i in in_pack}
                    for i, score in stages.get(stage, [])
                ],
            }
            for stage, title, explains in TRACE_STAGES
        ],
    }
