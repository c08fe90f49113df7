"""Export and import of a whole profile as one versioned JSON document."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from memlace import validation
from memlace.core.text import stable_id
from memlace.engine import vectors
from memlace.engine.context import Engine
from memlace.errors import ImportFormatError, InvalidInput
from memlace.models import SCHEMA_VERSION, ExportDocument, ItemKind, Memory, make_id
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


RESOLUTIONS = ("keep", "replace", "both")  # per conflicting memory: ours stays, the file's replaces it, or both stay
SHOWN_FIELDS = ("text", "kind", "status", "confidence", "importance", "access_count", "tags", "updated_at")


def plan_import(engine: Engine, parsed: ExportDocument, resolutions: dict[str, str] | None = None) -> tuple[WriteBatch, dict[str, Any]]:
    """What an import would write, and the report: new items, unchanged ones, and conflicts (an id we hold
    with other content), each shown side by side. A conflict is resolved as ``resolutions`` says: "keep"
    (the default: ours is kept), "replace" (the file's version is written over ours) or "both" (the file's
    version is added beside ours, as a memory of its own)."""
    state = engine.state
    resolutions = resolutions or {}
    unknown = sorted({str(r) for r in resolutions.values()} - set(RESOLUTIONS))
    if unknown:
        raise InvalidInput(f"a conflict is resolved by one of {', '.join(RESOLUTIONS)}, not {unknown[0][:40]!r}")
    report: dict[str, Any] = {
        "memories": 0,
        "episodes": 0,
        "entities": 0,
        "edges": 0,
        "unchanged": 0,
        "conflicts": [],
        "replaced": 0,
        "kept_both": 0,
    }
    if parsed.quarantined:  # records the exporting profile could not read are not imported
        report["unreadable"] = len(parsed.quarantined)
    batch = WriteBatch()
    for memory in parsed.memories:
        if memory.id not in state.memories:
            batch.memories.append(memory)
            continue
        ours = state.memories[memory.id]
        if ours == memory:
            report["unchanged"] += 1
            continue
        report["conflicts"].append(_side_by_side(ours, memory))
        choice = resolutions.get(memory.id, "keep")
        if choice == "replace":
            batch.memories.append(memory)
            report["replaced"] += 1
        elif choice == "both":
            twin = memory.model_copy(update={"id": make_id(ItemKind.memory, stable_id("imported", memory.id))})
            if twin.id not in state.memories:
                batch.memories.append(twin)
                report["kept_both"] += 1
    batch.episodes = [e for e in parsed.episodes if e.id not in state.episodes]
    batch.entities = [e for e in parsed.entities if e.id not in state.entities]
    batch.edges = [e for e in parsed.edges if not state.graph.has_edge(e.source, e.target, key=e.type.value)]
    report.update(
        memories=len(batch.memories) - report["replaced"] - report["kept_both"],
        episodes=len(batch.episodes),
        entities=len(batch.entities),
        edges=len(batch.edges),
    )
    return batch, report


def _side_by_side(ours: Memory, theirs: Memory) -> dict[str, Any]:
    """A conflict as a person compares it: the version held here, the file's, and which fields differ."""
    here, there = ours.model_dump(mode="json"), theirs.model_dump(mode="json")
    return {
        "id": ours.id,
        "current": {name: here[name] for name in SHOWN_FIELDS},
        "incoming": {name: there[name] for name in SHOWN_FIELDS},
        "differs": sorted(name for name in here if here[name] != there.get(name)),
    }


async def import_(engine: Engine, parsed: ExportDocument, resolutions: dict[str, str] | None = None) -> dict[str, Any]:
    """Plan and write in one step (the caller holds the write lock): nothing half-imported."""
    batch, report = plan_import(engine, parsed, resolutions)
    items = [pair for m in batch.memories for pair in vectors.memory_texts(m)]
    items += [pair for e in batch.episodes for pair in vectors.episode_texts(e)]
    found = await vectors.embed_items(engine, items) if items else None
    if found is not None:
        batch.vectors = dict(found)
    later = [] if found is not None else [*(m.id for m in batch.memories), *(e.id for e in batch.episodes)]
    await engine.write(batch, embed_later=later)
    return report
