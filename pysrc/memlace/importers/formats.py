"""The export formats, as messages for ``ingest``. Pure: each function takes one decoded conversation (or
JSON lines record) and returns plain message dicts, counting what it leaves out and why.

- ChatGPT (``conversations.json``): a conversation's messages form a tree (``mapping``: node id -> {message,
  parent, children}); an edited prompt starts a sibling branch. The thread the user saw is the path from
  ``current_node`` back to the root; without one, the newest leaf's.
- Claude (``conversations.json``): ``chat_messages`` in order, ``sender`` human or assistant, text in ``text``
  or in ``content`` blocks; files' extracted text as attachments. Newer exports mark branches with
  ``parent_message_uuid`` and ``current_leaf_message_uuid``: then the current branch is followed.
- JSON lines (memlace's own): one message per line, ``{"chat_id", "message_id", "role", "text",
  "timestamp" (seconds, milliseconds or ISO 8601), "speaker"?, "title"?}``.

Only what a person said or was answered is kept: system prompts, tool output, hidden and reasoning messages
are counted and left out. Chat ids are prefixed by their source (``chatgpt:``, ``claude:``), so an import
never collides with chats typed in memlace, and importing the same file again changes nothing.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from memlace.errors import InvalidInput

MAX_TITLE = 200
MAX_ATTACHMENT_CHARS = 8_000
ROLES = {"user": "user", "human": "user", "assistant": "assistant"}


def detect(record: object) -> str:
    """Which format a first conversation (or JSON lines record) is in."""
    if isinstance(record, dict):
        if isinstance(record.get("mapping"), dict):
            return "chatgpt"
        if isinstance(record.get("chat_messages"), list):
            return "claude"
        if "text" in record and ("chat_id" in record or "role" in record):
            return "jsonl"
    raise InvalidInput("not a ChatGPT or Claude export, nor memlace JSON lines: the first record has none of their fields")


def _time(value: object, where: str) -> float | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise InvalidInput(f"{where}: a time is a number of seconds or an ISO 8601 date, not {value!r}")
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
        except ValueError as error:
            raise InvalidInput(f"{where}: {value[:40]!r} is not an ISO 8601 date") from error
    raise InvalidInput(f"{where}: a time is a number of seconds or an ISO 8601 date")


def _title(value: object) -> str | None:
    return " ".join(value.split())[:MAX_TITLE] or None if isinstance(value, str) else None


def _where(source: str, index: int, conversation_id: object) -> str:
    return f"{source} conversation {index + 1}" + (f" ({str(conversation_id)[:60]})" if conversation_id else "")


def _chatgpt_text(content: Any, skipped: Counter[str]) -> str:
    """The words of a ChatGPT message; pictures and files are counted, reasoning is left out."""
    if not isinstance(content, dict):
        return ""
    kind = content.get("content_type")
    if kind in ("text", "multimodal_text"):
        words = []
        for part in content.get("parts") or []:
            if isinstance(part, str):
                words.append(part)
            elif isinstance(part, dict):
                skipped["non-text parts (images, files, audio)"] += 1
        return "\n".join(w for w in words if w.strip())
    code = content.get("text")
    if kind == "code" and isinstance(code, str):
        return code
    skipped[f"{kind or 'unknown'} content"] += 1
    return ""


def _chatgpt_thread(mapping: dict[str, Any], current: object, where: str) -> list[str]:
    """The node ids of the thread the user saw, root first."""
    if not isinstance(current, str) or current not in mapping:
        leaves = [key for key, node in mapping.items() if isinstance(node, dict) and not node.get("children")]
        if not leaves:
            return []

        def made(key: str) -> float:
            message = mapping[key].get("message") or {}
            stamp = message.get("create_time") if isinstance(message, dict) else None
            return float(stamp) if isinstance(stamp, int | float) and not isinstance(stamp, bool) else 0.0

        current = max(leaves, key=made)
    path: list[str] = []
    seen: set[str] = set()
    node_id: object = current
    while isinstance(node_id, str) and node_id in mapping:
        if node_id in seen:
            raise InvalidInput(f"{where}: its messages' parents form a loop at {node_id[:60]!r}")
        seen.add(node_id)
        path.append(node_id)
        node = mapping[node_id]
        if not isinstance(node, dict):
            raise InvalidInput(f"{where}: node {node_id[:60]!r} is not an object")
        node_id = node.get("parent")
    return path[::-1]


def chatgpt_messages(conversation: object, index: int, skipped: Counter[str]) -> list[dict[str, Any]]:
    if not isinstance(conversation, dict) or not isinstance(conversation.get("mapping"), dict):
        raise InvalidInput(f"ChatGPT conversation {index + 1}: it has no 'mapping' of messages")
    conversation_id = conversation.get("conversation_id") or conversation.get("id")
    where = _where("ChatGPT", index, conversation_id)
    if not conversation_id:
        raise InvalidInput(f"{where}: it has no 'id'")
    mapping, title = conversation["mapping"], _title(conversation.get("title"))
    started = _time(conversation.get("create_time"), where)
    out = []
    for node_id in _chatgpt_thread(mapping, conversation.get("current_node"), where):
        message = mapping[node_id].get("message")
        if not isinstance(message, dict):
            continue  # the root, or a node whose message was removed
        found, metadata = message.get("author"), message.get("metadata")
        author: dict[str, Any] = found if isinstance(found, dict) else {}
        role = ROLES.get(str(author.get("role")))
        hidden = isinstance(metadata, dict) and bool(metadata.get("is_visually_hidden_from_conversation"))
        if role is None or hidden or message.get("weight") == 0 or message.get("channel") == "commentary":
            skipped[f"{author.get('role') or 'unknown'} messages" if role is None else "hidden messages"] += 1
            continue
        content = message.get("content")
        text = _chatgpt_text(content, skipped)
        if not text.strip():
            if isinstance(content, dict) and content.get("content_type") in ("text", "multimodal_text", "code"):
                skipped["empty messages"] += 1  # (other kinds were counted as what they are)
            continue
        when = _time(message.get("create_time"), f"{where}, message {node_id[:60]}") or started
        out.append(
            {
                "text": text,
                "role": role,
                "chat_id": f"chatgpt:{conversation_id}",
                "message_id": str(message.get("id") or node_id),
                "timestamp": when,
                "title": title,
            }
        )
    return out


def _claude_thread(messages: list[Any], leaf: object) -> list[Any]:
    """The current branch when the export marks branches; otherwise every message in order."""
    by_id = {m.get("uuid"): m for m in messages if isinstance(m, dict)}
    if not isinstance(leaf, str) or leaf not in by_id or not any(isinstance(m, dict) and "parent_message_uuid" in m for m in messages):
        return messages
    path, seen, node = [], set(), by_id.get(leaf)
    while isinstance(node, dict) and node.get("uuid") not in seen:
        seen.add(node.get("uuid"))
        path.append(node)
        node = by_id.get(node.get("parent_message_uuid"))
    return path[::-1]


def claude_messages(conversation: object, index: int, skipped: Counter[str]) -> list[dict[str, Any]]:
    if not isinstance(conversation, dict) or not isinstance(conversation.get("chat_messages"), list):
        raise InvalidInput(f"Claude conversation {index + 1}: it has no 'chat_messages'")
    conversation_id = conversation.get("uuid")
    where = _where("Claude", index, conversation_id)
    if not conversation_id:
        raise InvalidInput(f"{where}: it has no 'uuid'")
    title = _title(conversation.get("name"))
    out = []
    for position, message in enumerate(_claude_thread(conversation["chat_messages"], conversation.get("current_leaf_message_uuid"))):
        if not isinstance(message, dict):
            raise InvalidInput(f"{where}, message {position + 1}: not an object")
        role = ROLES.get(str(message.get("sender")))
        if role is None:
            skipped[f"{message.get('sender') or 'unknown'} messages"] += 1
            continue
        content = message.get("content")
        blocks: list[Any] = content if isinstance(content, list) else []
        texts = [b["text"] for b in blocks if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)]
        skipped["tool calls and results"] += sum(1 for b in blocks if isinstance(b, dict) and b.get("type") in ("tool_use", "tool_result"))
        plain = message.get("text")
        text: str = "\n".join(texts) if texts else plain if isinstance(plain, str) else ""
        attachments = [
            {"kind": "file", "text": f"{a.get('file_name') or 'a file'}: {a['extracted_content'][:MAX_ATTACHMENT_CHARS]}"}
            for a in message.get("attachments") or []
            if isinstance(a, dict) and isinstance(a.get("extracted_content"), str) and a["extracted_content"].strip()
        ]
        if not text.strip() and not attachments:
            skipped["empty messages"] += 1
            continue
        out.append(
            {
                "text": text,
                "role": role,
                "chat_id": f"claude:{conversation_id}",
                "message_id": str(message.get("uuid") or f"{position}"),
                "timestamp": _time(message.get("created_at"), f"{where}, message {position + 1}"),
                "title": title,
                "attachments": attachments[:8],
            }
        )
    return out


def jsonl_message(record: object, line: int, skipped: Counter[str]) -> dict[str, Any] | None:
    where = f"line {line}"
    if not isinstance(record, dict):
        raise InvalidInput(f"{where}: a message is a JSON object")
    if not isinstance(record.get("text"), str):
        raise InvalidInput(f"{where}: 'text' must be a string")
    role = ROLES.get(str(record.get("role") or "user"))
    if role is None:
        skipped[f"{record.get('role')} messages"] += 1
        return None
    message = {k: record[k] for k in ("text", "chat_id", "message_id", "speaker") if record.get(k) is not None}
    message |= {"role": role, "timestamp": _time(record.get("timestamp"), where), "title": _title(record.get("title"))}
    return message
