"""No input may leave a profile that cannot be opened or exported: bad input is refused before anything is
written, and a bad record already stored is quarantined on load instead of closing the profile."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from memlace.core.bm25 import BM25Index
from memlace.errors import ImportFormatError, InvalidInput, MemlaceError
from memlace.memory import Memlace
from memlace.providers.keywords import NumpyBM25Index
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores.memory import MemoryStore
from memlace.stores.sqlite import SQLiteStore
from tests.fakes import Clock, HashingEmbedder

Opener = Callable[[], Awaitable[Memlace]]


@pytest.fixture(params=["memory", "sqlite"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    """Opens the same profile again each time it is called (a fresh engine over the same store)."""
    shared = MemoryStore()

    async def open_again() -> Memlace:
        store = shared if request.param == "memory" else SQLiteStore(tmp_path / "p.sqlite")
        embedder = HashingEmbedder()
        return await Memlace.open(store, embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), clock=Clock())

    return open_again


async def reopens_and_exports(opener: Opener) -> dict:  # type: ignore[type-arg]
    engine = await opener()
    document = await engine.export()
    await engine.stats(timeline=True)
    await engine.retrieve("tea", track=False)
    await engine.export_markdown()
    json.dumps(document, allow_nan=False)  # what reaches JavaScript is strict JSON
    return document


@pytest.mark.parametrize("timestamp", [float("nan"), float("inf"), -float("inf"), 1e20, -1e20, 1e14, "yesterday", True])
async def test_a_bad_timestamp_is_refused_before_anything_is_written(opener: Opener, timestamp: object) -> None:
    engine = await opener()
    await engine.ingest({"text": "I like green tea.", "message_id": "ok", "timestamp": 1_700_000_000})
    with pytest.raises(InvalidInput, match="timestamp"):
        await engine.ingest({"text": "0", "message_id": "bad", "timestamp": timestamp})
    document = await reopens_and_exports(opener)
    assert [e["message_id"] for e in document["episodes"]] == ["ok"]


@pytest.mark.parametrize(
    ("given", "seconds"), [(1_700_000_000_123, 1_700_000_000.123), (253402300800.0, 253402300.8), (1_700_000_000, 1_700_000_000)]
)
async def test_milliseconds_are_recognised(opener: Opener, given: float, seconds: float) -> None:
    engine = await opener()
    result = await engine.ingest({"text": "I like green tea.", "timestamp": given})
    assert engine.state.episodes[result.episode_id].timestamp == pytest.approx(seconds)
    await reopens_and_exports(opener)


async def test_a_lone_surrogate_becomes_a_replacement_character(opener: Opener) -> None:
    engine = await opener()
    await engine.ingest({"text": "I love tea \ud800", "speaker": "Ana\udc00", "message_id": "m\ud83d"})
    document = await reopens_and_exports(opener)
    assert document["episodes"][0]["text"] == "I love tea \ufffd" and document["episodes"][0]["speaker"] == "Ana\ufffd"


async def test_a_reused_message_id_with_other_text_writes_nothing(opener: Opener) -> None:
    engine = await opener()
    await engine.ingest({"text": "I like tea.", "message_id": "1"})
    batch = [{"text": "I like coffee.", "message_id": "2"}, {"text": "I like juice.", "message_id": "1"}]
    with pytest.raises(InvalidInput, match="already ingested with other text"):
        await engine.ingest_many(batch)
    with pytest.raises(InvalidInput, match="already ingested with other text"):
        await engine.ingest_many([{"text": "a", "message_id": "3"}, {"text": "b", "message_id": "3"}])
    assert sorted(e["message_id"] for e in (await reopens_and_exports(opener))["episodes"]) == ["1"]


@pytest.mark.parametrize(
    "change",
    [
        {"created_at": float("nan")},
        {"created_at": 1e13},
        {"updated_at": float("inf")},
        {"confidence": 7},
        {"text": 5},
    ],
)
async def test_a_bad_import_is_refused_whole(opener: Opener, change: dict) -> None:  # type: ignore[type-arg]
    engine = await opener()
    await engine.ingest({"text": "I like green tea.", "message_id": "1"})
    document = await engine.export()
    document["memories"][0] = {**document["memories"][0], "id": "mem_new", **change}
    with pytest.raises(ImportFormatError):
        await engine.import_(json.dumps(document))  # NaN and Infinity as JSON text too
    assert len((await reopens_and_exports(opener))["memories"]) == len(document["memories"])


def _poison(path: Path) -> None:
    """Rows an older or broken writer could have left: each one broke opening the profile before."""
    db = sqlite3.connect(path)
    good = json.loads(db.execute("SELECT data FROM episodes").fetchone()[0])
    rows = [
        ("ep_nan", {**good, "id": "ep_nan", "message_id": "nan", "timestamp": float("nan")}),
        ("ep_far", {**good, "id": "ep_far", "message_id": "far", "timestamp": 253402300800.0}),
        ("ep_sur", {**good, "id": "ep_sur", "message_id": "sur", "text": "tea \ud800"}),
    ]
    for row_id, record in rows:
        db.execute("INSERT INTO episodes VALUES (?, 'c', ?, 0, ?)", (row_id, record["message_id"], json.dumps(record)))
    db.execute("INSERT INTO episodes VALUES ('ep_broken', 'c', 'x', 0, '{not json')")
    memory = json.loads(db.execute("SELECT data FROM memories").fetchone()[0])
    db.execute(
        "INSERT INTO memories VALUES ('mem_x', 'staged', 'fact', 0, ?)", (json.dumps({**memory, "id": "mem_x", "created_at": 1e13}),)
    )
    db.execute("INSERT INTO meta VALUES ('gaps', 'not json either')")
    db.commit()
    db.close()


async def test_bad_stored_records_are_quarantined_and_travel_with_exports(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    engine = await Memlace.open(SQLiteStore(path), clock=Clock())
    await engine.ingest({"text": "I like green tea.", "message_id": "1"})
    await engine.close()
    _poison(path)
    reopened = await Memlace.open(SQLiteStore(path), clock=Clock())
    stats = await reopened.stats(timeline=True)
    assert stats["episodes"] == 2 and stats["memories"] == 1  # the good ones, plus "tea \ud800" repaired
    assert stats["quarantined"] == 4 and {q["id"] for q in stats["quarantined_items"]} == {
        "ep_nan",
        "ep_far",
        None,
        "mem_x",
    }  # the row that is not JSON has no id to tell
    document = await reopened.export()
    assert len(document["quarantined"]) == 4 and "{not json" in {q["record"] for q in document["quarantined"]}
    assert (await reopened.retrieve("green tea", track=False)).items
    await reopened.ingest({"text": "I moved to Porto.", "message_id": "2"})  # it keeps working
    fresh = await Memlace.open(MemoryStore(), clock=Clock())
    report = await fresh.import_(json.dumps(document, allow_nan=False))
    assert report["unreadable"] == 4 and (await fresh.stats())["episodes"] == 2


async def test_a_query_that_finds_nothing_is_logged_without_its_secrets(engine: Memlace) -> None:
    pack = await engine.retrieve("zebra quokka password=hunter2hunter2 sk-abcdefghijklmnopqrstuvwxyz123456")
    assert pack.items == []
    await engine.flush()
    logged = json.dumps(engine.state.meta["gaps"])
    assert "hunter2" not in logged and "sk-abcdef" not in logged and "zebra" in logged


@pytest.mark.parametrize("keyword_index", [BM25Index, NumpyBM25Index])
async def test_an_edit_that_keeps_the_term_count_is_found_at_once(keyword_index: type[BM25Index]) -> None:
    """The keyword index's caches follow every change, not only changes of size."""
    engine = await Memlace.open(MemoryStore(), clock=Clock(), keyword_index=keyword_index)
    memory_id = (await engine.ingest({"text": "I prefer green tea.", "message_id": "1"})).created[0]
    assert (await engine.search("green tea")).items
    edited = await engine.edit(memory_id, "User prefers black tea")
    found = await engine.search("black tea")
    assert found.items and found.items[0].id == edited.id
    assert all(item.id != memory_id for item in (await engine.search("green")).items)


async def test_retrieval_never_writes(engine: Memlace) -> None:
    """Retrieval only notes what it used; the note goes out with the next write, from the memory as it is then."""
    memory_id = (await engine.ingest({"text": "I prefer green tea.", "message_id": "1"})).created[0]
    writes = []
    apply = engine.store.apply

    async def counting(batch):  # type: ignore[no-untyped-def]
        writes.append(batch)
        await apply(batch)

    engine.store.apply = counting  # type: ignore[method-assign]
    await engine.retrieve("green tea")
    assert writes == []
    confirmed = await engine.confirm(memory_id)  # the note goes first, so the confirm keeps the count
    assert confirmed.access_count == 1 and engine.state.memories[memory_id].access_count == 1


async def test_an_extreme_relative_date_does_not_break_ingestion(engine: Memlace) -> None:
    result = await engine.ingest({"text": "I will retire in 99999999 days, and I was born in year 1.", "timestamp": 0})
    assert result.episode_id in engine.state.episodes
    with pytest.raises(MemlaceError):
        await engine.ingest({"text": "x", "timestamp": -1e12})


async def test_a_full_disk_still_forgets_retracts_exports_and_retrieves(tmp_path: Path) -> None:
    """With no page left (SQLite's own SQLITE_FULL), the ways out of a full disk all work."""
    store = SQLiteStore(tmp_path / "full.sqlite")
    embedder = HashingEmbedder()
    engine = await Memlace.open(store, embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), clock=Clock())
    created = []
    for n, text in enumerate(["I prefer green tea.", "I live in Oslo.", "I work at Acme.", "I play the cello."]):
        created += (await engine.ingest({"text": text, "message_id": str(n)})).created
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(MemlaceError, match="is full"):
        await engine.ingest({"text": "I keep bees. " + "A very long note. " * 400, "message_id": "big"})
    pack = await engine.retrieve("green tea")  # retrieval notes its use; it writes nothing
    assert pack.items
    assert (await engine.retract(created[1])).status.value == "retracted"
    assert (await engine.forget(created[2], with_episodes=True))["memories"] == [created[2]]
    document = await engine.export()
    assert {m["id"] for m in document["memories"]} == {created[0], created[1], created[3]}
    store._db.execute("PRAGMA max_page_count = 1073741823")
    await engine.close()
    reopened = await Memlace.open(SQLiteStore(tmp_path / "full.sqlite"), clock=Clock())
    assert reopened.state.memories[created[1]].status.value == "retracted" and created[2] not in reopened.state.memories


async def test_undo_gives_back_what_a_message_changed(engine: Memlace) -> None:
    """A correction, a merge and a forget request, each undone: memory is as it was before the message."""
    await engine.ingest({"text": "I live in Berlin.", "message_id": "1"})
    await engine.ingest({"text": "I play the piano.", "message_id": "2"})
    before = sorted((m.text, m.status.value) for m in engine.state.memories.values())
    moved = await engine.ingest({"text": "Actually, I moved to Lisbon last month.", "message_id": "3"})
    assert moved.changes == [
        {"action": "updated", "id": moved.created[0], "text": "User lives in Lisbon", "replaces": "User lives in Berlin"}
    ]
    await engine.undo(moved.episode_id)
    assert sorted((m.text, m.status.value) for m in engine.state.memories.values()) == before
    forget = await engine.ingest({"text": "Please forget that I play the piano.", "message_id": "4"})
    assert [c["action"] for c in forget.changes] == ["forgotten"] and "piano" not in engine.state.episodes[forget.episode_id].text
    await engine.undo(forget.episode_id)
    assert sorted((m.text, m.status.value) for m in engine.state.memories.values()) == before
    assert (await engine.search("piano")).items  # findable again, and its message is given back
    with pytest.raises(MemlaceError):
        await engine.undo(forget.episode_id)  # once


async def test_forgetting_everything_about_someone_removes_them_and_undo_brings_them_back(engine: Memlace) -> None:
    """'Don't remember anything about Sofia': her memories, her entity and every link to her go; undo restores all."""
    await engine.ingest({"text": "My girlfriend Sofia lives in Milan.", "message_id": "1"})
    await engine.ingest({"text": "I climb three times a week.", "message_id": "2"})
    sofia = engine.state.entity_by_label("Sofia")
    assert sofia is not None
    links = sorted(engine.state.graph.in_edges(sofia.id, keys=True))
    assert links
    forget = await engine.ingest({"text": "Don't remember anything about Sofia please.", "message_id": "3"})
    assert forget.forgotten and engine.state.entity_by_label("Sofia") is None and sofia.id not in engine.state.graph
    active = engine.state.active_memories()
    assert [m.text for m in active if "keep-out" not in m.tags] == ["User climbs three times a week"]
    assert [m for m in active if "keep-out" in m.tags]  # and from now on, nothing about her (no word of her kept)
    assert not any("Sofia" in m.text or "sofia" in (m.value or "") for m in engine.state.memories.values())
    await engine.undo(forget.episode_id)
    assert engine.state.entity_by_label("Sofia") == sofia
    assert sorted(engine.state.graph.in_edges(sofia.id, keys=True)) == links
    assert not [m for m in engine.state.active_memories() if "keep-out" in m.tags]


async def test_forgetting_what_a_slot_says_after_its_value_keeps_the_value_and_undo_gives_the_rest_back(engine: Memlace) -> None:
    """'Delete what you know about my cat': where one lives stays, said without the cat; undo restores the text."""
    await engine.ingest({"text": "I live in Ottawa with my partner Sam and our cat Miso.", "message_id": "1"})
    before = sorted(m.text for m in engine.state.active_memories())
    asked = await engine.ingest({"text": "Delete what you know about my cat please.", "message_id": "2"})
    assert [(c["action"], c["text"]) for c in asked.changes] == [("updated", "User lives in Ottawa")]
    assert not any("Miso" in m.text for m in engine.state.memories.values())
    assert (await engine.search("Ottawa")).items
    await engine.undo(asked.episode_id)
    assert sorted(m.text for m in engine.state.active_memories()) == before


async def test_a_reply_that_says_the_assistant_was_wrong_hides_its_turn_and_undo_shows_it_again(engine: Memlace) -> None:
    await engine.ingest({"text": "I'm allergic to shellfish.", "message_id": "1"})
    wrong = await engine.ingest({"text": "Noted, you're allergic to fish.", "message_id": "2", "role": "assistant"})
    disputed = await engine.ingest({"text": "no, I said shellfish, not fish", "message_id": "3"})
    assert engine.state.episodes[wrong.episode_id].excluded  # never given back as what was said
    offered = await engine.ingest({"text": "Here is a salmon traybake recipe.", "message_id": "4", "role": "assistant"})
    await engine.ingest({"text": "no thanks", "message_id": "5"})
    assert not engine.state.episodes[offered.episode_id].excluded  # declined, not disputed
    await engine.undo(disputed.episode_id)
    assert not engine.state.episodes[wrong.episode_id].excluded
