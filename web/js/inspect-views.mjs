// Drawing helpers the inspector's Python calls: the graph explorer (cytoscape), the timeline plot (uPlot),
// and file download / upload. Data arrives as JSON text, so no Python proxies cross into these libraries.
// Labels are drawn on canvas by the libraries: untrusted text is never parsed as HTML here either.
import cytoscape from "../cytoscape/cytoscape.esm.min.mjs";
import uPlot from "../uplot/uPlot.esm.js";

export { why } from "./dom.mjs"; // one wording of "why this item" for every page
export { chatImportView } from "./history-import.mjs";

const KIND_COLOURS = { entity: "#8e44ad", memory: "#2457c5", episode: "#7f8c8d" };
let graph = null;

function themeColour(name, fallback) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Draw nodes and edges ({nodes: [{id, label, group}], edges: [{source, target, type}]}); onTap(id) on a click. */
export function drawGraph(container, json, onTap) {
  const data = JSON.parse(json);
  graph?.destroy();
  const short = (text) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
  graph = cytoscape({
    container,
    elements: [
      ...data.nodes.map((n) => ({ data: { id: n.id, label: short(n.label), group: n.group, focus: n.focus ? 1 : 0 } })),
      ...data.edges.map((e, i) => ({ data: { id: `e${i}`, source: e.source, target: e.target, type: e.type } })),
    ],
    style: [
      { selector: "node", style: { label: "data(label)", "font-size": 9, color: themeColour("--fg", "#222"), "text-wrap": "ellipsis", "text-max-width": 120, width: 14, height: 14, "background-color": (n) => KIND_COLOURS[n.data("group")] || "#999" } },
      { selector: "node[focus = 1]", style: { width: 24, height: 24, "border-width": 3, "border-color": themeColour("--accent", "#2457c5") } },
      { selector: "edge", style: { width: 1, "line-color": "#9aa", "curve-style": "bezier", "target-arrow-shape": "triangle", "target-arrow-color": "#9aa", "arrow-scale": 0.6, label: "data(type)", "font-size": 7, color: "#889" } },
      { selector: ":selected", style: { "border-width": 3, "border-color": "#e08a00" } },
    ],
    layout: { name: data.nodes.length > 150 ? "grid" : "cose", animate: false, randomize: false, nodeRepulsion: 8000 },
  });
  graph.on("tap", "node", (event) => onTap(event.target.id()));
  return graph.nodes().length;
}

/** A line per series over days: {days: [unix seconds], series: {label: [counts]}}. */
export function drawTimeline(container, json) {
  const data = JSON.parse(json);
  container.replaceChildren();
  if (!data.days.length) return;
  const palette = ["#2457c5", "#e08a00", "#1d7a3a", "#b3261e", "#8e44ad", "#16a085", "#7f8c8d", "#c0392b"];
  const labels = Object.keys(data.series);
  const width = Math.max(280, container.clientWidth || 600);
  const options = {
    width,
    height: 220,
    series: [{}, ...labels.map((label, i) => ({ label, stroke: palette[i % palette.length], width: 2 }))],
    axes: [{ stroke: themeColour("--muted", "#666") }, { stroke: themeColour("--muted", "#666") }],
  };
  return new uPlot(options, [data.days, ...labels.map((l) => data.series[l])], container);
}

/** Offer text as a file download. */
export function download(text, filename, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The text of the first file chosen in an <input type=file>, or null. */
export async function readFile(input) {
  const file = input.files && input.files[0];
  return file ? await file.text() : null;
}

/** Set a bar's width in percent (CSSOM, which the CSP allows, unlike inline style attributes). */
export function setWidth(node, percent) {
  node.style.width = `${Math.max(0, Math.min(100, percent))}%`;
}
