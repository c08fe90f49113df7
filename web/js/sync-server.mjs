// The server's database as sync sees it: its URL checked, a PouchDB handle on it, and the one plain document
// there, which says which account key made the copy it holds.
import { SyncKeyError } from "./sync-crypto.mjs";
import { remoteOptions } from "./sync-site.mjs";

const KEY_CHECK_ID = "memlace-key-check";

export function checkUrl(url) {
  let parsed;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new SyncKeyError("bad_server", "the sync server is a URL such as https://couch.example.com/memlace-ada");
  }
  if (!["http:", "https:"].includes(parsed.protocol)) throw new SyncKeyError("bad_server", "the sync server's URL starts with https:// (or http:// for this machine)");
  if (parsed.pathname.replace(/\/+$/, "") === "") throw new SyncKeyError("bad_server", "the URL names a database: add its name after the server, as in https://couch.example.com/memlace-ada");
  return parsed.href.replace(/\/+$/, "");
}

/** A handle on the server's database. `setup` makes the database if it is missing: only turning sync on does,
 * so a device that resumes never brings back a copy another device deleted. `through` wraps the fetch its
 * requests go by. */
export function openServer(PouchDB, link, settings, token, { setup = false, through = (base) => base } = {}) {
  const options = remoteOptions(link, settings, token);
  const fetcher = through(options.fetch || ((url, init) => fetch(url, init)));
  return new PouchDB(settings.url, { ...options, fetch: fetcher, skip_setup: !setup });
}

/** The server no longer has the database (it was deleted, as turning sync off on another device may do). */
export function serverCopyGone() {
  return new SyncKeyError("server_copy_gone", "the server's copy of this memory is gone (sync was turned off on another device, with its copy deleted?): turn sync off here, then on again to make a new copy");
}

/** The server copy says which key made it: another key is refused now, never merged as garbage. A new copy
 * is marked with this one. */
export async function checkServerKey(remote, check) {
  let found = null;
  try {
    found = await remote.get(KEY_CHECK_ID);
  } catch (error) {
    if (error.status === 401 || error.status === 403) {
      throw new SyncKeyError("server_refused", "the sync server refused this device: check the user name and password, and that the database exists (or that this user may create it)");
    }
    if (error.status !== 404) throw new SyncKeyError("server_unreachable", `the sync server did not answer (${error.status || error.name}: ${error.message || error.reason || "no answer"})`);
  }
  if (found && found.check !== check) {
    throw new SyncKeyError("wrong_key", "this recovery phrase is not the one this sync server's memory was made with: check each word, or use another server database");
  }
  if (found) return;
  try {
    await remote.put({ _id: KEY_CHECK_ID, check, format: 1 });
  } catch (error) {
    throw error.status === 404 ? serverCopyGone() : error;
  }
}
