"""The memlace command, run as a real subprocess over real SQLite files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from memlace.cli import build_parser

TRANSCRIPT = [
    {"text": "I'm Ada and I live in London.", "chat_id": "c1", "message_id": "1", "timestamp": 1700000000},
    {"text": "I prefer tea over coffee.", "chat_id": "c1", "message_id": "2", "timestamp": 1700000060},
    {"text": "My brother Tom works at Acme.", "chat_id": "c1", "message_id": "3", "timestamp": 1700000120},
]


def memlace(*args: str | Path, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "memlace", *map(str, args)], cwd=cwd, capture_output=True, text=True, check=False, timeout=300
    )
    if check and result.returncode != 0:
        raise AssertionError(f"exit {result.returncode}: {result.stderr}")
    return result


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "chat.jsonl").write_text("\n".join(json.dumps(m) for m in TRANSCRIPT) + "\n", encoding="utf-8")
    return tmp_path


def test_every_command_has_help() -> None:
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {
        "ingest",
        "query",
        "list",
        "show",
        "edit",
        "confirm",
        "forget",
        "stats",
        "export",
        "import",
        "eval",
        "bench",
        "maintain",
        "demo",
        "import-chats",
    } <= set(commands)
    for name, sub in commands.items():
        assert sub.description, name
        assert sub.format_help().strip(), name


def test_ingest_query_inspect_correct_export_import(workdir: Path) -> None:
    out = json.loads(memlace("--db", "m.sqlite", "ingest", "chat.jsonl", "--no-vectors", cwd=workdir).stdout)
    assert out["messages"] == 3 and out["created"] >= 3
    again = json.loads(memlace("--db", "m.sqlite", "ingest", "chat.jsonl", "--no-vectors", cwd=workdir).stdout)
    assert again["duplicates"] == 3 and again["created"] == 0

    query = memlace("--db", "m.sqlite", "query", "what does Ada drink", "--no-vectors", cwd=workdir).stdout
    assert "tea" in query and "why:" in query
    pack = json.loads(memlace("--db", "m.sqlite", "query", "tea", "--json", "--no-vectors", cwd=workdir).stdout)
    assert pack["items"][0]["reason"]["sources"]

    listing = memlace("--db", "m.sqlite", "list", "--kind", "preference", cwd=workdir).stdout
    memory_id = listing.split()[0]
    assert "User prefers tea over coffee" in listing
    shown = json.loads(memlace("--db", "m.sqlite", "show", memory_id, cwd=workdir).stdout)
    assert shown["sources"][0]["text"] == "I prefer tea over coffee."

    confirmed = json.loads(memlace("--db", "m.sqlite", "confirm", memory_id, cwd=workdir).stdout)
    assert confirmed["status"] == "confirmed"
    stats = json.loads(memlace("--db", "m.sqlite", "stats", cwd=workdir).stdout)
    assert stats["episodes"] == 3 and stats["by_status"]["confirmed"] == 1

    memlace("--db", "m.sqlite", "export", "out.json", cwd=workdir)
    document = json.loads((workdir / "out.json").read_text(encoding="utf-8"))
    assert document["format"] == "memlace-export" and len(document["episodes"]) == 3
    preview = json.loads(memlace("--db", "fresh.sqlite", "import", "out.json", "--dry-run", cwd=workdir).stdout)
    assert preview["episodes"] == 3 and (workdir / "fresh.sqlite").stat().st_size != 0
    assert json.loads(memlace("--db", "fresh.sqlite", "stats", cwd=workdir).stdout)["episodes"] == 0  # dry run wrote nothing

    forgotten = json.loads(memlace("--db", "m.sqlite", "forget", memory_id, "--with-episodes", cwd=workdir).stdout)
    assert forgotten["memories"] == [memory_id] and len(forgotten["episodes"]) == 1
    assert "tea" not in memlace("--db", "m.sqlite", "query", "tea", "--no-vectors", cwd=workdir).stdout


def test_an_export_opens_read_only(workdir: Path) -> None:
    memlace("--db", "m.sqlite", "ingest", "chat.jsonl", "--no-vectors", cwd=workdir)
    memlace("--db", "m.sqlite", "export", "out.json", cwd=workdir)
    before = (workdir / "out.json").read_bytes()
    assert "London" in memlace("--db", "out.json", "list", cwd=workdir).stdout
    memory_id = memlace("--db", "out.json", "list", cwd=workdir).stdout.split()[0]
    refused = memlace("--db", "out.json", "forget", memory_id, cwd=workdir, check=False)
    assert refused.returncode == 2 and "read-only" in refused.stderr
    assert (workdir / "out.json").read_bytes() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "something-else"}', "not a memlace export"),
        ('{"format": "memlace-export", "schema_version": 99, "exported_at": 0}', "unknown export schema version 99"),
        ('{"format": "memlace-export", "schema_version": 1, "exported_at": 0, "memories": [{"id": 5}]}', "invalid export"),
    ],
)
def test_bad_import_files_are_refused_and_change_nothing(workdir: Path, content: str, message: str) -> None:
    memlace("--db", "m.sqlite", "ingest", "chat.jsonl", "--no-vectors", cwd=workdir)
    (workdir / "bad.json").write_text(content, encoding="utf-8")

    def stats() -> dict[str, Any]:
        found: dict[str, Any] = json.loads(memlace("--db", "m.sqlite", "stats", cwd=workdir).stdout)
        return found

    before = stats()
    result = memlace("--db", "m.sqlite", "import", "bad.json", cwd=workdir, check=False)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
    after = stats()
    assert after["storage"]["bytes"] == before["storage"]["bytes"]  # the quota (the disk's free space) may move
    assert {**after, "storage": None} == {**before, "storage": None}


def test_a_bad_transcript_line_writes_nothing(workdir: Path) -> None:
    (workdir / "bad.jsonl").write_text(json.dumps(TRANSCRIPT[0]) + "\n{oops\n", encoding="utf-8")
    result = memlace("--db", "m.sqlite", "ingest", "bad.jsonl", "--no-vectors", cwd=workdir, check=False)
    assert result.returncode == 2 and "bad.jsonl:2" in result.stderr
    empty = json.loads(memlace("--db", "m.sqlite", "stats", cwd=workdir).stdout)
    assert empty["episodes"] == 0
    missing = memlace("--db", "m.sqlite", "ingest", "nope.jsonl", cwd=workdir, check=False)
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    unknown = memlace("--db", "m.sqlite", "show", "mem_nope", cwd=workdir, check=False)
    assert unknown.returncode == 2 and "no memory with id" in unknown.stderr


@pytest.mark.model
def test_query_with_the_local_model(workdir: Path) -> None:
    memlace("--db", "m.sqlite", "ingest", "chat.jsonl", cwd=workdir)
    out = memlace("--db", "m.sqlite", "query", "which hot drinks does Ada like?", cwd=workdir).stdout
    assert "tea" in out.splitlines()[0] and "vector" in out


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b'{"text": "caf\xe9 \xff"}\n', "is not UTF-8 text"),
        (b"[" * 5000 + b"]" * 5000, "nested"),
        (b'{"text": "I love tea \\ud800", "timestamp": NaN}\n', "NaN is not a number JSON allows"),
        (b'{"text": "hi", "timestamp": 1e20}\n', "timestamp"),
    ],
)
def test_bad_input_files_get_one_line_and_exit_2(workdir: Path, content: bytes, says: str) -> None:
    (workdir / "bad.jsonl").write_bytes(content)
    result = memlace("--db", "m.sqlite", "ingest", "bad.jsonl", "--no-vectors", cwd=workdir, check=False)
    assert result.returncode == 2 and says in result.stderr and "Traceback" not in result.stderr, result.stderr


def test_arguments_that_are_not_utf8_are_cleaned_not_a_traceback(workdir: Path) -> None:
    memlace("--db", "m.sqlite", "ingest", "chat.jsonl", "--no-vectors", cwd=workdir)
    result = subprocess.run(
        [sys.executable, "-m", "memlace", "--db", "m.sqlite", "query", b"tea \xff\xed\xa0\x80", "--no-vectors"],
        cwd=workdir,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


def test_import_chats_from_a_claude_export_once_and_again(workdir: Path) -> None:
    export = Path(__file__).resolve().parent / "data" / "imports" / "claude-conversations.json"
    first = json.loads(memlace("import-chats", export, cwd=workdir).stdout)
    again = json.loads(memlace("import-chats", export, cwd=workdir).stdout)
    assert (first["format"], first["added"], again["added"], again["already"]) == ("claude", 3, 0, 3)
    found = memlace("query", "Which marathon am I training for?", cwd=workdir).stdout
    assert "Berlin marathon" in found
    (workdir / "broken.json").write_text('[{"chat_messages": [], "uuid": "a"}, {"chat_', encoding="utf-8")
    refused = memlace("import-chats", workdir / "broken.json", cwd=workdir, check=False)
    assert refused.returncode == 2 and "element 2 is not valid JSON" in refused.stderr and "Traceback" not in refused.stderr
