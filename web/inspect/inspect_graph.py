# The graph explorer: a neighbourhood drawn by cytoscape, a tapped node's detail (a part of the Inspector).
import asyncio
import json

import memlace_js
import views_js
from inspect_dom import EDGE_TYPES, by_id, clear, document, el, guarded, later


class GraphView:
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
