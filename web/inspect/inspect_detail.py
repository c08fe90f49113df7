# One memory or message in detail: its fields, history, sources and relations, and the corrections (a part
# of the Inspector in inspect.py).
import js
from inspect_dom import STATUS_WORDS, by_id, clear, day, el, episode_line, later, used


class MemoryDetail:
    async def show(self, memory_id):
        self.current = memory_id
        found = await self.call("get", id=memory_id)
        if found["type"] == "episode":
            episode = found["episode"]
            self.present(el("h2", "Message"), el("p", episode["text"], class_="quote"), el("p", episode_line(episode), class_="why"))
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
        self.present(*parts)

    def present(self, *parts):
        """Show a detail and move focus to it. On a phone it is a sheet over the list, closed by its Close
        button or Escape, which give focus back to what opened it."""
        detail = by_id("detail")
        active = js.document.activeElement
        if active and not detail.contains(active):
            self.opener = active
        clear(detail, el("button", "Close", type="button", class_="quiet sheet-close", on_click=self.close_detail), *parts)
        detail.dataset.sheet = "open"
        detail.focus()

    def close_detail(self, event=None):
        by_id("detail").dataset.sheet = "closed"
        opener = getattr(self, "opener", None)
        if opener and opener.isConnected:
            opener.focus()

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
                self.present(el("p", "Forgotten.", class_="note"))
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
