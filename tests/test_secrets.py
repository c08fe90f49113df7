"""Credentials and personal numbers never reach the store; ordinary words and numbers stay as they are."""

from __future__ import annotations

import pytest

from memlace.core.secrets import redact
from memlace.memory import Memlace


@pytest.mark.parametrize(
    ("text", "kinds", "gone"),
    [
        ("My card is 4111 1111 1111 1111, cvv 123", ["card_number", "card_code"], ["4111", "123"]),
        ("card 5500-0000-0000-0004 exp 12/28 pin 9921", ["card_number", "card_code"], ["5500", "9921"]),
        ("pay to IBAN DE89 3704 0044 0532 0130 00 please", ["iban"], ["3704"]),
        ("my SSN is 123-45-6789", ["national_id"], ["6789"]),
        ("my passport number is X1234567", ["national_id"], ["X1234567"]),
        ("NI number AB 12 34 56 C", ["national_id"], ["AB 12"]),
        ("the verification code is 483920", ["one_time_code"], ["483920"]),
        ("my password is hunter2", ["password"], ["hunter2"]),
        ("password Tr0ub4dor", ["password"], ["Tr0ub4dor"]),
        ("my PIN is 4821", ["credential"], ["4821"]),
    ],
)
def test_secrets_and_personal_numbers_are_redacted(text: str, kinds: list[str], gone: list[str]) -> None:
    clean, found = redact(text)
    assert found == kinds and not any(g in clean for g in gone), clean


@pytest.mark.parametrize(
    "text",
    [
        "change the password tonight",
        "I forgot my password again",
        "pin it to the board",
        "order 1234567890123 shipped",  # not a Luhn-valid card number
        "card 4111-1111-1111-1112 is not a real one",
        "call me at 555-123-4567",
        "I ran 10k in 2964 seconds",
        "I was born on 1990-05-12",
        "the passport is in the drawer",
        "My token ring network from 1995",
    ],
)
def test_ordinary_words_and_numbers_stay(text: str) -> None:
    assert redact(text) == (text, [])


async def test_a_redaction_marker_is_never_an_entity(engine: Memlace) -> None:
    await engine.ingest({"text": "My password is Hunter22 and my card is 4111 1111 1111 1111.", "message_id": "1"})
    names = {e.name.casefold() for e in engine.state.entities.values()}
    assert not any("redacted" in n for n in names), names
    stored = (await engine.store.load()).model_dump_json()
    assert "Hunter22" not in stored and "4111" not in stored
