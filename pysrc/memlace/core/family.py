"""Who the people in a list are: "I have three kids: Arjun (8), Meera (5) and baby Dev" names three children and
two ages; and who a name said first is ("Oscar, my guinea pig."). Pure: no I/O."""

from __future__ import annotations

import re

from memlace.core.lexicon import PEOPLE_RELATIONS, PET_WORDS

# (also "with my partner and our two cats, Miso and Tofu"; "Lila who is 6", "Ada who's 7" keep their ages in the list)
_ONE = r"(?:baby\s+)?[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+(?:\s+\(\d{1,2}\)|\s+who(?:\s+is|'s)\s+\d{1,2})?"
_KIDS_LIST = re.compile(
    r"(?:\b(?:I|[Ww]e)(?:\s+have(?:\s+got)?|'ve\s+got|\s+got)|\b(?:with|and)\s+(?:my|our)|\bwith(?=\s+(?:two|three|four|\d)\s)|^(?:[Mm]y|[Oo]ur))"
    r"\s+(?:\w+\s+)?"
    r"(?P<group>kids|children|sons|daughters|boys|girls|grandchildren|grandkids|grandsons|granddaughters|cats|dogs|pets)[:,]?\s+"
    rf"(?P<names>{_ONE}(?:(?:,\s*|\s+and\s+|,\s+and\s+){_ONE})+)"
)
_GROUP_RELATION = {
    **{"kids": "child", "children": "child", "sons": "son", "boys": "son", "daughters": "daughter", "girls": "daughter"},
    **{"grandchildren": "grandchild", "grandkids": "grandchild", "grandsons": "grandson", "granddaughters": "granddaughter"},
    **{"cats": "cat", "dogs": "dog", "pets": "pet"},
}
_NAME_AGE = re.compile(r"\b([A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+) \((\d{1,2})\)")


def children_listed(clause: str) -> list[tuple[str, str]]:
    """(name, relation) for each child a clause lists: "I have two kids, Ava and Leo" -> [("Ava", "child"), ("Leo", "child")]."""
    found = _KIDS_LIST.search(clause)
    if found is None:
        return []
    relation = _GROUP_RELATION[found.group("group").lower()]
    return [(name, relation) for name in re.findall(r"[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+", found.group("names"))]


def ages_listed(clause: str) -> list[tuple[str, str]]:
    """(name, age) for each "Name (age)" in a clause: "Arjun (8), Meera (5)" -> [("Arjun", "8"), ("Meera", "5")]."""
    return _NAME_AGE.findall(clause)


# "Oscar, my guinea pig.", "Meet Luna, my new puppy!", "That's Tom, my brother.": a name, then who it is
_KIN = "|".join(sorted(PEOPLE_RELATIONS | PET_WORDS | {"guinea pig"}, key=len, reverse=True))
_NAMED_FIRST = re.compile(
    r"^(?:(?:and\s+)?(?:yup|yep|yes|yeah)[,!]?\s+)?(?:I\s+do\s*[-\u2013\u2014,:]\s*|meet\s+|this\s+is\s+|that's\s+|that\s+is\s+|here's\s+)?"
    rf"(?P<name>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)),\s+(?P<whose>my|our)\s+(?P<who>(?:(?:new|little|baby|older|younger|big|best)\s+)?(?:{_KIN}))\s*[.!]*$",
    re.I,
)


def named_first(sentence: str) -> str:
    """A name said before who it is, said the usual way round: "Oscar, my guinea pig." -> "My guinea pig is called
    Oscar."."""
    found = _NAMED_FIRST.match(sentence.strip())
    if found is None:
        return sentence
    return f"{found.group('whose').capitalize()} {found.group('who').lower()} is called {found.group('name')}."
