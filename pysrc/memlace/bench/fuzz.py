"""The fuzz run: hostile inputs through the worker RPC, the import path, the CLI and (with a built site) the
JS API in Chromium. It prints its counts; every column but inputs, accepted and refused must be 0.

- raw python: a refusal whose text shows Python internals (an exception name, a traceback)
- internal: a refusal with the code "internal" (a bug, even when worded well)
- hangs: a call with no answer within its deadline
- changed: a refused input that changed what is stored
- bricked: a profile that no longer opens, exports or answers after the inputs

    memlace bench fuzz --inputs 10000 [--seed 1] [--dist dist]
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from memlace.bench.fuzz_inputs import TEXTS, export_document, nasty, request
from memlace.memory import Memlace
from memlace.protocol import ERROR_CODES
from memlace.rpc import Worker
from memlace.stores.sqlite import SQLiteStore

RAW_PYTHON = re.compile(
    r"Traceback|File \"|object at 0x|<class |NoneType|\b(Key|Type|Value|Attribute|Index|Recursion|Unicode\w*|Overflow|Runtime|Assertion|Name)Error\b"
)
COLUMNS = ("inputs", "accepted", "refused", "raw_python", "internal", "hangs", "changed", "bricked")
DEADLINE_S = 20.0
BLOCK = 100  # inputs per profile, which is then reopened and checked
SEED_MESSAGES = ["I prefer green tea.", "I live in Oslo.", "My sister Mia works at Acme.", "I play chess on Sundays."]


def _counts() -> dict[str, Any]:
    return {**dict.fromkeys(COLUMNS, 0), "examples": []}


def _note(counts: dict[str, Any], column: str, example: str) -> None:
    counts[column] += 1
    if len(counts["examples"]) < 8:
        counts["examples"].append(f"{column}: {example[:200]}")


def _judge(counts: dict[str, Any], answer: dict[str, Any], what: str) -> bool:
    """Count one answer; True when it was a refusal."""
    error = answer.get("error")
    if not isinstance(error, dict):
        counts["accepted"] += 1
        return False
    counts["refused"] += 1
    message, code = str(error.get("message", "")), str(error.get("code", ""))
    if RAW_PYTHON.search(message) or code not in ERROR_CODES:
        _note(counts, "raw_python", f"{what} -> {code}: {message}")
    if code == "internal":
        _note(counts, "internal", f"{what} -> {message}")
    return True


async def _open(path: Path) -> Memlace:
    return await Memlace.open(SQLiteStore(path))


async def _stored(engine: Memlace) -> str:
    snapshot = await engine.store.load()
    return snapshot.model_dump_json()


async def _still_opens(path: Path) -> str | None:
    """None when the profile opens, exports, answers and reports; else what failed."""
    try:
        engine = await _open(path)
        json.dumps(await engine.export(), allow_nan=False)
        await engine.export_markdown()
        await engine.stats(timeline=True)
        await engine.retrieve("what do I like?", track=False)
        await engine.close()
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return None


async def fuzz_rpc(seed: int, inputs: int, folder: Path, *, files: bool = False) -> dict[str, Any]:
    """Requests (or, with ``files``, export files to import) against a worker over SQLite."""
    rng = random.Random(seed)
    counts = _counts()
    for block in range(0, inputs, BLOCK):
        path = folder / f"{'import' if files else 'rpc'}-{seed}-{block}.sqlite"
        engine = await _open(path)
        await engine.ingest_many([{"text": t, "chat_id": "seed", "message_id": f"s{n}"} for n, t in enumerate(SEED_MESSAGES)])
        worker = Worker(engine)
        for _ in range(min(BLOCK, inputs - block)):
            counts["inputs"] += 1
            memories, episodes = list(engine.state.memories), list(engine.state.episodes)
            fill: dict[str, Any] = {
                "memory": rng.choice(memories) if memories and rng.random() < 0.8 else rng.choice(TEXTS),
                "episode": rng.choice(episodes) if episodes else "ep_none",
                "export": await engine.export(),
            }
            if files:
                text = json.dumps({"method": "import", "params": {"document": export_document(rng, fill["export"])}})
                what = "import"
            else:
                what, text = request(rng, fill)
            await engine.flush()  # what retrieval noted is written now, so that only this input can change the store
            before = await _stored(engine)
            try:
                reply = await asyncio.wait_for(worker.handle(text), DEADLINE_S)
            except TimeoutError:
                _note(counts, "hangs", what)
                continue
            if _judge(counts, json.loads(reply), f"{what} {text[:120]}") and await _stored(engine) != before:
                _note(counts, "changed", f"{what} {text[:160]}")
        await engine.close()
        failed = await _still_opens(path)
        if failed:
            _note(counts, "bricked", failed)
    return counts


def _cli(db: Path, *args: str | bytes, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    raw = [a.encode("utf-8", "surrogatepass") if isinstance(a, str) else a for a in args]  # a lone surrogate: bytes that are not UTF-8
    command: list[str | bytes] = [sys.executable, "-m", "memlace", "--db", str(db), *raw]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(command, input=stdin, capture_output=True, timeout=120, check=False, env=env)


def _cli_input(rng: random.Random, folder: Path, ids: list[str]) -> list[str | bytes]:
    """One hostile command line: odd arguments, and files that are not what they claim."""
    name = folder / f"input-{rng.randrange(10**9)}"
    roll = rng.random()
    content: bytes
    if roll < 0.2:
        content = rng.choice(
            [b"\xff\xfe\x00bad", b"", b"\n\n", b"[" * 3000 + b"]" * 3000, b'{"text": NaN}', b'{"text": "a", "timestamp": 1e400}']
        )
    else:
        lines = [json.dumps(nasty(rng) if rng.random() < 0.5 else {"text": rng.choice(TEXTS), "timestamp": nasty(rng)}) for _ in range(3)]
        content = "\n".join(lines).encode("utf-8", "surrogatepass")
    name.write_bytes(content)
    choices: list[str | bytes] = [*(t for t in TEXTS if "\x00" not in t and len(t) < 5000), b"caf\xe9 \xff"]
    text_arg = rng.choice(choices)
    some_id = rng.choice([*ids, "mem_missing", ""]) if ids else "mem_missing"
    return rng.choice(
        [
            ["ingest", str(name), "--no-vectors"],
            ["import", str(name)],
            ["import", str(name), "--dry-run"],
            ["query", text_arg, "--no-vectors"],
            ["edit", some_id, text_arg],
            ["forget", some_id],
            ["show", some_id],
            ["list", "--kind", text_arg],
        ]
    )


async def fuzz_cli(seed: int, inputs: int, folder: Path) -> dict[str, Any]:
    """Real command lines over one SQLite profile (the CLI never prints a traceback; 2 means refused)."""
    rng = random.Random(seed)
    counts = _counts()
    db = folder / f"cli-{seed}.sqlite"
    engine = await _open(db)
    await engine.ingest_many([{"text": t, "chat_id": "seed", "message_id": f"s{n}"} for n, t in enumerate(SEED_MESSAGES)])
    await engine.close()
    for number in range(inputs):
        counts["inputs"] += 1
        engine = await _open(db)
        before, ids = await _stored(engine), list(engine.state.memories)
        await engine.close()
        args = _cli_input(rng, folder, ids)
        shown = " ".join(a if isinstance(a, str) else repr(a) for a in args)[:160]
        try:
            done = _cli(db, *args)
        except subprocess.TimeoutExpired:
            _note(counts, "hangs", shown)
            continue
        stderr = done.stderr.decode("utf-8", "replace")
        if done.returncode == 0:
            counts["accepted"] += 1
        else:
            counts["refused"] += 1
            if done.returncode != 2 or RAW_PYTHON.search(stderr):
                _note(counts, "raw_python", f"{shown} -> exit {done.returncode}: {stderr[-300:]}")
            engine = await _open(db)
            if await _stored(engine) != before:
                _note(counts, "changed", shown)
            await engine.close()
        if number % 10 == 9 and (_cli(db, "stats").returncode or _cli(db, "export", "-").returncode):
            _note(counts, "bricked", shown)
    return counts


def format_table(rows: dict[str, dict[str, Any]]) -> str:
    lines = ["| surface | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    for surface, counts in rows.items():
        lines.append(f"| {surface} | " + " | ".join(str(counts[c]) for c in COLUMNS) + " |")
    total = {c: sum(r[c] for r in rows.values()) for c in COLUMNS}
    lines.append("| **all** | " + " | ".join(str(total[c]) for c in COLUMNS) + " |")
    for surface, counts in rows.items():
        lines.extend(f"  {surface}: {example}" for example in counts["examples"])
    return "\n".join(lines)


async def run(inputs: int, seed: int, dist: Path | None) -> dict[str, dict[str, Any]]:
    """The inputs shared out: most through the RPC, a tenth as import files, a few command lines and, with a
    built site, calls through the JS API in Chromium."""
    cli = max(10, inputs // 40)
    browser = max(20, inputs // 20) if dist is not None else 0
    files = max(10, inputs // 10)
    rows: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="memlace-fuzz-") as temp:
        folder = Path(temp)
        rows["worker rpc"] = await fuzz_rpc(seed, inputs - cli - browser - files, folder)
        rows["import files"] = await fuzz_rpc(seed + 1, files, folder, files=True)
        rows["cli"] = await fuzz_cli(seed + 2, cli, folder)
    if dist is not None:
        from memlace.bench.fuzz_browser import fuzz_js_api

        rows["js api (chromium)"] = await fuzz_js_api(dist, seed + 3, browser)
    return rows
