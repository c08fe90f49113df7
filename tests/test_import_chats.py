"""Importing chat history: ChatGPT's and Claude's exports (JSON and the zip as downloaded) and memlace JSON
lines, over the real SQLite store through the CLI and through the facade: the thread the user saw, roles,
times, titles, what is left out and why, idempotence, and clear refusals of malformed files."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from memlace.errors import InvalidInput
from memlace.importers import formats, stream
from memlace.importers.job import import_chats
from memlace.memory import Memlace

DATA = Path(__file__).resolve().parent / "data" / "imports"


def texts(engine: Memlace, chat_id: str) -> list[tuple[str, str]]:
    episodes = sorted((e for e in engine.state.episodes.values() if e.chat_id == chat_id), key=lambda e: e.timestamp)
    return [(e.role, e.text) for e in episodes]


async def test_chatgpt_export_follows_the_current_branch_and_leaves_out_what_nobody_said(real_engine: Memlace) -> None:
    report = await import_chats(real_engine, DATA / "chatgpt-conversations.json")
    assert report.format == "chatgpt" and report.conversations == 2
    thread = texts(real_engine, "chatgpt:6610c2a1-0b3f-4d6e-9a51-chatgpt-one")
    assert [role for role, _ in thread] == ["user", "assistant", "user", "assistant"]
    assert "somewhere with fish" not in " ".join(t for _, t in thread)  # the edited-away branch
    assert thread[2][1] == "Yes please, vegetarian places near Alfama. Here is a photo of the street."
    first = next(e for e in real_engine.state.episodes.values() if e.message_id == "n1")
    assert first.title == "Trip planning for Lisbon" and first.timestamp == pytest.approx(1712000010.5)
    assert texts(real_engine, "chatgpt:chatgpt-two") == [("user", "print('I work at Acme as a data engineer')")]
    assert report.skipped == {"system messages": 1, "non-text parts (images, files, audio)": 1, "thoughts content": 1}
    assert any("vegetarian" in m.text.lower() for m in real_engine.state.memories.values())  # memories follow the messages


async def test_claude_export_with_attachments_and_tool_blocks(real_engine: Memlace) -> None:
    report = await import_chats(real_engine, DATA / "claude-conversations.json")
    assert report.format == "claude" and report.added == 3 and report.skipped == {"tool calls and results": 2, "empty messages": 1}
    thread = texts(real_engine, "claude:0c7d4b1e-claude-one")
    assert thread[1] == ("assistant", "Great goal! The race is on 29 September.")
    plan = next(e for e in real_engine.state.episodes.values() if e.message_id == "c1-m3")
    assert plan.attachments[0].text.startswith("plan.txt: Mon rest") and plan.title == "Marathon training"
    assert plan.timestamp == pytest.approx(1714550700.0)


async def test_json_lines_times_in_every_form_and_system_lines_left_out(real_engine: Memlace) -> None:
    report = await import_chats(real_engine, DATA / "history.jsonl")
    assert report.format == "jsonl" and report.added == 3 and report.skipped == {"system messages": 1}
    stamps = sorted(e.timestamp for e in real_engine.state.episodes.values())
    assert stamps == [1700000000.0, pytest.approx(1700000040.0), 1700000200.0]


async def test_the_zip_as_downloaded_and_a_second_import_that_adds_nothing(real_engine: Memlace, tmp_path: Path) -> None:
    archive = tmp_path / "chatgpt-export.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(DATA / "chatgpt-conversations.json", "conversations.json")
        z.writestr("user.json", '{"email": "someone@example.com"}')
    first = await import_chats(real_engine, archive)
    exported = await real_engine.export()
    again = await import_chats(real_engine, archive)
    assert first.added == 5 and again.added == 0 and again.already == 5
    after = await real_engine.export()
    exported.pop("exported_at"), after.pop("exported_at")
    assert after == exported


def test_a_large_array_is_read_element_by_element(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream, "CHUNK", 64)  # smaller than one conversation: every element spans chunks
    conversations = json.loads((DATA / "chatgpt-conversations.json").read_text()) * 50
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps({"conversations": conversations}, indent=1))
    assert [record["id"] for _, record in stream.records(path)] == [c["id"] for c in conversations]


@pytest.mark.parametrize(
    ("content", "error"),
    [
        ('[{"mapping": {}, "id": "x"}, {"mapping": ', "element 2 is not valid JSON"),
        ('{"text": "hi", "role": "user"}\n{"bad json', "line 2 is not valid JSON"),
        ('[{"title": "no mapping"}]', "not a ChatGPT or Claude export"),
        ('[{"mapping": [], "id": "x"}]', "not a ChatGPT or Claude export"),
        ('[{"chat_messages": [{"sender": "human", "text": "hi", "created_at": "yesterday"}], "uuid": "u"}]', "is not an ISO 8601 date"),
        (
            '[{"mapping": {"a": {"parent": "b", "children": [], "message": null}, "b": {"parent": "a", "children": ["a"]}}, "id": "loop", "current_node": "a"}]',
            "form a loop",
        ),
        ("[]", "holds no conversations"),
        ("", "holds no conversations"),
    ],
)
async def test_a_malformed_file_is_refused_saying_where(real_engine: Memlace, tmp_path: Path, content: str, error: str) -> None:
    path = tmp_path / "conversations.json"
    path.write_text(content)
    with pytest.raises(InvalidInput, match=error):
        await import_chats(real_engine, path)


async def test_a_message_memlace_cannot_take_is_reported_and_the_rest_go_in(real_engine: Memlace, tmp_path: Path) -> None:
    lines = [
        {"chat_id": "c", "message_id": "1", "text": "I grow tomatoes.", "timestamp": 1700000000},
        {"chat_id": "c", "message_id": "2", "text": "x" * 40_000, "timestamp": 1700000001},
        {"chat_id": "c", "message_id": "3", "text": "I also grow basil.", "timestamp": 1700000002},
    ]
    path = tmp_path / "history.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines))
    report = await import_chats(real_engine, path)
    assert report.added == 2 and len(report.refused) == 1 and "c / 2" in report.refused[0]


def test_detect_names_the_formats() -> None:
    assert formats.detect({"mapping": {}}) == "chatgpt" and formats.detect({"chat_messages": []}) == "claude"
    assert formats.detect({"text": "hi", "role": "user"}) == "jsonl"


async def test_the_worker_imports_a_batch_per_call_and_can_be_stopped(real_engine: Memlace) -> None:
    from memlace.rpc import Worker

    worker = Worker(real_engine)

    async def call(method: str, **params: object) -> dict:
        return json.loads(await worker.handle(json.dumps({"protocol": 1, "method": method, "params": params})))

    text = (DATA / "chatgpt-conversations.json").read_text()
    started = (await call("import_chats", text=text, name="conversations.json"))["result"]
    assert started["format"] == "chatgpt" and started["added"] == 1 and not started["done"]
    step = (await call("import_step", job=started["job"], messages=2))["result"]
    assert step["added"] == 3 and not step["done"]
    assert (await call("import_cancel", job=started["job"]))["result"]["cancelled"]
    gone = await call("import_step", job=started["job"])
    assert gone["error"]["code"] == "not_found"
    again = (await call("import_chats", text=text, name="conversations.json"))["result"]
    while not again["done"]:
        again = (await call("import_step", job=again["job"], messages=50))["result"]
    assert (again["added"], again["already"]) == (2, 3)  # it went on where the stopped one ended
    refused = await call("import_chats", text='[{"title": "x"}]', name="conversations.json")
    assert refused["error"]["code"] == "invalid_input" and "not a ChatGPT or Claude export" in refused["error"]["message"]


async def test_turn_vectors_follow_the_messages_and_a_stop_between_loses_nothing(local_embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A bulk import stores messages and memories first and embeds the turns after; stopped in between, the
    reopened profile finds the turns still without vectors (the queue is never written) and embeds them."""
    from memlace.bench.history import chatgpt_export
    from memlace.importers.job import ImportJob
    from memlace.local import open_local

    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(chatgpt_export(3, 12)))
    database = tmp_path / "profile.sqlite"
    engine = await open_local(database, embedder=local_embedder)
    job = ImportJob(engine, stream.records(path), path.name)
    while job.reading:
        await job.step()
    assert job.report.added == 36 and not job.done
    assert engine.state.memories and all(engine._engine.index.get(m) is not None for m in engine.state.memories)  # memories at once
    waiting = engine.vectors_waiting
    assert waiting == 36 and not engine.state.meta.get("pending_embedding")
    pack = await engine.retrieve("what should I try next with pottery?", track=False)
    assert any("pottery" in item.text for item in pack.items)  # keywords find the turns meanwhile
    await job.step(10, embed_most=10)
    assert engine.vectors_waiting == waiting - 10
    job.close()
    await engine.close()

    reopened = await open_local(database, embedder=local_embedder)
    assert reopened.vectors_waiting == waiting - 10 and (await reopened.stats())["pending"]["pending_embedding"] == waiting - 10
    while await reopened.embed_pending(16):
        pass
    assert reopened.vectors_waiting == 0
    assert all(reopened._engine.index.get(e) is not None for e in reopened.state.episodes)
    again = await import_chats(reopened, path)
    assert (again.added, again.already, again.vectors_waiting) == (0, 36, 0)
    await reopened.close()
