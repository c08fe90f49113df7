"""RPC dispatch for the browser worker: JSON in, JSON out, errors mapped to stable codes.

Pure Python over the facade, so it is tested in CPython too; ``start_in_browser``
wires the browser's ports (IndexedDB, the JS vector kernel, the JS embedder).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pydantic import BaseModel

from memlace.errors import InvalidInput, MemlaceError, ProviderError, StoreError
from memlace.memory import Memlace
from memlace.providers import SECRET_HEADER

PROTOCOL_VERSION = 1
WRITES = {"ingest", "edit", "confirm", "retract", "forget", "feedback", "import", "maintain", "retry_pending"}


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


class Worker:
    """Answers {method, params} with {result} or {error: {code, message}}."""

    def __init__(self, engine: Memlace) -> None:
        self.engine = engine
        self.background: asyncio.Future[Any] | None = None
        self.methods: dict[str, Any] = {
            "ingest": self._ingest,
            "retrieve": self._retrieve,
            "search": self._search,
            "list": lambda p: engine.list(**p),
            "get": lambda p: engine.get(p["id"]),
            "edit": lambda p: engine.edit(p["id"], p["text"]),
            "confirm": lambda p: engine.confirm(p["id"]),
            "retract": lambda p: engine.retract(p["id"]),
            "forget": lambda p: engine.forget(p["id"], with_episodes=bool(p.get("with_episodes"))),
            "feedback": lambda p: engine.feedback(p["id"], bool(p["helpful"])),
            "export": lambda p: engine.export(),
            "import": lambda p: engine.import_(p["document"], dry_run=bool(p.get("dry_run"))),
            "stats": lambda p: engine.stats(timeline=bool(p.get("timeline", False))),
            "maintain": lambda p: engine.maintain(),
            "retry_pending": lambda p: engine.retry_pending(),
            "graph": lambda p: engine.graph(
                p.get("center"), hops=int(p.get("hops", 1)), edge_types=p.get("edge_types"), limit=int(p.get("limit", 300))
            ),
            "trace": lambda p: engine.trace(p["query"], limit=p.get("limit")),
            "export_markdown": lambda p: engine.export_markdown(),
        }

    async def _ingest(self, params: dict[str, Any]) -> Any:
        if "messages" in params:
            return await self.engine.ingest_many(params["messages"])
        return await self.engine.ingest(params.get("message", params))

    async def _retrieve(self, params: dict[str, Any]) -> Any:
        return await self.engine.retrieve(
            params["query"],
            limit=params.get("limit"),
            include_inactive=bool(params.get("include_inactive")),
            project=params.get("project"),
            track=params.get("track", True),
        )

    async def _search(self, params: dict[str, Any]) -> Any:
        return await self.engine.search(params["query"], limit=int(params.get("limit", 20)))

    async def handle(self, request: str) -> str:
        """One request as JSON text ({method, params, protocol}); the answer as JSON text."""
        try:
            message = json.loads(request)
            if not isinstance(message, dict):
                raise InvalidInput("a request is a JSON object")
            if message.get("protocol", PROTOCOL_VERSION) != PROTOCOL_VERSION:
                raise InvalidInput(f"protocol {message.get('protocol')} is not spoken here (this worker speaks {PROTOCOL_VERSION})")
            method = self.methods.get(message.get("method", ""))
            if method is None:
                raise InvalidInput(f"unknown method {message.get('method')!r}")
            params = message.get("params") or {}
            if not isinstance(params, dict):
                raise InvalidInput("params must be an object")
            if self.engine.read_only and message["method"] in WRITES and not (message["method"] == "import" and params.get("dry_run")):
                raise InvalidInput("this memory was opened read-only (an export file): nothing can be changed")
            result = await method(params)
            return json.dumps({"result": _jsonable(result)})
        except MemlaceError as error:
            return json.dumps({"error": {"code": error.code, "message": str(error)}})
        except (KeyError, TypeError, ValueError) as error:
            return json.dumps({"error": {"code": "invalid_input", "message": f"bad request: {type(error).__name__}: {error}"}})
        except Exception as error:  # anything else is a bug; the page still gets an answer, never a hang
            return json.dumps({"error": {"code": "internal", "message": f"{type(error).__name__}: {error}"}})


def configured_routes(health: dict[str, Any]) -> dict[str, bool]:
    """Which of the proxy's routes have a model, from its /api/health answer."""
    return {name: bool(route.get("configured")) for name, route in health.get("routes", {}).items()}


class ModelLink:
    """The worker's connection to the site's proxy: offline until /api/health says which routes have a model."""

    RETRY_EVERY_S = 120.0
    HEALTH_TIMEOUT_S = 10.0  # a proxy that does not answer its health check in this time counts as unreachable

    def __init__(
        self, engine: Memlace, api: str | None, secret: str | None, make_index: Any = None, remote_embeddings: bool = False
    ) -> None:
        self.engine = engine
        self.api = api
        self.secret = secret
        self.make_index = make_index  # dim -> VectorIndex, for remote embeddings of another dimension
        self.remote_embeddings = remote_embeddings
        self.status: dict[str, Any] = {"mode": "connecting" if api else "offline", "routes": {}, "message": None}
        self.client: Any = None

    async def connect(self) -> dict[str, Any]:
        """(Re)connect: on success the engine's extractor, selector and classifier become the proxy's."""
        if not self.api:
            self.status = {"mode": "offline", "routes": {}, "message": "no proxy address given"}
            return self.status
        offline = await self._offline_by_health()
        if offline is not None:
            self.status = offline
            return self.status
        try:
            import pyodide_js  # type: ignore[import-not-found]

            await pyodide_js.loadPackage("httpx")  # from our lock file; not needed at all offline
            from memlace.providers.fetch_transport import FetchTransport
            from memlace.providers.proxy import connect

            providers = await connect(self.api, secret=self.secret, transport=FetchTransport(), remote_embeddings=self.remote_embeddings)
        except ProviderError as error:
            self.status = {"mode": "offline", "routes": {}, "message": str(error)}
            return self.status
        except Exception as error:  # e.g. httpx failed to install: stay offline, say why
            self.status = {"mode": "offline", "routes": {}, "message": f"{type(error).__name__}: {error}"}
            return self.status
        if self.client is not None:
            await self.client.aclose()
        self.client = providers.client
        routes = configured_routes(providers.health)
        if providers.extractor is not None:
            self.engine.extractor = providers.extractor
        self.engine.selector = providers.selector
        self.engine.classifier = providers.classifier
        if providers.embedder is not None and self.make_index is not None:
            await self.engine.use_embedder(providers.embedder, self.make_index(providers.embedder.dim))
        self.status = {"mode": providers.mode, "routes": routes, "message": None}
        return self.status

    async def _offline_by_health(self) -> dict[str, Any] | None:
        """Offline status when one plain fetch of /api/health shows there is nothing to use (no proxy, or no
        model behind it), so that httpx is never installed for nothing; None when the full connect must decide."""
        import js  # type: ignore[import-not-found]
        from pyodide.http import pyfetch  # type: ignore[import-not-found]

        url = f"{self.api.rstrip('/')}/api/health"
        try:
            headers = {SECRET_HEADER: self.secret} if self.secret else {}
            response = await pyfetch(url, headers=headers, signal=js.AbortSignal.timeout(int(self.HEALTH_TIMEOUT_S * 1000)))
        except Exception as error:  # the network refused: no proxy here
            return {"mode": "offline", "routes": {}, "message": f"the memlace proxy at {url} cannot be reached ({type(error).__name__})"}
        if not response.ok or self.remote_embeddings:
            return None  # a refusal (origin, secret) or remote embeddings: connect() says exactly what is wrong
        try:
            health = await response.json()
            routes = configured_routes(health)
        except Exception:
            return None
        return None if any(routes.values()) else {"mode": "offline", "routes": routes, "message": None}

    async def run(self) -> None:
        """Connect, then resume work a closed tab left half done, and retry failed extractions now and then."""
        await self.connect()
        try:
            # In slices, so that calls from the page get the engine's lock in between.
            while sum((await self.engine.retry_pending(limit=64)).values()):
                await asyncio.sleep(0)
            while self.status["mode"] == "model":
                await asyncio.sleep(self.RETRY_EVERY_S)
                if (await self.engine.stats())["pending"]["pending_extraction"]:
                    await self.engine.retry_pending(limit=16)
        except StoreError:
            return  # storage full or failing: the backlog stays queued, and the page hears of it from its next write


async def open_document(text: str) -> Worker:
    """A read-only worker over an export file, in memory only: the profile's own database is never touched."""
    from memlace.memory import parse_export
    from memlace.stores.memory import MemoryStore

    document = parse_export(text)
    engine = await Memlace.open(MemoryStore(), profile=document.profile)
    await engine.import_(document.model_dump(mode="json"))
    engine.read_only = True
    return Worker(engine)


async def start_in_browser(
    bridge: Any, profile: str = "default", api: str | None = None, secret: str | None = None, remote_embeddings: bool = False
) -> Worker:
    """Open the engine over the browser's ports. ``bridge`` is the worker's JS object with idb, vectors, embedder.

    ``api`` is the site whose /api/ proxy may add a model (None: offline only); ``secret`` its shared secret.
    """
    from memlace.providers.browser import JsEmbedder, JsVectorIndex
    from memlace.stores.indexeddb import IndexedDBStore

    # The local model arrives after boot (see attach_embedder): until then retrieval runs on keywords and graph.
    engine = await Memlace.open(IndexedDBStore(bridge.idb), profile=profile)
    worker = Worker(engine)

    async def attach_embedder(js_embedder: Any) -> None:
        """The local model has loaded: use its stored vectors now and embed what has none, in slices."""
        local = JsEmbedder(js_embedder)
        await engine.use_embedder(local, JsVectorIndex(bridge.newVectorIndex(local.dim)))
        while engine.embedder is local and await engine.embed_pending(64):
            await asyncio.sleep(0)

    worker.attach_embedder = attach_embedder  # type: ignore[attr-defined]

    async def store_selftest(params: dict[str, Any]) -> dict[str, str]:
        """The Store contract against real IndexedDB, each check on a fresh scratch database."""
        from memlace.contract import run_store_contract

        opened: list[Any] = []

        async def make() -> IndexedDBStore:
            name = f"selftest-{len(opened)}"
            await bridge.deleteProfile(name)
            helper = await bridge.openStore(name)
            opened.append((name, helper))
            return IndexedDBStore(helper)

        try:
            return await run_store_contract(make)
        finally:
            for name, helper in opened:
                helper.close()
                await bridge.deleteProfile(name)

    async def bench_populate(params: dict[str, Any]) -> dict[str, Any]:
        """Benchmarks only: write n synthetic memories with random unit vectors, then reload."""
        from memlace.bench import synthetic

        count = int(params["n"])
        embedder = engine.embedder
        model_id = embedder.model_id if embedder else synthetic.MODEL_ID
        vectors = synthetic.unit_vectors(count, embedder.dim, seed=7) if embedder else None
        await engine.store.apply(synthetic.batch(count, vectors, model_id=model_id))
        await engine.reload()
        return {"memories": len(engine.state.memories), "queries": synthetic.queries(int(params.get("queries", 100)))}

    link = ModelLink(engine, api, secret, lambda dim: JsVectorIndex(bridge.newVectorIndex(dim)), remote_embeddings)

    async def models(params: dict[str, Any]) -> dict[str, Any]:
        return await link.connect() if params.get("reconnect") else link.status

    worker.methods["selftest_store"] = store_selftest
    worker.methods["bench_populate"] = bench_populate
    worker.methods["models"] = models
    worker.background = asyncio.ensure_future(link.run())
    return worker
