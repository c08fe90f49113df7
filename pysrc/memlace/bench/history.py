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


def chatgpt_export(conversations: int, turns: int) -> list[dict[str, Any]]:
    """Conversations in ChatGPT's export shape: a root node, then alternating user and assistant nodes."""
    out = []
    for c in range(conversations):
        topic = TOPICS[c % len(TOPICS)]
        mapping: dict[str, Any] = {"root": {"id": "root", "parent": None, "children": [], "message": None}}
        parent = "root"
        for t in range(turns):
            node, role = f"c{c}-t{t}", "user" if t % 2 == 0 else "assistant"
            text = (
                f"Question {t} about {topic}: I have been doing {topic} for {t + 1} weeks now, what should I try next?"
                if role == "user"
                else f"For {topic}, try a new exercise each week; step {t} is about consistency."
            )
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
    from memlace.importers.job import import_chats
    from memlace.local import open_local

    turns = 20
    rates, again = [], []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "conversations.json"
        path.write_text(json.dumps(chatgpt_export(max(1, messages // turns), turns)), encoding="utf-8")
        for run_index in range(runs):
            engine = await open_local(Path(folder) / f"bench-{run_index}.sqlite", progress=lambda *_: None)
            report = await import_chats(engine, path)
            rates.append(report.added / report.seconds)
            began = time.perf_counter()
            repeated = await import_chats(engine, path)
            again.append(repeated.already / (time.perf_counter() - began))
            await engine.close()
    return {"messages": report.messages, "rates": rates, "again": again}


def format_table(result: dict[str, Any]) -> str:
    rates, again = result["rates"], result["again"]
    return "\n".join(
        [
            f"{'import (CPython, SQLite, local model)':<40} {'median':>8} {'range':>16}",
            f"{'first import, messages/s':<40} {statistics.median(rates):>8.0f} {min(rates):>7.0f}-{max(rates):<8.0f}",
            f"{'the same file again, messages/s':<40} {statistics.median(again):>8.0f} {min(again):>7.0f}-{max(again):<8.0f}",
            f"({result['messages']} messages, {len(rates)} runs)",
        ]
    )
