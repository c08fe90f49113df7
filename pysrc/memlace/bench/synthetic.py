"""Synthetic memories for the scale benchmarks, in pure Python so the browser worker can make them too."""

from __future__ import annotations

import math
import random

from memlace.core.text import stable_id, text_hash
from memlace.models import Edge, EdgeType, Entity, Memory, MemoryKind, MemoryStatus, Provenance, Scope, entity_id
from memlace.ports import WriteBatch

SUBJECTS = ["User", "Alice", "Bob", "the team", "Dr. Tran", "Maya", "the client"]
VERBS = ["prefers", "works on", "uses", "dislikes", "visited", "plans to learn", "maintains", "reviewed", "bought", "recommends"]
TOPICS = [
    "TypeScript",
    "Rust",
    "Postgres",
    "hiking",
    "jazz",
    "Kubernetes",
    "sourdough",
    "Lisbon",
    "React",
    "chess",
    "pottery",
    "DeepRune",
    "Figma",
    "marathons",
    "Kyoto",
    "DuckDB",
    "violin",
    "gardening",
    "Go",
    "photography",
    "Berlin",
    "sailing",
]
DETAILS = [
    "on weekends",
    "for work",
    "since last year",
    "with friends",
    "every morning",
    "for the new project",
    "at home",
    "in the evenings",
]
MODEL_ID = "bench-random"


def unit_vectors(count: int, dim: int, seed: int) -> list[list[float]]:
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        vector = [rnd.gauss(0.0, 1.0) for _ in range(dim)]
        norm = math.sqrt(sum(x * x for x in vector)) or 1.0
        out.append([x / norm for x in vector])
    return out


def batch(count: int, vectors: list[list[float]] | None, seed: int = 7, model_id: str = MODEL_ID, profile: str = "default") -> WriteBatch:
    """count memories mentioning one of the topics, each with its vector when vectors are given, in
    ``profile`` (the engine's own: retrieval never gives another profile's memories)."""
    rnd = random.Random(seed)
    entities = {t: Entity(id=entity_id(t), name=t) for t in TOPICS}
    out = WriteBatch(entities=list(entities.values()))
    for i in range(count):
        topic = rnd.choice(TOPICS)
        text = f"{rnd.choice(SUBJECTS)} {rnd.choice(VERBS)} {topic} {rnd.choice(DETAILS)} (note {i})"
        memory_id = "mem_" + stable_id("bench", str(i))
        out.memories.append(
            Memory(
                id=memory_id,
                kind=rnd.choice(list(MemoryKind)),
                text=text,
                confidence=0.7,
                status=MemoryStatus.confirmed if i % 3 else MemoryStatus.staged,
                created_at=1.7e9,
                updated_at=1.7e9 + i,
                provenance=[Provenance(chat_id="bench", message_ids=[f"m{i}"])],
                text_hash=text_hash(text),
                scope=Scope(profile=profile),
            )
        )
        out.edges.append(Edge(source=memory_id, target=entities[topic].id, type=EdgeType.mentions))
        if vectors is not None:
            out.vectors[memory_id] = (model_id, vectors[i])
    return out


def queries(count: int, seed: int = 5) -> list[str]:
    rnd = random.Random(seed)
    return [f"what does {rnd.choice(SUBJECTS)} think about {rnd.choice(TOPICS)} {rnd.choice(DETAILS)}" for _ in range(count)]
