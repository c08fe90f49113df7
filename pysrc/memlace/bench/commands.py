"""The CLI's benchmark and demo commands (``memlace eval``, ``memlace bench``, ``memlace demo``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def _progress(total: int, desc: str) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="msg", file=sys.stderr, disable=not sys.stderr.isatty())


async def cmd_eval_extraction(args: argparse.Namespace) -> int:
    from memlace.bench import extraction
    from memlace.memory import Memlace
    from memlace.providers.local_embedder import LocalEmbedder
    from memlace.providers.vectors import NumpyVectorIndex
    from memlace.stores.memory import MemoryStore

    embedder = LocalEmbedder(progress=lambda line: print(line, file=sys.stderr))

    async def factory() -> Memlace:
        return await Memlace.open(MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim))

    held_back = {s.strip() for s in args.held_back.split(",") if s.strip()}
    result = await extraction.run(Path(args.file), factory, embedder.embed, held_back)
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(extraction.format_table(result))
    return 0


async def cmd_eval_behaviour(args: argparse.Namespace) -> int:
    from memlace.bench import behaviour
    from memlace.memory import Memlace
    from memlace.providers.local_embedder import LocalEmbedder
    from memlace.providers.vectors import NumpyVectorIndex
    from memlace.stores.memory import MemoryStore

    embedder = LocalEmbedder(progress=lambda line: print(line, file=sys.stderr))

    async def factory() -> Memlace:
        clock = lambda: behaviour.START + 3600.0  # noqa: E731  an hour after the first turn, always
        return await Memlace.open(MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), clock=clock)

    results = await behaviour.run(factory)
    print(behaviour.format_table(results))
    return 0 if all(not failures for _, failures in results) else 1


async def cmd_eval(args: argparse.Namespace) -> int:
    if args.dataset == "behaviour":
        return await cmd_eval_behaviour(args)
    if not args.file:
        raise SystemExit(f"memlace eval {args.dataset}: give the LoCoMo file")
    if args.dataset == "extraction":
        return await cmd_eval_extraction(args)
    if not args.out:
        raise SystemExit("memlace eval locomo: --out is required")
    return await cmd_eval_locomo(args)


async def cmd_eval_locomo(args: argparse.Namespace) -> int:
    from memlace import recipes
    from memlace.bench import locomo, offtopic
    from memlace.memory import Memlace
    from memlace.providers.keywords import NumpyBM25Index
    from memlace.providers.local_embedder import LocalEmbedder
    from memlace.providers.vectors import NumpyVectorIndex
    from memlace.stores.memory import MemoryStore

    embedder = LocalEmbedder(progress=lambda line: print(line, file=sys.stderr))

    async def factory() -> Memlace:
        return await Memlace.open(
            MemoryStore(), embedder=embedder, vector_index=NumpyVectorIndex(embedder.dim), keyword_index=NumpyBM25Index
        )

    bars: dict[str, Any] = {}

    def progress(sample: str, done: int, total: int) -> None:
        bar = bars.get(sample) or bars.setdefault(sample, _progress(total, sample))
        bar.n = done
        bar.refresh()

    chosen = tuple(recipes.recipe(key).key for key in (args.recipe or ["default@1"]))
    documents = await locomo.run(Path(args.file), factory, progress, chosen)
    for bar in bars.values():
        bar.close()
    fields = ("sample_id", "qa_index", "category", "ranked", "sent")
    output = {
        key: {"results": [{k: r[k] for k in fields} for r in document["results"]], "latency_ms": document["latency_ms"]}
        for key, document in documents.items()
    }
    Path(args.out).write_text(json.dumps(output if len(chosen) > 1 else output[chosen[0]]), encoding="utf-8")
    for key, document in documents.items():
        if len(chosen) > 1:
            print(f"\nrecipe {key}")
        print(locomo.format_table(locomo.recall_table(document), document["latency_ms"]))
        sent = locomo.sent_summary(document)
        print(f"pack as sent (default size), categories 1-4: evidence recall {sent['recall']:.3f}, mean size {sent['size']:.1f} items")
        print(
            f"off-topic messages ({len(offtopic.MESSAGES)} per conversation): mean pack size {document['offtopic_pack_size']:.2f}, "
            f"empty {document['offtopic_empty']:.0%}"
        )
    if len(chosen) > 1:
        print("\nrecipes side by side (categories 1-4; sent = recall of the pack as sent, size its mean items):")
        print(locomo.compare(documents))
    return 0


async def cmd_bench_scale(args: argparse.Namespace) -> int:
    from memlace.bench import scale

    sizes = [int(s) for s in args.sizes.split(",")]
    print(scale.format_table(await scale.run(sizes, queries=args.queries)))
    return 0


async def cmd_bench_import(args: argparse.Namespace) -> int:
    from memlace.bench import history

    print(history.format_table(await history.run(args.messages, args.runs)))
    return 0


async def cmd_bench_embedder(args: argparse.Namespace) -> int:
    from memlace.bench import embedder

    print(embedder.format_table(embedder.run(seconds=args.seconds)))
    return 0


async def cmd_bench_browser(args: argparse.Namespace) -> int:
    from memlace.bench import browser

    sizes = [int(s) for s in args.sizes.split(",")]
    print(browser.format_table(await browser.run(Path(args.dist), sizes, queries=args.queries)))
    return 0


async def cmd_demo(args: argparse.Namespace) -> int:
    from memlace.bench.demo import run_demo

    await run_demo(args.db)
    return 0


async def cmd_bench_fuzz(args: argparse.Namespace) -> int:
    from memlace.bench import fuzz

    rows = await fuzz.run(args.inputs, args.seed, None if args.no_browser else Path(args.dist))
    print(fuzz.format_table(rows))
    bad = sum(counts[column] for counts in rows.values() for column in fuzz.COLUMNS[3:])
    return 1 if bad else 0


async def cmd_bench_browser_import(args: argparse.Namespace) -> int:
    from memlace.bench import browser_import

    messages = args.messages if args.messages != 4_000 else 1_000  # the browser's default is smaller
    print(browser_import.format_table(await browser_import.run(Path(args.dist), messages, args.runs)))
    return 0


async def cmd_bench_sync(args: argparse.Namespace) -> int:
    from memlace.bench import sync

    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes != "1000,10000,100000" else [1000, 10000]
    print(sync.format_table(await sync.run(Path(args.dist), sizes)))
    return 0


BENCHES = {
    "scale": cmd_bench_scale,
    "embedder": cmd_bench_embedder,
    "browser": cmd_bench_browser,
    "fuzz": cmd_bench_fuzz,
    "import": cmd_bench_import,
    "browser-import": cmd_bench_browser_import,
    "sync": cmd_bench_sync,
}
