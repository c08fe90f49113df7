"""The browser worker: the RPC (memlace.rpc) over the browser's ports (IndexedDB, the JS vector kernel,
the JS embedder), the link to the site's model proxy, and read-only export files.
"""

from __future__ import annotations

import asyncio
from typing import Any

from memlace import heap
from memlace.errors import ProviderError, StoreError
from memlace.memory import Memlace
from memlace.protocol import PROTOCOL_VERSION
from memlace.providers import SECRET_HEADER
from memlace.rpc import Handler, Worker
from memlace.sync_rpc import SyncMethods

__all__ = ["PROTOCOL_VERSION", "BrowserWorker", "ModelLink", "Worker", "open_document", "start_in_browser"]


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
        self.engine.use_models(extractor=providers.extractor, selector=providers.selector, classifier=providers.classifier)
        if providers.embedder is not None and self.make_index is not None:
            await self.engine.use_embedder(providers.embedder, self.make_index(providers.embedder.dim))
        self.status = {"mode": providers.mode, "routes": routes, "message": None}
        return self.status

    async def _offline_by_health(self) -> dict[str, Any] | None:
        """Offline status when one plain fetch of /api/health shows there is nothing to use (no proxy, or no
        model behind it), so that httpx is never installed for nothing; None when the full connect must decide."""
        import js  # type: ignore[import-not-found]
        from pyodide.http import pyfetch  # type: ignore[import-not-found]

        url = f"{(self.api or '').rstrip('/')}/api/health"
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


class BrowserWorker(Worker):
    """The RPC over the browser's ports, plus what only the browser has: the local model arriving after
    boot, the model proxy, the Store contract run on real IndexedDB, and (test builds only) benchmark hooks."""

    def __init__(self, engine: Memlace, bridge: Any, link: ModelLink, test_hooks: bool) -> None:
        super().__init__(engine)
        self.bridge = bridge
        self.link = link
        self.methods["models"] = self._models
        self.methods["selftest_store"] = self._store_selftest
        self.methods["selftest_replicas"] = self._replicas_selftest
        self.methods["sync_push"] = self._sync_push
        # A new device merges batch after batch, a history import adds batch after batch: after each, the heap
        # is settled, so that the collector does not walk everything memory holds again and again.
        self.methods["sync_pull"] = self._settled(self._sync_pull)
        self.methods["import_step"] = self._settled(self.methods["import_step"])
        self.sync: SyncMethods | None = None  # opened by the first sync call: a profile that never syncs keeps no replicas
        if test_hooks:  # never in a production build: this writes synthetic memories into the open profile
            self.methods["bench_populate"] = self._bench_populate
            self.methods["bench_profile"] = self._bench_profile
        self.profiler: Any = None
        self.background = asyncio.ensure_future(link.run())
        self.upkeep = asyncio.ensure_future(self.maintain_when_idle())

    @staticmethod
    def _settled(method: Handler) -> Handler:
        async def call(params: dict[str, Any]) -> Any:
            try:
                return await method(params)
            finally:
                heap.settle()

        return call

    def idle_upkeep(self) -> None:
        heap.renew()

    async def attach_embedder(self, js_embedder: Any) -> None:
        """The local model has loaded: use its stored vectors now and embed what has none, in slices."""
        from memlace.providers.browser import JsEmbedder, JsVectorIndex

        local = JsEmbedder(js_embedder)
        await self.engine.use_embedder(local, JsVectorIndex(self.bridge.newVectorIndex(local.dim)))
        while self.engine.embedder is local and await self.engine.embed_pending(64):
            await asyncio.sleep(0)

    async def _sync_methods(self) -> SyncMethods:
        if self.sync is None:
            from memlace.stores.replicas import JsReplicaStore

            self.sync = SyncMethods(self.engine, JsReplicaStore(await self.bridge.openReplicas()))
        return self.sync

    async def _sync_push(self, params: dict[str, Any]) -> dict[str, Any]:
        return await (await self._sync_methods()).push(params)

    async def _sync_pull(self, params: dict[str, Any]) -> dict[str, Any]:
        return await (await self._sync_methods()).pull(params)

    async def _models(self, params: dict[str, Any]) -> dict[str, Any]:
        return await self.link.connect() if params.get("reconnect") is True else self.link.status

    async def _store_selftest(self, params: dict[str, Any]) -> dict[str, str]:
        """The Store contract against real IndexedDB, each check on a fresh scratch database."""
        from memlace.contract import run_store_contract
        from memlace.stores.indexeddb import IndexedDBStore

        bridge = self.bridge
        opened: list[Any] = []

        async def make() -> IndexedDBStore:
            name = f"~selftest-{len(opened)}"  # "~" is never in a profile's name: no user's data is touched
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

    async def _replicas_selftest(self, params: dict[str, Any]) -> dict[str, str]:
        """Sync's replica store against real IndexedDB (memlace.replica_contract), each check on a scratch
        database that several store objects open, as tabs would."""
        from memlace.replica_contract import Opener, run_replica_contract
        from memlace.stores.replicas import JsReplicaStore

        bridge = self.bridge
        helpers: list[Any] = []
        names: list[str] = []

        async def make() -> Opener:
            name = f"~selftest-{len(names)}"  # "~" is never in a profile's name: no user's data is touched
            await bridge.deleteSyncDb(name)
            names.append(name)

            async def open_store() -> JsReplicaStore:
                helpers.append(await bridge.openReplicas(name))
                return JsReplicaStore(helpers[-1])

            return open_store

        try:
            return await run_replica_contract(make)
        finally:
            for helper in helpers:
                helper.close()
            for name in names:
                await bridge.deleteSyncDb(name)

    async def _bench_populate(self, params: dict[str, Any]) -> dict[str, Any]:
        """Benchmarks only: write n synthetic memories with random unit vectors, then reload."""
        from memlace.bench import synthetic

        count = int(params["n"])
        engine = self.engine
        embedder = engine.embedder
        model_id = embedder.model_id if embedder else synthetic.MODEL_ID
        vectors = synthetic.unit_vectors(count, embedder.dim, seed=7) if embedder else None
        await engine.store.apply(synthetic.batch(count, vectors, model_id=model_id, profile=engine.profile))
        await engine.reload()
        heap.settle()  # as when a profile opens
        return {"memories": len(engine.state.memories), "queries": synthetic.queries(int(params.get("queries", 100)))}

    async def _bench_profile(self, params: dict[str, Any]) -> dict[str, Any]:
        """Benchmarks only: ``{on: true}`` starts Python's profiler in the worker, ``{on: false}`` stops it and
        returns the costliest functions (cumulative time) as text: where the browser's time goes in Python."""
        import cProfile
        import io
        import pstats

        if params.get("on") is True:
            self.profiler = cProfile.Profile()
            self.profiler.enable()
            return {"on": True}
        if self.profiler is None:
            return {"report": ""}
        self.profiler.disable()
        out = io.StringIO()
        pstats.Stats(self.profiler, stream=out).sort_stats(str(params.get("sort", "cumulative"))).print_stats(int(params.get("top", 40)))
        self.profiler = None
        return {"report": out.getvalue()}


async def start_in_browser(
    bridge: Any,
    profile: str = "default",
    api: str | None = None,
    secret: str | None = None,
    remote_embeddings: bool = False,
    test_hooks: bool = False,
    storage_limit: int | None = None,
) -> BrowserWorker:
    """Open the engine over the browser's ports. ``bridge`` is the worker's JS object with idb, vectors, embedder.

    ``api`` is the site whose /api/ proxy may add a model (None: offline only); ``secret`` its shared secret.
    The local model arrives after boot (``attach_embedder``): until then retrieval runs on keywords and graph.
    ``storage_limit``: the most bytes of the site's storage the page lets memlace fill (None: the quota).
    """
    from memlace.providers.browser import JsVectorIndex
    from memlace.stores.indexeddb import IndexedDBStore

    engine = await Memlace.open(IndexedDBStore(bridge.idb, limit=_whole_number(storage_limit)), profile=profile)
    heap.settle()  # the profile's records stay: later collections need not walk them
    link = ModelLink(engine, api, secret, lambda dim: JsVectorIndex(bridge.newVectorIndex(dim)), remote_embeddings)
    return BrowserWorker(engine, bridge, link, test_hooks)


def _whole_number(value: Any) -> int | None:
    """A number from JS, or None for null and undefined (which Pyodide passes as jsnull and None)."""
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
