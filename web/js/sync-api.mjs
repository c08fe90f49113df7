// The page API's sync calls (memory.sync.*). They run in the tab that holds the profile's worker, which starts
// sync's own Web Worker (sync-worker.mjs, where the session lives) when the profile syncs; other tabs' calls
// are routed to that tab.
import { everSynced } from "./replicas.mjs";
import { SyncKeyError } from "./sync-crypto.mjs";

const OFF = { on: false, state: "off", error: null, lastSync: null, server: null, site: false, device: null, pending: 0 };

/** The leader tab's end of sync's worker: commands go in; the session's calls to memory, memory's "change"
 * events and the session's "sync" events are passed between the worker and the page. */
class SyncWorker {
  constructor(memory) {
    this.memory = memory;
    this.pending = new Map();
    this.sequence = 0;
    this.worker = new Worker(new URL("./sync-worker.mjs", import.meta.url), { type: "module" });
    // The site's address and proxy secret: for the site's own sync server (sync-site.mjs), when it is used.
    this.worker.postMessage({ type: "configure", profile: memory.profile, apiBase: memory.apiBase, proxySecret: memory.secret });
    this.worker.onmessage = ({ data }) => this.received(data);
    this.worker.onerror = (event) => this.stopped(event.message || "sync's worker could not start");
    this.onChange = (event) => this.worker.postMessage({ type: "change", detail: { method: event.detail?.method ?? null } });
    memory.addEventListener("change", this.onChange);
  }

  received(data) {
    if (data.type === "call") {
      this.memory.call(data.method, data.params).then(
        (result) => this.worker.postMessage({ type: "answer", id: data.id, result }),
        (error) => this.worker.postMessage({ type: "answer", id: data.id, error: { code: error.code || "sync_error", message: String(error.message || error) } }),
      );
    } else if (data.type === "broadcast") {
      this.memory.broadcast(data.event, data.detail);
    } else if (data.type === "result") {
      const entry = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (data.error) entry?.reject(new SyncKeyError(data.error.code, data.error.message));
      else entry?.resolve(data.result);
    }
  }

  stopped(message) {
    for (const entry of this.pending.values()) entry.reject(new SyncKeyError("sync_error", message));
    this.pending.clear();
  }

  command(op, params = {}) {
    const id = ++this.sequence;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: "command", id, op, params });
    });
  }

  close() {
    this.memory.removeEventListener("change", this.onChange);
    this.worker.terminate();
    this.stopped("sync was turned off");
  }
}

/** The page API's sync calls, run in the leader tab (memlace.mjs routes other tabs' calls here). */
async function syncCommand(memory, op, params = {}) {
  const session = await memory.syncStarted;
  if (op === "status") return session ? session.command("status") : OFF;
  if (op === "enable") {
    if (memory.document) throw new SyncKeyError("invalid_input", "a file opened read-only does not sync");
    if (session) throw new SyncKeyError("sync_on", "sync is already on for this profile: turn it off first to use another server or phrase");
    const started = new SyncWorker(memory);
    try {
      const status = await started.command("enable", params);
      memory.syncStarted = Promise.resolve(started);
      return status;
    } catch (error) {
      started.close(); // refused (a wrong phrase, no server): nothing was kept, and no worker stays
      throw error;
    }
  }
  if (!session) throw new SyncKeyError("sync_off", "sync is off for this profile");
  if (op === "disable") {
    await session.command("disable", params);
    session.close();
    memory.syncStarted = Promise.resolve(null);
    memory.broadcast("sync", OFF);
    return OFF;
  }
  if (!["pause", "resume", "phrase", "pair"].includes(op)) throw new SyncKeyError("invalid_input", `unknown sync call ${String(op).slice(0, 30)}`);
  return session.command(op === "resume" ? "resume-sync" : op, params);
}

/** Start the profile's sync in the leader tab, if it is on (never fails the page: a failure is a sync status). */
export function startSync(memory) {
  memory.syncStarted = memory.ready
    .then(async () => {
      if (!(await everSynced(memory.profile))) return null; // no sync worker for a profile that never synced
      const started = new SyncWorker(memory);
      try {
        if (await started.command("resume")) return started;
      } catch (error) {
        started.close();
        throw error;
      }
      started.close(); // sync is off for this profile: no worker stays
      return null;
    })
    .catch((error) => {
      memory.broadcast("sync", { ...OFF, on: true, state: "error", error: { code: error.code || "sync_error", message: String(error.message || error) } });
      return null;
    });
}

/** Run a sync call here (the leader tab); errors come out as {code, message}. */
export async function runSync(memory, op, params) {
  try {
    return await syncCommand(memory, op, params);
  } catch (error) {
    throw Object.assign(new Error(String(error.message || error)), { code: error.code || "sync_error" });
  }
}

/** memory.sync: turn sync on with a CouchDB database's URL or the site's own sync server (and a recovery phrase to join an account), see its status, pause,
 * resume, show the phrase again, turn it off. */
export function syncApi(memory) {
  const call = (op, params = {}) => memory.call(`sync:${op}`, params);
  return {
    status: () => call("status"),
    enable: ({ url = null, username = null, password = null, phrase = null, site = false, pairingCode = null }) =>
      call("enable", { url, username, password, phrase, site: site === true, pairingCode }),
    pause: () => call("pause"),
    resume: () => call("resume"),
    phrase: () => call("phrase"),
    pairingCode: () => call("pair"),
    disable: ({ deleteServerCopy = false } = {}) => call("disable", { deleteServerCopy }),
  };
}
