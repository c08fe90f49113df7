// A host developer's chat page with memlace added. The three memlace lines are marked 1, 2, 3; the rest is
// the host's own chat code. The widget (<memlace-panel>) shows what is remembered and what is injected.
import { open } from "./memlace.mjs";
import "./panel.mjs";

// The same memory as memlace's own chat page in this browser (what you told it there shows here too).
const profile = new URLSearchParams(location.search).get("profile") || "default";
const memory = await open({ profile });
document.getElementById("profile").textContent = profile;
window.memlace = memory;
document.querySelector("memlace-panel").memory = memory; // the widget shares the page's connection
memory.addEventListener("ready", () => (document.body.dataset.ready = "true"));
memory.addEventListener("error", () => (document.body.dataset.ready = "failed"));

const history = [];

function show(text, who) {
  const li = document.createElement("li");
  li.className = who;
  li.textContent = text; // never innerHTML: messages are untrusted
  document.getElementById("messages").append(li);
  return li;
}

// Failures in words a visitor understands, not codes.
const WHY_NO_ANSWER = {
  not_configured: "No model is configured on this site, so there is no answer",
  provider_unavailable: "The site's model proxy cannot be reached",
  rate_limited: "Too many messages in a short time: wait a moment",
  upstream_rate_limited: "The model provider is busy: try again shortly",
  upstream_timeout: "The model took too long to answer",
};

document.getElementById("form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const box = document.getElementById("box");
  const text = box.value.trim();
  if (!text) return;
  box.value = "";
  show(text, "me");
  const pack = await memory.retrieve(text); // 1. before sending: what memory holds for this message
  let reply = "";
  try {
    // 2. send it with the pack as a system message (here through memlace's proxy; any LLM client works the same)
    reply = await memory.chat([...history, { role: "user", content: text }], { context: pack.text });
    show(reply, "bot");
  } catch (error) {
    const said = WHY_NO_ANSWER[error.code] || `The model could not answer (${error.message})`;
    document.getElementById("info").textContent = `${said}. Memory still worked: what it would give the model is in the panel.`;
  }
  history.push({ role: "user", content: text }, ...(reply ? [{ role: "assistant", content: reply }] : []));
  const now = Date.now() / 1000;
  await memory.ingest([{ text, role: "user", timestamp: now }, ...(reply ? [{ text: reply, role: "assistant", timestamp: now + 0.001 }] : [])]); // 3. after: remember both sides
});
