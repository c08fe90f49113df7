"""`memlace bench sync`: sync in headless Chromium against pouchdb-server on 127.0.0.1 (its CouchDB here).
Per size: a device with N synthetic memories (and their vectors) turns sync on and sends everything; a new
device joins with the recovery phrase and is timed until all N are usable (in its store, searchable by
meaning: the vectors came with the records); then 100 new messages written at once on the first device (timed
until its memories are extracted) and from then until the second has everything the first holds; 100 memories
confirmed at once (100 records) until the second shows them confirmed; one message's live latency (10 times,
from its write to the other device's store); and the first device's browser storage against a device without
sync given the same memories and messages. "Has them" means every kind of record counted: memories,
messages, entities and edges."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from memlace.bench.browser import CHROMIUM, FLAGS, _ready

# IndexedDB's share of the site's storage (Chromium reports it apart from the cached site and model files).
USAGE = "() => navigator.storage.estimate().then((e) => e.usageDetails?.indexedDB ?? e.usage)"
COUNTS = "() => window.memlace.stats().then((s) => [s.memories, s.episodes, s.entities, s.edges])"
UNTIL_HAS = """async ([want, timeoutMs]) => {
  const started = performance.now();
  const has = async () => { const s = await window.memlace.stats(); return [s.memories, s.episodes, s.entities, s.edges]; };
  let now = await has();
  while (now.some((n, i) => n < want[i])) {
    if (performance.now() - started > timeoutMs) throw new Error(`only ${now} of ${want} (memories, episodes, entities, edges) arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // not too often: each look is a call the worker answers
    now = await has();
  }
  return performance.now() + performance.timeOrigin;
}"""
# The page's main thread while the new device syncs: tasks over 50 ms (what makes a page stutter).
WATCH_MAIN_THREAD = """() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({type: "longtask"});
}"""
LONG_TASKS = "() => window.__longTasks"
UNTIL_IDLE = """async (timeoutMs) => {
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 500));
  while ((await window.memlace.sync.status()).state !== "idle") {
    if (performance.now() - started > timeoutMs) throw new Error("sync did not settle");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (performance.now() - started) / 1000;
}"""
BATCH = """async (tag) => {
  const messages = Array.from({length: 100}, (_, i) => ({text: `Batch ${tag} fact ${i}: I own ${i} blue hats.`, chat_id: tag, message_id: `${tag}-${i}`}));
  await window.memlace.ingest(messages);
}"""
UNTIL_EXTRACTED = """async (timeoutMs) => {
  const started = performance.now();
  while ((await window.memlace.stats()).pending.pending_extraction) {
    if (performance.now() - started > timeoutMs) throw new Error("extraction did not finish");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}"""
# 100 records changed at once: 100 memories confirmed (one memory record each), then the other device is
# watched until all 100 show as confirmed there.
CONFIRM_100 = """async () => {
  const { items } = await window.memlace.list({ status: "staged", limit: 100 });
  await Promise.all(items.map((memory) => window.memlace.confirm(memory.id)));
  return items.map((memory) => memory.id);
}"""
UNTIL_CONFIRMED = """async ([ids, before, timeoutMs]) => {
  const started = performance.now();
  for (;;) {
    // Counted first, a page of one (the worker answers each look between merges, so a look must cost little);
    // once the count has grown by all of them, the newest page is checked to hold every one.
    const { total } = await window.memlace.list({ status: "confirmed", limit: 1 });
    if (total >= before + ids.length) {
      const { items } = await window.memlace.list({ status: "confirmed", limit: ids.length });
      const seen = new Set(items.map((memory) => memory.id));
      if (ids.every((id) => seen.has(id))) return performance.now() + performance.timeOrigin;
    }
    if (performance.now() - started > timeoutMs) throw new Error("the confirmed memories did not all arrive");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}"""
CONFIRMED = "() => window.memlace.list({status: 'confirmed', limit: 1}).then((page) => page.total)"
ONE = """async (id) => {
  await window.memlace.ingest({text: `Note ${id}: the locker code is 4711.`, chat_id: "live", message_id: id});
  return performance.now() + performance.timeOrigin;
}"""


async def run(dist: Path, sizes: list[int]) -> list[dict[str, Any]]:
    from playwright.async_api import async_playwright

    from memlace.couchserver import couch_server, request
    from memlace.devserver import dev_server

    rows: list[dict[str, Any]] = []
    with dev_server(dist) as server, couch_server() as couch, tempfile.TemporaryDirectory(prefix="memlace-sync-bench-") as home:
        async with async_playwright() as playwright:
            for size in sizes:
                database = f"{couch}/bench-{size}"
                # Three devices, each a browser with a fresh profile directory: IndexedDB on disk as a user has it
                # (a context without one keeps IndexedDB in memory, whose writes slow down differently as it grows).
                contexts = [
                    await playwright.chromium.launch_persistent_context(f"{home}/{size}-{name}", executable_path=CHROMIUM, args=FLAGS)
                    for name in ("first", "second", "plain")
                ]
                first, second, plain = [await c.new_page() for c in contexts]
                for page in (first, plain):
                    await _ready(page, f"{server.url}/?profile=bench")
                    await page.evaluate("(n) => window.memlace.modelReady.then(() => window.memlace.call('bench_populate', {n}))", size)
                want = await first.evaluate(COUNTS)
                began = time.perf_counter()
                phrase = (await first.evaluate("(url) => window.memlace.sync.enable({url})", database))["phrase"]
                while request(database)["doc_count"] < sum(want) + 1:  # every record, and the key-check document
                    await first.wait_for_timeout(50)
                sent_s = time.perf_counter() - began
                documents = sum(want)
                await _ready(second, f"{server.url}/?profile=bench")
                await second.evaluate("() => window.memlace.modelReady")
                await second.evaluate(WATCH_MAIN_THREAD)
                began = time.perf_counter()
                await second.evaluate("([url, phrase]) => window.memlace.sync.enable({url, phrase})", [database, phrase])
                await second.evaluate(UNTIL_HAS, [want, 3_600_000])
                usable_s = time.perf_counter() - began
                long_tasks = await second.evaluate(LONG_TASKS)
                await second.evaluate(UNTIL_IDLE, 600_000)
                # 100 new messages written at once: the first device's own work (storing them, extracting their
                # memories) and then the time until the other device has everything the first one holds.
                began = time.perf_counter()
                await first.evaluate(BATCH, f"batch-{size}")
                await first.evaluate(UNTIL_EXTRACTED, 600_000)
                held = time.perf_counter()
                await second.evaluate(UNTIL_HAS, [await first.evaluate(COUNTS), 600_000])
                incremental_s = time.perf_counter() - held
                ingest_s = held - began
                before = await second.evaluate(CONFIRMED)
                ids = await first.evaluate(CONFIRM_100)
                confirmed_at = await first.evaluate("() => performance.now() + performance.timeOrigin")
                records_s = (await second.evaluate(UNTIL_CONFIRMED, [ids, before, 600_000]) - confirmed_at) / 1000
                await plain.evaluate(CONFIRM_100)  # the same change on the device without sync
                latencies = []
                for n in range(10):
                    sent_at = await first.evaluate(ONE, f"live-{size}-{n}")
                    seen_at = await second.evaluate(UNTIL_HAS, [await first.evaluate(COUNTS), 60_000])
                    latencies.append(seen_at - sent_at)
                # The device without sync is given the same messages, so both hold the same memories when measured.
                await plain.evaluate(BATCH, f"batch-{size}")
                await plain.evaluate(UNTIL_EXTRACTED, 600_000)
                for n in range(10):
                    await plain.evaluate(ONE, f"live-{size}-{n}")
                if await plain.evaluate(COUNTS) != await first.evaluate(COUNTS):
                    raise RuntimeError("the devices with and without sync do not hold the same records")
                without, with_sync = await plain.evaluate(USAGE), await first.evaluate(USAGE)
                rows.append(
                    {
                        "size": size,
                        "documents": documents,
                        "sent_s": sent_s,
                        "usable_s": usable_s,
                        "incremental_s": incremental_s,
                        "records_s": records_s if len(ids) == 100 else float("nan"),
                        "live_ms": statistics.median(latencies),
                        "live_range": (min(latencies), max(latencies)),
                        "storage_ratio": with_sync / without if without else float("nan"),
                        "storage_mb": (without / 1e6, with_sync / 1e6),
                        "ingest_s": ingest_s,
                        "long_tasks": (len(long_tasks), max(long_tasks, default=0.0)),
                    }
                )
                for context in contexts:
                    await context.close()
    return rows


def format_table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "sync in Chromium through pouchdb-server on 127.0.0.1 (one run per size; each device a browser with its own profile directory)",
        f"{'memories':>8} {'documents':>9} {'first send s':>12} {'new device usable s':>19} {'100 new: own s':>14} {'then other s':>12} {'100 records s':>13} {'live ms (range)':>18} {'IndexedDB MB without/with sync':>31} {'page tasks > 50 ms (longest)':>28}",
    ]
    for row in rows:
        low, high = row["live_range"]
        without, with_sync = row["storage_mb"]
        lines.append(
            f"{row['size']:>8} {row['documents']:>9} {row['sent_s']:>12.1f} {row['usable_s']:>19.1f} {row['ingest_s']:>14.2f} {row['incremental_s']:>12.2f} {row['records_s']:>13.2f} "
            f"{row['live_ms']:>7.0f} ({low:.0f}-{high:.0f}) {without:>14.1f} / {with_sync:.1f} = {row['storage_ratio']:.2f}x"
            f" {row['long_tasks'][0]:>18} ({row['long_tasks'][1]:.0f} ms)"
        )
    lines.append(
        "(memories: synthetic, with vectors; documents: every record synced (memories, entities, edges), one"
        " CouchDB document each; 'usable': every one of them in the new device's store, memories in its index;"
        " 100 new: the first device storing 100 messages and extracting their memories, then the time until the"
        " other device holds everything the first one does; 100 records: 100 memories confirmed at once on the first"
        " device, until the other shows them all confirmed; page tasks: the new device's main thread while it syncs)"
    )
    return "\n".join(lines)
