// Sync's replicas on this device (memlace.stores.replicas reads them from the worker) and the page's sync
// settings, in an IndexedDB database of their own beside the profile's: a profile that never syncs has none.
import { promised } from "./idb.mjs";

const VERSION = 1;

export function openSyncDb(profile) {
  const request = indexedDB.open(`memlace~sync-${profile}`, VERSION);
  request.onupgradeneeded = () => {
    request.result.createObjectStore("replicas", { keyPath: "key" }); // {key: "kind\0id", replica: JSON text}
    request.result.createObjectStore("settings", { keyPath: "key" });
  };
  return promised(request).then((db) => {
    db.onversionchange = () => db.close();
    return db;
  });
}

/** Whether this profile ever synced here (its sync database exists); asked before opening, which creates it. */
export async function everSynced(profile) {
  const name = `memlace~sync-${profile}`;
  return !indexedDB.databases || (await indexedDB.databases()).some((found) => found.name === name);
}

function whole(db, mode, work) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(["replicas"], mode);
    const result = work(tx.objectStore("replicas"));
    tx.oncomplete = () => resolve(result.value);
    tx.onerror = tx.onabort = () => reject(new Error(tx.error?.message || "sync's replicas could not be written"));
  });
}

export class ReplicaStore {
  static async open(profile) {
    return new ReplicaStore(await openSyncDb(profile));
  }

  constructor(db) {
    this.db = db;
  }

  async all() {
    const rows = await promised(this.db.transaction(["replicas"], "readonly").objectStore("replicas").getAll());
    return JSON.stringify(rows.map((row) => row.replica));
  }

  async keys() {
    return JSON.stringify(await promised(this.db.transaction(["replicas"], "readonly").objectStore("replicas").getAllKeys()));
  }

  getMany(keysJson) {
    const keys = JSON.parse(keysJson);
    return whole(this.db, "readonly", (store) => {
      const out = { value: [] };
      for (const key of keys) store.get(key).onsuccess = (event) => event.target.result && out.value.push(event.target.result.replica);
      return out;
    }).then((rows) => JSON.stringify(rows));
  }

  putMany(rowsJson) {
    const rows = JSON.parse(rowsJson);
    return whole(this.db, "readwrite", (store) => {
      for (const row of rows) store.put(row);
      return { value: true };
    });
  }

  clear() {
    return whole(this.db, "readwrite", (store) => {
      store.clear();
      return { value: true };
    });
  }

  close() {
    this.db.close();
  }
}

/** The profile's sync settings (server, key, device, place in the feed), or null when it never synced. */
export async function readSettings(profile) {
  if (!(await everSynced(profile))) return null; // never synced: create nothing
  const db = await openSyncDb(profile);
  try {
    const row = await promised(db.transaction(["settings"], "readonly").objectStore("settings").get("sync"));
    return row?.value ?? null;
  } finally {
    db.close();
  }
}

/** Settings saved (null: removed, when sync is turned off). */
export async function writeSettings(profile, value) {
  const db = await openSyncDb(profile);
  try {
    const tx = db.transaction(["settings"], "readwrite");
    if (value === null) tx.objectStore("settings").delete("sync");
    else tx.objectStore("settings").put({ key: "sync", value });
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = tx.onabort = () => reject(new Error(tx.error?.message || "sync settings could not be saved"));
    });
  } finally {
    db.close();
  }
}
