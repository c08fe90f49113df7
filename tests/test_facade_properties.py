"""Property test over the whole facade: after any sequence of accepted or refused calls, on the memory store
and on SQLite, the profile reopens and exports, and a refused call changed nothing."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlace.errors import MemlaceError
from memlace.memory import Memlace
from memlace.stores.memory import MemoryStore
from memlace.stores.sqlite import SQLiteStore
from tests.fakes import Clock

odd_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["I live in Oslo.", "Actually, I moved to Lisbon.", "I prefer tea.", "\ud800", "", "x" * 33_000, "</memory-context>"]),
)
odd_number = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([1_700_000_000, 1_700_000_000_000, 253402300800.0, -62135596800, 1e14]),
    st.none(),
    st.text(max_size=5),
)
message = st.fixed_dictionaries(
    {"text": odd_text},
    optional={"timestamp": odd_number, "message_id": st.one_of(st.text(max_size=6), st.none()), "speaker": odd_text, "chat_id": odd_text},
)
operation = st.one_of(
    st.tuples(st.just("ingest"), st.lists(message, min_size=1, max_size=3)),
    st.tuples(st.just("edit"), odd_text),
    st.tuples(st.sampled_from(["retract", "confirm", "forget", "feedback", "get"]), st.booleans()),
    st.tuples(st.just("import"), st.dictionaries(st.sampled_from(["created_at", "text", "confidence", "id", "status"]), odd_number)),
    st.tuples(st.just("retrieve"), odd_text),
    st.tuples(st.just("maintain"), st.none()),
)


async def _apply(engine: Memlace, op: str, arg: Any) -> None:
    ids = sorted(engine.state.memories)
    target = ids[0] if ids else "mem_missing"
    if op == "ingest":
        await engine.ingest_many(arg)
    elif op == "edit":
        await engine.edit(target, arg)
    elif op in ("retract", "confirm"):
        await getattr(engine, op)(target if arg else "mem_missing")
    elif op == "feedback":
        await engine.feedback(target, arg)
    elif op == "forget":
        await engine.forget(target, with_episodes=arg)
    elif op == "get":
        await engine.get(target if arg else "nope")
    elif op == "import":
        document = await engine.export()
        if document["memories"]:
            document["memories"][0] = {**document["memories"][0], "id": "mem_imported", **arg}
        await engine.import_(json.dumps(document, allow_nan=True))
    elif op == "retrieve":
        await engine.retrieve(arg)
    else:
        await engine.maintain()


async def _scenario(operations: list[tuple[str, Any]], backend: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        shared = MemoryStore()

        def store() -> Any:
            return shared if backend == "memory" else SQLiteStore(Path(folder) / "p.sqlite")

        engine = await Memlace.open(store(), clock=Clock())
        for op, arg in operations:
            await engine.flush()
            before = (await engine.store.load()).model_dump_json()
            try:
                await _apply(engine, op, arg)
            except MemlaceError:
                assert (await engine.store.load()).model_dump_json() == before, f"refused {op} changed the store"
        if backend == "sqlite":  # the memory store stays open: the reopened engine reads the same one
            await engine.close()
        reopened = await Memlace.open(store(), clock=Clock())
        json.dumps(await reopened.export(), allow_nan=False)
        await reopened.stats(timeline=True)
        await reopened.export_markdown()
        await reopened.retrieve("where do I live?", track=False)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(st.lists(operation, min_size=1, max_size=8), st.sampled_from(["memory", "sqlite"]))
def test_any_sequence_of_calls_leaves_a_profile_that_opens(operations: list[tuple[str, Any]], backend: str) -> None:
    asyncio.run(_scenario(operations, backend))
