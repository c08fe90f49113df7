"""One validation at the boundary: what comes from a page, a file or a command line is checked here,
before anything is written, and refused with a sentence a person can act on.

- text: valid Unicode (a lone UTF-16 surrogate, what slicing an emoji in JavaScript leaves, becomes U+FFFD)
- numbers: finite (JSON's NaN and Infinity are refused)
- times: seconds since 1970, or milliseconds (as JavaScript's Date.now() gives) recognised by their size
- structure: nesting depth and size limits, names and ids of bounded length without control characters
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from pydantic import ValidationError

from memlace.errors import InvalidInput, MessageTooLarge
from memlace.models import MIN_TIME, Message

MAX_DEPTH = 32  # nesting of a JSON request or file
MAX_NAME_CHARS = 256  # a chat id, message id, speaker, session, project or role
MAX_ATTACHMENTS = 16
MILLISECONDS_FROM = 1e11  # a time this large in seconds would be after the year 5138: it is milliseconds
MILLISECONDS_UNTIL = 1e14
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
# Where a decoded string could hold a lone surrogate: a surrogate's escape in the JSON text, or one raw.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def clean_text(text: str) -> str:
    """Text that every store and every JSON encoder accepts: lone surrogates become U+FFFD."""
    return _LONE_SURROGATE.sub("\ufffd", text) if _LONE_SURROGATE.search(text) else text


def clean_name(value: str, what: str) -> str:
    """A short identifying field (an id, a speaker's name): one line, trimmed, of bounded length."""
    cleaned = " ".join(_CONTROL.sub(" ", clean_text(value)).split())
    if len(cleaned) > MAX_NAME_CHARS:
        raise InvalidInput(f"{what} has {len(cleaned)} characters; the limit is {MAX_NAME_CHARS}")
    return cleaned


def clean_json(value: Any, *, depth: int = 0, where: str = "the request", path: str = "") -> Any:
    """A decoded JSON value with its strings cleaned, its numbers finite and its nesting bounded."""
    if depth > MAX_DEPTH:
        raise InvalidInput(f"{where} is nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, float) and not math.isfinite(value):
        place = f"{path} in {where}" if path else where
        raise InvalidInput(f"{place} is a number that is not finite ({value}); use a plain number")
    if isinstance(value, list):
        return [clean_json(v, depth=depth + 1, where=where, path=f"{path}[{n}]") for n, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            name = clean_text(str(key))
            out[name] = clean_json(item, depth=depth + 1, where=where, path=f"{path}.{name[:40]}" if path else name[:40])
        return out
    return value


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


class _NeedsCleaning(Exception):
    """The quick check found something only clean_json can mend or name the place of."""


def _finite(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):  # 1e999: refused by clean_json, with its place
        raise _NeedsCleaning
    return value


def _check_nesting(value: dict[str, Any] | list[Any]) -> None:
    # A loop over a stack, not recursion, and exact type checks (json.loads makes only dicts and lists): a sync
    # batch holds tens of thousands of containers, and this runs before every request is read.
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        container, depth = stack.pop()
        if depth >= MAX_DEPTH and (depth > MAX_DEPTH or container):  # what it holds would be one level too deep
            raise _NeedsCleaning
        for item in container.values() if type(container) is dict else container:
            kind = type(item)
            if kind is dict or kind is list:
                stack.append((item, depth + 1))


def _has_surrogate(text: str) -> bool:
    """Whether JSON text holds a surrogate, escaped or raw. Checked with C-speed string operations first (a
    regex over megabytes of a sync batch cost more than reading it): most texts have no \\u escape at all,
    and a text without surrogates is all ASCII or encodes as UTF-8."""
    if "\\u" in text and _SURROGATE_ESCAPE.search(text):
        return True
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _decoded_clean(text: str) -> Any:
    """The quick path for the usual request: no surrogate anywhere in the text, every number finite, the
    nesting within bounds, so no string needs a look of its own (requests carry thousands)."""
    if _has_surrogate(text):
        raise _NeedsCleaning
    value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    if isinstance(value, (dict, list)):
        _check_nesting(value)
    return value


def loads(text: str, *, where: str = "the request") -> Any:
    """JSON text decoded strictly (no NaN or Infinity) and cleaned; InvalidInput with the place if not."""
    try:
        try:
            return _decoded_clean(text)
        except _NeedsCleaning:
            pass
        return clean_json(json.loads(text, parse_constant=_refuse_constant), where=where)
    except RecursionError as error:
        raise InvalidInput(f"{where} is nested too deeply to read") from error
    except json.JSONDecodeError as error:
        raise InvalidInput(f"{where} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}") from error
    except ValueError as error:
        raise InvalidInput(f"{where} is not valid JSON: {error}") from error


def message_time(value: object) -> float | None:
    """A message's time as epoch seconds: seconds as given, milliseconds recognised by their size."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInput("timestamp must be a number of seconds since 1970 (or milliseconds, as Date.now() gives)")
    seconds = float(value)
    if not math.isfinite(seconds):
        raise InvalidInput(f"timestamp {value} is not a finite number")
    if MILLISECONDS_FROM <= seconds < MILLISECONDS_UNTIL:
        return seconds / 1000.0
    if not MIN_TIME <= seconds < MILLISECONDS_FROM:
        raise InvalidInput(f"timestamp {value:g} is out of range: give seconds since 1970 (or milliseconds) for a date from year 1 to 5138")
    return seconds


def parse_message(message: object, max_chars: int) -> Message:
    """A message for ingest: validated, its text cleaned and its time in seconds; InvalidInput if not."""
    if isinstance(message, Message):
        raw: Any = message.model_dump()
    elif isinstance(message, dict):
        raw = clean_json(message, where="the message")
    else:
        raise InvalidInput("a message is an object with at least its text: {'text': ...}")
    if not isinstance(raw.get("text"), str):
        raise InvalidInput("a message needs its text as a string: {'text': ...}")
    raw["timestamp"] = message_time(raw.get("timestamp"))
    for field in ("chat_id", "message_id", "speaker", "session", "project", "role", "title"):
        if isinstance(raw.get(field), str):
            raw[field] = clean_name(raw[field], field)
    if not raw.get("chat_id"):
        raw["chat_id"] = "default"
    if raw.get("message_id") == "":
        raw["message_id"] = None
    if not raw.get("role"):
        raw["role"] = "user"
    attachments = raw.get("attachments")
    if isinstance(attachments, list) and len(attachments) > MAX_ATTACHMENTS:
        raise InvalidInput(f"a message may carry at most {MAX_ATTACHMENTS} attachments")
    try:
        parsed = Message.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(p) for p in first["loc"]) or "the message"
        raise InvalidInput(f"not a valid message: {place}: {first['msg']}") from error
    parsed.text = clean_text(parsed.text)
    if not parsed.text.strip() and not any(a.text.strip() for a in parsed.attachments):
        raise InvalidInput("the message is empty")
    size = len(parsed.text) + sum(len(a.text) for a in parsed.attachments)
    if size > max_chars:
        raise MessageTooLarge(f"the message has {size} characters; the limit is {max_chars}")
    return parsed
