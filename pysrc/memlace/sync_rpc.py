"""Sync's two worker methods (the browser worker's; its replica store opens with the first call):

- ``sync_push {device, clock, now_ms, limit, full}``: what changed here since the last push, as replicas stamped
  by this device's hybrid logical clock, at most ``limit`` at a time (``more``: call again); sync's worker seals them
  (web/js/sync-crypto.mjs) and sends them to the server. ``full``: the sync session's first push, which compares
  every record with its replica (otherwise only what the engine wrote since the last push is looked at).
- ``sync_pull {replicas, echo, device, now_ms}``: other devices' replicas, opened by sync's worker, merged into this
  store (``device`` and ``now_ms`` stamp what the merge takes in of this device's unpushed changes). ``echo``
  names records whose merged replica sync's worker needs back: a document that came with conflicting revisions is
  rewritten as their merge, and the losing revisions closed. Records changed here and not yet pushed come
  back too (the merge took them in; they are to be sent). With no replicas, ``echo`` reads what is held: a device
  that closed before the server took what it sent sends those records again, as they are now.

Replicas travel as their JSON (``Replica.model_dump(mode="json")``). A memory's or message's vectors travel with
it (``vectors``: vector id -> base64 float32, and the ``model`` that made them), so a new device need not embed
everything again."""

from __future__ import annotations

import base64
import math
from array import array
from collections.abc import Sequence
from typing import Any

from pydantic import Field, StrictBool, StrictInt, StrictStr

from memlace.core.merge import Replica, Stamp
from memlace.engine.sync import ReplicaStore
from memlace.errors import InvalidInput
from memlace.memory import Memlace
from memlace.rpc import Params, _checked

MAX_REPLICAS_PER_PULL = 5000


class SyncPush(Params):
    device: StrictStr = Field(min_length=1, max_length=64)
    clock: tuple[StrictInt, StrictInt, StrictStr] | None = None
    now_ms: StrictInt = Field(ge=0)
    limit: StrictInt = Field(default=500, ge=1, le=MAX_REPLICAS_PER_PULL)  # per answer; "more" says if others wait
    full: StrictBool = False  # the session's first push: every record compared with its replica


class SyncPull(Params):
    device: StrictStr = Field(min_length=1, max_length=64)
    now_ms: StrictInt = Field(ge=0)
    replicas: list[dict[str, Any]] = Field(max_length=MAX_REPLICAS_PER_PULL)
    echo: list[tuple[StrictStr, StrictStr]] = Field(default_factory=list, max_length=MAX_REPLICAS_PER_PULL)


class SyncMethods:
    def __init__(self, engine: Memlace, replicas: ReplicaStore) -> None:
        self.engine = engine
        self.replicas = replicas

    async def push(self, params: dict[str, Any]) -> dict[str, Any]:
        p = _checked(SyncPush, "sync_push", params)
        clock = Stamp(*p.clock) if p.clock is not None else None
        clock, changed = await self.engine.sync_push(self.replicas, p.device, clock, p.now_ms, limit=p.limit, full=p.full)
        return {
            "clock": list(clock) if clock else None,
            "replicas": [r.model_dump(mode="json") for r in changed],
            "more": self.engine.sync_unsent(),  # noted records wait: call again (an answer may hold none)
            **self._vectors(changed),
        }

    async def pull(self, params: dict[str, Any]) -> dict[str, Any]:
        p = _checked(SyncPull, "sync_pull", params)
        incoming: list[Replica] = []
        vectors: dict[str, tuple[str, Sequence[float]]] = {}
        try:
            for sent in p.replicas:
                fields = {k: v for k, v in sent.items() if k not in ("vectors", "model")}
                incoming.append(Replica.model_validate(fields))
                model = sent.get("model")
                for vector_id, packed in (sent.get("vectors") or {}).items() if isinstance(model, str) else ():
                    vectors[str(vector_id)] = (model, _unpacked(packed))
        except (ValueError, TypeError, AttributeError) as error:  # AttributeError: "vectors" that is not an object
            raise InvalidInput(f"sync_pull: a replica is not valid: {str(error)[:200]}") from error
        report, unsent = await self.engine.sync_pull(self.replicas, incoming, p.device, p.now_ms, vectors)
        echoed = list((await self.replicas.get_many(list(dict.fromkeys([*((k, i) for k, i in p.echo), *unsent])))).values())
        return {**report, "echo": [r.model_dump(mode="json") for r in echoed], **self._vectors(echoed)}

    def _vectors(self, replicas: list[Replica]) -> dict[str, Any]:
        found = self.engine.sync_vectors(replicas)
        return {
            "vectors": {record: {i: _packed(v) for i, v in by_id.items()} for record, by_id in found.items()},
            "model": self.engine.model_id,
        }


def _packed(vector: list[float]) -> str:
    """A vector as base64 of little-endian float32 (sync's worker quantizes it before sealing)."""
    return base64.b64encode(array("f", vector).tobytes()).decode("ascii")


def _unpacked(packed: object) -> array[float]:
    # Kept as float32: the store and the index copy an array whole (a list went float by float, twice).
    if not isinstance(packed, str):
        raise TypeError("a vector is base64 text")
    values = array("f")
    values.frombytes(base64.b64decode(packed, validate=True))
    if not math.isfinite(sum(values)):  # a NaN or an infinity anywhere makes the sum one (float32 cannot overflow it)
        raise ValueError("a vector holds a value that is not a finite number")
    return values
