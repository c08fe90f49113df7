"""Bringing chat history in real Chromium: a generated ChatGPT export zip (as downloaded) and a Claude
conversations.json through the inspector's file picker, imported a batch at a time while memory keeps
answering; a second import adds nothing; a malformed file is refused in words."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from memlace.bench.history import chatgpt_export
from tests.e2e.conftest import open_app
from tests.e2e.test_inspector import open_inspector
from tests.e2e.test_pages import shoot

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]
DATA = Path(__file__).resolve().parents[1] / "data" / "imports"


def generated_chatgpt_export(conversations: int, turns: int) -> list[dict]:
    out = chatgpt_export(conversations, turns)
    out[0]["mapping"]["c0-t0"]["message"]["content"]["parts"] = ["I'm allergic to peanuts and I live in Ghent."]
    return out


async def test_importing_a_chatgpt_zip_and_a_claude_export_in_the_inspector(context, origin, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = await open_inspector(context, origin, "history-import")
    chat = await open_app(context, origin, "/?profile=history-import")  # a second tab on the same memory
    await page.click("#tab-io")
    archive = tmp_path / "chatgpt-export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("conversations.json", json.dumps(generated_chatgpt_export(20, 12)))
        z.writestr("user.json", '{"email": "someone@example.com"}')
    status = page.locator("#chat-import [data-role=status]")
    await page.set_input_files("#chat-import-file", str(archive))
    # Memory answers while the import runs: the chat page's retrieval comes back between batches.
    await status.filter(has_text="added").wait_for(timeout=60_000)
    pack = await chat.evaluate("() => window.memlace.retrieve('what should I try next with pottery?', {track: false})")
    assert pack["items"] and "Done." not in await status.text_content()
    await status.filter(has_text="Done.").wait_for(timeout=300_000)
    said = await status.text_content()
    assert "ChatGPT export: 20 conversations, 240 messages read" in said and "240 added" in said, said
    await shoot(page, "inspector-history-import")
    await page.set_input_files("#chat-import-file", str(archive))
    await status.filter(has_text="Done.").filter(has_text="0 added, 240 were already here").wait_for(timeout=120_000)
    await page.set_input_files("#chat-import-file", str(DATA / "claude-conversations.json"))
    await status.filter(has_text="Claude export").filter(has_text="Done.").wait_for(timeout=60_000)
    assert "3 added" in await status.text_content() and "2 tool calls and results" in await status.text_content()
    broken = tmp_path / "conversations.json"
    broken.write_text('[{"mapping": {}, "id": "x"}, {"mapping": ')
    await page.set_input_files("#chat-import-file", str(broken))
    await status.filter(has_text="cannot be imported").wait_for(timeout=60_000)
    assert "element 2 is not valid JSON" in await status.text_content()
    stats = await chat.evaluate("() => window.memlace.stats()")
    assert stats["episodes"] >= 243
    pack = await chat.evaluate("() => window.memlace.retrieve('What am I allergic to?', {track: false})")
    assert "peanuts" in pack["text"]
    assert not page.errors


async def test_an_import_cut_short_by_a_closed_tab_is_offered_again_and_resumes(context, origin, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = await open_inspector(context, origin, "import-resume")
    await page.click("#tab-io")
    export = tmp_path / "conversations.json"
    export.write_text(json.dumps(chatgpt_export(40, 20)), encoding="utf-8")  # 800 messages: several batches
    status = page.locator("#chat-import [data-role=status]")
    await page.set_input_files("#chat-import-file", str(export))
    await status.filter(has_text="added").wait_for(timeout=60_000)
    await page.close()  # the tab is closed mid-import
    again = await open_app(context, origin, "/inspect.html?profile=import-resume")
    await again.click("#tab-io")
    status = again.locator("#chat-import [data-role=status]")
    await status.filter(has_text="The import of conversations.json").filter(has_text="did not finish").wait_for(timeout=30_000)
    await shoot(again, "inspector-import-resume")
    await again.click("#chat-import button[data-role=resume]")
    await status.filter(has_text="Done.").wait_for(timeout=300_000)
    said = await status.text_content() or ""
    assert "800 messages read" in said and "were already here" in said, said  # what went in before is not added twice
    await again.reload()
    await again.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    await again.click("#tab-io")
    await again.wait_for_timeout(500)
    assert await again.is_hidden("#chat-import button[data-role=resume]")  # done: nothing is offered any more
    chat = await open_app(context, origin, "/?profile=import-resume")
    assert (await chat.evaluate("() => window.memlace.stats()"))["episodes"] >= 800 + 6
    assert not again.errors
