"""What must never be stored: credentials and personal numbers found in text are replaced by a marker.

Known formats are matched by pattern (keys and tokens; card numbers that pass the Luhn check, with the
CVV or PIN beside them; IBANs that pass their mod-97 check; national id numbers; one-time codes);
anything else that looks like a key (a long token mixing letters and digits with high character
entropy) is caught by entropy. A label alone ("change the password tonight") is not a secret.
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
# Personal numbers: each pattern's candidates are checked before they are replaced (see _NUMBERS).
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
_CARD_CODE = re.compile(r"(?i)\b(cvv2?|cvc2?|csc|cid|security code|card pin|pin)(\s*(?:is|was|=|:|number)?\s*)(\d{3,6})\b")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b")
_NATIONAL_ID = re.compile(
    r"\b\d{3}-\d{2}-\d{4}\b"  # a US social security number as it is written
    r"|\b[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b"  # a UK National Insurance number
)
_ID_LABELLED = re.compile(
    r"(?i)(\b(?:ssn|social security(?: number)?|passport(?: number| no\.?)?|national id(?: number)?|id card(?: number)?|tax id)"
    r"\s*(?:is|:|=|#)?\s*)((?-i:[A-Z0-9][A-Z0-9-]{5,16}))\b"
)
_ONE_TIME_CODE = re.compile(
    r"(?i)\b(?:one[- ]time (?:code|password|pin)|verification code|security code|login code|sign[- ]in code|2fa(?: code)?|otp|"
    r"auth(?:entication)? code|confirmation code)\s*(?:is|was|:|=)?\s*(\d{4,8})\b"
)
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


def _luhn(digits: str) -> bool:
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char) * (2 if position % 2 else 1)
        total += value - 9 if value > 9 else value
    return total % 10 == 0


def _iban_valid(text: str) -> bool:
    compact = text.replace(" ", "")
    moved = compact[4:] + compact[:4]
    number = "".join(str(int(ch, 36)) for ch in moved)
    return 15 <= len(compact) <= 34 and int(number) % 97 == 1


def _numbers(text: str, found: list[str]) -> str:
    """Card numbers (Luhn) and the codes beside them, IBANs (mod 97), national ids, one-time codes."""

    def replaced(kind: str, check: Callable[[str], bool] = lambda _: True, group: int = 0) -> Callable[[re.Match[str]], str]:
        """Replace the match's ``group`` (0: all of it) by a marker when ``check`` accepts it."""

        def replace(match: re.Match[str]) -> str:
            if not check(match.group(group)):
                return match.group(0)
            found.append(kind)
            whole, start, end = match.group(0), match.start(group) - match.start(0), match.end(group) - match.start(0)
            return whole[:start] + marker(kind) + whole[end:]

        return replace

    def card(number: str) -> bool:
        digits = re.sub(r"\D", "", number)
        return 13 <= len(digits) <= 19 and _luhn(digits) and len(set(digits)) > 1

    text = _CARD.sub(replaced("card_number", card), text)
    if "card_number" in found or re.search(r"(?i)\b(?:card|visa|mastercard|amex)\b", text):
        text = _CARD_CODE.sub(replaced("card_code", group=3), text)
    text = _IBAN.sub(replaced("iban", _iban_valid), text)
    text = _NATIONAL_ID.sub(replaced("national_id"), text)
    text = _ID_LABELLED.sub(replaced("national_id", group=2), text)
    return _ONE_TIME_CODE.sub(replaced("one_time_code", group=1), text)


def _secret_shaped(value: str) -> bool:
    """After a bare label ("password hunter2"), a value that is not just a word: digits, symbols, mixed case."""
    value = value.rstrip(".,;:!?)")  # the end of the sentence is not part of the value
    return any(ch.isdigit() for ch in value) or not value.isalpha() or (value != value.lower() and value != value.capitalize())


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
    text = _numbers(text, found)

    def assigned(match: re.Match[str]) -> str:
        value = match.group(4)
        if value.startswith("[REDACTED"):
            return match.group(0)
        label = match.group(1).lower()
        bare = match.group(2).strip() == ""
        if bare and label in {"token", "secret"} and not _looks_random(value):
            return match.group(0)  # "token ring", "secret garden": plain words after a bare label
        if bare and label == "pin" and not value.isdigit():
            return match.group(0)  # "pin code", "pin it"
        if bare and not _secret_shaped(value):
            return match.group(0)  # "change the password tonight": a word, not a password
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
