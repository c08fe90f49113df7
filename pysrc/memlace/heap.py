"""Python's cycle collector beside a large memory, in the browser's worker.

A full (oldest-generation) collection walks every object Python tracks. An open profile is hundreds of thousands
of long-lived objects (records, their indexes, the graph) that never form garbage cycles, so each walk finds
nothing, and walks come more often while memory grows: merging 40,000 synced records in CPython spent 1.7-2.0 s
of 3.9-4.4 s in the collector. So after bulk work the live heap is settled: young cycles are collected, then
what is still alive is frozen (left out of later collections; reference counting frees it as before). What a
frozen object could leak (a cycle that becomes garbage later) is taken back when the worker is idle (``renew``).
"""

from __future__ import annotations

import gc


def settle() -> None:
    """After a bulk change (opening a profile, a batch merged or imported): young cycles collected, the rest frozen."""
    gc.collect(1)
    gc.freeze()


def renew() -> None:
    """While idle: one full collection over everything (frozen cycles that became garbage too), then settled."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
