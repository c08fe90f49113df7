"""What the inspector asks of the engine: filters, graph neighbourhoods, retrieval traces, timelines,
Markdown export, and read-only documents in the worker."""

from __future__ import annotations

import json
import re

import pytest

from memlace.errors import ImportFormatError, InvalidInput
from memlace.memory import Memlace, parse_export
from memlace.worker import open_document
from tests.fakes import Clock

DAY = 86400.0
CONVERSATION = [
    "I'm William and I work on DeepRune with Dr. Tran.",
    "DeepRune is a chip design project. I use Python for DeepRune.",
    "I live in NYC.",
    "I prefer dark theme in every editor.",
    "Big news: I moved to SF last week!",
]


async def seed(engine: Memlace, clock: Clock) -> None:
    for n, text in enumerate(CONVERSATION):
        await engine.ingest({"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": clock.now})
        clock.advance(DAY)


async def test_list_filters_by_dates_project_and_activity(engine: Memlace, clock: Clock) -> None:
    start = clock.now
    await seed(engine, clock)
    everything = await engine.list(limit=100)
    assert everything["total"] >= 5
    active = await engine.list(status="active", limit=100)
    assert all(m["status"] in ("staged", "confirmed") for m in active["items"]) and active["total"] < everything["total"]
    first_two_days = await engine.list(since=start, until=start + 2 * DAY - 1, limit=100)
    assert first_two_days["total"] and all(m["created_at"] < start + 2 * DAY for m in first_two_days["items"])
    assert (await engine.list(project="nope"))["total"] == 0
    about = await engine.list(project="deeprune", limit=100)  # a project the memories talk about, in any case
    assert about["total"] >= 1 and all("DeepRune" in m["text"] for m in about["items"])


async def test_graph_neighbourhood_is_bounded_and_typed(engine: Memlace, clock: Clock) -> None:
    await seed(engine, clock)
    view = await engine.graph("DeepRune", hops=1)
    focus = [n for n in view["nodes"] if n["focus"]]
    assert [n["label"] for n in focus] == ["DeepRune"] and focus[0]["group"] == "entity"
    assert {n["group"] for n in view["nodes"]} >= {"entity", "memory"}
    assert all(e["type"] for e in view["edges"]) and not view["truncated"]
    ids = {n["id"] for n in view["nodes"]}
    assert all(e["source"] in ids and e["target"] in ids for e in view["edges"])
    only_mentions = await engine.graph("DeepRune", hops=2, edge_types=["mentions"])
    assert {e["type"] for e in only_mentions["edges"]} == {"mentions"}
    small = await engine.graph(None, hops=3, limit=4)
    assert len(small["nodes"]) == 4 and small["truncated"]
    assert (await engine.graph("Nobody at all"))["missing"]
    await engine.maintain()  # finds clusters: graph nodes without a name of their own
    everything = await engine.graph(None, hops=4, limit=2000)
    assert "cluster" in {n["group"] for n in everything["nodes"]}
    assert not [n["label"] for n in everything["nodes"] if re.search(r"[0-9a-f]{24,}", n["label"])]  # never a raw id


async def test_trace_shows_every_stage_and_the_pack(engine: Memlace, clock: Clock) -> None:
    await seed(engine, clock)
    trace = await engine.trace("Where does William live?")
    stages = {s["stage"]: s for s in trace["stages"]}
    assert list(stages) == ["keyword", "vector", "fused", "graph", "weighted", "diversified"]
    assert stages["keyword"]["items"] and stages["vector"]["items"]
    packed = {item["id"] for item in trace["pack"]["items"]}
    for stage in stages.values():
        for item in stage["items"]:
            assert item["in_pack"] == (item["id"] in packed) and item["text"]
    nyc = engine.state.by_message[("c", "m2")]  # "I live in NYC.": its memory was replaced by the move to SF
    assert nyc not in packed  # the turn would bring NYC back; it stays in the trace, marked not in the pack
    assert next(item["id"] for item in stages["diversified"]["items"] if item["id"] != nyc) in packed


async def test_timeline_counts_memories_per_day(engine: Memlace, clock: Clock) -> None:
    await seed(engine, clock)
    assert "timeline" not in await engine.stats()  # only on request: it is a pass over every memory
    timeline = (await engine.stats(timeline=True))["timeline"]
    created = sorted({int(m.created_at // DAY) * DAY for m in engine.state.memories.values()})
    assert timeline["days"][0] == created[0] and timeline["days"][-1] == created[-1]  # fitted: no empty week before the data
    assert all(b - a == DAY for a, b in zip(timeline["days"], timeline["days"][1:], strict=False))
    assert sum(sum(counts) for counts in timeline["series"].values()) == len(engine.state.memories)


async def test_markdown_export_is_readable_and_escaped(engine: Memlace, clock: Clock) -> None:
    await seed(engine, clock)
    await engine.ingest({"text": "I love <img src=x onerror=alert(1)> [pottery](http://evil.example)", "chat_id": "c", "message_id": "x"})
    text = await engine.export_markdown()
    assert text.startswith("# memlace: what is remembered")
    assert "## Superseded" in text and "## Entities" in text
    assert re.search(r"(?<!\\)<img", text) is None and "\\<img" in text and "](http" not in text


async def test_worker_opens_a_document_read_only(engine: Memlace, clock: Clock) -> None:
    await seed(engine, clock)
    document = json.dumps(await engine.export())
    worker = await open_document(document)
    listed = json.loads(await worker.handle(json.dumps({"method": "list", "params": {"limit": 5}})))
    assert listed["result"]["total"] == len(engine.state.memories)
    memory_id = listed["result"]["items"][0]["id"]
    for method, params in [("forget", {"id": memory_id}), ("ingest", {"message": {"text": "hi"}}), ("import", {"document": document})]:
        answer = json.loads(await worker.handle(json.dumps({"method": method, "params": params})))
        assert answer["error"]["code"] == "invalid_input" and "read-only" in answer["error"]["message"]
    preview = json.loads(await worker.handle(json.dumps({"method": "import", "params": {"document": document, "dry_run": True}})))
    assert "result" in preview  # a dry run changes nothing, so it is allowed
    for method, params in [("graph", {"center": "DeepRune"}), ("trace", {"query": "DeepRune"}), ("export_markdown", {})]:
        answer = json.loads(await worker.handle(json.dumps({"method": method, "params": params})))
        assert "result" in answer, answer
    assert parse_export(document).memories  # the source document itself is untouched


async def test_worker_refuses_a_broken_document() -> None:
    with pytest.raises(ImportFormatError):
        await open_document('{"format": "something else"}')
    with pytest.raises(ImportFormatError):
        await open_document("not json at all")


async def test_import_conflicts_are_shown_side_by_side_and_resolved_per_memory(engine: Memlace, clock: Clock) -> None:
    """The same memory changed elsewhere (another device's export): kept, replaced, or kept beside ours, as chosen."""
    await seed(engine, clock)
    document = await engine.export()
    target = next(m for m in document["memories"] if m["text"] == "User prefers dark theme in every editor")
    target.update(text="User prefers a light theme in every editor", confidence=0.6, access_count=4)
    held = len(engine.state.memories)
    preview = await engine.import_(document, dry_run=True)
    [conflict] = preview["conflicts"]
    assert conflict["id"] == target["id"] and {"text", "confidence", "access_count"} <= set(conflict["differs"])
    assert conflict["current"]["text"] == "User prefers dark theme in every editor"
    assert conflict["incoming"]["text"] == "User prefers a light theme in every editor"
    assert (await engine.import_(document))["conflicts"]  # the default keeps ours
    assert engine.state.memories[target["id"]].text == "User prefers dark theme in every editor"
    both = await engine.import_(document, resolutions={target["id"]: "both"})
    assert both["kept_both"] == 1 and len(engine.state.memories) == held + 1
    assert {"User prefers dark theme in every editor", "User prefers a light theme in every editor"} <= {
        m.text for m in engine.state.memories.values()
    }
    replaced = await engine.import_(document, resolutions={target["id"]: "replace"})
    assert replaced["replaced"] == 1 and engine.state.memories[target["id"]].text == "User prefers a light theme in every editor"
    assert (await engine.import_(document))["conflicts"] == []  # now the same on both sides
    found = await engine.retrieve("which theme do I like in my editor?")
    assert any("light theme" in item.text for item in found.items)  # the replaced text is what is found (re-embedded)
    with pytest.raises(InvalidInput):
        await engine.import_(document, resolutions={target["id"]: "merge somehow"})
