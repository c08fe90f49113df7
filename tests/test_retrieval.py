"""Retrieval building blocks: BM25, graph spreading, fusion choices, packing, budget."""

from __future__ import annotations

import networkx as nx
import pytest

from memlace.config import Config, RetrievalConfig
from memlace.core import graph as graphs
from memlace.core.bm25 import BM25Index
from memlace.core.text import terms
from memlace.memory import Memlace
from memlace.models import Edge, EdgeType
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores.memory import MemoryStore
from tests.fakes import Clock, HashingEmbedder


def test_bm25_ranks_rare_terms_and_removes_documents() -> None:
    index = BM25Index()
    index.add("a", [(terms("the cat sat on the mat"), 1.0)])
    index.add("b", [(terms("the dog chased the cat"), 1.0)])
    index.add("c", [(terms("a dog and another dog"), 1.0), (terms("cat"), 0.5)])
    assert next(d for d, _ in index.search(terms("dog"), 10)) == "c"
    assert [d for d, _ in index.search(terms("mat"), 10)] == ["a"]
    index.remove("a")
    assert index.search(terms("mat"), 10) == [] and len(index) == 2
    index.add("b", [(terms("replaced text entirely"), 1.0)])
    assert [d for d, _ in index.search(terms("chased"), 10)] == []


def test_stemming_matches_word_forms() -> None:
    assert terms("painting paintings painted") == ["paint"] * 3
    assert "the" not in terms("the cat") and terms("Caroline's") == ["carolin"]


def test_spreading_follows_typed_edges_with_decay() -> None:
    graph = graphs.new_graph()
    graphs.add_edges(
        graph,
        [
            Edge(source="m1", target="e1", type=EdgeType.mentions),
            Edge(source="m2", target="e1", type=EdgeType.mentions),
            Edge(source="m3", target="m1", type=EdgeType.caused_by),
            Edge(source="m4", target="m1", type=EdgeType.prefers_over),
        ],
    )
    reached = graphs.spread(graph, {"m1": 1.0}, RetrievalConfig().edge_weights, hops=2, decay=0.5)
    assert reached["e1"][1] == "mentions@1" and reached["m2"][1] == "mentions@2"
    assert reached["m3"][0] > reached["m4"][0]  # a causal link outranks a preference link at the same hop
    assert reached["m2"][0] < reached["e1"][0]


def test_personalized_pagerank_matches_networkx() -> None:
    """Our pure-Python PPR (for Pyodide, where networkx's needs numpy) agrees with networkx's own in CPython."""
    simple = nx.karate_club_graph()
    graph = graphs.new_graph()
    for u, v in simple.edges:
        graph.add_edge(str(u), str(v), key="related_to", weight=1.0)
    ours = graphs.personalized_pagerank(graph, {"0": 1.0, "33": 0.5}, iterations=200, tol=1e-12)
    # Closed form with numpy: r = (1 - a) (I - a P^T)^-1 p, P the row-normalised adjacency.
    import numpy as np

    nodes = sorted(simple.nodes)
    adjacency = nx.to_numpy_array(simple, nodelist=nodes, weight=None)
    transition = adjacency / adjacency.sum(axis=1, keepdims=True)
    restart = np.zeros(len(nodes))
    restart[0], restart[33] = 1.0 / 1.5, 0.5 / 1.5
    exact = (1 - 0.85) * np.linalg.solve(np.eye(len(nodes)) - 0.85 * transition.T, restart)
    for position, node in enumerate(nodes):
        assert abs(ours[str(node)] - exact[position]) < 1e-6, node


def test_communities_are_deterministic() -> None:
    graph = graphs.new_graph()
    for group in (["a", "b", "c", "d"], ["w", "x", "y", "z"]):
        for i, u in enumerate(group):
            for v in group[i + 1 :]:
                graph.add_edge(u, v, key="related_to", weight=1.0)
    graph.add_edge("d", "w", key="related_to", weight=0.1)
    nodes = set(graph.nodes)
    assert graphs.communities(graph, nodes) == graphs.communities(graph, nodes) == [{"a", "b", "c", "d"}, {"w", "x", "y", "z"}]


async def _engine(config: Config) -> Memlace:
    embedder = HashingEmbedder()
    engine = await Memlace.open(MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), config=config, clock=Clock())
    lines = [
        ("Caroline", "I went to the LGBTQ support group yesterday."),
        ("Melanie", "That's great! I painted a sunrise last week."),
        ("Caroline", "I'm thinking of becoming a counselor."),
        ("Melanie", "You would be great at counseling."),
    ]
    for n, (speaker, text) in enumerate(lines):
        await engine.ingest(
            {"text": text, "speaker": speaker, "chat_id": "c", "message_id": f"D1:{n + 1}", "timestamp": 1.68e9 + n, "session": "s1"}
        )
    return engine


async def test_named_participant_is_a_prior_not_a_keyword() -> None:
    engine = await _engine(Config())
    pack = await engine.retrieve("What did Melanie paint?", limit=10, track=False)
    assert pack.items[0].message_ids == ["D1:2"]
    plan_text = pack.query
    assert "Melanie" in plan_text


async def test_a_turn_that_ends_by_asking_steps_back_behind_one_that_tells() -> None:
    """Two turns with the same words, in sessions of their own: the one that asks ranks below the one that
    tells, by the configured weight (it lends its full score to the reply beside it instead)."""

    async def scores(question_weight: float) -> list[tuple[str, float]]:
        embedder = HashingEmbedder()
        config = Config(retrieval=RetrievalConfig(question_weight=question_weight))
        engine = await Memlace.open(
            MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), config=config, clock=Clock()
        )
        for n, text in enumerate(["Dana went to the pottery class at the studio?", "Dana went to the pottery class at the studio."]):
            message = {"text": text, "speaker": "Dana", "chat_id": "c", "message_id": f"D{n + 1}:1", "timestamp": 1.68e9 + 86400 * n}
            await engine.ingest({**message, "session": f"s{n + 1}"})
        pack = await engine.retrieve("pottery class at the studio", limit=50, track=False)  # a search: no echo left out
        return [(message_id, item.score) for item in pack.items for message_id in item.message_ids]

    weight = RetrievalConfig().question_weight
    (first, told), (second, asked) = await scores(weight)
    assert weight < 1.0 and (first, second) == ("D2:1", "D1:1") and asked == pytest.approx(weight * told)
    assert len({score for _, score in await scores(1.0)}) == 1  # nothing else tells the two apart


async def test_a_question_that_names_a_day_lifts_what_was_said_that_day() -> None:
    """Two turns with the same words on days of their own: "on 2 June, 2023" lifts the one said that day by the
    configured weight (beyond what the date's words match); a question with no day, or with two, is not lifted."""

    async def ranked(query: str, day_weight: float) -> list[tuple[str, float]]:
        embedder = HashingEmbedder()
        config = Config(retrieval=RetrievalConfig(day_weight=day_weight))
        engine = await Memlace.open(
            MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), config=config, clock=Clock()
        )
        for n in range(2):  # 1 June and 2 June 2023, noon
            message = {"text": "Dana volunteered at the dog shelter.", "speaker": "Dana", "chat_id": "c", "message_id": f"D{n + 1}:1"}
            await engine.ingest({**message, "timestamp": 1685620800.0 + 86400 * n, "session": f"s{n + 1}"})
        pack = await engine.retrieve(query, limit=50, track=False)
        return [(message_id, item.score) for item in pack.items for message_id in item.message_ids]

    weight, asked = RetrievalConfig().day_weight, "What did Dana do at the shelter on 2 June, 2023?"
    lifted, plain = dict(await ranked(asked, weight)), dict(await ranked(asked, 1.0))  # (the date's words match too)
    assert weight > 1.0 and lifted["D2:1"] == pytest.approx(weight * plain["D2:1"]) and lifted["D1:1"] == plain["D1:1"]
    for query in ("What did Dana do at the shelter?", "What did Dana do at the shelter on 1 June, 2023 or 2 June, 2023?"):
        assert len({score for _, score in (await ranked(query, weight))[:2]}) == 1


async def test_what_was_said_yesterday_is_found_without_a_word_in_common() -> None:
    """ "What did I tell you yesterday?" shares no word with what was said: the day's turns and memories are
    candidates of their own, ranked first, each saying it came by the day."""
    embedder, now = HashingEmbedder(), [1764504000.0]  # Sunday 30 November 2025, noon
    engine = await Memlace.open(MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), clock=lambda: now[0])
    days = [("I adopted a cat called Miso.", "My sister Ana visits in March."), ("My knee is sore after running.",), ()]
    for day, texts in enumerate(days):
        for n, text in enumerate(texts):
            now[0] = 1764504000.0 + 86400 * day + 60 * n
            await engine.ingest({"text": text, "role": "user", "chat_id": f"c{day}", "message_id": f"d{day}m{n}", "timestamp": now[0]})
    now[0] = 1764504000.0 + 86400 * 2  # Tuesday: "yesterday" is Monday, the knee
    pack = await engine.retrieve("What did I tell you yesterday?", track=False)
    by_day = [item for item in pack.items if "day" in item.reason.sources]
    assert by_day and all("knee" in item.text for item in by_day) and pack.items[: len(by_day)] == by_day
    assert not any("day" in item.reason.sources for item in (await engine.retrieve("What did I tell you?", track=False)).items)


async def test_rrf_fusion_is_available_by_configuration() -> None:
    engine = await _engine(Config(retrieval=RetrievalConfig(fusion="rrf")))
    pack = await engine.retrieve("support group", limit=5, track=False)
    assert pack.items[0].message_ids == ["D1:1"]


async def test_session_neighbours_join_the_ranking() -> None:
    engine = await _engine(Config())
    pack = await engine.retrieve("LGBTQ support group", limit=10, track=False)
    neighbour = next(i for i in pack.items if i.message_ids == ["D1:2"])
    assert "neighbour" in neighbour.reason.sources or "vector" in neighbour.reason.sources


async def test_pack_respects_its_character_budget() -> None:
    engine = await _engine(Config(retrieval=RetrievalConfig(pack_chars=300)))
    pack = await engine.retrieve("support group counselor painted sunrise", track=False)
    assert 0 < len(pack.text) <= 300 and pack.text.endswith("</memory-context>")


async def test_budget_stops_optional_stages() -> None:
    ticks = iter(range(0, 10_000_000, 1000))  # every clock read is a second later
    embedder = HashingEmbedder()
    engine = await Memlace.open(MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(64), clock=lambda: float(next(ticks)))
    await engine.ingest({"text": "I love painting sunsets.", "message_id": "m1"})
    pack = await engine.retrieve("painting", track=False)
    assert pack.items and any("budget" in w for w in pack.warnings)


def test_top_items_is_exact_with_ties_across_the_cut() -> None:
    from memlace.core.text import top_items

    scores = {"d": 1.0, "a": 0.5, "c": 0.5, "b": 0.5, "e": 0.1}
    assert top_items(scores, 3) == [("d", 1.0), ("a", 0.5), ("b", 0.5)]
    assert top_items(scores, 10) == [("d", 1.0), ("a", 0.5), ("b", 0.5), ("c", 0.5), ("e", 0.1)]
    assert top_items(scores, 0) == []
    many = {f"k{i:03d}": float(i % 7) for i in range(300)}
    assert top_items(many, 50) == sorted(many.items(), key=lambda kv: (-kv[1], kv[0]))[:50]


def test_numpy_keyword_scoring_matches_the_pure_index() -> None:
    """CPython's numpy-scored index gives the same ranking and scores as the pure one the browser runs."""
    import random

    from memlace.providers.keywords import NumpyBM25Index

    rnd = random.Random(3)
    vocabulary = [f"w{i}" for i in range(60)]
    pure, fast = BM25Index(), NumpyBM25Index()
    for index in (pure, fast):
        rnd.seed(3)
        for n in range(400):
            fields = [([rnd.choice(vocabulary) for _ in range(rnd.randint(1, 12))], 1.0), ([rnd.choice(vocabulary)], 0.5)]
            index.add(f"d{n:03d}", fields)
        for n in range(0, 400, 7):
            index.remove(f"d{n:03d}")
    for _ in range(30):
        query = [rnd.choice(vocabulary) for _ in range(rnd.randint(1, 5))]
        for limit in (5, 50, 1000):
            expected, got = pure.search(query, limit), fast.search(query, limit)
            assert [d for d, _ in got] == [d for d, _ in expected]
            assert all(abs(a - b) < 1e-9 for (_, a), (_, b) in zip(got, expected, strict=True))
    fast.add("new", [(["w1", "w1", "w2"], 1.0)])  # a change is seen by the next search
    assert "new" in [d for d, _ in fast.search(["w1"], 1000)]


def test_mmr_steps_back_near_duplicates_and_restatements_only() -> None:
    """Diversity moves an item down for sharing terms with a chosen one, or for restating a chosen turn;
    a memory with no source message (typed in by hand) restates nothing."""
    from memlace.core.diversity import mmr as _mmr
    from memlace.core.state import MemoryState
    from memlace.models import Episode, Memory, Provenance
    from memlace.ports import WriteBatch

    state = MemoryState(RetrievalConfig())

    def memory(memory_id: str, text: str, message_ids: list[str]) -> Memory:
        provenance = [Provenance(chat_id="c", message_ids=message_ids)] if message_ids else []
        return Memory(id=memory_id, text=text, provenance=provenance, created_at=0, updated_at=0)

    state.apply(
        WriteBatch(
            episodes=[Episode(id="ep_turn", chat_id="c", message_id="m1", text="We adopted a beagle named Rex", timestamp=0)],
            memories=[
                memory("mem_typed_a", "User plays the cello", []),
                memory("mem_typed_b", "User grows tomatoes", []),
                memory("mem_restates", "User has a beagle", ["m1"]),
                memory("mem_copy", "User plays the cello well", ["m9"]),
                memory("mem_other", "User reads novels", ["m8"]),
            ],
        )
    )
    config = RetrievalConfig(mmr_lambda=0.7)
    unrelated = [("mem_typed_a", 1.0), ("mem_typed_b", 0.9), ("mem_other", 0.85)]
    assert _mmr(state, unrelated, config, picks=3) == unrelated
    restating = [("ep_turn", 1.0), ("mem_restates", 0.95), ("mem_other", 0.9)]
    assert [i for i, _ in _mmr(state, restating, config, picks=3)] == ["ep_turn", "mem_other", "mem_restates"]
    near_copy = [("mem_typed_a", 1.0), ("mem_copy", 0.95), ("mem_other", 0.9)]
    assert [i for i, _ in _mmr(state, near_copy, config, picks=3)] == ["mem_typed_a", "mem_other", "mem_copy"]


async def test_keyword_candidates_read_past_hits_the_gate_turns_away() -> None:
    """Expired memories still sit in the keyword index; when they fill the first page, a deeper page
    brings in the live ones, so the gate never costs a source its candidates."""
    from memlace.core.text import text_hash
    from memlace.models import Memory
    from memlace.ports import WriteBatch

    def memory(n: int, text: str, expires_at: float | None) -> Memory:
        return Memory(id=f"mem_{n}", text=text, expires_at=expires_at, created_at=0, updated_at=0, text_hash=text_hash(text))

    store = MemoryStore()
    expired = [memory(n, "kayak kayak kayak trip", 50.0) for n in range(5)]
    live = [memory(10, "kayak lessons on Sunday", None), memory(11, "a kayak for the lake house", None)]
    await store.apply(WriteBatch(memories=[*expired, *live]))
    config = Config()
    config.retrieval.candidates_per_source = 2
    engine = await Memlace.open(store, config=config, clock=lambda: 100.0)
    pack = await engine.retrieve("kayak", track=False)
    found = {item.id: item.reason.sources for item in pack.items}
    assert set(found) == {"mem_10", "mem_11"}
    assert all("keyword" in sources for sources in found.values())


def test_a_turns_context_vector_is_its_own_mixed_with_its_neighbours_and_normalised() -> None:
    """The one-pass form equals the definition: own + mix * (before + after), unit length; a missing or
    mis-sized neighbour is left out."""
    import math
    import random
    from array import array
    from types import SimpleNamespace

    import pytest

    from memlace.engine.vectors import context_vector

    rng = random.Random(7)
    vectors = {name: array("f", [rng.uniform(-1, 1) for _ in range(16)]) for name in ("a", "b", "c")}
    vectors["odd"] = array("f", [1.0] * 8)
    order = {"a": (None, "b"), "b": ("a", "c"), "c": ("b", "odd")}
    state = SimpleNamespace(raw_vectors=vectors, neighbour=lambda i, offset: order[i][0 if offset < 0 else 1])
    mix = 0.35
    engine = SimpleNamespace(state=state, config=SimpleNamespace(retrieval=SimpleNamespace(vector_neighbour_mix=mix)))
    for turn, used in (("a", ["b"]), ("b", ["a", "c"]), ("c", ["b"])):
        want = [v + mix * sum(vectors[n][i] for n in used) for i, v in enumerate(vectors[turn])]
        norm = math.sqrt(sum(x * x for x in want))
        assert context_vector(engine, turn) == pytest.approx([x / norm for x in want], abs=1e-9)  # type: ignore[arg-type]


async def test_a_day_lifts_what_was_said_then_not_when_it_was_stored_nor_todays_talk() -> None:
    """A chat imported today says when it was said in its messages: "What did I tell you on Friday?" finds Friday's
    words, not everything stored today. And "What should we cook on Sunday?", asked on a Sunday, is about a meal:
    today's talk (the chat under way) is not lifted by the day."""
    embedder, now = HashingEmbedder(), [1764504000.0 + 86400 * 7]  # Sunday 7 December 2025, noon: the import
    engine = await Memlace.open(MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), clock=lambda: now[0])
    friday = now[0] - 2 * 86400  # Friday 5 December 2025
    told = [(friday, "My knee is sore after running."), (friday + 86400, "I adopted a cat called Miso.")]
    for n, (said, text) in enumerate(told):
        await engine.ingest({"text": text, "role": "user", "chat_id": "old", "message_id": f"m{n}", "timestamp": said})
    for n, text in enumerate(("My flatmate Zara and I cook together on Sundays.", "My exam is on the 21st of January.")):
        await engine.ingest({"text": text, "role": "user", "chat_id": "today", "message_id": f"t{n}", "timestamp": now[0] + n})
    pack = await engine.retrieve("What did I tell you on Friday?", track=False)
    by_day = [item for item in pack.items if "day" in item.reason.sources]
    assert by_day and all("knee" in item.text for item in by_day)
    pack = await engine.retrieve("What should we cook on Sunday?", track=False)
    assert not any("day" in item.reason.sources for item in pack.items)
