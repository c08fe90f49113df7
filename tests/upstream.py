"""The fake model provider (web/test/fake-upstream.mjs) as a process, for the Python and browser tests."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

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
    process = subprocess.Popen(["node", str(SCRIPT)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    first = process.stdout.readline().strip()
    if not first.startswith("fake-upstream: http://127.0.0.1:"):
        process.kill()
        raise RuntimeError(f"the fake upstream did not start: {first!r}")
    try:
        yield FakeUpstream(first.split(" ", 1)[1])
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stdout.close()
