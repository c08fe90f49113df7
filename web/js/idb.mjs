// IndexedDB store helper: every call is one whole transaction, so a tab closed mid-write
// leaves all or nothing. Python awaits these promises (a transaction would commit while Python awaits).

const STORES = ["memories", "episodes", "entities", "edges", "vectors", "meta"];
const SCHEMA_VERSION = 1;

function edgeKey(edge) {
  return `${edge.source}\u0000${edge.target}\u0000${edge.type}`;
}

function asError(cause, fallback) {
  const error = new Error(cause?.message || fallback);
  error.name = cause?.name || "Error";
  return error;
}

/** A request's result as a promise (rejected with a plain Error naming what failed). */
export function promised(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(asError(request.error, "the request failed"));
  });
}

function upgrade(db, oldVersion) {
  // Numbered upgrades: each step moves the schema one version forward.
  if (oldVersion < 1) {
    db.createObjectStore("memories", { keyPath: "id" });
    db.createObjectStore("episodes", { keyPath: "id" });
    db.createObjectStore("entities", { keyPath: "id" });
    db.createObjectStore("edges", { keyPath: "key" });
    const vectors = db.createObjectStore("vectors", { keyPath: "id" });
    vectors.createIndex("model", "model");
    db.createObjectStore("meta", { keyPath: "key" });
  }
}

export async function openStore(profile) {
  const request = indexedDB.open(`memlace-${profile}`, SCHEMA_VERSION);
  request.onupgradeneeded = (event) => upgrade(request.result, event.oldVersion);
  const db = await promised(request);
  db.onversionchange = () => db.close(); // a newer tab upgrades: step aside instead of blocking it
  return new IdbStore(db);
}

export class IdbStore {
  constructor(db) {
    this.db = db;
  }

  // document: WriteBatch JSON without vectors; vectorMeta: {ids, models}; bytes: float32 data, row after row
  apply(documentJson, vectorMetaJson, bytes) {
    const batch = JSON.parse(documentJson);
    const meta = JSON.parse(vectorMetaJson);
    const flat = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    const dim = meta.ids.length ? flat.length / meta.ids.length : 0;
    return new Promise((resolve, reject) => {
      let tx;
      try {
        tx = this.db.transaction(STORES, "readwrite");
      } catch (error) {
        reject(error);
        return;
      }
      tx.oncomplete = () => resolve(true);
      // Always a plain Error with the DOMException's name: tx.error is still null while a failed request's
      // error event runs, and Pyodide cannot turn a null or DOMException rejection (a full quota is one)
      // into a Python exception: the await would hang.
      const fail = (event) => reject(asError(tx.error || event?.target?.error, "the write was refused and rolled back"));
      tx.onerror = fail;
      tx.onabort = fail;
      const s = Object.fromEntries(STORES.map((name) => [name, tx.objectStore(name)]));
      for (const id of batch.delete_memories) s.memories.delete(id);
      for (const id of batch.delete_episodes) s.episodes.delete(id);
      for (const id of batch.delete_entities) s.entities.delete(id);
      for (const [source, target, type] of batch.delete_edges) s.edges.delete(edgeKey({ source, target, type }));
      for (const id of batch.delete_vectors) s.vectors.delete(id);
      for (const memory of batch.memories) s.memories.put(memory);
      for (const episode of batch.episodes) s.episodes.put(episode);
      for (const entity of batch.entities) s.entities.put(entity);
      for (const edge of batch.edges) s.edges.put({ key: edgeKey(edge), edge });
      meta.ids.forEach((id, row) => {
        // slice() copies: each record owns its vector
        s.vectors.put({ id, model: meta.models[row], vector: flat.slice(row * dim, (row + 1) * dim) });
      });
      for (const [key, value] of Object.entries(batch.meta)) {
        if (value === null) s.meta.delete(key);
        else s.meta.put({ key, value });
      }
    });
  }

  // Every record, as JSON texts of at most `size` records of one table each, the settings last. Python
  // reads them one at a time, so its heap (which never shrinks) never holds the whole profile as text and
  // as objects at once.
  async load(size) {
    const tx = this.db.transaction(["memories", "episodes", "entities", "edges", "meta"], "readonly");
    const [memories, episodes, entities, edges, meta] = await Promise.all([
      promised(tx.objectStore("memories").getAll()),
      promised(tx.objectStore("episodes").getAll()),
      promised(tx.objectStore("entities").getAll()),
      promised(tx.objectStore("edges").getAll()),
      promised(tx.objectStore("meta").getAll()),
    ]);
    const tables = { memories, episodes, entities, edges: edges.map((record) => record.edge) };
    const parts = [];
    for (const [table, records] of Object.entries(tables)) {
      for (let start = 0; start < records.length; start += size) parts.push(JSON.stringify({ [table]: records.slice(start, start + size) }));
    }
    parts.push(JSON.stringify({ meta: Object.fromEntries(meta.map((record) => [record.key, record.value])) }));
    return parts;
  }

  // A model's vectors in parts of at most `size`, each {ids as JSON, the vectors as one Float32Array}.
  async loadVectors(model, size) {
    const tx = this.db.transaction(["vectors"], "readonly");
    const records = await promised(tx.objectStore("vectors").index("model").getAll(model));
    records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const dim = records.length ? records[0].vector.length : 0;
    const parts = [];
    for (let start = 0; start < records.length; start += size) {
      const some = records.slice(start, start + size);
      const flat = new Float32Array(some.length * dim);
      some.forEach((record, row) => flat.set(record.vector, row * dim));
      parts.push({ ids: JSON.stringify(some.map((record) => record.id)), bytes: flat });
    }
    return parts;
  }

  async room() {
    return JSON.stringify(await estimate());
  }

  close() {
    this.db.close();
  }
}

/** The site's storage use and quota as the browser estimates them (nulls where it cannot say). */
async function estimate() {
  const found = navigator.storage && navigator.storage.estimate ? await navigator.storage.estimate() : {};
  return { usage: found.usage ?? null, quota: found.quota ?? null };
}

export async function deleteProfile(profile) {
  await promised(indexedDB.deleteDatabase(`memlace-${profile}`));
}
