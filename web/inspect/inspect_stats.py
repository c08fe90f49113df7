# Stats: the numbers, unreadable records, the timeline and bars (a part of the Inspector in inspect.py).
import json

import views_js
from inspect_dom import by_id, clear, el


class StatsView:
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
