"""Where a device keeps sync's replicas (core/merge.py): what it last sent or merged for every record.

In the browser they live in their own IndexedDB database beside the profile's (web/js/replicas.mjs), so a
profile that never syncs carries none of it; each call is one transaction there. Many replicas written at
once (a new device's join, a first push) go in blocks of a few hundred: IndexedDB's cost is mostly per
value, so a join writes a few hundred values instead of one per record. A record written alone later gets a
single row, which is newer than its copy in a block; ``ReplicaDirectory`` knows where each one is."""

from __future__ import annotations

import json
import secrets
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from memlace.core.merge import Replica
from memlace.errors import StoreError

Key = tuple[str, str]
Place = tuple[str, int] | None  # (block id, position in it), or None: a single row

BLOCK_MIN = 16  # replicas written at once from which they go in blocks
# Replicas per block at most. A record changed later reads its whole block (100 changed records: 100 blocks,
# whose every replica IndexedDB reads back), while a new device's join writes one value per block: 16 keeps
# the first cheap (1.6 MB read for 100 changed records, not 6.4 MB with 64) at a few hundred more puts in 100k.
BLOCK_SIZE = 16


def replica_key(kind: str, item_id: str) -> str:
    return f"{kind}\u0000{item_id}"


@dataclass
class WritePlan:
    """One putMany transaction (``write``, as replicas.mjs takes it) and where its replicas will be."""

    write: dict[str, list[Any]]
    places: list[tuple[str, Place]]


@dataclass
class ReplicaDirectory:
    """Where each held replica is, and how many current replicas each block still has: a block with none
    left is deleted by the next write. No I/O: the store reads the directory and writes the plans."""

    where: dict[str, Place] = field(default_factory=dict)
    live: Counter[str] = field(default_factory=Counter)
    last_id: int = 0  # the newest block's time part: new ids sort after it
    empty: set[str] = field(default_factory=set)  # blocks read with nothing current in them (a tab closed mid-write)

    @classmethod
    def read(cls, singles: list[str], blocks: list[tuple[str, list[str]]]) -> ReplicaDirectory:
        """From the stored keys: blocks in id order (a later one is newer), then the single rows (newer
        than any block)."""
        directory = cls()
        for block_id, keys in blocks:
            directory.live[block_id] += 0  # known, so that a block with nothing current is dropped
            directory.last_id = max(directory.last_id, _time_part(block_id))
            for position, key in enumerate(keys):
                directory._place(key, (block_id, position))
        for key in singles:
            directory._place(key, None)
        directory.empty = {block_id for block_id, n in directory.live.items() if n <= 0}
        return directory

    def plan(self, rows: dict[str, str]) -> WritePlan:
        singles: list[dict[str, str]] = []
        blocks: list[dict[str, Any]] = []
        places: list[tuple[str, Place]] = []
        if len(rows) >= BLOCK_MIN:
            items = list(rows.items())
            for start in range(0, len(items), BLOCK_SIZE):
                part = items[start : start + BLOCK_SIZE]
                block_id = self._new_block_id()
                blocks.append({"id": block_id, "keys": [k for k, _ in part], "replicas": [t for _, t in part]})
                places += [(key, (block_id, position)) for position, (key, _) in enumerate(part)]
        else:
            singles = [{"key": key, "replica": text} for key, text in rows.items()]
            places = [(key, None) for key in rows]
        # A single row would read as newer than the block: it goes when its key moves into one.
        drop = [key for key, place in places if place is not None and key in self.where and self.where[key] is None]
        moved: Counter[str] = Counter()
        for key, _ in places:
            old = self.where.get(key)
            if old is not None:
                moved[old[0]] += 1
        # Blocks this write empties, and any the directory found empty when it was read.
        drop_blocks = [block_id for block_id, n in moved.items() if self.live[block_id] - n <= 0]
        drop_blocks += [block_id for block_id in self.empty if block_id not in moved]
        return WritePlan({"singles": singles, "blocks": blocks, "drop": drop, "dropBlocks": drop_blocks}, places)

    def commit(self, plan: WritePlan) -> None:
        """The plan was written: its replicas are where it put them, its dropped blocks gone."""
        for key, place in plan.places:
            self._place(key, place)
        for block_id in plan.write["dropBlocks"]:
            del self.live[block_id]
            self.empty.discard(block_id)

    def locate(self, keys: list[str]) -> tuple[list[str], dict[str, list[int]]]:
        """The held ones among ``keys``: single rows' keys, and positions by block."""
        singles: list[str] = []
        blocks: dict[str, list[int]] = defaultdict(list)
        for key in keys:
            if key not in self.where:
                continue
            place = self.where[key]
            if place is None:
                singles.append(key)
            else:
                blocks[place[0]].append(place[1])
        return singles, dict(blocks)

    def _place(self, key: str, place: Place) -> None:
        old = self.where.get(key)
        if old is not None:
            self.live[old[0]] -= 1
        self.where[key] = place
        if place is not None:
            self.live[place[0]] += 1

    def _new_block_id(self) -> str:
        # Ids sort by time (a later block is newer) and are unique across tabs: another tab that synced
        # meanwhile never has its block overwritten.
        self.last_id = max(time.time_ns(), self.last_id + 1)
        return f"{self.last_id:020d}-{secrets.token_hex(4)}"


def _time_part(block_id: str) -> int:
    head = block_id.split("-", 1)[0]
    return int(head) if head.isdigit() else 0


class _Stale(Exception):
    """Another tab wrote the replicas since this one read their directory."""


class JsReplicaStore:
    """The directory is read once and kept up to date here, so a record never synced before (every record,
    on a new device) costs no read. Only the one tab that syncs writes; every call checks, in its own
    transaction, that this store wrote last (or read the directory since), and reads it again if another tab
    synced meanwhile or sync was turned off (which clears the replicas)."""

    def __init__(self, helper: Any) -> None:
        self._helper = helper  # a JsProxy of replicas.mjs's store object
        self._directory: ReplicaDirectory | None = None
        self._writer: str | None = None  # who wrote last, as this store knows it
        self._me = secrets.token_hex(8)

    async def all(self) -> dict[Key, Replica]:
        return self._parsed(await self._call("all"))

    async def get_many(self, keys: list[Key]) -> dict[Key, Replica]:
        for attempt in (1, 2):
            singles, blocks = (await self._held()).locate([replica_key(*k) for k in keys])
            if not singles and not blocks:
                return {}
            wanted = json.dumps({"singles": singles, "blocks": list(blocks.items())})
            try:
                return self._parsed(await self._call("getMany", wanted, self._writer))
            except _Stale:
                if attempt == 2:
                    raise StoreError("sync's replicas changed under this tab twice in a row") from None
                self._directory = None
        return {}  # not reached

    async def put_many(self, replicas: list[Replica]) -> None:
        rows = {replica_key(r.kind, r.id): r.model_dump_json() for r in replicas}
        if not rows:
            return
        for attempt in (1, 2):
            directory = await self._held()
            plan = directory.plan(rows)
            try:
                await self._call("putMany", json.dumps(plan.write), self._writer, self._me)
            except _Stale:
                if attempt == 2:
                    raise StoreError("sync's replicas changed under this tab twice in a row") from None
                self._directory = None
                continue
            directory.commit(plan)
            self._writer = self._me
            return

    async def _held(self) -> ReplicaDirectory:
        if self._directory is None:
            found = json.loads(str(await self._call("directory")))
            self._directory = ReplicaDirectory.read(found["singles"], [(b, keys) for b, keys in found["blocks"]])
            self._writer = found["writer"]
        return self._directory

    async def _call(self, method: str, *args: Any) -> Any:
        try:
            return await getattr(self._helper, method)(*args)
        except Exception as error:  # a closed database, a full quota: the push or pull is refused, nothing half-kept
            if str(error).rstrip().endswith("stale"):
                raise _Stale() from error
            raise StoreError(f"sync's replicas could not be read or written: {error}") from error

    @staticmethod
    def _parsed(text: Any) -> dict[Key, Replica]:
        out: dict[Key, Replica] = {}
        for row in json.loads(str(text)):
            replica = Replica.model_validate_json(row)
            out[replica.kind, replica.id] = replica
        return out
