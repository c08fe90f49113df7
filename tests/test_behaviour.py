"""The scripted chats of `memlace eval behaviour` as ordinary tests, with the product's local model.

Cases the offline extractor does not handle yet are listed in NOT_YET and expected to fail (strictly: one
that starts passing fails here until it is taken off the list), so the list only ever shrinks."""

from __future__ import annotations

import pytest

from memlace.bench import behaviour
from memlace.bench.behaviour_cases import CASES, Case
from memlace.memory import Memlace
from memlace.providers.vectors import NumpyVectorIndex
from memlace.stores.memory import MemoryStore

NOT_YET: set[str] = set()


def _marks(case: Case) -> list[pytest.MarkDecorator]:
    return [pytest.mark.xfail(strict=True, reason="not handled yet (issue 13)")] if case.name in NOT_YET else []


@pytest.mark.model
@pytest.mark.parametrize("case", [pytest.param(c, id=c.name, marks=_marks(c)) for c in CASES])
async def test_case(case: Case, local_embedder) -> None:  # type: ignore[no-untyped-def]
    engine = await Memlace.open(
        MemoryStore(), embedder=local_embedder, vector_index=NumpyVectorIndex(local_embedder.dim), clock=lambda: behaviour.START + 3600.0
    )
    failures = await behaviour.run_case(case, engine)
    assert not failures, "\n".join(failures)


def test_there_are_at_least_forty_cases() -> None:
    assert len(CASES) >= 40 and len({c.name for c in CASES}) == len(CASES)
