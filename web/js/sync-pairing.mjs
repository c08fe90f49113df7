// Pairing a device with a short code instead of 24 words. A device that syncs makes a random code of twelve
// letters and digits (60 bits), seals the account key and its server's address and sign-in with a key that
// PBKDF2 derives from the code, and leaves it with the site's sync service under a hash of the code
// (web/functions/api/pairing.mjs) for ten minutes and one taking. The new device enters the code, takes the
// sealed slot and opens it. The site's function and CouchDB see the hash and ciphertext, never the code.
import { base64, SyncKeyError, unbase64 } from "./sync-crypto.mjs";
import { openSiteAccount, siteApi, siteCall } from "./sync-site.mjs";

const ENCODER = new TextEncoder();
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford's base32: no I, L, O or U to misread
const LENGTH = 12; // 60 bits: ten minutes and one taking leave no time to guess, and the server's rate limit none to try
const ITERATIONS = 210_000; // PBKDF2-SHA-256, so that a copy of a slot is slow to try codes against

function newCode() {
  return Array.from(crypto.getRandomValues(new Uint8Array(LENGTH)), (byte) => ALPHABET[byte & 31]).join("");
}

const shown = (code) => code.match(/.{4}/g).join("-");

/** A code as typed (any case, spaces or dashes, O for 0, I or L for 1) in its one canonical form. */
export function normaliseCode(text) {
  const code = String(text ?? "").toUpperCase().replace(/[\s-]+/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== LENGTH || [...code].some((c) => !ALPHABET.includes(c))) {
    throw new SyncKeyError("bad_code", "a pairing code is twelve letters and digits, as shown on the other device (XXXX-XXXX-XXXX)");
  }
  return code;
}

async function slotOf(code) {
  const digest = await crypto.subtle.digest("SHA-256", ENCODER.encode(`memlace pairing slot\u0000${code}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function sealingKey(code, slot) {
  const base = await crypto.subtle.importKey("raw", ENCODER.encode(code), "PBKDF2", false, ["deriveKey"]);
  const params = { name: "PBKDF2", hash: "SHA-256", salt: ENCODER.encode(`memlace pairing v1\u0000${slot}`), iterations: ITERATIONS };
  return crypto.subtle.deriveKey(params, base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/** Offer this device's account to another: a code to show, valid for ten minutes and one device. */
export async function offerPairing(link, settings) {
  const server = { url: settings.url, username: settings.username, password: settings.password, site: settings.site };
  const plain = ENCODER.encode(JSON.stringify({ key: settings.key, server }));
  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    const slot = await slotOf(code);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: ENCODER.encode(slot) }, await sealingKey(code, slot), plain));
    const sealed = new Uint8Array(iv.length + ct.length);
    sealed.set(iv);
    sealed.set(ct, iv.length);
    try {
      const { expires } = await siteCall(link, siteApi(link), "sync/pair", { slot, sealed: base64(sealed) });
      return { code: shown(code), expires };
    } catch (error) {
      if (error.code !== "slot_taken" || attempt >= 2) throw error; // another device's code: make a new one
    }
  }
}

/** The account key and server that a pairing code stands for, as enable needs them ({key, server: {settings, token}}). */
export async function takePairing(link, typed) {
  const code = normaliseCode(typed);
  const slot = await slotOf(code);
  const { sealed } = await siteCall(link, siteApi(link), "sync/pair/take", { slot });
  let offered;
  try {
    const bytes = unbase64(sealed);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: ENCODER.encode(slot) }, await sealingKey(code, slot), bytes.subarray(12));
    offered = JSON.parse(new TextDecoder().decode(plain));
  } catch {
    throw new SyncKeyError("bad_code", "what this pairing code left could not be opened: make a new code on the other device");
  }
  const key = unbase64(offered.key);
  if (offered.server.site) return { key, server: await openSiteAccount(link, key, { create: false }) };
  return { key, server: { settings: { ...offered.server, site: null }, token: null } };
}
