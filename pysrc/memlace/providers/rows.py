"""Python lists read at numpy row numbers, for the numpy indexes."""

from __future__ import annotations

from operator import itemgetter


def gather(items: list[str], rows: list[int]) -> list[str] | tuple[str, ...]:
    """items at rows, in order, gathered at C speed (itemgetter of a single row returns the item itself)."""
    if len(rows) <= 1:
        return [items[row] for row in rows]
    return itemgetter(*rows)(items)
