"""A new user's first session, as one script in real Chromium: fifteen messages on the chat page (facts,
corrections, "remember that", "forget that", questions, small talk), then the inspector, then a reload.
What memory keeps and gives back is asserted the way the user would judge it."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.test_inspector import row
from tests.e2e.test_pages import send, shoot

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

SESSION = [
    "Hi! I'm Maya.",
    "I live in Berlin and I work as a nurse.",
    "I'm allergic to peanuts.",
    "My sister Lena is a teacher.",
    "What's a good recipe for dinner tonight?",
    "I play the piano on weekends.",
    "I'm 34 years old.",
    "Actually, I moved to Lisbon last month.",
    "Remember that my favourite colour is teal.",
    "Please forget that I play the piano.",
    "Sorry, I'm 35, not 34.",
    "What is the boiling point of water at sea level?",
    "I started a new job as a data analyst at Zalando.",
    "Thanks, that's helpful!",
    "Where do I live now?",
]
KEPT = {
    "User's name is Maya",
    "User lives in Lisbon",
    "User is allergic to peanuts",
    "User's sister Lena is a teacher",
    "User is 35 years old",
    "User's favourite colour is teal",
    "User works as a data analyst",
    "User works at Zalando",
}
REPLACED = {"User lives in Berlin", "User works as a nurse", "User is 34 years old"}


async def test_a_first_session_keeps_the_right_facts_and_gives_back_only_what_is_relevant(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin, "/?profile=first-session")
    for text in SESSION:
        await send(page, text)
    # Every message stored and read: a message's memories may be extracted just after it is stored.
    settled = f"async () => {{ const s = await window.memlace.stats(); return s.episodes >= {len(SESSION)} && s.pending.pending_extraction === 0; }}"
    await page.wait_for_function(settled, polling=200)
    active = await page.evaluate("async () => (await window.memlace.list({status: 'active', limit: 100})).items.map((m) => m.text)")
    assert set(active) == KEPT, active  # clean facts, corrections that replace, teal remembered, the piano forgotten
    replaced = await page.evaluate("async () => (await window.memlace.list({status: 'superseded', limit: 100})).items.map((m) => m.text)")
    assert set(replaced) == REPLACED, replaced
    log = page.locator("#log > li.turn.user")
    assert "User lives in Lisbon (replaces: User lives in Berlin)" in await log.nth(7).text_content()
    assert "forgot “User plays the piano on weekends”" in await log.nth(9).text_content()
    assert "Nothing remembered is relevant yet" in await log.nth(11).text_content()  # the boiling point: off topic
    asked = await page.evaluate("(q) => window.memlace.retrieve(q, {track: false})", "Where do I live now?")
    assert asked["items"][0]["text"] == "User lives in Lisbon"
    said = " ".join(item["text"] for item in asked["items"])
    assert "Berlin" not in said and "34" not in said and "piano" not in said and "Where do I live now" not in said
    await shoot(page, "chat-first-session")
    # The inspector shows the same memory, and the replaced version in the history of the new one.
    inspector = await context.new_page()
    await inspector.goto(f"{origin}/inspect.html?profile=first-session")
    await inspector.wait_for_selector("body[data-ready=true]", state="attached")
    await row(inspector, "User lives in Lisbon").locator("button.link").click()
    await inspector.locator("#detail .history", has_text="User lives in Berlin").wait_for()
    # A reload comes back to the same conversation.
    await page.reload()
    await page.wait_for_selector("body[data-ready=true]", state="attached")
    await page.locator("#log > li", has_text="Where do I live now?").wait_for()
    assert await page.locator("#log > li.turn.user").count() == len(SESSION)
    assert page.errors == []
