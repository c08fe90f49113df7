"""The product defaults in CPython: SQLite, the local all-MiniLM-L6-v2 model, numpy vector and keyword scoring."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memlace.memory import Memlace


async def open_local(path: str | Path, *, embed: bool = True, progress: Any = print, **options: Any) -> Memlace:
    """Open (or create) a memory at path. With embed=False it runs on keywords and graph only."""
    from memlace.providers.keywords import NumpyBM25Index
    from memlace.stores.sqlite import SQLiteStore

    embedder = index = None
    if embed:
        from memlace.providers.local_embedder import LocalEmbedder
        from memlace.providers.vectors import NumpyVectorIndex

        embedder = LocalEmbedder(progress=progress)
        index = NumpyVectorIndex(embedder.dim)
    options.setdefault("keyword_index", NumpyBM25Index)
    return await Memlace.open(SQLiteStore(path), embedder=embedder, vector_index=index, **options)
