"""Export and import of a whole profile as one versioned JSON document."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from memlace import validation
from memlace.engine import vectors
from memlace.engine.context import Engine
from memlace.errors import ImportFormatError, InvalidInput
from memlace.models import SCHEMA_VERSION, ExportDocument
from memlace.ports import WriteBatch


def parse_export(document: dict[str, Any] | str) -> ExportDocument:
    """Validate an export document; malformed or unknown versions raise ImportFormatError."""
    try:
        document = (
            validation.loads(document, where="the file") if isinstance(document, str) else validation.clean_json(document, where="the file")
        )
    except InvalidInput as error:
        raise ImportFormatError(str(error)) from error
    if not isinstance(document, dict) or document.get("format") != "memlace-export":
        raise ImportFormatError("not a memlace export (missing format: memlace-export)")
    version = document.get("schema_version")
    if version != SCHEMA_VERSION:
        shown = version if isinstance(version, int) else repr(str(version)[:20])
        raise ImportFormatError(f"unknown export schema version {shown}; this memlace reads version {SCHEMA_VERSION}")
    try:
        return ExportDocument.model_validate(document)
    except ValidationError as error:
        first = error.errors()[0]
        raise ImportFormatError(f"invalid export: {first['msg']} at {'/'.join(map(str, first['loc']))}") from error


async def export(engine: Engine) -> dict[str, Any]:
    snapshot = await engine.store.load()
    document = ExportDocument(
        exported_at=engine.clock(),
        profile=engine.profile,
        memories=snapshot.memories,
        episodes=snapshot.episodes,
        entities=snapshot.entities,
        edges=snapshot.edges,
        meta={"embedding_model": engine.embedder.model_id if engine.embedder else None},
        quarantined=snapshot.quarantined,  # records this profile cannot read travel as they are: nothing is lost
    )
    return document.model_dump(mode="json", exclude={"quarantined"} if not snapshot.quarantined else None)


def plan_import(engine: Engine, parsed: ExportDocument) -> tuple[WriteBatch, dict[str, Any]]:
    """What an import would write, and the report: new items, unchanged ones, and conflicts (an id we hold
    with other content; ours is kept)."""
    state = engine.state
    report: dict[str, Any] = {"memories": 0, "episodes": 0, "entities": 0, "edges": 0, "unchanged": 0, "conflicts": []}
    if parsed.quarantined:  # records the exporting profile could not read are not imported
        report["unreadable"] = len(parsed.quarantined)
    batch = WriteBatch()
    for memory in parsed.memories:
        if memory.id in state.memories:
            if state.memories[memory.id] != memory:
                report["conflicts"].append(memory.id)
            else:
                report["unchanged"] += 1
            continue
        batch.memories.append(memory)
    batch.episodes = [e for e in parsed.episodes if e.id not in state.episodes]
    batch.entities = [e for e in parsed.entities if e.id not in state.entities]
    batch.edges = [e for e in parsed.edges if not state.graph.has_edge(e.source, e.target, key=e.type.value)]
    report.update(memories=len(batch.memories), episodes=len(batch.episodes), entities=len(batch.entities), edges=len(batch.edges))
    return batch, report


async def import_(engine: Engine, parsed: ExportDocument) -> dict[str, Any]:
    """Plan and write in one step (the caller holds the write lock): nothing half-imported."""
    batch, report = plan_import(engine, parsed)
    items = [pair for m in batch.memories for pair in vectors.memory_texts(m)]
    items += [pair for e in batch.episodes for pair in vectors.episode_texts(e)]
    found = await vectors.embed_items(engine, items) if items else None
    if found is not None:
        batch.vectors = found
    later = [] if found is not None else [*(m.id for m in batch.memories), *(e.id for e in batch.episodes)]
    await engine.write(batch, embed_later=later)
    return report
