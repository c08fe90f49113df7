"""The memory inspector (inspect.html: Python page logic in MicroPython) in real Chromium: list, filters,
paging, detail and history, edit / confirm / retract / forget, bulk actions, graph, trace, stats, export,
import with preview, opening a file read-only, XSS through a remembered message and an imported file."""

from __future__ import annotations

import json
import re

import pytest

from tests.e2e.conftest import BOOT_TIMEOUT_MS, open_app
from tests.e2e.test_pages import XSS, shoot
from tests.test_inspection import CONVERSATION as SEED

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

CONVERSATION = [*SEED, XSS]


async def open_inspector(context, origin: str, profile: str):  # type: ignore[no-untyped-def]
    """Seed a profile through the chat page's API, then open the inspector on it."""
    page = await open_app(context, origin, f"/?profile={profile}")
    await page.evaluate(
        """async (lines) => {
          for (const [i, text] of lines.entries())
            await window.memlace.ingest({text, chat_id: 'insp', message_id: `m${i}`, timestamp: 1700000000 + i * 86400});
        }""",
        CONVERSATION,
    )
    console_errors: list[str] = []
    page.on("console", lambda message: console_errors.append(message.text) if message.type == "error" else None)
    page.on("dialog", lambda dialog: dialog.accept())
    page.console_errors = console_errors
    await page.goto(f"{origin}/inspect.html?profile={profile}")
    await page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert await page.evaluate("document.body.dataset.ready") == "true", await page.text_content("#boot-status")
    await page.locator("#memory-list li").first.wait_for()
    return page


async def open_filters(page) -> None:  # type: ignore[no-untyped-def]
    """The filters beyond Search are folded until opened (and the fold remembers being opened)."""
    if not await page.evaluate("document.getElementById('more-filters').open"):
        await page.click("#more-filters summary")


def row(page, text: str):  # type: ignore[no-untyped-def]
    return page.locator("#memory-list li", has_text=text)


async def test_list_filters_detail_and_corrections(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_inspector(context, origin, "inspector-edit")
    listed = await page.text_content("#memory-list")
    assert "User prefers dark theme in every editor" in listed and "<img" in listed
    assert await page.locator("#memory-list img").count() == 0 and await page.evaluate("document.body.dataset.xss") is None
    # Filters: kind, status, text.
    await open_filters(page)
    await page.select_option("#f-kind", "preference")
    await page.wait_for_function("() => !document.getElementById('memory-list').textContent.includes('User is William')")
    assert "dark theme" in await page.text_content("#memory-list")
    await page.select_option("#f-kind", "")
    await page.select_option("#f-status", "superseded")
    await page.wait_for_function("() => document.getElementById('memory-list').children.length === 1")
    assert "NYC" in await page.text_content("#memory-list")
    await page.locator("#memory-list li button.link").first.click()  # a superseded memory's detail opens
    await page.locator("#detail", has_text="replaced this one").filter(has_text="NYC").wait_for()
    await page.select_option("#f-status", "")
    await page.fill("#f-text", "theme")
    await page.wait_for_function("() => document.getElementById('memory-list').children.length === 1")
    # Detail: provenance back to the exact message, then a correction that keeps the history.
    await row(page, "dark theme").locator("button.link").click()
    await page.locator("#detail", has_text="Where it came from").filter(has_text="I prefer dark theme in every editor.").wait_for()
    await page.fill("#detail textarea", "User prefers a light theme in the morning")
    await page.locator("#detail").get_by_role("button", name="Save correction").click()
    await page.locator("#detail", has_text="version 2 (this one)").wait_for()
    assert "User prefers dark theme in every editor" in await page.text_content("#detail .history")
    await shoot(page, "inspector-detail")
    # The old version opens from the history, says what it is and links forward; then back to the new one.
    await page.locator("#detail .history button.link", has_text="dark theme").click()
    await page.locator("#detail", has_text="version 1 (this one)").filter(has_text="replaced this one").wait_for()
    assert "superseded: replaced by a newer version" in await page.text_content("#detail dl")
    assert "Something went wrong" not in await page.text_content("body")
    await page.locator("#detail .history button.link", has_text="light theme").click()
    await page.locator("#detail", has_text="version 2 (this one)").wait_for()
    assert "confirmed: confirmed by you (you asked to remember it, corrected it" in await page.text_content("#detail dl")
    await page.locator("#detail").get_by_role("button", name="Retract").click()
    await page.locator("#detail dd", has_text="retracted").wait_for()
    await page.locator("#detail").get_by_role("button", name="Forget").click()  # the confirm dialog is accepted
    await page.locator("#detail", has_text="Forgotten.").wait_for()
    await page.fill("#f-text", "")
    await page.wait_for_function("() => !document.getElementById('memory-list').textContent.includes('light theme')")
    assert not page.errors and not [e for e in page.console_errors if "Content Security Policy" in e]


async def test_bulk_actions_and_paging(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_inspector(context, origin, "inspector-bulk")
    await open_filters(page)
    await page.select_option("#f-status", "staged")
    await page.wait_for_function(
        "() => { const rows = [...document.querySelectorAll('#memory-list li')];"
        " return rows.length > 2 && rows.every((row) => row.classList.contains('status-staged')); }"
    )
    staged = await page.locator("#memory-list li").count()
    await page.check("#select-all")
    assert await page.text_content("#selected-count") == f"{staged} selected"
    await page.click("#bulk-confirm")
    await page.locator("#list-status", has_text=f"Confirmed: {staged} done").wait_for()
    stats = await page.evaluate("() => window.memlace ? null : null")  # the inspector keeps no global engine handle
    assert stats is None
    await page.select_option("#f-status", "confirmed")
    await page.wait_for_function(f"() => document.getElementById('memory-list').children.length === {staged}")
    assert "1–" in await page.text_content("#page-info")


async def test_graph_trace_and_stats(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_inspector(context, origin, "inspector-views")
    await page.click("#tab-graph")
    await page.locator("#graph-status", has_text="nodes").wait_for()
    assert await page.locator("#graph canvas").count() > 0
    await page.fill("#graph-focus", "DeepRune")
    await page.click("#graph-form button[type=submit]")
    await page.locator("#graph-status", has_text="nodes").wait_for()
    await shoot(page, "inspector-graph")
    assert "a message" in await page.text_content("#graph-legend")
    # The nodes drawn are listed too, by name (never a raw id), and each leads to its detail.
    await page.click("#graph-list-fold summary")
    names = await page.locator("#graph-list li button").all_text_contents()
    assert "DeepRune" in names and not [n for n in names if re.fullmatch(r"[0-9a-f_:a-z]*[0-9a-f]{32,}", n)], names
    await page.locator("#graph-list button", has_text="DeepRune").first.click()
    await page.locator("#graph-node", has_text="a name").wait_for()
    await page.locator("#graph-node button", has_text="Show its memories").click()
    await page.wait_for_function("() => document.getElementById('tab-memories').getAttribute('aria-selected') === 'true'")
    assert await page.input_value("#f-entity") == "DeepRune"
    await page.wait_for_function(
        "() => { const rows = [...document.querySelectorAll('#memory-list li')];"
        " return rows.length > 0 && rows.every((li) => li.textContent.includes('DeepRune')); }"
    )
    await page.fill("#f-entity", "")
    await page.click("#tab-graph")
    await page.locator("#graph-list li", has_text="memory").first.wait_for(state="attached")
    await page.locator("#graph-list li", has_text="memory").locator("button").first.click()
    await page.locator("#graph-node button", has_text="Open its detail").click()
    await page.locator("#detail", has_text="Where it came from").wait_for()
    await page.click("#tab-graph")
    # Keyboard: arrow keys move between tabs.
    await page.focus("#tab-graph")
    await page.keyboard.press("ArrowRight")
    assert await page.get_attribute("#tab-trace", "aria-selected") == "true"
    await page.fill("#trace-query", "Where does William live?")
    await page.keyboard.press("Enter")
    await page.locator("#trace h3", has_text="Diversified").wait_for()
    text = await page.text_content("#trace")
    assert "Keywords (BM25)" in text and "Meaning (vectors)" in text and "The pack, and why" in text
    await shoot(page, "inspector-trace")
    # A recipe on trial in shadow: the trace shows what it would have given; the trial can be ended.
    await page.locator("#trial-recipe option[value='questions-out@1']").wait_for(state="attached")
    await page.select_option("#trial-recipe", "questions-out@1")
    await page.select_option("#trial-mode", "shadow")
    await page.click("#trial-form button[type=submit]")
    await page.locator("#trial-status", has_text="questions-out@1 runs in shadow").wait_for()
    await page.click("#trace-form button[type=submit]")
    await page.locator("#trace h3", has_text="Shadow recipe questions-out@1").wait_for()
    await shoot(page, "inspector-trace-shadow")
    await page.select_option("#trial-mode", "off")
    await page.click("#trial-form button[type=submit]")
    await page.locator("#trial-status", has_text="No recipe is on trial").wait_for()
    await page.click("#tab-stats")
    await page.locator("#stats-numbers .number").first.wait_for()
    assert "memories" in await page.text_content("#stats-numbers")
    await page.locator("#timeline canvas").first.wait_for()
    legend = await page.text_content("#timeline .u-legend")
    assert "Day" in legend and "Time" not in legend  # days, not hours over a week of zeros
    assert "DeepRune" in await page.text_content("#top-entities")
    await shoot(page, "inspector-stats")
    await page.set_viewport_size({"width": 320, "height": 700})
    await page.click("#tab-memories")
    await page.click("#detail .sheet-close")  # the memory opened from the graph is a sheet on a phone: closed here
    overflow = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the inspector scrolls sideways at 320 px by {overflow} px"
    await shoot(page, "inspector-320")
    # On a phone the detail sits below the list: opening a memory moves focus there, and it comes into view.
    await page.set_viewport_size({"width": 390, "height": 844})
    await page.locator("#memory-list li button.link").last.click()
    await page.locator("#detail", has_text="Where it came from").wait_for()
    await page.wait_for_function("() => document.activeElement && document.activeElement.id === 'detail'")
    top = await page.evaluate("document.getElementById('detail').getBoundingClientRect().top")
    assert -1 < top < 844, top  # in view (scrolled there, give or take a fraction of a pixel)
    await shoot(page, "inspector-phone-detail")
    assert not page.errors and not [e for e in page.console_errors if "Content Security Policy" in e]


async def test_on_a_phone_the_first_screen_shows_memories_with_the_filters_folded(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_inspector(context, origin, "inspector-phone")
    phone = await context.new_page()
    await phone.set_viewport_size({"width": 390, "height": 844})
    await phone.goto(f"{origin}/inspect.html?profile=inspector-phone")
    await phone.locator("#memory-list li").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert await phone.is_visible("#f-text") and not await phone.is_visible("#f-kind") and not await phone.is_visible("#open-file")
    top = await phone.evaluate("document.querySelector('#memory-list li').getBoundingClientRect().top")
    assert 0 < top < 844 / 2, f"the first memory starts {top} px down"  # the first screen shows memories
    await shoot(phone, "inspector-phone")
    await phone.click("#more-filters summary")
    await phone.select_option("#f-kind", "preference")
    await phone.locator("#filters-set", has_text="(1 set)").wait_for()
    await phone.wait_for_function(
        "() => [...document.querySelectorAll('#memory-list li')].every((li) => li.textContent.includes('preference ·'))"
    )
    await page.reload()
    await page.locator("#memory-list li").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert await page.evaluate("document.querySelector('#more-filters').open")  # the fold remembers being opened
    await phone.close()


async def test_export_import_and_read_only_files(context, origin, tmp_path) -> None:  # type: ignore[no-untyped-def]
    page = await open_inspector(context, origin, "inspector-io")
    await page.click("#tab-io")
    async with page.expect_download() as info:
        await page.click("#export-json")
    exported = json.loads((await (await info.value).path()).read_text(encoding="utf-8"))
    assert exported["format"] == "memlace-export" and len(exported["memories"]) >= 6
    async with page.expect_download() as info:
        await page.click("#export-md")
    markdown = (await (await info.value).path()).read_text(encoding="utf-8")
    assert markdown.startswith("# memlace") and "\\<img" in markdown
    # Import a file with a hostile memory: a preview first, then the merge; everything stays text.
    hostile = dict(exported)
    template = exported["memories"][0]
    changed = {**exported["memories"][1], "text": "User now likes <b onmouseover=alert(1)>rooibos</b> tea", "confidence": 0.5}
    sailing = {
        **template,
        "id": "mem_imported_hostile",
        "text": "<script>document.body.dataset.xss='2'</script> User likes sailing",
        "text_hash": "",
    }
    hostile["memories"] = [exported["memories"][0], changed, *exported["memories"][2:], sailing]
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(hostile), encoding="utf-8")
    await page.set_input_files("#import-file", str(path))
    await page.locator("#import-preview", has_text="Preview").wait_for()
    preview = await page.text_content("#import-preview")
    assert (
        "New: 1 memories, 0 messages, 0 entities, 0 relations" in preview
        and f"identical: {len(exported['memories']) - 1} memories" in preview
    )
    # The changed memory is shown side by side, as text, with what differs; the file's version is chosen.
    conflict = page.locator("#import-preview .conflicts > li")
    assert await conflict.count() == 1
    cards = await conflict.locator(".version .quote").all_text_contents()
    assert cards == [exported["memories"][1]["text"], changed["text"]] and await page.locator("#import-preview b").count() == 0
    assert "text" in await conflict.locator(".why", has_text="Differs in").text_content()
    await shoot(page, "inspector-import-conflict")
    await conflict.get_by_label("Use the file's").check()
    await page.click("#import-commit")
    await page.locator("#import-preview", has_text="Imported").wait_for()
    assert "1 replaced by the file's version" in await page.text_content("#import-preview")
    await page.click("#tab-memories")
    await page.fill("#f-text", "sailing")
    await page.locator("#memory-list li", has_text="<script>").wait_for()
    await page.fill("#f-text", "rooibos")
    await page.locator("#memory-list li", has_text="<b onmouseover").wait_for()  # the file's version replaced ours
    await page.locator("#memory-list button.link", has_text="rooibos").click()  # an imported version's detail opens
    await page.locator("#detail", has_text="Where it came from").filter(has_text="rooibos").wait_for()
    assert await page.evaluate("document.body.dataset.xss") is None and await page.locator("#memory-list script").count() == 0
    # A broken file is refused with a clear message and changes nothing.
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "memlace-export", "schema_version": 999}', encoding="utf-8")
    await page.click("#tab-io")
    await page.set_input_files("#import-file", str(bad))
    await page.locator("#import-preview .error").wait_for()
    # Open an export read-only: its memories are shown, writes are off, the profile's own memory is untouched.
    own_total = len(exported["memories"]) + 1
    other = dict(exported)
    other["memories"] = [{**template, "id": "mem_only_in_file", "text": "User collects stamps", "text_hash": ""}]
    other["episodes"], other["edges"] = [], []
    file = tmp_path / "other.json"
    file.write_text(json.dumps(other), encoding="utf-8")
    await page.click("#tab-memories")
    await page.fill("#f-text", "")
    await page.click("#tab-io")
    await page.set_input_files("#open-file", str(file))
    await page.locator("#source-status", has_text="read-only").wait_for()
    await page.locator("#memory-list li", has_text="stamps").wait_for()
    assert await page.locator("#memory-list li").count() == 1
    assert await page.is_hidden("#bulk")
    await page.locator("#memory-list button.link").first.click()
    await page.locator("#detail", has_text="stamps").wait_for()
    assert await page.locator("#detail button", has_text="Forget").count() == 0
    await shoot(page, "inspector-read-only-file")
    await page.click("#back-to-profile")
    await page.locator("#source-status", has_text="this browser's memory").wait_for()
    await page.wait_for_function(f"() => document.getElementById('page-info').textContent.endsWith('of {own_total}')")
    assert not page.errors


async def test_a_record_that_cannot_be_read_is_shown_and_exported_not_fatal(context, origin) -> None:  # type: ignore[no-untyped-def]
    """A damaged record in IndexedDB (here an episode whose time is NaN, written around memlace) no longer
    stops the profile from opening: the inspector says what was left out, and the export carries it."""
    page = await open_inspector(context, origin, "damaged")
    await page.evaluate(
        """() => new Promise((resolve, reject) => {
          const request = indexedDB.open('memlace-damaged');
          request.onsuccess = () => {
            const tx = request.result.transaction('episodes', 'readwrite');
            tx.objectStore('episodes').put({id: 'ep_damaged', chat_id: 'c', message_id: 'x', text: 'hi', timestamp: NaN});
            tx.oncomplete = () => { request.result.close(); resolve(); };
            tx.onerror = () => reject(tx.error);
          };
        })"""
    )
    await page.reload()  # the worker loads the profile again, damaged record and all
    await page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert await page.evaluate("document.body.dataset.ready") == "true", await page.text_content("#boot-status")
    await page.click("#tab-stats")
    notice = page.locator("#quarantine")
    await notice.wait_for()
    assert "1 stored record could not be read" in await notice.text_content() and "ep_damaged" in await notice.text_content()
    await shoot(page, "inspector-quarantine")
    chat = await open_app(context, origin, "/?profile=damaged")  # another tab of the same profile
    exported = await chat.evaluate("() => window.memlace.export()")
    assert [q["id"] for q in exported["quarantined"]] == ["ep_damaged"] and "NaN" not in json.dumps(exported)


async def test_forget_everything_after_the_offer_to_export(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_inspector(context, origin, "inspector-forget-all")
    await page.click("#tab-io")
    assert "download the JSON export above first" in await page.text_content("#forget-all")
    assert await page.is_disabled("#forget-all-go")  # armed only by the checkbox, then a confirm dialog
    await page.check("#forget-all-sure")
    await page.click("#forget-all-go")  # the dialog is accepted
    await page.locator("#forget-all-status", has_text="Memory is empty now").wait_for()
    await shoot(page, "inspector-forget-everything")
    await page.wait_for_function("() => document.querySelectorAll('#memory-list li').length === 0")
    await page.reload()
    await page.wait_for_selector("body[data-ready=true]", state="attached")
    assert await page.locator("#memory-list li").count() == 0
    assert not page.errors


async def test_a_bulk_action_on_everything_a_filter_matches(context, origin) -> None:  # type: ignore[no-untyped-def]
    from memlace.memory import Memlace
    from memlace.stores.memory import MemoryStore

    source = await Memlace.open(MemoryStore())  # 70 memories, more than a page, brought in as an export file
    await source.ingest_many(
        [
            {"text": f"My friend number {n} lives in Porto.", "chat_id": "c", "message_id": f"m{n}", "timestamp": 1.7e9 + n}
            for n in range(70)
        ]
    )
    document = json.dumps(await source.export())
    app = await open_app(context, origin, "/?profile=inspector-bulk-all")
    await app.evaluate("(text) => window.memlace.import(text)", document)
    page = await open_inspector(context, origin, "inspector-bulk-all")
    await page.fill("#f-text", "Porto")
    await page.locator("#page-info", has_text="of 70").wait_for()
    await page.check("#select-all")
    assert await page.text_content("#selected-count") == "50 selected"
    await page.click("#select-matching")
    assert await page.text_content("#selected-count") == "all 70 that match these filters"
    await page.click("#bulk-retract")
    await page.locator("#list-status", has_text="Retracted: 70 of 70 that matched").wait_for()
    listed = await app.evaluate("() => window.memlace.list({status: 'retracted', limit: 100})")
    assert listed["total"] == 70
    assert not page.errors


async def test_the_keyboard_reaches_the_first_memory_in_a_few_stops_and_a_phone_opens_it_as_a_sheet(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_inspector(context, origin, "inspector-keys")
    await page.evaluate("localStorage.removeItem('memlace.inspector.filters')")  # a first visit: filters folded
    await page.reload()
    await page.locator("#memory-list li").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    first_memory = "document.activeElement === document.querySelector('#memory-list button.link')"
    stops = 0
    while not await page.evaluate(first_memory):
        await page.keyboard.press("Tab")
        stops += 1
        assert stops <= 12, (
            f"the first memory is not among the first 12 Tab stops (at {stops}: {await page.evaluate('document.activeElement.outerHTML')})"
        )
    # The skip link is the first stop and goes straight there; Enter opens the memory and focus follows it.
    await page.reload()
    await page.locator("#memory-list li").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    await page.keyboard.press("Tab")
    assert await page.evaluate("document.activeElement.id") == "skip"
    await page.keyboard.press("Enter")
    assert await page.evaluate(first_memory)
    await page.keyboard.press("Enter")
    await page.wait_for_function("() => document.activeElement && document.activeElement.id === 'detail'")
    # On a phone the detail is a sheet over the list; Escape or Close closes it and focus goes back to the memory.
    await page.set_viewport_size({"width": 390, "height": 844})
    await page.keyboard.press("Escape")
    await page.wait_for_function("() => getComputedStyle(document.getElementById('detail')).display === 'none'")
    assert await page.evaluate(first_memory)
    await page.locator("#memory-list li button.link").nth(1).click()
    await page.locator("#detail", has_text="Where it came from").wait_for()
    box = await page.evaluate(
        "(() => { const d = document.getElementById('detail'); const r = d.getBoundingClientRect();"
        " return {position: getComputedStyle(d).position, top: r.top, height: r.height}; })()"
    )
    assert box["position"] == "fixed" and 0 <= box["top"] < 100 and box["height"] > 600, box
    await shoot(page, "inspector-phone-sheet")
    await page.click("#detail .sheet-close")
    await page.wait_for_function("() => getComputedStyle(document.getElementById('detail')).display === 'none'")
    assert await page.evaluate("document.activeElement === document.querySelectorAll('#memory-list button.link')[1]")
    assert not page.errors
