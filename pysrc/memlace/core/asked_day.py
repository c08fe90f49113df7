"""A question that names a day ("What did Maria share on 16 June, 2023?", "what did I tell you yesterday?", "what's
on for Friday?"): what was said that day, or happens on it, is lifted, the way a participant named lifts what they
said. Days are UTC days, as every date memory resolves is."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime

from memlace.core.dates import ABSOLUTE, absolute_moment, resolve
from memlace.core.state import MemoryState
from memlace.core.text import terms
from memlace.models import Memory

DAY = 86400.0
# what a question about a day asks besides the day, when it asks nothing else ("What did we talk about yesterday?")
_TALK = frozenset(terms("tell told say said talk talked mention mentioned discuss chat share shared ask asked happen happened do did"))
# the relative phrases that name one day ("last week" names seven; "today" and "tonight" would lift the chat under way)
_ONE_DAY = re.compile(
    r"^(?:yesterday|last night|tomorrow|(?:on |last |this |next |past |coming )?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*(?:,? the \d+\w*)?"
    r"|.+ days? (?:ago|from now|later|before)|in .+ days?)$",
    re.I,
)


def asked_day(query: str, now: float | None = None) -> tuple[float, bool] | None:
    """The start (UTC) of the one day the query names: a date in full, with its year, or (given ``now``) a
    relative day such as "yesterday" or "on Friday"; None otherwise (a month, a year, two dates, "today"). With
    it, whether the day is all the query asks about ("What did I tell you yesterday?")."""
    found = ABSOLUTE.findall(query)
    if len(found) > 1:
        return None
    phrase: str | None = None
    if found:
        written = ABSOLUTE.search(query)
        moment, phrase = (absolute_moment(written), written.group(0)) if written else (None, None)
    elif now is not None:
        moment, phrase = resolve(query, now)
        moment = moment if phrase is not None and _ONE_DAY.match(phrase) else None
    else:
        return None
    if moment is None or phrase is None:
        return None
    day = datetime.fromtimestamp(moment, tz=UTC)
    rest = set(terms(query.replace(phrase, " "))) - _TALK
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp(), not rest


def _said_at(memory: Memory) -> float:
    """When a memory was said: its first message's time (an imported chat is said long before it is stored)."""
    return min((p.observed_at for p in memory.provenance if p.observed_at is not None), default=memory.created_at)


def _on(state: MemoryState, item_id: str, start: float, said: bool) -> bool:
    """Whether an item was said on the day that starts at ``start`` (when ``said`` counts), or (a memory) tells of
    something on it."""
    episode = state.episodes.get(item_id)
    if episode is not None:
        return said and start <= episode.timestamp < start + DAY
    memory = state.memories.get(item_id)
    if memory is None:
        return False
    times = [_said_at(memory)] if said else []
    return any(start <= t < start + DAY for t in [*times, memory.event_time or -1.0])


def _past(start: float, now: float) -> bool:
    """What was said on a day is asked of a day gone by: today's talk is the chat under way ("What should we cook on
    Sunday?", asked on a Sunday, is not about everything said today)."""
    return start + DAY <= now


def said_on(state: MemoryState, start: float, now: float, allowed: Callable[[str], bool], most: int) -> set[str]:
    """What was said on the day (the latest ``most``), so that "What did I tell you yesterday?", which shares no
    word with what was said, still finds it: the turns of that day, the memories said then or dated to it. A
    scan of every record (one comparison each), only when a question names a day."""
    end, said = start + DAY, _past(start, now)
    found = [(e.timestamp, i) for i, e in state.episodes.items() if said and start <= e.timestamp < end]
    found += [
        (_said_at(m), i)
        for i, m in state.memories.items()
        if (said and start <= _said_at(m) < end) or (m.event_time is not None and start <= m.event_time < end)
    ]
    found.sort(key=lambda pair: (-pair[0], pair[1]))
    return set([i for _, i in found if allowed(i)][:most])


def on_the_day(state: MemoryState, scored: dict[str, float], start: float, now: float, weight: float) -> dict[str, float]:
    """Each item said on the day (a day gone by), or (a memory) about what happened on it, weighed by ``weight``."""
    said = _past(start, now)
    return {item_id: value * weight if _on(state, item_id, start, said) else value for item_id, value in scored.items()}
