"""Extractor, Selector and Classifier ports backed by a chat model.

The model comes in through the tiny ``ChatModel`` port (messages in, text out);
the HTTP client that serves it lives with the providers. Parsing is strict after
lenient repair; failures raise ``ModelOutputError`` and are counted, and the
facade falls back (heuristic extraction with a retry queued, fused order, or
keeping both memories) so nothing is lost.
"""

from __future__ import annotations

from typing import Protocol

from memlace.models import Entity, Episode
from memlace.ports import Extraction, Relation
from memlace.prompts import classify, extract, select


class ChatModel(Protocol):
    async def complete(self, messages: list[dict[str, str]]) -> str: ...


class LLMExtractor:
    name = "llm"
    version = extract.VERSION

    def __init__(self, model: ChatModel) -> None:
        self.model = model
        self.failures = 0

    async def extract(self, episode: Episode, window: list[Episode], known_entities: list[Entity]) -> Extraction:
        try:
            return extract.parse(await self.model.complete(extract.build(episode, window)))
        except Exception:
            self.failures += 1
            raise


class LLMSelector:
    def __init__(self, model: ChatModel) -> None:
        self.model = model

    async def select(self, query: str, candidates: list[str]) -> list[int]:
        return select.parse(await self.model.complete(select.build(query, candidates)), len(candidates))


class LLMClassifier:
    def __init__(self, model: ChatModel) -> None:
        self.model = model

    async def classify(self, pairs: list[tuple[str, str]]) -> list[Relation]:
        return classify.parse(await self.model.complete(classify.build(pairs)), len(pairs))
