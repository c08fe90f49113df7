"""Ingestion decisions as pure functions: a message becomes an episode, a candidate a memory.

The facade orders the steps and the writes; what each step produces is decided here.
"""

from __future__ import annotations

from memlace.config import LifecycleConfig
from memlace.core import lifecycle
from memlace.core.dates import resolve
from memlace.core.secrets import redact
from memlace.core.text import stable_id
from memlace.models import (
    Attachment,
    Episode,
    ItemKind,
    Memory,
    MemoryKind,
    MemorySource,
    MemoryStatus,
    Message,
    Provenance,
    Scope,
    make_id,
)
from memlace.ports import CandidateMemory


def clean_message(message: Message) -> tuple[str, list[Attachment], list[str]]:
    """The message's text and attachments with credentials replaced, and the kinds found."""
    text, found = redact(message.text)
    attachments = []
    for attachment in message.attachments:
        clean, more = redact(attachment.text)
        found.extend(more)
        attachments.append(attachment.model_copy(update={"text": clean}))
    return text, attachments, found


def message_key(message: Message, profile: str, now: float) -> tuple[str, str]:
    """(message id, episode id). Without an id of its own a message is keyed by its chat, text and time."""
    message_id = message.message_id or stable_id(message.chat_id, message.text, str(message.timestamp or now))
    return message_id, make_id(ItemKind.episode, stable_id(profile, message.chat_id, message_id))


def new_episode(
    message: Message, ids: tuple[str, str], text: str, attachments: list[Attachment], previous: Episode | None, profile: str, now: float
) -> Episode:
    """The verbatim record of a message, placed after the previous turn of its session."""
    message_id, episode_id = ids
    session = message.session or None
    return Episode(
        id=episode_id,
        chat_id=message.chat_id,
        message_id=message_id,
        role=message.role,
        speaker=message.speaker,
        text=text,
        timestamp=message.timestamp if message.timestamp is not None else now,
        attachments=attachments,
        session=session,
        turn=(previous.turn + 1) if previous else 0,
        reply_to=previous.message_id if previous else None,
        scope=Scope(profile=profile, project=message.project, session=session),
        title=message.title,
    )


def merged(target: Memory, provenance: Provenance, boost: float, now: float) -> Memory:
    """The same fact seen again: more confidence, one more source."""
    seen = set(target.message_ids())
    sources = target.provenance if set(provenance.message_ids) <= seen else [*target.provenance, provenance]
    return target.model_copy(update={"confidence": min(1.0, target.confidence + boost), "provenance": sources, "updated_at": now})


def new_memory(
    candidate: CandidateMemory, digest: str, episode: Episode, provenance: Provenance, config: LifecycleConfig, profile: str, now: float
) -> Memory:
    """A staged memory from a candidate, with its event time resolved against the message's own time."""
    event_time, _ = resolve(candidate.when_text or candidate.text, episode.timestamp)
    start = event_time or episode.timestamp
    lasting = candidate.kind in (MemoryKind.constraint, MemoryKind.negative) and candidate.importance >= 0.85
    return Memory(
        id=make_id(ItemKind.memory, stable_id(profile, digest, episode.chat_id, episode.message_id)),
        kind=candidate.kind,
        text=candidate.text,
        confidence=candidate.confidence,
        importance=candidate.importance,
        source=MemorySource.user_stated if episode.role == "user" else MemorySource.observed,
        status=MemoryStatus.confirmed if candidate.stated else MemoryStatus.staged,  # "remember that ...": the user said so
        protected=lasting,  # an allergy, a health condition, a "never" rule: never decays
        scope=episode.scope,
        tags=candidate.tags,
        triggers=candidate.triggers,
        subject=candidate.subject,
        attribute=candidate.attribute,
        value=candidate.value,
        provenance=[provenance],
        created_at=now,
        updated_at=now,
        event_time=event_time,
        valid_from=start,
        ttl=candidate.ttl,
        expires_at=lifecycle.expires_at(candidate.ttl, start, config),
        text_hash=digest,
    )
