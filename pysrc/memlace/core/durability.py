"""Is a statement worth remembering? A linear check over the local model's vector of a candidate memory,
trained on hand-written examples (bench/durability_examples.py): durable things about a person (who they
are, what they do and did, who is in their life, what they like and need) against reactions, compliments,
small talk and passing moods. It only judges the offline extractor's open-ended kinds; slots, rules,
health, corrections, whatever the user asked to remember and a taste in how answers are written ("I hate when
answers are super long") are always kept. Pure: the vector comes in.
"""

from __future__ import annotations

import re

from memlace.core.durability_weights import BIAS, MODEL_ID, WEIGHTS
from memlace.models import MemoryKind
from memlace.ports import CandidateMemory

JUDGED_TAGS = frozenset({"about", "event", "plan", "preference", "habit"})
# a taste in how the assistant answers: what every later answer is to heed
_OF_ANSWERS = re.compile(
    r"\b(?:hates?|dislikes?|likes?|loves?|prefers?|can't stand)\b.*\b(?:answers|replies|responses|explanations)\b", re.I
)
THRESHOLD = -0.3  # log-odds; chosen on two LoCoMo dev conversations (recall 0.70, supported 0.68), checked on the third


def score(vector: list[float]) -> float:
    """Log-odds that the statement is worth remembering."""
    return BIAS + sum(w * v for w, v in zip(WEIGHTS, vector, strict=True))


def worth_keeping(candidate: CandidateMemory, vector: list[float] | None, model_id: str | None, threshold: float = THRESHOLD) -> bool:
    """False only for an open-ended statement the check can judge (its vector from the model it was trained on)."""
    if vector is None or model_id != MODEL_ID or len(vector) != len(WEIGHTS):
        return True
    if candidate.stated or candidate.replaces or candidate.attribute or not set(candidate.tags) & JUDGED_TAGS:
        return True
    if candidate.kind is MemoryKind.preference and _OF_ANSWERS.search(candidate.text):
        return True
    return score(vector) > threshold
