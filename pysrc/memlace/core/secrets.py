"""What must never be stored: credentials found in text are replaced by a marker.

Known formats are matched by pattern; anything else that looks like a key (a long
token mixing letters and digits with high character entropy) is caught by entropy.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("private_key", re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)", re.S)),
    ("anthropic_key", re.compile(r"\bsk-ant-[A-Za-z0-9_\-]{16,}")),
    ("openai_key", re.compile(r"\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_\-]{16,}")),
    ("aws_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("github_token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})")),
    ("slack_token", re.compile(r"\bxox[abprs]-[A-Za-z0-9\-]{10,}")),
    ("google_key", re.compile(r"\bAIza[0-9A-Za-z_\-]{30,}")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}")),
    ("bearer", re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/\-]{16,}=*")),
    ("url_credentials", re.compile(r"(?<=://)[^/\s:@]+:[^/\s@]+(?=@)")),
]
# "password: hunter2", "my password is hunter2", "api_key=..."
_ASSIGNED = re.compile(
    r"(?i)\b(pass(?:word|phrase|wd)?|pwd|secret|api[_\- ]?key|access[_\- ]?token|auth[_\- ]?token|token|pin)"
    r"(\s*(?:is|was|=|:)\s*|\s+)(['\"]?)([^\s'\"]{4,})\3"
)
_CANDIDATE = re.compile(r"[A-Za-z0-9_\-+/=]{24,}")


def marker(kind: str) -> str:
    return f"[REDACTED:{kind}]"


def _entropy(token: str) -> float:
    counts = Counter(token)
    return -sum(c / len(token) * math.log2(c / len(token)) for c in counts.values())


def _looks_random(token: str) -> bool:
    has_digit = any(ch.isdigit() for ch in token)
    has_alpha = any(ch.isalpha() for ch in token)
    has_upper = any(ch.isupper() for ch in token)
    has_lower = any(ch.islower() for ch in token)
    if not (has_digit and has_alpha and has_upper and has_lower):
        return False  # hex digests, words and numbers stay: they are not credentials
    return _entropy(token) >= 4.0


def redact(text: str) -> tuple[str, list[str]]:
    """(text with secrets replaced, kinds found)."""
    found: list[str] = []

    def sub(kind: str) -> Callable[[re.Match[str]], str]:
        def replace(match: re.Match[str]) -> str:
            found.append(kind)
            return marker(kind)

        return replace

    for kind, pattern in _PATTERNS:
        text = pattern.sub(sub(kind), text)

    def assigned(match: re.Match[str]) -> str:
        value = match.group(4)
        if value.startswith("[REDACTED"):
            return match.group(0)
        label = match.group(1).lower()
        if match.group(2).strip() == "" and label in {"token", "pin", "secret"} and not _looks_random(value):
            return match.group(0)  # "token ring", "pin code": plain words after a bare label
        found.append("password" if label.startswith("pass") or label == "pwd" else "credential")
        return f"{match.group(1)}{match.group(2)}{marker(found[-1])}"

    text = _ASSIGNED.sub(assigned, text)

    def entropic(match: re.Match[str]) -> str:
        token = match.group(0)
        if _looks_random(token):
            found.append("high_entropy")
            return marker("high_entropy")
        return token

    text = _CANDIDATE.sub(entropic, text)
    return text, found
