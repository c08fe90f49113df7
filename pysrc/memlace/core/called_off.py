"""A plan called off: "the Lisbon trip is off", "Ana called off the wedding", "Dev's offer fell through", "we're not
moving to Berlin after all"; or done ("the migration to AlloyDB is done", "we finished the renovation"); and what ends
like one: a thing sold ("we sold the Civic" ends "drives a Civic"), a
baby born ("Ella had her baby" ends "Ella is pregnant"), a job quit ("Jonas quit" ends "our apprentice Jonas").
What ended is read from the words (a head noun such as "trip", the words that say which one); which memories held
it is found by those words (``plans_ended``), and the engine ends them. Pure: no I/O."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from memlace.core.text import stem, terms
from memlace.models import ACTIVE, Memory

# The kinds of plan that can be called off, each with the words a memory of such a plan says it with ("the trip"
# was "going to Lisbon in June"). A head not listed here ("the power is off") is no plan.
_SAID_AS = {
    "trip": r"trips?|travel\w*|fl(?:y|ying|ies|ights?)|holidays?|vacations?|visit\w*|cruises?|tours?|journeys?|getaways?"
    r"|(?:going|heading|off|driving) (?:back )?to (?=(?-i:[A-Z]))|(?:week|weekend|days|fortnight|month|summer) in (?=(?-i:[A-Z]))",
    "move": r"mov(?:e|es|ing)|relocat\w*",
    "migration": r"migrat\w*|mov(?:e|es|ing)|switch\w*|port(?:s|ed|ing)",  # (moving a system from one to another)
    "wedding": r"weddings?|marr\w+|engaged",
    "party": r"part(?:y|ies)|celebrat\w+|bbq|barbecue",
    "offer": r"offers?",
    "interview": r"interview\w*",
    "thing": r"drives?|driving|owns?|has|have|had|bought|got|rides?|riding",  # a thing sold: what had it
    "pregnancy": r"pregnant|expecting|due",  # a baby born: who was expecting
    "job": r"works?|working|jobs?|offers?|apprentice\w*|employees?|intern\w*|colleagues?|hired|joined|starts?|starting|team|roles?",  # who quit
}
_SAME_AS = {
    # (not "flight": a cancelled flight is rebooked, the trip goes on)
    **dict.fromkeys(("holiday", "vacation", "journey", "getaway", "visit", "cruise", "tour", "honeymoon"), "trip"),
    "relocation": "move",
    **dict.fromkeys(("celebration", "bbq", "barbecue", "sleepover", "playdate"), "party"),
}
_OTHER_PLANS = (
    "dinner|reservation|booking|deal|sale|purchase|appointment|surgery|operation|procedure|concert|gig|show|match|game"
    "|race|meeting|date|class|course|lessons?|exam|launch|retreat|camp|conference|reunion|ceremony|renovation|project"
    "|internship|contract|promotion|adoption|rewrite|redesign|plans?"
)
_HEAD = "|".join([*_SAID_AS, *_SAME_AS, _OTHER_PLANS])
_NAME = r"(?-i:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+)"
_THING = rf"(?P<thing>(?:[\w'-]+\s+){{0,3}}?(?P<head>{_HEAD}))(?P<which>(?:\s+(?:to|in|with|at|for|on|from|of)\s+[^,.;!?]{{1,40}}?)?)"
_LEAD = r"^(?:(?:so|well|sadly|unfortunately|anyway|bad news|update|also|oh|ugh|and)[,:!]?\s+)*"
_OFF = (
    r"(?:is|are|was|were|has been|have been|got|just got|'s)\s+(?:now\s+|officially\s+|also\s+|totally\s+)?"
    r"(?:off(?!\s+(?:to|for|on|at|with)\b)|cancell?ed|called off|scrapped|not happening)"  # (not "off to a bad start")
    r"|(?:fell|has fallen|have fallen|is falling|went) through|(?:didn't|did not|won't|will not) (?:happen|work out)"
    # or done: "the migration to AlloyDB is done", which ends the plan as surely
    r"|(?:is|are|was|were|has been|have been|'s)\s+(?:now\s+|finally\s+|officially\s+|all\s+)?(?:done|finished|complete|completed|over)"
)
_PASSIVE = re.compile(rf"{_LEAD}(?:the|our|my|(?P<owner>{_NAME})'s)\s+{_THING}\s+(?:{_OFF})\b", re.I)
# said without "the" ("migration to alloydb is done btw"), when words say which one ("dinner is done" is no plan's end)
_BARE = re.compile(
    rf"{_LEAD}(?P<owner>)(?P<thing>(?:[\w'-]+\s+){{0,2}}?(?P<head>{_HEAD}))(?P<which>\s+(?:to|in|with|at|for|on|from|of)\s+[^,.;!?]{{1,40}}?)\s+(?:{_OFF})\b",
    re.I,
)
_ACTIVE = re.compile(
    rf"{_LEAD}(?:we|I|they|(?P<owner>{_NAME}))\s+(?:have\s+|had\s+|just\s+|finally\s+)*"
    rf"(?:cancell?ed|called off|scrapped|ditched|shelved|abandoned|pulled out of|backed out of|finished|completed|wrapped up)\s+"
    rf"(?:the|our|my|his|her|their)\s+{_THING}(?=\s*(?:[,.;!]|$))",
    re.I,
)
_NOT_AFTER_ALL = re.compile(
    rf"{_LEAD}(?:we|I|they|(?P<owner>{_NAME}))(?:'re|'m| are| am| is)? not (?P<verb>going|flying|travell?ing|heading|moving)"
    rf" to (?P<place>{_NAME}(?: {_NAME})?) (?:after all|anymore|any more)\b",
    re.I,
)
_SOLD = re.compile(
    rf"{_LEAD}(?:we|I|they|(?P<owner>{_NAME}))\s+(?:have\s+|had\s+|just\s+|finally\s+)*(?:sold|got rid of|gave away|scrapped|traded in)\s+"
    r"(?:the|our|my|his|her|their)\s+(?P<thing>(?:[\w'-]+\s+){0,3}?[\w'-]+)(?=\s*(?:[,.;!]|$)|\s+(?:last|yesterday|today|this|on|for|to)\b)",
    re.I,
)
_BORN = re.compile(
    rf"{_LEAD}(?:I|we|she|(?:my|our)\s+\w+|(?P<owner>{_NAME}))\s+(?:just\s+|finally\s+)?(?:had|has had|gave birth to|welcomed)\s+"
    r"(?:her|his|their|our|a|the)\s+(?:\w+\s+)?(?:baby|little one|girl|boy|son|daughter)\b",
    re.I,
)
# "Jonas quit", "Priya got laid off": someone's job ends (not "Dev left", which may be the room)
_QUIT = re.compile(
    rf"{_LEAD}(?P<owner>{_NAME})\s+(?:just\s+|has\s+|finally\s+)?(?:quit|resigned|retired|(?:was|got|has been)\s+(?:fired|let go|laid off|sacked)"
    r"|left\s+(?:the|his|her|their|our)\s+(?:job|company|team|firm|shop|business))\b",
    re.I,
)
# "Ella had her baby! A little girl called Rosa.": the baby said in the next sentence is the one born
_BABY_NEXT = re.compile(r"^(?:a|our|her|their)\s+(?:(?:little|baby|beautiful|healthy|tiny)\s+)*(?:girl|boy|son|daughter)\b", re.I)
_HABIT = re.compile(
    r"\b(?:every|each|weekly|daily|monthly|usually|always|regularly|(?:on|most) (?:mon|tues|wednes|thurs|fri|satur|sun)days)\b", re.I
)


@dataclass(frozen=True)
class CalledOff:
    head: str  # what kind of plan: "trip"
    which: tuple[str, ...]  # the words that say which one, as index terms: ("lisbon",)
    owner: str | None  # whose plan it is, when a name says it ("Dev's offer")


def called_off(text: str) -> CalledOff | None:
    """The plan a statement calls off, or None when it calls none off."""
    found = _PASSIVE.match(text) or _ACTIVE.match(text) or _BARE.match(text)
    if found is not None:
        head = found.group("head").lower()
        head = head[:-1] if head.endswith("s") and not head.endswith("ss") else head  # ("plans": plan; "class" stays)
        words = f"{found.group('thing')[: -len(found.group('head'))]} {found.group('which')}"
        owner = found.group("owner") or None  # ("we", "I", "they" are tried before a name: never an owner)
    elif (found := _SOLD.match(text)) is not None:
        head, words, owner = "thing", found.group("thing"), found.group("owner")
    elif (found := _BORN.match(text)) is not None:
        head, words, owner = "pregnancy", "", found.group("owner")
    elif (found := _QUIT.match(text)) is not None:
        head, words, owner = "job", "", found.group("owner")
    else:
        found = _NOT_AFTER_ALL.match(text)
        if found is None:
            return None
        head = "move" if found.group("verb").lower() == "moving" else "trip"
        words, owner = found.group("place"), found.group("owner")
    which = tuple(terms(words))
    return CalledOff(_SAME_AS.get(head, head), which, owner)


def with_baby_named(sentences: list[str]) -> list[str]:
    """Sentences with a birth and the baby said next as one ("Ella had her baby! A little girl called Rosa." ->
    "Ella had her baby, a little girl called Rosa."): who was born is part of the news."""
    out: list[str] = []
    for sentence in sentences:
        if out and _BORN.match(out[-1]) and _BABY_NEXT.match(sentence):
            out[-1] = f"{out[-1].rstrip(' .!')}, {sentence[:1].lower()}{sentence[1:]}"
        else:
            out.append(sentence)
    return out


# "the wedding is on 14 June at a vineyard": when and where one's own plan is (not "the game is on Sunday", on TV)
_PLAN_SET = re.compile(
    # (not "the appointment is now on the 12th": a change to one already known, perhaps someone else's)
    r"^(?P<lead>(?:(?:not\s+yet|no|nope|nah|yes|yeah|oh|ok|okay|so|and|but|also|btw)[,!.]?\s+)*)(?:the|our)\s+(?P<plan>(?:[\w'-]+\s+)?(?:wedding|party|move|trip|holiday|vacation|honeymoon|reception|ceremony"
    r"|interview|exam|retreat|launch|renovation|reunion|celebration|application|deadline))\s+"
    # ("the application closes on 15 January", after "Have you applied?")
    r"(?=(?:is|'s|will be)\s+(?:on|at|in|next|this|booked|set|planned|scheduled)\b|(?:closes|opens|ends|is due|was due)\s+(?:on|at|in|next|this)\b)",
    re.I,
)


# "the kitchen is delayed to mid April now", "the boiler got replaced": how a thing of one's own (said before) is going
_THING_STATE = re.compile(
    r"^the\s+(?P<thing>[a-z][a-z-]{2,20})\s+(?=(?:is|was|got|has been|should be|will be|needs to be)\s+(?:now\s+|finally\s+|all\s+)?"
    r"(?:done|finished|delayed|postponed|pushed back|replaced|fixed|installed|ready|booked|cancelled|due|over budget|behind schedule)\b)",
    re.I,
)


# "we're doing it at the soft play place" after "my son's birthday party is on Saturday": "it" is the party
_HOLDING_IT = re.compile(r"\b(?:doing|having|holding|hosting|throwing|do|have|hold|host|throw)\s+(?P<it>it)\s+(?=(?:at|in|on)\b)", re.I)
_EVENT_SAID = re.compile(
    r"\b(?:my|our|the|his|her|their|[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+'s)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?P<event>party|wedding|reception|dinner|barbecue|bbq|celebration|baby\s+shower|get-together|gathering|meetup|reunion|ceremony)\b",
    re.I,
)


def thing_as_own(clause: str, said_lately: str) -> str:
    """ "the kitchen should be done by March" -> "my kitchen should be done by March" when the speaker spoke of the
    kitchen lately ("we're redoing the kitchen"); "we're doing it at the soft play place" -> "… doing the party at …"
    when the speaker spoke of one event lately; other clauses as they are."""
    holding, events = _HOLDING_IT.search(clause), {m.group("event").lower() for m in _EVENT_SAID.finditer(said_lately)}
    if holding is not None and len(events) == 1:
        return f"{clause[: holding.start('it')]}the {events.pop()}{clause[holding.end('it') :]}"
    found = _THING_STATE.match(clause)
    if found is None or not re.search(rf"\b{found.group('thing')}\b", said_lately, re.I):
        return clause
    return f"my {found.group('thing')} {clause[found.end() :]}"


def plan_as_own(clause: str) -> str:
    """ "the wedding is on 14 June" -> "my wedding is on 14 June"; other clauses as they are."""
    return _PLAN_SET.sub(r"\g<lead>my \g<plan> ", clause, count=1)


def as_own(text: str, subject: str) -> str:
    """A passive "the/our/my …" said as the subject's own ("the Lisbon trip is off": "User's Lisbon trip is off")."""
    if _BARE.match(text) and not _PASSIVE.match(text):  # ("migration to alloydb is done")
        return re.sub(rf"{_LEAD}", lambda lead: f"{lead.group(0)}{subject}'s ", text, count=1, flags=re.I)
    return re.sub(rf"{_LEAD}(?:the|our|my)\s+", f"{subject}'s ", text, count=1, flags=re.I)


def says_plan(head: str, text: str) -> bool:
    """Whether a text says a plan of this kind in any of its words ("the trip" as "going to Lisbon"); a head not
    listed is said by its stem ("the migration" was "migrating some services to Rust")."""
    head = _SAME_AS.get(head.casefold(), head.casefold())
    return re.search(rf"\b(?:{_SAID_AS.get(head, re.escape(stem(head)) + '[a-z]*')})\b", text, re.I) is not None


def holds_plan(off: CalledOff, memory: Memory, owner: str | None) -> int:
    """How well a memory holds the plan called off (``owner``: whose, when another's): 0 when it says no such
    plan, or not the one named ("the Lisbon trip" is not "going to Porto"); more for each naming word it shares."""
    if _HABIT.search(memory.text):  # "the class is cancelled" ends this week's, not "teaches a class every Monday"
        return 0
    said = says_plan(off.head, memory.text)
    shared = set(off.which) & set(terms(memory.text))
    if not said or (off.which and not shared) or (owner and owner.casefold() not in memory.text.casefold()):
        return 0
    return 1 + len(shared)


def plans_ended(text: str, subject: str, memories: Iterable[Memory]) -> list[Memory]:
    """The memories a "called off" statement ends, latest first: the active ones of the same person that say such a
    plan with the most of the words that name it, never another plan's ending."""
    off = called_off(text)
    if off is None:
        return []
    owner = off.owner if off.owner != subject else None  # ("User's Lisbon trip": the subject's own)
    scored = [
        (score, memory.valid_from or memory.created_at, memory)
        for memory in memories
        if memory.status in ACTIVE
        and ((memory.subject or "User") == subject or owner)
        and "called-off" not in memory.tags
        and (score := holds_plan(off, memory, owner))
    ]
    best = max((score for score, _, _ in scored), default=0)
    return [memory for score, _, memory in sorted(scored, key=lambda found: -found[1]) if score == best]


def with_plan(text: str, plan: str) -> str:
    """The new memory's words, with the plan they end: the old memory leaves recall, and what it was stays said."""
    return f"{text.rstrip('. ')} (was: {plan.rstrip('. ')})"
