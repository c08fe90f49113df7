"""The seams through which the core reaches the outside world. Each docstring is the contract.

Stores, embedders, vector indexes and model calls are injected, so the same
engine runs over SQLite, numpy and onnxruntime in CPython and over IndexedDB and
JavaScript kernels in Pyodide.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from memlace.models import Edge, Entity, EntityType, Episode, Memory, MemoryKind, Quarantined, TTLClass


class WriteBatch(BaseModel):
    """Everything one logical change writes. A store applies a batch in one transaction: all or nothing."""

    memories: list[Memory] = Field(default_factory=list)
    episodes: list[Episode] = Field(default_factory=list)
    entities: list[Entity] = Field(default_factory=list)
    edges: list[Edge] = Field(default_factory=list)
    # A vector may be a list or a float32 array (those sync brings in stay arrays: copied into a store or an
    # index whole, not float by float).
    vectors: dict[str, tuple[str, Sequence[float]]] = Field(default_factory=dict, description="item id -> (model id, vector)")
    meta: dict[str, Any] = Field(default_factory=dict)
    delete_memories: list[str] = Field(default_factory=list)
    delete_episodes: list[str] = Field(default_factory=list)
    delete_entities: list[str] = Field(default_factory=list)
    delete_edges: list[tuple[str, str, str]] = Field(default_factory=list)
    delete_vectors: list[str] = Field(default_factory=list)

    def is_empty(self) -> bool:
        return not any(getattr(self, name) for name in type(self).model_fields)


class Snapshot(BaseModel):
    memories: list[Memory] = Field(default_factory=list)
    episodes: list[Episode] = Field(default_factory=list)
    entities: list[Entity] = Field(default_factory=list)
    edges: list[Edge] = Field(default_factory=list)
    meta: dict[str, Any] = Field(default_factory=dict)
    quarantined: list[Quarantined] = Field(default_factory=list, description="stored records that could not be read")


@runtime_checkable
class Store(Protocol):
    """Durable storage. ``apply`` is atomic; ``load`` returns what all applied batches left.

    Upserts replace by id (edges by (source, target, type)); deleting a missing id is a no-op.
    Failures raise ``StoreError`` (``StorageFull`` when the disk or quota is full) and leave the store as
    it was before the batch; a batch that only deletes goes through on a full disk or quota. ``load``
    never fails because of one record: a record that cannot be read is returned in ``quarantined``
    (see ``memlace.records``) and stays stored as it was.
    """

    async def apply(self, batch: WriteBatch) -> None: ...

    async def load(self) -> Snapshot: ...

    def vector_parts(self, model_id: str) -> AsyncIterator[dict[str, Sequence[float]]]:
        """Vectors made by model_id, by item id, in parts of a few thousand (vectors of other models are not
        returned). Compact arrays (``array('f')`` or views) rather than lists where the backend can: at 100k
        vectors, lists of Python floats take five times the memory, and a browser worker's heap never gives
        back what it once took, so a large profile's vectors are never all in Python at once."""
        ...

    async def room(self) -> tuple[int, int] | None:
        """Bytes used and the most that may be used (a browser's quota, a disk's free space), or None when
        the backend cannot say. Growth stops short of the limit, keeping a reserve for corrections."""
        ...

    async def close(self) -> None: ...


@runtime_checkable
class Embedder(Protocol):
    """Texts in, L2-normalised float vectors out, one per text, in order."""

    model_id: str
    dim: int

    async def embed(self, texts: list[str]) -> list[list[float]]: ...


@runtime_checkable
class VectorIndex(Protocol):
    """In-memory nearest neighbours by dot product over unit vectors (numpy in CPython, JS in the browser)."""

    def upsert(self, ids: list[str], vectors: Sequence[Sequence[float]]) -> None: ...

    def remove(self, ids: list[str]) -> None: ...

    def search(self, vector: list[float], k: int, prefix: str | None = None) -> list[tuple[str, float]]:
        """Top k (id, cosine) best first, ties by id; only ids starting with prefix when given."""
        ...

    def get(self, item_id: str) -> list[float] | None: ...

    def __len__(self) -> int: ...


class CandidateEntity(BaseModel):
    name: str
    type: EntityType = EntityType.other
    aliases: list[str] = Field(default_factory=list)


class CandidateMemory(BaseModel):
    kind: MemoryKind = MemoryKind.fact
    text: str
    confidence: float = 0.7
    importance: float = 0.5
    subject: str | None = None
    attribute: str | None = Field(default=None, description="a single-valued slot such as 'location'; a new value supersedes")
    value: str | None = None
    entities: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    triggers: list[str] = Field(default_factory=list)
    ttl: TTLClass = TTLClass.permanent
    prefers_over: str | None = None
    replaces: bool = Field(default=False, description="a correction or update: it replaces the memory it is closest to")
    replaces_what: str | None = Field(
        default=None,
        max_length=200,
        description="the old value in the speaker's words ('teaching history' in 'switched from teaching history to ...')",
    )
    replaces_with: str | None = Field(
        default=None, max_length=200, description="the new value that takes the old one's place ('May' in 'the race is in May, not April')"
    )
    stated: bool = Field(default=False, description="the user asked for it to be remembered: confirmed at once")
    when_text: str | None = Field(default=None, description="the words its date is read from, when the text no longer has them")


class Extraction(BaseModel):
    entities: list[CandidateEntity] = Field(default_factory=list)
    memories: list[CandidateMemory] = Field(default_factory=list)
    forget: list[str] = Field(default_factory=list, description="statements the user asked to forget, in third person")


@runtime_checkable
class Extractor(Protocol):
    """A message plus its recent window in, candidate entities and memories out."""

    name: str
    version: str

    async def extract(self, episode: Episode, window: list[Episode], known_entities: list[Entity]) -> Extraction: ...


class Relation(BaseModel):
    label: str = Field(description="agrees, refines, contradicts or unrelated")
    confidence: float = 0.5


@runtime_checkable
class Classifier(Protocol):
    """Pairs of (new text, existing text) in, one Relation each out."""

    async def classify(self, pairs: list[tuple[str, str]]) -> list[Relation]: ...


@runtime_checkable
class Selector(Protocol):
    """A query and numbered candidate texts in, the chosen indexes out."""

    async def select(self, query: str, candidates: list[str]) -> list[int]: ...


async def load_vectors(store: Store, model_id: str) -> dict[str, Sequence[float]]:
    """Every vector of a model at once (its parts merged): for tests and small profiles."""
    found: dict[str, Sequence[float]] = {}
    async for part in store.vector_parts(model_id):
        found.update(part)
    return found
