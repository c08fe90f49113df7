"""Test doubles for the ports. The hashing embedder is for fast unit tests only; the product uses the local model."""

from __future__ import annotations

import hashlib
import math
import re

from memlace.ports import Relation


class HashingEmbedder:
    """Bag of words hashed into 64 dimensions: similar word sets give similar vectors."""

    model_id = "test-hashing-64"
    dim = 64

    def __init__(self) -> None:
        self.calls = 0
        self.fail = False

    async def embed(self, texts: list[str]) -> list[list[float]]:
        self.calls += 1
        if self.fail:
            raise RuntimeError("embedding service down")
        out = []
        for text in texts:
            vector = [0.0] * self.dim
            for word in re.findall(r"\w+", text.lower()):
                vector[int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dim] += 1.0
            norm = math.sqrt(sum(x * x for x in vector)) or 1.0
            out.append([x / norm for x in vector])
        return out


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class ScriptedClassifier:
    def __init__(self, label: str, confidence: float = 0.8) -> None:
        self.label = label
        self.confidence = confidence
        self.pairs: list[tuple[str, str]] = []

    async def classify(self, pairs: list[tuple[str, str]]) -> list[Relation]:
        self.pairs.extend(pairs)
        return [Relation(label=self.label, confidence=self.confidence) for _ in pairs]


class BrokenExtractor:
    name = "broken"
    version = "0"

    async def extract(self, episode, window, known_entities):  # type: ignore[no-untyped-def]
        raise ValueError("model output was not JSON")
