// A host developer's chat page with memlace added. The three memlace lines are marked 1, 2, 3; the rest is
// the host's own chat code. The widget (<memlace-panel>) shows what is remembered and what is injected.
import { open } from "./memlace.mjs";
import "./panel.mjs";

const memory = await open({ profile: "demo" });
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
    document.getElementById("info").textContent = `No answer (${error.code}): the memory context was still prepared.`;
  }
  history.push({ role: "user", content: text }, ...(reply ? [{ role: "assistant", content: reply }] : []));
  const now = Date.now() / 1000;
  await memory.ingest([{ text, role: "user", timestamp: now }, ...(reply ? [{ text: reply, role: "assistant", timestamp: now + 0.001 }] : [])]); // 3. after: remember both sides
});
