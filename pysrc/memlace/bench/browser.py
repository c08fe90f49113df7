"""Browser benchmark in headless Chromium against the built site: start-up (cold and warm, by phase),
bytes on first load (as served, and gzip as a CDN would send them), retrieval in the worker at 1k and
10k memories (with and without the query's embedding), and ingestion rate."""

from __future__ import annotations

import asyncio
import gzip
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.async_api import Request

CHROMIUM = "/usr/bin/chromium"  # Debian's package: no tool here ever downloads a browser
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


WARMUP = 20  # queries after opening, timed apart from the steady state
LIST_FILTERS = ("none", "text 'a'", "active by confidence", "kind at offset 500")  # as the bench's list cycles them


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


async def _ready(page: Any, url: str) -> float:
    began = time.perf_counter()
    await page.goto(url)
    await page.wait_for_selector("body[data-ready]", state="attached", timeout=300_000)
    return time.perf_counter() - began


async def run(dist: Path, sizes: list[int], queries: int = 100, starts: int = 5) -> dict[str, Any]:
    from memlace.devserver import dev_server

    with dev_server(dist) as server:
        return await _measure(server.url, dist, sizes, queries, starts)


async def _measure(origin: str, dist: Path, sizes: list[int], queries: int, starts: int) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    result: dict[str, Any] = {"cold_s": [], "warm_s": [], "model_s": [], "phases_ms": [], "retrieval": []}
    files = [p for p in dist.rglob("*") if p.is_file()]
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for _ in range(starts):
            context = await browser.new_context()  # an empty HTTP cache and an empty IndexedDB
            page = await context.new_page()
            fetched: list[str] = []
            # On the context, not the page: what the service worker precaches is downloaded on the first visit too.
            context.on("requestfinished", _recorder(fetched))
            result["cold_s"].append(await _ready(page, f"{origin}/"))
            result["phases_ms"].append(await page.evaluate("() => new Promise(r => window.memlace.ready.then(d => r(d.timings)))"))
            # The local model attaches after memory is ready (retrieval uses keywords and the graph until then).
            result["model_s"].append(await page.evaluate("() => window.memlace.modelReady.then(() => performance.now() / 1000)"))
            result["warm_s"].append(await _ready(page, f"{origin}/"))  # reload: HTTP cache warm
            await context.close()
        served = {url.split(origin, 1)[1].split("?")[0] for url in fetched if url.startswith(origin)}
        loaded = [p for p in files if "/" + p.relative_to(dist).as_posix() in served or (p.name == "index.html" and "/" in served)]
        result["bytes"] = sum(p.stat().st_size for p in loaded)
        result["gzip_bytes"] = sum(len(gzip.compress(p.read_bytes(), 6)) for p in loaded)
        for size in sizes:
            context = await browser.new_context()
            page = await context.new_page()
            await _ready(page, f"{origin}/?profile=bench-{size}")
            populated = await page.evaluate("([n, q]) => window.memlace.call('bench_populate', {n, queries: q})", [size, WARMUP + queries])
            rank, total = [], []
            for n, text in enumerate(populated["queries"]):  # each in a conversation of its own: ranked, never a kept pack
                pack = await page.evaluate("([q, c]) => window.memlace.retrieve(q, {track: false, chat_id: c})", [text, f"bench-{n}"])
                rank.append(pack["timings_ms"]["total"])
                total.append(pack["timings_ms"]["total"] + pack["timings_ms"]["embed"])
            # The first queries after opening (caches filling, the JavaScript engine still compiling) apart from
            # the steady state after them, as `bench scale` does in CPython.
            first, rank, total = rank[:WARMUP], rank[WARMUP:], total[WARMUP:]
            # The inspector's list page (filter, sort, one page of 50) as the page sees it, round trip included.
            # The first call sorts the profile once (core/listing.py keeps the order after): shown on its own.
            listing = await page.evaluate(
                """async () => {
                  const filters = [{}, {text: 'a'}, {status: 'active', sort: 'confidence'}, {kind: 'fact', offset: 500}];
                  const times = [];
                  for (let i = 0; i < 40; i++) {
                    const started = performance.now();
                    await window.memlace.list({limit: 50, ...filters[i % filters.length]});
                    times.push(performance.now() - started);
                  }
                  return times;
                }"""
            )
            # What the worker holds once the profile is opened again from IndexedDB, as a user's next visit.
            await _ready(page, f"{origin}/?profile=bench-{size}")
            await page.evaluate("() => window.memlace.modelReady")
            held = await page.evaluate("() => window.memlace.call('bench_memory', {})")
            result["retrieval"].append(
                {
                    "memories": size,
                    "first_p50_ms": statistics.median(first),
                    "first_p95_ms": _percentile(first, 0.95),
                    "p50_ms": statistics.median(rank),
                    "p95_ms": _percentile(rank, 0.95),
                    "with_embedding_p50_ms": statistics.median(total),
                    "with_embedding_p95_ms": _percentile(total, 0.95),
                    "list_p50_ms": statistics.median(listing),
                    "list_p95_ms": _percentile(listing, 0.95),
                    "list_first_ms": listing[0],  # builds the sort order the others read
                    "list_by_filter_ms": [statistics.median(listing[i::4]) for i in range(4)],
                    "held": held,
                }
            )
            await context.close()
        context = await browser.new_context()
        page = await context.new_page()
        await _ready(page, f"{origin}/?profile=ingest")
        await page.evaluate("() => window.memlace.modelReady")  # ingestion is measured with the model attached
        result["ingest_per_s"] = await page.evaluate(
            """async () => {
              const topics = ['pottery', 'chess', 'Lisbon', 'Rust', 'jazz', 'sailing'];
              const started = performance.now();
              for (let i = 0; i < 100; i += 10) {
                const batch = [];
                for (let j = i; j < i + 10; j++) batch.push({text: `I really like ${topics[j % 6]} on weekends, and my friend Ana came along (${j}).`, message_id: `b${j}`});
                await window.memlace.ingest(batch);
              }
              return 100 / ((performance.now() - started) / 1000);
            }"""
        )
        await context.close()
        await browser.close()
    return result


def format_table(result: dict[str, Any]) -> str:
    lines = [
        f"cold start to ready: median {statistics.median(result['cold_s']):.2f} s  (runs: {', '.join(f'{v:.2f}' for v in result['cold_s'])})",
        f"warm start (reload): median {statistics.median(result['warm_s']):.2f} s  (runs: {', '.join(f'{v:.2f}' for v in result['warm_s'])})",
        "cold phases, ms since worker start (median): "
        + ", ".join(f"{k} {statistics.median(p.get(k, 0) for p in result['phases_ms']):.0f}" for k in ("packages", "imports", "database")),
        f"cold start to local model attached: median {statistics.median(result['model_s']):.2f} s",
        f"first load (pages, runtime, service worker precache): {result['bytes'] / 1e6:.1f} MB as served, "
        f"{result['gzip_bytes'] / 1e6:.1f} MB gzip",
        f"{'memories':>9} {'p50 ms':>8} {'p95 ms':>8} {'+embed p50':>11} {'+embed p95':>11} {'list p50':>9} {'list p95':>9} {'1st list':>9}",
    ]
    for row in result["retrieval"]:
        lines.append(
            f"{row['memories']:>9} {row['p50_ms']:>8.2f} {row['p95_ms']:>8.2f} {row['with_embedding_p50_ms']:>11.2f} "
            f"{row['with_embedding_p95_ms']:>11.2f} {row['list_p50_ms']:>9.2f} {row['list_p95_ms']:>9.2f} {row['list_first_ms']:>9.2f}"
        )
    for row in result["retrieval"]:
        lines.append(
            f"retrieval at {row['memories']}, the first {WARMUP} queries after opening (not in the p50/p95 above): "
            f"p50 {row['first_p50_ms']:.2f} ms, p95 {row['first_p95_ms']:.2f} ms"
        )
    for row in result["retrieval"]:
        shown = ", ".join(f"{name} {ms:.1f}" for name, ms in zip(LIST_FILTERS, row["list_by_filter_ms"], strict=True))
        lines.append(f"list p50 by filter at {row['memories']}, ms: {shown}")
        held = row["held"]
        js = f", JS heap {held['js_heap_bytes'] / 1e6:.0f} MB" if held.get("js_heap_bytes") else ""
        lines.append(
            f"worker memory at {row['memories']}, reopened: Python heap {held['python_bytes'] / 1e6:.0f} MB (Pyodide's "
            f"WebAssembly memory, its high-water mark), vector kernel {held['vector_bytes'] / 1e6:.0f} MB{js}"
        )
    lines.append(f"ingestion in the worker (heuristic extractor + local embedder): {result['ingest_per_s']:.1f} messages/s")
    return "\n".join(lines)


def main(dist: Path, sizes: list[int]) -> None:
    print(format_table(asyncio.run(run(dist, sizes))))


def _recorder(urls: list[str]) -> Callable[[Request], None]:
    """A listener that records the URL of every finished request."""
    return lambda request: urls.append(request.url)
