"""What retrieval needs, held in memory: items by id, the keyword index, the graph, sessions.

Loaded once from a store snapshot and kept in step with every applied write batch.
"""

from __future__ import annotations

import math
import re
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable

from memlace.config import RetrievalConfig
from memlace.core import graph as graphs
from memlace.core.bm25 import BM25Index
from memlace.core.dates import date_text, has_time_expression
from memlace.core.listing import PLACE_ONE_BY_ONE, MemoryListing
from memlace.core.text import terms
from memlace.models import (
    ACTIVE,
    Entity,
    Episode,
    ItemKind,
    Memory,
    MemoryKind,
    MemoryStatus,
    Quarantined,
    held_compactly,
    make_id,
    normalize_name,
)
from memlace.ports import Snapshot, WriteBatch

# "User asks: don't bring Luis up anymore", "… never mention my ex": whom the model is not to raise unasked
NOT_TO_RAISE = re.compile(
    r"\b(?:don't|do not|never|stop|no need to)\s+(?:bring(?:ing)?\b.*\bup\b|mention|talk(?:ing)? about|ask(?:ing)? about)", re.I
)
# What changed someone's (or a pet's) state for good ("Tofu died", "Priya is leaving the company"): what was said of
# them before no longer holds as said, so retrieval brings it beside those memories (core/relevance.py)
LIFE_CHANGE = re.compile(
    r"\b(?:died|passed away|broke up|split up|got divorced|moved (?:away|out|to)|(?:is|are) moving (?:away|out)|left (?:the company|us|home)|retired|is leaving"
    r"|went (?:bust|under|into administration|out of business)|(?:closed|shut) down)\b",  # (a business that is no more)
    re.I,
)
# A turn that ends with a question (a shared picture's caption may follow it)
QUESTION_AT_END = re.compile(r"\?\s*(?:\[shares [^\]]*\])?\s*$")
IDENTITY_ATTRIBUTES = frozenset({"name", "age", "location", "origin", "employer", "role"})


def sentence_id(episode_id: str, position: int) -> str:
    """The vector id of a longer episode's sentence: sn_<k>_<episode id>."""
    return make_id(ItemKind.sentence, f"{position}_{episode_id}")


def sentence_owner(vector_id: str) -> str:
    return vector_id.split("_", 2)[2]


# Words people use to ask about a single-valued slot, indexed with the memory that fills it.
SLOT_WORDS = {
    "location": "live lives living location home based city where",
    "origin": "from origin grew up hometown born",
    "employer": "work works job employer company",
    "role": "job work role profession occupation",
    "age": "age old years",
    "name": "name called who",
}


def memory_embed_text(text: str, subject: str | None) -> str:
    """What a memory is embedded as: without its subject's name, which would dominate the vector
    (questions are embedded with participants' names removed too)."""
    if subject:
        stripped = re.sub(rf"^{re.escape(subject)}(?:'s)?\s+", "", text)
        if stripped and stripped != text:
            return stripped
    return text


def episode_index_text(episode: Episode) -> str:
    """The words a turn is found by and embedded as: its text plus what it shares."""
    shared = " ".join(f"[shares {a.text}]" for a in episode.attachments if a.text)
    return f"{episode.text} {shared}".strip()


def memory_trust(memory: Memory) -> float:
    """The part of a memory's retrieval weight that does not change with time: its confidence, and a
    little for being used (status and recency are weighed at query time, see retrieve._weighted)."""
    return (0.6 + 0.4 * memory.confidence) * (1.0 + 0.05 * math.log10(1 + memory.access_count))


class MemoryState:
    def __init__(self, config: RetrievalConfig, keyword_index: Callable[[float, float], BM25Index] = BM25Index) -> None:
        self.config = config
        self.memories: dict[str, Memory] = {}
        self.episodes: dict[str, Episode] = {}
        self.entities: dict[str, Entity] = {}
        self.graph = graphs.new_graph()
        self.bm25 = keyword_index(config.bm25_k1, config.bm25_b)  # pure Python; CPython may pass a numpy-scored one
        # Turns of each (chat, session) in order. This is the same_session relation: kept as an ordered
        # list rather than O(n^2) same_session edges; next_turn edges link neighbours in the graph.
        self.sessions: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.by_message: dict[tuple[str, str], str] = {}
        self.participants: dict[str, str] = {}  # normalised speaker name -> display name
        self.chat_speakers: dict[str, set[str]] = defaultdict(set)  # chat id -> the people who speak in it, by name
        self.own_names: dict[str, str] = {}  # memory id -> a name the user goes by ("User is Ada")
        self.relatives: dict[str, tuple[str, str]] = {}  # memory id -> (relation, name): "User's husband is Dev"
        self.identity: set[str] = set()  # active memories about who the user is (name, age, place, work)
        self.standing: set[str] = set()  # the user's active instructions on how every answer should be
        self.kept_out: set[str] = set()  # "don't remember anything about my weight": what is never to be kept
        self.unmentioned: set[str] = set()  # the user's active "don't bring Luis up" rules: whom not to raise unasked
        self.life_changes: set[str] = set()  # active memories of what changed someone's state for good ("Tofu died")
        self.triggers: dict[str, set[str]] = defaultdict(set)  # stemmed trigger word -> active negative memories
        self._trigger_terms: dict[str, set[str]] = {}  # memory id -> its trigger words, to unindex
        self.raw_vectors: dict[str, array[float]] = {}  # episode id -> its own (unsmoothed) vector
        self.sentence_vectors: dict[str, list[str]] = defaultdict(list)  # episode id -> its sentence vector ids
        self.meta: dict[str, object] = {}
        self.timed: set[str] = set()  # episodes that say when something happened
        self.asking: set[str] = set()  # episodes that end by asking: what they ask about is told in the reply
        self._position: dict[str, int] = {}  # episode id -> place in its session
        self._entity_pattern: re.Pattern[str] | None = None
        self._label_to_entity: dict[str, str] = {}
        self._mentioned_by: dict[str, frozenset[str]] = {}  # entity id -> its mentioning items; cleared by every write
        # What retrieval's gate asks of every candidate, kept flat so the check is one dict lookup:
        # item id -> (active, expires_at, profile, project). Episodes are active unless excluded.
        self.gate_facts: dict[str, tuple[bool, float | None, str, str | None]] = {}
        # The gate's usual question (active now, in this profile, any project) as set membership:
        # profile -> active items that never expire, and profile -> {active item with an expiry: when}.
        self.lasting: dict[str, set[str]] = defaultdict(set)
        self.expiring: dict[str, dict[str, float]] = defaultdict(dict)
        # And what its weighting asks of a memory: memory id -> (status, trust, last used), see memory_trust.
        self.weight_facts: dict[str, tuple[MemoryStatus, float, float]] = {}
        self.source_messages: dict[str, tuple[str, ...]] = {}  # memory id -> the message ids it came from
        self.listing = MemoryListing(self.memories)  # the inspector's sorted orders and counts, built on first use

    # -- loading and applying ------------------------------------------------------------
    def load(self, snapshot: Snapshot) -> list[Quarantined]:
        """Everything a store holds; a record that cannot be placed is left out and returned (never fatal)."""
        left_out: list[Quarantined] = []

        def leave_out(table: str, record: Episode | Memory, error: Exception) -> None:
            left_out.append(
                Quarantined(table=table, id=record.id, error=f"{type(error).__name__}: {error}"[:300], record=record.model_dump_json())
            )

        self.meta = dict(snapshot.meta)
        self.listing.reset()
        for entity in snapshot.entities:
            held_compactly(entity)
            self.entities[entity.id] = entity
        for episode in sorted(snapshot.episodes, key=lambda e: (e.chat_id, e.session or "", e.turn, e.id)):
            try:
                self._put_episode(episode, reindex_neighbours=False)
            except Exception as error:
                self._drop_episode(episode.id)
                leave_out("episodes", episode, error)
        for episode in list(self.episodes.values()):
            try:
                self._index_episode(episode)
            except Exception as error:
                self._drop_episode(episode.id)
                leave_out("episodes", episode, error)
        for memory in snapshot.memories:
            try:
                self._put_memory(memory)
            except Exception as error:
                self._drop_memory(memory.id)
                leave_out("memories", memory, error)
        graphs.add_edges(self.graph, snapshot.edges)
        self._entity_pattern = None
        self._mentioned_by.clear()
        return left_out

    def apply(self, batch: WriteBatch) -> None:
        self._mentioned_by.clear()  # any batch may add or drop a mention
        if len(batch.memories) + len(batch.delete_memories) > PLACE_ONE_BY_ONE:
            self.listing.reset()
        for mid in batch.delete_memories:
            self._drop_memory(mid)
        for eid in batch.delete_episodes:
            self._drop_episode(eid)
        for key in batch.delete_edges:
            graphs.remove_edge(self.graph, *key)
        for entity_id in batch.delete_entities:
            self.entities.pop(entity_id, None)
            graphs.remove_node(self.graph, entity_id)
        for entity in batch.entities:
            held_compactly(entity)
            self.entities[entity.id] = entity
        for episode in batch.episodes:
            self._put_episode(episode, reindex_neighbours=True)
        for memory in batch.memories:
            self._put_memory(memory)
        graphs.add_edges(self.graph, batch.edges)
        self.meta.update(batch.meta)
        if batch.entities or batch.delete_entities:
            self._entity_pattern = None

    def _put_memory(self, memory: Memory) -> None:
        held_compactly(memory)
        self.listing.leaving(memory.id)
        self.memories[memory.id] = memory
        self.listing.arrived(memory)
        self._set_gate(memory.id, memory.status in ACTIVE, memory.expires_at, memory.scope.profile, memory.scope.project)
        self.weight_facts[memory.id] = (memory.status, memory_trust(memory), memory.last_accessed or memory.updated_at)
        self.source_messages[memory.id] = tuple(memory.message_ids())
        about_user = memory.status in ACTIVE and memory.subject in (None, "User")
        if about_user and memory.attribute == "name" and memory.value:
            self.own_names[memory.id] = memory.value
        else:
            self.own_names.pop(memory.id, None)
        if about_user and (memory.attribute or "").startswith("relation:") and memory.value:
            self.relatives[memory.id] = ((memory.attribute or "").removeprefix("relation:"), memory.value)
        else:
            self.relatives.pop(memory.id, None)
        if about_user and memory.attribute in IDENTITY_ATTRIBUTES:
            self.identity.add(memory.id)
        else:
            self.identity.discard(memory.id)
        if about_user and "style" in memory.tags:
            self.standing.add(memory.id)
        else:
            self.standing.discard(memory.id)
        if memory.status in ACTIVE and "keep-out" in memory.tags:
            self.kept_out.add(memory.id)
        else:
            self.kept_out.discard(memory.id)
        if about_user and memory.kind is MemoryKind.negative and NOT_TO_RAISE.search(memory.text):
            self.unmentioned.add(memory.id)
        else:
            self.unmentioned.discard(memory.id)
        if memory.status in ACTIVE and LIFE_CHANGE.search(memory.text):
            self.life_changes.add(memory.id)
        else:
            self.life_changes.discard(memory.id)
        self._unindex_triggers(memory.id)
        if memory.status in ACTIVE and memory.triggers:
            words = {t for trigger in memory.triggers for t in terms(trigger)}
            self._trigger_terms[memory.id] = words
            for term in words:
                self.triggers[term].add(memory.id)
        self.graph.add_node(memory.id)
        if memory.status in ACTIVE:
            slot = terms(SLOT_WORDS.get(memory.attribute or "", ""))
            self.bm25.add(memory.id, [(terms(memory.text), 1.0), (slot, 0.5)])
        else:
            self.bm25.remove(memory.id)

    def _drop_memory(self, memory_id: str) -> None:
        self.listing.leaving(memory_id)
        self.memories.pop(memory_id, None)
        self._clear_gate(memory_id)
        self.weight_facts.pop(memory_id, None)
        self.source_messages.pop(memory_id, None)
        self.own_names.pop(memory_id, None)
        self.relatives.pop(memory_id, None)
        self.identity.discard(memory_id)
        self.standing.discard(memory_id)
        self.kept_out.discard(memory_id)
        self.unmentioned.discard(memory_id)
        self.life_changes.discard(memory_id)
        self._unindex_triggers(memory_id)
        self.bm25.remove(memory_id)
        graphs.remove_node(self.graph, memory_id)

    def _set_gate(self, item_id: str, active: bool, expires_at: float | None, profile: str, project: str | None) -> None:
        self._clear_gate(item_id)
        self.gate_facts[item_id] = (active, expires_at, profile, project)
        if active and expires_at is None:
            self.lasting[profile].add(item_id)
        elif active and expires_at is not None:
            self.expiring[profile][item_id] = expires_at

    def _clear_gate(self, item_id: str) -> None:
        facts = self.gate_facts.pop(item_id, None)
        if facts is not None:
            self.lasting[facts[2]].discard(item_id)
            self.expiring[facts[2]].pop(item_id, None)

    def _unindex_triggers(self, memory_id: str) -> None:
        for term in self._trigger_terms.pop(memory_id, ()):
            self.triggers[term].discard(memory_id)
            if not self.triggers[term]:
                del self.triggers[term]

    def _put_episode(self, episode: Episode, reindex_neighbours: bool) -> None:
        known = episode.id in self.episodes
        held_compactly(episode)
        self.episodes[episode.id] = episode
        self._set_gate(episode.id, not episode.excluded, None, episode.scope.profile, episode.scope.project)
        self.by_message[(episode.chat_id, episode.message_id)] = episode.id
        if episode.speaker:
            self.participants.setdefault(normalize_name(episode.speaker), episode.speaker)
            if episode.role == "user":
                self.chat_speakers[episode.chat_id].add(normalize_name(episode.speaker))
        key = self.session_key(episode)
        order = self.sessions[key]
        if not known:
            order.append(episode.id)
            self._position[episode.id] = len(order) - 1
            if len(order) > 1 and self.episodes[order[-2]].turn > episode.turn:
                order.sort(key=lambda i: (self.episodes[i].turn, i))
                self._renumber(order)
        if has_time_expression(episode.text):
            self.timed.add(episode.id)
        else:
            self.timed.discard(episode.id)
        if QUESTION_AT_END.search(episode.text):
            self.asking.add(episode.id)
        else:
            self.asking.discard(episode.id)
        if reindex_neighbours:
            self._index_episode(episode)
            following = self.neighbour(episode.id, 1)
            if following:
                self._index_episode(self.episodes[following])

    def _drop_episode(self, episode_id: str) -> None:
        episode = self.episodes.pop(episode_id, None)
        self._clear_gate(episode_id)
        if episode is None:
            return
        self.by_message.pop((episode.chat_id, episode.message_id), None)
        order = self.sessions.get(self.session_key(episode), [])
        if episode_id in order:
            order.remove(episode_id)
            self._renumber(order)
        self._position.pop(episode_id, None)
        self.timed.discard(episode_id)
        self.asking.discard(episode_id)
        self.bm25.remove(episode_id)
        self.raw_vectors.pop(episode_id, None)
        self.sentence_vectors.pop(episode_id, None)
        graphs.remove_node(self.graph, episode_id)

    def _index_episode(self, episode: Episode) -> None:
        previous = self.neighbour(episode.id, -1)
        reply_terms = terms(self.episodes[previous].text) if previous else []
        when = date_text(episode.timestamp)
        self.bm25.add(
            episode.id,
            [
                (terms(episode.text), 1.0),
                (terms(" ".join(a.text for a in episode.attachments)), self.config.caption_field_weight),
                (reply_terms, self.config.reply_field_weight),
                (terms(when), self.config.date_field_weight),
            ],
        )

    # -- lookups ---------------------------------------------------------------------------
    @staticmethod
    def session_key(episode: Episode) -> tuple[str, str]:
        return (episode.chat_id, episode.session or "")

    def _renumber(self, order: list[str]) -> None:
        for position, item_id in enumerate(order):
            self._position[item_id] = position

    def neighbour(self, episode_id: str, offset: int) -> str | None:
        """The episode offset turns away in the same session, if any."""
        position = self._position.get(episode_id)
        if position is None:
            return None
        order = self.sessions[self.session_key(self.episodes[episode_id])]
        position += offset
        return order[position] if 0 <= position < len(order) else None

    def active_memories(self) -> list[Memory]:
        return [m for m in self.memories.values() if m.status in ACTIVE]

    def entity_by_label(self, label: str) -> Entity | None:
        self._ensure_entity_pattern()
        entity_id = self._label_to_entity.get(normalize_name(label))
        return self.entities.get(entity_id) if entity_id else None

    def entities_in(self, text: str) -> list[Entity]:
        """Known entities named in text, by whole word or alias, longest names first."""
        pattern = self._ensure_entity_pattern()
        if pattern is None:
            return []
        found: dict[str, Entity] = {}
        for match in pattern.finditer(text):
            entity_id = self._label_to_entity.get(normalize_name(match.group(0)))
            if entity_id and entity_id in self.entities:
                found.setdefault(entity_id, self.entities[entity_id])
        return list(found.values())

    def _ensure_entity_pattern(self) -> re.Pattern[str] | None:
        if self._entity_pattern is None:
            self._label_to_entity = {}
            for entity in self.entities.values():
                for label in [entity.name, *entity.aliases]:
                    if len(label) > 2:
                        self._label_to_entity.setdefault(normalize_name(label), entity.id)
            labels = sorted(self._label_to_entity, key=lambda s: (-len(s), s))
            if not labels:
                return None
            self._entity_pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(x) for x in labels) + r")(?!\w)", re.I)
        return self._entity_pattern

    def mentioned_by(self, entity_id: str) -> frozenset[str]:
        """Items with a 'mentions' edge to the entity (kept until the next write: a hub has thousands)."""
        found = self._mentioned_by.get(entity_id)
        if found is None:
            found = self._mentioned_by[entity_id] = frozenset(graphs.sources(self.graph, entity_id, "mentions"))
        return found

    def latest(self, memory_ids: Iterable[str], most: int) -> set[str]:
        """The ``most`` latest-updated of some memories (ties by id, so the same state always picks the same)."""
        return set(sorted(memory_ids, key=lambda i: (-self.memories[i].updated_at, i))[:most])
