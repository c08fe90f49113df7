"""How two devices' copies of one record become one: the merge rules sync runs (pure; no I/O, time passed in).

A synced record travels as a ``Replica``: the record's fields plus, per field, the hybrid-logical-clock stamp
of the write that set it, per-device counters, grow-only sets and a forget tombstone. ``merge`` is a join:
commutative, associative and idempotent, so devices that have seen the same writes hold the same record,
whatever order the writes and syncs came in. The rules, per kind of record:

- every kind: a field is last-writer-wins by its stamp (a total order: wall time, counter, device);
- episodes (messages) never change their words; ``excluded`` only ever turns on; tool calls are a union;
- memories: ``access_count`` is a per-device counter; ``superseded_by`` is a union (an edit makes a new
  memory, so two devices editing the same memory both keep their new version) and the earliest is shown;
  provenance is a union;
- entities: aliases are a union, ``mention_count`` a per-device counter, ``last_mentioned`` the latest;
- edges: evidence is a union; removal is a last-writer-wins ``removed`` field, so a later re-link revives it;
- a forget always wins for episodes and memories, also against a concurrent edit: the words are gone for good.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    model_serializer,
    model_validator,
)

Kind = Literal["episode", "memory", "entity", "edge"]
FORGETTABLE = ("episode", "memory")
REMOVABLE = ("entity", "edge")
COUNTERS = {"memory": "access_count", "entity": "mention_count"}  # summed over devices
UNIONS = {
    "episode": ("tool_calls",),
    "memory": ("superseded_by", "provenance"),
    "entity": ("aliases",),
    "edge": ("evidence",),
}
LATEST = {"entity": ("last_mentioned",), "memory": ("last_accessed",)}  # the greatest value, whoever wrote it
ONLY_ON = {"episode": ("excluded",)}  # once true, true everywhere
MIN_STAMP = (0, 0, "")
COMMON_STAMP = "*"  # in a replica's JSON: the stamp of every field not stamped otherwise (no field has this name)


class Stamp(NamedTuple):
    """A hybrid logical clock reading: wall milliseconds, a counter within the millisecond, the device."""

    wall: int
    counter: int
    device: str


def _stamp(value: Any) -> Stamp:
    """A stamp as a replica holds it. One already made is taken as it is: a replica's fields mostly share one
    stamp, and rebuilding each (as a NamedTuple field would be) was most of the cost of reading replicas."""
    if type(value) is Stamp:
        return value
    if isinstance(value, (list, tuple)) and len(value) == 3:
        wall, counter, device = value
        if type(wall) is int and type(counter) is int and type(device) is str:
            return Stamp(wall, counter, device)
    raise ValueError("a stamp is [wall milliseconds, counter, device]")


StampField = Annotated[Stamp, PlainValidator(_stamp), PlainSerializer(list, return_type=list, when_used="json")]


def tick(last: Stamp | None, now_ms: int, device: str) -> Stamp:
    """The stamp of a local write: after everything this device has stamped or seen, even if its clock went back."""
    if last is None or now_ms > last.wall:
        return Stamp(now_ms, 0, device)
    return Stamp(last.wall, last.counter + 1, device)


def observe(last: Stamp | None, seen: Stamp, now_ms: int, device: str) -> Stamp:
    """The clock after receiving a remote stamp: the next local write is stamped after it."""
    newest = max(last or Stamp(*MIN_STAMP), seen)
    return tick(newest, now_ms, device)


class Replica(BaseModel):
    """One record as sync carries it. ``fields`` holds the record's plain fields; counters, unions and the
    tombstone live beside them, and ``materialize`` puts the record back together."""

    model_config = ConfigDict(frozen=True)

    kind: Kind
    id: str
    fields: dict[str, Any] = Field(default_factory=dict)
    stamps: dict[str, StampField] = Field(default_factory=dict)
    counts: dict[str, int] = Field(default_factory=dict, description="per device: that device's own count")
    sets: dict[str, list[Any]] = Field(default_factory=dict, description="grow-only sets, sorted by their JSON")
    forgotten: StampField | None = None

    # As JSON, the stamp most fields share is written once: a record's fields are mostly written together, and
    # two dozen copies of one stamp made up over half of a replica's bytes. A field with a stamp of its own
    # keeps it; a field with no stamp is written as null. Both forms are read.
    # Written out directly: every part already holds plain JSON data (fields and sets as records are dumped,
    # stamps as tuples), and a replica is written each time it is merged (pydantic's own walk, then this
    # rewrite of its stamps, cost three times as much).
    @model_serializer(mode="plain")
    def _compact_stamps(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "id": self.id,
            "fields": self.fields,
            "stamps": _compacted(self.stamps, self.fields) if self.stamps else {},
            "counts": self.counts,
            "sets": self.sets,
            "forgotten": self.forgotten,
        }

    @model_validator(mode="before")
    @classmethod
    def _expand_stamps(cls, data: Any) -> Any:
        stamps = data.get("stamps") if isinstance(data, dict) else None
        if not isinstance(stamps, dict) or COMMON_STAMP not in stamps:
            return data
        common = _stamp(stamps[COMMON_STAMP]) if stamps[COMMON_STAMP] is not None else None  # made once, shared
        fields = data.get("fields") if isinstance(data.get("fields"), dict) else {}
        expanded = dict.fromkeys(fields, common)  # at C speed: most replicas have no other stamp
        if len(stamps) > 1:
            expanded.update((name, stamp) for name, stamp in stamps.items() if name != COMMON_STAMP)
        if common is None or len(stamps) > 1:  # a field written as null has no stamp
            expanded = {name: stamp for name, stamp in expanded.items() if stamp is not None}
        return {**data, "stamps": expanded}


def _compacted(stamps: dict[str, Stamp], fields: dict[str, Any]) -> dict[str, Any]:
    """Stamps as JSON writes them: the one most fields share once, under COMMON_STAMP, then the others; a
    field with no stamp as null."""
    values = list(stamps.values())
    common = values[0] if values.count(values[0]) == len(values) else Counter(values).most_common(1)[0][0]
    compact: dict[str, Any] = {COMMON_STAMP: common, **{name: stamp for name, stamp in stamps.items() if stamp != common}}
    unstamped = fields.keys() - stamps.keys()
    if unstamped:
        compact.update(dict.fromkeys(sorted(unstamped)))
    return compact


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _union(*lists: list[Any]) -> list[Any]:
    seen = {_key(v): v for values in lists for v in values}
    return [seen[k] for k in sorted(seen)]


def _set_values(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def local_write(before: Replica | None, kind: Kind, record: dict[str, Any], stamp: Stamp) -> Replica:
    """This device wrote ``record`` (the whole record, as the engine holds it after the write): stamp the
    fields that changed, add this device's share of a counter's growth, and add to the unions."""
    if before is not None and before.forgotten is not None:
        return before  # forgotten here already: nothing written later brings the words back
    old = materialize(before) if before is not None else {}
    fields = dict(before.fields) if before else {}
    stamps = dict(before.stamps) if before else {}
    counts = dict(before.counts) if before else {}
    sets = {k: list(v) for k, v in (before.sets if before else {}).items()}
    counter = COUNTERS.get(kind)
    unions = UNIONS.get(kind, ())
    for name, value in record.items():
        if name == counter:
            grown = int(value or 0) - int((old or {}).get(name) or 0)
            if grown > 0:
                counts[stamp.device] = counts.get(stamp.device, 0) + grown
        elif name in unions:
            sets[name] = _union(sets.get(name, []), _set_values(value))
        elif name not in fields or fields[name] != value:
            fields[name] = value
            stamps[name] = stamp
    return Replica(kind=kind, id=str(record.get("id", before.id if before else "")), fields=fields, stamps=stamps, counts=counts, sets=sets)


def forget(before: Replica, stamp: Stamp) -> Replica:
    """A forget: the record keeps only its id and the tombstone, which wins every merge from now on."""
    if before.kind not in FORGETTABLE:
        raise ValueError(f"a {before.kind} is removed, not forgotten")
    when = max(before.forgotten, stamp) if before.forgotten else stamp
    return Replica(kind=before.kind, id=before.id, forgotten=when)


def remove(before: Replica, stamp: Stamp) -> Replica:
    """An edge or entity taken out: a ``removed`` field that a later write (a later stamp) turns off again."""
    if before.kind not in REMOVABLE:
        raise ValueError(f"a {before.kind} is forgotten, not removed")
    return local_write(before, before.kind, {**(materialize(before) or {}), "removed": True}, stamp)


def same_content(a: Replica, b: Replica) -> bool:
    """Whether two replicas hold the same record (whatever their stamps): a write that changes nothing is not sent."""
    return (a.forgotten is None) == (b.forgotten is None) and (a.fields, a.counts, a.sets) == (b.fields, b.counts, b.sets)


def merge(a: Replica, b: Replica) -> Replica:
    """The one record both copies become (the same whichever is ``a``)."""
    if (a.kind, a.id) != (b.kind, b.id):
        raise ValueError(f"cannot merge {a.kind} {a.id} with {b.kind} {b.id}")
    if a.forgotten is not None or b.forgotten is not None:
        when = max(s for s in (a.forgotten, b.forgotten) if s is not None)
        return Replica(kind=a.kind, id=a.id, forgotten=when)
    fields: dict[str, Any] = {}
    stamps: dict[str, Stamp] = {}
    joined = (*LATEST.get(a.kind, ()), *ONLY_ON.get(a.kind, ()))
    for name in sorted(set(a.fields) | set(b.fields)):
        if name in joined:  # not by stamp: the latest time, or "on" once on anywhere
            values = [r.fields[name] for r in (a, b) if name in r.fields]
            present = [v for v in values if v is not None]
            fields[name] = any(bool(v) for v in values) if name in ONLY_ON.get(a.kind, ()) else max(present) if present else None
            written = [r.stamps[name] for r in (a, b) if name in r.stamps]
            if written:
                stamps[name] = max(written)
            continue
        pick = _winner(a, b, name)
        fields[name] = pick.fields[name]
        if name in pick.stamps:
            stamps[name] = pick.stamps[name]
    counts = {d: max(a.counts.get(d, 0), b.counts.get(d, 0)) for d in sorted(set(a.counts) | set(b.counts))}
    sets = {n: _union(a.sets.get(n, []), b.sets.get(n, [])) for n in sorted(set(a.sets) | set(b.sets))}
    return Replica(kind=a.kind, id=a.id, fields=fields, stamps=stamps, counts=counts, sets=sets)


def _winner(a: Replica, b: Replica, name: str) -> Replica:
    if name not in b.fields:
        return a
    if name not in a.fields:
        return b
    stamp_a, stamp_b = tuple(a.stamps.get(name, MIN_STAMP)), tuple(b.stamps.get(name, MIN_STAMP))
    if stamp_a != stamp_b:
        return a if stamp_a > stamp_b else b
    if a.fields[name] == b.fields[name]:
        return a  # the usual case: the same write seen by both
    # Equal stamps with different values cannot come from one clock; the order stays total all the same. (Only
    # here is a value written out to compare: for a vector's field that costs more than the rest of the merge.)
    return a if _key(a.fields[name]) >= _key(b.fields[name]) else b


def materialize(replica: Replica) -> dict[str, Any] | None:
    """The record as the engine stores it (None: forgotten, to be erased wherever it is held)."""
    if replica.forgotten is not None:
        return None
    record = dict(replica.fields)
    counter = COUNTERS.get(replica.kind)
    if counter:
        record[counter] = sum(replica.counts.values())
    for name in UNIONS.get(replica.kind, ()):
        values = replica.sets.get(name, [])
        if name == "superseded_by":
            record[name] = min(values) if values else None  # the earliest id: the same choice on every device
        elif name == "tool_calls":
            by_id: dict[str, Any] = {}
            for call in values:
                by_id.setdefault(str(call.get("id")), call)
            record[name] = list(by_id.values())
        else:
            record[name] = list(values)
    return record
