"""`memlace bench import`: how fast a chat history goes in, in CPython, over the real SQLite store and the
local model, from a generated ChatGPT export (the shape the e2e test imports in Chromium too)."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

TOPICS = ["pottery", "sourdough", "chess openings", "bird watching", "running", "Spanish grammar", "budget travel", "gardening"]
# What people tell an assistant besides their questions: one user turn in three says something about them.
FACTS = [
    "By the way, I moved to {city} last spring and I work as a {job} there.",
    "My sister {name} is a nurse and she got me into {topic}.",
    "I'm allergic to {food}, so keep that in mind for any recipes.",
    "I prefer mornings for {topic}; evenings are for my kids.",
    "I have been doing {topic} for {n} weeks and I practise on Saturdays.",
]
CITIES, JOBS, NAMES, FOODS = (
    ["Lisbon", "Ghent", "Porto", "Leeds"],
    ["teacher", "nurse", "data analyst"],
    ["Ana", "Lena", "Joe"],
    ["peanuts", "shellfish"],
)


def _user_turn(c: int, t: int, topic: str) -> str:
    if t % 6 == 2:
        fact = FACTS[(c + t) % len(FACTS)]
        return fact.format(city=CITIES[c % 4], job=JOBS[c % 3], name=NAMES[c % 3], food=FOODS[c % 2], topic=topic, n=t + 1)
    return f"Question {t} about {topic}: I have been doing {topic} for {t + 1} weeks now, what should I try next?"


def _assistant_turn(t: int, topic: str) -> str:
    """A few sentences, as assistants answer (each sentence of a longer turn gets its own vector)."""
    sentences = [
        f"For {topic}, try a new exercise each week; step {t} is about consistency.",
        "Keep notes on what worked, and compare them after a month.",
        f"Many people find that short daily sessions beat one long session for {topic}.",
        "If something feels too hard, go back one step and repeat it.",
    ]
    return " ".join(sentences[: 1 + t % 4])


def chatgpt_export(conversations: int, turns: int) -> list[dict[str, Any]]:
    """Conversations in ChatGPT's export shape: a root node, then alternating user and assistant nodes."""
    out = []
    for c in range(conversations):
        topic = TOPICS[c % len(TOPICS)]
        mapping: dict[str, Any] = {"root": {"id": "root", "parent": None, "children": [], "message": None}}
        parent = "root"
        for t in range(turns):
            node, role = f"c{c}-t{t}", "user" if t % 2 == 0 else "assistant"
            text = _user_turn(c, t, topic) if role == "user" else _assistant_turn(t, topic)
            message = {
                "id": node,
                "author": {"role": role},
                "create_time": 1_700_000_000 + c * 86_400 + t * 60,
                "content": {"content_type": "text", "parts": [text]},
                "weight": 1.0,
                "metadata": {},
            }
            mapping[node] = {"id": node, "parent": parent, "children": [], "message": message}
            mapping[parent]["children"].append(node)
            parent = node
        out.append(
            {
                "id": f"gen-{c}",
                "title": f"About {topic}",
                "create_time": 1_700_000_000 + c * 86_400,
                "current_node": parent,
                "mapping": mapping,
            }
        )
    return out


async def run(messages: int, runs: int) -> dict[str, Any]:
    """Each run imports the file three ways into fresh profiles, side by side: turn vectors after the messages
    (the product's path; timed until the messages and memories are in, and until every vector is made), every
    vector as its message goes in (the path before), and the same file again (nothing new)."""
    from memlace.importers.job import import_chats
    from memlace.local import open_local

    turns = 20
    rows: dict[str, list[float]] = {"stored": [], "indexed": [], "at_once": [], "again": []}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "conversations.json"
        path.write_text(json.dumps(chatgpt_export(max(1, messages // turns), turns)), encoding="utf-8")
        for run_index in range(runs):
            engine = await open_local(Path(folder) / f"later-{run_index}.sqlite", progress=lambda *_: None)
            report = await import_chats(engine, path)
            rows["stored"].append(report.added / report.stored_seconds)
            rows["indexed"].append(report.added / report.seconds)
            memories = len(engine.state.memories)
            began = time.perf_counter()
            repeated = await import_chats(engine, path)
            rows["again"].append(repeated.already / (time.perf_counter() - began))
            await engine.close()
            engine = await open_local(Path(folder) / f"at-once-{run_index}.sqlite", progress=lambda *_: None)
            baseline = await import_chats(engine, path, turn_vectors_later=False)
            rows["at_once"].append(baseline.added / baseline.seconds)
            await engine.close()
    return {"messages": report.messages, "memories": memories, "rows": rows, "runs": runs}


LABELS = {
    "stored": "messages and memories in",
    "indexed": "... and every turn's vector",
    "at_once": "every vector as it goes (before)",
    "again": "the same file again",
}


def median_table(title: str, labels: dict[str, str], rows: dict[str, list[float]], footer: str) -> str:
    """One line per measure: its median and range over the runs (the import benches print these)."""
    width = max(len(title), *(len(label) for label in labels.values()))
    lines = [f"{title:<{width}} {'median':>8} {'range':>16}"]
    for key, label in labels.items():
        values = rows[key]
        lines.append(f"{label:<{width}} {statistics.median(values):>8.0f} {min(values):>7.0f}-{max(values):<8.0f}")
    return "\n".join([*lines, footer])


def format_table(result: dict[str, Any]) -> str:
    footer = f"({result['messages']} messages making {result['memories']} memories, {result['runs']} runs)"
    return median_table("import (CPython, SQLite, local model), messages/s", LABELS, result["rows"], footer)
