"""A question that names a day ("What did Maria share on 16 June, 2023?", "what did I say on 2024-03-02?"): what was
said that day, or happened on it, is lifted, the way a participant named lifts what they said."""

from __future__ import annotations

from datetime import UTC, datetime

from memlace.core.dates import ABSOLUTE, absolute_moment
from memlace.core.state import MemoryState

DAY = 86400.0


def asked_day(query: str) -> float | None:
    """The start (UTC) of the one calendar day the query names in full, with its year; None otherwise (a
    month, a year or two dates name no one day)."""
    found = ABSOLUTE.findall(query)
    if len(found) != 1:
        return None
    moment = absolute_moment(ABSOLUTE.search(query))  # type: ignore[arg-type]
    if moment is None:
        return None
    day = datetime.fromtimestamp(moment, tz=UTC)
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def on_the_day(state: MemoryState, scored: dict[str, float], start: float, weight: float) -> dict[str, float]:
    """Each item said on the day, or (a memory) about what happened on it, weighed by ``weight``."""
    end = start + DAY
    lifted = dict(scored)
    for item_id, value in scored.items():
        episode = state.episodes.get(item_id)
        if episode is not None:
            times = [episode.timestamp]
        else:
            memory = state.memories.get(item_id)
            if memory is None:
                continue
            times = [p.observed_at for p in memory.provenance if p.observed_at is not None] + [memory.event_time or -1.0]
        if any(start <= t < end for t in times):
            lifted[item_id] = value * weight
    return lifted
