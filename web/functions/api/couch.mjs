// Sync accounts on the site operator's CouchDB: one database per user, made and reached only through this
// function, which alone holds the CouchDB admin credential. The browser never sends its account key: it sends
// an account id and a password that HKDF derives from that key (sync-crypto.mjs, serverAccount), so the
// function and CouchDB can tell one user's database from another's and nothing more. Replication then runs
// directly between the browser and CouchDB, as the database's only member.
//   POST /api/sync/open    {account, secret, create} -> {url, username, auth: "password"|"token", token?, expires?}
//   POST /api/sync/delete  {account, secret}         -> {deleted: true}
// With MEMLACE_COUCHDB_JWT_SECRET set (the HMAC key CouchDB's jwt_authentication_handler checks), open also
// hands out a token that expires in MEMLACE_COUCHDB_TOKEN_MINUTES; without it the browser signs in with its
// derived password.
import { SignJWT } from "jose";
import { ProxyError } from "./errors.mjs";
import { normaliseBase } from "./settings.mjs";

const ACCOUNT = /^[0-9a-f]{32}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/; // 32 bytes, base64url without padding

function url(value, name) {
  const base = normaliseBase(value, name);
  const { username, password } = new URL(base);
  if (username || password) throw new Error(`${name} must not hold credentials: use MEMLACE_COUCHDB_ADMIN`);
  return base;
}

/** The CouchDB settings from the environment; null when the site offers no sync server. Throws on a bad value. */
export function readCouchSettings(env) {
  if (!env.MEMLACE_COUCHDB_URL) return null;
  const admin = String(env.MEMLACE_COUCHDB_ADMIN || "");
  const colon = admin.indexOf(":");
  if (colon <= 0) throw new Error("MEMLACE_COUCHDB_ADMIN must be name:password (a CouchDB server admin)");
  const minutes = Number(env.MEMLACE_COUCHDB_TOKEN_MINUTES || 60);
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 24 * 60) throw new Error("MEMLACE_COUCHDB_TOKEN_MINUTES must be a whole number from 5 to 1440");
  return {
    url: url(env.MEMLACE_COUCHDB_URL, "MEMLACE_COUCHDB_URL"),
    // Where browsers reach the same server, when the function reaches it by another address.
    publicUrl: url(env.MEMLACE_COUCHDB_PUBLIC_URL || env.MEMLACE_COUCHDB_URL, "MEMLACE_COUCHDB_PUBLIC_URL"),
    adminAuth: `Basic ${btoa(admin)}`,
    jwtKey: env.MEMLACE_COUCHDB_JWT_SECRET ? new TextEncoder().encode(env.MEMLACE_COUCHDB_JWT_SECRET) : null,
    tokenMinutes: minutes,
  };
}

function checkAccount(body) {
  if (typeof body.account !== "string" || !ACCOUNT.test(body.account)) throw new ProxyError(400, "invalid_request", "account must be 32 hex digits");
  if (typeof body.secret !== "string" || !SECRET.test(body.secret)) throw new ProxyError(400, "invalid_request", "secret must be 43 base64url characters");
  if (body.create !== undefined && typeof body.create !== "boolean") throw new ProxyError(400, "invalid_request", "create must be true or false");
  const name = `memlace-${body.account}`; // a CouchDB user and database name: lower case, starts with a letter
  return { name, secret: body.secret, create: body.create === true };
}

/** One request to CouchDB as its admin (or as `auth`); answers {status, body}. Unreachable is a 502. */
export async function couch(settings, fetchImpl, method, path, body = undefined, auth = settings.adminAuth) {
  const headers = { authorization: auth, accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  let response;
  try {
    response = await fetchImpl(`${settings.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  } catch {
    throw new ProxyError(502, "sync_server_unreachable", "the sync server did not answer");
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    // a body that is not JSON says nothing more than its status
  }
  return { status: response.status, body: answer };
}

export function expect(result, ok, what) {
  if (ok.includes(result.status)) return result;
  // The server's own words are not passed on (as with the model upstreams): the status says enough.
  throw new ProxyError(502, "sync_server_error", `the sync server refused to ${what} (status ${result.status})`);
}

const userPath = (name) => `/_users/${encodeURIComponent(`org.couchdb.user:${name}`)}`;

/** The database with its members: made again if a deletion stopped half way (every step may repeat). */
async function ensureDatabase(settings, fetchImpl, name) {
  expect(await couch(settings, fetchImpl, "PUT", `/${name}`), [201, 202, 412], "make the database");
  const security = { admins: { names: [name], roles: [] }, members: { names: [name], roles: [] } };
  expect(await couch(settings, fetchImpl, "PUT", `/${name}/_security`, security), [200, 201], "set who may read the database");
}

/** The derived password is this user's: CouchDB itself checks it. */
async function checkSecret(settings, fetchImpl, name, secret) {
  const session = await couch(settings, fetchImpl, "GET", "/_session", undefined, `Basic ${btoa(`${name}:${secret}`)}`);
  if (session.status === 200 && session.body?.userCtx?.name === name) return;
  if (session.status === 401 || session.status === 200) throw new ProxyError(403, "wrong_secret", "this sync account exists with another key");
  expect(session, [200], "check the account");
}

async function userExists(settings, fetchImpl, name) {
  return expect(await couch(settings, fetchImpl, "GET", userPath(name)), [200, 404], "look up the account").status === 200;
}

async function open(settings, body, fetchImpl, now) {
  const { name, secret, create } = checkAccount(body);
  if (await userExists(settings, fetchImpl, name)) {
    await checkSecret(settings, fetchImpl, name, secret);
    await ensureDatabase(settings, fetchImpl, name);
  } else {
    if (!create) throw new ProxyError(404, "no_account", "this site's sync server holds no memory made with that recovery phrase");
    // The user comes last: once it exists, its database and members do too.
    await ensureDatabase(settings, fetchImpl, name);
    const user = { name, password: secret, roles: [], type: "user" };
    const made = expect(await couch(settings, fetchImpl, "PUT", userPath(name), user), [201, 202, 409], "make the account");
    if (made.status === 409) await checkSecret(settings, fetchImpl, name, secret); // made at the same moment elsewhere
  }
  const answer = { url: `${settings.publicUrl}/${name}`, username: name, auth: "password" };
  if (!settings.jwtKey) return answer;
  const expires = Math.floor(now() / 1000) + settings.tokenMinutes * 60;
  const token = await new SignJWT({}).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(name).setIssuedAt(Math.floor(now() / 1000)).setExpirationTime(expires).sign(settings.jwtKey);
  return { ...answer, auth: "token", token, expires: expires * 1000 };
}

async function remove(settings, body, fetchImpl) {
  const { name, secret } = checkAccount(body);
  if (!(await userExists(settings, fetchImpl, name))) throw new ProxyError(404, "no_account", "this site's sync server holds no memory made with that recovery phrase");
  await checkSecret(settings, fetchImpl, name, secret);
  // The database goes first: a deletion stopped half way leaves an account that opens (and refills) again.
  expect(await couch(settings, fetchImpl, "DELETE", `/${name}`), [200, 202, 404], "delete the database");
  const user = expect(await couch(settings, fetchImpl, "GET", userPath(name)), [200, 404], "look up the account");
  if (user.status === 200) expect(await couch(settings, fetchImpl, "DELETE", `${userPath(name)}?rev=${encodeURIComponent(user.body._rev)}`), [200, 202, 404], "delete the account");
  return { deleted: true };
}

/** The sync routes' answer body for `route` ("sync/open" or "sync/delete"). */
export async function syncAccountRoute(settings, route, body, fetchImpl, now = () => Date.now()) {
  if (!settings) throw new ProxyError(503, "not_configured", "this site offers no sync server: give your own CouchDB's URL");
  return route === "sync/open" ? open(settings, body, fetchImpl, now) : remove(settings, body, fetchImpl);
}

export const SYNC_ROUTES = ["sync/open", "sync/delete"];
