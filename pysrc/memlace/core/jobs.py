"""A job applied for, then won: "User got the job" after "User has an interview at Google on Friday for a UX research
role" is the UX research job at Google. Pure: no I/O."""

from __future__ import annotations

import re

# "an interview at Google on Friday for a UX research role": where the job would be, and which
_APPLIED = re.compile(
    r"\b(?:interview(?:ing|ed)?|applied|application|applying|offer)\b.*?\b(?:at|with|to|from)\s+(?P<where>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][\w&'-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w&'-]*)*))"
    r"(?:.*?\bfor\s+(?:an?\s+|the\s+)?(?P<role>[\w -]{2,40}?)\s+(?:role|position|job)\b)?",
    re.I,
)
_THE_JOB = re.compile(
    r"\b(?:got|landed|was offered|accepted|took)\s+(?:the|that)\s+(?:(?-i:[A-Z])[\w&'-]*\s+)?(?:job|offer|position|role)\b", re.I
)


def job_won(text: str, subject: str, earlier: list[str]) -> tuple[str, str] | None:
    """ "User got the job" after "User has an interview at Google … for a UX research role": ("User got the UX
    research job at Google", "Google"), from the latest of ``earlier`` (latest first) that says where."""
    won = _THE_JOB.search(text)
    if won is None:
        return None
    for said in earlier:
        applied = _APPLIED.search(said)
        if applied is not None:
            role = f"{applied.group('role')} " if applied.group("role") else ""
            where = applied.group("where")
            rest = re.sub(rf"^\s+at\s+{re.escape(where)}\b", "", text[won.end() :])  # ("got the job at Spotify": once)
            return f"{subject} got the {role}job at {where}{rest}", where
    return None
