"""Real headless Chromium (Debian's, never a downloaded one) against the built site on 127.0.0.1."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from memlace.bench.browser import CHROMIUM, FLAGS
from memlace.devserver import DevServer, dev_server
from tests.upstream import FakeUpstream, fake_upstream

DIST = Path(__file__).resolve().parents[2] / "dist"
BOOT_TIMEOUT_MS = 180_000


def _built() -> Path:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (or `python3 build.py build` first)")
    return DIST


@pytest.fixture(scope="session")
def origin() -> Iterator[str]:
    """The site with no model configured: offline mode."""
    with dev_server(_built()) as server:
        yield server.url


@pytest.fixture(scope="session")
def upstream() -> Iterator[FakeUpstream]:
    with fake_upstream() as fake:
        yield fake


@pytest.fixture(scope="session")
def model_server(upstream: FakeUpstream) -> Iterator[DevServer]:
    """The site with its proxy pointed at the fake upstream: model mode."""
    with dev_server(_built(), upstream.proxy_env()) as server:
        yield server


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

    def outside(self) -> list[str]:
        """Requests to anywhere but 127.0.0.1 (data: and blob: URLs never leave the page)."""
        return [u for u in self.urls if not (u.startswith("http://127.0.0.1:") or u.startswith(("data:", "blob:")))]


@contextlib.asynccontextmanager
async def recorded_context(browser, **options):  # type: ignore[no-untyped-def]
    """A fresh browser context (its own IndexedDB), recording every request; none may leave 127.0.0.1."""
    context = await browser.new_context(**options)
    requests = Requests()
    context.on("request", lambda request: requests.urls.append(request.url))
    context.requests = requests
    try:
        yield context
    finally:
        await context.close()
    assert requests.urls, "no request was recorded at all"
    assert requests.outside() == [], f"requests left 127.0.0.1: {requests.outside()[:5]}"


@pytest_asyncio.fixture(loop_scope="session")
async def context(browser):  # type: ignore[no-untyped-def]
    async with recorded_context(browser) as context:
        yield context


async def open_app(context, origin: str, path: str = "/"):  # type: ignore[no-untyped-def]
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    await page.goto(origin + path)
    await page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert await page.evaluate("document.body.dataset.ready") == "true", await page.text_content("#boot-status")
    await wait_for_model(page)
    return page


async def wait_for_model(page) -> None:  # type: ignore[no-untyped-def]
    """Memory is ready before the embedding model is attached; tests of vectors wait for both."""
    state = await page.evaluate("() => window.memlace ? window.memlace.modelReady.then((d) => d.state) : 'none'")
    assert state in ("ready", "none"), state
