"""Lifecycle of a memory as pure state transitions: promote, decay, expire, supersede, edit, feedback.

Every function takes the time as an argument and returns new model objects; the
facade decides what to write.
"""

from __future__ import annotations

import math

from memlace.config import DAY, LifecycleConfig
from memlace.models import MAX_TIME, Memory, MemorySource, MemoryStatus, TTLClass

SOURCE_WEIGHT = {
    MemorySource.user_edit: 2.0,
    MemorySource.import_: 1.2,
    MemorySource.user_stated: 1.0,
    MemorySource.observed: 0.9,
    MemorySource.inferred: 0.8,
}


def expires_at(ttl: TTLClass, start: float, config: LifecycleConfig) -> float | None:
    days = config.ttl_days.get(ttl.value)
    return None if days is None else min(MAX_TIME, start + days * DAY)


def relevance(memory: Memory, now: float, config: LifecycleConfig) -> float:
    """confidence x source weight x decay after the grace period x a mild usage boost."""
    last = memory.last_accessed or memory.updated_at
    idle_days = max(0.0, (now - last) / DAY - config.grace_days)
    half_life = config.half_life_days.get(memory.kind.value, 365.0)
    decay = 0.5 ** (idle_days / half_life)
    usage = 1.0 + math.log10(memory.access_count + 1) * 0.5
    return float(memory.confidence * SOURCE_WEIGHT.get(memory.source, 1.0) * decay * usage)


def touch(memory: Memory, now: float, config: LifecycleConfig) -> Memory:
    """One more access; staged memories are promoted after enough of them."""
    count = memory.access_count + 1
    status = memory.status
    if status is MemoryStatus.staged and count >= config.promotion_accesses:
        status = MemoryStatus.confirmed
    return memory.model_copy(update={"access_count": count, "last_accessed": now, "status": status})


def confirm(memory: Memory, now: float) -> Memory:
    return memory.model_copy(update={"status": MemoryStatus.confirmed, "updated_at": now, "confidence": max(memory.confidence, 0.9)})


def supersede(old: Memory, new_id: str, now: float) -> Memory:
    """The old fact stays, marked superseded, with the time it stopped being true: `now`, or when the new
    fact began ("I moved last week"), but never before the old one began, nor changed before its last change."""
    ended = max(now, old.valid_from) if old.valid_from is not None else now
    return old.model_copy(
        update={"status": MemoryStatus.superseded, "superseded_by": new_id, "valid_to": ended, "updated_at": max(now, old.updated_at)}
    )


def retract(memory: Memory, now: float) -> Memory:
    return memory.model_copy(update={"status": MemoryStatus.retracted, "valid_to": memory.valid_to or now, "updated_at": now})


def edited(memory: Memory, new_id: str, text: str, now: float, text_hash: str) -> Memory:
    """A user's edit is a new version that supersedes the old one."""
    return memory.model_copy(
        update={
            "id": new_id,
            "text": text,
            "text_hash": text_hash,
            "version": memory.version + 1,
            "status": MemoryStatus.confirmed,
            "source": MemorySource.user_edit,
            "confidence": max(memory.confidence, 0.95),
            "created_at": now,
            "updated_at": now,
            "valid_from": now,
            "valid_to": None,
            "superseded_by": None,
        }
    )


def feedback(memory: Memory, helpful: bool, now: float, config: LifecycleConfig) -> Memory:
    step = config.feedback_step if helpful else -config.feedback_step
    confidence = min(1.0, max(0.0, memory.confidence + step))
    return memory.model_copy(update={"confidence": confidence, "updated_at": now})


def maintenance_transitions(memory: Memory, now: float, config: LifecycleConfig) -> tuple[Memory | None, bool]:
    """(changed memory or None, delete for good?) for one memory in a maintenance pass."""
    if memory.status in (MemoryStatus.retracted, MemoryStatus.superseded):
        if memory.status is MemoryStatus.retracted and now - memory.updated_at > config.retention_days * DAY:
            return None, True
        return None, False
    if memory.expires_at is not None and memory.expires_at <= now:
        return retract(memory, now), False
    if memory.status is MemoryStatus.staged and memory.access_count >= config.promotion_accesses:
        return memory.model_copy(update={"status": MemoryStatus.confirmed, "updated_at": now}), False
    protected = memory.protected or memory.access_count >= config.protect_accesses or memory.source is MemorySource.user_edit
    if not protected and relevance(memory, now, config) < config.retract_below:
        return retract(memory, now), False
    return None, False
