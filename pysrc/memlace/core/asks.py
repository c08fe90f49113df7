"""What a turn asks of the assistant (a question, a request: no fact of the speaker's), and of memory itself, read
before anything else: "remember that ...", "remind me to ...", "forget that ...", "never mind what I said about
...", "... is not true any more"; and which keep-out rule ("don't remember anything about my weight") a later memory
falls under. Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.grammar import strip_lead_in, to_third_person
from memlace.core.lexicon import COMMON_CAPITALS, PEOPLE_RELATIONS
from memlace.core.state import MemoryState
from memlace.core.style_rules import HOW_EXPLAINED
from memlace.core.text import terms, text_hash
from memlace.ports import CandidateMemory

# What a turn asks of the assistant tells nothing of the speaker: a question, a request
# "I'm allergic to bees, remember?" states a fact: the tag asks for agreement, not for an answer
TAG_QUESTION = re.compile(
    r",\s*(?:remember|right|you know|ya know|ok|okay|yeah|eh|no|correct|isn't it|don't you think|didn't I tell you)\s*\?+\s*$"
    r"|\s+[-\u2013\u2014]\s+(?:\w+\s+){0,2}\w+,?\s+(?:huh|right|eh)\s*\?+\s*$",  # "- pretty cool, huh?"
    re.I,
)
QUESTION = re.compile(
    r"\?\s*$|^(?:do|does|did|can|could|would|will|should|shall|is|are|was|were|have|has|what|how|why|where|who|which|whose|"
    r"anyone|any idea)\b"
    r"|^when(?!\s+(?:i|i'm|i've|we|we're|my|our|you)\b)",  # "When I was a kid, …", "When I ask for a recipe, …" tell
    re.I,
)
REQUEST = re.compile(
    # (not how every explanation should be: "explain simply", "explain things step by step")
    rf"^(?!.*\bfrom now on\b)(?!{HOW_EXPLAINED})"
    r"(?:please\s+)?(?:write|summari[sz]e|explain|translate|tell|give|show|help|make|find|recommend|suggest|list|draft|create|generate|"
    r"check|fix|plan|book|send|remind|look up|search|compare|describe|calculate|convert|rewrite|edit|review|let's|let us|"
    r"imagine|pretend|suppose|act as|role-?play|wish me|(?:don't|do not) let me forget)\b"  # (a make-believe the assistant is asked to play along with)
    # "so we need restaurant ideas that work for both of us": asked for, not told
    r"|^(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+(?:really\s+|just\s+|still\s+)?(?:need|want|could use|looking for)\s+"
    r"(?:some\s+|a\s+few\s+|more\s+|new\s+|good\s+)?(?:[\w-]+\s+){0,2}(?:ideas|suggestions|recommendations|tips|inspiration|options)\b",
    re.I,
)

_REMEMBER = re.compile(
    r"^(?:please\s+|oh,?\s+and\s+|also,?\s+)?(?:remember|keep in mind|don't forget|do not forget|never forget|make a note|note down|save)"
    # ("Remember Jon, just do it!" speaks to Jon; "Remember when we went camping?" looks back: neither asks to keep)
    r"(?!\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\s*[,!]|\s+(?:when|how|that\s+time|the\s+time|those\s+days)\b)"
    r"(?:\s+(?:that|this|the fact that))?[,:]?\s+(?P<body>.+)",
    re.I,
)
_REMIND = re.compile(
    r"^(?:please\s+|can you\s+|could you\s+|will you\s+)?remind me\s+(?:to\s+(?P<task>[^?]+)|(?:that\s+)?(?P<body>(?:I|my)\b[^?]+))",
    re.I,
)
_FORGET = re.compile(
    r"^(?:please\s+)?(?:forget|don't remember|do not remember|stop remembering|no need to remember|unlearn"
    r"|(?:never\s*mind|ignore|disregard|scratch|scrap|strike)(?=\s+(?:what\s+I\s+(?:said|told\s+you)|that\s+I|(?:the|that)\s+(?:thing|part|bit))\b)"
    r"|(?:scratch|scrap|strike|drop|ignore|disregard|cancel)(?=\s+(?:the|that|this|my)\s+(?:whole\s+)?[\w\s/-]{1,30}?\s+(?:thing|stuff|bit|part|rule)\b)"
    r"|(?:delete|remove|erase|wipe)(?=\s+(?:what|everything|anything|all)\s+you\s+(?:know|remember|have)\b))"
    r"(?:\s+(?:that|about|the fact that|the memory that))?[,:]?\s+(?P<body>.+)"
    r"|^(?:that\s+)?(?P<stale>.+?)\s+(?:is|isn't|is not|are not|aren't)\s+(?:not\s+)?(?:true|right|correct|the case)\s+any\s*more\b",
    re.I,
)
# "Forget anything about my knee, please": what is to go is whatever mentions the knee
_FORGET_TOPIC = re.compile(
    r"^(?:anything|everything|all|whatever|what)\s+(?:(?:you know|you remember|you have|I (?:said|told you))\s+)?"
    r"(?:about|regarding|concerning|on|to do with|related to)\s+"
    r"|^(?:the\s+)?(?:thing|part|bit|stuff|one)\s+(?:about|regarding|with)\s+(?:the\s+)?",  # "that thing about the dentist"
    re.I,
)
# "Forget the job thing": what is to go is the job
_THING = re.compile(r"^(?:the|that|this|my)\s+(?:whole\s+)?(?P<topic>.+?)\s+(?:thing|stuff|business|bit|idea|plan)$", re.I)
# "... the job thing, I decided to stay": what follows is no part of what to forget
_AFTER_TOPIC = r"(?:(?<=thing)|(?<=stuff)|(?<=bit)|(?<=part)|(?<=idea)|(?<=plan)|(?<=rule))"  # where "the tabs thing" ends
_THEN = re.compile(
    r"\s*(?:[,;]|\s-)\s+(?=(?:I|I'm|I've|I'll|we|we're|but|since|because|as|it|it's|that's|they|they're|he|he's|she|she's|his|her|their|"
    r"nothing|nobody|there's|that\s+(?:was|is|were)|I\s+meant)\b).*$"
    rf"|{_AFTER_TOPIC}\s*(?:[,;]|\s-)\s+.*$"  # "scratch the tabs thing, the team uses spaces"
    rf"|{_AFTER_TOPIC}\s+(?=(?:now\s+|as\s+|since\s+)?(?:I|I'm|I've|we|we're|it's|that's|they|they're)\s).*$"  # "forget the greggs thing I got a job …"
    r"|\s*[.!]\s+(?=\S).*$",  # "forget that I'm retired. I went back to work.": the next sentence
    re.I,
)
# what is told after the request, in the speaker's own words ("…, I actually went back to work part-time")
_LATER_SENTENCE = re.compile(r"[.!]\s+(?=(?:I|I'm|I've|I'll|we|we're|my|our)\b)", re.I)  # a sentence of the speaker's after
_TOLD_AFTER = re.compile(r"^\s*(?:[,;.!]|\s-)?\s+(?:(?:and|so)\s+)?(?P<told>(?:I|I'm|I've|I'll|we|we're|my|our)\b.+)$", re.I)
# "…, he switched to day shifts": told of the one the request named first ("forget that Sam works nights")
_TOLD_OF_THEM = re.compile(
    r"^\s*(?:[,;.!]|\s-)?\s+(?:(?:and|so)\s+)?(?:he|she|they)\s+(?P<rest>(?!(?:is|was|'s|changed\s+(?:her|his|their)\s+minds?)\b)[a-z]\w+\b.+)$",
    re.I,
)
# "…, she's full-time since Monday": what the one the request named is now
_NOW_OF_THEM = re.compile(
    r"^\s*(?:[,;.!]|\s-)?\s+(?:(?:and|so)\s+)?(?:he|she)(?:'s|\s+is)\s+(?P<rest>(?!(?:not|no|fine|ok|okay|alright|right|wrong|"
    r"still|just|only|going|staying|leaving|the|a|an|my|our)\b)[\w-]+.*)$",
    re.I,
)
# "forget that I'm allergic to latex, that was my brother Cian": the fact was someone else's
_WAS_THEIRS = re.compile(
    r"^\s*(?:[,;.!]|\s-)?\s+(?:(?:it|that)(?:'s|\s+is|\s+was)|I\s+meant)\s+(?:actually\s+)?"
    rf"(?P<who>my\s+(?:{'|'.join(sorted(PEOPLE_RELATIONS, key=len, reverse=True))})(?:\s+(?-i:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+))?"
    r"|(?-i:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+))(?:,?\s+not\s+me)?[.!]*$",
    re.I,
)
# "forget that I have a cat, it's my flatmate's", "forget the puppy thing, it's my sister's dog, we're minding him":
# the thing is someone else's (and what follows is still told)
_THING_THEIRS = re.compile(
    r"^\s*(?:[,;.!]|\s-)?\s+(?:it|that|they)(?:'s|'re|\s+is|\s+are|\s+was)\s+(?:actually\s+)?"
    rf"(?P<who>my\s+(?:{'|'.join(sorted(PEOPLE_RELATIONS, key=len, reverse=True))})(?:\s+(?-i:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+))?)'s?"
    r"(?:\s+(?P<thing>(?!not\b)[a-z]+))?(?P<rest>[,;.!]\s+.+)?[.!]*$",
    re.I,
)
_HAD = re.compile(r"^(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+)?(?:have|own|got|have got|bought|adopted)\s+(?P<thing>an?\s+[a-z]+)\b", re.I)
_OF_MINE = re.compile(r"\b(?:I|I'm|I've|me|my|mine|myself)\b", re.I)
_NAMED_FIRST = re.compile(r"^[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?=\s)")  # (a name, not "My" or "The": see COMMON_CAPITALS)
# ... unless it speaks of the request itself ("I don't want it stored", "I'd rather you didn't know that")
_OF_THE_ASK = re.compile(
    r"\b(?:it|(?:that|this)(?!\s+(?:year|week|month|morning|afternoon|evening|weekend|summer|winter|spring|autumn|term|semester)\b)"
    r"|them|those|stor\w*|remember\w*|sav\w*|kept|keep\w*|private|know\w*|record\w*)\b",  # (not "this year": a time)
    re.I,
)
# "…, please", "… entirely": how it is asked, no part of what is to go
_POLITE_TAIL = re.compile(
    r"(?:[,\s]*(?:please|pls|thanks|thank you|for me|ok|okay|entirely|completely|altogether|for good|too|as well|for now|for the moment|for the time being)[.!?\s]*)+$",
    re.I,
)


# "Don't remember anything about my weight", "stop storing my salary": forget it, and keep it out from now on
_KEEP_OUT = re.compile(
    r"^(?:please\s+)?(?:(?:don't|do not|never)\s+(?:remember|store|save|keep|record|track)|stop\s+(?:remembering|storing|saving|tracking))\b",
    re.I,
)


def asks_to_keep_out(text: str) -> bool:
    """Whether a forget request also asks that what it names is never kept again ("don't remember anything about
    my weight"), where "forget that …" is about what was said."""
    return _KEEP_OUT.match(strip_lead_in(text.strip())) is not None


_SENTENCE_START = re.compile(r"(?<=[.!?])\s+(?=\S)")


def _asked_from(text: str) -> int | None:
    """Where a message's forget request starts: 0 when it opens with one, a later sentence's offset when that one asks
    ("He already has a Garmin. Forget that he likes cycling"); None when none asks."""
    if _FORGET.match(strip_lead_in(text.strip())) is not None:
        return 0
    for start in _SENTENCE_START.finditer(text):
        asked = _FORGET.match(strip_lead_in(text[start.end() :]))
        if asked is not None and asked.group("body"):  # (asked plainly: "That's not true any more" is of what came before)
            return start.end()
    return None


def asks_to_forget(text: str) -> bool:
    """Whether a message asks memory to forget something ("forget that ...", "... is not true any more")."""
    return _asked_from(text) is not None


def said_before_forget(text: str) -> str:
    """What a message says before a forget request in a later sentence ("He already has a Garmin.")."""
    at = _asked_from(text)
    return text[:at].strip() if at else ""


def what_to_forget(text: str) -> str | None:
    """What a forget request names ("" when it names nothing, or owns a mistake it puts right: see told_after_forget);
    None when the turn asks no such thing."""
    at = _asked_from(text)
    if at is None:
        return None
    if owned_not_forgotten(text) is not None:
        return ""
    forget = _FORGET.match(strip_lead_in(text[at:].strip()))  # "Actually, forget the job thing"
    if forget is None:
        return None
    body = strip_lead_in(forget.group("body") or forget.group("stale") or "")
    body = _FORGET_TOPIC.sub("", re.sub(r"^that\s+", "", body, flags=re.I))
    body = _POLITE_TAIL.sub("", _THEN.sub("", body))
    thing = _THING.match(body)
    return thing.group("topic") if thing else body


def told_after_forget(text: str) -> str | None:
    """What a forget request's turn goes on to tell of the speaker ("please forget that I'm retired, I actually went
    back to work part-time": "I actually went back to work part-time"), to be read as any statement is."""
    if (owned := owned_not_forgotten(text)) is not None:  # "forget about the greyhounds, I told you wrong - they're whippets"
        return owned
    forget = _FORGET.match(strip_lead_in(text[_asked_from(text) or 0 :].strip()))
    body = (forget.group("body") or forget.group("stale") or "") if forget else ""
    cut = _THEN.search(body)
    theirs = _WAS_THEIRS.match(cut.group(0)) if cut else None
    spoken = strip_lead_in(re.sub(r"^that\s+", "", body[: cut.start()] if cut else "", flags=re.I))
    if (
        theirs is not None
        and (mine := re.match(r"(?:I'm|I\s+am|I've|I\s+have|I)\s+", spoken))
        and not _OF_MINE.search(spoken[mine.end() :])
    ):
        who = theirs.group("who")  # ("I'm allergic to latex": "My brother Cian is allergic to latex")
        return f"{who[:1].upper()}{who[1:]}{to_third_person(spoken, 'Someone')[len('Someone') :]}"
    if theirs is not None and (other := re.match(r"(?:he|she)(?:'s|\s+is)?\s+", spoken, re.I)) is not None:
        who = theirs.group("who")  # ("he likes cycling actually, that's my brother Raj": "My brother Raj likes cycling")
        rest = re.sub(r"\s+actually\b", "", spoken[other.end() :], flags=re.I)
        return f"{who[:1].upper()}{who[1:]} {'is ' if other.group(0).strip().lower() not in ('he', 'she') else ''}{rest}"
    if cut is not None and (thing := _THING_THEIRS.match(cut.group(0))) is not None:
        had = _HAD.match(spoken)
        topic = what_to_forget(text) or ""  # ("forget the puppy thing, it's my sister's": a puppy)
        what = f"a {thing.group('thing')}" if thing.group("thing") else had.group("thing") if had else None
        what = what or (f"a {topic}" if re.fullmatch(r"[a-z]+", topic) else None)
        rest = re.sub(r"^[,;.!]\s+(.)", lambda first: f". {first.group(1).upper()}", thing.group("rest") or "")
        if what:  # ("we're just minding him": the dog, not whoever was named last)
            rest = re.sub(r"\b(?:him|her|it)\b", f"{thing.group('who')}'s {what.split()[-1]}", rest, count=1)
        return f"{thing.group('who')[:1].upper()}{thing.group('who')[1:]} has {what}{rest}" if what else None
    told = _TOLD_AFTER.match(cut.group(0)) if cut else None
    named = _NAMED_FIRST.match(body)
    if (
        told is None and cut is not None and named is not None and named.group(0) not in COMMON_CAPITALS
    ):  # "forget that Sam works nights, he switched to days"
        of_them = _TOLD_OF_THEM.match(cut.group(0))
        now = _NOW_OF_THEM.match(cut.group(0)) if of_them is None else None  # ("she's full-time now": "Nadia is …")
        if (said := of_them or now) is not None and not _OF_THE_ASK.search(said.group("rest")) and not asks_to_keep_out(text):
            return f"{named.group(0)} {'is ' if now else ''}{said.group('rest')}"
    if told is None and cut is not None and (later := _LATER_SENTENCE.search(cut.group(0))) is not None:
        told = _TOLD_AFTER.match(f" {cut.group(0)[later.end() :]}")  # ("…, she left. My new manager is Joost.")
    # ("Don't remember this, but I'm job hunting": what follows "this" is what is not to be kept)
    if told is None or cut is None or not set(terms(body[: cut.start()])) or _OF_THE_ASK.search(told.group("told")):
        return None
    if asks_to_keep_out(text):  # "Don't remember anything about my ex. We broke up in June": what follows is of it
        return None
    return re.sub(r"\s+actually\b", "", told.group("told"), count=1, flags=re.I)  # (the request said so)


_REMEMBER_AFTER = re.compile(
    r"^(?P<body>[^.!?]+?)[,;]?\s+(?:so\s+|and\s+)?(?:please\s+|pls\s+)?"
    r"(?:(?:remember|note|don't\s+forget|keep\s+in\s+mind)\s+(?:that|this|it)|(?:keep|bear)\s+(?:that|this|it)\s+in\s+mind)"
    r"(?:\s+(?:please|pls|for\s+me))?[.!]*$",
    re.I,
)
# who does the remembering, before "remember that": "I hope you", "I'll try and"
_REMEMBERS_IT = re.compile(r"\b(?:you|hope|want|can|will|could|should|must|would|try|and|to|gonna|please)$", re.I)
_TO_YOU = re.compile(r"^\W*(?:[\w'-]+\s+){0,3}?(?:you|your|you're|you've|yourself)\b", re.I)


def what_to_remember(text: str) -> tuple[str, bool]:
    """The words to read and whether the user asked for them to be kept ("Remember that my sister's wedding is
    on 12 June"; "Remind me to book the MOT next Friday": a task of the user's, with its day)."""
    after = _REMEMBER_AFTER.match(strip_lead_in(text))  # "I'm allergic to sulfa drugs, please remember that"
    if after is not None and len(after.group("body").split()) >= 2 and not _REMEMBERS_IT.search(after.group("body")):
        return after.group("body"), True  # (not "I hope you remember that", "I'll try and remember that")
    remember, remind = _REMEMBER.match(strip_lead_in(text)), _REMIND.match(strip_lead_in(text))
    if remember and re.fullmatch(r"(?:that|this|it)[.!]*", remember.group("body").strip(), re.I):
        return text, False  # "Please remember that.": of what was said before, which was read as said
    if remember:  # ("Remember that you're amazing" cheers the listener on and asks nothing)
        return (text, False) if _TO_YOU.match(remember.group("body")) else (remember.group("body"), True)
    if remind:
        return (f"I need to {remind.group('task')}" if remind.group("task") else remind.group("body")), True
    return text, False


def kept_out_words(text: str, subject: str | None) -> set[str]:
    """Digests of a text's words by their first five letters ("weight" and "weighs" alike), its subject's left out:
    what a keep-out rule holds in place of the words it keeps out."""
    stems = {t[:5] for t in terms(text) if len(t) >= 4} - {t[:5] for t in terms(subject or "User")}
    return {text_hash(stem)[:12] for stem in stems}


def kept_out(state: MemoryState, candidate: CandidateMemory) -> str | None:
    """The keep-out rule ("don't remember anything about my weight") a candidate falls under, if any: one whose
    topic shares a word with it."""
    said: set[str] | None = None
    for rule_id in sorted(state.kept_out):
        rule = state.memories.get(rule_id)
        if rule is not None and rule.value:
            said = kept_out_words(candidate.text, candidate.subject) if said is None else said
            if said & set(rule.value.split()):
                return rule_id
    return None


# "forget about the greyhounds, I told you wrong - they're whippets": no forget, a mistake owned and put right
_FORGET_THEN_OWNED = re.compile(
    r"^(?:(?:oh|ok|okay|sorry|wait|actually|no)[,!]?\s+)*(?:forget|scratch|ignore|disregard)\s+(?:about\s+)?(?:what\s+I\s+said\s+about\s+)?"
    r"(?:the|that|my)\s+[^,;.\-\u2013]{1,40}?\s*(?:[,;.]|\s[-\u2013])\s*"
    r"(?P<owned>(?:sorry,?\s+)?(?:I\s+(?:told\s+you|said\s+(?:it|that))\s+wrong|I\s+got\s+(?:it|that|them)\s+wrong|I\s+was\s+wrong|my\s+(?:mistake|bad))\b.*\S.*)$",
    re.I,
)


# "forget what I said about Power BI, we're switching to Tableau": no forget, a change of the one thing for another
_NAME_RUN = r"(?-i:[A-ZÀ-ÖØ-Þ])[\w&'+#.-]*(?:\s+(?-i:[A-ZÀ-ÖØ-Þ])[\w&'+#.-]*){0,2}"
_FORGET_THEN_SWITCHED = re.compile(
    r"^(?:(?:oh|ok|okay|sorry|wait|actually|no|also)[,!]?\s+)*(?:forget|scratch|ignore|disregard)\s+(?:about\s+)?"
    rf"(?:what\s+I\s+said\s+about\s+|the\s+)?(?P<old>{_NAME_RUN})(?:\s+(?:thing|stuff|bit))?\s*(?:[,;.]|\s[-\u2013])\s*"
    r"(?P<who>I|we)(?:'re|'m|'ve|\s+are|\s+am|\s+have)?\s+(?:now\s+|just\s+)?(?:switching|switched|moving|moved|changing|changed|migrating|migrated)"
    rf"\s+(?:over\s+)?to\s+(?P<new>{_NAME_RUN})(?:\s+(?:now|instead))?[.!]*$",
    re.I,
)


def owned_not_forgotten(text: str) -> str | None:
    """What a forget request that owns a mistake and puts it right says in its place ("forget about the greyhounds, I
    told you wrong - they're whippets": "I told you wrong - they're whippets"; "forget what I said about Power BI, we're
    switching to Tableau": "we switched from Power BI to Tableau"); None for any other text."""
    if (switched := _FORGET_THEN_SWITCHED.match(text.strip())) is not None:
        return f"{switched.group('who')} switched from {switched.group('old')} to {switched.group('new')}"
    found = _FORGET_THEN_OWNED.match(text.strip())
    return found.group("owned") if found is not None and re.search(r"[-\u2013,:;]\s*\S", found.group("owned")) else None
