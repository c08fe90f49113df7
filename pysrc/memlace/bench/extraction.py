"""The extraction benchmark: LoCoMo's per-speaker "observation" facts as a rough gold set.

Every conversation goes through the product's own ingest (offline extractor, local model). An observation
is captured when some memory whose provenance includes one of the observation's evidence turns is close
to it in meaning (MiniLM cosine at or above 0.5 / 0.6 / 0.7). A memory is supported when it is close
(>= 0.5) to an observation of one of its own turns. Reported per conversation, for the conversations tuned
on and for the one held back, so that rules fitted to the dev data show as a gap.

    memlace eval extraction ../shared/data/locomo-dev/locomo_dev.json [--held-back conv-41]
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from memlace.bench.locomo import conversation_messages, normalise_evidence
from memlace.memory import Memlace

THRESHOLDS = (0.5, 0.6, 0.7)
SUPPORTED = 0.5


def observations(sample: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """(fact, evidence turn ids) for every observation of every session and speaker."""
    found: list[tuple[str, list[str]]] = []
    for by_speaker in (sample.get("observation") or {}).values():
        if not isinstance(by_speaker, dict):
            continue
        for facts in by_speaker.values():
            for item in facts or []:
                if isinstance(item, list) and len(item) >= 2 and isinstance(item[0], str):
                    evidence = normalise_evidence(item[1] if isinstance(item[1], list) else [item[1]])
                    if evidence:
                        found.append((item[0], evidence))
    return found


async def score_sample(sample: dict[str, Any], engine: Memlace, embed: Any) -> dict[str, Any]:
    messages = [m for m in conversation_messages(sample) if m.text.strip() or m.attachments]
    for start in range(0, len(messages), 64):
        await engine.ingest_many(messages[start : start + 64])
    memories = list(engine.state.memories.values())  # whatever was extracted, superseded later or not
    gold = observations(sample)
    memory_vectors = np.asarray(await embed([m.text for m in memories]) if memories else np.zeros((0, 384)), dtype=np.float32)
    gold_vectors = np.asarray(await embed([fact for fact, _ in gold]) if gold else np.zeros((0, 384)), dtype=np.float32)
    by_turn: dict[str, list[int]] = defaultdict(list)
    for row, memory in enumerate(memories):
        for message_id in memory.message_ids():
            by_turn[message_id].append(row)
    gold_by_turn: dict[str, list[int]] = defaultdict(list)
    for row, (_, evidence) in enumerate(gold):
        for turn in evidence:
            gold_by_turn[turn].append(row)
    best = np.zeros(len(gold), dtype=np.float32)
    for row, (_, evidence) in enumerate(gold):
        rows = sorted({r for turn in evidence for r in by_turn.get(turn, [])})
        if rows:
            best[row] = float(np.max(memory_vectors[rows] @ gold_vectors[row]))
    supported = 0
    for row, memory in enumerate(memories):
        rows = sorted({g for turn in memory.message_ids() for g in gold_by_turn.get(turn, [])})
        if rows and float(np.max(gold_vectors[rows] @ memory_vectors[row])) >= SUPPORTED:
            supported += 1
    return {
        "sample_id": sample["sample_id"],
        "observations": len(gold),
        "memories": len(memories),
        "turns": len(messages),
        "captured": {t: int(np.sum(best >= t)) for t in THRESHOLDS},
        "supported": supported,
    }


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    observations_total = sum(r["observations"] for r in rows) or 1
    memories_total = sum(r["memories"] for r in rows)
    return {
        "observations": observations_total,
        "recall": {t: sum(r["captured"][t] for r in rows) / observations_total for t in THRESHOLDS},
        "supported": sum(r["supported"] for r in rows) / (memories_total or 1),
        "memories_per_turn": memories_total / (sum(r["turns"] for r in rows) or 1),
    }


async def run(path: Path, engine_factory: Any, embed: Any, held_back: set[str]) -> dict[str, Any]:
    samples = json.loads(path.read_text(encoding="utf-8"))
    rows = []
    for sample in samples:
        engine = await engine_factory()
        rows.append(await score_sample(sample, engine, embed))
        await engine.close()
    groups = {
        "tuned on": [r for r in rows if r["sample_id"] not in held_back],
        "held back": [r for r in rows if r["sample_id"] in held_back],
        "all": rows,
    }
    return {"per_conversation": {r["sample_id"]: summarise([r]) for r in rows}, **{k: summarise(v) for k, v in groups.items() if v}}


def format_table(result: dict[str, Any]) -> str:
    head = f"{'set':<12} {'obs':>5} " + " ".join(f"{'R@' + str(t):>7}" for t in THRESHOLDS) + f" {'supported':>10} {'mem/turn':>9}"
    lines = [head]
    named = [*result["per_conversation"].items(), *((k, result[k]) for k in ("tuned on", "held back", "all") if k in result)]
    for name, row in named:
        recall = " ".join(f"{row['recall'][t]:>7.3f}" for t in THRESHOLDS)
        lines.append(f"{name:<12} {row['observations']:>5} {recall} {row['supported']:>10.3f} {row['memories_per_turn']:>9.2f}")
    return "\n".join(lines)
