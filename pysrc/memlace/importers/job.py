"""Importing a chat history: records from the file, messages from each record, ingested in batches.

Every message keeps its source's chat id, message id, role, time and title, so importing the same file
again (or resuming one that was interrupted) stores nothing twice: the messages already in are recognised
by their ids and passed over. A message that memlace cannot take (too long, say) is counted with where it
is and left out; the rest go in. A file that is not an export is refused before anything is written.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memlace.errors import InvalidInput
from memlace.importers import formats, stream
from memlace.memory import Memlace

BATCH = 64
REFUSALS_SHOWN = 20


@dataclass
class ImportReport:
    format: str = ""
    conversations: int = 0
    messages: int = 0  # read from the file
    added: int = 0  # stored now
    already: int = 0  # stored by an earlier import
    skipped: Counter[str] = field(default_factory=Counter)  # left out, by reason
    refused: list[str] = field(default_factory=list)  # messages memlace could not take, with where they are
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "conversations": self.conversations,
            "messages": self.messages,
            "added": self.added,
            "already": self.already,
            "skipped": dict(self.skipped),
            "refused": self.refused[:REFUSALS_SHOWN],
            "refused_count": len(self.refused),
            "seconds": round(self.seconds, 2),
        }


def messages(path: Path, report: ImportReport, wanted: str = "auto") -> Iterator[dict[str, Any]]:
    """The messages of an export file, conversation by conversation."""
    for position, record in stream.records(path):
        if not report.format:
            report.format = formats.detect(record) if wanted == "auto" else wanted
        if report.format == "jsonl":
            message = formats.jsonl_message(record, position, report.skipped)
            if message is not None:
                report.messages += 1
                yield message
            continue
        parse = formats.chatgpt_messages if report.format == "chatgpt" else formats.claude_messages
        found = parse(record, position, report.skipped)
        report.conversations += 1
        report.messages += len(found)
        yield from found
    if not report.format:
        raise InvalidInput(f"{path.name}: the file holds no conversations")


async def import_chats(
    engine: Memlace, path: Path, *, wanted: str = "auto", progress: Callable[[ImportReport], None] | None = None
) -> ImportReport:
    report = ImportReport()
    started = time.perf_counter()
    batch: list[Any] = []

    async def flush() -> None:
        try:
            results = await engine.ingest_many(batch)
        except InvalidInput:  # one message clashes with a stored one (same id, other text): find it, keep the rest
            results = []
            for message in batch:
                try:
                    results.append(await engine.ingest(message))
                except InvalidInput as error:
                    report.refused.append(f"{message.chat_id} / {message.message_id}: {error}")
        report.added += sum(1 for r in results if not r.duplicate)
        report.already += sum(1 for r in results if r.duplicate)
        batch.clear()
        report.seconds = time.perf_counter() - started
        if progress:
            progress(report)

    for message in messages(path, report, wanted):
        try:
            batch.append(engine.validate(message))
        except InvalidInput as error:
            report.refused.append(f"{message.get('chat_id')} / {message.get('message_id')}: {error}")
            continue
        if len(batch) >= BATCH:
            await flush()
    if batch:
        await flush()
    report.seconds = time.perf_counter() - started
    return report
