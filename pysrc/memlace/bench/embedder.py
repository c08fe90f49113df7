"""Local embedder benchmark: model load time, sentences per second at batch 1 and 32, peak memory."""

from __future__ import annotations

import resource
import statistics
import time
from typing import Any

from memlace.providers.local_embedder import LocalEmbedder, ensure_model

SENTENCE = "I moved to San Francisco last month with my wife Jane, and I still work on DeepRune with Dr. Tran."


def run(seconds: float = 3.0) -> dict[str, Any]:
    model_dir = ensure_model()
    loads = []
    for _ in range(3):
        began = time.perf_counter()
        embedder = LocalEmbedder(model_dir)
        loads.append(time.perf_counter() - began)
    rows = []
    for batch in (1, 32):
        texts = [f"{SENTENCE} ({i})" for i in range(batch)]
        embedder.embed_sync(texts)  # warm up
        rates: list[float] = []
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline or len(rates) < 3:
            began = time.perf_counter()
            embedder.embed_sync(texts)
            rates.append(batch / (time.perf_counter() - began))
        rows.append({"batch": batch, "sentences_per_s": statistics.median(rates)})
    size_mb = (model_dir / "model.onnx").stat().st_size / 1e6
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"model_mb": size_mb, "load_s": statistics.median(loads), "rows": rows, "peak_rss_mb": peak_mb, "model_id": embedder.model_id}


def format_table(result: dict[str, Any]) -> str:
    lines = [f"model {result['model_id']}: {result['model_mb']:.1f} MB, load {result['load_s'] * 1000:.0f} ms (median of 3)"]
    lines.append(f"{'batch':>6} {'sentences/s':>12}")
    lines += [f"{row['batch']:>6} {row['sentences_per_s']:>12.1f}" for row in result["rows"]]
    lines.append(f"peak RSS {result['peak_rss_mb']:.0f} MB (whole process)")
    return "\n".join(lines)
