"""Untrusted text (messages, memories, names, chat ids, attachments, tool results) inside a prompt: one
escaping for the context pack and for every LLM prompt, so no field can close its fence or pose as one.

Fences are ``<memory-context> ... </memory-context>`` in the pack and ``<<<label ... >>>`` in prompts.
A fence tag is recognised however it is written (case, spaces, zero-width characters, full-width
brackets) and turned into brackets a model reads as plain text.
"""

from __future__ import annotations

import re

PACK_OPEN = "<memory-context>"
PACK_CLOSE = "</memory-context>"
_GAP = r"[\s\u200b-\u200f\u2060\ufeff\u00ad]*"  # spaces, and characters that render as nothing
_LT, _GT = "[<\uff1c\ufe64\u2039\u3008]", "[>\uff1e\ufe65\u203a\u3009]"
_PACK_TAG = re.compile(_LT + _GAP + "/?" + _GAP + "memory" + _GAP + r"[-_]?" + _GAP + "context" + _GAP + _GT, re.I)
_PROMPT_FENCE = re.compile(f"{_LT}{_GAP}{_LT}{_GAP}{_LT}|{_GT}{_GAP}{_GT}{_GAP}{_GT}")


def neutralise(text: str, *, one_line: bool = False) -> str:
    """Text that cannot open or close a fence; with ``one_line``, on one line (nothing can start a line
    of its own, such as a fake 'SYSTEM:' heading)."""
    text = _PACK_TAG.sub(lambda m: "[" + m.group(0)[1:-1].strip() + "]", text)
    text = _PROMPT_FENCE.sub(lambda m: "(" * 3 if m.group(0)[0] in "<\uff1c\ufe64\u2039\u3008" else ")" * 3, text)
    return " ".join(text.split()) if one_line else text


def fence(label: str, text: str) -> str:
    """Untrusted text as a labelled data block of a prompt that it cannot close early."""
    return f"<<<{label}\n{neutralise(text)}\n>>>"
