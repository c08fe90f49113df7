from __future__ import annotations

import sqlite3

import pytest

from memlace.contract import sample_memory as memory
from memlace.errors import StoreError
from memlace.ports import WriteBatch
from memlace.stores.memory import MemoryStore
from memlace.stores.sqlite import MIGRATIONS, SQLiteStore
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
    assert list(await again.load_vectors("m")) == ["mem_1"]


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
