// A chat history import that did not finish (the tab was closed, the browser quit, Stop was pressed) can go
// on later: the chosen file is kept in IndexedDB while it is imported, one per profile, and dropped when the
// import is done or the user discards it. Its own database, so the profile's schema never changes for it;
// the "~" keeps it out of the pages' profile list.
import { promised } from "./idb.mjs";

const DB = "memlace~imports";
const STORE = "pending";

async function database() {
  const request = indexedDB.open(DB, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return promised(request);
}

async function inStore(mode, work) {
  const db = await database();
  try {
    const tx = db.transaction(STORE, mode);
    const result = await promised(work(tx.objectStore(STORE)));
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
    return result;
  } finally {
    db.close();
  }
}

/** Keep `file` for `profile` until the import is done. False when it cannot be kept (such as a full quota):
 * the import still runs, and importing the same file again goes on where it stopped. */
export async function keepImport(profile, file) {
  try {
    await inStore("readwrite", (store) => store.put({ name: file.name, type: file.type, file, since: Date.now() }, profile));
    return true;
  } catch {
    return false;
  }
}

/** The import that did not finish for `profile`: {name, file (a File), since} or null. */
export async function pendingImport(profile) {
  try {
    const kept = await inStore("readonly", (store) => store.get(profile));
    if (!kept) return null;
    const file = kept.file instanceof File ? kept.file : new File([kept.file], kept.name, { type: kept.type });
    return { name: kept.name, file, since: kept.since };
  } catch {
    return null; // nothing readable to resume: the user can still import the file again
  }
}

/** Drop the kept file (the import finished, or the user discarded it, or the profile was erased). */
export async function dropImport(profile) {
  try {
    await inStore("readwrite", (store) => store.delete(profile));
  } catch {} // nothing kept
}
