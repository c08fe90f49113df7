"""The pages people use, in real Chromium: the chat page (offline and with a model), the widget in the demo
host page, the service worker (reload with the network cut), XSS attempts, and screenshots to look at
(written to build/screenshots/)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from tests.e2e.conftest import BOOT_TIMEOUT_MS, open_app, recorded_context, wait_for_model

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
# The JS API from a page of the site (its runtime folder has the build's hash: the chat page names it).
IMPORT_API = """fetch('/').then((r) => r.text())
    .then((html) => import(`/${html.match(/src="\\.\\/(rt\\/[^"]+\\/js\\/)/)[1]}memlace.mjs`))"""
XSS = "I love <img src=x onerror=\"document.body.dataset.xss='1'\"> pottery classes"


async def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


async def send(page, text: str) -> None:  # type: ignore[no-untyped-def]
    turns = await page.locator("#log > li").count()
    await page.fill("#message", text)
    await page.keyboard.press("Enter")  # Enter sends (the keyboard path, not only the button)
    await page.wait_for_function(f"() => document.querySelectorAll('#log > li').length >= {turns + 2}")


async def wait_remembered(page, episodes: int) -> None:  # type: ignore[no-untyped-def]
    """Until the messages are stored and their memories extracted (extraction runs after a message is stored)."""
    settled = (
        f"async () => {{ const s = await window.memlace.stats(); return s.episodes >= {episodes} && s.pending.pending_extraction === 0; }}"
    )
    await page.wait_for_function(settled, polling=200, timeout=30_000)


async def test_chat_page_offline_shows_context_as_text(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin, "/?profile=chat-offline")
    await page.focus("#message")
    await send(page, XSS)
    assert "No model is configured" in await page.text_content("#log")
    await wait_remembered(page, 1)
    await send(page, "what about pottery?")
    context_box = page.locator("#log details.context").last
    await context_box.locator(":scope > summary").click()
    assert "<img" in await context_box.text_content()
    assert "keyword" in await context_box.locator(".why").first.text_content()  # the technical line, behind "details"
    assert not await context_box.locator(".why").first.is_visible()
    reason = await context_box.locator(".reason").first.text_content()  # and in plain words
    assert "matches “pottery”" in reason and ("you said this on" in reason or "a note about you" in reason), reason
    assert (await context_box.locator(":scope > summary").text_content()).startswith("Memory used")
    assert await page.evaluate("document.body.dataset.xss") is None and await page.locator("#log img").count() == 0
    assert "Offline" in await page.text_content("#model-status")
    await shoot(page, "chat-offline-desktop")
    await page.set_viewport_size({"width": 320, "height": 640})
    overflow = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways at 320 px by {overflow} px"
    await shoot(page, "chat-offline-320")
    assert page.errors == []


async def test_chat_page_with_a_model_streams_and_remembers(browser, model_server, upstream) -> None:  # type: ignore[no-untyped-def]
    upstream.reset()
    async with recorded_context(browser, color_scheme="dark") as context:
        page = await open_app(context, model_server.url, "/?profile=chat-model")
        await page.wait_for_function("() => document.getElementById('model-status').dataset.state === 'ok'")
        await send(page, "I live in Lisbon and I use Rust")
        await page.wait_for_function("() => document.querySelector('#log .turn.assistant:not([aria-busy])')")
        assert "You said: I live in Lisbon" in await page.text_content("#log .turn.assistant")
        await wait_remembered(page, 2)  # both sides
        await send(page, "Where do I live?")
        await page.wait_for_function("() => document.querySelectorAll('#log .turn.assistant:not([aria-busy])').length === 2")
        last = await page.locator("#log .turn.assistant").last.text_content()
        assert "remembered notes" in last and "I was given 0" not in last  # the pack reached the model
        await shoot(page, "chat-model-dark")
        assert page.errors == []


async def test_the_model_uses_memory_tools_and_the_page_says_so(browser, model_server, upstream) -> None:  # type: ignore[no-untyped-def]
    """A chat model that calls memlace's tools (scripted in the fake upstream): the worker runs them on the
    message, the page says what the assistant did with memory (with Undo), the model gets the results and
    answers, every call is logged on the message; a call with broken arguments is reported in words."""
    upstream.reset()
    async with recorded_context(browser) as context:
        page = await open_app(context, model_server.url, "/?profile=chat-tools")
        await page.wait_for_function("() => document.getElementById('model-status').dataset.state === 'ok'")
        upstream.script({"toolCalls": [{"id": "call_1", "name": "remember", "arguments": {"text": "User is allergic to peanuts"}}]})
        await send(page, "Please keep in mind: peanuts make me very ill.")
        used = page.locator("#log .turn.assistant .memory-tools").last
        await used.wait_for(timeout=30_000)
        assert "remembered “User is allergic to peanuts”" in await used.text_content() or "already knew" in await used.text_content()
        await page.wait_for_function("() => document.querySelector('#log .turn.assistant:not([aria-busy])')")
        assert "The tool said" in await page.locator("#log .turn.assistant .text").last.text_content()
        exported = await page.evaluate("() => window.memlace.export()")
        [asked] = [e for e in exported["episodes"] if e["text"].startswith("Please keep in mind")]
        assert [c["name"] for c in asked["tool_calls"]] == ["remember"] and asked["tool_calls"][0]["ok"]
        assert any(m["text"] == "User is allergic to peanuts" for m in exported["memories"])
        await shoot(page, "chat-model-tools")
        await used.get_by_role("button", name="Undo").click()
        await page.locator("#log .memory-tools", has_text="Undone").wait_for()
        memories = await page.evaluate("() => window.memlace.export().then(d => d.memories.map(m => m.text))")
        assert "User is allergic to peanuts" not in memories
        upstream.script({"toolCalls": [{"id": "call_2", "name": "forget_memory", "raw": '{"id": "mem_'}]})
        await send(page, "Forget what I said about peanuts.")
        broken = page.locator("#log .turn.assistant .memory-tools").last
        await page.wait_for_function("() => document.querySelectorAll('#log .memory-tools').length === 2")
        assert "could not forget memory: the arguments were not a valid JSON object" in await broken.text_content()
        offered = [r["body"] for r in upstream.requests() if r["path"] == "/v1/messages" and r["body"].get("tools")]
        assert offered and all(len(body["tools"]) == 4 for body in offered)  # the chat model is Anthropic's here
        assert page.errors == []


async def test_an_over_long_message_is_counted_kept_and_never_sent(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin, "/?profile=chat-limit")
    await page.fill("#message", "x" * 40_000)
    assert "40,000 / 32,000 characters: too long to send" in await page.text_content("#count")
    assert await page.get_attribute("#message", "aria-invalid") == "true"
    await page.keyboard.press("Enter")
    await page.click("#send")
    assert await page.locator("#log > li").count() == 0 and len(await page.input_value("#message")) == 40_000
    await shoot(page, "chat-over-limit")
    await page.fill("#message", "I keep bees.")
    assert await page.text_content("#count") == ""
    await send(page, "I keep bees.")
    assert await page.input_value("#message") == "" and page.errors == []


async def test_widget_in_the_demo_host_page(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin, "/demo.html")
    await page.evaluate(
        """(xss) => window.memlace.ingest([
          {text: 'I prefer green tea in the morning', chat_id: 'demo', message_id: 'd1'},
          {text: xss, chat_id: 'demo', message_id: 'd2'}])""",
        XSS,
    )
    panel = page.locator("memlace-panel")
    await panel.locator("section[part=remembered] li").first.wait_for()
    assert "remembers about you, kept in your browser" in await panel.locator("[part=about]").text_content()
    assert await page.text_content("#profile") == "default"  # the same memory as the chat page
    remembered = await panel.locator("section[part=remembered]").text_content()
    assert "green tea" in remembered and "<img" in remembered
    # The host's CSS (every h2 red) does not reach into the widget.
    heading_color = await panel.locator("h2").first.evaluate("(h) => getComputedStyle(h).color")
    assert heading_color != "rgb(255, 0, 0)"
    await page.fill("#box", "what tea do I like?")
    await panel.locator("section[part=next] li").first.wait_for()
    assert "green tea" in await panel.locator("section[part=next]").text_content()
    # Edit inline, then forget inline (two clicks).
    row = panel.locator("section[part=remembered] li", has_text="green tea")
    await row.get_by_role("button", name="Edit").click()
    await panel.locator("input[aria-label='New text']").fill("User prefers oolong tea in the morning")
    await panel.get_by_role("button", name="Save").click()
    await panel.locator("section[part=remembered] li", has_text="oolong").wait_for()
    oolong = panel.locator("section[part=remembered] li", has_text="oolong")
    await oolong.get_by_role("button", name="Forget").click()
    await oolong.get_by_role("button", name="Really forget").click()
    await oolong.wait_for(state="detached")
    # "Next message gets" follows: the forgotten memory leaves the preview of the box's text too.
    await panel.locator("section[part=next] li", has_text="oolong").wait_for(state="detached", timeout=10_000)
    listed = await page.evaluate("() => window.memlace.list({status: 'active'})")
    assert not any("tea" in m["text"] for m in listed["items"])
    assert await page.evaluate("document.body.dataset.xss") is None and await panel.locator("img").count() == 0
    await page.fill("#box", "Any tips for my garden?")
    await page.click("#go")  # no model on this site: the host page says so in words
    await page.locator("#info", has_text="No model is configured on this site").wait_for()
    # The host emptied its box and memory changed (the message went in): the preview follows, nothing stale stays.
    await panel.locator("section[part=next] li").first.wait_for(state="detached")
    await shoot(page, "demo-host-widget")
    await page.set_viewport_size({"width": 320, "height": 700})
    await shoot(page, "demo-host-widget-320")
    assert page.errors == []


async def test_reload_with_the_network_cut_after_the_first_visit(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin, "/?profile=offline-reload")
    await page.evaluate("() => window.memlace.ingest({text: 'I keep bees', chat_id: 'sw', message_id: 's1'})")
    # The service worker has precached this deploy once it is active.
    await page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    await context.set_offline(True)
    try:
        await page.reload()
        await page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert await page.evaluate("document.body.dataset.ready") == "true"
        assert await page.evaluate("navigator.serviceWorker.controller !== null")
        await wait_for_model(page)
        stats = await page.evaluate("() => window.memlace.stats()")
        assert stats["episodes"] == 1
        pack = await page.evaluate("() => window.memlace.retrieve('bees', {track: false})")
        assert "vector" in pack["items"][0]["reason"]["sources"]  # the model came from the cache too
        assert "Offline" in await page.text_content("#model-status")
    finally:
        await context.set_offline(False)


async def test_chat_works_when_memory_cannot_start(browser, model_server, upstream) -> None:  # type: ignore[no-untyped-def]
    """Memory failing to boot (here: its runtime cannot be fetched) never blocks the chat."""
    upstream.reset()
    async with recorded_context(browser) as context:
        await context.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page = await context.new_page()
        await page.goto(model_server.url + "/?profile=no-memory")
        await page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert await page.evaluate("document.body.dataset.ready") == "failed"
        assert "Memory unavailable" in await page.text_content("#memory-status")
        await page.wait_for_function("() => document.getElementById('model-status').dataset.state === 'ok'")
        await send(page, "Hello, are you there?")
        await page.wait_for_function("() => document.querySelector('#log .turn.assistant:not([aria-busy])')")
        assert "You said: Hello, are you there?" in await page.text_content("#log .turn.assistant")
        assert "not consulted" in await page.text_content("#log .turn.user")
        await shoot(page, "chat-memory-unavailable")


async def test_a_message_sent_while_memory_starts_is_remembered(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await context.new_page()
    await page.goto(origin + "/?profile=early-bird")
    await page.wait_for_function("() => window.memlace && window.memlace.readyState === 'starting'")
    await send(page, "I keep two cats called Miso and Tofu")
    await page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    await wait_remembered(page, 1)
    pack = await page.evaluate("() => window.memlace.retrieve('my cats', {track: false})")
    assert any("Miso" in item["text"] for item in pack["items"])


async def test_a_full_storage_quota_fails_clearly_and_loses_nothing(browser, origin) -> None:  # type: ignore[no-untyped-def]
    """A real QuotaExceededError from Chromium, its quota for this origin lowered to 300 kB through the
    DevTools protocol (Chromium reads it when the origin first uses storage, so it is set before; the service
    worker is blocked so that its precache does not count): a batch that does not fit stops with code
    storage_full at the first message that does not fit, saying how many went in; the chat page then says a
    message was not remembered and why; everything stored is intact after a reload."""
    async with recorded_context(browser, service_workers="block") as context:
        blank = await context.new_page()
        await blank.goto(origin + "/sw.js")  # this origin, before anything is stored
        devtools = await context.new_cdp_session(blank)
        await devtools.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 300_000})
        page = await open_app(context, origin, "/?profile=quota")
        await send(page, "I live in Oslo and I keep bees.")
        await wait_remembered(page, 1)
        for n, text in enumerate(["I prefer green tea.", "I play the cello on Sundays."]):
            await page.evaluate("([text, id]) => window.memlace.ingest({text, chat_id: 'q', message_id: id})", [text, f"pre{n}"])
        before = [m["id"] for m in (await page.evaluate("() => window.memlace.list({limit: 10})"))["items"]]
        assert len(before) >= 2
        rng = random.Random(5)  # distinct texts: near-duplicates would be merged, repeated text compressed
        words = " ".join("".join(rng.choices(string.ascii_lowercase, k=rng.randint(3, 9))) for _ in range(200_000))
        turns = [{"text": words[i * 2000 : (i + 1) * 2000], "chat_id": "q", "message_id": f"q{i}"} for i in range(600)]
        ingest = "(turns) => window.memlace.ingest(turns).then(() => null, (e) => ({code: e.code, message: e.message}))"
        error = await page.evaluate(ingest, turns)
        assert error is not None and error["code"] == "storage_full", error
        assert "nothing was changed" in error["message"] and "quota" in error["message"]
        # Each message is its own transaction: those before the one that did not fit are kept, and say so.
        kept = int(error["message"].split(" of the 600 messages were stored")[0])
        assert 0 < kept < 600
        stored = (await page.evaluate("() => window.memlace.stats()"))["episodes"]
        assert stored == 3 + kept
        await send(page, words[-30_000:])
        refusal = page.locator("#log .note.error").last
        await refusal.wait_for(timeout=30_000)
        assert "Not remembered" in await refusal.text_content() and "is full" in await refusal.text_content()
        await shoot(page, "chat-storage-full")
        # The ways out of a full quota all work: retrieval (which writes nothing), forget (deletes only), export.
        # A correction needs room. Growth keeps a reserve below the quota the browser reports, but a quota
        # lowered through DevTools is not what navigator.storage.estimate() reports, so here no reserve was kept
        # (the next test keeps one through storageLimit): the correction frees vectors that can be made again,
        # and as Chromium counts freed space late it may still be refused, cleanly, with nothing changed.
        attempt = "([method, id]) => window.memlace.call(method, {id}).then(() => 'ok', (e) => `${e.code}: ${e.message}`)"
        assert (await page.evaluate("() => window.memlace.retrieve('green tea').then(p => p.items.length)")) > 0
        assert await page.evaluate(attempt, ["forget", before[1]]) == "ok"
        retracted = await page.evaluate(attempt, ["retract", before[0]])
        assert retracted == "ok" or retracted.startswith("storage_full: "), retracted
        exported = await page.evaluate("() => window.memlace.export().then(d => d.memories.map(m => m.id))")
        assert before[0] in exported and before[1] not in exported
        await page.reload()
        await page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert (await page.evaluate("() => window.memlace.stats()"))["episodes"] == stored
        after = await page.evaluate("(id) => window.memlace.get(id).then(d => d.memory.status)", before[0])
        assert after == ("retracted" if retracted == "ok" else "staged")
        pack = await page.evaluate("() => window.memlace.retrieve('where do I live?', {track: false})")
        assert "Oslo" in pack["text"]
        assert page.errors == []


async def test_a_storage_limit_keeps_a_reserve_in_which_corrections_still_fit(browser, origin) -> None:  # type: ignore[no-untyped-def]
    """The JS API's storageLimit, with Chromium's real quota lowered to the same 1 MiB: new messages stop
    short of it with storage_full, and the reserve left takes a retract, an edit, a "forget that" request and
    its Undo, which a full quota refuses (IndexedDB counts freed space only after compaction)."""
    limit = 1024 * 1024
    async with recorded_context(browser, service_workers="block") as context:
        blank = await context.new_page()
        await blank.goto(origin + "/sw.js")  # this origin, before anything is stored
        devtools = await context.new_cdp_session(blank)
        await devtools.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": limit})
        page = await context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        await page.goto(origin + "/sw.js")
        opened = (
            """async (limit) => {
            const api = await """
            + IMPORT_API
            + """;
            try { await api.open({profile: 'reserve', storageLimit: 1000}); return 'accepted a tiny limit'; } catch (e) { if (e.code !== 'invalid_input') throw e; }
            window.memory = await api.open({profile: 'reserve', storageLimit: limit});
            await window.memory.modelReady;
            return 'ok';
        }"""
        )
        assert await page.evaluate(opened, limit) == "ok"
        first = await page.evaluate("() => window.memory.ingest({text: 'I live in Oslo. I keep bees.', chat_id: 'r', message_id: 'first'})")
        rng = random.Random(7)
        words = " ".join("".join(rng.choices(string.ascii_lowercase, k=rng.randint(3, 9))) for _ in range(80_000))
        turns = [{"text": f"{words[i * 1500 : (i + 1) * 1500]}.", "chat_id": "r", "message_id": f"r{i}"} for i in range(400)]
        ingest = "(turns) => window.memory.ingest(turns).then(() => null, (e) => ({code: e.code, message: e.message}))"
        error = await page.evaluate(ingest, turns)
        assert error is not None and error["code"] == "storage_full", error
        assert "kept so that corrections and forgetting still work" in error["message"], error["message"]
        kept = int(error["message"].split(" of the 400 messages were stored")[0])
        assert 0 < kept < 400
        # The reserve takes the corrections a full quota would refuse.
        call = "([method, params]) => window.memory.call(method, params).then((r) => r, (e) => `${e.code}: ${e.message}`)"
        texts = await page.evaluate(
            "(ids) => Promise.all(ids.map((id) => window.memory.get(id).then((d) => d.memory.text)))", first["created"]
        )
        made = dict(zip(texts, first["created"], strict=True))
        oslo, bees = made["User lives in Oslo"], made["User keeps bees"]
        assert (await page.evaluate(call, ["retract", {"id": bees}]))["status"] == "retracted"
        edited = await page.evaluate(call, ["edit", {"id": oslo, "text": "User lives in Bergen"}])
        assert edited["text"] == "User lives in Bergen", edited
        refused = await page.evaluate(ingest, [{"text": words[-1500:], "chat_id": "r", "message_id": "late"}])
        assert refused is not None and refused["code"] == "storage_full"
        request = await page.evaluate(
            "() => window.memory.ingest({text: 'Please forget that I live in Bergen.', chat_id: 'r', message_id: 'forget'})"
        )
        assert request["forgotten"] == [edited["id"]]
        undone = await page.evaluate(call, ["undo", {"episode_id": request["episode_id"]}])
        assert edited["id"] in undone["restored"], undone
        await page.reload()
        reopened = (
            """async (limit) => {
            const api = await """
            + IMPORT_API
            + """;
            const memory = await api.open({profile: 'reserve', storageLimit: limit});
            return (await memory.list({status: 'active', limit: 50})).items.map((m) => m.text);
        }"""
        )
        active = await page.evaluate(reopened, limit)
        assert "User lives in Bergen" in active and "User keeps bees" not in active, active
        assert page.errors == []


async def test_the_chat_page_says_what_memory_learned_and_can_undo_it(context, origin) -> None:  # type: ignore[no-untyped-def]
    """Under a message that changed memory: "Memory updated: ... (replaces: ...) · Undo"; Undo puts it back."""
    page = await open_app(context, origin, "/?profile=chat-undo")
    await send(page, "I live in Berlin.")
    await page.locator("#log .memory-update").first.wait_for(timeout=30_000)
    await send(page, "Actually, I moved to Lisbon last month.")
    update = page.locator("#log .memory-update").last
    await update.wait_for(timeout=30_000)
    await page.wait_for_function("() => document.querySelectorAll('#log .memory-update').length === 2")
    text = await update.text_content()
    assert "User lives in Lisbon (replaces: User lives in Berlin)" in text, text
    await shoot(page, "chat-memory-updated")
    await update.locator("button", has_text="Undo").click()
    await page.locator("#log .memory-update", has_text="Undone").wait_for(timeout=30_000)
    active = await page.evaluate("() => window.memlace.list({status: 'active'}).then(p => p.items.map(m => m.text))")
    assert "User lives in Berlin" in active and "User lives in Lisbon" not in active
    await send(page, "Please forget that I live in Berlin.")
    await page.wait_for_function("() => document.querySelectorAll('#log .memory-update').length === 3")
    assert "forgot “User lives in Berlin”" in await page.locator("#log .memory-update").last.text_content()
    assert page.errors == []
