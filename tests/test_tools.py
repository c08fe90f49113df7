"""The memory tools a chat model may call (search_memory, remember, update_memory, forget_memory), run by the
engine against the message being answered, with the local MiniLM model and through the worker's RPC."""

from __future__ import annotations

import json

import pytest

from memlace.engine.tools import MAX_FORGETS_PER_MESSAGE
from memlace.errors import NotFound
from memlace.memory import Memlace
from memlace.models import MemoryStatus
from memlace.rpc import Worker

CHAT = "chat-tools"


def msg(text: str, n: int, **extra: object) -> dict:
    return {"text": text, "chat_id": CHAT, "message_id": f"m{n}", "timestamp": 1_700_000_000.0 + n * 60, **extra}


async def call(engine: Memlace, message: int, name: str, arguments: dict | None, call_id: str = "call-1") -> dict:
    return await engine.run_tool(name, arguments, chat_id=CHAT, message_id=f"m{message}", call_id=call_id)


def log_of(engine: Memlace, message: int) -> list:
    return engine.state.episodes[engine.state.by_message[(CHAT, f"m{message}")]].tool_calls


async def test_tools_run_only_for_a_stored_message(real_engine: Memlace) -> None:
    with pytest.raises(NotFound, match="not stored yet"):
        await call(real_engine, 1, "remember", {"text": "User likes tea"})


async def test_remember_makes_a_confirmed_memory_from_the_message_and_undo_takes_it_back(real_engine: Memlace) -> None:
    await real_engine.ingest(msg("Can you keep in mind that I take my coffee black?", 1))
    before = {m.id for m in real_engine.state.memories.values()}
    answer = await call(real_engine, 1, "remember", {"text": "User takes their coffee black"})
    assert answer["ok"] and answer["status"] in ("remembered", "already remembered")
    memory = real_engine.state.memories[answer["id"]]
    assert memory.status is MemoryStatus.confirmed or answer["status"] == "already remembered"
    assert memory.message_ids() == ["m1"]
    if answer["status"] == "remembered":
        assert memory.provenance[0].extractor == "model-tool"
        episode_id = real_engine.state.by_message[(CHAT, "m1")]
        assert real_engine.state.graph.has_edge(memory.id, episode_id, key="derived_from")
    [logged] = log_of(real_engine, 1)
    assert logged.name == "remember" and logged.ok and logged.memory_ids == [answer["id"]] and "coffee black" in logged.arguments
    await real_engine.undo(answer["episode_id"])
    assert {m.id for m in real_engine.state.memories.values()} == before


async def test_search_finds_what_is_relevant_and_never_the_message_itself(real_engine: Memlace) -> None:
    await real_engine.ingest(msg("I live in Lisbon with my partner Ana.", 1))
    await real_engine.ingest(msg("My sister Joana is a nurse in Porto.", 2))
    await real_engine.ingest(msg("Where does my sister work?", 3))
    answer = await call(real_engine, 3, "search_memory", {"query": "sister's job", "limit": 3})
    assert answer["ok"] and answer["notes"]
    texts = [note["text"] for note in answer["notes"]]
    assert any("nurse" in t for t in texts) and not any(t == "Where does my sister work?" for t in texts)
    assert all(note["date"] for note in answer["notes"])


async def test_update_replaces_the_named_memory_and_keeps_its_history(real_engine: Memlace) -> None:
    old_id = (await real_engine.ingest(msg("I work as a teacher.", 1))).created[0]
    await real_engine.ingest(msg("I quit teaching, I'm a carpenter now.", 2))
    if real_engine.state.memories[old_id].status is not MemoryStatus.superseded:  # the offline extractor may have done it
        answer = await call(real_engine, 2, "update_memory", {"id": old_id, "text": "User works as a carpenter"})
        assert answer["ok"] and "teacher" in answer["replaces"]
        new = real_engine.state.memories[answer["id"]]
        assert new.status in (MemoryStatus.staged, MemoryStatus.confirmed) and real_engine.state.graph.has_edge(
            new.id, old_id, key="supersedes"
        )
    old = real_engine.state.memories[old_id]
    assert old.status is MemoryStatus.superseded and old.valid_to is not None
    again = await call(real_engine, 2, "update_memory", {"id": old_id, "text": "User works as a baker"}, "call-2")
    assert not again["ok"] and "no active memory" in again["error"]  # a superseded memory is history, not a target


async def test_forget_forgets_hides_its_message_and_is_limited_per_message(real_engine: Memlace) -> None:
    facts = ["I play the piano.", "I have two cats.", "I run marathons.", "I speak Japanese.", "I grow tomatoes."]
    ids = [(await real_engine.ingest(msg(text, n))).created[0] for n, text in enumerate(facts, start=1)]
    await real_engine.ingest(msg("Please forget all of that.", 9))
    results = [await call(real_engine, 9, "forget_memory", {"id": memory_id}, f"call-{n}") for n, memory_id in enumerate(ids)]
    assert [r["ok"] for r in results] == [True] * MAX_FORGETS_PER_MESSAGE + [False] * (len(ids) - MAX_FORGETS_PER_MESSAGE)
    assert "at most" in results[-1]["error"]
    gone = ids[:MAX_FORGETS_PER_MESSAGE]
    assert not any(i in real_engine.state.memories for i in gone) and all(i in real_engine.state.memories for i in ids[3:])
    assert real_engine.state.episodes[real_engine.state.by_message[(CHAT, "m1")]].excluded  # its source is kept out of retrieval
    pack = await real_engine.retrieve("does the user play an instrument", track=False)
    assert not any("piano" in item.text for item in pack.items)
    await real_engine.undo(results[0]["episode_id"])
    assert all(i in real_engine.state.memories for i in gone)


async def test_someone_elses_memory_cannot_be_changed_by_this_speaker(real_engine: Memlace) -> None:
    theirs = (await real_engine.ingest(msg("I live in Oslo.", 1, speaker="Nora"))).created[0]
    await real_engine.ingest(msg("Forget where Nora lives.", 2, speaker="Ivo"))
    answer = await call(real_engine, 2, "forget_memory", {"id": theirs})
    assert not answer["ok"] and "someone else" in answer["error"] and theirs in real_engine.state.memories


@pytest.mark.parametrize(
    ("name", "arguments", "error"),
    [
        ("remember", None, "not a valid JSON object"),
        ("remember", {"text": ""}, "non-empty text"),
        ("remember", {"text": 42}, "non-empty text"),
        ("remember", {"text": "x" * 600}, "over 500"),
        ("search_memory", {"query": "tea", "limit": 99}, "from 1 to 10"),
        ("search_memory", {"query": "tea", "limit": True}, "from 1 to 10"),
        ("forget_memory", {"id": "mem_nothing"}, "no active memory"),
        ("delete_everything", {}, "no memory tool named"),
    ],
)
async def test_broken_calls_are_refused_in_words_logged_and_change_nothing(
    real_engine: Memlace, name: str, arguments: dict | None, error: str
) -> None:
    await real_engine.ingest(msg("I like green tea.", 1))
    before = {m.id: m for m in real_engine.state.memories.values()}
    answer = await call(real_engine, 1, name, arguments)
    assert answer["ok"] is False and set(answer) == {"ok", "error", "episode_id"} and error in answer["error"]
    assert {m.id: m for m in real_engine.state.memories.values()} == before
    [logged] = log_of(real_engine, 1)
    assert not logged.ok and logged.name == name[:64]


async def test_a_secret_in_a_tool_call_is_redacted_in_memory_and_in_the_log(real_engine: Memlace) -> None:
    await real_engine.ingest(msg("Remember my card for later.", 1))
    answer = await call(real_engine, 1, "remember", {"text": "User's card number is 4111 1111 1111 1111"})
    assert answer["ok"] and "4111" not in answer["text"]
    assert "4111" not in log_of(real_engine, 1)[0].arguments


async def test_the_tool_method_over_rpc_checks_its_parameters(real_engine: Memlace) -> None:
    worker = Worker(real_engine)
    await real_engine.ingest(msg("I like green tea.", 1))
    request = {
        "protocol": 1,
        "method": "tool",
        "params": {"name": "remember", "arguments": {"text": "User likes green tea"}, "chat_id": CHAT, "message_id": "m1", "call_id": "c1"},
    }
    answer = json.loads(await worker.handle(json.dumps(request)))
    assert answer["result"]["ok"]
    request["params"]["call_id"] = 5
    refused = json.loads(await worker.handle(json.dumps(request)))
    assert refused["error"]["code"] == "invalid_input" and "call_id" in refused["error"]["message"]
    exported = await real_engine.export()
    assert any(e.get("tool_calls") for e in exported["episodes"])  # the log travels with the export
