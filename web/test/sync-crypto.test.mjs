// Sync's end-to-end encryption (web/js/sync-crypto.mjs) in node's WebCrypto: recovery phrases, keys, sealed
// documents that carry no readable content, and clear errors for a wrong or mistyped phrase and altered copies.
import assert from "node:assert/strict";
import { test } from "node:test";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { deflateSync, inflateSync } from "fflate";
import { base64, deriveKeys, documentId, forgetIsSigned, keyFromPhrase, newAccountKey, open, phraseFromKey, seal, serverAccount, signForget, unbase64 } from "../js/sync-crypto.mjs";

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

test("a document sealed with fflate's deflate opens with the platform's streams, and the other way round", async () => {
  const account = newAccountKey();
  const streams = await deriveKeys(account);
  const sized = (b, size) => inflateSync(b, size === undefined ? undefined : { out: new Uint8Array(size) });
  const fflate = await deriveKeys(account, { codec: { deflate: (b) => deflateSync(b), inflate: sized } });
  const big = { ...RECORD, text: `${RECORD.text} ${"and more words ".repeat(400)}` }; // several deflate blocks
  for (const record of [RECORD, big]) {
    assert.deepEqual((await open(streams, await seal(fflate, "memory", record.id, record))).record, record);
    assert.deepEqual((await open(fflate, await seal(streams, "memory", record.id, record))).record, record);
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
