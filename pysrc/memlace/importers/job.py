"""Importing a chat history: records from the file, messages from each record, ingested in batches.

Every message keeps its source's chat id, message id, role, time and title, so importing the same file
again (or resuming one that was interrupted) stores nothing twice: the messages already in are recognised
by their ids and passed over. A message that memlace cannot take (too long, say) is counted with where it
is and left out; the rest go in. A file that is not an export is refused before anything is written.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memlace.errors import InvalidInput, MemlaceError
from memlace.importers import formats, stream
from memlace.memory import Memlace

BATCH = 64
# Turns embedded per step once the messages are in. The browser's worker answers other calls only between
# steps, and its model embeds about 30 texts a second, so a step there stays short; CPython takes more.
EMBED_STEP = 8
EMBED_STEP_CPYTHON = 64
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
    seconds: float = 0.0  # so far, in all
    stored_seconds: float = 0.0  # until every message and its memories were in (vectors of turns follow)
    vectors_waiting: int = 0  # turns still without a vector (findable by keywords and their memories meanwhile)

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
            "stored_seconds": round(self.stored_seconds, 2),
            "vectors_waiting": self.vectors_waiting,
        }


def messages(source: Iterator[tuple[int, Any]], name: str, report: ImportReport, wanted: str = "auto") -> Generator[dict[str, Any]]:
    """The messages of an export's records, conversation by conversation."""
    for position, record in source:
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
        raise InvalidInput(f"{name}: the file holds no conversations")


class ImportJob:
    """One import, taken a batch at a time (the browser's worker answers other calls between batches).

    Two phases: the messages go in with their memories (the turns' own vectors are left for later, as making
    them is most of the cost), then the turns are embedded a batch per step. Stopped in the second phase,
    nothing is lost: whatever has no vector is found again and embedded when the profile next opens."""

    def __init__(
        self, engine: Memlace, source: Iterator[tuple[int, Any]], name: str, wanted: str = "auto", *, turn_vectors_later: bool = True
    ) -> None:
        if wanted not in ("auto", "chatgpt", "claude", "jsonl"):
            raise InvalidInput("the format is auto, chatgpt, claude or jsonl")
        self.engine, self.report, self.done, self.reading = engine, ImportReport(), False, True
        self.turn_vectors_later = turn_vectors_later  # False: every vector as its message goes in (the bench's baseline)
        self._messages = messages(source, name, self.report, wanted)
        self._started = time.perf_counter()

    async def step(self, most: int = BATCH, embed_most: int = EMBED_STEP) -> ImportReport:
        """Store up to `most` messages, or once the file is through, embed up to `most` turns; `done` at the end."""
        if self.reading:
            await self._read(most)
            if not self.reading:
                self.report.stored_seconds = self.report.seconds + time.perf_counter() - self._started
        elif not await self.engine.embed_pending(embed_most):
            self.done = True  # every vector made (or the model failed: the rest waits for the next start)
        self.report.vectors_waiting = self.engine.vectors_waiting
        self.report.seconds += time.perf_counter() - self._started
        self._started = time.perf_counter()
        return self.report

    async def _read(self, most: int) -> None:
        batch: list[Any] = []
        try:
            for message in self._messages:
                try:
                    batch.append(self.engine.validate(message))
                except InvalidInput as error:
                    self.report.refused.append(f"{message.get('chat_id')} / {message.get('message_id')}: {error}")
                if len(batch) >= most:
                    break
            else:
                self.reading = False
        except MemlaceError:
            self.close()  # a malformed file: nothing more is read from it
            raise
        await self._store(batch)

    def close(self) -> None:
        self.done, self.reading = True, False
        self._messages.close()

    async def _store(self, batch: list[Any]) -> None:
        if not batch:
            return
        try:
            results = await self.engine.ingest_many(batch, turn_vectors_later=self.turn_vectors_later)
        except InvalidInput:  # one message clashes with a stored one (same id, other text): find it, keep the rest
            results = []
            for message in batch:
                try:
                    results.append(await self.engine.ingest(message))
                except InvalidInput as error:
                    self.report.refused.append(f"{message.chat_id} / {message.message_id}: {error}")
        self.report.added += sum(1 for r in results if not r.duplicate)
        self.report.already += sum(1 for r in results if r.duplicate)


async def import_chats(
    engine: Memlace,
    path: Path,
    *,
    wanted: str = "auto",
    progress: Callable[[ImportReport], None] | None = None,
    turn_vectors_later: bool = True,
) -> ImportReport:
    """A whole export file, in batches."""
    job = ImportJob(engine, stream.records(path), path.name, wanted, turn_vectors_later=turn_vectors_later)
    while not job.done:
        report = await job.step(BATCH, EMBED_STEP_CPYTHON)
        if progress:
            progress(report)
    return job.report
