"""A turn cut for the offline extractor: the names it addresses taken out, then sentences, then clauses
that each have a subject of their own ("Ava loves pasta, Leo is picky"; "I live in Berlin and work at
Zalando"). Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.asides import based_apart, some_of_them
from memlace.core.bullets import listed
from memlace.core.called_off import plan_as_own
from memlace.core.carried import carried_over
from memlace.core.grammar import FACE
from memlace.core.implied import none_but, none_of_us
from memlace.core.introductions import BARE_JOB, here_said_apart, introduction_goes_on
from memlace.core.lexicon import ANIMAL_RELATIONS, DIETS, EVENTS, JOBS, KNOWN_TOOLS, LANGUAGES, NEWCOMERS, PEOPLE_RELATIONS
from memlace.core.pronouns import own_subject_named
from memlace.core.slots import article
from memlace.core.swaps import pointed
from memlace.core.text import STOPWORDS

# a sentence also ends after a closing quote ('called "Finding Freedom." It was') and an emoji ("Inspiring 💪 I emailed")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"\u201d])\s+(?=[A-Z])|(?<=[\u2600-\u27bf\U0001f300-\U0001faff])\s+(?=[A-Z])|\n+|;\s+")

_ABBREVIATION_END = re.compile(r"(?:^|[\s(])(?:dr|mr|mrs|ms|prof|st|mt|e\.g|i\.e|vs|etc|jr|sr)\.$", re.I)  # not "those dreams."

# Clauses start at a new subject ("Ava loves pasta, Leo is picky": a name and its verb too); "my wife and I
# are" is one subject of two people, not a clause "I are"
_CLAUSE = re.compile(
    r"\s+and\s+(?:little\s+|baby\s+)?(?=[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+\s+(?:does|has|plays|goes|takes|loves|likes|hates|works|lives|studies|is\s+\d|is\s+an?)\b)"  # "…, and Meera does ballet"
    # ("…, they changed the rota last week": what an unnamed "they" did, the reason beside a fact, a clause of its own)
    r"|,\s+(?=they\s+(?:changed|moved|cut|gave|made|put|told|offered|promoted|hired|switched|closed|cancelled|raised)\b)"
    rf"|,\s+(?=(?:{EVENTS}|due\s+date)(?:'s|\s+(?:is|was|got|has\s+been))\s)"  # ("…, deadline is end of next month"; not "the deadline")
    # ("…, physio says no deep squats for a month": what the physio rules out or in, a clause of its own)
    r"|,\s+(?=(?:my\s+|the\s+)?(?:physio|doctor|gp|dentist|coach|trainer|nurse|consultant|vet)\s+(?:(?:says|said)\s+(?:no|not|to|I)|might|may|wants\s+to)\b)"
    r"|,\s+(?=(?:I|I'm|I've|I'd|my|My|our|Our|we|We|she|he)\b|[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)?(?:'s)?\s+(?:is|was|has|loves|likes|hates|only|works|lives|studies)\b|(?:his|her)\s+(?!name\b)[a-z]+\s+(?:is|was|has)\b)|(?:,\s+(?:and\s+)?|\s+and\s+)(?=please\s+(?:don't|do not|never|stop|always|use|keep|write|explain|answer|reply|speak|talk|think|bear|consider|note|correct|check|fix)\b)|,\s+(?=the\s+[a-z]+(?:\s+[a-z]+)?\s+(?:(?:is|was|costs|cost)\s+[$£€\d]|(?:is|has)\s+now\s|(?:in|at)\s+(?-i:[A-Z])\w+\s+(?:is|was|were|are|got)\s))|,\s+so\s+(?!\d+\s+(?:in\s+total|altogether|total)\b)|,\s+(?=now\s+(?:I|I'm|we|we're|she|she's|he|he's|they)\b)|,\s+(?=(?:please\s+)?(?:use\s+(?-i:[A-Z])\w*\s+(?:spelling|english|units)|(?:use|keep\s+it\s+to|stick\s+to)\s+bullet|keep\s+it\s+(?:short|brief))\b)|,\s+(?=(?:got|landed|found|started)\s+a\s+(?:new\s+)?job\b)|\s+so\s+(?=(?:be\s+careful|careful|no|don't|do not|avoid|watch out|explain|please\s+(?:keep|use|avoid|write|explain|answer|reply|respond|don't|do not|never|always))\b)|\s+so\s+(?=(?:nothing|no|not)\b)|\s+(?:and|but|so)\s+(?:(?:honestly|frankly|tbh|truthfully|sadly|luckily|thankfully|unfortunately|obviously|admittedly),?\s+)?(?=(?:I(?!\s+(?:are|were)\b)|I'm|I've|my|we|she|he)\b)|\s+[-\u2013\u2014]\s+|\s*\u2014\s*"
    # "we're thinking of getting a dog but Rob is allergic to cats": what someone named is, after "but"
    r"|\s+but\s+(?=[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+(?:'s)?\s+(?:is|was|has|loves|likes|hates|can't|doesn't|does)\b)"
)

# (the verb must have its object or place after it: in "I love the self-acceptance and love theme" it is a noun)
_AND_VERB = re.compile(
    r"\s+and\s+(?=(?:work|live|study|teach|own|run|play|love|like|enjoy|have|moved|started|sell|make|write|coach|host)\s+"
    r"(?:\w+\s+){0,2}(?:a|an|the|my|our|at|in|for|with|on|to|from|as|some|two|three|through|online|\w+ing)\b)"
    # "I grew up in Cork, studied law at Trinity, and moved to London": a life told in a run of past verbs
    r"|\s*,\s+(?:and\s+)?(?=(?:studied|moved|worked|lived|grew\s+up|spent|became|joined|left|trained|taught|founded)\s)"
    # "we use Go and Postgres, deploy on AWS ECS": what the same subject does, in a run of present verbs
    r"|\s*,\s+(?:and\s+)?(?=(?:deploy|host|build|ship|manage|lead|teach)\s+(?!and\b|or\b)\w)",
    re.I,
)

_FIRST_SUBJECT = re.compile(r"(?:I|we)(?:'m|'ve|'re)?\s", re.I)
_MINE_ALONE = re.compile(  # "my book club", "my grandchildren, Ellie and Sam": no verb
    r"^(?:my|our)\s+(?![^.!?]*\b(?:is|are|was|were|has|have|had|will|would|can|could|does|did|loves?|likes?|hates?|lives?|works?|"
    r"went|got|gets|wants?|needs?|made|makes|said|says|\w+ed)\b)[\w' -]{2,40}(?:,\s*[A-ZÀ-ÖØ-ÞĀ-Ž][\w-]+(?:\s+and\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w-]+)?)?[.!]*$",
    re.I,
)
_QUIT_IT = re.compile(r"^I\s+(?:quit|stopped|gave\s+up|dropped\s+out|gave\s+it\s+up|sold\s+it)\b(?!\s+(?:my|the|a|an|his|her|\w+ing)\b)")
# "I'm vegetarian but I eat fish sometimes": the exception is part of the diet (a constraint must carry it)
_ON_A_DIET = re.compile(rf"^I(?:'m|\s+am)\s+(?:(?:mostly|mainly|strictly|now)\s+)?(?:{'|'.join(sorted(DIETS))})\b", re.I)
_EXCEPT = re.compile(
    r"^I\s+(?:do\s+|still\s+)?(?:eat|have|drink|allow)\b.*\b(?:sometimes|occasionally|now and then|on occasion|once in a while|at weekends|on weekends)\b",
    re.I,
)
_OTHER_SUBJECT = re.compile(r"\b(?:you|he|she|they|how|what|who|which|where|why)\b\s+(?:\w+\s+){0,6}and\s", re.I)

_DOING_PRAISED = re.compile(
    r"^[A-Z]?[a-z]+ing\b[^,]{0,60} - (?:you're|you are)\s+(?:(?:so|such|really|truly|very|an?)\s+)*"
    r"(?:kind|amazing|awesome|brave|great|incredible|generous|wonderful|inspiring|strong|lovely|sweet|good|inspiration|the best|a star|a hero)\b"
)
_WHO_ALONE = re.compile(
    r"^(?:(?:[Mm]y|[Oo]ur)(?: [a-z]+)? \w+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)?|[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)$"
)  # "my partner", "my late husband Arthur", "Luis": a subject waiting for its verb

_WITH_ONE_BEFORE = re.compile(
    r"I [a-z]|(?:my|our) [a-z]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)? (?:both|all|together|are|were|live|work|have)\b"
)
_NAME_AND_AGE = re.compile(r"\b(I'm|I am) ([A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+), (\d{1,3})(?: years old)?(?=[.!,]?$)")
_NAME_FROM = re.compile(r"\b(I'm|I am) ([A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+) (from [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+)?)(?=[.!,]?$)")
# "I'm Marco, 29, a PhD student at ETH Zurich": a name, an age and what one is, each a fact of its own
_INTRODUCTION = re.compile(
    r"^(?P<lead>.*?)\b(?P<be>I'm|I am) (?:(?P<name>[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)(?:, (?P<age>\d{1,3})(?: years old)?)?|(?P<only_age>\d{1,3})(?: years old)?), "
    r"(?P<what>.+)$"
)
_OWN_CLAUSE = re.compile(r"^(?:and\s+)?(?=(?:I|I'm|I've|my)\b)")  # "I'm Ana, and I love hiking"


def without_vocatives(text: str, listeners: set[str]) -> str:
    """A message without the names it addresses ("Hey Jon, glad I could help!", "I won't give up, Gina!",
    "Thanks, Mel!"): a listener's name, or its first letters, is not part of any fact."""
    text = _GREETED.sub(_kept_lead, text)  # "Hi Sam, I had to …": whoever a greeting names is addressed
    names = {n for name in listeners for n in (name, name[:3], name[:4]) if len(n) >= 3 and n.isalpha()}
    if not names:
        return text
    name = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    text = re.sub(
        rf"(?:^|(?<=[.!?]\s))(?P<lead>(?:(?:hey|hi|hello|dear|wow|oh|yes|yeah|thanks|thank you|ok|okay|aw+)[,!]?\s+)*)(?:{name})\b(?P<end>[,!.])\s*",
        _kept_lead,
        text,
        flags=re.I,
    )
    return re.sub(rf",\s*(?:{name})\b(?=\s*[.!?]|\s*$)", "", text)


_GREETED = re.compile(
    r"(?:^|(?<=[.!?]\s))(?P<lead>(?i:hey|hi|hello|hiya|dear|morning|evening)[,!]?\s+)[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+\b(?P<end>[,!.])\s*"
)


def _kept_lead(found: re.Match[str]) -> str:
    """What stays of "Thanks, Maria! After my run, …": the words before the name, and the sentence's end after them
    ("Thanks! After my run, …"), so the next sentence still opens on its own."""
    lead = found.group("lead")
    return f"{lead.rstrip(', ')}{found.group('end')} " if lead.strip() and found.group("end") in "!." else lead


# "that book you recommended": what the listener did for the speaker, said of the one listener by name
_YOU_DID = re.compile(
    r"\b(?:that\s+|which\s+)?you\s+(?=(?:recommended|suggested|mentioned|said|gave\s+me|sent\s+me|lent\s+me|showed\s+me|told\s+me\s+about)\b)"
)


def the_listener_named(text: str, listeners: set[str]) -> str:
    """ "Been reading that book you recommended" -> "Been reading that book Mel recommended" ("doing what you said":
    "doing what Mel said"), when one person listens."""
    if len(listeners) != 1:
        return text
    return _YOU_DID.sub(f"{next(iter(listeners))} ", text)


_WHEN_AFTER = re.compile(r"^(?:starting|from|beginning|until|till|since)\s+(?:\w+\s+){0,3}\w+[.!]*$", re.I)


# "we broke up :( Lena and I …": a face between words ends a sentence (not "Plan: Do" or "3:1")
_FACE_BETWEEN = re.compile(rf"\s+{FACE}(?=\s+\S)")
# "Lena's birthday is 12 April, remind me to plan something", "I'm lactose intolerant btw so keep that in mind", "I use
# neovim, no VS Code suggestions please": what is asked of the assistant after a fact is a sentence of its own
_ASK_AFTER = re.compile(
    r"(?:,\s*|\s+(?:(?:btw|fyi)\s+)?so\s+|\s+-\s+)(?=(?:(?:please|pls)\s+)?(?:remind me|don't let me forget|do not let me forget"
    r"|(?:keep|bear) (?:that|this|it) in mind|wish me luck|make a note|no\s+[^,.!?]{2,40}?\s+(?:please|pls))\b)"
    r"|,\s*(?=(?:his|her|its|their)\s+name(?:'s|\s+is)\s+(?-i:[A-Z]))",  # ("we hired a junior, his name is Tomasz": whose)
    re.I,
)


def split_sentences(text: str) -> list[str]:
    """A turn's sentences ("St. Mary's" and "e.g." end none; a list typed line by line, each line the speaker's)."""
    pieces: list[str] = []
    for piece in _SENTENCE.split(_ASK_AFTER.sub("\n", _FACE_BETWEEN.sub("\n", listed(here_said_apart(text))))):
        piece = piece.strip()
        if not piece:
            continue
        if pieces and (introduced := introduction_goes_on(pieces[-1], piece)) is not None:
            pieces[-1] = introduced  # "I'm Priya. freelance consultant, based in Toronto"
        elif pieces and _NAME_IS.match(piece) and not _SOMEONE_NEW.search(pieces[-1]):  # "I met a guy, his name is Raf"
            pieces[-1] = f"{pieces[-1].rstrip('.!')}, {piece[:1].lower()}{piece[1:]}"
        elif pieces and _ABBREVIATION_END.search(pieces[-1]):
            pieces[-1] = f"{pieces[-1]} {piece}"
        elif pieces and _WHEN_AFTER.match(piece):  # "I got the job!! starting in March": when it starts
            pieces[-1] = f"{pieces[-1].rstrip('.!')}, {piece[:1].lower()}{piece[1:]}"  # (". Starting in January")
        else:
            pieces.append(piece)
    return pieces


def split_clauses(sentence: str) -> list[str]:
    """A sentence's clauses, each with a subject of its own."""
    clauses = [c.strip() for c in _CLAUSE.split(pointed(sentence)) if c.strip()]
    # "I live in Berlin and work at Zalando": a second verb of the same "I" is a fact of its own ("I love how you
    # tell stories and teach people" is not: "teach" is the other subject's)
    clauses = [
        f"I {part}" if n else part
        for c in clauses
        for n, part in enumerate(_AND_VERB.split(c) if _FIRST_SUBJECT.match(c) and not _OTHER_SUBJECT.search(c) else [c])
    ]
    # "My partner and I adopted a dog", "Luis and I broke up", "my sister Ann and my brother Tom both live in Cork" were
    # cut at "and I", "and my": the two are one subject
    for n in range(len(clauses) - 1, 0, -1):
        joined = f"{clauses[n - 1]} and {clauses[n]}"
        if _WHO_ALONE.match(clauses[n - 1]) and _WITH_ONE_BEFORE.match(clauses[n]) and joined.rstrip(".!") in sentence:
            clauses[n - 1 : n + 1] = [joined]
    # "Taking in kids in need - you're so kind": what the dash follows is the listener's doing, so the two stay one
    for n in range(len(clauses) - 1, 0, -1):
        joined = f"{clauses[n - 1]} - {clauses[n]}"
        if _DOING_PRAISED.match(joined) and joined in sentence.replace("\u2013", "-").replace("\u2014", "-"):
            clauses[n - 1 : n + 1] = [joined]
    # "I used to play volleyball but I quit last year": what was quit is the clause before; "I'm vegetarian but I eat
    # fish sometimes": the exception is part of the diet. The two stay one.
    for n in range(len(clauses) - 1, 0, -1):
        joined = f"{clauses[n - 1]} but {clauses[n]}"
        qualifies = _QUIT_IT.match(clauses[n]) or (_ON_A_DIET.match(clauses[n - 1]) and _EXCEPT.match(clauses[n]))
        if qualifies and joined.rstrip(".!") in sentence:
            clauses[n - 1 : n + 1] = [joined]
    # "I keep busy with gardening and my book club": what follows "and my" with no verb of its own is part of the one before
    for n in range(len(clauses) - 1, 0, -1):
        if _MINE_ALONE.match(clauses[n]) and f"{clauses[n - 1]} and {clauses[n]}" in sentence:
            clauses[n - 1 : n + 1] = [f"{clauses[n - 1]} and {clauses[n]}"]
    # "I collect vintage watches, I have about 30": how many of what was just said
    for n in range(len(clauses) - 1, 0, -1):
        if (count := _HOW_MANY.match(clauses[n])) is not None and _FIRST_SUBJECT.match(clauses[n - 1]):
            clauses[n - 1 : n + 1] = [f"{clauses[n - 1]}, {count.group('n')} of them"]
    # "hi, Pedro here": a name given; "I'm a pilot for TAP, based in Lisbon": where, a fact of its own
    clauses = [_JOB_HERE.sub(r"I'm a \g<job>", _HERE.sub(r"\g<lead>I'm \g<name>", c)) for c in clauses]  # ("backend dev here")
    clauses = [_DIET_NOW.sub(r"I'm \g<diet> now", _NO_MORE.sub(r"I'm not \g<doing> anymore", none_of_us(c))) for c in clauses]
    clauses = [plan_as_own(_NEW_ONE.sub("my new ", _DONT_LET_ME.sub("I don't want to ", c))) for c in clauses]
    clauses = [_BACK_TO_LANGUAGE.sub(r"actually reply in \g<language> from now on", _ON_TOOL.sub(r"\g<who> use ", c)) for c in clauses]
    clauses = [part for c in clauses for part in based_apart(c)]
    clauses = [part for c in clauses for some in some_of_them(c) for part in none_but(some)]  # ("…, just two cats")
    # "our landlord is a nightmare, they owe us the deposit", "my boss is great, she lets me work from home": the
    # pronoun is the one said before it, by what they are to the speaker
    clauses = [part for c in clauses for part in _they_apart(c)]
    clauses[1:] = [own_subject_named(clauses[n], c) or c for n, c in enumerate(clauses[1:])]
    clauses[1:] = [carried_over(clauses[n], c) for n, c in enumerate(clauses[1:])]
    # "I'm Tom, 41": a name and an age; "I am Lukas from Stuttgart": a name and where one is from
    clauses = [part for c in clauses for part in _introduced(_NAME_FROM.sub(r"\1 \2|\1 \3", _NAME_AND_AGE.sub(r"\1 \2|\1 \3", c)))]
    # "Actually, my birthday..." keeps its lead-in word: a one- or two-word clause joins the next ("he's 6, and …" is one).
    # A clause that only says when goes after the next ("Just last week, I found a concert": "I found a concert just
    # last week"), which then opens with its subject.
    # So does a clause of the speaker's that tells when ("When I was a kid, I lived in Goa": "I lived in Goa when I
    # was a kid"): alone it is no fact, and the fact after it is only true then.
    while len(clauses) > 1 and (_ONLY_WHEN.match(clauses[0]) or _WHEN_I.match(clauses[0])):
        when = clauses[0].strip(" ,")
        clauses[:2] = [f"{clauses[1].rstrip(' .!')} {when[:1].lower()}{when[1:]}"]
    while (
        len(clauses) > 1
        and len(clauses[0].split()) <= 2
        and not re.match(r"(?:I|I'm|I've|my|(?:he|she)(?:'s|\s+is)\s+\w)\b", clauses[0], re.I)
    ):
        clauses[:2] = [f"{clauses[0]}{'' if clauses[0][-1] in ',:;' else ','} {clauses[1]}"]
    # "Please don't suggest mushrooms, Dev hates them": "them" at a clause's end is what the clause before ended on
    # and "Researching cribs right now, it's a dream to build one myself": "one" is one of them
    for n in range(1, len(clauses)):
        things = _PLURAL_END.search(_NOW_END.sub("", clauses[n - 1].rstrip(".!?")))
        if things and things.group("noun").lower() not in _NOT_PLURAL:
            modifier = things.group("modifier")  # "horror movies", "open flames"; not "suggest mushrooms"
            kept = (
                modifier and modifier.lower() not in STOPWORDS and modifier.lower() not in _VERBS and not modifier.endswith(("ed", "ing"))
            )
            said = things.group(0) if kept else things.group("noun")
            clauses[n] = re.sub(r"\bthem(?=[.!?]*$)", said, clauses[n])
            clauses[n] = _ONE_OF_THEM.sub(rf"\1 {_article(said)} {_singular(said)}", clauses[n])
    # "I don't use WhatsApp, please don't suggest it": "it" in a rule is the name the clause before ended on; so is
    # the "it" of what one may not use ("don't mention Kubernetes, we're not allowed to use it")
    for n in range(1, len(clauses)):
        named = _NAME_END.search(clauses[n - 1].rstrip(".!?"))
        rule = RULE_IT.match(clauses[n]) or _USING_IT.match(clauses[n])
        if named and rule:
            clauses[n] = f"{clauses[n][: rule.start('it')]}{named.group(0)}{clauses[n][rule.end('it') :]}"
        # "Pepper is reactive to other dogs, so we walk her early": "her" is the one named as the clause before opens
        if (first := _NAME_FIRST.match(clauses[n - 1])) is not None and (them := _THEM_AFTER.match(clauses[n])) is not None:
            clauses[n] = f"{clauses[n][: them.start('it')]}{first.group('name')}{clauses[n][them.end('it') :]}"
    return clauses


_NOW_END = re.compile(r"\s+(?:right now|now|these days|lately|at the moment|for now)$", re.I)
_ONE_OF_THEM = re.compile(r"\b(build|make|get|buy|find|have|own|adopt|try|want|need)\s+one\b(?!\s+(?:of|day|more|another)\b)", re.I)


def _singular(things: str) -> str:
    """ "cribs" -> "crib", "puppies" -> "puppy", "benches" -> "bench" (good enough for the nouns _PLURAL_END finds)."""
    if things.endswith("ies"):
        return things[:-3] + "y"
    if things.endswith(("ches", "shes", "xes", "sses")):
        return things[:-2]
    return things[:-1]


def _article(things: str) -> str:
    return "an" if things[:1].lower() in "aeiou" else "a"


_NAME_END = re.compile(r"(?<=\s)(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][\w.+-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w.+-]*)*)$")
RULE_IT = re.compile(r"^(?:please\s+)?(?:don't|do not|never|stop)\s+\w+(?:\s+\w+)?\s+(?P<it>it)\b", re.I)
_NAME_FIRST = re.compile(r"^(?P<name>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))\s+(?:is|was|has|had|gets|loves|hates|can't|doesn't|won't)\b")
_THEM_AFTER = re.compile(r"^(?:so\s+)?(?:I|we)\b[^,]*?\b(?P<it>her|him)\b(?=(?:\s+[\w-]+)?[.!]*$)", re.I)
_USING_IT = re.compile(r"^(?:I|I'm|I am|we|we're|we are)\b.*\b(?:use|using|touch|install|run|mention)\s+(?P<it>it)[.!]*$", re.I)
# "go back to English": the language of every answer, changed
_BACK_TO_LANGUAGE = re.compile(
    rf"^(?:(?:actually|ok|okay|oh|um|sorry|hmm),?\s+)?(?:please\s+)?(?:can\s+you\s+)?(?:go|switch|change|move)\s+(?:back\s+)?to\s+(?P<language>{'|'.join(sorted(LANGUAGES))})\b(?:\s+please)?[.!]*$",
    re.I,
)
# "we're on Snowflake": a tool one is on is one used
_ON_TOOL = re.compile(
    rf"^(?P<who>we|I)(?:'re|'m|\s+are|\s+am)\s+(?:now\s+|still\s+|all\s+)?on\s+(?=(?:{'|'.join(sorted(map(re.escape, KNOWN_TOOLS)))})\b)",
    re.I,
)
_ONLY_WHEN = re.compile(
    r"^(?:just\s+|only\s+|and\s+|but\s+|so\s+)?(?:last|this|next|earlier|yesterday|today|tonight|recently|lately|after|before|since|"
    r"during|over|on|in|at|back in|a few|two|three|a couple of)\b(?:\s+(?!I\b|I'm\b|I've\b|we\b)[\w']+){0,4}[,]?$",
    re.I,
)
_WHEN_I = re.compile(r"^(?:when|whenever|while|once)\s+(?:I|I'm|I've|we|we're|my|our)\b(?:\s+\S+){1,10}$", re.I)
_PLURAL_END = re.compile(r"(?:\b(?P<modifier>[a-z]+)\s+)?\b(?P<noun>[a-z]{2,}[^su\W]s)$")
# verbs that come before what "them" stands for ("please don't suggest mushrooms, Dev hates them")
_VERBS = frozenset(
    [
        "suggest",
        "recommend",
        "like",
        "love",
        "hate",
        "eat",
        "buy",
        "get",
        "make",
        "see",
        "watch",
        "have",
        "need",
        "want",
        "use",
        "order",
        "cook",
        "bring",
        "try",
        "play",
        "read",
        "wear",
        "grow",
        "keep",
        "feed",
        "adopt",
        "sell",
        "fix",
        "find",
        "avoid",
        "prefer",
        "enjoy",
        "miss",
        "meet",
        "visit",
        "call",
        "show",
        "send",
        "give",
        "take",
        "drink",
        "know",
        "include",
        "add",
        "pick",
        "choose",
        "book",
        "plan",
        "hire",
        "stand",
        "bake",
        "paint",
        "draw",
        "write",
        "collect",
        "serve",
        "mention",
    ]
)
_NOT_PLURAL = frozenset(["always", "sometimes", "perhaps", "afterwards", "towards", "besides", "nowadays", "anyways", "lots", "whereas"])


_HOW_MANY = re.compile(r"^I(?:'ve|\s+have)(?:\s+got)?\s+(?P<n>(?:(?:about|around|over|nearly|almost|roughly|maybe)\s+)?\d+)[.!]*$", re.I)
# "…, so no more freelancing": an activity stopped, said as "I'm not freelancing anymore" is
# "…, so pescatarian now": a diet said without "I'm"
_DIET_NOW = re.compile(rf"^(?:(?:so|and)\s+)?(?:a\s+)?(?P<diet>{'|'.join(sorted(DIETS))})\s+now[.!]*$", re.I)
_NO_MORE = re.compile(r"^(?:(?:so|and)\s+)?no\s+more\s+(?P<doing>[a-z]{3,}ing)(?:\s+for\s+(?:me|us))?(?=[.!]*$)", re.I)
_NEW_ONE = re.compile(rf"^new\s+(?=(?:{'|'.join(sorted(PEOPLE_RELATIONS))})\s+is\b)", re.I)  # "New builder is Steve": ours
_DONT_LET_ME = re.compile(r"^(?:(?:so|and|please)\s+)?(?:don't|do not) let me (?=[a-z]{3,} )", re.I)  # "… eat sugar after 8pm"


_THEY_AFTER = re.compile(r",\s+(?=they(?:'re|'ve|'ll)?\s+[a-z])")


def _they_apart(clause: str) -> list[str]:
    """ "our landlord is a nightmare, they owe us the deposit": two clauses when "they" is that subject."""
    parts = _THEY_AFTER.split(clause, maxsplit=1)
    return parts if len(parts) == 2 and own_subject_named(parts[0], parts[1]) else [clause]


_JOB_HERE = re.compile(
    r"^(?P<lead>(?:(?:hi|hey|hello|hiya|morning|yo)\b[,!]?\s+)?)(?:an?\s+)?(?P<job>(?:(?!(?:the|this|that|our|my|your|their|his|her)\b)[\w-]+\s+){0,2}?"
    rf"(?:{'|'.join(sorted(JOBS))}))\s+here(?=\s*(?:[,.!;]|$))",
    re.I,
)
_HERE = re.compile(
    r"^(?P<lead>(?:(?:hi|hey|hello|hiya|heya|yo|sup|morning)\b[,!]?\s+)?)(?P<name>[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\s+here[.!]*$"
)


def _introduced(clause: str) -> list[str]:
    """A clause's parts ("|" marks those already cut), an introduction's three facts each on its own."""
    parts = []
    for part in clause.split("|"):
        intro = _INTRODUCTION.match(part)
        if intro is None:
            parts.append(part)
            continue
        be, what = intro.group("be"), intro.group("what")
        said = [intro.group("name"), intro.group("age")] if intro.group("name") else [intro.group("only_age")]  # "I'm 72, retired …"
        parts += [f"{intro.group('lead') if n == 0 else ''}{be} {part}" for n, part in enumerate(said) if part]
        own = _OWN_CLAUSE.match(what)
        bare = BARE_JOB.match(what.split(",")[0])  # ("freelance consultant, mostly Django work": a job, then more)
        parts.append(what[own.end() :] if own else f"{be} {article(what) if bare else ''}{what}")
    return parts


_NAME_IS = re.compile(r"^(?:his|her|its|their)\s+name(?:'s|\s+is)\s+(?P<name>[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\b", re.I)
_NEWCOMERS = PEOPLE_RELATIONS | ANIMAL_RELATIONS | JOBS | NEWCOMERS
_SOMEONE_NEW = re.compile(
    r"\b(?:a|an|my|our)\s+(?:new\s+|little\s+|baby\s+)?"
    rf"(?P<who>(?:(?:junior|senior|trainee)\s+)?(?:{'|'.join(sorted(_NEWCOMERS, key=len, reverse=True))}))\b",
    re.I,
)


def name_given(sentence: str, before: str) -> str:
    """ "We got a puppy! His name is Pixel.": "my puppy is called Pixel"; other sentences as they are."""
    named, who = _NAME_IS.match(sentence), _SOMEONE_NEW.findall(before)
    return f"my {who[-1].lower()} is called {named.group('name')}{sentence[named.end() :]}" if named and who else sentence


# "Please don't bring him up anymore": a rule about someone, who was named just before
