"""Pydantic data only: what memlace stores, exchanges and exports. No behaviour, no I/O."""

from __future__ import annotations

import hashlib
import unicodedata
from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1
# Every stored time is epoch seconds (UTC) within the years 1 to 9999, which every date library can show;
# an out-of-range or non-finite time is refused at the boundary and quarantined when loaded.
MIN_TIME = -62135596800.0  # 0001-01-01T00:00:00Z
MAX_TIME = 253402300799.0  # 9999-12-31T23:59:59Z
Time = Annotated[float, Field(ge=MIN_TIME, le=MAX_TIME)]


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


ACTIVE = (MemoryStatus.staged, MemoryStatus.confirmed)  # what retrieval may use


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


class ItemKind(StrEnum):
    """What an id names. Stored items carry their kind as an id prefix (see ID_PREFIXES); entity ids are
    sha256 digests and graph-only nodes (clusters) have a kind of their own."""

    memory = "memory"
    episode = "episode"
    sentence = "sentence"  # a sentence of a longer episode, with a vector of its own: sn_<k>_<episode id>
    entity = "entity"
    cluster = "cluster"


ID_PREFIXES = {ItemKind.memory: "mem_", ItemKind.episode: "ep_", ItemKind.sentence: "sn_", ItemKind.cluster: "cluster:"}
_BY_HEAD = {"mem": ItemKind.memory, "ep": ItemKind.episode, "sn": ItemKind.sentence}


def item_kind(item_id: str) -> ItemKind:
    """The kind of item an id names (anything without a known prefix is an entity)."""
    head, underscore, _ = item_id.partition("_")
    found = _BY_HEAD.get(head) if underscore else None
    if found is not None:
        return found
    return ItemKind.cluster if item_id.startswith("cluster:") else ItemKind.entity


def make_id(kind: ItemKind, key: str) -> str:
    return ID_PREFIXES[kind] + key


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", use_enum_values=False, validate_assignment=False, allow_inf_nan=False)


class Scope(_Model):
    profile: str = "default"
    project: str | None = None
    session: str | None = None


class Provenance(_Model):
    chat_id: str | None = None
    message_ids: list[str] = Field(default_factory=list)
    observed_at: Time | None = None
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
    created_at: Time
    updated_at: Time
    event_time: Time | None = None
    valid_from: Time | None = None
    valid_to: Time | None = None
    access_count: int = Field(default=0, ge=0)
    last_accessed: Time | None = None
    ttl: TTLClass = TTLClass.permanent
    expires_at: Time | None = None
    superseded_by: str | None = None
    version: int = Field(default=1, ge=1)
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


class ToolCall(_Model):
    """One memory tool the chat model called while answering a message (model mode), as it was run."""

    id: str = Field(max_length=128)
    name: str = Field(max_length=64)
    arguments: str = Field(default="", description="the arguments as JSON, redacted and cut to 2,000 characters")
    ok: bool = True
    outcome: str = Field(default="", description="what running it did or why it was refused, in words")
    memory_ids: list[str] = Field(default_factory=list, description="the memories it found, made, replaced or forgot")
    at: Time = 0.0


class Episode(_Model):
    id: str
    chat_id: str
    message_id: str
    role: str = "user"
    speaker: str | None = None
    text: str
    timestamp: Time
    attachments: list[Attachment] = Field(default_factory=list)
    session: str | None = None
    turn: int = Field(default=0, ge=0)
    reply_to: str | None = None
    scope: Scope = Field(default_factory=Scope)
    excluded: bool = Field(default=False, description="kept, but never given back by retrieval (a fact in it was forgotten)")
    tool_calls: list[ToolCall] = Field(default_factory=list, description="memory tools the model called answering it")
    title: str | None = Field(default=None, description="the conversation's title, when the message came with one")


class Entity(_Model):
    id: str
    name: str
    type: EntityType = EntityType.other
    aliases: list[str] = Field(default_factory=list)
    mention_count: int = Field(default=0, ge=0)
    last_mentioned: Time | None = None
    created_at: Time = 0.0


class Edge(_Model):
    source: str
    target: str
    type: EdgeType
    weight: float = 1.0
    confidence: float = 1.0
    evidence: list[str] = Field(default_factory=list)
    valid_from: Time | None = None
    valid_to: Time | None = None
    created_at: Time = 0.0

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
    title: str | None = Field(default=None, description="the conversation's title (imported chats carry theirs)")


class ItemReason(_Model):
    sources: list[str] = Field(
        default_factory=list,
        description="keyword, vector, entity, graph, identity, neighbour, temporal, trigger, constraint, place, trip, pastime, tool, medicine, day, news, taste, stack",
    )
    entities: list[str] = Field(default_factory=list)
    via: str | None = Field(default=None, description="edge type and hop for graph items, e.g. 'mentions@1'")
    scores: dict[str, float] = Field(default_factory=dict)
    matched: list[str] = Field(default_factory=list, description="the message's words a keyword hit matched, as written in it")


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
    cached: bool = Field(default=False, description="the pack kept for the same message in this conversation")

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


class Quarantined(_Model):
    """A stored record that could not be read back: kept in the store as it was, left out of the working
    view, counted in stats() and carried whole by every export, so that nothing is lost."""

    table: str
    id: str | None = None
    error: str
    record: str = Field(description="the record as it was stored (JSON text)")


class ExportDocument(_Model):
    format: str = "memlace-export"
    schema_version: int = SCHEMA_VERSION
    exported_at: Time
    profile: str = "default"
    memories: list[Memory] = Field(default_factory=list)
    episodes: list[Episode] = Field(default_factory=list)
    entities: list[Entity] = Field(default_factory=list)
    edges: list[Edge] = Field(default_factory=list)
    meta: dict[str, Any] = Field(default_factory=dict)
    quarantined: list[Quarantined] = Field(default_factory=list, description="records the profile could not read, kept as they were")


# What held_compactly gives every record as its set of given fields: one set for all. pydantic adds a field's
# name to it when one is assigned; nothing reads it (memlace never asks for ``exclude_unset``).
_FIELDS_NOT_KEPT: set[str] = set()


def held_compactly(record: BaseModel) -> None:
    """Forget which fields a record was given. pydantic keeps that as a set per instance (about 2 KB for
    a memory read back from storage, a third of what its model takes); memlace never asks for it (no
    ``exclude_unset``), and the state holds every record, so at 100k memories it is hundreds of MB (and
    an empty set of its own per part would still be 65 MB)."""
    parts: list[BaseModel] = [record]
    if isinstance(record, Memory):
        parts += [record.scope, *record.provenance]
    elif isinstance(record, Episode):
        parts += [record.scope, *record.attachments]
    for part in parts:
        object.__setattr__(part, "__pydantic_fields_set__", _FIELDS_NOT_KEPT)


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
