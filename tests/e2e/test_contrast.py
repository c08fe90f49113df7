"""WCAG AA contrast of every visible text, measured on the rendered colours in real Chromium: the chat page
(a message with its notes open, the chat list), every inspector tab and a memory's detail, and the widget
on the demo page, in the light and the dark theme."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import open_app, recorded_context
from tests.e2e.test_inspector import open_inspector
from tests.e2e.test_pages import send

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]
MEASURE = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("scheme", ["light", "dark"])
async def test_every_text_meets_aa_contrast_in_both_themes(browser, origin, scheme: str) -> None:  # type: ignore[no-untyped-def]
    low: dict[str, list[dict[str, object]]] = {}
    async with recorded_context(browser, color_scheme=scheme) as context:
        inspector = await open_inspector(context, origin, f"contrast-{scheme}")
        await inspector.locator("#memory-list li button.link").first.click()
        await inspector.locator("#detail", has_text="Where it came from").wait_for()
        low["inspector: list and detail"] = await inspector.evaluate(MEASURE)
        for tab in ("graph", "trace", "stats", "io"):
            await inspector.click(f"#tab-{tab}")
            await inspector.wait_for_timeout(300)
            low[f"inspector: {tab}"] = await inspector.evaluate(MEASURE)
        chat = await open_app(context, origin, f"/?profile=contrast-{scheme}")
        await send(chat, "What do I like to drink?")
        await chat.locator("#log details.context").last.locator(":scope > summary").click()
        await chat.click("#chats-summary")
        await chat.check("#pause")
        low["chat page"] = await chat.evaluate(MEASURE)
        demo = await open_app(context, origin, "/demo.html")
        await demo.evaluate("() => window.memlace.ingest([{text: 'I prefer green tea', chat_id: 'demo', message_id: 'c1'}])")
        await demo.fill("#box", "what tea do I like?")
        await demo.locator("memlace-panel section[part=next] li").first.wait_for()
        low["demo page and widget"] = await demo.evaluate(MEASURE)
    failing = {where: found for where, found in low.items() if found}
    assert not failing, failing
