"""Words the offline extractor knows: tools, relations, jobs, health and diet, verb forms, and the
capitalised words that are not names. Plain data, kept apart so the rules stay readable."""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


KNOWN_TOOLS = _words(
    "python typescript javascript rust go golang java kotlin swift ruby php c c++ c# haskell scala react vue svelte sveltekit "
    "angular django flask fastapi pytorch tensorflow docker kubernetes postgres postgresql sqlite mysql redis linux vim emacs "
    "vscode git github gitlab node node.js next.js nextjs nuxt remix deno bun duckdb aws gcp azure excel figma notion slack jira "
    "terraform ansible spark kafka airflow pandas numpy jupyter tailwind graphql webpack vite laravel rails spring unity unreal "
    "blender photoshop lightroom obsidian sql nosql cockroachdb mongodb elasticsearch jax matlab r julia "
    "snowflake redshift bigquery databricks dbt looker tableau metabase superset dagster prefect flink hadoop clickhouse "
    "cassandra dynamodb firebase supabase vercel netlify heroku postman xcode android grpc protobuf rabbitmq nginx"
) | {"power bi", "google sheets", "sql server", "visual studio", "android studio", "google analytics", "google cloud"}
# tools often typed in lower case whose names are no English word ("we're on k8s and postgres"), as they are written
TOOLS_IN_LOWER_CASE = {
    "k8s": "Kubernetes", "kubernetes": "Kubernetes", "postgres": "Postgres", "postgresql": "PostgreSQL", "mysql": "MySQL",
    "sqlite": "SQLite", "docker": "Docker", "pytorch": "PyTorch", "tensorflow": "TensorFlow", "numpy": "NumPy",
    "terraform": "Terraform", "graphql": "GraphQL", "django": "Django", "fastapi": "FastAPI", "mongodb": "MongoDB",
    "redis": "Redis", "vscode": "VS Code", "javascript": "JavaScript", "typescript": "TypeScript", "github": "GitHub",
    "gitlab": "GitLab", "duckdb": "DuckDB", "bigquery": "BigQuery",
}  # fmt: skip
PEOPLE_RELATIONS = _words(
    "wife husband partner spouse girlfriend boyfriend fiance fiancee fiancé fiancée son daughter kid kids child children baby "
    "mother mom mum father dad parents brother sister sibling siblings grandma grandmother grandpa grandfather grandson granddaughter grandchild "
    "grandchildren grandkids stepson stepdaughter aunt uncle cousin nephew niece "
    "friend bestie boss manager colleague coworker co-worker mentor advisor cofounder co-founder teammate roommate flatmate "
    "neighbour neighbor therapist doctor supervisor ex ex-wife ex-husband ex-boyfriend ex-girlfriend ex-partner "
    # the people one hires or is seen by ("our builder is called Gary", "my GP is Dr Shah")
    "builder landlord landlady cleaner accountant solicitor dentist gp physio physiotherapist nanny childminder tutor hairdresser"
)
# words that may stand between a subject (or a missing "I") and its verb ("they never pay", "Still working on my biz")
VERB_ADVERBS = _words("really also just always still never often usually sometimes only even already finally recently now currently")
# the relatives who are "he" or "she" (for a pronoun that names one the speaker did not name)
HE_RELATIONS = _words("dad father husband son brother grandpa grandfather boyfriend uncle nephew stepdad stepson grandson fiance fiancé")
SHE_RELATIONS = _words(
    "mum mom mother wife daughter sister grandma grandmother girlfriend aunt niece stepmum stepmom stepdaughter granddaughter fiancee "
    "fiancée"
)
# who joins a team new, by what they are there ("we hired a junior, his name is Tomasz")
NEWCOMERS = _words("hire junior intern apprentice trainee starter")
ANIMAL_RELATIONS = _words("dog cat pet puppy kitten horse parrot hamster rabbit bunny bird fish turtle snake")
# a pet, by what it is or its breed ("a greyhound called Pepper")
PET_WORDS = ANIMAL_RELATIONS | _words("greyhound labrador terrier spaniel retriever poodle beagle collie pug")
# Relations a person has one of at a time: a new one replaces the old (other relations only on a correction).
# one person each ("my grandchildren, Ellie and Sam" names two grandchildren, not grandchildren called Ellie)
ONE_PERSON_RELATIONS = PEOPLE_RELATIONS - _words("kids children parents siblings grandchildren grandkids")
SINGLE_RELATIONS = _words(
    "wife husband partner spouse girlfriend boyfriend fiance fiancee fiancé fiancée boss manager therapist "
    "builder landlord landlady accountant solicitor dentist gp physio nanny childminder hairdresser"
)
JOBS = _words(
    "engineer developer dev programmer designer teacher professor student nurse doctor physician surgeon dentist pharmacist "
    "researcher scientist manager writer author journalist editor artist painter photographer musician singer actor "
    "counselor counsellor therapist psychologist founder lawyer attorney consultant analyst accountant architect chef cook "
    "baker farmer pilot driver electrician plumber carpenter mechanic firefighter officer soldier librarian translator "
    "entrepreneur freelancer intern veterinarian vet coach trainer barista cashier salesperson marketer recruiter gp midwife paramedic "
    "contractor tutor technician waiter waitress bartender cleaner receptionist guide courier carer caregiver"
)
LANGUAGES = _words(
    "english spanish french german italian portuguese dutch polish czech swedish danish norwegian finnish irish welsh greek "
    "russian ukrainian turkish arabic hebrew hindi urdu bengali punjabi japanese chinese mandarin cantonese korean "
    "vietnamese thai indonesian malay tagalog swahili catalan basque romanian hungarian croatian serbian"
)
HEALTH = (
    "allergic allergy allergies intolerant intolerance diabetes diabetic asthma asthmatic celiac coeliac epilepsy epileptic "
    "pregnant migraine migraines adhd autism autistic depression anxiety hypertension arthritis cancer disability deaf blind "
    "dyslexia dyslexic insomnia colourblind colorblind dementia alzheimer's alzheimers parkinson's parkinsons copd lupus "
    "crohn's crohns colitis fibromyalgia endometriosis tinnitus vertigo eczema psoriasis ibs"
)
HEALTH_WORDS = _words(HEALTH)
HEALTH_PATTERN = HEALTH.replace(" ", "|") + r"|high\s+blood\s+pressure|high\s+cholesterol"  # as a regex alternation
DIETS = _words("vegetarian vegan pescatarian kosher halal gluten-free keto teetotal sober")
# Past tense and participle forms that take no -s in the third person ("Dana bought", never "boughts").
IRREGULAR_PAST = _words(
    "was were had did went came made bought brought got took saw met ran won lost read wrote thought felt found gave told "
    "said left kept began became built caught chose drew drove ate fell flew forgot grew heard held knew led learnt learned "
    "meant paid put rode rang rose sold sent set shut sang sat slept spent stood swam taught threw understood woke wore "
    "spoke broke stole hid fought sought burnt dreamt lit slid spun stuck struck swore tore wove wept won't didn't couldn't "
    "wasn't weren't hadn't shouldn't wouldn't mustn't cannot can can't could will would should must might may shall "
    "wanna gonna gotta used"
)
# The present of irregular pasts whose stem differs ("thinking of buying a Kia", then "bought the Kia")
PAST_TO_BASE = {
    "bought": "buy", "sold": "sell", "found": "find", "took": "take", "gave": "give", "won": "win", "ran": "run",
    "met": "meet", "built": "build", "began": "begin", "chose": "choose", "wrote": "write", "flew": "fly", "left": "leave",
    "went": "go", "came": "come", "brought": "bring", "caught": "catch", "drove": "drive", "ate": "eat", "fell": "fall",
    "kept": "keep", "lost": "lose", "paid": "pay", "rode": "ride", "spent": "spend", "swam": "swim", "taught": "teach",
    "broke": "break", "became": "become", "grew": "grow", "slept": "sleep",
}  # fmt: skip
# Verbs whose denial says nothing happened to the thing itself (core/denials.py): knowing and meaning, and who told
# of it ("Ingrid didn't tell me, the editor emailed" leaves the paper accepted)
NO_EVENT_VERBS = _words(
    "know mean think say want like expect realise realize notice see hear get tell ask email text call message mention show send"
)
# Capitalised words that are not names: sentence openers, pronouns, days, months, interjections.
COMMON_CAPITALS = _words(
    "I I'm I've I'd I'll The A An It My We You He She They This That What When Where Who Why How Yes No Hey Hi Hello Thanks Thank Oh Wow Ok Okay So But And Or Also Just Really Well Sure Sounds Great Good Nice Awesome Cool Do Did Does Can Could Would Will Is Are Was Were Have Has Let Let's Not Never Always Actually Please If In On At For To From With By As Our Your His Her Their Its Me Us Them That's It's There Here Haha Lol Yeah Yep Definitely Absolutely Totally Bye See Take Congrats Dr Mr Mrs Ms Prof Monday Tuesday Wednesday Thursday Friday Saturday Sunday Today Yesterday Tomorrow Mondays Tuesdays Wednesdays Thursdays Fridays Saturdays Sundays January February March April June July "
    "August September October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Gonna Wanna Hmm Haha Lol Omg Btw Then Now Later Maybe Anyway Besides Still Yeah Sorry "
    "Oops Thanks Cheers Congrats Congratulations Welcome Bye Goodbye Morning Evening Night Hey Hi Hello Woah Whoa Yay "
    "Honestly Basically Seriously Apparently Luckily Unfortunately Hopefully Finally Literally Obviously Personally Anyways Ugh "
    "PhD MSc BSc MBA PIN Q1 Q2 Q3 Q4 H1 H2 Best Regards Kind Warm Sincerely "
    # what opens a sentence in chat and is no name ("Last Fri I …", "Agreed!", "Woohoo Melanie!", "Nah, …")
    "Last Lately Recently Next Soon Even Plus Remember Agreed Agree Nah Nope Yup Perfect Exactly Gotcha Alright Woohoo Hooray "
    "Oof Phew Aw Aww Ooh Here's Mon Tue Tues Wed Thu Thur Thurs Fri OK BTW FYI LOL OMG IMO TBH"
)
# Words of a rule that say nothing of when it applies ("always give me code examples in Go unless I ask otherwise":
# "code" and "examples" do; "give", "ask" and "otherwise" would set it off on any message).
NOT_TRIGGERS = _words(
    "give gives ask asks asked tell make get let keep want need please always again unless otherwise anything something "
    "answer answers reply respond write use using user instead ever never suggest suggesting recommend recommending mention mentioning"
)
# what follows "hi, I'm" and is no name ("hi, i'm new here", "hey i'm bored")
NOT_NAMES = _words(
    "new back here fine good ok okay sorry glad happy tired sure ready done free busy home late bored excited married stressed "
    "scared worried confused exhausted retired interested"
)

# what "I'm" says of someone that is written with a capital and is no name: a faith or where one is from ("I'm Muslim",
# "I'm Italian")
FAITHS_AND_ORIGINS = _words(
    "muslim christian jewish hindu buddhist sikh catholic protestant mormon atheist agnostic orthodox anglican baptist "
    "methodist lutheran evangelical quaker pagan jain british english scottish welsh irish american canadian australian "
    "mexican brazilian argentinian colombian chilean peruvian spanish portuguese french german dutch belgian swiss austrian "
    "italian greek turkish polish czech slovak hungarian romanian bulgarian ukrainian russian swedish norwegian danish finnish "
    "icelandic indian pakistani bangladeshi nepali chinese japanese korean vietnamese thai filipino indonesian "
    "malaysian singaporean nigerian ghanaian kenyan ethiopian somali egyptian moroccan algerian tunisian "
    "iranian iraqi syrian lebanese israeli palestinian saudi emirati jamaican cuban haitian kiwi aussie latina latino "
    "asian african european arab hispanic"
)

# Events a person has on a day ("exams in February", "job interview on Monday"), as a regex alternation: said
# without a verb they are the speaker's, and a month they are in is the next one (core/grammar.py, core/dates.py)
EVENTS = (
    r"exams|exam|finals|midterms|interview|wedding|surgery|appointment|flight|deadline|presentation|operation|driving\s+test|viva|"
    r"defen[cs]e|court\s+date|audition"
)
# what names a subject of its own before a verb ("Trying to figure out what helps me sleep": "what" helps)
OWN_SUBJECTS = _words("that which who what it this he she there they we you i everything something nothing one")
# a doing's quality after "is", not a verb going on ("Caring for him is exhausting")
ING_QUALITIES = _words(
    "amazing exhausting tiring rewarding challenging draining exciting relaxing boring frustrating satisfying inspiring "
    "refreshing overwhelming calming terrifying annoying fascinating confusing interesting humbling"
)
