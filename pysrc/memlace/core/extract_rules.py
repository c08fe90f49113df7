"""The offline extractor's rules: what a first-person clause says, as a kind of memory (the first rule that matches). Slot rules
give a slot's value and a canonical text, so a new value replaces the old ("Sorry, I'm 35, not 34": "User is 35 years old")."""

from __future__ import annotations

import re

from memlace.core.lexicon import ANIMAL_RELATIONS, DIETS, FAITHS_AND_ORIGINS, HEALTH_PATTERN, JOBS, PEOPLE_RELATIONS, SINGLE_RELATIONS
from memlace.core.rule import _ADV, CANT_TAKE_FOOD, EATS_ANYTHING, FUSSY, Rule, _any, _rule
from memlace.core.style_rules import STYLE_RULES
from memlace.models import MemoryKind, TTLClass

_I = r"^(?:i|we)\s+" + _ADV
_IM = r"^(?:i'm|i am|we're|we are)\s+" + _ADV
_MY = r"^(?:my|our)\s+"
_NAME = r"(?P<value>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][\w.'&\-]*(?:\s+(?:de |van |von |of )?[A-ZÀ-ÖØ-ÞĀ-Ž][\w.'&\-]*)*))"
# ("a retired teacher", "a former nurse" is what one was: no job now)
_JOB = rf"(?!(?:retired|former|ex|semi-retired)\b)(?P<value>(?:[\w\-]+\s+){{0,2}}(?:{_any(JOBS)}))\b"
_REL = _any(PEOPLE_RELATIONS | ANIMAL_RELATIONS)
# "Ava is a nurse", "Byte is the best": a description of someone named (not "Aoife is our daughter", a relation below)
DESCRIPTION = re.compile(
    rf"^([A-ZÀ-ÖØ-ÞĀ-Ž][\w\-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w\-]*)*) (?:is|was|are) (?!(?:my|our)\s+(?:\w+\s+)?(?:{_REL})\b)(?:a|an|the|my|our)\b"
)
_NOT_THEIRS = rf"^(?!(?:my|our)\s+(?:\w+\s+)?(?:{_REL})\b.*\bpregnant\b)"  # "my sister is pregnant": hers, no rule for the speaker
# "I'm off sick today with a migraine", "I have a cold at the moment": an illness of the day, no rule to heed
_NOT_TODAY = r"(?!.*\b(?:off\s+sick|off\s+work|called\s+in\s+sick|today|tonight|this\s+morning|at\s+the\s+moment|right\s+now)\b)"
_SOME_OF = r"(?:(?:one|two|three|\d+|some|a few|several|both|all)\s+of\s+(?:the\s+(?=\w+\s+ha(?:s|ve)\b))?)?"  # "two of the kids have"


SLOT = dict(confidence=0.9, importance=0.8)
# "I've moved into UX writing now": a change of field, which ends the old job as a new title does
_FIELD_CHANGED = re.compile(
    r"^i(?:'ve|\s+have)?\s+(?:just\s+|now\s+|recently\s+|finally\s+)?(?:moved|switched|transitioned|pivoted|gone)\s+(?:over\s+)?into\s+"
    r"(?P<value>(?!(?:a|an|the|my|our|town)\b)[\w \-]+?)(?:\s+(?:now|full-time|as\s+well))?$",
    re.I,
)
_ENDED = r"(?:broke up|split up|separated|got divorced|are (?:getting )?divorced|called it off|ended (?:it|things))\b"
RULES: list[Rule] = [
    # a couple that ended: "Luis and I broke up", "I split up with Sam" (what was said of the partner ends with it)
    _rule(
        r"^(?:i|we)\s+"
        + _ADV
        + _ENDED
        + r"(?:\s+with\s+"
        + _NAME
        + r")?"
        + r"|^(?:my\s+(?:boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?)\s+)?"  # ("My girlfriend Jess and I broke up")
        + _NAME.replace("value", "value2")
        + r"\s+and\s+i\s+"
        + _ADV
        + _ENDED,
        MemoryKind.fact,
        "ended",
        confidence=0.85,
        importance=0.8,
    ),
    # "I got the job!": the job interviewed for, once placement knows which (engine/placement.py)
    _rule(
        _I + r"(?:got|landed|was offered|accepted|took)\s+(?:the|that)\s+(?:(?-i:[A-Z])[\w&'-]*\s+)?(?:job|offer|position|role)\b",
        MemoryKind.fact,
        "job",
        importance=0.8,
    ),
    # -- slots: one value at a time; a new one replaces the old --------------------------------------------
    _rule(
        r"^(?:my name is|my name's|i'm called|i am called|call me|people call me|i go by)\s+(?:(?:actually\s+)?(?:spelt|spelled)\s+)?(?P<value>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][\w\-]+(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w\-]+)?))"
        rf"|^(?:i'm|i am)\s+(?!(?:{'|'.join(sorted(FAITHS_AND_ORIGINS))})\b)"  # ("I'm Muslim", "I'm Italian": no names)
        r"(?P<value2>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)?))$",
        MemoryKind.fact,
        "identity",
        attribute="name",
        template="{subject}'s name is {value}",
        **SLOT,
    ),
    _rule(  # "I'm Muslim", "I'm half Italian": a faith or where one is from
        rf"^(?:i'm|i am)\s+(?:a\s+)?(?:(?:practising|practicing|devout|half|proud|born)\s+)?(?:{'|'.join(sorted(FAITHS_AND_ORIGINS))})\b",
        MemoryKind.fact,
        "about",
        importance=0.7,
    ),
    _rule(
        r"^(?:i'm|i am)\s+"
        + _ADV
        + r"(?P<value>\d{1,3})(?:\s*(?:years?(?:\s+old)?|yo|y/o))?(?:\s+(?:now|today|already|this year|actually))?(?=\s*[,;]|$)"
        r"|^i\s+" + _ADV + r"turned\s+(?P<value2>\d{1,3})\b",
        MemoryKind.fact,
        "identity",
        attribute="age",
        template="{subject} is {value} years old",
        **SLOT,
    ),
    _rule(
        _I
        + r"(?:live|am living|reside)\s+(?:alone\s+|on\s+my\s+own\s+|by\s+myself\s+)?in\s+"
        + _NAME
        + r"|^(?:i|we)(?:'ve|\s+have)?\s+"
        + _ADV
        + r"(?:moved|relocated)\s+(?:back\s+|over\s+)?to\s+"
        + _NAME.replace("value", "value2")
        # "I moved into a flat in Bath", "we moved to a new flat in Salford"
        + r"|^(?:i|we)(?:'ve|\s+have)?\s+"
        + _ADV
        + r"moved\s+(?:(?:in)?to\s+(?:a|an|the|my|our)\s+(?:new\s+)?(?:[\w-]+\s+)?(?:flat|house|apartment|place|home|studio|room|condo|cottage)"
        + r"|in\s+with\s+(?:my|our)\s+(?:[\w-]+\s+){1,2}?(?-i:[A-Z])[\w-]+)\s+in\s+"  # "moved in with my partner Alan in Stonehaven"
        + _NAME.replace("value", "value6")
        # "We moved from Osaka to Kyoto": a household moves house ("I moved from Google to Meta" is a new job)
        + r"|^we(?:'ve|\s+have)?\s+"
        + _ADV
        + r"(?:moved|relocated)\s+from\s+\S+(?:\s+[A-Z]\S*)?\s+to\s+"
        + _NAME.replace("value", "value4")
        + r"|"
        + _IM
        + r"(?:based|living|settled|moving)\s+(?:in|to)\s+"
        + _NAME.replace("value", "value3")
        # "we decided to stay in Pune": where one lives, after a move was weighed
        + r"|^(?:i|we)\s+"
        + _ADV
        + r"(?:decided|chose|are going|'re going|plan|want)\s+to\s+stay\s+in\s+"
        + _NAME.replace("value", "value5"),
        MemoryKind.fact,
        "place",
        attribute="location",
        template="{subject} lives in {value}",
        **SLOT,
    ),
    _rule(
        _IM
        + r"from\s+"
        + _NAME
        + r"|"
        + _I
        + r"grew up in\s+"
        + _NAME.replace("value", "value2")
        + r"|^i\s+was\s+born\s+(?:and raised\s+)?in\s+"
        + _NAME.replace("value", "value3"),
        MemoryKind.fact,
        "place",
        attribute="origin",
        template="{subject} is from {value}",
        **SLOT,
    ),
    _rule(
        _I
        + r"(?:work|am working|'m working)\s+(?:at|for)\s+"
        + _NAME
        + r"|"
        + _IM
        + r"(?:working|employed)\s+(?:at|for|by)\s+"
        + _NAME.replace("value", "value2")
        + r"|^(?:i|we)(?:'ve|\s+have)?\s+"
        + _ADV
        + r"(?:joined|started (?:a new job )?at|accepted an offer from|switched jobs from \S+ to|moved from \S+ to|(?:got|accepted|took|landed|"
        + r"started) an? (?:[\w-]+ ){0,2}?(?:job|position|role|post) (?:at|with)(?: an? [\w -]{1,30}? (?:called|named))?)\s+"
        + _NAME.replace("value", "value3")
        # a place with no name: "I got a job at the library", "I work at a bike shop"
        + r"|^(?:i|we)(?:'ve|\s+have)?\s+"
        + _ADV
        + r"(?:work|got a (?:new )?job|started (?:a new job|work(?:ing)?))\s+at\s+"
        + r"(?P<value4>(?:the|a|an)\s+(?!(?:moment|weekend|minute|time|end|same)\b)[a-z]+(?:\s+(?!(?:on|in|as|since|now|instead|every|and|but|for)\b)[a-z]+)?)"
        + r"(?=\s*(?:$|[,.;!?]|\s+(?:on|in|as|since|now|instead|every|and|but|for)\b))",
        MemoryKind.fact,
        "work",
        attribute="employer",
        template="{subject} works at {value}",
        **SLOT,
    ),
    _rule(
        _I
        + r"(?:work|am working|'m working)\s+as\s+(?:an?\s+)?(?P<value>[\w \-]+)|"
        + _IM
        + r"(?:an?\s+)"
        + _JOB.replace("value", "value2")
        + r"|^i(?:'ve|\s+have)?\s+"
        + _ADV
        + r"(?:became|become|(?:got|have|found|landed|took|accepted|started) a (?:new )?job as|started (?:a new job |working |work )?as|trained as|now work as)\s+(?:an?\s+)"
        + _JOB.replace("value", "value3")
        # "I got promoted to principal engineer": a new title
        + r"|^i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:got\s+|been\s+|was\s+)?promoted\s+to\s+(?:an?\s+)?(?P<value4>[\w \-]+)",
        MemoryKind.fact,
        "work",
        attribute="role",
        template="{subject} works as {article}{value}",
        **SLOT,
    ),
    Rule(_FIELD_CHANGED, MemoryKind.fact, "work", SLOT["confidence"], SLOT["importance"], "role", "{subject} works in {value}"),
    _rule(
        _MY
        + rf"(?:(?:new|current)\s+)?(?P<rel>{_any(SINGLE_RELATIONS)})(?:'s name)?\s+is\s+"
        + _ADV
        + r"(?:called\s+|named\s+)?"
        + _NAME
        + r"(?:\s+(?:from|in|at)\s+(?-i:[A-Z])[\w ]*)?$"  # ("our new builder is Steve from Harrogate")
        + r"|"
        + _IM
        + r"(?:married to|dating|engaged to|seeing|with)\s+"
        + _NAME.replace("value", "value2")
        + r"$",
        MemoryKind.relationship,
        "relationship",
        attribute="relation",
        template="{subject}'s {rel} is {value}",
        **SLOT,
    ),
    _rule(
        r"^(?:i'm|i am|i've|i have|i|we're|we are|we've|we)\s+"
        + _ADV
        + r"(?:gone|went|become|became|turned|been|(?P<going>going)|gotten)?\s*(?:fully\s+|completely\s+|strictly\s+)?"
        # (not "going vegan in January": a plan; until then the diet is what it was)
        + rf"(?P<value>{_any(DIETS)})\b(?(going)(?!\s+(?:in|from|next|after|starting|once|by)\b))",
        MemoryKind.constraint,
        "diet",
        attribute="diet",
        template="{subject} is {value}",
        confidence=0.9,
        importance=0.85,
    ),
    # "My husband Ravi and I are vegetarian": a diet of the two, heeded as the speaker's own (no slot: it is not one's alone)
    _rule(
        rf"^(?:my|our)\s+[\w' ]{{1,40}}?\s+and\s+i\s+are\s+(?:both\s+|all\s+)?(?:{_any(DIETS)})\b",
        MemoryKind.constraint,
        "diet",
        confidence=0.85,
        importance=0.85,
    ),
    # -- what must always be heeded: health, "never" rules, constraints ------------------------------------
    _rule(
        _NOT_THEIRS + _NOT_TODAY + _SOME_OF + r"(?:i|i'm|i am|i've|i have|i was|my|we|our|(?<=the\s)\w+)\b.*\b(?:" + HEALTH_PATTERN + r")\b"
        # "I have a dodgy left knee", "my back is bad": what advice on exercise or travel must heed
        r"|^(?:i|i've|i have|i've got|i got|my)\b.*\b(?:bad|dodgy|weak|sore|injured|broken|busted|torn|sprained|damaged|(?:sprained|twisted|"
        r"broke|hurt|injured|pulled|strained|tore|dislocated)\s+my)\s+(?:left\s+|right\s+|lower\s+)?(?:knees?|back|ankles?|hips?|shoulders?|wrists?|neck|foot|feet|elbows?|hamstrings?|achilles)\b"
        # "peanuts make me very ill", "dairy makes me sick": what the user must keep away from
        r"|^[\w-]+(?:\s+[\w-]+)?\s+makes?\s+me\s+(?:\w+\s+)?(?:ill|sick|throw up|break out)\b"
        # "red wine and lack of sleep are my main triggers", "chocolate triggers my migraines"
        r"|^[\w -]{3,60}?\s+(?:is|are)\s+my\s+(?:\w+\s+)?triggers?\b|^[\w -]{3,40}?\s+triggers?\s+my\s+(?:\w+\s+)?(?:migraines?|asthma|eczema|flare)"
        # a medicine taken at a dose: "I take 50mg of sertraline every morning"
        r"|^(?:i|i'm|i am)\s+(?:\w+\s+)?(?:take|taking|on)\s+\d+(?:\.\d+)?\s*(?:mg|mcg|ml|iu|units)\b"
        # "I'm recovering from a torn ACL", "I'm recovering from surgery"; "I'm hard of hearing"
        r"|^(?:i'm|i am)\s+(?:still\s+)?recovering\s+from\b|^(?:i'm|i am)\s+(?:a\s+bit\s+|quite\s+|very\s+)?(?:hard of hearing|partially sighted)\b"
        # "my knee has been playing up"
        r"|^my\s+(?:left\s+|right\s+|lower\s+)?(?:knees?|back|ankles?|hips?|shoulders?|wrists?|neck|foot|feet|elbows?|hamstrings?|achilles)"
        r"(?:\s+has been|\s+is|\s+keeps|'s been|'s|\s+have been|\s+are|\s+keep|'re)\s+(?:\w+\s+)?(?:playing up|acting up|hurting|giving me trouble|sore|bad|painful)\b"
        # "my knees aren't great", "my hips are not what they used to be"
        r"|^my\s+(?:knees|hips|ankles|joints|back|knee|hip|eyes|ears|hearing|eyesight)\s+(?:isn't|is not|aren't|are not|'re not|'s not)\s+"
        r"(?:so\s+|too\s+|very\s+)?(?:great|good|brilliant|the best|what (?:it|they) used to be)\b",
        MemoryKind.constraint,
        "health",
        confidence=0.9,
        importance=0.9,
    ),
    _rule(  # "I never drink alcohol", "I don't eat pork": what the user keeps away from, heeded like a diet
        _I
        + r"(?:never|don't|do not|no longer(?!\s+(?:use|drive|fly|work|wear|lift|allow)\b)|can't|cannot)\s+(?:ever\s+)?(?:eat|drink|touch|smoke|take|consume|have(?!\s+(?:any\s+|a\s+|an\s+)?(?:kids|children|siblings|pets|family|car|partner|job|money)\b)|(?:use|drive|fly|work|wear|lift|allow)(?!.*\bany\s*more\b))\s+(?!to\b|a\s+clue\b|time\b|it\b|that\b|this\b|them\b|much\b|any(?:thing|more)\b)\w"
        + r"|"  # "I can't do spicy food", "my husband can't do spicy food"
        + rf"(?:{_I}|{_MY}(?:[\w-]+\s+){{1,2}}?)"
        + CANT_TAKE_FOOD
        + r"|"  # "I'm off caffeine until the baby comes", "I'm avoiding alcohol"
        + _IM
        + r"(?:off|avoiding|cutting\s+out|staying\s+off|not\s+having|not\s+drinking|not\s+eating)\s+(?:all\s+|any\s+)?"
        + r"(?:caffeine|coffee|alcohol|booze|sugar|dairy|gluten|meat|carbs|salt|wine|beer|fish|sushi|soft\s+cheese)\b"
        + r"|^i\s+(?:never|don't|do not)\s+drink(?:\s+(?:anymore|any\s+more|at\s+all))?[.!]*$"  # "I don't drink": alcohol
        + r"|^i\s+(?:now\s+)?eat\s+[\w\s,]{2,30}?(?:\s+now)?,?\s+but\s+(?:still\s+)?(?:no|never|not)\s+\w"  # "I eat fish now but still no meat"
        + r"|^i(?:'m|\s+am)\s+(?:not\s+(?:really\s+)?(?:a|much\s+of\s+a)\s+(?:morning|night|early)\s+person|an?\s+(?:night\s+owl|early\s+bird))\b"
        # "I'm not allowed grapefruit with my tablets", "I'm not supposed to lift anything heavy": a doctor's orders
        + r"|"
        + _IM
        + r"not\s+(?:allowed|supposed|meant|permitted)\s+(?:to\s+)?(?!to\b|be\s+here\b|say\b|tell\b|talk\b)\w",
        MemoryKind.constraint,
        "constraint",
        confidence=0.85,
        importance=0.85,
    ),
    *STYLE_RULES,  # how every answer should be (core/style_rules.py)
    _rule(
        r"^(?:please\s+)?(?:never(?!\s+(?:\w+ed|saw|seen|thought|knew|was|were|been|had|got|went|gone|felt|heard|met|took|made|said|"
        r"told|came|found|gave|did|done)\b)|don't ever|do not ever|please don't|please do not|always remember to"
        # "don't bring up my ex", "don't mention the wedding" (not "don't worry", "don't know")
        r"|(?:don't|do not)(?=\s+(?:bring\s+up|mention|talk\s+about|ask\s+(?:me\s+)?about|remind\s+me\s+(?:of|about)|call\s+me|"
        r"suggest|recommend|use\s+emojis?)\b)"
        r"|(?:please\s+)?stop(?=\s+(?:suggesting|recommending|mentioning|bringing\s+up|giving\s+me|using\s+emojis?)\b))\s+(?P<value>.+)"
        # (not "Never saw this coming": a past tense tells what happened, a rule is in the imperative)
        # a standing instruction: "Please always give me code examples in Go", "Always ask before booking"
        r"|^(?:please\s+always|always\s+(?=(?:give|use|answer|reply|respond|write|show|include|format|explain|call|remind|ask|keep|tell|add)\b))"
        r"\s*(?P<value2>.+)"
        # "make the code examples Rust from now on": an imperative for every later answer
        r"|^(?=.*\bfrom now on\b)(?P<value5>(?:from now on,?\s+)?(?:please\s+)?"
        r"(?:give|use|make|write|answer|reply|respond|show|keep|format|explain|call|switch)\b.+)"
        # a standing instruction for one kind of request: "When I ask for a recipe, always give metric units"
        r"|^(?P<value3>(?:when(?:ever)?|if)\s+i\s+(?:ask|want|need|request)\b[^,.?!]{3,80},?\s+(?:please\s+)?"
        r"(?:always|never|don't|do not|use|give|answer|reply|respond|write|show|include|list|keep|put)\b.+)"
        # "When you write emails for me, sign off with 'Warmly, Kim'": how one kind of work of the assistant's is done
        r"|^(?P<value4>(?:when(?:ever)?|if)\s+you\s+(?:write|draft|answer|reply\s+to|send|make|plan|help\s+(?:me\s+)?with)\b[^,.?!]{2,80},?\s+"
        r"(?:please\s+)?(?:always|never|don't|do not|use|sign|keep|start|end|add|include|write|avoid|make|mention|put|format)\b.+)",
        MemoryKind.negative,
        "rule",
        confidence=0.85,
        importance=0.9,
    ),
    _rule(
        _I
        + r"(?:can't|cannot|can not|must not|mustn't|shouldn't|am not allowed to|'m not allowed to)\b"
        # (not eagerness or a figure of speech: "I can't wait to hear more", "I can't believe it")
        + r"(?!\s+(?:wait|believe|stop|thank|imagine|help|get enough|remember|decide|tell|thank you|express|describe|even)\b)"
        # an obligation that lasts ("I have to avoid sugar", "I need to take my meds at 8"), not a task ("I need to
        # order flour", "I have to leave early today")
        + r"|"
        + _I
        + r"(?:have to|must|need to|am required to)\s+(?:avoid|stay away|limit|cut (?:down|back)|keep|watch|take|wear|use|follow|stick|be careful)\b"
        # a diet kept to ("I'm trying to cut down on sugar", "I'm trying to avoid caffeine")
        + r"|"
        + _IM
        + r"(?:trying|aiming|working)\s+to\s+(?:cut\s+down\s+on|cut\s+back\s+on|avoid|limit|stay\s+away\s+from|stay\s+off|eat\s+less|drink\s+less)\b"
        # what the user's place allows ("our lab doesn't allow open flames", "my building doesn't allow dogs")
        + r"|^(?:my|our)\s+(?:\w+\s+){0,2}?(?:doesn't|does not|don't|do not|won't|will not)\s+(?:allow|permit)\b",
        MemoryKind.constraint,
        "constraint",
        confidence=0.8,
        importance=0.7,
    ),
    _rule(
        r"^(?:to (?P<value>\w[\w ]{2,40}), (?:run|use|type|do|call|open)\b|always (?:run|use|start|check|write)\b|the (?:way|steps?) to\b)",
        MemoryKind.procedure,
        "procedure",
        confidence=0.75,
    ),
    # -- relations, preferences, projects, habits, plans, events -----------------------------------------
    _rule(
        _MY
        + rf"(?:(?P<new>new|current)\s+)?(?P<rel>{_REL})(?:'s name)?\s+(?:is\s+)?(?:called\s+|named\s+)?"
        + _NAME
        # "Rex is our dog", "Aoife is our daughter": the name first
        + rf"|^{_NAME.replace('value', 'value2')}\s+is\s+(?:my|our)\s+(?:(?:little|older|younger|big|baby|new)\s+)?(?P<rel2>{_REL})[.!]*$",
        MemoryKind.relationship,
        "relationship",
        attribute="relation",
        confidence=0.85,
        importance=0.7,
    ),
    _rule(
        _I
        + r"(?:prefer|like|love|enjoy|adore|favou?r|hate|dislike|can't stand|don't like|do not like|avoid)\b|"
        + _MY
        + r"(?:favou?rite|preferred|least favou?rite)\b|"
        + _IM
        + r"(?:not\s+(?:really\s+|much\s+)?|(?:completely|totally|really|so|absolutely|super)\s+)?(?:a\s+(?:(?:big|huge)\s+)?)?(?:fan of|into|passionate about|obsessed with)\b|"
        # "tofu isn't my thing", "jazz is not really my thing": a dislike said of the thing
        + r"^(?!(?:it|that|this)\b)[\w' -]{2,40}\s+(?:isn't|is\s+not|aren't|are\s+not)\s+(?:really\s+)?(?:my|our)\s+(?:thing|cup of tea)\b|"
        # how one eats: "I eat anything", "I'm a really fussy eater"
        + _I
        + EATS_ANYTHING
        + "|"
        + _IM
        + FUSSY,
        MemoryKind.preference,
        "preference",
    ),
    _rule(
        _IM
        + r"(?:working on|building|developing|writing|launching|running)\b|"
        + _I
        + r"(?:work|am working|'m working)\s+on\s+"
        + _NAME
        + r"|"
        + _I
        + r"(?:work on|build|develop|started|launched|run)\s+"
        + r"(?:a |an |my |our |the )?(?:new |side )?(?:project|app|startup|company|business|book|thesis|game|tool|library|podcast|blog|shop)\b|"
        + _MY
        + r"(?:main |side |current |new )?(?:project|startup|company|thesis|book|app|podcast|blog) (?:is|called)",
        MemoryKind.project,
        "project",
        confidence=0.8,
        importance=0.7,
    ),
    _rule(_I + r"(?:use|code in|program in|write in|develop in)\b", MemoryKind.fact, "tools"),
    _rule(_MY + rf"(?:{_REL})\b|" + _I + r"(?:work|live|study)\s+with\s+" + _NAME, MemoryKind.relationship, "relationship", confidence=0.8),
    _rule(
        _I + r"(?:play|practi[cs]e|cook|bake|swim|paint|draw|collect|volunteer|teach|study|speak|knit|sing|dance|garden|hike|climb|surf|"
        r"meditate|run|ride|write|read|train|journal)s?\b",
        MemoryKind.fact,
        "habit",
        confidence=0.7,
        importance=0.5,
    ),
    _rule(
        r"^(?:i'm|i am|i|we're|we|i've|i have)?\s*"
        + _ADV
        + r"(?:going to|gonna|planning (?:to|on)|plan to|will|'ll|hope to|want to|intend to|"
        r"thinking (?:about|of)|considering|about to|looking forward to)\b",
        MemoryKind.fact,
        "plan",
        confidence=0.6,
        importance=0.5,
        ttl=TTLClass.contextual,
    ),
    _rule(
        r"^(?:i|we)(?:'ve|\s+have)?\s+" + _ADV + r"(?:\w+ed|went|got|had|did|took|made|bought|met|ran|won|lost|read|wrote|saw|came|"
        r"began|became|built|caught|drew|drove|ate|flew|found|gave|grew|heard|held|left|learnt|paid|rode|sold|sent|sang|spent|swam|taught|"
        r"threw|visited|finished|started|joined|adopted|graduated|attended|signed up)\b",
        MemoryKind.fact,
        "event",
        confidence=0.65,
        importance=0.5,
    ),
]
