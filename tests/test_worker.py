"""The worker's RPC dispatch in CPython: JSON in, JSON out, every failure a structured error."""

from __future__ import annotations

import json

from memlace.worker import PROTOCOL_VERSION, Worker


async def call(worker: Worker, method: str, params: object = None, protocol: int = PROTOCOL_VERSION) -> dict:
    return json.loads(await worker.handle(json.dumps({"method": method, "params": params or {}, "protocol": protocol})))


async def test_round_trip_through_json(engine) -> None:  # type: ignore[no-untyped-def]
    worker = Worker(engine)
    ingested = await call(worker, "ingest", {"message": {"text": "I live in Oslo.", "message_id": "1"}})
    assert ingested["result"]["created"]
    pack = await call(worker, "retrieve", {"query": "where do I live"})
    assert pack["result"]["items"][0]["text"]
    memory_id = ingested["result"]["created"][0]
    assert (await call(worker, "get", {"id": memory_id}))["result"]["memory"]["text"] == "User lives in Oslo"
    exported = (await call(worker, "export"))["result"]
    assert exported["format"] == "memlace-export"
    assert (await call(worker, "stats"))["result"]["memories"] == 1


async def test_errors_are_structured(engine) -> None:  # type: ignore[no-untyped-def]
    worker = Worker(engine)
    assert (await call(worker, "nope"))["error"]["code"] == "invalid_input"
    assert (await call(worker, "stats", protocol=99))["error"]["message"].startswith("protocol 99")
    assert (await call(worker, "get", {"id": "mem_missing"}))["error"]["code"] == "not_found"
    assert (await call(worker, "ingest", {"message": {"text": ""}}))["error"]["code"] == "invalid_input"
    assert (await call(worker, "ingest", {"message": {"text": "x" * 50_000}}))["error"]["code"] == "message_too_large"
    assert (await call(worker, "get", {}))["error"]["code"] == "invalid_input"  # missing field
    assert json.loads(await worker.handle("not json"))["error"]["code"] == "invalid_input"
    assert json.loads(await worker.handle("[1]"))["error"]["code"] == "invalid_input"
    assert (await call(worker, "import", {"document": {"format": "memlace-export", "schema_version": 7}}))["error"][
        "code"
    ] == "import_format"


async def test_maintenance_runs_when_the_worker_is_idle(engine) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    worker = Worker(engine)
    await call(worker, "ingest", {"message": {"text": "I'm going to buy a new laptop.", "message_id": "1"}})
    task = asyncio.ensure_future(worker.maintain_when_idle(every_s=0.05, idle_s=0.05))
    for _ in range(100):
        if worker.maintained:
            break
        await asyncio.sleep(0.05)
    task.cancel()
    assert worker.maintained >= 1
