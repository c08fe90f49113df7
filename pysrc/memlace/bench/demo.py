"""A short scripted conversation through the real engine: what `python3 build.py serve` shows until the web app lands."""

from __future__ import annotations

from memlace.cli import open_engine

SCRIPT = [
    ("user", "Hi! I'm William, I'm 22 and I work on DeepRune with Dr. Tran."),
    ("assistant", "Nice to meet you, William. What is DeepRune?"),
    ("user", "DeepRune is a chip design project. I use C and Python for DeepRune."),
    ("user", "I live in NYC."),
    ("user", "I prefer dark theme in every editor."),
    ("user", "Never commit .env files to the repository."),
    ("user", "Big news: I moved to SF last week!"),
]
QUERIES = ["Tell me about DeepRune.", "Where do I live?", "User likes dark mode", "who am I", "thanks"]


async def run_demo(db: str) -> None:
    engine = await open_engine(db)
    for number, (role, text) in enumerate(SCRIPT):
        result = await engine.ingest(
            {"text": text, "role": role, "chat_id": "demo", "message_id": f"demo-{number}", "timestamp": 1.76e9 + number * 60}
        )
        print(f"{role:>9}: {text}")
        if result.created or result.superseded:
            print(f"           -> {len(result.created)} new memories, {len(result.superseded)} superseded")
    for query in QUERIES:
        pack = await engine.retrieve(query, track=False)
        print(f"\nquery: {query}")
        if pack.skipped:
            print(f"  (skipped: {pack.skipped})")
        for item in pack.items[:5]:
            print(f"  {item.rank}. [{item.type}, {', '.join(item.reason.sources)}] {item.text}")
        for warning in pack.warnings:
            print(f"  warning: {warning}")
    await engine.close()
