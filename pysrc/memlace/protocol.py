"""The one description of the page <-> worker protocol: its version, its methods and which of them write,
the id kinds, the enums and the error codes.

The build writes it as ``protocol.json`` beside the JavaScript (web/js reads it from there), and the
TypeScript model types are generated from the pydantic JSON schemas (``python -m memlace.protocol``),
so no other file restates any of it.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from memlace.config import Config
from memlace.engine.ingestion import IngestResult
from memlace.models import (
    ID_PREFIXES,
    ContextPack,
    Edge,
    EdgeType,
    Entity,
    EntityType,
    Episode,
    ExportDocument,
    Memory,
    MemoryKind,
    MemorySource,
    MemoryStatus,
    Message,
    TTLClass,
)

PROTOCOL_VERSION = 1
# Methods every worker answers; the browser worker adds "models", "selftest_store" and "selftest_replicas" (and, in test
# builds only, "bench_populate", "bench_profile", "bench_memory" and "embed_texts").
READS = frozenset(
    {
        "retrieve",
        "search",
        "list",
        "get",
        "export",
        "stats",
        "graph",
        "trace",
        "export_markdown",
        "models",
        "recipes",
        "chats",
        "conversation",
        "sync_push",  # writes only sync's own bookkeeping (the replicas), never a memory
    }
)
WRITES = frozenset(
    {
        "ingest",
        "edit",
        "confirm",
        "retract",
        "forget",
        "feedback",
        "import",
        "maintain",
        "retry_pending",
        "flush",
        "undo",
        "tool",
        "try_recipe",
        "import_chats",
        "import_step",
        "import_cancel",
        "forget_chat",
        "forget_everything",
        "bulk",
        "sync_pull",
    }
)
ERROR_CODES = {
    "invalid_input": "the request, message or file is not valid; nothing was changed",
    "message_too_large": "a message or query is over the size limit; nothing was changed",
    "not_found": "no item with that id",
    "import_format": "a file that is not a memlace export, or of an unknown version",
    "store_error": "the browser's database or the SQLite file failed; nothing was changed",
    "storage_full": "the disk or the site's storage quota is full; nothing was changed",
    "provider_error": "a model or embedding call failed",
    "protocol_mismatch": "the page and the worker come from different versions",
    "boot_failed": "memory could not start (the message says why)",
    "closed": "this memory was closed",
    "cancelled": "the caller stopped it (an import, say); what was done before is kept",
    "unavailable": "the call could not be sent to the worker",
    "internal": "an unexpected error in memlace; nothing was changed",
    # sync (memory.sync.*, in the page)
    "bad_phrase": "a recovery phrase that is not 24 recovery-phrase words with a correct checksum",
    "wrong_key": "the recovery phrase is not the one the sync server's copy was made with",
    "bad_server": "the sync server is not a usable URL of a database",
    "server_unreachable": "the sync server did not answer",
    "bad_document": "a synced document this version cannot read, or one altered on the server",
    "sync_on": "sync is already on for this profile",
    "sync_off": "sync is off for this profile",
    "sync_error": "sync failed (the message says why); memory is unchanged",
}
ENUMS: list[type[StrEnum]] = [MemoryKind, MemoryStatus, MemorySource, TTLClass, EntityType, EdgeType]


def description() -> dict[str, Any]:
    return {
        "version": PROTOCOL_VERSION,
        "reads": sorted(READS),
        "writes": sorted(WRITES),
        "id_prefixes": {kind.value: prefix for kind, prefix in ID_PREFIXES.items()},
        "enums": {enum.__name__: [member.value for member in enum] for enum in ENUMS},
        "errors": ERROR_CODES,
        "limits": {"message_chars": Config().max_message_chars},
    }


def _ts_type(schema: dict[str, Any], definitions: dict[str, Any]) -> str:
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " | ".join(dict.fromkeys(_ts_type(s, definitions) for s in schema["anyOf"]))
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        items = schema.get("items")
        if isinstance(items, dict):
            return f"Array<{_ts_type(items, definitions)}>"
        prefix = schema.get("prefixItems")
        return f"[{', '.join(_ts_type(s, definitions) for s in prefix)}]" if prefix else "unknown[]"
    if kind == "object":
        extra = schema.get("additionalProperties")
        return f"Record<string, {_ts_type(extra, definitions) if isinstance(extra, dict) else 'unknown'}>"
    return {"string": "string", "number": "number", "integer": "number", "boolean": "boolean", "null": "null"}.get(str(kind), "unknown")


# What the worker answers with (every field present) and what a page sends (fields with defaults optional).
ANSWERS: list[type[BaseModel]] = [Memory, Episode, Entity, Edge, ContextPack, ExportDocument, IngestResult]
REQUESTS: list[type[BaseModel]] = [Message]


def typescript() -> str:
    """TypeScript declarations of every stored or exchanged model, from their pydantic JSON schemas."""
    definitions: dict[str, Any] = {}
    for models, mode in ((REQUESTS, "validation"), (ANSWERS, "serialization")):  # a request's parts stay optional
        for model in models:
            schema = model.model_json_schema(mode=mode)  # type: ignore[arg-type]
            for name, part in [*schema.get("$defs", {}).items(), (model.__name__, schema)]:
                part = {k: v for k, v in part.items() if k != "$defs"}
                if mode == "serialization" and "properties" in part:
                    part["required"] = list(part["properties"])  # an answer always carries every field
                definitions.setdefault(name, part)
    lines = ["// Generated from memlace's pydantic models by `python -m memlace.protocol`: do not edit.", ""]
    for name in sorted(definitions):
        schema = definitions[name]
        if "enum" in schema:
            lines.append(f"export type {name} = {_ts_type(schema, definitions)};")
            continue
        required = set(schema.get("required", []))
        lines.append(f"export interface {name} {{")
        for field, spec in schema.get("properties", {}).items():
            optional = "" if field in required else "?"
            doc = spec.get("description")
            if doc:
                lines.append(f"  /** {doc} */")
            lines.append(f"  {field}{optional}: {_ts_type(spec, definitions)};")
        lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # python -m memlace.protocol {json|ts}
    print(typescript() if sys.argv[1:] == ["ts"] else json.dumps(description(), indent=1, sort_keys=True), end="")
