"""A batch of messages (an import, the CLI's ingest) is read as the same messages one by one would be."""

from __future__ import annotations

from memlace.memory import Memlace


async def test_a_name_made_known_earlier_in_a_batch_is_known_to_its_later_messages(engine: Memlace) -> None:
    texts = [
        "My husband Dev is vegetarian.",
        "Please don't suggest recipes with mushrooms, Dev hates them.",
        "Remember that Dev's birthday is on 9 August.",
    ]
    batch = [{"text": t, "chat_id": "c", "message_id": f"m{n}", "timestamp": 1_700_000_000.0 + 60 * n} for n, t in enumerate(texts)]
    await engine.ingest_many(batch)
    said = {m.text for m in engine.state.active_memories()}
    assert "Dev hates mushrooms" in said and "Dev is vegetarian" in said
    assert engine.state.entity_by_label("Dev's") is None
    dev = engine.state.entity_by_label("Dev")
    assert dev is not None and dev.type.value == "person"


async def test_a_name_typed_small_later_in_a_batch_is_the_same_person(engine: Memlace) -> None:
    texts = [
        "My girlfriend Priya is a doctor.",
        "Priya works night shifts at the hospital.",
        "actually priya moved to day shifts now",  # typed small: as one by one, the Priya named before
    ]
    batch = [{"text": t, "chat_id": "c", "message_id": f"m{n}", "timestamp": 1_700_000_000.0 + 60 * n} for n, t in enumerate(texts)]
    await engine.ingest_many(batch)
    said = {m.text for m in engine.state.active_memories()}
    assert "Priya works day shifts at the hospital" in said
    assert not any("night shifts" in text for text in said)
