"""Conversations as the chat page shows them: the list (newest first, titled), one chat in order, and
deleting a chat with or without the memories that came only from it, over SQLite and through the RPC."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from memlace.errors import InvalidInput, NotFound
from memlace.memory import Memlace
from memlace.models import MemoryStatus


def turn(chat: str, n: int, text: str, role: str = "user", **extra: object) -> dict[str, object]:
    return {"text": text, "chat_id": chat, "message_id": f"{chat}-{n}", "role": role, "timestamp": 1_700_000_000.0 + n * 60, **extra}


async def two_chats(engine: Memlace) -> None:
    await engine.ingest_many(
        [
            turn("trip", 1, "I'm planning a trip to Japan in April and I'm allergic to shellfish."),
            turn("trip", 2, "Lovely, April is cherry blossom season.", role="assistant"),
            turn("garden", 10, "My tomatoes keep splitting, why?", title="Tomato trouble"),
            turn("garden", 11, "Uneven watering is the usual cause.", role="assistant"),
            turn("garden", 12, "I'm allergic to shellfish, by the way."),
        ]
    )


async def test_chats_are_listed_newest_first_with_titles_and_read_back_in_order(engine: Memlace) -> None:
    await two_chats(engine)
    listed = await engine.chats()
    assert listed["total"] == 2 and [c["chat_id"] for c in listed["chats"]] == ["garden", "trip"]
    garden, trip = listed["chats"]
    assert garden["title"] == "Tomato trouble" and garden["messages"] == 3  # an imported title wins
    assert trip["title"] == "I'm planning a trip to Japan in April and I'm allergic to…"  # else the first words
    assert trip["started"] < trip["last"]
    chat = await engine.conversation("trip")
    assert [(m["role"], m["text"][:8]) for m in chat["messages"]] == [("user", "I'm plan"), ("assistant", "Lovely, ")]
    assert (await engine.conversation("garden", limit=1))["messages"][0]["message_id"] == "garden-12"  # the latest
    with pytest.raises(NotFound):
        await engine.conversation("nowhere")
    with pytest.raises(InvalidInput):
        await engine.chats(limit=0)


async def test_forgetting_a_chat_keeps_or_takes_its_memories_and_never_one_said_elsewhere(local_embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from memlace.local import open_local

    database = tmp_path / "chats.sqlite"
    engine = await open_local(database, embedder=local_embedder)
    await two_chats(engine)

    def active_texts(memory: Memlace) -> set[str]:
        return {m.text for m in memory.state.memories.values() if m.status in (MemoryStatus.staged, MemoryStatus.confirmed)}

    before = active_texts(engine)
    assert {"User is allergic to shellfish"} <= before and any("Japan" in t for t in before), before
    result = await engine.forget_chat("trip", with_memories=True)
    assert len(result["episodes"]) == 2
    after = active_texts(engine)
    assert "User is allergic to shellfish" in after  # heard in the garden chat too: it stays
    assert not any("Japan" in t for t in after)  # said only in the trip chat: gone
    kept = await engine.forget_chat("garden")  # without memories: the messages go, what was learned stays
    assert kept["memories"] == [] and "User is allergic to shellfish" in active_texts(engine)
    assert (await engine.chats())["total"] == 0
    await engine.close()
    reopened = await open_local(database, embedder=local_embedder)  # and so it stays
    assert not reopened.state.episodes and "User is allergic to shellfish" in active_texts(reopened)
    assert not (await reopened.retrieve("Japan trip in April", track=False)).items
    await reopened.close()


async def test_the_worker_answers_chats_and_forget_chat(engine: Memlace) -> None:
    from memlace.rpc import Worker

    await two_chats(engine)
    worker = Worker(engine)

    async def call(method: str, **params: object) -> dict:
        return json.loads(await worker.handle(json.dumps({"protocol": 1, "method": method, "params": params})))

    assert [c["chat_id"] for c in (await call("chats"))["result"]["chats"]] == ["garden", "trip"]
    assert (await call("conversation", chat_id="trip"))["result"]["total"] == 2
    assert (await call("forget_chat", chat_id="trip"))["result"]["episodes"]
    assert (await call("conversation", chat_id="trip"))["error"]["code"] == "not_found"
    assert (await call("conversation", chat_id=""))["error"]["code"] == "invalid_input"


async def test_forget_everything_erases_the_profile_and_it_stays_erased(local_embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from memlace.local import open_local
    from memlace.rpc import Worker

    database = tmp_path / "all.sqlite"
    engine = await open_local(database, embedder=local_embedder)
    await two_chats(engine)
    await engine.retrieve("What is the boiling point of mercury?", track=False)  # a gap: the query's words are logged
    worker = Worker(engine)
    refused = json.loads(await worker.handle(json.dumps({"protocol": 1, "method": "forget_everything", "params": {"confirm": "yes"}})))
    assert refused["error"]["code"] == "invalid_input" and engine.state.episodes
    erased = await engine.forget_everything()
    assert erased["episodes"] == 5 and erased["memories"] >= 2
    assert (await engine.stats())["episodes"] == 0 and not (await engine.retrieve("shellfish", track=False)).items
    await engine.close()
    reopened = await open_local(database, embedder=local_embedder)
    document = json.dumps(await reopened.export())
    assert "shellfish" not in document and "mercury" not in document and "Tomato" not in document
    stats = await reopened.stats()
    assert (stats["memories"], stats["episodes"], stats["entities"], stats["edges"]) == (0, 0, 0, 0)
    with closing(sqlite3.connect(database)) as db:  # the store itself, not the engine's view of it
        assert [db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in ("memories", "episodes", "vectors")] == [0, 0, 0]
    await reopened.ingest(turn("again", 1, "I live in Ghent."))  # and memory works on
    assert (await reopened.stats())["memories"] == 1
    await reopened.close()
