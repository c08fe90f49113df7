"""The fake model provider (web/test/fake-upstream.mjs) as a process, for the Python and browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from memlace.devserver import node_server

SCRIPT = Path(__file__).resolve().parents[1] / "web" / "test" / "fake-upstream.mjs"
OPENAI_KEY = "sk-test-chain-OPENAI-3b8f1d"
ANTHROPIC_KEY = "sk-ant-test-chain-ANTHROPIC-92c4aa"


class FakeUpstream:
    def __init__(self, url: str) -> None:
        self.url = url

    def script(self, *behaviours: dict[str, Any]) -> None:
        """Queue behaviours, one per upstream call: {"status": 429}, {"delayMs": 3000}, {"content": "..."}..."""
        httpx.post(f"{self.url}/__script", json={"behaviours": list(behaviours)}).raise_for_status()

    def requests(self) -> list[dict[str, Any]]:
        return httpx.get(f"{self.url}/__requests").json()

    def reset(self) -> None:
        httpx.post(f"{self.url}/__reset").raise_for_status()

    def proxy_env(self, **extra: str) -> dict[str, str]:
        """The proxy's MEMLACE_* settings for routes answered by this fake."""
        return {
            "MEMLACE_OPENAI_BASE_URL": f"{self.url}/v1",
            "MEMLACE_OPENAI_API_KEY": OPENAI_KEY,
            "MEMLACE_ANTHROPIC_BASE_URL": self.url,
            "MEMLACE_ANTHROPIC_API_KEY": ANTHROPIC_KEY,
            "MEMLACE_MODEL": "openai:fake-small",
            "MEMLACE_MODEL_CHAT": "anthropic:fake-claude",
            "MEMLACE_MODEL_EMBED": "fake-embed",
            "MEMLACE_TIMEOUT_MS": "2000",
            "MEMLACE_RATE_LIMIT": "100000",
            **extra,
        }


@contextmanager
def fake_upstream() -> Iterator[FakeUpstream]:
    with node_server([str(SCRIPT)], "fake-upstream:") as (_, url):
        yield FakeUpstream(url)
