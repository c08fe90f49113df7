"""Who the people in a list are: "I have three kids: Arjun (8), Meera (5) and baby Dev" names three children and
two ages. Pure: no I/O."""

from __future__ import annotations

import re

# (also "with my partner and our two cats, Miso and Tofu"; "Lila who is 6", "Ada who's 7" keep their ages in the list)
_ONE = r"(?:baby\s+)?[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+(?:\s+\(\d{1,2}\)|\s+who(?:\s+is|'s)\s+\d{1,2})?"
_KIDS_LIST = re.compile(
    r"(?:\b(?:I|[Ww]e)(?:\s+have(?:\s+got)?|'ve\s+got|\s+got)|\b(?:with|and)\s+(?:my|our)|^(?:[Mm]y|[Oo]ur))\s+(?:\w+\s+)?"
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
