"""The LoCoMo retrieval benchmark through the product's own ingest and retrieve.

Every turn becomes an episode (message id = dia_id, time = its session's date,
image caption attached), with the offline defaults; every question goes through
``retrieve``; a memory in the ranking stands for the messages it came from.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path
from typing import Any

from memlace.bench import offtopic
from memlace.core.dates import parse_session_time
from memlace.models import Attachment, Message

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
KS = (5, 10, 25, 50)


def conversation_messages(sample: dict[str, Any]) -> list[Message]:
    conversation = sample["conversation"]
    sessions = sorted(
        (int(m.group(1)), key) for key in conversation if (m := re.fullmatch(r"session_(\d+)", key)) and isinstance(conversation[key], list)
    )
    messages = []
    for number, key in sessions:
        when_text = conversation.get(f"{key}_date_time") or ""
        when = parse_session_time(when_text) or 0.0
        for position, turn in enumerate(conversation[key]):
            caption = turn.get("blip_caption")
            messages.append(
                Message(
                    text=turn.get("text") or "",
                    role="user",
                    chat_id=sample["sample_id"],
                    message_id=turn["dia_id"],
                    speaker=turn.get("speaker"),
                    timestamp=when + position,
                    session=f"session_{number}",
                    attachments=[Attachment(kind="image", text=caption)] if caption else [],
                )
            )
    return messages


def normalise_evidence(evidence: list[Any]) -> list[str]:
    """Fix the dataset's malformed ids: 'D8:6; D9:17', 'D:11:26', 'D30:05'."""
    out: list[str] = []
    for raw in evidence:
        for part in re.split(r"[;,\s]+", str(raw)):
            match = re.fullmatch(r"D:?(\d+):0*(\d+)", part.strip())
            if match:
                out.append(f"D{int(match.group(1))}:{int(match.group(2))}")
    return list(dict.fromkeys(out))


async def run(path: Path, engine_factory: Any, progress: Any = None, recipes: tuple[str, ...] = ("default@1",)) -> dict[str, Any]:
    """Every question of every conversation through `retrieve`, once per recipe (each made live on the same
    ingested memory with the product's own trial switch, so ingestion runs once); a document per recipe."""
    samples = json.loads(path.read_text(encoding="utf-8"))
    runs: dict[str, dict[str, Any]] = {key: {"results": [], "latencies": [], "offtopic": []} for key in recipes}
    for sample in samples:
        engine = await engine_factory()
        messages = [m for m in conversation_messages(sample) if m.text.strip() or m.attachments]
        for start in range(0, len(messages), 64):
            await engine.ingest_many(messages[start : start + 64])
            if progress:
                progress(sample["sample_id"], min(start + 64, len(messages)), len(messages))
        for key in recipes:
            await engine.try_recipe(key, "on")
            await _ask(engine, sample, runs[key])
        await engine.close()
    return {key: _summary(run) for key, run in runs.items()}


async def _ask(engine: Any, sample: dict[str, Any], run: dict[str, Any]) -> None:
    for index, qa in enumerate(sample["qa"]):
        began = time.perf_counter()
        pack = await engine.retrieve(qa["question"], limit=50, track=False)
        run["latencies"].append((time.perf_counter() - began) * 1000.0)
        sent = await engine.retrieve(qa["question"], track=False)  # the pack as a chat sends it: default size
        run["results"].append(
            {
                "sample_id": sample["sample_id"],
                "qa_index": index,
                "category": qa.get("category"),
                "ranked": pack.ranked_message_ids(50),
                "sent": sent.ranked_message_ids(50),
                "sent_items": len(sent.items),
                "evidence": normalise_evidence(qa.get("evidence") or []),
            }
        )
    for message in offtopic.MESSAGES:
        run["offtopic"].append(len((await engine.retrieve(message, track=False)).items))


def _summary(run: dict[str, Any]) -> dict[str, Any]:
    latencies, sizes = sorted(run["latencies"]), run["offtopic"]
    return {
        "results": run["results"],
        "latency_ms": {"p50": statistics.median(latencies), "p95": latencies[int(0.95 * (len(latencies) - 1))]},
        "offtopic_pack_size": statistics.mean(sizes) if sizes else 0.0,
        "offtopic_empty": sum(1 for s in sizes if s == 0) / (len(sizes) or 1),
    }


def sent_summary(document: dict[str, Any]) -> dict[str, float]:
    """The pack as a chat sends it (default size), over categories 1-4: its evidence recall and mean size."""
    rows = [r for r in document["results"] if r.get("evidence") and r["category"] in (1, 2, 3, 4) and "sent" in r]
    recall = [len(set(r["sent"]) & set(r["evidence"])) / len(r["evidence"]) for r in rows]
    return {"recall": sum(recall) / (len(recall) or 1), "size": sum(r["sent_items"] for r in rows) / (len(rows) or 1)}


def recall_table(document: dict[str, Any]) -> list[dict[str, Any]]:
    """Evidence recall@k per category and overall over categories 1-4."""
    rows: dict[str, list[list[float]]] = {}
    for result in document["results"]:
        evidence = result.get("evidence") or []
        if not evidence:
            continue
        recalls = [len(set(result["ranked"][:k]) & set(evidence)) / len(evidence) for k in KS]
        name = CATEGORIES.get(result["category"], str(result["category"]))
        rows.setdefault(name, []).append(recalls)
        if result["category"] in (1, 2, 3, 4):
            rows.setdefault("overall 1-4", []).append(recalls)
    table = []
    for name in [*CATEGORIES.values(), "overall 1-4"]:
        if name in rows:
            values = rows[name]
            table.append(
                {"category": name, "n": len(values), **{f"R@{k}": sum(v[i] for v in values) / len(values) for i, k in enumerate(KS)}}
            )
    return table


def compare(documents: dict[str, dict[str, Any]]) -> str:
    """Recipes side by side: overall recall@k, the weakest categories, the pack as sent and off-topic packs."""
    head = f"{'recipe':<20} {'R@5':>6} {'R@10':>6} {'R@25':>6} {'multi@10':>8} {'open@10':>8} {'sent':>6} {'size':>5} {'offtopic':>8}"
    lines = [head]
    for key, document in documents.items():
        rows = {row["category"]: row for row in recall_table(document)}
        overall, sent = rows["overall 1-4"], sent_summary(document)
        multi, open_domain = rows.get("multi-hop", {}).get("R@10", 0.0), rows.get("open-domain", {}).get("R@10", 0.0)
        lines.append(
            f"{key:<20} {overall['R@5']:>6.3f} {overall['R@10']:>6.3f} {overall['R@25']:>6.3f} {multi:>8.3f} {open_domain:>8.3f}"
            f" {sent['recall']:>6.3f} {sent['size']:>5.1f} {document['offtopic_pack_size']:>8.2f}"
        )
    return "\n".join(lines)


def format_table(table: list[dict[str, Any]], latency: dict[str, float]) -> str:
    lines = [f"{'category':<14} {'n':>4} " + " ".join(f"{'R@' + str(k):>6}" for k in KS)]
    for row in table:
        lines.append(f"{row['category']:<14} {row['n']:>4} " + " ".join(f"{row[f'R@{k}']:>6.3f}" for k in KS))
    lines.append(f"retrieval latency ms: p50 {latency['p50']:.2f}  p95 {latency['p95']:.2f}")
    return "\n".join(lines)
