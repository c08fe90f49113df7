"""The VectorIndex port in CPython: a numpy matrix of unit vectors, grown in chunks."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memlace.models import ID_PREFIXES, ItemKind, item_kind

# Item kinds get a code per row, so a search limited to memories or episodes needs no pass over the ids.
_KINDS = {ID_PREFIXES[kind]: code for code, kind in enumerate((ItemKind.memory, ItemKind.episode, ItemKind.sentence), 1)}


def _kind(item_id: str) -> int:
    return _KINDS.get(ID_PREFIXES.get(item_kind(item_id), ""), 0)


class NumpyVectorIndex:
    def __init__(self, dim: int) -> None:
        self.dim = dim
        self._matrix = np.zeros((1024, dim), dtype=np.float32)
        self._kinds = np.zeros(1024, dtype=np.int8)
        self._ids: list[str] = []
        self._row: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._row)

    def upsert(self, ids: list[str], vectors: Sequence[Sequence[float]]) -> None:
        self._make_room(len(self._ids) + sum(1 for item_id in dict.fromkeys(ids) if item_id not in self._row))
        for item_id, vector in zip(ids, vectors, strict=True):
            row = self._row.get(item_id)
            if row is None:
                row = len(self._ids)
                self._ids.append(item_id)
                self._row[item_id] = row
                self._kinds[row] = _kind(item_id)
            self._matrix[row] = vector

    def _make_room(self, rows: int) -> None:
        """Rows for ``rows`` vectors, with an eighth more to grow into: a profile that loads 100k vectors at
        once holds 12% spare rows rather than up to twice its size, and appending one at a time copies the
        matrix once every eighth of its size."""
        if rows <= len(self._matrix):
            return
        size = rows + max(1024, rows // 8)
        grown = np.zeros((size, self.dim), dtype=np.float32)
        grown[: len(self._ids)] = self._matrix[: len(self._ids)]
        kinds = np.zeros(size, dtype=np.int8)
        kinds[: len(self._ids)] = self._kinds[: len(self._ids)]
        self._matrix, self._kinds = grown, kinds

    def remove(self, ids: list[str]) -> None:
        for item_id in ids:
            row = self._row.pop(item_id, None)
            if row is None:
                continue
            last = len(self._ids) - 1
            if row != last:  # move the last row into the hole
                moved = self._ids[last]
                self._matrix[row] = self._matrix[last]
                self._kinds[row] = self._kinds[last]
                self._ids[row] = moved
                self._row[moved] = row
            self._ids.pop()
            self._matrix[last] = 0.0

    def get(self, item_id: str) -> list[float] | None:
        row = self._row.get(item_id)
        return None if row is None else self._matrix[row].tolist()

    def search(self, vector: list[float], k: int, prefix: str | None = None) -> list[tuple[str, float]]:
        count = len(self._ids)
        if count == 0 or k <= 0:
            return []
        scores = self._matrix[:count] @ np.asarray(vector, dtype=np.float32)
        if prefix is not None:
            code = _KINDS.get(prefix)
            if code is not None:
                mask = self._kinds[:count] == code
            else:
                mask = np.fromiter((i.startswith(prefix) for i in self._ids), dtype=bool, count=count)
            scores[~mask] = -np.inf
        k = min(k, count)
        if k < count:
            cut = np.partition(scores, count - k)[count - k]  # the k-th best score
            if cut == -np.inf:  # fewer than k items of the kind asked for: all of them
                top = np.flatnonzero(np.isfinite(scores))
            else:  # everything above the cut, and every item tied at it (ties are then broken by id)
                top = np.concatenate([np.flatnonzero(scores > cut), np.flatnonzero(scores == cut)])
        else:
            top = np.flatnonzero(np.isfinite(scores)) if prefix is not None else np.arange(count)
        top = top[np.argsort(-scores[top], kind="stable")]
        values = scores[top]
        ids = self._ids
        pairs = [(ids[row], score) for row, score in zip(top.tolist(), values.tolist(), strict=True)]
        if len(values) > 1 and bool((values[1:] == values[:-1]).any()):  # equal scores (identical texts): order them by id
            pairs.sort(key=lambda p: (-p[1], p[0]))
        return pairs[:k]
