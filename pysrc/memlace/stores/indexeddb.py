"""The IndexedDB store for Pyodide. The JS helper (web/js/idb.mjs) runs whole transactions;
Python awaits its promises, because an IndexedDB transaction would commit while Python awaits."""

from __future__ import annotations

import json
from array import array
from collections.abc import AsyncIterator, Sequence
from typing import Any

from memlace.errors import StorageFull, StoreError
from memlace.ports import Snapshot, WriteBatch
from memlace.providers.browser import to_js_bytes
from memlace.records import parse_snapshot_parts

LOAD_PART = 2000  # records (or vectors) read into Python at a time (see idb.mjs's load and loadVectors)


class IndexedDBStore:
    def __init__(self, helper: Any, *, limit: int | None = None) -> None:
        self._helper = helper  # a JsProxy of idb.mjs's store object
        self.limit = limit  # the most bytes the page lets memlace use, below the site's quota

    async def apply(self, batch: WriteBatch) -> None:
        try:  # encoded before the transaction: a record that cannot be encoded refuses the batch, nothing written
            document = batch.model_dump_json(exclude={"vectors"})
            ids = list(batch.vectors)
            models = json.dumps({"ids": ids, "models": [batch.vectors[i][0] for i in ids]})
            flat = array("f")
            for item_id in ids:
                flat.extend(batch.vectors[item_id][1])
        except Exception as error:
            raise StoreError(f"a record could not be encoded, nothing was changed: {type(error).__name__}: {error}") from error
        try:
            await self._helper.apply(document, models, to_js_bytes(flat))
        except Exception as error:  # QuotaExceededError, an aborted transaction, a closed database
            if "QuotaExceededError" in f"{getattr(error, 'name', '')} {error}":
                raise StorageFull("this site's browser storage (its quota)", error) from error
            raise StoreError(f"write failed, nothing was changed: {error}") from error

    async def load(self) -> Snapshot:
        """Every record; one that cannot be read is quarantined (see memlace.records), never fatal."""
        try:
            parts = await self._helper.load(LOAD_PART)
        except Exception as error:
            raise StoreError(f"read failed: {error}") from error
        return parse_snapshot_parts(str(part) for part in parts)

    async def vector_parts(self, model_id: str) -> AsyncIterator[dict[str, Sequence[float]]]:
        try:
            parts = await self._helper.loadVectors(model_id, LOAD_PART)
        except Exception as error:
            raise StoreError(f"read failed: {error}") from error
        for result in parts:
            ids = json.loads(str(result.ids))
            # One copy out of JS; each vector is a view into it (a slice of an array would copy them again).
            values = memoryview(result.bytes.to_bytes()).cast("f")
            dim = len(values) // len(ids) if ids else 0
            yield {item_id: values[i * dim : (i + 1) * dim] for i, item_id in enumerate(ids)}

    async def room(self) -> tuple[int, int] | None:
        """The site's usage and quota as the browser estimates them (other tabs and the page's caches count
        too), the quota lowered to ``limit`` when the page set one."""
        try:
            found = json.loads(str(await self._helper.room()))
        except Exception:
            return None  # no estimate: growth is not held back, and a full quota still refuses cleanly
        used, quota = found.get("usage"), found.get("quota")
        if not isinstance(used, (int, float)) or not isinstance(quota, (int, float)):
            return None
        limit = int(quota) if self.limit is None else min(int(quota), self.limit)
        return int(used), limit

    async def close(self) -> None:
        self._helper.close()
