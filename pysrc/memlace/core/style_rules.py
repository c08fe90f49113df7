"""How every answer should be ("Always answer in British English", "from now on reply in Spanish", "keep answers
short", "explain simply", "I prefer short answers without bullet points"): rules whose memories the pack carries
always (tagged ``style``). Pure: no I/O."""

from __future__ import annotations

from memlace.core.rule import _ADV, Rule, _rule
from memlace.models import MemoryKind

# "explain simply", "explain things step by step": how every explanation should be (asks.REQUEST leaves it alone)
HOW_EXPLAINED = (
    r"(?:please\s+)?(?:always\s+)?explain\s+(?:it\s+|things\s+|everything\s+)?(?:simply|slowly|clearly|step\s+by\s+step|"
    r"like\s+I'm\s+(?:a\s+beginner|five|5))(?:\s+(?:please|pls|from\s+now\s+on))?[.!]*$"
)

STYLE_RULES: list[Rule] = [
    _rule(  # how every answer should be: the pack carries these always ("Always answer in British English")
        r"^(?:please\s+)?(?:always|from\s+now\s+on,?)\s+(?:please\s+)?(?:reply|answer|respond|write|talk|speak)\s+(?:to\s+me\s+)?(?:in|with)\s+\w"
        r"|^(?:please\s+)?(?:reply|answer|respond|write|talk|speak)\s+(?:to\s+me\s+)?(?:in|with)\s+\w+.*\bfrom\s+now\s+on\b"
        r"|^"
        + HOW_EXPLAINED  # "I'm a beginner, so explain simply": how every explanation should be
        + r"|^(?:please\s+)?always\s+use\s+(?:british|american|us|uk|metric|imperial|celsius|fahrenheit|the\s+metric)\b"
        r"|^(?:please\s+)?(?:always\s+)?use\s+(?:british|american|us|uk|metric|imperial|simple|plain|easy)\s+(?:spelling|english|units|measurements|words|language)\b"
        r"|^(?:please\s+)?(?:don't|do\s+not|stop|never)\s+(?:using|use|adding|add|including|include|putting|put)\s+(?:any\s+|so\s+many\s+)?"
        r"(?:bullet\s*points?|bullets|emojis?|markdown|headers|headings|tables|jargon|exclamation\s+marks?|numbered\s+lists|lists|em\s+dashes)\b"
        r"|^(?:please\s+)?(?:keep|make)\s+(?:your\s+|the\s+|all\s+)?(?:answers|replies|responses|explanations)\s+"
        r"(?:short|brief|concise|shorter|simple|simpler)\b"
        # "keep it to bullet points please", "please use bullet points", "keep it short"
        r"|^(?:please\s+)?(?:always\s+)?(?:use|stick\s+to|keep\s+(?:it|them|things|answers|replies)\s+to)\s+(?:bullet\s*points?|bullets|numbered\s+lists|short\s+paragraphs)\b"
        r"|^(?:please\s+)?keep\s+(?:it|them|things)\s+(?:short|brief|concise|simple|to\s+the\s+point)(?:\s+(?:please|from\s+now\s+on))?[.!]*$"
        # "Please correct my English always when I make mistakes": a learner's standing request
        r"|^(?:please\s+)?(?:always\s+)?correct\s+(?:my\s+(?:english|grammar|spelling|mistakes|errors|german|french|spanish|italian|japanese|portuguese)|me)\b",
        MemoryKind.negative,
        "style",
        confidence=0.85,
        importance=0.9,
    ),
    _rule(  # "I prefer short answers without bullet points": a preference about every answer
        r"^i\s+"
        + _ADV
        + r"(?:prefer|like|want|need)\s+(?:short|brief|concise|long|detailed|simple|plain)\s+(?:answers|replies|responses|explanations)\b"
        # "I prefer explanations with Python examples", "I like code examples in Go"
        + r"|^i\s+"
        + _ADV
        + r"(?:prefer|like|want|need)\s+(?:answers|replies|responses|explanations|examples|code\s+(?:examples|samples|snippets))\s+"
        + r"(?:with|in|using|written\s+in)\s+\w"
        # "I hate exclamation marks in emails": a dislike of how things are written
        + r"|^i\s+"
        + _ADV
        + r"(?:hate|dislike|can't stand|don't like)\s+(?:bullet\s*points?|emojis?|exclamation\s+marks?|jargon|markdown|em\s+dashes"
        # "I hate long intros in answers, get to the point"
        + r"|(?:long\s+|lengthy\s+|wordy\s+)?(?:intros|introductions|preambles|disclaimers|waffle|fluff|filler|caveats))\b",
        MemoryKind.preference,
        "style",
        confidence=0.8,
        importance=0.8,
    ),
]
