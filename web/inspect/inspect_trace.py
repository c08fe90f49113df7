# The retrieval trace and recipe trials: each stage's candidates, why each item made the pack, and what a
# recipe on trial in shadow would have changed (a part of the Inspector in inspect.py).
import json

import js
import views_js
from inspect_dom import by_id, clear, el


class TraceView:
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
