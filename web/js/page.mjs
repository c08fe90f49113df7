// The minimal page: boot progress, type a message, see the context pack it gets, then remember it.
// Everything from memory is shown with textContent: remembered text is never treated as HTML.
import { open } from "./memlace.mjs";

const $ = (id) => document.getElementById(id);
const PHASES = ["runtime", "packages", "model", "database"];
const memory = await open({ profile: new URLSearchParams(location.search).get("profile") || "default" });
window.memlace = memory; // for the console and for tests

memory.addEventListener("progress", (event) => {
  const { phase, bytes } = event.detail;
  const step = PHASES.indexOf(phase);
  if (step >= 0) $("boot-bar").value = step + 1;
  $("boot-status").textContent = `Loading ${phase}… ${(bytes / 1e6).toFixed(1)} MB`;
});
memory.addEventListener("ready", () => {
  $("boot-bar").value = 5;
  $("boot-status").textContent = "Memory ready.";
  document.body.dataset.ready = "true";
});
memory.addEventListener("error", (event) => {
  $("boot-status").textContent = `Memory is unavailable: ${event.detail.message}. You can still type; nothing is remembered.`;
  document.body.dataset.ready = "failed";
});

function item(text, why) {
  const li = document.createElement("li");
  li.textContent = text;
  if (why) {
    const span = document.createElement("div");
    span.className = "why";
    span.textContent = why;
    li.append(span);
  }
  return li;
}

let turn = 0;
$("composer").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("message").value.trim();
  if (!text) return;
  $("message").value = "";
  const speaker = $("speaker").value.trim() || null;
  $("log").append(item(`${speaker || "you"}: ${text}`));
  try {
    const pack = await memory.retrieve(text);
    $("pack").replaceChildren(...pack.items.map((i) => item(i.text, `${i.type} · ${i.reason.sources.join(", ")} · score ${i.score.toFixed(3)}`)));
    $("pack-note").textContent = pack.skipped ? `Retrieval skipped (${pack.skipped}).` : pack.items.length ? "" : "Nothing relevant remembered yet.";
    await memory.ingest({ text, role: "user", speaker, chat_id: "page", message_id: `page-${Date.now()}-${turn++}`, timestamp: Date.now() / 1000 });
  } catch (error) {
    $("pack-note").textContent = `Memory error: ${error.message}`;
  }
});
