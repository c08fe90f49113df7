"""One correction for every memory a filter matches (the inspector's "all 240 matching"), in one write:
confirm the new ones, retract the active ones, or forget them all."""

from __future__ import annotations

from typing import Any

from memlace.core import lifecycle
from memlace.engine import commands
from memlace.engine.context import Engine
from memlace.errors import InvalidInput
from memlace.models import ACTIVE, Memory, MemoryStatus
from memlace.ports import WriteBatch

ACTIONS = ("confirm", "retract", "forget")


async def bulk(engine: Engine, action: str, matched: list[Memory]) -> dict[str, Any]:
    """Apply `action` to the matched memories a person could apply it to one by one; how many changed."""
    if action not in ACTIONS:
        raise InvalidInput(f"a bulk action is one of {', '.join(ACTIONS)}")
    now = engine.clock()
    if action == "forget":
        await commands.erase(engine, {m.id for m in matched}, set())
        return {"action": action, "matched": len(matched), "done": len(matched)}
    if action == "confirm":  # a new memory becomes confirmed; a replaced or retracted one is left as it is
        changed = [lifecycle.confirm(m, now) for m in matched if m.status is MemoryStatus.staged]
        batch = WriteBatch(memories=changed)
    else:  # a retracted memory's vector goes, as with one at a time
        changed = [lifecycle.retract(m, now) for m in matched if m.status in ACTIVE]
        batch = WriteBatch(memories=changed, delete_vectors=[m.id for m in changed])
    if changed:
        await engine.write_making_room(batch)
    return {"action": action, "matched": len(matched), "done": len(changed)}
