"""Embedder and VectorIndex ports over the worker's JavaScript objects (web/js/embedder.mjs, vectors.mjs).

Vectors travel as raw float32 bytes, never as Python float lists through JSON.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Sequence
from typing import Any


def _floats(data: Any) -> array[float]:
    """A JS Float32Array (or raw bytes) as a compact Python float32 array."""
    values = array("f")
    values.frombytes(data.to_bytes() if hasattr(data, "to_bytes") else bytes(data))
    return values


UPSERT_SLICE = 4096


def to_js_bytes(values: array[float]) -> Any:
    """Float32 values as a fresh JS Uint8Array (copied, so JS may keep it)."""
    from pyodide.ffi import to_js  # only in the browser

    return to_js(values.tobytes())


class JsEmbedder:
    def __init__(self, js: Any) -> None:
        self._js = js
        self.model_id = str(js.modelId)
        self.dim = int(js.dim)

    async def embed(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        values = _floats(await self._js.embedJson(json.dumps(texts)))
        return [values[i * self.dim : (i + 1) * self.dim].tolist() for i in range(len(texts))]


class JsVectorIndex:
    def __init__(self, js: Any) -> None:
        self._js = js

    def upsert(self, ids: list[str], vectors: Sequence[Sequence[float]]) -> None:
        # In slices: one call with 100k ids handed JS a corrupted id list (a multi-megabyte string and a
        # 150 MB buffer in one call), and a profile that size could not open.
        for start in range(0, len(ids), UPSERT_SLICE):
            flat = array("f")
            for vector in vectors[start : start + UPSERT_SLICE]:
                flat.extend(vector)
            self._js.upsertBytes(json.dumps(ids[start : start + UPSERT_SLICE]), to_js_bytes(flat))

    def remove(self, ids: list[str]) -> None:
        if ids:
            self._js.removeJson(json.dumps(ids))

    def search(self, vector: list[float], k: int, prefix: str | None = None) -> list[tuple[str, float]]:
        found = json.loads(str(self._js.searchBytes(to_js_bytes(array("f", vector)), k, prefix or "")))
        return [(item_id, float(score)) for item_id, score in found]

    def get(self, item_id: str) -> list[float] | None:
        data = self._js.getBytes(item_id)
        # JS null comes as Pyodide's jsnull, not None: an item without a vector (one synced in, not yet embedded)
        return None if data is None or not hasattr(data, "to_bytes") else _floats(data).tolist()

    def __len__(self) -> int:
        return int(self._js.size)
