"""Where sync's replicas are kept (memlace.stores.replicas.ReplicaDirectory): blocks for many written at
once, single rows for a few, the newest copy found, and blocks with nothing current dropped. The store
itself runs against real IndexedDB in tests/e2e/test_browser.py (memlace.replica_contract)."""

from __future__ import annotations

from memlace.stores.replicas import BLOCK_MIN, BLOCK_SIZE, ReplicaDirectory


def rows(ids: range, text: str = "r") -> dict[str, str]:
    return {f"k{i}": f"{text}{i}" for i in ids}


def test_a_few_replicas_are_single_rows_and_many_go_in_blocks_of_bounded_size() -> None:
    directory = ReplicaDirectory()
    few = directory.plan(rows(range(BLOCK_MIN - 1)))
    assert len(few.write["singles"]) == BLOCK_MIN - 1 and few.write["blocks"] == []
    many = directory.plan(rows(range(2 * BLOCK_SIZE + 1)))
    assert many.write["singles"] == [] and [len(b["keys"]) for b in many.write["blocks"]] == [BLOCK_SIZE, BLOCK_SIZE, 1]
    assert all(b["keys"] == [f"k{int(t[1:])}" for t in b["replicas"]] for b in many.write["blocks"])


def test_block_ids_sort_in_the_order_they_were_made() -> None:
    directory = ReplicaDirectory()
    ids = [b["id"] for _ in range(3) for b in directory.plan(rows(range(BLOCK_SIZE * 2))).write["blocks"]]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)


def test_locate_finds_the_newest_copy_and_skips_what_is_not_held() -> None:
    directory = ReplicaDirectory()
    first = directory.plan(rows(range(BLOCK_MIN)))
    directory.commit(first)
    block = first.write["blocks"][0]["id"]
    directory.commit(directory.plan({"k3": "edited"}))
    singles, blocks = directory.locate(["k2", "k3", "k4", "nope"])
    assert singles == ["k3"] and blocks == {block: [2, 4]}


def test_a_block_taking_over_a_single_row_deletes_it() -> None:
    directory = ReplicaDirectory()
    directory.commit(directory.plan({"k1": "alone"}))
    plan = directory.plan(rows(range(BLOCK_MIN)))
    assert plan.write["drop"] == ["k1"]
    directory.commit(plan)
    assert directory.locate(["k1"])[0] == []


def test_a_block_with_nothing_current_is_dropped_and_a_partly_current_one_kept() -> None:
    directory = ReplicaDirectory()
    first = directory.plan(rows(range(BLOCK_MIN)))
    directory.commit(first)
    old = first.write["blocks"][0]["id"]
    partly = directory.plan(rows(range(1, BLOCK_MIN + 1), "again"))  # k0 still current in the first block
    assert partly.write["dropBlocks"] == []
    directory.commit(partly)
    last = directory.plan({"k0": "edited"})  # now nothing in the first block is current
    assert last.write["dropBlocks"] == [old]
    directory.commit(last)
    assert old not in directory.live


def test_read_back_from_stored_keys_gives_the_same_places() -> None:
    directory = ReplicaDirectory()
    plans = [directory.plan(rows(range(BLOCK_MIN))), directory.plan(rows(range(5, 5 + BLOCK_MIN), "b")), directory.plan({"k6": "s"})]
    for plan in plans[:2]:
        directory.commit(plan)
    directory.commit(directory.plan({"k6": "s"}))
    stored_blocks = [(b["id"], b["keys"]) for plan in plans[:2] for b in plan.write["blocks"]]
    again = ReplicaDirectory.read(["k6"], stored_blocks)
    assert again.where == directory.where
    assert {b: n for b, n in again.live.items()} == {b: n for b, n in directory.live.items()}


def test_a_block_left_with_nothing_current_is_dropped_by_the_next_write() -> None:
    directory = ReplicaDirectory()
    plan = directory.plan(rows(range(BLOCK_MIN)))
    block = plan.write["blocks"][0]["id"]
    # A tab closed after a single row for each key was written (each a newer copy): the block is stale.
    again = ReplicaDirectory.read([f"k{i}" for i in range(BLOCK_MIN)], [(block, plan.write["blocks"][0]["keys"])])
    plan = again.plan({"other": "x"})
    assert plan.write["dropBlocks"] == [block]
    again.commit(plan)
    assert again.plan({"more": "y"}).write["dropBlocks"] == [], "dropped once, not again"
