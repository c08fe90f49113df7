from __future__ import annotations

import json
from pathlib import Path

import pytest

from memlace.memory import Memlace
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores.memory import MemoryStore
from tests.fakes import Clock, HashingEmbedder

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
REFERENCE = SHARED / "data" / "embeddings" / "minilm_reference.json"
LOCOMO = SHARED / "data" / "locomo-dev" / "locomo_dev.json"


@pytest.fixture(scope="session")
def model_dir() -> Path:
    from memlace.providers.local_embedder import ensure_model

    return ensure_model()


@pytest.fixture(scope="session")
def local_embedder(model_dir: Path):  # type: ignore[no-untyped-def]
    from memlace.providers.local_embedder import LocalEmbedder

    return LocalEmbedder(model_dir)


@pytest.fixture(scope="session")
def reference() -> dict:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def engine(clock: Clock) -> Memlace:
    """An engine over the in-memory store with the test hashing embedder."""
    embedder = HashingEmbedder()
    return await Memlace.open(MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), clock=clock)


@pytest.fixture
async def real_engine(clock: Clock, local_embedder) -> Memlace:  # type: ignore[no-untyped-def]
    """An engine with the product's default embedder."""
    return await Memlace.open(MemoryStore(), embedder=local_embedder, vector_index=NumpyVectorIndex(local_embedder.dim), clock=clock)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-page site for the dev server, when a test needs only its /api/ (the proxy function)."""
    root = tmp_path_factory.mktemp("site")
    (root / "index.html").write_text("<!doctype html><title>memlace</title>", encoding="utf-8")
    return root
