"""Conversations as a chat page shows them: the list of chats (newest first, with a title and dates), one
chat's messages in order, and deleting a chat with or without the memories that came only from it.

A chat is every episode with its chat id, over all its sessions; nothing is stored for it besides them.
"""

from __future__ import annotations

from typing import Any

from memlace.engine import commands
from memlace.engine.context import Engine
from memlace.errors import InvalidInput, NotFound
from memlace.models import Episode

TITLE_CHARS = 60


def _title(episodes: list[Episode]) -> str:
    """The chat's own title (an import brings one), else its first words from the user."""
    for episode in episodes:
        if episode.title:
            return episode.title[:TITLE_CHARS]
    for episode in episodes:
        if episode.role == "user" and not episode.excluded and episode.text.strip():
            text = " ".join(episode.text.split())
            if len(text) <= TITLE_CHARS:
                return text
            cut = text[: TITLE_CHARS - 1]
            return (cut.rsplit(" ", 1)[0] if " " in cut else cut).rstrip(" ,;:") + "…"  # at a word's end
    return "(untitled)"


def chats(engine: Engine, limit: int = 200) -> dict[str, Any]:
    """The chats memory holds, most recently active first: {chats: [{chat_id, title, started, last, messages}], total}."""
    if not 1 <= limit <= 10_000:
        raise InvalidInput("limit is between 1 and 10000")
    state = engine.state
    found: dict[str, dict[str, Any]] = {}
    openings: dict[str, list[Episode]] = {}
    for (chat_id, _), order in state.sessions.items():
        if not order:
            continue
        first, last = state.episodes[order[0]], state.episodes[order[-1]]
        entry = found.setdefault(chat_id, {"chat_id": chat_id, "started": first.timestamp, "last": last.timestamp, "messages": 0})
        entry["messages"] += len(order)
        if first.timestamp <= entry["started"]:
            entry["started"] = first.timestamp
            openings[chat_id] = [state.episodes[i] for i in order[:4]]  # where a title is found
        entry["last"] = max(entry["last"], last.timestamp)
    newest = sorted(found.values(), key=lambda c: (-c["last"], c["chat_id"]))[:limit]
    for entry in newest:
        entry["title"] = _title(openings[entry["chat_id"]])
    return {"chats": newest, "total": len(found)}


def _episodes(engine: Engine, chat_id: object) -> list[Episode]:
    if not isinstance(chat_id, str) or not chat_id:
        raise InvalidInput("chat_id is a non-empty string")
    state = engine.state
    found = [state.episodes[i] for (chat, _), order in state.sessions.items() if chat == chat_id for i in order]
    if not found:
        raise NotFound(f"no conversation {chat_id[:80]!r}")
    return sorted(found, key=lambda e: (e.timestamp, e.turn, e.id))


def conversation(engine: Engine, chat_id: object, limit: int = 1000) -> dict[str, Any]:
    """One chat's latest `limit` messages, oldest first, as a page shows them."""
    if not 1 <= limit <= 10_000:
        raise InvalidInput("limit is between 1 and 10000")
    episodes = _episodes(engine, chat_id)
    shown = episodes[-limit:]
    return {
        "chat_id": chat_id,
        "title": _title(episodes[:4]),
        "total": len(episodes),
        "messages": [
            {
                "id": e.id,
                "message_id": e.message_id,
                "role": e.role,
                "speaker": e.speaker,
                "text": e.text,
                "timestamp": e.timestamp,
                "excluded": e.excluded,  # kept, but out of memory (a fact in it was forgotten)
            }
            for e in shown
        ],
    }


async def forget_chat(engine: Engine, chat_id: object, *, with_memories: bool = False) -> dict[str, list[str]]:
    """Erase a chat's messages; with `with_memories`, also the memories that came only from this chat (one
    also heard in another chat stays, as the other chat still says it). Deletes only: it fits a full store."""
    episodes = _episodes(engine, chat_id)
    gone_episodes = {e.id for e in episodes}
    memories: set[str] = set()
    if with_memories:
        memories = {m.id for m in engine.state.memories.values() if m.provenance and all(p.chat_id == chat_id for p in m.provenance)}
    await commands.erase(engine, memories, gone_episodes)
    return {"memories": sorted(memories), "episodes": sorted(gone_episodes)}
