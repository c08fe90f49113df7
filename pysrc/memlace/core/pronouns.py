"""Who a pronoun is, for the offline extractor: "She loves hiking" after one person was named is that person,
and "please don't bring him up" names him. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memlace.core.entities import find_entities
from memlace.core.grammar import strip_lead_in, third_person_verb
from memlace.core.lexicon import HE_RELATIONS, PEOPLE_RELATIONS, PET_WORDS, SHE_RELATIONS, VERB_ADVERBS
from memlace.models import Entity, EntityType, Episode
from memlace.ports import CandidateEntity

PRONOUN = re.compile(r"^(?:(?P<who>[Ss]he|[Hh]e)(?P<verb>'s|'ll)?|(?P<whose>[Hh]er|[Hh]is))\b(?=\s+[a-z0-9])")
# "she's been", "she's brought": has (a past participle follows), not is
_HAS = re.compile(
    r"\s+(?:just\s+|always\s+|never\s+|already\s+)?(?:been|got|gotten|had|brought|given|made|done|taken|become|gone|seen|met|"
    r"started|finished|moved|lived|worked|joined|learned|learnt|helped|visited|travell?ed|adopted|decided|grown|quoted|offered|agreed|promised|said|told|asked|booked|sent|fixed)\b"
)


# a relative or someone of the speaker's said unnamed ("my dad", "my boss"): whom a "he" or "she" after it may be
_ANY_RELATIVE = re.compile(r"\bmy\s+(?:late\s+|little\s+|big\s+|older\s+|younger\s+)?(?P<who>[a-z]+)\b", re.I)
_MY_RELATIVE = re.compile(_ANY_RELATIVE.pattern + r"(?!\s*,?\s*(?-i:[A-Z]))", re.I)  # (and no name after it)


def pronoun_named(clause: str, named: list[str], sentence: str = "", said: str = "") -> str:
    """ "What should I get Yuki? She loves hiking": "She" is Yuki when one person was named before it (in the turn,
    or else in the two turns before), or when the sentence names one of several right before it and ends with it ("my
    wife Yumi and our daughter Hana, she is 5": Hana). With no one named, it is the one relative of theirs whom the
    speaker ``said`` lately, unnamed ("I look after my dad", then "he takes levodopa": "my dad takes levodopa")."""
    given, bare = clause, strip_lead_in(clause)  # ("also he can't swallow big pills")
    clause = bare if bare != clause and PRONOUN.match(bare) else clause
    found = PRONOUN.match(clause)
    if found is not None and len(named) > 1:
        named = [n for n in named if re.search(rf"\b{re.escape(n)},\s+{re.escape(found.group(0))}\b[^,]*$", sentence)][:1] or named
    if found is not None and not named and said:
        named = _relative_unnamed((found.group("who") or found.group("whose")).casefold() in ("he", "his"), said)
    if found is None or len(named) != 1:
        return given
    rest = clause[found.end() :]
    verb = found.group("verb")  # "she's allergic to kiwi": Yui is; "she's been": Yui has; "she'll": Yui will
    joined = {"'s": " has" if _HAS.match(rest) else " is", "'ll": " will"}.get(verb or "", "")
    owner = "" if found.group("who") else "'s"
    return f"{named[0]}{owner}{joined}{rest}"


def _relative_unnamed(male: bool, said: str) -> list[str]:
    """["my dad"] when the one relative of that sex the speaker ``said`` lately is unnamed; else []."""
    other_sex = SHE_RELATIONS if male else HE_RELATIONS
    relatives = {m.group("who").casefold() for m in _MY_RELATIVE.finditer(said)} & PEOPLE_RELATIONS - other_sex - _PLURALS
    # ("my son Arjun" said too: two of that sex, and "he" is neither for sure)
    said_any = {m.group("who").casefold() for m in _ANY_RELATIVE.finditer(said)} & PEOPLE_RELATIONS - other_sex - _PLURALS
    return [f"my {relatives.pop()}"] if len(relatives) == 1 and len(said_any) == 1 else []


# "Something the kids will eat? … they hate mushrooms": "they" is the kids the speaker just spoke of
_THEY_TASTE = re.compile(
    r"^[Tt]hey(?:'re|\s+are)?\s+(?=(?:both\s+|all\s+)?(?:hate|love|like|adore|dislike|won't|can't|don't|refuse|allergic)\b)"
)
_KIDS_SAID = re.compile(r"\b(?:the|my|our)\s+(?P<who>kids|children|boys|girls|twins)\b", re.I)


def they_named(clause: str, turns: Sequence[Episode]) -> str:
    """ "they hate mushrooms" after the speaker's "a dinner the kids will eat?": "my kids hate mushrooms"."""
    found = _THEY_TASTE.match(clause)
    said = next((k for turn in reversed(turns) if turn.role in ("user", "human") and (k := _KIDS_SAID.search(turn.text))), None)
    if found is None or said is None:
        return clause
    verb = clause[found.end() :]
    return f"my {said.group('who').lower()} {'are ' if verb.startswith('allergic') else ''}{verb}"


# "My boss is great, she lets me work from home", "our landlord is a nightmare, they owe us the deposit": a pronoun
# that opens the clause after one whose subject is someone the speaker names by what they are to them is that one
_NOT_HE_OR_SHE = frozenset({"company", "firm", "agency", "bank", "council", "school", "nursery"})
_ROLES = frozenset({"landlord", "landlady", "builder", "employer", "client", "tenant", "dentist", "gp"}) | _NOT_HE_OR_SHE
_PLURALS = frozenset(["kids", "children", "parents", "siblings", "grandchildren", "grandkids", "grandparents", "in-laws", "folks"])
_OWN_SUBJECT = re.compile(
    r"^(?P<np>(?:my|our)\s+(?:[a-z-]+\s+)?(?P<noun>[a-z-]+))\s+(?:is|are|was|were|has|have|had|'s|'re|seems?|sounds?|lets?|"
    r"works?|lives?|owes?|loves?|hates?|keeps?|never|always|just|still|also|really|can|will|won't|doesn't|don't|did|does)\b",
    re.I,
)
_OPENS_WITH = re.compile(r"^(?P<pronoun>[Ss]he|[Hh]e|[Tt]hey)(?P<contracted>'s|'re|'ve|'ll|'d)?\s+(?P<next>[a-z][\w']*)")
_NAME_GIVEN = re.compile(r"\b(?:called|named)\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])", re.I)
_MODALS = frozenset(["can", "could", "will", "would", "should", "shall", "may", "might", "must"])


def own_subject_named(before: str, clause: str) -> str | None:
    """ "they owe us the deposit" after "our landlord is a nightmare": "our landlord owes us the deposit"; None when
    the clause before has no such subject or the pronoun does not fit it ("she" of "my parents", of "my bank")."""
    said, found = _OWN_SUBJECT.match(strip_lead_in(before)), _OPENS_WITH.match(clause)
    if said is None or found is None or _NAME_GIVEN.search(before):  # ("my sister is called Nadia": she is Nadia)
        return None
    noun, pronoun = said.group("noun").casefold(), found.group("pronoun").casefold()
    plural = noun in _PLURALS or (noun.endswith("s") and noun[:-1] in PEOPLE_RELATIONS | _ROLES)
    if not (plural or noun in PEOPLE_RELATIONS | _ROLES) or (pronoun != "they" and (plural or noun in _NOT_HE_OR_SHE)):
        return None
    contracted = found.group("contracted") or ""
    after = clause[found.end("contracted") if contracted else found.end("pronoun") :]
    if contracted:  # "she's been": has; "she's allergic": is; "they're always late" of one landlord: is
        one = not plural
        verb = {"'s": " has" if _HAS.match(after) else " is", "'re": " is" if one else " are", "'ve": " has" if one else " have"}
        verb |= {"'ll": " will", "'d": " would"}
        return f"{said.group('np')}{verb[contracted]}{after}"
    words = after.split(" ")  # ["", "never", "pay", …]: for one landlord, the verb after any adverb takes the singular
    if pronoun == "they" and not plural:
        at = 2 if len(words) > 2 and words[1].casefold() in VERB_ADVERBS else 1
        words[at] = words[at] if words[at].casefold() in _MODALS else third_person_verb(words[at])
    return said.group("np") + " ".join(words)


RULE_ABOUT = re.compile(r"^(?:please\s+)?(?:don't|do not|never|stop|no need to)\b.*?\b(?P<who>him|her)\b(?!\s+(?:own|new)\b)", re.I)


# "I'm her bridesmaid", "I'm helping with his move": whose, in the speaker's own clause
_MINE_OF_THEIRS = re.compile(
    r"^(?:I'm|I am|I'll be|I will be|I was)\s+(?:\w+ing\s+(?:with\s+|for\s+|on\s+)?)?(?P<whose>her|his)\s+(?=[a-z])(?!(?:a|an|the|some)\s)"  # ("making her a cake": to her)
)


def object_named(clause: str, named: list[str], said: str = "") -> str:
    """ "Luis and I broke up. Please don't bring him up anymore": "him" in a rule is Luis, and "I'm her bridesmaid"
    is Kavya's, when one person was named before it; "I can't lift him on my own" after "I look after my dad" is
    the dad (the one relative of his sex ``said`` lately, unnamed)."""
    if not named and said and _SPEAKER_DOES.match(clause) and (him := re.search(r"\b(him|her)\b", clause)):
        named = _relative_unnamed(him.group(1).casefold() == "him", said)
    found = RULE_ABOUT.match(clause)
    if found is not None and len(named) == 1:
        return f"{clause[: found.start('who')]}{named[0]}{clause[found.end('who') :]}"
    found = _MINE_OF_THEIRS.match(clause)
    if found is not None and len(named) == 1:
        return f"{clause[: found.start('whose')]}{named[0]}'s {clause[found.end() :]}"
    found = _NOT_FOR.match(clause)  # "(Sara's pregnant so) no raw fish for her": not for Sara
    if found is not None and len(named) == 1:
        return f"{clause[: found.start('who')]}{named[0]}{clause[found.end('who') :]}"
    if len(named) == 1 and _SPEAKER_DOES.match(clause):  # "we're throwing her a surprise party": Carol, named before
        return _THEM.sub(named[0], clause)
    return clause


_NOT_FOR = re.compile(r"^(?:so\s+|and\s+)?(?:no|nothing\s+with)\s+[^,.!]+?\s+for\s+(?P<who>her|him)\b", re.I)
# what the speaker does to or for someone: "him" always, "her" where it cannot be "her own" ("her a party", "her to
# the vet", "visit her on Sunday"; not "her party")
_SPEAKER_DOES = re.compile(r"^(?:I|I'm|I've|I'll|we|we're|we've|we'll)\s", re.I)
_THEM = re.compile(
    r"\bhim\b|\bher\b(?=\s+(?:a|an|the|some|to|on|in|at|for|with|from|back|up|out|over|round|around|again|too|yesterday|"
    r"today|tomorrow|tonight)\b|\s*(?:[.,!?;]|$))"
)


def _addressed(name: str, turn: Episode) -> bool:
    """Whether the assistant speaks to the user by the name ("I'm sorry to hear that, Ruth.", "Hi Ruth!"): the user's own."""
    said = rf"(?:,\s*{re.escape(name)}\s*(?:[.!?,]|$)|^\s*(?:(?:hi|hello|hey|dear|thanks|thank you)\s*,?\s*)?{re.escape(name)}\s*[,!])"
    return turn.role == "assistant" and re.search(said, turn.text, re.I | re.M) is not None


def _introduced(name: str, text: str) -> bool:
    """Whether a text gives the name as its speaker's own ("I'm Zoe", "my name is Derek"): no "she" or "we" is them."""
    return re.search(rf"\b(?:i'm|i am|my name is|my name's|call me)\s+{re.escape(name)}\b", text, re.I) is not None


def people_in(clause: str, sentence: str, entities: Sequence[Entity | CandidateEntity]) -> list[str]:
    """The people a clause names, for the pronouns after it (not the speaker's own name: "My name is Derek, … my wife
    Margaret, she has …"); a pet too when the sentence is about it ("Miso is 12 and has kidney disease so she's on a
    renal diet")."""
    return [
        e.name
        for e in entities
        if e.name in clause
        and not _introduced(e.name, clause)
        and (e.type is EntityType.person or (e.type is EntityType.other and _is_pet(e.name, sentence)))
    ]


_PET_WORDS = "|".join(sorted(PET_WORDS))


def _is_pet(name: str, sentence: str) -> bool:
    """Whether a sentence is about a pet by that name: it opens with the name, or names the animal with it."""
    named = re.escape(name)
    animal = re.search(rf"\b(?:{_PET_WORDS})s?\b", sentence, re.I) is not None
    return (
        strip_lead_in(sentence).startswith(name)  # ("Quick update: Byte had to go to the vet")
        or re.search(rf"\b(?:{_PET_WORDS})s?\s+(?:called\s+|named\s+)?{named}\b", sentence, re.I) is not None
        # "a dog, his name is Pepe", "a puppy, a cockapoo called Biscuit"
        or (animal and re.search(rf"\b(?:name(?:'s|\s+is)|called|named)\s+{named}\b", sentence) is not None)
    )


def people_named(turns: list[Episode], known: list[Entity]) -> list[str]:
    """The people that some turns name (not their speakers, nor who introduced themselves), in order; a pet too, where
    a turn names it as one ("my dog Rex is a labrador", then "actually he's a beagle")."""
    found: list[str] = []
    people = [
        (turn, entity)
        for turn in turns
        for entity in find_entities(turn.text, known).values()
        if entity.type is EntityType.person or (entity.type is EntityType.other and _is_pet(entity.name, turn.text))
    ]
    # (not who said it is their own name: "I'm Zoe", then "we broke up"; nor when the assistant greets them by it next)
    # ("'Happy birthday, Anke!'" drafted for "my colleague Anke" greets no user: the user named her)
    told = {entity.name for turn, entity in people if turn.role != "assistant"}
    own = {e.name for turn, e in people if _introduced(e.name, turn.text) or (_addressed(e.name, turn) and e.name not in told)}
    for turn, entity in people:
        if entity.name not in found and entity.name != turn.speaker and entity.name not in own:
            found.append(entity.name)
    return found


def people_named_lately(window: list[Episode], known: list[Entity], listeners: set[str]) -> list[str]:
    """Who "he" or "his" may be: the people the two turns before name, or else the nearest turn before them that names
    anyone ("How old is Leo?", "he's 6", "Anything else?", "his birthday is on March 3rd": Leo)."""
    for back in (2, 3, 4):
        found = [name for name in people_named(window[-back:], known) if name not in listeners]  # (those are "you")
        if found:
            return found
    return []


# "My sister Ana lives in Porto, we talk every day": "we" after one person named as a relative is the two of them;
# after a name alone only what two people do as a couple ("Arjun is allergic to peanuts, we carry an epipen": a family)
_WE_ANY = re.compile(r"^[Ww]e\s+(?=[a-z])(?!(?:all|both|each|are|were|have|had|will|would|should|could|can|must|need)\b)")
_RELATIVE_SAID = re.compile(rf"\b[Mm]y\s+(?:late\s+)?(?:{'|'.join(sorted(PEOPLE_RELATIONS, key=len, reverse=True))})\b")
_WE_TWO = re.compile(
    r"^[Ww]e(?P<have>'ve|\s+have)?(?P<are>'re|\s+are)?\s+(?=(?:\w+\s+)?(?:dated|met|married|got\s+(?:married|engaged|divorced)|broke\s+up|split\s+up|"
    r"separated|divorced|been\s+(?:together|married|dating|long[- ]distance)|moved\s+in|moving\s+in)\b)"
)


# a clause whose "we", or whose "him" or "her" after the speaker, may be people named lately ("I need to switch her to
# a low carb wet food", of what the vet said: Mochi)
WE = re.compile(r"^[Ww]e\b|^(?:I|[Ww]e)\b.*\b(?:him|her)\b")


def we_named(clause: str, sentence: str, named: list[str]) -> str:
    """ "My sister Ana lives in Porto, we talk every day": "Ana and I talk every day", when one person was named
    (in the turn, or else in the two turns before: "My girlfriend Ana is a pilot." "We've been together 3 years")."""
    we = ((_WE_ANY.match(clause) if _RELATIVE_SAID.search(sentence) else None) or _WE_TWO.match(clause)) if len(named) == 1 else None
    if we is None:
        return clause
    verb = " have" if we.groupdict().get("have") else " are" if we.groupdict().get("are") else ""
    return f"{named[0]} and I{verb} {clause[we.end() :]}"
