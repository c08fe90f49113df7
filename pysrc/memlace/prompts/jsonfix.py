"""Lenient reading of model output that is almost JSON: code fences, prose around it, trailing commas."""

from __future__ import annotations

import json
import re
from typing import Any

from memlace.core import fence as fences

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S | re.I)
_TRAILING_COMMA = re.compile(r",\s*([}\]])")


class ModelOutputError(ValueError):
    """The model's answer could not be read even after repair."""


def loads_lenient(text: str) -> Any:
    if not isinstance(text, str) or not text.strip():
        raise ModelOutputError("empty model output")
    candidates = [text.strip()]
    fenced = _FENCE.search(text)
    if fenced:
        candidates.insert(0, fenced.group(1).strip())
    for candidate in list(candidates):
        start = min((i for i in (candidate.find("{"), candidate.find("[")) if i >= 0), default=-1)
        end = max(candidate.rfind("}"), candidate.rfind("]"))
        if start >= 0 and end > start:
            candidates.append(candidate[start : end + 1])
    for candidate in candidates:
        for attempt in (candidate, _TRAILING_COMMA.sub(r"\1", candidate)):
            try:
                return json.loads(attempt)
            except ValueError:
                continue
    raise ModelOutputError("model output is not JSON, even after repair")


fence = fences.fence  # one escaping for every prompt and the pack (core/fence.py)
