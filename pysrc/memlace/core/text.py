"""Tokenising, stemming and small text helpers shared by the index and the extractor."""

from __future__ import annotations

import hashlib
import heapq
import re
import unicodedata
from functools import lru_cache
from operator import itemgetter

import snowballstemmer

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
_STEMMER = snowballstemmer.stemmer("english")

STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
        "don",
        "i'm",
        "it's",
        "that's",
        "what's",
        "let's",
        "i've",
        "i'd",
        "i'll",
        "you're",
        "you've",
        "we're",
        "they're",
        "he's",
        "she's",
        "isn't",
        "wasn't",
        "also",
        "got",
        "get",
        "gets",
        "really",
        "yeah",
        "oh",
        "hey",
        "hi",
        "ok",
        "okay",
        "so",
        "thanks",
        "thank",
    ]
) | frozenset(  # the same words typed without their apostrophe ("whats the capital of peru")
    "whats hows wheres whos whens whys thats im ive dont doesnt didnt isnt arent wasnt youre theyre shes hes lets".split()  # noqa: SIM905
)


# A tool's short name and its full name, one term: "we're on k8s" answers a question about Kubernetes
_SHORT_NAMES = {"k8s": "kubernetes", "postgres": "postgresql", "psql": "postgresql", "js": "javascript"}


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    # Numbers and words of one or two letters stem to themselves: asking the (pure Python) stemmer costs a
    # new device a fraction of a millisecond per distinct one, and synced memories bring thousands.
    word = _SHORT_NAMES.get(word, word)
    if len(word) <= 2 or word.isdigit():
        return word
    return str(_STEMMER.stemWord(word))


def words(text: str) -> list[str]:
    """Lower-cased word tokens, apostrophes kept inside words."""
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


def terms(text: str) -> list[str]:
    """Index terms: words without stopwords, stemmed; possessive 's dropped."""
    out = []
    for word in words(text):
        if word.endswith("'s"):
            word = word[:-2]
        if word in STOPWORDS or not word:
            continue
        out.append(stem(word))
    return out


# Stems of one thing said in other words ("the wedding" of "getting married", "the surgery" of "an operation"):
# one stem for both, where a memory is to be found by what a later message calls it
_SAME_SENSE = {"wed": "marri", "marriag": "marri", "pregnanc": "pregnant", "surgeri": "oper"}


# an operation named by what is done ("knee replacement", "appendectomy", "rhinoplasty"): "the surgery" of it too
_SURGERY_NAMED = re.compile(
    r"\b(?:\w+ectom(?:y|ies)|\w+plast(?:y|ies)|\w+otom(?:y|ies)|transplant|bypass|c-section|caesarean|"
    r"(?:knee|hip|shoulder|joint|valve|lens|disc|elbow|ankle)\s+replacement)\b",
    re.I,
)


def said_as(thing: str) -> list[set[str]]:
    """The sets of terms a memory may name a thing by, each enough alone ("the surgery": its own words, or
    "operation", or a "replacement" or "transplant" done; ``names_thing`` in corrections.py tells which do)."""
    wanted = sense_terms(thing)
    others = {t for t, sense in _SAME_SENSE.items() if sense in wanted} | wanted
    others |= set(terms("replacement transplant bypass")) if "oper" in wanted else set()
    return [set(terms(thing)), *({t} for t in sorted(others - set(terms(thing))))]


def sense_terms(text: str) -> set[str]:
    """A text's terms, each thing said in other words under one stem (``_SAME_SENSE``)."""
    found = {_SAME_SENSE.get(t, t) for t in terms(text)}
    return found | {"oper"} if _SURGERY_NAMED.search(text) else found


def matched_words(query: str, text: str, most: int = 3) -> list[str]:
    """The query's own words (not stopwords) that the text holds in some form ("allergy" matches
    "allergic"): what a person can be told a keyword hit matched."""
    held = set(terms(text))
    out: list[str] = []
    for word in words(query):
        bare = word[:-2] if word.endswith("'s") else word
        if bare and bare not in STOPWORDS and bare not in out and stem(bare) in held:
            out.append(bare)
    return out[:most]


def normalize_text(text: str) -> str:
    """Form used for exact-duplicate detection: case, accents, spacing and end punctuation folded."""
    return " ".join(words(text))


def text_hash(text: str) -> str:
    return hashlib.sha256(normalize_text(text).encode("utf-8")).hexdigest()[:32]


def stable_id(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:24]


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def sentences(text: str, min_words: int = 3, most: int = 12) -> list[str]:
    """The sentences of a text worth a vector of their own (at least min_words words).

    A long text gives at most `most` pieces: runs of neighbouring sentences are joined, so a
    huge message costs a bounded number of vectors.
    """
    pieces = [piece.strip() for piece in _SENTENCE_END.split(text) if len(piece.split()) >= min_words]
    if len(pieces) <= most:
        return pieces
    size = -(-len(pieces) // most)  # ceiling division
    return [" ".join(pieces[i : i + size]) for i in range(0, len(pieces), size)]


def top_set(scores: dict[str, float], limit: int) -> list[tuple[str, float]]:
    """The same (id, score) pairs as top_items, in no set order: for callers that reorder them anyway.

    Everything runs at C speed: the cut is found by score alone (a full sort of floats is quickest up to
    a few thousand), and only a tie across the cut (rare with real scores) is settled by id."""
    if limit <= 0:
        return []
    if len(scores) <= limit:
        return list(scores.items())
    values = scores.values()
    cut = (heapq.nlargest(limit, values) if len(scores) > 4000 else sorted(values, reverse=True))[limit - 1]
    chosen = [kv for kv in scores.items() if kv[1] >= cut]
    if len(chosen) > limit:  # the surplus is tied at the cut: the largest ids step out
        tied = sorted(key for key, value in chosen if value == cut)
        out = set(tied[len(tied) - (len(chosen) - limit) :])
        chosen = [kv for kv in chosen if kv[0] not in out]
    return chosen


def top_items(scores: dict[str, float], limit: int) -> list[tuple[str, float]]:
    """The limit best (id, score) pairs, best first, equal scores ordered by id: exact and reproducible."""
    chosen = top_set(scores, limit)
    chosen.sort()  # ids are unique, so this orders by id
    chosen.sort(key=itemgetter(1), reverse=True)  # stable, also in reverse: equal scores stay in id order
    return chosen
