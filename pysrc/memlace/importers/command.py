"""`memlace import-chats FILE`: a chat history into the profile's SQLite file, with a progress bar."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from memlace.importers.job import import_chats


async def cmd_import_chats(args: argparse.Namespace) -> int:
    from memlace.cli import _print, _progress, _refuse_read_only, open_engine

    engine = await open_engine(args.db, api=args)
    _refuse_read_only(engine)
    bar = _progress(0, "import")

    def progress(report: Any) -> None:
        bar.total, bar.n = report.messages, report.added + report.already
        indexing = f", {report.vectors_waiting} turns to index" if report.stored_seconds and report.vectors_waiting else ""
        bar.set_postfix_str(f"{report.conversations} conversations{indexing}")

    try:
        report = await import_chats(engine, Path(args.file), wanted=args.format, progress=progress)
    finally:
        bar.close()
        await engine.close()
    _print(report.as_dict())
    return 0
