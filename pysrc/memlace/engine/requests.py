"""What a user asks of memory in conversation: "forget that ...", "don't remember ...", "... is not true
any more". The memories that say it are forgotten, the messages they came from are kept but no longer
given back by retrieval, and the request itself is stored without the words it asked to forget. A slot
memory that says it only after its value ("User lives in Ottawa with User's partner Sam and User's cat
Miso", asked to forget the cat) keeps its value and loses the rest ("User lives in Ottawa").

The caller holds the engine's write lock (``Engine.writing``).
"""

from __future__ import annotations

import re

from memlace.core import graph as graphs
from memlace.core.dates import has_time_expression
from memlace.core.state import memory_embed_text
from memlace.core.text import sense_terms, terms, text_hash
from memlace.engine import vectors
from memlace.engine.commands import edges_of
from memlace.engine.context import PENDING_EXTRACTION, Engine
from memlace.engine.undo import Change, edges_as_models
from memlace.models import ACTIVE, ID_PREFIXES, Episode, ItemKind, Memory, MemoryStatus
from memlace.ports import WriteBatch

FORGET_COSINE = 0.75  # MiniLM: above it a memory says what the request names (paraphrases sit at 0.8-0.98)
FORGET_MARGIN = 0.1  # only the memories about as close as the best one
FORGET_OVERLAP = 0.6  # without vectors: the share of the request's words a memory must have
REQUEST_TEXT = "(a request to forget something: the words are not kept)"


# Words of one family whose stems differ ("my sister's wedding" is "getting married"; "the pregnancy", "pregnant")
# Verbs that name no fact of their own: "forget that I use Duolingo" is about Duolingo
_LIGHT_VERBS = frozenset({"use", "have", "do", "get", "go"})
# Words that say what kind of memory it is, not what it says: "scrap the docstrings rule" is about docstrings
_KIND_WORDS = frozenset(sense_terms("rule rules instruction instructions"))


def _named_by(request: str, subject: str) -> set[str]:
    """The words of a request that name what is to go: not its subject, nor a light verb or a kind of memory beside
    other words."""
    asked = sense_terms(request) - set(terms(subject))
    return asked - _LIGHT_VERBS - _KIND_WORDS or asked


def _told_by(memory: Memory, speaker: str | None, subject: str, asked: set[str]) -> bool:
    """A memory about the speaker, or about someone the request (its words: ``asked``) names that the speaker told
    ("Forget that Ana is pregnant" reaches "Ana is pregnant with twins", said by the user; not what Ana said of
    herself)."""
    about = memory.subject or "User"
    if about == subject:
        return True
    return set(terms(about)) <= asked and any(p.speaker == speaker for p in memory.provenance)


async def _matching(engine: Engine, request: str, subject: str, speaker: str | None) -> list[Memory]:
    """Active memories told by this speaker that say what the request names."""
    state = engine.state
    asked = sense_terms(request)  # once, not once per memory
    own = [m for m in state.memories.values() if m.status in ACTIVE and _told_by(m, speaker, subject, asked)]
    wanted = _named_by(request, subject)
    if not own or not wanted:
        return []
    # Of someone else, every word of the request (their name too): a memory of them is embedded without their
    # name, which the request's vector still holds.
    of_others = [m for m in own if (m.subject or "User") != subject and wanted <= sense_terms(m.text)]
    found = await vectors.embed(engine, [memory_embed_text(request, subject)])
    if found is not None and engine.index is not None:
        hits = [(i, s) for i, s in engine.index.search(found[0], 20, prefix=ID_PREFIXES[ItemKind.memory]) if s >= FORGET_COSINE]
        ours = {m.id for m in own}
        hits = [(i, s) for i, s in hits if i in ours]
        if hits:
            best = hits[0][1]
            return _once([*(state.memories[i] for i, s in hits if s >= best - FORGET_MARGIN), *of_others])
    scored = [(len(wanted & sense_terms(m.text)) / len(wanted), m) for m in own]
    return _once([*(m for share, m in scored if share >= FORGET_OVERLAP), *of_others])


def _once(memories: list[Memory]) -> list[Memory]:
    """Each memory once, in the order first found."""
    return list({m.id: m for m in memories}.values())


# "Forget everything about my job": the memories that hold that slot, whatever words they use ("works as a nurse")
_SLOTS_NAMED = {
    "job": ("role", "employer"),
    "work": ("role", "employer"),
    "career": ("role", "employer"),
    "employ": ("role", "employer"),
    "workplac": ("role", "employer"),
    "address": ("location",),
    "home": ("location",),
    "age": ("age",),
    "diet": ("diet",),
}


def _in_slots(engine: Engine, request: str, subject: str) -> list[Memory]:
    """Active memories of this speaker whose slot the request names by its kind and nothing more ("my job"; not "the
    job thing", the one talked of lately, nor "that I work late on Fridays", which names one fact)."""
    said = set(terms(request)) - set(terms(subject))
    mine = request.startswith(f"{subject}'s ")  # "my job" (not "the job thing": the one talked of lately)
    if not mine or not said or len(request.split()) > 3 or not said <= _SLOTS_NAMED.keys():
        return []
    wanted = {slot for word in said for slot in _SLOTS_NAMED[word]}
    return [m for m in engine.state.memories.values() if m.status in ACTIVE and (m.subject or "User") == subject and m.attribute in wanted]


def _relatives_named(engine: Engine, requests: list[str], subject: str) -> set[str]:
    """The person a request names by who they are to the speaker ("User's ex", "my sister"): their entity, when
    one person is that (with two sisters, "my sister" says neither)."""
    state = engine.state
    wanted = {
        found.group(1).lower()
        for r in requests
        if (found := re.match(rf"^(?:{re.escape(subject)}'s|my)\s+([\w-]+)$", r.strip(" .!?"), re.I))
    }
    people: set[str] = set()
    for relation in wanted:
        names = {name for said, name in state.relatives.values() if said.lower() == relation}
        people |= {e.id for name in names if len(names) == 1 and (e := state.entity_by_label(name)) is not None}
    return people


def _relation_kept(memory: Memory, request: str) -> str | None:
    """ "Forget that Priya is leaving", of "User's manager Priya is leaving in April": who she is stays ("User's
    manager is Priya"); only what was said of her goes. Not when the request names the relation itself."""
    relation = (memory.attribute or "").removeprefix("relation:")
    subject = memory.subject or "User"
    head = f"{subject}'s {relation} {memory.value}"
    if relation == memory.attribute or not memory.value or not memory.text.startswith(f"{head} "):
        return None
    asked = set(terms(request)) - set(terms(subject))
    if re.search(rf"\b{re.escape(relation)}'s\s", request, re.I):  # "my sister's wedding": hers, not who she is
        asked -= set(terms(relation))
    named, kept = set(terms(memory.value)), set(terms(head)) - set(terms(relation))
    if not asked - kept or asked & set(terms(relation)) or not asked & kept <= named:
        return None
    return f"{subject}'s {relation} is {memory.value}"


def _trimmed(memory: Memory, request: str) -> str | None:
    """A slot memory's text cut after its value, when only what follows says what is to be forgotten."""
    if not memory.attribute or not memory.value or memory.value not in memory.text:
        return None
    asked = set(terms(request)) - set(terms(memory.subject or "User"))
    head = memory.text[: memory.text.index(memory.value) + len(memory.value)]
    return head if asked and head != memory.text and not asked & set(terms(head)) else None


def _tail_dropped(memory: Memory, request: str) -> str | None:
    """ "Forget that I use Duolingo", of "User has been learning Japanese for six months, mostly on Duolingo": the
    memory without its last parts, when only they say what is to be forgotten (most of its words; "Nadia is
    part-time" of "…, it's just User and two part-timers, Lou and Nadia") and the rest still says something."""
    parts = memory.text.split(", ")
    asked = _named_by(request, memory.subject or "User")
    for cut in range(len(parts) - 1, 0, -1):
        head, tail = ", ".join(parts[:cut]), ", ".join(parts[cut:])
        if len(terms(head)) < 3:
            break
        if _LIST_GOES_ON.match(tail):  # "grows tomatoes, courgettes and herbs on the allotment": one list, not two parts
            continue
        if asked and not asked & sense_terms(head) and 2 * len(asked & sense_terms(tail)) >= len(asked) + (len(asked) > 1):
            return head  # (of several words, more than half in what goes, none in what stays)
    # "Forget that I teach in Leicester", of "User teaches maths at a school in Leicester": the place was wrong
    place = _PLACE_LAST.search(memory.text)
    if place is None or len(terms(memory.text[: place.start()])) < 3:
        return None
    head, named = memory.text[: place.start()], sense_terms(place.group(0))
    return head if asked & named and asked - named <= sense_terms(head) else None


# what follows a comma as the rest of a list: no word that opens a clause or an aside, then "and" or "or" before
# the end ("courgettes and far too many herbs on User's allotment"; not "mostly on Duolingo", "it's just User and …")
_LIST_GOES_ON = re.compile(
    r"^(?!(?:it|it's|that|this|which|who|whose|where|when|while|and|but|so|because|since|as|then|now|mostly|mainly|"
    r"especially|usually|often|though|although|plus|also|even|just|only)\b)(?!(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž]))[^,]*?\s(?:and|or)\s[^,]+$",
    re.I,
)
_PLACE_LAST = re.compile(r"\s+in\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*)*)$")


# a word that says what someone is like, between an article and what they are ("a retired accountant")
_QUALIFIER = re.compile(
    r"\b(?P<article>an? )(?P<word>[\w-]+ed|single|vegetarian|vegan|pregnant|former|part-time|full-time|freelance|"
    r"self-employed|junior|senior|trainee) (?!(?:named|called|who|that|which|and|or|of|in|at|to|for|by|with)\b)(?=[a-z])"
)


def _without_word(memory: Memory, request: str) -> str | None:
    """ "Forget that I'm retired", of "User is a retired accountant living in Cork": the memory without the one word
    the request names, when it only qualifies what follows and the rest still says something ("User is an
    accountant living in Cork")."""
    asked = set(terms(request)) - set(terms(memory.subject or "User"))
    if len(asked) != 1 or len(set(terms(memory.text)) - asked) < 3:
        return None
    said = [m for m in _QUALIFIER.finditer(memory.text) if set(terms(m.group("word"))) == asked]
    if len(said) != 1:
        return None
    found, rest = said[0], memory.text[said[0].end() :]
    return f"{memory.text[: found.start()]}{'an' if rest[:1].lower() in 'aeiou' else 'a'} {rest}"


# "… with User's boyfriend Marco and User's dog Pesto in a flat …": one of two, said with whose they are
_WHOSE = r"(?:\w+'s|my|his|her|their|our)\s+[\w-]+(?:\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w'-]*)?"
_LAST_OF_TWO = re.compile(rf"\s+and\s+(?P<one>{_WHOSE})(?=\s|[,.;!]|$)")
_FIRST_OF_TWO = re.compile(rf"(?P<one>{_WHOSE})\s+and\s+(?={_WHOSE})")


def _companion_dropped(memory: Memory, request: str) -> str | None:
    """ "Forget that I have a dog", of "User lives with User's boyfriend Marco and User's dog Pesto in a flat near the
    Hoe": the memory without the one the request names, when it is one of two said with whose they are."""
    asked = set(terms(request)) - set(terms(memory.subject or "User"))
    for found in [*_LAST_OF_TWO.finditer(memory.text), *_FIRST_OF_TWO.finditer(memory.text)] if asked else []:
        if asked <= set(terms(found.group("one"))):
            return memory.text[: found.start()] + memory.text[found.end() :]
    return None


# "the piano and the guitar", "User's dog and cat": two things said with "and", each a word or two
_TWO_THINGS = re.compile(r"\b(?P<one>(?:the\s+|a\s+|an\s+)?[\w'-]+)\s+and\s+(?P<other>(?:the\s+|a\s+|an\s+)?[\w'-]+)(?=$|[\s,.;!])")


def _one_of_two_dropped(memory: Memory, request: str) -> str | None:
    """ "Forget that I play the piano", of "User plays the piano and the guitar": the memory with the other thing
    only ("User plays the guitar"), when the request names one of the two and the rest of the memory says what it asks."""
    asked = set(terms(request)) - set(terms(memory.subject or "User"))
    for found in _TWO_THINGS.finditer(memory.text) if asked else []:
        rest = set(terms(f"{memory.text[: found.start()]} {memory.text[found.end() :]}"))
        for gone, kept in (("one", "other"), ("other", "one")):
            named, spared = set(terms(found.group(gone))), set(terms(found.group(kept)))
            if asked & named and not asked & spared and asked - named <= rest:
                return f"{memory.text[: found.start()]}{found.group(kept)}{memory.text[found.end() :]}"
    return None


async def forget_requested(
    engine: Engine, episode: Episode, requests: list[str], change: Change
) -> tuple[list[Memory], list[tuple[Memory, Memory]]]:
    """Carry out the forget requests one message made: the memories forgotten, and (before, after) of those trimmed."""
    subject = episode.speaker or "User"
    chosen: dict[str, Memory] = {}
    whole: set[str] = set()
    unmatched = []
    for request in requests:
        slotted = _in_slots(engine, request, subject)
        whole.update(memory.id for memory in slotted)  # the slot itself is asked to go: nothing of it is kept
        found = await _matching(engine, request, subject, episode.speaker) + slotted
        chosen.update((memory.id, memory) for memory in found)
        unmatched += [] if found else [request]
    # "Don't remember anything about Sofia": Sofia goes too, with every link to her, and every memory that names
    # her, earlier versions too ("going to Madrid with Sam in May", replaced by June, still says Sam)
    named = {e.id for request in requests if (e := engine.state.entity_by_label(request.strip(" .!?"))) is not None}
    named |= _relatives_named(engine, requests, subject)  # "Forget everything about my ex": Marcus
    for entity_id in sorted(named):
        name = engine.state.entities[entity_id].name.casefold()
        for memory_id in sorted(engine.state.mentioned_by(entity_id)):
            said = engine.state.memories.get(memory_id)
            if said is not None and (said.subject or "User").casefold() in (subject.casefold(), name) and name in said.text.casefold():
                chosen.setdefault(memory_id, said)
    if _EVERYTHING_ABOUT.search(episode.text):  # "forget everything about the guitar": what it replaced goes too
        chosen.update((m.id, m) for memory_id in list(chosen) for m in _earlier_versions(engine, memory_id))
    trimmed = []
    for memory_id, memory in [(i, m) for i, m in chosen.items() if i not in whole]:
        head = next(
            (
                h
                for request in requests
                if (
                    h := _trimmed(memory, request)
                    or _without_word(memory, request)
                    or _relation_kept(memory, request)
                    or _companion_dropped(memory, request)
                    or _one_of_two_dropped(memory, request)
                    or _tail_dropped(memory, request)
                )
            ),
            None,
        )
        if head is not None:
            del chosen[memory_id]
            changed = {"text": head, "text_hash": text_hash(head), "updated_at": engine.clock(), "version": memory.version + 1}
            if memory.event_time is not None and not has_time_expression(head):  # the day went with the words that said it
                changed |= {"event_time": None, "valid_from": min(memory.valid_from or memory.created_at, memory.created_at)}
            after = memory.model_copy(update=changed)
            trimmed.append((memory, after))
    quiet = episode.model_copy(update={"text": REQUEST_TEXT, "attachments": [], "excluded": True})
    said_in = _messages_saying(engine, unmatched, subject, episode.id)
    await forget_memories(
        engine, chosen, change, quiet, before=episode, entities=named, trimmed=[after for _, after in trimmed], said_in=said_in
    )
    return list(chosen.values()), trimmed


_EVERYTHING_ABOUT = re.compile(r"\b(?:everything|anything|all)\s+(?:you\s+(?:know|remember)\s+)?about\b", re.I)


def _earlier_versions(engine: Engine, memory_id: str) -> list[Memory]:
    """The memories ``memory_id`` replaced, and those they replaced, back to the first."""
    found: dict[str, Memory] = {}
    todo = [memory_id]
    while todo:
        for old_id in graphs.targets(engine.state.graph, todo.pop(), "supersedes"):
            old = engine.state.memories.get(old_id)
            if old is not None and old.status is MemoryStatus.superseded and old_id not in found:
                found[old_id] = old
                todo.append(old_id)
    return list(found.values())


def _messages_saying(engine: Engine, requests: list[str], subject: str, own_id: str) -> set[str]:
    """ "Forget that Dev is teething", when no memory was made of it: the speaker's own messages that say it (every
    content word of it, at least two) are hidden all the same."""
    state, found = engine.state, set()
    for request in requests:
        wanted = set(terms(request)) - set(terms(subject))
        if len(wanted) < 2:
            continue
        for item_id in state.bm25.containing(wanted):
            said = state.episodes.get(item_id)
            if said is None or item_id == own_id or (said.speaker or ("User" if said.role == "user" else "")) != subject:
                continue
            if wanted <= set(terms(said.text)):  # (its own words, not those of the turn it replies to)
                found.add(item_id)
    return found


async def forget_memories(
    engine: Engine,
    chosen: dict[str, Memory],
    change: Change,
    quiet: Episode | None = None,
    *,
    before: Episode | None = None,
    entities: set[str] | None = None,
    trimmed: list[Memory] | None = None,
    said_in: set[str] | None = None,
) -> None:
    """Forget memories and hide the messages they came from; `quiet` is the request's own episode as it is
    to be stored (`before` as it was), when the request should not keep the words it asked to forget; `trimmed`:
    memories kept with less said (their messages are hidden too, and their vectors made again); `said_in`: more
    messages to hide."""
    state = engine.state
    trimmed = trimmed or []
    sources = {
        state.by_message[(p.chat_id or "", mid)]
        for memory in [*chosen.values(), *trimmed]
        for p in memory.provenance
        for mid in p.message_ids
        if (p.chat_id or "", mid) in state.by_message
    } | (said_in or set())
    own = {quiet.id} if quiet is not None else set()
    hidden = [state.episodes[i].model_copy(update={"excluded": True}) for i in sorted(sources - own) if i in state.episodes]
    gone = set(chosen)
    # a trimmed memory's new words are embedded now, so that it is found by meaning from the next message on
    fresh = await vectors.embed_items(engine, [pair for m in trimmed for pair in vectors.memory_texts(m)]) if trimmed else None
    batch = WriteBatch(
        episodes=[*([quiet] if quiet is not None else []), *hidden],
        memories=trimmed,
        delete_memories=sorted(gone),
        delete_vectors=[
            *sorted(gone | ({m.id for m in trimmed} if fresh is None else set())),
            *(v for i in own for v in (i, *state.sentence_vectors.get(i, []))),
        ],
        delete_edges=[*edges_of(engine, gone | (entities or set())), *_unnamed_mentions(engine, trimmed)],
        delete_entities=sorted(entities or ()),
    )
    batch.vectors.update(fresh or {})
    dropped = set(batch.delete_edges)
    for entity_id in sorted({t for _, t, _ in dropped if t in state.entities} - set(batch.delete_entities)):
        if set(edges_of(engine, {entity_id})) <= dropped:
            batch.delete_entities.append(entity_id)  # a name known only through what is forgotten goes too
    for entity_id in batch.delete_entities:
        change.entities.setdefault(entity_id, state.entities[entity_id])
    queue = engine.pending(PENDING_EXTRACTION)
    if any(i in gone or i in own for i in queue):
        batch.meta[PENDING_EXTRACTION] = [i for i in queue if i not in gone and i not in own] or None
    for memory in [*chosen.values(), *(state.memories[m.id] for m in trimmed)]:
        change.keep(memory)
    change.edges.extend(edges_as_models(engine, batch.delete_edges))
    for was in (*([before] if before is not None else []), *(state.episodes[e.id] for e in hidden)):
        change.episodes.setdefault(was.id, was)
    await engine.write_making_room(batch, embed_later=[m.id for m in trimmed] if fresh is None else [])  # (works on a full store too)
    for episode_id in own:  # the request itself is kept without vectors: it must never be found by meaning
        engine.unembedded.pop(episode_id, None)


def _unnamed_mentions(engine: Engine, trimmed: list[Memory]) -> list[tuple[str, str, str]]:
    """The links from trimmed memories to the entities their text no longer names."""
    graph, entities = engine.state.graph, engine.state.entities
    return sorted(
        (memory.id, target, kind)
        for memory in trimmed
        if memory.id in graph
        for _, target, kind in graph.out_edges(memory.id, keys=True)
        if kind == "mentions" and target in entities and entities[target].name.casefold() not in memory.text.casefold()
    )
