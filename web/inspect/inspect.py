# The memory inspector's page logic, in Python (MicroPython on the main thread; the engine runs in the
# memlace worker). Everything remembered is untrusted: it only ever becomes text nodes (el() below never
# sets HTML), and imported files are opened read-only in their own worker before anything is merged.
import asyncio
import json
import time

import js
import memlace_js
import views_js

document = js.document
PAGE = 50
PROTOCOL = json.loads(str(memlace_js.protocol))  # the build's one protocol description
KINDS = PROTOCOL["enums"]["MemoryKind"]
EDGE_TYPES = PROTOCOL["enums"]["EdgeType"]


def by_id(name):
    return document.getElementById(name)


def el(tag, *children, **attributes):
    """An element with text children only: strings become text nodes, never markup."""
    node = document.createElement(tag)
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        if name.startswith("on-"):
            node.addEventListener(name[3:], value)
        else:
            node.setAttribute(name, "" if value is True else str(value))
    for child in children:
        if child is None:
            continue
        if isinstance(child, (str, int, float)):
            node.append(document.createTextNode(str(child)))
        else:
            node.append(child)
    return node


def clear(node, *children):
    node.replaceChildren()
    for child in children:
        if child is not None:
            node.append(child)


def later(coroutine_function, *args):
    """An event handler that runs an async function (errors are shown, never lost in the console)."""

    def handler(event=None):
        if event is not None and str(event.type) == "submit":
            event.preventDefault()
        asyncio.create_task(guarded(coroutine_function, *args))

    return handler


async def guarded(coroutine_function, *args):
    try:
        await coroutine_function(*args)
    except Exception as error:  # shown where the user looks, with the engine's own message
        say("Something went wrong: " + message_of(error))


def message_of(error):
    text = str(error)
    try:
        return str(error.args[0].message)  # a JsException carries the JS error first
    except Exception:
        return text


def say(text):
    by_id("list-status").textContent = text


def day(seconds):
    if not seconds:
        return "-"
    t = time.gmtime(int(seconds))
    return "{:04d}-{:02d}-{:02d}".format(t[0], t[1], t[2])


STATUS_WORDS = {  # what each status means, said where it is shown
    "staged": "new; not yet confirmed by use or by you",
    "confirmed": "confirmed by you (you asked to remember it, corrected it or confirmed it) or by use in several answers",
    "superseded": "replaced by a newer version, kept as history",
    "retracted": "no longer used in answers, kept so the history stays whole",
}


def used(count):
    return "never yet" if not count else "once" if count == 1 else "{} times in answers".format(count)


def episode_line(episode):
    """Who said it, when, and where: a message's provenance in one line."""
    return "{} · {} · chat {} · message {}".format(episode.get("speaker") or episode["role"], day(episode["timestamp"]), episode["chat_id"], episode["message_id"])


def to_seconds(date_text, end=False):
    """'2026-11-21' -> seconds (start of the day, or its end)."""
    if not date_text:
        return None
    year, month, mday = [int(part) for part in date_text.split("-")]
    start = time.mktime((year, month, mday, 0, 0, 0, 0, 0))
    return start + (86399 if end else 0)


class Inspector:
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

    # -- tabs -----------------------------------------------------------------------------------
    def setup_tabs(self):
        names = ["memories", "graph", "trace", "stats", "io"]

        def choose(name):
            def handler(event=None):
                self.tab = name
                for other in names:
                    tab = by_id("tab-" + other)
                    tab.setAttribute("aria-selected", "true" if other == name else "false")
                    tab.tabIndex = 0 if other == name else -1
                    by_id("panel-" + other).hidden = other != name
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

    # -- the list -------------------------------------------------------------------------------
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

    # -- the detail view ---------------------------------------------------------------------------
    async def show(self, memory_id):
        self.current = memory_id
        found = await self.call("get", id=memory_id)
        detail = by_id("detail")
        if found["type"] == "episode":
            episode = found["episode"]
            clear(detail, el("h2", "Message"), el("p", episode["text"], class_="quote"),
                  el("p", episode_line(episode), class_="why"))
            detail.focus()
            return
        memory = found["memory"]
        parts = [
            el("h2", "Memory"),
            el("p", memory["text"], class_="quote"),
            el("dl", *self.fields(memory)),
        ]
        if not self.read_only:
            parts.append(self.actions(memory))
        parts.append(el("h3", "History"))
        history = el("ol", class_="history")
        for old in found["supersedes"]:
            history.append(el("li", el("button", old["text"], type="button", class_="link", on_click=later(self.show, old["id"])),
                              el("span", "version {} · {} · {}".format(old["version"], old["status"], day(old["updated_at"])), class_="why")))
        history.append(el("li", el("strong", memory["text"]), el("span", "version {} (this one)".format(memory["version"]), class_="why")))
        for step, newer in enumerate(found["superseded_by"]):  # the versions that replaced this one, in order
            said = "replaced this one" if step == 0 else "replaced the one above"
            history.append(el("li", el("button", newer["text"], type="button", class_="link", on_click=later(self.show, newer["id"])),
                              el("span", "version {} · {} · {}".format(newer["version"], said, day(newer["updated_at"])), class_="why")))
        parts.append(history)
        parts.append(el("h3", "Where it came from"))
        sources = el("ol", class_="sources")
        for episode in found["sources"]:
            sources.append(el("li", el("span", episode["text"], class_="quote"),
                              el("span", episode_line(episode), class_="why")))
        for provenance in memory["provenance"]:
            sources.append(el("li", "extracted by {} {} from message(s) {}".format(provenance.get("extractor") or "?", provenance.get("extractor_version") or "", ", ".join(provenance["message_ids"])), class_="why"))
        parts.append(sources)
        if found["entities"]:
            parts.append(el("h3", "Entities"))
            parts.append(el("ul", *[el("li", "{} ({})".format(e["name"], e["type"])) for e in found["entities"]]))
        if found["edges"]:
            parts.append(el("h3", "Relations"))
            parts.append(el("ul", *[el("li", "{} {}: {}".format("→" if e["source"] == memory["id"] else "←", e["type"], e["other"]), class_="why") for e in found["edges"][:50]]))
        clear(detail, *parts)
        detail.focus()  # focus moves to what was opened; on a phone, where it sits below the list, it scrolls into view

    def fields(self, memory):
        status = memory["status"]
        rows = [
            ("Kind", memory["kind"]), ("Status", "{}: {}".format(status, STATUS_WORDS.get(status, ""))), ("Source", memory["source"]),
            ("Confidence", "{:.2f}".format(memory["confidence"])), ("Importance", "{:.2f}".format(memory["importance"])),
            ("Created", day(memory["created_at"])), ("Changed", day(memory["updated_at"])),
            ("Valid", "{} → {}".format(day(memory.get("valid_from")), day(memory.get("valid_to")) if memory.get("valid_to") else "now")),
            ("Used", used(memory.get("access_count", 0))),
            ("Tags", ", ".join(memory.get("tags") or []) or "-"),
            ("Id", memory["id"]),
        ]
        out = []
        for name, value in rows:
            out.append(el("dt", name))
            out.append(el("dd", str(value)))
        return out

    def actions(self, memory):
        memory_id = memory["id"]
        box = el("textarea", rows="2", aria_label="Corrected text")
        box.value = memory["text"]
        with_episodes = el("input", type="checkbox", id="forget-episodes")

        async def save():
            updated = await self.call("edit", id=memory_id, text=str(box.value))
            await self.show(updated["id"])

        async def act(action):
            if action == "forget":
                warning = "Forget this memory" + (" and the messages it came from" if with_episodes.checked else "") + "? This cannot be undone."
                if not js.confirm(warning):
                    return
                await self.call("forget", id=memory_id, with_episodes=bool(with_episodes.checked))
                clear(by_id("detail"), el("p", "Forgotten.", class_="note"))
                return
            await self.call(action, id=memory_id)
            await self.show(memory_id)

        active = memory["status"] in ("staged", "confirmed")
        return el(
            "div",
            el("label", "Correct it (the old text stays in the history)", box),
            el("div",
               el("button", "Save correction", type="button", on_click=later(save), disabled=not active),
               el("button", "Confirm", type="button", class_="quiet", on_click=later(act, "confirm"), disabled=memory["status"] != "staged"),
               el("button", "Retract", type="button", class_="quiet", on_click=later(act, "retract"), disabled=not active),
               el("button", "Forget", type="button", class_="danger", on_click=later(act, "forget")),
               el("label", with_episodes, " also erase the messages it came from", class_="inline"),
               class_="row"),
            class_="actions",
        )

    # -- the graph ------------------------------------------------------------------------------
    def setup_graph(self):
        box = by_id("graph-types")
        for name in EDGE_TYPES:
            check = el("input", type="checkbox", value=name)
            check.checked = name not in ("same_session", "next_turn")
            check.addEventListener("change", later(self.load_graph))
            box.append(el("label", check, " " + name, class_="inline"))

    async def load_graph(self, event=None):
        types = [str(c.value) for c in document.querySelectorAll("#graph-types input") if c.checked]
        focus = str(by_id("graph-focus").value).strip() or None
        view = await self.call("graph", center=focus, hops=int(str(by_id("graph-hops").value)), edge_types=types, limit=300)
        if view.get("missing"):
            by_id("graph-status").textContent = "Nothing called “" + focus + "” is remembered."
        shown = views_js.drawGraph(by_id("graph"), json.dumps(view), self.tap_node)
        note = "{} nodes, {} edges".format(shown, len(view["edges"]))
        if view.get("truncated"):
            note += " (a neighbourhood: the {} nearest are shown; focus on a node to go further)".format(shown)
        by_id("graph-status").textContent = note

    def tap_node(self, node_id):
        asyncio.create_task(guarded(self.show_node, str(node_id)))

    async def show_node(self, node_id):
        box = by_id("graph-node")
        focus = el("button", "Focus the graph here", type="button", class_="quiet")

        async def refocus():
            by_id("graph-focus").value = node_id
            await self.load_graph()

        focus.addEventListener("click", later(refocus))
        if str(memlace_js.idKind(node_id)) in ("memory", "episode"):
            found = await self.call("get", id=node_id)
            item = found.get("memory") or found.get("episode")
            clear(box, el("p", item["text"], class_="quote"), el("p", node_id, class_="why"), focus)
        else:
            clear(box, el("p", "Entity " + node_id, class_="why"), focus)

    # -- retrieval recipes: a trial in shadow (compare, change nothing) or on --------------------------
    async def load_trial(self):
        report = await self.call("recipes")
        trial, shadow = report["trial"], report["shadow"]
        options = [el("option", r["key"] + " — " + r["about"], value=r["key"]) for r in report["recipes"]]
        clear(by_id("trial-recipe"), *options)
        by_id("trial-recipe").value = trial["recipe"] or "default@1"
        by_id("trial-mode").value = trial["mode"]
        if trial["mode"] == "off":
            said = "No recipe is on trial: packs use the default recipe."
        elif trial["mode"] == "on":
            said = "{} is on: every pack uses it.".format(trial["recipe"])
        else:
            said = "{} runs in shadow: {} of the last {} packs would have changed (shown under a trace).".format(
                trial["recipe"], shadow["changed"], shadow["runs"])
        by_id("trial-status").textContent = said

    async def apply_trial(self, event=None):
        await self.call("try_recipe", recipe=str(by_id("trial-recipe").value), mode=str(by_id("trial-mode").value))
        await self.load_trial()

    def shadow_view(self, shadow):
        """What the shadow recipe would have given instead of the live pack."""
        parts = [el("h3", "Shadow recipe " + shadow["recipe"])]
        if shadow["same"]:
            return parts + [el("p", "It would have given the same pack.", class_="note")]
        for title, rows in (("would add", shadow["added"]), ("would drop", shadow["dropped"]), ("would move", shadow["moved"])):
            if rows:
                body = [el("tr", el("td", str(r["rank"]) if "live_rank" not in r else "{} → {}".format(r["live_rank"], r["rank"])),
                           el("td", r["text"]), el("td", "{:.4f}".format(r["score"]))) for r in rows]
                parts.append(el("table", el("caption", title),
                                el("thead", el("tr", el("th", "rank"), el("th", "item"), el("th", "score"))), el("tbody", *body), class_="trace"))
        return parts

    # -- the retrieval trace -----------------------------------------------------------------------
    async def run_trace(self, event=None):
        query = str(by_id("trace-query").value).strip()
        if not query:
            return
        result = await self.call("trace", query=query)
        pack, stages = result["pack"], result["stages"]
        parts = []
        if pack.get("skipped"):
            parts.append(el("p", "Retrieval was skipped: " + pack["skipped"], class_="note"))
        for stage in stages:
            rows = [el("tr", el("td", str(i + 1)), el("td", item["text"]), el("td", "{:.4f}".format(item["score"])), el("td", "yes" if item["in_pack"] else ""))
                    for i, item in enumerate(stage["items"])]
            parts.append(el("h3", stage["title"]))
            parts.append(el("p", stage["explains"], class_="note"))
            if rows:
                parts.append(el("table", el("thead", el("tr", el("th", "#"), el("th", "candidate"), el("th", "score"), el("th", "in pack"))), el("tbody", *rows), class_="trace"))
            else:
                parts.append(el("p", "(no candidates)", class_="note"))
        parts.append(el("h3", "The pack, and why each item is in it"))
        parts.append(el("ol", *[el("li", item["text"], el("span", str(views_js.why(js.JSON.parse(json.dumps(item)))), class_="why")) for item in pack["items"]]))
        parts.append(el("details", el("summary", "Exact text given to the model"), el("pre", pack["text"] or "(empty)")))
        parts.append(el("p", "timings (ms): " + ", ".join("{} {}".format(k, v) for k, v in pack["timings_ms"].items()), class_="why"))
        if result.get("shadow"):
            parts.extend(self.shadow_view(result["shadow"]))
        clear(by_id("trace"), *parts)
        await self.load_trial()

    # -- stats ----------------------------------------------------------------------------------
    async def load_stats(self):
        stats = await self.call("stats", timeline=True)
        storage = stats.get("storage") or {}
        numbers = [("memories", stats["memories"]), ("messages", stats["episodes"]), ("entities", stats["entities"]), ("relations", stats["edges"]),
                   ("waiting for extraction", stats["pending"]["pending_extraction"]), ("waiting for vectors", stats["pending"]["pending_embedding"])]
        if storage.get("bytes") is not None:
            numbers.append(("site storage used", "{:.1f} MB".format(storage["bytes"] / 1e6)))
        if storage.get("quota") is not None:
            numbers.append(("storage quota", "{:.0f} MB".format(storage["quota"] / 1e6)))
        clear(by_id("stats-numbers"), *[el("div", el("strong", str(value)), el("span", name, class_="why"), class_="number") for name, value in numbers])
        self.show_quarantine(stats)
        views_js.drawTimeline(by_id("timeline"), json.dumps(stats["timeline"]))
        self.bars(by_id("by-status"), [(k, v) for k, v in sorted(stats["by_status"].items())])
        self.bars(by_id("top-entities"), [(e["name"], e["mentions"]) for e in stats["top_entities"]])

    def show_quarantine(self, stats):
        """Stored records that could not be read: never hidden, and never lost (exports carry them)."""
        box = by_id("quarantine")
        count = stats.get("quarantined") or 0
        box.hidden = not count
        if not count:
            clear(box)
            return
        items = [el("li", "{} {}: {}".format(q["table"], q["id"] or "(a record with no readable id)", q["error"])) for q in stats["quarantined_items"]]
        intro = ("{} stored record{} could not be read. The rest of your memory opened as usual; these are kept as they were, "
                 "left out of what memlace uses, and included whole in every JSON export.").format(count, "" if count == 1 else "s")
        clear(box, el("p", intro), el("ul", *items))

    def bars(self, target, pairs):
        top = max([v for _, v in pairs] or [1]) or 1
        rows = []
        for label, value in pairs:
            bar = el("span", class_="bar")
            views_js.setWidth(bar, 100 * value / top)
            rows.append(el("li", el("span", "{} ({})".format(label, value)), bar))
        clear(target, *rows)

    # -- export and import -----------------------------------------------------------------------
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
    by_id("boot-status").textContent = "Loading memory…"
    try:
        await page.open_profile()
    except Exception as error:
        by_id("boot-status").textContent = "Memory is unavailable: " + message_of(error) + ". You can still open an export file."
        document.body.dataset.ready = "failed"
        return
    by_id("boot").hidden = True
    await page.refresh()
    js.window.inspector_ready = True
    document.body.dataset.ready = "true"


await main()
