"""The inspector's list reads sorted orders and counts the state keeps in step with writes (core/listing.py).
After any sequence of writes, small batches placed one by one and large ones that drop what was built,
every list must give what filtering and sorting every memory from scratch gives."""

from __future__ import annotations

import asyncio
from collections import Counter
from operator import attrgetter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlace.core import state as state_module
from memlace.core.listing import SORT_KEYS
from memlace.core.text import terms
from memlace.engine import inspection
from memlace.memory import Memlace
from memlace.models import ACTIVE, Memory, MemoryKind, MemoryStatus, Provenance
from memlace.ports import WriteBatch
from memlace.stores.memory import MemoryStore

IDS = [f"mem_{n:02d}" for n in range(14)]
TEXTS = ["User lives in Lisbon", "User is living near the sea", "Ana drinks tea", "User prefers TEA over coffee", "Bo plays chess"]
FILTERS = [
    {},
    {"status": "active"},
    {"status": "retracted"},
    {"status": "no-such-status"},
    {"kind": "preference"},
    {"kind": "fact", "status": "confirmed"},
    {"tag": "home"},
    {"text": "live"},
    {"text": "TEA"},
    {"text": "lisb", "kind": "fact"},
    {"since": 1_700_000_050.0},
    {"text": "user", "tag": "home", "status": "active"},
]

memory = st.builds(
    lambda memory_id, kind, status, text, confidence, importance, uses, created, updated, tags: Memory(
        id=memory_id,
        kind=kind,
        status=status,
        text=text,
        confidence=confidence,
        importance=importance,
        access_count=uses,
        created_at=1_700_000_000.0 + created,
        updated_at=1_700_000_000.0 + updated,
        tags=tags,
        provenance=[Provenance(chat_id="c", message_ids=["m"])],
    ),
    st.sampled_from(IDS),
    st.sampled_from([MemoryKind.fact, MemoryKind.preference, MemoryKind.negative]),
    st.sampled_from(list(MemoryStatus)),
    st.sampled_from(TEXTS),
    st.sampled_from([0.2, 0.5, 0.9]),  # few values: ties are broken by id
    st.sampled_from([0.1, 0.5]),
    st.integers(0, 3),
    st.integers(0, 100),
    st.integers(0, 100),
    st.lists(st.sampled_from(["home", "food"]), max_size=2, unique=True),
)
batch = st.builds(
    lambda memories, deletes: WriteBatch(memories=list({m.id: m for m in memories}.values()), delete_memories=deletes),
    st.lists(memory, max_size=6),
    st.lists(st.sampled_from(IDS), max_size=2, unique=True),
)
listing = st.fixed_dictionaries(
    {
        "sort": st.sampled_from(SORT_KEYS),
        "descending": st.booleans(),
        "offset": st.sampled_from([0, 0, 2, 7]),
        "limit": st.sampled_from([1, 3, 50]),
        "filters": st.sampled_from(FILTERS),
    }
)


def expected(
    memories: dict[str, Memory], sort: str, descending: bool, offset: int, limit: int, filters: dict[str, Any]
) -> tuple[int, list[str]]:
    """Every memory filtered and sorted from scratch, as the list did before it kept orders."""
    items = list(memories.values())
    if "kind" in filters:
        items = [m for m in items if m.kind.value == filters["kind"]]
    if filters.get("status") == "active":
        items = [m for m in items if m.status in ACTIVE]
    elif "status" in filters:
        items = [m for m in items if m.status.value == filters["status"]]
    if "tag" in filters:
        items = [m for m in items if filters["tag"] in m.tags]
    if "text" in filters:
        needle, words = filters["text"].casefold(), set(terms(filters["text"]))
        items = [m for m in items if needle in m.text.casefold() or (words and words <= set(terms(m.text)))]
    if "since" in filters:
        items = [m for m in items if m.created_at >= filters["since"]]
    items.sort(key=attrgetter(sort, "id"), reverse=descending)
    return len(items), [m.id for m in items[offset : offset + limit]]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(batch, st.lists(listing, max_size=3)), min_size=1, max_size=8))
def test_a_list_after_any_writes_is_what_sorting_everything_gives(
    steps: list[tuple[WriteBatch, list[dict[str, Any]]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(state_module, "PLACE_ONE_BY_ONE", 4)  # batches above 4 memories take the rebuild path

    async def run() -> None:
        engine = await Memlace.open(MemoryStore())
        for written, lists in steps:
            async with engine._engine.writing():
                await engine._engine.write(written)
            for asked in lists:
                page = await engine.list(
                    sort=asked["sort"], descending=asked["descending"], offset=asked["offset"], limit=asked["limit"], **asked["filters"]
                )
                want = expected(
                    engine.state.memories, asked["sort"], asked["descending"], asked["offset"], asked["limit"], asked["filters"]
                )
                assert (page["total"], [m["id"] for m in page["items"]]) == want, asked
                everything = expected(engine.state.memories, "updated_at", False, 0, len(IDS), asked["filters"])[1]
                assert sorted(m.id for m in inspection.matching(engine._engine, **asked["filters"])) == sorted(everything)
            counted = await engine.stats()  # read off the same kept counts
            memories = engine.state.memories.values()
            assert counted["by_kind"] == Counter(m.kind.value for m in memories)
            assert counted["by_status"] == Counter(m.status.value for m in memories)

    asyncio.run(run())


async def test_a_memory_changed_in_place_still_leaves_its_place() -> None:
    """Memories are replaced, never changed in place; if one ever were, its old place is found the slow way."""
    engine = await Memlace.open(MemoryStore())
    first = Memory(id="mem_a", text="User likes tea", created_at=1.0, updated_at=5.0, importance=0.9)
    second = Memory(id="mem_b", text="User likes chess", created_at=2.0, updated_at=6.0, importance=0.1)
    async with engine._engine.writing():
        await engine._engine.write(WriteBatch(memories=[first, second]))
    assert [m["id"] for m in (await engine.list(sort="importance"))["items"]] == ["mem_a", "mem_b"]
    engine.state.memories["mem_a"].importance = 0.0  # behind the state's back
    async with engine._engine.writing():
        await engine._engine.write(WriteBatch(memories=[first.model_copy(update={"importance": 0.05})]))
    assert [m["id"] for m in (await engine.list(sort="importance"))["items"]] == ["mem_b", "mem_a"]
