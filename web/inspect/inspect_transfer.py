# Export, import with a preview, and forgetting everything (a part of the Inspector in inspect.py).
import json
import time

import js
import views_js
from inspect_dom import by_id, clear, day, el, later, message_of


class Transfer:
    async def export(self, form):
        stamp = day(time.time())
        if form == "json":
            document_ = await self.call("export")
            views_js.download(json.dumps(document_), "memlace-{}-{}.json".format(self.profile, stamp), "application/json")
        else:
            text = await self.call("export_markdown")
            views_js.download(text, "memlace-{}-{}.md".format(self.profile, stamp), "text/markdown")

    async def preview_import(self, event=None):
        text = await views_js.readFile(by_id("import-file"))
        if text is None:
            return
        target = by_id("import-preview")
        try:
            report = await self.call("import", document=str(text), dry_run=True)
        except Exception as error:
            clear(target, el("p", "This file cannot be imported: " + message_of(error), class_="error"))
            return
        conflicts = report.get("conflicts") or []
        parts = [el("h3", "Preview (nothing is changed yet)"),
                 el("p", "New: {} memories, {} messages, {} entities, {} relations. Already here, identical: {} memories.".format(
                     report["memories"], report["episodes"], report["entities"], report["edges"], report["unchanged"]))]
        if conflicts:
            parts.append(el("p", "{} memories exist here with different content; yours are kept as they are:".format(len(conflicts))))
            parts.append(el("ul", *[el("li", str(c), class_="why") for c in conflicts[:20]]))

        async def commit():
            result = await self.call("import", document=str(text), dry_run=False)
            clear(target, el("p", "Imported {} memories, {} messages, {} entities, {} relations.".format(
                result["memories"], result["episodes"], result["entities"], result["edges"]), class_="note"))
            by_id("import-file").value = ""

        parts.append(el("button", "Import", type="button", id="import-commit", on_click=later(commit)))
        clear(target, *parts)


async def forget_everything(page, event=None):
    if not js.confirm("Forget everything in this profile? Every memory and message is erased, for good."):
        return
    erased = await page.call("forget_everything", confirm="forget everything")
    by_id("forget-all-sure").checked = False
    by_id("forget-all-go").disabled = True
    by_id("forget-all-status").textContent = "Forgotten: {} memories, {} messages, {} names. Memory is empty now.".format(
        erased["memories"], erased["episodes"], erased["entities"])
    clear(by_id("detail"), el("p", "Choose a memory to see its history and where it came from.", class_="note"))
    page.offset = 0
    page.selected.clear()
    await page.load_list()


def arm_forget_everything(event=None):
    by_id("forget-all-go").disabled = not by_id("forget-all-sure").checked
