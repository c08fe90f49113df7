"""The memlace command: thin, one facade call per command, errors mapped to a clear message and exit code 2."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from memlace import validation
from memlace.bench.commands import BENCHES, cmd_bench_scale, cmd_demo, cmd_eval
from memlace.errors import InvalidInput, MemlaceError
from memlace.importers.command import cmd_import_chats

DEFAULT_DB = "memlace.sqlite"


def _progress(total: int, desc: str) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="msg", file=sys.stderr, disable=not sys.stderr.isatty())


async def open_engine(db: str, *, offline_vectors: bool = False, api: argparse.Namespace | None = None) -> Any:
    """The engine over SQLite (or, for a .json export, a read-only in-memory copy of it).

    With ``api.api`` set (a running `build.py serve` or a deployed site), the proxy's configured routes add
    LLM extraction, selection and classification, and optionally remote embeddings; if the proxy has no
    model configured the engine runs offline and says so.
    """
    from memlace.local import open_local
    from memlace.memory import Memlace, parse_export
    from memlace.stores.memory import MemoryStore

    def progress(line: str) -> None:
        print(line, file=sys.stderr)

    models: dict[str, Any] = {}
    if api is not None and getattr(api, "api", None):
        models = await _connect_models(api, want_embedder=not offline_vectors)
    if not db.endswith(".json"):
        return await open_local(db, embed=not offline_vectors, progress=progress, **models)
    document = parse_export(read_text(Path(db)))
    embedder = index = None
    if not offline_vectors:
        from memlace.providers.local_embedder import LocalEmbedder
        from memlace.providers.vectors import NumpyVectorIndex

        embedder = models.pop("embedder", None) or LocalEmbedder(progress=progress)
        index = NumpyVectorIndex(embedder.dim)
    engine = await Memlace.open(MemoryStore(), embedder=embedder, vector_index=index, profile=document.profile, **models)
    await engine.import_(document.model_dump(mode="json"))
    engine.read_only = True
    return engine


async def _connect_models(api: argparse.Namespace, *, want_embedder: bool) -> dict[str, Any]:
    from memlace.providers.proxy import ProviderUnavailable, connect

    try:
        providers = await connect(api.api, secret=api.secret, remote_embeddings=want_embedder and api.remote_embeddings)
    except ProviderUnavailable as error:
        print(f"memlace: offline mode ({error})", file=sys.stderr)
        return {}
    if providers.mode == "offline" and providers.embedder is None:
        print(f"memlace: offline mode (no model is configured behind {api.api})", file=sys.stderr)
        await providers.client.aclose()
        return {}
    print(
        f"memlace: model mode via {api.api} ({', '.join(r for r, v in providers.health['routes'].items() if v['configured'])})",
        file=sys.stderr,
    )
    models: dict[str, Any] = {"extractor": providers.extractor, "selector": providers.selector, "classifier": providers.classifier}
    if providers.embedder is not None:
        models["embedder"] = providers.embedder
    return {k: v for k, v in models.items() if v is not None}


def _print(value: Any) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False, default=str))


def read_text(path: Path) -> str:
    """A whole file as UTF-8 text; InvalidInput (exit 2) with the reason when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise InvalidInput(f"{path} is not UTF-8 text (byte {error.start} cannot be decoded)") from error
    except OSError as error:
        raise InvalidInput(f"cannot read {path}: {error.strerror or error}") from error


def read_transcript(path: Path) -> list[dict[str, Any]]:
    """JSON lines of messages, or a LoCoMo file (a list of samples with 'conversation')."""
    from memlace.bench.locomo import conversation_messages

    raw = read_text(path)
    if raw.lstrip().startswith("["):
        samples = validation.loads(raw, where=str(path))
        if not isinstance(samples, list) or not all(isinstance(s, dict) and isinstance(s.get("conversation"), dict) for s in samples):
            raise InvalidInput(f"{path} is a JSON list but not a LoCoMo file")
        try:
            return [m.model_dump() for s in samples for m in conversation_messages(s) if m.text.strip() or m.attachments]
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidInput(f"{path} is not a LoCoMo file as expected: {type(error).__name__} {str(error)[:80]}") from error
    messages = []
    for number, line in enumerate(raw.splitlines(), 1):
        if not line.strip():
            continue
        item = validation.loads(line, where=f"{path}:{number}")
        if not isinstance(item, dict):
            raise InvalidInput(f"{path}:{number} is not a JSON object")
        messages.append(item)
    return messages


async def cmd_ingest(args: argparse.Namespace) -> int:
    messages = read_transcript(Path(args.file))
    engine = await open_engine(args.db, offline_vectors=args.no_vectors, api=args)
    _refuse_read_only(engine)
    parsed = []
    for number, message in enumerate(messages, 1):  # validate everything before writing anything
        try:
            parsed.append(engine.validate(message))
        except InvalidInput as error:
            raise InvalidInput(f"{args.file}: message {number}: {error}") from error
    bar = _progress(len(parsed), "ingest")
    totals = {"messages": 0, "duplicates": 0, "created": 0, "merged": 0, "superseded": 0, "forgotten": 0}
    for start in range(0, len(parsed), 32):
        for result in await engine.ingest_many(parsed[start : start + 32]):
            totals["messages"] += 1
            totals["duplicates"] += result.duplicate
            totals["created"] += len(result.created)
            totals["merged"] += len(result.merged)
            totals["superseded"] += len(result.superseded)
            totals["forgotten"] += len(result.forgotten)
        bar.update(min(32, len(parsed) - start))
    bar.close()
    _print(totals)
    await engine.close()
    return 0


async def cmd_query(args: argparse.Namespace) -> int:
    engine = await open_engine(args.db, offline_vectors=args.no_vectors, api=args)
    pack = await engine.retrieve(args.text, limit=args.limit, include_inactive=args.all, track=False)
    if args.json:
        _print(pack.model_dump(mode="json"))
    else:
        if pack.skipped:
            print(f"(retrieval skipped: {pack.skipped})")
        for item in pack.items:
            reason = item.reason
            via = f" via {reason.via}" if reason.via else ""
            print(f"{item.rank:>2}. [{item.type} {item.score:.3f}] {item.text}")
            print(f"    why: {', '.join(reason.sources) or '-'}{via}; messages: {', '.join(item.message_ids)}")
        for warning in pack.warnings:
            print(f"warning: {warning}")
        print("timings ms: " + ", ".join(f"{k} {v}" for k, v in pack.timings_ms.items()))
    await engine.close()
    return 0


async def cmd_chat(args: argparse.Namespace) -> int:
    """One chat turn: retrieve, answer through the proxy's chat route (streamed), then remember both sides."""
    import time

    from memlace.providers.proxy import ProviderUnavailable, ProxyClient

    engine = await open_engine(args.db, api=args)
    _refuse_read_only(engine)
    pack = await engine.retrieve(args.text)
    print(f"(memory: {len(pack.items)} items in the context pack)", file=sys.stderr)
    answer = ""
    if args.api:
        client = ProxyClient(args.api, secret=args.secret, timeout=120.0)
        try:
            async for piece in client.stream_chat([{"role": "user", "content": args.text}], context=pack.text):
                answer += piece
                print(piece, end="", flush=True)
            print()
        except ProviderUnavailable as error:
            print(pack.text or "(nothing remembered is relevant)")
            print(f"(no model: {error}; the message is still remembered)", file=sys.stderr)
        finally:
            await client.aclose()
    else:
        print(pack.text or "(nothing remembered is relevant)")
        print("(no --api given: offline, so no answer; the message is still remembered)", file=sys.stderr)
    now = time.time()
    stamp = int(now * 1000)
    messages = [
        {"text": args.text, "role": "user", "speaker": args.speaker, "chat_id": "cli", "message_id": f"cli-{stamp}-u", "timestamp": now}
    ]
    if answer:
        messages.append({"text": answer, "role": "assistant", "chat_id": "cli", "message_id": f"cli-{stamp}-a", "timestamp": now})
    await engine.ingest_many(messages)
    await engine.close()
    return 0


async def cmd_list(args: argparse.Namespace) -> int:
    engine = await open_engine(args.db, offline_vectors=True)
    page = await engine.list(kind=args.kind, status=args.status, entity=args.entity, text=args.text, offset=args.offset, limit=args.limit)
    for memory in page["items"]:
        print(f"{memory['id']}  {memory['status']:<10} {memory['kind']:<12} {memory['text']}")
    print(f"({len(page['items'])} of {page['total']})")
    await engine.close()
    return 0


async def cmd_show(args: argparse.Namespace) -> int:
    engine = await open_engine(args.db, offline_vectors=True)
    _print(await engine.get(args.id))
    await engine.close()
    return 0


async def cmd_edit(args: argparse.Namespace) -> int:
    engine = await open_engine(args.db, api=args)
    _refuse_read_only(engine)
    _print((await engine.edit(args.id, args.text)).model_dump(mode="json"))
    await engine.close()
    return 0


async def cmd_confirm(args: argparse.Namespace) -> int:
    engine = await open_engine(args.db, offline_vectors=True)
    _refuse_read_only(engine)
    _print((await engine.confirm(args.id)).model_dump(mode="json"))
    await engine.close()
    return 0


async def cmd_forget(args: argparse.Namespace) -> int:
    engine = await open_engine(args.db, offline_vectors=True)
    _refuse_read_only(engine)
    _print(await engine.forget(args.id, with_episodes=args.with_episodes))
    await engine.close()
    return 0


async def cmd_stats(args: argparse.Namespace) -> int:
    engine = await open_engine(args.db, offline_vectors=True)
    _print(await engine.stats(timeline=True))
    await engine.close()
    return 0


async def cmd_maintain(args: argparse.Namespace) -> int:
    engine = await open_engine(args.db, offline_vectors=True)
    _refuse_read_only(engine)
    _print(await engine.maintain())
    await engine.close()
    return 0


async def cmd_export(args: argparse.Namespace) -> int:
    engine = await open_engine(args.db, offline_vectors=True)
    document = await engine.export()
    text = json.dumps(document, ensure_ascii=False, indent=1)
    if args.out == "-":
        print(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"exported {len(document['memories'])} memories, {len(document['episodes'])} episodes to {args.out}", file=sys.stderr)
    await engine.close()
    return 0


async def cmd_import(args: argparse.Namespace) -> int:
    text = read_text(Path(args.file))
    engine = await open_engine(args.db, offline_vectors=args.dry_run, api=args)
    _refuse_read_only(engine)
    _print(await engine.import_(text, dry_run=args.dry_run))
    await engine.close()
    return 0


def _refuse_read_only(engine: Any) -> None:
    if getattr(engine, "read_only", False):
        raise InvalidInput("this database was opened read-only (an export file): nothing can be changed")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memlace", description="Local-first long-term memory for AI chat: inspect, query and correct what is remembered."
    )
    parser.add_argument(
        "--db", default=DEFAULT_DB, help="SQLite database, or an exported .json file to open read-only (default: %(default)s)"
    )
    parser.add_argument(
        "--api",
        default=os.environ.get("MEMLACE_API"),
        help="a memlace site or `build.py serve` (e.g. http://127.0.0.1:8765) whose proxy adds LLM extraction, selection and chat "
        "(default: $MEMLACE_API; none: offline)",
    )
    parser.add_argument("--secret", default=os.environ.get("MEMLACE_SECRET"), help="the proxy's shared secret, if it has one")
    parser.add_argument("--remote-embeddings", action="store_true", help="embed through the proxy instead of the local model")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, handler: Callable[[argparse.Namespace], Coroutine[Any, Any, int]], help_text: str) -> argparse.ArgumentParser:
        command = sub.add_parser(name, help=help_text, description=help_text)
        command.set_defaults(handler=handler)
        return command

    c = add("ingest", cmd_ingest, "Ingest a transcript: JSON lines of messages, or a LoCoMo file.")
    c.add_argument("file")
    c.add_argument("--no-vectors", action="store_true", help="skip the local embedding model (keywords and graph only)")
    c = add("query", cmd_query, "Print the context pack a message would get, with the reasons for each item.")
    c.add_argument("text")
    c.add_argument("--limit", type=int, default=None, help="how many items")
    c.add_argument("--all", action="store_true", help="include superseded and retracted memories")
    c.add_argument("--json", action="store_true", help="print the whole pack as JSON")
    c.add_argument("--no-vectors", action="store_true", help="keywords and graph only")
    c = add("chat", cmd_chat, "One chat turn: retrieve, answer through --api's model (streamed), remember both sides.")
    c.add_argument("text")
    c.add_argument("--speaker", default=None, help="the speaker's name (default: the user)")
    c = add("list", cmd_list, "List memories with filters.")
    c.add_argument("--kind")
    c.add_argument("--status")
    c.add_argument("--entity")
    c.add_argument("--text", help="substring to look for")
    c.add_argument("--offset", type=int, default=0)
    c.add_argument("--limit", type=int, default=50)
    c = add("show", cmd_show, "Show a memory with its provenance and history, or an episode.")
    c.add_argument("id")
    c = add("edit", cmd_edit, "Correct a memory: the new text becomes a new version that supersedes the old.")
    c.add_argument("id")
    c.add_argument("text")
    c = add("confirm", cmd_confirm, "Confirm a staged memory.")
    c.add_argument("id")
    c = add("forget", cmd_forget, "Erase a memory from every index.")
    c.add_argument("id")
    c.add_argument("--with-episodes", action="store_true", help="also erase the messages it came from")
    add("stats", cmd_stats, "Counts by kind and status, top entities, storage used.")
    add("maintain", cmd_maintain, "Run the maintenance pass: promotion, decay, expiry, links, clusters.")
    c = add("export", cmd_export, "Export everything as one versioned JSON document.")
    c.add_argument("out", help="output file, or - for standard output")
    c = add("import", cmd_import, "Import an export document (existing ids are reported as conflicts and kept).")
    c.add_argument("file")
    c.add_argument("--dry-run", action="store_true", help="only report what would change")
    c = add(
        "import-chats",
        cmd_import_chats,
        "Import chat history: a ChatGPT or Claude data export (its .zip or conversations.json) or memlace JSON lines "
        "(one message per line: chat_id, message_id, role, text, timestamp). Importing again adds nothing twice.",
    )
    c.add_argument("file")
    c.add_argument("--format", default="auto", choices=["auto", "chatgpt", "claude", "jsonl"])
    c = add(
        "eval",
        cmd_eval,
        "Benchmarks: on LoCoMo, 'locomo' (retrieval: evidence recall@k and latency) and 'extraction' (observation "
        "recall); 'behaviour' (scripted chats with the outcomes a person expects; no file).",
    )
    c.add_argument("dataset", choices=["locomo", "extraction", "behaviour"])
    c.add_argument("file", nargs="?")
    c.add_argument("--out", help="where to write the results JSON (required for 'locomo')")
    c.add_argument("--held-back", default="conv-41", help="conversations not tuned on, reported apart (for 'extraction')")
    c.add_argument(
        "--recipe", action="append", help="a retrieval recipe (name@version; repeat to compare several in one run, for 'locomo')"
    )
    c = add(
        "bench",
        cmd_bench_scale,
        "Benchmarks: 'scale' (synthetic stores), 'embedder' (local model), 'browser' (the built site in Chromium), "
        "'fuzz' (hostile inputs through every surface; prints counts that must be 0), 'import' (chat history into SQLite), "
        "'browser-import' (chat history in Chromium), 'sync' (two Chromium devices through pouchdb-server).",
    )
    c.add_argument("which", choices=list(BENCHES))
    c.add_argument(
        "--messages", type=int, default=4_000, help="messages in the generated chat history, for 'import' (browser-import: 1000)"
    )
    c.add_argument("--runs", type=int, default=3, help="runs, for 'import'")
    c.add_argument("--dist", default="dist", help="the built site (with --test-hooks), for 'browser', 'browser-import', 'sync' and 'fuzz'")
    c.add_argument("--inputs", type=int, default=10_000, help="inputs for 'fuzz'")
    c.add_argument("--seed", type=int, default=1, help="seed for 'fuzz'")
    c.add_argument("--no-browser", action="store_true", help="'fuzz' without the JS API in Chromium")
    c.add_argument("--sizes", default="1000,10000,100000", help="store sizes for 'scale' and 'browser' ('sync': 1000,10000)")
    c.add_argument("--queries", type=int, default=200)
    c.add_argument("--seconds", type=float, default=3.0, help="time per measurement for 'embedder'")
    c = add("demo", cmd_demo, "Ingest a short scripted conversation and show what is remembered and retrieved.")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Exit 0 on success, 2 with one line on standard error for anything refused, 1 for a bug."""
    parser = build_parser()
    args = parser.parse_args(argv)
    for name, value in vars(args).items():  # arguments that were not valid UTF-8 arrive with surrogate escapes
        if isinstance(value, str):
            setattr(args, name, validation.clean_text(value))
    if args.command == "bench":
        args.handler = BENCHES[args.which]
    try:
        result: int = asyncio.run(args.handler(args))
        return result
    except MemlaceError as error:
        print(f"memlace: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug, not bad input: one line, and the traceback only when asked for
        if os.environ.get("MEMLACE_DEBUG"):
            raise
        print(f"memlace: unexpected error ({type(error).__name__}); set MEMLACE_DEBUG=1 to see where", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
