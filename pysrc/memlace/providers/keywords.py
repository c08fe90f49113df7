"""The keyword index with numpy scoring, for CPython. Same index, same scores as core.bm25 (which
the browser runs in pure Python); only the per-query sum over postings and the top-k run in numpy."""

from __future__ import annotations

import numpy as np

from memlace.core.bm25 import BM25Index


class NumpyBM25Index(BM25Index):
    def __init__(self, k1: float = 0.9, b: float = 0.4) -> None:
        super().__init__(k1, b)
        self._arrays: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._rows_generation = -1
        self._row_of: dict[str, int] = {}
        self._ids: list[str] = []

    def _rows(self) -> None:
        """Row numbers for the documents as they are now (rebuilt after any change, like the weights)."""
        if self.generation != self._rows_generation:
            self._ids = sorted(self._lengths)
            self._row_of = {doc_id: row for row, doc_id in enumerate(self._ids)}
            self._arrays.clear()
            self._rows_generation = self.generation

    def _term_arrays(self, token: str) -> tuple[np.ndarray, np.ndarray]:
        arrays = self._arrays.get(token)
        if arrays is None:
            weights = self._term_weights(token)
            rows = np.fromiter((self._row_of[d] for d in weights), dtype=np.int64, count=len(weights))
            arrays = (rows, np.fromiter(weights.values(), dtype=np.float64, count=len(weights)))
            self._arrays[token] = arrays
        return arrays

    def search(self, query_terms: list[str], limit: int) -> list[tuple[str, float]]:
        present = self.present(query_terms)
        if not present or limit <= 0:
            return []
        self._rows()
        scores = np.zeros(len(self._ids))
        for token in present:
            rows, weights = self._term_arrays(token)
            scores[rows] += weights
        hit = np.flatnonzero(scores > 0)  # ascending rows, and rows are numbered in id order
        tied = hit[:0]
        if len(hit) > limit:
            found = scores[hit]
            cut = np.partition(found, len(found) - limit)[len(found) - limit]  # the limit-th best score
            # Short texts often tie by the thousand at the cut: those are taken in row (id) order as they
            # stand, and only the places above the cut are sorted.
            above = found > cut
            hit, tied = hit[above], hit[found == cut][: limit - int(np.count_nonzero(above))]
        # (score down, row up) is (score down, id up).
        best = np.concatenate([hit[np.lexsort((hit, -scores[hit]))], tied])
        ids = self._ids
        return [(ids[row], score) for row, score in zip(best.tolist(), scores[best].tolist(), strict=True)]
