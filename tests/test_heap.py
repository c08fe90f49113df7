"""The browser worker's heap upkeep (memlace.heap): what settling freezes, renewing takes back."""

from __future__ import annotations

import gc
import weakref

from memlace import heap


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_a_cycle_frozen_by_settling_is_collected_when_renewed() -> None:
    try:
        first, second = Node(), Node()
        first.other, second.other = second, first  # a reference cycle: only the collector frees it
        gone = weakref.ref(first)
        heap.settle()
        assert gc.get_freeze_count() > 0
        del first, second
        gc.collect()
        assert gone() is not None  # frozen: a full collection leaves it alone
        heap.renew()
        assert gone() is None
    finally:
        gc.unfreeze()  # the test process goes on with its collector as before


def test_settling_collects_young_cycles_before_freezing() -> None:
    try:
        first, second = Node(), Node()
        first.other, second.other = second, first
        gone = weakref.ref(first)
        del first, second
        heap.settle()
        assert gone() is None
    finally:
        gc.unfreeze()
