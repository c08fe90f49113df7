// The libraries sync loads when a profile syncs (never before): PouchDB, fflate's deflate and BIP-39's words.
let pouchLoaded = null;
export function loadPouch() {
  // PouchDB's browser builds are UMD scripts: as modules they set globalThis.PouchDB and add the adapter to it.
  pouchLoaded ||= import(new URL("../pouchdb/pouchdb.min.js", import.meta.url).href)
    .then(() => import(new URL("../pouchdb/pouchdb.indexeddb.min.js", import.meta.url).href))
    .then(() => globalThis.PouchDB);
  return pouchLoaded;
}

// Raw deflate for sealing: fflate (from npm, already shipped for zip imports) is synchronous and much faster
// per small document than a CompressionStream each; the format is the same either way.
export async function loadCodec() {
  const { deflateSync, inflateSync } = await import(new URL("../fflate/browser.js", import.meta.url).href);
  // Given the size, inflate writes into a buffer of exactly that size (unsized, it starts with 128 KB each).
  return {
    dictionary: true,
    deflate: (bytes, dictionary) => deflateSync(bytes, dictionary ? { dictionary } : undefined),
    inflate: (bytes, size, dictionary) => inflateSync(bytes, { ...(size === undefined ? {} : { out: new Uint8Array(size) }), ...(dictionary ? { dictionary } : {}) }),
  };
}

export async function loadWordlist() {
  return (await import(new URL("../bip39/english.js", import.meta.url).href)).wordlist;
}
