"""SQLite store for CPython (stdlib sqlite3): WAL, numbered migrations, one transaction per batch.

Rows keep the model as JSON (so a new optional field needs no migration) beside
the columns that are looked up; vectors are float32 blobs.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from array import array
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from typing import Any

from memlace.errors import StorageFull, StoreError
from memlace.ports import Snapshot, WriteBatch
from memlace.records import TABLES, parse_rows


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error (unless SQLite has already rolled back, as it
    does after SQLITE_FULL: a second ROLLBACK would raise and hide the real error)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE memories (id TEXT PRIMARY KEY, status TEXT NOT NULL, kind TEXT NOT NULL, updated_at REAL NOT NULL, data TEXT NOT NULL);
    CREATE INDEX memories_status ON memories(status);
    CREATE TABLE episodes (id TEXT PRIMARY KEY, chat_id TEXT NOT NULL, message_id TEXT NOT NULL, timestamp REAL NOT NULL, data TEXT NOT NULL);
    CREATE INDEX episodes_chat ON episodes(chat_id, timestamp);
    CREATE TABLE entities (id TEXT PRIMARY KEY, name TEXT NOT NULL, data TEXT NOT NULL);
    CREATE TABLE edges (source TEXT NOT NULL, target TEXT NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (source, target, type));
    CREATE INDEX edges_target ON edges(target);
    CREATE TABLE vectors (id TEXT PRIMARY KEY, model TEXT NOT NULL, dim INTEGER NOT NULL, vector BLOB NOT NULL);
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
]
VECTOR_PART = 2000  # vectors handed on at a time (see ports.Store.vector_parts)


class SQLiteStore:
    def __init__(self, path: str | Path, *, limit: int | None = None) -> None:
        """``limit``: the most bytes the database may use (besides the disk's own free space)."""
        self.path = str(path)
        self.limit = limit
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"cannot open {self.path}: {error}") from error

    def _migrate(self) -> None:
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TEXT DEFAULT CURRENT_TIMESTAMP)"
        )
        current = self._db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0]
        if current > len(MIGRATIONS):
            raise StoreError(f"{self.path} has schema version {current}, newer than this memlace ({len(MIGRATIONS)})")
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            with _transaction(self._db):
                for statement in filter(str.strip, script.split(";")):
                    self._db.execute(statement)
                self._db.execute("INSERT INTO schema_version(version) VALUES (?)", (number,))

    @property
    def schema_version(self) -> int:
        return int(self._db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0])

    async def apply(self, batch: WriteBatch) -> None:
        rows = self._rows(batch)
        db = self._db
        try:
            with _transaction(db):
                db.executemany("DELETE FROM memories WHERE id = ?", [(i,) for i in batch.delete_memories])
                db.executemany("DELETE FROM episodes WHERE id = ?", [(i,) for i in batch.delete_episodes])
                db.executemany("DELETE FROM entities WHERE id = ?", [(i,) for i in batch.delete_entities])
                db.executemany("DELETE FROM edges WHERE source = ? AND target = ? AND type = ?", [tuple(k) for k in batch.delete_edges])
                db.executemany("DELETE FROM vectors WHERE id = ?", [(i,) for i in batch.delete_vectors])
                db.executemany("INSERT OR REPLACE INTO memories VALUES (?, ?, ?, ?, ?)", rows["memories"])
                db.executemany("INSERT OR REPLACE INTO episodes VALUES (?, ?, ?, ?, ?)", rows["episodes"])
                db.executemany("INSERT OR REPLACE INTO entities VALUES (?, ?, ?)", rows["entities"])
                db.executemany("INSERT OR REPLACE INTO edges VALUES (?, ?, ?, ?)", rows["edges"])
                db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)", rows["vectors"])
                db.executemany("DELETE FROM meta WHERE key = ?", rows["meta_deleted"])
                db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", rows["meta"])
        except sqlite3.Error as error:  # full disk, locked or corrupt database: nothing was written
            if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
                raise StorageFull(f"the disk holding {self.path}", error) from error
            raise StoreError(f"write failed, nothing was changed: {error}") from error

    @staticmethod
    def _rows(batch: WriteBatch) -> dict[str, list[tuple[Any, ...]]]:
        """Every row the batch writes, encoded before the transaction starts: a record that cannot be
        encoded refuses the whole batch with nothing written."""
        try:
            return {
                "memories": [(m.id, m.status.value, m.kind.value, m.updated_at, m.model_dump_json()) for m in batch.memories],
                "episodes": [(e.id, e.chat_id, e.message_id, e.timestamp, e.model_dump_json()) for e in batch.episodes],
                "entities": [(e.id, e.name, e.model_dump_json()) for e in batch.entities],
                "edges": [(e.source, e.target, e.type.value, e.model_dump_json()) for e in batch.edges],
                "vectors": [(i, model, len(v), array("f", v).tobytes()) for i, (model, v) in batch.vectors.items()],
                "meta_deleted": [(k,) for k, v in batch.meta.items() if v is None],
                "meta": [(k, json.dumps(v, allow_nan=False)) for k, v in batch.meta.items() if v is not None],
            }
        except Exception as error:  # a lone surrogate, a NaN, a vector that is not numbers: a bug upstream
            raise StoreError(f"a record could not be encoded, nothing was changed: {type(error).__name__}: {error}") from error

    async def load(self) -> Snapshot:
        """Every record; one that cannot be read is quarantined (see memlace.records), never fatal."""
        try:
            rows = {table: [r[0] for r in self._db.execute(f"SELECT data FROM {table}")] for table in TABLES}
            stored = list(self._db.execute("SELECT key, value FROM meta"))
        except sqlite3.Error as error:
            raise StoreError(f"read failed: {error}") from error
        meta: dict[str, Any] = {}
        for key, value in stored:
            try:
                meta[key] = json.loads(value)
            except (ValueError, TypeError, RecursionError):
                continue  # the queues and logs kept here are rebuilt when missing
        return parse_rows(rows, meta)

    async def vector_parts(self, model_id: str) -> AsyncIterator[dict[str, Sequence[float]]]:
        try:  # read at once (the blobs are compact), handed on in parts as arrays
            found = list(self._db.execute("SELECT id, vector FROM vectors WHERE model = ? ORDER BY id", (model_id,)))
        except sqlite3.Error as error:
            raise StoreError(f"read failed: {error}") from error
        for start in range(0, len(found), VECTOR_PART):
            part: dict[str, Sequence[float]] = {}
            for item_id, blob in found[start : start + VECTOR_PART]:
                if isinstance(blob, bytes) and len(blob) % 4 == 0:  # anything else is re-embedded
                    part[item_id] = values = array("f")
                    values.frombytes(blob)
            yield part

    async def room(self) -> tuple[int, int] | None:
        """Pages in use, and what the disk (and ``limit``) leaves room for: pages freed by a delete are
        reused at once, so only the disk's free space and the limit bound growth."""
        try:
            page = self._db.execute("PRAGMA page_size").fetchone()[0]
            spare = self._db.execute("PRAGMA freelist_count").fetchone()[0] * page
            used = self._db.execute("PRAGMA page_count").fetchone()[0] * page - spare
            free = shutil.disk_usage(Path(self.path).resolve().parent).free
        except (sqlite3.Error, OSError):
            return None
        limit = used + spare + free
        return used, limit if self.limit is None else min(self.limit, limit)

    async def close(self) -> None:
        self._db.close()
