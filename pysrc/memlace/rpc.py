"""The worker's RPC: JSON in, JSON out, every refusal a stable code with a sentence (never Python text).

Each method's parameters are checked by a model before the facade is called. Pure Python over the
facade, so it is tested in CPython too; memlace.worker wires it into the browser.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from memlace import validation
from memlace.errors import InvalidInput, MemlaceError, NotFound
from memlace.importers import stream
from memlace.importers.job import ImportJob
from memlace.memory import Memlace
from memlace.protocol import PROTOCOL_VERSION, WRITES

MAX_MESSAGES_PER_CALL = 1000
Handler = Callable[[dict[str, Any]], Awaitable[Any]]


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class ById(Params):
    id: StrictStr


class Edit(ById):
    text: StrictStr


class Forget(ById):
    with_episodes: StrictBool = False


class Feedback(ById):
    helpful: StrictBool


class Retrieve(Params):
    query: StrictStr
    limit: StrictInt | None = Field(default=None, ge=1, le=200)
    include_inactive: StrictBool = False
    project: StrictStr | None = None
    track: StrictBool = True
    chat_id: StrictStr | None = Field(default=None, max_length=1000)


class Search(Params):
    query: StrictStr
    limit: StrictInt = Field(default=20, ge=1, le=200)


class Trace(Params):
    query: StrictStr
    limit: StrictInt | None = Field(default=None, ge=1, le=200)


class ListFilters(Params):
    kind: StrictStr | None = None
    status: StrictStr | None = None
    entity: StrictStr | None = None
    tag: StrictStr | None = None
    text: StrictStr | None = None
    project: StrictStr | None = None
    since: float | None = None
    until: float | None = None
    sort: StrictStr = "updated_at"
    descending: StrictBool = True
    offset: StrictInt = Field(default=0, ge=0)
    limit: StrictInt = Field(default=50, ge=1, le=500)


class Bulk(Params):
    action: StrictStr
    filters: ListFilters = Field(default_factory=ListFilters)


class Graph(Params):
    center: StrictStr | None = None
    hops: StrictInt = Field(default=1, ge=1, le=4)
    edge_types: list[StrictStr] | None = None
    limit: StrictInt = Field(default=300, ge=1, le=2000)


class Import(Params):
    document: StrictStr | dict[str, Any]
    dry_run: StrictBool = False
    resolutions: dict[StrictStr, Literal["keep", "replace", "both"]] | None = Field(default=None, max_length=100_000)


class Undo(Params):
    episode_id: StrictStr


class Tool(Params):
    name: StrictStr = Field(max_length=64)
    arguments: dict[str, Any] | None
    chat_id: StrictStr
    message_id: StrictStr
    call_id: StrictStr = Field(max_length=128)
    error: StrictStr | None = Field(default=None, max_length=500)


class TryRecipe(Params):
    recipe: StrictStr | None = None
    mode: StrictStr


class ImportChats(Params):
    text: StrictStr
    name: StrictStr = Field(default="conversations.json", max_length=300)
    format: StrictStr = "auto"


class ImportStep(Params):
    job: StrictStr
    messages: StrictInt = Field(default=64, ge=1, le=1000)


class ImportCancel(Params):
    job: StrictStr


class Chats(Params):
    limit: StrictInt = Field(default=200, ge=1, le=10_000)


class Conversation(Params):
    chat_id: StrictStr = Field(min_length=1, max_length=1000)
    limit: StrictInt = Field(default=1000, ge=1, le=10_000)


class ForgetChat(Params):
    chat_id: StrictStr = Field(min_length=1, max_length=1000)
    with_memories: StrictBool = False


class ForgetEverything(Params):
    confirm: StrictStr  # the words "forget everything": a call that erases a profile is never an accident


class Stats(Params):
    timeline: StrictBool = False


class Nothing(Params):
    pass


class Ingest(Params):
    message: dict[str, Any] | None = None
    messages: list[dict[str, Any]] | None = Field(default=None, max_length=MAX_MESSAGES_PER_CALL)


def _checked(model: type[Params], method: str, params: dict[str, Any]) -> Any:
    try:
        return model.model_validate(params)
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(p) for p in first["loc"]) or "params"
        raise InvalidInput(f"{method}: {place}: {first['msg']}") from error


def _model_json(value: Any) -> Any:
    """json.dumps's hook for what it cannot write itself: a model, dumped as JSON data. (A hook rather than a
    walk over the whole answer first: answers hold thousands of plain values, a sync batch or a list page.)"""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    raise TypeError(f"{type(value).__name__} is not JSON")


def refusal(code: str, message: str) -> str:
    return json.dumps({"error": {"code": code, "message": message}})


class Worker:
    """Answers {method, params, protocol} with {result} or {error: {code, message}}."""

    def __init__(self, engine: Memlace) -> None:
        self.engine = engine
        self.methods: dict[str, Handler] = {}
        self.last_call = time.monotonic()
        self.maintained = 0  # maintenance passes run while idle
        self.imports: dict[str, ImportJob] = {}
        self._next_job = 0
        e = engine

        def route(name: str, model: type[Params], call: Callable[[Any], Awaitable[Any]]) -> None:
            async def handle(params: dict[str, Any]) -> Any:
                return await call(_checked(model, name, params))

            self.methods[name] = handle

        route("ingest", Ingest, self._ingest)
        route(
            "retrieve",
            Retrieve,
            lambda p: e.retrieve(
                p.query, limit=p.limit, include_inactive=p.include_inactive, project=p.project, track=p.track, chat_id=p.chat_id
            ),
        )
        route("search", Search, lambda p: e.search(p.query, limit=p.limit))
        route("trace", Trace, lambda p: e.trace(p.query, limit=p.limit))
        route("list", ListFilters, lambda p: e.list_memories(**p.model_dump()))
        route("get", ById, lambda p: e.get(p.id))
        route("edit", Edit, lambda p: e.edit(p.id, p.text))
        route("confirm", ById, lambda p: e.confirm(p.id))
        route("retract", ById, lambda p: e.retract(p.id))
        route("forget", Forget, lambda p: e.forget(p.id, with_episodes=p.with_episodes))
        route("feedback", Feedback, lambda p: e.feedback(p.id, p.helpful))
        route("export", Nothing, lambda p: e.export())
        route("export_markdown", Nothing, lambda p: e.export_markdown())
        route("import", Import, lambda p: e.import_(p.document, dry_run=p.dry_run, resolutions=p.resolutions))
        route("stats", Stats, lambda p: e.stats(timeline=p.timeline))
        route("maintain", Nothing, lambda p: e.maintain())
        route("retry_pending", Nothing, lambda p: e.retry_pending())
        route("flush", Nothing, lambda p: e.flush())
        route("undo", Undo, lambda p: e.undo(p.episode_id))
        route("import_chats", ImportChats, self._import_chats)
        route("import_step", ImportStep, self._import_step)
        route("import_cancel", ImportCancel, self._import_cancel)
        route("recipes", Nothing, lambda p: e.recipes())
        route("try_recipe", TryRecipe, lambda p: e.try_recipe(p.recipe, p.mode))
        route(
            "tool",
            Tool,
            lambda p: e.run_tool(p.name, p.arguments, chat_id=p.chat_id, message_id=p.message_id, call_id=p.call_id, error=p.error),
        )
        route("graph", Graph, lambda p: e.graph(p.center, hops=p.hops, edge_types=p.edge_types, limit=p.limit))
        route("chats", Chats, lambda p: e.chats(limit=p.limit))
        route("conversation", Conversation, lambda p: e.conversation(p.chat_id, limit=p.limit))
        route("forget_chat", ForgetChat, lambda p: e.forget_chat(p.chat_id, with_memories=p.with_memories))
        route("forget_everything", ForgetEverything, self._forget_everything)
        route("bulk", Bulk, lambda p: e.bulk(p.action, **p.filters.model_dump(exclude={"sort", "descending", "offset", "limit"})))

    async def maintain_when_idle(self, every_s: float = 600.0, idle_s: float = 30.0) -> None:
        """Keep memory alive in the background: every ``every_s``, once no call came for ``idle_s``, the
        maintenance pass runs (decay, promotion, expiry, links, clusters, orphans). Never on a read-only file."""
        while not self.engine.read_only:
            await asyncio.sleep(every_s)
            while time.monotonic() - self.last_call < idle_s:
                await asyncio.sleep(idle_s)
            try:
                await self.engine.maintain()
                self.maintained += 1
            except MemlaceError:  # a full store, say: it is tried again next time
                continue
            self.idle_upkeep()

    def idle_upkeep(self) -> None:
        """What a runtime does while idle, after maintenance (the browser's worker renews its heap: memlace.heap)."""

    # -- chat history imports: started with the file's text, then taken a batch per call, so that the
    # worker answers retrievals and everything else between batches (a closed tab just stops; importing the
    # same file again goes on where it stopped, as stored messages are recognised by their ids).
    async def _import_chats(self, params: ImportChats) -> Any:
        job = ImportJob(self.engine, stream.records_in_text(params.text, params.name), params.name, params.format)
        await job.step(1)  # the first message: a file that is not an export is refused now
        self._next_job += 1
        key = f"import-{self._next_job}"
        self.imports = {key: job}  # one import at a time: a new one replaces a forgotten one
        return {"job": key, "done": job.done, **job.report.as_dict()}

    async def _import_step(self, params: ImportStep) -> Any:
        job = self.imports.get(params.job)
        if job is None:
            raise NotFound(f"no import {params.job[:40]!r} is running (start it again: what is stored is kept)")
        try:
            await job.step(params.messages)
        except MemlaceError:
            self.imports.pop(params.job, None)
            raise
        if job.done:
            self.imports.pop(params.job, None)
        return {"job": params.job, "done": job.done, **job.report.as_dict()}

    async def _import_cancel(self, params: ImportCancel) -> Any:
        job = self.imports.pop(params.job, None)
        if job is not None:
            job.close()
        return {"job": params.job, "cancelled": job is not None}

    async def _forget_everything(self, params: ForgetEverything) -> Any:
        if params.confirm != "forget everything":
            raise InvalidInput('forget_everything erases the whole profile: pass confirm: "forget everything"')
        return await self.engine.forget_everything()

    async def _ingest(self, params: Ingest) -> Any:
        if params.messages is not None:
            return await self.engine.ingest_many(params.messages)
        if params.message is not None:
            return await self.engine.ingest(params.message)
        raise InvalidInput("ingest: give a message ({message: {...}}) or messages ({messages: [...]})")

    async def handle(self, request: str) -> str:
        """One request as JSON text ({method, params, protocol}); the answer as JSON text."""
        self.last_call = time.monotonic()
        try:
            message = validation.loads(request)
            if not isinstance(message, dict):
                raise InvalidInput("a request is a JSON object: {method, params, protocol}")
            protocol = message.get("protocol", PROTOCOL_VERSION)
            if protocol != PROTOCOL_VERSION:
                code, text = (
                    "protocol_mismatch",
                    f"protocol {str(protocol)[:20]} is not spoken here (this worker speaks {PROTOCOL_VERSION})",
                )
                return refusal(code, text)
            name = message.get("method")
            method = self.methods.get(name) if isinstance(name, str) else None
            if method is None:
                raise InvalidInput(f"unknown method {str(name)[:40]!r}")
            params = message.get("params")
            params = {} if params is None else params
            if not isinstance(params, dict):
                raise InvalidInput(f"{name}: params must be an object")
            if self.engine.read_only and name in WRITES and not (name == "import" and params.get("dry_run") is True):
                raise InvalidInput("this memory was opened read-only (an export file): nothing can be changed")
            result = await method(params)
            return json.dumps({"result": result}, allow_nan=False, default=_model_json)
        except MemlaceError as error:
            return refusal(error.code, str(error))
        except Exception:  # a bug: the page still gets an answer (never a hang), the details go to the log
            traceback.print_exc(file=sys.stderr)
            return refusal("internal", "memlace hit an unexpected error and did not finish this request (details are in the log)")
