"""Growth stops short of a full store, keeping a reserve in which a user's corrections still fit (SQLite
with a byte limit here; the same in real Chromium under a lowered quota in tests/e2e/test_pages.py)."""

from __future__ import annotations

import pytest

from memlace.engine.reserve import RESERVE_MIN, WriteBatch, approx_bytes, grows, reserve_for
from memlace.errors import StorageFull
from memlace.memory import Memlace
from memlace.models import MemoryStatus
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores.sqlite import SQLiteStore
from tests.fakes import Clock, HashingEmbedder


def msg(n: int, text: str | None = None) -> dict:
    filler = " ".join(f"word{n}x{i}" for i in range(120))  # distinct, so nothing merges and nothing compresses
    body = text or f"My cousin number {n} moved to city {n}. {filler}"
    return {"text": body, "chat_id": "c", "message_id": f"m{n}", "timestamp": 1_700_000_000.0 + n * 60}


def test_the_reserve_is_a_share_of_the_limit_within_bounds() -> None:
    assert reserve_for(1_000_000) == RESERVE_MIN
    assert reserve_for(1_000_000_000) == 20_000_000
    assert reserve_for(10**13) == 32 * 1024 * 1024
    assert not grows(WriteBatch(delete_memories=["m-1"], meta={"queue": None}))
    assert grows(WriteBatch(meta={"queue": ["e-1"]}))
    assert approx_bytes(WriteBatch(vectors={"m-1": ("model", [0.0] * 384)})) > 384 * 4


async def test_growth_stops_at_the_reserve_and_corrections_use_it(tmp_path, clock: Clock) -> None:  # type: ignore[no-untyped-def]
    store = SQLiteStore(tmp_path / "m.sqlite")
    used, _ = await store.room() or (0, 0)
    store.limit = used + RESERVE_MIN + 300_000  # room for a few dozen messages above the reserve
    embedder = HashingEmbedder()
    engine = await Memlace.open(store, embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), clock=clock)
    first = await engine.ingest(msg(0, "I live in Oslo. I prefer green tea."))
    stored = 1
    with pytest.raises(StorageFull) as full:
        for n in range(1, 500):
            await engine.ingest(msg(n))
            stored += 1
    assert full.value.code == "storage_full" and 10 < stored < 500
    assert "kept so that corrections and forgetting still work" in str(full.value)
    assert len((await store.load()).episodes) == stored  # the refused message changed nothing
    used, limit = await store.room() or (0, 0)
    assert used <= limit - RESERVE_MIN  # the reserve is still free

    # Every kind of correction fits in the reserve, and growth stays refused meanwhile.
    tea, oslo = sorted(first.created, key=lambda i: "tea" in engine.state.memories[i].text, reverse=True)
    assert (await engine.retract(tea)).status is MemoryStatus.retracted
    edited = await engine.edit(oslo, "User lives in Bergen")
    assert (await engine.confirm(edited.id)).status is MemoryStatus.confirmed
    await engine.feedback(edited.id, helpful=True)
    with pytest.raises(StorageFull):
        await engine.ingest(msg(9999))
    request = await engine.ingest(msg(10_000, "Please forget that I live in Bergen."))
    assert request.forgotten == [edited.id]
    assert edited.id in (await engine.undo(request.episode_id))["restored"]  # and "Undo" puts it back
    # Forgetting frees space (SQLite reuses freed pages at once), and new messages fit again.
    cousins = [m.id for m in engine.state.memories.values() if "cousin" in m.text][:30]
    for memory_id in cousins:
        await engine.forget(memory_id, with_episodes=True)
    assert (await engine.ingest(msg(10_001, "I keep bees on the roof."))).created
    reopened = await Memlace.open(SQLiteStore(tmp_path / "m.sqlite"), clock=clock)
    texts = {m.text: m.status for m in reopened.state.memories.values()}
    assert texts["User lives in Bergen"] is MemoryStatus.confirmed and "User keeps bees on the roof" in texts
