"""What a short reply to the assistant says, read with the assistant's turn before it: "no, supabase" to "Do you use
Firebase?", "window, always" to "Do you prefer window or aisle seats?", "been there twice" after it suggested the
Prado. Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.dates import MONTHS, WEEKDAYS, has_time_expression
from memlace.core.lexicon import COMMON_CAPITALS
from memlace.core.text import STOPWORDS, terms
from memlace.core.what_answers import guessed_given, liked_given, often_given, what_given

# "Do you use Firebase?" asked, "no, supabase" answered: what the user does, said in the question's words
_ASKED_YOU = re.compile(
    # ("Would you like a summary or a list?", "Do you want me to shorten it?" ask about this answer, not about the user)
    r"\b(?:do|did)\s+you\s+(?P<verb>use|have|own|play|speak|drink|eat|like|prefer|want|work with|live in|work at|work for)\s+"
    r"(?!(?:me|us|to|it|this|that)\b)"
    r"(?P<thing>[^?]{1,60})\?\s*$",
    re.I,
)
_NO_BUT = re.compile(
    r"^(?:no|nope|nah)[,.!]?\s+(?:I use\s+|we use\s+|it's\s+|just\s+|only\s+)?(?P<other>[\w.+#-]+(?:\s+[\w.+#-]+){0,2})[.!]*$", re.I
)
_NO_THING = frozenset({"idea", "clue", "way", "problem", "worries", "thanks", "rush", "need", "chance", "time", "more", "thank"})
_YES = re.compile(r"^(?:yes|yeah|yep|yup|I do|we do|sure do)[.!]*$", re.I)


def _chosen(sentence: str, thing: str) -> str | None:
    """Which of two things asked about ("window or aisle seats") a reply opens with, with the rest of the reply:
    "window, always" -> "window seats, always"; None when it names neither or both."""
    options = re.split(r"\s+or\s+", thing)
    head, rest = re.match(r"([^,.!;]*)(.*)$", sentence).groups()  # type: ignore[union-attr]
    said = set(terms(head))
    hits = [option for option in options if set(terms(option)) & said] if len(options) == 2 else []
    if len(hits) != 1 or len(head.split()) > 4:
        return None
    chosen = hits[0]
    if chosen == options[0] and len(chosen.split()) == 1 and len(options[1].split()) > 1:
        chosen += " " + options[1].split()[-1]  # "window" of "window or aisle seats": window seats
    return chosen + rest.rstrip(".!")


# "You might enjoy the Prado museum" suggested, "been there twice already" answered: there is the Prado museum
_SUGGESTED = re.compile(
    r"\b(?:enjoy|visit|recommend|try|about|see|check out)\s+(?P<place>(?:the\s+)?[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?:\s+(?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*|museum|park|market|gardens?))*)"
)
_BEEN_THERE = re.compile(r"^(?P<head>(?:I've\s+|I have\s+|we've\s+)?(?:already\s+)?been)\s+there\b", re.I)


def there_named(sentence: str, suggestion: str) -> str:
    """ "been there twice already", after the assistant suggested one place: "been to the Prado museum twice already"."""
    been = _BEEN_THERE.match(sentence)
    places = {m.group("place") for m in _SUGGESTED.finditer(suggestion)}
    if been is None or len(places) != 1:
        return sentence
    return f"{been.group('head')} to {places.pop()}{sentence[been.end() :]}"


# "Dev got an offer in Vancouver so we're moving there in the spring": "there" is the place said just before
_GOING_THERE = re.compile(
    # ("I've been there 8 years" is how long one has worked or lived there, not a visit)
    r"\b(?!been\s+there\s+(?:for\s+)?(?:(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|several|many)\s+(?:years?|months?|weeks?|decades?)|(?:ever\s+)?since)\b)"
    r"(?P<verb>mov(?:e|es|ed|ing)|relocat(?:e|es|ed|ing)|go(?:es|ing)?|went|been|liv(?:e|es|ed|ing)|stay(?:s|ed|ing)?)\s+there\b",
    re.I,
)
# (or loved, missed or visited: "I love Lisbon! We went there last May")
_PLACE_SAID = re.compile(
    rf"\b(?:in|to|at|from|(?i:love|loved|adore|adored|miss|missed|visit|visited|visiting))\s+(?!(?i:{'|'.join(MONTHS + WEEKDAYS)})\b)(?P<place>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+)*))"
)


# "I teach at St Mary's primary. I've been there since 2015": how long one has taught at St Mary's primary
_BEEN_THERE_SINCE = re.compile(
    r"^(?:(?:and|so)\s+)?(?:(?:I|we)(?:'ve|\s+have)\s+)?been\s+there\s+(?P<span>(?:for\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|several|many|a\s+few|a\s+couple\s+of)\s+(?:years?|months?|weeks?|decades?)|(?:ever\s+)?since\s+\S.*)$",
    re.I,
)
_DONE_AT = re.compile(
    r"\b(?P<verb>work|teach|study|live|volunteer)(?:s|ing)?\s+(?P<prep>at|in|for)\s+(?P<place>(?:the\s+)?(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w'-]*(?:\s+(?:on\s+)?[A-ZÀ-ÖØ-ÞĀ-Ž\w'-]+){0,3}"
    r"|the\s+[a-z][\w'-]*(?:\s+(?:on|in)\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w'-]*(?:\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w'-]*)?)?)",
    re.I,
)
_DONE = {"work": "worked", "teach": "taught", "study": "studied", "live": "lived", "volunteer": "volunteered"}


_BEEN_THERE_AFTER = re.compile(r"^(?P<head>.+?),\s+(?P<rest>(?:and\s+)?(?:(?:I|we)(?:'ve|\s+have)\s+)?been\s+there\b.*)$", re.I)


def _there_since(clause: str, said_before: str) -> str | None:
    after = _BEEN_THERE_AFTER.match(clause.strip())  # ("I work at the bakery, been there 6 years": one clause)
    clause, said_before = (after.group("rest"), after.group("head")) if after else (clause, said_before)
    been, done = _BEEN_THERE_SINCE.match(clause.strip()), list(_DONE_AT.finditer(said_before))
    if been is None or len(done) != 1:
        return None
    span = been.group("span")
    span = span if span.lower().startswith(("for ", "since ", "ever ")) else f"for {span}"
    return f"I have {_DONE[done[0].group('verb').lower()]} {done[0].group('prep').lower()} {done[0].group('place')} {span}"


def there_placed(clause: str, said_before: str) -> str:
    """A clause's "moving there" with the place the message named before it, when it named one; "I've been there
    since 2015" after "I teach at St Mary's" is how long one has taught there."""
    if (since := _there_since(clause, said_before)) is not None:
        return since
    going = _GOING_THERE.search(clause)
    places = [m.group("place") for m in _PLACE_SAID.finditer(said_before)]
    if going is None or not places:
        return clause
    to = "in" if going.group("verb").lower().startswith(("liv", "stay")) else "to"
    return f"{clause[: going.end('verb')]} {to} {places[-1]}{clause[going.end() :]}"


# "Is your budget around 150 euros a night?" asked, "more like 100" answered: the user's number, in the question's words
_ASKED_NUMBER = re.compile(
    r"\b(?:is|are)\s+your\s+(?P<what>[a-z][\w ]{1,30}?)\s+(?:around|about|roughly|under|over|at least|at most)?\s*"
    r"(?P<number>[$€£]?\d[\d,.]*)\s*(?P<unit>[a-z]+)?(?P<tail>[^?]{0,30})\?",
    re.I,
)
_NUMBER_REPLY = re.compile(
    r"^(?:no,?\s+|nah,?\s+)?(?:more like|about|around|closer to|roughly|it's|maybe|max|at most|under)?\s*(?P<number>[$€£]?\d[\d,.]*)"
    r"\s*(?P<unit>[a-z]+)?[.!]*$",
    re.I,
)


def _number_given(sentence: str, question: str) -> str | None:
    """ "more like 100" to "Is your budget around 150 euros a night?": "My budget is about 100 euros a night"."""
    asked, said = _ASKED_NUMBER.search(question), _NUMBER_REPLY.match(sentence.strip())
    if asked is None or said is None:
        return None
    unit = said.group("unit") or asked.group("unit") or ""
    return f"My {asked.group('what')} is about {said.group('number')} {unit}{asked.group('tail').rstrip()}".replace("  ", " ")


# "What's the budget like?" asked, "around 15k euros, maybe 18 if her parents chip in" answered: the amount, as said
_AMOUNT_ASKED = re.compile(
    r"\bwhat(?:'s|\s+is)\s+(?:the|your)\s+(?P<what>budget|price range|salary|rent|deposit|target|savings goal)"
    r"(?:\s+like|\s+looking\s+like)?\s*\?\s*$",
    re.I,
)
_MONEY = r"[$€£]?\d[\d,.]*\s*(?:k|m|grand)?(?:\s*(?:euros?|pounds?|dollars?|eur|gbp|usd|quid|bucks))?"  # "15k euros", "£400"
_AMOUNT_REPLY = re.compile(
    rf"^(?P<amount>(?:(?:about|around|roughly|approximately|maybe|probably|like|up to|max|under|at most)\s+)?{_MONEY}"
    r"(?:\s+(?:a|per)\s+(?:month|year|week|night|head))?)(?P<tail>,\s+.*)?[.!]*$",
    re.I,
)


def _amount_given(sentence: str, question: str) -> str | None:
    """ "around 15k euros, maybe 18 if her parents chip in" to "What's the budget like?": "My budget is around 15k
    euros, maybe 18 if her parents chip in"."""
    asked, said = _AMOUNT_ASKED.search(question), _AMOUNT_REPLY.match(sentence.strip())
    if asked is None or said is None:
        return None
    return f"My {asked.group('what').lower()} is {said.group('amount')}{(said.group('tail') or '').rstrip('.!')}"


# "How do you unwind after a shift?" asked, "mostly yoga and long baths" answered: how the user does it
_HOW_YOU = re.compile(
    r"\bhow\s+do\s+you\s+(?!(?:feel|know|like|do|mean|say|spell|pronounce|want|think|find|take|pay)\b)(?P<verb>[a-z]+)"
    r"(?P<rest>(?:\s+[\w'-]+){0,6})\s*\?\s*$",
    re.I,
)
_HOW_REPLY = re.compile(
    r"^(?P<adverb>(?:mostly|mainly|usually|often|normally|just)\s+)?(?P<how>(?!(?:I|I'm|my|we|it|it's|that|that's|yes|yeah|no|not|nah|"
    r"depends|hard|honestly|well|good|great|thanks|thank|ok|okay|sure|lol|haha|hmm|idk|nothing|dunno|same|sometimes|"
    r"badly|poorly|terribly|barely|meh|so-so|somehow)\b)[\w'-]+(?:\s+[\w'-]+){0,7}?)(?P<tail>(?:,\s+(?:and\s+|but\s+)?(?=I\b|I'm\b|my\b).*)?|[.!]*)$",
    re.I,
)


_QUANTITIES = frozenset({"lots", "loads", "plenty", "tons", "heaps", "lot", "bit", "little"})


def _how_given(sentence: str, question: str) -> str | None:
    """ "mostly yoga and long baths" to "How do you unwind after a shift?": "I mostly unwind after a shift with yoga
    and long baths"; "by running" keeps its "by"."""
    asked, said = _HOW_YOU.search(question), _HOW_REPLY.match(sentence.strip())
    if asked is None or said is None:
        return None
    how = said.group("how")
    first = how.split()[0]
    if first.lower() in STOPWORDS or first.lower() in _QUANTITIES or first.lower().endswith("ing"):  # ("Lots of coffee")
        how = how[:1].lower() + how[1:]
    way = how if how.lower().startswith(("by ", "with ")) else f"by {how}" if how.split()[0].lower().endswith("ing") else f"with {how}"
    adverb = said.group("adverb") or ""
    return f"I {adverb}{asked.group('verb').lower()}{asked.group('rest')} {way}{said.group('tail').rstrip('.!')}"


# "What are you working on at the moment?" asked, "a payments service" answered: what the user is doing
_DOING_YOU = re.compile(
    r"\bwhat\s+are\s+you\s+(?P<verb>[a-z]+ing)(?P<prep>\s+(?:on|with|about|for|into|up to))?"
    r"(?:\s+(?:at the moment|right now|these days|lately|now|today|this week))?\s*\?\s*$",
    re.I,
)
_THING_REPLY = re.compile(
    r"^(?![^,.;!?]*(?:\b(?:is|are|was|were|has|have|had|will|would|do|does|did|can|could)\b|'s\s|'re\b))"  # a thing, not a sentence
    r"(?P<what>(?:a|an|the|my|our|some|this|that|two|three)\s+[^,.;!?]{2,60}?)(?P<tail>(?:[,;]|\s-)\s+.*|[.!]*)$",
    re.I,
)


def _doing_given(sentence: str, question: str) -> str | None:
    """ "a payments service, launch is in May" to "What are you working on?": "I'm working on a payments service,
    launch is in May"."""
    asked, said = _DOING_YOU.search(question), _THING_REPLY.match(sentence.strip())
    if asked is None or said is None:
        return None
    return f"I'm {asked.group('verb').lower()}{(asked.group('prep') or '').lower()} {said.group('what')}{said.group('tail').rstrip('.!')}"


# "How many days a week do you run?" asked, "four, sometimes five" answered: how many, in the question's words
# ("How many students?" asks how many one has)
_HOW_MANY = re.compile(r"\bhow\s+many\s+(?P<what>[a-z][\w ]{1,30}?)(?:\s+do\s+you\s+(?P<verb>[a-z]+)(?P<rest>[^?]{0,30}))?\?\s*$", re.I)
_N = r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a couple|a few)"
_COUNT_REPLY = re.compile(
    rf"^(?P<about>(?:about|around|roughly|usually|maybe)\s+)?(?P<count>{_N}(?:\s*(?:,\s*(?:sometimes|maybe|or)\s+|\s+or\s+|\s+to\s+|-\s*){_N})?)"
    r"(?P<now>\s+(?:at the moment|right now|now|these days|at present))?"
    r"(?P<tail>,\s+(?:mostly|mainly|all|some|half|most|including)\b[^.!?]{1,60})?[.!]*$",  # ("about 20, mostly kids")
    re.I,
)


_COMING = frozenset({"kids", "children", "people", "guests", "adults", "of them", "of you"})


def _count_given(sentence: str, question: str) -> str | None:
    """ "four, sometimes five" to "How many days a week do you run?": "I run four, sometimes five days a week"; "around
    25 at the moment" to "How many students?": "I have around 25 students at the moment"."""
    asked, said = _HOW_MANY.search(question), _COUNT_REPLY.match(sentence.strip())
    if asked is None or said is None or (not asked.group("verb") and asked.group("what").lower() in _COMING):
        return None  # ("How many kids?" of a party asks who comes, not how many children one has)
    about, now = (said.group("about") or "").lower(), said.group("now") or ""
    verb, rest = (asked.group("verb") or "have").lower(), (asked.group("rest") or "").rstrip()
    count = said.group("count") if said.group("count")[:1].isdigit() else said.group("count").lower()  # ("Three.": three)
    return f"I {verb}{rest} {about}{count} {asked.group('what')}{now}{said.group('tail') or ''}"


# "no, I said shellfish, not fish", "that's not what I said": the assistant's last words were wrong
_DISPUTES = re.compile(
    r"^(?:(?:no|nope|nah)(?!\s*[,.!]?\s*(?:worries|problem|probs?|thanks|thank|rush|need|idea|way|pressure)\b)[,.!]\s*\S"
    r"|(?:no[,.!]?\s+)?(?:I\s+(?:said|told\s+you|meant|never\s+said)\b)"
    r"|(?:that's|that\s+is|you're|you\s+are)\s+(?:not\s+(?:right|true|correct|what\s+I\s+(?:said|meant))|wrong|incorrect)\b"
    r"|not\s+quite[,.!]|wrong[,.!])",
    re.I,
)


def disputes(reply: str) -> bool:
    """Whether a reply says the assistant's turn before it got something wrong (not "no, thanks")."""
    return _DISPUTES.match(reply.strip()) is not None


# "When is the party?" asked, "Saturday the 14th" answered: the day of what was asked about
_WHEN_ASKED = re.compile(r"\bwhen(?:'s|\s+is|\s+was)\s+(?P<what>(?:the|your)\s+[\w' -]{1,40}?)\s*\?\s*$", re.I)
_WHEN_REPLY = re.compile(r"^(?:(?:it's|it\s+is|on)\s+)?(?P<when>(?:[\w'-]+\s+){0,5}[\w'-]+)[.!]*$", re.I)
_ON_A_DAY = re.compile(rf"^(?:the\s+)?(?:\d|{'|'.join(WEEKDAYS)})", re.I)


def _when_given(sentence: str, question: str) -> str | None:
    """ "Saturday the 14th" to "When is the party?": "The party is on Saturday the 14th" (its day written as a date
    later); "next Tuesday at 3" to "When is your appointment?": "My appointment is next Tuesday at 3"."""
    asked, said = _WHEN_ASKED.search(question), _WHEN_REPLY.match(sentence.strip())
    if asked is None or said is None or not has_time_expression(said.group("when")):
        return None
    what, when = re.sub(r"^your\b", "my", asked.group("what"), flags=re.I), said.group("when")
    return f"{what[:1].upper()}{what[1:]} is {'on ' if _ON_A_DAY.match(when) else ''}{when}"


# "How long have you been teaching?" asked, "about six years now" answered: how long, in the question's words
_HOW_LONG_ASKED = re.compile(
    r"\bhow\s+long\s+have\s+you\s+(?P<what>(?:been\s+[a-z]+ing|lived|worked|had|known|played|studied|kept|owned|run)"
    r"(?:\s+(?!(?:for|now)\b)[\w'-]+){0,5})\s*(?:for|now)?\s*\?\s*$",
    re.I,
)
_SPAN = rf"(?:{_N}(?:\s+of)?|an?|eleven|twelve|several)"  # how many, as a count is said ("a couple of years")
_HOW_LONG_REPLY = re.compile(
    rf"^(?:(?:oh|um|hmm|well),?\s+)?(?P<span>(?:(?:about|around|nearly|almost|over|roughly|maybe|probably|just\s+over|just\s+under)\s+)?"
    rf"{_SPAN}(?:\s+and\s+a\s+half)?\s+(?:years?|months?|weeks?|decades?)(?:\s+now)?|since\s+(?:\d{{4}}|I\s+was\s+\d+|uni|school|college))[.!]*$",
    re.I,
)


def _how_long_given(sentence: str, question: str) -> str | None:
    """ "about six years now" to "How long have you been teaching?": "I have been teaching for about six years now";
    "since 2019": "I have been teaching since 2019"."""
    asked, said = _HOW_LONG_ASKED.search(question), _HOW_LONG_REPLY.match(sentence.strip())
    if asked is None or said is None:
        return None
    span = said.group("span")
    return f"I have {asked.group('what')} {'' if span.lower().startswith('since') else 'for '}{span}"


# "Sorry to hear about Miso. How old is she?" asked, "14, she's an old lady" answered: Miso's age
_HOW_OLD = re.compile(r"\bhow\s+old\s+(?:is|'s)\s+(?P<who>he|she|(?-i:[A-Z][a-z]+)|your\s+[a-z]+)(?:\s+now)?\s*\?\s*$", re.I)
_AGE_REPLY = re.compile(
    r"^(?:(?:she's|he's|about|around|nearly|almost|just|turning)\s+)*(?P<age>\d{1,3})(?P<unit>\s+(?:months?|weeks?)(?:\s+old)?)?"
    r"(?:\s+(?:years?\s+old|yo))?(?:\s+now)?(?:[,.!;]\s+(?:and\s+)?(?P<tail>.*)|[.!]*)$",
    re.I,
)
_NAMED_IN = re.compile(r"(?<![.!?]\s)(?<!^)\b(?-i:[A-Z][a-z]+)\b")  # a name inside the question, not a sentence's first word


def _age_given(sentence: str, question: str) -> str | None:
    """ "14, she's an old lady" to "Sorry to hear about Miso. How old is she?": "Miso is 14"; "6 months" to "How old
    is your puppy?": "my puppy is 6 months"."""
    asked, said = _HOW_OLD.search(question), _AGE_REPLY.match(sentence.strip())
    if asked is None or said is None:
        return None
    who = asked.group("who")
    if who.lower() in ("he", "she"):
        named = {m.group(0) for m in _NAMED_IN.finditer(question[: asked.start()])} - COMMON_CAPITALS
        if len(named) != 1:
            return None
        who = named.pop()
    who = re.sub(r"^your\b", "my", who, flags=re.I)
    age = f"{who} is {said.group('age')}{(said.group('unit') or '').rstrip()}"
    tail = said.group("tail") or ""  # "6, and he's obsessed with dinosaurs": more about them ("she's an old lady" is the age)
    return f"{age}, {tail}" if _MORE_THAN_AGE.match(tail) else age


_MORE_THAN_AGE = re.compile(
    r"^(?:he|she|they)(?:'s|\s+is|\s+(?!(?:is|was)\b)[a-z]+s)\s+(?![^.!?]*\b(?:old|young|age|aged|baby|years?|months?)\b)", re.I
)


# "What keeps you busy these days?" asked, "Mostly my garden and my grandchildren" answered: what keeps the user busy
_KEEPS_ASKED = re.compile(
    r"\bwhat\s+(?:keeps|has\s+been\s+keeping)\s+you\s+(?P<how>busy|going|sane|motivated|entertained|occupied)"
    r"(?:\s+(?:these\s+days|lately|at\s+the\s+moment|nowadays))?\s*\?\s*$",
    re.I,
)
_KEEPS_REPLY = re.compile(
    r"^(?:(?P<adverb>mostly|mainly|usually|just)\s+)?(?P<what>(?!(?:I|I'm|it|it's|that|nothing|not|honestly|well)\b)"
    r"(?![^.!?]*\b(?:is|are|was|were|has|have|do|does|did)\b)[^.!?]{2,100}?)[.!]*$",
    re.I,
)


_COMMON_PURSUITS = frozenset({"work", "school", "uni", "college", "family", "kids", "friends", "garden", "music", "sport", "sports"})


def _keeps_given(sentence: str, question: str) -> str | None:
    """ "Mostly my garden and my grandchildren" to "What keeps you busy these days?": "I mostly keep busy with my
    garden and my grandchildren"."""
    asked, said = _KEEPS_ASKED.search(question), _KEEPS_REPLY.match(sentence.strip())
    if asked is None or said is None:
        return None
    adverb = f"{said.group('adverb').lower()} " if said.group("adverb") else ""
    what, first = said.group("what"), said.group("what").split()[0].lower().strip(",")
    if first in STOPWORDS or first in _COMMON_PURSUITS or first.endswith("ing"):  # ("Work, mostly": not a name)
        what = what[:1].lower() + what[1:]
    return f"I {adverb}keep {asked.group('how').lower()} with {what}"


# "How much do you save each month?" asked, "like 400 a month if I'm careful" answered: how much, in the question's words
_HOW_MUCH_ASKED = re.compile(
    r"\bhow\s+much\s+do\s+you\s+(?P<verb>save|spend|earn|make|pay|charge|put\s+(?:aside|away))(?P<rest>(?:\s+[\w'-]+){0,3}?)\s*\?\s*$", re.I
)
_HOW_MUCH_REPLY = re.compile(
    rf"^(?:(?:like|about|around|roughly|maybe|usually|probably|approximately)\s+)?(?P<amount>{_MONEY}"
    r"(?P<per>\s+(?:a|per|each|every)\s+(?:month|week|year|day|hour))?)(?P<tail>,?\s+(?:if|when|unless|but|depending|on\s+average)\b[^.!?]*)?[.!]*$",
    re.I,
)


def _how_much_given(sentence: str, question: str) -> str | None:
    """ "like 400 a month if I'm careful" to "How much do you save each month?": "I save about 400 a month if I'm
    careful"; "400" to it: "I save about 400 each month"."""
    asked, said = _HOW_MUCH_ASKED.search(question), _HOW_MUCH_REPLY.match(sentence.strip())
    if asked is None or said is None:
        return None
    rest = "" if said.group("per") else asked.group("rest")
    return f"I {asked.group('verb').lower()} about {said.group('amount')}{rest}{said.group('tail') or ''}"


def answered(sentence: str, question: str) -> str | None:
    """What a short answer to the assistant's question says ("no, supabase" to "Do you use Firebase?": "I use
    supabase, not Firebase"; "yes" to it: "I use Firebase"); None when it answers no such question."""
    asked = _ASKED_YOU.search(question)
    if asked is None:
        return (
            _number_given(sentence, question)
            or _how_much_given(sentence, question)
            or _how_long_given(sentence, question)
            or _age_given(sentence, question)
            or _keeps_given(sentence, question)
            or _amount_given(sentence, question)
            or _when_given(sentence, question)
            or _count_given(sentence, question)
            or _how_given(sentence, question)
            or _doing_given(sentence, question)
            or what_given(sentence, question)
            or liked_given(sentence, question)
            or often_given(sentence, question)
            or guessed_given(sentence, question)
        )
    verb, thing = asked.group("verb").lower(), asked.group("thing").strip()
    chosen = _chosen(sentence.strip(), thing)  # "window, always" to "Do you prefer window or aisle seats?"
    if chosen is not None:
        return f"I {verb} {chosen}"
    other = _NO_BUT.match(sentence.strip())
    named = other.group("other").rstrip(".!") if other is not None else ""
    said = named.lower().split()
    if said and said[0] not in STOPWORDS and not set(said) & _NO_THING:  # (not "no idea", "nope, not yet")
        return f"I {verb} {named}, not {thing}"
    return f"I {verb} {thing}" if _YES.match(sentence.strip()) else None
