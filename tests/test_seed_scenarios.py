"""The reference systems' own scenarios, end to end with the product's default embedder."""

from __future__ import annotations

import pytest

from memlace.config import DAY
from memlace.memory import Memlace
from memlace.models import EntityType, MemoryStatus
from tests.fakes import Clock

pytestmark = pytest.mark.model


def msg(text: str, n: int, ts: float) -> dict:
    return {"text": text, "chat_id": "chat-1", "message_id": f"m{n}", "timestamp": ts}


async def test_deeprune_example(real_engine: Memlace, clock: Clock) -> None:
    await real_engine.ingest(msg("I'm William, I'm 22 and I work on DeepRune with Dr. Tran", 1, clock.now))
    await real_engine.ingest(msg("DeepRune is a chip design project. I use C and Python for DeepRune.", 2, clock.now + 60))
    deeprune = real_engine.state.entity_by_label("deeprune")
    assert deeprune is not None and deeprune.type is EntityType.project and deeprune.mention_count == 2
    pack = await real_engine.retrieve("What do I know about DeepRune?")
    memories = [i for i in pack.items if i.type == "memory"]
    texts = [i.text for i in memories]
    assert "User works on DeepRune with Dr. Tran" in texts and "DeepRune is a chip design project" in texts
    assert any("entity" in i.reason.sources and "DeepRune" in i.reason.entities for i in memories)
    assert "DeepRune" in pack.text and pack.items[0].entities


async def test_nyc_to_sf_supersession(real_engine: Memlace, clock: Clock) -> None:
    nyc = (await real_engine.ingest(msg("I live in NYC.", 1, clock.now))).created[0]
    clock.advance(90 * DAY)
    result = await real_engine.ingest(msg("I just moved to SF!", 2, clock.now))
    assert result.superseded == [nyc]
    assert real_engine.state.memories[nyc].status is MemoryStatus.superseded
    pack = await real_engine.retrieve("Where do I live?")
    memory_texts = [i.text for i in pack.items if i.type == "memory"]
    assert "User lives in SF" in memory_texts and "User lives in NYC" not in memory_texts
    history = await real_engine.get(real_engine.state.memories[nyc].superseded_by or "")
    assert history["supersedes"][0]["text"] == "User lives in NYC" and history["supersedes"][0]["valid_to"] is not None


async def test_dark_mode_finds_dark_theme_by_meaning(real_engine: Memlace, clock: Clock) -> None:
    created = (await real_engine.ingest(msg("I prefer dark theme in every editor.", 1, clock.now))).created[0]
    for n, text in enumerate(["I live in Oslo.", "My brother plays football.", "I work at Acme as an engineer."], start=2):
        await real_engine.ingest(msg(text, n, clock.now + n))
    pack = await real_engine.retrieve("User likes dark mode")
    top = next(i for i in pack.items if i.type == "memory")
    assert top.id == created and "vector" in top.reason.sources and top.reason.scores["vector"] > 0.5


async def test_paraphrase_merges_but_a_different_fact_does_not(real_engine: Memlace, clock: Clock) -> None:
    first = (await real_engine.ingest(msg("I really love hiking in the mountains.", 1, clock.now))).created[0]
    again = await real_engine.ingest(msg("I really love hiking in mountains.", 2, clock.now + 60))
    other = await real_engine.ingest(msg("I really love swimming in the sea.", 3, clock.now + 120))
    assert again.merged == [first]
    assert other.created and other.created[0] != first
