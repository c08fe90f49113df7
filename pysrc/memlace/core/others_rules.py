"""Rules for what a speaker says of someone else they named ("Ava loves pasta", "Tom is allergic to nuts",
"Tofu passed away last night"); extract_rules.py has the speaker's own. Pure: no I/O."""

from __future__ import annotations

import re

from memlace.core.dates import MONTHS, WEEKDAYS
from memlace.core.entities import find_entities
from memlace.core.extract_rules import _JOB
from memlace.core.lexicon import COMMON_CAPITALS, DIETS, HEALTH
from memlace.core.rule import _ADV, CANT_TAKE_FOOD, EATS_ANYTHING, FUSSY, Rule, _any, _rule
from memlace.core.topics import DRUG_ENDINGS
from memlace.models import EntityType, Episode, MemoryKind, normalize_name
from memlace.ports import CandidateEntity

# What a speaker says of a person named before ("Ava loves pasta", "Tom is allergic to nuts", "Ava's favourite
# food is pasta"): tried on what follows the name (see ``NAMED_PERSON``); the clause is kept in the speaker's
# words, about that person. Only these predicates: most talk about others is passing news, not lasting facts.
# After a possessive ("Ava's ..."), only a favourite or a day of theirs ("Ava's birthday is ...") counts.
NAMED_PERSON = re.compile(r"^(?P<who>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))(?P<own>'s)?\s+(?P<rest>.+)$")
# "Sarah Kim is going on leave": a full name, when it is the one known (two Sarahs on a team)
FULL_NAMED_PERSON = re.compile(r"^(?P<who>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+ [A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))(?P<own>'s)?\s+(?P<rest>.+)$")
_THEY = r"^" + _ADV
# "Oliver is 12": what follows a name that says only how old they are (a name first told so is a person's)
_AGED = re.compile(r"^is\s+(?:only\s+|just\s+|nearly\s+|almost\s+|actually\s+|now\s+)*\d{1,2}(?:\s+years?\s+old)?(?:\s+now)?[.!]*$")


def told_by_age(named: re.Match[str]) -> bool:
    """Whether a statement that opens with a name (``NAMED_PERSON``) only says how old they are ("Oliver is 12")."""
    return _AGED.match(named.group("rest")) is not None and not named.group("own") and named.group("who") not in COMMON_CAPITALS


# a medicine by its name: a common one, or the ending international names share (bisoprolol, ramipril, levodopa)
_DRUG_NAMES = rf"metformin|ibuprofen|paracetamol|acetaminophen|aspirin|warfarin|melatonin|insulin|lithium|[a-z]{{2,}}(?:{DRUG_ENDINGS})"
OTHERS_RULES: list[Rule] = [
    _rule(
        _THEY
        + r"(?:is|has)\s+(?:severely\s+|very\s+|mildly\s+)?(?:[\w'-]+\s+){0,4}(?:"  # ("is lactose intolerant", "has a cow's milk protein allergy")
        + HEALTH.replace(" ", "|")
        + r")\b|"
        + _THEY
        + r"(?:doesn't|does not|won't|can't|cannot|never)\s+(?:eat|drink|have|touch|swallow|take)\s+\w|"
        + _THEY  # "my husband can't do spicy food"
        + CANT_TAKE_FOOD
        + r"|"
        # "Pepper is reactive to other dogs", "Tom is terrified of dogs": what plans with them must heed
        + _THEY
        + r"(?:is|gets)\s+(?:really\s+|very\s+|quite\s+|a\s+bit\s+)?(?:reactive|aggressive|anxious|nervous|scared|afraid|terrified|phobic)\s+"
        + r"(?:to|of|around|with)\s+\w|"
        # "Carol has a bad hip": what advice on walking, travel or exercise must heed
        + _THEY
        + r"(?:has|'s got|has got)\s+(?:a\s+)?(?:bad|dodgy|weak|sore|injured|broken|bum)\s+(?:left\s+|right\s+|lower\s+)?"
        + r"(?:knees?|back|ankles?|hips?|shoulders?|wrists?|neck|foot|feet)\b",
        MemoryKind.constraint,
        "health",
        confidence=0.8,
        importance=0.85,
    ),
    _rule(  # what someone takes for their health: "Dad takes levodopa three times a day", "she's on 50mg of sertraline"
        _THEY
        + r"(?:takes|is on|has to take|needs to take|uses|gets|has)\s+(?:(?:his|her|their|a|an|some)\s+)?(?:[\w-]+\s+){0,3}?"
        + r"(?:medication|medicine|meds|pills?|tablets?|capsules?|insulin|inhalers?|injections?|drops|\d+\s*(?:mg|mcg|ml)|"
        + _DRUG_NAMES
        + r")\b",
        MemoryKind.fact,
        "medication",
        confidence=0.8,
        importance=0.8,
    ),
    _rule(
        _THEY
        + rf"(?:is|has gone|has been|'s been|became|went)\s+(?:a\s+)?(?:{_any(DIETS)})\b"  # ("has been vegan for two years")
        # "she's on a special renal diet" (a pet's too)
        + r"|"
        + _THEY
        + r"(?:is|has been)\s+on\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}diet\b",
        MemoryKind.constraint,
        "diet",
        confidence=0.8,
        importance=0.8,
    ),
    _rule(
        _THEY + r"(?:loves|likes|adores|enjoys|hates|dislikes|prefers|can't stand|only eats|doesn't like|does not like|won't eat|"
        r"is (?:(?:completely|totally|really|so|absolutely|super)\s+)?(?:a (?:big |huge )?fan of|into|obsessed with|mad about|crazy about)|(?:isn't|is not) (?:really\s+)?(?:a (?:big )?fan of|into))\s+\w|"
        + _THEY
        + r"wants\s+(?!to\b|a\b|an\b|the\b|some\b|me\b|us\b|you\b|him\b|her\b|them\b|it\b)[\w-]+(?:\s+now)?\s*[.!]?$|"  # "Lucía wants yellow now"
        # "Lucía doesn't want a DJ": what someone will not have ("doesn't want to" is a plan not made)
        + _THEY
        + r"(?:doesn't|does not|never)\s+wants?\s+(?!to\b)(?:a|an|any)\s+\w|"
        r"^(?:least\s+)?favou?rite\b|"  # after "Ava's"
        + _THEY  # "Ewan eats anything", "Mia is a really fussy eater", "he isn't picky"
        + rf"(?:{EATS_ANYTHING}|(?:(?:is|isn't)\s+)?{FUSSY})|"  # (after "Ewan's" too)
        + _THEY  # a taste that changed: "Ewan's started eating coriander again", "she has stopped drinking coffee"
        + r"(?:has\s+)?(?:started|begun|gone back to|stopped|given up)\s+(?:eating|drinking|liking)\s+\w",
        MemoryKind.preference,
        "preference",
        confidence=0.75,
    ),
    _rule(
        _THEY
        + r"(?:works (?:(?:nights|days|evenings|mornings|weekends|nights and weekends|full-time|part-time)\s+)?(?:at|as|for|in)|works (?:[\w-]+\s+){0,2}shifts|lives in|has lived in|has been living in|studies|is studying|plays|speaks|teaches|collects|is learning|goes to|uses|wears|"
        # what someone has of their own ("he runs a small restaurant called Jollof House")
        r"(?:runs|owns|co-owns|manages|founded|started|opened) (?:a|an|the|his|her|their|(?-i:[A-Z]))|"
        # what someone keeps doing: "Yui has been learning piano since she was 4", "Leo is training for a 10k"
        r"(?:has been|is) (?:learning|playing|taking|studying|training|practi[sc]ing|doing|working (?:at|for|as|in))|takes \w+ (?:lessons|classes)|"
        r"(?:has )?started working (?:at|for|as|in)|"
        # a baby's day: "Aoife feeds every 3 hours", "she naps about 40 mins at a time", "he sleeps through the night"
        r"(?:feeds|naps|sleeps|wakes(?:\s+up)?)\s+(?:every|about|around|for|through|at|twice|once|\d)|"
        # who does what at home: "he cooks most nights", "Sam does the school run"
        r"cooks|does (?:the|most of the|all the|all of the) (?:cooking|cleaning|school run|driving|laundry|washing|shopping)|"
        r"is in (?:year|grade|class))\s+\w|"
        + _THEY  # "she works 12 hour shifts", "he works nights"
        + r"works\s+(?:[\w-]+\s+){0,2}(?:shifts|nights|weekends)\b|"
        + _THEY  # "Nadia is full-time since Monday", "Tom works part-time"
        + r"(?:is|works|has gone|went)\s+(?:now\s+)?(?:full-time|part-time|self-employed|freelance|retired|unemployed)\b|"
        # what someone does on a day ("Arjun has swimming on Tuesdays", "Meera does ballet every Saturday")
        + _THEY
        + r"(?:has|does|goes to|plays|takes|attends)\s+(?:[\w-]+\s+){1,3}(?:on|every)\s+(?:\w+days?|weekends?|mornings?|evenings?)\b|"
        # or on a span of days: "Theo goes Monday to Wednesday", "Ivy is in nursery Mondays and Tuesdays"
        + _THEY
        + rf"(?:goes|is in|is at|attends)\s+(?:(?:to\s+)?(?:[\w-]+\s+){{0,2}}?)?(?:on\s+)?(?:{'|'.join(WEEKDAYS)})s?\s+(?:to|through|till|until|and|-)\s+"
        + rf"(?:{'|'.join(WEEKDAYS)})s?\b|"
        # or comes round: "Clare visits every Sunday", "Clare will come on Saturdays from now on"
        + _THEY
        + r"(?:visits|comes|will (?:come|visit)|is coming|is visiting)\s+(?:over\s+|round\s+|by\s+)?(?:on|every)\s+(?:\w+days?|weekends?)\b|"
        + _THEY  # what someone asks for a job: "Gary quoted 21k for the kitchen", "she charges £40 an hour"
        + r"(?:quoted|quotes|charges|charged|is charging|wants|asked for|offered)\s+(?:us\s+|me\s+)?(?:about\s+|around\s+)?[$£€]?\d|"
        + _THEY
        + r"is (?:actually |really |now |about |around |nearly |almost )*(?:\d{1,3})(?: years(?: old)?)?(?: now| already)?(?:$|,|\s+and\b)|"
        + _THEY
        + r"is an?\s+"
        + _JOB,
        MemoryKind.fact,
        "others",
        confidence=0.7,
        importance=0.55,
    ),
    _rule(  # after "Jack's": who someone of theirs is ("his teacher is Ms. Byrne", "Ava's coach is called Tom")
        r"^(?:(?:new|old)\s+)?(?:teacher|coach|tutor|doctor|dentist|therapist|nanny|childminder|babysitter|best\s+friend|"
        r"wife|husband|partner|boyfriend|girlfriend|boss|manager)\s+is\s+(?:called\s+|named\s+)?"
        r"(?:(?-i:Mr|Mrs|Ms|Miss|Dr|Prof)\.?\s+)?(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])"
        # their own by name: "Carmen's twins, Pablo and Lucía, turn 6 in March", "Jo's son Max is 5"
        r"|^(?:son|daughter|kid|child|children|twins|baby|grandson|granddaughter|husband|wife|partner|sister|brother)s?,?\s+"
        r"(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\b(?:,?\s+and\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+),?)?\s+(?:is|are|was|turns?|turned|has|have|loves?)\b"
        # what someone one hires asks: "Gary's quote went up to 21k"
        r"|^(?:quote|estimate|price|fee|fees|rate|invoice|bill)\s+(?:is|was|went up to|came in at|is now|rose to|dropped to)\s+[$£€]?\d",
        MemoryKind.fact,
        "whose",
        confidence=0.75,
        importance=0.55,
    ),
    _rule(  # after "Luis's": a day of theirs ("Luis's birthday is June 21", "Mum's surgery is on Monday")
        r"^(?:birthday|bday|anniversary|wedding|graduation|due date|surgery|operation|recital|first day)\s+(?:is|was|falls)\b",
        MemoryKind.fact,
        "day",
        confidence=0.8,
        importance=0.7,
    ),
    _rule(  # what happened to someone (or a pet): "Tofu passed away last night", "Lena (has) got engaged"
        _THEY
        + r"(?:has\s+(?:just\s+)?)?(?:passed away|died|was born|got (?:married|engaged|divorced|promoted|sick|hurt|injured)|graduated|retired|"
        r"had (?:a baby|twins|surgery|an operation)|is pregnant|(?:hurt|injured|broke|sprained|twisted|fractured) (?:his|her|their) \w+|"
        # "Biscuit has been sick this week", "Mum is in hospital", "Byte had to go to the vet"
        r"(?:is|was|has been|'s been)\s+(?:really\s+|very\s+|quite\s+|a\s+bit\s+)?(?:sick|ill|unwell|poorly)|is in (?:the\s+)?hospital|"
        r"(?:had to go|went|has been) (?:in\s+)?to (?:the\s+)?(?:vets?|hospital|a&e|emergency room)|is expecting|was diagnosed with|turned \d{1,3}|moved (?:up\s+)?(?:to|into|back to|in with)|(?:got|has|has got|started) (?:a|an) (?:new\s+)?(?:[\w-]+\s+){0,2}job\b|"
        r"start(?:s|ed)? (?:(?:elementary|primary|secondary|middle|high)\s+)?(?:school|nursery|kindergarten|preschool|daycare|reception|college|university|uni|secondary|a new job|"
        r"(?:\w+\s+){1,2}(?:lessons|classes|club|camp))|"  # "Iris started swimming lessons"
        r"is (?:leaving|retiring|quitting|moving to|moving out|starting at|taking over)|(?:has\s+)?quoted (?:us\s+|me\s+)?[$£€]?\d[\d,.]*(?:k|m)?|(?:starts|will start) (?:work\s+)?at (?-i:[A-Z])\w*|switched (?:from|to)|joined|quit|gave up|(?:turns|is turning) \d{1,3}\b|"
        r"went (?:bust|under|into administration|out of business)|(?:has\s+)?(?:closed|shut) down|"  # (a business)
        r"handed in (?:her|his|their) notice|resigned|passed (?:her|his|their) (?:[\w-]+\s+){0,2}(?:test|exams?|level \d|assessment|probation|finals)|(?:was|got) (?:fired|laid off|made redundant)|"
        r"(?:is|will be) (?:away|abroad|at sea|overseas|offshore|deployed|travelling|traveling) (?:[\w-]+\s+){0,3}?(?:until|till|for|through)|"  # "away till December"
        r"(?:is|went|is going|goes) on (?:\w+\s+)?(?:leave|sabbatical)|is (?:back|returning) from (?:\w+\s+)?(?:leave|sabbatical)|"
        # a race run: "Jo ran the Berlin marathon last year", "she did Berlin in 3:40"
        r"(?:ran|finished|completed|did|won|walked|swam|cycled)\s+(?:(?:the|a|an|her|his|their)\s+)?(?:first\s+)?(?:[\w-]+\s+){0,2}"
        r"(?:marathon|half(?:-marathon)?|10k|5k|ultra|triathlon|ironman|race|parkrun)|(?:ran|did|finished)\s+(?-i:[A-Z])\w+\b.{0,30}?\bin\s+\d{1,2}:\d{2})\b",  # "Julia is on parental leave until March"
        MemoryKind.fact,
        "others",
        confidence=0.75,
        importance=0.7,
    ),
    _rule(  # what someone the speaker deals with wants by when, or moved: "Puffin wants 12 drawings by March 1st",
        # "Acme pushed the launch to May" (a date a later message may move)
        _THEY + r"(?:wants|needs|expects|is expecting|asked (?:me )?for|pushed|moved|postponed|delayed|rescheduled|brought forward|extended"
        # "he's staying till Monday the 15th": when a visitor comes or goes
        r"|is staying|stays|is arriving|arrives|is flying (?:in|back|home)|flies (?:in|back|home)|is going (?:back|home)|goes (?:back|home)"
        # "Margaret has a memory clinic appointment on the 3rd of March"
        r"|has (?:got )?(?:a|an)\s+(?:[\w-]+\s+){0,3}(?:appointment|check-?up|scan|operation|surgery|interview|exam|assessment|review))"
        r"\s+.{0,60}?\b(?:by|before|until|till|to|on|for|at|in|next|this)\s+(?:the\s+)?(?:\d|end of|next|tomorrow|"
        + "|".join(MONTHS + WEEKDAYS)
        + r")",
        MemoryKind.fact,
        "others",
        confidence=0.7,
        importance=0.6,
    ),
    _rule(  # what someone at the speaker's table eats or adds: "she puts so much salt in everything" (told to a diet)
        _THEY
        + r"(?:always\s+|usually\s+|often\s+|still\s+)?(?:puts|adds|uses|cooks\s+with|eats|drinks|has)\s+"
        + r"(?:(?:so\s+much|too\s+much|a\s+lot\s+of|lots\s+of|loads\s+of|tons\s+of|extra|way\s+too\s+much)\s+)?"
        + r"(?:salt|sugar|butter|oil|ghee|cream|chill?i|spice|garlic|cheese|red\s+meat|alcohol|coffee|wine|beer|takeaways?|fast\s+food)\b"
        + r"|"
        + _THEY
        + r"(?:still\s+)?(?:smokes|vapes|drinks\s+(?:a\s+lot|heavily|every\s+night))\b",
        MemoryKind.fact,
        "habit",
        confidence=0.7,
        importance=0.6,
    ),
]


def known_named(named: re.Match[str], entities: dict[str, CandidateEntity], window: list[Episode]) -> CandidateEntity | None:
    """Who a statement (a match of ``NAMED_PERSON``) opens with, if known (here, just before, in a batch not stored), or
    told by age ("Oliver is 12")."""
    key = normalize_name(named.group("who"))
    said = entities.get(key) or next((found[key] for turn in reversed(window) if key in (found := find_entities(turn.text, []))), None)
    told = CandidateEntity(name=named.group("who"), type=EntityType.person) if not said and told_by_age(named) else None
    return said or (entities.setdefault(key, told) if told else None)  # (a person from now on)
