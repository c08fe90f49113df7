"""Memory tools the chat model may call while it answers a message (model mode): search_memory, remember,
update_memory and forget_memory.

They run against the message being answered, which must be stored first: what a tool makes comes from that
message (its provenance, its derived_from edge), every call is logged on the message's episode
(``Episode.tool_calls``) and what the tools change joins the message's undo. A tool's arguments come from a
model that read untrusted text, so each is checked like user input, a message may forget only a few
memories, and only ones that belong to its speaker.

The caller holds the engine's write lock (``Engine.writing``).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from memlace.core.dates import date_text
from memlace.core.secrets import redact
from memlace.core.state import memory_embed_text
from memlace.core.text import text_hash
from memlace.engine import requests, retrieval, vectors
from memlace.engine.context import Engine
from memlace.engine.ingestion import IngestResult
from memlace.engine.placement import Placement
from memlace.errors import InvalidInput, NotFound
from memlace.models import ACTIVE, Episode, ToolCall
from memlace.ports import CandidateMemory, WriteBatch
from memlace.validation import clean_text

TOOL_NAMES = ("search_memory", "remember", "update_memory", "forget_memory")
MAX_CALLS_PER_MESSAGE = 24  # a loop that keeps calling tools is stopped, not logged for ever
MAX_FORGETS_PER_MESSAGE = 3  # a model talked into "forget everything" by a stored note loses little
MAX_FACT_CHARS = 500
LOGGED_ARGUMENT_CHARS = 2_000
MADE_BY = "model-tool"

Handler = Callable[[Engine, Episode, dict[str, Any]], Awaitable[tuple[str, list[str], dict[str, Any]]]]


def _text(arguments: dict[str, Any], key: str, limit: int) -> str:
    value = arguments.get(key)
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"'{key}' must be non-empty text")
    if len(value) > limit:
        raise InvalidInput(f"'{key}' is over {limit} characters")
    return clean_text(value.strip())


def _own_active(engine: Engine, episode: Episode, arguments: dict[str, Any]) -> str:
    """The id of an active memory about the message's speaker, from the arguments."""
    memory_id = _text(arguments, "id", 200)
    memory = engine.state.memories.get(memory_id)
    if memory is None or memory.status not in ACTIVE:
        raise NotFound(f"no active memory has the id {memory_id[:80]!r}: use search_memory for ids")
    if (memory.subject or "User") != (episode.speaker or "User"):
        raise InvalidInput("that memory is about someone else than the person in this chat")
    return memory_id


async def _search(engine: Engine, episode: Episode, arguments: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
    query = _text(arguments, "query", 1_000)
    limit = arguments.get("limit", 5)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 10:
        raise InvalidInput("'limit' must be a whole number from 1 to 10")
    pack = await retrieval.retrieve(engine, query, limit=limit, track=False)
    found = [item for item in pack.items if item.id != episode.id]  # never the message being answered
    notes = [
        {"id": item.id, "type": item.type, "text": item.text, "date": date_text(item.timestamp) if item.timestamp else None}
        for item in found
    ]
    return f"found {len(notes)} note(s)", [item.id for item in found], {"notes": notes}


async def _place(engine: Engine, episode: Episode, text: str, replacing: str | None) -> IngestResult:
    """A stated fact from this message, through the same placement as extraction (merge, supersede, new)."""
    clean, _ = redact(text)
    subject = episode.speaker or "User"
    candidate = CandidateMemory(text=clean, subject=subject, confidence=0.9, importance=0.6, stated=True, replaces=replacing is not None)
    found = await vectors.embed(engine, [memory_embed_text(clean, subject)])
    now = engine.clock()
    batch, result = WriteBatch(), IngestResult(episode_id=episode.id)
    placement = Placement(engine, episode, now, batch, {}, {}, result, (MADE_BY, "1"), engine.undo.open(episode.id))
    await placement.place(candidate, found[0] if found is not None else None, replacing)
    made = [m.id for m in batch.memories if m.id in result.created]
    await engine.write_making_room(batch, embed_later=made if found is None else [])
    return result


async def _remember(engine: Engine, episode: Episode, arguments: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
    text = _text(arguments, "text", MAX_FACT_CHARS)
    result = await _place(engine, episode, text, None)
    ids = result.created or result.merged
    memory = engine.state.memories[ids[0]]
    said = "already remembered" if result.merged else "remembered"
    return f"{said}: {memory.text}", ids, {"id": memory.id, "text": memory.text, "status": said}


async def _update(engine: Engine, episode: Episode, arguments: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
    old_id = _own_active(engine, episode, arguments)
    text = _text(arguments, "text", MAX_FACT_CHARS)
    if text_hash(text) == engine.state.memories[old_id].text_hash:
        raise InvalidInput("the new text is the same as the old one")
    old_text = engine.state.memories[old_id].text
    result = await _place(engine, episode, text, old_id)
    new = engine.state.memories[result.created[0]]
    return f"replaced “{old_text}” with “{new.text}”", [new.id, old_id], {"id": new.id, "text": new.text, "replaces": old_text}


async def _forget(engine: Engine, episode: Episode, arguments: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
    memory_id = _own_active(engine, episode, arguments)
    done = sum(1 for call in episode.tool_calls if call.name == "forget_memory" and call.ok)
    if done >= MAX_FORGETS_PER_MESSAGE:
        raise InvalidInput(
            f"one message may forget at most {MAX_FORGETS_PER_MESSAGE} memories this way; the user can forget more in the inspector"
        )
    memory = engine.state.memories[memory_id]
    await requests.forget_memories(engine, {memory_id: memory}, engine.undo.open(episode.id))
    return f"forgot “{memory.text}”", [memory_id], {"forgotten": memory.text}


HANDLERS: dict[str, Handler] = {"search_memory": _search, "remember": _remember, "update_memory": _update, "forget_memory": _forget}


def _logged(arguments: dict[str, Any] | None) -> str:
    text = json.dumps(arguments, ensure_ascii=False, sort_keys=True) if arguments is not None else "(not valid JSON)"
    return redact(text[:LOGGED_ARGUMENT_CHARS])[0]


async def run(
    engine: Engine, *, chat_id: str, message_id: str, call_id: str, name: str, arguments: dict[str, Any] | None, error: str | None = None
) -> dict[str, Any]:
    """Run one tool call for the message (chat_id, message_id); what the model is told, as JSON-ready data."""
    episode_id = engine.state.by_message.get((chat_id, message_id))
    if episode_id is None:
        raise NotFound("the message being answered is not stored yet: ingest it before running its tools")
    episode = engine.state.episodes[episode_id]
    handler = HANDLERS.get(name)
    ids: list[str] = []
    data: dict[str, Any] = {}
    try:
        if len(episode.tool_calls) >= MAX_CALLS_PER_MESSAGE:
            raise InvalidInput(f"one message may run at most {MAX_CALLS_PER_MESSAGE} memory tools")
        if handler is None:
            raise InvalidInput(f"there is no memory tool named {name[:64]!r}; the tools are {', '.join(TOOL_NAMES)}")
        if arguments is None:
            raise InvalidInput(error or "the arguments were not a valid JSON object")
        outcome, ids, data = await handler(engine, episode, arguments)
        ok = True
    except (InvalidInput, NotFound) as refused:
        ok, outcome = False, str(refused)
    # The episode as it is now (a tool may have hidden it), with this call added to its log.
    episode = engine.state.episodes.get(episode_id, episode)
    logged = ToolCall(
        id=call_id[:128], name=name[:64], arguments=_logged(arguments), ok=ok, outcome=outcome[:500], memory_ids=ids, at=engine.clock()
    )
    await engine.write_making_room(WriteBatch(episodes=[episode.model_copy(update={"tool_calls": [*episode.tool_calls, logged]})]))
    answer: dict[str, Any] = (
        {"ok": ok, "episode_id": episode_id, **data} if ok else {"ok": False, "error": outcome, "episode_id": episode_id}
    )
    return answer
