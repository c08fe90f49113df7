"""Runs the package's Store contract (memlace.contract) under pytest: subclass and give ``make_store``."""

from __future__ import annotations

import pytest

from memlace.contract import STORE_CONTRACT


class StoreContract:
    @pytest.mark.parametrize("check", STORE_CONTRACT, ids=[c.__name__ for c in STORE_CONTRACT])
    async def test_contract(self, make_store, check) -> None:  # type: ignore[no-untyped-def]
        await check(make_store)
