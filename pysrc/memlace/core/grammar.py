"""English rewriting for the offline extractor: a first-person statement in canonical third person.

"I moved to SF with my wife" -> "User moved to SF with User's wife"; "I came across a book" -> "Dana came
across a book" (a past or irregular form takes no -s); "I've been" -> "has been".
"""

from __future__ import annotations

import re

from memlace.core.lexicon import EVENTS, IRREGULAR_PAST, PEOPLE_RELATIONS, PET_WORDS
from memlace.core.topics import names_medicine

_PRESENT = {
    "am": "is",
    "are": "is",
    "were": "was",
    "have": "has",
    "do": "does",
    "go": "goes",
    "don't": "doesn't",
    "haven't": "hasn't",
    "aren't": "isn't",
}
_ADVERBS = "really|also|just|always|still|now|recently|finally|usually|never|no longer|strongly|much|often|sometimes|mostly|only|even|actually|already|totally|definitely|absolutely|honestly|seriously|ever|rarely|seldom|hardly|barely|occasionally|normally|generally|typically|regularly|constantly|basically"
# "I slowly formed connections": a word in -ly between "I" and its verb is an adverb, but for these verbs
_LY_ADVERB = r"(?!(?:apply|reply|rely|fly|supply|comply|imply|multiply|rally|tally|bully|ally)\b)[a-z]+ly"
_LEAD_IN = re.compile(
    r"^(?:(?:and|but|so|well|also|actually|now|yes|yeah|yep|(?<=yes )please(?=,\s+(?:but\s+)?(?:I|I'm|I've|my|we|we're|we've|our)\b)|(?<=yeah )please(?=,\s+(?:but\s+)?(?:I|I'm|I've|my|we|we're|we've|our)\b)|no(?=,)|oh|ok|okay|btw|by the way|correction|sorry|update|anyway|(?:hey|hi|hello) there|hey|hi|hiya|heya|hello|howdy|yo|sup|good morning|good evening|"
    r"honestly|guess what|(?:it\s+)?turn(?:s|ed) out(?: that)?|fun fact|big news|good news|sad news|bad news|news|lol|haha|wow|woah|whoa|omg|aw+|yay|ooh|hmm|um|uh|ugh|argh|gah|sigh|meh|dang|darn|plus|then|(?:before|after|prior to)\s+(?:that|this|then)|fyi|ps|"
    r"true|totally|definitely|absolutely|exactly|right|sure|cool|nice|great|awesome|perfect|brilliant|lovely|excellent|thanks|thank you|yes indeed|wait|no wait|wait no|no sorry|good idea|great idea|nice idea|hold on|hang on|scratch that(?=[,.!:;]|\s+[-\u2013])|scrap that(?=[,.!:;]|\s+[-\u2013])|"
    r"(?:a )?(?:quick |little |short |some )?(?:intro|introduction|context|background)(?: (?:first|before I ask))?|(?:a )?(?:quick|small|little|short|big|tiny)\s+(?:update|note|correction)|heads up|pretty (?:well|good)|not bad|all good|so far,? so good|(?:a (?:bit|little) |some things |a few things |(?:quick |fun )?facts )?about me|nah|nope|not yet(?=[,.!])|don't worry|no worries|oops|whoops|my bad|"
    r"since (?:we|I) last (?:spoke|talked|chatted|caught up)|you\s+(?:can|could|may|should)(?:\s+now)?(?=\s+(?:use|write|answer|reply|respond|stop|start|switch)\b)|(?:my\s+)?(?:dear|darling)(?=,)|ngl|tbh|lowkey|(?-i:fr)|between (?:us|you and me)|just between us|(?:off|on) the record"
    # "slowly lol, I'm doing about 40km a week" (to "How's training going?"): how it goes, then what is told
    r"|(?:slowly|steadily|busy|fine|alright)(?=(?:\s+(?:lol|haha))?,)|I\s+think(?=\s+(?:he|she|they)(?:'s|'re|'ll|\s+is|\s+are|\s+will)\s))\b[,:!.]?\s+)+",
    re.I,
)
_TAIL = re.compile(
    r"(?:,?\s+(?:honestly|tbh|unfortunately|sadly|obviously|of course|lol|haha+|hehe+|though|anyway|for real|i guess|you know|by the way|btw|fyi|finally|actually|"
    r"thank (?:god|goodness|heavens)|phew|who knows|we'll see|fingers crossed|dreading it|can't wait|(?:so |super )?excited|not looking forward to it|funny story|funny enough|funnily enough|believe it or not|go figure|ironically|"
    r"too|as well|"  # ("Kasia is vegan, and I'm trying to eat less meat too": the clause alone)
    r"(?:but )?don't judge(?: me)?|fight me|sue me|come at me|no judg(?:e)?ment(?: please)?|take a look|check it out|have a look|please|pls|thanks|thank you|sorry|my bad|unrelated|random))+$",
    re.I,
)


# a passing mood said after the fact ("an interview on Friday, super nervous")
_MOOD_TAIL = re.compile(
    r",\s+(?:super|so|really|very|a bit|kinda|pretty)\s+(?:nervous|excited|stressed|anxious|scared|pumped|worried)$", re.I
)


# "I'm allergic to buckwheat which is a pain here lol, soba everywhere": how the speaker feels about it, not the fact
_JUDGED_TAIL = re.compile(
    r"(?:,?\s+which\s+(?:is\s+|'s\s+|was\s+)?|,\s+it(?:'s|\s+is)\s+(?=killing\s+me|(?:\w+\s+)?(?:brutal|exhausting|nightmare))|,\s+(?=annoying\b))(?:(?:a|such\s+a|so|really|kinda|pretty|super|a\s+bit|very)\s+)*"
    r"(?:pain|annoying|nightmare|bummer|drag|sucks|tough|hard|frustrating|sad|awkward|inconvenient|fun|great|lovely|nice|killing|brutal|exhausting)\b.*$",
    re.I,
)


FACE = r"(?::-?[()DPp/|]|;-?\)|:'\()"  # a face typed in ASCII: ":(", ":-)", ";)", ":'("
_EMOTICONS = re.compile(rf"(?:\s*(?:{FACE}|<3|xD|XD|\^\^|[\u2600-\u27bf\U0001f300-\U0001faff\u200d\ufe0f]+))+$")


# "no fireworks please", "please, no spicy food", "yes please, but nothing with breathing exercises, they make it worse":
# what not to suggest, and why (not "no problem, please", "no worries")
_NO_PLEASE = re.compile(
    r"^(?:(?:yes|ok|okay|sure),?\s+)?(?:please,?\s+(?:but\s+)?(?:no|nothing\s+with)\s+(?P<after>[^,.!]+?)|(?:but\s+)?no\s+(?P<before>[^,.!]+?),?\s+please"
    # "(she's pregnant so) no raw fish or soft cheese for her": not for whom it is said
    r"|(?:so\s+|and\s+)?no\s+(?P<what>[^,.!]+?)\s+(?P<whom>for\s+(?:her|him|them|me|us|the\s+kids|(?-i:[A-Z][a-z]+))))"
    # ("yes please, nothing with mushrooms though, can't stand them": why, without its "I")
    r"(?:\s+though)?(?P<why>,\s+(?:they|it|that|those|as|because|since|cos|(?:I\s+)?(?:can't|cannot|hate|really\s+hate)\b)[^.!]*)?[.!]*$",
    re.I,
)
_NOT_ASKED = frozenset({"problem", "problems", "worries", "worry", "thanks", "idea", "way", "rush", "need", "pressure", "prob", "probs"})


def as_request(clause: str) -> str:
    """ "no fireworks please" -> "please don't suggest fireworks"; other clauses as they are."""
    found = _NO_PLEASE.match(clause.strip())
    if found is None:
        return clause
    what = found.group("after") or found.group("before") or found.group("what")
    if what.split()[0].lower() in _NOT_ASKED or len(what.split()) > 6:
        return clause
    what = re.sub(r"(?<=\w)\s+(?:suggestions|ideas|recommendations|recs)$", "", what)  # "no VS Code suggestions": VS Code
    whom = f" {found.group('whom')}" if found.group("whom") else ""
    return f"please don't suggest {what}{whom}{found.group('why') or ''}"


def strip_tail(text: str) -> str:
    """A clause without its closing aside ("I'm 29 by the way", "so tired lol", "tabs over spaces, don't judge me",
    "Tofu died last month :(")."""
    return _ASIDE.sub("", _MOOD_TAIL.sub("", _TAIL.sub("", _JUDGED_TAIL.sub("", _EMOTICONS.sub("", text)))))


# "my rate is 120 CAD an hour btw, thinking of raising it": an aside before the clause goes on
_ASIDE = re.compile(r"\s+(?:btw|by the way|tbh|ngl|lol|haha+|fyi)(?=\s*[,;])", re.I)


# "Dana: I moved…" in a pasted transcript (a name, not "I need to order flour: we go through…")
_SPEAKER_PREFIX = re.compile(r"^(?!I\b)[A-ZÀ-ÖØ-ÞĀ-Ž][\w']*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w']*){0,2}:\s+(?=(?:I|my|My|I'm|We|we)\b)")


# Verbs whose base form ends in "ed" ("I need", "I feed"): not past tenses
_ED_VERBS = frozenset(["need", "feed", "bleed", "speed", "proceed", "succeed", "exceed", "breed", "heed", "shred", "wed", "embed"])


# verbs whose past tense is their base form: past as said ("I quit last year", "I read a book about honesty"), unless
# the clause tells a habit ("I read a lot of sci-fi", "I put the kids to bed at 8 every night")
_SAME_PAST = frozenset(["quit", "put", "set", "let", "hit", "cut", "cost", "hurt", "shut", "split", "spread", "read", "bet", "cast", "rid"])
_HABIT = re.compile(
    r"\b(?:a lot|lots of|every|each|daily|weekly|often|usually|always|mostly|mainly|sometimes|regularly|before bed|at night)\b", re.I
)


def _verb_after_subject(verb: str, habit: bool) -> str:
    """ "read" stays "read" in "I read Dune last year" and is "reads" in "I read a lot of sci-fi"."""
    if verb.lower() in _SAME_PAST:
        return verb + "s" if habit else verb
    return third_person_verb(verb)


def third_person_verb(verb: str) -> str:
    """The form of a verb after a third-person subject: 'like' -> 'likes', 'went' and 'can' stay."""
    lower = verb.lower()
    if lower in _PRESENT:
        return _PRESENT[lower]
    if lower in IRREGULAR_PAST or (lower.endswith("ed") and lower not in _ED_VERBS) or lower.endswith(("'d", "n't")) or not lower.isalpha():
        return verb
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


# "My doctor says I need to cut down on salt", "the GP told me to rest": what is said is the speaker's own to heed
_ADVISED = re.compile(
    r"^(?:(?:my|the|our)\s+)?(?:doctor|doc|gp|dentist|nurse|physio|physiotherapist|consultant|cardiologist|dietitian|dietician|"
    r"midwife|specialist|surgeon|pharmacist|psychiatrist|neurologist)\s+(?:says|said|told me|has told me|keeps telling me|wants me)\s+(?:that\s+)?"
    r"(?:(?P<to>to\s+)|(?P<no>no\s+(?=\w+\s+\w))|(?=(?:I|my)\b))"  # (not "my doctor says less salt": what is left would say nothing)
    # "my GP put me on propranolol 40mg twice a day": "I'm on propranolol …"
    r"|^(?:my|the|our)\s+(?:doctor|doc|gp|consultant|specialist|psychiatrist|neurologist|cardiologist)\s+(?:has\s+|just\s+)?(?:put|started)\s+me\s+(?P<on>on\s+)",
    re.I,
)


def strip_lead_in(text: str) -> str:
    """A clause without its discourse opener ('Actually,', 'Oh well,', 'Big news:'), and without the carer who
    advised it ("my doctor says I need to …": "I need to …"; "… told me to rest": "I need to rest")."""
    bare = _LEAD_IN.sub("", text.strip())
    said = {"to": "I need to ", "on": "I'm on ", "no": "I can't do "}  # ("physio says no deep squats for a month")
    return _ADVISED.sub(lambda found: next((said[k] for k in said if found.group(k)), ""), bare)


# "It's only shrimp I'm allergic to": the thing said first, for emphasis
_CLEFT = re.compile(
    r"^it(?:'s| is| was) (?P<how>(?:only|just|actually|really) )?"
    # (not "It was comforting to know I'm not alone": a feeling about what follows)
    r"(?P<thing>(?!(?:been|a|an|not|so|too|what|how|why|where|when|who|because|about|like|time)\b)(?![\w'-]+ to (?:know|see|hear|think|feel|learn|realise|realize)\b)"
    r"(?:[\w'-]+ ){0,3}?[\w'-]+) (?:that )?"
    r"(?P<rest>I(?:'m|'ve| am| have)? (?!(?:think|guess|believe|suppose|feel|hope|know|mean|bet|swear)\b)[a-z][\w' ]*?)(?P<tail>,.*)?$",
    re.I,
)


# "It's been a dream to adopt", "it's always been a goal of mine to run a marathon": the speaker's dream
_DREAM = re.compile(
    r"^it(?:'s| is| has)\s+(?:always\s+)?(?:been\s+)?(?:a|my)\s+(?:(?:big|lifelong|long-time|longtime|huge)\s+)?"
    r"(?P<noun>dream|goal|wish)(?:\s+of\s+mine)?\s+to\s+(?P<what>.+)$",
    re.I,
)


# "exams in February", "job interview on Monday": an event of the speaker's, said without "I have"
_EVENT_AHEAD = re.compile(
    r"^(?P<determiner>(?:big|final|first|another|an?)\s+)?(?:(?!the\b)[\w-]+\s+)?"
    rf"(?P<event>{EVENTS})\s+(?:in|on|next|this|tomorrow|tonight|at|coming\s+up)\b"
    r"(?!.*\b(?:was|were|is|went|got|has|had)\b)",  # ("flight on Friday was cancelled" has its own verb)
    re.I,
)


def with_implied_have(clause: str) -> str:
    """ "exams in February" -> "I have exams in February", "job interview on Monday" -> "I have a job interview on
    Monday"; other clauses as they are."""
    found = _EVENT_AHEAD.match(clause)
    if found is None:
        return clause
    one = "" if found.group("determiner") or found.group("event").lower().endswith("s") else "an " if clause[:1] in "aeiouAEIOU" else "a "
    return f"I have {one}{clause[:1].lower()}{clause[1:]}"


_REMINDS_HOW = re.compile(r"^(?:it\s+|that\s+|this\s+)?(?:really\s+)?remind(?:s|ed)?\s+me\s+(?:of\s+)?how\s+much\s+(?=I\s)", re.I)


def without_cleft(clause: str) -> str:
    """ "It's only shrimp I'm allergic to" -> "I'm allergic to only shrimp"; "It's been a dream to adopt" -> "My dream
    is to adopt"; other clauses as they are."""
    dream = _DREAM.match(clause)
    if dream is not None:
        return f"My {dream.group('noun').lower()} is to {dream.group('what')}"
    clause = _REMINDS_HOW.sub("", clause)  # "Reminds me how much I miss Lyon": "I miss Lyon"
    found = _CLEFT.match(clause)
    if found is None:
        return clause
    rest, when = re.match(r"(.*?)((?: now| these days| nowadays| again)?)$", found.group("rest")).groups()  # type: ignore[union-attr]
    return f"{rest} {found.group('how') or ''}{found.group('thing')}{when}{found.group('tail') or ''}"


# "My wife Elena and I are planning a trip", "My partner and I adopted a dog": both are the subject, and the
# verb stays as it is (plural)
_WITH_ME = re.compile(r"^((?:(?!\bI\b).){1,60}?) and I(?: (?!am\b)([a-z][\w']*)\b|('re|'ve)\b)")
_PLURAL = {"'re": "are", "'ve": "have"}


def two_subjects(clause: str) -> bool:
    """Whether a clause's subject is someone and the speaker ("My wife Elena and I are ...")."""
    return _WITH_ME.match(clause) is not None


def _both(match: re.Match[str], subject: str) -> str:
    other = re.sub(r"^the (wife|missus|missis|hubby|husband|other half|kids)$", r"my \1", match.group(1), flags=re.I)  # ("The wife and I")
    if re.match(r"(?:My|Our) ", other):
        other = other[:1].lower() + other[1:]  # made "Subject's" below, mid-sentence
    return f"{subject} and {other} {match.group(2) or _PLURAL[match.group(3)]}"


# a second verb of the same subject: "User goes swimming or bake sourdough" (verbs that are seldom nouns)
_VERBS = (
    r"bake|go|swim|read|write|paint|draw|knit|sing|watch|hike|ride|make|do|teach|study|live|play|love|like|enjoy|hate|"
    r"visit|spend|take|try|meet|help|volunteer|travel|dance|climb|sew|cycle|surf|jog|practise|listen|learn|speak|own|use|"
    r"drive|eat|sleep|grow|collect|build|cook|close|have"  # ("opens at 9 and close at 7", "is not alone and have friends")
)
_SECOND_VERB = re.compile(rf"(\s(?:and|or|but)\s+(?:also\s+|then\s+|sometimes\s+)?)({_VERBS})\b(?!\s+(?:is|are|was)\b)")
# "User is trying to stay upbeat and learn…", "User will stay and help": the second verb goes with the first's "to"
_INFINITIVE_BEFORE = re.compile(
    rf"\b(?:to|can|could|will|would|should|might|must)\s+(?:\w+ly\s+)?(?:{_VERBS}|stay|get|keep|be|start|find|become|see|"
    r"give|work|buy|move|open|save|finish|run|join|pay|put|bring|call|change|leave|look|feel|tell|show|set|begin|stop|share)\b"
    r"(?:(?!\s(?:and|or)\s).)*$"
)


def to_third_person(sentence: str, subject: str) -> str:
    """'I moved to SF with my wife' -> 'User moved to SF with User's wife'."""
    text = sentence.strip().rstrip(".!? ")
    text = _SPEAKER_PREFIX.sub("", text)
    text = re.sub(
        r"^(usually|often|sometimes|normally|mostly|always|generally),?\s+I\s+(?=[a-z])", r"I \1 ", strip_lead_in(text), flags=re.I
    )
    text = re.sub(r"(?<=n't|not|ver) (.+?),? either$", r" \1", text)  # "I can't have dairy either": "either" only links to what came before
    text = _TAIL.sub("", text)  # "a rough week honestly", "so tired lol": a closing aside says nothing
    text = re.sub(r",?\s+(?:btw|tbh|ngl|fyi|lol)\b,?(?=\s)", "", text, flags=re.I)  # ("I'm coeliac btw so cafes are tricky")
    text = re.sub(r"\bwanna\b", "want to", text)
    text = re.sub(r"\bgonna\b", "going to", text)
    text = re.sub(r"\bgotta\b", "have to", text)
    text = re.sub(r"^(?:we|We)(?:'re| are) a family of (\w+)", r"My family has \1 people", text)  # not "User is a family"
    both = _WITH_ME.match(text) is not None  # "My wife and I are expecting our first baby": "our" is the two's
    text = _WITH_ME.sub(lambda m: _both(m, subject), text)
    text = re.sub(r"^(?:we|We) should\b", f"{subject} thinks people should", text)  # an opinion, not what the speaker should do
    if re.match(r"I(?:'m| am)\b", text):  # "I'm gluten intolerant myself": only emphasis ("I did it myself" is not)
        text = re.sub(r",? myself(?=,|$)", "", text)
    # "We went camping with our kids" is about the speaker too: "Dana went camping with Dana's kids" reads as a
    # fact about Dana ("Dana and others", "their kids" did not say whose)
    if re.match(r"(?:we|We)\b", text) and re.search(r"\b(?:each other|one another|together)\b", text):
        text = re.sub(r"^(?:we|We)\b(?!')", f"{subject} and others", text)  # "We have each other's back": several people
        text = re.sub(r"^(?:We're|we're)\b", f"{subject} and others are", text)
        text = re.sub(r"^(?:We've|we've)\b", f"{subject} and others have", text)
    elif re.match(r"(?:we|We)\b", text):
        text = re.sub(r"^(?:we|We)(?='(?:re|ve|d|ll)\b|\b(?!'))(?: (?:all|both)\b)?", "I", text)  # "we both helped": the speaker did
        text = re.sub(r"^I're\b", "I'm", text)
        text = re.sub(r"\bour\b", "my", text)
        text = re.sub(r"\bours\b", "mine", text)
        text = re.sub(r"\bus\b", "me", text)
        text = re.sub(r"\bourselves\b", "myself", text)  # "We're planning it all ourselves"
        text = re.sub(r"^I (were|are)\b", lambda m: "I was" if m.group(1) == "were" else "I am", text)
    text = re.sub(r"\b(?:with|near|to|for) us\b", lambda m: f"{m.group(0)[:-2]}{subject}", text)  # "my mom lives with us"
    text = re.sub(r"\b(if|wish|as if|as though) I were\b", rf"\1 {subject} were", text, flags=re.I)  # what is not so
    text = re.sub(r"\b(?:I'm|I am)\b", f"{subject} is", text)
    text = re.sub(r"\bI've\b", f"{subject} has", re.sub(r"\bI've got\b", "I've", text))  # ("I've got type 2 diabetes": has)
    text = re.sub(r"\bI'll\b", f"{subject} will", text)
    # "I'd been wanting to try yoga": had (a past participle follows), else would ("I'd love to")
    text = re.sub(
        r"\bI'd(?=\s+(?:(?:never|always|just|already|ever|only)\s+)?(?:been|gone|had|got|done|seen|made|taken|given|known|heard|met|\w+ed)\b)",
        f"{subject} had",
        text,
    )
    text = re.sub(r"\bI'd\b", f"{subject} would", text)
    # "I <adverbs> <verb>" -> "Subject <adverbs> <verb-s>" ("I quit last year": a past tense, as it is)
    habit = _HABIT.search(text) is not None
    text = re.sub(
        rf"\bI ((?:(?:{_ADVERBS}|{_LY_ADVERB}),? )*)([\w']+)",
        lambda m: f"{subject} {(m.group(1) or '').replace(',', '')}{_verb_after_subject(m.group(2), habit)}",
        text,
    )
    if re.match(rf"{re.escape(subject)} (?:(?:{_ADVERBS}) )*\w+s\b", text):  # "I go swimming or bake bread": both
        text = _SECOND_VERB.sub(
            lambda m: m.group(0) if _INFINITIVE_BEFORE.search(m.string, 0, m.start()) else f"{m.group(1)}{third_person_verb(m.group(2))}",
            text,
        )
    if not both and re.match(rf"{re.escape(subject)} (?!and\b)", text):  # "I lost my dog, but have been comforted"
        text = re.sub(r"(\s(?:and|but)\s+)have\s+been\b", r"\1has been", text)
    text = re.sub(r"\bmy\b", f"{subject}'s", text, flags=re.I)
    text = re.sub(r"\b(?:myself|ourselves)\b", "themselves", text)
    text = re.sub(r"\bme\b", subject, text)
    text = re.sub(r"\bmine\b", f"{subject}'s", text)
    text = re.sub(r"\b(?:our|ours)\b", lambda m: "their" + m.group(0)[3:], text) if both else text
    text = re.sub(r"\b[Oo]ur\b", f"{subject}'s", text)  # "Our oven is old": the speaker's (and others')
    # a "we" past the subject ("… after we went camping", "… reminded me how music brings us together"): the
    # speaker with others, whom the clause does not name
    text = re.sub(r"(?<=\s)we(?=(?:'re|'ve|'ll|'d)?\b)", "they", text)
    text = re.sub(r"(?<=\s)us(?=\s+(?:together|all|both)\b)", "them", text)  # (not "they owe us": the speaker is owed)
    return text[:1].upper() + text[1:]


# "Arun can't eat peanuts, he's allergic", "I can't have shellfish - I'm allergic": what the allergy is to
_ALLERGY_AFTER = re.compile(
    r"^(?P<who>.+?)\s+(?:can't|cannot|can not|doesn't|does not|shouldn't|mustn't|won't)\s+(?:eat|have|touch|drink|be around)\s+"
    r"(?P<what>[^,.;!?]{2,40}?)\s*(?:,|\s-|;|\s+(?:because|since|as|cause|'cause))\s*(?:(?:he|she|they)(?:'s|\s+is|\s+are|'re)|I'm|I am)\s+"
    r"(?P<how>(?:severely|very|deathly|seriously|really|so)\s+)?allergic(?:\s+to\s+(?:it|them|those|that))?\s*[.!]*$",
    re.I,
)


# "a PhD student at Edinburgh": one studies there ("a student counsellor" works)
# what is worth keeping said in one word: a pet or a relative one has ("I have a cat"), how one works ("I'm freelancing
# now", "I'm retired", "I freelance now"), a degree one is doing ("I'm doing an MBA")
WORTH_ALONE = re.compile(
    rf"^I\s+(?:have|'ve got)\s+an?\s+(?:{'|'.join(sorted(PET_WORDS | PEOPLE_RELATIONS))})\b"
    r"|^I(?:'m|\s+am)\s+(?:now\s+)?(?:freelanc(?:e|ing)|self-employed|retired|unemployed|semi-retired|job-hunting)\b|^I\s+(?:now\s+)?freelance\b|^I(?:'m|\s+am)\s+(?:also\s+|now\s+)?(?:doing|studying|taking)\s+(?:an?\s+|my\s+)?(?:mba|phd|masters?|degree|diploma|apprenticeship|bootcamp)\b"
    # a share of the household's days: "I do most of the mornings", "I do the nights"
    r"|^I\s+(?:usually\s+|always\s+|now\s+)?do\s+(?:(?:most|all|half)\s+of\s+)?the\s+(?:mornings|evenings|nights|weekends|bedtimes)\b",
    re.I,
)
_ON_SOMETHING = re.compile(r"^I(?:'m|\s+am)\s+(?:now\s+|still\s+|also\s+)?on\s+(?P<what>.+?)(?:\s+(?:now|too|as well))*[.!]*$", re.I)


def worth_alone(text: str) -> bool:
    """Whether a statement with one content word is still worth keeping (``WORTH_ALONE``), or names a medicine one
    is on ("I'm on apixaban now")."""
    on = _ON_SOMETHING.match(text)
    return WORTH_ALONE.search(text) is not None or (on is not None and names_medicine(on.group("what")))


STUDENT = re.compile(
    r"\b(?:student|pupil|undergrad(?:uate)?|postgrad(?:uate)?|fresher)(?=\s+(?:in|at|of|studying|reading)\b|\s*(?:$|[,.;!]))", re.I
)
# "don't suggest pomodoro, it never works for me": what follows says why
WHY_AFTER = re.compile(r",\s*(?:it|that|this|they|because|since|as|cos|cause)\b", re.I)
# "there'll be 10 kids, and one of them, Amara, has a nut allergy", "one student, Felix, has …": the one named is
# the subject; and so in "Felix, one of my students, has …"
_ONE_OF_THEM = re.compile(
    r"(?<!\bhave\s)(?<!\bgot\s)(?<!\bhas\s)\bone(?:\s+(?:of\s+(?:them|those|us|(?:the|my|his|her|our|their)\s+\w+)|(?!(?:day|time|morning|evening|night|week|year|thing)\b)\w+))?"
    r"\s*,\s*(?P<name>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))\s*,\s+"
    r"|^(?P<first>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))\s*,\s*one\s+of\s+(?:my|our|his|her|their)\s+\w+\s*,\s+",
    re.I,
)


# "I'm seeing someone new, her name is Leah": who is seen
_SOMEONE_NAMED = re.compile(
    r"\b(?P<seeing>(?:seeing|dating)\s+)someone(?:\s+new)?\s*,\s*(?:her|his|their)\s+name(?:'s|\s+is)\s+"
    r"(?P<name>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))\b[\s,]*",
    re.I,
)


def one_named(sentence: str) -> tuple[str, str | None]:
    """ "one of them, Amara, has a nut allergy": ("Amara has a nut allergy", "Amara"); "I'm seeing someone new, her
    name is Leah": ("I'm seeing Leah", "Leah"): a person, by how she is said."""
    found = _ONE_OF_THEM.search(sentence)
    if found is not None:
        name = found.group("name") or found.group("first")
        return f"{sentence[: found.start()]}{name} {sentence[found.end() :]}", name
    seen = _SOMEONE_NAMED.search(sentence)
    if seen is not None:
        rest = sentence[seen.end() :]
        return f"{sentence[: seen.start()]}{seen.group('seeing')}{seen.group('name')}{', ' + rest if rest else ''}", seen.group("name")
    return sentence, None


def with_allergy_named(sentence: str) -> str:
    """ "Arun can't eat peanuts, he's allergic": "Arun is allergic to peanuts", one fact with its object."""
    found = _ALLERGY_AFTER.match(sentence.strip())
    if found is None:
        return sentence
    who = found.group("who")
    be = "am" if who == "I" else "are" if who.lower() in ("we", "they") else "is"
    return f"{who} {be} {found.group('how') or ''}allergic to {found.group('what')}"


# "due date is March 8th", "interview's on Friday", "exam season starts May 12": a day of the speaker's, said
# without "my"
_BARE_DAY = re.compile(
    rf"^(?P<thing>(?:due\s+date|{EVENTS}|birthday|anniversary|graduation|move|launch)(?:\s+(?:season|period|week|block))?)"
    r"(?:'s|\s+(?P<verb>is|are|will\s+be|was|were|starts?|begins?|ends?|finish(?:es)?))\b"
    r"(?P<rest>\s+(?:on|in|at|next|this|tomorrow|tonight|today|\d|(?-i:[A-Z])[a-z]+\s+\d|(?:the\s+)?(?:end|start|middle)\s+of).*)$",  # (a day)
    re.I,
)


# "the kids hate mushrooms": in a person's own chat, the kids whose tastes they tell are their own
_THE_KIDS = re.compile(
    r"^the\s+(?P<who>kids|children|boys|girls|twins|little ones)\s+(?=(?:both\s+|all\s+)?(?:hate|love|like|adore|dislike|"
    r"won't|can't|don't|refuse|are allergic|are obsessed|are into)\b)",
    re.I,
)


def with_implied_my(clause: str) -> str:
    """ "due date is March 8th" is "my due date is March 8th" (not "the due date", which names one said before);
    "the kids hate mushrooms" is "my kids hate mushrooms"."""
    kids = _THE_KIDS.match(clause)
    if kids is not None:
        return f"my {kids.group('who')} {clause[kids.end() :]}"
    found = _BARE_DAY.match(clause)
    if found is None:
        return clause
    return f"my {found.group('thing')} {found.group('verb') or 'is'}{found.group('rest')}"
