// The site's own sync server: when the site operator configured a CouchDB behind memlace's Netlify Function
// (web/functions/api/couch.mjs), a user syncs without running a server. The function makes one database per
// account and answers where it is and how to sign in to it; replication then goes straight to CouchDB. What
// the function is told is derived from the account key (serverAccount): never the key, never a record.
import { serverAccount, SyncKeyError, unbase64 } from "./sync-crypto.mjs";

const REFRESH_BEFORE_MS = 120_000; // a token is renewed this long before it expires

/** One call to the site's sync routes; the function's refusal comes back as its own code and words. */
export async function siteCall(link, api, route, body) {
  const headers = { "content-type": "application/json" };
  if (link.proxySecret) headers["x-memlace-secret"] = link.proxySecret;
  let response;
  try {
    response = await fetch(`${api}/api/${route}`, { method: "POST", headers, body: JSON.stringify(body) });
  } catch {
    throw new SyncKeyError("server_unreachable", "this site's sync service did not answer: check the connection and try again");
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok) {
    const error = answer?.error;
    throw new SyncKeyError(typeof error?.code === "string" ? error.code : "sync_error", typeof error?.message === "string" ? error.message : `this site's sync service answered ${response.status}`);
  }
  return answer;
}

export function siteApi(link, settings = null) {
  const api = settings?.site?.api ?? link.apiBase;
  if (!api) throw new SyncKeyError("bad_server", "this page has no sync service of its own: give a CouchDB database's URL instead");
  return api;
}

/** The account on the site's server for this key: made when `create` (a new memory), else found (joining;
 * a phrase no memory was made with is refused by the server). Returns what the settings keep, and a token. */
export async function openSiteAccount(link, key, { create }) {
  const api = siteApi(link);
  const account = await serverAccount(key);
  const answer = await siteCall(link, api, "sync/open", { ...account, create });
  const token = answer.auth === "token" ? { token: answer.token, expires: answer.expires } : null;
  return { settings: { url: answer.url, username: answer.username, password: account.secret, site: { api, auth: answer.auth } }, token };
}

/** The server's copy and the account go (turning sync off with "also delete the server's copy"). */
export async function deleteSiteAccount(link, settings) {
  await siteCall(link, siteApi(link, settings), "sync/delete", await serverAccount(unbase64(settings.key)));
}

/** PouchDB's options for the remote database: sign in with the password, or with a short-lived token from
 * the site that is renewed before it runs out. `token`: the one openSiteAccount just gave, if any. */
export function remoteOptions(link, settings, token = null) {
  if (settings.site?.auth !== "token") {
    return settings.username ? { auth: { username: settings.username, password: settings.password } } : {};
  }
  let current = token;
  let renewing = null;
  const valid = async () => {
    if (current && current.expires - Date.now() > REFRESH_BEFORE_MS) return current;
    renewing ||= openSiteAccount(link, unbase64(settings.key), { create: false }).then(
      (opened) => ((current = opened.token), (renewing = null), current),
      (error) => ((renewing = null), Promise.reject(error)),
    );
    return renewing;
  };
  return {
    fetch: async (url, options) => {
      options.headers.set("Authorization", `Bearer ${(await valid()).token}`);
      return fetch(url, options);
    },
  };
}
