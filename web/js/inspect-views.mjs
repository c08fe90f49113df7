// Drawing helpers the inspector's Python calls: the graph explorer (cytoscape), the timeline plot (uPlot),
// and file download / upload. Data arrives as JSON text, so no Python proxies cross into these libraries.
// Labels are drawn on canvas by the libraries: untrusted text is never parsed as HTML here either.
import cytoscape from "../cytoscape/cytoscape.esm.min.mjs";
import uPlot from "../uplot/uPlot.esm.js";

export { why } from "./dom.mjs"; // one wording of "why this item" for every page
export { chatImportView } from "./history-import.mjs";
export { syncView } from "./sync-view.mjs";
export { dropImport } from "./import-resume.mjs";

// Node kinds differ by shape as well as colour, so the legend reads without colour vision too.
const KIND_STYLE = {
  entity: { colour: "#8e44ad", shape: "ellipse" },
  memory: { colour: "#2457c5", shape: "round-rectangle" },
  episode: { colour: "#7f8c8d", shape: "diamond" },
  cluster: { colour: "#16a085", shape: "hexagon" },
};
let graph = null;

function themeColour(name, fallback) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Draw nodes and edges ({nodes: [{id, label, group}], edges: [{source, target, type}]}); onTap(id) on a click.
 * Names are written on a panel-coloured backing so crossing lines never make them unreadable; an edge's type
 * shows when the graph is small, or under the pointer. */
export function drawGraph(container, json, onTap) {
  const data = JSON.parse(json);
  graph?.destroy();
  const short = (text, most) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);
  const fg = themeColour("--fg", "#222");
  const panel = themeColour("--panel", "#fff");
  const muted = themeColour("--muted", "#666");
  const roots = data.nodes.filter((n) => n.focus).map((n) => n.id);
  graph = cytoscape({
    container,
    elements: [
      ...data.nodes.map((n) => ({
        data: { id: n.id, label: short(n.label, n.group === "entity" ? 32 : 40), group: n.group, focus: n.focus ? 1 : 0 },
      })),
      ...data.edges.map((e, i) => ({ data: { id: `e${i}`, source: e.source, target: e.target, type: e.type } })),
    ],
    style: [
      {
        selector: "node",
        style: {
          label: "data(label)", "font-size": 11, color: fg, "text-valign": "bottom", "text-margin-y": 3, "text-wrap": "wrap", "text-max-width": 120,
          "text-background-color": panel, "text-background-opacity": 0.85, "text-background-padding": 2,
          width: 16, height: 16,
          "background-color": (n) => (KIND_STYLE[n.data("group")] || {}).colour || "#999",
          shape: (n) => (KIND_STYLE[n.data("group")] || {}).shape || "ellipse",
        },
      },
      { selector: "node[group = 'entity']", style: { "font-weight": "bold", width: 20, height: 20 } },
      { selector: "node[focus = 1]", style: { width: 28, height: 28, "border-width": 3, "border-color": themeColour("--accent", "#2457c5") } },
      {
        selector: "edge",
        style: { width: 1, "line-color": "#9aa", "curve-style": "bezier", "target-arrow-shape": "triangle", "target-arrow-color": "#9aa", "arrow-scale": 0.6 },
      },
      {
        selector: "edge.named",
        style: { label: "data(type)", "font-size": 9, color: muted, "text-background-color": panel, "text-background-opacity": 0.85, "text-rotation": "autorotate" },
      },
      { selector: ":selected", style: { "border-width": 3, "border-color": "#e08a00" } },
    ],
    // Rings around the focus by distance: deterministic, and names on one ring do not pile onto another's.
    layout: data.nodes.length > 150
      ? { name: "grid", padding: 16, avoidOverlap: true, nodeDimensionsIncludeLabels: true }
      : { name: "breadthfirst", circle: true, roots: roots.length ? roots : undefined, spacingFactor: 1.1,
          avoidOverlap: true, nodeDimensionsIncludeLabels: true, padding: 16, animate: false },
  });
  // Fitting a ring layout zooms out: names are scaled back up so they read at about 11 px on screen.
  const scale = Math.min(2.2, 1 / Math.max(graph.zoom(), 0.01));
  graph.style().selector("node").style({ "font-size": 11 * scale, "text-max-width": 120 * scale }).selector("edge.named").style({ "font-size": 9 * scale }).update();
  graph.fit(undefined, 12); // again, names included, so none is cut at the edge
  if (data.edges.length <= 12) graph.edges().addClass("named");
  graph.on("mouseover", "edge", (event) => event.target.addClass("named"));
  graph.on("mouseout", "edge", (event) => data.edges.length > 12 && event.target.removeClass("named"));
  graph.on("tap", "node", (event) => onTap(event.target.id()));
  return graph.nodes().length;
}

const DAY = 86400;
const dayName = (seconds) => new Date(seconds * 1000).toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

/** Memories per day by kind ({days: [unix seconds], series: {label: [counts]}}), fitted to the days that have
 * any: up to a month as stacked bars (a bar per day, a colour per kind), longer as a line per kind. The axis
 * names days, never hours; the legend says the day and each kind's own count under the pointer. */
export function drawTimeline(container, json) {
  const data = JSON.parse(json);
  container.replaceChildren();
  if (!data.days.length) {
    container.append(Object.assign(document.createElement("p"), { className: "note", textContent: "Nothing is remembered yet." }));
    return null;
  }
  const palette = ["#2457c5", "#e08a00", "#1d7a3a", "#b3261e", "#8e44ad", "#16a085", "#7f8c8d", "#c0392b"];
  const labels = Object.keys(data.series);
  const stacked = data.days.length <= 31;
  // Stacked bars are drawn tallest first: series i is the sum of kinds i..n, so each kind shows as its own band.
  const heights = labels.map((label, i) =>
    stacked ? data.days.map((_, d) => labels.slice(i).reduce((sum, l) => sum + data.series[l][d], 0)) : data.series[label]);
  const first = data.days[0];
  const last = data.days[data.days.length - 1];
  const bars = uPlot.paths.bars({ size: [0.7, 48] });
  const muted = themeColour("--muted", "#666");
  const options = {
    width: Math.max(280, container.clientWidth || 600),
    height: 220,
    scales: { x: { time: false, range: () => [first - DAY / 2, last + DAY / 2] }, y: { range: (u, min, max) => [0, Math.max(1, max)] } },
    series: [
      { label: "Day", value: (u, v) => (v == null ? "all" : dayName(v)) }, // away from the plot, the legend gives totals
      ...labels.map((label, i) => ({
        label,
        stroke: palette[i % palette.length],
        fill: stacked ? palette[i % palette.length] : undefined,
        width: stacked ? 0 : 2,
        paths: stacked ? bars : undefined,
        points: { show: !stacked },
        value: (u, v, s, idx) => String(idx == null ? data.series[label].reduce((a, b) => a + b, 0) : data.series[label][idx]),
      })),
    ],
    axes: [
      { stroke: muted, space: 56, incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY, 364 * DAY], values: (u, splits) => splits.map(dayName) },
      { stroke: muted, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000], values: (u, splits) => splits.map(String) },
    ],
  };
  return new uPlot(options, [data.days, ...heights], container);
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
