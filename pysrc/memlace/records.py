"""Reading stored records without letting one bad record close a profile.

Stores first try the fast path (the whole snapshot validated at once). If that fails, every record is
read on its own: its strings cleaned (a lone surrogate written by an older version becomes U+FFFD), then
validated; one that still cannot be read is quarantined, kept in the store as it was, counted in
stats() and carried by exports, while the rest of the profile opens as usual.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ValidationError

from memlace.models import Edge, Entity, Episode, Memory, Quarantined, held_compactly
from memlace.ports import Snapshot
from memlace.validation import clean_json

TABLES: dict[str, type[BaseModel]] = {"memories": Memory, "episodes": Episode, "entities": Entity, "edges": Edge}
ERROR_CHARS = 300


def _error_text(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        return f"{'.'.join(str(p) for p in first['loc']) or 'record'}: {first['msg']}"[:ERROR_CHARS]
    return f"{type(error).__name__}: {error}"[:ERROR_CHARS]


def _raw_text(record: Any) -> str:
    if isinstance(record, str):
        return record
    try:
        return json.dumps(record, ensure_ascii=True, allow_nan=True, default=str)
    except (ValueError, TypeError, RecursionError):
        return repr(record)


def _record_id(record: Any) -> str | None:
    if isinstance(record, dict):
        found = record.get("id") or (f"{record.get('source')}|{record.get('target')}|{record.get('type')}" if "source" in record else None)
        return str(found)[:200] if found is not None else None
    return None


def parse_records(rows: dict[str, list[Any]], meta: dict[str, Any]) -> Snapshot:
    """A snapshot from raw records (dicts, or JSON text that may not even parse), reading each one on its own."""
    snapshot = Snapshot(meta=_clean_meta(meta))
    for table, model in TABLES.items():
        kept: list[Any] = getattr(snapshot, table)
        for record in rows.get(table, []):
            value: Any = None
            try:
                value = json.loads(record) if isinstance(record, str) else record
                kept.append(model.model_validate(clean_json(value, where="a stored record")))
            except Exception as error:  # any failure here is one bad record, never a closed profile
                found = Quarantined(table=table, id=_record_id(value), error=_error_text(error), record=_raw_text(record))
                snapshot.quarantined.append(found)
    return snapshot


def parse_snapshot_json(text: str) -> Snapshot:
    """A store's whole snapshot as one JSON text ({memories, episodes, entities, edges, meta})."""
    try:
        return Snapshot.model_validate_json(text)
    except ValidationError:
        pass
    try:
        rows = json.loads(text)
    except (ValueError, RecursionError) as error:  # not even JSON as a whole: nothing can be told apart
        return Snapshot(quarantined=[Quarantined(table="snapshot", error=_error_text(error), record=text)])
    if not isinstance(rows, dict):
        return Snapshot(quarantined=[Quarantined(table="snapshot", error="not a JSON object", record=text)])
    meta = rows.get("meta")
    return parse_records(rows, meta if isinstance(meta, dict) else {})


def parse_snapshot_parts(texts: Iterable[str]) -> Snapshot:
    """A snapshot read in parts, each a JSON text of some records (and the last, the settings): a part's
    records are compacted (see models.held_compactly) before the next part is read, so a large profile
    never sits in memory as text and as full objects at once. One bad part costs only its own records."""
    whole = Snapshot()
    for text in texts:
        part = parse_snapshot_json(text)
        for record in (*part.memories, *part.episodes, *part.entities, *part.edges):
            held_compactly(record)
        whole.memories += part.memories
        whole.episodes += part.episodes
        whole.entities += part.entities
        whole.edges += part.edges
        whole.quarantined += part.quarantined
        whole.meta.update(part.meta)
    return whole


def parse_rows(rows: dict[str, list[str]], meta: dict[str, Any]) -> Snapshot:
    """Records as JSON texts, one per row: the fast path (one strict JSON parse) first, record by record if it fails."""
    try:
        parts = [f'"{table}":[{",".join(rows.get(table, []))}]' for table in TABLES]
        return Snapshot.model_validate_json("{" + ",".join(parts) + ',"meta":' + json.dumps(meta, allow_nan=False) + "}")
    except (ValidationError, ValueError, TypeError):
        return parse_records(rows, meta)


def _clean_meta(meta: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in meta.items():
        try:
            out[str(key)] = clean_json(value, where="stored settings")
        except Exception:  # a setting that cannot be read is left out; the queues it held are rebuilt on use
            continue
    return out
