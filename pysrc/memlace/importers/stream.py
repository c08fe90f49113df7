"""Records from an export file, one at a time, without reading the file whole: a JSON array is decoded
element by element from chunks, JSON lines line by line, and an export zip (as ChatGPT and Claude hand it
out) is read from its conversations file(s) inside. A malformed file is refused with where it went wrong."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from memlace.errors import InvalidInput

CHUNK = 1 << 20
MAX_RECORD = 512 << 20  # one conversation bigger than this is not a chat export


def _array(stream: IO[str], name: str) -> Iterator[Any]:
    """The elements of a top-level JSON array (or of an object's "conversations" array), one by one."""
    decoder = json.JSONDecoder()
    buffer, offset, eof, chunk = "", 0, False, CHUNK

    def more() -> bool:
        nonlocal buffer, offset, eof
        piece = stream.read(chunk)
        eof = not piece
        buffer, offset = buffer[offset:] + piece, 0
        return not eof

    def skip(chars: str) -> str:
        nonlocal offset
        while True:
            while offset < len(buffer) and buffer[offset] in " \t\r\n\ufeff" + chars:
                offset += 1
            if offset < len(buffer) or not more():
                return buffer[offset] if offset < len(buffer) else ""

    first = skip("")
    if first == "{":  # {"conversations": [...]} (some exports wrap the list)
        while '"conversations"' not in buffer[offset:] and more():
            pass
        start = buffer.find('"conversations"', offset)
        bracket = buffer.find("[", start) if start >= 0 else -1
        if bracket < 0:
            raise InvalidInput(f"{name}: a JSON object without a 'conversations' list")
        offset = bracket
    elif first != "[":
        raise InvalidInput(f"{name}: not a JSON array of conversations")
    offset += 1
    index = 0
    while True:
        if skip(",") in ("]", ""):
            return
        while True:
            try:
                value, end = decoder.raw_decode(buffer, offset)
                break
            except json.JSONDecodeError as error:
                if eof or len(buffer) - offset > MAX_RECORD:
                    raise InvalidInput(f"{name}: element {index + 1} is not valid JSON ({error.msg})") from error
                chunk = min(chunk * 2, MAX_RECORD)  # geometric: a huge conversation costs linear time, not quadratic
                more()
        offset = end
        chunk = CHUNK
        index += 1
        yield value


def _lines(stream: IO[str], name: str) -> Iterator[tuple[int, Any]]:
    for number, line in enumerate(stream, start=1):
        if line.strip():
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError as error:
                raise InvalidInput(f"{name}: line {number} is not valid JSON ({error.msg})") from error


def _text(raw: IO[bytes]) -> IO[str]:
    return io.TextIOWrapper(raw, encoding="utf-8-sig", errors="replace")


def records(path: Path) -> Iterator[tuple[int, Any]]:
    """(position, record) for every conversation (or JSON lines message) in the file: a .zip export, a
    .jsonl file or a JSON array."""
    if not path.is_file():
        raise InvalidInput(f"{path}: no such file")
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            inside = sorted(n for n in archive.namelist() if Path(n).name.startswith("conversations") and n.endswith(".json"))
            if not inside:
                raise InvalidInput(f"{path.name}: the zip holds no conversations.json (is it a ChatGPT or Claude export?)")
            position = 0
            for member in inside:
                with archive.open(member) as raw, _text(raw) as text:
                    for record in _array(text, f"{path.name}/{member}"):
                        yield position, record
                        position += 1
        return
    with path.open("rb") as raw, _text(raw) as text:
        yield from _from_stream(text, path.name)


def records_in_text(text: str, name: str) -> Iterator[tuple[int, Any]]:
    """The same, from a file's text already in memory (the browser reads the file the user chose)."""
    return _from_stream(io.StringIO(text), name)


def _from_stream(stream: IO[str], name: str) -> Iterator[tuple[int, Any]]:
    head = stream.read(1)
    while (head and head.isspace()) or head == "\ufeff":
        head = stream.read(1)
    stream.seek(0)
    if name.endswith(".jsonl") or head not in ("[", "{"):
        yield from _lines(stream, name)
        return
    if head == "{":  # one object: a JSON lines file of one line, or a wrapped list
        first = stream.readline()
        stream.seek(0)
        if first.strip().endswith("}") and '"conversations"' not in first:
            yield from _lines(stream, name)
            return
    yield from enumerate(_array(stream, name))
