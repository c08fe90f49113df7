"""A seeded sample of the fuzz run (`memlace bench fuzz` runs 10,000 inputs): hostile requests, import files
and command lines leave no raw Python text, no internal error, no hang, nothing changed by a refusal and
no profile that cannot be opened."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlace.bench import fuzz

BAD = fuzz.COLUMNS[3:]


@pytest.mark.slow
async def test_worker_rpc_and_import_files(tmp_path: Path) -> None:
    for counts in (await fuzz.fuzz_rpc(11, 300, tmp_path), await fuzz.fuzz_rpc(12, 60, tmp_path, files=True)):
        assert counts["refused"] > counts["inputs"] // 4 and counts["accepted"] > 0  # it did try both kinds
        assert {c: counts[c] for c in BAD} == dict.fromkeys(BAD, 0), counts["examples"]


@pytest.mark.slow
async def test_command_lines(tmp_path: Path) -> None:
    counts = await fuzz.fuzz_cli(13, 12, tmp_path)
    assert {c: counts[c] for c in BAD} == dict.fromkeys(BAD, 0), counts["examples"]


def test_the_judge_sees_python_internals() -> None:
    counts = fuzz._counts()
    fuzz._judge(counts, {"error": {"code": "invalid_input", "message": "bad request: KeyError: 'id'"}}, "x")
    fuzz._judge(counts, {"error": {"code": "internal", "message": "RecursionError"}}, "y")
    fuzz._judge(counts, {"error": {"code": "weird", "message": "fine words"}}, "z")
    fuzz._judge(counts, {"error": {"code": "not_found", "message": "no memory with id 'mem_1'"}}, "ok")
    assert counts["raw_python"] == 3 and counts["internal"] == 1 and counts["refused"] == 4
