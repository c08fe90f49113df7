"""What an extraction rule is: a pattern a clause is matched against, the kind of memory it makes, and (for a slot)
the slot and its canonical text. Shared by the rule lists (extract_rules, style_rules, others_rules, side_rules).
Pure: no I/O."""

from __future__ import annotations

import re
from dataclasses import dataclass

from memlace.models import MemoryKind, TTLClass


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern[str]
    kind: MemoryKind
    tag: str
    confidence: float = 0.8
    importance: float = 0.6
    attribute: str | None = None  # a single-valued slot ("relation" rules name the relation: relation:sister)
    template: str | None = None  # the canonical text of a slot: "{subject} lives in {value}"
    ttl: TTLClass = TTLClass.permanent


def _any(words: frozenset[str]) -> str:
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


_ADV = r"(?:(?:really|also|just|now|currently|still|finally|recently|actually|already|officially|basically|mostly|usually|always|totally|definitely|so|very|originally|probably|likely|hopefully|possibly)\s+)*"

# How someone eats, a preference a meal must heed: "(I) eat anything", "(he) will eat pretty much everything",
# "(she's) a really fussy eater", "(I'm) not picky"
EATS_ANYTHING = r"(?:eats?|will eat|'ll eat)\s+(?:pretty much\s+|almost\s+|just about\s+)?(?:anything|everything|most things|whatever)\b"
FUSSY = r"(?:not\s+)?(?:an?\s+)?(?:(?:really|very|super|quite|pretty|a bit of a|such a)\s+)?(?:picky|fussy)(?:\s+eater\b|\s*[,.!]|\s+(?:about|with)\s+food\b|$)"

# "can't do spicy food", "can't handle dairy": a food one must keep away from, said without "eat"
CANT_TAKE_FOOD = (
    r"(?:can't|cannot|can\s+not)\s+(?:do|handle|tolerate|stomach)\s+(?:any\s+|much\s+|too\s+much\s+)?(?:\w+\s+)?"
    r"(?:spicy|spice|dairy|gluten|lactose|meat|fish|seafood|caffeine|coffee|alcohol|sugar|garlic|onions?|chill?i|heat|nuts|eggs)\b"
)


def _rule(pattern: str, kind: MemoryKind, tag: str, **options: object) -> Rule:
    return Rule(re.compile(pattern, re.I), kind, tag, **options)  # type: ignore[arg-type]
