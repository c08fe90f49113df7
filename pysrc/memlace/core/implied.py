"""What is said without its "I" ("Just finished my first marathon!", "Researching adoption agencies") and what only
looks so: a doing that is its sentence's subject ("Taking care of myself helps me"), an adverb that opens a sentence
about something else ("Recently, education reform and infrastructure"); and what a sentence leaves to be understood,
said in full: "none of us", "no kids, just two cats", "…with nuts, Max is allergic" (to nuts), "the vet said to …",
"the landlord says no pets". Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.lexicon import ING_QUALITIES, OWN_SUBJECTS
from memlace.core.topics import names_medicine

# what is said without its "I": "Just finished my first marathon!", "Researching adoption agencies"
IMPLIED_I = re.compile(
    # ("read The Martian already, loved it": what one has done, not an order, by its "already")
    r"^(?:already|(?:read|watched|seen|tried|played|done)(?=\s[^.!?]*\balready\b)|just|finally|recently|been|got|went|started|finished|bought|made|took|had|spent|visited|gotta|wanna|won't|can't|still|"
    r"raised|upped|lowered|increased|sold|moved|joined|quit|booked|signed|switched|upgraded|migrated|"
    r"love|loved|hate|miss|missed|need|want|wanted|trying|working|thinking|planning|hoping|looking|"
    # an activity going on ("Researching adoption agencies", "Volunteering at the shelter on Sundays")
    r"researching|reading|painting|writing|learning|studying|training|practicing|practising|preparing|volunteering|"
    r"saving|building|teaching|cooking|baking|applying|moving|starting|finishing|visiting|travelling|traveling|"
    r"hosting|organizing|organising|attending|joining|taking|getting|doing|making|heading|"
    # a negation with no "I" ("Don't think I'm helping", "Haven't slept in weeks"); "Don't worry" is advice
    r"(?:haven't|hadn't|didn't|wasn't)|don't\s+(?=(?:think|feel|know|have|remember|want|need|like|get|see|understand|believe|really|even|usually)\b))\b",
    re.I,
)

# "Love and acceptance can be found everywhere", "Working together, we can…", "Taking in kids in need - you're so
# kind": a noun is the subject, or another subject follows the doing ("Working on an app called Tidepool, it's for
# surfers": "it" is what the doing named); nor is "just" before no verb ("Just something nice to take my mind off it")
_ANOTHER_SUBJECT = re.compile(
    r"^(?:love|hate)\s+and\b|^\w+ing's\b"
    r"|^\w+ing\b(?![^,]{0,60}\b(?:called|named)\s+(?-i:[A-Z]))[^,]{0,60}(?:,|\s-|-\s)\s*(?:we|they|you|he|she|it(?!'s\s+(?:on|at|next|this)\b))\b"
    r"|^just\s+(?:a|an|the|some|something|nothing|one|my|your|this|that|like|because|as|for|in)\b",
    re.I,
)
# the doing's own words: up to a "but" or an "and" before a subject ("Working late and I'm tired" is the speaker's)
_DOING = re.compile(r"^\w+ing\b(?:(?!\s+(?:but|and\s+(?:I|I'm|we|he|she|they|it|you))\b)[^;:!?.])*", re.I)
# a verb whose subject is the doing: "Starting a business takes courage", "Building trust … really does make a difference"
_ITS_VERB = re.compile(
    r"\s(?:(?:really|also|just|always|truly|definitely|actually)\s+)*(?P<verb>is|was|isn't|wasn't|has|would|will|can|could|"
    r"should|helps|makes|made|does|doesn't|keeps|gives|gave|means|meant|brings|matters|takes|took|feels|reminds|teaches|"
    r"taught|sounds|seems|gets|inspires|requires)\b(?:\s+(?P<next>\w+))?",
    re.I,
)
_OPENING_ADVERB = re.compile(r"^(?:just|finally|recently|still)\s*,\s*", re.I)


def _doing_is_subject(text: str) -> bool:
    """ "Taking care of myself physically, emotionally, and mentally helps me": the doing is what helps; nobody is said
    to be taking care ("Making time for ourselves and our families is key": "and" joins what the doing is of)."""
    doing = _DOING.match(text)
    if doing is None:
        return False
    for verb in _ITS_VERB.finditer(doing.group(0)):
        before = doing.group(0)[: verb.start()].split()
        if len(before) < 2 or len(before) > 16 or before[-1].lower().strip(",") in OWN_SUBJECTS:
            continue  # ("Trying to figure out what helps me sleep": "what" helps)
        after = (verb.group("next") or "").lower()
        if verb.group("verb").lower() in ("is", "was") and after.endswith("ing") and after not in ING_QUALITIES:
            continue  # ("Planning a trip my sister is organizing": a verb going on, not "Caring for him is exhausting")
        return True
    return False


def says_without_i(text: str) -> bool:
    """Whether a sentence is the speaker's own with its "I" left out: "Just finished my first marathon!", "Finally, got
    the job"; not "Recently, education reform and infrastructure" nor "Building trust really does make a difference"."""
    opening = _OPENING_ADVERB.match(text)
    if opening is not None:
        return says_without_i(text[opening.end() :])
    return IMPLIED_I.match(text) is not None and _ANOTHER_SUBJECT.match(text) is None and not _doing_is_subject(text)


# "Neither of us likes spicy food", "none of us eat pork": what the speaker and those with them do not do
_NONE_OF_US = re.compile(
    r"^(?:and\s+|but\s+|also,?\s+|oh\s+and\s+)?(?:neither|none)\s+of\s+us\s+(?:really\s+)?(?P<verb>[a-z]+)\b(?P<rest>.*)$", re.I
)
_NOT_A_DOING = frozenset(
    ["is", "are", "was", "were", "can", "could", "will", "would", "should", "must", "might", "may", "do", "does", "did"]
)


def _bare(verb: str) -> str:
    """ "likes" -> "like", "watches" -> "watch", "has" -> "have", "eat" -> "eat"."""
    if verb == "has":
        return "have"
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("shes", "ches", "xes", "sses", "zzes", "oes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def none_of_us(clause: str) -> str:
    """ "Neither of us likes spicy food": "we don't like spicy food" (so it is the speaker's dislike too)."""
    found = _NONE_OF_US.match(clause.strip())
    verb = found.group("verb").lower() if found is not None else ""
    if found is None or verb in _NOT_A_DOING:
        return clause
    return f"we don't {_bare(verb)}{found.group('rest')}"


# "and lisinopril 10mg in the morning", after "my doctor put me on metformin": a medicine and its dose, said alone
_DOSE_ALONE = re.compile(
    r"^(?:(?:and|also|plus|oh and)\s+)?(?P<what>[a-z][\w-]+\s+\d+(?:\.\d+)?\s*(?:mg|mcg|ml|iu|units)\b[^?]*?)[.!]*$", re.I
)


def medicine_alone(sentence: str) -> str:
    """A medicine with its dose said with no verb, as the speaker's: "and lisinopril 10mg in the morning" -> "I take
    lisinopril 10mg in the morning"."""
    found = _DOSE_ALONE.match(sentence.strip())
    if found is None or not names_medicine(found.group("what")):
        return sentence
    return f"I take {found.group('what')}"


# "I don't have any kids, just two cats, Pixel and Nova": what one has not, then what one has instead
_NONE_BUT = re.compile(
    r"^(?P<who>I|we)\s+(?P<neg>don't|do\s+not)\s+have\s+(?P<none>(?:any\s+)?[a-z]+(?:\s+[a-z]+)?)\s*,?\s+"
    r"(?:just|only|but)\s+(?P<has>(?:a|an|one|two|three|four|five|\d)\s+.+)$",
    re.I,
)


def none_but(clause: str) -> list[str]:
    """ "I don't have any kids, just two cats": ["I don't have any kids", "I have two cats"]; else the clause alone."""
    found = _NONE_BUT.match(clause.strip())
    if found is None:
        return [clause]
    who = found.group("who")
    return [f"{who} {found.group('neg')} have {found.group('none')}", f"{who} have {found.group('has')}"]


# "please stop suggesting recipes with nuts, Max is allergic": what he is allergic to is what the request named
_ALLERGIC_TO_IT = re.compile(
    r"^(?P<ask>(?:please\s+)?(?:stop|don't|do\s+not|never|no\s+more)\s+(?:suggesting|suggest|recommending|recommend|giving\s+me|adding|"
    r"putting|using|including|include|add|use)\b[^,;]*?\b(?:with|containing|that\s+have|that\s+contain)\s+(?P<what>[a-z][\w -]{1,30}?))"
    r"\s*(?:,|;|\s-|\s+(?:because|since|as|cause|'cause))\s*(?P<who>(?:my\s+)?[\w]+|he|she|they|I)(?P<be>\s+is|\s+are|\s+am|'s|'re|'m)\s+"
    r"(?P<how>(?:severely|very|deathly|seriously|really|so)\s+)?allergic(?:\s+to\s+(?:it|them|those|that))?\s*[.!]*$",
    re.I,
)


def allergen_named(sentence: str) -> str:
    """ "please stop suggesting recipes with nuts, Max is allergic": "… with nuts, Max is allergic to nuts"."""
    found = _ALLERGIC_TO_IT.match(sentence.strip())
    if found is None:
        return sentence
    return f"{found.group('ask')}, {found.group('who')}{found.group('be')} {found.group('how') or ''}allergic to {found.group('what')}"


# "the vet said to switch her to a low carb wet food": what one was told to do, the speaker's to do
_TOLD_TO = re.compile(
    r"^(?P<who>(?:the|my|our)\s+(?:vet|doctor|gp|physio|consultant|dentist|midwife|nurse|specialist|surgeon|dietitian))\s+"
    r"(?:said|says|wants\s+(?:me|us))\s+to\s+(?P<do>[a-z].+)$",  # ("told me to": grammar's advice, alike)
    re.I,
)
# "the landlord says no pets though, …": what the landlord does not allow
_SAYS_NO = re.compile(
    r"^(?:the|my|our)\s+(?P<who>landlord|landlady|building|school|nursery|gym|work|boss|office|hotel|airline)\s+(?:says|said)\s+no\s+"
    r"(?P<what>[a-z]+(?:\s+[a-z]+)?)(?:\s+though)?(?P<rest>(?:,|\s+-|\s+so\b).*)?$",
    re.I,
)


def told_by_them(sentence: str) -> str:
    """ "the vet said to switch her to a low carb wet food": "I need to switch her to …"; "the landlord
    says no pets though, so …": "my landlord doesn't allow pets, so …"; else the sentence as it is."""
    said = sentence.strip()
    if (told := _TOLD_TO.match(said)) is not None:
        return f"I need to {told.group('do')}"  # (as "my physio told me to …" is read: what one must do)
    if (refused := _SAYS_NO.match(said)) is not None:
        return f"my {refused.group('who').lower()} doesn't allow {refused.group('what')}{refused.group('rest') or ''}"
    return sentence
