"""The product defaults in CPython: SQLite, the local all-MiniLM-L6-v2 model, numpy vector and keyword scoring."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memlace.memory import Memlace
from memlace.ports import Embedder


async def open_local(
    path: str | Path, *, embed: bool = True, progress: Any = print, embedder: Embedder | None = None, **options: Any
) -> Memlace:
    """Open (or create) a memory at path. With embed=False it runs on keywords and graph only.

    ``embedder`` replaces the local model (e.g. remote embeddings through the proxy); vectors made by
    another model are re-embedded in the background while keywords and graph keep answering.
    """
    from memlace.providers.keywords import NumpyBM25Index
    from memlace.stores.sqlite import SQLiteStore

    index = None
    if not embed:
        embedder = None
    elif embedder is None:
        from memlace.providers.local_embedder import LocalEmbedder

        embedder = LocalEmbedder(progress=progress)
    if embedder is not None:
        from memlace.providers.vectors import NumpyVectorIndex

        index = NumpyVectorIndex(embedder.dim)
    options.setdefault("keyword_index", NumpyBM25Index)
    return await Memlace.open(SQLiteStore(path), embedder=embedder, vector_index=index, **options)
