"""Where a device keeps sync's replicas (core/merge.py): what it last sent or merged for every record.

In the browser they live in their own IndexedDB database beside the profile's (web/js/replicas.mjs), so a
profile that never syncs carries none of it; each call is one transaction there."""

from __future__ import annotations

import json
from typing import Any

from memlace.core.merge import Replica
from memlace.errors import StoreError

Key = tuple[str, str]


def replica_key(kind: str, item_id: str) -> str:
    return f"{kind}\u0000{item_id}"


class JsReplicaStore:
    """Which keys are held is read once and kept up to date here, so a record never synced before (every
    record, on a new device) costs no read. Only this worker writes the replicas (the one tab that syncs);
    the page only clears them when sync is turned off, after which a kept key costs a read that finds nothing."""

    def __init__(self, helper: Any) -> None:
        self._helper = helper  # a JsProxy of replicas.mjs's store object
        self._held: set[str] | None = None

    async def all(self) -> dict[Key, Replica]:
        return self._parsed(await self._call("all"))

    async def get_many(self, keys: list[Key]) -> dict[Key, Replica]:
        held = await self._held_keys()
        wanted = [key for key in (replica_key(*k) for k in keys) if key in held]
        if not wanted:
            return {}
        return self._parsed(await self._call("getMany", json.dumps(wanted)))

    async def put_many(self, replicas: list[Replica]) -> None:
        if replicas:
            rows = [{"key": replica_key(r.kind, r.id), "replica": r.model_dump_json()} for r in replicas]
            held = await self._held_keys()
            await self._call("putMany", json.dumps(rows))
            held.update(row["key"] for row in rows)

    async def _held_keys(self) -> set[str]:
        if self._held is None:
            self._held = set(json.loads(str(await self._call("keys"))))
        return self._held

    async def _call(self, method: str, *args: Any) -> Any:
        try:
            return await getattr(self._helper, method)(*args)
        except Exception as error:  # a closed database, a full quota: the push or pull is refused, nothing half-kept
            raise StoreError(f"sync's replicas could not be read or written: {error}") from error

    @staticmethod
    def _parsed(text: Any) -> dict[Key, Replica]:
        out: dict[Key, Replica] = {}
        for row in json.loads(str(text)):
            replica = Replica.model_validate_json(row)
            out[replica.kind, replica.id] = replica
        return out
