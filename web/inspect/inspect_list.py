# The memory list: filters, paging, selection and bulk actions (a part of the Inspector in inspect.py).
import js
from inspect_dom import PAGE, by_id, clear, day, document, el, later, say, to_seconds


class MemoryList:
    def filters(self):
        value = lambda name: str(by_id(name).value).strip() or None  # noqa: E731
        return {
            "text": value("f-text"),
            "kind": value("f-kind"),
            "status": value("f-status"),
            "entity": value("f-entity"),
            "tag": value("f-tag"),
            "project": value("f-project"),
            "since": to_seconds(value("f-since")),
            "until": to_seconds(value("f-until"), end=True),
            "sort": value("f-sort") or "updated_at",
            "descending": value("f-order") != "asc",
        }

    async def load_list(self):
        self.list_requests += 1
        request = self.list_requests
        page = await self.call("list", offset=self.offset, limit=PAGE, **self.filters())
        if request != self.list_requests:
            return  # filters changed while this page was on its way: the newer answer draws the list
        self.total = page["total"]
        self.page_ids = [m["id"] for m in page["items"]]
        rows = [self.row(m) for m in page["items"]]
        clear(by_id("memory-list"), *rows)
        first = self.offset + 1 if self.total else 0
        by_id("page-info").textContent = "{}–{} of {}".format(first, self.offset + len(rows), self.total)
        by_id("prev").disabled = self.offset == 0
        by_id("next").disabled = self.offset + PAGE >= self.total
        say("" if self.total else "No memory matches these filters.")
        by_id("select-all").checked = bool(self.page_ids) and all(i in self.selected for i in self.page_ids)
        self.update_bulk()

    def row(self, memory):
        memory_id = memory["id"]
        box = el("input", type="checkbox", aria_label="Select: " + memory["text"])
        box.checked = memory_id in self.selected
        box.hidden = self.read_only

        def toggle(event):
            if box.checked:
                self.selected.add(memory_id)
            else:
                self.selected.discard(memory_id)
            self.update_bulk()

        box.addEventListener("change", toggle)
        open_button = el("button", memory["text"], type="button", class_="link", on_click=later(self.show, memory_id))
        meta = "{} · {} · confidence {:.2f} · {}".format(memory["kind"], memory["status"], memory["confidence"], day(memory["updated_at"]))
        return el("li", box, el("div", open_button, el("span", meta, class_="why")), class_="status-" + memory["status"], data_id=memory_id)

    def update_bulk(self):
        count = self.total if self.all_matching else len(self.selected)
        by_id("selected-count").textContent = "all {} that match these filters".format(count) if self.all_matching else "{} selected".format(count)
        whole_page = bool(self.page_ids) and all(i in self.selected for i in self.page_ids)
        more = self.total > len(self.page_ids) and whole_page and not self.all_matching and not self.read_only
        by_id("select-matching").hidden = not more
        by_id("select-matching").textContent = "Select all {} that match".format(self.total)
        for name in ("bulk-confirm", "bulk-retract", "bulk-forget"):
            by_id(name).disabled = count == 0 or self.read_only

    def select_matching(self, event=None):
        self.all_matching = True
        self.update_bulk()

    def select_page(self, event):
        self.all_matching = False
        for memory_id in self.page_ids:
            if by_id("select-all").checked:
                self.selected.add(memory_id)
            else:
                self.selected.discard(memory_id)
        for box in document.querySelectorAll("#memory-list input[type=checkbox]"):
            box.checked = bool(by_id("select-all").checked)
        self.update_bulk()

    async def bulk(self, action):
        ids = sorted(self.selected)
        count = self.total if self.all_matching else len(ids)
        if action == "forget" and not js.confirm("Forget {} memories everywhere? This cannot be undone.".format(count)):
            return
        words = {"confirm": "Confirmed", "retract": "Retracted", "forget": "Forgotten"}[action]
        if self.all_matching:  # one call: the worker applies it to every match, not only this page
            filters = self.filters()
            filters.pop("sort")
            filters.pop("descending")
            result = await self.call("bulk", action=action, filters=filters)
            self.all_matching, self.selected, self.offset = False, set(), 0
            await self.load_list()
            say("{}: {} of {} that matched.".format(words, result["done"], result["matched"]))
            return
        done, failed = 0, 0
        for memory_id in ids:
            try:
                await self.call(action, id=memory_id)
                done += 1
            except Exception:
                failed += 1
        self.selected = set()
        await self.load_list()
        say("{}: {} done{}.".format(words, done, ", {} failed".format(failed) if failed else ""))

    async def turn_page(self, step):
        self.offset = max(0, self.offset + step * PAGE)
        await self.load_list()

    async def apply_filters(self, event=None):
        self.offset = 0
        self.all_matching = False  # other filters, other matches: chosen again
        await self.load_list()
