"""Hybrid retrieval: keyword, vector, entity and graph candidates fused into a ContextPack.

Pure and deterministic: the query vector and a clock come in as arguments, and
ties always break by id, so the same state and query give the same pack.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from memlace.config import RetrievalConfig
from memlace.core import graph as graphs
from memlace.core import relevance, told_with
from memlace.core.asked_day import on_the_day, said_on
from memlace.core.conflicts import conflict_warnings
from memlace.core.diversity import mmr, one_per_message
from memlace.core.pack import pack_item, render_pack
from memlace.core.query import QueryPlan
from memlace.core.state import IDENTITY_ATTRIBUTES, MemoryState, sentence_owner
from memlace.core.text import matched_words, top_items, top_set
from memlace.models import ID_PREFIXES, ContextPack, ItemKind, ItemReason, MemoryStatus, normalize_name
from memlace.ports import VectorIndex

TRACE_ITEMS = 20  # candidates recorded per stage when a retrieval is traced


def _scaled(scores: dict[str, float], weight: float) -> dict[str, float]:
    """Scores min-max scaled to 0..weight."""
    if not scores:
        return {}
    high, low = max(scores.values()), min(scores.values())
    span = high - low
    if span <= 1e-12:
        return dict.fromkeys(scores, weight)
    factor = weight / span
    return {k: (v - low) * factor for k, v in scores.items()}


def _rrf(ranked: list[str], k: int) -> dict[str, float]:
    return {item: 1.0 / (k + position + 1) for position, item in enumerate(ranked)}


def _speaker(state: MemoryState, item_id: str) -> str | None:
    episode = state.episodes.get(item_id)
    if episode is not None:
        return episode.speaker
    memory = state.memories.get(item_id)
    return memory.subject if memory else None


def _weighted(state: MemoryState, head: list[tuple[str, float]], plan: QueryPlan, now: float, config: RetrievalConfig) -> dict[str, float]:
    """Each memory weighed by how much to trust it: its status, its confidence and use (state.memory_trust)
    and how recently it was used; a turn that says when something happened is lifted for 'when' questions,
    and one that ends by asking steps back (it has already lent its score to the reply beside it); what was said
    on a day the question names is lifted."""
    status_weight = {MemoryStatus.confirmed: 1.0, MemoryStatus.staged: config.staged_weight}
    half_life, recency_weight, temporal_boost = 86400.0 * config.recency_half_life_days, config.recency_weight, config.temporal_boost
    facts, timed, asking, question_weight, when = state.weight_facts, state.timed, state.asking, config.question_weight, plan.when
    weighted = {}
    for item_id, value in head:
        found = facts.get(item_id)
        if found is not None:
            status, trust, last_used = found
            age = now - last_used
            recency = 0.5 ** (age / half_life) if age > 0 else 1.0
            value *= status_weight.get(status, 0.5) * trust * (1.0 + recency_weight * recency)
        else:
            if when and item_id in timed:
                value *= temporal_boost
            if item_id in asking:
                value *= question_weight
        weighted[item_id] = value
    return weighted if plan.day is None else on_the_day(state, weighted, plan.day, now, config.day_weight)


def _gate(state: MemoryState, now: float, include_inactive: bool, profile: str | None, project: str | None) -> Callable[[str], bool]:
    """Which items may appear: status, expiry and scope. It runs for every candidate of every source, so
    the usual question (active now, in one profile, any project) is a set lookup at C speed."""
    if not include_inactive and profile is not None and project is None:
        lasting, expiring = state.lasting.get(profile, set()), state.expiring.get(profile, {})
        if not expiring:
            return lasting.__contains__

        def active_now(item_id: str) -> bool:
            if item_id in lasting:
                return True
            expires_at = expiring.get(item_id)
            return expires_at is not None and expires_at > now

        return active_now
    facts = state.gate_facts

    def allowed(item_id: str) -> bool:
        found = facts.get(item_id)
        if found is None:
            return False
        active, expires_at, item_profile, item_project = found
        if not include_inactive and (not active or (expires_at is not None and expires_at <= now)):
            return False
        if profile is not None and item_profile != profile:
            return False
        return project is None or item_project in (None, project)

    return allowed


def _keyword_candidates(state: MemoryState, query_terms: list[str], wanted: int, allowed: Callable[[str], bool]) -> dict[str, float]:
    """The best `wanted` keyword hits the gate allows. Inactive memories are not in the index, so the
    first page nearly always suffices; a deeper one is read only when the gate turned hits away."""
    page = wanted
    while True:
        hits = state.bm25.search(query_terms, page)
        found = {item_id: score for item_id, score in hits if allowed(item_id)}
        if len(found) >= wanted or len(hits) < page:
            return dict(list(found.items())[:wanted]) if len(found) > wanted else found
        page *= 4


def _vector_candidates(index: VectorIndex, query_vector: list[float], wanted: int, allowed: Callable[[str], bool]) -> dict[str, float]:
    """The best `wanted` items by cosine. A turn's sentences have vectors of their own: a turn scores by
    its whole text and its best sentence (one found only by a sentence counts that)."""
    whole: dict[str, float] = {}
    best_sentence: dict[str, float] = {}
    sentence = ID_PREFIXES[ItemKind.sentence]  # the kind's prefix, asked directly: this loop runs for 400 hits a query
    # Hits come best first, so once `wanted` whole items are in, nothing later can enter the top.
    for item_id, score in index.search(query_vector, wanted * 2):
        if item_id.startswith(sentence):
            owner = sentence_owner(item_id)
            if owner not in best_sentence and allowed(owner):
                best_sentence[owner] = score
        elif allowed(item_id):
            whole[item_id] = score
            if len(whole) == wanted:
                break
    if not best_sentence:
        return whole
    for owner, score in best_sentence.items():
        turn = whole.get(owner, score)
        whole[owner] = 0.5 * turn + 0.5 * max(turn, score)
    return dict(top_items(whole, wanted))


def rank(
    state: MemoryState,
    index: VectorIndex,
    plan: QueryPlan,
    query_vector: list[float] | None,
    *,
    now: float,
    config: RetrievalConfig,
    clock: Callable[[], float],
    limit: int | None = None,
    include_inactive: bool = False,
    profile: str | None = None,
    project: str | None = None,
    trace: dict[str, list[tuple[str, float]]] | None = None,
    calibrated: bool = True,
) -> ContextPack:
    """Score the candidates of every source, pick the pack, explain each pick.

    With a ``trace`` dict, each stage's best candidates are recorded in it (for the inspector)."""

    def record(stage: str, scored: dict[str, float] | list[tuple[str, float]]) -> None:
        if trace is not None:  # a list is already in its stage's order; a dict is ranked by score
            trace[stage] = list(scored)[:TRACE_ITEMS] if isinstance(scored, list) else top_items(scored, TRACE_ITEMS)

    started = clock()
    timings: dict[str, float] = {}
    pack = ContextPack(query=plan.query)
    if plan.skip:
        pack.skipped = plan.skip
        pack.timings_ms = {"total": round((clock() - started) * 1000.0, 3)}
        return pack
    limit = limit or config.max_items
    allowed = _gate(state, now, include_inactive, profile, project)
    if state.unmentioned:  # "Please don't bring Luis up anymore": what names Luis, only when the message does
        allowed = relevance.without(relevance.not_to_raise(state, plan, allowed), allowed)
    wanted = config.candidates_per_source

    def lap(stage: str) -> bool:
        elapsed = (clock() - started) * 1000.0
        timings[stage] = round(elapsed - sum(timings.values()), 3)
        return elapsed > config.budget_ms

    # 1. vector and keyword candidates (vectors first: the keyword hits are then fresh in the cache for fusion)
    dense: dict[str, float] = {}
    if query_vector is not None and len(index) and config.vector_weight > 0:
        dense = _vector_candidates(index, query_vector, wanted, allowed)
    over_budget = lap("vector")
    record("vector", dense)
    keyword = _keyword_candidates(state, plan.terms, wanted, allowed)
    over_budget = lap("keyword") or over_budget
    record("keyword", keyword)
    shares = relevance.keyword_shares(state, plan.terms, keyword)
    if limit <= config.max_items:  # the message asked before is no evidence that memory knows the answer
        for echo in relevance.echoes(state, plan, shares):
            for scored in (dense, keyword, shares):
                scored.pop(echo, None)
    # The bar is for a pack the model will read (a deeper search shows all it found), and its cosine floors
    # hold for the model they were calibrated on.
    barred = calibrated and limit <= config.max_items
    places = relevance.placed(state, plan, allowed)  # "Where do I live?": what names a place answers it
    # "What did I tell you yesterday?": what was said that day, though it shares no word with the question
    dated = said_on(state, plan.day, now, allowed, config.max_items) if plan.day is not None else set()
    cleared = (
        not barred
        or bool(places or dated)
        or relevance.clears_floor(state, plan, dense, shares, config, vectors=query_vector is not None and len(index) > 0)
    )
    # "never do X" rules whose trigger words the message uses apply now, whatever else matched
    # and how every answer should be ("Always reply in Spanish"), the latest few, whatever the message
    standing = sorted((m for m in state.standing if allowed(m)), key=lambda m: -state.memories[m].updated_at)[: config.standing_items]
    triggered = sorted({m for term in plan.terms for m in state.triggers.get(term, ()) if allowed(m)} | set(standing))
    # The constraints the message must be told of, and the rules it triggers: under the bar, a pack of them alone.
    # "write me a unit test for this handler": how the user likes tests, and what their code is written in
    liked, stack = told_with.for_the_request(state, plan, allowed) if barred else (set(), set())
    guarding = (
        {g for g in relevance.guards(state, dense, plan.terms, config) if allowed(g)} | set(triggered) | liked | stack if barred else set()
    )
    if not cleared and not guarding:
        # Nothing remembered answers this message: no pack (the gap is logged), unless it asks "who am I".
        pack.items = [
            pack_item(state, i, v, n, ItemReason(sources=["identity"]))
            for n, (i, v) in enumerate(_identity_only(state, plan, config, allowed), 1)
        ]
        pack.text = render_pack(state, pack.items, config.pack_chars)
        pack.timings_ms = {**timings, "total": round((clock() - started) * 1000.0, 3)}  # every pack says its total
        return pack

    # 2. fusion: min-max scaled scores (or reciprocal ranks, scaled the same way) added with their weights
    if config.fusion == "rrf":
        base = _scaled(_rrf(list(keyword), config.rrf_k), config.keyword_weight)
        fused_dense = _scaled(_rrf(list(dense), config.rrf_k), config.vector_weight)
    else:
        base, fused_dense = _scaled(keyword, config.keyword_weight), _scaled(dense, config.vector_weight)
    for item_id, value in fused_dense.items():
        base[item_id] = base.get(item_id, 0.0) + value

    # 3. who is asked about: a named participant is a prior on who said it, not a keyword
    if len(plan.participants) == 1:
        named = normalize_name(plan.participants[0])
        others = {key for key in state.participants if key != named}
        folded: dict[str, str] = {}
        for item_id in base:
            speaker = _speaker(state, item_id)
            if speaker:
                key = folded.get(speaker) or folded.setdefault(speaker, normalize_name(speaker))
                if key in others:
                    base[item_id] *= config.other_speaker_weight

    # 4. entities named in the query
    entity_hits: dict[str, list[str]] = {}
    for entity in plan.entities:
        mentions = state.mentioned_by(entity.id)
        boost = config.entity_boost * min(1.0, 3.0 / math.sqrt(max(1, len(mentions))))
        # A hub adds no candidates of its own, it only lifts the ones found (in any order: each gets one lift).
        # Other entities add theirs in id order, so the same query always builds the same ranking.
        lifted = base.keys() & mentions if len(mentions) > config.entity_fanout else sorted(mentions)
        for item_id in lifted:
            if allowed(item_id):
                base[item_id] = base.get(item_id, 0.0) + boost
                entity_hits.setdefault(item_id, []).append(entity.name)
    for item_id in places:
        base[item_id] = base.get(item_id, 0.0) + config.entity_boost
    if dated:  # lifted by day_weight with the rest of the day's; first when the day is all that is asked
        top_base = max(base.values(), default=1.0)
        for item_id in dated:
            base[item_id] = top_base if plan.day_only else base.get(item_id, 0.0)
    over_budget = lap("entity") or over_budget
    record("fused", base)

    # 4b. the rules the message triggers (above) rank with the best
    if triggered:
        top_base = max(base.values(), default=1.0)
        for memory_id in triggered:
            base[memory_id] = max(base.get(memory_id, 0.0), top_base)

    scores = dict(base)
    # 5. session neighbours: an answer often sits beside the turn that matched
    if config.neighbour_spread > 0 and state.sessions:
        for item_id, value in base.items():
            if value <= 0 or item_id not in state.episodes:
                continue
            for offset, share in ((-1, 1.0), (1, 1.0), (-2, 0.5), (2, 0.5)):
                other = state.neighbour(item_id, offset)
                if other and allowed(other):
                    scores[other] = scores.get(other, 0.0) + config.neighbour_spread * share * value

    # 6. graph expansion from the best seeds and the named entities
    reached: dict[str, tuple[float, str]] = {}
    if not over_budget and config.graph_weight > 0 and config.graph_hops > 0:
        seeds = dict(top_set(base, 10))
        seeds.update({entity.id: 1.0 for entity in plan.entities})
        for node, found in graphs.spread(state.graph, seeds, config.edge_weights, config.graph_hops, config.hop_decay).items():
            if (node in state.memories or node in state.episodes) and allowed(node):
                reached[node] = found
                scores[node] = scores.get(node, 0.0) + config.graph_weight * found[0]
    over_budget = lap("graph") or over_budget
    record("graph", {node: found[0] for node, found in reached.items()})

    # 7. what kind of question, and how much to trust each memory. Weights stay within a factor
    # of about two, so only a generous head of the ranking needs them.
    pool = max(limit, config.mmr_pool)
    ordered = top_items(_weighted(state, top_set(scores, 4 * pool), plan, now, config), 2 * pool)  # room for one per message
    record("weighted", ordered)
    # 8. diversity: near-duplicates (by shared terms, or a memory restating a chosen turn) step back
    if config.mmr_lambda < 1.0 and not over_budget and ordered:
        ordered = mmr(state, ordered, config, picks=limit)
    lap("mmr")
    record("diversified", ordered)

    def explain(item_id: str) -> ItemReason:
        reason = ItemReason()
        if item_id in keyword:
            reason.sources.append("keyword")
            reason.scores["keyword"] = round(keyword[item_id], 4)
        if item_id in dense:
            reason.sources.append("vector")
            reason.scores["vector"] = round(dense[item_id], 4)
        if item_id in entity_hits:
            reason.sources.append("entity")
            reason.entities = entity_hits[item_id]
        if item_id not in base and item_id not in reached and item_id not in guarding:
            reason.sources.append("neighbour")
        if item_id in reached:
            reason.sources.append("graph")
            reason.via = reached[item_id][1]
            reason.scores["graph"] = round(reached[item_id][0], 4)
        if plan.when and item_id in state.timed:
            reason.sources.append("temporal")
        if item_id in triggered:
            reason.sources.append("trigger")
        if item_id in places:
            reason.sources.append(relevance.asked_kind(plan))
        if item_id in dated:
            reason.sources.append("day")
        return reason

    by_name = set(entity_hits) | set(triggered) | places | dated
    ranked = one_per_message(state, ordered)[:limit]
    if limit <= config.max_items:  # what a pack for the model never carries: the question again, and filler
        ranked = relevance.not_echoes(state, plan, ranked, config.drop_questions)
    if barred:
        ranked = relevance.above_bar(ranked, dense, shares, by_name, config)
    if not cleared:
        ranked = [(item_id, value) for item_id, value in ranked if item_id in guarding]
    chosen = [item_id for item_id, _ in ranked]
    news = told_with.news_of(state, chosen, allowed)  # "Tofu died", with Tofu's cat memory
    tastes = told_with.tastes_of(state, plan, chosen, allowed)  # "a gift for a 6 year old", with "Leo is 6": what Leo likes
    ranked = relevance.with_guards(ranked, guarding | news | tastes, limit)
    reasons = {item_id: explain(item_id) for item_id, _ in ranked}
    for item_id in news & reasons.keys():
        reasons[item_id].sources.append("news")
    for item_id in tastes & reasons.keys() | liked & reasons.keys():
        reasons[item_id].sources.append("taste")
    for item_id in stack & reasons.keys():
        reasons[item_id].sources.append("stack")
    for item_id in (guarding - liked - stack) & reasons.keys():
        reasons[item_id].sources.append("constraint")
    if plan.self_referential or (plan.personal and limit <= config.max_items and config.identity_items > 0):
        ranked = _with_identity(state, ranked, reasons, config, plan.self_referential, allowed)
    pack.items = [pack_item(state, item_id, value, position, reasons[item_id]) for position, (item_id, value) in enumerate(ranked, 1)]
    for item in pack.items:
        if "keyword" in item.reason.sources:
            item.reason.matched = matched_words(plan.query, item.text)
    conflicts = conflict_warnings(state, [item.id for item in pack.items])
    pack.warnings = list(conflicts)
    if over_budget:
        pack.warnings.append(f"retrieval stopped early at its {config.budget_ms:.0f} ms budget")
    pack.text = render_pack(state, pack.items, config.pack_chars, conflicts)  # the model is told of conflicts only
    lap("pack")
    pack.timings_ms = timings
    pack.timings_ms["total"] = round((clock() - started) * 1000.0, 3)
    return pack


def _with_identity(
    state: MemoryState,
    ranked: list[tuple[str, float]],
    reasons: dict[str, ItemReason],
    config: RetrievalConfig,
    self_referential: bool,
    allowed: Callable[[str], bool],
) -> list[tuple[str, float]]:
    """Identity memories (name, age, place, work) are always worth a few lines; all of them for 'who am I'."""
    present = {item_id for item_id, _ in ranked}
    for item_id in present:  # identity memories that ranked on their own say so too
        memory = state.memories.get(item_id)
        if memory is not None and memory.attribute in IDENTITY_ATTRIBUTES and item_id in reasons:
            reasons[item_id].sources.append("identity")
    identity = [state.memories[i] for i in state.identity if i not in present and allowed(i)]
    identity.sort(key=lambda m: (-m.importance, -m.confidence, m.id))
    count = len(identity) if self_referential else config.identity_items
    extra = []
    for memory in identity[:count]:
        reasons.setdefault(memory.id, ItemReason()).sources.append("identity")
        extra.append((memory.id, 0.0))
    if self_referential:
        others = sorted(
            (m for m in state.active_memories() if m.id not in present and m.attribute not in IDENTITY_ATTRIBUTES and allowed(m.id)),
            key=lambda m: (-m.importance * m.confidence, m.id),
        )[: config.max_items]
        for memory in others:
            reasons.setdefault(memory.id, ItemReason()).sources.append("identity")
            extra.append((memory.id, 0.0))
    return list(ranked) + extra


def _identity_only(state: MemoryState, plan: QueryPlan, config: RetrievalConfig, allowed: Callable[[str], bool]) -> list[tuple[str, float]]:
    if not plan.self_referential:
        return []
    return _with_identity(state, [], {}, config, True, allowed)
