// Sync's end-to-end encryption (web/js/sync-crypto.mjs) in node's WebCrypto: recovery phrases, keys, sealed
// documents that carry no readable content, and clear errors for a wrong or mistyped phrase and altered copies.
import assert from "node:assert/strict";
import { test } from "node:test";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { deflateSync, inflateSync } from "fflate";
import { base64, bucket, deriveKeys, documentId, forgetIsSigned, keyFromPhrase, newAccountKey, open, phraseFromKey, seal, serverAccount, signForget, unbase64 } from "../js/sync-crypto.mjs";

const MARKER = "planted-marker-7f3a9c";
const RECORD = {
  id: "mem_0123456789abcdef01234567",
  text: `User lives in Lisbon near Mouraria ${MARKER}`,
  kind: "fact",
  status: "staged",
  confidence: 0.9,
  entities: ["Lisbon", "Mouraria"],
};

test("a recovery phrase gives back the very key, and a known BIP-39 vector reads as the spec says", async () => {
  const key = newAccountKey();
  const phrase = await phraseFromKey(key, wordlist);
  assert.equal(phrase.split(" ").length, 24);
  assert.deepEqual(await keyFromPhrase(`  ${phrase.toUpperCase()}  `, wordlist), key);
  // The BIP-39 test vector for 32 bytes of 0x00.
  const zeros = await phraseFromKey(new Uint8Array(32), wordlist);
  assert.equal(zeros, `${"abandon ".repeat(23)}art`);
});

test("a mistyped, missing or swapped word is a clear error, never a different key", async () => {
  const phrase = (await phraseFromKey(Uint8Array.from({ length: 32 }, (_, i) => i * 7 + 1), wordlist)).split(" "); // fixed: a swap fails its checksum
  await assert.rejects(keyFromPhrase(phrase.slice(0, 23).join(" "), wordlist), /has 24 words; this one has 23/);
  await assert.rejects(keyFromPhrase([...phrase.slice(0, 4), "lisbonn", ...phrase.slice(5)].join(" "), wordlist), /word 5 \(“lisbonn”\) is not a recovery-phrase word/);
  const swapped = [...phrase];
  [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
  assert.notEqual(swapped[0], swapped[1]);
  await assert.rejects(keyFromPhrase(swapped.join(" "), wordlist), /not a recovery phrase as written/);
});

test("a sealed record opens with its key and shows nothing readable to the server", async () => {
  const keys = await deriveKeys(newAccountKey());
  const doc = await seal(keys, "memory", RECORD.id, RECORD);
  const dumped = JSON.stringify(doc);
  for (const secret of [MARKER, "Lisbon", "Mouraria", RECORD.id, "status", "confidence", "memory"]) {
    assert.ok(!dumped.includes(secret), `the sealed document shows ${secret}`);
  }
  assert.deepEqual(await open(keys, doc), { kind: "memory", id: RECORD.id, record: RECORD });
  assert.equal(doc._id, await documentId(keys, "memory", RECORD.id)); // the same id on every device with the key
  const again = await seal(keys, "memory", RECORD.id, RECORD);
  assert.notEqual(again.ct, doc.ct); // a fresh IV each time: equal records do not look equal
});

// The codec sync's worker uses (web/js/sync-libraries.mjs): fflate, with a preset dictionary.
const FFLATE = {
  dictionary: true,
  deflate: (bytes, dictionary) => deflateSync(bytes, dictionary ? { dictionary } : undefined),
  inflate: (bytes, size, dictionary) => inflateSync(bytes, { ...(size === undefined ? {} : { out: new Uint8Array(size) }), ...(dictionary ? { dictionary } : {}) }),
};

test("fflate seals format 3 (a preset dictionary), which opens with fflate; the streams' format 2 opens with both", async () => {
  const account = newAccountKey();
  const streams = await deriveKeys(account);
  const fflate = await deriveKeys(account, { codec: FFLATE });
  const big = { ...RECORD, text: `${RECORD.text} ${"and more words ".repeat(400)}` }; // several deflate blocks
  for (const record of [RECORD, big]) {
    const three = await seal(fflate, "memory", record.id, record);
    assert.equal(three.v, 3);
    assert.deepEqual((await open(fflate, three)).record, record);
    await assert.rejects(open(streams, three), { code: "bad_document" }); // said, not garbage
    const two = await seal(streams, "memory", record.id, record);
    assert.equal(two.v, 2);
    assert.deepEqual((await open(fflate, two)).record, record);
    assert.deepEqual((await open(streams, two)).record, record);
  }
});

test("format 3's dictionary and finer buckets make a typical record's body much smaller", async () => {
  const account = newAccountKey();
  const [streams, fflate] = [await deriveKeys(account), await deriveKeys(account, { codec: FFLATE })];
  const id = "mem_4b8817e063858891663bb562";
  const memory = {
    kind: "memory", id, forgotten: null, counts: {}, stamps: { "*": [1795674147394, 0, "d123456789012"] },
    fields: { id, kind: "fact", text: "Melanie is swamped with the kids and work", confidence: 0.55, importance: 0.4, status: "staged", source: "user_stated", scope: { profile: "default", project: null, session: null }, tags: ["about"], triggers: [], subject: "Melanie", attribute: null, value: null, created_at: 1795674268.25, updated_at: 1795674268.25, event_time: null, valid_from: 1795674267.89, valid_to: null, last_accessed: null, ttl: "permanent", expires_at: null, version: 1, protected: false, text_hash: "205bd02f01fd5e85151c00ccc6045e3d" },
    sets: { provenance: [{ chat_id: "conv-26", message_ids: ["D1:2"], observed_at: 1795674267.89, extractor: "heuristic", extractor_version: "2", speaker: "Melanie" }], superseded_by: [] },
  };
  const source = "ep_7e46af7caa08e2ed82d60e94";
  const target = "1b61f8f0e418ea94a502fc64f39d68c84ae4c9951e4715d844aafc1fc49ea39b";
  const edgeId = `${source}\u0000${target}\u0000mentions`;
  const edge = {
    kind: "edge", id: edgeId, forgotten: null, counts: {}, stamps: { "*": [1795674147394, 0, "d123456789012"] }, sets: { evidence: ["m1"] },
    fields: { source, target, type: "mentions", weight: 1.0, confidence: 1.0, valid_from: null, valid_to: null, created_at: 1795674145.13, id: edgeId, removed: false },
  };
  for (const [kind, record, most] of [["memory", memory, 0.75], ["edge", edge, 0.6]]) {
    const [two, three] = [await seal(streams, kind, record.id, record), await seal(fflate, kind, record.id, record)];
    assert.ok(three.ct.length <= most * two.ct.length, `${kind}: ${three.ct.length} against ${two.ct.length}`);
  }
});

test("buckets grow by a quarter of an octave in steps of 16 bytes, and every size has one that holds it", () => {
  assert.deepEqual([1, 128, 129, 160, 161, 200, 256, 257, 1000].map(bucket), [128, 128, 160, 160, 192, 224, 256, 320, 1024]);
  for (let size = 1; size < 70000; size += 97) {
    const room = bucket(size);
    assert.ok(room >= size && room % 16 === 0 && room <= Math.max(128, size * 1.2 + 16), `${size} -> ${room}`);
  }
});

test("a document of the first format (no inflated size in its header) still opens", async () => {
  const keys = await deriveKeys(newAccountKey());
  const _id = await documentId(keys, "memory", RECORD.id);
  const deflated = deflateSync(new TextEncoder().encode(JSON.stringify({ kind: "memory", id: RECORD.id, record: RECORD })));
  const padded = new Uint8Array(512);
  new DataView(padded.buffer).setUint32(0, deflated.length);
  padded.set(deflated, 4);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: new TextEncoder().encode(_id) }, keys.encrypt, padded);
  const doc = { _id, v: 1, iv: base64(iv), ct: base64(ct) };
  assert.deepEqual((await open(keys, doc)).record, RECORD);
});

test("base64 round-trips every byte, in long runs too", () => {
  const bytes = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 37) % 256); // longer than one call's argument list
  const text = base64(bytes);
  assert.equal(text, Buffer.from(bytes).toString("base64"));
  assert.deepEqual(unbase64(text), bytes);
  assert.deepEqual(unbase64(base64(new Uint8Array(0))), new Uint8Array(0));
});

test("sizes are padded to buckets, so a body's length says little about its record", async () => {
  const keys = await deriveKeys(newAccountKey());
  const lengths = new Set();
  for (const text of ["ok", "User likes tea", "User is allergic to peanuts and carries an epipen"]) {
    lengths.add((await seal(keys, "memory", "m", { text })).ct.length);
  }
  assert.equal(lengths.size, 1);
});

test("a wrong key, an altered body and a body moved to another id are refused in words", async () => {
  const keys = await deriveKeys(newAccountKey());
  const other = await deriveKeys(newAccountKey());
  const doc = await seal(keys, "memory", RECORD.id, RECORD);
  assert.notEqual(keys.check, other.check);
  await assert.rejects(open(other, doc), (error) => error.code === "wrong_key" && /recovery phrase is not the one/.test(error.message));
  const bytes = Buffer.from(doc.ct, "base64");
  bytes[10] ^= 1;
  await assert.rejects(open(keys, { ...doc, ct: bytes.toString("base64") }), { code: "wrong_key" });
  const elsewhere = await documentId(keys, "memory", "mem_other");
  await assert.rejects(open(keys, { ...doc, _id: elsewhere }), { code: "wrong_key" }); // the id is bound in as associated data
  await assert.rejects(open(keys, { _id: doc._id, v: 99 }), { code: "bad_document" });
});

test("only a holder of the key can sign a forget", async () => {
  const keys = await deriveKeys(newAccountKey());
  const other = await deriveKeys(newAccountKey());
  const id = await documentId(keys, "memory", RECORD.id);
  const signature = await signForget(keys, id);
  assert.ok(await forgetIsSigned(keys, id, signature));
  assert.ok(!(await forgetIsSigned(keys, await documentId(keys, "memory", "mem_other"), signature)));
  assert.ok(!(await forgetIsSigned(other, id, signature)));
  assert.ok(!(await forgetIsSigned(keys, id, "not base64 at all!")));
});

test("the site server's account id and password come from the key, the same on every device, and reveal it not", async () => {
  const key = newAccountKey();
  const first = await serverAccount(key);
  assert.deepEqual(await serverAccount(Uint8Array.from(key)), first); // a second device with the phrase gets the same
  assert.match(first.account, /^[0-9a-f]{32}$/); // the forms web/functions/api/couch.mjs accepts
  assert.match(first.secret, /^[A-Za-z0-9_-]{43}$/);
  const other = await serverAccount(newAccountKey());
  assert.notEqual(other.account, first.account);
  assert.notEqual(other.secret, first.secret);
  const keyHex = Buffer.from(key).toString("hex");
  assert.ok(!keyHex.includes(first.account) && !first.secret.includes(base64(key).slice(0, 12)));
  const keys = await deriveKeys(key);
  assert.notEqual(keys.check, first.account.slice(0, 32)); // not the key check a server copy keeps either
});
