"""A list typed line by line ("quick facts about me:" then "- 34, live in Dublin", "- vegetarian (no fish either)",
"- partner: Aoife, she's a vet"): each line said as a sentence of the speaker's own, so the clause rules read it as
they read any other, and the heading before it says nothing. Pure: no I/O."""

from __future__ import annotations

import re

from memlace.core.lexicon import DIETS, HEALTH_PATTERN

_BULLET = re.compile(r"^\s*(?:[-*•·–]|\d{1,2}[.)])\s+")
_HEADING = re.compile(r"^[^.!?:]{0,60}:\s*$")  # "quick facts about me:", "About me:"
# "partner: Aoife", "favourite food: sushi", "kids: Ava (7) and Leo (4)"
_LABEL = re.compile(r"^(?P<label>[a-z][a-z' ]{1,30}?)\s*:\s*(?P<value>\S.*)$", re.I)
_AGE_FIRST = re.compile(r"^(?P<age>\d{1,3})(?:\s+(?:years?\s+old|yo|y/o))?(?:\s*,\s*(?P<rest>\S.*))?$", re.I)
# what one does, said without "I": "live in Dublin", "work as a UX designer at Stripe"
_DOING_FIRST = re.compile(
    r"^(?:live|work|love|like|hate|have|speak|play|run|study|teach|own|drive|use|cook|prefer|enjoy|need|can't|don't|never|always)\b",
    re.I,
)
# what one is, said without "I'm": "vegetarian", "allergic to cats", "married", "based in Cork", "a nurse"
_BEING_FIRST = re.compile(
    rf"^(?:{HEALTH_PATTERN}|{'|'.join(sorted(DIETS))}|married|single|divorced|engaged|retired|based\s+in|from|originally\s+from|"
    r"an?\s+|lactose|gluten|mostly|currently|learning|training|working|studying|trying)\b",
    re.I,
)


def _said(line: str) -> str:
    """One line of the list as the speaker's sentence ("34, live in Dublin" -> "I'm 34, I live in Dublin")."""
    if (age := _AGE_FIRST.match(line)) is not None:
        rest = age.group("rest")
        return f"I'm {age.group('age')}" + (f", {_said(rest)}" if rest else "")
    if (labelled := _LABEL.match(line)) is not None:
        label, value = labelled.group("label").strip().lower(), labelled.group("value").strip()
        many = label.endswith("s") and re.search(r",|\band\b|&", value) is not None  # "kids: Ava and Leo"
        return f"my {label} {'are' if many else 'is'} {value}"
    if _DOING_FIRST.match(line):
        return f"I {line[:1].lower()}{line[1:]}"
    if _BEING_FIRST.match(line):
        return f"I'm {line[:1].lower()}{line[1:]}"
    return line


def listed(text: str) -> str:
    """The text with each line of a list said as the speaker's sentence and the list's heading left out; a text with
    no list, as it is."""
    lines = text.split("\n")
    if sum(1 for line in lines if _BULLET.match(line)) < 2:
        return text
    said = []
    for line in lines:
        bare = _BULLET.sub("", line).strip()
        if bare != line.strip():
            said.append(_said(bare.rstrip(" ;,")))
        elif not _HEADING.match(line.strip()):
            said.append(line)
    return "\n".join(said)
