"""Property tests: exports round-trip losslessly, ingesting a message again changes nothing, and the
retrieval shortcuts (the gate's set lookup, the top-k selection) say what the plain definitions say."""

from __future__ import annotations

import asyncio
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlace.config import RetrievalConfig
from memlace.core import graph as graphs
from memlace.core.diversity import mmr as _mmr
from memlace.core.retrieve import _gate
from memlace.core.state import MemoryState
from memlace.core.text import top_items, top_set
from memlace.memory import Memlace, parse_export
from memlace.models import Edge, EdgeType, Entity, Episode, ExportDocument, Memory, MemoryKind, MemoryStatus, Provenance, Scope
from memlace.ports import WriteBatch
from memlace.stores.memory import MemoryStore
from tests.fakes import Clock

text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=60)
ids = st.text("abcdef0123456789", min_size=4, max_size=12)
times = st.floats(min_value=0, max_value=4e9, allow_nan=False)

memories = st.builds(
    Memory,
    id=ids.map(lambda s: "mem_" + s),
    text=text,
    kind=st.sampled_from(MemoryKind),
    status=st.sampled_from(MemoryStatus),
    confidence=st.floats(0, 1),
    created_at=times,
    updated_at=times,
    tags=st.lists(text, max_size=3),
    provenance=st.lists(st.builds(Provenance, chat_id=ids, message_ids=st.lists(ids, max_size=3)), max_size=2),
    event_time=st.none() | times,
    valid_to=st.none() | times,
)
episodes = st.builds(
    Episode, id=ids.map(lambda s: "ep_" + s), chat_id=ids, message_id=ids, text=text, timestamp=times, speaker=st.none() | text
)
entities = st.builds(Entity, id=ids, name=text, aliases=st.lists(text, max_size=3))
edges = st.builds(Edge, source=ids, target=ids, type=st.sampled_from(EdgeType), weight=st.floats(0, 2), evidence=st.lists(ids, max_size=2))


def unique(items: list, key) -> list:  # type: ignore[no-untyped-def]
    return list({key(i): i for i in items}.values())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(memories, max_size=6), st.lists(episodes, max_size=6), st.lists(entities, max_size=4), st.lists(edges, max_size=6))
def test_export_import_round_trips_losslessly(ms, es, ents, eds) -> None:  # type: ignore[no-untyped-def]
    document = ExportDocument(
        exported_at=1.0,
        memories=unique(ms, lambda m: m.id),
        episodes=unique(es, lambda e: e.id),
        entities=unique(ents, lambda e: e.id),
        edges=unique(eds, lambda e: e.key),
    )
    wire = json.dumps(document.model_dump(mode="json"))

    async def scenario() -> dict:
        engine = await Memlace.open(MemoryStore(), clock=Clock())
        await engine.import_(wire)
        return await engine.export()

    exported = asyncio.run(scenario())
    again = parse_export(exported)
    key = lambda items: sorted(items, key=lambda i: json.dumps(i.model_dump(mode="json"), sort_keys=True))  # noqa: E731
    assert key(again.memories) == key(document.memories)
    assert key(again.episodes) == key(document.episodes)
    assert key(again.entities) == key(document.entities)
    assert key(again.edges) == key(document.edges)


statements = st.lists(
    st.sampled_from(
        [
            "I live in Oslo.",
            "I prefer tea over coffee.",
            "My sister Mia lives in Vienna.",
            "I work at Acme.",
            "Never call me before 9am.",
            "I moved to Bergen last week.",
            "ok thanks",
            "I'm 31.",
            "I play chess on Sundays.",
            "I work on Orbit with Dr. Lee.",
        ]
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=40, deadline=None)
@given(statements, st.data())
def test_ingesting_any_message_again_changes_nothing(lines, data) -> None:  # type: ignore[no-untyped-def]
    async def scenario() -> tuple[dict, dict]:
        engine = await Memlace.open(MemoryStore(), clock=Clock())
        for n, line in enumerate(lines):
            await engine.ingest({"text": line, "message_id": f"m{n}", "timestamp": 1.7e9 + n})
        before = await engine.export()
        repeat = data.draw(st.integers(0, len(lines) - 1))
        result = await engine.ingest({"text": lines[repeat], "message_id": f"m{repeat}", "timestamp": 1.7e9 + repeat})
        assert result.duplicate
        return before, await engine.export()

    before, after = asyncio.run(scenario())
    before.pop("exported_at"), after.pop("exported_at")
    assert before == after


scopes = st.builds(Scope, profile=st.sampled_from(["a", "b"]), project=st.sampled_from([None, "p", "q"]))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(MemoryStatus), st.none() | st.floats(90, 110), scopes), max_size=12),
    st.lists(scopes, max_size=4),
    st.floats(80, 120),
)
def test_the_gates_set_lookup_agrees_with_the_full_check(memory_facts, episode_scopes, now) -> None:  # type: ignore[no-untyped-def]
    """Retrieval asks 'active now, in this profile' by set membership; it must say what the flat facts say,
    also after items change status or are dropped."""
    state = MemoryState(RetrievalConfig())
    batch = WriteBatch(
        memories=[
            Memory(id=f"mem_{n}", text="x", status=status, expires_at=expires, scope=scope, created_at=0, updated_at=0)
            for n, (status, expires, scope) in enumerate(memory_facts)
        ],
        episodes=[
            Episode(id=f"ep_{n}", chat_id="c", message_id=f"m{n}", text="x", timestamp=0, scope=scope)
            for n, scope in enumerate(episode_scopes)
        ],
    )
    state.apply(batch)
    if batch.memories:  # a change of status and a deletion must leave the sets in step
        first = batch.memories[0]
        state.apply(
            WriteBatch(
                memories=[first.model_copy(update={"status": MemoryStatus.retracted})], delete_memories=[f"mem_{len(memory_facts) - 1}"]
            )
        )
    ids = [*state.gate_facts, "mem_unknown"]
    for profile in ("a", "b", "c"):
        fast = _gate(state, now, False, profile, None)
        for item_id in ids:
            facts = state.gate_facts.get(item_id)
            expected = facts is not None and facts[0] and (facts[1] is None or facts[1] > now) and facts[2] == profile
            assert fast(item_id) == expected, (profile, item_id, facts)


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(ids, st.integers(0, 5).map(float), max_size=60), st.integers(0, 70))
def test_top_items_is_the_exact_sorted_head(scores, limit) -> None:  # type: ignore[no-untyped-def]
    expected = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    assert top_items(scores, limit) == expected
    assert sorted(top_set(scores, limit)) == sorted(expected)


def _eager_mmr(state: MemoryState, ordered: list[tuple[str, float]], config: RetrievalConfig, picks: int) -> list[tuple[str, float]]:
    """MMR by its definition: after every pick, every waiting item's redundancy is brought up to date."""
    pool, rest = ordered[: config.mmr_pool], ordered[config.mmr_pool :]
    top = pool[0][1] or 1.0
    terms_of = {item_id: set(state.bm25.doc_terms(item_id)) for item_id, _ in pool}
    sources = {
        item_id: state.source_messages.get(item_id) or ((state.episodes[item_id].message_id,) if item_id in state.episodes else None)
        for item_id, _ in pool
    }
    redundancy = dict.fromkeys(terms_of, 0.0)
    relevance, novelty = config.mmr_lambda / top, 1 - config.mmr_lambda  # the same arithmetic, so the same ties
    remaining, chosen, said = list(pool), [], set()
    while remaining and len(chosen) < picks:
        values = [relevance * value - novelty * redundancy[item_id] for item_id, value in remaining]
        item_id, value = remaining.pop(values.index(max(values)))
        chosen.append((item_id, value))
        said.update(sources[item_id] or ())
        for other, _ in remaining:
            union = terms_of[other] | terms_of[item_id]
            similarity = len(terms_of[other] & terms_of[item_id]) / len(union) if union else 0.0
            if sources[other] and said.issuperset(sources[other]):
                similarity = max(similarity, 0.9)
            redundancy[other] = max(redundancy[other], similarity)
    return chosen + remaining + rest


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_lazy_mmr_picks_what_eager_mmr_picks(data) -> None:  # type: ignore[no-untyped-def]
    words = ["kayak", "lake", "sunday", "lessons", "beagle", "rex", "cello", "tomato", "novel", "trip"]
    sentence = st.lists(st.sampled_from(words), min_size=1, max_size=5).map(" ".join)
    turns = data.draw(st.lists(sentence, min_size=1, max_size=8))
    notes = data.draw(st.lists(st.tuples(sentence, st.lists(st.integers(0, len(turns) - 1), max_size=2)), max_size=14))
    state = MemoryState(RetrievalConfig())
    state.apply(
        WriteBatch(
            episodes=[Episode(id=f"ep_{n}", chat_id="c", message_id=f"m{n}", text=t, timestamp=n) for n, t in enumerate(turns)],
            memories=[
                Memory(
                    id=f"mem_{n}",
                    text=t,
                    provenance=[Provenance(chat_id="c", message_ids=[f"m{i}" for i in said])] if said else [],
                    created_at=0,
                    updated_at=0,
                )
                for n, (t, said) in enumerate(notes)
            ],
        )
    )
    ids = [f"ep_{n}" for n in range(len(turns))] + [f"mem_{n}" for n in range(len(notes))]
    ordered = sorted(((i, data.draw(st.integers(0, 6).map(lambda x: x / 6))) for i in ids), key=lambda kv: -kv[1])
    config = RetrievalConfig(mmr_pool=data.draw(st.integers(1, 24)), mmr_lambda=data.draw(st.sampled_from([0.5, 0.7, 0.85])))
    picks = data.draw(st.integers(1, 14))
    assert _mmr(state, ordered, config, picks) == _eager_mmr(state, ordered, config, picks)


graph_steps = st.lists(
    st.tuples(
        st.sampled_from(["add", "remove_edge", "remove_node"]),
        st.sampled_from("abcd"),
        st.sampled_from("abcd"),
        st.sampled_from(["mentions", "related_to"]),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(graph_steps)
def test_the_kept_edge_count_is_networkx_own_count(steps) -> None:  # type: ignore[no-untyped-def]
    """Adds (again, too), removals and node removals, self-loops included: the count stats() reads without a
    walk over the graph is always the one networkx finds by walking it."""
    graph = graphs.new_graph()
    for what, source, target, edge_type in steps:
        if what == "add":
            graphs.add_edges(graph, [Edge(source=source, target=target, type=EdgeType(edge_type))])
        elif what == "remove_edge":
            graphs.remove_edge(graph, source, target, edge_type)
        else:
            graphs.remove_node(graph, source)
        assert graphs.edge_count(graph) == graph.number_of_edges()
