"""An incremental, field-weighted Okapi BM25 index in pure Python.

Written here rather than taken from a library because memlace needs three
things the usual packages (rank_bm25, bm25s) do not give together: documents
added and removed one at a time as messages arrive, several weighted fields per
document (a turn, the turn it replies to, its session's date), and no numpy, so
the same code runs in Pyodide. Fields are folded into one weighted term
frequency and length per document (a simplified BM25F).
"""

from __future__ import annotations

import math
from collections import defaultdict

from memlace.core.text import top_items


class BM25Index:
    def __init__(self, k1: float = 0.9, b: float = 0.4) -> None:
        self.k1 = k1
        self.b = b
        self._postings: dict[str, dict[str, float]] = defaultdict(dict)
        self._lengths: dict[str, float] = {}
        self._doc_terms: dict[str, list[str]] = {}
        self._total_length = 0.0
        # Per-term idf * saturated tf, per document. Exact: cleared whenever the collection changes (the
        # generation counts every add and remove), so reads between writes reuse it and never see stale weights.
        self._weights: dict[str, dict[str, float]] = {}
        self.generation = 0
        self._cache_generation = 0

    def __len__(self) -> int:
        return len(self._lengths)

    def __contains__(self, doc_id: str) -> bool:
        return doc_id in self._lengths

    def add(self, doc_id: str, fields: list[tuple[list[str], float]]) -> None:
        """Index doc_id from (terms, weight) fields, replacing an earlier version."""
        if doc_id in self._lengths:
            self.remove(doc_id)
        self.generation += 1
        weighted: dict[str, float] = defaultdict(float)
        length = 0.0
        for tokens, weight in fields:
            for token in tokens:
                weighted[token] += weight
            length += weight * len(tokens)
        for token, tf in weighted.items():
            self._postings[token][doc_id] = tf
        self._doc_terms[doc_id] = list(weighted)
        self._lengths[doc_id] = length
        self._total_length += length

    def remove(self, doc_id: str) -> None:
        if doc_id not in self._lengths:
            return
        self.generation += 1
        for token in self._doc_terms.pop(doc_id):
            posting = self._postings.get(token)
            if posting is not None:
                posting.pop(doc_id, None)
                if not posting:
                    del self._postings[token]
        self._total_length -= self._lengths.pop(doc_id)

    def containing(self, tokens: set[str]) -> set[str]:
        """Documents holding every one of the tokens, in any field."""
        postings = sorted((self._postings.get(token, {}) for token in tokens), key=len)
        found = set(postings[0]) if postings else set()
        for posting in postings[1:]:
            found.intersection_update(posting)
        return found

    def doc_terms(self, doc_id: str) -> list[str]:
        return self._doc_terms.get(doc_id, [])

    def frequency(self, token: str) -> int:
        """How many documents hold the token."""
        return len(self._postings.get(token, ()))

    def idf(self, token: str) -> float:
        n, df = len(self._lengths), self.frequency(token)
        return math.log(1.0 + (n - df + 0.5) / (df + 0.5))

    def _term_weights(self, token: str) -> dict[str, float]:
        """idf * tf*(k1+1)/(tf+norm) per document for one term (the hot loop then only adds)."""
        if self.generation != self._cache_generation:
            self._weights.clear()
            self._cache_generation = self.generation
        cached = self._weights.get(token)
        if cached is None:
            k1, b, lengths = self.k1, self.b, self._lengths
            avg = self._total_length / len(lengths) or 1.0
            idf = self.idf(token)
            cached = {
                doc_id: idf * tf * (k1 + 1.0) / (tf + k1 * (1.0 - b + b * lengths[doc_id] / avg))
                for doc_id, tf in self._postings.get(token, {}).items()
            }
            self._weights[token] = cached
        return cached

    def present(self, query_terms: list[str]) -> list[str]:
        """The query's distinct terms that some document has."""
        if not self._lengths:
            return []
        return [t for t in dict.fromkeys(query_terms) if t in self._postings]

    def search(self, query_terms: list[str], limit: int) -> list[tuple[str, float]]:
        """Top documents by BM25 score, best first; ties broken by id for reproducibility."""
        present = self.present(query_terms)
        if not present:
            return []
        # The longest posting list is copied at C speed; the others are added to it.
        present.sort(key=lambda t: (-len(self._postings[t]), t))
        scores = dict(self._term_weights(present[0]))
        get = scores.get
        for token in present[1:]:
            for doc_id, weight in self._term_weights(token).items():
                scores[doc_id] = get(doc_id, 0.0) + weight
        return top_items(scores, limit)
