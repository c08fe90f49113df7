"""The ambiguous band of deduplication: a memory close to an old one but not the same, judged by the configured
classifier (agrees, refines, contradicts) when there is one, else linked as related."""

from __future__ import annotations

from memlace.core import dedup
from memlace.engine.context import Engine
from memlace.models import Memory


async def classified(engine: Engine, text: str, decision: dedup.Decision, memories: dict[str, Memory]) -> tuple[dedup.Decision, str | None]:
    """The ambiguous band: ask the classifier when there is one, otherwise link as related."""
    target = decision.target or ""
    if engine.classifier is None:
        return dedup.Decision("related", target, decision.similarity, "vector"), None
    try:
        relation = (await engine.classifier.classify([(text, memories[target].text)]))[0]
    except Exception:
        engine.counters["classifier_fallbacks"] += 1
        return dedup.Decision("related", target, decision.similarity, "vector"), None
    if relation.label == "agrees":
        return dedup.Decision("merge", target, decision.similarity, "llm"), None
    if relation.label == "refines":
        return dedup.Decision("supersede", target, decision.similarity, "llm"), None
    if relation.label == "contradicts":
        if relation.confidence >= 0.9 and memories[target].confidence < relation.confidence:
            return dedup.Decision("supersede", target, decision.similarity, "llm"), None
        return dedup.Decision("new", None, decision.similarity, "llm"), target  # keep both, flag the conflict
    return dedup.Decision("new", None, decision.similarity, "llm"), None
