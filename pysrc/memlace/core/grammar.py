"""English rewriting for the offline extractor: a first-person statement in canonical third person."""

from __future__ import annotations

import re


def _third_person_verb(verb: str) -> str:
    lower = verb.lower()
    irregular = {
        "am": "is",
        "have": "has",
        "do": "does",
        "go": "goes",
        "was": "was",
        "can": "can",
        "can't": "can't",
        "will": "will",
        "would": "would",
        "should": "should",
        "must": "must",
        "don't": "doesn't",
        "haven't": "hasn't",
        "'m": "is",
        "'ve": "has",
        "'ll": "will",
        "'d": "would",
        "could": "could",
        "might": "might",
        "may": "may",
        "did": "did",
        "cannot": "cannot",
        "never": "never",
        "really": "really",
        "also": "also",
        "just": "just",
        "always": "always",
        "still": "still",
        "recently": "recently",
        "finally": "finally",
        "now": "now",
        "had": "had",
        "went": "went",
        "got": "got",
        "wasn't": "wasn't",
    }
    if lower in irregular:
        return irregular[lower]
    if lower.endswith("ed"):
        return verb
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def to_third_person(sentence: str, subject: str) -> str:
    """'I moved to SF with my wife' -> 'User moved to SF with User's wife'."""
    text = sentence.strip().rstrip(".!? ")
    text = re.sub(r"^[\w' ]{1,24}:\s+(?=(?:I|my|My|I'm)\b)", "", text)
    text = re.sub(r"^(?:(?:and|but|so|well|also|actually|now|yes|yeah|oh|btw|by the way|correction|sorry),?:?\s+)+", "", text, flags=re.I)
    text = re.sub(r"\bI'm\b|\bI am\b", f"{subject} is", text)
    text = re.sub(r"\bI've\b", f"{subject} has", text)
    text = re.sub(r"\bI'll\b", f"{subject} will", text)
    text = re.sub(r"\bI'd\b", f"{subject} would", text)
    # "I <verb>" -> "Subject <verb-s>", skipping adverbs in between
    text = re.sub(
        r"\bI ((?:really|also|just|always|still|now|recently|finally|usually|never|strongly|much) )*([\w']+)",
        lambda m: f"{subject} {m.group(1) or ''}{_third_person_verb(m.group(2))}",
        text,
    )
    text = re.sub(r"\bmy\b", f"{subject}'s", text, flags=re.I)
    text = re.sub(r"\b(?:me|myself)\b", subject, text)
    text = re.sub(r"\bmine\b", f"{subject}'s", text)
    text = re.sub(r"\bwas\b(?=.*)", "was", text)
    return text[:1].upper() + text[1:]
