# The graph explorer: a neighbourhood drawn by cytoscape, the same nodes as a list of buttons (for the
# keyboard and screen readers), and a chosen node's detail with a way to its memory, message or entity
# (a part of the Inspector in inspect.py).
import asyncio
import json

import views_js
from inspect_dom import EDGE_TYPES, by_id, clear, document, el, guarded, later

GROUP_WORDS = {"entity": "name", "memory": "memory", "episode": "message", "cluster": "group of related memories"}


class GraphView:
    def setup_graph(self):
        self.graph_nodes = {}
        box = by_id("graph-types")
        for name in EDGE_TYPES:
            check = el("input", type="checkbox", value=name)
            check.checked = name not in ("same_session", "next_turn")
            check.addEventListener("change", later(self.load_graph))
            box.append(el("label", check, " " + name, class_="inline"))

    async def load_graph(self, event=None):
        types = [str(c.value) for c in document.querySelectorAll("#graph-types input") if c.checked]
        by_id("graph-types-count").textContent = "({} of {})".format(len(types), len(EDGE_TYPES))
        focus = str(by_id("graph-focus").value).strip() or None
        view = await self.call("graph", center=focus, hops=int(str(by_id("graph-hops").value)), edge_types=types, limit=300)
        if view.get("missing"):
            by_id("graph-status").textContent = "Nothing called “" + focus + "” is remembered."
        self.graph_nodes = {node["id"]: node for node in view["nodes"]}
        shown = views_js.drawGraph(by_id("graph"), json.dumps(view), self.tap_node)
        note = "{} nodes, {} edges".format(shown, len(view["edges"]))
        if view.get("truncated"):
            note += " (a neighbourhood: the {} nearest are shown; focus on a node to go further)".format(shown)
        by_id("graph-status").textContent = note
        self.list_nodes(view["nodes"])

    def list_nodes(self, nodes):
        """Every drawn node as a button: what the canvas shows, reachable without a pointer."""
        order = {"entity": 0, "memory": 1, "episode": 2, "cluster": 3}
        items = [el("li", el("button", node["label"], type="button", class_="link", on_click=self.node_chooser(node["id"])),
                    el("span", " " + GROUP_WORDS.get(node["group"], node["group"]), class_="why"))
                 for node in sorted(nodes, key=lambda n: (order.get(n["group"], 4), n["label"]))]
        by_id("graph-list-count").textContent = "({})".format(len(items))
        clear(by_id("graph-list"), *items)

    def node_chooser(self, node_id):
        return lambda event=None: self.tap_node(node_id)

    def tap_node(self, node_id):
        asyncio.create_task(guarded(self.show_node, str(node_id)))

    async def show_node(self, node_id):
        node = self.graph_nodes.get(node_id) or {"id": node_id, "label": "(not in this view)", "group": "entity"}
        group = node["group"]
        focus = el("button", "Focus the graph here", type="button", class_="quiet")

        async def refocus():
            by_id("graph-focus").value = node["label"] if group == "entity" else node_id
            await self.load_graph()

        focus.addEventListener("click", later(refocus))
        if group in ("memory", "episode"):
            async def open_detail():
                self.choose_tab("memories")
                await self.show(node_id)

            what = "memory" + (" · " + node["kind"] + " · " + node["status"] if node.get("kind") else "") if group == "memory" else "message"
            parts = [el("p", node["label"], class_="quote"), el("p", what, class_="why"),
                     el("button", "Open its detail", type="button", on_click=later(open_detail))]
        elif group == "cluster":
            parts = [el("h3", node["label"]), el("p", "memories that are often linked or used together; focus here to see them", class_="why")]
        else:
            async def its_memories():
                self.choose_tab("memories")
                by_id("f-entity").value = node["label"]
                by_id("more-filters").open = True
                await self.apply_filters()

            parts = [el("h3", node["label"]), el("p", "a name · " + (node.get("type") or "of unknown type"), class_="why"),
                     el("button", "Show its memories", type="button", on_click=later(its_memories))]
        clear(by_id("graph-node"), *parts, focus)
        by_id("graph-node").focus()
