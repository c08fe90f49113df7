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
        choices = {}
        if conflicts:
            parts.append(el("p", "{} {} here with different content. Choose for each; unless you choose, yours is kept.".format(
                len(conflicts), "memory exists" if len(conflicts) == 1 else "memories exist")))
            parts.append(el("ol", *[self.conflict_row(c, choices) for c in conflicts[:CONFLICTS_SHOWN]], class_="conflicts"))
            if len(conflicts) > CONFLICTS_SHOWN:
                parts.append(el("p", "{} more keep the version here.".format(len(conflicts) - CONFLICTS_SHOWN), class_="note"))

        async def commit():
            resolutions = {memory_id: pick() for memory_id, pick in choices.items() if pick() != "keep"}
            result = await self.call("import", document=str(text), dry_run=False, resolutions=resolutions)
            clear(target, el("p", "Imported {} memories, {} messages, {} entities, {} relations; {} replaced by the file's version, {} kept beside yours.".format(
                result["memories"], result["episodes"], result["entities"], result["edges"], result["replaced"], result["kept_both"]), class_="note"))
            by_id("import-file").value = ""

        parts.append(el("button", "Import", type="button", id="import-commit", on_click=later(commit)))
        clear(target, *parts)

    def conflict_row(self, conflict, choices):
        """One conflict: the version here and the file's, side by side, the fields that differ, and the choice."""
        name = "resolve-" + conflict["id"]
        options = [("keep", "Keep mine"), ("replace", "Use the file's"), ("both", "Keep both")]
        radios = []
        for value, words in options:
            radio = el("input", type="radio", name=name, value=value)
            radio.checked = value == "keep"
            radios.append(radio)

        def chosen():
            for radio in radios:
                if radio.checked:
                    return str(radio.value)
            return "keep"

        choices[conflict["id"]] = chosen
        shown = [f for f in conflict["differs"] if f in SAID]
        return el(
            "li",
            el("div",
               version_card("Here now", conflict["current"], shown),
               version_card("In the file", conflict["incoming"], shown),
               class_="side-by-side"),
            el("p", "Differs in: " + (", ".join(SAID[f] for f in shown) or "details only (history, links or dates)"), class_="why"),
            el("fieldset", el("legend", "Which to keep", class_="visually-hidden"),
               *[el("label", radio, " " + words, class_="inline") for radio, (_, words) in zip(radios, options)], class_="choice"),
        )


CONFLICTS_SHOWN = 50
SAID = {"text": "text", "kind": "kind", "status": "status", "confidence": "confidence", "importance": "importance",
        "access_count": "times used", "tags": "tags", "updated_at": "last change"}


def version_card(title, version, differs):
    rows = [el("p", version["text"], class_="quote")]
    facts = "{} · {} · confidence {:.2f} · used {} · changed {}".format(
        version["kind"], version["status"], version["confidence"], version["access_count"], day(version["updated_at"]))
    rows.append(el("p", facts, class_="why"))
    return el("div", el("h4", title), *rows, class_="version" + (" differs" if "text" in differs else ""))


async def forget_everything(page, event=None):
    if not js.confirm("Forget everything in this profile? Every memory and message is erased, for good."):
        return
    erased = await page.call("forget_everything", confirm="forget everything")
    await views_js.dropImport(page.profile)  # an unfinished chat import's kept file goes too
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
