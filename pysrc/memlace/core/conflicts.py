"""Conflicts a person sees at once, found without a model: a diet and a food the same person says they
like or eat ("User is vegetarian" / "Sushi is User's favourite food"), and what they say they no longer
do against what they said they do ("doesn't use Postgres anymore" / "uses Go and Postgres"). Neither
replaces the other (which one is true now is the person's to say), so both stay and are linked as
contradicting; the pack then warns the model. A configured model finds the other kinds through its
classifier (engine.ingestion).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memlace.core import graph as graphs
from memlace.core.pack import day_text
from memlace.core.state import MemoryState
from memlace.core.text import terms
from memlace.models import ACTIVE, Memory, MemoryStatus


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


MEAT = _words("meat steak steaks beef pork bacon ham chicken turkey lamb sausage sausages salami burger burgers veal duck ribs")
FISH = _words("fish sushi sashimi salmon tuna shrimp prawns prawn seafood anchovies cod oysters lobster crab")
DAIRY = _words("cheese milk butter yogurt yoghurt cream dairy icecream")
EGGS = _words("egg eggs omelette omelettes")
ALCOHOL = _words("wine beer beers whisky whiskey vodka gin rum cocktail cocktails alcohol champagne")
EXCLUDES: dict[str, frozenset[str]] = {
    "vegetarian": MEAT | FISH,
    "vegan": MEAT | FISH | DAIRY | EGGS | {"honey"},
    "pescatarian": MEAT,
    "kosher": _words("pork bacon ham shellfish shrimp prawns lobster crab oysters"),
    "halal": _words("pork bacon ham") | ALCOHOL,
    "gluten-free": _words("bread pasta wheat pizza bagel bagels croissant croissants beer"),
    "keto": _words("bread pasta rice potatoes sugar pizza"),
    "teetotal": ALCOHOL,
    "sober": ALCOHOL,
}
FOODS = frozenset().union(*EXCLUDES.values())
_ENJOYS = re.compile(
    r"\b(?:love|loves|like|likes|enjoy|enjoys|favou?rite|eat|eats|eating|ate|had|having|tried|ordered|craves?|prefers?|orders?|adore|adores)\b",
    re.I,
)
_NEGATED = re.compile(
    r"\b(?:not|no|never|don't|doesn't|didn't|won't|no longer|stopped|quit|gave up|avoids?|allergic|switched from|used to)\b", re.I
)
_WORD = re.compile(r"[a-z-]+")
_DOING = "use|eat|drink|play|own|drive|smoke|wear|take|watch|read|speak|teach|study"
# "User doesn't use Postgres anymore", "Tom no longer eats meat": the verb and what is no longer done
_STOPPED = re.compile(
    rf"\b(?:doesn't|does not|don't|do not|no longer)\s+(?:really\s+)?(?P<verb>{_DOING})s?\s+(?P<what>[\w\- ]{{2,40}}?)"
    r"\s*(?:\bany\s*more\b|[.,;!]|$)",
    re.I,
)


# "User is not into running anymore", "User quit smoking": an activity stopped, said as its -ing form
_STOPPED_DOING = re.compile(r"\b(?:(?:is|am|'m)\s+not\s+into|no\s+longer\s+into|stopped|quit|gave\s+up)\s+(?P<doing>[a-z]{3,}ing)\b", re.I)


def _likes_any(text: str, foods: frozenset[str]) -> bool:
    """The text says its subject likes or eats one of these foods (and does not say the opposite)."""
    lowered = text.lower()
    return bool(foods & set(_WORD.findall(lowered))) and bool(_ENJOYS.search(lowered)) and not _NEGATED.search(lowered)


def _stopped(text: str) -> tuple[str, frozenset[str]] | None:
    """What the text says its subject no longer does: the verb, and the search terms of its object."""
    found = _STOPPED.search(text)
    what = frozenset(terms(found.group("what"))) if found else frozenset()
    if found and what:
        return found.group("verb").lower(), what
    doing = _STOPPED_DOING.search(text)
    if doing is None:
        return None
    stem = doing.group("doing").lower()[:-3]
    stem = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls" else stem  # running: run
    return f"~{stem}", frozenset()


def _forms(verb: str) -> str:
    """A verb's forms as a pattern: use, uses, used, using (never the "Use" of "User"); "~run", a stem read off
    "running": run, runs, running, ran not ("~cycl": cycle, cycles, cycling, cycled)."""
    if verb.startswith("~"):
        stem = re.escape(verb[1:])
        return rf"\b{stem}(?:e|es|s|ed|d|{stem[-1:]}ing|ing|{stem[-1:]}ed)?\b"
    stem = verb[:-1] if verb.endswith("e") else verb
    return rf"\b(?:{verb}|{verb}s|{stem}ed|{stem}ing)\b"


def _does(text: str, stopped: tuple[str, frozenset[str]]) -> bool:
    """The text says its subject does it ("User and others use Go and Postgres mostly")."""
    verb, what = stopped
    return bool(re.search(_forms(verb), text, re.I)) and what <= set(terms(text)) and not _NEGATED.search(text)


def conflicting(memory: Memory, others: Iterable[Memory]) -> list[str]:
    """The active memories of the same person that clash with this one: a diet against a liked food, "no longer
    uses Postgres" against "uses Go and Postgres". Most memories are none of these: they are answered before
    `others` is read."""
    is_diet = memory.attribute == "diet" and memory.value in EXCLUDES
    stopped = _stopped(memory.text)
    if not is_diet and not stopped and not _likes_any(memory.text, FOODS):
        return []
    subject = memory.subject or "User"
    said_with = set(memory.message_ids())  # "I'm vegetarian but I eat fish sometimes": one message qualifies itself
    same = [
        m
        for m in others
        if m.id != memory.id and m.status in ACTIVE and (m.subject or "User") == subject and not said_with.intersection(m.message_ids())
    ]
    if stopped:
        return [m.id for m in same if _does(m.text, stopped)]
    if is_diet:
        return [m.id for m in same if m.attribute != "diet" and _likes_any(m.text, EXCLUDES[memory.value or ""])]
    return [m.id for m in same if m.attribute == "diet" and m.value in EXCLUDES and _likes_any(memory.text, EXCLUDES[m.value or ""])]


_SEPARATOR = re.compile(r"\s(?:and|or|&)\s|,\s")
# a part that only says when or how often ("…, mostly weekends", "… on Tuesdays and Thursdays"): no thing of its own
_WHEN_ONLY = re.compile(
    r"^(?:(?:mostly|mainly|usually|often|sometimes|always|only|just|on|at|in|the|a|every|each|other|most|some|"
    r"\w+days?|weekends?|mornings?|afternoons?|evenings?|nights?|[\d:]+\s*(?:am|pm)?)\s*)+[.!]?$",
    re.I,
)


def says_several(text: str) -> bool:
    """Whether a text lists more than one thing ("uses Go and Postgres", "plays cello, piano"), not one thing with
    when it happens ("works at a bookshop on Queen Street, mostly weekends")."""
    parts = [p for p in _SEPARATOR.split(text) if p.strip() and not _WHEN_ONLY.match(p.strip())]
    # ("training for a marathon, running about 50km a week": how, no thing of its own; "hiking, swimming" are two;
    # "at a bookshop on weekends, Waterstones on Princes Street": which bookshop)
    return len([p for n, p in enumerate(parts) if not (n and (_HOW_DONE.match(p.strip()) or _WHICH_ONE.match(p.strip())))]) > 1


_HOW_DONE = re.compile(r"^[a-z]+ing\s+(?:\S+\s+){2,}\S+$")
_WHICH_ONE = re.compile(r"^(?-i:[A-Z])[\w'&-]+(?:\s+(?-i:[A-Z])[\w'&-]+)*\s+(?:on|in|at|near)\s+\S.*$")


def stops_part_of(new_text: str, old_text: str) -> bool:
    """Whether a "no longer" statement stops one of several things an older memory says are done ("doesn't use
    Postgres anymore" against "uses Go and Postgres mostly"): it cannot replace that memory whole (Go would be
    lost), so the two stay, in conflict, for the person to settle. ("drinks coffee every morning" is one thing.)"""
    stopped = _stopped(new_text)
    if stopped is None or not _does(old_text, stopped):
        return False
    verb, what = stopped
    done = re.search(_forms(verb) + r"\s+(?P<objects>[^.;!?]+)", old_text, re.I)
    objects = done.group("objects") if done else ""
    return bool(re.search(r"\s(?:and|or|&)\s|,\s", objects)) and bool(set(terms(objects)) - what)


# The pack's warning of a contradicting pair (engine/retrieval.py finds them in a pack's warnings by it)
CONFLICT = "conflicting memories"


def conflict_warnings(state: MemoryState, item_ids: list[str]) -> list[str]:
    """One warning per contradicting pair that touches the pack, older fact first, with their dates."""
    pairs: set[tuple[str, str]] = set()
    for item_id in item_ids:
        if item_id not in state.memories:
            continue
        for other in graphs.targets(state.graph, item_id, "contradicts"):
            if other in state.memories and state.memories[other].status in (MemoryStatus.staged, MemoryStatus.confirmed):
                pairs.add(tuple(sorted((item_id, other), key=lambda i: (_since(state, i), i))))  # type: ignore[arg-type]
    out = []
    for older, newer in pairs:
        a, b = state.memories[older], state.memories[newer]
        out.append(
            f"{CONFLICT}: '{a.text}' (said {day_text(_since(state, older))}) and '{b.text}' (said {day_text(_since(state, newer))});"
            " the newer may have replaced the older: ask if it matters"
        )
    return sorted(out)


def _since(state: MemoryState, memory_id: str) -> float:
    """When the person last said it (which of two clashing facts is newer is a matter of when they were said)."""
    memory = state.memories[memory_id]
    return max((p.observed_at for p in memory.provenance if p.observed_at is not None), default=memory.created_at)
