// The chat page: before each message, retrieve what memory holds for it and show it (with why each item is
// there); answer through the proxy's chat route when a model is configured; remember both sides in the
// background. Memory never blocks the chat: if it is unavailable the chat still answers, without context.
import { Conversations } from "./conversations.mjs";
import { dayWords, el, plainWhy, registerServiceWorker, setupProfiles, setupTheme, why } from "./dom.mjs";
import { open } from "./memlace.mjs";
import protocol from "./protocol.json" with { type: "json" };

const $ = (id) => document.getElementById(id);
const PHASES = ["runtime", "packages", "model", "database"];
const HISTORY_TURNS = 12; // messages of this conversation sent along with each new one
const MESSAGE_LIMIT = protocol.limits.message_chars;
const params = new URLSearchParams(location.search);
const profile = params.get("profile") || "default";
setupProfiles(profile);
const memory = await open({ profile, embeddings: params.get("embeddings") || "local" });
window.memlace = memory; // for the console and for tests

setupTheme();
// Registered once memory has started (or failed to), so that precaching never competes with the first boot.
function offerUpdates() {
  registerServiceWorker((activate) => {
    $("update").hidden = false;
    $("reload").onclick = () => {
      activate();
      navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    };
  });
}
memory.ready.then(offerUpdates, offerUpdates);

let memoryReady = false;
let chatModel = false; // whether the proxy has a chat model
const history = []; // the open chat's turns, sent along to the model
const chats = new Conversations(memory, profile, drawChat);
$("speaker").value = localStorage.getItem("memlace-speaker") || "";
$("speaker").addEventListener("change", () => localStorage.setItem("memlace-speaker", $("speaker").value.trim()));

function counts(stats) {
  const many = (n, one, more) => `${n} ${n === 1 ? one : more}`;
  return `Memory: ${many(stats.memories, "memory", "memories")}, ${many(stats.episodes, "message", "messages")}`;
}

memory.addEventListener("progress", (event) => {
  const { phase, bytes } = event.detail;
  const step = PHASES.indexOf(phase);
  if (step >= 0) $("boot-bar").value = step + 1;
  $("boot-status").textContent = `Loading ${step >= 0 ? phase : "files"}… ${(bytes / 1e6).toFixed(1)} MB`;
});
memory.addEventListener("ready", async () => {
  memoryReady = true;
  $("boot-bar").value = 5;
  $("boot").hidden = true;
  document.body.dataset.ready = "true";
  const stats = await memory.stats().catch(() => null);
  $("memory-status").textContent = stats ? counts(stats) : "Memory: ready";
  $("memory-status").dataset.state = "ok";
  await chats.open(chats.id, { starting: true }); // a reload comes back to the open chat
});
memory.addEventListener("error", (event) => {
  $("boot").hidden = true;
  $("memory-status").textContent = `Memory unavailable: ${event.detail.message}. You can still chat; nothing is remembered.`;
  $("memory-status").dataset.state = "error";
  document.body.dataset.ready = "failed";
});
memory.addEventListener("model", (event) => {
  if (event.detail.state === "failed") $("memory-status").textContent += " (the embedding model could not load: search by keywords and links only)";
});
// Changes that come in a burst (a sync pulling batches, an import) refresh the counts and chats once at a
// time: one more pass follows if anything changed meanwhile, instead of one pass queued per change.
let refreshing = false;
let changedAgain = false;
memory.addEventListener("change", async () => {
  changedAgain = true;
  if (refreshing) return;
  refreshing = true;
  try {
    while (changedAgain) {
      changedAgain = false;
      const stats = await memory.stats().catch(() => null);
      if (stats) $("memory-status").textContent = counts(stats);
      await chats.refresh();
    }
  } finally {
    refreshing = false;
  }
});

/** Show a chat: its stored messages (null: a new or temporary chat, empty), which the model then gets as history. */
function drawChat(_chatId, conversation, keep) {
  const meanwhile = keep ? [...$("log").children] : []; // sent while the page was starting: stays, below
  const said = keep ? history.splice(0) : [];
  history.length = 0;
  const nodes = [];
  const stored = conversation?.messages.filter((m) => !said.some((h) => h.content === m.text)) ?? [];
  if (conversation && conversation.total > conversation.messages.length) {
    nodes.push(el("li", { class: "turn system note" }, `${conversation.total - conversation.messages.length} earlier messages are not shown (the inspector has them all).`));
  }
  for (const message of stored) {
    const turn = bubble(message.role, message.text, message.speaker, false);
    turn.node.append(el("p", { class: "why" }, `${dayWords(message.timestamp)}${message.excluded ? " · kept out of memory" : ""}`));
    nodes.push(turn.node);
    history.push({ role: message.role === "assistant" ? "assistant" : "user", content: message.text });
  }
  history.push(...said);
  $("log").replaceChildren(...nodes, ...meanwhile);
  toLatest();
}

// The page needs only the chat route; the worker separately learns which routes it can use for extraction.
async function checkChat() {
  let configured = false;
  try {
    const health = await (await fetch(`${memory.apiBase}/api/health`)).json();
    configured = Boolean(health.routes?.chat?.configured);
  } catch {
    configured = false;
  }
  chatModel = configured;
  $("model-status").textContent = configured ? "Model: connected (answers stream from the proxy)" : "Offline: no model is configured, so there are no answers; memory still works";
  $("model-status").dataset.state = configured ? "ok" : "offline";
}
const chatChecked = checkChat();

// Sync's state in a word, when the profile syncs; its settings are in the inspector's Sync tab.
const SYNC_WORDS = { starting: "Sync: starting", syncing: "Sync: syncing", idle: "Synced", offline: "Sync: offline, will retry", paused: "Sync: paused", error: "Sync: stopped (see why)" };
function showSync(status) {
  const chip = $("sync-chip");
  chip.hidden = !status?.on;
  chip.textContent = SYNC_WORDS[status?.state] || "Sync";
  chip.dataset.state = status?.state === "error" ? "error" : status?.state === "idle" ? "ok" : "offline";
  chip.title = status?.error?.message || "";
  chip.href = `./inspect.html?profile=${encodeURIComponent(profile)}#sync`;
}
memory.addEventListener("sync", (event) => showSync(event.detail));
memory.ready.then(() => memory.sync.status()).then(showSync, () => {});

function contextView(pack, absent = "Memory was not consulted for this message.") {
  if (!pack) return el("p", { class: "note" }, absent);
  if (pack.skipped) return el("p", { class: "note" }, `Memory was not consulted: ${pack.skipped}.`);
  const you = $("speaker").value;
  const items = pack.items.map((item) =>
    el(
      "li",
      {},
      el("span", { class: "item-text" }, item.text),
      el("span", { class: "reason" }, plainWhy(item, you)),
      el("details", { class: "tech" }, el("summary", {}, "details"), el("span", { class: "why" }, why(item))),
    ),
  );
  const summary = pack.items.length ? `Memory used ${pack.items.length} note${pack.items.length > 1 ? "s" : ""}` : "Nothing remembered is relevant yet";
  return el(
    "details",
    { class: "context" },
    el("summary", {}, summary),
    items.length ? el("ol", { class: "pack" }, items) : null,
    pack.text ? el("details", { class: "raw" }, el("summary", {}, "Exact text given to the model"), el("pre", {}, pack.text)) : null,
    ...pack.warnings.map((w) => el("p", { class: "note" }, w)),
  );
}

// The newest message sits just above the composer (the page's foot, where the sticky composer cannot hide it).
function toLatest() {
  scrollTo({ top: document.documentElement.scrollHeight });
}

// A note added to an earlier turn after the newest one was shown (what memory made of a message arrives
// after its answer when retrieval is quick) pushes the newest down: the page follows if it was at the foot.
function growing(change) {
  const root = document.documentElement;
  const atFoot = root.scrollTop + root.clientHeight >= root.scrollHeight - 4;
  change();
  if (atFoot) toLatest();
}

function bubble(role, text, speaker = $("speaker").value.trim(), show = true) {
  const body = el("div", { class: "text" }, text);
  const node = el("li", { class: `turn ${role}` }, el("div", { class: "who" }, role === "user" ? speaker || "You" : "Assistant"), body);
  if (show) {
    $("log").append(node);
    toLatest();
  }
  return { node, body };
}

async function send(text) {
  const user = bubble("user", text);
  const chatId = chats.id;
  const remembers = chats.remembers;
  let pack = null;
  if (memoryReady && chats.consults) {
    try {
      pack = await memory.retrieve(text, { chat_id: chatId });
    } catch (error) {
      user.node.append(el("p", { class: "note" }, `Memory could not be consulted: ${error.message}`));
    }
  }
  user.node.append(contextView(pack, chats.consults ? undefined : "Memory was not used: this is a temporary chat."));
  const messages = [...history.slice(-HISTORY_TURNS), { role: "user", content: text }];
  history.push({ role: "user", content: text });
  const speaker = $("speaker").value.trim() || null;
  const sentAt = Date.now();
  const userTurn = { text, role: "user", speaker, chat_id: chatId, message_id: `${chatId}-${sentAt}-u`, timestamp: sentAt / 1000 };
  // Remembered first (while the model thinks), so that the model's memory tools can act on this message.
  // Sent while memory was still starting: remembered as soon as it is up, so nothing typed is lost.
  const stored = remembers ? memory.ready.then(() => memory.ingest([userTurn])) : Promise.resolve(null);
  if (!remembers) user.node.append(el("p", { class: "note" }, chats.temporary ? "Not remembered: a temporary chat." : "Not remembered: memory is paused."));
  stored
    .then((results) => results && growing(() => showChanges(user.node, results[0])))
    .catch((error) => growing(() => user.node.append(el("p", { class: "note error" }, `Not remembered: ${error.message}`))));
  let answer = "";
  await chatChecked;
  if (chatModel) {
    const reply = bubble("assistant", "");
    reply.node.setAttribute("aria-busy", "true");
    const used = [];
    const tools = memoryReady && remembers ? { chat_id: chatId, message_id: userTurn.message_id, stored, onCall: (call, result) => used.push({ call, result }) } : undefined;
    try {
      answer = await memory.chat(messages, { context: pack?.text || "", onDelta: (piece) => reply.body.append(piece), tools });
      history.push({ role: "assistant", content: answer });
    } catch (error) {
      reply.node.append(el("p", { class: "note error" }, `The model could not answer: ${error.message} (${error.code || "error"}).`));
    } finally {
      reply.node.removeAttribute("aria-busy");
      if (used.length) reply.node.append(toolsView(used));
    }
  } else {
    $("log").append(el("li", { class: "turn system note" }, "No model is configured, so there is no answer: memlace is running offline. Above is what memory would give this message."));
  }
  toLatest();
  if (answer && remembers) {
    const reply = { text: answer, role: "assistant", speaker: null, chat_id: chatId, message_id: `${chatId}-${sentAt}-a`, timestamp: sentAt / 1000 + 0.001 };
    stored.then(() => memory.ingest([reply])).catch(() => {}); // the user's turn reported its own failure
  }
}

// What the model did with its memory tools, in words, with Undo when it changed something.
const TOOL_WORDS = {
  search_memory: (call, result) => `looked up “${call.arguments?.query ?? ""}” (${result.notes?.length ?? 0} found)`,
  remember: (call, result) => `${result.status === "already remembered" ? "already knew" : "remembered"} “${result.text}”`,
  update_memory: (call, result) => `updated “${result.replaces}” to “${result.text}”`,
  forget_memory: (call, result) => `forgot “${result.forgotten}”`,
};

function toolsView(used) {
  const said = used.map(({ call, result }) =>
    result.ok && TOOL_WORDS[call.name] ? TOOL_WORDS[call.name](call, result) : `could not ${call.name.replace(/_/g, " ")}: ${result.error}`,
  );
  const note = el("p", { class: "note memory-tools", role: "status" }, `The assistant used memory: ${said.join("; ")}`);
  const changed = used.find(({ call, result }) => result.ok && call.name !== "search_memory");
  if (changed) {
    const undo = el("button", { type: "button", class: "quiet" }, "Undo");
    undo.addEventListener("click", async () => {
      undo.disabled = true;
      try {
        await memory.undo(changed.result.episode_id);
        note.replaceChildren("Undone: memory is as it was before this message.");
      } catch (error) {
        note.append(` (could not undo: ${error.message})`);
      }
    });
    note.append(" · ", undo);
  }
  return note;
}

/** "Memory updated: Maya lives in Lisbon (replaces: Maya lives in Berlin) · Undo", under the message that did it. */
function showChanges(node, result) {
  const changes = result?.changes || [];
  if (!changes.length) return;
  const said = changes.map((change) =>
    change.action === "forgotten" ? `forgot “${change.text}”` : change.replaces ? `${change.text} (replaces: ${change.replaces})` : change.text,
  );
  const note = el("p", { class: "note memory-update", role: "status" }, `Memory updated: ${said.join("; ")} · `);
  const undo = el("button", { type: "button", class: "quiet" }, "Undo");
  undo.addEventListener("click", async () => {
    undo.disabled = true;
    try {
      await memory.undo(result.episode_id);
      note.replaceChildren(`Undone: memory is as it was before this message.`);
    } catch (error) {
      note.append(` (could not undo: ${error.message})`);
    }
  });
  note.append(undo);
  node.append(note);
}

// A live count against the limit: an over-long message is never sent, and never taken out of the box.
function countCharacters() {
  const length = $("message").value.length;
  const over = length > MESSAGE_LIMIT;
  $("count").textContent = length > MESSAGE_LIMIT * 0.8 ? `${length.toLocaleString()} / ${MESSAGE_LIMIT.toLocaleString()} characters${over ? ": too long to send" : ""}` : "";
  $("count").classList.toggle("error", over);
  $("message").setAttribute("aria-invalid", String(over));
  return !over;
}
$("message").addEventListener("input", countCharacters);

$("composer").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("message").value.trim();
  if (!text || !countCharacters()) return;
  $("message").value = "";
  countCharacters();
  $("send").disabled = true;
  try {
    await send(text);
  } finally {
    $("send").disabled = false;
    $("message").focus();
  }
});
$("message").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    $("composer").requestSubmit();
  }
});
