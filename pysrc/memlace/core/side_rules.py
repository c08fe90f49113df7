"""Rules that no pattern of their own matches: a fact a clause states on the side ("... with my partner Jonas",
"... as a designer at Zalando") and anything else a person says of themselves. Pure: no I/O."""

from __future__ import annotations

import re

from memlace.core.extract_rules import _JOB
from memlace.core.rule import Rule
from memlace.models import MemoryKind

# Facts a clause states on the side ("... with my partner Jonas", "... as a designer at Zalando").
RELATION_SLOT = Rule(re.compile(r"$^"), MemoryKind.relationship, "relationship", 0.85, 0.7, "relation", "{subject}'s {rel} is {value}")
RELATION_NAMED = Rule(
    re.compile(r"$^"), MemoryKind.relationship, "relationship", 0.8, 0.7, "relation", "{subject}'s {rel} is called {value}"
)
EMPLOYER_SLOT = Rule(re.compile(r"$^"), MemoryKind.fact, "work", 0.85, 0.8, "employer", "{subject} works at {value}")
ROLE_SLOT = Rule(re.compile(r"$^"), MemoryKind.fact, "work", 0.85, 0.8, "role", "{subject} works as {article}{value}")
# a job named on the side of another fact: "... moved to Leeds for a new job as a data analyst", "I work at Itaú as a data engineer"
SIDE_ROLE = re.compile(
    r"\b(?:job|position|role|post|career|work(?:ing)?|work(?:ing)?\s+(?:at|for)\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][\w.'&\-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w.'&\-]*)*))"
    r"\s+as\s+an?\s+" + _JOB,
    re.I,
)
# Anything else a person says about themselves with some content: kept, with less confidence.
ABOUT = Rule(re.compile(r"."), MemoryKind.fact, "about", confidence=0.55, importance=0.4)
