"""Sync's merge rules (core/merge.py): any interleaving of writes and syncs on two devices ends in the same
store on both, a forget always wins, counters count every device's uses once, and unions lose nothing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memlace.core.merge import Kind, Replica, Stamp, forget, local_write, materialize, merge, observe, remove, tick

RECORDS: dict[str, tuple[Kind, dict[str, Any]]] = {
    "mem_a": (
        "memory",
        {
            "id": "mem_a",
            "text": "User lives in Oslo",
            "status": "staged",
            "confidence": 0.7,
            "access_count": 0,
            "superseded_by": None,
            "provenance": [],
        },
    ),
    "ep_a": ("episode", {"id": "ep_a", "text": "I live in Oslo", "excluded": False, "tool_calls": []}),
    "ent_a": ("entity", {"id": "ent_a", "name": "Oslo", "type": "place", "aliases": [], "mention_count": 0, "last_mentioned": None}),
    "edge_a": (
        "edge",
        {"id": "edge_a", "source": "mem_a", "target": "ent_a", "type": "mentions", "weight": 1.0, "evidence": [], "removed": False},
    ),
}
DEVICES = ("laptop", "phone")


class Device:
    def __init__(self, name: str) -> None:
        self.name = name
        self.clock: Stamp | None = None
        self.store: dict[str, Replica] = {}

    def stamp(self, now: int) -> Stamp:
        self.clock = tick(self.clock, now, self.name)
        return self.clock

    def write(self, rid: str, change: dict[str, Any], now: int) -> None:
        kind, base = RECORDS[rid]
        before = self.store.get(rid)
        current = materialize(before) if before is not None else dict(base)
        if current is None:
            return  # forgotten here: the engine holds nothing to change
        self.store[rid] = local_write(before, kind, {**current, **change}, self.stamp(now))

    def receive(self, other: Device, now: int) -> None:
        for rid, theirs in other.store.items():
            mine = self.store.get(rid)
            self.store[rid] = merge(mine, theirs) if mine is not None else theirs
            for seen in [*theirs.stamps.values(), theirs.forgotten]:
                if seen is not None:
                    self.clock = observe(self.clock, seen, now, self.name)


operation = st.one_of(
    st.tuples(st.just("status"), st.sampled_from(["staged", "confirmed", "retracted"])),
    st.tuples(st.just("confidence"), st.sampled_from([0.3, 0.6, 0.9])),
    st.tuples(st.just("use"), st.just(None)),
    st.tuples(st.just("supersede"), st.sampled_from(["mem_b", "mem_c"])),
    st.tuples(st.just("forget_memory"), st.just(None)),
    st.tuples(st.just("exclude"), st.just(None)),
    st.tuples(st.just("tool_call"), st.sampled_from(["call_1", "call_2"])),
    st.tuples(st.just("forget_episode"), st.just(None)),
    st.tuples(st.just("alias"), st.sampled_from(["Christiania", "Kristiania"])),
    st.tuples(st.just("mention"), st.just(None)),
    st.tuples(st.just("rename"), st.sampled_from(["Oslo", "Oslo, Norway"])),
    st.tuples(st.just("weight"), st.sampled_from([0.2, 0.8])),
    st.tuples(st.just("unlink"), st.just(None)),
    st.tuples(st.just("relink"), st.just(None)),
    st.tuples(st.just("sync"), st.just(None)),
)
step = st.tuples(st.sampled_from(DEVICES), operation, st.integers(0, 40))  # device, what, its wall clock (may go back)


def apply(device: Device, other: Device, what: str, value: Any, now: int, log: dict[str, Any]) -> None:
    if what == "sync":
        device.receive(other, now)
    elif what in ("status", "confidence"):
        device.write("mem_a", {what: value}, now)
    elif what == "use":
        before = materialize(device.store["mem_a"]) if "mem_a" in device.store else RECORDS["mem_a"][1]
        if before is not None:
            device.write("mem_a", {"access_count": before["access_count"] + 1}, now)
            log["uses"] += 1
    elif what == "supersede":
        device.write("mem_a", {"superseded_by": value}, now)
        log["superseders"].add(value)
    elif what == "forget_memory" or what == "forget_episode":
        rid = "mem_a" if what == "forget_memory" else "ep_a"
        if rid not in device.store:
            device.write(rid, {}, now)
        device.store[rid] = forget(device.store[rid], device.stamp(now))
        log["forgotten"].add(rid)
    elif what == "exclude":
        device.write("ep_a", {"excluded": True}, now)
    elif what == "tool_call":
        before = materialize(device.store["ep_a"]) if "ep_a" in device.store else RECORDS["ep_a"][1]
        if before is not None:
            device.write("ep_a", {"tool_calls": [*before["tool_calls"], {"id": value, "name": "remember"}]}, now)
    elif what == "alias":
        device.write("ent_a", {"aliases": [value]}, now)
        log["aliases"].add(value)
    elif what == "mention":
        before = materialize(device.store["ent_a"]) if "ent_a" in device.store else RECORDS["ent_a"][1]
        assert before is not None
        device.write("ent_a", {"mention_count": before["mention_count"] + 1, "last_mentioned": float(now)}, now)
        log["mentions"] += 1
    elif what == "rename":
        device.write("ent_a", {"name": value}, now)
    elif what == "weight":
        device.write("edge_a", {"weight": value, "evidence": [f"w{value}"]}, now)
    elif what == "unlink":
        if "edge_a" not in device.store:
            device.write("edge_a", {}, now)
        device.store["edge_a"] = remove(device.store["edge_a"], device.stamp(now))
    elif what == "relink":
        device.write("edge_a", {"removed": False}, now)


@settings(max_examples=300, deadline=None)
@given(st.lists(step, max_size=40))
def test_any_interleaving_of_writes_and_syncs_converges(steps: list[tuple[str, tuple[str, Any], int]]) -> None:
    devices = {name: Device(name) for name in DEVICES}
    log: dict[str, Any] = {"uses": 0, "mentions": 0, "superseders": set(), "aliases": set(), "forgotten": set()}
    for name, (what, value), now in steps:
        other = devices[DEVICES[1 - DEVICES.index(name)]]
        apply(devices[name], other, what, value, now, log)
    laptop, phone = devices["laptop"], devices["phone"]
    laptop.receive(phone, 100)
    phone.receive(laptop, 100)
    assert laptop.store == phone.store  # the same replicas, so the same records
    final = {rid: materialize(r) for rid, r in laptop.store.items()}
    for rid in log["forgotten"]:
        assert final[rid] is None  # a forget wins, whatever was written after or beside it
    memory = final.get("mem_a")
    if memory is not None:
        assert memory["access_count"] == log["uses"]  # every device's uses, each counted once
        assert memory["superseded_by"] == (min(log["superseders"]) if log["superseders"] else None)
    entity = final.get("ent_a")
    if entity is not None:
        assert set(entity["aliases"]) == log["aliases"] and entity["mention_count"] == log["mentions"]


replica_steps = st.lists(st.tuples(st.sampled_from(DEVICES), operation, st.integers(0, 40)), max_size=12)


def replica_after(steps: list[tuple[str, tuple[str, Any], int]], rid: str) -> Replica | None:
    devices = {name: Device(name) for name in DEVICES}
    log: dict[str, Any] = {"uses": 0, "mentions": 0, "superseders": set(), "aliases": set(), "forgotten": set()}
    for name, (what, value), now in steps:
        if what != "sync":
            apply(devices[name], devices[DEVICES[1 - DEVICES.index(name)]], what, value, now, log)
    return devices[steps[0][0]].store.get(rid) if steps else None


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(RECORDS)), replica_steps, replica_steps, replica_steps)
def test_merge_is_commutative_associative_and_idempotent(rid: str, one: list, two: list, three: list) -> None:  # type: ignore[type-arg]
    a, b, c = (replica_after(steps, rid) for steps in (one, two, three))
    if a is None or b is None or c is None:
        return
    assert merge(a, b) == merge(b, a)
    assert merge(a, merge(b, c)) == merge(merge(a, b), c)
    assert merge(a, a) == a


def test_a_forget_beats_an_edit_made_later_on_another_device() -> None:
    kind, base = RECORDS["mem_a"]
    laptop = local_write(None, kind, base, Stamp(1, 0, "laptop"))
    phone = laptop
    laptop = forget(laptop, Stamp(2, 0, "laptop"))
    phone = local_write(phone, kind, {**base, "status": "confirmed"}, Stamp(9, 0, "phone"))  # later, offline
    assert materialize(merge(laptop, phone)) is None and materialize(merge(phone, laptop)) is None
    assert local_write(merge(laptop, phone), kind, base, Stamp(10, 0, "phone")).forgotten is not None  # stays forgotten


def test_the_clock_orders_writes_after_what_it_saw_even_when_the_wall_clock_goes_back() -> None:
    first = tick(None, 1000, "laptop")
    assert tick(first, 900, "laptop") > first  # the wall clock went back: the counter moves on
    seen = Stamp(5000, 3, "phone")
    assert observe(first, seen, 1200, "laptop") > seen
    with pytest.raises(ValueError):
        forget(local_write(None, "edge", RECORDS["edge_a"][1], first), seen)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(RECORDS)), replica_steps)
def test_a_replica_comes_back_the_same_from_its_compact_json(rid: str, steps: list) -> None:  # type: ignore[type-arg]
    replica = replica_after(steps, rid)
    if replica is None:
        return
    assert Replica.model_validate_json(replica.model_dump_json()) == replica
    assert Replica.model_validate(replica.model_dump(mode="json")) == replica


def test_stamps_shared_by_fields_are_written_once_and_the_full_form_is_still_read() -> None:
    kind, base = RECORDS["mem_a"]
    first = local_write(None, kind, base, Stamp(1, 0, "laptop"))
    later = local_write(first, kind, {**base, "status": "confirmed"}, Stamp(5, 2, "phone"))
    unstamped = Replica(kind="memory", id="mem_a", fields={"text": "x", "status": "staged"}, stamps={"status": Stamp(3, 0, "p")})
    for replica in (first, later, unstamped):
        dumped = replica.model_dump(mode="json")
        assert list(dumped["stamps"].values()).count(dumped["stamps"]["*"]) == 1  # the common stamp once
        full = {**dumped, "stamps": {name: list(stamp) for name, stamp in replica.stamps.items()}}
        assert Replica.model_validate(full) == replica == Replica.model_validate(dumped)
    assert later.model_dump(mode="json")["stamps"] == {"*": [1, 0, "laptop"], "status": [5, 2, "phone"]}
    assert unstamped.model_dump(mode="json")["stamps"] == {"*": [3, 0, "p"], "text": None}
