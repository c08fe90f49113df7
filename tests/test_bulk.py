"""The inspector's search and bulk actions: the text filter finds words in any form and by meaning, and a
bulk action reaches every memory a filter matches (not one page), over the worker's RPC."""

from __future__ import annotations

import json

from memlace.memory import Memlace
from memlace.models import MemoryStatus

FACTS = [f"My friend number {n} lives in Porto." for n in range(60)] + ["I'm allergic to peanuts.", "I play the piano."]


async def seeded(engine: Memlace) -> None:
    messages = [{"text": t, "chat_id": "c", "message_id": f"m{n}", "timestamp": 1_700_000_000.0 + n} for n, t in enumerate(FACTS)]
    await engine.ingest_many(messages)


async def test_the_text_filter_finds_other_word_forms_and_meaning(real_engine: Memlace) -> None:
    await seeded(real_engine)
    assert [m["text"] for m in (await real_engine.list_memories(text="allergy"))["items"]] == ["User is allergic to peanuts"]
    assert [m["text"] for m in (await real_engine.list_memories(text="music"))["items"]] == ["User plays the piano"]
    porto = [m for m in real_engine.state.memories.values() if "Porto" in m.text]
    assert (await real_engine.list_memories(text="living"))["total"] == len(porto) >= 5  # "lives", by its stem
    assert (await real_engine.list_memories(text="weather forecast"))["total"] == 0


async def test_a_bulk_action_reaches_every_match_not_one_page(real_engine: Memlace) -> None:
    from memlace.rpc import Worker

    await seeded(real_engine)
    worker = Worker(real_engine)

    async def call(method: str, **params: object) -> dict:
        return json.loads(await worker.handle(json.dumps({"protocol": 1, "method": method, "params": params})))

    porto = {"text": "Porto", "status": "staged"}
    listed = (await call("list", **porto, limit=3))["result"]
    matching = listed["total"]
    assert matching >= 5 and len(listed["items"]) == 3  # more than one page
    confirmed = (await call("bulk", action="confirm", filters=porto))["result"]
    assert confirmed == {"action": "confirm", "matched": matching, "done": matching}
    statuses = {m.status for m in real_engine.state.memories.values() if "Porto" in m.text}
    assert statuses == {MemoryStatus.confirmed}
    assert (
        real_engine.state.memories[next(i for i, m in real_engine.state.memories.items() if "piano" in m.text)].status
        is MemoryStatus.staged
    )
    forgotten = (await call("bulk", action="forget", filters={"text": "Porto"}))["result"]
    assert forgotten["done"] == matching and not any("Porto" in m.text for m in real_engine.state.memories.values())
    assert (await call("bulk", action="explode", filters={}))["error"]["code"] == "invalid_input"
    assert (await call("bulk", action="forget", filters={"similar": ["x"]}))["error"]["code"] == "invalid_input"
