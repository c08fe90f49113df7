// Sync's own Web Worker: the sync session (sync.mjs: PouchDB, sealing and opening documents) runs here, off the
// page's main thread, so a first sync of a large memory never makes the page stutter. The leader tab starts it
// (sync-api.mjs), one per profile. The session reaches memory through the page: its calls (sync_push,
// sync_pull) go to the page, which passes them to memory's worker; the page passes memory's "change" events in
// and the session's "sync" events out to every tab.
import { SyncSession } from "./sync.mjs";

/** What the session knows as `memory`: the profile, calls to memory's worker, events in and out. */
class PageLink extends EventTarget {
  constructor({ profile, apiBase = null, proxySecret = null }) {
    super();
    this.profile = profile;
    this.apiBase = apiBase; // where the site's own sync server is asked for an account (sync-site.mjs)
    this.proxySecret = proxySecret;
    this.pending = new Map();
    this.sequence = 0;
  }

  call(method, params = {}) {
    const id = ++this.sequence;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      self.postMessage({ type: "call", id, method, params });
    });
  }

  answered({ id, result, error }) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    if (error) entry.reject(Object.assign(new Error(error.message), { code: error.code }));
    else entry.resolve(result);
  }

  broadcast(type, detail) {
    self.postMessage({ type: "broadcast", event: type, detail });
  }
}

let link = null;
let session = null;

/** The page's commands: the sync API's calls, run against the one session this worker holds. */
async function command(op, params) {
  if (op === "resume") {
    session = await SyncSession.resume(link);
    return session ? session.status() : null;
  }
  if (op === "enable") {
    const { session: started, phrase } = await SyncSession.enable(link, params);
    session = started;
    return { ...session.status(), phrase };
  }
  if (!session) throw Object.assign(new Error("sync is off for this profile"), { code: "sync_off" });
  if (op === "status") return session.status();
  if (op === "pause") await session.pause();
  else if (op === "resume-sync") await session.resumeSync();
  else if (op === "phrase") return { phrase: await session.phrase() };
  else if (op === "pair") return session.pairingCode();
  else if (op === "disable") {
    await session.disable(params);
    session = null;
    return null;
  } else throw Object.assign(new Error(`unknown sync call ${String(op).slice(0, 30)}`), { code: "invalid_input" });
  return session.status();
}

self.onmessage = ({ data }) => {
  if (data.type === "configure") link = new PageLink(data);
  else if (data.type === "answer") link.answered(data);
  else if (data.type === "change") link.dispatchEvent(new CustomEvent("change", { detail: data.detail }));
  else if (data.type === "command") {
    command(data.op, data.params).then(
      (result) => self.postMessage({ type: "result", id: data.id, result }),
      (error) => self.postMessage({ type: "result", id: data.id, error: { code: error.code || "sync_error", message: String(error.message || error) } }),
    );
  }
};
