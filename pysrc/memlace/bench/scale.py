"""Synthetic-store benchmark: retrieval latency, ingestion rate and memory at 1k-100k memories.

Stores are built straight through the store port (generating 100k memories
through the extractor would measure the extractor, not retrieval). Vectors are
seeded random unit vectors: latency does not depend on what they mean. Retrieval
is timed without the query's embedding, side by side with a bare numpy
matrix-vector top-k over the same vectors.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
import tracemalloc
from typing import Any

import numpy as np

from memlace.bench import synthetic
from memlace.memory import Memlace
from memlace.ports import WriteBatch
from memlace.providers.keywords import NumpyBM25Index
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores.memory import MemoryStore

DIM = 384
WARMUP = 20  # untimed queries before the timed ones


class _FixedEmbedder:
    """Query vectors for the benchmark come precomputed; this only satisfies the port."""

    model_id = synthetic.MODEL_ID
    dim = DIM

    def __init__(self) -> None:
        self.next_vector: list[float] = [0.0] * DIM

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return [self.next_vector for _ in texts]


def _unit(rng: np.random.Generator, n: int) -> np.ndarray:
    vectors = rng.standard_normal((n, DIM)).astype(np.float32)
    unit: np.ndarray = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    return unit


def synthetic_batch(n: int, seed: int = 7) -> tuple[WriteBatch, np.ndarray]:
    vectors = _unit(np.random.default_rng(seed), n)  # numpy makes them fast here; the shapes are the same as in the browser
    return synthetic.batch(n, vectors.tolist(), seed), vectors


async def measure(n: int, queries: int) -> dict[str, Any]:
    batch, vectors = synthetic_batch(n)
    store = MemoryStore()
    await store.apply(batch)
    del batch
    embedder = _FixedEmbedder()
    tracemalloc.start()
    engine = await Memlace.open(store, embedder=embedder, vector_index=NumpyVectorIndex(DIM), keyword_index=NumpyBM25Index)
    memory_mb = tracemalloc.get_traced_memory()[0] / 1e6
    tracemalloc.stop()
    ours: list[float] = []
    bare: list[float] = []

    async def side_by_side(texts: list[str], query_vectors: np.ndarray) -> None:
        for text, vector in zip(texts, query_vectors, strict=True):
            embedder.next_vector = vector.tolist()
            pack = await engine.retrieve(text, track=False)
            ours.append(pack.timings_ms["total"])
            began = time.perf_counter()  # the bare baseline: one matrix-vector product and a top-k
            scores = vectors @ vector
            top = np.argpartition(-scores, 10)[:10]
            top[np.argsort(-scores[top])]
            bare.append((time.perf_counter() - began) * 1000.0)

    # Steady state, as in a chat session: a few other queries first (the keyword index caches each term's
    # weights until the next write), and the previous size's garbage collected before timing.
    await side_by_side(synthetic.queries(WARMUP, seed=11), _unit(np.random.default_rng(11), WARMUP))
    ours.clear()
    bare.clear()
    gc.collect()
    await side_by_side(synthetic.queries(queries), _unit(np.random.default_rng(99), queries))
    ours.sort()
    bare.sort()
    p50, p95 = statistics.median(ours), ours[int(0.95 * (len(ours) - 1))]
    bare50, bare95 = statistics.median(bare), bare[int(0.95 * (len(bare) - 1))]
    return {
        "memories": n,
        "p50_ms": p50,
        "p95_ms": p95,
        "numpy_p50_ms": bare50,
        "numpy_p95_ms": bare95,
        "ratio_p50": p50 / bare50 if bare50 else float("nan"),
        "memory_mb": memory_mb,
    }


async def ingest_rate(messages: int = 300) -> dict[str, Any]:
    """Messages per second through the real path: heuristic extractor and the local embedder."""
    from memlace.providers.local_embedder import LocalEmbedder

    embedder = LocalEmbedder()
    engine = await Memlace.open(MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim))
    rnd = random.Random(3)
    lines = [
        f"I {rnd.choice(['really like', 'started', 'visited', 'work on', 'prefer'])} {rnd.choice(synthetic.TOPICS)} {rnd.choice(synthetic.DETAILS)}, and my friend {rnd.choice(['Ana', 'Tom', 'Lee'])} came along."
        for _ in range(messages)
    ]
    began = time.perf_counter()
    for start in range(0, messages, 32):
        await engine.ingest_many(
            [{"text": t, "message_id": f"m{start + i}", "timestamp": 1.7e9 + start + i} for i, t in enumerate(lines[start : start + 32])]
        )
    elapsed = time.perf_counter() - began
    return {"messages": messages, "per_second": messages / elapsed}


async def run(sizes: list[int], queries: int = 200) -> dict[str, Any]:
    return {"retrieval": [await measure(n, queries) for n in sizes], "ingest": await ingest_rate()}


def format_table(result: dict[str, Any]) -> str:
    lines = [f"{'memories':>9} {'p50 ms':>8} {'p95 ms':>8} {'numpy p50':>10} {'numpy p95':>10} {'ratio p50':>10} {'memory MB':>10}"]
    for row in result["retrieval"]:
        lines.append(
            f"{row['memories']:>9} {row['p50_ms']:>8.2f} {row['p95_ms']:>8.2f} {row['numpy_p50_ms']:>10.3f} "
            f"{row['numpy_p95_ms']:>10.3f} {row['ratio_p50']:>10.1f} {row['memory_mb']:>10.1f}"
        )
    ingest = result["ingest"]
    lines.append(f"ingestion (heuristic extractor + local embedder): {ingest['per_second']:.1f} messages/s over {ingest['messages']}")
    return "\n".join(lines)
