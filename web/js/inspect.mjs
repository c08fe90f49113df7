// The inspector's host: the page logic is Python (web/inspect/inspect.py) run by MicroPython on the main
// thread, while the engine stays in the memlace worker. We load MicroPython's WebAssembly build directly
// rather than through PyScript: PyScript's core builds functions from strings at start-up, which our
// Content-Security-Policy (no 'unsafe-eval') forbids. The Python code reaches the browser through `js`
// and through the small JS modules registered below.
import { loadMicroPython } from "../micropython/micropython.mjs";
import { registerServiceWorker, setupProfiles, setupTheme } from "./dom.mjs";
import * as views from "./inspect-views.mjs";
import { idKind, open } from "./memlace.mjs";
import protocol from "./protocol.json" with { type: "json" };

setupTheme();
registerServiceWorker();
setupProfiles(new URLSearchParams(location.search).get("profile") || "default");

const status = document.getElementById("boot-status");
const PARTS = ["inspect_dom", "inspect_list", "inspect_detail", "inspect_graph", "inspect_trace", "inspect_stats", "inspect_transfer"];

// The filters beyond Search are folded, so that the first screen shows memories and the first memory is a few
// Tab stops away; the fold remembers being opened and says how many filters are set. Sort and order are not filters.
function foldFilters() {
  const more = document.getElementById("more-filters");
  if (!more) return;
  more.open = localStorage.getItem("memlace.inspector.filters") === "open";
  more.addEventListener("toggle", () => localStorage.setItem("memlace.inspector.filters", more.open ? "open" : "folded"));
  const count = () => {
    const set = [...more.querySelectorAll("input, select")].filter((field) => !["f-sort", "f-order"].includes(field.id) && field.value);
    document.getElementById("filters-set").textContent = set.length ? `(${set.length} set)` : "";
  };
  more.addEventListener("input", count);
  more.addEventListener("change", count);
}

// The skip link goes straight to the first memory (the list's own anchor would leave focus before it).
document.getElementById("skip")?.addEventListener("click", (event) => {
  const first = document.querySelector("#memory-list button.link");
  if (!first || document.getElementById("panel-memories").hidden) return;
  event.preventDefault();
  first.focus();
});
foldFilters();

async function start() {
  const python = await loadMicroPython({
    heapsize: 16 * 1024 * 1024,
    stdout: (line) => console.log(`[inspect.py] ${line}`),
    stderr: (line) => console.error(`[inspect.py] ${line}`),
  });
  python.registerJsModule("memlace_js", { open, idKind, protocol: JSON.stringify(protocol) });
  python.registerJsModule("views_js", views);
  // The page logic's parts go into MicroPython's file system, where `import` finds them; inspect.py runs.
  const texts = await Promise.all([...PARTS, "inspect"].map(async (name) => {
    const source = await fetch(new URL(`../inspect/${name}.py`, import.meta.url));
    if (!source.ok) throw new Error(`${name}.py could not be loaded (${source.status})`);
    return source.text();
  }));
  PARTS.forEach((name, i) => python.FS.writeFile(`/${name}.py`, texts[i]));
  await python.runPythonAsync(texts[PARTS.length]);
}

start().catch((error) => {
  status.textContent = `The inspector could not start: ${error.message}`;
  document.body.dataset.ready = "failed";
  console.error(error);
});
