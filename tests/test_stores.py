from __future__ import annotations

import sqlite3

import pytest

from memlace.contract import sample_memory as memory
from memlace.errors import StoreError
from memlace.memory import Memlace
from memlace.ports import WriteBatch, load_vectors
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores import sqlite as sqlite_module
from memlace.stores.memory import MemoryStore
from memlace.stores.sqlite import MIGRATIONS, SQLiteStore
from tests.fakes import HashingEmbedder
from tests.store_contract import StoreContract


class TestMemoryStore(StoreContract):
    @pytest.fixture
    def make_store(self):  # type: ignore[no-untyped-def]
        async def make() -> MemoryStore:
            return MemoryStore()

        return make


class TestSQLiteStore(StoreContract):
    @pytest.fixture
    def make_store(self, tmp_path):  # type: ignore[no-untyped-def]
        async def make() -> SQLiteStore:
            return SQLiteStore(tmp_path / "contract.sqlite")

        return make


async def test_sqlite_persists_across_reopen(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "m.sqlite"
    store = SQLiteStore(path)
    await store.apply(WriteBatch(memories=[memory(1)], vectors={"mem_1": ("m", [0.5, 0.5])}))
    await store.close()
    again = SQLiteStore(path)
    assert [m.id for m in (await again.load()).memories] == ["mem_1"]
    assert list(await load_vectors(again, "m")) == ["mem_1"]


async def test_a_profile_reopens_with_its_vectors_read_in_parts(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Vectors come back a few at a time (a large profile's never all in Python at once): every part lands,
    turns get their context vectors once all their neighbours' are read, and nothing is queued again."""
    monkeypatch.setattr(sqlite_module, "VECTOR_PART", 3)
    path = tmp_path / "m.sqlite"
    embedder = HashingEmbedder()
    engine = await Memlace.open(SQLiteStore(path), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim))
    await engine.ingest_many(
        [{"text": f"I visited town number {n} with my sister.", "chat_id": "c", "message_id": f"m{n}"} for n in range(5)]
    )
    await engine.flush()
    before = {i: engine._engine.index.get(i) for i in [*engine.state.memories, *engine.state.episodes]}
    await engine.close()
    again = await Memlace.open(SQLiteStore(path), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim))
    assert len(before) > 6 and all(v is not None for v in before.values())
    assert {i: again._engine.index.get(i) for i in before} == before and not again._engine.unembedded


def test_sqlite_uses_wal_and_records_its_schema_version(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = SQLiteStore(tmp_path / "m.sqlite")
    assert store.schema_version == len(MIGRATIONS)
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_sqlite_refuses_a_newer_schema(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "m.sqlite"
    SQLiteStore(path)
    db = sqlite3.connect(path)
    db.execute("INSERT INTO schema_version(version) VALUES (99)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer"):
        SQLiteStore(path)


def test_sqlite_reports_a_file_that_is_not_a_database(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "garbage.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError):
        SQLiteStore(path)


async def test_sqlite_write_failure_is_a_store_error_and_changes_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = SQLiteStore(tmp_path / "m.sqlite")
    await store.apply(WriteBatch(memories=[memory(1)]))
    store._db.execute("PRAGMA query_only = ON")  # stands in for a full disk or a read-only file
    with pytest.raises(StoreError, match="nothing was changed"):
        await store.apply(WriteBatch(memories=[memory(2)]))
    store._db.execute("PRAGMA query_only = OFF")
    assert [m.id for m in (await store.load()).memories] == ["mem_1"]


async def test_closed_memory_store_refuses_work() -> None:
    store = MemoryStore()
    await store.close()
    with pytest.raises(StoreError):
        await store.apply(WriteBatch())
