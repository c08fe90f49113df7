"""'Don't remember anything about my weight': what is said of it is forgotten and, from then on, kept out of
memory, over real SQLite and across a reopen; the rule keeps no word of the topic; a one-off 'forget that' does not
keep anything out; undo takes the rule back."""

from __future__ import annotations

from pathlib import Path

from memlace.memory import Memlace
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores.sqlite import SQLiteStore
from tests.fakes import Clock, HashingEmbedder


def msg(text: str, n: int) -> dict:
    return {"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": 1_700_000_000.0 + n * 60}


async def opened(path: Path) -> Memlace:
    embedder = HashingEmbedder()
    return await Memlace.open(SQLiteStore(path), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), clock=Clock())


async def test_a_topic_kept_out_stays_out_after_a_reopen(tmp_path: Path) -> None:
    engine = await opened(tmp_path / "p.sqlite")
    await engine.ingest(msg("My weight is 80kg and I live in Porto.", 1))
    asked = await engine.ingest(msg("Don't remember anything about my weight, I don't want it stored.", 2))
    assert [c["action"] for c in asked.changes].count("forgotten") == 1
    rules = [m for m in engine.state.active_memories() if "keep-out" in m.tags]
    assert len(rules) == 1 and "weigh" not in rules[0].text.lower() and "weigh" not in (rules[0].value or "")
    await engine.close()

    engine = await opened(tmp_path / "p.sqlite")  # the rule is stored, not only held in memory
    later = await engine.ingest(msg("I weigh 74kg now", 3))
    assert not later.created and (await engine.stats())["counters"]["kept_out"] == 1
    assert engine.state.episodes[later.episode_id].excluded  # its message is not given back either
    assert not any("74kg" in item.text for item in (await engine.retrieve("How much do I weigh?")).items)
    other = await engine.ingest(msg("I started running on Sundays.", 4))
    assert [engine.state.memories[i].text for i in other.created] == ["User started running on Sundays"]
    assert [m.text for m in engine.state.active_memories() if "keep-out" not in m.tags] == [
        "User lives in Porto",
        "User started running on Sundays",
    ]
    await engine.close()


async def test_forget_that_forgets_once_and_undo_takes_a_rule_back(tmp_path: Path) -> None:
    engine = await opened(tmp_path / "p.sqlite")
    await engine.ingest(msg("I play the piano.", 1))
    await engine.ingest(msg("Please forget that I play the piano.", 2))
    again = await engine.ingest(msg("I play the piano.", 3))
    assert again.created  # "forget that" was about what was said, not a rule for later
    asked = await engine.ingest(msg("Stop remembering my salary please.", 4))
    assert [m for m in engine.state.active_memories() if "keep-out" in m.tags]
    await engine.undo(asked.episode_id)
    assert not [m for m in engine.state.active_memories() if "keep-out" in m.tags]
    assert (await engine.ingest(msg("My salary is 52k a year.", 5))).created
    await engine.close()
