"""Every page at desktop, phone and 200% zoom, in the light and the dark theme: nothing scrolls sideways, the
chat's composer leaves most of the screen to the conversation, and each view is written as a screenshot
(build/screenshots/layout-*.png) to look at. A profile chosen in the switcher is what the pages open."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import BOOT_TIMEOUT_MS, open_app, recorded_context
from tests.e2e.test_inspector import open_inspector
from tests.e2e.test_pages import SHOTS, send, shoot

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

# 200% zoom of a 1280x800 window is a 640x400 CSS viewport drawn at twice the pixels.
LAYOUTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2},
    "zoom200": {"viewport": {"width": 640, "height": 400}, "device_scale_factor": 2},
}
SIDEWAYS = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


async def check_and_shoot(page, name: str, redraw=None, screen: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Both themes: no sideways scrolling, and a screenshot of the whole page (or of the screen, as it is seen)."""
    for scheme in ("light", "dark"):
        await page.emulate_media(color_scheme=scheme)
        if redraw is not None:
            await redraw()
        overflow = await page.evaluate(SIDEWAYS)
        assert overflow <= 0, f"{name} ({scheme}) scrolls sideways by {overflow} px"
        if screen:
            await page.screenshot(path=str(SHOTS / f"layout-{name}-{scheme}.png"))
        else:
            await shoot(page, f"layout-{name}-{scheme}")


@pytest.mark.parametrize("layout", list(LAYOUTS))
async def test_every_page_fits_at_desktop_phone_and_200_percent_zoom(browser, origin, layout: str) -> None:  # type: ignore[no-untyped-def]
    async with recorded_context(browser, **LAYOUTS[layout]) as context:
        inspector = await open_inspector(context, origin, f"layout-{layout}")
        await check_and_shoot(inspector, f"{layout}-inspector")
        await inspector.locator("#memory-list li button.link").first.click()
        await inspector.locator("#detail", has_text="Where it came from").wait_for()
        await check_and_shoot(inspector, f"{layout}-inspector-detail")
        if await inspector.is_visible("#detail .sheet-close"):
            await inspector.click("#detail .sheet-close")
        for tab in ("graph", "trace", "stats", "io", "sync"):
            await inspector.click(f"#tab-{tab}")
            redraw = None
            if tab == "graph":
                await inspector.locator("#graph-status", has_text="nodes").wait_for()

                async def redraw() -> None:  # the drawing takes the theme's colours when it is drawn
                    await inspector.click("#graph-form button[type=submit]")
                    await inspector.locator("#graph canvas").first.wait_for()
            elif tab == "trace":
                await inspector.fill("#trace-query", "Where does William live?")
                await inspector.click("#trace-form button[type=submit]")
                await inspector.locator("#trace h3", has_text="Diversified").wait_for()
            elif tab == "stats":
                await inspector.locator("#timeline canvas").first.wait_for()
            await check_and_shoot(inspector, f"{layout}-inspector-{tab}", redraw)

        chat = await open_app(context, origin, f"/?profile=layout-{layout}")
        for text in ("I live in Porto now.", "What's a good name for a cat?", "Where do I live?"):
            await send(chat, text)
        composer = await chat.evaluate("document.getElementById('composer').getBoundingClientRect().height")
        viewport = LAYOUTS[layout]["viewport"]["height"]  # type: ignore[index]
        assert composer <= 0.4 * viewport, f"the composer takes {composer} of {viewport} px"
        latest = await chat.evaluate(
            "(() => { const last = document.querySelector('#log > li:last-child').getBoundingClientRect();"
            " return {bottom: last.bottom, composer: document.getElementById('composer').getBoundingClientRect().top}; })()"
        )
        assert 0 < latest["bottom"] <= latest["composer"] + 1, latest  # the newest message shows, above the composer
        await check_and_shoot(chat, f"{layout}-chat", screen=True)  # the screen as seen: the composer stays at its foot
        demo = await open_app(context, origin, "/demo.html")
        await demo.locator("memlace-panel").wait_for()
        await check_and_shoot(demo, f"{layout}-demo")


async def test_the_profile_switcher_lists_profiles_and_opens_a_new_one(context, origin) -> None:  # type: ignore[no-untyped-def]
    chat = await open_app(context, origin, "/?profile=switch-a")
    await chat.evaluate("() => window.memlace.ingest({text: 'I live in Oslo.', chat_id: 'c', message_id: 'm1'})")
    other = await open_app(context, origin, "/?profile=switch-b")
    await other.close()
    await chat.reload()
    await chat.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    await chat.locator("#profile-switch option[value='switch-b']").wait_for(state="attached")
    assert await chat.input_value("#profile-switch") == "switch-a"
    assert "profile=switch-a" in (await chat.get_attribute("nav a[href*='inspect']", "href") or "")  # links keep the profile
    # A new profile: a bad name is refused in place, a good one opens the page on it, empty.
    await chat.select_option("#profile-switch", "")
    await chat.fill("#profile-new", "no spaces please")
    await chat.click("#profile-form button[type=submit]")
    assert "profile=switch-a" in chat.url
    await chat.fill("#profile-new", "work")
    await chat.click("#profile-form button[type=submit]")
    await chat.wait_for_url("**/?profile=work")
    await chat.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert (await chat.evaluate("window.memlace.stats()"))["episodes"] == 0
    # Switching back from the inspector opens the other profile's memory there.
    inspector = await open_app(context, origin, "/inspect.html?profile=work")
    await inspector.select_option("#profile-switch", "switch-a")
    await inspector.wait_for_url("**/inspect.html?profile=switch-a")
    await inspector.locator("#memory-list li", has_text="Oslo").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert not chat.errors and not inspector.errors


async def test_counts_and_lists_follow_a_change_made_in_another_tab(context, origin) -> None:  # type: ignore[no-untyped-def]
    first = await open_app(context, origin, "/?profile=two-tabs")
    second = await open_app(context, origin, "/?profile=two-tabs")
    inspector = await open_app(context, origin, "/inspect.html?profile=two-tabs")
    await first.locator("#memory-status", has_text="0 messages").wait_for()
    await send(second, "I keep bees on my balcony.")
    await first.locator("#memory-status", has_text=", 1 message").wait_for()  # tab A hears tab B's change
    await inspector.locator("#memory-list li", has_text="bees").wait_for()  # and so does the inspector's list
    # Said again in other words: merged into the one memory, whose detail opens with both messages as sources.
    await send(second, "Just so you know, I keep bees on my balcony!")
    await first.locator("#memory-status", has_text=", 2 messages").wait_for()
    assert await inspector.locator("#memory-list li", has_text="bees").count() == 1
    await inspector.locator("#memory-list li button.link", has_text="bees").click()
    await inspector.locator("#detail .sources > li", has_text="Just so you know").wait_for()
    assert await inspector.locator("#detail .sources > li .quote").count() == 2
    assert not first.errors and not second.errors and not inspector.errors
