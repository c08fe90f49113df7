// Pairing slots: a device that syncs shows a short code; another device enters it and gets the account key
// (and the server to sync with) without typing 24 words. The slot is kept on the site's CouchDB, in one
// database only the admin reads, for ten minutes and one taking. What is stored is sealed on the device with
// a key derived from the code, and named by a hash of it: neither the function nor CouchDB can open it.
//   POST /api/sync/pair       {slot, sealed} -> {expires}   (409 slot_taken: the device picks another code)
//   POST /api/sync/pair/take  {slot}         -> {sealed}    (404 no_pairing: wrong, used or expired code)
import { couch, expect } from "./couch.mjs";
import { ProxyError } from "./errors.mjs";

const DATABASE = "memlace_pairing"; // not memlace-<hex>: no account's database can have this name
const LIFETIME_MS = 10 * 60_000;
const SLOT = /^[0-9a-f]{64}$/;
const MAX_SEALED = 8192; // base64 characters: a key and a server's address and sign-in, sealed
const SWEEP = 50; // expired slots cleared per new slot, oldest first

function checkSlot(body) {
  if (typeof body.slot !== "string" || !SLOT.test(body.slot)) throw new ProxyError(400, "invalid_request", "slot must be 64 hex digits");
  return body.slot;
}

/** The slots' database, readable by the server admin only (an empty members list would open it to all). */
async function ensureDatabase(settings, fetchImpl) {
  expect(await couch(settings, fetchImpl, "PUT", `/${DATABASE}`), [201, 202, 412], "make the pairing database");
  const security = { admins: { names: [], roles: [] }, members: { names: [], roles: ["_admin"] } };
  expect(await couch(settings, fetchImpl, "PUT", `/${DATABASE}/_security`, security), [200, 201], "close the pairing database");
}

/** Slots nobody took go, a few each time a slot is made (bounded work, no timer needed). The database
 * only ever holds the last ten minutes' untaken slots, so the query's scan stays small. */
async function sweep(settings, fetchImpl, now) {
  const query = { selector: { expires: { $lt: now() } }, fields: ["_id", "_rev"], limit: SWEEP };
  const found = await couch(settings, fetchImpl, "POST", `/${DATABASE}/_find`, query);
  const expired = Array.isArray(found.body?.docs) ? found.body.docs : [];
  if (!expired.length) return;
  const docs = expired.map((doc) => ({ _id: doc._id, _rev: doc._rev, _deleted: true }));
  await couch(settings, fetchImpl, "POST", `/${DATABASE}/_bulk_docs`, { docs });
}

async function put(settings, body, fetchImpl, now) {
  const slot = checkSlot(body);
  if (typeof body.sealed !== "string" || !body.sealed || body.sealed.length > MAX_SEALED || !/^[A-Za-z0-9+/=]+$/.test(body.sealed)) {
    throw new ProxyError(400, "invalid_request", `sealed must be base64 of at most ${MAX_SEALED} characters`);
  }
  await ensureDatabase(settings, fetchImpl);
  await sweep(settings, fetchImpl, now);
  const expires = now() + LIFETIME_MS;
  const made = expect(await couch(settings, fetchImpl, "PUT", `/${DATABASE}/${slot}`, { sealed: body.sealed, expires }), [201, 202, 409], "keep the pairing code");
  if (made.status === 409) throw new ProxyError(409, "slot_taken", "that pairing code is in use: make another");
  return { expires };
}

async function take(settings, body, fetchImpl, now) {
  const slot = checkSlot(body);
  const found = expect(await couch(settings, fetchImpl, "GET", `/${DATABASE}/${slot}`), [200, 404], "look up the pairing code");
  const missing = new ProxyError(404, "no_pairing", "no device is waiting with that pairing code: it may be mistyped, used already or more than ten minutes old");
  if (found.status === 404) throw missing;
  // Taken once: whoever deletes it first gets it (a second taker's delete conflicts).
  const gone = expect(await couch(settings, fetchImpl, "DELETE", `/${DATABASE}/${slot}?rev=${encodeURIComponent(found.body._rev)}`), [200, 202, 404, 409], "use the pairing code");
  if (gone.status !== 200 && gone.status !== 202) throw missing;
  if (!(found.body.expires >= now())) throw missing;
  return { sealed: found.body.sealed };
}

/** The pairing routes' answer body for `route` ("sync/pair" or "sync/pair/take"). */
export async function pairingRoute(settings, route, body, fetchImpl, now = () => Date.now()) {
  if (!settings) throw new ProxyError(503, "not_configured", "this site offers no sync server, so no pairing codes: type the recovery phrase instead");
  return route === "sync/pair" ? put(settings, body, fetchImpl, now) : take(settings, body, fetchImpl, now);
}

export const PAIRING_ROUTES = ["sync/pair", "sync/pair/take"];
