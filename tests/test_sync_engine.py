"""Two engines over real SQLite, kept as one memory through sync's push and pull (engine/sync.py) over a
shared server of replicas: what one device learns the other gets, concurrent offline changes end the same on
both, and a forget wins everywhere."""

from __future__ import annotations

from pathlib import Path

from memlace.core.merge import Replica, Stamp, merge
from memlace.memory import Memlace
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores.sqlite import SQLiteStore
from tests.fakes import Clock, HashingEmbedder


class Replicas:
    """A device's replica store (PouchDB in the browser)."""

    def __init__(self) -> None:
        self.held: dict[tuple[str, str], Replica] = {}

    async def all(self) -> dict[tuple[str, str], Replica]:
        return dict(self.held)

    async def get_many(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], Replica]:
        return {k: self.held[k] for k in keys if k in self.held}

    async def put_many(self, replicas: list[Replica]) -> None:
        self.held.update({(r.kind, r.id): r for r in replicas})


class Device:
    def __init__(self, name: str, engine: Memlace, clock: Clock) -> None:
        self.name, self.engine, self.wall = name, engine, clock
        self.replicas = Replicas()
        self.stamp: Stamp | None = None

    async def sync(self, server: dict[tuple[str, str], Replica]) -> None:
        self.stamp, out = await self.engine.sync_push(self.replicas, self.name, self.stamp, int(self.wall() * 1000))
        for replica in out:
            key = (replica.kind, replica.id)
            server[key] = merge(server[key], replica) if key in server else replica
        await self.engine.sync_pull(self.replicas, list(server.values()))


async def device(name: str, tmp_path: Path, clock: Clock) -> Device:
    embedder = HashingEmbedder()
    engine = await Memlace.open(
        SQLiteStore(tmp_path / f"{name}.sqlite"), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), clock=clock
    )
    return Device(name, engine, clock)


def memories(engine: Memlace) -> dict[str, tuple[str, str]]:
    return {m.id: (m.text, m.status.value) for m in engine._engine.state.memories.values()}


async def test_two_devices_stay_one_memory_through_offline_changes_and_a_forget(tmp_path: Path, clock: Clock) -> None:
    server: dict[tuple[str, str], Replica] = {}
    laptop, phone = await device("laptop", tmp_path, clock), await device("phone", tmp_path, clock)
    for n, text in enumerate(["I live in Oslo.", "I love green tea.", "My sister Ana is a nurse."]):
        await laptop.engine.ingest({"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": clock.now})
    await laptop.sync(server)
    await phone.sync(server)
    assert memories(phone.engine) == memories(laptop.engine) and len(memories(phone.engine)) >= 3
    assert set(phone.engine._engine.state.episodes) == set(laptop.engine._engine.state.episodes)
    by_text = {text: mid for mid, (text, _) in memories(laptop.engine).items()}
    tea, sister = by_text["User loves green tea"], next(m for t, m in by_text.items() if "Ana" in t)
    # Offline on both: the laptop retracts the tea and forgets the sister; later the phone confirms both.
    await laptop.engine.retract(tea)
    await laptop.engine.forget(sister)
    clock.advance(60)
    await phone.engine.confirm(tea)
    await phone.engine.confirm(sister)
    await phone.engine.ingest({"text": "I started learning Portuguese.", "chat_id": "p", "message_id": "p1", "timestamp": clock.now})
    for side in (laptop, phone, laptop):
        await side.sync(server)
    assert memories(laptop.engine) == memories(phone.engine)
    final = memories(laptop.engine)
    assert sister not in final  # the forget wins over the later confirm
    assert final[tea][1] == "confirmed"  # status is last-writer-wins: the phone's confirm came later
    assert any("Portuguese" in text for text, _ in final.values())
    # Nothing changed since: another round sends nothing.
    _, out = await laptop.engine.sync_push(laptop.replicas, "laptop", laptop.stamp, int(clock.now * 1000))
    assert out == []
    found = await phone.engine.retrieve("Where do I live?")
    assert any("Oslo" in item.text for item in found.items)  # what came from the other device is found
