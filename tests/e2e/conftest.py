"""Real headless Chromium (Debian's, never a downloaded one) against the built site on 127.0.0.1."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from memlace.bench.browser import CHROMIUM, FLAGS

DIST = Path(__file__).resolve().parents[2] / "dist"
BOOT_TIMEOUT_MS = 180_000


@pytest.fixture(scope="session")
def origin() -> Iterator[str]:
    from memlace.devserver import make_server

    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (or `python3 build.py build` first)")
    server = make_server(DIST)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser():  # type: ignore[no-untyped-def]
    from playwright.async_api import async_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (.ci/run does)")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        await browser.close()


class Requests:
    """Every URL the pages of a context asked for."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def outside(self, origin: str) -> list[str]:
        return [u for u in self.urls if not (u.startswith(origin + "/") or u.startswith(("data:", "blob:")))]


@pytest_asyncio.fixture(loop_scope="session")
async def context(browser, origin):  # type: ignore[no-untyped-def]
    """A fresh browser context (its own IndexedDB), recording every request; none may leave 127.0.0.1."""
    context = await browser.new_context()
    requests = Requests()
    context.on("request", lambda request: requests.urls.append(request.url))
    context.requests = requests
    yield context
    await context.close()
    assert requests.urls, "no request was recorded at all"
    assert requests.outside(origin) == [], f"requests left 127.0.0.1: {requests.outside(origin)[:5]}"


async def open_app(context, origin: str, path: str = "/"):  # type: ignore[no-untyped-def]
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    await page.goto(origin + path)
    await page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert await page.evaluate("document.body.dataset.ready") == "true", await page.text_content("#boot-status")
    return page
