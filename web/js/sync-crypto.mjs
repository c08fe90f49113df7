// End-to-end encryption for sync (WebCrypto only, so the same module runs in the browser and in node's tests).
// One random 256-bit account key per user, shown once as a 24-word recovery phrase (BIP-39's English word list,
// passed in by the caller: @scure/bip39 from npm); HKDF derives from it a key that encrypts records, one that
// names them and one that signs forgets. A synced record is a document whose id is an HMAC of the record's kind
// and id and whose body is AES-256-GCM ciphertext (a random IV, the document id as associated data) of the
// deflated record padded to a size bucket: the server sees counts, timing and coarse sizes, never content.
import { DICTIONARY_3 } from "./sync-dictionary.mjs";

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();
// Format 2 adds the inflated length to the header, so opening needs no guess at the size; format 3 deflates
// against a preset dictionary (sync-dictionary.mjs) and pads to finer buckets. Formats 1 and 2 are read still.
const FORMAT = 3;
const READABLE = new Set([1, 2, 3]);
// Bucket sizes grow by a quarter of an octave (rounded up to 16 bytes): a body's size says its record's
// within about a fifth, and padding costs at most that (a doubling bucket cost up to half, a third on average).
const BUCKETS = { 2: { smallest: 256, stepsPerDoubling: 1 }, 3: { smallest: 128, stepsPerDoubling: 4 } };

export class SyncKeyError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "SyncKeyError";
    this.code = code;
  }
}

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

// Base64 is on every synced document's path: the engine's own (Chromium 140+), else a plain loop (node 20).
export const base64 = Uint8Array.prototype.toBase64
  ? (bytes) => new Uint8Array(bytes).toBase64()
  : (bytes) => {
      const view = new Uint8Array(bytes);
      let binary = "";
      for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode.apply(null, view.subarray(i, i + 0x8000));
      return btoa(binary);
    };
export const unbase64 = Uint8Array.fromBase64
  ? (text) => Uint8Array.fromBase64(text)
  : (text) => {
      const binary = atob(text);
      const out = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
      return out;
    };

/** A new account key: 32 random bytes. */
export function newAccountKey() {
  return crypto.getRandomValues(new Uint8Array(32));
}

async function checksumBits(key) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", key))[0]; // 256 bits of key carry 8 bits of checksum
}

/** The account key as 24 words (BIP-39: 256 bits and an 8-bit checksum, 11 bits a word). */
export async function phraseFromKey(key, wordlist) {
  if (!(key instanceof Uint8Array) || key.length !== 32) throw new SyncKeyError("bad_key", "an account key is 32 bytes");
  let bits = [...key].map((b) => b.toString(2).padStart(8, "0")).join("");
  bits += (await checksumBits(key)).toString(2).padStart(8, "0");
  return Array.from({ length: 24 }, (_, i) => wordlist[parseInt(bits.slice(i * 11, i * 11 + 11), 2)]).join(" ");
}

/** The account key a recovery phrase stands for; a mistyped or missing word is a clear error, never a wrong key. */
export async function keyFromPhrase(phrase, wordlist) {
  const words = String(phrase).normalize("NFKD").toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length !== 24) throw new SyncKeyError("bad_phrase", `a recovery phrase has 24 words; this one has ${words.length}`);
  const index = new Map(wordlist.map((word, i) => [word, i]));
  const unknown = words.findIndex((word) => !index.has(word));
  if (unknown >= 0) throw new SyncKeyError("bad_phrase", `word ${unknown + 1} (“${words[unknown].slice(0, 20)}”) is not a recovery-phrase word`);
  const bits = words.map((word) => index.get(word).toString(2).padStart(11, "0")).join("");
  const key = Uint8Array.from({ length: 32 }, (_, i) => parseInt(bits.slice(i * 8, i * 8 + 8), 2));
  if (parseInt(bits.slice(256), 2) !== (await checksumBits(key))) {
    throw new SyncKeyError("bad_phrase", "these 24 words are not a recovery phrase as written: check each word and their order");
  }
  return key;
}

/** Raw deflate through the platform's streams: works everywhere, but costs a stream pipeline per document and
 * takes no preset dictionary, so it seals format 2. (A codec's inflate is also given the inflated size when
 * the document says it; this one needs no hint.) */
export const STREAM_CODEC = {
  dictionary: false,
  deflate: (bytes) => through(new CompressionStream("deflate-raw"), bytes),
  inflate: (bytes) => through(new DecompressionStream("deflate-raw"), bytes),
};

/** The keys derived from an account key (HKDF-SHA-256, one label each), and a check value a server copy keeps
 * so that a wrong key is told at once. `codec`: raw deflate and inflate for sealing ({dictionary, deflate(bytes,
 * dictionary), inflate(bytes, size, dictionary)}, sync or async; `dictionary`: whether it takes a preset one).
 * Sync's worker passes fflate's: many times faster per small document than a stream each, and it seals format 3. */
export async function deriveKeys(accountKey, { codec = STREAM_CODEC } = {}) {
  const base = await crypto.subtle.importKey("raw", accountKey, "HKDF", false, ["deriveKey", "deriveBits"]);
  const params = (label) => ({ name: "HKDF", hash: "SHA-256", salt: ENCODER.encode("memlace-sync-v1"), info: ENCODER.encode(label) });
  const hmac = { name: "HMAC", hash: "SHA-256", length: 256 };
  const keys = {
    encrypt: await crypto.subtle.deriveKey(params("records"), base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]),
    name: await crypto.subtle.deriveKey(params("document ids"), base, hmac, false, ["sign"]),
    forget: await crypto.subtle.deriveKey(params("forgets"), base, hmac, false, ["sign", "verify"]),
  };
  keys.codec = codec;
  keys.check = hex(await crypto.subtle.sign("HMAC", keys.name, ENCODER.encode("memlace key check"))).slice(0, 32);
  return keys;
}

/** What a site's sync server knows this account by (see web/functions/api/couch.mjs): an id that names its
 * database and a password for it, both derived from the account key, which never leaves the device. */
export async function serverAccount(accountKey) {
  const base = await crypto.subtle.importKey("raw", accountKey, "HKDF", false, ["deriveBits"]);
  const bits = async (label, length) =>
    new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: ENCODER.encode("memlace-sync-v1"), info: ENCODER.encode(label) }, base, length * 8));
  const secret = base64(await bits("server password", 32)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return { account: hex(await bits("server account", 16)), secret };
}

/** The document id of a record: the same on every device with the key, meaningless without it. */
export async function documentId(keys, kind, id) {
  const mac = await crypto.subtle.sign("HMAC", keys.name, ENCODER.encode(`${kind}\u0000${id}`));
  return `r${hex(mac).slice(0, 40)}`;
}

async function through(stream, bytes) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

function roomFor(size, { smallest, stepsPerDoubling }) {
  for (let step = 0; ; step++) {
    const room = Math.ceil((smallest * 2 ** (step / stepsPerDoubling)) / 16) * 16;
    if (room >= size) return room;
  }
}

/** The bucket a sealed body of `size` bytes is padded to (format 3). */
export function bucket(size) {
  return roomFor(size, BUCKETS[3]);
}

/** A record as a sync document: {_id, v, iv, ct}, base64 in JSON. */
export async function seal(keys, kind, id, record) {
  const _id = await documentId(keys, kind, id);
  const plain = ENCODER.encode(JSON.stringify({ kind, id, record }));
  const format = keys.codec.dictionary ? FORMAT : 2;
  const deflated = await keys.codec.deflate(plain, format === 3 ? DICTIONARY_3 : undefined);
  const padded = new Uint8Array(roomFor(deflated.length + 8, BUCKETS[format]));
  const header = new DataView(padded.buffer);
  header.setUint32(0, deflated.length);
  header.setUint32(4, plain.length);
  padded.set(deflated, 8);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: ENCODER.encode(_id) }, keys.encrypt, padded);
  return { _id, v: format, iv: base64(iv), ct: base64(ct) };
}

/** A sync document back as {kind, id, record}; a wrong key, an altered body or a body moved to another id is
 * an error that says so, never a wrong record. */
export async function open(keys, doc) {
  if (!doc || !READABLE.has(doc.v) || typeof doc.iv !== "string" || typeof doc.ct !== "string") {
    throw new SyncKeyError("bad_document", `document ${String(doc?._id).slice(0, 48)} is not a memlace sync document this version reads`);
  }
  let padded;
  try {
    const params = { name: "AES-GCM", iv: unbase64(doc.iv), additionalData: ENCODER.encode(doc._id) };
    padded = new Uint8Array(await crypto.subtle.decrypt(params, keys.encrypt, unbase64(doc.ct)));
  } catch {
    throw new SyncKeyError("wrong_key", "this synced memory cannot be opened with this key: the recovery phrase is not the one it was made with, or the copy was altered");
  }
  const header = new DataView(padded.buffer);
  const length = header.getUint32(0);
  const [start, size] = doc.v === 1 ? [4, undefined] : [8, header.getUint32(4)];
  if (doc.v === 3 && !keys.codec.dictionary) throw new SyncKeyError("bad_document", "a document of format 3 needs a codec that takes a preset dictionary");
  let opened;
  try {
    opened = JSON.parse(DECODER.decode(await keys.codec.inflate(padded.subarray(start, start + length), size, doc.v === 3 ? DICTIONARY_3 : undefined)));
  } catch {
    throw new SyncKeyError("bad_document", `document ${doc._id} was sealed with this key but does not inflate to a record`);
  }
  if ((await documentId(keys, opened.kind, opened.id)) !== doc._id) {
    throw new SyncKeyError("bad_document", `document ${doc._id} holds another record than its id names`);
  }
  return opened;
}

/** A forget's signature: the server (or anyone without the key) cannot make a device forget a record. */
export async function signForget(keys, docId) {
  return base64(await crypto.subtle.sign("HMAC", keys.forget, ENCODER.encode(`forget\u0000${docId}`)));
}

export async function forgetIsSigned(keys, docId, signature) {
  try {
    return await crypto.subtle.verify("HMAC", keys.forget, unbase64(signature), ENCODER.encode(`forget\u0000${docId}`));
  } catch {
    return false;
  }
}
