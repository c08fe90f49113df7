"""Who "my wife" is: a statement about someone the user names by what they are to them ("User's wife is now working
at a clinic"), when the memory knows that one by name ("User's wife Ewa …"), is about them by name. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memlace.models import ACTIVE, Memory, MemoryKind

# "User's wife is …", "User's boss works …": the relation is the subject, a verb follows (not "User's wife's cooking")
_RELATIVE_DOES = re.compile(
    r"^(?P<owner>\S+)'s (?P<relation>[a-z-]+) (?P<rest>(?:is|was|has|had|works|lives|loves|likes|hates|wants|needs|started|got|"
    r"just|now|still|also|never|always|recently|finally)\b.*)$"
)


_TASTE = re.compile(r"(?:loves|likes|adores|enjoys|hates|dislikes|prefers|can't stand)\b")


def by_name(text: str, subject: str, memories: Iterable[Memory]) -> tuple[str, str, MemoryKind] | None:
    """(the text said of them by name, their name, its kind now that it is theirs: a taste or a fact) when the
    subject's relation in ``text`` is one person the memories name ("User's wife is now working at a clinic", with
    "User's wife Ewa is a pharmacist": "Ewa is now working at a clinic", "Ewa"); None when the text is not so, or
    none or several are known (two sisters)."""
    found = _RELATIVE_DOES.match(text)
    if found is None or found.group("owner") != subject:
        return None
    attribute = f"relation:{found.group('relation').casefold()}"
    names = {m.value for m in memories if m.attribute == attribute and m.value and m.status in ACTIVE and (m.subject or "User") == subject}
    if len(names) != 1:
        return None
    name, rest = names.pop(), found.group("rest")
    return f"{name} {rest}", name, MemoryKind.preference if _TASTE.match(rest) else MemoryKind.fact
