"""`memlace bench browser-import`: a generated ChatGPT export imported in headless Chromium through the
page API (memory.importChats), the way the inspector does it, against the built site with the local model
attached. Side by side in each run: the import (messages and their memories first, the turns' vectors
after) and the same messages ingested with every vector at once (the path before), each into a fresh
profile; and retrieval answered during the import (round trip from the page, query embedding included)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

from memlace.bench.browser import CHROMIUM, FLAGS, _percentile, _ready
from memlace.bench.history import chatgpt_export, median_table

TURNS = 20

# Runs in the page: imports the text, asking a question every ~250 ms meanwhile; returns rates and latencies.
IMPORT_WHILE_ASKING = """async (text) => {
  const memory = window.memlace;
  await memory.modelReady;
  const latencies = [];
  let importing = true;
  const asking = (async () => {
    const questions = ['what should I try next with pottery?', 'where did I move?', 'what am I allergic to?'];
    for (let i = 0; importing; i++) {
      const started = performance.now();
      await memory.retrieve(questions[i % questions.length], {track: false});
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const report = await memory.importChats(text);
  importing = false;
  await asking;
  return {report, latencies};
}"""

# Runs in the page: the same messages through ingest, 64 at a time, every vector made as they go in.
INGEST_AT_ONCE = """async (messages) => {
  const memory = window.memlace;
  await memory.modelReady;
  const started = performance.now();
  for (let i = 0; i < messages.length; i += 64) await memory.ingest(messages.slice(i, i + 64));
  return (performance.now() - started) / 1000;
}"""


def _as_messages(export: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The export's messages as ingest takes them (what the importer makes of them, in order)."""
    out = []
    for conversation in export:
        for node in conversation["mapping"].values():
            message = node["message"]
            if message is None:
                continue
            out.append(
                {
                    "text": message["content"]["parts"][0],
                    "role": message["author"]["role"],
                    "chat_id": f"chatgpt:{conversation['id']}",
                    "message_id": message["id"],
                    "timestamp": message["create_time"],
                }
            )
    return out


async def run(dist: Path, messages: int, runs: int) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    from memlace.devserver import dev_server

    export = chatgpt_export(max(1, messages // TURNS), TURNS)
    text = json.dumps(export)
    rows: dict[str, list[float]] = {"stored": [], "indexed": [], "at_once": [], "ask_p50": [], "ask_p95": []}
    with dev_server(dist) as server:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for run_index in range(runs):
                context = await browser.new_context()
                page = await context.new_page()
                await _ready(page, f"{server.url}/?profile=import-{run_index}")
                found = await page.evaluate(IMPORT_WHILE_ASKING, text)
                report = found["report"]
                rows["stored"].append(report["added"] / report["stored_seconds"])
                rows["indexed"].append(report["added"] / report["seconds"])
                rows["ask_p50"].append(statistics.median(found["latencies"]))
                rows["ask_p95"].append(_percentile(found["latencies"], 0.95))
                await page.goto(f"{server.url}/?profile=at-once-{run_index}")
                await page.wait_for_selector("body[data-ready]", state="attached", timeout=300_000)
                seconds = await page.evaluate(INGEST_AT_ONCE, _as_messages(export))
                rows["at_once"].append(report["added"] / seconds)
                await context.close()
            await browser.close()
    return {"messages": messages, "runs": runs, "rows": rows}


LABELS = {
    "stored": "import: messages and memories in, messages/s",
    "indexed": "import: ... and every turn's vector, messages/s",
    "at_once": "ingest with every vector at once (before), messages/s",
    "ask_p50": "retrieval during the import, p50 ms (with embedding)",
    "ask_p95": "retrieval during the import, p95 ms (with embedding)",
}


def format_table(result: dict[str, Any]) -> str:
    footer = f"({result['messages']} generated ChatGPT messages, {result['runs']} runs)"
    return median_table("chat history in Chromium (worker, IndexedDB, local model)", LABELS, result["rows"], footer)
