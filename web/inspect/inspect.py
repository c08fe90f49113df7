# The memory inspector's page logic, in Python (MicroPython on the main thread; the engine runs in the
# memlace worker). Everything remembered is untrusted: it only ever becomes text nodes (inspect_dom.el never
# sets HTML), and imported files are opened read-only in their own worker before anything is merged.
# The Inspector is put together from one part per tab (inspect_list, inspect_detail, inspect_graph,
# inspect_trace, inspect_stats, inspect_transfer); web/js/inspect.mjs loads them all before this one.
import asyncio
import json

import js
import memlace_js
import views_js
from inspect_detail import MemoryDetail
from inspect_dom import KINDS, by_id, document, el, guarded, later, message_of
from inspect_graph import GraphView
from inspect_list import MemoryList
from inspect_stats import StatsView
from inspect_trace import TraceView
from inspect_transfer import Transfer, arm_forget_everything, forget_everything

TABS = ["memories", "graph", "trace", "stats", "io", "sync"]


class Inspector(MemoryList, MemoryDetail, GraphView, TraceView, StatsView, Transfer):
    def __init__(self):
        self.profile = str(js.URLSearchParams.new(js.location.search).get("profile") or "default")
        self.memory = None
        self.read_only = False
        self.offset = 0
        self.total = 0
        self.selected = set()
        self.all_matching = False  # "Select all that match": a bulk action goes to every match, not a page
        self.list_requests = 0
        self.page_ids = []
        self.current = None
        self.tab = "memories"

    # -- talking to the worker: JSON across, so no Python proxies reach the worker ------------------
    async def call(self, method, **params):
        result = await self.memory.call(method, js.JSON.parse(json.dumps(params)))
        return json.loads(js.JSON.stringify(result)) if result is not None else None

    async def connect(self, options):
        memory = await memlace_js.open(js.JSON.parse(json.dumps(options)))
        await memory.ready
        if self.memory is not None:
            self.memory.close()  # a file's worker is let go; a profile's stays with its tab
        self.memory = memory
        memory.addEventListener("change", lambda event: asyncio.create_task(guarded(self.refresh)))

    async def open_profile(self):
        await self.connect({"profile": self.profile, "embeddings": "local"})
        views_js.chatImportView(self.memory, by_id("chat-import"))
        views_js.syncView(self.memory, by_id("panel-sync"))
        self.read_only = False
        by_id("source-status").textContent = "Showing this browser's memory (profile " + self.profile + ")."
        by_id("back-to-profile").hidden = True
        self.show_writes(True)

    async def open_file(self, event=None):
        text = await views_js.readFile(by_id("open-file"))
        if text is None:
            return
        by_id("source-status").textContent = "Opening the file…"
        try:
            await self.connect({"document": str(text), "embeddings": "none"})
        except Exception as error:
            by_id("source-status").textContent = "That file cannot be opened: " + message_of(error)
            return
        self.read_only = True
        name = str(by_id("open-file").files.item(0).name)
        by_id("source-status").textContent = "Showing the file " + name + ", read-only. This browser's memory is not touched."
        by_id("back-to-profile").hidden = False
        self.show_writes(False)
        self.offset = 0
        self.choose_tab("memories")
        await self.refresh()

    async def back_to_profile(self, event=None):
        await self.open_profile()
        by_id("open-file").value = ""
        self.offset = 0
        await self.refresh()

    def show_writes(self, allowed):
        by_id("bulk").hidden = not allowed
        by_id("import-file").disabled = not allowed
        by_id("chat-import-file").disabled = not allowed
        by_id("forget-all").hidden = not allowed
        by_id("tab-sync").hidden = not allowed  # a file opened read-only has nothing to sync

    # -- tabs -----------------------------------------------------------------------------------
    def setup_tabs(self):
        names = TABS

        def choose(name):
            def handler(event=None):
                self.choose_tab(name)
                by_id("tab-" + name).focus()
                asyncio.create_task(guarded(self.refresh))

            return handler

        def keys(event):  # arrow keys move between tabs, as in every tab list
            key = str(event.key)
            if key not in ("ArrowRight", "ArrowLeft"):
                return
            index = names.index(self.tab) + (1 if key == "ArrowRight" else -1)
            choose(names[index % len(names)])()

        for name in names:
            by_id("tab-" + name).addEventListener("click", choose(name))
            by_id("tab-" + name).addEventListener("keydown", keys)

    def choose_tab(self, name):
        """Show one tab's panel (its content is loaded by the caller: refresh, or a detail to open)."""
        self.tab = name
        for other in TABS:
            tab = by_id("tab-" + other)
            tab.setAttribute("aria-selected", "true" if other == name else "false")
            tab.tabIndex = 0 if other == name else -1
            by_id("panel-" + other).hidden = other != name

    async def refresh(self):
        if self.memory is None:
            return
        if self.tab == "memories":
            await self.load_list()
        elif self.tab == "graph":
            await self.load_graph()
        elif self.tab == "stats":
            await self.load_stats()
        elif self.tab == "trace":
            await self.load_trial()

async def main():
    page = Inspector()
    kinds = by_id("f-kind")
    for kind in KINDS:
        kinds.append(el("option", kind))
    page.setup_tabs()
    page.setup_graph()
    for name in ("f-kind", "f-status", "f-sort", "f-order", "f-since", "f-until"):
        by_id(name).addEventListener("change", later(page.apply_filters))
    for name in ("f-text", "f-entity", "f-tag", "f-project"):
        by_id(name).addEventListener("input", later(page.apply_filters))
    by_id("filters").addEventListener("submit", later(page.apply_filters))
    by_id("prev").addEventListener("click", later(page.turn_page, -1))
    by_id("next").addEventListener("click", later(page.turn_page, 1))
    by_id("select-all").addEventListener("change", page.select_page)
    by_id("select-matching").addEventListener("click", page.select_matching)
    by_id("bulk-confirm").addEventListener("click", later(page.bulk, "confirm"))
    by_id("bulk-retract").addEventListener("click", later(page.bulk, "retract"))
    by_id("bulk-forget").addEventListener("click", later(page.bulk, "forget"))
    by_id("graph-form").addEventListener("submit", later(page.load_graph))
    by_id("trace-form").addEventListener("submit", later(page.run_trace))
    by_id("trial-form").addEventListener("submit", later(page.apply_trial))
    by_id("export-json").addEventListener("click", later(page.export, "json"))
    by_id("export-md").addEventListener("click", later(page.export, "markdown"))
    by_id("import-file").addEventListener("change", later(page.preview_import))
    by_id("forget-all-sure").addEventListener("change", arm_forget_everything)
    by_id("forget-all-go").addEventListener("click", later(forget_everything, page))
    by_id("open-file").addEventListener("change", later(page.open_file))
    by_id("back-to-profile").addEventListener("click", later(page.back_to_profile))
    by_id("detail").addEventListener("keydown", lambda event: page.close_detail() if str(event.key) == "Escape" else None)
    by_id("boot-status").textContent = "Loading memory…"
    try:
        await page.open_profile()
    except Exception as error:
        by_id("boot-status").textContent = "Memory is unavailable: " + message_of(error) + ". You can still open an export file."
        document.body.dataset.ready = "failed"
        return
    by_id("boot").hidden = True
    if str(js.location.hash) == "#sync":  # the chat page's sync chip leads here
        page.choose_tab("sync")
    await page.refresh()
    js.window.inspector_ready = True
    document.body.dataset.ready = "true"


await main()
