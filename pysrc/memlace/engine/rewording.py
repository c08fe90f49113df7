"""A candidate memory said again in the words that name what it is about: "I got the job!" as the job it was, "my
wife is now working at a clinic" as Ewa's, when the wife is known as Ewa. Embedded again as the text it is now."""

from __future__ import annotations

from memlace.core import relatives
from memlace.core.jobs import job_won
from memlace.core.state import memory_embed_text
from memlace.engine import vectors
from memlace.engine.context import Engine
from memlace.models import ACTIVE, Memory, MemoryKind
from memlace.ports import CandidateMemory


async def reworded(
    engine: Engine, candidate: CandidateMemory, vector: list[float] | None, memories: dict[str, Memory]
) -> tuple[CandidateMemory, list[float] | None]:
    """ "User got the job", said after an interview at Google: the job at Google, where the user works now. "User's
    wife is now working at a clinic", with the wife known as Ewa: "Ewa is now working at a clinic", of Ewa."""
    subject = candidate.subject or "User"
    named = None if candidate.attribute else relatives.by_name(candidate.text, subject, memories.values())
    if named is not None:  # (a fact or a taste of theirs now, no longer of the relation)
        text, name, theirs = named
        kind = theirs if candidate.kind is MemoryKind.relationship else candidate.kind
        update = {"text": text, "subject": name, "kind": kind, "entities": [*candidate.entities, name]}
        return candidate.model_copy(update=update), await vector_of(engine, text, name)
    if "job" not in candidate.tags or candidate.attribute:
        return candidate, vector
    earlier = sorted((m for m in memories.values() if m.status in ACTIVE and (m.subject or "User") == subject), key=lambda m: -m.updated_at)
    won = job_won(candidate.text, subject, [m.text for m in earlier])
    if won is None:
        return candidate, vector
    text, where = won
    update = {"text": text, "attribute": "employer", "value": where, "entities": [*candidate.entities, where]}
    return candidate.model_copy(update=update), await vector_of(engine, text, subject)


async def vector_of(engine: Engine, text: str, subject: str | None) -> list[float] | None:
    """A memory's vector, embedded as the text it is now (None without a model)."""
    embedded = await vectors.embed(engine, [memory_embed_text(text, subject)])
    return embedded[0] if embedded else None
