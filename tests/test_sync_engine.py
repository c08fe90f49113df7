"""Two engines over real SQLite, kept as one memory through sync's push and pull (engine/sync.py) over a
shared server of replicas: what one device learns the other gets, concurrent offline changes end the same on
both, and a forget wins everywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memlace.core.merge import Replica, Stamp, merge
from memlace.memory import Memlace
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores.sqlite import SQLiteStore
from tests.fakes import Clock, HashingEmbedder


class Replicas:
    """A device's replica store (in the browser, an IndexedDB database of its own: web/js/replicas.mjs)."""

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
        await self.pull(server)

    async def pull(self, server: dict[tuple[str, str], Replica]) -> None:
        """Merge the server's replicas in; what that took in of this device's unpushed changes goes up."""
        _, unsent = await self.engine.sync_pull(self.replicas, list(server.values()), self.name, int(self.wall() * 1000))
        for key, replica in (await self.replicas.get_many(unsent)).items():
            server[key] = merge(server[key], replica) if key in server else replica


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


async def test_a_forget_wins_over_an_edit_made_offline_on_another_device(tmp_path: Path, clock: Clock) -> None:
    """The phone edits a memory while the laptop forgets it: both lose the old words and the edited ones,
    whichever device syncs first."""
    for order in (("laptop", "phone"), ("phone", "laptop")):
        server: dict[tuple[str, str], Replica] = {}
        laptop, phone = await device(f"laptop-{order[0]}", tmp_path, clock), await device(f"phone-{order[0]}", tmp_path, clock)
        await laptop.engine.ingest({"text": "I work at Zalando.", "chat_id": "c", "message_id": "m1", "timestamp": clock.now})
        await laptop.engine.ingest({"text": "I love green tea.", "chat_id": "c", "message_id": "m2", "timestamp": clock.now})
        await laptop.sync(server)
        await phone.sync(server)
        job = next(mid for mid, (text, _) in memories(phone.engine).items() if "Zalando" in text)
        edited = await phone.engine.edit(job, "User works at Spotify")
        edited_twice = await phone.engine.edit(edited.id, "User works at Spotify as a designer")
        await laptop.engine.forget(job)
        clock.advance(5)
        devices = {"laptop": laptop, "phone": phone}
        for name in (*order, *order):
            await devices[name].sync(server)
        for side in (laptop, phone):
            held = memories(side.engine)
            assert not {job, edited.id, edited_twice.id} & set(held), (order, held)
            assert not any("Zalando" in text or "Spotify" in text for text, _ in held.values())
            assert any("green tea" in text for text, _ in held.values())
        assert memories(laptop.engine) == memories(phone.engine)


async def test_the_worker_methods_push_and_pull_as_json(tmp_path: Path, clock: Clock) -> None:
    """sync_push and sync_pull as the page calls them: JSON replicas in and out, a bad replica refused."""
    from memlace.errors import InvalidInput
    from memlace.sync_rpc import SyncMethods

    laptop, phone = await device("laptop", tmp_path, clock), await device("phone", tmp_path, clock)
    sender, receiver = SyncMethods(laptop.engine, laptop.replicas), SyncMethods(phone.engine, phone.replicas)
    await laptop.engine.ingest({"text": "My dog is called Biscuit.", "chat_id": "c", "message_id": "m1", "timestamp": clock.now})
    pushed = await sender.push({"device": "laptop", "clock": None, "now_ms": 1_700_000_000_000})
    assert pushed["clock"][2] == "laptop" and pushed["replicas"]
    sent = [{**r, "vectors": pushed["vectors"].get(r["id"]), "model": pushed["model"]} for r in json.loads(json.dumps(pushed["replicas"]))]
    memory_key = next((r["kind"], r["id"]) for r in sent if r["kind"] == "memory")
    pulled = await receiver.pull({"replicas": sent, "echo": [list(memory_key)], "device": "phone", "now_ms": 1_700_000_000_000})
    assert pulled["written"] == len(sent) and [(r["kind"], r["id"]) for r in pulled["echo"]] == [memory_key]
    assert any("Biscuit" in text for text, _ in memories(phone.engine).values())
    # The vectors came along: the phone searches the memory by meaning without embedding it.
    assert pushed["model"] == phone.engine.model_id and pushed["vectors"][memory_key[1]]
    assert not phone.engine._engine.unembedded  # neither the memory nor the message waits to be embedded
    sent_vector = laptop.engine._engine.index.get(memory_key[1])
    assert phone.engine._engine.index.get(memory_key[1]) == pytest.approx(sent_vector, abs=1e-6)
    found = await phone.engine.retrieve("What is my dog called?")
    assert any("Biscuit" in item.text for item in found.items)
    again = await sender.push({"device": "laptop", "clock": pushed["clock"], "now_ms": 1_700_000_000_000})
    assert again["replicas"] == []  # nothing changed since
    with pytest.raises(InvalidInput):
        await receiver.pull({"replicas": [{"kind": "spell", "id": "x"}], "device": "phone", "now_ms": 1})
    with pytest.raises(InvalidInput):
        await sender.push({"device": "", "now_ms": -1})
    bad_vectors = [
        {**sent[0], "vectors": ["not", "an", "object"]},
        {**sent[0], "vectors": {"x": "%%%"}},
        {**sent[0], "vectors": {"x": "AAAA" * 3}},
    ]
    for bad in bad_vectors:  # a list, text that is not base64, bytes that are not whole float32 values
        with pytest.raises(InvalidInput):
            await receiver.pull({"replicas": [bad], "device": "phone", "now_ms": 1})


async def test_a_change_not_yet_pushed_is_weighed_by_a_pull_not_overwritten(tmp_path: Path, clock: Clock) -> None:
    """The phone confirms a memory and syncs; later, the laptop (offline meanwhile) retracts it and its forget
    of another, but pulls before it pushes: its later retract and its forget stand, and go to the phone."""
    server: dict[tuple[str, str], Replica] = {}
    laptop, phone = await device("laptop", tmp_path, clock), await device("phone", tmp_path, clock)
    for n, text in enumerate(["I love green tea.", "My sister Ana is a nurse."]):
        await laptop.engine.ingest({"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": clock.now})
    await laptop.sync(server)
    await phone.sync(server)
    by_text = {text: mid for mid, (text, _) in memories(laptop.engine).items()}
    tea, sister = by_text["User loves green tea"], next(m for t, m in by_text.items() if "Ana" in t)
    clock.advance(10)
    await phone.engine.confirm(tea)
    await phone.engine.edit(sister, "User's sister Ana is a doctor")
    await phone.sync(server)
    clock.advance(10)
    await laptop.engine.retract(tea)
    await laptop.engine.forget(sister)
    await laptop.pull(server)  # before any push
    assert memories(laptop.engine)[tea][1] == "retracted"
    assert not any("Ana" in text for text, _ in memories(laptop.engine).values())
    await phone.sync(server)
    assert memories(phone.engine) == memories(laptop.engine)


async def test_a_push_after_the_first_sees_every_kind_of_change_the_full_pass_would(tmp_path: Path, clock: Clock) -> None:
    """Pushes after the first look only at what the engine wrote; a full comparison afterwards finds nothing
    they missed: new messages, edits, retractions, forgets, a forgotten chat."""
    laptop = await device("laptop", tmp_path, clock)
    for n, text in enumerate(["I live in Oslo.", "I love green tea.", "My sister Ana is a nurse.", "I play chess with Ana."]):
        await laptop.engine.ingest({"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": clock.now})
    server: dict[tuple[str, str], Replica] = {}
    await laptop.sync(server)
    assert laptop.engine._engine.sync_changes is not None  # the engine notes its writes from now on
    by_text = {text: mid for mid, (text, _) in memories(laptop.engine).items()}
    clock.advance(5)
    await laptop.engine.ingest({"text": "I moved to Bergen.", "chat_id": "c", "message_id": "m9", "timestamp": clock.now})
    await laptop.engine.edit(by_text["User loves green tea"], "User loves jasmine tea")
    await laptop.engine.forget(next(m for t, m in by_text.items() if "chess" in t))
    await laptop.engine.forget_chat("c", with_memories=False)
    clock.advance(5)
    _, incremental = await laptop.engine.sync_push(laptop.replicas, "laptop", laptop.stamp, int(clock.now * 1000))
    assert {r.kind for r in incremental} >= {"memory", "episode"} and any(r.forgotten for r in incremental)
    laptop.engine._engine.sync_changes = None  # as after a reopen: compare everything
    _, missed = await laptop.engine.sync_push(laptop.replicas, "laptop", laptop.stamp, int(clock.now * 1000))
    assert missed == []


async def test_a_large_push_goes_a_slice_at_a_time_and_misses_nothing(tmp_path: Path, clock: Clock) -> None:
    from memlace.sync_rpc import SyncMethods

    laptop, phone = await device("laptop", tmp_path, clock), await device("phone", tmp_path, clock)
    for n, text in enumerate(["I live in Oslo.", "I love green tea.", "My sister Ana is a nurse.", "I play chess with Ana."]):
        await laptop.engine.ingest({"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": clock.now})
    methods = SyncMethods(laptop.engine, laptop.replicas)
    slices: list[list[dict]] = []  # type: ignore[type-arg]
    answer = {"more": True, "clock": None}
    while answer["more"]:
        answer = await methods.push({"device": "laptop", "clock": answer["clock"], "now_ms": 1_700_000_000_000, "limit": 3})
        slices.append(answer["replicas"])
    assert len(slices) > 2 and all(len(s) <= 3 for s in slices)
    sent = [r for s in slices for r in s]
    assert len({(r["kind"], r["id"]) for r in sent}) == len(sent)  # each record once
    receiver = SyncMethods(phone.engine, phone.replicas)
    await receiver.pull({"replicas": sent, "device": "phone", "now_ms": 1_700_000_000_000})
    assert memories(phone.engine) == memories(laptop.engine)
    laptop.engine._engine.sync_changes = None
    _, missed = await laptop.engine.sync_push(laptop.replicas, "laptop", None, 1_700_000_000_000)
    assert missed == []


async def test_a_pull_cut_short_loses_nothing_and_forgets_nothing(tmp_path: Path, clock: Clock) -> None:
    """A tab closed in the middle of a pull, at either of its two writes: the store may be ahead of the
    replicas, never behind them (a replica held for a record the store lacks would read as a forget, and go
    to every device)."""

    class Cut(Replicas):
        async def put_many(self, replicas: list[Replica]) -> None:
            raise OSError("the tab was closed")

    for where in ("store", "replicas"):
        server: dict[tuple[str, str], Replica] = {}
        laptop, phone = await device(f"laptop-{where}", tmp_path, clock), await device(f"phone-{where}", tmp_path, clock)
        for n, text in enumerate(["I live in Oslo.", "I love green tea."]):
            await laptop.engine.ingest({"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": clock.now})
        await laptop.sync(server)
        store = phone.engine._engine.store
        kept, apply = phone.replicas, store.apply
        if where == "store":

            async def closed(batch: object) -> None:
                raise OSError("the tab was closed")

            store.apply = closed  # type: ignore[method-assign]
        else:
            phone.replicas = Cut()
        with pytest.raises(OSError):
            await phone.pull(server)
        phone.replicas, store.apply = kept, apply  # type: ignore[method-assign]  # reopened
        _, out = await phone.engine.sync_push(phone.replicas, "phone", None, int(clock.now * 1000))
        assert not any(r.forgotten for r in out), where
        await phone.pull(server)
        assert memories(phone.engine) == memories(laptop.engine)
        for replica in out:
            key = (replica.kind, replica.id)
            server[key] = merge(server[key], replica) if key in server else replica
        await laptop.pull(server)
        assert memories(phone.engine) == memories(laptop.engine) and len(memories(laptop.engine)) >= 2, where


async def test_a_backlog_after_the_first_pass_goes_a_slice_at_a_time_each_record_looked_at_once(tmp_path: Path, clock: Clock) -> None:
    from memlace.engine import sync as engine_sync
    from memlace.sync_rpc import SyncMethods

    laptop, phone = await device("laptop", tmp_path, clock), await device("phone", tmp_path, clock)
    methods = SyncMethods(laptop.engine, laptop.replicas)
    first = await methods.push({"device": "laptop", "now_ms": 1_700_000_000_000, "limit": 3})
    assert first["replicas"] == [] and first["more"] is False  # an empty memory: the first pass sends nothing
    for n in range(6):
        await laptop.engine.ingest({"text": f"I have {n + 2} green hats and a cat named Tom{n}.", "chat_id": "c", "message_id": f"m{n}"})
    backlog = len(laptop.engine._engine.sync_changes.keys) + len(laptop.engine._engine.sync_changes.edges)  # type: ignore[union-attr]
    looked: list[str] = []
    state_record = engine_sync._state_record

    def counted(engine: object, kind: str, item_id: str) -> object:
        looked.append(f"{kind}:{item_id}")
        return state_record(engine, kind, item_id)  # type: ignore[arg-type]

    engine_sync._state_record = counted  # type: ignore[assignment]
    try:
        answers = [await methods.push({"device": "laptop", "clock": first["clock"], "now_ms": 1_700_000_000_000, "limit": 3})]
        while answers[-1]["more"]:
            answers.append(await methods.push({"device": "laptop", "clock": answers[-1]["clock"], "now_ms": 1_700_000_000_000, "limit": 3}))
    finally:
        engine_sync._state_record = state_record  # type: ignore[assignment]
    assert len(answers) >= backlog // 3 and all(len(a["replicas"]) <= 3 for a in answers)
    assert len(looked) == len(set(looked))  # no record looked at twice
    sent = [r for a in answers for r in a["replicas"]]
    await SyncMethods(phone.engine, phone.replicas).pull({"replicas": sent, "device": "phone", "now_ms": 1_700_000_000_000})
    assert memories(phone.engine) == memories(laptop.engine) and len(memories(laptop.engine)) >= 4


async def test_sync_turned_off_and_on_again_sends_everything_to_the_new_server(tmp_path: Path, clock: Clock) -> None:
    """Turning sync off clears the replicas; on again (in the same tab, the engine still noting its writes),
    the session's first push is full and sends every record, not just what changed since the last push."""
    from memlace.sync_rpc import SyncMethods

    laptop = await device("laptop", tmp_path, clock)
    await laptop.engine.ingest({"text": "I live in Oslo. My sister Ana is a nurse.", "chat_id": "c", "message_id": "m1"})
    methods = SyncMethods(laptop.engine, laptop.replicas)
    first = await methods.push({"device": "laptop", "now_ms": 1_700_000_000_000, "full": True})
    assert first["replicas"] and first["more"] is False
    laptop.replicas.held.clear()  # sync off: the replicas go
    quiet = await methods.push({"device": "laptop2", "now_ms": 1_700_000_000_000})
    assert quiet["replicas"] == []  # nothing written since: an incremental push sees nothing
    again = await methods.push({"device": "laptop2", "now_ms": 1_700_000_000_000, "full": True})
    assert sorted((r["kind"], r["id"]) for r in again["replicas"]) == sorted((r["kind"], r["id"]) for r in first["replicas"])


@pytest.mark.parametrize("seed", range(10))
async def test_random_writes_pushes_and_pulls_on_two_devices_end_as_one_memory(tmp_path: Path, clock: Clock, seed: int) -> None:
    """Writes, forgets, pushes alone, pulls alone (a pull between a write and its push) and whole syncs, in a
    seeded random order on two devices: once both have synced twice more, they hold the same memories and
    nothing is left to send. (A pull settles what it merged: later pushes and pulls look only at newer writes.)"""
    import random

    rnd = random.Random(seed)
    server: dict[tuple[str, str], Replica] = {}
    devices = [await device(f"d{seed}a", tmp_path, clock), await device(f"d{seed}b", tmp_path, clock)]
    facts = [
        "I live in Oslo.",
        "I love green tea.",
        "My sister Ana is a nurse.",
        "I play the cello.",
        "I work at Zalando.",
        "My dog is called Rex.",
    ]
    for step in range(50):
        side = rnd.choice(devices)
        held = [mid for mid, (_, status) in memories(side.engine).items() if status not in ("superseded", "retracted")]
        action = rnd.choice(["ingest", "ingest", "confirm", "retract", "edit", "forget", "push", "pull", "sync", "sync"])
        clock.advance(rnd.choice([0, 1, 5]))
        if action == "ingest":
            text = rnd.choice(facts)
            await side.engine.ingest({"text": text, "chat_id": side.name, "message_id": f"{side.name}-{step}", "timestamp": clock.now})
        elif action in ("confirm", "retract", "edit", "forget") and held:
            target = rnd.choice(held)
            if action == "edit":
                await side.engine.edit(target, f"User noted fact number {step}")
            else:
                await getattr(side.engine, action)(target)
        elif action == "push":
            side.stamp, out = await side.engine.sync_push(side.replicas, side.name, side.stamp, int(clock.now * 1000))
            for replica in out:
                key = (replica.kind, replica.id)
                server[key] = merge(server[key], replica) if key in server else replica
        elif action == "pull":
            await side.pull(server)
        elif action == "sync":
            await side.sync(server)
    for _ in range(2):
        for side in devices:
            await side.sync(server)
    assert memories(devices[0].engine) == memories(devices[1].engine)
    for side in devices:
        _, out = await side.engine.sync_push(side.replicas, side.name, side.stamp, int(clock.now * 1000))
        assert out == [], (side.name, out)
