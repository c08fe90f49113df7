"""What sync's replica store must do, as plain async checks run inside the browser worker against real
IndexedDB (web/js/replicas.mjs through memlace.stores.replicas), each on a fresh database.

Each check takes ``open_store``: every call opens another store object over that one database, as another
tab (or the same tab after a reload) would. A check raises AssertionError on failure."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from memlace.core.merge import Replica
from memlace.stores.replicas import BLOCK_MIN, BLOCK_SIZE

Opener = Callable[[], Awaitable[Any]]


def replica(i: int, text: str = "first") -> Replica:
    return Replica(kind="memory", id=f"mem_{i}", fields={"text": f"{text} {i}"})


def texts(found: dict[tuple[str, str], Replica]) -> dict[str, str]:
    return {item_id: str(r.fields["text"]) for (_, item_id), r in found.items()}


def keys(ids: range) -> list[tuple[str, str]]:
    return [("memory", f"mem_{i}") for i in ids]


async def single_rows_round_trip(open_store: Opener) -> None:
    store = await open_store()
    assert await store.get_many(keys(range(3))) == {}
    await store.put_many([replica(i) for i in range(3)])
    assert texts(await store.get_many(keys(range(5)))) == {f"mem_{i}": f"first {i}" for i in range(3)}
    assert texts(await store.all()) == {f"mem_{i}": f"first {i}" for i in range(3)}


async def many_at_once_go_in_blocks_and_read_back(open_store: Opener) -> None:
    store = await open_store()
    count = BLOCK_SIZE + BLOCK_MIN + 3  # more than one block, the last one partly filled
    await store.put_many([replica(i) for i in range(count)])
    found = await store._helper.directory()
    assert '"singles":[]' in str(found), "written in blocks, not one row each"
    wanted = [0, BLOCK_SIZE - 1, BLOCK_SIZE, count - 1]
    assert texts(await store.get_many([("memory", f"mem_{i}") for i in wanted])) == {f"mem_{i}": f"first {i}" for i in wanted}
    reopened = await open_store()
    assert len(await reopened.all()) == count
    assert texts(await reopened.get_many([("memory", "mem_7")])) == {"mem_7": "first 7"}


async def a_later_write_wins_over_its_block(open_store: Opener) -> None:
    store = await open_store()
    await store.put_many([replica(i) for i in range(BLOCK_MIN)])
    await store.put_many([replica(5, "edited")])  # alone: a single row, newer than the block
    assert texts(await store.get_many(keys(range(4, 7)))) == {"mem_4": "first 4", "mem_5": "edited 5", "mem_6": "first 6"}
    await store.put_many([replica(i, "second") for i in range(3, 3 + BLOCK_MIN)])  # a newer block takes over 5
    expected = {f"mem_{i}": ("first" if i < 3 else "second") + f" {i}" for i in range(3 + BLOCK_MIN)}
    assert texts(await store.all()) == expected
    reopened = await open_store()
    assert texts(await reopened.get_many(keys(range(3 + BLOCK_MIN)))) == expected
    assert texts(await reopened.all()) == expected


async def a_block_with_nothing_current_is_deleted(open_store: Opener) -> None:
    store = await open_store()
    await store.put_many([replica(i) for i in range(BLOCK_MIN)])
    await store.put_many([replica(i, "again") for i in range(BLOCK_MIN)])
    directory = str(await store._helper.directory())
    assert directory.count('mem_0"') == 1, "the first block, all of it replaced, is gone"
    assert texts(await store.get_many(keys(range(2)))) == {"mem_0": "again 0", "mem_1": "again 1"}


async def another_tab_writing_is_noticed(open_store: Opener) -> None:
    here, there = await open_store(), await open_store()
    await here.put_many([replica(i) for i in range(BLOCK_MIN)])
    assert texts(await there.get_many(keys(range(1)))) == {"mem_0": "first 0"}
    await there.put_many([replica(i, "there") for i in range(BLOCK_MIN)])  # drops the block `here` knows
    assert texts(await here.get_many(keys(range(2)))) == {"mem_0": "there 0", "mem_1": "there 1"}
    await here.put_many([replica(1, "here")])
    assert texts(await there.get_many(keys(range(2)))) == {"mem_0": "there 0", "mem_1": "here 1"}


async def cleared_replicas_are_not_found(open_store: Opener) -> None:
    store = await open_store()
    await store.put_many([replica(i) for i in range(BLOCK_MIN + 1)])
    await store._helper.clear()  # the page, when sync is turned off
    assert await store.get_many(keys(range(3))) == {}
    assert await store.all() == {}
    await store.put_many([replica(2, "anew")])
    assert texts(await (await open_store()).all()) == {"mem_2": "anew 2"}


CHECKS = [
    single_rows_round_trip,
    many_at_once_go_in_blocks_and_read_back,
    a_later_write_wins_over_its_block,
    a_block_with_nothing_current_is_deleted,
    another_tab_writing_is_noticed,
    cleared_replicas_are_not_found,
]


async def run_replica_contract(make: Callable[[], Awaitable[Opener]]) -> dict[str, str]:
    """Every check on a fresh database: name -> "ok" or what failed."""
    results: dict[str, str] = {}
    for check in CHECKS:
        try:
            await check(await make())
            results[check.__name__] = "ok"
        except Exception as error:  # reported per check: one failure does not hide the others
            results[check.__name__] = f"{type(error).__name__}: {error}"
    return results
