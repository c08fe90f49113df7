"""A readable Markdown rendering of an export: what is remembered, grouped, with dates and sources.

The JSON export is the complete, re-importable record; this is for reading. Remembered text is untrusted,
so Markdown and HTML characters in it are escaped: a viewer never renders a memory as markup or a link.
"""

from __future__ import annotations

import re
import time

from memlace.models import ExportDocument, Memory, MemoryStatus

_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+!|~])")
_ORDER = [MemoryStatus.confirmed, MemoryStatus.staged, MemoryStatus.superseded, MemoryStatus.retracted]
_HEADINGS = {
    MemoryStatus.confirmed: "Confirmed",
    MemoryStatus.staged: "Staged (not yet confirmed)",
    MemoryStatus.superseded: "Superseded (kept as history)",
    MemoryStatus.retracted: "Retracted",
}


def escape(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _day(seconds: float | None) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(seconds)) if seconds else "-"


def _line(memory: Memory) -> str:
    details = [memory.kind.value, f"confidence {memory.confidence:.2f}", f"since {_day(memory.valid_from or memory.created_at)}"]
    if memory.valid_to:
        details.append(f"until {_day(memory.valid_to)}")
    if memory.tags:
        details.append("tags " + ", ".join(escape(t) for t in memory.tags))
    messages = memory.message_ids()
    if messages:
        details.append("from " + ", ".join(escape(m) for m in messages[:5]) + (" …" if len(messages) > 5 else ""))
    return f"- {escape(memory.text)}  \n  _{'; '.join(details)}_"


def export_markdown(document: ExportDocument) -> str:
    lines = [
        f"# memlace: what is remembered (profile {escape(document.profile)})",
        "",
        f"Exported {_day(document.exported_at)}: {len(document.memories)} memories, {len(document.entities)} entities, "
        f"{len(document.episodes)} messages. The JSON export is the complete record; this file is for reading.",
    ]
    for status in _ORDER:
        memories = [m for m in document.memories if m.status is status]
        if not memories:
            continue
        lines += ["", f"## {_HEADINGS[status]} ({len(memories)})"]
        for kind in sorted({m.kind.value for m in memories}):
            lines += ["", f"### {kind.capitalize()}", ""]
            lines += [_line(m) for m in sorted(memories, key=lambda m: (-m.created_at, m.id)) if m.kind.value == kind]
    if document.entities:
        lines += ["", "## Entities", ""]
        for entity in sorted(document.entities, key=lambda e: (-e.mention_count, e.name)):
            aliases = f" (also: {', '.join(escape(a) for a in entity.aliases)})" if entity.aliases else ""
            lines.append(f"- {escape(entity.name)}{aliases}: {entity.type.value}, mentioned {entity.mention_count} times")
    return "\n".join(lines) + "\n"
