from __future__ import annotations

import pytest

from memlace.core.secrets import redact

SECRETS = [
    ("my key is sk-proj-abcdefghijklmnopqrstuvwxyz123456", "openai_key", "abcdefghijklmnopqrstuvwxyz123456"),
    ("ANTHROPIC=sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx", "anthropic_key", "AbCdEfGhIjKlMnOpQrStUvWx"),
    ("aws AKIAIOSFODNN7EXAMPLE here", "aws_key", "AKIAIOSFODNN7EXAMPLE"),
    ("token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "github_token", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
    ("Authorization: Bearer abcdefghijklmnop1234567890", "bearer", "abcdefghijklmnop1234567890"),
    ("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt", "dozjgNryP4J3jVmNHl0w5N"),
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----", "private_key", "MIIEowIBAAKCAQEA"),
    ("my password is hunter2!", "password", "hunter2"),
    ("db at postgres://admin:s3cretpass@db.example.com/prod", "url_credentials", "s3cretpass"),
    ("random Zx9Qw3Er7Ty1Ui5Op2As8Df4Gh6Jk0Lz", "high_entropy", "Zx9Qw3Er7Ty1Ui5Op2As8Df4Gh6Jk0Lz"),
]


@pytest.mark.parametrize(("text", "kind", "secret"), SECRETS)
def test_secrets_are_replaced_by_a_marker(text: str, kind: str, secret: str) -> None:
    clean, found = redact(text)
    assert kind in found
    assert f"[REDACTED:{kind}]" in clean
    assert secret not in clean


@pytest.mark.parametrize(
    "text",
    [
        "I moved to San Francisco last week with my wife.",
        "commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it",  # a hex digest is not a credential
        "see https://example.com/docs/getting-started for details",
        "The token ring network was popular in the eighties.",
        "internationalization is a long word",
    ],
)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert redact(text) == (text, [])
