"""Topics a constraint guards: "What's a good recipe for dinner?" must see "User is allergic to peanuts",
though the two are far apart in meaning (MiniLM cosine 0.03). A message on a topic (food and drink, animals)
calls for the user's constraints and rules whose words belong to that topic ("How do I read a file line by line?"
and "always give me code examples in Go"). Plain word lists, matched as index terms
(stemmed), so this works with keywords alone as well as with vectors. Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.text import terms


def _stems(text: str) -> frozenset[str]:
    return frozenset(t for word in text.split() for t in terms(word))


# topic: (words that put a message on the topic, words that put a constraint on it)
TOPICS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "food": (
        _stems(
            "recipe recipes cook cooking dinner lunch breakfast brunch supper meal meals snack snacks eat eating food foods "
            "restaurant restaurants dessert desserts bake baking menu grocery groceries cuisine dish dishes takeaway takeout "
            "pizza cake curry salad sandwich soup picnic barbecue bbq dine dining chef cafe bakery cheese chocolate pasta burger sushi "
            "formula weaning puree purees"  # (a baby's: "what formula should we use?" and a cow's milk protein allergy)
        ),
        _stems(
            "peanut peanuts nut nuts dairy milk lactose cheese gluten wheat shellfish shrimp prawns fish egg eggs soy sesame "
            "meat pork beef chicken vegetarian vegan pescatarian kosher halal keto celiac coeliac sugar diabetic diabetes "
            "spicy garlic onion mushrooms strawberries salt salty cholesterol hypertension pressure honey sushi raw meal meals "
            "eat eats eating "  # any rule about what one eats ("User doesn't eat honey", "never eats after 8pm")
            # an allergy to anything but what is never eaten (below): one to a food the list lacks ("Yui is allergic
            # to mango") must not be missed
            "allergic allergy allergies intolerant intolerance"
        ),
    ),
    "drink": (
        _stems("drink drinks drinking cocktail cocktails bar pub wine beer party toast brewery coffee tea latte espresso cappuccino"),
        # (a latte and a lactose intolerance)
        _stems("alcohol alcoholic wine beer drink drinks teetotal sober caffeine coffee milk dairy lactose intolerant intolerance"),
    ),
    "code": (
        _stems(
            "code coding program programming programmer function functions method methods class classes bug bugs debug "
            "debugging compile compiler script scripts regex json csv yaml xml api apis http endpoint endpoints sql query "
            "queries database parse parsing loop loops array arrays struct structs variable variables python javascript "
            "typescript java golang rust kotlin swift php ruby html css react node git docker algorithm recursion exception "
            "refactor library libraries framework npm pip"
        ),
        _stems("code coding programming program script scripts snippet snippets python javascript typescript java golang kotlin swift"),
    ),
    "medicine": (  # "Can I take ibuprofen for a headache?": a pregnancy, an allergy, a medicine already taken
        _stems(
            "medicine medicines medication medications pill pills tablet tablets dose doses drug drugs painkiller painkillers "
            "ibuprofen paracetamol acetaminophen aspirin antibiotic antibiotics supplement supplements vitamin vitamins headache "
            "meds prescription prescribed dosage antihistamine antihistamines uti utis infection infections migraine migraines"
        ),
        _stems(
            "pregnant pregnancy breastfeeding allergic allergy allergies medication medications take taking "
            # an allergy to a medicine ("User is allergic to sulfa drugs" for "Can I take Bactrim for a UTI?")
            "penicillin sulfa sulpha codeine antibiotic antibiotics ibuprofen aspirin nsaid nsaids opioid opioids morphine"
        ),
    ),
    "contact": (  # "What's the best way to keep in touch with Claire?": "don't suggest WhatsApp", "hard of hearing"
        _stems("touch contact call calls calling phone text texting message messaging chat video facetime zoom email"),
        _stems("whatsapp telegram signal facetime zoom skype phone calls call email emails texts texting hearing deaf"),
    ),
    "animals": (
        _stems("pet pets dog dogs puppy puppies cat cats kitten kittens adopt adopting zoo farm horse horses bird birds animal animals"),
        # (and what walking a dog asks of someone: "User's knees aren't great" for "should I get a dog?")
        _stems("cat cats dog dogs fur pet pets animal animals horse horses feathers dander knee knees hip hips mobility"),
    ),
    "exercise": (  # "Make me a training plan for next week": "User has a dodgy left knee" (see TOGETHER)
        _stems("workout workouts exercise exercises jog jogging gym marathon hike hiking yoga stretches squats cardio fitness"),
        _stems(
            "knee knees back ankle ankles hip hips shoulder shoulders wrist neck injury injured asthma asthmatic pregnant pregnancy acl hamstring achilles"
        ),
    ),
    "focus": (  # "Help me focus this afternoon": "User has ADHD", "don't suggest pomodoro"
        _stems(
            "focus focusing concentrate concentrating concentration productive productivity procrastinate procrastinating "
            "procrastination distracted distraction distractions"
        ),
        _stems("adhd autism autistic dyslexia dyslexic anxiety pomodoro burnout"),
    ),
    "travel": (  # "Can you plan a day in Lisbon for us?": "Carol has a bad hip", "User uses a wheelchair"
        _stems("trip trips holiday holidays vacation itinerary sightseeing tour tours excursion excursions getaway outing outings"),
        _stems("knee knees back ankle ankles hip hips foot feet mobility wheelchair walking stick stairs pregnant pregnancy"),
    ),
    "noise": (  # "Suggest a venue for a small acoustic set": "User has tinnitus, loud rooms are a no"
        _stems(
            "venue venues gig gigs concert concerts club clubs nightclub festival festivals party parties bar bars pub pubs "
            "cinema stadium reception disco"
        ),
        _stems("tinnitus loud noise noisy hearing deaf hyperacusis earplugs crowds crowded"),
    ),
    "schedule": (  # "Make me a revision timetable": "User can't do mornings", "no meetings on Fridays"
        _stems("timetable schedule schedules routine calendar planner agenda rota itinerary"),
        _stems("morning mornings afternoon afternoons evening evenings night nights weekend weekends weekday weekdays early late pm am"),
    ),
}


# Words that put a message on a topic only two at a time: "read a file line by line" is code, "file my taxes" not.
TOGETHER: dict[str, frozenset[str]] = {
    "code": _stems("file files line lines path folder directory string strings print output input"),
    # "a training plan", "a run on Sunday and a swim": not "training a model", "run this script"
    "exercise": _stems("training plan run running runs swim swimming cycling lifting strength stretch stretching sport sports race"),
    # "a night out with my course mates", "celebrate with friends on Friday night": where a drink is likely offered
    "drink": _stems("night evening friends mates colleagues celebrate celebrating celebration birthday weekend"),
    "noise": _stems("night evening friends mates celebrate celebrating celebration birthday out"),  # "a night out with friends"
    "travel": _stems("plan day days city explore exploring visit visiting weekend"),  # "plan a day in Lisbon" (not at work: below)
    # "What can I take for a cold?", "Is it ok to take something for the pain?": not "take a photo"
    "medicine": _stems("take taking cold flu fever cough pain sore throat rash cramps nausea"),
}


# Words that take a message off a topic its pairs put it on: "plan my day at work" is no day out
APART: dict[str, frozenset[str]] = {"travel": _stems("work office meeting meetings shift shifts study revision exam exams")}


def of_message(query_terms: list[str]) -> set[str]:
    """The topics a message is on, from its index terms."""
    asked = set(query_terms)
    found = {
        topic
        for topic, (on, _) in TOPICS.items()
        if asked & on or (len(asked & TOGETHER.get(topic, frozenset())) >= 2 and not asked & APART.get(topic, frozenset()))
    }
    return found | {"medicine"} if any(_DRUG_ENDING.fullmatch(term) for term in asked) else found  # ("Can I take amoxicillin?")


ALLERGY = _stems("allergic allergy allergies intolerant intolerance")
NOT_EATEN = _stems(
    "cat cats dog dogs pet pets fur dander horse horses feathers pollen hay grass dust mites mold mould latex nickel wool "
    "penicillin antibiotic antibiotics ibuprofen aspirin sulfa codeine bee bees wasp wasps sting stings perfume fragrance detergent"
)


TAKING = _stems("take taking")
_DOSE = re.compile(r"\d+(?:\.\d+)?\s*(?:mg|mcg|ml|iu|units)\b", re.I)


def heeds(term: str, text: str) -> bool:
    """Whether a constraint that a topic's guard word found is one to heed: an allergy to what nobody eats
    ("User is allergic to cats") guards no meal, and "take" guards a medicine question only with a dose."""
    if term in ALLERGY:
        return not set(terms(text)) & NOT_EATEN
    return term not in TAKING or _DOSE.search(text) is not None


# A food the user will not eat is heeded by a recipe as an allergy is ("User hates coriander"): the words of foods
# people commonly dislike, besides those above, and the ways a dislike is said
_DISLIKED_FOODS = _stems(
    "coriander cilantro olives olive tomatoes tomato mushroom onions eggplant aubergine celery pineapple anchovies tofu liver "
    "kale beetroot broccoli sprouts okra fennel mayo mayonnaise seafood fish cheese chili chilli pepper peppers avocado banana"
)
_DISLIKE = re.compile(r"\b(?:hates?|dislikes?|can't stand|cannot stand|doesn't like|does not like|not a fan of|avoids?)\b", re.I)


def dislike_terms(topics: set[str]) -> frozenset[str]:
    """The words of foods a dislike can name, for a message on food (none for other topics)."""
    return _DISLIKED_FOODS | TOPICS["food"][1] if "food" in topics else frozenset()


def is_dislike(text: str) -> bool:
    return _DISLIKE.search(text) is not None


# Topics on which a preference is how the answer must go, as a constraint is ("How should I get in touch with my son?"
# and "User prefers emails to phone calls"; "Make me a revision timetable" and "User hates mornings")
# How well one knows something ("User is a total beginner at coding", "User is learning Python"; not "a beginner's
# yoga class" or "loves learning about animals"): for a message on its topic, the level the answer is pitched at
LEVEL = _stems("beginner novice newbie new learning learner expert experienced intermediate advanced")
_AT_LEVEL = re.compile(
    r"\b(?:(?:beginner|novice|newbie|new|learner|expert|experienced|intermediate|advanced)\s+(?:at|in|to|with)\s+(?:the\s+)?"
    r"|learning\s+(?:(?:how\s+)?to\s+)?)(?P<what>[\w+#]+)",
    re.I,
)


def at_level(text: str, on_topic: set[str]) -> bool:
    """Whether a memory says how well one knows one of these topics."""
    known = {t for found in _AT_LEVEL.finditer(text) for t in terms(found.group("what"))}
    return any(known & TOPICS[topic][0] for topic in on_topic)


_WAYS = ("contact", "schedule")


def way_terms(topics: set[str]) -> frozenset[str]:
    """The words of a preference that a message on one of these topics must see."""
    return frozenset(t for topic in topics & set(_WAYS) for t in TOPICS[topic][1])


def guard_terms(topics: set[str]) -> frozenset[str]:
    """The words that put a constraint on any of these topics."""
    return frozenset(t for topic in topics for t in TOPICS[topic][1])


# What one does for fun, for "What hobbies do I have?" (MiniLM puts that at 0.12 of "User unwinds with yoga and
# long baths"): a memory that names one of these answers it
PASTIMES = _stems(
    "hobby hobbies fun relax unwind destress yoga pilates gym run running jog jogging hike hiking climb climbing "
    "swim swimming cycle cycling bike biking dance dancing sing singing choir guitar piano violin drums ukulele music "
    "read reading books novels paint painting draw drawing sketch sketching knit knitting crochet sew sewing garden "
    "gardening cook cooking bake baking photography camping fishing surf surfing ski skiing skate skating chess "
    "games gaming pottery woodworking baths meditate meditation walks kayaking sailing tennis football soccer "
    "basketball volleyball golf badminton martial karate judo boxing kickboxing theatre crossword puzzles birdwatching "
    "bouldering rowing marathon triathlon crafts scrapbooking lego cosplay anime podcasts films movies "
    "tabla sitar flute cello viola saxophone sax trumpet trombone clarinet oboe harp banjo mandolin harmonica accordion "
    "keyboard synth bagpipes rugby cricket hockey squash netball baseball softball lacrosse"
)

# What one takes for one's health, for "What medication do I take?" (MiniLM puts that at 0.09 of "User's doctor
# switched User from metformin to Jardiance"): a memory that names a dose, a form or a common drug answers it
MEDICATIONS = _stems(
    "medication medications medicine medicines meds pill pills tablet tablets capsule capsules dose doses dosage mg "
    "prescribed prescription inhaler insulin injection injections antibiotic antibiotics antidepressant antidepressants "
    "statin statins supplement supplements vitamin vitamins metformin ibuprofen paracetamol acetaminophen aspirin "
    "sertraline fluoxetine citalopram escitalopram lisinopril amlodipine atorvastatin simvastatin levothyroxine omeprazole "
    "lansoprazole salbutamol albuterol prednisone warfarin apixaban ramipril losartan gabapentin propranolol methotrexate "
    "adderall ritalin melatonin iron folic birth lantus tresiba levemir toujeo novorapid humalog fiasp ozempic wegovy mounjaro jardiance"
)
# the endings medicines' international names share (bisoprolol, ramipril, losartan, apixaban, omeprazole, …)
DRUG_ENDINGS = (
    r"olol|pril|sartan|statin|xaban|parin|prazole|azole|cillin|mycin|floxacin|tidine|dipine|formin|gliptin|gliflozin|"
    r"azepam|oxetine|pram|aline|triptan|dopa|thyroxine|dronate|lukast|terol|tropium|sone|lone|mab|tinib|vir"
)
_DRUG_ENDING = re.compile(rf"[a-z]{{2,}}(?:{DRUG_ENDINGS})\b", re.I)


def names_medicine(text: str) -> bool:
    """Whether a text names a medicine: one of those listed, or a word with a medicine's ending."""
    return bool(set(terms(text)) & MEDICATIONS) or _DRUG_ENDING.search(text) is not None
