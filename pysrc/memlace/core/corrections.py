"""How a correction's words change a memory's text, with no model: a value of a kind (a day, a date, a time, an
age) put in place of the old one, a value named with the old one swapped in, a thing dropped from a list, a
promotion that keeps where one works. Pure: the caller (engine/placement.py) decides which memory it is.
"""

from __future__ import annotations

import re

from memlace.core.called_off import says_plan
from memlace.core.lexicon import PEOPLE_RELATIONS
from memlace.core.swaps import modifiers_alike, one_of_a_kind
from memlace.core.text import sense_terms, terms
from memlace.core.values import kind_swapped, name_swapped, number_swap, says_when, swap_after, typed_swap, without_values
from memlace.core.whereabouts import going_elsewhere, moved, works_elsewhere
from memlace.models import Memory

# "Sorry, the science club moved to Thursdays", "Ollie's football is on Thursdays now": a correction of what was
# said about a thing, named again
_THING_CHANGED = re.compile(
    # ("Ollie's football"; not "User's sister is Maya", which says who, nor anyone's name or age)
    r"^(?:the|(?!User's)(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)'s(?!\s+(?:(?:new|old|ex|late)\s+)?(?:"
    + "|".join(sorted(PEOPLE_RELATIONS | {"name", "age", "birthday", "favourite", "favorite"}))
    + r")\b))\s+(?P<thing>(?:[a-z][\w'-]*\s+){0,3}?[a-z][\w'-]*)\s+"
    r"(?:is|are|was|were|will|has|have|had|got|moved|changed|switched|shifted|starts?|started|begins?|ends?|now|went\s+(?:up|down)|rose|jumped)\b",
    re.I,
)


def names_thing(text: str, thing: str) -> bool:
    """Whether a memory names a thing, in any order ("a meeting with the bank" names "the bank meeting"); a plan by
    any of its words ("going to Lisbon" names "the Lisbon trip")."""
    wanted, head = sense_terms(thing), thing.split()[-1]
    missing = wanted - sense_terms(text)
    if thing.casefold() in ("deadline", "due date"):  # "the deadline moved": a date something is wanted by
        return _BY_WHEN.search(text) is not None or thing.casefold() in text.casefold()  # (or the word itself)
    return bool(wanted) and (not missing or (missing <= set(terms(head)) < wanted and says_plan(head, text)))


# "criminal law got moved to the 21st": a thing named bare, its date moved
_BARE_THING_MOVED = re.compile(
    r"^(?P<thing>(?:[a-z][\w'-]*\s+){0,3}?[a-z][\w'-]*)\s+(?:got|was|has been|'s been)\s+"
    r"(?:moved|pushed|rescheduled|changed|postponed|brought forward)\s+(?:back\s+|forward\s+)?(?:to|until|till)\b",
    re.I,
)


# "swimming moved to Wednesdays from next week", "ballet moved to Tuesdays": an activity named by itself, moved to a
# day or a time (not "Tom moved to York", nor "everything moved to Zoom")
_ACTIVITY_MOVED = re.compile(
    r"^(?P<thing>(?!(?:he|she|they|it|we|everything|nothing|something|anything|everyone|someone|mum|mom|dad)\b)[a-z]{3,})\s+"
    r"(?:(?:has|is|has been|'s)\s+)?(?:moved|changed|switched|shifted|moving|changing)\s+(?:back\s+|forward\s+)?(?:to|until|till)\s+(?:the\s+)?"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\d)",
    re.I,
)


# "they upped the donepezil to 10mg", "the clinic moved the scan to Friday": a thing changed by someone not named
_CHANGED_BY_THEM = re.compile(
    r"^(?:they|the\s+(?:doctors?|gp|consultant|specialist|nurses?|clinic|hospital|school|team|landlord|company))\s+(?:have\s+|'ve\s+)?"
    r"(?:upped|raised|increased|lowered|reduced|cut|bumped up|changed|moved|pushed|put up|rescheduled)\s+"
    r"(?:the|his|her|their|my|our)\s+(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+(?:back\s+)?(?:to|until|till)\s+\S",
    re.I,
)


def thing_changed(correction: str) -> str | None:
    """The thing a correction names as changed ("the science club moved to Thursdays": "science club")."""
    found = next((f for p in (_THING_CHANGED, _BARE_THING_MOVED, _ACTIVITY_MOVED, _CHANGED_BY_THEM) if (f := p.match(correction))), None)
    return found.group("thing") if found else None


def moving_from(old: Memory, plan: str) -> str | None:
    """ "User is moving to Zürich in March", replacing "User lives in São Paulo": until the move, where one lives
    stays said ("User lives in São Paulo and is moving to Zürich in March"); the move itself replaces it all."""
    moving = re.search(r"\s(?=is moving to\b)", plan)
    if moving is None or old.attribute != "location" or not old.value or re.search(r"\bis moving to\b", old.text):
        return None
    return f"{plan[: moving.start()]} lives in {old.value} and {plan[moving.end() :]}"


def promoted_at(old: Memory, promotion: str) -> str | None:
    """ "User got promoted to principal engineer", replacing "User works as an architect at a logistics company":
    a promotion is at the same place, so the new title's memory keeps where ("..., at a logistics company")."""
    if not re.search(r"\bpromoted\b", promotion, re.I) or not old.value or old.value not in old.text:
        return None
    where = re.search(r"\b(?:at|for)\s.+$", old.text[old.text.index(old.value) + len(old.value) :])
    said = where.group(0).strip(" ,.") if where else ""
    return f"{promotion.rstrip('. ')}, {said}" if said and said not in promotion else None


# (and how a number is hedged: "it's more like 40 now", "closer to 12")
# verbs that say the same of a day ("Clare visits every Sunday", "Clare will come on Saturdays from now on")
_SAME_DOING = {"come": "visit"}
_CORRECTING_WORDS = frozenset(
    # (and a taste said again in other words: "Lucía loves purple", "now she wants yellow")
    terms(
        "now actually instead again anymore sorry oops wait then rather turned more like closer around roughly nearly almost want prefer love"
    )
)


# "Puffin pushed the deadline to March 15th", "User raised User's rate to 75 an hour": who changed which thing to what
_VALUE_CHANGED = re.compile(
    r"^(?P<who>.*?)\b(?:pushed|postponed|delayed|rescheduled|brought forward|pushed back|put off|extended|moved|raised|increased|"
    r"(?:had|have|'ve|has) to (?:move|push|postpone|reschedule|push back|change)|"
    r"upped|bumped up|lowered|reduced|cut|dropped|put up|put|changed)\s+(?:(?:the|its|their|our|my|his|her|(?P<owner>\w+)'s)\s+(?P<thing>[\w -]{2,30}?)|(?P<it>it|that))"
    r"\s+(?:back\s+|forward\s+|up\s+|down\s+)?(?:to|until|till)\s+(?P<value>.+)$",
    re.I,
)
_PRESCRIBERS = frozenset(terms("user doctor gp consultant specialist psychiatrist nurse cardiologist endocrinologist dentist vet"))
_PRICES, _CHARGES = (
    {"rate", "hourly rate", "day rate", "price", "prices", "fee", "fees"},
    re.compile(r"\b(?:charges?|costs?|rate)\b.*[$£€]\s?\d", re.I),
)
_PER = re.compile(r"\b(?:an?|per)\s+(?:hour|day|night|week|month|year|session|lesson|class|word|page|item|head|person)\b", re.I)
_BY_WHEN = re.compile(r"\b(?:by|before|due)\s+\S", re.I)  # a deadline said without the word


def changed_value(old: str, correction: str) -> str | None:
    """ "Puffin pushed the deadline to March 15th", of "Puffin wants 12 drawings by March 1st"; "User raised User's
    rate to 75 an hour", of "User charges 60 pounds an hour": the old fact with the new value, when it says the same
    who or whose ("The doctor's upped User's statin to 40mg"), and the thing (its word, a deadline's "by", a price's
    "an hour"); "it" is what was just said."""
    found = _VALUE_CHANGED.match(correction)
    if found is not None and found.group("it"):  # "My doctor upped it to 10mg": of what was just said, a value of its kind
        return typed_swap(old, found.group("value")) or number_swap(old, found.group("value"))  # ("raised it to 0.14")
    whose = found is not None and found.group("owner") is not None and old.startswith(f"{found.group('owner')} ")
    if found is None or not (whose or set(terms(found.group("who"))) <= set(terms(old)) | _PRESCRIBERS):
        return None
    thing, per = found.group("thing"), _PER.search(found.group("value"))
    same = bool(set(terms(thing)) & set(terms(old)))
    same = same or (thing.casefold() in ("deadline", "due date") and _BY_WHEN.search(old) is not None)
    same = (
        same
        or (per is not None and per.group(0).casefold() in old.casefold())
        or (thing.casefold() in _PRICES and _CHARGES.search(old) is not None)
    )
    if not same:
        return None
    since = _SINCE.search(found.group("value"))
    changed = typed_swap(old, found.group("value")[: since.start()] if since else found.group("value"))
    return f"{changed.rstrip('.')} {since.group(0).strip()}" if changed and since else changed  # ("… from January")


_SINCE = re.compile(
    r"\s+(?:from|starting(?:\s+from)?|as\s+of|effective(?:\s+from)?|beginning)\s+(?:next\s+|this\s+|the\s+)?\w+[.!]?$", re.I
)


_TURNED = re.compile(r"^(?P<who>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))\s+(?:just\s+)?(?:turned|is now|is)\s+(?P<age>\d{1,3})\b", re.I)


def aged(old: str, correction: str) -> str | None:
    """ "Oscar turned 4", of "two grandchildren, Lila who is 6 and Oscar who is 3": the age said after his name."""
    turned = _TURNED.match(correction)
    if turned is None:
        return None
    said = re.search(
        rf"\b{turned.group('who')}(?:\s+who(?:\s+is|'s)|\s+is|,|\s+\(|\s+aged)\s*(?:(?:only|just|nearly|almost|now)\s+)?(?P<age>\d{{1,3}})\b",
        old,
    )
    if said is None or said.group("age") == turned.group("age"):
        return None
    return f"{old[: said.start('age')]}{turned.group('age')}{old[said.end('age') :]}"


_AGE_TURNED = re.compile(r"\bturn(?:s|ed)\s+\d", re.I)


def restated(old: str, correction: str) -> str | None:
    """ "We're going to Madrid in May", then "we're going in June now": a correction that says again only words of
    the old fact, with a value of a kind in place of its own, is that fact with the new value. ("Tom moved to York":
    where Tom lives, see ``moved``.)"""
    if (changed := changed_value(old, correction) or aged(old, correction) or kind_swapped(old, correction)) is not None:
        return changed
    if _AGE_TURNED.search(correction):  # "Kofi turned 10 on 5 October": his age, never the day of his school trip
        return None
    swapped = typed_swap(old, correction)
    if swapped is None:
        return moved(old, correction) or works_elsewhere(old, correction) or going_elsewhere(old, correction)
    bare = re.match(r"^(?:it|that)(?:'s|\s+is)\b", correction, re.I)  # "it's more like 40 now": of what was just said
    said = {_SAME_DOING.get(t, t) for t in terms(without_values(correction))} - _CORRECTING_WORDS
    return swapped if (said and said <= {_SAME_DOING.get(t, t) for t in terms(old)}) or (bare and not said) else None


def corrected_text(old: str, correction: str) -> str | None:
    """The replacing memory's text: the fact with the correction's value in place of its own when the kind of value
    tells where it goes (a day, a date, a time); otherwise the fact as it was said and what corrects it (offline,
    the new value cannot be put in its place reliably; a model reading both can). None when a correction that
    names a thing does not correct this fact."""
    swapped = typed_swap(old, correction)
    thing = thing_changed(correction)
    if thing is not None:  # of the fact that names the thing, with the value put in its place, or of none
        swapped = swapped or swap_after(old, correction, thing)  # ("contract law on 12 January, criminal law on 19 …")
        return swapped if swapped is not None and names_thing(old, thing) else None
    if (swapped := swapped or kind_swapped(old, correction) or name_swapped(old, correction)) is not None:
        return swapped
    pronoun = correction.split(" ", 1)[0].split("'", 1)[0] in ("It", "That", "They", "Those", "These", "This")
    said = f"{correction[:1].lower()}{correction[1:]}" if pronoun else correction
    note = f"(corrected: {said.rstrip('. ')})"
    return old if old.endswith(note) else f"{old.rstrip('. ')} {note}"  # the same correction again changes nothing


# "I dropped databases, too much work", "I quit the choir": one thing stopped, by name
_STOPPED_ONE = re.compile(
    r"\b(?:dropped|quit|(?:gave|given) up(?: on)?|stopped (?:going to|[a-z]+ing)|stopped(?=\s+(?:the|my)\s))\s+"  # ("stopped growing courgettes", "stopped the warfarin")
    r"(?:the\s+|my\s+)?(?!(?:off|out|by|in|up|down|over)\b)(?P<item>[\w'+#-]+(?:\s+[\w'+#-]+){0,2}?)(?=\s*(?:[,.;!]|$)|\s+(?:because|since|as|class|course|module)\b)",
    re.I,
)


def dropped(text: str) -> str | None:
    """What a statement says was dropped ("User dropped databases, too much work": "databases")."""
    found = _STOPPED_ONE.search(text)
    return found.group("item") if found and terms(found.group("item")) else None


_INSTEAD_NOW = re.compile(r"\b(?:doing|taking|studying|learning|playing|using)\s+(?P<new>[\w'+#-]+(?:\s+[\w'+#-]+)?)\s+instead\b", re.I)


def taken_instead(text: str) -> str | None:
    """What a statement says is taken up in place of what was dropped ("dropped chem, doing psychology instead")."""
    found = _INSTEAD_NOW.search(text)
    return found.group("new") if found else None


def without_item(text: str, item: str) -> str | None:
    """A memory's text with one thing taken out of a list it names ("taking algorithms, databases and machine
    learning" without "databases": "taking algorithms and machine learning"); None when it is not in one."""
    said = re.escape(item)
    if len(re.findall(rf"(?<![\w'-]){said}(?![\w'-])", text, re.I)) != 1:
        return None
    for pattern, written in (
        (rf", (?P<b>[^,]+?),? (?:and|or) {said}(?![\w'-])", r" and \g<b>"),  # A, B and X
        (rf", {said}(?=,| (?:and|or) )", ""),  # A, X, B and C; A, X and C
        (rf" (?:and|or) {said}(?=[.,;!]|$)", ""),  # A and X, at the end
        (rf" and (?:an? |the |some ){said}(?![\w'-])[^,;.!?]*$", ""),  # "metformin twice a day and a statin in the evening"
        (rf" and [a-z]+s {said}(?![\w'-])[^,;.!?]*$", ""),  # "is 12 and plays water polo on Tuesdays and Thursdays"
        # X first: "warfarin every evening and 5mg of …" (not "water polo on Tuesdays and Thursdays": days, not things)
        (rf"(?<![\w'-]){said}(?![\w'-])[^,;.!?]{{0,40}}? and (?!(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b)(?=\S)", ""),
    ):
        trimmed, n = re.subn(pattern, written, text, count=1, flags=re.I)
        if n:
            return trimmed
    return None


def head_phrase(text: str, head: str, new: str) -> str:
    """The words a memory says a head word with ("dark mode" in "User prefers dark mode in every app", for "mode"),
    else the head word alone; "" when the ``new`` phrase's modifier is one of a kind and the memory's is not of
    its kind: "day shifts" do not replace "long shifts"."""
    found = re.search(rf"\b[\w-]+\s+{re.escape(head)}\b", text, re.I)
    modifier = new.split()[0]
    if one_of_a_kind(modifier) and (found is None or not modifiers_alike(found.group(0).split()[0], modifier)):
        return ""
    return found.group(0) if found else head


def swapped_text(text: str, old_value: str, new_value: str) -> str | None:
    """A memory's text with the new value where it said the old one; None when it does not say it as words."""
    said = re.compile(rf"(?<![\w-]){re.escape(old_value)}(?![\w-])", re.I)
    found = said.search(text)
    if found is None and re.match(r"the\s", old_value, re.I) and re.match(r"the\s", new_value, re.I):
        return swapped_text(text, old_value[4:], new_value[4:])  # "the 19th, not the 20th" of "on December 20th"
    if found is None or (
        new_value.islower() and not says_when(old_value) and says_when(text) and not _modifier_swapped(old_value, new_value)
    ):
        return None  # ("from swimming to football" of "swimming on Tuesdays": the day may not be football's)
    if found.group(0)[:1].isupper() and new_value[:1].islower():  # "on Saturdays" corrected by "sundays"
        new_value = new_value[:1].upper() + new_value[1:]
    shared = re.match(r"\s+([\w-]+)", text[found.end() :])  # "contract law, not criminal" of "criminal law first"
    if shared and len(new_value.split()) > 1 and new_value.casefold().endswith(f" {shared.group(1).casefold()}"):
        new_value = new_value[: -len(shared.group(1)) - 1]
    return said.sub(new_value.replace("\\", "\\\\"), text)


def _modifier_swapped(old_value: str, new_value: str) -> bool:
    """ "weekly sprints" for "fortnightly sprints": the same thing, its one modifier of a kind changed."""
    old, new = old_value.split(), new_value.split()
    return len(old) == len(new) == 2 and old[1].casefold() == new[1].casefold() and modifiers_alike(old[0], new[0])


_ENDED_WORDS = re.compile(
    r"\b(?P<verb>broke up|splits? up|separated|got divorced|are (?:getting )?divorced|called it off|ended (?:it|things))\b(?P<rest>.*)$",
    re.I,
)


def ended_with(text: str, subject: str, name: str) -> str | None:
    """ "We split up last month" once the partner is known: "User and Ana split up in October 2023" (None when the
    text names the partner already)."""
    found = _ENDED_WORDS.search(text)
    if found is None or name.casefold() in text.casefold():
        return None
    verb = re.sub(r"^splits\b", "split", found.group("verb"), flags=re.I)
    return f"{subject} and {name} {verb}{found.group('rest')}"


def without_partner(text: str, name: str) -> str | None:
    """What a partner memory says of the partner beyond being one, once they no longer are ("User's boyfriend Luis
    loves hiking": "Luis loves hiking"); None when it says nothing more ("User's girlfriend is Ana")."""
    found = re.match(
        rf"^\w+'s\s+(?:boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?|spouse),?\s+{re.escape(name)}\b,?\s*(?P<rest>.*)$", text
    )
    rest = found.group("rest") if found else ""
    return f"{name} {rest}" if terms(rest) else None


# "I'm no longer allergic to penicillin": a condition that has ended is a plain fact, not one to heed
NO_LONGER_HEALTH = re.compile(
    r"\b(?:no longer|not|never was|never been|isn't|wasn't|am not|'m not)\s+(?:\w+\s+)?(?:allergic|intolerant|diabetic|asthmatic|celiac|coeliac"
    r"|vegan|vegetarian|pescatarian|keto|halal|kosher)\b",  # (and a diet: "not fully vegan anymore")
    re.I,
)


# what says a fact is corrected or has changed: "actually…", "no longer", "moved", "got pushed to May"
_LEADS = r"^(?:oh,?\s+|um,?\s+)?(?:actually|sorry|correction|oops|wait|hold on|hang on|no,|no\s+wait|no\s+sorry|update|i meant|i mean|scratch that|scrap that|change of plans?|plans? changed)\b|\bnot\s+\w+(?:\s+\w+)?\s+but\b"
_LEADS_CORRECTION = re.compile(_LEADS, re.I)
_SAYS_CORRECTION = re.compile(
    _LEADS + r"|\bno longer\b|^(?:so\s+|and\s+)?now,?\s+(?:it|that|they)(?:'s|'re|\s+is|\s+are)\b"  # "so now it's 1000mg"
    r"|\bnot any\s*more\b|\banymore\b|\bany more\b|\b(?:is|am|are|'m|'re)\s+now\b|(?<!\bfor )\bnow(?:,?\s+(?:thank (?:god|goodness)|phew|thankfully|lol|haha))?\s*[.!]?$|(?<!\bfor )\bnow,?\s+(?:not|instead of|rather than)\s+\S|\bfrom now on\b|\bswitched\b|\bmigrated\b|\bmoved\b|\bturned\b"
    r"|\b(?:got|been|was|is)\s+(?:pushed|postponed|delayed|rescheduled|brought forward|bumped|put off|pushed back|extended|moved|shifted)\b"
    r"|\b(?:I|we)\s+(?:quit|gave up(?: on)?)\s+(?:the|my|our)\b|\b(?:I|we)(?:'ve|\s+have)?\s+(?:stopped|quit)\s+(?:going\s+to|(?!going\b)[a-z]{3,}ing)\b"
    r"|\binstead of\b|\b(?:will be|'ll be|is now|'s now|is going to be)\s+(?:the\s+|my\s+|our\s+)?[a-z][a-z ]{2,30}?\s+instead[.!]*$|\b(?:decided|chose|opted) against\b|\b(?:renamed|rebranded)\b"
    r"|\bback\s+(?:up\s+|down\s+)?to\s+\d"  # "I can go back to 3 coffees a day" (not "back to work")
    r"|^(?:the|my|our)\s+[\w' -]{2,30}?\s+(?:is|are|was)\s+actually\s+(?:on\s+|at\s+|in\s+)?(?:the\s+)?\d"  # "the Fleece gig is actually March 15th"
    r"|^(?:the|my|our)\s+[\w' -]{2,30}?\s+(?:is|are|was)\s+actually\s+(?:on\s+|at\s+|in\s+)?(?-i:[A-Z])"
    # "Puffin pushed the deadline to March 15th", "I raised my rate to 75 an hour": a value of the thing, changed
    r"|\b(?:pushed|postponed|delayed|rescheduled|brought forward|pushed back|put off|extended|moved|(?:had|have|'ve|has) to (?:move|push|postpone|reschedule))\s+(?:(?:the|its|their|our|my|his|her)\s+"
    r"[\w -]{2,30}?|it|that)\s+(?:back\s+|forward\s+)?(?:to|until|till)\s+\w"  # ("she pushed it to January 10")
    r"|\b(?:raised|increased|upped|bumped up|lowered|reduced|cut|dropped|put up|put|changed)\s+(?:(?:the|its|their|our|my|his|her)\s+[\w -]{2,30}?|it|that)\s+(?:up\s+|down\s+)?to\s+[$£€]?\d"
    r"|\b(?:went|gone|rose|risen|jumped|climbed|dropped|fell|fallen)\s+(?:up\s+|down\s+)?to\s+[$£€]?\d"  # "the budget went up to £55k"
    r"|\b(?:went|gone|changed)\s+from\s+(?:\w+ly|part-time|full-time)\s+to\s+(?:\w+ly|part-time|full-time)\s"  # "went from part-time to full-time hours"
    r"|\b(?:gone|went|going|changed|changing)\s+(?:over\s+|back\s+)?to\s+(?:\w+ly|\w+-\w+|day|night|evening|morning|weekend)\s+[a-z]",  # "gone to fortnightly sprints"
    re.I,
)


def leads_correction(sentence: str) -> bool:
    """Whether a sentence says as a whole that it corrects ("Actually, …", "Not Mia but Maya, …"): then all it says
    does; "moved", "now", "anymore" mark only the clause they are in."""
    return _LEADS_CORRECTION.search(sentence) is not None


def says_correction(sentence: str) -> bool:
    """Whether a sentence corrects or updates what was said before ("Actually, I'm 35", "we moved the launch to May")."""
    return _SAYS_CORRECTION.search(sentence) is not None


# "Oh I got the date wrong, the cruise is on the 21st", "Sorry, I have wrong said: Paul is 5": the speaker owns a
# mistake, and what follows is the correction
_OWN_MISTAKE = re.compile(
    r"^(?:(?:oh|oops|sorry|ah|um|hmm|wait)[,!.]?\s+)*"
    r"(?:I(?:\s+have|\s+had|'ve)?\s+(?:got|gotten|had)\s+(?:(?:the|that|this|my|it|a|some)\s+)?(?:\w+\s+){0,2}?wrong"
    r"|I(?:\s+have|\s+had|'ve)?\s+(?:wrong(?:ly)?\s*|mis-?)(?:said|typed|wrote|written|spoke)"
    r"|I\s+(?:said|typed|wrote|told\s+you)\s+(?:(?:it|that|the\s+\w+|something)\s+)?wrong(?:ly)?"
    r"|(?:my\s+)?(?:mistake|bad)|I\s+made\s+(?:(?:a|an)\s+)?(?:mistake|typo|error)|I\s+was\s+wrong)"
    r"(?:\s+(?:earlier|before|last\s+time|there))?\s*(?:[,:;.!]+|\s+-)\s*(?=\S)",
    re.I,
)


def owned_mistake(sentence: str) -> str | None:
    """What a sentence that owns a mistake says in its place ("I got the date wrong, the cruise is on the 21st":
    "the cruise is on the 21st"); None when it owns none."""
    found = _OWN_MISTAKE.match(sentence.strip())
    return sentence.strip()[found.end() :] if found is not None else None


# "it was a really nice time together": a remark on what the clause before told, with no value of its own
_REMARK_ON_IT = re.compile(
    r"^(?:it|that|this)(?:'s|\s+is|\s+was)\s+(?!(?:on|at|in|from|until|till|by|now)\b)(?!.*\d)(?!.*\s(?-i:[A-Z]))", re.I
)


def corrects(clause: str, at: int) -> bool:
    """Whether a clause of a correcting sentence is itself the correction: "Actually, I just took my family camping
    last week - it was a really nice time together" corrects (if anything) with its first clause, not its remark."""
    return at == 0 or says_correction(clause) or _REMARK_ON_IT.match(clause) is None


_FIELD = re.compile(
    r"\b(?:studying|studies|study|majoring in|majors in|a degree in|works in|working in|teaches|teaching)\s+"
    r"(?P<field>(?P<head>(?!(?:for|at|in|with|about|since|from|on|the|and|part|full|hard|now)\b)[a-z][\w-]{2,})"  # (not "for six years")
    r"(?:\s+(?!(?:at|in|for|with|and|since|from|to|on|now)\b)[a-z][\w-]{2,})?)\b"  # ("vet medicine")
)


def field_switched(old: str, field: str, message: str) -> str | None:
    """A memory of what someone studies or works in, with the field they switched to ("User's son Karim is studying
    engineering in Lyon" and "architecture": "… studying architecture in Lyon"); None when it names no field, or
    when the message does not name the old one too ("…, engineering was too dry": "switched to decaf" is no field)."""
    found = _FIELD.search(old)
    if found is None or found.group("field").casefold() == field.casefold():
        return None
    doing = rf"\b(?:teaching|studying|working\s+in|teach|study|work\s+in)\s+{re.escape(field)}\b"  # ("moved to teaching history")
    if not re.search(rf"\b{re.escape(found.group('head'))}\b", message, re.I) and not re.search(doing, message, re.I):
        return None  # ("vet med wasn't for her"; "switched to decaf" is no field)
    return f"{old[: found.start('field')]}{field}{old[found.end('field') :]}"
