"""A seeded sample of the fuzz run through the JS API in real Chromium: values only JavaScript can send
(NaN, undefined, functions, BigInt, cyclic objects, DOM nodes) get a clear refusal, never a hang, and the
profile boots and exports after every round."""

from __future__ import annotations

import pytest

from memlace.bench import fuzz
from memlace.bench.fuzz_browser import fuzz_js_api
from tests.e2e.conftest import _built

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]


async def test_hostile_calls_through_the_js_api() -> None:
    counts = await fuzz_js_api(_built(), seed=5, inputs=60, rounds=3)
    assert counts["inputs"] == 60 and counts["refused"] > 10
    assert {c: counts[c] for c in fuzz.COLUMNS[3:]} == dict.fromkeys(fuzz.COLUMNS[3:], 0), counts["examples"]
