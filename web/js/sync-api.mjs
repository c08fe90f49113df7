// The page API's sync calls (memory.sync.*). They run in the tab that holds the profile's worker, where the
// sync session lives (sync.mjs, loaded only when a profile syncs); other tabs' calls are routed there.
import { SyncKeyError } from "./sync-crypto.mjs";

const OFF = { on: false, state: "off", error: null, lastSync: null, server: null, device: null };

/** The page API's sync calls, run in the leader tab (memlace.mjs routes other tabs' calls here). */
async function syncCommand(memory, op, params = {}) {
  const session = await memory.syncStarted;
  if (op === "status") return session ? session.status() : OFF;
  if (op === "enable") {
    if (memory.document) throw new SyncKeyError("invalid_input", "a file opened read-only does not sync");
    if (session) throw new SyncKeyError("sync_on", "sync is already on for this profile: turn it off first to use another server or phrase");
    const { SyncSession } = await import("./sync.mjs");
    const { session: started, phrase } = await SyncSession.enable(memory, params);
    memory.syncStarted = Promise.resolve(started);
    return { ...started.status(), phrase };
  }
  if (!session) throw new SyncKeyError("sync_off", "sync is off for this profile");
  if (op === "pause") await session.pause();
  else if (op === "resume") await session.resumeSync();
  else if (op === "phrase") return { phrase: await session.phrase() };
  else if (op === "disable") {
    await session.disable(params);
    memory.syncStarted = Promise.resolve(null);
    memory.broadcast("sync", OFF);
    return OFF;
  } else throw new SyncKeyError("invalid_input", `unknown sync call ${String(op).slice(0, 30)}`);
  return session.status();
}

/** Start the profile's sync in the leader tab, if it is on (never fails the page: a failure is a sync status). */
export function startSync(memory) {
  memory.syncStarted = memory.ready
    .then(() => import("./sync.mjs"))
    .then(({ SyncSession }) => SyncSession.resume(memory))
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

/** memory.sync: turn sync on with a server (and a recovery phrase to join an account), see its status, pause,
 * resume, show the phrase again, turn it off. */
export function syncApi(memory) {
  const call = (op, params = {}) => memory.call(`sync:${op}`, params);
  return {
    status: () => call("status"),
    enable: ({ url, username = null, password = null, phrase = null }) => call("enable", { url, username, password, phrase }),
    pause: () => call("pause"),
    resume: () => call("resume"),
    phrase: () => call("phrase"),
    disable: ({ deleteServerCopy = false } = {}) => call("disable", { deleteServerCopy }),
  };
}
