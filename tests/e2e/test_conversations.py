"""The chat page's conversations in real Chromium: two chats listed with titles, a reload back to the open
one, opening the other to read and go on, deleting one with what memory learned only from it, a paused
memory that remembers nothing new, and a temporary chat that neither remembers nor uses memory."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.test_pages import send, shoot, wait_remembered

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]


async def episodes(page) -> int:  # type: ignore[no-untyped-def]
    return int((await page.evaluate("() => window.memlace.stats()"))["episodes"])


async def active(page) -> list[str]:  # type: ignore[no-untyped-def]
    listed = await page.evaluate("() => window.memlace.list({status: 'active', limit: 100})")
    return [m["text"] for m in listed["items"]]


async def test_conversations_reload_open_delete_pause_and_temporary(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin, "/?profile=conversations")
    await send(page, "I'm planning a trip to Kyoto in April.")
    await send(page, "I'm allergic to shellfish.")
    await wait_remembered(page, 2)
    await page.click("#new-chat")
    assert await page.locator("#log > li").count() == 0
    await send(page, "My tomatoes keep splitting, what should I do?")
    await wait_remembered(page, 3)
    await page.locator("#chats-summary", has_text="Conversations (2)").wait_for()
    await page.click("#chats-summary")
    titles = await page.locator("#chat-list li .link").all_text_contents()
    assert titles == ["My tomatoes keep splitting, what should I do?", "I'm planning a trip to Kyoto in April."], titles
    # A reload comes back to the open chat, with its messages.
    await page.reload()
    await page.wait_for_selector("body[data-ready=true]", state="attached")
    await page.locator("#log > li", has_text="tomatoes").wait_for()
    assert await page.locator("#log > li.turn.user").count() == 1
    # Open the first chat: its messages are shown, and what is said next goes on in it.
    await page.click("#chats-summary")
    await page.locator("#chat-list li .link", has_text="Kyoto").click()
    await page.locator("#log > li", has_text="allergic to shellfish").wait_for()
    assert await page.locator("#log > li.turn.user").count() == 2
    await send(page, "We will stay near Gion.")
    await wait_remembered(page, 4)
    await page.wait_for_function(
        "async () => { const c = (await window.memlace.chats()).chats[0]; return c.messages === 3 && c.title.includes('Kyoto'); }",
        polling=200,
        timeout=10_000,
    )
    await shoot(page, "chat-conversations")
    # Delete the Kyoto chat with what memory learned only from it: its memories go, the other chat stays.
    assert any("shellfish" in text for text in await active(page))
    row = page.locator("#chat-list li", has_text="Kyoto")
    await row.get_by_role("button", name="Delete").click()
    await row.locator("input[type=checkbox]").check()
    await row.get_by_role("button", name="Delete chat").click()
    await page.locator("#chats-summary", has_text="Conversations (1)").wait_for()
    assert await page.locator("#log > li").count() == 0  # the open chat was the deleted one: a new chat starts
    assert not any("shellfish" in text or "Kyoto" in text for text in await active(page))
    assert await episodes(page) == 1
    # Paused: nothing new is remembered, and the page says so (memory is still used).
    await page.check("#pause")
    await page.locator("#chat-mode", has_text="Memory is paused").wait_for()
    await send(page, "My sister Ana is a nurse.")
    await page.locator("#log > li", has_text="Not remembered: memory is paused").wait_for()
    await page.uncheck("#pause")
    # A temporary chat: memory is neither used nor written.
    await page.click("#temp-chat")
    await send(page, "What should I do about my tomatoes?")
    await page.locator("#log > li", has_text="Memory was not used: this is a temporary chat").wait_for()
    await page.locator("#log > li", has_text="Not remembered: a temporary chat").wait_for()
    await shoot(page, "chat-temporary")
    assert await episodes(page) == 1 and not any("Ana" in text for text in await active(page))
    assert page.errors == []
