"""Pydantic data only: what memlace stores, exchanges and exports. No behaviour, no I/O."""

from __future__ import annotations

import hashlib
import unicodedata
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1


class MemoryKind(StrEnum):
    fact = "fact"
    preference = "preference"
    project = "project"
    relationship = "relationship"
    constraint = "constraint"
    procedure = "procedure"
    correction = "correction"
    negative = "negative"


class MemoryStatus(StrEnum):
    staged = "staged"
    confirmed = "confirmed"
    superseded = "superseded"
    retracted = "retracted"


class MemorySource(StrEnum):
    user_stated = "user_stated"
    user_edit = "user_edit"
    observed = "observed"
    inferred = "inferred"
    import_ = "import"


class TTLClass(StrEnum):
    permanent = "permanent"
    contextual = "contextual"  # 7 days
    temporary = "temporary"  # 1 day


class EntityType(StrEnum):
    person = "person"
    project = "project"
    organization = "organization"
    place = "place"
    concept = "concept"
    tool = "tool"
    event = "event"
    other = "other"


class EdgeType(StrEnum):
    mentions = "mentions"
    related_to = "related_to"
    similar_to = "similar_to"
    supersedes = "supersedes"
    contradicts = "contradicts"
    caused_by = "caused_by"
    depends_on = "depends_on"
    derived_from = "derived_from"
    prefers_over = "prefers_over"
    conditional_on = "conditional_on"
    has_tag = "has_tag"
    in_cluster = "in_cluster"
    same_session = "same_session"
    next_turn = "next_turn"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", use_enum_values=False, validate_assignment=False)


class Scope(_Model):
    profile: str = "default"
    project: str | None = None
    session: str | None = None


class Provenance(_Model):
    chat_id: str | None = None
    message_ids: list[str] = Field(default_factory=list)
    observed_at: float | None = None
    extractor: str | None = None
    extractor_version: str | None = None
    speaker: str | None = None


class Memory(_Model):
    id: str
    kind: MemoryKind = MemoryKind.fact
    text: str
    confidence: float = Field(default=0.7, ge=0.0, le=1.0)
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    status: MemoryStatus = MemoryStatus.staged
    source: MemorySource = MemorySource.user_stated
    scope: Scope = Field(default_factory=Scope)
    tags: list[str] = Field(default_factory=list)
    triggers: list[str] = Field(default_factory=list, description="patterns that make a negative memory apply")
    subject: str | None = Field(default=None, description="who the memory is about (a participant name or 'user')")
    attribute: str | None = Field(default=None, description="single-valued slot such as 'location': a new value supersedes")
    value: str | None = Field(default=None, description="the slot's value, such as 'San Francisco'")
    provenance: list[Provenance] = Field(default_factory=list)
    created_at: float
    updated_at: float
    event_time: float | None = None
    valid_from: float | None = None
    valid_to: float | None = None
    access_count: int = 0
    last_accessed: float | None = None
    ttl: TTLClass = TTLClass.permanent
    expires_at: float | None = None
    superseded_by: str | None = None
    version: int = 1
    protected: bool = False
    text_hash: str = ""

    def message_ids(self) -> list[str]:
        seen: dict[str, None] = {}
        for item in self.provenance:
            for mid in item.message_ids:
                seen.setdefault(mid, None)
        return list(seen)


class Attachment(_Model):
    kind: str = "image"
    text: str = Field(description="the attachment's text, such as an image caption")
    url: str | None = None


class Episode(_Model):
    id: str
    chat_id: str
    message_id: str
    role: str = "user"
    speaker: str | None = None
    text: str
    timestamp: float
    attachments: list[Attachment] = Field(default_factory=list)
    session: str | None = None
    turn: int = 0
    reply_to: str | None = None
    scope: Scope = Field(default_factory=Scope)


class Entity(_Model):
    id: str
    name: str
    type: EntityType = EntityType.other
    aliases: list[str] = Field(default_factory=list)
    mention_count: int = 0
    last_mentioned: float | None = None
    created_at: float = 0.0


class Edge(_Model):
    source: str
    target: str
    type: EdgeType
    weight: float = 1.0
    confidence: float = 1.0
    evidence: list[str] = Field(default_factory=list)
    valid_from: float | None = None
    valid_to: float | None = None
    created_at: float = 0.0

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.source, self.target, self.type.value)


class Message(_Model):
    """What a caller hands to ``ingest``."""

    text: str
    role: str = "user"
    chat_id: str = "default"
    message_id: str | None = None
    speaker: str | None = None
    timestamp: float | None = None
    attachments: list[Attachment] = Field(default_factory=list)
    session: str | None = None
    project: str | None = None


class ItemReason(_Model):
    sources: list[str] = Field(default_factory=list, description="keyword, vector, entity, graph, identity, neighbour")
    entities: list[str] = Field(default_factory=list)
    via: str | None = Field(default=None, description="edge type and hop for graph items, e.g. 'mentions@1'")
    scores: dict[str, float] = Field(default_factory=dict)


class PackItem(_Model):
    id: str
    type: str = Field(description="memory or episode")
    text: str
    score: float
    rank: int
    reason: ItemReason
    status: str | None = None
    kind: str | None = None
    chat_id: str | None = None
    message_ids: list[str] = Field(default_factory=list)
    speaker: str | None = None
    timestamp: float | None = None
    entities: list[str] = Field(default_factory=list)


class ContextPack(_Model):
    query: str
    text: str = ""
    items: list[PackItem] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    skipped: str | None = Field(default=None, description="why retrieval was skipped, if it was")

    def ranked_message_ids(self, limit: int = 50) -> list[str]:
        """Message ids in pack order, each once: a memory stands for the messages it came from."""
        seen: dict[str, None] = {}
        for item in self.items:
            for mid in item.message_ids:
                if mid not in seen:
                    seen[mid] = None
                    if len(seen) >= limit:
                        return list(seen)
        return list(seen)


class ExportDocument(_Model):
    format: str = "memlace-export"
    schema_version: int = SCHEMA_VERSION
    exported_at: float
    profile: str = "default"
    memories: list[Memory] = Field(default_factory=list)
    episodes: list[Episode] = Field(default_factory=list)
    entities: list[Entity] = Field(default_factory=list)
    edges: list[Edge] = Field(default_factory=list)
    meta: dict[str, Any] = Field(default_factory=dict)


def normalize_name(name: str) -> str:
    """Case-, accent- and space-folded form used for entity identity."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join(folded.split())


def entity_id(name: str) -> str:
    return hashlib.sha256(normalize_name(name).encode("utf-8")).hexdigest()


def json_schemas() -> dict[str, dict[str, Any]]:
    """JSON schema of every stored or exchanged model, by name."""
    models: list[type[BaseModel]] = [Memory, Episode, Entity, Edge, Message, ContextPack, ExportDocument]
    return {m.__name__: m.model_json_schema() for m in models}
