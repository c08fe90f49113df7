"""Where one candidate memory goes: merged into one we have, superseding one (a slot's new value, a named
old value, a correction of what was just said), related to one, or new; with its links and conflicts.
Called by ingestion for each candidate of a message, under the engine's write lock.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from memlace.core import called_off, changed, conflicts, corrections, dedup, hedges, ingest, lifecycle, values
from memlace.core import graph as graphs
from memlace.core.asks import kept_out
from memlace.core.dates import has_time_expression
from memlace.core.text import said_as, terms, text_hash
from memlace.engine.classifying import classified
from memlace.engine.context import Engine
from memlace.engine.entities import upsert_entity
from memlace.engine.rewording import reworded, vector_of
from memlace.engine.undo import Change
from memlace.models import (
    ACTIVE,
    ID_PREFIXES,
    Edge,
    EdgeType,
    Entity,
    EntityType,
    Episode,
    ItemKind,
    Memory,
    Provenance,
    entity_id,
)
from memlace.ports import CandidateMemory, WriteBatch

if TYPE_CHECKING:
    from memlace.engine.ingestion import IngestResult


def window(engine: Engine, episode: Episode) -> list[Episode]:
    """The turns just before an episode in its session: what the extractor reads it with."""
    order = engine.state.sessions.get(engine.state.session_key(episode), [])
    position = order.index(episode.id) if episode.id in order else len(order)
    return [engine.state.episodes[i] for i in order[max(0, position - engine.config.window_turns) : position]]


class Placement:
    """Where one candidate memory goes: merged into one we have, superseding one, related, or new."""

    def __init__(
        self,
        engine: Engine,
        episode: Episode,
        now: float,
        batch: WriteBatch,
        planned: dict[str, Memory],
        touched: dict[str, Entity],
        result: IngestResult,
        made_by: tuple[str, str],  # the extractor's name and version, for provenance
        change: Change,
    ) -> None:
        self.engine, self.episode, self.now, self.batch = engine, episode, now, batch
        self.planned, self.touched, self.result, self.made_by, self.change = planned, touched, result, made_by, change

    async def place(self, candidate: CandidateMemory, vector: list[float] | None, replacing: str | None = None) -> None:
        """Place one candidate; `replacing` names the memory it replaces when the caller already knows it."""
        engine, episode, now, batch = self.engine, self.episode, self.now, self.batch
        # (unless asked in so many words: "Remember that my weight is 70kg" is the user's own later wish)
        if "keep-out" not in candidate.tags and not candidate.stated and kept_out(engine.state, candidate) is not None:
            engine.counters["kept_out"] += 1  # "don't remember anything about my weight": nor what the message says of it
            batch.episodes.append(episode.model_copy(update={"excluded": True}))
            return
        digest = text_hash(candidate.text)
        renamed: tuple[str, str, str] | None = None  # (old name, new name, the memory corrected in place)
        provenance = Provenance(
            chat_id=episode.chat_id,
            message_ids=[episode.message_id],
            observed_at=episode.timestamp,
            extractor=self.made_by[0],
            extractor_version=self.made_by[1],
            speaker=episode.speaker,
        )
        memories = engine.state.memories | self.planned
        candidate, vector = await reworded(engine, candidate, vector, memories)  # "I got the job!", "my wife is now …": which, who
        digest = text_hash(candidate.text)
        decision = dedup.by_hash(digest, memories, engine.hashes | {m.text_hash: m.id for m in self.planned.values()})
        if replacing is not None and (decision is None or decision.target != replacing):
            decision = dedup.Decision("supersede", replacing, 1.0, "named")
        ended: list[Memory] = []  # "the Lisbon trip is off": the memories that held the plan end
        if decision is None and "called-off" in candidate.tags:
            ended = called_off.plans_ended(candidate.text, candidate.subject or "User", memories.values())
            if not ended:  # no plan known by those words: kept as said, and it replaces nothing merely like it
                candidate = candidate.model_copy(update={"replaces": False})
            else:
                decision, own = dedup.Decision("supersede", ended[0].id, 1.0, "called off"), candidate.text
                candidate, digest, vector = await self._as_fact_corrected(candidate, called_off.with_plan(own, ended[0].text), ended[0])
                # dated as the plan was ("was: … in May" would read as a May gone by), unless it says its own day
                candidate.when_text = own if has_time_expression(own) else ended[0].text
        if decision is None:
            decision = dedup.by_slot(
                candidate.subject, candidate.attribute, candidate.value, list(memories.values()), candidate.replaces, candidate.text
            )
        if decision is None and "ended" in candidate.tags:  # "Luis and I broke up": Luis is no longer the boyfriend
            decision = dedup.by_ending(candidate.subject, candidate.replaces_what, list(memories.values()))
            if decision is not None and decision.target:
                candidate = await self._ended(candidate, memories[decision.target])
                digest, vector = text_hash(candidate.text), await self._vector(candidate.text, candidate.subject)
        elif decision is None and candidate.replaces_what:
            holding = engine.state.bm25.containing(set(terms(candidate.replaces_what)))
            whose = None if candidate.replaces_with or "denied" in candidate.tags else candidate.subject  # a swap or denial: anyone's
            decision = dedup.by_old_value(whose, candidate.replaces_what, holding, memories, candidate.text, candidate.replaces_with)
            if decision is not None and decision.target and _stops_part(candidate, memories[decision.target].text):
                decision = None  # "we don't use Postgres anymore" against "we use Go and Postgres": Go stays, in conflict
        if candidate.replaces_with and candidate.replaces_what:
            old = memories.get(decision.target or "") if decision is not None and decision.stage == "old value" else None
            was = candidate.replaces_what
            if old is not None and "switch-to" in candidate.tags:  # "switched to light mode": where "dark mode" was said
                was = corrections.head_phrase(old.text, was, candidate.replaces_with)  # ("" for "long shifts" of "day shifts")
            decision, old = (decision, old) if was else (None, None)
            swapped = corrections.swapped_text(old.text, was, candidate.replaces_with) if old is not None else None
            if old is None or swapped is None:  # nothing said the old value: "the race is in May" alone says too little
                # ("I switched from Python to Rust", "her name is Lila, not Lily", "Tom instead of Anna" are kept as said)
                if not {"switch", "switch-to", "instead"} & set(candidate.tags) and not candidate.attribute:
                    if not dedup.corrects_recent(candidate.text):  # ("it's Thursday, not Wednesday" corrects what was just said)
                        engine.counters["statements_passed_over"] += 1
                        return
                    decision = None
            else:
                if candidate.attribute and candidate.replaces_with[:1].isupper():  # a name: every memory that says it
                    renamed = (candidate.replaces_what, candidate.replaces_with, old.id)
                subject = candidate.replaces_with if (old.subject or "").casefold() == was.casefold() else old.subject
                candidate, digest, vector = await self._as_fact_corrected(candidate, swapped, old, subject)
        if decision is None and "switch-field" in candidate.tags and candidate.replaces_with:  # "Karim switched to architecture"
            theirs = {i for i, m in memories.items() if m.status in ACTIVE and (m.subject or "User") == (candidate.subject or "User")}
            said = sorted(theirs | self._naming(candidate.entities, memories), key=lambda i: -memories[i].created_at)
            found = next(
                ((m, t) for m in said if (t := corrections.field_switched(memories[m].text, candidate.replaces_with, episode.text))), None
            )
            if found is not None:
                decision = dedup.Decision("supersede", found[0], 1.0, "field switched")
                candidate, digest, vector = await self._as_fact_corrected(candidate, found[1], memories[found[0]])
        if decision is None and candidate.replaces and not candidate.attribute:
            # "we're going in June now": what was just said again, with a new day, date, time or age; "Arjun turned
            # 8": what was said of Arjun, however long ago
            said = [m for m, _ in self._recent(memories)] + sorted(self._naming(candidate.entities, memories))
            found = changed.restated_best([(m, memories[m].text) for m in said], candidate.text)
            if found is not None:
                decision = dedup.Decision("supersede", found[0], 1.0, "restated+correction")
                candidate, digest, vector = await self._as_fact_corrected(candidate, found[1], memories[found[0]])
        if decision is None and vector is not None and engine.index is not None:
            decision = dedup.by_similarity(
                engine.index.search(vector, 5, prefix=ID_PREFIXES[ItemKind.memory]), memories, engine.config.dedup
            )
            if decision.action == "new" and candidate.replaces:  # "use British spelling… actually no, use US spelling"
                decision = dedup.by_similarity(self._said_just_now(vector), memories, engine.config.dedup)
                restated = dedup.restated(candidate.text, candidate.subject, candidate.tags, memories)  # ("… Rust from now on")
                decision = restated if decision.action == "new" and restated is not None else decision
        if candidate.replaces and dedup.corrects_recent(candidate.text):
            # "Oh wait, it's Thursdays now" names nothing: kept as the fact it corrects (the closest one, or else
            # the one just said), corrected; of nothing known, alone it says nothing worth keeping
            if decision is None or decision.action == "new":
                decision = self._recent_correction(candidate, vector, memories)
            elif corrections.thing_changed(candidate.text):  # what was just said of the thing, before any like it
                decision = self._recent_correction(candidate, vector, memories) or decision
            if decision is None or decision.target not in memories:
                engine.counters["statements_passed_over"] += 1
                return
            old = memories[decision.target]
            text = corrections.corrected_text(old.text, candidate.text)
            if text is None:
                engine.counters["statements_passed_over"] += 1
                return
            if text == old.text:  # the same correction again
                decision = dedup.Decision("merge", old.id, 1.0, "correction")
            else:
                decision = dedup.Decision("supersede", old.id, decision.similarity, f"{decision.stage}+correction")
                candidate, digest, vector = await self._as_fact_corrected(candidate, text, old)
        if decision is None:
            decision = dedup.Decision("new")
        replaced = (
            memories.get(decision.target or "") if decision.stage in ("slot", "old value") and decision.action == "supersede" else None
        )
        # the new title, where it was; a move still to come, with where one lives until then
        if replaced is not None and (kept := changed.what_stays(replaced, candidate.text)):  # (a left job's role too)
            candidate, digest, vector = await self._as_fact_corrected(candidate, kept, replaced)
        target = memories.get(decision.target or "")
        # (not "we don't use Postgres anymore" of "we use Go and Postgres", nor "now open until 4 on Saturdays" of
        # "closed on Mondays, open 8 to 3": each says a part)
        parted = target is not None and (
            conflicts.stops_part_of(candidate.text, target.text) or values.said_opposite(target.text, candidate.text)
        )
        if candidate.replaces and not parted:
            decision = dedup.as_replacement(decision)
            if decision.stage == "vector+correction" and target and (put := changed.said_again(target.text, candidate.text)):
                candidate, digest, vector = await self._as_fact_corrected(candidate, put, target)  # "upped my statin to 40mg"
        contradicts: str | None = None
        if decision.action == "ambiguous":
            decision, contradicts = await classified(engine, candidate.text, decision, memories)
        if decision.action == "merge" and decision.target:
            if decision.target in engine.state.memories:
                self.change.keep(engine.state.memories[decision.target])
            again = ingest.merged(memories[decision.target], provenance, engine.config.dedup.confidence_boost, now)
            self.planned[again.id] = again
            batch.memories.append(again)
            batch.edges.append(Edge(source=again.id, target=episode.id, type=EdgeType.derived_from, created_at=now))
            self.result.merged.append(again.id)
            return
        memory = ingest.new_memory(candidate, digest, episode, provenance, engine.config.lifecycle, engine.profile, now)
        self.planned[memory.id] = memory
        batch.memories.append(memory)
        self.result.created.append(memory.id)
        self.change.created.append(memory.id)
        if vector is not None and engine.embedder is not None:
            batch.vectors[memory.id] = (engine.embedder.model_id, vector)
        self._link(memory, candidate, decision, contradicts)
        for also in ended[1:]:  # ("Ella is pregnant" said twice, of the sister and of Ella: both end with the birth)
            self._supersede(memory, also.id, candidate.confidence)
        for settled in hedges.settled_by(memory, engine.state.bm25, self.planned, engine.state.memories):  # "might be promoted"
            self._supersede(memory, settled.id, candidate.confidence)
        if (item := corrections.dropped(candidate.text)) is not None:
            await self._drop_from_list(item, candidate.subject, memory.id, corrections.taken_instead(candidate.text))
        if renamed is not None:
            await self._renamed_elsewhere(*renamed, candidate.subject)

    async def _renamed_elsewhere(self, was: str, now: str, corrected: str, subject: str | None) -> None:
        """ "Her name is Lila, not Lily": the other memories of the same person that say Lily say Lila now ("User's
        grandchild is called Lily" beside "two grandchildren, Lily who is 6 and Oscar")."""
        memories = self.engine.state.memories | self.planned
        for memory_id in sorted(i for i in self.engine.state.bm25.containing(set(terms(was))) if i in memories):
            old = memories[memory_id]
            if memory_id == corrected or old.status not in ACTIVE or (old.subject or "User") != (subject or "User"):
                continue
            text = corrections.swapped_text(old.text, was, now)
            if text is None or not re.search(rf"\b{re.escape(was)}\b", old.text):
                continue
            value = now if old.value == was else old.value
            kept = CandidateMemory(kind=old.kind, text=text, subject=old.subject, attribute=old.attribute, value=value, tags=old.tags)
            await self.place(kept.model_copy(update={"confidence": old.confidence, "importance": old.importance}), None, replacing=old.id)

    async def _drop_from_list(self, item: str, subject: str | None, said_by: str, instead: str | None) -> None:
        """ "I dropped databases": the latest memory of the same person that lists it among others (a recent one
        first) is replaced by itself without it ("taking algorithms and machine learning"), or with what is taken
        ``instead`` in its place ("dropped chem, doing psychology instead")."""
        memories = self.engine.state.memories | self.planned
        holding = [i for i in self.engine.state.bm25.containing(set(terms(item))) if i in memories]  # (the index knows who says it)
        said = [m for m, _ in self._recent(memories)] + sorted(
            holding, key=lambda i: (-(memories[i].valid_from or memories[i].created_at), i)
        )
        for memory_id in said:
            old = memories[memory_id]
            if memory_id == said_by or old.status not in ACTIVE or (old.subject or "User") != (subject or "User"):
                continue
            trimmed = corrections.without_item(old.text, item)
            trimmed = corrections.swapped_text(old.text, item, instead) if trimmed is not None and instead else trimmed
            if trimmed is not None:
                kept = CandidateMemory(
                    kind=old.kind,
                    text=trimmed,
                    subject=old.subject,
                    attribute=old.attribute,
                    value=old.value,
                    confidence=old.confidence,
                    importance=old.importance,
                    tags=old.tags,
                )
                await self.place(kept, await self._vector(trimmed, old.subject), replacing=old.id)
                return

    async def _as_fact_corrected(
        self, candidate: CandidateMemory, text: str, old: Memory, subject: str | None = None
    ) -> tuple[CandidateMemory, str, list[float] | None]:
        """A correction kept as the fact it corrects, in that fact's kind and of its subject (or of ``subject``: "Pixel
        is the diabetic one, not Byte"): the candidate, its text's hash and its vector, embedded as the text it is now."""
        state = self.engine.state
        # who the old fact named and the new text still names ("Yui is allergic to mango" for "it's mango she's ...")
        named = [state.entities[t].name for t in graphs.targets(state.graph, old.id, EdgeType.mentions.value) if t in state.entities]
        kept = [n for n in named if n not in candidate.entities and n.casefold() in text.casefold()]
        # ("her name is Jess, not Jen" names Jen too: the corrected fact does not)
        said = [n for n in candidate.entities if n.casefold() in text.casefold()]
        # (its date is read from the fact as it now reads: "expecting our first baby in April", not "it's in April")
        subject = subject or old.subject
        update = {"text": text, "kind": old.kind, "subject": subject, "replaces_with": None, "entities": [*said, *kept]}
        update["when_text"] = text
        if candidate.attribute is None and old.value and old.value in text:  # "Arjun is 8": still who Arjun is
            update |= {"attribute": old.attribute, "value": old.value}
        return candidate.model_copy(update=update), text_hash(text), await self._vector(text, subject)

    async def _ended(self, candidate: CandidateMemory, partner_memory: Memory) -> CandidateMemory:
        """A break-up, once the partner is known: what the partner's memory said beyond being one is kept of them
        ("User's boyfriend Luis loves hiking": "Luis loves hiking"), and "we split up" says with whom."""
        partner = partner_memory.value or ""
        beyond = corrections.without_partner(partner_memory.text, partner)
        if beyond is not None:
            kept = CandidateMemory(text=beyond, kind=partner_memory.kind, subject=candidate.subject, entities=[partner])
            await self.place(kept, None)  # (no vector: it would merge into the memory it leaves; embedded after the write)
        told = corrections.ended_with(candidate.text, candidate.subject or "User", partner)
        return candidate.model_copy(update={"text": told, "entities": [*candidate.entities, partner]}) if told else candidate

    async def _vector(self, text: str, subject: str | None) -> list[float] | None:
        """A memory's vector, embedded as the text it is now (None without a model)."""
        return await vector_of(self.engine, text, subject)

    def _said_just_now(self, vector: list[float]) -> list[tuple[str, float]]:
        """(memory id, cosine) of the memories this message made before this one, best first: a correction in the
        same message ("my customers are mostly from the UK… actually no, they're mostly American") is of them."""
        found = [
            (memory_id, sum(a * b for a, b in zip(vector, stored[1], strict=True)))
            for memory_id, stored in self.batch.vectors.items()
            if memory_id in self.planned and len(stored[1]) == len(vector)
        ]
        return sorted(found, key=lambda pair: -pair[1])

    def _recent(self, memories: dict[str, Memory]) -> list[tuple[str, int]]:
        """The active memories of the turns the extractor read this one with (the session's last few), latest
        first, with how many turns ago each was said; this message's own first (0 turns ago)."""
        state = self.engine.state
        own = [i for i in reversed(self.planned) if i in memories and memories[i].status in ACTIVE and i in self.batch.vectors]
        return [(memory_id, 0) for memory_id in own] + [
            (memory_id, ago)
            for ago, turn in enumerate(reversed(window(self.engine, self.episode)))
            for memory_id in graphs.sources(state.graph, turn.id, EdgeType.derived_from.value)
            if memory_id in memories and memories[memory_id].status in ACTIVE
        ]

    def _naming(self, names: list[str], memories: dict[str, Memory]) -> set[str]:
        """The active memories that mention one of some entities."""
        state = self.engine.state
        entities = [e for name in names if (e := state.entity_by_label(name)) is not None]
        return {m for e in entities for m in state.mentioned_by(e.id) if m in memories and memories[m].status in ACTIVE}

    def _recent_correction(
        self, candidate: CandidateMemory, vector: list[float] | None, memories: dict[str, Memory]
    ) -> dedup.Decision | None:
        """What an elliptical correction replaces: among the memories of the turns the extractor read it with (the
        session's last few)."""
        index = self.engine.index
        recent = self._recent(memories)
        thing = corrections.thing_changed(candidate.text)
        if thing is not None:  # "the science club moved to Thursdays": of what named the club, lately or before
            recent = [(i, ago) for i, ago in recent if corrections.names_thing(memories[i].text, thing)]
            holding = set().union(*(self.engine.state.bm25.containing(t) for t in said_as(thing))) - {i for i, _ in recent}
            subject = candidate.subject or "User"
            recent += [
                (i, len(recent) + n)
                for n, i in enumerate(sorted(holding, key=lambda i: -memories[i].updated_at if i in memories else 0))
                if i in memories and memories[i].status in ACTIVE and (memories[i].subject or "User") == subject
            ][:5]
        scored = []
        if vector is not None and index is not None:
            for memory_id, ago in recent:
                stored = index.get(memory_id) or (self.batch.vectors[memory_id][1] if memory_id in self.batch.vectors else None)
                if stored is not None:
                    scored.append((memory_id, sum(a * b for a, b in zip(vector, stored, strict=True)), ago))
        # by meaning first; "I meant Linz" has none to go by: the latest fact naming something
        found = dedup.by_recent_correction(scored)
        # "make that 60 guests": the recent fact with a value of that kind, said with a word of its own ("40 guests")
        valued = [i for i, _ in recent if values.value_fits(memories[i].text, candidate.text)]
        if valued and (found is None or found.target not in valued):
            return dedup.Decision("supersede", valued[0], 1.0, "recent value")
        return found or dedup.by_name_swap(candidate.text, [(i, memories[i].text, ago) for i, ago in recent], candidate.subject or "User")

    def _supersede(self, memory: Memory, old_id: str, confidence: float) -> None:
        """The new memory takes an old one's place: the old ends (``valid_to``) and a supersedes edge links them."""
        engine, now = self.engine, self.now
        if old_id in engine.state.memories:
            self.change.keep(engine.state.memories[old_id])
        old = lifecycle.supersede((engine.state.memories | self.planned)[old_id], memory.id, memory.valid_from or now)
        self.planned[old.id] = old
        self.batch.memories.append(old)
        self.batch.edges.append(Edge(source=memory.id, target=old.id, type=EdgeType.supersedes, confidence=confidence, created_at=now))
        self.result.superseded.append(old.id)

    def _twins(self, old: Memory, memories: dict[str, Memory], stopped: str | None) -> list[str]:
        """Active memories told with ``old`` that end with what it says ("User's wife Ola is pregnant, due in May" and
        "Ola is pregnant, due in May") or name what stopped ("gave up on the guitar": "practises the guitar")."""
        graph, named = self.engine.state.graph, set(terms(stopped or ""))
        told = {m for turn in graphs.targets(graph, old.id, "derived_from") for m in graphs.sources(graph, turn, "derived_from")}
        return [
            m
            for m in told
            if m in memories
            and m != old.id
            and memories[m].status in ACTIVE
            and (old.text.endswith(f" {memories[m].text}") or bool(named and named <= set(terms(memories[m].text))))
        ]

    def _link(self, memory: Memory, candidate: CandidateMemory, decision: dedup.Decision, contradicts: str | None) -> None:
        engine, episode, now, batch = self.engine, self.episode, self.now, self.batch
        evidence = [episode.message_id]
        batch.edges.append(Edge(source=memory.id, target=episode.id, type=EdgeType.derived_from, created_at=now))
        for name in candidate.entities:
            entity = self.touched.get(entity_id(name)) or engine.state.entity_by_label(name)
            if entity is not None:
                batch.edges.append(Edge(source=memory.id, target=entity.id, type=EdgeType.mentions, evidence=evidence, created_at=now))
        if candidate.prefers_over:
            other = upsert_entity(engine, candidate.prefers_over, EntityType.concept, [], episode.timestamp, self.touched)
            batch.edges.append(Edge(source=memory.id, target=other.id, type=EdgeType.prefers_over, evidence=evidence, created_at=now))
        memories = engine.state.memories | self.planned
        if decision.action == "supersede" and decision.target:
            self._supersede(memory, decision.target, candidate.confidence)
            stopped = candidate.replaces_what if "stopped" in candidate.tags else None
            for twin in self._twins(memories[decision.target], memories, stopped):  # a change to it is a change to them
                self._supersede(memory, twin, candidate.confidence)
        elif decision.action == "related" and decision.target:
            weight = round(decision.similarity, 4)
            batch.edges.append(Edge(source=memory.id, target=decision.target, type=EdgeType.related_to, weight=weight, created_at=now))
        clashing = [contradicts] if contradicts else []
        replaced = decision.target if decision.action == "supersede" else None
        clashing += [i for i in conflicts.conflicting(memory, memories.values()) if i not in (replaced, contradicts)]
        for clash in clashing:  # both kept, linked; the pack warns the model
            for source, target in ((memory.id, clash), (clash, memory.id)):
                batch.edges.append(Edge(source=source, target=target, type=EdgeType.contradicts, evidence=evidence, created_at=now))


def _stops_part(candidate: CandidateMemory, old_text: str) -> bool:
    """Whether "not … anymore" ends only part of what an older memory says ("not on Linear anymore" against "uses
    Linear for tickets and Notion for docs"): it cannot replace that memory whole."""
    if conflicts.stops_part_of(candidate.text, old_text):
        return True
    return "stopped" in candidate.tags and conflicts.says_several(old_text)
