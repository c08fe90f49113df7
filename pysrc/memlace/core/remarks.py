"""Clauses that mention the speaker but say nothing lasting about them, read before any rule.

Found by reading what the offline extractor kept from LoCoMo's dev conversations that matched no
observation of its turn: each pattern is a way of speaking, not a topic, so it holds in any chat.
"""

from __future__ import annotations

import re

from memlace.core.lexicon import PEOPLE_RELATIONS
from memlace.core.text import terms

# "Makes me feel like…", "Sounds like…": the elided subject is "it" (whatever was shown or said before),
# so the clause is about that, in words that cannot stand alone. ("Reminds me how much I love performing"
# still tells what the speaker loves: kept.)
_ELIDED_IT = r"(?:really\s+|also\s+|just\s+|totally\s+)?(?:(?:makes|sounds|seems|looks|gives|keeps|helps)\b|(?:made|gave)\s+(?:me|us)\b)"
# "Been a busy week since we talked": "it's been", a passing remark about time, not "I have been…"
_PASSING_TIME = (
    r"(?:it's\s+|it\s+has\s+)?been\s+(?:a|an|such\s+a|quite\s+a)\s+(?:\w+\s+){0,2}(?:weeks?|days?|months?|years?|while|time|ride|minute|bit|road|"
    r"journey|rollercoaster|roller\s+coaster|whirlwind)\b"
    # ("it's been a year since I moved to Oslo" tells when; "been a few days since we chatted" does not)
    r"(?!\s+since\s+(?!we\s+(?:last\s+)?(?:chatted|spoke|talked|caught\s+up|met)\b))"
)
# "Maybe I can assist as well": an offer in passing; "Just something to take my mind off things": no verb at all
_TENTATIVE = (
    r"(?:maybe|perhaps)\s+(?:I|we)\s+(?:can|could|should|might|will)\b|just\s+(?:something|nothing)\b"
    # "I don't know", "I don't know how we'll manage", "I'm not sure", "I guess so": an answer or a worry, no fact
    r"|I\s+(?:really\s+)?(?:don't|do not|dunno)\s+know(?:\s+(?:how|what|if|whether|where|when|why|who)\b.*)?[.!]*$|I(?:'m| am)\s+not\s+(?:really\s+)?sure[.!]*$|I\s+guess\s+(?:so|not)[.!]*$"
    # "my brain is fried", "my head's all over the place": a passing state
    r"|(?:my\s+)?(?:brain|head)(?:'s|\s+is)\s+(?:(?:so|totally|completely|a\s+bit)\s+)?(?:fried|mush|dead|gone|all\s+over\s+the\s+place|not\s+working|spinning)\b.*$"
    # "I have no idea what to get him": asking for help, no fact
    r"|I(?:\s+have|'ve\s+got|\s+had)\s+no\s+(?:idea|clue)(?:\s+(?:how|what|if|whether|where|when|why|who|which)\b.*)?[.!]*$"
)
# "I already read it, loved it", "I'd love to check them out", "I'm obsessed with those": what was read, loved or
# seen is only "it" (said or shown before, maybe by the assistant)
_ONLY_IT = (
    r"I(?:'m|'d|'ve|'ll)?\s+(?:[\w']+\s+){0,3}[\w']+\s+(?:it|that|this|them|those|these)(?:\s+(?:out|up|too|again|so\s+much|a\s+lot|more))?"
    r"(?:\s*,\s*(?:and\s+)?(?:\w+\s+)?\w+\s+(?:it|that|this|them))*[.!]*$"
)
# "I always get that wrong", "I mixed them up", "I checked": of the mistake just corrected, nothing more
_MY_MISTAKE = (
    r"I\s+(?:\w+\s+)?(?:get|got|mix|mixed|muddle|muddled)\s+(?:it|that|this|them|those)\s+(?:wrong|up|mixed\s+up|muddled\s+up)[.!]*$"
    r"|I(?:'ve|\s+have)?\s+(?:just\s+)?(?:checked|double[- ]?checked|looked\s+it\s+up)(?:\s+(?:again|twice|online))?[.!]*$"
    # "that's not true any more about the 25 students" (the new value follows): which fact, not what is true now
    r"|that(?:'s|\s+is)\s+(?:not\s+(?:true|right|correct)|wrong|no\s+longer\s+(?:true|right))(?:\s+any\s*more)?\s+about\s+[^,]+$"
)
# "That's what I told my students": what was told is "that", said before (maybe by the assistant)
_THAT_IS_WHAT = r"(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:exactly\s+|just\s+)?what\s+I\b"
# "Love the Alka-Seltzer idea": a reaction to what was just suggested ("I love the idea of living by the sea" is not)
_REACTION = (
    r"(?:I\s+)?(?:really\s+)?(?:love|like|loved|liked)\s+(?:the|that|this|your)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:idea|suggestion|tip|plan|recommendation|advice)s?\b(?!\s+of\b)"
)
# "It reminded me of how powerful compassion can be", "Those moments really make me thankful", "Their support
# keeps me motivated": what something unnamed did to the speaker, said of "it"
_IT_MADE_ME = (
    r"(?:it|that|this|they|those\s+\w+|these\s+\w+|their\s+\w+|your\s+\w+)\s+(?:really\s+|just\s+|always\s+|also\s+)?"
    r"(?:(?:reminded|reminds|keep|keeps|kept|inspired|inspires|motivated|motivates|pushed|pushes|help|helps|helped|give|gives|gave)\s+(?:me|us)\b"
    # ("It made me realize how much support matters" tells what the speaker learnt: kept)
    r"|(?:made|make|makes)\s+(?:me|us)\s+(?:feel\s+)?(?:so\s+|really\s+|very\s+)?(?:happy|thankful|grateful|proud|glad|smile|excited|emotional))"
)
# "I'm gonna keep going and never quit", "I'm going for my dreams": encouragement, not a fact
_RESOLVE = (
    r"I(?:'m|\s+am)\s+(?:(?:not\s+)?(?:going\s+to|gonna)\s+)?(?:keep\s+(?:on\s+)?going|never\s+(?:quit|give\s+up)|"
    r"going\s+for\s+(?:it|my\s+dreams?))\b|I\s+(?:just\s+)?wanted\s+to\s+(?:check\s+in|say\s+hi|catch\s+up|let\s+you\s+know)\b"
    r"|I\s+(?:won't|will\s+not|am\s+not\s+going\s+to|'m\s+not\s+gonna)\s+let\s+(?:anything|anyone|it|that)\s+(?:hold|stop|get)\b"
    r"|I(?:'ll|\s+will)\s+keep\s+(?:on\s+)?(?:pushing|going|trying|at\s+it|fighting)\b"
    # "I can't wait to hear more about it": eager to hear what the other says
    r"|I\s+can(?:'t|not)\s+wait\s+to\s+(?:hear|see|read|know)\s+(?:more|about\s+it|all\s+about|what|how|it)\b"
    # "I won't quit on my dreams", "I'll try my best", "I can handle anything", "I'm gonna keep chasing my dreams"
    r"|I(?:\s+won't|\s+will\s+not|\s+am\s+not\s+going\s+to|'m\s+not\s+(?:gonna|going\s+to))\s+(?:ever\s+)?(?:quit|give\s+up|stop)\b"
    r"|I(?:'ll|\s+will)\s+(?:try|do)\s+my\s+(?:very\s+)?best[.!]*$|I(?:'ll|\s+will)\s+do\s+(?:that|it|so)[.!]*$"
    r"|I\s+can\s+(?:handle|do)\s+(?:anything|it|this)\b"
    r"|I(?:'m|\s+am)\s+(?:going\s+to|gonna)\s+keep\s+(?:(?:chasing|pursuing|going)\s+(?:after\s+)?(?:my|those|these|our)\s+(?:dreams|goals)"
    r"|(?:working|pushing)\s+hard)\b"
    # "I'm not gonna forget a second of it", "Looking forward to more cool memories": of what was just told
    r"|I(?:'m|\s+am|'ll|\s+will)\s+(?:not\s+(?:going\s+to|gonna)|never)\s+forget\s+(?:it|this|that|a\s+(?:second|moment|minute|thing)\s+of\s+it)\b"
    r"|(?:I(?:'m|\s+am)\s+)?looking\s+forward\s+to\s+more\s+(?:\w+\s+)?(?:memories|fun|adventures|times|moments|chats|talks)\b"
)
# "I'd love to help in any way I can", "I'd love to join in and show my support": an offer to the listener, not a
# fact ("I'd love to help kids in foster care" is an aim: kept)
_OFFER = (
    # "If there's anything else I can do, just let me know"
    r"if\s+(?:there's|there\s+is|you\s+(?:need|want))\b.*\b(?:let\s+me\s+know|just\s+ask|reach\s+out|give\s+me\s+a\s+shout)[.!]*$|"
    # "Let me know if there's anything else I can do to help", "let me know how it goes"
    r"(?:just\s+|pls\s+|please\s+)?let\s+me\s+know\b.*$|"
    r"I(?:'d|\s+would)\s+(?:really\s+)?(?:love|like|be\s+(?:happy|glad))\s+to\s+(?:help|join|come|be\s+there|show)\b"
    r"(?:\s+(?:in|out|along|you|my\s+support|some\s+support))*(?:\s+in\s+any\s+way\s+(?:I|we)\s+can|\s+and\s+show\s+(?:my|some)\s+support"
    r"|,?\s+if\s+you\s+(?:need|want|like)\b.*)?[.!]*$"
)
# "We all have our own paths", "We can tackle anything together", "We should plan a session soon": said of everyone,
# or proposed, not told of the speaker ("We all went to the beach" is; "We should fund schools better" is an opinion)
_EVERYONE = (
    r"we\s+all\s+(?:have|need|are|deserve|can|should|must|know|make|get|want|go\s+through)\b"
    r"|we\s+can\s+(?:[\w']+\s+){1,5}together\b"
    r"|we\s+should\s+(?:(?:totally|definitely|really|def)\s+)?(?:plan|meet|hang\s+out|catch\s+up|get\s+together|grab|do\s+(?:this|that|it))\b"
    # "We need to push ourselves out of our comfort zones": what everyone ought to do
    r"|we\s+(?:all\s+|just\s+|really\s+)?(?:need\s+to|have\s+to|must|should|gotta|got\s+to|ought\s+to)\s+(?:\w+\s+){0,2}ourselves\b"
)
# "Love that painting!", "I love those colours": a reaction to what the listener shows or says ("I love the beach" is
# a taste)
_DEICTIC_REACTION = r"(?:I\s+)?(?:really\s+|just\s+|totally\s+)?(?:love|loved|like|liked|adore)\s+(?:that|this|those|these|your|all\s+the)\b(?!\s+\w+\s+of\b)"
# "They're my biggest motivation", "They've been instrumental in my transition", "It was one of those moments
# where I felt tiny": what "they" or "it" is was said before (or only shown), so the clause cannot stand alone
_UNKNOWN_THEY = (
    r"(?:they|these|those)(?:'re|'ve|\s+(?:are|were|have|had|mean|meant))\s+(?:\w+\s+){0,3}(?:my|me|us|our)\b"
    r"|(?:it|that|this)(?:'s|\s+is|\s+was)\s+one\s+of\s+(?:those|the)\s+(?:\w+\s+)?(?:moments|times|days|things)\b"
    r"|(?:it|that|this)\s+(?:felt|feels)\s+(?:like|so|great|good|amazing|awesome)\b"
    # "It means a lot to me", "They were lovely, their hugs warmed my heart"
    r"|(?:it|that|this|they|those|these)\s+(?:really\s+)?(?:means?|meant)\s+(?:a\s+lot|so\s+much|the\s+world|everything)\s+to\s+(?:me|us)\b"
    r"|(?:they|it)(?:'re|\s+(?:are|were|was|is))\s+(?:so\s+|really\s+)?(?:lovely|great|amazing|awesome|wonderful|sweet|adorable)\s*,"
    r"\s*(?:their|its)\s+\w+\s+(?:warmed|made|filled|melted)\s+my\b"
)
# "Reminds me how awesome life is" (what reminded was said before, and nothing of the speaker's follows; "Reminds me
# how much I love performing" still tells what the speaker loves); "Wish I was that resilient": a wish, not a fact;
# "Appreciate the support of those close to me": thanks
_REMINDS = r"reminds\s+(?:me|us)\s+(?:of\s+)?(?!.*\b(?:I|my|we|our)\b)"
_WISH = r"(?:I\s+)?wish\s+(?:I|we)\s+(?:was|were|had|could|knew)\b|(?:I\s+)?(?:really\s+)?appreciate\s+(?:the|your|it|that|all|you)\b"
# "We got this!", "Just do it!", "Nah, I haven't.": a cheer, or an answer that only says yes or no
_CHEER = (
    r"(?:we|I)(?:'ve)?\s+got\s+this[.!]*$|(?:\w+,\s+)?just\s+do\s+it\b"
    r"|(?:(?:nah|nope|no|yes|yeah|yep)[,!]?\s+)?(?:I|we)(?:'m|\s+(?:have|haven't|did|didn't|do|don't|am|was|wasn't|will|won't|can|can't|would|wouldn't))"
    r"(?:\s+(?:not|too|yet|either|really|already|before|so))?[.!]*$"
    # "Yeah, I love to.": what is loved was asked before; "Never give up!", "Keep it up!": said to cheer the listener on
    r"|(?:I|we)\s+(?:would\s+|really\s+)?(?:love|like|want|need|hope|plan|try|have)\s+to[.!]*$"
    r"|(?:never|don't|do\s+not)\s+(?:ever\s+)?(?:give\s+up|quit|stop\s+(?:believing|dreaming|trying))\b"
    r"|keep\s+(?:going|pushing|it\s+up|shining|at\s+it|up\s+the\s+good\s+work)\b"
)
# "Here's the error I'm getting: panic: …", "I'm getting this error": something pasted to be looked at now, not a fact
_PASTED = (
    r"here(?:'s|\s+is|\s+are)\s+(?:the|my|an?|some|this)\s+(?:\w+\s+)?(?:error|errors|exception|warning|code|log|logs|output|"
    r"stack\s*trace|traceback|snippet|config|query|diff|message|response)\b(?!\s+(?:of|from)\s+(?:my|our)\b)"
    r"|(?:I'm|I\s+am|I\s+keep)\s+getting\s+(?:this|an?|the|these|some)\s+(?:\w+\s+)?(?:error|errors|exception|warning)s?\b"
)
# "Thanks for always having my back" (its "Thanks" read as a lead-in): gratitude
_THANKS_FOR = r"for\s+(?:always|being|having|all|everything|your|helping|listening|letting|the\s+support)\b"
# "my wife Mei and our son Ken (8)", said after a plan: only who (each relation is read on the side, as a fact of its own)
_RELATION = rf"(?:and\s+)?(?:my|our)\s+(?:{'|'.join(sorted(PEOPLE_RELATIONS, key=len, reverse=True))})\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)(?:\s*\(\d{{1,3}}\))?"
_ONLY_PEOPLE = rf"{_RELATION}(?:\s*,\s*{_RELATION}|\s+{_RELATION})*[.!]*$"
# "My plans changed, I'm staying home": that they changed says nothing of its own (what follows does)
_PLANS_CHANGED = r"(?:my|our|the)\s+plans?\s+(?:have\s+|has\s+)?(?:just\s+)?changed[.!]*$"
_SAYS_NOTHING = re.compile(
    rf"^(?:{_PLANS_CHANGED}|{_ELIDED_IT}|{_PASSING_TIME}|{_TENTATIVE}|{_ONLY_IT}|{_MY_MISTAKE}|{_THAT_IS_WHAT}|{_REACTION}|{_IT_MADE_ME}|{_RESOLVE}|{_OFFER}|{_THANKS_FOR}|{_UNKNOWN_THEY}|{_REMINDS}|{_WISH}|{_CHEER}|{_EVERYONE}|{_DEICTIC_REACTION}|{_PASTED}|{_ONLY_PEOPLE})"
    # "Doing research and readying myself emotionally makes sense": agreement
    r"|.*\b(?:makes\s+(?:total\s+|a\s+lot\s+of\s+|perfect\s+)?sense|sounds\s+(?:good|great|like\s+a\s+plan))[.!]*$"
    # "I got 3 wrong", "I got them all right": how a quiz in the chat went
    r"|(?:I|we)\s+got\s+(?:\d+|one|two|three|four|five|all|most|half|none|some|a\s+few|them\s+all|all\s+of\s+them)(?:\s+of\s+them)?\s+"
    r"(?:wrong|right|correct)(?:\s+\w+)?[.!]*$"
    # "my physio Carla says" (what she says cut off as a clause of its own): a report with nothing reported
    r"|(?:my|our|the)\s+(?:[\w'-]+\s+){1,3}(?:says|said|thinks|reckons|told\s+me|tells\s+me|keeps\s+saying)[.!,]*$",
    re.I,
)

# "Even though mine is small" (its main clause split off): a subordinate clause alone says nothing
# "my first since Arthur passed" (after "a cruise in August,"): a phrase in apposition to the clause before
# "Since I was 17 or so", "If I need anything" (its main clause split off, or an answer to "How long …?"), "After my
# last run" and "After losing my job" (the "when" of a clause that did not join it): no main clause, no fact. A longer
# one still says something ("Since I moved to Leeds in 2019").
_FRAGMENT = re.compile(
    r"^(?:even\s+though|although|though|whereas|unless)\b[^,]*$|^(?:my|our)\s+(?:very\s+)?(?:first|last|second|third|\w+est)\s+(?:\w+\s+)?(?:since|ever|in|of)\b(?!.*\b(?:is|was|are|were|has|had|will)\b)"
    r"|^(?:if|since|because|when|whenever|once|until|till|before|after)\s+(?:I|we)(?:'m|'ve|'d|'re)?(?:\s+[\w'-]+){1,4}[.!]*$"
    r"|^(?:after|before|since|until|till)\s+(?:my|our|the|a|an|\w+ing)\b(?!.*\b(?:I|we)\b)(?:\s+[\w'-]+){0,4}[.!]*$",
    re.I,
)


# Words that name no particular thing, doing or quality: a clause made only of them ("I've had quite the adventure",
# "I've got something to share", "I had a wild week", "I've still got a lot to learn", "I quit last week") says nothing
# one could recall
_VAGUE_WORDS = frozenset(
    terms(
        "thing things stuff something anything everything nothing lot lots bit week weeks day days time times detail details "
        "news adventure moment moments way ways kind sort plenty ton tons bunch couple few month months year years ages haven't hasn't hadn't "
        "have has had got get gets getting go goes going went gone do does did doing done make makes made making take took "
        "taken be is was were been being am are say said tell told know knew think thought feel felt see saw seen look looked "
        "want wanted need needed try tried trying come came keep kept start started let lets put give gave "
        "really just so very too also still even always never ever much more most quite pretty "
        "great good nice cool awesome amazing wild crazy tough hard rough fun happy glad sure lucky "
        "share shared work worked learn learned happen happening happened recently today yesterday tomorrow now then soon ago "
        "quit left stopped finished cut last next earlier"  # ("forget the bookshop thing, I quit last week": what was quit is not said)
    )
)


def says_nothing(clause: str) -> bool:
    """Whether a clause, read as it opens, tells nothing that could be kept about its speaker."""
    return _SAYS_NOTHING.match(clause) is not None or not set(terms(clause)) - _VAGUE_WORDS


# "our Q3 roadmap." (to "What's it about?"), "my new job.": a thing of the speaker's named, with nothing said of it
# (an answer to a question the assistant asked is read as that answer before this; "my sister Anika" names someone)
# (a word that may be a verb says something of it: "my laptop died", "our anniversary is June 5", "my flight got cancelled")
_NOUN = r"(?![\w-]*(?:ed|n't)\b|(?:is|are|was|were|am|has|have|had|got|gets|do|does|did|went|goes|left|broke|won|lost|can|will|said|made|came|ran|fell)\b)[\w-]+"
_ONLY_NAMED = re.compile(rf"^(?:my|our)\s+(?P<thing>{_NOUN}(?:\s+{_NOUN}){{0,3}})[.!]*$", re.I)


def is_fragment(clause: str) -> bool:
    """Whether a clause is a subordinate clause with no main clause ("even though mine is small"), or a thing of the
    speaker's named with nothing said of it."""
    named = _ONLY_NAMED.match(clause.strip())
    if named is not None and not {w.lower().removesuffix("'s") for w in named.group("thing").split()} & PEOPLE_RELATIONS:
        return True
    return _FRAGMENT.match(clause) is not None


# a passing feeling ("so glad!", "I'm sorry to hear that")
_FEELING = re.compile(
    r"^(?:glad|happy|excited|sorry|proud|thankful|grateful|lucky|stoked)\b|^(?:i'm|i am|i feel|i was|i'd be|we're)\s+(?:so\s+|really\s+|very\s+|just\s+|too\s+|pretty\s+)*(?:happy|glad|excited|sorry|proud|"
    r"thankful|grateful|sure|not sure(?!\s+about\s+.+\bany\s*more\b)|fine|good|great|okay|ok|tired|stoked|thrilled|pumped|curious|jealous|impressed|here|lucky|"
    # ("I'm off" is leaving; "I'm off work from Dec 20 to Jan 5" is time off, "I'm off to Paris tomorrow" a trip and "I'm
    # off to go swimming with the kids" what one does; "I'm off to bed" is leaving)
    r"off(?!\s+(?:work|school|uni|college|sick|from|until|till|between|next|this|on\s+(?:leave|holiday|vacation)|(?:for\s+)?(?:the\s+)?(?:whole\s+(?:of\s+)?(?:the\s+)?|entire\s+|rest\s+of\s+(?:the\s+)?)?"
    r"(?:(?:first|second|last)\s+half\s+of\s+)?(?:week|weekend|month|summer|holidays?|[A-Z][a-z]+ber|January|February|March|April|May|June|July|August)\b"
    r"|to\s+(?!(?:bed|sleep|work|school|class|lunch|dinner|get|grab|make|cook|eat|have|do|find|see|check|start|finish)\b)))|"
    r"blessed|touched|amazed|speechless|honored|honoured|flattered|relieved|sad|bummed|down|in awe)\b",
    re.I,
)
# "I'm feeling ambitious", "feeling a bit tired": a mood now, and nothing after it
_MOOD_NOW = re.compile(r"^(?:i'm|i am)\s+feeling\s+(?:so\s+|really\s+|very\s+|pretty\s+|a\s+bit\s+|quite\s+|super\s+)*[a-z]+[.!]*$", re.I)
# what a feeling is about, when that is a fact ("I'm lucky to have my husband and kids", "I'm thrilled to start a
# new job in May"), not a politeness ("I'm happy to help", "sorry to hear that")
_FEELING_WHY = re.compile(
    r"\b(?:lucky|blessed|excited|thrilled|stoked|pumped|proud|happy|glad|grateful|thankful|honou?red)\s+to\s+"
    r"(?!(?:hear|help|say|know|read|see\s+(?:that|this|it|you)|be\s+here|chat|talk|share)\b)\w+(?:\s+[\w'-]+){2,}",
    re.I,
)


def is_passing_feeling(clause: str) -> bool:
    """Whether a clause only says how the speaker feels now ("I'm so happy for you"), with no fact for a reason."""
    return (_FEELING.match(clause) is not None and _FEELING_WHY.search(clause) is None) or _MOOD_NOW.match(clause) is not None
