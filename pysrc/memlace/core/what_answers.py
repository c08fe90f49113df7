"""What a short answer to the assistant's "what" question says: "quadratics and vectors mostly" to "What topics are you
finding hardest?", "year 5, mostly maths and science" to "What do you teach?", "mostly fantasy" to "What do you like to
read?". Pure: no I/O.
"""

from __future__ import annotations

import re

# "What topics are you finding hardest?" asked, "quadratics and vectors mostly" answered; "What rank are you?", "plat 2"
_WHAT_YOU = re.compile(
    r"\b(?:what|which)\s+(?!(?:do|did|are|is|was|were|have|has|would|should|can|could|will|else|about|one|ones)\b)"
    r"(?P<what>(?:kinds?|sorts?|types?)\s+of\s+[a-z]+|[a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?:(?:do|did)\s+you\s+(?P<verb>(?!(?:think|mean|want|need|say|know)\b)[a-z]+)(?P<rest>(?:\s+[\w'-]+){0,4})"
    r"|are\s+you(?:\s+(?P<ing>[a-z]+ing)(?P<ing_rest>(?:\s+[\w'-]+){0,4}))?)\s*\?\s*$",
    re.I,
)
_SHORT_REPLY = re.compile(
    r"^(?:(?:mostly|mainly|probably|definitely)\s+)?(?P<answer>(?!(?:I|I'm|my|we|it|it's|that|that's|yes|yeah|no|not|nah|depends|"
    r"honestly|well|good|great|thanks|thank|ok|okay|sure|lol|haha|hmm|idk|nothing|dunno|same|none|all|anything|everything|"
    r"whatever|why|what|who|how|not\s+sure)\b)[\w'&+#-]+(?:\s+[\w'&+#-]+){0,5}?"
    # "…, some kafka"; a list: "EU law, evidence and jurisprudence"
    r"(?:,\s*(?:(?:some|plus|and|also|a\s+bit\s+of|a\s+little)\s+)?[\w'&+#-]+(?:\s+[\w'&+#-]+){0,3}?){0,4})"
    r"(?:\s+(?:mostly|mainly|probably|i\s+think|i\s+guess|tbh|rn|atm|right\s+now|lol))*[.!]*$",
    re.I,
)


# "What's on the menu?" after "I run a taco truck", "What kind of work?" after "I'm a translator": a question with no
# verb of its own, about the thing the user just named
_WHAT_OF_IT = re.compile(
    r"(?:^|[.!?,]\s+)(?:(?:and|so|oh)\s+)?(?:what(?:'s|\s+is|\s+are)\s+on\s+(?:the|your)|(?:what|which)\s+(?:kinds?|sorts?|types?)\s+of)"
    r"\s+(?P<what>[a-z]+)\s*\?\s*$",
    re.I,
)


# "What do you teach?" asked, "year 5, mostly maths and science" answered (not "What do you think?")
_WHAT_DO_YOU = re.compile(
    r"(?:^|[.!?,]\s+)(?:(?:and|so|oh)\s+)?what\s+do\s+you\s+(?P<verb>(?!(?:do|think|mean|want|need|say|know|like|love|enjoy|prefer|"
    r"call|recommend|suggest|reckon|have|feel|see|remember|use)\b)[a-z]+)(?:\s+(?:now|these\s+days|at\s+the\s+moment|currently))?\s*\?\s*$",
    re.I,
)


# "What's your thesis about?" asked, "climate models, specifically downscaling rainfall" answered
_ABOUT_ASKED = re.compile(r"\bwhat(?:'s|\s+is|\s+was)\s+(?:your|the)\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s+(?:about|on)\s*\?\s*$", re.I)


def what_given(sentence: str, question: str) -> str | None:
    """ "quadratics and vectors mostly" to "What topics are you finding hardest?": "I'm finding quadratics and vectors
    hardest"; "a Golf" to "What car do you drive?": "I drive a Golf"; "plat 2" to "What rank are you?": "My rank
    is plat 2"; "mostly birria and fish tacos" to "What's on the menu?": "My menu is mostly birria and fish tacos"."""
    asked, said = _WHAT_YOU.search(question), _SHORT_REPLY.match(sentence.strip())
    if (about := _ABOUT_ASKED.search(question)) is not None and said is not None:  # "My thesis is about climate models, …"
        return f"My {about.group('what').lower()} is about {said.group(0).rstrip('.!')}"
    of_it = _WHAT_OF_IT.search(question) if asked is None else None
    done = _WHAT_DO_YOU.search(question) if asked is None else None
    if (of_it or done) is not None and said is not None:
        answer = said.group(0).rstrip(".!")
        answer = answer[: said.start("answer")].lower() + answer[said.start("answer") :]  # ("Mostly blues": "mostly blues")
        return f"My {of_it.group('what').lower()} is {answer}" if of_it else f"I {done.group('verb').lower()} {answer}"  # type: ignore[union-attr]
    if asked is None or said is None:
        return None
    answer = said.group("answer")
    if asked.group("verb"):
        return f"I {asked.group('verb').lower()}{asked.group('rest')} {answer}"
    if asked.group("ing"):
        return f"I'm {asked.group('ing').lower()} {answer}{asked.group('ing_rest')}"
    return f"My {asked.group('what').lower()} is {answer}"


# "What do you like to read?" asked, "mostly fantasy, Brandon Sanderson is my favourite" answered: what the user likes
_LIKE_TO = re.compile(
    r"\bwhat\s+do\s+you\s+(?P<verb>like|love|enjoy|prefer)\s+to\s+(?P<doing>[a-z]+)(?P<rest>(?:\s+[\w'-]+){0,4}?)\s*\?\s*$", re.I
)


def liked_given(sentence: str, question: str) -> str | None:
    """ "mostly fantasy, Brandon Sanderson is my favourite" to "What do you like to read?": "I mostly like to read
    fantasy, Brandon Sanderson is my favourite"; "hiking" to "What do you like to do at weekends?": "I like hiking at
    weekends"."""
    asked = _LIKE_TO.search(question)
    head, _, tail = sentence.strip().partition(", ")
    said = _SHORT_REPLY.match(head)
    if asked is None or said is None:
        return None
    adverb = said.group(0).split()[0].lower() + " " if said.start("answer") > 0 else ""
    rest = re.sub(r"\byour\b", "my", asked.group("rest"), flags=re.I)
    doing = asked.group("doing").lower()
    said_as = f"I {adverb}{asked.group('verb').lower()} {said.group('answer')}{rest}" if doing == "do" else None
    said_as = said_as or f"I {adverb}{asked.group('verb').lower()} to {doing} {said.group('answer')}{rest}"
    return f"{said_as}, {tail}" if tail else said_as


# "How much are you running at the moment?" or "How often do you swim?" asked, "3 runs a week, longest is 12k" or
# "twice a week" answered: how often the user does it
_HOW_OFTEN_ASKED = re.compile(
    r"\bhow\s+(?:much|often|many\s+times)\s+(?:are|do)\s+you\s+(?P<verb>[a-z]+)\b(?P<rest>[^?]*?)"
    r"(?:\s+(?:at\s+the\s+moment|right\s+now|these\s+days|now|usually|normally))?\s*\?\s*$",
    re.I,
)
_OFTEN_REPLY = re.compile(
    r"^(?:(?:like|about|around|roughly|maybe|usually|normally|probably)\s+)?(?P<count>\d+|once|twice|one|two|three|four|five|six)"
    r"(?P<what>(?:\s+[a-z]+){0,2}?)\s+(?:a|per|each|every)\s+(?:day|week|month|fortnight)\b.*$",
    re.I,
)


def often_given(sentence: str, question: str) -> str | None:
    """ "3 runs a week, longest is 12k" to "How much are you running at the moment?": "I do 3 runs a week, longest is
    12k"; "twice a week" to "How often do you swim?": "I swim twice a week"."""
    asked, said = _HOW_OFTEN_ASKED.search(question), _OFTEN_REPLY.match(sentence.strip().rstrip(".!"))
    if asked is None or said is None:
        return None
    verb, told = asked.group("verb").lower(), re.sub(r"^like\s+", "about ", said.group(0), flags=re.I)
    if said.group("what").strip() not in ("", "times"):  # ("3 runs a week": the runs are what is done)
        return f"I do {told}"
    rest = re.sub(r"\byour\b", "my", asked.group("rest"), flags=re.I)
    return f"I {verb[:-3] if verb.endswith('ing') else verb}{rest} {told}"


# "You're probably aiming for medicine then?" asked, "nah, vet school hopefully" answered: what the user aims for
_GUESSED = re.compile(
    r"\byou(?:'re|\s+are)\s+(?:probably\s+|presumably\s+|also\s+)?(?P<verb>aiming\s+for|going\s+for|hoping\s+for|planning\s+on|"
    r"applying\s+(?:for|to)|training\s+for|studying)\s+(?P<thing>[^?,]{1,60}?)(?:,?\s+then|,?\s+right|,?\s+I\s+guess)?\s*\?\s*$",
    re.I,
)
_NOT_THAT = re.compile(
    r"^(?:no|nope|nah|not really|actually)[,.!]?\s+(?:it's\s+|I'm\s+aiming\s+for\s+|more\s+like\s+)?(?P<other>[\w'-]+(?:\s+[\w'-]+){0,3}?)"
    r"(?P<hedge>,?\s+(?:hopefully|ideally|fingers crossed|if I get in|if I can))?(?P<tail>,\s+.+)?[.!]*$",
    re.I,
)
_THAT_ONE = re.compile(r"^(?:yes|yeah|yep|yup|that's the plan|exactly|hopefully)[.!]*$", re.I)


def guessed_given(sentence: str, question: str) -> str | None:
    """ "nah, vet school hopefully" to "You're probably aiming for medicine then?": "I'm aiming for vet school hopefully,
    not medicine"; "yeah" to it: "I'm aiming for medicine". What follows a comma is said as it was."""
    asked = _GUESSED.search(question)
    if asked is None:
        return None
    verb, thing = re.sub(r"\s+", " ", asked.group("verb").lower()), asked.group("thing").strip()
    if _THAT_ONE.match(sentence.strip()):
        return f"I'm {verb} {thing}"
    said = _NOT_THAT.match(sentence.strip())
    if said is None or said.group("other").split()[0].lower() in ("sure", "idea", "clue", "yet", "really"):
        return None
    return f"I'm {verb} {said.group('other')}{said.group('hedge') or ''}, not {thing}{said.group('tail') or ''}"
