"""The client for memlace's key-holding proxy (/api/* on the site, or `build.py serve` locally).

httpx everywhere: its own transport in CPython, ``FetchTransport`` (over the browser's fetch) in Pyodide.
Each call has a deadline that covers its retries; 429 and 5xx are retried with exponential backoff
(honouring Retry-After), and 503 ``not_configured`` is not an error to retry but offline mode.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx

from memlace.errors import ProviderError
from memlace.llm import LLMClassifier, LLMExtractor, LLMSelector
from memlace.providers import SECRET_HEADER

RETRY_STATUSES = {429, 500, 502, 504}


class ProviderUnavailable(ProviderError):
    """No model is configured behind the proxy (or no proxy answers): memlace runs offline."""

    code = "provider_unavailable"


class ProxyError(ProviderError):
    """The proxy answered with an error; ``status`` and ``remote_code`` say which."""

    def __init__(self, status: int, remote_code: str, message: str) -> None:
        super().__init__(f"{message} ({remote_code}, HTTP {status})")
        self.status = status
        self.remote_code = remote_code


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return max(0.0, float(response.headers.get("retry-after", "")))
    except ValueError:
        return None


def _error(response: httpx.Response) -> ProviderError:
    try:
        error = response.json()["error"]
        code, message = str(error["code"]), str(error["message"])
    except (ValueError, KeyError, TypeError):
        code, message = "bad_proxy_answer", "the proxy answered something that is not a memlace error"
    if response.status_code == 503 and code == "not_configured":
        return ProviderUnavailable(message)
    return ProxyError(response.status_code, code, message)


class ProxyClient:
    """Calls one proxy. ``timeout`` is each call's whole deadline, retries included."""

    def __init__(
        self,
        base_url: str,
        *,
        secret: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = 30.0,
        retries: int = 3,
        backoff: float = 0.5,
        max_wait: float = 10.0,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        headers = {SECRET_HEADER: secret} if secret else {}
        self.base_url = base_url.rstrip("/") + "/api/"
        self.http = httpx.AsyncClient(base_url=self.base_url, transport=transport, headers=headers, follow_redirects=False)
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.max_wait = max_wait
        self.sleep = sleep
        self.counters = {"calls": 0, "retries": 0, "failures": 0}

    async def request(self, method: str, route: str, payload: dict[str, Any] | None = None, *, timeout: float | None = None) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (timeout or self.timeout)
        self.counters["calls"] += 1
        attempt = 0
        while True:
            remaining = deadline - loop.time()
            if remaining <= 0:
                self.counters["failures"] += 1
                raise ProxyError(504, "deadline", f"{route} took longer than its time budget")
            wait: float | None = None
            try:
                response = await self.http.request(method, route, json=payload, timeout=remaining)
            except httpx.TimeoutException as error:
                failure: ProviderError = ProxyError(504, "timeout", f"{route} timed out")
                failure.__cause__ = error
            except httpx.TransportError as error:
                failure = ProviderUnavailable(f"the memlace proxy at {self.base_url} cannot be reached ({type(error).__name__})")
            else:
                if response.is_success:
                    try:
                        return response.json()
                    except ValueError as error:
                        self.counters["failures"] += 1
                        raise ProxyError(response.status_code, "bad_proxy_answer", "the proxy's answer is not JSON") from error
                failure = _error(response)
                if response.status_code not in RETRY_STATUSES:
                    self.counters["failures"] += 1
                    raise failure
                wait = _retry_after(response)
            if attempt >= self.retries:
                self.counters["failures"] += 1
                raise failure
            delay = min(self.max_wait, wait if wait is not None else self.backoff * 2**attempt * (0.5 + random.random()))
            if loop.time() + delay >= deadline:
                self.counters["failures"] += 1
                raise failure
            attempt += 1
            self.counters["retries"] += 1
            await self.sleep(delay)

    async def health(self) -> dict[str, Any]:
        found: dict[str, Any] = await self.request("GET", "health", timeout=min(self.timeout, 10.0))
        return found

    async def stream_chat(self, messages: list[dict[str, str]], context: str = "", model: str | None = None) -> AsyncIterator[str]:
        """The chat answer as text pieces (no retries once the answer has started)."""
        payload: dict[str, Any] = {"messages": messages, "context": context}
        if model:
            payload["model"] = model
        async with self.http.stream("POST", "chat", json=payload, timeout=self.timeout) as response:
            if not response.is_success:
                await response.aread()
                raise _error(response)
            async for line in response.aiter_lines():
                if not line.strip():
                    continue
                event = json.loads(line)
                if "error" in event:
                    raise ProxyError(502, str(event["error"].get("code")), str(event["error"].get("message")))
                if "delta" in event:
                    yield str(event["delta"])

    async def aclose(self) -> None:
        await self.http.aclose()


class ProxyModel:
    """The engine's ChatModel port over one proxy route (extract, select or classify)."""

    def __init__(self, client: ProxyClient, route: str, timeout: float | None = None) -> None:
        self.client = client
        self.route = route
        self.timeout = timeout

    async def complete(self, messages: list[dict[str, str]]) -> str:
        answer = await self.client.request("POST", self.route, {"messages": messages}, timeout=self.timeout)
        text = answer.get("text") if isinstance(answer, dict) else None
        if not isinstance(text, str):
            raise ProxyError(200, "bad_proxy_answer", f"the proxy's {self.route} answer has no text")
        return text


class RemoteEmbedder:
    """OpenAI-compatible embeddings through the proxy. ``model_id`` tags every stored vector."""

    batch = 64

    def __init__(self, client: ProxyClient, model_id: str, dim: int) -> None:
        self.client = client
        self.model_id = model_id
        self.dim = dim

    @classmethod
    async def connect(cls, client: ProxyClient) -> RemoteEmbedder:
        """Ask for one vector to learn the model's id and dimension."""
        answer = await client.request("POST", "embed", {"texts": ["memlace"]})
        return cls(client, f"remote:{answer['model']}", int(answer["dim"]))

    async def embed(self, texts: list[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), self.batch):
            answer = await self.client.request("POST", "embed", {"texts": [t[:8000] for t in texts[start : start + self.batch]]})
            for vector in answer["vectors"]:
                if len(vector) != self.dim:
                    raise ProxyError(200, "dimension_changed", f"the embedding model now returns {len(vector)} dimensions, not {self.dim}")
                norm = sum(v * v for v in vector) ** 0.5 or 1.0
                vectors.append([v / norm for v in vector])
        return vectors


@dataclass
class ModelProviders:
    """What a configured proxy offers the engine; ``None`` where a route is not configured."""

    client: ProxyClient
    health: dict[str, Any]
    extractor: LLMExtractor | None = None
    selector: LLMSelector | None = None
    classifier: LLMClassifier | None = None
    embedder: RemoteEmbedder | None = None

    @property
    def mode(self) -> str:
        return "model" if self.extractor or self.selector or self.classifier else "offline"


async def connect(
    base_url: str,
    *,
    secret: str | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
    remote_embeddings: bool = False,
    timeout: float = 30.0,
) -> ModelProviders:
    """Providers for every route the proxy has configured. Raises ProviderUnavailable when it cannot be reached."""
    client = ProxyClient(base_url, secret=secret, transport=transport, timeout=timeout)
    try:
        return await _providers(client, remote_embeddings)
    except BaseException:
        await client.aclose()
        raise


async def _providers(client: ProxyClient, remote_embeddings: bool) -> ModelProviders:
    health = await client.health()
    routes = health.get("routes", {}) if isinstance(health, dict) else {}

    def configured(route: str) -> bool:
        return bool(routes.get(route, {}).get("configured"))

    providers = ModelProviders(client=client, health=health)
    if configured("extract"):
        providers.extractor = LLMExtractor(ProxyModel(client, "extract"))
    if configured("select"):
        providers.selector = LLMSelector(ProxyModel(client, "select"))
    if configured("classify"):
        providers.classifier = LLMClassifier(ProxyModel(client, "classify"))
    if remote_embeddings:
        if not configured("embed"):
            raise ProviderUnavailable("remote embeddings were asked for, but the proxy has no embedding model configured")
        providers.embedder = await RemoteEmbedder.connect(client)
    return providers
