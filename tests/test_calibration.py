"""The dedup bands against MiniLM's real similarities: paraphrases and different facts."""

from __future__ import annotations

import pytest

from memlace.config import DedupConfig

pytestmark = pytest.mark.model

PARAPHRASES = [
    ("User prefers dark theme in every editor", "User likes dark mode in all editors"),
    ("User works on DeepRune with Dr. Tran", "User is working on DeepRune together with Dr. Tran"),
    ("User lives in San Francisco", "User's home is in San Francisco"),
    ("User really loves hiking in the mountains", "User loves hiking in mountains"),
    ("User prefers TypeScript over JavaScript", "User likes TypeScript more than JavaScript"),
    ("User is allergic to peanuts", "User has a peanut allergy"),
    ("User's sister Mia lives in Vienna", "Mia, User's sister, lives in Vienna"),
]
DIFFERENT = [
    ("User lives in NYC", "User lives in SF"),
    ("User loves hiking", "User loves swimming"),
    ("User prefers TypeScript", "User prefers Python"),
    ("User works at Acme", "User worked at Globex"),
    ("User's sister is Mia", "User's brother is Tom"),
    ("User is 22", "User is 35"),
    ("User plays chess on Sundays", "User plays tennis on Sundays"),
    ("User prefers dark theme", "User prefers light theme"),
]


def cosine(embedder, a: str, b: str) -> float:  # type: ignore[no-untyped-def]
    va, vb = embedder.embed_sync([a, b])
    return float(va @ vb)


def test_no_different_fact_is_merged_without_a_model(local_embedder) -> None:  # type: ignore[no-untyped-def]
    config = DedupConfig()
    for a, b in DIFFERENT:
        assert cosine(local_embedder, a, b) < config.merge, (a, b)


def test_every_paraphrase_is_at_least_ambiguous(local_embedder) -> None:  # type: ignore[no-untyped-def]
    config = DedupConfig()
    scores = [cosine(local_embedder, a, b) for a, b in PARAPHRASES]
    assert min(scores) >= config.ambiguous_low
    assert sum(s >= config.merge for s in scores) >= 4  # clear restatements merge on their own


def test_bands_are_ordered() -> None:
    config = DedupConfig()
    assert 0 < config.related < config.ambiguous_low < config.merge <= 1
