"""Packs kept per conversation for repeated messages: reused while nothing changed, never after a change."""

from __future__ import annotations

from memlace.memory import Memlace
from tests.fakes import Clock


def msg(text: str, n: int) -> dict:
    return {"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": 1_700_000_000.0 + n * 60}


async def test_the_same_message_again_reuses_its_pack_until_memory_changes(real_engine: Memlace) -> None:
    await real_engine.ingest(msg("I live in Lisbon and I keep two cats.", 1))
    first = await real_engine.retrieve("Where do I live?", chat_id="c")
    again = await real_engine.retrieve("where do I live", chat_id="c")  # near-identical: case and punctuation
    assert not first.cached and again.cached
    assert [i.id for i in again.items] == [i.id for i in first.items] and again.text == first.text
    assert again.query == "where do I live" and {"cache", "total"} <= set(again.timings_ms)
    elsewhere = await real_engine.retrieve("Where do I live?", chat_id="other")
    assert not elsewhere.cached  # kept per conversation
    await real_engine.ingest(msg("Actually I moved to Porto last week.", 2))
    after = await real_engine.retrieve("Where do I live?", chat_id="c")
    assert not after.cached and any("Porto" in i.text for i in after.items)


async def test_use_counts_keep_the_pack_but_a_forget_or_an_edit_does_not(real_engine: Memlace) -> None:
    created = (await real_engine.ingest(msg("My favourite colour is teal.", 1))).created
    await real_engine.retrieve("What's my favourite colour?", chat_id="c")
    await real_engine.flush()  # use counts written: bookkeeping, not a change of what is remembered
    assert (await real_engine.retrieve("What's my favourite colour?", chat_id="c")).cached
    edited = await real_engine.edit(created[0], "User's favourite colour is green")
    pack = await real_engine.retrieve("What's my favourite colour?", chat_id="c")
    assert not pack.cached and edited.id in [i.id for i in pack.items]
    await real_engine.forget(edited.id)
    assert edited.id not in [i.id for i in (await real_engine.retrieve("What's my favourite colour?", chat_id="c")).items]


async def test_a_kept_pack_ages_out_and_other_options_are_other_packs(real_engine: Memlace, clock: Clock) -> None:
    await real_engine.ingest(msg("I run marathons in spring.", 1))
    await real_engine.retrieve("Do I run?", chat_id="c")
    assert not (await real_engine.retrieve("Do I run?", chat_id="c", limit=30)).cached
    assert not (await real_engine.retrieve("Do I run?", chat_id="c", include_inactive=True)).cached
    clock.advance(301)
    assert not (await real_engine.retrieve("Do I run?", chat_id="c")).cached


async def test_a_changed_copy_does_not_change_the_kept_pack(real_engine: Memlace) -> None:
    await real_engine.ingest(msg("I speak Japanese.", 1))
    first = await real_engine.retrieve("Which languages do I speak?", chat_id="c")
    first.items.clear()
    assert (await real_engine.retrieve("Which languages do I speak?", chat_id="c")).items
