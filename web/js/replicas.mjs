// Sync's replicas on this device (memlace.stores.replicas reads them from the worker) and the page's sync
// settings, in an IndexedDB database of their own beside the profile's: a profile that never syncs has none.
import { promised } from "./idb.mjs";

const VERSION = 2;
const REPLICA_STORES = ["replicas", "blocks", "blockKeys"];
const WRITER = "replicas-writer"; // settings row: the store object that wrote the replicas last

export function openSyncDb(profile) {
  const request = indexedDB.open(`memlace~sync-${profile}`, VERSION);
  request.onupgradeneeded = (event) => {
    const db = request.result;
    if (event.oldVersion < 1) {
      db.createObjectStore("replicas", { keyPath: "key" }); // {key: "kind\0id", replica: JSON text}: one record
      db.createObjectStore("settings", { keyPath: "key" });
    }
    if (event.oldVersion < 2) {
      // Many replicas written at once (a new device's join, a first push) go in blocks: one IndexedDB value
      // per few hundred records instead of one each, which is most of a write's cost. A block's keys are
      // apart, so the directory is read without the replicas.
      db.createObjectStore("blocks", { keyPath: "id" }); // {id, replicas: [JSON text]}
      db.createObjectStore("blockKeys", { keyPath: "id" }); // {id, keys: ["kind\0id"]}, in the same order
    }
  };
  return promised(request).then((db) => {
    db.onversionchange = () => db.close();
    return db;
  });
}

/** The profile's sync database gone (its connections closed first, or this waits for them). */
export async function deleteSyncDb(profile) {
  await promised(indexedDB.deleteDatabase(`memlace~sync-${profile}`));
}

/** Whether this profile ever synced here (its sync database exists); asked before opening, which creates it. */
export async function everSynced(profile) {
  const name = `memlace~sync-${profile}`;
  return !indexedDB.databases || (await indexedDB.databases()).some((found) => found.name === name);
}

function whole(db, stores, mode, work) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, mode);
    const out = { value: undefined, stale: false };
    work(tx, out);
    tx.oncomplete = () => resolve(out.value);
    tx.onerror = tx.onabort = () => reject(new Error(out.stale ? "stale" : tx.error?.message || "sync's replicas could not be written"));
  });
}

/** Runs `work` in the transaction only while `writer` is the one that wrote last; otherwise the transaction
 * is aborted and the promise rejects with "stale" (another tab synced meanwhile: the caller reads the
 * directory again). */
function asWriter(tx, out, writer, work) {
  tx.objectStore("settings").get(WRITER).onsuccess = (event) => {
    if ((event.target.result?.value ?? null) !== (writer ?? null)) { // Pyodide passes None as undefined
      out.stale = true;
      tx.abort();
    } else work();
  };
}

/** Sync's replicas: single rows (a record written alone) and blocks (many written at once). A single row
 * is always newer than any block holding the same key (writing a block deletes the key's single row), and
 * a later block (ids sort by time) newer than an earlier one. memlace.stores.replicas keeps the directory. */
export class ReplicaStore {
  static async open(profile) {
    return new ReplicaStore(await openSyncDb(profile));
  }

  constructor(db) {
    this.db = db;
  }

  /** Where every replica is: {writer, singles: [key], blocks: [[id, [key]]]} (blocks in id order), as JSON. */
  directory() {
    const stores = [...REPLICA_STORES, "settings"];
    return whole(this.db, stores, "readonly", (tx, out) => {
      const parts = {};
      tx.objectStore("settings").get(WRITER).onsuccess = (event) => (parts.writer = event.target.result?.value ?? null);
      tx.objectStore("replicas").getAllKeys().onsuccess = (event) => (parts.singles = event.target.result);
      tx.objectStore("blockKeys").getAll().onsuccess = (event) => (parts.blocks = event.target.result.map((row) => [row.id, row.keys]));
      out.value = parts;
    }).then((parts) => JSON.stringify(parts));
  }

  /** Every current replica's JSON text (a key's newest copy only), as a JSON list. */
  all() {
    return whole(this.db, REPLICA_STORES, "readonly", (tx, out) => {
      const found = new Map();
      const blocks = {};
      tx.objectStore("blocks").getAll().onsuccess = (event) => event.target.result.forEach((row) => (blocks[row.id] = row.replicas));
      tx.objectStore("blockKeys").getAll().onsuccess = (event) => {
        for (const row of event.target.result) row.keys.forEach((key, i) => blocks[row.id] && found.set(key, blocks[row.id][i]));
        tx.objectStore("replicas").getAll().onsuccess = (more) => more.target.result.forEach((row) => found.set(row.key, row.replica));
      };
      out.value = found;
    }).then((found) => JSON.stringify([...found.values()]));
  }

  /** {singles: [key], blocks: [[id, [position]]]} as JSON: those replicas' texts, as a JSON list (what is
   * no longer there, after sync was turned off meanwhile, is left out). */
  getMany(wantedJson, writer) {
    const wanted = JSON.parse(wantedJson);
    return whole(this.db, [...REPLICA_STORES, "settings"], "readonly", (tx, out) => {
      out.value = [];
      asWriter(tx, out, writer, () => {
        for (const key of wanted.singles) tx.objectStore("replicas").get(key).onsuccess = (event) => event.target.result && out.value.push(event.target.result.replica);
        for (const [id, positions] of wanted.blocks) {
          tx.objectStore("blocks").get(id).onsuccess = (event) => {
            const replicas = event.target.result?.replicas;
            if (replicas) for (const at of positions) if (replicas[at] !== undefined) out.value.push(replicas[at]);
          };
        }
      });
    }).then((texts) => JSON.stringify(texts));
  }

  /** One transaction: {singles: [{key, replica}], blocks: [{id, keys, replicas}], drop: [key], dropBlocks: [id]}
   * as JSON, written only while `writer` wrote last (null: nobody has, a fresh or cleared store); `writer`
   * then becomes `next`. */
  putMany(writeJson, writer, next) {
    const write = JSON.parse(writeJson);
    return whole(this.db, [...REPLICA_STORES, "settings"], "readwrite", (tx, out) => {
      asWriter(tx, out, writer, () => {
        const [replicas, blocks, blockKeys] = REPLICA_STORES.map((name) => tx.objectStore(name));
        for (const key of write.drop) replicas.delete(key);
        for (const id of write.dropBlocks) {
          blocks.delete(id);
          blockKeys.delete(id);
        }
        for (const row of write.singles) replicas.put(row);
        for (const block of write.blocks) {
          blocks.put({ id: block.id, replicas: block.replicas });
          blockKeys.put({ id: block.id, keys: block.keys });
        }
        tx.objectStore("settings").put({ key: WRITER, value: next });
        out.value = true;
      });
    });
  }

  clear() {
    return whole(this.db, [...REPLICA_STORES, "settings"], "readwrite", (tx, out) => {
      for (const name of REPLICA_STORES) tx.objectStore(name).clear();
      tx.objectStore("settings").delete(WRITER);
      out.value = true;
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
