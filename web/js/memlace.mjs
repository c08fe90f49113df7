// memlace's JS API for pages: open a profile, then call the engine. One tab per profile is the leader
// (Web Locks): it runs the worker, so there is exactly one writer; the other tabs send their calls to it
// over a BroadcastChannel, and every tab hears when memory changed. When the leader tab closes, another
// tab takes over and re-sends what was still waiting.
import protocol from "./protocol.json" with { type: "json" };
import { runSync, startSync, syncApi } from "./sync-api.mjs";

export const PROTOCOL = protocol.version;
const WRITES = new Set(protocol.writes);
const PREFIXES = Object.entries(protocol.id_prefixes);
const MIN_STORAGE_LIMIT = 1024 * 1024; // below this the reserve kept for corrections would leave nothing
const MAX_TOOL_ROUNDS = 4; // rounds of memory tool calls before the model must answer in words

/** What an id names: "memory", "episode", "sentence", "cluster" or (anything else) "entity". */
export function idKind(id) {
  const found = PREFIXES.find(([, prefix]) => String(id).startsWith(prefix));
  return found ? found[0] : "entity";
}

function newId() {
  return globalThis.crypto?.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export class MemlaceError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "MemlaceError";
    this.code = code;
  }
}

export class Memlace extends EventTarget {
  constructor({ profile = "default", embeddings = "local", apiBase = globalThis.location?.origin ?? null, secret = null, workerUrl, document = null, storageLimit = null } = {}) {
    super();
    if (!["local", "remote", "none"].includes(embeddings)) throw new MemlaceError("invalid_input", 'embeddings is "local", "remote" or "none"');
    if (storageLimit !== null && !(Number.isSafeInteger(storageLimit) && storageLimit >= MIN_STORAGE_LIMIT)) {
      throw new MemlaceError("invalid_input", `storageLimit is a whole number of bytes, at least ${MIN_STORAGE_LIMIT} (1 MiB)`);
    }
    this.storageLimit = storageLimit;
    // document: the text of an export file to open read-only, in memory, in a worker of its own.
    this.document = document;
    this.id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    if (document) [profile, embeddings, apiBase] = [`file-${this.id}`, "none", null];
    this.profile = profile;
    this.embeddings = embeddings; // remote: through the proxy's embed route; none: keywords and graph only
    this.apiBase = apiBase ? String(apiBase).replace(/\/+$/, "") : null; // null: never call a proxy (offline)
    this.secret = secret;
    this.workerUrl = workerUrl || new URL("./worker.mjs", import.meta.url).href;
    this.pending = new Map();
    this.sequence = 0;
    this.leader = false;
    this.worker = null;
    this.readyState = "starting";
    this.channel = new BroadcastChannel(`memlace-${profile}`);
    this.channel.onmessage = (event) => this.onChannel(event.data);
    this.ready = new Promise((resolve, reject) => {
      this.markReady = resolve;
      this.markFailed = reject;
    });
    // Memory is ready before the local embedding model has loaded; this settles once it is attached
    // (detail: {state: "ready" | "none" | "failed"}). Until then retrieval uses keywords and the graph.
    this.modelReady = new Promise((resolve) => (this.markModel = resolve));
    this.sync = syncApi(this); // one memory on every device: see sync-api.mjs
    this.syncStarted = null; // the leader tab's sync session, once started (null: sync is off)
    if (navigator.locks && !document) {
      navigator.locks.request(`memlace-leader-${profile}`, () => {
        this.lead();
        return new Promise(() => {}); // held for the life of this tab
      });
      this.channel.postMessage({ kind: "hello", from: this.id }); // a leader already running answers "ready"
    } else {
      this.lead();
    }
  }

  lead() {
    this.leader = true;
    this.worker = new Worker(this.workerUrl, { type: "module" });
    const { profile, embeddings, apiBase: api, secret, document, storageLimit } = this;
    this.worker.postMessage({ type: "configure", profile, embeddings, api, secret, document, storageLimit }); // always the worker's first message
    this.worker.onmessage = (event) => this.onWorker(event.data);
    this.worker.onerror = (event) => this.fail({ code: "boot_failed", message: event.message || "the worker could not start" });
    this.channel.postMessage({ kind: "leader", from: this.id });
    for (const entry of this.pending.values()) this.worker.postMessage(entry.request); // resend what waited
    if (!document) startSync(this);
  }

  onWorker(message) {
    if (message.type === "progress") {
      this.broadcast("progress", message);
    } else if (message.type === "ready") {
      this.readyState = "ready";
      this.emit("ready", message);
      this.markReady(message);
      this.channel.postMessage({ kind: "ready", detail: message });
    } else if (message.type === "boot-error") {
      this.fail(message.error);
      this.channel.postMessage({ kind: "boot-error", detail: this.bootError });
    } else if (message.type === "model") {
      this.onModel(message);
      this.channel.postMessage({ kind: "model", detail: message });
    } else if (message.type === "log") {
      this.emit("log", message);
    } else if (message.id !== undefined) {
      const [origin] = String(message.id).split("#");
      if (origin === this.id) this.settle(message);
      else this.channel.postMessage({ kind: "reply", ...message });
    }
  }

  onChannel(message) {
    if (!message || typeof message !== "object") return;
    if (message.kind === "changed") this.emit("change", message.detail); // every tab hears a change, the leader too
    if (this.leader) {
      if (message.kind === "request" && this.readyState === "failed") {
        // The worker is gone or never booted: answer for it, so the other tab's call never waits forever.
        const { code, message: text } = this.bootError;
        this.channel.postMessage({ kind: "reply", id: message.request?.id, error: { code, message: text } });
      } else if (message.kind === "request" && String(message.request?.method).startsWith("sync:")) {
        const { id, method, params } = message.request;
        runSync(this, method.slice(5), params).then(
          (result) => this.channel.postMessage({ kind: "reply", id, result }),
          (error) => this.channel.postMessage({ kind: "reply", id, error: { code: error.code, message: error.message } }),
        );
      } else if (message.kind === "request") this.worker.postMessage(message.request);
      if (message.kind === "hello" && this.readyState === "ready") {
        this.channel.postMessage({ kind: "ready", detail: {} });
        if (this.modelState) this.channel.postMessage({ kind: "model", detail: { type: "model", state: this.modelState } });
      }
      if (message.kind === "hello" && this.readyState === "failed") this.channel.postMessage({ kind: "boot-error", detail: this.bootError });
      return;
    }
    if (message.kind === "leader") for (const entry of this.pending.values()) this.channel.postMessage({ kind: "request", request: entry.request });
    else if (message.kind === "ready") {
      this.readyState = "ready";
      this.emit("ready", message.detail);
      this.markReady(message.detail);
    } else if (message.kind === "progress") this.emit("progress", message.detail);
    else if (message.kind === "sync") this.emit("sync", message.detail);
    else if (message.kind === "model") this.onModel(message.detail);
    else if (message.kind === "boot-error") this.fail(message.detail);
    else if (message.kind === "reply" && String(message.id).startsWith(`${this.id}#`)) this.settle(message);
  }

  onModel(detail) {
    this.modelState = detail.state;
    this.emit("model", detail);
    this.markModel(detail);
  }

  fail(error) {
    if (this.readyState === "failed") return;
    this.readyState = "failed";
    this.bootError = { code: error?.code || "boot_failed", message: error?.message || "memory is unavailable" };
    const failure = new MemlaceError(this.bootError.code, this.bootError.message);
    this.emit("error", failure);
    this.markFailed(failure);
    this.markModel({ type: "model", state: "failed", message: failure.message });
    for (const entry of this.pending.values()) entry.reject(failure);
    this.pending.clear();
  }

  settle(message) {
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    if (message.error) entry.reject(new MemlaceError(message.error.code, message.error.message));
    else {
      entry.resolve(message.result);
      if (WRITES.has(entry.request.method)) {
        const detail = { method: entry.request.method };
        this.emit("change", detail);
        this.channel.postMessage({ kind: "changed", detail });
      }
    }
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  /** An event for this tab and every other tab of the profile. */
  broadcast(type, detail) {
    this.emit(type, detail);
    this.channel.postMessage({ kind: type, detail });
  }

  call(method, params = {}) {
    if (this.readyState === "failed") return Promise.reject(new MemlaceError(this.bootError.code, this.bootError.message));
    if (method.startsWith("sync:") && this.leader) {
      return runSync(this, method.slice(5), params).catch((error) => Promise.reject(new MemlaceError(error.code, error.message)));
    }
    const id = `${this.id}#${++this.sequence}`;
    const request = { id, method, params, protocol: PROTOCOL };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, request });
      try {
        if (this.leader) this.worker.postMessage(request);
        else this.channel.postMessage({ kind: "request", request });
      } catch (error) {
        // Parameters that cannot be copied to another thread (a function, a DOM node): refuse now, never hang.
        this.pending.delete(id);
        reject(new MemlaceError("invalid_input", `${method}: the parameters cannot be sent to memory (${error.name}): use plain data`));
      }
    });
  }

  /**
   * Remember messages. A message without a message_id gets one here, so that a call re-sent after the
   * leading tab closed stores it once, not twice.
   */
  ingest(messages) {
    const withId = (message) =>
      message && typeof message === "object" && !Array.isArray(message) && (message.message_id === undefined || message.message_id === null)
        ? { ...message, message_id: `js-${newId()}` }
        : message;
    return this.call("ingest", Array.isArray(messages) ? { messages: messages.map(withId) } : { message: withId(messages) });
  }
  retrieve(query, options = {}) {
    return this.call("retrieve", { query, ...options });
  }
  search(query, limit = 20) {
    return this.call("search", { query, limit });
  }
  list(filters = {}) {
    return this.call("list", filters);
  }
  get(id) {
    return this.call("get", { id });
  }
  edit(id, text) {
    return this.call("edit", { id, text });
  }
  confirm(id) {
    return this.call("confirm", { id });
  }
  forget(id, { withEpisodes = false } = {}) {
    return this.call("forget", { id, with_episodes: withEpisodes });
  }
  feedback(id, helpful) {
    return this.call("feedback", { id, helpful });
  }
  export() {
    return this.call("export");
  }
  import(document, { dryRun = false, resolutions = null } = {}) {
    return this.call("import", { document, dry_run: dryRun, resolutions });
  }
  stats({ timeline = false } = {}) {
    return this.call("stats", { timeline });
  }
  maintain() {
    return this.call("maintain");
  }
  /** Undo what one of the last messages changed in memory (its result's episode_id): what it made, replaced or forgot. */
  undo(episodeId) {
    return this.call("undo", { episode_id: episodeId });
  }
  /** The chats memory holds, most recently active first: {chats: [{chat_id, title, started, last, messages}], total}. */
  chats({ limit = 200 } = {}) {
    return this.call("chats", { limit });
  }
  /** One chat's latest messages, oldest first: {chat_id, title, total, messages: [{id, message_id, role, speaker, text, timestamp, excluded}]}. */
  conversation(chatId, { limit = 1000 } = {}) {
    return this.call("conversation", { chat_id: chatId, limit });
  }
  /** One correction ("confirm", "retract" or "forget") for every memory `filters` match (as list() takes them). */
  bulk(action, filters = {}) {
    return this.call("bulk", { action, filters });
  }
  /** Erase the whole profile: every memory, message, name and log (offer an export first; it cannot be undone). */
  forgetEverything() {
    return this.call("forget_everything", { confirm: "forget everything" });
  }
  /** Erase a chat's messages; with `withMemories`, also the memories that came only from it. */
  forgetChat(chatId, { withMemories = false } = {}) {
    return this.call("forget_chat", { chat_id: chatId, with_memories: withMemories });
  }
  /** Write now what retrieval noted (use counts, memories used together); otherwise it goes with the next write. */
  flush() {
    return this.call("flush");
  }
  /** Stop a read-only file's worker (a profile's worker lives as long as its tab: other tabs may rely on it). */
  close() {
    if (!this.document) return;
    this.worker?.terminate();
    this.channel.close();
    this.fail({ code: "closed", message: "this file was closed" });
  }

  /**
   * Import chat history: a ChatGPT or Claude data export (the .zip as downloaded, or its conversations.json) or
   * memlace JSON lines, as a File, Blob or text. It goes in a batch at a time, so memory keeps answering
   * meanwhile; `onProgress(report)` hears after each batch ({conversations, messages, added, already, skipped,
   * refused, done}). `signal` stops it; importing the same file again goes on where it stopped (messages
   * already stored are recognised by their ids). Resolves with the last report.
   */
  async importChats(source, { onProgress = () => {}, signal, format = "auto", batch = 32 } = {}) {
    let last = null;
    for (const { name, text } of await exportTexts(source)) {
      let report = await this.call("import_chats", { text, name, format });
      onProgress(report);
      while (!report.done) {
        if (signal?.aborted) {
          await this.call("import_cancel", { job: report.job });
          throw new MemlaceError("cancelled", `the import was stopped after ${report.added + report.already} messages; import the file again to go on`);
        }
        report = await this.call("import_step", { job: report.job, messages: batch });
        onProgress(report);
      }
      last = report;
    }
    return last;
  }

  /** Which model routes the proxy offers: {mode: "model" | "offline" | "connecting", routes, message}. */
  models({ reconnect = false } = {}) {
    return this.call("models", { reconnect });
  }

  /**
   * One answer from the proxy's chat route, streamed: `onDelta(text)` gets each piece, the promise the whole
   * answer. `context` is the pack's text (retrieve(...).text): the proxy adds it as data, not instructions.
   * `tools: {chat_id, message_id, stored?, onCall?}` offers the model memlace's memory tools (search, remember,
   * update, forget) for that message, which must be ingested (`stored`: a promise of that): each call runs
   * in the worker, `onCall({name, arguments}, result)` hears of it, and the model answers with the results.
   * Rejects with MemlaceError code "not_configured" when no model is set up (offline mode).
   */
  async chat(messages, { context = "", onDelta = () => {}, signal, model, tools } = {}) {
    if (!this.apiBase) throw new MemlaceError("not_configured", "no proxy address: memlace runs offline");
    const conversation = [...messages];
    let answer = "";
    for (let round = 0; ; round += 1) {
      const offered = Boolean(tools) && round < MAX_TOOL_ROUNDS;
      const { text, calls } = await this.#chatOnce(conversation, { context, onDelta, signal, model, tools: offered });
      answer += text;
      if (!calls.length || !offered) return answer;
      await tools.stored;
      conversation.push({ role: "assistant", content: text, tool_calls: calls.map(({ id, name, arguments: args }) => ({ id, name, arguments: args ?? {} })) });
      for (const call of calls) {
        let result;
        try {
          result = await this.call("tool", {
            name: call.name, arguments: call.arguments, error: call.error ?? null, chat_id: tools.chat_id, message_id: tools.message_id, call_id: call.id,
          });
        } catch (error) {
          result = { ok: false, error: `memory could not run it: ${error.message}` };
        }
        tools.onCall?.(call, result);
        conversation.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result) });
      }
    }
  }

  async #chatOnce(messages, { context, onDelta, signal, model, tools }) {
    const headers = { "content-type": "application/json" };
    if (this.secret) headers["x-memlace-secret"] = this.secret;
    let response;
    try {
      const body = { messages, context, model, ...(tools ? { tools: true } : {}) };
      response = await fetch(`${this.apiBase}/api/chat`, { method: "POST", headers, body: JSON.stringify(body), signal });
    } catch (error) {
      if (error.name === "AbortError") throw error;
      throw new MemlaceError("provider_unavailable", "the memlace proxy cannot be reached");
    }
    if (!response.ok) {
      const body = await response.json().catch(() => null);
      const code = body?.error?.code || "provider_error";
      throw new MemlaceError(code, body?.error?.message || `the proxy answered ${response.status}`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let text = "";
    const calls = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (value) buffer += value;
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line) continue;
        const event = JSON.parse(line);
        if (event.error) throw new MemlaceError(event.error.code, event.error.message);
        if (typeof event.delta === "string") {
          text += event.delta;
          onDelta(event.delta);
        }
        if (Array.isArray(event.tool_calls)) calls.push(...event.tool_calls);
      }
      if (done) return { text, calls };
    }
  }
}

// The texts of an export: a zip's conversations*.json files (fflate, loaded only for a zip), or the file itself.
async function exportTexts(source) {
  if (typeof source === "string") return [{ name: "conversations.json", text: source }];
  const bytes = new Uint8Array(await source.arrayBuffer());
  const name = source.name || "conversations.json";
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return [{ name, text: new TextDecoder().decode(bytes) }];
  const { unzipSync } = await import(new URL("../fflate/browser.js", import.meta.url).href);
  let files;
  try {
    files = unzipSync(bytes, { filter: (file) => /(^|\/)conversations[^/]*\.json$/.test(file.name) });
  } catch (error) {
    throw new MemlaceError("invalid_input", `${name} is not a readable zip (${error.message})`);
  }
  const found = Object.keys(files).sort();
  if (!found.length) throw new MemlaceError("invalid_input", `${name} holds no conversations.json: is it a ChatGPT or Claude export?`);
  return found.map((inside) => ({ name: `${name}/${inside}`, text: new TextDecoder().decode(files[inside]) }));
}

export async function open(options = {}) {
  const memory = new Memlace(options);
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  return memory;
}
